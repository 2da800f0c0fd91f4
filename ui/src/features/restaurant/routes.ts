/** Routes of the restaurant (admin and user, specification §6): floor set-up, reservations, orders and the kitchen screen. */
import { ADMIN_USER } from '../../lib/api-types';
import type { RouteDef } from '../../lib/route-def';
import { menuGroup, type MenuItem } from '../../lib/menu-item';

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  { id: 'admin-restaurant-tables', path: 'restaurante/configMesas', page: 'features/restaurant/pages/tables', title: 'Mesas y zonas', roles: ADMIN_USER, data: true },
  { id: 'admin-restaurant-reservations', path: 'restaurante/reservas', page: 'features/restaurant/pages/reservations', title: 'Reservas', roles: ADMIN_USER, data: true },
  { id: 'admin-restaurant-take-order', path: 'restaurante/tomar-orden', page: 'features/restaurant/pages/take-order', title: 'Tomar orden', roles: ADMIN_USER },
  { id: 'admin-restaurant-express', path: 'restaurante/tomar-orden-express', page: 'features/restaurant/pages/express', title: 'Orden express', roles: ADMIN_USER },
  { id: 'admin-restaurant-delivery', path: 'restaurante/tomar-pedido', page: 'features/restaurant/pages/delivery', title: 'Pedidos a domicilio', roles: ADMIN_USER },
];

/** The kitchen screen: free layout (no menu), full screen, large type. */
export const freeRoutes: RouteDef[] = [
  { id: 'restaurant-kitchen', path: '/admin/restaurante/ordenes', page: 'features/restaurant/pages/kitchen', title: 'Cocina', auth: true, roles: ADMIN_USER },
];

/** Menu entries of the restaurant (roles come from the route table). */
export const menu: MenuItem[] = [
  menuGroup('Restaurante', 'building', [
    ['Mesas', 'admin-restaurant-tables'], ['Reservas', 'admin-restaurant-reservations'], ['Tomar orden', 'admin-restaurant-take-order'],
    ['Orden express', 'admin-restaurant-express'], ['Tomar pedido', 'admin-restaurant-delivery'], ['Cocina', 'restaurant-kitchen'],
  ]),
];
