// Push listeners of a feed source and the subjects each wants (S7-23).
import type { PushInterest, PushMessage, Unsubscribe } from '../../src/protocol/feed-source';

type Listener = (message: PushMessage) => void;

export class PushListeners {
  /** Each listener and the subjects it wants (null: all). */
  private readonly listeners = new Map<Listener, ((subject: string) => boolean) | null>();
  /** The listeners that can name the subjects they read. */
  private readonly named = new Map<Listener, () => Iterable<string>>();

  get size(): number {
    return this.listeners.size;
  }

  add(listener: Listener, interest?: PushInterest): Unsubscribe {
    this.listeners.set(listener, interest?.wants ?? null);
    if (interest?.subjects) this.named.set(listener, interest.subjects);
    return () => {
      this.listeners.delete(listener);
      this.named.delete(listener);
    };
  }

  /** Somebody wants the subject: only then is its body worth rendering. */
  wanted(subject: string): boolean {
    for (const wants of this.listeners.values()) if (!wants || wants(subject)) return true;
    return false;
  }

  /** Every subject some listener names as read now. */
  namedSubjects(): Set<string> {
    const subjects = new Set<string>();
    for (const names of this.named.values()) for (const subject of names()) subjects.add(subject);
    return subjects;
  }

  emit(message: PushMessage): void {
    for (const listener of [...this.listeners.keys()]) {
      try {
        listener(message);
      } catch {
        // A failing listener never stops the others or the world.
      }
    }
  }

  clear(): void {
    this.listeners.clear();
    this.named.clear();
  }
}
