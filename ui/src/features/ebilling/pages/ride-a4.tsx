/** The printable RIDE on A4 (`/tickets/factura/{id}/A4SRI`, `/tickets/notaCredito/{id}/A4SRI`). */
import { useLoaderData } from 'react-router';
import type { RidePage } from '../../../lib/api-types';
import { RideA4 } from '../components/ride-a4';

export default function RideA4Page() {
  const { ride } = useLoaderData() as RidePage;
  return <RideA4 ride={ride} />;
}
