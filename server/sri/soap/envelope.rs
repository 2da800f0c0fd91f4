//! SOAP 1.1 envelopes: the two requests the client sends and the answers the
//! stand-in returns, shaped like the SRI's JAX-WS services (document/literal,
//! operation element in the service namespace, unqualified children).

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as B64;

use super::{Authorization, AuthorizationResponse, ReceptionResponse, ReceptionStatus, SriMessage};
use crate::sri::sign::c14n::escape_text;

/// SOAP 1.1 envelope namespace.
pub const SOAP_NS: &str = "http://schemas.xmlsoap.org/soap/envelope/";
/// Namespace of the reception service.
pub const RECEPTION_NS: &str = "http://ec.gob.sri.ws.recepcion";
/// Namespace of the authorization service.
pub const AUTHORIZATION_NS: &str = "http://ec.gob.sri.ws.autorizacion";

fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    escape_text(&mut out, s);
    out
}

fn leaf(out: &mut String, name: &str, value: &str) {
    out.push('<');
    out.push_str(name);
    out.push('>');
    out.push_str(&esc(value));
    out.push_str("</");
    out.push_str(name);
    out.push('>');
}

/// `validarComprobante` with the signed XML base64-encoded exactly once.
pub fn reception_request(signed_xml: &[u8]) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><soapenv:Envelope xmlns:soapenv=\"{SOAP_NS}\" xmlns:ec=\"{RECEPTION_NS}\"><soapenv:Header/><soapenv:Body><ec:validarComprobante><xml>{}</xml></ec:validarComprobante></soapenv:Body></soapenv:Envelope>",
        B64.encode(signed_xml)
    )
}

/// `autorizacionComprobante` for one clave.
pub fn authorization_request(access_key: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><soapenv:Envelope xmlns:soapenv=\"{SOAP_NS}\" xmlns:ec=\"{AUTHORIZATION_NS}\"><soapenv:Header/><soapenv:Body><ec:autorizacionComprobante><claveAccesoComprobante>{}</claveAccesoComprobante></ec:autorizacionComprobante></soapenv:Body></soapenv:Envelope>",
        esc(access_key)
    )
}

fn messages(out: &mut String, messages: &[SriMessage]) {
    if messages.is_empty() {
        out.push_str("<mensajes/>");
        return;
    }
    out.push_str("<mensajes>");
    for m in messages {
        out.push_str("<mensaje>");
        leaf(out, "identificador", &m.identifier);
        leaf(out, "mensaje", &m.message);
        if let Some(info) = &m.additional_info {
            leaf(out, "informacionAdicional", info);
        }
        leaf(out, "tipo", m.kind.as_str());
        out.push_str("</mensaje>");
    }
    out.push_str("</mensajes>");
}

/// The stand-in's answer to `validarComprobante`.
pub fn reception_response(resp: &ReceptionResponse) -> String {
    let mut out = format!(
        "<soap:Envelope xmlns:soap=\"{SOAP_NS}\"><soap:Body><ns2:validarComprobanteResponse xmlns:ns2=\"{RECEPTION_NS}\"><RespuestaRecepcionComprobante>"
    );
    let status = match &resp.status {
        ReceptionStatus::Recibida => "RECIBIDA",
        ReceptionStatus::Devuelta => "DEVUELTA",
        ReceptionStatus::Other(s) => s,
    };
    leaf(&mut out, "estado", status);
    if resp.documents.is_empty() {
        out.push_str("<comprobantes/>");
    } else {
        out.push_str("<comprobantes>");
        for d in &resp.documents {
            out.push_str("<comprobante>");
            leaf(&mut out, "claveAcceso", &d.access_key);
            messages(&mut out, &d.messages);
            out.push_str("</comprobante>");
        }
        out.push_str("</comprobantes>");
    }
    out.push_str("</RespuestaRecepcionComprobante></ns2:validarComprobanteResponse></soap:Body></soap:Envelope>");
    out
}

/// CDATA section; a `]]>` inside the content is split across two sections.
fn cdata(out: &mut String, content: &str) {
    out.push_str("<![CDATA[");
    out.push_str(&content.replace("]]>", "]]]]><![CDATA[>"));
    out.push_str("]]>");
}

