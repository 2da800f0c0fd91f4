/** Form building blocks: a labelled field that shows its server-side error, and a submit button. */
import type { InputHTMLAttributes, ReactNode } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input; `error` (Spanish, from the server) is shown under it and marks it invalid. */
export function Field({ label, name, error, hint, id, ...input }: FieldProps) {
  const inputId = id ?? `field-${name}`;
  const errorId = `${inputId}-error`;
  return (
    <div>
      <label htmlFor={inputId} className="label">
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {hint && !error && <p className="mt-1 text-xs text-gray-500">{hint}</p>}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400" data-field-error={name}>
          {error}
        </p>
      )}
    </div>
  );
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
