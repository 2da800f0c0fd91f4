import type { QuoteState } from '../../../lib/api-types';

/** Spanish names of a quote's `state` (the server's `QuoteState`: a new state fails the type check until it is named here). */
export const QUOTE_STATES: Record<QuoteState, string> = { vigente: 'Vigente', vencida: 'Vencida', convertida: 'Convertida' };
