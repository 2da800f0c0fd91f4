/**
 * What a waiter is about to send: products found by name or code (↑/↓ and Enter, like the POS),
 * each with its quantity, the quick modifiers of its category («sin cebolla» in the kitchen, «sin
 * hielo» at the bar), a modifier of their own and notes.
 * Shared by the table order, the counter (express) and the delivery screens.
 */
import { forwardRef, useEffect, useState } from 'react';
import { SuggestionList, useSuggestions } from '../../../components/suggestions';
import { apiGet } from '../../../lib/api';
import { STATION_MODIFIERS, type CategoryView, type Page, type ProductView } from '../../../lib/api-types';
import { formatMoney } from '../../../lib/format';
import { decimalText } from '../../../lib/money';
import type { DraftItem } from '../api';

/**
 * The quick modifiers of each category (its own, else its station's), read once: a product without
 * category, or before they arrive, gets the kitchen's.
 */
function useQuickModifiers(): (categoryId: number | null) => string[] {
  const [byCategory, setByCategory] = useState<Map<number, string[]>>(new Map());
  useEffect(() => {
    const controller = new AbortController();
    apiGet<CategoryView[]>('/api/item/category/all', { quiet: true, signal: controller.signal })
      .then((list) => setByCategory(new Map(list.map((c) => [c._id, c.quickModifiers]))))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return (id) => (id !== null ? byCategory.get(id) : undefined) ?? STATION_MODIFIERS.cocina ?? [];
}

/** Products of the catalogue (not ingredients) whose name, code or barcode matches what is typed. */
export const ProductSearch = forwardRef<HTMLInputElement, { onPick: (p: ProductView) => void }>(function ProductSearch({ onPick }, ref) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<ProductView[]>([]);
  useEffect(() => {
    if (!q.trim()) {
      setFound([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiGet<Page<ProductView>>(`/api/item?search=${encodeURIComponent(q.trim())}&limit=8&active=true`, { quiet: true, signal: controller.signal })
        .then((p) => setFound(p.results.filter((r) => r.kind !== 'ingredient')))
        .catch(() => undefined);
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);
  const pick = (p: ProductView) => {
    onPick(p);
    setQ('');
    setFound([]);
  };
  const { inputProps, list } = useSuggestions(found, pick);
  return (
    <div className="relative">
      <input
        ref={ref}
        className="input"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder="Buscar producto por nombre o código (F2)"
        aria-label="Buscar producto"
        autoComplete="off"
        {...inputProps}
      />
      <SuggestionList
        {...list}
        label="Productos encontrados"
        className="absolute z-20 mt-1 w-full divide-y divide-gray-100 rounded-md border border-gray-200 bg-white shadow-lg dark:divide-gray-800 dark:border-gray-700 dark:bg-gray-900"
        optionClassName="flex w-full justify-between p-2 text-left"
        render={(p) => (
          <>
            <span>{`${p.code} · ${p.name}`}</span>
            <span className="text-gray-500">{formatMoney(p.pvp)}</span>
          </>
        )}
      />
    </div>
  );
});

/** Adds `p` to the draft: one more of the same product without notes or modifiers, else a new line. */
export function addToDraft(draft: DraftItem[], p: { _id: number; name: string; categoryId: number | null }): DraftItem[] {
  const at = draft.findIndex((d) => d.productId === p._id && !d.notes && d.modifiers.length === 0);
  if (at >= 0) {
    return draft.map((d, i) => {
      if (i !== at) return d;
      const n = Number(decimalText(d.quantity));
      return { ...d, quantity: String(Number.isFinite(n) ? n + 1 : 1) };
    });
  }
  return [...draft, { productId: p._id, categoryId: p.categoryId, name: p.name, quantity: '1', notes: '', modifiers: [] }];
}

/** The draft lines, each editable; `onChange` receives the new list. */
export function DraftEditor({ draft, onChange }: { draft: DraftItem[]; onChange: (d: DraftItem[]) => void }) {
  const quickFor = useQuickModifiers();
  const set = (i: number, patch: Partial<DraftItem>) => onChange(draft.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  if (draft.length === 0) return <p className="p-3 text-center text-sm text-gray-500">Busque un producto para agregarlo.</p>;
  return (
    <ul className="space-y-2" data-testid="draft">
      {draft.map((d, i) => (
        <li key={i} className="rounded-md border border-gray-200 p-2 dark:border-gray-700">
          <div className="flex items-center gap-2">
            <input className="input w-16 text-right" inputMode="decimal" aria-label={`Cantidad de ${d.name}`} value={d.quantity} onChange={(e) => set(i, { quantity: e.target.value })} />
            <span className="flex-1 font-medium">{d.name}</span>
            <button type="button" className="btn btn-ghost" aria-label={`Quitar ${d.name}`} onClick={() => onChange(draft.filter((_, j) => j !== i))}>
              ✕
            </button>
          </div>
          <div className="mt-1 flex flex-wrap gap-1" role="group" aria-label={`Modificadores de ${d.name}`}>
            {[...quickFor(d.categoryId), ...d.modifiers.filter((m) => !quickFor(d.categoryId).includes(m))].map((m) => {
              const on = d.modifiers.includes(m);
              return (
                <button
                  key={m}
                  type="button"
                  aria-pressed={on}
                  className={`rounded-full border px-2 py-0.5 text-xs ${on ? 'border-primary-600 bg-primary-600 text-white' : 'border-gray-300 text-gray-700 hover:bg-gray-100 dark:border-gray-600 dark:text-gray-200 dark:hover:bg-gray-800'}`}
                  onClick={() => set(i, { modifiers: on ? d.modifiers.filter((x) => x !== m) : [...d.modifiers, m] })}
                >
                  {m}
                </button>
              );
            })}
          </div>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            <input
              className="input text-sm"
              placeholder="Otro modificador + Enter"
              aria-label={`Otro modificador de ${d.name}`}
              maxLength={60}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                e.preventDefault();
                const text = e.currentTarget.value.trim();
                if (text && !d.modifiers.includes(text)) set(i, { modifiers: [...d.modifiers, text] });
                e.currentTarget.value = '';
              }}
            />
            <input className="input text-sm" placeholder="Notas para cocina" aria-label={`Notas de ${d.name}`} maxLength={200} value={d.notes} onChange={(e) => set(i, { notes: e.target.value })} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Modifiers and notes of an item, as the kitchen and the waiter read them. */
export function ItemExtras({ modifiers, notes, className = 'text-xs' }: { modifiers: string[]; notes: string | null; className?: string }) {
  if (modifiers.length === 0 && !notes) return null;
  return (
    <span className={`block ${className}`}>
      {modifiers.length > 0 && <span className="font-semibold text-amber-700 dark:text-amber-300">{modifiers.join(' · ')}</span>}
      {modifiers.length > 0 && notes && ' — '}
      {notes && <em>{notes}</em>}
    </span>
  );
}
