// What a list row hands to the match page it opens, kept in history state so a reload keeps it. Its own module:
// the row (list/) and the page (match/) both use it, and neither imports the other for it.

export interface MatchHint {
  readonly sportId: number;
  readonly home?: string;
  readonly away?: string;
  readonly league?: string;
}

export function isMatchHint(value: unknown): value is MatchHint {
  return typeof value === 'object' && value !== null && typeof (value as MatchHint).sportId === 'number';
}
