// Deliberately broken machines, injected through the harness's options, to prove that fuzz and
// replay catch what they claim to catch. Never used by the site.
import type { ListFeed } from '../../src/protocol/list-feed-types';
import type { Scoreboard } from '../../src/scoreboard/store';
import type { MyGamesLogic, TabVariant } from './visitor-tab';

export const INJECTABLE_BUGS = ['older-overwrites', 'follow-limit-off'] as const;
export type InjectableBug = (typeof INJECTABLE_BUGS)[number];

export function isInjectableBug(value: string): value is InjectableBug {
  return (INJECTABLE_BUGS as readonly string[]).includes(value);
}

/** Breaks a scoreboard in place (the engine calls its methods by property). */
export function injectBug(scoreboard: Scoreboard, bug: InjectableBug): void {
  switch (bug) {
    case 'follow-limit-off':
      return;
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

/** Past any list a replay builds: a limit that never bites. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * follow-limit-off: the My Games machine started with its limits raised past reach (S5-2, S9-2), so stars and
 * team follows beyond the limit are taken. The machine is the site's; only the input it starts from differs.
 */
function limitOff(logic: MyGamesLogic): MyGamesLogic {
  const variant: MyGamesLogic = Object.create(logic);
  variant.getInitialSnapshot = (scope, input) =>
    logic.getInitialSnapshot.call(variant, scope, input && { ...input, maxCount: NO_LIMIT, maxTeams: NO_LIMIT });
  return variant;
}

/** The visitor's machines under a bug, or undefined when the bug is not one of theirs. */
export function visitorVariant(bug: InjectableBug | null | undefined): TabVariant | undefined {
  return bug === 'follow-limit-off' ? { myGames: limitOff } : undefined;
}
