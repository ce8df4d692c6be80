// "Offline · last updated HH:MM": shown while the device is offline, over the last state the page holds (the
// rows stay as they were, or come from the service worker's cache after a reload). Both facts come from the
// site's 'session' child: the composition root sends page.online and each list answer's server time
// (feeds.synced) to the root. A polite status region: screen readers hear it when it appears.
import { useSelector } from '@xstate/react';
import { formatDate } from '../../../src/domain/datetime';
import { kk } from '../../../src/i18n/kk';
import { PAGE_TIME_ZONE } from '../format/time';
import { useSiteChild } from './actors';
import './offline-notice.css';

/** The notice's text: the last update's time as HH:MM in `timeZone`, or offline alone before any data. */
export function offlineNoticeText(syncedAt: number | null, timeZone: string = PAGE_TIME_ZONE): string {
  if (syncedAt === null) return kk.offline.noticeNoData;
  return kk.offline.notice(formatDate(Math.floor(syncedAt / 1000), timeZone, 'H:i'));
}

export function OfflineNotice({ timeZone = PAGE_TIME_ZONE }: { readonly timeZone?: string }) {
  const session = useSiteChild('session');
  const online = useSelector(session, (s) => s.context.online);
  const syncedAt = useSelector(session, (s) => s.context.syncedAt);
  return (
    <div className="offline-notice" role="status" data-testid="offline-notice" hidden={online}>
      {online ? null : offlineNoticeText(syncedAt, timeZone)}
    </div>
  );
}
