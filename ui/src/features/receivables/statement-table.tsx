/** A client's statement (screen and printout): the shared ledger with the period's totals. */
import { StatementTable } from '../../components/statement-table';
import type { StatementView } from '../../lib/api-types';

export function ClientStatementTable({ statement: s }: { statement: StatementView }) {
  return (
    <StatementTable
      from={s.from}
      openingBalance={s.openingBalance}
      lines={s.lines}
      closingBalance={s.closingBalance}
      totals={{ charges: s.totalCharges, payments: s.totalPayments }}
      paymentHeader="Abono"
      testId="statement-table"
      openingTestId="statement-opening"
      closingTestId="statement-closing"
    />
  );
}
