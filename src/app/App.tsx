// The composition root: the page's actors (settings, windows), the feed gateway, the page clock
// and the router. Effects (cookies, storage, network) are provided here and nowhere else.
import { type ReactNode, useEffect, useMemo } from 'react';
import { BrowserRouter } from 'react-router';
import { createActor } from 'xstate';
import { settingsMachine } from '../../machines/settings';
import { windowsMachine } from '../../machines/windows';
import { type PageActors, PageActorsContext } from '../ui/common/actors';
import { browserClock, PageClockContext } from '../ui/common/use-now';
import { SiteRoutes } from '../ui/SiteRoutes';
import type { FeedGateway } from '../ui/store/feed-gateway';
import { FeedGatewayContext } from '../ui/store/feed-gateway';
import { persistence, readSettings } from './browser-storage';
import { startPageSounds } from './sound-session';

/** The account dialogs register how to cancel a running login flow (S2-39, S2-40). */
let cancelLoginFlow: () => void = () => {};
export const registerCancelLoginFlow = (cancel: () => void): void => {
  cancelLoginFlow = cancel;
};

export function createPageActors(): PageActors {
  const settings = createActor(
    settingsMachine.provide({
      actions: {
        persistOddsFormat: (_, params) => persistence.oddsFormat(params.format),
        persistTheme: (_, params) => persistence.theme(params.theme),
        persistSound: (_, params) => persistence.sound(params.on),
      },
    }),
    { input: readSettings() },
  );
  const windows = createActor(
    windowsMachine.provide({
      actions: {
        rememberLangBoxShown: () => persistence.rememberLangBox(),
        cancelLoginFlow: () => cancelLoginFlow(),
      },
    }),
    { input: { langBoxShown: persistence.langBoxShown() } },
  );
  settings.start();
  windows.start();
  startPageSounds(settings); // S1-6, S2-46: live sounds follow the sound toggle
  return { settings, windows };
}

export interface AppProps {
  readonly gateway: FeedGateway;
  readonly actors: PageActors;
  readonly accountSlot?: ReactNode;
}

export function App({ gateway, actors, accountSlot }: AppProps) {
  const clock = useMemo(() => browserClock(() => gateway.now() - Date.now()), [gateway]);
  useEffect(() => {
    actors.windows.send({ type: 'visits.counted', visits: persistence.countVisit() });
  }, [actors]);
  return (
    <PageActorsContext value={actors}>
      <FeedGatewayContext value={gateway}>
        <PageClockContext value={clock}>
          <BrowserRouter>
            <SiteRoutes />
            {accountSlot}
          </BrowserRouter>
        </PageClockContext>
      </FeedGatewayContext>
    </PageActorsContext>
  );
}
