/**
 * `/admin/compras/estadoCuentaProveedor`: a supplier's statement over a date range: the balance
 * owed before it, each purchase on credit (charge) and payment with the running balance, and the
 * closing balance. Admin and user.
 */
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { StatementFilters } from '../../../components/data-list/get-filters';
import { PrintButton } from '../../../components/print-button';
import { StatementTable } from '../../../components/statement-table';
import type { SupplierStatementPage } from '../../../lib/api-types';

export default function SupplierStatement() {
  const { suppliers, statement: s } = useLoaderData() as SupplierStatementPage;
  const [params] = useSearchParams();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Estado de cuenta de proveedor</h1>
      <StatementFilters testId="supplier-statement-form" label="Proveedor" name="supplierId" parties={suppliers} choose="Elija un proveedor" />
      {suppliers.length === 0 && <p className="card">Todavía no hay proveedores.</p>}
      {s && (
        <section className="card space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="font-semibold">{s.supplierName}</h2>
            <PrintButton />
          </div>
          <StatementTable
            from={params.get('from')}
            openingBalance={s.openingBalance}
            lines={s.lines}
            closingBalance={s.closingBalance}
            paymentHeader="Pago"
            testId="supplier-statement"
            closingTestId="supplier-statement-closing"
            emptyText="Sin movimientos en el período."
          />
          <Link className="link no-print" to={`/admin/compras/cuentasPorPagar?supplierId=${s.supplierId}`}>
            Ver sus cuentas por pagar
          </Link>
        </section>
      )}
    </div>
  );
}
