// World state as a pure fold of the fact log (DESIGN.md). A fold never mutates a state it was
// given: a batch copies the maps once, replaces the matches it touches, and only mutates objects
// it created itself in that batch, so folding a day of facts stays linear.
import type { EventFieldName, EventFields } from '../src/protocol/keys';
import type { Fact, OddsQuote } from './facts';
import type { BookmakerOdds, LeagueState, MatchState, WorldState } from './world/state';
import { LayeredMap } from './world/layered-map';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type FieldBag = Record<string, string | number | undefined>;
type VersionBag = Partial<Record<EventFieldName, number>>;

/**
 * Rows gain and lose keys in any order; switching their objects to hash-table mode up front
 * keeps per-key writes cheap instead of building a hidden-class transition per key order.
 */
function hashed<T extends object>(o: T): T {
  (o as Record<string, unknown>).__hash = 0;
  delete (o as Record<string, unknown>).__hash;
  return o;
}

export function emptyWorld(): WorldState {
  return { version: 0, time: 0, leagues: new Map(), matches: new Map(), moved: new Map() };
}

/** Applies one fact; returns a new state and leaves `state` untouched. */
export function applyFact(state: WorldState, fact: Fact): WorldState {
  const builder = new WorldBuilder(state);
  builder.apply(fact);
  return builder.finish();
}

/** Folds facts onto `from` (default: the empty world). */
export function foldFacts(facts: Iterable<Fact>, from: WorldState = emptyWorld()): WorldState {
  const builder = new WorldBuilder(from);
  for (const fact of facts) builder.apply(fact);
  return builder.finish();
}

/** Batched folding: copy-on-first-write maps and matches owned by the batch. */
export class WorldBuilder {
  private version: number;
  private time: number;
  private leagues: Map<string, LeagueState> | null = null;
  private matches: LayeredMap<string, MatchState> | null = null;
  private moved: Map<string, number> | null = null;
  /** Matches whose objects were created in this batch and may be mutated in place. */
  private readonly owned = new Set<string>();
  private readonly base: WorldState;

  constructor(base: WorldState) {
    this.base = base;
    this.version = base.version;
    this.time = base.time;
  }

  finish(): WorldState {
    return {
      version: this.version,
      time: this.time,
      leagues: this.leagues ?? this.base.leagues,
      matches: this.matches?.freeze() ?? this.base.matches,
      moved: this.moved ?? this.base.moved,
    };
  }

  private leagueMap(): Map<string, LeagueState> {
    if (!this.leagues) this.leagues = new Map(this.base.leagues);
    return this.leagues;
  }

  // Copied as a layer over the previous batch's map: a batch touches few of the day's matches.
  private matchMap(): LayeredMap<string, MatchState> {
    // A finished (peeked) map stays as it was: later writes go to a new draft.
    if (!this.matches || this.matches.isFrozen) this.matches = LayeredMap.draft(this.matches ?? this.base.matches);
    return this.matches;
  }

  private movedMap(): Map<string, number> {
    if (!this.moved) this.moved = new Map(this.base.moved);
    return this.moved;
  }

  /** The match, copied on first write in this batch; undefined for unknown ids (ignored). */
  private writable(id: string): Mutable<MatchState> | undefined {
    const map = this.matches ?? this.base.matches;
    const current = map.get(id);
    if (!current) return undefined;
    if (this.owned.has(id)) return current as Mutable<MatchState>;
    const copy: Mutable<MatchState> = {
      ...current,
      fields: hashed({ ...current.fields }),
      fieldVersions: hashed({ ...current.fieldVersions }),
    };
    this.matchMap().set(id, copy);
    this.owned.add(id);
    return copy;
  }

  /** Sets one field; bumps its version only when the value really changes. */
  private setField(match: Mutable<MatchState>, name: EventFieldName, value: string | number | undefined, v: number) {
    const fields = match.fields as FieldBag;
    if (fields[name] === value) return;
    if (value === undefined) delete fields[name];
    else fields[name] = value;
    (match.fieldVersions as VersionBag)[name] = v;
    match.version = v;
  }

  private setFields(match: Mutable<MatchState>, patch: EventFields, v: number) {
    for (const key in patch) {
      this.setField(match, key as EventFieldName, (patch as FieldBag)[key], v);
    }
  }

