/** Menu entries of the restaurant (roles come from the route table). */
import type { MenuItem } from '../../lib/menu-item';

export const menu: MenuItem[] = [
  {
    label: 'Restaurante',
    icon: 'building',
    entries: [
      { label: 'Mesas', routeId: 'admin-restaurant-tables' },
      { label: 'Reservas', routeId: 'admin-restaurant-reservations' },
      { label: 'Tomar orden', routeId: 'admin-restaurant-take-order' },
      { label: 'Orden express', routeId: 'admin-restaurant-express' },
      { label: 'Tomar pedido', routeId: 'admin-restaurant-delivery' },
      { label: 'Cocina', routeId: 'restaurant-kitchen' },
    ],
  },
];
