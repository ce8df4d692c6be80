// The frame every account dialog uses: a labelled modal with a close button. It is the native <dialog> shown with
// showModal(): the browser keeps focus and the screen reader inside it and makes the page behind inert. Escape closes
// it through onClose (a dialog without one stays open), and on close focus goes back to the control that opened it.
import { type KeyboardEvent, type ReactNode, type SyntheticEvent, useId, useLayoutEffect, useRef } from 'react';
import { kkAccount } from './kk-account';

export interface DialogProps {
  title: string;
  onClose?: () => void;
  children: ReactNode;
  testId?: string;
}

export function Dialog({ title, onClose, children, testId }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const unmounting = useRef(false);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    unmounting.current = false;
    // A dialog that replaces another mounts after the other gave focus back, so the opener passes on to it.
    const opener = dialog.ownerDocument.activeElement;
    if (!dialog.open) dialog.showModal();
    return () => {
      unmounting.current = true;
      if (dialog.open) dialog.close();
      if (opener instanceof HTMLElement && opener.isConnected && opener !== dialog.ownerDocument.body) opener.focus();
    };
  }, []);
  const requestClose = () => onClose?.();
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    // The page's state decides whether the dialog closes, not the browser's own cancel.
    event.preventDefault();
    requestClose();
  };
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    requestClose();
  };
  // The browser may close a modal itself (a repeated Escape without a user gesture cannot be refused): the page
  // follows, or shows again a dialog that has no close.
  const onNativeClose = () => {
    // The close event comes a task later: after a close of our own, or of an earlier mount (StrictMode) that a
    // new showModal has already undone.
    if (unmounting.current || ref.current?.open !== false) return;
    if (onClose) onClose();
    else ref.current?.showModal();
  };
  return (
    <dialog
      ref={ref}
      className="account-dialog popup"
      aria-labelledby={titleId}
      data-testid={testId}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClose={onNativeClose}
    >
      <header className="account-dialog__header">
        <h2 id={titleId} className="popup__title">
          {title}
        </h2>
        {onClose ? (
          <button
            type="button"
            className="icon-button account-dialog__close"
            aria-label={kkAccount.close}
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </header>
      {children}
    </dialog>
  );
}

/** A labelled input with its validation message (linked by aria-describedby, outside the label). */
export function Field(props: {
  label: string;
  type?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoComplete?: string;
  name: string;
}) {
  const id = useId();
  return (
    <div className="field account-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
      {props.error ? (
        <span id={`${id}-error`} className="account-field__error">
          {props.error}
        </span>
      ) : null}
    </div>
  );
}

/** The translated message of an account error, in an alert region. */
export function ErrorMessage({ text }: { text: string | null }) {
  return text ? (
    <p className="account-dialog__error" role="alert">
      {text}
    </p>
  ) : null;
}

export function Notice({ text }: { text: string }) {
  return (
    <p className="account-dialog__notice" role="status">
      {text}
    </p>
  );
}
