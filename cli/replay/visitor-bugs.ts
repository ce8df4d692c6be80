// The visitor's deliberately broken machines (cli/replay/bugs.ts lists every bug): each is the site's own
// machine with one thing changed, given to a tab at the seam where its root's children are provided
// (visitor-tab.ts), so the checks of visitor-checks.ts are seen to catch what they claim to.
//
//   follow-limit-off    My Games started with its limits past reach        → follow-limit
//   local-write-lost    My Games never writes local storage                 → follow-copies-agree
//   pin-never-confirms  the pin toggle misses the server's yes              → pin-confirmed
//   pin-no-revert       the pin toggle hears the server's no, keeps the pin → pin-reverted
//   notify-unfollowed   notifications take every changed game as followed → notification-followed
import type { AnyEventObject } from 'xstate';
import type { InjectableBug } from './bugs';
import type { MyGamesLogic, NotificationsLogic, PinToggleLogic, TabVariant } from './visitor-tab';

/** Past any list a replay builds: a limit that never bites. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

function limitOff(logic: MyGamesLogic): MyGamesLogic {
  const variant: MyGamesLogic = Object.create(logic);
  variant.getInitialSnapshot = (scope, input) =>
    logic.getInitialSnapshot.call(variant, scope, input && { ...input, maxCount: NO_LIMIT, maxTeams: NO_LIMIT });
  return variant;
}

function localWriteLost(logic: MyGamesLogic): MyGamesLogic {
  return logic.provide({ actions: { writeLocal: () => {} } });
}

/** The pin toggle with its handling of one kind of event changed. */
function pinVariant(
  logic: PinToggleLogic,
  change: (
    event: AnyEventObject,
    before: ReturnType<PinToggleLogic['transition']>,
    after: () => ReturnType<PinToggleLogic['transition']>,
  ) => ReturnType<PinToggleLogic['transition']>,
): PinToggleLogic {
  const variant: PinToggleLogic = Object.create(logic);
  variant.transition = (snapshot, event, scope) =>
    change(event, snapshot, () => logic.transition.call(variant, snapshot, event, scope));
  return variant;
}

/** A save's answer never reaches the toggle: it waits for ever (S4-34). */
function pinNeverConfirms(logic: PinToggleLogic): PinToggleLogic {
  return pinVariant(logic, (event, before, after) => (event.type.startsWith('xstate.done.actor.') ? before : after()));
}

/** A refused save ends the wait and shows the error but leaves the league as toggled (S4-35). */
function pinNoRevert(logic: PinToggleLogic): PinToggleLogic {
  return pinVariant(logic, (event, before, after) => {
    const next = after();
    if (!event.type.startsWith('xstate.error.actor.')) return next;
    return { ...next, context: { ...next.context, leagues: before.context.leagues } } as typeof next;
  });
}

/** A list's changes are heard as if every changed game were followed (since the epoch). */
function notifyUnfollowed(logic: NotificationsLogic): NotificationsLogic {
  const variant: NotificationsLogic = Object.create(logic);
  variant.transition = (snapshot, event, scope) => {
    if (event.type !== 'feed.changes') return logic.transition.call(variant, snapshot, event, scope);
    const followed = { ...snapshot.context.followed };
    for (const change of event.changes) followed[`g_${change.sportId}_${change.eventId}`] ??= 0;
    const widened = { ...snapshot, context: { ...snapshot.context, followed } } as typeof snapshot;
    const next = logic.transition.call(variant, widened, event, scope);
    return { ...next, context: { ...next.context, followed: snapshot.context.followed } } as typeof next;
  };
  return variant;
}

/** The visitor's machines under a bug, or undefined when the bug is not one of theirs. */
export function visitorVariant(bug: InjectableBug | null | undefined): TabVariant | undefined {
  switch (bug) {
    case 'follow-limit-off':
      return { myGames: limitOff };
    case 'local-write-lost':
      return { myGames: localWriteLost };
    case 'pin-never-confirms':
      return { pinToggle: pinNeverConfirms };
    case 'pin-no-revert':
      return { pinToggle: pinNoRevert };
    case 'notify-unfollowed':
      return { notifications: notifyUnfollowed };
    default:
      return undefined;
  }
}