  apply(fact: Fact): void {
    if (!(fact.seq > this.version)) {
      // An older or repeated fact never overwrites newer state (DESIGN.md: no flapping).
      return;
    }
    const v = fact.seq;
    this.version = v;
    if (fact.time > this.time) this.time = fact.time;
    switch (fact.type) {
      case 'LeagueCreated':
        this.leagueMap().set(fact.league.id, fact.league);
        return;
      case 'MatchScheduled': {
        const { id, sportId, leagueId, fields } = fact.match;
        // Scheduled rows stay compact (most are never written again before their day); the first
        // write switches the copy to hash-table mode (see `writable`).
        const fieldVersions: VersionBag = {};
        for (const key in fields) fieldVersions[key as EventFieldName] = v;
        const match: MatchState = {
          id,
          sportId,
          leagueId,
          fields: { ...fields },
          fieldVersions,
          version: v,
          incidents: [],
          stats: [],
          lineups: { home: [], away: [] },
          odds: [],
          detailVersion: v,
        };
        this.matchMap().set(id, match);
        return;
      }
      case 'MatchesArchived': {
        const matches = this.matchMap();
        const moved = this.movedMap();
        for (const id of fact.matchIds) {
          matches.delete(id);
          moved.delete(id);
          this.owned.delete(id);
        }
        const leagues = this.leagueMap();
        for (const id of fact.leagueIds) leagues.delete(id);
        return;
      }
      case 'RaceStageChanged': {
        const league = (this.leagues ?? this.base.leagues).get(fact.leagueId);
        if (league) {
          this.leagueMap().set(fact.leagueId, {
            ...league,
            raceStageTypes: String(fact.stageType),
            raceStages: String(fact.stage),
          });
        }
        for (const id of fact.matchIds) {
          const match = this.writable(id);
          if (!match) continue;
          this.setStage(match, fact.stageType, fact.stage, v);
          if (fact.periodStartTime !== undefined) this.setField(match, 'periodStartTime', fact.periodStartTime, v);
          if (fact.stageType === 3) this.setField(match, 'endTime', Math.floor(fact.time / 1000), v);
        }
        return;
      }
      case 'RaceStandingsChanged':
        for (const row of fact.rows) {
          const match = this.writable(row.matchId);
          if (match) this.setFields(match, row.fields, v);
        }
        return;
      default:
        this.applyToMatch(fact, v);
    }
  }

  private setStage(match: Mutable<MatchState>, stageType: 1 | 2 | 3, stage: number, v: number) {
    this.setField(match, 'stageType', stageType, v);
    this.setField(match, 'stageTypeFromStage', stageType, v);
    this.setField(match, 'stage', stage, v);
    this.setField(match, 'live', stageType === 2 ? 'y' : undefined, v);
  }

