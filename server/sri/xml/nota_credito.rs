//! `notaCredito` 1.1.0, elements in the order of `NotaCredito_V1.1.0.xsd`.

use super::{
    XmlWriter, info_adicional, info_tributaria, line_details, line_taxes, si_no, sri_date,
    total_taxes,
};
use crate::domain::money::{fmt_qty, fmt2};
use crate::domain::totals::Totals;
use crate::sri::catalog::DocType;
use crate::sri::clave::ClaveAcceso;
use crate::sri::model::CreditNote;

pub(super) fn write(w: &mut XmlWriter, nc: &CreditNote, clave: &ClaveAcceso, t: &Totals) {
    let h = &nc.header;
    w.open_with(
        "notaCredito",
        &[("id", "comprobante"), ("version", "1.1.0")],
    );
    info_tributaria(w, h, clave, DocType::NotaCredito.code());

    w.open("infoNotaCredito");
    w.leaf("fechaEmision", &sri_date(h.issue_date));
    w.opt_leaf("dirEstablecimiento", h.issuer.branch_address.as_deref());
    w.leaf("tipoIdentificacionComprador", nc.buyer.id_type.code());
    w.leaf("razonSocialComprador", &nc.buyer.name);
    w.leaf("identificacionComprador", &nc.buyer.id);
    w.opt_leaf(
        "contribuyenteEspecial",
        h.issuer.special_taxpayer.as_deref(),
    );
    w.leaf("obligadoContabilidad", si_no(h.issuer.keeps_accounts));
    w.leaf("codDocModificado", &nc.modified_document.doc_type);
    w.leaf("numDocModificado", &nc.modified_document.number);
    w.leaf(
        "fechaEmisionDocSustento",
        &sri_date(nc.modified_document.issue_date),
    );
    w.leaf("totalSinImpuestos", &fmt2(t.total_without_taxes));
    w.leaf("valorModificacion", &fmt2(t.total));
    w.leaf("moneda", &nc.currency);
    total_taxes(w, &t.groups, false);
    w.leaf("motivo", &nc.reason);
    w.close("infoNotaCredito");

    w.open("detalles");
    for (item, line) in nc.items.iter().zip(&t.lines) {
        w.open("detalle");
        w.opt_leaf("codigoInterno", item.main_code.as_deref());
        w.opt_leaf("codigoAdicional", item.aux_code.as_deref());
        w.leaf("descripcion", &item.description);
        w.leaf("cantidad", &fmt_qty(item.quantity));
        w.leaf("precioUnitario", &fmt_qty(item.unit_price));
        w.leaf("descuento", &fmt2(line.discount));
        w.leaf("precioTotalSinImpuesto", &fmt2(line.net));
        line_details(w, &item.details);
        line_taxes(w, &line.taxes);
        w.close("detalle");
    }
    w.close("detalles");

    info_adicional(w, &nc.additional_info);
    w.close("notaCredito");
}
