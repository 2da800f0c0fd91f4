/** Routes of the inventory area. */
import { ADMIN, ADMIN_USER } from '../../lib/api-types';
import { printable, type RouteDef } from '../../lib/route-def';
import { menuGroup, type MenuItem } from '../../lib/menu-item';

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  { id: 'admin-categories', path: 'categorias', page: 'features/inventory/pages/categories', title: 'Categorías', roles: ADMIN_USER, data: true },
  { id: 'admin-inventory', path: 'inventario', page: 'features/inventory/pages/hub', title: 'Inventario', roles: ADMIN_USER, data: true },
  { id: 'admin-products', path: 'inventario/productos', page: 'features/inventory/pages/products', title: 'Productos', roles: ADMIN_USER, data: true },
  { id: 'admin-cellars', path: 'inventario/bodegas', page: 'features/inventory/pages/cellars', title: 'Bodegas', roles: ADMIN_USER, data: true },
  { id: 'admin-kardex', path: 'inventario/kardex', page: 'features/inventory/pages/kardex', title: 'Kardex', roles: ADMIN_USER, data: true },
  { id: 'admin-adjustments', path: 'inventario/ajusteInventario', page: 'features/inventory/pages/adjustments', title: 'Ajustes de inventario', roles: ADMIN_USER, data: true },
  { id: 'admin-transfers', path: 'inventario/guiaDeRemision', page: 'features/inventory/pages/transfers', title: 'Guías de remisión', roles: ADMIN_USER, data: true },
  { id: 'admin-upload', path: 'inventario/subida', page: 'features/inventory/pages/upload', title: 'Subida de productos', roles: ADMIN },
  { id: 'admin-stock-list', path: 'inventario/stockList', page: 'features/inventory/pages/stock-list', title: 'Stock por bodega', roles: ADMIN_USER, data: true },
];

/** Printable documents (free layout: complete HTML, no scripts). */
export const freeRoutes: RouteDef[] = [
  printable('admin-transfer-print', '/admin/inventario/guiaDeRemision/:id/imprimir', 'features/inventory/pages/transfer-print', 'Guía de remisión', { roles: ADMIN_USER, numericParams: ['id'] }),
];

/** Menu entries of the inventory area (roles come from the route table). */
export const menu: MenuItem[] = [
  { label: 'Categorías', routeId: 'admin-categories', icon: 'tag' },
  menuGroup('Inventario', 'tag', [
    ['Resumen', 'admin-inventory'], ['Productos', 'admin-products'], ['Bodegas', 'admin-cellars'],
    ['Kardex', 'admin-kardex'], ['Ajustes', 'admin-adjustments'], ['Guías de remisión', 'admin-transfers'],
    ['Stock por bodega', 'admin-stock-list'], ['Subida', 'admin-upload'],
  ]),
];
