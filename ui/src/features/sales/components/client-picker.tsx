/**
 * The client picker of the POS (F4): clients by name or identification, picked with the keyboard,
 * and optionally a new buyer registered in place. Shared by every screen that bills (the POS,
 * factura express, the restaurant's bill).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { SearchDialog } from '../../../components/suggestions';
import { ApiError, apiPost } from '../../../lib/api';
import type { ClientView } from '../../../lib/api-types';

/** F4: clients by name or identification. */
export function ClientPicker({ open, onClose, onPick, createClient }: { open: boolean; onClose: () => void; onPick: (c: ClientView) => void; createClient?: boolean }) {
  return (
    <SearchDialog<ClientView[], ClientView>
      title="Elegir cliente"
      open={open}
      onClose={onClose}
      onPick={onPick}
      url={(q) => `/api/clients/search?q=${q}`}
      select={(clients) => clients}
      placeholder="Nombre o identificación"
      inputLabel="Buscar cliente"
      listLabel="Clientes encontrados"
      render={(c) => (
        <>
          <span>{c.name}</span>
          <span className="text-gray-500">{c.identification}</span>
        </>
      )}
    >
      {() =>
        createClient ? (
          <NewClient onCreated={onPick} />
        ) : (
          <Link to="/admin/ventas/listaclientes" className="mt-2 inline-block text-sm underline">
            Registrar un cliente nuevo
          </Link>
        )
      }
    </SearchDialog>
  );
}

/**
 * A new buyer registered from the client picker (`POST /api/clients/register`, every role), then
 * picked. Only what a factura needs; the clients page edits the rest.
 */
function NewClient({ onCreated }: { onCreated: (c: ClientView) => void }) {
  const [shown, setShown] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (!shown) {
    return (
      <button type="button" className="mt-2 text-sm underline" onClick={() => setShown(true)}>
        Registrar un cliente nuevo
      </button>
    );
  }
  async function create(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    setBusy(true);
    setError('');
    try {
      const client = await apiPost<ClientView>(
        '/api/clients/register',
        {
          idType: text('idType'),
          identification: text('identification'),
          name: text('name'),
          email: text('email') || null,
          phone: text('phone') || null,
          address: text('address') || null,
        },
        { quiet: true },
      );
      setShown(false);
      onCreated(client);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'No se pudo registrar el cliente: revise la conexión y vuelva a intentar.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="mt-3 grid gap-2 border-t border-gray-200 pt-3 sm:grid-cols-2 dark:border-gray-700" onSubmit={create} data-testid="new-client">
      <p className="text-sm font-medium sm:col-span-2">Nuevo cliente</p>
      <select className="input" name="idType" defaultValue="cedula" aria-label="Tipo de identificación">
        <option value="cedula">Cédula</option>
        <option value="ruc">RUC</option>
        <option value="pasaporte">Pasaporte</option>
        <option value="exterior">Del exterior</option>
      </select>
      <input className="input" name="identification" required maxLength={20} autoComplete="off" placeholder="Identificación" aria-label="Identificación" />
      <input className="input sm:col-span-2" name="name" required maxLength={300} placeholder="Nombre o razón social" aria-label="Nombre o razón social" />
      <input className="input" name="email" maxLength={300} placeholder="Correo electrónico" aria-label="Correo electrónico" />
      <input className="input" name="phone" maxLength={30} placeholder="Teléfono" aria-label="Teléfono" />
      <input className="input sm:col-span-2" name="address" maxLength={300} placeholder="Dirección" aria-label="Dirección" />
      {error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2 dark:text-red-400">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary sm:col-span-2" disabled={busy}>
        {busy ? 'Registrando…' : 'Registrar y elegir'}
      </button>
    </form>
  );
}
