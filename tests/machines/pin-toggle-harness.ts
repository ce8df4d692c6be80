// A pin-toggle actor on a SimulatedClock with a fake account server: each save answers ok or fail after a chosen
// delay, and an accepted diff is applied to the server's copy of the account data (A7-11). Like the account
// client, the fake also keeps a local copy: the diff applied when sent, its undo applied when the server refuses.
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { applyDataDiff } from '../../src/wire/dotted';
import type { JsonObject } from '../../src/wire/account';
import {
  type PinSaveRequest,
  type PinToggleEmitted,
  type PinToggleInput,
  pinToggleMachine,
} from '../../machines/pin-toggle';

export interface PlannedAnswer {
  readonly ok: boolean;
  readonly delayMs: number;
}

export function pinHarness(input: PinToggleInput = {}, answers: PlannedAnswer[] = []) {
  const clock = new SimulatedClock();
  const requests: PinSaveRequest[] = [];
  const stored: Record<string, Record<string, boolean>>[] = [];
  const emitted: PinToggleEmitted[] = [];
  const server = { data: {} as JsonObject };
  const local = { data: {} as JsonObject };
  /** Ids of the save actors whose answer has come. */
  const answered: string[] = [];
  const plan = [...answers];
  const actor = createActor(
    pinToggleMachine.provide({
      actors: {
        save: fromPromise<void, PinSaveRequest>(({ input: request, self }) => {
          requests.push(request);
          local.data = applyDataDiff(local.data, request.diff);
          const answer = plan.shift() ?? { ok: true, delayMs: 100 };
          return new Promise((resolve, reject) => {
            clock.setTimeout(() => {
              answered.push(self.id);
              if (!answer.ok) {
                local.data = applyDataDiff(local.data, request.undo);
                return reject(new Error('server refused'));
              }
              server.data = applyDataDiff(server.data, request.diff);
              resolve();
            }, answer.delayMs);
          });
        }),
      },
      actions: { storeLocal: (_, params) => stored.push(params.stored) },
    }),
    { clock, input },
  );
  actor.on('*', (event) => emitted.push(event as PinToggleEmitted));
  actor.start();
  /** Lets promise answers reach the actor. */
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  const advance = async (ms: number) => {
    clock.increment(ms);
    await settle();
  };
  return {
    clock,
    actor,
    requests,
    stored,
    emitted,
    server,
    local,
    answered,
    plan,
    advance,
    settle,
    context: () => actor.getSnapshot().context,
    toggle: (labelKey: string) => actor.send({ type: 'pin.toggle', labelKey }),
  };
}
