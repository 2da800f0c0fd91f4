/**
 * `/admin/restaurante/ordenes`: the kitchen screen (free layout, full screen, large type). One
 * ticket per order and round with its items, modifiers and notes; voided items struck through with
 * their reason. The ticket's colour tells its age (green under 10 minutes, amber under 20, red
 * after). A tap on an item moves it one step (pendiente → preparando → listo → entregado); the
 * ticket's button moves all its items. Filter by station (todas, cocina, bar; kept in the address
 * so each screen of the kitchen keeps its own). Live through `useRestaurantEvents`, with a short
 * beep when a new ticket arrives (the browser allows sound after the first tap on the screen).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useSoon } from '../../../lib/debounce';
import { formatQuantity } from '../../../lib/format';
import { ITEM_STATE_LABELS, elapsedLabel, minutesSince, nextState, restaurantApi, type ItemState, type TicketView } from '../api';
import { ItemExtras } from '../components/order-draft';
import { STATE_BADGE } from '../components/order-view';
import { ConnectionBanner, useNow, useRestaurantEvents } from '../components/use-restaurant-events';

const STATIONS: [string, string][] = [
  ['', 'Todas'],
  ['cocina', 'Cocina'],
  ['bar', 'Bar'],
];

/** Ticket colour by minutes since it was sent. */
function ageColour(minutes: number): string {
  if (minutes < 10) return 'border-green-600 bg-green-50 dark:bg-green-950';
  if (minutes < 20) return 'border-amber-500 bg-amber-50 dark:bg-amber-950';
  return 'border-red-600 bg-red-50 dark:bg-red-950';
}

const ticketKey = (t: TicketView) => `${t.orderId}-${t.round}`;

