// The visitor's collapsed leagues, read from and written to the cookie (S4-13, S9-12).
import { createContext, useCallback, useContext, useState } from 'react';
import {
  COLLAPSED_COOKIE_NAME,
  COOKIE_MAX_AGE_S,
  type CollapseMap,
  cookieAssignment,
  parseCollapseCookie,
  readCookie,
  serializeCollapseCookie,
  withLeagueState,
} from './collapsed-leagues';

export interface CookieJar {
  read(): string;
  write(assignment: string): void;
}

export const documentCookies: CookieJar = {
  read: () => (typeof document === 'undefined' ? '' : document.cookie),
  write: (assignment) => {
    if (typeof document === 'undefined') return;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in some browsers; cookieAssignment builds the value
    document.cookie = assignment;
  },
};

export const CookieJarContext = createContext<CookieJar>(documentCookies);

export function useCollapsedLeagues(): readonly [CollapseMap, (leagueId: string, collapsed: boolean) => void] {
  const jar = useContext(CookieJarContext);
  const [stored, setStored] = useState<CollapseMap>(() =>
    parseCollapseCookie(readCookie(jar.read(), COLLAPSED_COOKIE_NAME)),
  );
  const toggle = useCallback(
    (leagueId: string, collapsed: boolean) => {
      setStored((current) => {
        const next = withLeagueState(current, leagueId, collapsed);
        jar.write(cookieAssignment(COLLAPSED_COOKIE_NAME, serializeCollapseCookie(next), COOKIE_MAX_AGE_S));
        return next;
      });
    },
    [jar],
  );
  return [stored, toggle] as const;
}
