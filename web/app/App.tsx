// The page's React tree: the site's root actor and the feed gateway (both built by the composition
// root, web/app/browser-site.ts), the match page's detail host over the root, the router and the routes.
import { type ReactNode, useMemo } from 'react';
import { BrowserRouter } from 'react-router';
import type { SiteActorRef } from '../../machines/site';
import { SiteActorContext } from '../ui/common/actors';
import { MatchDetailHostContext, siteMatchDetailHost } from '../ui/match/use-match-feeds';
import { SiteRoutes } from '../ui/SiteRoutes';
import { type FeedGateway, FeedGatewayContext } from '../ui/store/feed-gateway';

export interface AppProps {
  readonly site: SiteActorRef;
  readonly gateway: FeedGateway;
  readonly accountSlot?: ReactNode;
}

export function App({ site, gateway, accountSlot }: AppProps) {
  // A match page's detail actor is the site's child 'matchDetail' (spawned on match.opened).
  const matchDetailHost = useMemo(() => siteMatchDetailHost(site), [site]);
  return (
    <SiteActorContext value={site}>
      <FeedGatewayContext value={gateway}>
        <MatchDetailHostContext value={matchDetailHost}>
          <BrowserRouter>
            <SiteRoutes />
            {accountSlot}
          </BrowserRouter>
        </MatchDetailHostContext>
      </FeedGatewayContext>
    </SiteActorContext>
  );
}
