//! `comprobanteRetencion` 2.0.0, elements in the order of `ComprobanteRetencion_V2.0.0.xsd`:
//! the withheld documents (`docsSustento`), each with its taxes, its retenciones and its payments.

use super::{XmlWriter, info_adicional, info_tributaria, issue_info, si_no, sri_date};
use crate::domain::money::{fmt_tariff, fmt2};
use crate::domain::taxes::{TaxKind, iva_rate};
use crate::sri::catalog::DocType;
use crate::sri::clave::ClaveAcceso;
use crate::sri::model::Withholding;
use rust_decimal::Decimal;

pub(super) fn write(w: &mut XmlWriter, r: &Withholding, clave: &ClaveAcceso) {
    let h = &r.header;
    w.open_with(
        "comprobanteRetencion",
        &[("id", "comprobante"), ("version", "2.0.0")],
    );
    info_tributaria(w, h, clave, DocType::Retencion.code());

    w.open("infoCompRetencion");
    issue_info(w, h);
    w.leaf("tipoIdentificacionSujetoRetenido", r.subject.id_type.code());
    w.leaf("parteRel", si_no(r.related_party));
    w.leaf("razonSocialSujetoRetenido", &r.subject.name);
    w.leaf("identificacionSujetoRetenido", &r.subject.id);
    w.leaf("periodoFiscal", &h.issue_date.format("%m/%Y").to_string());
    w.close("infoCompRetencion");

    w.open("docsSustento");
    for d in &r.documents {
        w.open("docSustento");
        w.leaf("codSustento", &d.sustento);
        w.leaf("codDocSustento", &d.doc_type);
        w.leaf("numDocSustento", &d.number.replace('-', ""));
        w.leaf("fechaEmisionDocSustento", &sri_date(d.issue_date));
        w.opt_leaf("numAutDocSustento", d.authorization.as_deref());
        w.leaf("pagoLocExt", if d.paid_abroad { "02" } else { "01" });
        w.leaf("totalSinImpuestos", &fmt2(d.total_without_taxes));
        w.leaf("importeTotal", &fmt2(d.total));
        w.open("impuestosDocSustento");
        for t in &d.taxes {
            w.open("impuestoDocSustento");
            w.leaf("codImpuestoDocSustento", TaxKind::Iva.code());
            w.leaf("codigoPorcentaje", &t.iva);
            w.leaf("baseImponible", &fmt2(t.base));
            let tariff = iva_rate(&t.iva).map_or(Decimal::ZERO, |r| Decimal::from(r.percent));
            w.leaf("tarifa", &fmt_tariff(tariff));
            w.leaf("valorImpuesto", &fmt2(t.value));
            w.close("impuestoDocSustento");
        }
        w.close("impuestosDocSustento");
        w.open("retenciones");
        for t in &d.withholdings {
            w.open("retencion");
            w.leaf("codigo", t.kind.code());
            w.leaf("codigoRetencion", &t.code);
            w.leaf("baseImponible", &fmt2(t.base));
            w.leaf("porcentajeRetener", &fmt_tariff(t.percent));
            w.leaf("valorRetenido", &fmt2(t.amount()));
            w.close("retencion");
        }
        w.close("retenciones");
        w.open("pagos");
        for p in &d.payments {
            w.open("pago");
            w.leaf("formaPago", &p.method);
            w.leaf("total", &fmt2(p.amount));
            w.close("pago");
        }
        w.close("pagos");
        w.close("docSustento");
    }
    w.close("docsSustento");

    info_adicional(w, &r.additional_info);
    w.close("comprobanteRetencion");
}
