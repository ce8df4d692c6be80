// The key table of the feeds other than list rows (keys.ts holds the list rows' ZA and AA keys): control
// records, the system feed and each detail feed's keys (protocol.md §3.1, §4; docs/protocol.md §0). Keys
// marked ours are not seen in real feeds; docs/protocol-server.md records them.
import type { FeedBodyKind } from './feed-body-kind';

/** Records any feed may hold: sport, moved events, repair block, refresh time, signature. */
export const CONTROL_KEYS: readonly string[] = ['SA', 'QA', 'QB', 'QC', 'ST', 'A2', 'A1'];

export const DETAIL_KEYS: Readonly<Partial<Record<FeedBodyKind, readonly string[]>>> = {
  sys: ['mlp', 'sst', 'stu', 'utime'], // S7-22
  core: [
    ...['DA', 'DZ', 'DB', 'DD', 'AW', 'DC', 'DS', 'DE', 'DF', 'DG', 'DH', 'DI', 'DK', 'DL', 'DM', 'DX', 'DEI'],
    ...['DV', 'DT', 'DJ', 'AZ', 'QQ', 'QJ', 'QX', 'SC', 'SB', 'SD'],
    ...['AE', 'AF', 'WM', 'WN', 'PX', 'PY'], // ours: the participants, as in list rows
  ],
  hashes: ['CA', 'CD', 'CE', 'CF'],
  summary: [
    ...['AC', 'IG', 'IH', 'III', 'IA', 'IB', 'ID', 'IE', 'INX', 'IOX', 'IF', 'IU', 'ICT', 'IK', 'IM', 'IJ', 'IL'],
    ...['MIT', 'MIV'],
  ],
  statistics: ['SE', 'SF', 'SD', 'SG', 'SH', 'SI'],
  'head-to-head': [
    ...['KA', 'IS', 'KB', 'KC', 'KP', 'KF', 'AC', 'KG', 'KH', 'KI', 'UQ', 'UO', 'KJ', 'UE', 'FH', 'FJ', 'KK'],
    ...['UG', 'FK', 'FL', 'KL', 'KU', 'KT', 'EC', 'ED', 'KM', 'KX', 'KY', 'RPA', 'RPB', 'WIS', 'KS', 'BY'],
  ],
  lineups: ['LA', 'LN', 'LB', 'LK', 'LP', 'LJ', 'LO'], // ours
  odds: [
    ...['OA', 'OAU', 'OAI', 'OB', 'OBU', 'OCT', 'OC', 'LY', 'LZ', 'OE', 'OD', 'OPI', 'XA', 'XB', 'XC', 'OG'],
    ...['MI', 'MJ', 'MK', 'ML', 'MM'], // df_dos_
  ],
  'match-history': ['HA', 'HL', 'SF', 'SG', 'SH', 'SI'],
  'current-game': ['TS', 'TE', 'PT', 'PV'],
  ranking: ['TS', 'TE', 'PT', 'PV'],
};
