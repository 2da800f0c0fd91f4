/**
 * `/admin/inventario/ajusteInventario`: adjustments. Lines are added by scanning (Enter adds the
 * product, scanning it again adds 1); positive quantities enter, negative ones leave. In count mode
 * the user types the counted quantity and the server posts the difference with the stock.
 */
import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { UrlPagination } from '../../../components/data-list/pagination';
import { DocumentForm, LineEditor, LineInput, useLines } from '../../../components/document-form';
import { Field } from '../../../components/form';
import { Options, SelectField } from '../../../components/form-fields';
import type { AdjustmentBody, AdjustmentView, AdjustmentsPage, ProductDetailView } from '../../../lib/api-types';
import { formatQuantity } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useSubmit } from '../../../lib/use-submit';
import { DocumentsTable, ScanInput, addScanned, type ScannedLine } from '../shared';

interface Line extends ScannedLine {
  stock: string;
  unitCost: string;
}

type Mode = 'lines' | 'count';

export default function Adjustments() {
  const { list, cellars } = useLoaderData() as AdjustmentsPage;
  const revalidator = useRevalidator();
  const [cellarId, setCellarId] = useState(String(cellars.find((c) => c.isDefault)?._id ?? cellars[0]?._id ?? ''));
  const [mode, setMode] = useState<Mode>('lines');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const { lines, setLines, update, remove, reset } = useLines<Line>(() => []);
  const { send, busy, errors } = useSubmit<AdjustmentView, AdjustmentBody>('/api/inventory/adjustment/register');

  const add = (p: ProductDetailView) => {
    const stock = p.stocks.find((s) => String(s.cellarId) === cellarId)?.quantity ?? '0';
    setLines((current) => addScanned(current, p._id, () => ({ productId: p._id, code: p.code, name: p.name, stock, quantity: '1', unitCost: '' })));
  };

  const submit = () => {
    const body =
      mode === 'count'
        ? { cellarId: Number(cellarId), mode, reason, note, lines: lines.map((l) => ({ productId: l.productId, counted: l.quantity })) }
        : { cellarId: Number(cellarId), reason, note, lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity, unitCost: l.unitCost || null })) };
    return send(body, (saved) => {
      toast({ title: 'Ajuste registrado', description: `Número ${saved.number}`, color: 'success' });
      reset();
      setReason('');
      setNote('');
      void revalidator.revalidate();
    });
  };

  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">Ajustes de inventario</h1>
      <DocumentForm onSubmit={submit} headerClassName="grid gap-3 sm:grid-cols-4"
                header={
          <>
            <SelectField label="Bodega" name="cellarId" value={cellarId} onChange={(e) => setCellarId(e.target.value)} error={errors.cellarId}>
              <Options items={cellars} value={(c) => c._id} label={(c) => c.name} />
            </SelectField>
            <SelectField label="Modo" name="mode" value={mode} onChange={(e) => setMode(e.target.value as Mode)} data-testid="adjustment-mode">
              <option value="lines">Entradas y salidas</option>
              <option value="count">Conteo físico</option>
            </SelectField>
            <Field label="Motivo" name="reason" value={reason} onChange={(e) => setReason(e.target.value)} placeholder={mode === 'count' ? 'Conteo físico' : ''} error={errors.reason} />
            <Field label="Nota" name="note" value={note} onChange={(e) => setNote(e.target.value)} error={errors.note} />
          </>
        }
        error={errors.form}
        busy={busy}
        ready={lines.length > 0}
        submitLabel="Registrar ajuste"
      >
        <ScanInput onProduct={add} />
        <LineEditor
          testId="adjustment-lines"
          lineTestId="adjustment-line"
          lines={lines}
          lineKey={(l) => l.productId}
          columns={[
            { header: 'Código', cell: (l) => l.code },
            { header: 'Producto', cell: (l) => l.name },
            { header: 'Stock', numeric: true, cell: (l) => formatQuantity(l.stock) },
            {
              header: mode === 'count' ? 'Contado' : 'Cantidad (+ entra, − sale)',
              numeric: true,
              cell: (l, i) => <LineInput signed label={`Cantidad de ${l.name}`} value={l.quantity} onChange={(quantity) => update(i, { quantity })} />,
            },
            mode === 'lines' && {
              header: 'Costo unitario',
              numeric: true,
              cell: (l, i) => <LineInput label={`Costo de ${l.name}`} value={l.unitCost} placeholder="promedio" onChange={(unitCost) => update(i, { unitCost })} />,
            },
          ]}
          onRemove={remove}
        />
      </DocumentForm>

      <DocumentsTable
        rows={list.results}
        columns={[
          { header: 'Bodega', cell: (a) => a.cellarName },
          { header: 'Motivo', cell: (a) => a.reason },
          { header: 'Líneas', numeric: true, cell: (a) => a.lines.length },
          { header: 'Usuario', cell: (a) => a.user ?? '' },
        ]}
      />
      <UrlPagination list={list} />
    </section>
  );
}
