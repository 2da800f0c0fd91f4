/** Routes of the cash area: registers, shifts, counts, bank accounts, the arqueo ticket. */
import { ADMIN, ADMIN_USER } from '../../lib/api-types';
import type { RouteDef } from '../../lib/route-def';
import type { MenuItem } from '../../lib/menu-item';

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  {
    id: 'cash',
    path: 'caja',
    page: 'layouts/outlet',
    title: 'Caja',
    children: [
      { id: 'admin-cash', index: true, page: 'features/cash/pages/hub', title: 'Caja', data: true },
      { id: 'admin-cash-registers', path: 'listacaja', page: 'features/cash/pages/registers', title: 'Cajas', roles: ADMIN, data: true },
      { id: 'admin-cash-open-close', path: 'abrirCerrarCaja', page: 'features/cash/pages/open-close', title: 'Abrir o cerrar caja', data: true },
      { id: 'admin-cash-my-turns', path: 'misTurnos', page: 'features/cash/pages/my-turns', title: 'Mis turnos', data: true },
      { id: 'admin-cash-confirm', path: 'turno/confirmarCierre', page: 'features/cash/pages/confirm', title: 'Confirmar cierre', roles: ADMIN_USER, data: true },
      { id: 'admin-cash-history', path: 'historial', page: 'features/cash/pages/history', title: 'Historial de turnos', roles: ADMIN_USER, data: true },
      { id: 'admin-cash-movement', path: 'Ingresar', page: 'features/cash/pages/movement', title: 'Ingresos y retiros', data: true },
    ],
  },
  {
    id: 'bank',
    path: 'banco',
    page: 'layouts/outlet',
    title: 'Banco',
    children: [
      { id: 'admin-bank-accounts', path: 'cuentas', page: 'features/cash/pages/bank-accounts', title: 'Cuentas bancarias', roles: ADMIN_USER, data: true },
      { id: 'admin-bank-barrio', path: 'bancoDelBarrio', page: 'features/cash/pages/barrio', title: 'Banco del Barrio', data: true },
    ],
  },
];

/** Printable documents (free layout): the arqueo ticket, from the back office or a shared link. */
export const freeRoutes: RouteDef[] = [
  {
    id: 'admin-cash-count-ticket',
    path: '/admin/caja/turno/:id/ticketArqueo',
    page: 'features/cash/pages/ticket-arqueo',
    title: 'Arqueo de caja',
    auth: true,
    printable: true,
    numericParams: ['id'],
    data: true,
  },
  {
    id: 'cash-count-ticket',
    path: '/tickets/caja/ticketArqueo',
    page: 'features/cash/pages/ticket-arqueo',
    title: 'Arqueo de caja',
    auth: true,
    printable: true,
    data: true,
  },
  {
    id: 'cnb-report-ticket',
    path: '/tickets/banco/bancoDelBarrio',
    page: 'features/cash/pages/ticket-barrio',
    title: 'Reporte Banco del Barrio',
    auth: true,
    printable: true,
    data: true,
  },
];

/** Menu entries of the cash area (each shown only to the roles its route admits). */
export const menu: MenuItem[] = [
  {
    label: 'Caja',
    icon: 'building',
    entries: [
      { label: 'Resumen de caja', routeId: 'admin-cash' },
      { label: 'Abrir / cerrar caja', routeId: 'admin-cash-open-close' },
      { label: 'Ingresos y retiros', routeId: 'admin-cash-movement' },
      { label: 'Mis turnos', routeId: 'admin-cash-my-turns' },
      { label: 'Confirmar cierre', routeId: 'admin-cash-confirm' },
      { label: 'Historial de turnos', routeId: 'admin-cash-history' },
      { label: 'Cajas', routeId: 'admin-cash-registers' },
      { label: 'Cuentas bancarias', routeId: 'admin-bank-accounts' },
      { label: 'Banco del Barrio', routeId: 'admin-bank-barrio' },
    ],
  },
];
