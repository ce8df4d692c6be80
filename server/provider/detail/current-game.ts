// Tennis current game df_mhs_<pt>_<id> (protocol.md §4.7): the provider's tag tree in one record. A group
// (`TS÷GR`, title `notab`) holds a table with the header «Ағымдағы гейм» and one row (`RWP`) of two score
// cells (`SC`), each naming its participant (`PT` 1 or 2) and its points (`VA`: 0/15/30/40/A, or the
// tie-break count); ours adds `SRV÷1` to the serving side's cell (what the list's WC says) and a text flag
// (`TXS`) `BB` for a break point and `SB` for a set point. Only a live tennis match has a current game; any
// other answers the empty body. The last SC pair is the score, as in the real feed.
import { type FeedPair, serializeRows } from '../../../src/protocol/codec';
import type { EventFieldName } from '../../../src/protocol/keys';
import type { MatchState } from '../../../sim/world/state';

const TENNIS = 2;
const POINTS = ['0', '15', '30', '40'];
export const CURRENT_GAME_LABEL = 'Ағымдағы гейм';

type Side = 1 | 2;

/** The set a stage is in (protocol.md §5.3): sets 17–21, their tie-breaks 47–51, sets 6–7 are 55–56. */
function setNumber(stage: number): number {
  if (stage >= 17 && stage <= 21) return stage - 16;
  if (stage >= 47 && stage <= 51) return stage - 46;
  if (stage === 55 || stage === 56) return stage - 49;
  return 1;
}

/** Whether `side` wins the game by winning the next point. */
function gamePoint(points: readonly [string, string], side: Side, tiebreak: boolean): boolean {
  const own = points[side - 1] ?? '0';
  const other = points[2 - side] ?? '0';
  if (tiebreak) return Number(own) + 1 >= 7 && Number(own) + 1 - Number(other) >= 2;
  return own === 'A' || (own === '40' && POINTS.indexOf(other) >= 0 && other !== '40');
}

function setWonWith(games: readonly [number, number], side: Side): boolean {
  const own = (games[side - 1] ?? 0) + 1;
  const other = games[2 - side] ?? 0;
  return (own >= 6 && own - other >= 2) || own === 7;
}

export function renderCurrentGame(match: MatchState): string {
  const f = match.fields;
  const live = match.sportId === TENNIS && f.stageType === 2;
  if (!live || f.homeGamePoints === undefined || f.awayGamePoints === undefined) return 'A1÷¬~';
  const set = setNumber(f.stage ?? 0);
  const part = (side: 'home' | 'away') => Number(f[`${side}Part${set}` as EventFieldName] ?? 0);
  const games: [number, number] = [part('home'), part('away')];
  const tiebreak = games[0] === 6 && games[1] === 6;
  const points: [string, string] = [f.homeGamePoints, f.awayGamePoints];
  const server = f.service === 2 ? 2 : 1;
  const receiver: Side = server === 1 ? 2 : 1;
  const flags: string[] = [];
  if (!tiebreak && gamePoint(points, receiver, false)) flags.push('BB');
  if (([1, 2] as const).some((side) => gamePoint(points, side, tiebreak) && setWonWith(games, side))) flags.push('SB');
  const cell = (side: Side): FeedPair[] => [
    ['TS', 'SC'],
    ['PT', 'PT'],
    ['PV', String(side)],
    ['PT', 'VA'],
    ['PV', points[side - 1]],
    ...(side === server
      ? ([
          ['PT', 'SRV'],
          ['PV', '1'],
        ] as FeedPair[])
      : []),
    ['TE', 'SC'],
  ];
  return serializeRows([
    [
      ['TS', 'GR'],
      ['PT', 'TI'],
      ['PV', 'notab'],
      ['TS', 'TA'],
      ['TS', 'HD'],
      ['PT', 'VA'],
      ['PV', CURRENT_GAME_LABEL],
      ['TE', 'HD'],
      ['TS', 'RWP'],
      ...cell(1),
      ...cell(2),
      ...flags.flatMap((flag): FeedPair[] => [
        ['TS', 'TXS'],
        ['PT', 'VA'],
        ['PV', flag],
        ['TE', 'TXS'],
      ]),
      ['TE', 'RWP'],
      ['TE', 'TA'],
      ['TE', 'GR'],
      ['A1', ''],
    ],
  ]);
}
