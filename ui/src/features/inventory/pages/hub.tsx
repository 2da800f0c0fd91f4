/** `/admin/inventario`: stock value of the branch, products below their minimum, last movements. */
import { Link, useLoaderData } from 'react-router';
import { formatDateTime, formatMoney, formatQuantity } from '../../../lib/format';
import type { InventoryHubView } from '../../../lib/api-types';
import { MOVEMENT_LABELS } from '../shared';

const links = [
  ['Productos', '/admin/inventario/productos'],
  ['Bodegas', '/admin/inventario/bodegas'],
  ['Kardex', '/admin/inventario/kardex'],
  ['Ajustes', '/admin/inventario/ajusteInventario'],
  ['Guías de remisión', '/admin/inventario/guiaDeRemision'],
  ['Stock por bodega', '/admin/inventario/stockList'],
];

export default function InventoryHub() {
  const hub = useLoaderData() as InventoryHubView;
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">Inventario</h1>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="card">
          <p className="text-sm text-gray-500">Valor del stock de la sucursal</p>
          <p className="text-2xl font-bold" data-testid="stock-value">
            {formatMoney(hub.stockValue)}
          </p>
        </div>
        <div className="card">
          <p className="text-sm text-gray-500">Productos activos</p>
          <p className="text-2xl font-bold">{hub.products}</p>
        </div>
        <div className="card">
          <p className="text-sm text-gray-500">Bajo el mínimo</p>
          <p className="text-2xl font-bold">{hub.lowStock.length}</p>
        </div>
      </div>
      <nav className="flex flex-wrap gap-2">
        {links.map(([label, to]) => (
          <Link key={to} to={to} className="btn btn-secondary">
            {label}
          </Link>
        ))}
      </nav>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="card">
          <h2 className="mb-2 font-semibold">Productos bajo su mínimo</h2>
          {hub.lowStock.length === 0 ? (
            <p className="text-sm text-gray-500">Ningún producto está bajo su stock mínimo.</p>
          ) : (
            <table className="w-full text-sm">
              <tbody>
                {hub.lowStock.map((r) => (
                  <tr key={`${r.productId}-${r.cellarId}`} className="border-b border-gray-100 dark:border-gray-800">
                    <td className="py-1">{r.name}</td>
                    <td>{r.cellarName}</td>
                    <td className="text-right text-red-700">{formatQuantity(r.quantity)}</td>
                    <td className="text-right text-gray-500">{`mín. ${formatQuantity(r.minStock)}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div className="card">
          <h2 className="mb-2 font-semibold">Últimos movimientos</h2>
          {hub.lastMovements.length === 0 ? (
            <p className="text-sm text-gray-500">Todavía no hay movimientos.</p>
          ) : (
            <table className="w-full text-sm">
              <tbody>
                {hub.lastMovements.map((m) => (
                  <tr key={m.row._id} className="border-b border-gray-100 dark:border-gray-800">
                    <td className="py-1">{formatDateTime(m.row.date)}</td>
                    <td>{m.productName}</td>
                    <td>{MOVEMENT_LABELS[m.row.type] ?? m.row.type}</td>
                    <td className="text-right">
                      {m.row.quantityIn !== '0' ? `+${formatQuantity(m.row.quantityIn)}` : `-${formatQuantity(m.row.quantityOut)}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </section>
  );
}
