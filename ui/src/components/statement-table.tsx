/**
 * A statement of account — a client's (screen and printout) or a supplier's: the opening balance,
 * each charge and payment with the running balance, and the closing balance. Both ledgers have the
 * same shape; only the name of the payment column and the totals differ.
 */
import type { StatementLineView } from '../lib/api-types';
import { formatDate, formatMoney } from '../lib/format';
import { RecordTable } from './record-table';

interface StatementTableProps {
  /** The first day of the period (the opening balance's date), if one was chosen. */
  from?: string | null;
  openingBalance: string;
  lines: readonly StatementLineView[];
  closingBalance: string;
  /** The charges and payments of the period, under their columns (none: left blank). */
  totals?: { charges: string; payments: string };
  /** «Abono» for a client, «Pago» for a supplier. */
  paymentHeader: string;
  /** `data-testid` of the table, of the opening and of the closing balance. */
  testId: string;
  openingTestId?: string;
  closingTestId: string;
  /** Said on a row of its own when the period has no movement. */
  emptyText?: string;
}

/** An amount, blank when zero (a charge row has no payment and the other way round). */
const amount = (value: string) => (value === '0.00' ? '' : formatMoney(value));

export function StatementTable({ from, openingBalance, lines, closingBalance, totals, paymentHeader, testId, openingTestId, closingTestId, emptyText }: StatementTableProps) {
  return (
    <RecordTable
      rows={lines}
      testId={testId}
      columns={[
        { header: 'Fecha', className: 'py-1', cell: (l) => formatDate(l.date) },
        { header: 'Documento', cell: (l) => l.document },
        { header: 'Cargo', numeric: true, cell: (l) => amount(l.charge) },
        { header: paymentHeader, numeric: true, cell: (l) => amount(l.payment) },
        { header: 'Saldo', numeric: true, cell: (l) => formatMoney(l.balance) },
      ]}
      leading={
        <>
          <tr>
            <td className="py-1">{from ? formatDate(from) : ''}</td>
            <td>Saldo inicial</td>
            <td />
            <td />
            <td className="text-right" data-testid={openingTestId}>
              {formatMoney(openingBalance)}
            </td>
          </tr>
          {lines.length === 0 && emptyText && (
            <tr>
              <td colSpan={5} className="py-1 text-gray-600 dark:text-gray-300">
                {emptyText}
              </td>
            </tr>
          )}
        </>
      }
      footer={
        <tr className="border-t-2 border-gray-800 font-bold">
          <td />
          <td>Saldo final</td>
          <td className="text-right">{totals && formatMoney(totals.charges)}</td>
          <td className="text-right">{totals && formatMoney(totals.payments)}</td>
          <td className="text-right" data-testid={closingTestId}>
            {formatMoney(closingBalance)}
          </td>
        </tr>
      }
    />
  );
}
