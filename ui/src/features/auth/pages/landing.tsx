/** Public home: what Mostrador is, and the way in. */
import { Link, useRouteLoaderData } from 'react-router';
import type { RootData } from '../../../lib/root-data';

const features = [
  ['Punto de venta rápido', 'Notas de venta y facturas con teclado, lector de códigos y ticket de 80 mm.'],
  ['Facturación electrónica SRI', 'Firma XAdES-BES, envío y autorización con reintentos que no duplican.'],
  ['Inventario con kárdex', 'Stock por bodega, costo promedio ponderado y ajustes trazables.'],
  ['Caja y Banco del Barrio', 'Turnos, arqueos y operaciones de corresponsal en el mismo lugar.'],
];

export default function Landing() {
  const root = useRouteLoaderData('root') as RootData | undefined;
  return (
    <div className="space-y-10">
      <section className="text-center">
        <h1 className="text-4xl font-bold tracking-tight">El mostrador de su negocio, en orden</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-gray-600 dark:text-gray-300">
          Ventas, inventario, caja, cuentas por cobrar y facturación electrónica para tiendas, ferreterías,
          minimarkets y restaurantes del Ecuador.
        </p>
        <div className="mt-6 flex justify-center gap-3">
          {root?.user ? (
            <Link to="/admin" className="btn btn-primary">
              Ir al panel
            </Link>
          ) : (
            <>
              <Link to="/register" className="btn btn-primary">
                Crear cuenta
              </Link>
              <Link to="/login" className="btn btn-secondary">
                Iniciar sesión
              </Link>
            </>
          )}
        </div>
      </section>
      <section className="grid gap-4 sm:grid-cols-2">
        {features.map(([title, text]) => (
          <div key={title} className="card">
            <h2 className="font-semibold text-primary-700">{title}</h2>
            <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{text}</p>
          </div>
        ))}
      </section>
    </div>
  );
}
