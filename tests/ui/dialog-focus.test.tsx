// @vitest-environment happy-dom
// The account dialogs' frame (web/ui/account/Dialog.tsx) and the menus' dismissal (web/ui/shell/popup.ts): a modal
// <dialog> shown with showModal, Escape through the page's state, focus back to the opener; Escape and an outside
// press close a menu, and its own toggle is left to toggle it.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode, useCallback, useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../web/ui/account/Dialog';
import { useDismiss } from '../../web/ui/shell/popup';

afterEach(cleanup);

function DialogHost({ closable = true }: { closable?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open ? (
        <Dialog title="Кіру" onClose={closable ? () => setOpen(false) : undefined} testId="dlg">
          <input aria-label="email" />
        </Dialog>
      ) : null}
    </>
  );
}

describe('account dialog frame', () => {
  it('WCAG 2.1.2 2.4.3: the dialog opens modal, Escape closes it and focus returns to its opener', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<DialogHost />);
    const opener = screen.getByRole('button', { name: 'open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByTestId('dlg');
    expect(dialog.tagName).toBe('DIALOG');
    expect(showModal).toHaveBeenCalledTimes(1);
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Кіру' })).toBe(dialog);

    const field = screen.getByLabelText('email');
    field.focus();
    const notPrevented = fireEvent.keyDown(field, { key: 'Escape' });
    expect(notPrevented).toBe(false); // the browser's own cancel is refused: the page closes it
    expect(screen.queryByTestId('dlg')).toBeNull();
    expect(document.activeElement).toBe(opener);
    showModal.mockRestore();
  });

  it('WCAG 2.1.2: a dialog without a close stays open on Escape and when the browser closes it', () => {
    render(<DialogHost closable={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    const dialog = screen.getByTestId('dlg') as HTMLDialogElement;
    fireEvent.keyDown(screen.getByLabelText('email'), { key: 'Escape' });
    expect(dialog.open).toBe(true);
    act(() => dialog.close()); // a close the page could not refuse
    expect(screen.getByTestId('dlg')).toBe(dialog);
    expect(dialog.open).toBe(true);
  });

  it('a late close event of an earlier mount (StrictMode) leaves the shown dialog open', () => {
    render(
      <StrictMode>
        <DialogHost />
      </StrictMode>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    const dialog = screen.getByTestId('dlg') as HTMLDialogElement;
    act(() => {
      dialog.dispatchEvent(new Event('close')); // Chromium fires it a task after close(), when shown again
    });
    expect(screen.getByTestId('dlg')).toBe(dialog);
    expect(dialog.open).toBe(true);
  });

  it('WCAG 2.1.2: a dialog the browser closes itself closes in the page too', () => {
    render(<DialogHost />);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    const dialog = screen.getByTestId('dlg') as HTMLDialogElement;
    act(() => dialog.close());
    expect(screen.queryByTestId('dlg')).toBeNull();
  });
});

function Menu({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    onClose();
  }, [onClose]);
  useDismiss(open, ref, close);
  return (
    <div>
      <button type="button" aria-controls="drawer" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        toggle
      </button>
      <div id="drawer" ref={ref}>
        {open ? <a href="#x">inside</a> : null}
      </div>
      <p>outside</p>
    </div>
  );
}

describe('menus and the drawer', () => {
  it('WCAG 2.1.1: Escape closes an open menu and gives focus back to its toggle', () => {
    const onClose = vi.fn();
    render(<Menu onClose={onClose} />);
    const link = screen.getByRole('link', { name: 'inside' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'toggle' }));
  });

  it('an outside press closes the menu; a press inside it or on its own toggle does not', () => {
    const onClose = vi.fn();
    render(<Menu onClose={onClose} />);
    fireEvent.pointerDown(screen.getByRole('link', { name: 'inside' }));
    fireEvent.pointerDown(screen.getByRole('button', { name: 'toggle' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('an Escape a dialog already took does not close the menu under it', () => {
    const onClose = vi.fn();
    render(<Menu onClose={onClose} />);
    const link = screen.getByRole('link', { name: 'inside' });
    link.addEventListener('keydown', (e) => e.preventDefault());
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
  });
});
