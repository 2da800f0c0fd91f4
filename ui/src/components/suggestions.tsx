/**
 * Suggestions under a search field, picked with the keyboard: ↓/↑ move the highlighted one, Enter
 * picks it (the first one until an arrow is pressed), a click picks any. One implementation for
 * every search that suggests records — the POS's product and client search, the quote form's
 * client and product fields — wired as an ARIA combobox with its listbox.
 */
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';

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