  private applyToMatch(fact: Fact, v: number): void {
    if (!('matchId' in fact)) return;
    const match = this.writable(fact.matchId);
    if (!match) return; // facts about unknown matches are ignored, never thrown
    switch (fact.type) {
      case 'StartTimeMoved':
        this.setField(match, 'startTime', fact.startTime, v);
        this.setField(match, 'eventStartTime', fact.startTime, v);
        this.movedMap().set(match.id, v);
        return;
      case 'LineupsAnnounced':
        match.lineups = { home: fact.home, away: fact.away };
        this.setField(match, 'hasLineups', 1, v);
        match.detailVersion = v;
        return;
      case 'MatchStarted':
        this.setStage(match, 2, fact.stage, v);
        this.setField(match, 'periodStartTime', fact.periodStartTime, v);
        this.setField(match, 'gameTime', fact.gameTime, v);
        this.setFields(match, fact.score, v);
        return;
      case 'StageChanged':
        this.setStage(match, 2, fact.stage, v);
        if (fact.periodStartTime !== undefined) this.setField(match, 'periodStartTime', fact.periodStartTime, v);
        if (fact.gameTime !== undefined) this.setField(match, 'gameTime', fact.gameTime, v);
        return;
      case 'GameTimeChanged':
        this.setField(match, 'gameTime', fact.gameTime, v);
        return;
      case 'ScoreChanged':
        this.setFields(match, fact.score, v);
        return;
      case 'ServiceChanged':
        this.setField(match, 'service', fact.service === 0 ? undefined : fact.service, v);
        return;
      case 'GoalUnderReview':
        this.setField(
          match,
          fact.side === 1 ? 'homeGoalUnderReview' : 'awayGoalUnderReview',
          fact.underReview ? 1 : 0,
          v,
        );
        return;
      case 'IncidentAdded':
        match.incidents = [...match.incidents, fact.incident];
        match.detailVersion = v;
        return;
      case 'IncidentCancelled':
        match.incidents = match.incidents.map((i) => (i.id === fact.incidentId ? { ...i, cancelled: true } : i));
        match.detailVersion = v;
        return;
      case 'RedCard':
        this.setField(match, 'homeRedCards', fact.home || undefined, v);
        this.setField(match, 'awayRedCards', fact.away || undefined, v);
        return;
      case 'StatsChanged':
        match.stats = fact.stats;
        match.detailVersion = v;
        return;
      case 'OddsMoved':
        this.applyOdds(match, fact.odds, v);
        return;
      case 'MatchFinished':
        this.setStage(match, 3, fact.stage, v);
        this.setField(match, 'endTime', fact.endTime, v);
        this.setField(match, 'gameTime', -1, v);
        this.setField(match, 'service', undefined, v);
        this.setField(match, 'homeGamePoints', undefined, v);
        this.setField(match, 'awayGamePoints', undefined, v);
        if (fact.winner !== undefined) this.setField(match, 'winner', fact.winner, v);
        if (fact.fullTimeWinner !== undefined) this.setField(match, 'fullTimeWinner', fact.fullTimeWinner, v);
        if (fact.advanced !== undefined) {
          this.setField(match, 'homeAdvanced', fact.advanced === 1 ? 1 : 0, v);
          this.setField(match, 'awayAdvanced', fact.advanced === 2 ? 1 : 0, v);
        }
        if (fact.infoNotice !== undefined) this.setField(match, 'infoNotice', fact.infoNotice, v);
        this.closeOdds(match, v);
        return;
      case 'MatchCalledOff':
        this.setStage(match, 3, fact.stage, v);
        this.setField(match, 'gameTime', -1, v);
        if (fact.infoNotice !== undefined) this.setField(match, 'infoNotice', fact.infoNotice, v);
        this.closeOdds(match, v);
        return;
    }
  }

  /** Keeps each bookmaker's opening price from its first quote; list fields follow the first bookmaker. */
  private applyOdds(match: Mutable<MatchState>, quotes: readonly OddsQuote[], v: number) {
    const previous = new Map(match.odds.map((o) => [o.bookmakerId, o]));
    const next: BookmakerOdds[] = quotes.map((q) => {
      const current = q.current.map((x) => (x === null ? undefined : x));
      const before = previous.get(q.bookmakerId);
      return {
        bookmakerId: q.bookmakerId,
        bookmakerName: q.bookmakerName,
        opening: before ? before.opening : current,
        current,
        active: q.active,
      };
    });
    match.odds = next;
    match.detailVersion = v;
    const main = next[0];
    if (!main) return;
    const fields = match.fields;
    if (main.active) {
      this.setField(match, 'prevOdds1', fields.odds1, v);
      this.setField(match, 'prevOddsX', fields.oddsX, v);
      this.setField(match, 'prevOdds2', fields.odds2, v);
      this.setField(match, 'odds1', main.current[0], v);
      this.setField(match, 'oddsX', main.current[1], v);
      this.setField(match, 'odds2', main.current[2], v);
    }
    this.setField(match, 'hasOdds', 1, v);
    const live = next.filter((o) => o.active).map((o) => o.bookmakerId);
    if (match.fields.stageType === 2) this.setField(match, 'liveBookmakers', live.join('|') || undefined, v);
  }

  /**
   * Markets close at the end; the list row goes back to the main bookmaker's opening prices, as
   * result lists show pre-match odds rather than the last live ones.
   */
  private closeOdds(match: Mutable<MatchState>, v: number) {
    if (match.odds.length === 0) return;
    match.odds = match.odds.map((o) => (o.active ? { ...o, active: false } : o));
    const main = match.odds[0]!;
    this.setField(match, 'odds1', main.opening[0], v);
    this.setField(match, 'oddsX', main.opening[1], v);
    this.setField(match, 'odds2', main.opening[2], v);
    this.setField(match, 'prevOdds1', undefined, v);
    this.setField(match, 'prevOddsX', undefined, v);
    this.setField(match, 'prevOdds2', undefined, v);
    this.setField(match, 'liveBookmakers', undefined, v);
    this.setField(match, 'hasLiveBetting', undefined, v);
    match.detailVersion = v;
  }
}
