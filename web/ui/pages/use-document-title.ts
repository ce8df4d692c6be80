// A page's own document title while it is shown; the shell's title (index.html) comes back when it leaves.
import { useEffect } from 'react';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
