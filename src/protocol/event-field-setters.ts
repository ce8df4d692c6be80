// Named stores for every event field, one `case` each: a store with a literal property name is
// cached per site, while `record[name] = value` with ~140 different names is not (protocol
// docs, "list-feed mapping speed"). Keep in step with EVENT_FIELDS in keys.ts; a field missing
// here still works through the generic store, only slower (tests/protocol checks the list).
import type { EventFields } from './keys';

type Writable = { -readonly [K in keyof EventFields]: EventFields[K] };

/** The fields {@link setEventField} has a named store for, by case number. */
export const EVENT_SETTER_NAMES: readonly (keyof EventFields)[] = [
  'startTime',
  'eventStartTime',
  'stageType',
  'stageTypeFromStage',
  'stage',
  'home',
  'away',
  'sortParticipant',
  'homeFirstName',
  'awayFirstName',
  'homeShort',
  'awayShort',
  'homeSlug',
  'awaySlug',
  'homeParticipantId',
  'awayParticipantId',
  'homeEventParticipantId',
  'awayEventParticipantId',
  'homeImage',
  'awayImage',
  'homeScore',
  'awayScore',
  'homeFullTime',
  'awayFullTime',
  'homeAfterExtraTime',
  'awayAfterExtraTime',
  'homePenalties',
  'awayPenalties',
  'homePart1',
  'awayPart1',
  'homePart2',
  'awayPart2',
  'homePart3',
  'awayPart3',
  'homePart4',
  'awayPart4',
  'homePart5',
  'awayPart5',
  'homePart6',
  'awayPart6',
  'homePart7',
  'awayPart7',
  'homePart8',
  'awayPart8',
  'homePart9',
  'awayPart9',
  'homePart10',
  'awayPart10',
  'homePart11',
  'awayPart11',
  'homeTiebreak1',
  'awayTiebreak1',
  'homeTiebreak2',
  'awayTiebreak2',
  'homeTiebreak3',
  'awayTiebreak3',
  'homeTiebreak4',
  'awayTiebreak4',
  'homeTiebreak5',
  'awayTiebreak5',
  'winner',
  'fullTimeWinner',
  'homeAdvanced',
  'awayAdvanced',
  'live',
  'homeRedCards',
  'awayRedCards',
  'broadcast',
  'infoNotice',
  'hasLiveBetting',
  'periodStartTime',
  'endTime',
  'periodUpdateTime',
  'hasLiveCentre',
  'hasLineups',
  'hasOdds',
  'sourceType',
  'gameTime',
  'round',
  'homeGoalUnderReview',
  'awayGoalUnderReview',
  'liveBookmakers',
  'homeCountryId',
  'awayCountryId',
  'homeCountryName',
  'awayCountryName',
  'homeGamePoints',
  'awayGamePoints',
  'service',
  'playingOnSets',
  'homeWickets',
  'awayWickets',
  'homeOvers',
  'awayOvers',
  'homeLegs',
  'awayLegs',
  'outs',
  'odds1',
  'oddsX',
  'odds2',
  'prevOdds1',
  'prevOddsX',
  'prevOdds2',
  'rank',
  'gap',
  'resultTime',
  'laps',
  'distance',
  'points',
  'holesPlayed',
  'parScore',
  'jump1',
  'jump2',
  'penaltyLaps',
  'missedShots',
  'participantStatus',
  'stopReason',
];

