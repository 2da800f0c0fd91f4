/** Spanish names of a quote's `state` (`vigente`, `vencida`, `convertida`: see the server's `quote_state`). */
export const QUOTE_STATES: Record<string, string> = { vigente: 'Vigente', vencida: 'Vencida', convertida: 'Convertida' };
