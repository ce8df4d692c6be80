// Online and visibility signals for A4-11 (retries pause while offline or hidden).
// The DOM is injected, so the CLI and tests can drive the signals by hand.

export interface PageState {
  readonly online: boolean;
  readonly visible: boolean;
}

export interface PageSignals {
  readonly current: PageState;
  subscribe(listener: (state: PageState) => void): () => void;
}

interface EventTargetLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface DomLike {
  readonly window: EventTargetLike & { readonly navigator?: { readonly onLine?: boolean } };
  readonly document: EventTargetLike & { readonly visibilityState?: string };
}

/** Signals from a browser window and document. */
export function domPageSignals(dom: DomLike): PageSignals {
  const read = (): PageState => ({
    online: dom.window.navigator?.onLine !== false,
    visible: dom.document.visibilityState !== 'hidden',
  });
  return {
    get current() {
      return read();
    },
    subscribe(listener) {
      const notify = () => listener(read());
      dom.window.addEventListener('online', notify);
      dom.window.addEventListener('offline', notify);
      dom.document.addEventListener('visibilitychange', notify);
      return () => {
        dom.window.removeEventListener('online', notify);
        dom.window.removeEventListener('offline', notify);
        dom.document.removeEventListener('visibilitychange', notify);
      };
    },
  };
}

/** Signals set by hand (CLI, tests). */
export function manualPageSignals(initial: PageState = { online: true, visible: true }): PageSignals & {
  set(state: Partial<PageState>): void;
} {
  let state = initial;
  const listeners = new Set<(state: PageState) => void>();
  return {
    get current() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(change) {
      state = { ...state, ...change };
      for (const listener of [...listeners]) listener(state);
    },
  };
}
