// Runs one account call from a dialog and keeps its busy / done / error state.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface CallState {
  busy: boolean;
  done: boolean;
  error: unknown;
}

export function useCall<A extends unknown[]>(work: (...args: A) => Promise<unknown>) {
  const [state, setState] = useState<CallState>({ busy: false, done: false, error: null });
  const mounted = useRef(true);
  // Set again on every mount: StrictMode mounts, unmounts and mounts again, and a flag left false would drop answers.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(
    async (...args: A) => {
      setState({ busy: true, done: false, error: null });
      try {
        await work(...args);
        if (mounted.current) setState({ busy: false, done: true, error: null });
        return true;
      } catch (error) {
        if (mounted.current) setState({ busy: false, done: false, error });
        return false;
      }
    },
    [work],
  );
  return [state, run] as const;
}
