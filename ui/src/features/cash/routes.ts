/** Routes of the cash area: registers, shifts, counts, bank accounts, the arqueo ticket. */
import { ADMIN, ADMIN_USER } from '../../lib/api-types';
import { outlet, printable, type RouteDef } from '../../lib/route-def';
import { menuGroup, type MenuItem } from '../../lib/menu-item';

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  outlet('cash', 'caja', 'Caja', [
    { id: 'admin-cash', index: true, page: 'features/cash/pages/hub', title: 'Caja', data: true },
    { id: 'admin-cash-registers', path: 'listacaja', page: 'features/cash/pages/registers', title: 'Cajas', roles: ADMIN, data: true },
    { id: 'admin-cash-open-close', path: 'abrirCerrarCaja', page: 'features/cash/pages/open-close', title: 'Abrir o cerrar caja', data: true },
    { id: 'admin-cash-my-turns', path: 'misTurnos', page: 'features/cash/pages/my-turns', title: 'Mis turnos', data: true },
    { id: 'admin-cash-confirm', path: 'turno/confirmarCierre', page: 'features/cash/pages/confirm', title: 'Confirmar cierre', roles: ADMIN_USER, data: true },
    { id: 'admin-cash-history', path: 'historial', page: 'features/cash/pages/history', title: 'Historial de turnos', roles: ADMIN_USER, data: true },
    { id: 'admin-cash-movement', path: 'Ingresar', page: 'features/cash/pages/movement', title: 'Ingresos y retiros', data: true },
  ]),
  outlet('bank', 'banco', 'Banco', [
    { id: 'admin-bank-accounts', path: 'cuentas', page: 'features/cash/pages/bank-accounts', title: 'Cuentas bancarias', roles: ADMIN_USER, data: true },
    { id: 'admin-bank-barrio', path: 'bancoDelBarrio', page: 'features/cash/pages/barrio', title: 'Banco del Barrio', data: true },
  ]),
];

/** Printable documents (free layout): the arqueo ticket, from the back office or a shared link. */
export const freeRoutes: RouteDef[] = [
  printable('admin-cash-count-ticket', '/admin/caja/turno/:id/ticketArqueo', 'features/cash/pages/ticket-arqueo', 'Arqueo de caja', { numericParams: ['id'] }),
  printable('cash-count-ticket', '/tickets/caja/ticketArqueo', 'features/cash/pages/ticket-arqueo', 'Arqueo de caja'),
  printable('cnb-report-ticket', '/tickets/banco/bancoDelBarrio', 'features/cash/pages/ticket-barrio', 'Reporte Banco del Barrio'),
];

/** Menu entries of the cash area (each shown only to the roles its route admits). */
export const menu: MenuItem[] = [
  menuGroup('Caja', 'building', [
    ['Resumen de caja', 'admin-cash'], ['Abrir / cerrar caja', 'admin-cash-open-close'], ['Ingresos y retiros', 'admin-cash-movement'],
    ['Mis turnos', 'admin-cash-my-turns'], ['Confirmar cierre', 'admin-cash-confirm'], ['Historial de turnos', 'admin-cash-history'],
    ['Cajas', 'admin-cash-registers'], ['Cuentas bancarias', 'admin-bank-accounts'], ['Banco del Barrio', 'admin-bank-barrio'],
  ]),
];
