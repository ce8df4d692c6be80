// The account server a replay's visitor talks to: one copy of the account's data, changed by dotted-key diffs
// the way the account service merges them (A7-11), answering each store after a delay on the visitor's
// SimulatedClock. The `account` visitor event makes it refuse stores (a diff it refuses is not applied).
import type { SimulatedClock } from 'xstate';
import type { DataDiff, JsonObject } from '../../src/wire/account';
import { applyDataDiff } from '../../src/wire/dotted';

/** A quick server: long enough that a pin is seen waiting (S4-34), short beside a replay step. */
export const DEFAULT_ACCOUNT_DELAY_MS = 200;

export interface AccountAnswer {
  /** The serial of the tab that sent the store. */
  readonly tab: number;
  readonly ok: boolean;
  /** The very diff object the tab sent (a pin's save is found by it). */
  readonly diff: DataDiff;
}

export class FakeAccount {
  data: JsonObject = {};
  fail = false;
  delayMs = DEFAULT_ACCOUNT_DELAY_MS;
  /** Stores sent and not answered yet. */
  inFlight = 0;

  constructor(
    private readonly clock: SimulatedClock,
    private readonly onAnswer: (answer: AccountAnswer) => void,
  ) {}

  /** A7-11 storeMergedData('data', diff): resolves when the server took it, rejects when it refused. */
  store(diff: DataDiff, tab: number): Promise<void> {
    // The server's mood when the request arrives decides its answer.
    const ok = !this.fail;
    this.inFlight++;
    return new Promise((resolve, reject) => {
      this.clock.setTimeout(() => {
        this.inFlight--;
        if (ok) this.data = applyDataDiff(this.data, diff);
        this.onAnswer({ tab, ok, diff });
        if (ok) resolve();
        else reject(new Error('the account server refused the store'));
      }, this.delayMs);
    });
  }
}

/** The keys a diff touches, for the trace: `myLeagues.1.1_abc`, `-mygames.data.g_1_…` for a removal. */
export function diffKeys(diff: DataDiff): string {
  return [...Object.keys(diff.merge), ...diff.unmerge.map((key) => `-${key}`)].join(' ');
}
