// The frame every account dialog uses: a labelled modal with a close button.
import { type ReactNode, useEffect, useId } from 'react';
import { kkAccount } from './kk-account';

export interface DialogProps {
  title: string;
  onClose?: () => void;
  children: ReactNode;
  testId?: string;
}

export function Dialog({ title, onClose, children, testId }: DialogProps) {
  const titleId = useId();
  useEffect(() => {
    if (!onClose) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="account-dialog__backdrop">
      <section
        className="account-dialog popup"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
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
      </section>
    </div>
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
