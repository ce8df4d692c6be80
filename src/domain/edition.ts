// The edition this site is (S1-1) and the feed placeholders fixed for it (S7-1).
export const EDITION = Object.freeze({
  language: 'kk', // S1-1
  projectId: 47, // S1-1
  routePrefix: '/kz', // S1-1, S2-1
  projectType: 1, // S7-1: project type id 1
  liveOddsFlag: 0, // S7-1: always 0
  /** Kazakhstan's UTC offset in whole hours, the default timezone-hour placeholder (S7-1). */
  timezoneHour: 5,
  /** The provider's well-known feed signature sent as x-fsign (protocol.md §7). */
  feedSignature: 'SW9D1eZo',
});
