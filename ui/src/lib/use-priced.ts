/**
 * The server's price of what is being sold — the POS's cart, factura express's draft — asked again
 * after every change: promotions, IVA and totals are the server's, never computed here.
 */
import { useEffect, useState } from 'react';
import { ApiError } from './api';

/**
 * Prices with `price` 120 ms after the last change of `deps` (the request before it aborted), or
 * clears the price when `price` is null (nothing to price). A refusal's message (an unknown product,
 * a discount beyond the cashier's limit) becomes the problem and the last price stays; `setProblem`
 * lets the page say its own (a code that found nothing).
 */
export function usePriced<T>(price: ((signal: AbortSignal) => Promise<T>) | null, deps: readonly unknown[]) {
  const [priced, setPriced] = useState<T | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    if (price === null) {
      setPriced(null);
      setProblem('');
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      price(controller.signal)
        .then((p) => {
          setPriced(p);
          setProblem('');
        })
        .catch((e) => {
          if (e instanceof ApiError) setProblem(e.message);
        });
    }, 120);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, deps);
  return { priced, problem, setProblem };
}
