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
});
