/** The statement's table (screen and printout): opening balance, movements with running balance, closing balance. */
import type { StatementView } from '../../lib/api-types';
import { formatDate, formatMoney } from '../../lib/format';

export function StatementTable({ statement: s }: { statement: StatementView }) {
  return (
    <table className="w-full text-sm" data-testid="statement-table">
      <thead>
        <tr className="text-left">
          <th>Fecha</th>
          <th>Documento</th>
          <th className="text-right">Cargo</th>
          <th className="text-right">Abono</th>
          <th className="text-right">Saldo</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td className="py-1">{formatDate(s.from)}</td>
          <td>Saldo inicial</td>
          <td />
          <td />
          <td className="text-right" data-testid="statement-opening">
            {formatMoney(s.openingBalance)}
          </td>
        </tr>
        {s.lines.map((l, i) => (
          <tr key={i} className="border-t border-gray-200">
            <td className="py-1">{formatDate(l.date)}</td>
            <td>{l.document}</td>
            <td className="text-right">{l.charge === '0.00' ? '' : formatMoney(l.charge)}</td>
            <td className="text-right">{l.payment === '0.00' ? '' : formatMoney(l.payment)}</td>
            <td className="text-right">{formatMoney(l.balance)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t-2 border-gray-800 font-bold">
          <td />
          <td>Saldo final</td>
          <td className="text-right">{formatMoney(s.totalCharges)}</td>
          <td className="text-right">{formatMoney(s.totalPayments)}</td>
          <td className="text-right" data-testid="statement-closing">
            {formatMoney(s.closingBalance)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
