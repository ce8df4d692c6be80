// The account's side of the personal push (S7-23 lsid_<profile>_<namespace>, A7-23): a subject is an
// account's only with a live session of that account (A6-1), and what it carries follows the account's
// synced My Games (S3-58), read again whenever the data changes (A7-11).
import type { FastifyInstance } from 'fastify';
import { EDITION } from '../../src/domain/edition';
import { parsePushSubject } from '../../src/protocol/push-subjects';
import { createPersonalPush, followedKeysOf } from '../push/personal-push';
import { readUserData } from './service/data';
import type { AccountService } from './service/service';
import { authenticate } from './service/sessions';

/** The servers' event telling that an account's data changed; its body is the account's id. */
export const ACCOUNT_DATA_CHANGED = 'account.data-changed';

/** Gives the server's push gateway its personal subjects; nothing when the server has no gateway. */
export function attachPersonalPush(app: FastifyInstance, service: AccountService): void {
  if (!app.hasDecorator('pushGateway') || !app.hasDecorator('feedSource')) return;
  const gateway = app.pushGateway;
  if (!gateway) return;
  const { ctx } = service;
  const push = createPersonalPush({
    source: app.feedSource,
    broker: app.pushBroker,
    now: ctx.now,
    async authorize(subject, credentials) {
      const parsed = parsePushSubject(subject);
      if (parsed?.kind !== 'lsid') return false;
      const user = await authenticate(ctx, credentials.id, credentials.hash);
      // Never someone else's: the session's own account, in the subject's namespace.
      return user !== null && user.id === parsed.profileId && user.namespace === parsed.namespace;
    },
    async followedOf(profileId) {
      return followedKeysOf((await readUserData(ctx, profileId, EDITION.projectId)).data);
    },
    log: (message) => app.log.warn(message),
  });
  gateway.setPersonal(push);
  // Through the servers' events, so the edge that holds the account's push hears a change made on another.
  service.onDataChanged((userId) => app.serverEvents.publish(ACCOUNT_DATA_CHANGED, userId));
  const stopListening = app.serverEvents.subscribe(ACCOUNT_DATA_CHANGED, (userId) => push.refresh(userId));
  app.addHook('onClose', async () => {
    stopListening();
    gateway.setPersonal(null);
    push.close();
  });
}
