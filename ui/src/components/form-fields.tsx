/** Form controls beyond the text `Field`: select, checkbox, and a group of checkboxes. */
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { FieldFrame, invalidProps } from './form';

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  name: string;
  error?: string;
  /** Classes of the wrapper, not of the select. */
  wrapClassName?: string;
  children: ReactNode;
}

/** A labelled select, framed like `Field`. */
export function SelectField({ label, name, error, children, id, wrapClassName, ...rest }: SelectProps) {
  const selectId = id ?? `field-${name}`;
  return (
    <FieldFrame label={label} name={name} controlId={selectId} error={error} className={wrapClassName}>
      <select id={selectId} name={name} className="input" {...invalidProps(selectId, error)} {...rest}>
        {children}
      </select>
    </FieldFrame>
  );
}

/** The `<option>`s of a list of choices, with an optional first empty one («Elija…»). */
export function Options<T>({ items, value, label, empty }: { items: readonly T[]; value: (item: T) => string | number; label: (item: T) => ReactNode; empty?: string }) {
  return (
    <>
      {empty !== undefined && <option value="">{empty}</option>}
      {items.map((item) => (
        <option key={value(item)} value={value(item)}>
          {label(item)}
        </option>
      ))}
    </>
  );
}

export function CheckboxField({ label, name, defaultChecked, value = 'true' }: { label: string; name: string; defaultChecked?: boolean; value?: string }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} value={value} defaultChecked={defaultChecked} className="h-4 w-4 accent-primary-600" />
      {label}
    </label>
  );
}

/** Several checkboxes sharing one name (read with `FormData.getAll`). */
export function CheckboxGroup({
  label,
  name,
  options,
  checked,
  error,
}: {
  label: string;
  name: string;
  options: { value: string; label: string }[];
  checked: string[];
  error?: string;
}) {
  return (
    <fieldset>
      <legend className="label">{label}</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {options.map((o) => (
          <CheckboxField key={o.value} label={o.label} name={name} value={o.value} defaultChecked={checked.includes(o.value)} />
        ))}
      </div>
      {error && (
        <p className="mt-1 text-sm text-red-700 dark:text-red-400" data-field-error={name}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
