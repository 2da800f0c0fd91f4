/**
 * One form for every document the shop registers with lines (an inventory adjustment, a transfer,
 * the three kinds of purchase, and the liquidación and retención to come): the header's fields, the
 * line editor, the totals, the form's error and the submit button, in that order, so each page
 * only says what its header and its lines hold. The sending itself is `useSubmit`'s.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormError } from './form';
import { RecordTable, type RecordColumn } from './record-table';

interface DocumentFormProps {
  /** `data-testid` of the form. */
  testId?: string;
  /** Sends the document (the form's default submit is already prevented). */
  onSubmit: (form: HTMLFormElement) => unknown;
  /** The header's fields (supplier, warehouse, dates…), laid out by `headerClassName`. */
  header: ReactNode;
  /** The grid of the header, e.g. `grid gap-3 md:grid-cols-3`. */
  headerClassName: string;
  /** The line editor and what goes with it (a scanner, «Agregar línea»). */
  children?: ReactNode;
  /** The totals, under the lines. */
  totals?: ReactNode;
  /** The API's message for the form as a whole. */
  error?: string;
  /** `data-testid` of that message. */
  errorTestId?: string;
  busy: boolean;
  /** False while there is nothing to register (no lines yet): the button waits. */
  ready?: boolean;
  /** The button's text, e.g. «Registrar compra»; «Registrando…» while it is sent. */
  submitLabel: string;
}

export function DocumentForm({ testId, onSubmit, header, headerClassName, children, totals, error, errorTestId, busy, ready = true, submitLabel }: DocumentFormProps) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void onSubmit(e.currentTarget);
  };
  return (
    <form onSubmit={submit} className="card space-y-3" data-testid={testId} noValidate>
      <div className={headerClassName}>{header}</div>
      {children}
      {totals}
      <FormError message={error} testId={errorTestId} />
      <div className="flex justify-end">
        <button className="btn btn-primary" type="submit" disabled={busy || !ready}>
          {busy ? 'Registrando…' : submitLabel}
        </button>
      </div>
    </form>
  );
}

/** A column of the line editor. */
export type LineColumn<L> = RecordColumn<L>;

interface LineEditorProps<L> {
  lines: readonly L[];
  columns: readonly (LineColumn<L> | false)[];
  /** A stable key of a line (its product), else its position. */
  lineKey?: (line: L, index: number) => string | number;
  /** The accessible name of a line's «×»: «Quitar Galletas» by its name, else «Quitar la línea 2». */
  removeLabel?: (line: L, index: number) => string;
  onRemove: (index: number) => void;
  /** False keeps the last line (a form that always has one). */
  canRemove?: boolean;
  /** `data-testid` of the table and of each line. */
  testId?: string;
  lineTestId?: string;
}

function nameOrPosition(line: unknown, index: number): string {
  const { name } = line as { name?: unknown };
  return typeof name === 'string' ? `Quitar ${name}` : `Quitar la línea ${index + 1}`;
}

/**
 * The lines of a document as a `RecordTable`: one row a line, one cell a column (its inputs are the
 * page's: `LineInput`), and a «×» that removes the line. A column given as `false` is left out.
 */
export function LineEditor<L>({ lines, columns, lineKey, removeLabel = nameOrPosition, onRemove, canRemove = true, testId, lineTestId }: LineEditorProps<L>) {
  const remove: LineColumn<L> = {
    className: 'text-right',
    cell: (line, i) => (
      <button type="button" className="btn btn-secondary" aria-label={removeLabel(line, i)} disabled={!canRemove} onClick={() => onRemove(i)}>
        ×
      </button>
    ),
  };
  return <RecordTable rows={lines} columns={[...columns, remove]} rowKey={lineKey} testId={testId} rowTestId={lineTestId} />;
}

/** A decimal typed in a line or a table cell (a quantity, a cost, a discount), right-aligned. */
export function LineInput({
  label,
  value,
  onChange,
  width = 'w-28',
  placeholder,
  signed = false,
}: {
  /** The accessible name, e.g. «Cantidad de Galletas». */
  label: string;
  value: string;
  onChange: (value: string) => void;
  width?: 'w-24' | 'w-28';
  placeholder?: string;
  /** Takes a sign (an adjustment's «− sale»): no decimal keypad, which has no minus on phones. */
  signed?: boolean;
}) {
  return (
    <input
      className={`input ml-auto ${width} text-right`}
      inputMode={signed ? undefined : 'decimal'}
      aria-label={label}
      value={value}
      placeholder={placeholder}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** The lines of a document being typed: change one, remove one, start again. */
export function useLines<L>(initial: () => L[]) {
  const [lines, setLines] = useState<L[]>(initial);
  return {
    lines,
    setLines,
    update: (index: number, change: Partial<L>) => setLines((current) => current.map((l, i) => (i === index ? { ...l, ...change } : l))),
    remove: (index: number) => setLines((current) => current.filter((_, i) => i !== index)),
    reset: () => setLines(initial()),
  };
}
