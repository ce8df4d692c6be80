// Whether the server answered the page's own address with 404. The route table alone cannot tell every unknown
// address: a country page is one only when a league of the sport names that country (server/page-status.ts), which
// the server sees in the sport's lists of the week and the page, holding one day's list, cannot.
interface NavigationEntry {
  readonly name: string;
  readonly responseStatus?: number;
}

function samePath(a: string, b: string): boolean {
  try {
    return decodeURI(a) === decodeURI(b);
  } catch {
    return a === b;
  }
}

/** True when the document was loaded at `pathname` and answered 404 (browsers without the figure: false). */
export function documentAnsweredNotFound(pathname: string): boolean {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return false;
  const [entry] = performance.getEntriesByType('navigation') as unknown as NavigationEntry[];
  if (entry?.responseStatus !== 404) return false;
  try {
    return samePath(new URL(entry.name).pathname, pathname);
  } catch {
    return false;
  }
}