/** Writes one field by its case number in {@link EVENT_SETTER_NAMES}. */
export function setEventField(record: Writable, setter: number, value: unknown): void {
  switch (setter) {
    case 0:
      record.startTime = value as number;
      break;
    case 1:
      record.eventStartTime = value as number;
      break;
    case 2:
      record.stageType = value as number;
      break;
    case 3:
      record.stageTypeFromStage = value as number;
      break;
    case 4:
      record.stage = value as number;
      break;
    case 5:
      record.home = value as string;
      break;
    case 6:
      record.away = value as string;
      break;
    case 7:
      record.sortParticipant = value as string;
      break;
    case 8:
      record.homeFirstName = value as string;
      break;
    case 9:
      record.awayFirstName = value as string;
      break;
    case 10:
      record.homeShort = value as string;
      break;
    case 11:
      record.awayShort = value as string;
      break;
    case 12:
      record.homeSlug = value as string;
      break;
    case 13:
      record.awaySlug = value as string;
      break;
    case 14:
      record.homeParticipantId = value as string;
      break;
    case 15:
      record.awayParticipantId = value as string;
      break;
    case 16:
      record.homeEventParticipantId = value as string;
      break;
    case 17:
      record.awayEventParticipantId = value as string;
      break;
    case 18:
      record.homeImage = value as string;
      break;
    case 19:
      record.awayImage = value as string;
      break;
    case 20:
      record.homeScore = value as number;
      break;
    case 21:
      record.awayScore = value as number;
      break;
    case 22:
      record.homeFullTime = value as number;
      break;
    case 23:
      record.awayFullTime = value as number;
      break;
    case 24:
      record.homeAfterExtraTime = value as number;
      break;
    case 25:
      record.awayAfterExtraTime = value as number;
      break;
    case 26:
      record.homePenalties = value as number;
      break;
    case 27:
      record.awayPenalties = value as number;
      break;
    case 28:
      record.homePart1 = value as number;
      break;
    case 29:
      record.awayPart1 = value as number;
      break;
    case 30:
      record.homePart2 = value as number;
      break;
    case 31:
      record.awayPart2 = value as number;
      break;
    case 32:
      record.homePart3 = value as number;
      break;
    case 33:
      record.awayPart3 = value as number;
      break;
    case 34:
      record.homePart4 = value as number;
      break;
    case 35:
      record.awayPart4 = value as number;
      break;
    case 36:
      record.homePart5 = value as number;
      break;
    case 37:
      record.awayPart5 = value as number;
      break;
    case 38:
      record.homePart6 = value as number;
      break;
    case 39:
      record.awayPart6 = value as number;
      break;
    case 40:
      record.homePart7 = value as number;
      break;
    case 41:
      record.awayPart7 = value as number;
      break;
    case 42:
      record.homePart8 = value as number;
      break;
    case 43:
      record.awayPart8 = value as number;
      break;
    case 44:
      record.homePart9 = value as number;
      break;
    case 45:
      record.awayPart9 = value as number;
      break;
    case 46:
      record.homePart10 = value as number;
      break;
    case 47:
      record.awayPart10 = value as number;
      break;
    case 48:
      record.homePart11 = value as number;
      break;
    case 49:
      record.awayPart11 = value as number;
      break;
    case 50:
      record.homeTiebreak1 = value as number;
      break;
    case 51:
      record.awayTiebreak1 = value as number;
      break;
    case 52:
      record.homeTiebreak2 = value as number;
      break;
    case 53:
      record.awayTiebreak2 = value as number;
      break;
    case 54:
      record.homeTiebreak3 = value as number;
      break;
    case 55:
      record.awayTiebreak3 = value as number;
      break;
    case 56:
      record.homeTiebreak4 = value as number;
      break;
    case 57:
      record.awayTiebreak4 = value as number;
      break;
    case 58:
      record.homeTiebreak5 = value as number;
      break;
    case 59:
      record.awayTiebreak5 = value as number;
      break;
    case 60:
      record.winner = value as number;
      break;
    case 61:
      record.fullTimeWinner = value as number;
      break;
    case 62:
      record.homeAdvanced = value as number;
      break;
    case 63:
      record.awayAdvanced = value as number;
      break;
    case 64:
      record.live = value as string;
      break;
    case 65:
      record.homeRedCards = value as number;
      break;
    case 66:
      record.awayRedCards = value as number;
      break;
    case 67:
      record.broadcast = value as string;
      break;
    case 68:
      record.infoNotice = value as string;
      break;
    case 69:
      record.hasLiveBetting = value as string;
      break;
    case 70:
      record.periodStartTime = value as number;
      break;
    case 71:
      record.endTime = value as number;
      break;
    case 72:
      record.periodUpdateTime = value as number;
      break;
    case 73:
      record.hasLiveCentre = value as number;
      break;
    case 74:
      record.hasLineups = value as number;
      break;
    case 75:
      record.hasOdds = value as number;
      break;
    case 76:
      record.sourceType = value as number;
      break;
    case 77:
      record.gameTime = value as number;
      break;
    case 78:
      record.round = value as string;
      break;
    case 79:
      record.homeGoalUnderReview = value as number;
      break;
    case 80:
      record.awayGoalUnderReview = value as number;
      break;
    case 81:
      record.liveBookmakers = value as string;
      break;
    case 82:
      record.homeCountryId = value as number;
      break;
    case 83:
      record.awayCountryId = value as number;
      break;
    case 84:
      record.homeCountryName = value as string;
      break;
    case 85:
      record.awayCountryName = value as string;
      break;
    case 86:
      record.homeGamePoints = value as string;
      break;
    case 87:
      record.awayGamePoints = value as string;
      break;
    case 88:
      record.service = value as number;
      break;
    case 89:
      record.playingOnSets = value as string;
      break;
    case 90:
      record.homeWickets = value as number;
      break;
    case 91:
      record.awayWickets = value as number;
      break;
    case 92:
      record.homeOvers = value as string;
      break;
    case 93:
      record.awayOvers = value as string;
      break;
    case 94:
      record.homeLegs = value as number;
      break;
    case 95:
      record.awayLegs = value as number;
      break;
    case 96:
      record.outs = value as number;
      break;
    case 97:
      record.odds1 = value as number;
      break;
    case 98:
      record.oddsX = value as number;
      break;
    case 99:
      record.odds2 = value as number;
      break;
    case 100:
      record.prevOdds1 = value as number;
      break;
    case 101:
      record.prevOddsX = value as number;
      break;
    case 102:
      record.prevOdds2 = value as number;
      break;
    case 103:
      record.rank = value as number;
      break;
    case 104:
      record.gap = value as string;
      break;
    case 105:
      record.resultTime = value as string;
      break;
    case 106:
      record.laps = value as number;
      break;
    case 107:
      record.distance = value as number;
      break;
    case 108:
      record.points = value as number;
      break;
    case 109:
      record.holesPlayed = value as number;
      break;
    case 110:
      record.parScore = value as number;
      break;
    case 111:
      record.jump1 = value as string;
      break;
    case 112:
      record.jump2 = value as string;
      break;
    case 113:
      record.penaltyLaps = value as number;
      break;
    case 114:
      record.missedShots = value as number;
      break;
    case 115:
      record.participantStatus = value as number;
      break;
    case 116:
      record.stopReason = value as string;
      break;
  }
}
