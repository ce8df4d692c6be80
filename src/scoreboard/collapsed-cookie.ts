// The collapsed-leagues cookie fsdc_expand_collapse_league (S4-13).
// Value format (ours): `<leagueId>:<state>` pairs joined by `|`, e.g. `1_jch8u3dn:c|4_x1:e`.
// League ids are `<sport>_<ZC>` (letters, digits, underscore), so `:` and `|` never clash, and
// both are valid cookie octets. S4-13 reads: a league whose stored value is 'c' is shown; any
// other value hides it. We write 'c' for a shown league and 'h' for a hidden one.

export const COLLAPSED_COOKIE_NAME = 'fsdc_expand_collapse_league'; // S4-13

/** S4-13: the stored value that means "shown". */
export const SHOWN_VALUE = 'c';
export const HIDDEN_VALUE = 'h';

export type CollapsedCookie = ReadonlyMap<string, string>;

/** Parses a cookie value; malformed pairs are skipped, never thrown on. */
export function parseCollapsedCookie(value: string | null | undefined): Map<string, string> {
  const result = new Map<string, string>();
  if (!value) return result;
  let text = value;
  try {
    text = decodeURIComponent(value);
  } catch {
    // keep the raw text
  }
  for (const pair of text.split('|')) {
    const colon = pair.indexOf(':');
    if (colon <= 0) continue;
    const id = pair.slice(0, colon).trim();
    const state = pair.slice(colon + 1).trim();
    if (id && state) result.set(id, state);
  }
  return result;
}

export function serializeCollapsedCookie(cookie: CollapsedCookie): string {
  return [...cookie].map(([id, state]) => `${id}:${state}`).join('|');
}

/** S4-13: hidden unless the stored value is 'c'; undefined when the cookie does not name the league. */
export function storedCollapsed(cookie: CollapsedCookie, leagueId: string): boolean | undefined {
  const state = cookie.get(leagueId);
  if (state === undefined) return undefined;
  return state !== SHOWN_VALUE;
}

/** The cookie after the visitor set a league collapsed (hidden) or not. */
export function withCollapsed(cookie: CollapsedCookie, leagueId: string, collapsed: boolean): Map<string, string> {
  const next = new Map(cookie);
  next.set(leagueId, collapsed ? HIDDEN_VALUE : SHOWN_VALUE);
  return next;
}
