// Push subjects (S7-23): `service`; `sys_<pt>`; `u_<sport>_<pt>`; `ul_<sport>_<projectId>`;
// `games_<lang>_<eventId>`; `lsid_<profileId>_<namespace>`. The spec composes them "from a namespace
// plus" these; the transport adds its namespace, PushMessage.subject carries the bare subject.

export type PushSubject =
  | { readonly kind: 'service' }
  | { readonly kind: 'sys'; readonly projectType: number }
  | { readonly kind: 'update'; readonly sport: number; readonly projectType: number }
  | { readonly kind: 'localUpdate'; readonly sport: number; readonly projectId: number }
  | { readonly kind: 'games'; readonly lang: string; readonly eventId: string }
  | { readonly kind: 'lsid'; readonly profileId: string; readonly namespace: string };

export const serviceSubject = (): string => 'service';
export const sysSubject = (projectType: number): string => `sys_${projectType}`;
export const updateSubject = (sport: number, projectType: number): string => `u_${sport}_${projectType}`;
export const localUpdateSubject = (sport: number, projectId: number): string => `ul_${sport}_${projectId}`;
export const gamesSubject = (lang: string, eventId: string): string => `games_${lang}_${eventId}`;
export const lsidSubject = (profileId: string, namespace: string): string => `lsid_${profileId}_${namespace}`;

export function buildPushSubject(subject: PushSubject): string {
  switch (subject.kind) {
    case 'service':
      return serviceSubject();
    case 'sys':
      return sysSubject(subject.projectType);
    case 'update':
      return updateSubject(subject.sport, subject.projectType);
    case 'localUpdate':
      return localUpdateSubject(subject.sport, subject.projectId);
    case 'games':
      return gamesSubject(subject.lang, subject.eventId);
    case 'lsid':
      return lsidSubject(subject.profileId, subject.namespace);
  }
}

const UINT = /^(0|[1-9][0-9]{0,14})$/;
const SPORT = /^[1-9][0-9]{0,3}$/;
const LANG = /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/;
const ID = /^[A-Za-z0-9]{1,64}$/;
const NAMESPACE = /^[A-Za-z0-9.-]{1,64}$/;

/** The typed subject, or null when the text is not one of S7-23's forms. Never throws. */
export function parsePushSubject(text: string): PushSubject | null {
  if (typeof text !== 'string') return null;
  if (text === 'service') return { kind: 'service' };
  const parts = text.split('_');
  const [head, a, b] = parts;
  if (head === 'sys' && parts.length === 2 && UINT.test(a)) return { kind: 'sys', projectType: Number(a) };
  if (parts.length !== 3) return null;
  if (head === 'u' && SPORT.test(a) && UINT.test(b))
    return { kind: 'update', sport: Number(a), projectType: Number(b) };
  if (head === 'ul' && SPORT.test(a) && UINT.test(b)) {
    return { kind: 'localUpdate', sport: Number(a), projectId: Number(b) };
  }
  if (head === 'games' && LANG.test(a) && ID.test(b)) return { kind: 'games', lang: a, eventId: b };
  if (head === 'lsid' && ID.test(a) && NAMESPACE.test(b)) return { kind: 'lsid', profileId: a, namespace: b };
  return null;
}