/** A short beep through WebAudio (the context is made on the first tap, as browsers require). */
let audio: AudioContext | null = null;
function unlockAudio() {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
  } catch {
    audio = null;
  }
}
function beep() {
  if (!audio || audio.state !== 'running') return;
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = 880;
  gain.gain.setValueAtTime(0.25, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start();
  oscillator.stop(audio.currentTime + 0.35);
}

export default function Kitchen() {
  const [params, setParams] = useSearchParams();
  const station = params.get('station') ?? '';
  const [tickets, setTickets] = useState<TicketView[] | null>(null);
  const [error, setError] = useState('');
  const [beeps, setBeeps] = useState(0);
  const [soundOn, setSoundOn] = useState(false);
  const known = useRef<Set<string> | null>(null);
  const now = useNow(10_000);

  const load = useCallback(async () => {
    try {
      const list = await restaurantApi.kitchen(station, { quiet: true });
      const keys = new Set(list.map(ticketKey));
      // A ticket not seen before (not on the first load, nor after a change of station) rings.
      if (known.current && list.some((t) => !known.current?.has(ticketKey(t)))) {
        beep();
        setBeeps((n) => n + 1);
      }
      known.current = keys;
      setTickets(list);
      setError('');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'No se pudieron cargar los pedidos: revise la conexión.');
    }
  }, [station]);

  useEffect(() => {
    known.current = null;
    void load();
  }, [load]);

  const loadSoon = useSoon(load, 100);
  const feed = useRestaurantEvents(loadSoon, loadSoon);

  useEffect(() => {
    const unlock = () => {
      unlockAudio();
      setSoundOn(audio !== null);
    };
    window.addEventListener('pointerdown', unlock);
    window.addEventListener('keydown', unlock);
    return () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
    };
  }, []);

  async function advance(orderId: number, items: { _id: number; state: ItemState }[]) {
    try {
      for (const item of items) {
        const next = nextState(item.state);
        if (next) await restaurantApi.setState(orderId, item._id, next, { quiet: true });
      }
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'No se pudo cambiar el estado: revise la conexión.');
    } finally {
      loadSoon();
    }
  }

  return (
    <div className="min-h-screen bg-gray-100 p-4 text-gray-900 dark:bg-gray-950 dark:text-gray-100" data-testid="kitchen" data-beeps={beeps} data-feed={feed}>
      <header className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">Cocina</h1>
        <div role="tablist" aria-label="Estación" className="flex gap-1">
          {STATIONS.map(([value, label]) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={station === value}
              className={`rounded-lg px-4 py-2 text-xl font-semibold ${station === value ? 'bg-primary-600 text-white' : 'bg-white text-gray-800 dark:bg-gray-800 dark:text-gray-100'}`}
              onClick={() => setParams(value ? { station: value } : {}, { replace: true })}
            >
              {label}
            </button>
          ))}
        </div>
        <span className="ml-auto text-lg" data-testid="ticket-count">
          {tickets ? `${tickets.length} ${tickets.length === 1 ? 'pedido' : 'pedidos'}` : ''}
        </span>
        {!soundOn && (
          <button type="button" className="btn btn-secondary" onClick={() => (unlockAudio(), setSoundOn(true))}>
            Activar sonido
          </button>
        )}
        <Link to="/admin/restaurante/tomar-orden" className="text-lg underline">
          Salir
        </Link>
      </header>
      <ConnectionBanner state={feed} className="mb-4 text-xl" />
      {error && (
        <p role="alert" className="mb-4 text-xl text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {tickets === null ? (
        <p className="text-2xl text-gray-500">Cargando pedidos…</p>
      ) : tickets.length === 0 ? (
        <p className="mt-16 text-center text-3xl text-gray-500" data-testid="no-tickets">
          Sin pedidos pendientes
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
          {tickets.map((t) => {
            const minutes = minutesSince(t.sentAt, now);
            const live = t.items.filter((i) => i.state !== 'anulado');
            const lowest = live.reduce<ItemState | null>((low, i) => (low === null || ITEM_ORDER[i.state] < ITEM_ORDER[low] ? i.state : low), null);
            const next = lowest ? nextState(lowest) : null;
            return (
              <article key={ticketKey(t)} className={`rounded-xl border-4 p-3 shadow ${ageColour(minutes)}`} data-testid="ticket" data-order={t.orderId} data-round={t.round}>
                <header className="mb-2 flex items-baseline justify-between gap-2">
                  <h2 className="text-2xl font-bold">{`N.º ${t.number}`}</h2>
                  <span className="text-xl font-semibold">{t.table ?? (t.kind === 'delivery' ? 'Domicilio' : 'Mostrador')}</span>
                </header>
                <p className="mb-2 flex justify-between text-lg">
                  <span>{`Ronda ${t.round}`}</span>
                  <span className="font-semibold" data-testid="ticket-age">
                    {now > 0 ? elapsedLabel(minutes) : ''}
                  </span>
                </p>
                <ul className="space-y-2">
                  {t.items.map((i) => {
                    const voided = i.state === 'anulado';
                    return (
                      <li key={i._id}>
                        <button
                          type="button"
                          disabled={voided || nextState(i.state) === null}
                          className="flex w-full items-start gap-2 rounded-lg bg-white/70 p-2 text-left text-xl disabled:cursor-default dark:bg-gray-900/60"
                          aria-label={`${i.name}: ${ITEM_STATE_LABELS[i.state]}${voided ? '' : `, tocar para ${ITEM_STATE_LABELS[nextState(i.state) ?? i.state].toLowerCase()}`}`}
                          data-testid="kitchen-item"
                          data-state={i.state}
                          onClick={() => void advance(t.orderId, [i])}
                        >
                          <span className={`flex-1 ${voided ? 'line-through opacity-60' : ''}`}>
                            <strong>{`${formatQuantity(i.quantity)} × ${i.name}`}</strong>
                            <ItemExtras modifiers={i.modifiers} notes={i.notes} className="text-lg" />
                            {voided && <span className="block text-base font-semibold text-red-700 no-underline dark:text-red-300">{`ANULADO: ${i.voidReason ?? ''}`}</span>}
                          </span>
                          <span className={`shrink-0 rounded px-2 py-1 text-base font-bold ${STATE_BADGE[i.state]}`}>{ITEM_STATE_LABELS[i.state]}</span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
                {next && (
                  <button
                    type="button"
                    className="btn btn-primary mt-3 w-full text-xl"
                    onClick={() =>
                      void advance(
                        t.orderId,
                        live.filter((i) => i.state === lowest),
                      )
                    }
                  >
                    {`Todo: ${ITEM_STATE_LABELS[next]}`}
                  </button>
                )}
              </article>
            );
          })}
        </div>
      )}
    </div>
  );
}

/** The position of each state in the flow (a voided item sorts last: it never moves). */
const ITEM_ORDER: Record<ItemState, number> = { pendiente: 0, preparando: 1, listo: 2, entregado: 3, anulado: 4 };
