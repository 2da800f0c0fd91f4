/**
 * `/admin/ventas/facturaExpress`: the POS of the sales note ending in an electronic factura (the
 * same screen and keyboard flow, [`PosScreen`] in invoice mode). The buyer must be valid for the
 * SRI (the consumidor final only up to USD 50); after the sale the factura's SRI state is shown
 * live until AUTORIZADO, or the SRI's messages when it is refused, with the RIDE links.
 */
import { PosScreen } from './pos';

export default function FacturaExpress() {
  return <PosScreen mode="invoice" />;
}
