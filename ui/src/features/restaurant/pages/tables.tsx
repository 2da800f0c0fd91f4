/**
 * `/admin/restaurante/configMesas`: the branch's zones (tabs) and tables on a floor plan. A table is
 * moved by dragging it (pointer events; its place is saved on drop) or, once selected, with the
 * arrow keys (Shift: bigger steps; saved shortly after the last key). Zones and tables are created,
 * edited and deleted in dialogs that keep what was typed and show the server's Spanish messages.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { Field, Notice } from '../../../components/form';
import { FormDialog } from '../../../components/form-dialog';
import { Options, SelectField } from '../../../components/form-fields';
import { apiPost } from '../../../lib/api';
import { confirmAction } from '../../../lib/confirm';
import { toast } from '../../../lib/toast';
import type { FloorSetupPage, IdBody, TableBody, TableView, ZoneView } from '../../../lib/api-types';

/** Size of a table on the plan, in plan units, by shape. */
export const TABLE_SIZE: Record<string, { w: number; h: number }> = {
  square: { w: 90, h: 90 },
  round: { w: 90, h: 90 },
  rect: { w: 150, h: 80 },
};

const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));

/** Grid a new table is placed on, in plan units: wide enough for the widest shape. */
const SLOT = { w: 160, h: 110 };

/**
 * Where a new table of `shape` goes in a zone whose tables are `others`: the first grid slot it
 * does not overlap (row by row), so a table just created is never hidden under another.
 */
export const freeSpot = (others: TableView[], shape: string, size: number) => {
  const box = TABLE_SIZE[shape] ?? TABLE_SIZE.square;
  const overlaps = (x: number, y: number) =>
    others.some((t) => {
      const o = TABLE_SIZE[t.shape] ?? TABLE_SIZE.square;
      return x < t.x + o.w && t.x < x + box.w && y < t.y + o.h && t.y < y + box.h;
    });
  for (let y = 0; y + box.h <= size; y += SLOT.h) {
    for (let x = 0; x + box.w <= size; x += SLOT.w) {
      if (!overlaps(x, y)) return { x, y };
    }
  }
  return { x: 0, y: 0 };
};

/** What the table form and the drag send: the table as it is with a new place. */
const tableBody = (t: TableView, x: number, y: number): TableBody => ({ zoneId: t.zoneId, name: t.name, seats: t.seats, shape: t.shape, x, y });

type Dialog = { kind: 'zone'; zone?: ZoneView } | { kind: 'table'; table?: TableView } | null;

