/**
 * `/admin/compras/estadoCuentaProveedor`: a supplier's statement over a date range: the balance
 * owed before it, each purchase on credit (charge) and payment with the running balance, and the
 * closing balance. Admin and user.
 */
import { Form, Link, useLoaderData, useSearchParams } from 'react-router';
import { PrintButton } from '../../../components/print-button';
import type { SupplierStatementPage } from '../../../lib/api-types';
import { formatDate, formatMoney } from '../../../lib/format';

export default function SupplierStatement() {
  const { suppliers, statement: s } = useLoaderData() as SupplierStatementPage;
  const [params] = useSearchParams();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Estado de cuenta de proveedor</h1>
      <Form method="get" className="no-print card flex flex-wrap items-end gap-3" data-testid="supplier-statement-form">
        <label className="label">
          Proveedor
          <select className="input" name="supplierId" defaultValue={params.get('supplierId') ?? ''} required>
            <option value="">Elija un proveedor</option>
            {suppliers.map((x) => (
              <option key={x._id} value={x._id}>
                {x.name}
              </option>
            ))}
          </select>
        </label>
        <label className="label">
          Desde
          <input className="input" type="date" name="from" defaultValue={params.get('from') ?? ''} />
        </label>
        <label className="label">
          Hasta
          <input className="input" type="date" name="to" defaultValue={params.get('to') ?? ''} />
        </label>
        <button type="submit" className="btn btn-secondary">
          Ver
        </button>
      </Form>
      {suppliers.length === 0 && <p className="card">Todavía no hay proveedores.</p>}
      {s && (
        <section className="card space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="font-semibold">{s.supplierName}</h2>
            <PrintButton />
          </div>
          <table className="w-full text-sm" data-testid="supplier-statement">
            <thead>
              <tr className="text-left">
                <th>Fecha</th>
                <th>Documento</th>
                <th className="text-right">Cargo</th>
                <th className="text-right">Pago</th>
                <th className="text-right">Saldo</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td className="py-1">{params.get('from') ? formatDate(params.get('from') ?? '') : ''}</td>
                <td>Saldo inicial</td>
                <td />
                <td />
                <td className="text-right">{formatMoney(s.openingBalance)}</td>
              </tr>
              {s.lines.map((l, i) => (
                <tr key={i} className="border-t border-gray-200 dark:border-gray-700">
                  <td className="py-1">{formatDate(l.date)}</td>
                  <td>{l.document}</td>
                  <td className="text-right">{l.charge === '0.00' ? '' : formatMoney(l.charge)}</td>
                  <td className="text-right">{l.payment === '0.00' ? '' : formatMoney(l.payment)}</td>
                  <td className="text-right">{formatMoney(l.balance)}</td>
                </tr>
              ))}
              {s.lines.length === 0 && (
                <tr>
                  <td colSpan={5} className="py-1 text-gray-600 dark:text-gray-300">
                    Sin movimientos en el período.
                  </td>
                </tr>
              )}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-gray-800 font-bold">
                <td />
                <td>Saldo final</td>
                <td />
                <td />
                <td className="text-right" data-testid="supplier-statement-closing">
                  {formatMoney(s.closingBalance)}
                </td>
              </tr>
            </tfoot>
          </table>
          <Link className="link no-print" to={`/admin/compras/cuentasPorPagar?supplierId=${s.supplierId}`}>
            Ver sus cuentas por pagar
          </Link>
        </section>
      )}
    </div>
  );
}
