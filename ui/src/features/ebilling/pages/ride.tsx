/**
 * `/admin/ebilling/RIDE/{accessKey}`: the A4 RIDE inside the back office, with the links to the
 * printable A4 and 80 mm pages (which print without JavaScript; a guía de remisión has A4 only).
 */
import { useLoaderData } from 'react-router';
import type { RidePage } from '../../../lib/api-types';
import { RideA4 } from '../components/ride-a4';

export default function RidePageView() {
  const { ride } = useLoaderData() as RidePage;
  const base = `/tickets/${ride.kind}/${ride.documentId}`;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-auto text-lg font-semibold">{`${ride.title} ${ride.number}`}</h1>
        <a className="rounded border px-3 py-1" href={`${base}/A4SRI`} target="_blank" rel="noreferrer" data-testid="ride-open-a4">
          Imprimir A4
        </a>
        {/* A guía (goods per destinatario, no amounts) prints on A4 only. */}
        {!ride.guide && (
          <a className="rounded border px-3 py-1" href={`${base}/Ticket80`} target="_blank" rel="noreferrer" data-testid="ride-open-ticket">
            Imprimir ticket 80 mm
          </a>
        )}
      </div>
      <div className="overflow-x-auto rounded border bg-white">
        <RideA4 ride={ride} />
      </div>
    </div>
  );
}
