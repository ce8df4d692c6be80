// Shared behaviour of menus, the drawer and small windows: Escape and a tap or click outside close them. Escape gives
// focus back to the button that opened the window when focus was inside it, so a keyboard visitor is not left on
// the page's body.
import { type RefObject, useEffect } from 'react';

/** The button that opens a window: one inside it (a menu's own toggle) or one elsewhere naming it (aria-controls). */
export function openerOf(el: HTMLElement): HTMLElement | null {
  if (el.id) {
    for (const candidate of el.ownerDocument.querySelectorAll<HTMLElement>('[aria-controls]')) {
      if (candidate.getAttribute('aria-controls') === el.id) return candidate;
    }
  }
  return el.querySelector<HTMLElement>('[aria-expanded]');
}

export function useDismiss(open: boolean, ref: RefObject<HTMLElement | null>, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      // A dialog above the page (or a field that handles Escape itself) has the key first.
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const el = ref.current;
      const active = document.activeElement;
      const focusInside = el !== null && active !== null && el.contains(active);
      close();
      if (el && (focusInside || active === document.body)) openerOf(el)?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      const el = ref.current;
      if (!el || !(e.target instanceof Node) || el.contains(e.target)) return;
      // The opener outside the window toggles it itself: closing here would have its click open it again.
      const opener = openerOf(el);
      if (opener?.contains(e.target)) return;
      close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, ref, close]);
}
