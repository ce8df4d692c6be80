import { describe, expect, it } from 'vitest';
import { createEntry, createTournamentEntry, type MyGamesEntry } from '../../src/domain/my-games-rules';
import { decodeLocal, encodeLocal, LOCAL_KEYS } from '../../src/follow/local-codec';
import type { FollowState } from '../../src/follow/state';

const TZ = 'Asia/Almaty';
const NOW_MS = Date.UTC(2026, 8, 1, 6);
const AD = Date.UTC(2026, 8, 1, 12) / 1000;
const opts = { timeZone: TZ };
const game = (labelId: string, extra: Partial<MyGamesEntry> = {}): MyGamesEntry => ({
  ...createEntry({ sportId: 1, labelId, AD, AB: 1, mgGroup: '0' }, NOW_MS, opts),
  ...extra,
});

describe('local storage form', () => {
  it('S3-56 S3-57 each key holds the JSON text of its entries, in order, and a replaced entry is written anew', () => {
    const tournament = createTournamentEntry({ sportId: 34, labelId: '34_GRANDPRIX', AD, AB: 1 }, false, NOW_MS, opts);
    const state: FollowState = {
      games: {
        g_1_BBBBBBBB: game('1_LEAGUEAA'),
        '34_GRANDPRIX': tournament,
        g_1_AAAAAAAA: game('1_LEAGUEAA', { mgGroup: 'work,"quoted"' }),
        g_1_CCCCCCCC: game(''),
      },
      teams: {},
    };
    const first = encodeLocal(state, '1.1');
    const { '34_GRANDPRIX': _t, ...games } = state.games;
    expect(first[LOCAL_KEYS.games]).toBe(JSON.stringify(games));
    expect(first[LOCAL_KEYS.noDuel]).toBe(JSON.stringify({ '34_GRANDPRIX': tournament }));
    expect(first[LOCAL_KEYS.labels]).toBe(JSON.stringify({ '1_LEAGUEAA': ['g_1_BBBBBBBB', 'g_1_AAAAAAAA'] }));

    const confirmed = { ...tournament, m_ok: 1 as const };
    const next = { ...state, games: { ...state.games, '34_GRANDPRIX': confirmed } };
    const second = encodeLocal(next, '2.1');
    expect(second[LOCAL_KEYS.games]).toBe(first[LOCAL_KEYS.games]);
    expect(second[LOCAL_KEYS.noDuel]).toBe(JSON.stringify({ '34_GRANDPRIX': confirmed }));
    const decoded = decodeLocal(second, 2);
    expect(decoded.kind === 'loaded' && decoded.state.games).toEqual(next.games);
  });

  it('S3-56 S5-3 a stored copy keeps its entries in order; malformed entries and keys that are not game keys are skipped', () => {
    const a = game('1_LEAGUEAA');
    const tournament = createTournamentEntry({ sportId: 34, labelId: '34_GRANDPRIX', AD, AB: 1 }, true, NOW_MS, opts);
    const raw = {
      [LOCAL_KEYS.games]: JSON.stringify({
        g_1_BBBBBBBB: a,
        '34_GRANDPRIX': a,
        g_1_BADENTRY: { ...a, AD: 'soon' },
        ['__proto__']: a,
        '7': a,
        g_1_AAAAAAAA: { ...a, extra: 1 },
      }),
      [LOCAL_KEYS.noDuel]: JSON.stringify({ '34_GRANDPRIX': tournament }),
      [LOCAL_KEYS.labels]: '{}',
      [LOCAL_KEYS.teams]: null,
      [LOCAL_KEYS.timestamp]: `${NOW_MS}.1`,
    } as Parameters<typeof decodeLocal>[0];
    const decoded = decodeLocal(raw, NOW_MS);
    if (decoded.kind !== 'loaded') throw new Error(decoded.kind);
    expect(Object.keys(decoded.state.games)).toEqual(['g_1_BBBBBBBB', 'g_1_AAAAAAAA', '34_GRANDPRIX']);
    expect(decoded.state.games.g_1_AAAAAAAA).toEqual(a);
    expect(decoded.state.games['34_GRANDPRIX']).toEqual(tournament);
    expect(Object.getPrototypeOf(decoded.state.games)).toBe(Object.prototype);
  });
});
