/**
 * What billing needs from the POS (bank accounts for transfers, whether the user has an open
 * shift, the consumidor final's name): the POS page's own data (`/api/page-data` of
 * `/admin/ventas/notaventa`), so the restaurant screens need no loader of their own.
 */
import { useEffect, useState } from 'react';
import { apiGet } from '../../../lib/api';
import type { BankOptionView, PosPage } from '../../../lib/api-types';

export interface PosSetup {
  bankAccounts: BankOptionView[];
  hasOpenTurn: boolean;
  finalConsumer: string;
}

/** The POS setup, loaded once on mount (null until it arrives). */
export function usePosSetup(): PosSetup | null {
  const [setup, setSetup] = useState<PosSetup | null>(null);
  useEffect(() => {
    apiGet<Record<string, unknown>>('/api/page-data/admin/ventas/notaventa', { quiet: true })
      .then((all) => {
        const pos = all['sales-pos'] as PosPage | undefined;
        if (pos) setSetup({ bankAccounts: pos.bankAccounts, hasOpenTurn: pos.hasOpenTurn, finalConsumer: pos.finalConsumer.name });
      })
      .catch(() => undefined);
  }, []);
  return setup;
}
