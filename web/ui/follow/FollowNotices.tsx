// What My Games tells the visitor: the limit alert once per bulk add (S5-2, S8-4, TRANS_MY_GAMES_LIMIT_REACHED),
// My Teams' limit (S9-2), an unsupported operation (S5-4), a match outside the day window (S5-1) and a stored
// copy that could not be read (S5-3). Each can be closed; a new one shows again.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { FollowAlert } from '../../../machines/my-games';
import { kk } from '../../../src/i18n/kk';
import { useMyGames } from './use-follow';

function alertText(alert: FollowAlert): string {
  switch (alert.kind) {
    case 'myGamesLimit':
      return kk.follow.limitReached;
    case 'myTeamsLimit':
      return kk.follow.teamsLimitReached;
    case 'unsupported':
      return kk.follow.unsupported;
  }
}

export function FollowNotices() {
  const myGames = useMyGames();
  const alert = useSelector(myGames, (s) => s.context.alert);
  const refused = useSelector(myGames, (s) => s.context.refused);
  const loadError = useSelector(myGames, (s) => s.context.loadError);
  // The refusal and the load error stay in the machine until the next operation: closing hides this one.
  const [closedRefusal, setClosedRefusal] = useState<unknown>(null);
  const [closedError, setClosedError] = useState<unknown>(null);
  const outOfRange = refused !== closedRefusal && refused.some((r) => r.reason === 'out-of-range');
  const notices: { key: string; text: string; close: () => void; kind: string }[] = [];
  if (alert)
    notices.push({
      key: `alert-${alert.seq}`,
      kind: alert.kind,
      text: alertText(alert),
      close: () => myGames.send({ type: 'alert.dismiss' }),
    });
  if (outOfRange && !alert)
    notices.push({
      key: 'range',
      kind: 'outOfRange',
      text: kk.follow.outOfRange,
      close: () => setClosedRefusal(refused),
    });
  if (loadError && loadError !== closedError)
    notices.push({ key: 'load', kind: 'loadError', text: kk.follow.loadError, close: () => setClosedError(loadError) });
  if (notices.length === 0) return null;
  return (
    <div className="follow-notices">
      {notices.map((notice) => (
        <div key={notice.key} className="follow-notice" role="alert" data-notice={notice.kind}>
          <span>{notice.text}</span>
          <button type="button" className="follow-notice__close" aria-label={kk.follow.dismiss} onClick={notice.close}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
