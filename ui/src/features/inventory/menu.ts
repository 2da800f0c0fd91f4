/** Menu entries of the inventory area (roles come from the route table). */
import type { MenuItem } from '../../lib/menu-item';

export const menu: MenuItem[] = [
  { label: 'Categorías', routeId: 'admin-categories', icon: 'tag' },
  {
    label: 'Inventario',
    icon: 'tag',
    entries: [
      { label: 'Resumen', routeId: 'admin-inventory' },
      { label: 'Productos', routeId: 'admin-products' },
      { label: 'Bodegas', routeId: 'admin-cellars' },
      { label: 'Kardex', routeId: 'admin-kardex' },
      { label: 'Ajustes', routeId: 'admin-adjustments' },
      { label: 'Guías de remisión', routeId: 'admin-transfers' },
      { label: 'Stock por bodega', routeId: 'admin-stock-list' },
      { label: 'Subida', routeId: 'admin-upload' },
    ],
  },
];
