// The sport page's tabs (S2-27): links that set cat= in the address, so a reload or a shared link
// opens the same tab. The odds tab has two sub-categories that load odds (S2-28).
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { kk } from '../../../src/i18n/kk';
import { LIST_TABS, type ListTab, ODDS_SUBS, type OddsSub, TAB_CATEGORY } from './tabs';

const TAB_LABEL: Readonly<Record<ListTab, string>> = {
  all: kk.tabs.all,
  live: kk.tabs.live,
  finished: kk.tabs.finished,
  scheduled: kk.tabs.scheduled,
  odds: kk.tabs.odds,
  myGames: kk.tabs.myGames,
};

const SUB_LABEL: Readonly<Record<OddsSub, string>> = { 3: kk.tabs.scheduled, 2: kk.tabs.finished };

function withParams(search: string, set: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(set)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface CategoryTabsProps {
  readonly tab: ListTab;
  readonly oddsSub: OddsSub;
  readonly liveBadge?: ReactNode;
  /** The My Games tab's count (S2-27). */
  readonly myGamesBadge?: ReactNode;
}

export function CategoryTabs({ tab, oddsSub, liveBadge, myGamesBadge }: CategoryTabsProps) {
  const location = useLocation();
  return (
    <div className="tabs-block">
      <nav className="tabs" aria-label={kk.tabs.label}>
        {LIST_TABS.map((t) => (
          <Link
            key={t}
            className={t === tab ? 'tab tab--active' : 'tab'}
            aria-current={t === tab ? 'page' : undefined}
            data-tab={t}
            to={{
              pathname: location.pathname,
              search: withParams(location.search, { cat: t === 'all' ? null : String(TAB_CATEGORY[t]), sub: null }),
            }}
            replace
          >
            {TAB_LABEL[t]}
            {t === 'live' ? liveBadge : null}
            {t === 'myGames' ? myGamesBadge : null}
          </Link>
        ))}
      </nav>
      {tab === 'odds' ? (
        <nav className="subtabs" aria-label={kk.tabs.odds}>
          {ODDS_SUBS.map((sub) => (
            <Link
              key={sub}
              className={sub === oddsSub ? 'subtab subtab--active' : 'subtab'}
              aria-current={sub === oddsSub ? 'page' : undefined}
              to={{ pathname: location.pathname, search: withParams(location.search, { sub: String(sub) }) }}
              replace
            >
              {SUB_LABEL[sub]}
            </Link>
          ))}
        </nav>
      ) : null}
    </div>
  );
}
