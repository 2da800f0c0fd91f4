/**
 * Suggestions under a search field, picked with the keyboard: ↓/↑ move the highlighted one, Enter
 * picks it (the first one until an arrow is pressed), a click picks any. One implementation for
 * every search that suggests records — the POS's product and client search, the quote form's
 * client and product fields — wired as an ARIA combobox with its listbox.
 */
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { apiGet } from '../lib/api';
import { Field } from './form';
import { Modal } from './modal';

/** The highlighted suggestion and the props of the field and the list. */
export function useSuggestions<T>(items: T[], onPick: (item: T) => void) {
  const listId = useId();
  const [active, setActive] = useState(0);
  // New results start again at the first one.
  useEffect(() => setActive(0), [items]);
  const current = Math.min(active, Math.max(items.length - 1, 0));
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (items.length === 0) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((current + 1) % items.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((current - 1 + items.length) % items.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      onPick(items[current]);
    }
  };
  return {
    /** Spread on the search `<input>`. */
    inputProps: {
      role: 'combobox' as const,
      'aria-autocomplete': 'list' as const,
      'aria-expanded': items.length > 0,
      'aria-controls': listId,
      'aria-activedescendant': items.length > 0 ? `${listId}-${current}` : undefined,
      onKeyDown,
    },
    /** Given to [`SuggestionList`]. */
    list: { id: listId, items, active: current, onPick },
  };
}

/** The suggestions of [`useSuggestions`]; `render` draws one (inside its button). */
export function SuggestionList<T>({
  id,
  items,
  active,
  onPick,
  render,
  label,
  className = '',
  optionClassName = 'w-full px-2 py-1 text-left',
}: {
  id: string;
  items: T[];
  active: number;
  onPick: (item: T) => void;
  render: (item: T) => ReactNode;
  label: string;
  className?: string;
  optionClassName?: string;
}) {
  if (items.length === 0) return null;
  return (
    <ul id={id} role="listbox" aria-label={label} className={className}>
      {items.map((item, i) => (
        <li key={i} id={`${id}-${i}`} role="option" aria-selected={i === active} data-active={i === active || undefined}>
          <button
            type="button"
            tabIndex={-1}
            className={`${optionClassName} ${i === active ? 'bg-primary-100 dark:bg-gray-700' : 'hover:bg-gray-100 dark:hover:bg-gray-800'}`}
            onClick={() => onPick(item)}
          >
            {render(item)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * What a search finds as it is typed: `url` is fetched quietly (a failure leaves what was found)
 * and the request before it aborted; `null` — nothing to look for yet (under two letters, a closed
 * dialog) — finds nothing. `delay` ms lets the typing pause first. `select` picks the records out
 * of the answer; it is read when `url` changes, so it must not depend on anything else.
 */
export function useFound<R, T>(url: string | null, select: (answer: R) => T[], delay = 0) {
  const [found, setFound] = useState<T[]>([]);
  useEffect(() => {
    if (url === null) return setFound([]);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiGet<R>(url, { quiet: true, signal: controller.signal })
        .then((answer) => setFound(select(answer)))
        .catch(() => undefined);
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url]);
  return [found, setFound] as const;
}

/** The search text worth sending: trimmed, and only from two letters on. */
export const searchText = (q: string): string | null => (q.trim().length < 2 ? null : encodeURIComponent(q.trim()));

/** A labelled search field with its suggestions under it, for a form's grid. */
export function SuggestField<T>({
  label,
  name,
  value,
  onChange,
  placeholder,
  suggestions,
  listLabel,
  render,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (q: string) => void;
  placeholder: string;
  suggestions: ReturnType<typeof useSuggestions<T>>;
  /** The accessible name of the list, e.g. «Productos sugeridos». */
  listLabel: string;
  render: (item: T) => ReactNode;
}) {
  return (
    <>
      <Field label={label} name={name} value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} autoComplete="off" {...suggestions.inputProps} />
      <SuggestionList {...suggestions.list} label={listLabel} className="mt-1 rounded border border-gray-200 text-sm dark:border-gray-700" render={render} />
    </>
  );
}

/**
 * A search in a dialog — the POS's products (F2) and clients (F4): what is typed is looked up at
 * `url(q)` while the dialog is open (150 ms after the last key), and a record found is picked with
 * the keyboard or a click. `initial` starts the search again each time the dialog opens (the code
 * typed in the POS's field). `children(found)` goes under the list (a «Sin resultados.», a link).
 */
export function SearchDialog<R, T>({
  title,
  open,
  onClose,
  onPick,
  initial,
  url,
  select,
  placeholder,
  inputLabel,
  listLabel,
  render,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  onPick: (item: T) => void;
  initial?: string;
  url: (q: string) => string;
  /** The records of the answer; see `useFound`. */
  select: (answer: R) => T[];
  placeholder: string;
  /** The accessible name of the field, e.g. «Buscar cliente». */
  inputLabel: string;
  /** The accessible name of the list, e.g. «Clientes encontrados». */
  listLabel: string;
  render: (item: T) => ReactNode;
  children?: (found: T[]) => ReactNode;
}) {
  const [q, setQ] = useState(initial ?? '');
  useEffect(() => {
    if (open && initial !== undefined) setQ(initial);
  }, [open, initial]);
  const [found] = useFound(open ? url(encodeURIComponent(q)) : null, select, 150);
  const { inputProps, list } = useSuggestions(found, onPick);
  return (
    <Modal title={title} open={open} onClose={onClose} size="lg">
      <input className="input" value={q} onChange={(e) => setQ(e.target.value)} placeholder={placeholder} aria-label={inputLabel} {...inputProps} />
      <SuggestionList
        {...list}
        label={listLabel}
        className="mt-2 divide-y divide-gray-100 dark:divide-gray-800"
        optionClassName="flex w-full justify-between p-2 text-left"
        render={render}
      />
      {children?.(found)}
    </Modal>
  );
}
