// Whether the visitor is logged in, for the header: the site's session machine
// (machines/session-status.ts, A3-3). The status object changes only when the status does.
import { useSelector } from '@xstate/react';
import type { SessionStatus } from '../../../machines/session-status';
import { useSiteChild } from './actors';

export type { SessionStatus };

export function useSessionStatus(): SessionStatus {
  const session = useSiteChild('session');
  return useSelector(session, (snapshot) => snapshot.context.status);
}
