import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { leagueJumpMachine } from '../../machines/league-jump';
import { leagueFromSearch, searchWithLeague } from '../../web/ui/list/league-param';

const started = () => createActor(leagueJumpMachine).start();

describe('league jump machine', () => {
  it('S2-31 a request waits for the list to scroll, then to focus, answering only for its own league', () => {
    const jump = started();
    expect(jump.getSnapshot().value).toBe('idle');
    jump.send({ type: 'league.show', leagueId: 'a' });
    expect(jump.getSnapshot().value).toBe('scrolling');
    jump.send({ type: 'list.scrolled', leagueId: 'b' });
    expect(jump.getSnapshot().value).toBe('scrolling');
    jump.send({ type: 'list.focused', leagueId: 'a' });
    expect(jump.getSnapshot().value).toBe('scrolling');
    jump.send({ type: 'list.scrolled', leagueId: 'a' });
    expect(jump.getSnapshot().value).toBe('focusing');
    jump.send({ type: 'list.focused', leagueId: 'a' });
    expect(jump.getSnapshot().value).toBe('idle');
    expect(jump.getSnapshot().context.leagueId).toBe('a');
  });

  it('S2-31 a new request replaces a pending one; the same league again starts over; cancel forgets it', () => {
    const jump = started();
    jump.send({ type: 'league.show', leagueId: 'a' });
    jump.send({ type: 'list.scrolled', leagueId: 'a' });
    jump.send({ type: 'league.show', leagueId: 'b' });
    expect(jump.getSnapshot().value).toBe('scrolling');
    expect(jump.getSnapshot().context.leagueId).toBe('b');
    jump.send({ type: 'list.scrolled', leagueId: 'b' });
    jump.send({ type: 'league.show', leagueId: 'b' });
    expect(jump.getSnapshot().value).toBe('scrolling');
    jump.send({ type: 'league.cancel' });
    expect(jump.getSnapshot().value).toBe('idle');
    expect(jump.getSnapshot().context.leagueId).toBeNull();
  });

  it('S2-31 S2-27 league= is read only when shaped like a league id and written beside cat=', () => {
    expect(leagueFromSearch(new URLSearchParams('cat=7&league=1_AbCd12xy'))).toBe('1_AbCd12xy');
    expect(leagueFromSearch(new URLSearchParams('league='))).toBeNull();
    expect(leagueFromSearch(new URLSearchParams(`league=${encodeURIComponent('<script>')}`))).toBeNull();
    expect(leagueFromSearch(new URLSearchParams('cat=7'))).toBeNull();
    const next = new URLSearchParams(searchWithLeague('?cat=7&league=old', '1_new'));
    expect(next.get('cat')).toBe('7');
    expect(next.getAll('league')).toEqual(['1_new']);
  });
});
