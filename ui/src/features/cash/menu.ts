/** Menu entries of the cash area (each shown only to the roles its route admits). */
import type { MenuItem } from '../../lib/menu-item';

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
