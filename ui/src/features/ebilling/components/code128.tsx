/**
 * The clave de acceso as a Code 128 barcode, drawn as inline SVG from the bars the server
 * computed (`server/domain/code128.rs`): no script, no image service, crisp at any print size.
 */
import type { BarcodeView } from '../../../lib/api-types';

export function Code128({ barcode, value, className = 'h-[12mm] w-full' }: { barcode: BarcodeView; value: string; className?: string }) {
  return (
    <svg
      data-testid="barcode"
      role="img"
      aria-label={`Código de barras de la clave de acceso ${value}`}
      className={className}
      viewBox={`0 0 ${barcode.width} 1`}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
    >
      <rect x="0" y="0" width={barcode.width} height="1" fill="#fff" />
      <path d={barcode.path} fill="#000" />
    </svg>
  );
}
