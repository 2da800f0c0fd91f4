/**
 * The RIDE on A4 (sri.md §6, Anexo 2 layout): issuer on the left, the document box with RUC,
 * number, authorization, ambiente, emisión and the clave de acceso with its Code 128 on the right;
 * buyer, lines, información adicional and formas de pago beside the totals. A guía de remisión
 * (`ride.guide`) prints instead the transport (transportista, placa, punto de partida, fechas) and
 * each destinatario with its motive and the goods that travel to it; a comprobante de retención
 * (`ride.withholding`) the sujeto retenido and each tax withheld on each of the supplier's
 * comprobantes, with the total withheld. Complete HTML, no scripts.
 * Used by the printable `/tickets/…/A4SRI` and inside the back office.
 */
import type { RideGuideView, RideView, RideWithholdingView } from '../../../lib/api-types';
import { Code128 } from './code128';


/** The notice of a document the SRI has not authorized (yet). */
export function NotAuthorized({ ride }: { ride: RideView }) {
  return (
    <p data-testid="ride-not-authorized" className="my-2 border-2 border-black p-2 text-center font-bold">
      {`DOCUMENTO SIN AUTORIZACIÓN DEL SRI (${ride.statusLabel}): no tiene validez tributaria.`}
    </p>
  );
}

/** A label and its value on one line (omitted when there is no value). */
function Field({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <p>
      <strong>{`${label}: `}</strong>
      {value}
    </p>
  );
}

