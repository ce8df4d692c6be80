// The site's 'push' child: one push connection for the whole page, started when the runtime gives a push
// gateway, its socket provided like any other effect, its back-off run by the site's clock.
import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import { pushChannelOf } from '../../machines/push-client';
import type { PushSocketCommand, PushSocketInput, PushSocketReport } from '../../machines/push-connection';
import { sitePush } from '../../machines/site';
import type { PushMessage } from '../../src/protocol/feed-source';
import { startTestSite } from './support/test-site';

/** A socket the test drives: each connection attempt is recorded with the means to answer it. */
function fakeSockets() {
  const attempts: { url: string; sent: string[]; report: (event: PushSocketReport) => void }[] = [];
  const logic = fromCallback<PushSocketCommand, PushSocketInput>(({ input, sendBack, receive }) => {
    const attempt = { url: input.url, sent: [] as string[], report: sendBack };
    attempts.push(attempt);
    receive((command) => attempt.sent.push(command.data));
  });
  return { attempts, logic };
}

describe('the site root: push', () => {
  it('has no push child without a push gateway', () => {
    const { site } = startTestSite();
    expect(sitePush(site)).toBeNull();
  });

  it('S7-23: one connection carries every subscriber, each hears only its subjects', () => {
    const sockets = fakeSockets();
    const { site } = startTestSite({
      input: { push: { url: 'ws://kz.example.test/push' } },
      effects: { pushSocket: sockets.logic },
    });
    const connection = sitePush(site);
    if (!connection) throw new Error('no push child');
    const channel = pushChannelOf(connection);
    const list: PushMessage[] = [];
    const match: PushMessage[] = [];
    channel.subscribe(['u_1_1'], (message) => list.push(message));
    channel.subscribe(['games_kk_AbCd1234'], (message) => match.push(message));
    expect(sockets.attempts).toHaveLength(1);
    expect(sockets.attempts[0].url).toBe('ws://kz.example.test/push');
    sockets.attempts[0].report({ type: 'socket.open' });
    expect(JSON.parse(sockets.attempts[0].sent[0]).subscribe.sort()).toEqual(['games_kk_AbCd1234', 'u_1_1']);
    sockets.attempts[0].report({ type: 'socket.frame', data: JSON.stringify({ subject: 'u_1_1', body: 'x' }) });
    expect(list.map((m) => m.subject)).toEqual(['u_1_1']);
    expect(match).toEqual([]);
  });

  it('S8-3: a dropped socket reconnects after 1 s, then 2 s, on the site clock, and subscribes again', () => {
    const sockets = fakeSockets();
    const { site, clock } = startTestSite({
      input: { push: { url: 'ws://kz.example.test/push', subjects: ['u_1_1'] } },
      effects: { pushSocket: sockets.logic },
    });
    expect(sitePush(site)).not.toBeNull();
    sockets.attempts[0].report({ type: 'socket.down' });
    clock.increment(999);
    expect(sockets.attempts).toHaveLength(1);
    clock.increment(1);
    expect(sockets.attempts).toHaveLength(2);
    sockets.attempts[1].report({ type: 'socket.down' });
    clock.increment(1999);
    expect(sockets.attempts).toHaveLength(2);
    clock.increment(1);
    expect(sockets.attempts).toHaveLength(3);
    sockets.attempts[2].report({ type: 'socket.open' });
    expect(JSON.parse(sockets.attempts[2].sent[0])).toEqual({ subscribe: ['u_1_1'] });
  });
});
