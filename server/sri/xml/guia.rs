//! `guiaRemision` 1.1.0, elements in the order of `GuiaRemision_V1.1.0.xsd`. The
//! schema has no `fechaEmision`: the issue date only lives inside the clave.

use super::{XmlWriter, info_adicional, info_tributaria, line_details, si_no, sri_date};
use crate::domain::money::fmt_qty;
use crate::sri::catalog::DocType;
use crate::sri::clave::ClaveAcceso;
use crate::sri::model::DeliveryGuide;

pub(super) fn write(w: &mut XmlWriter, g: &DeliveryGuide, clave: &ClaveAcceso) {
    let h = &g.header;
    w.open_with(
        "guiaRemision",
        &[("id", "comprobante"), ("version", "1.1.0")],
    );
    info_tributaria(w, h, clave, DocType::GuiaRemision.code());

    w.open("infoGuiaRemision");
    w.opt_leaf("dirEstablecimiento", h.issuer.branch_address.as_deref());
    w.leaf("dirPartida", &g.departure_address);
    w.leaf("razonSocialTransportista", &g.carrier.name);
    w.leaf("tipoIdentificacionTransportista", g.carrier.id_type.code());
    w.leaf("rucTransportista", &g.carrier.id);
    w.leaf("obligadoContabilidad", si_no(h.issuer.keeps_accounts));
    w.opt_leaf(
        "contribuyenteEspecial",
        h.issuer.special_taxpayer.as_deref(),
    );
    w.leaf("fechaIniTransporte", &sri_date(g.transport_start));
    w.leaf("fechaFinTransporte", &sri_date(g.transport_end));
    w.leaf("placa", &g.plate);
    w.close("infoGuiaRemision");

    w.open("destinatarios");
    for r in &g.recipients {
        w.open("destinatario");
        w.leaf("identificacionDestinatario", &r.id);
        w.leaf("razonSocialDestinatario", &r.name);
        w.leaf("dirDestinatario", &r.address);
        w.leaf("motivoTraslado", &r.transfer_reason);
        w.opt_leaf("docAduaneroUnico", r.customs_document.as_deref());
        w.opt_leaf("codEstabDestino", r.destination_establishment.as_deref());
        w.opt_leaf("ruta", r.route.as_deref());
        if let Some(s) = &r.support_document {
            w.leaf("codDocSustento", &s.doc_type);
            w.leaf("numDocSustento", &s.number);
            w.opt_leaf("numAutDocSustento", s.authorization.as_deref());
            w.opt_leaf(
                "fechaEmisionDocSustento",
                s.issue_date.map(sri_date).as_deref(),
            );
        }
        w.open("detalles");
        for it in &r.items {
            w.open("detalle");
            w.opt_leaf("codigoInterno", it.internal_code.as_deref());
            w.opt_leaf("codigoAdicional", it.extra_code.as_deref());
            w.leaf("descripcion", &it.description);
            w.leaf("cantidad", &fmt_qty(it.quantity));
            line_details(w, &it.details);
            w.close("detalle");
        }
        w.close("detalles");
        w.close("destinatario");
    }
    w.close("destinatarios");

    info_adicional(w, &g.additional_info);
    w.close("guiaRemision");
}
