/** Spanish names of the cash area's codes, and cent arithmetic on decimal strings (no floats). */

/** Generated from the Rust enums (server/views/typescript.rs). */
export { CASH_MOVEMENT_LABELS as movementLabels, CNB_TYPES as cnbTypes, SHIFT_METHOD_LABELS as methodLabels } from '../../lib/api-types';

export const stateLabels: Record<string, string> = {
  open: 'Abierto',
  closed: 'Cerrado',
  confirmed: 'Confirmado',
};