/// The stand-in's answer to `autorizacionComprobante` (the document in CDATA, as the
/// SRI sends it).
pub fn authorization_response(resp: &AuthorizationResponse) -> String {
    let mut out = format!(
        "<soap:Envelope xmlns:soap=\"{SOAP_NS}\"><soap:Body><ns2:autorizacionComprobanteResponse xmlns:ns2=\"{AUTHORIZATION_NS}\"><RespuestaAutorizacionComprobante>"
    );
    leaf(&mut out, "claveAccesoConsultada", &resp.access_key);
    leaf(
        &mut out,
        "numeroComprobantes",
        &resp
            .count
            .unwrap_or(resp.authorizations.len() as u32)
            .to_string(),
    );
    if resp.authorizations.is_empty() {
        out.push_str("<autorizaciones/>");
    } else {
        out.push_str("<autorizaciones>");
        for a in &resp.authorizations {
            authorization(&mut out, a);
        }
        out.push_str("</autorizaciones>");
    }
    out.push_str("</RespuestaAutorizacionComprobante></ns2:autorizacionComprobanteResponse></soap:Body></soap:Envelope>");
    out
}

fn authorization(out: &mut String, a: &Authorization) {
    out.push_str("<autorizacion>");
    leaf(out, "estado", a.status.as_str());
    if let Some(n) = &a.number {
        leaf(out, "numeroAutorizacion", n);
    }
    if let Some(d) = &a.date {
        leaf(out, "fechaAutorizacion", d);
    }
    if let Some(e) = &a.environment {
        leaf(out, "ambiente", e);
    }
    if let Some(doc) = &a.document {
        out.push_str("<comprobante>");
        cdata(out, doc);
        out.push_str("</comprobante>");
    }
    messages(out, &a.messages);
    out.push_str("</autorizacion>");
}

/// One `autorizacion` as a standalone XML document: what is stored for an authorized comprobante
/// and e-mailed to the buyer (reference §1.7), the signed XML inside `comprobante` as CDATA.
pub fn authorized_document(a: &Authorization) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    authorization(&mut out, a);
    out
}

/// A SOAP 1.1 Server fault (sent with HTTP 500).
pub fn fault(message: &str) -> String {
    format!(
        "<soap:Envelope xmlns:soap=\"{SOAP_NS}\"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>{}</faultstring></soap:Fault></soap:Body></soap:Envelope>",
        esc(message)
    )
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::super::*;
    use super::*;

    #[test]
    fn requests_round_trip_through_the_server_parser() {
        let xml = "<?xml version=\"1.0\"?><factura id=\"comprobante\">ñ &amp;</factura>".as_bytes();
        assert_eq!(
            parse::reception_request(&reception_request(xml)),
            Ok(Some(xml.to_vec()))
        );
        assert_eq!(
            parse::authorization_request(&authorization_request("0101")),
            Ok("0101".to_string())
        );
    }

    #[test]
    fn responses_round_trip_through_the_client_parser() {
        let reception = ReceptionResponse {
            status: ReceptionStatus::Devuelta,
            documents: vec![ReceivedDocument {
                access_key: "K".into(),
                messages: vec![SriMessage::for_code(
                    35,
                    MessageKind::Error,
                    Some("línea 1: <x> & 'y'".into()),
                )],
            }],
        };
        assert_eq!(
            parse::reception_response(&reception_response(&reception)),
            Ok(reception)
        );
        let auth = AuthorizationResponse {
            access_key: "K".into(),
            count: Some(1),
            authorizations: vec![Authorization {
                status: AuthorizationStatus::Autorizado,
                number: Some("K".into()),
                date: Some("2024-05-10T10:05:00.000-05:00".into()),
                environment: Some("PRUEBAS".into()),
                document: Some("<a>x]]>y &amp; z</a>".into()),
                messages: vec![SriMessage::for_code(60, MessageKind::Info, None)],
            }],
        };
        assert_eq!(
            parse::authorization_response(&authorization_response(&auth)),
            Ok(auth)
        );
        assert!(matches!(
            parse::reception_response(&fault("boom")),
            Err(SoapError::Fault { .. })
        ));
    }
}