/** The transport and destinatarios of a guía de remisión (sri.md §6, Anexo 2 model of the guía). */
function GuideBody({ guide, issueDate }: { guide: RideGuideView; issueDate: string }) {
  const { carrier } = guide;
  return (
    <>
      <section className="my-2 grid grid-cols-2 gap-1 rounded border border-black p-2" data-testid="ride-carrier">
        <Field label="Identificación (Transportista)" value={`${carrier.id} (${carrier.idType})`} />
        <Field label="Razón Social / Nombres y Apellidos" value={carrier.name} />
        <Field label="Placa" value={guide.plate} />
        <Field label="Fecha Emisión" value={issueDate} />
        <p className="col-span-2">
          <strong>Punto de Partida: </strong>
          {guide.departureAddress}
        </p>
        <Field label="Fecha Inicio Transporte" value={guide.transportStart} />
        <Field label="Fecha Fin Transporte" value={guide.transportEnd} />
      </section>
      {guide.recipients.map((r, i) => (
        <section key={i} className="my-2 rounded border border-black p-2" data-testid="ride-recipient">
          <div className="grid grid-cols-2 gap-1">
            {r.supportDocument && <Field label="Comprobante de Venta" value={r.supportDocument} />}
            <Field label="Fecha de Emisión (Comprobante de Venta)" value={r.supportDate} />
            <Field label="Número de Autorización (Comprobante de Venta)" value={r.supportAuthorization} />
            <Field label="Motivo Traslado" value={r.reason} />
            <p className="col-span-2">
              <strong>Destino (Punto de llegada): </strong>
              {r.address}
            </p>
            <Field label="Identificación (Destinatario)" value={r.id} />
            <Field label="Razón Social / Nombres y Apellidos" value={r.name} />
            <Field label="Documento Aduanero" value={r.customsDocument} />
            <Field label="Código Establecimiento Destino" value={r.destinationEstablishment} />
            <Field label="Ruta" value={r.route} />
          </div>
          {/* Every cell padded: the columns touched («2.00220V energizante»). */}
          <table className="mt-1 w-full border-collapse [&_td]:px-1.5 [&_th]:px-1.5" data-testid="ride-lines">
            <thead>
              <tr className="border-y border-black text-left">
                <th className="py-1 text-right">Cantidad</th>
                <th>Descripción</th>
                <th>Código Principal</th>
                <th>Código Auxiliar</th>
                <th>Detalle Adicional</th>
              </tr>
            </thead>
            <tbody>
              {r.lines.map((l, j) => (
                <tr key={j} className="border-b border-gray-300 align-top">
                  <td className="py-0.5 text-right">{l.quantity}</td>
                  <td>{l.description}</td>
                  <td>{l.mainCode ?? ''}</td>
                  <td>{l.auxCode ?? ''}</td>
                  <td>{l.details.map((d) => `${d.name}: ${d.value}`).join('; ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}

/** The sujeto retenido and the taxes withheld of a comprobante de retención (sri.md §6). */
function WithholdingBody({ withholding, issueDate }: { withholding: RideWithholdingView; issueDate: string }) {
  const { subject } = withholding;
  return (
    <>
      <section className="my-2 grid grid-cols-2 gap-1 rounded border border-black p-2" data-testid="ride-subject">
        <Field label="Razón Social / Nombres y Apellidos" value={subject.name} />
        <Field label="Identificación" value={`${subject.id} (${subject.idType})`} />
        <Field label="Fecha Emisión" value={issueDate} />
        <Field label="Ejercicio Fiscal" value={withholding.fiscalPeriod} />
      </section>
      <table className="w-full border-collapse [&_td]:px-1.5 [&_th]:px-1.5" data-testid="ride-withheld">
        <thead>
          <tr className="border-y border-black text-left">
            <th className="py-1">Comprobante</th>
            <th>Número</th>
            <th>Fecha Emisión</th>
            <th>Ejercicio Fiscal</th>
            <th className="text-right">Base Imponible para la Retención</th>
            <th>Impuesto</th>
            <th>Código</th>
            <th className="text-right">Porcentaje Retención</th>
            <th className="text-right">Valor Retenido</th>
          </tr>
        </thead>
        <tbody>
          {withholding.lines.map((l, i) => (
            <tr key={i} className="border-b border-gray-300 align-top">
              <td className="py-0.5">{l.docType}</td>
              <td>{l.number}</td>
              <td>{l.issueDate}</td>
              <td>{l.fiscalPeriod}</td>
              <td className="text-right">{l.base}</td>
              <td>{l.tax}</td>
              <td>{l.code}</td>
              <td className="text-right">{l.percent}</td>
              <td className="text-right">{l.amount}</td>
            </tr>
          ))}
          <tr className="font-bold">
            <td colSpan={8} className="py-1 text-right">
              TOTAL RETENIDO
            </td>
            <td className="text-right" data-testid="ride-withheld-total">
              {withholding.total}
            </td>
          </tr>
        </tbody>
      </table>
    </>
  );
}

/** The información adicional table (every document). */
function AdditionalInfo({ ride }: { ride: RideView }) {
  if (ride.additionalInfo.length === 0) return null;
  return (
    <table className="mb-2 w-full border border-black" data-testid="ride-additional">
      <thead>
        <tr>
          <th colSpan={2} className="border-b border-black text-left">
            Información Adicional
          </th>
        </tr>
      </thead>
      <tbody>
        {ride.additionalInfo.map((a, i) => (
          <tr key={i}>
            <td className="pr-2">{a.name}</td>
            <td>{a.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RideA4({ ride }: { ride: RideView }) {
  const { issuer, buyer } = ride;
  return (
    <article data-testid="ride-a4" className="mx-auto max-w-[210mm] bg-white p-6 text-[10px] leading-snug text-black">
      {!ride.authorized && <NotAuthorized ride={ride} />}
      <header className="grid grid-cols-2 gap-3">
        <div className="rounded border border-black p-2" data-testid="ride-issuer">
          {issuer.logo && <img src={issuer.logo} alt="Logo" className="mb-2 max-h-[25mm] max-w-full" />}
          <p className="text-sm font-bold">{issuer.legalName}</p>
          {issuer.tradeName && <p className="font-bold">{issuer.tradeName}</p>}
          <p>
            <strong>Dirección Matriz: </strong>
            {issuer.headOfficeAddress}
          </p>
          {issuer.branchAddress && (
            <p>
              <strong>Dirección Sucursal: </strong>
              {issuer.branchAddress}
            </p>
          )}
          {issuer.specialTaxpayer && <p>{`Contribuyente Especial Nro: ${issuer.specialTaxpayer}`}</p>}
          <p>{`OBLIGADO A LLEVAR CONTABILIDAD: ${issuer.keepsAccounts}`}</p>
          {issuer.withholdingAgent && <p>{`Agente de Retención Resolución No. ${issuer.withholdingAgent}`}</p>}
          {issuer.rimpeLegend && <p className="font-bold" data-testid="ride-rimpe">{issuer.rimpeLegend}</p>}
        </div>
        <div className="rounded border border-black p-2" data-testid="ride-box">
          <p className="text-sm">{`R.U.C.: ${issuer.ruc}`}</p>
          <p className="text-base font-bold">{ride.title}</p>
          <p data-testid="ride-number">{`No. ${ride.number}`}</p>
          <p className="mt-1 font-bold">NÚMERO DE AUTORIZACIÓN</p>
          <p data-testid="ride-authorization" className="break-all">
            {ride.authorizationNumber ?? 'PENDIENTE'}
          </p>
          <p>{`FECHA Y HORA DE AUTORIZACIÓN: ${ride.authorizationDate ?? 'PENDIENTE'}`}</p>
          <p>{`AMBIENTE: ${ride.environment}`}</p>
          <p>{`EMISIÓN: ${ride.emission}`}</p>
          <p className="mt-1 font-bold">CLAVE DE ACCESO</p>
          <Code128 barcode={ride.barcode} value={ride.accessKey} />
          <p data-testid="ride-access-key" className="break-all text-center font-mono">
            {ride.accessKey}
          </p>
        </div>
      </header>
      {ride.guide && (
        <>
          <GuideBody guide={ride.guide} issueDate={ride.issueDate} />
          <AdditionalInfo ride={ride} />
        </>
      )}
      {ride.withholding && (
        <>
          <WithholdingBody withholding={ride.withholding} issueDate={ride.issueDate} />
          <div className="mt-2">
            <AdditionalInfo ride={ride} />
          </div>
        </>
      )}
      {buyer && (
        <>
          <section className="my-2 grid grid-cols-2 gap-1 rounded border border-black p-2" data-testid="ride-buyer">
            <p>
              <strong>Razón Social / Nombres y Apellidos: </strong>
              {buyer.name}
            </p>
            <p>
              <strong>Identificación: </strong>
              {`${buyer.id} (${buyer.idType})`}
            </p>
            <p>
              <strong>Fecha Emisión: </strong>
              {ride.issueDate}
            </p>
            {buyer.address && (
              <p>
                <strong>Dirección: </strong>
                {buyer.address}
              </p>
            )}
            {ride.remissionGuide && (
              <p>
                <strong>Guía de Remisión: </strong>
                {ride.remissionGuide}
              </p>
            )}
            {ride.modified && (
              <>
                <p>
                  <strong>Comprobante que se modifica: </strong>
                  {`${ride.modified.docType} ${ride.modified.number}`}
                </p>
                <p>
                  <strong>Fecha Emisión (Comprobante a modificar): </strong>
                  {ride.modified.issueDate}
                </p>
                <p className="col-span-2">
                  <strong>Razón de Modificación: </strong>
                  {ride.modified.reason}
                </p>
              </>
            )}
          </section>
          {/* Every cell padded: the columns touched («Cant.Descripción»). */}
          <table className="w-full border-collapse [&_td]:px-1.5 [&_th]:px-1.5" data-testid="ride-lines">
            <thead>
              <tr className="border-y border-black text-left">
                <th className="py-1">Cod. Principal</th>
                <th>Cod. Auxiliar</th>
                <th className="text-right">Cant.</th>
                <th>Descripción</th>
                <th>Detalle Adicional</th>
                <th className="text-right">Precio Unitario</th>
                <th className="text-right">Descuento</th>
                <th className="text-right">Precio Total</th>
              </tr>
            </thead>
            <tbody>
              {ride.lines.map((l, i) => (
                <tr key={i} className="border-b border-gray-300 align-top">
                  <td className="py-0.5">{l.mainCode ?? ''}</td>
                  <td>{l.auxCode ?? ''}</td>
                  <td className="text-right">{l.quantity}</td>
                  <td>{l.description}</td>
                  <td>{l.details.map((d) => `${d.name}: ${d.value}`).join('; ')}</td>
                  <td className="text-right">{l.unitPrice}</td>
                  <td className="text-right">{l.discount}</td>
                  <td className="text-right">{l.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <section className="mt-2 flex justify-between gap-4">
            <div className="flex-1">
              <AdditionalInfo ride={ride} />
              {ride.payments.length > 0 && (
                <table className="w-full border border-black" data-testid="ride-payments">
                  <thead>
                    <tr className="border-b border-black text-left">
                      <th>Forma de pago</th>
                      <th className="text-right">Valor</th>
                      <th className="text-right">Plazo</th>
                      <th>Tiempo</th>
                    </tr>
                  </thead>
                  <tbody>
                    {ride.payments.map((p, i) => (
                      <tr key={i}>
                        <td>{`${p.code} - ${p.label}`}</td>
                        <td className="text-right">{p.amount}</td>
                        <td className="text-right">{p.term ?? ''}</td>
                        <td>{p.timeUnit ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </div>
            <table className="w-72 border border-black" data-testid="ride-totals">
              <tbody>
                {ride.totals.map((t) => (
                  <tr key={t.label} className={t.label === 'VALOR TOTAL' ? 'border-t border-black font-bold' : undefined}>
                    <td className="px-1">{t.label}</td>
                    <td className="px-1 text-right">{t.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </article>
  );
}
