// Following (issue #15), two figures against baselines of the same run:
// - myGamesLoadVsFullFeed: a full My Games (500 entries) loading with its day recalculation and its feed rows,
//   against applying the same events' full list feed to a fresh scoreboard (bench/follow-load.ts; target 1.2).
// - starToPaintP95VsFrame: a row's star click to the painted star in Chromium on a 2,000-event page, p95 of
//   the main thread's busy time against one frame (bench/follow-star.ts; target 1).
import { myGamesLoadFigures } from './follow-load';
import { starToPaintFigures } from './follow-star';

export default async function followBench(): Promise<Record<string, unknown>> {
  const load = await myGamesLoadFigures();
  const star = await starToPaintFigures();
  return {
    myGamesLoadVsFullFeed: load.myGamesLoadVsFullFeed,
    starToPaintP95VsFrame: star.starToPaintP95VsFrame,
    targets: { myGamesLoadVsFullFeed: 1.2, starToPaintP95VsFrame: 1 },
    myGamesLoad: load,
    starToPaint: star,
  };
}
