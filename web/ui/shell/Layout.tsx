// The page frame every route shares: skip link, header, the route's content, footer, the pin toggle's
// login prompt and error (My Leagues), the game notification boxes, and the slot where the account dialogs
// render their windows.
import type { ReactNode } from 'react';
import { kk } from '../../../src/i18n/kk';
import { DATE_TICK_MS, useNow } from '../common/use-now';
import { FollowNotices } from '../follow/FollowNotices';
import { PinNotice } from '../list/PinNotice';
import { NotificationBoxes } from '../notifications/NotificationBoxes';
import { ReplayBar } from '../replay/ReplayBar';
import { Footer } from './Footer';
import { Header } from './Header';
import { LangBox } from './LangBox';

export interface LayoutProps {
  readonly currentSportId: number | null;
  readonly children: ReactNode;
  /** Account dialogs (login window …), opened through the windows machine. */
  readonly accountSlot?: ReactNode;
  readonly showGambleLinks?: boolean;
  readonly showMobileLink?: boolean;
}

export function Layout({ currentSportId, children, accountSlot, showGambleLinks, showMobileLink }: LayoutProps) {
  const now = useNow(DATE_TICK_MS, false); // the footer's year: the clock's latest reading is enough
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {kk.skipToContent}
      </a>
      <ReplayBar />
      <Header currentSportId={currentSportId} />
      {children}
      <Footer year={new Date(now).getUTCFullYear()} showGambleLinks={showGambleLinks} showMobileLink={showMobileLink} />
      <LangBox />
      <FollowNotices />
      <PinNotice />
      <NotificationBoxes />
      {accountSlot}
    </div>
  );
}
