// Deliberately broken machines, injected through the harness's options, to prove that fuzz and
// replay catch what they claim to catch. Never used by the site. The scoreboard's is here; the
// visitor's machines' are in visitor-bugs.ts.
import type { ListFeed } from '../../src/protocol/list-feed-types';
import type { Scoreboard } from '../../src/scoreboard/store';

export const INJECTABLE_BUGS = [
  'older-overwrites',
  'follow-limit-off',
  'local-write-lost',
  'pin-never-confirms',
  'pin-no-revert',
  'notify-unfollowed',
] as const;
export type InjectableBug = (typeof INJECTABLE_BUGS)[number];

export function isInjectableBug(value: string): value is InjectableBug {
  return (INJECTABLE_BUGS as readonly string[]).includes(value);
}

/** Breaks a scoreboard in place (the engine calls its methods by property); other bugs leave it whole. */
export function injectBug(scoreboard: Scoreboard, bug: InjectableBug): void {
  switch (bug) {
    case 'older-overwrites': {
      // An update applier that re-applies the previous update after the current one, with its
      // ordering stripped: the older values overwrite the newer ones.
      const target = scoreboard as unknown as {
        applyUpdate: (feed: ListFeed) => ReturnType<Scoreboard['applyUpdate']>;
      };
      const inner = target.applyUpdate.bind(scoreboard);
      let previous: ListFeed | null = null;
      target.applyUpdate = (feed) => {
        const result = inner(feed);
        if (previous) inner({ ...previous, signature: null });
        previous = feed;
        return result;
      };
      return;
    }
  }
}
