/**
 * `/admin/inventario/guiaDeRemision`: transfers between warehouses of this or another branch, with
 * the guía de remisión's data (carrier, plate, dates, addresses) and its printable document.
 */
import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { DocumentForm, LineEditor, LineInput, useLines } from '../../../components/document-form';
import { Field } from '../../../components/form';
import { Options, SelectField } from '../../../components/form-fields';
import type { TransferBody, TransferView, TransfersPage } from '../../../lib/api-types';
import { toast } from '../../../lib/toast';
import { useSubmit } from '../../../lib/use-submit';
import { DocumentsTable, ScanInput, addScanned, type ScannedLine } from '../shared';

const GUIDE_FIELDS: [string, string, string][] = [
  ['carrierName', 'Transportista', 'text'],
  ['carrierIdentification', 'Cédula o RUC del transportista', 'text'],
  ['plate', 'Placa', 'text'],
  ['startDate', 'Inicio del traslado', 'date'],
  ['endDate', 'Fin del traslado', 'date'],
  ['originAddress', 'Dirección de partida', 'text'],
  ['destinationAddress', 'Dirección de llegada', 'text'],
  ['reason', 'Motivo', 'text'],
];

export default function Transfers() {
  const { list, cellars, destinations } = useLoaderData() as TransfersPage;
  const revalidator = useRevalidator();
  const [fromCellarId, setFrom] = useState(String(cellars.find((c) => c.isDefault)?._id ?? ''));
  const [toCellarId, setTo] = useState('');
  const { lines, setLines, update, remove, reset } = useLines<ScannedLine>(() => []);
  const { send, busy, errors } = useSubmit<TransferView, TransferBody>('/api/inventory/transfer/register');

  const submit = (formElement: HTMLFormElement) => {
    // The guide's fields are uncontrolled: read when sent, cleared by the form's reset.
    const form = new FormData(formElement);
    const guide = Object.fromEntries(GUIDE_FIELDS.map(([name]) => [name, String(form.get(name) ?? '') || null]));
    const body = { ...guide, fromCellarId: Number(fromCellarId), toCellarId: Number(toCellarId), lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })) };
    return send(body, (saved) => {
      toast({ title: 'Guía registrada', description: `Número ${saved.number}`, color: 'success' });
      reset();
      formElement.reset();
      void revalidator.revalidate();
    });
  };

  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">Guías de remisión</h1>
      <DocumentForm onSubmit={submit} headerClassName="grid gap-3 sm:grid-cols-2"
                header={
          <>
            <SelectField label="Bodega de origen" name="fromCellarId" value={fromCellarId} onChange={(e) => setFrom(e.target.value)} error={errors.fromCellarId}>
              <Options items={cellars} value={(c) => c._id} label={(c) => c.name} />
            </SelectField>
            <SelectField label="Bodega de destino" name="toCellarId" value={toCellarId} onChange={(e) => setTo(e.target.value)} error={errors.toCellarId}>
              <Options items={destinations.filter((c) => String(c._id) !== fromCellarId)} value={(c) => c._id} label={(c) => c.name} empty="Seleccione…" />
            </SelectField>
            {GUIDE_FIELDS.map(([name, label, type]) => (
              <Field key={name} label={label} name={name} type={type} error={errors[name]} />
            ))}
          </>
        }
        error={errors.form}
        busy={busy}
        ready={lines.length > 0}
        submitLabel="Registrar guía"
      >
        <ScanInput onProduct={(p) => setLines((current) => addScanned(current, p._id, () => ({ productId: p._id, code: p.code, name: p.name, quantity: '1' })))} />
        <LineEditor
          lines={lines}
          lineKey={(l) => l.productId}
          columns={[
            { header: 'Código', cell: (l) => l.code },
            { header: 'Producto', cell: (l) => l.name },
            { header: 'Cantidad', numeric: true, cell: (l, i) => <LineInput label={`Cantidad de ${l.name}`} value={l.quantity} onChange={(quantity) => update(i, { quantity })} /> },
          ]}
          onRemove={remove}
        />
      </DocumentForm>

      <DocumentsTable
        rows={list.results}
        columns={[
          { header: 'Origen', cell: (t) => t.fromCellarName },
          { header: 'Destino', cell: (t) => t.toCellarName },
          { header: 'Transportista', cell: (t) => t.carrierName ?? '' },
          {
            header: 'Documento',
            numeric: true,
            cell: (t) => (
              <>
                <a className="text-primary-700 underline" href={`/admin/inventario/guiaDeRemision/${t._id}/imprimir`} target="_blank" rel="noreferrer">
                  Imprimir
                </a>{' '}
                <a className="text-primary-700 underline" href={`/admin/ebilling/guiaDeRemision?transferId=${t._id}`}>
                  Guía electrónica
                </a>
              </>
            ),
          },
        ]}
      />
    </section>
  );
}