export default function TablesPage() {
  const data = useLoaderData() as FloorSetupPage;
  const revalidator = useRevalidator();
  const [tables, setTables] = useState<TableView[]>(data.tables);
  useEffect(() => setTables(data.tables), [data.tables]);
  const [zoneId, setZoneId] = useState<number | null>(data.zones[0]?._id ?? null);
  // When the zones change (one deleted), keep the chosen one if it is still there. A zone just
  // saved is chosen before the reloaded zones arrive, so this runs on new zones only.
  useEffect(() => {
    setZoneId((current) => (current !== null && data.zones.some((z) => z._id === current) ? current : (data.zones[0]?._id ?? null)));
  }, [data.zones]);
  const [selected, setSelected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const zone = data.zones.find((z) => z._id === zoneId) ?? null;
  const inZone = useMemo(() => tables.filter((t) => t.zoneId === zoneId), [tables, zoneId]);
  const plan = useRef<HTMLDivElement>(null);
  const size = data.planSize;

  const reload = () => revalidator.revalidate();

  /** Saves a table's place; on failure the plan goes back to what the server has. */
  const savePlace = async (t: TableView, x: number, y: number) => {
    try {
      await apiPost(`/api/restaurant/table/${t._id}/update`, tableBody(t, x, y));
      toast({ title: 'Posición guardada', description: `${t.name}: ${x}, ${y}`, color: 'success' });
    } catch {
      await reload();
    }
  };

  const place = (id: number, x: number, y: number) => setTables((all) => all.map((t) => (t._id === id ? { ...t, x, y } : t)));

  // Dragging: where the pointer grabbed the table (plan units) and whether it moved.
  const drag = useRef<{ id: number; dx: number; dy: number; moved: boolean; startX: number; startY: number; x: number; y: number } | null>(null);
  const toPlan = (clientX: number, clientY: number) => {
    const rect = plan.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return { x: 0, y: 0 };
    return { x: ((clientX - rect.left) / rect.width) * size, y: ((clientY - rect.top) / rect.height) * size };
  };
  const onPointerDown = (t: TableView) => (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    const at = toPlan(e.clientX, e.clientY);
    drag.current = { id: t._id, dx: at.x - t.x, dy: at.y - t.y, moved: false, startX: e.clientX, startY: e.clientY, x: t.x, y: t.y };
    e.currentTarget.setPointerCapture(e.pointerId);
    setSelected(t._id);
  };
  const onPointerMove = (t: TableView) => (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.id !== t._id) return;
    if (!d.moved && Math.abs(e.clientX - d.startX) + Math.abs(e.clientY - d.startY) < 4) return;
    d.moved = true;
    const at = toPlan(e.clientX, e.clientY);
    const box = TABLE_SIZE[t.shape] ?? TABLE_SIZE.square;
    // The place is kept here too: the last move's render may not have happened at the drop.
    d.x = clamp(at.x - d.dx, size - box.w);
    d.y = clamp(at.y - d.dy, size - box.h);
    place(t._id, d.x, d.y);
  };
  const onPointerUp = (t: TableView) => (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d || d.id !== t._id || !d.moved) return;
    e.currentTarget.releasePointerCapture(e.pointerId);
    place(t._id, d.x, d.y);
    void savePlace(t, d.x, d.y);
  };

  // Keyboard: arrows move the selected table; saved once the keys stop.
  const keySave = useRef<number | undefined>(undefined);
  const onKeyDown = (t: TableView) => (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.shiftKey ? 50 : 10;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    const box = TABLE_SIZE[t.shape] ?? TABLE_SIZE.square;
    const x = clamp(t.x + move[0], size - box.w);
    const y = clamp(t.y + move[1], size - box.h);
    place(t._id, x, y);
    setSelected(t._id);
    window.clearTimeout(keySave.current);
    keySave.current = window.setTimeout(() => void savePlace(t, x, y), 400);
  };

  const remove = async (kind: 'zone' | 'table', id: number, name: string) => {
    const what = kind === 'zone' ? `la zona «${name}»` : `la mesa «${name}»`;
    if (!(await confirmAction(`¿Eliminar ${what}?`, 'Confirmar Acción', 'Eliminar'))) return;
    try {
      await apiPost(`/api/restaurant/${kind}/delete`, { _id: id } satisfies IdBody);
      toast({ title: kind === 'zone' ? 'Zona eliminada' : 'Mesa eliminada', color: 'success' });
      if (kind === 'table' && selected === id) setSelected(null);
      await reload();
    } catch {
      // The error modal shows the server's reason (a zone with tables, an open order…).
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">Mesas y zonas</h1>
          <p className="text-sm text-gray-600 dark:text-gray-400">Arrastre las mesas para ubicarlas en el plano, o selecciónelas y use las flechas del teclado (Mayús: pasos grandes).</p>
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn btn-secondary" onClick={() => setDialog({ kind: 'zone' })}>
            Nueva zona
          </button>
          <button type="button" className="btn btn-primary" disabled={data.zones.length === 0} onClick={() => setDialog({ kind: 'table' })}>
            Nueva mesa
          </button>
        </div>
      </div>

      {data.zones.length === 0 ? (
        <p className="rounded-md border border-dashed border-gray-300 p-6 text-center text-gray-600 dark:border-gray-700 dark:text-gray-400">Todavía no hay zonas. Cree la primera (Salón, Terraza…) con «Nueva zona».</p>
      ) : (
        <>
          <div role="tablist" aria-label="Zonas" className="flex flex-wrap gap-1 border-b border-gray-200 dark:border-gray-700">
            {data.zones.map((z) => (
              <button
                key={z._id}
                type="button"
                role="tab"
                aria-selected={z._id === zoneId}
                className={`rounded-t-md px-4 py-2 text-sm font-medium ${z._id === zoneId ? 'border-b-2 border-primary-600 text-primary-700 dark:text-primary-300' : 'text-gray-600 hover:text-gray-900 dark:text-gray-400'}`}
                onClick={() => {
                  setZoneId(z._id);
                  setSelected(null);
                }}
              >
                {z.name} <span className="text-xs text-gray-500">({tables.filter((t) => t.zoneId === z._id).length})</span>
              </button>
            ))}
          </div>
          {zone && (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">Zona «{zone.name}»</span>
              <button type="button" className="btn btn-secondary" onClick={() => setDialog({ kind: 'zone', zone })}>
                Editar zona
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => void remove('zone', zone._id, zone.name)}>
                Eliminar zona
              </button>
            </div>
          )}
          <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
            <div
              ref={plan}
              data-testid="floor-plan"
              aria-label={`Plano de la zona ${zone?.name ?? ''}`}
              className="relative aspect-square w-full max-w-3xl touch-none select-none overflow-hidden rounded-lg border border-gray-300 bg-[radial-gradient(circle,rgba(0,0,0,0.08)_1px,transparent_1px)] bg-[length:5%_5%] dark:border-gray-700"
            >
              {inZone.map((t) => {
                const box = TABLE_SIZE[t.shape] ?? TABLE_SIZE.square;
                return (
                  <button
                    key={t._id}
                    type="button"
                    data-testid="plan-table"
                    data-table={t.name}
                    data-x={t.x}
                    data-y={t.y}
                    aria-pressed={selected === t._id}
                    aria-label={`${t.name}, ${t.seats} puestos, posición ${t.x}, ${t.y}`}
                    className={`absolute flex cursor-grab flex-col items-center justify-center border-2 text-sm font-semibold shadow-sm active:cursor-grabbing ${t.shape === 'round' ? 'rounded-full' : 'rounded-md'} ${selected === t._id ? 'border-primary-600 bg-primary-100 dark:bg-primary-900' : 'border-gray-400 bg-white dark:bg-gray-800'} ${t.active ? '' : 'opacity-50'}`}
                    style={{ left: `${(t.x / size) * 100}%`, top: `${(t.y / size) * 100}%`, width: `${(box.w / size) * 100}%`, height: `${(box.h / size) * 100}%` }}
                    onPointerDown={onPointerDown(t)}
                    onPointerMove={onPointerMove(t)}
                    onPointerUp={onPointerUp(t)}
                    onPointerCancel={() => (drag.current = null)}
                    onKeyDown={onKeyDown(t)}
                    onFocus={() => setSelected(t._id)}
                  >
                    <span>{t.name}</span>
                    <span className="text-xs font-normal text-gray-600 dark:text-gray-300">{t.seats} p.</span>
                  </button>
                );
              })}
              {inZone.length === 0 && <p className="absolute inset-0 flex items-center justify-center text-gray-500">Esta zona no tiene mesas. Agregue una con «Nueva mesa».</p>}
            </div>
            <div>
              <h2 className="mb-2 font-semibold">Mesas de la zona</h2>
              <ul className="divide-y divide-gray-200 rounded-md border border-gray-200 dark:divide-gray-700 dark:border-gray-700">
                {inZone.map((t) => (
                  <li key={t._id} data-testid="table-row" className={`flex items-center justify-between gap-2 px-3 py-2 ${selected === t._id ? 'bg-primary-50 dark:bg-gray-800' : ''}`}>
                    <button type="button" className="text-left" onClick={() => setSelected(t._id)}>
                      <span className="font-medium">{t.name}</span>
                      <span className="block text-xs text-gray-500">
                        {t.seats} puestos · {data.shapes.find((s) => s.value === t.shape)?.label ?? t.shape}
                        {t.active ? '' : ' · inactiva'}
                      </span>
                    </button>
                    <span className="flex gap-1">
                      <button type="button" className="btn btn-secondary px-2 py-1 text-xs" onClick={() => setDialog({ kind: 'table', table: t })} aria-label={`Editar ${t.name}`}>
                        Editar
                      </button>
                      <button type="button" className="btn btn-secondary px-2 py-1 text-xs" onClick={() => void remove('table', t._id, t.name)} aria-label={`Eliminar ${t.name}`}>
                        Eliminar
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </>
      )}

      {dialog?.kind === 'zone' && (
        <ZoneDialog
          zone={dialog.zone}
          onClose={() => setDialog(null)}
          onSaved={async (saved) => {
            setDialog(null);
            setZoneId(saved._id);
            await reload();
          }}
        />
      )}
      {dialog?.kind === 'table' && (
        <TableDialog
          table={dialog.table}
          zones={data.zones}
          zoneId={zoneId}
          shapes={data.shapes}
          spot={(zone, shape) => freeSpot(tables.filter((t) => t.zoneId === zone), shape, size)}
          onClose={() => setDialog(null)}
          onSaved={async (saved) => {
            setDialog(null);
            setZoneId(saved.zoneId);
            setSelected(saved._id);
            await reload();
          }}
        />
      )}
    </div>
  );
}

function ZoneDialog({ zone, onClose, onSaved }: { zone?: ZoneView; onClose: () => void; onSaved: (z: ZoneView) => void }) {
  return (
    <FormDialog<ZoneView>
      title={zone ? 'Editar zona' : 'Nueva zona'}
      formId="zone-form"
      url={zone ? `/api/restaurant/zone/${zone._id}/update` : '/api/restaurant/zone/register'}
      toBody={(form) => ({ name: String(form.get('name') ?? '').trim() })}
      onSaved={(saved) => {
        toast({ title: 'Zona guardada', color: 'success' });
        onSaved(saved);
      }}
      onClose={onClose}
      className="space-y-3"
      messageAlone
    >
      {(errors) => <Field label="Nombre" name="name" defaultValue={zone?.name ?? ''} error={errors.name} maxLength={40} placeholder="Salón, Terraza, Barra…" />}
    </FormDialog>
  );
}

function TableDialog({
  table,
  zones,
  zoneId,
  shapes,
  spot,
  onClose,
  onSaved,
}: {
  /** Where a new table of a zone and shape goes (see [`freeSpot`]). */
  spot: (zoneId: number, shape: string) => { x: number; y: number };
  table?: TableView;
  zones: ZoneView[];
  zoneId: number | null;
  shapes: FloorSetupPage['shapes'];
  onClose: () => void;
  onSaved: (t: TableView) => void;
}) {
  const toBody = (form: FormData) => ({
    zoneId: Number(form.get('zoneId')),
    name: String(form.get('name') ?? '').trim(),
    seats: String(form.get('seats') ?? '').trim(),
    shape: String(form.get('shape') ?? 'square'),
    active: form.get('active') === 'true',
    ...(table ? { x: table.x, y: table.y } : spot(Number(form.get('zoneId')), String(form.get('shape') ?? 'square'))),
  });
  return (
    <FormDialog<TableView>
      title={table ? 'Editar mesa' : 'Nueva mesa'}
      formId="table-form"
      url={table ? `/api/restaurant/table/${table._id}/update` : '/api/restaurant/table/register'}
      toBody={toBody}
      onSaved={(saved) => {
        toast({ title: 'Mesa guardada', color: 'success' });
        onSaved(saved);
      }}
      onClose={onClose}
      className="grid gap-x-4 gap-y-3 sm:grid-cols-2"
      messageAlone
    >
      {(errors) => (
        <>
          <Field label="Nombre" name="name" defaultValue={table?.name ?? ''} error={errors.name} maxLength={40} placeholder="Mesa 1" />
          <SelectField label="Zona" name="zoneId" defaultValue={String(table?.zoneId ?? zoneId ?? '')} error={errors.zoneId}>
            <Options items={zones} value={(z) => z._id} label={(z) => z.name} />
          </SelectField>
          <Field label="Puestos" name="seats" inputMode="numeric" defaultValue={String(table?.seats ?? 4)} error={errors.seats} />
          <SelectField label="Forma" name="shape" defaultValue={table?.shape ?? 'square'} error={errors.shape}>
            <Options items={shapes} value={(s) => s.value} label={(s) => s.label} />
          </SelectField>
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" name="active" value="true" defaultChecked={table?.active ?? true} /> Activa
          </label>
          {(errors.x || errors.y) && (
            <div className="sm:col-span-2">
              <Notice kind="error">{errors.x ?? errors.y}</Notice>
            </div>
          )}
        </>
      )}
    </FormDialog>
  );
}
