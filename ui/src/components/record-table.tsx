/**
 * The plain table of records every screen shows in a card (registers, recent sales, credit notes,
 * receivables, a statement, the lines of a document): a heading row, then one row a record with a
 * top border. One implementation, so a column is declared once (its heading, alignment and cell)
 * and the tables of the back office look alike.
 */
import type { ReactNode } from 'react';

/** A column of a `RecordTable`. */
export interface RecordColumn<T> {
  /** The heading; none for a column of actions or links. */
  header?: ReactNode;
  /** Right-aligned: quantities and amounts. */
  numeric?: boolean;
  /** Classes of the column's cells besides the alignment (`py-1`, `space-x-2`…). */
  className?: string;
  /** `data-testid` of the column's cells. */
  testId?: string;
  cell: (row: T, index: number) => ReactNode;
}

interface RecordTableProps<T> {
  rows: readonly T[];
  /** A column given as `false` is left out (one only some users see). */
  columns: readonly (RecordColumn<T> | false)[];
  /** A stable key of a record (its id), else its position. */
  rowKey?: (row: T, index: number) => string | number;
  /** Shown instead of the table while there is no record; without it the table stays, empty. */
  empty?: ReactNode;
  /** `data-testid` of the table and of each record's row. */
  testId?: string;
  rowTestId?: string;
  /** Rows above the records, e.g. a statement's opening balance. */
  leading?: ReactNode;
  /** The `<tfoot>`'s rows (totals). */
  footer?: ReactNode;
  /** Classes of the table. */
  className?: string;
  look?: TableLook;
}

/**
 * How a table looks: `plain` (a card's table: headings in the text's case, rows parted by a line
 * above) or `caps` (a dense result: small grey capitals, a light line under each row).
 */
export type TableLook = 'plain' | 'caps';

const LOOKS: Record<TableLook, { head?: string; row: string }> = {
  plain: { row: 'border-t border-gray-200 dark:border-gray-700' },
  caps: { head: 'text-xs text-gray-500 uppercase', row: 'border-b border-gray-100 dark:border-gray-800' },
};

const align = (numeric?: boolean, extra?: string) => [numeric ? 'text-right' : '', extra ?? ''].join(' ').trim() || undefined;

/** A column's heading: its text and alignment. */
export type Heading = Pick<RecordColumn<never>, 'header' | 'numeric'> & { className?: string };

/**
 * The heading row of a `RecordTable`, alone for a table whose rows are the page's own (a row that
 * opens a form under it).
 */
export function RecordHead({ columns, look = 'plain' }: { columns: readonly Heading[]; look?: TableLook }) {
  return (
    <thead className={LOOKS[look].head}>
      <tr className="text-left">
        {columns.map((c, i) => (
          <th key={i} className={align(c.numeric, c.className)}>
            {c.header}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * The records as a table, or `empty` while there are none: one row a record, one cell a column.
 *
 * @example
 * <RecordTable rows={registers} empty="La sucursal todavía no tiene cajas." rowKey={(r) => r._id}
 *   columns={[{ header: 'Caja', cell: (r) => r.name }, { header: 'Total', numeric: true, cell: (r) => formatMoney(r.total) }]} />
 */
export function RecordTable<T>({ rows, columns, rowKey = (_, i) => i, empty, testId, rowTestId, leading, footer, className = 'w-full text-sm', look = 'plain' }: RecordTableProps<T>) {
  if (empty !== undefined && rows.length === 0) return <p className="text-sm text-gray-600 dark:text-gray-300">{empty}</p>;
  const shown = columns.filter((c): c is RecordColumn<T> => c !== false);
  return (
    <table className={className} data-testid={testId}>
      <RecordHead columns={shown.map(({ header, numeric }) => ({ header, numeric }))} look={look} />
      <tbody>
        {leading}
        {rows.map((row, i) => (
          <tr key={rowKey(row, i)} className={LOOKS[look].row} data-testid={rowTestId}>
            {shown.map((c, j) => (
              <td key={j} className={align(c.numeric, c.className)} data-testid={c.testId}>
                {c.cell(row, i)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {footer && <tfoot>{footer}</tfoot>}
    </table>
  );
}
