/** Form building blocks: a labelled field that shows its server-side error, and a submit button. */
import type { InputHTMLAttributes, ReactNode } from 'react';

interface FrameProps {
  label: string;
  name: string;
  /** The id of the control the label names; its error gets `${controlId}-error`. */
  controlId: string;
  error?: string;
  hint?: ReactNode;
  /** Classes of the wrapper (a grid cell's span, say). */
  className?: string;
  children: ReactNode;
}

/**
 * The frame every labelled control shares: the label above (bound by `htmlFor`, so tests and
 * screen readers find the control by its Spanish label), then the hint or the server's error.
 */
export function FieldFrame({ label, name, controlId, error, hint, className, children }: FrameProps) {
  return (
    <div className={className}>
      <label htmlFor={controlId} className="label">
        {label}
      </label>
      {children}
      {hint && !error && <p className="mt-1 text-xs text-gray-500">{hint}</p>}
      {error && (
        <p id={`${controlId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400" data-field-error={name}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The attributes that mark a control invalid and point it at its error. */
export function invalidProps(controlId: string, error: string | undefined) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${controlId}-error` : undefined };
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
  /** Classes of the wrapper, not of the input. */
  wrapClassName?: string;
}

/** A labelled input; `error` (Spanish, from the server) is shown under it and marks it invalid. */
export function Field({ label, name, error, hint, id, wrapClassName, ...input }: FieldProps) {
  const inputId = id ?? `field-${name}`;
  return (
    <FieldFrame label={label} name={name} controlId={inputId} error={error} hint={hint} className={wrapClassName}>
      <input id={inputId} name={name} className="input" {...invalidProps(inputId, error)} {...input} />
    </FieldFrame>
  );
}

/** An error under a control that has no `Field` of its own (a picker, a table of lines). */
export function FieldError({ message }: { message?: string }) {
  return message ? <span className="text-sm text-red-700 dark:text-red-300">{message}</span> : null;
}

/** The form's error message (the API's `message`), announced as an alert. */
export function FormError({ message, testId }: { message?: string; testId?: string }) {
  return message ? (
    <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid={testId}>
      {message}
    </p>
  ) : null;
}

/** A submit button that shows progress while the form is being sent. */
export function SubmitButton({ busy, children, busyLabel }: { busy: boolean; children: ReactNode; busyLabel: string }) {
  return (
    <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}

/** A form-level message (success or error). */
export function Notice({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  const style =
    kind === 'error'
      ? 'border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200'
      : 'border-primary-200 bg-primary-50 text-primary-800 dark:border-primary-800 dark:bg-green-950 dark:text-green-200';
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} className={`rounded-md border p-3 text-sm ${style}`}>
      {children}
    </div>
  );
}
