//! `factura` 1.1.0 / 2.1.0, elements in the order of `factura_V2.1.0.xsd` (1.1.0 has
//! the same order for everything written here; the 2.x-only blocks are not used).

use super::{
    XmlWriter, info_adicional, info_tributaria, issue_info, line_details, line_taxes, total_taxes,
};
use crate::domain::money::{fmt_qty, fmt_tariff, fmt2};
use crate::domain::totals::Totals;
use crate::sri::catalog::DocType;
use crate::sri::clave::ClaveAcceso;
use crate::sri::model::Invoice;

pub(super) fn write(w: &mut XmlWriter, inv: &Invoice, clave: &ClaveAcceso, t: &Totals) {
    let h = &inv.header;
    w.open_with(
        "factura",
        &[("id", "comprobante"), ("version", inv.version.as_str())],
    );
    info_tributaria(w, h, clave, DocType::Factura.code());

    w.open("infoFactura");
    issue_info(w, h);
    w.leaf("tipoIdentificacionComprador", inv.buyer.id_type.code());
    w.opt_leaf("guiaRemision", inv.remission_guide.as_deref());
    w.leaf("razonSocialComprador", &inv.buyer.name);
    w.leaf("identificacionComprador", &inv.buyer.id);
    w.opt_leaf("direccionComprador", inv.buyer.address.as_deref());
    w.leaf("totalSinImpuestos", &fmt2(t.total_without_taxes));
    w.leaf("totalDescuento", &fmt2(t.total_discount));
    total_taxes(w, &t.groups, true);
    w.leaf("propina", &fmt2(t.tip));
    w.leaf("importeTotal", &fmt2(t.total));
    w.leaf("moneda", &inv.currency);
    w.open("pagos");
    for p in &inv.payments {
        w.open("pago");
        w.leaf("formaPago", &p.method);
        w.leaf("total", &fmt2(p.amount));
        w.opt_leaf("plazo", p.term.map(fmt_tariff).as_deref());
        w.opt_leaf("unidadTiempo", p.time_unit.as_deref());
        w.close("pago");
    }
    w.close("pagos");
    w.close("infoFactura");

    w.open("detalles");
    for (item, line) in inv.items.iter().zip(&t.lines) {
        w.open("detalle");
        w.opt_leaf("codigoPrincipal", item.main_code.as_deref());
        w.opt_leaf("codigoAuxiliar", item.aux_code.as_deref());
        w.leaf("descripcion", &item.description);
        w.opt_leaf("unidadMedida", item.unit.as_deref());
        w.leaf("cantidad", &fmt_qty(item.quantity));
        w.leaf("precioUnitario", &fmt_qty(item.unit_price));
        w.leaf("descuento", &fmt2(line.discount));
        w.leaf("precioTotalSinImpuesto", &fmt2(line.net));
        line_details(w, &item.details);
        line_taxes(w, &line.taxes);
        w.close("detalle");
    }
    w.close("detalles");

    info_adicional(w, &inv.additional_info);
    w.close("factura");
}
