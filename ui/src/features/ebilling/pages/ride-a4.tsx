/**
 * The printable RIDE on A4 (`/tickets/factura/{id}/A4SRI`, `/tickets/notaCredito/{id}/A4SRI`,
 * `/tickets/guiaRemision/{id}/A4SRI`), with the «Imprimir» button; the shared link `/ride/{clave}`
 * (also the e-mailed RIDE) is the sheet alone, without any script.
 */
import { useLoaderData, useMatches } from 'react-router';
import { PrintBar } from '../../../components/print-button';
import type { RidePage } from '../../../lib/api-types';
import { RideA4 } from '../components/ride-a4';

export default function RideA4Page() {
  const { ride } = useLoaderData() as RidePage;
  const shared = useMatches().some((m) => m.id === 'ride-public');
  return (
    <>
      {!shared && <PrintBar size="a4" />}
      <RideA4 ride={ride} />
    </>
  );
}
