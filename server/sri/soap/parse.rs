//! The SRI's SOAP messages read into their types. The XML goes through the application's one
//! bounded reader ([`crate::util::xml`]): namespace prefixes ignored, `comprobante` byte-identical
//! whether the SRI sends it as CDATA or escaped, and an answer nested too deep or too large is an
//! [`SoapError::InvalidResponse`] (the queue then asks again later, as for any answer it does not
//! recognize) instead of a crash.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as B64;

use crate::util::xml::{Element, parse_tree};

use super::{
    Authorization, AuthorizationResponse, AuthorizationStatus, MessageKind, ReceivedDocument,
    ReceptionResponse, ReceptionStatus, SoapError, SriMessage,
};

fn soap_body(xml: &str) -> Result<Element, SoapError> {
    let root = parse_tree(xml).map_err(SoapError::InvalidResponse)?;
    if let Some(fault) = root.find("Fault") {
        return Err(SoapError::Fault {
            code: fault.child_text("faultcode").unwrap_or_default(),
            message: fault.child_text("faultstring").unwrap_or_default(),
        });
    }
    Ok(root)
}

fn messages(parent: &Element) -> Vec<SriMessage> {
    parent
        .child("mensajes")
        .map(|ms| {
            ms.children_named("mensaje")
                .map(|m| SriMessage {
                    identifier: m.child_text("identificador").unwrap_or_default(),
                    message: m.child_text("mensaje").unwrap_or_default(),
                    additional_info: m
                        .child_text("informacionAdicional")
                        .filter(|s| !s.is_empty()),
                    kind: MessageKind::parse(&m.child_text("tipo").unwrap_or_default()),
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Parses the answer of `validarComprobante`.
pub fn reception_response(xml: &str) -> Result<ReceptionResponse, SoapError> {
    let root = soap_body(xml)?;
    let resp = root
        .find("RespuestaRecepcionComprobante")
        .ok_or_else(|| SoapError::InvalidResponse("falta RespuestaRecepcionComprobante".into()))?;
    let status = match resp.child_text("estado").unwrap_or_default().as_str() {
        "RECIBIDA" => ReceptionStatus::Recibida,
        "DEVUELTA" => ReceptionStatus::Devuelta,
        other => ReceptionStatus::Other(other.to_string()),
    };
    let documents = resp
        .child("comprobantes")
        .map(|cs| {
            cs.children_named("comprobante")
                .map(|c| ReceivedDocument {
                    access_key: c.child_text("claveAcceso").unwrap_or_default(),
                    messages: messages(c),
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(ReceptionResponse { status, documents })
}

/// Parses the answer of `autorizacionComprobante`.
pub fn authorization_response(xml: &str) -> Result<AuthorizationResponse, SoapError> {
    let root = soap_body(xml)?;
    let resp = root
        .find("RespuestaAutorizacionComprobante")
        .ok_or_else(|| {
            SoapError::InvalidResponse("falta RespuestaAutorizacionComprobante".into())
        })?;
    let authorizations = resp
        .child("autorizaciones")
        .map(|a| {
            a.children_named("autorizacion")
                .map(|a| Authorization {
                    status: AuthorizationStatus::parse(&a.child_text("estado").unwrap_or_default()),
                    number: a.child_text("numeroAutorizacion").filter(|s| !s.is_empty()),
                    date: a.child_text("fechaAutorizacion").filter(|s| !s.is_empty()),
                    environment: a.child_text("ambiente").filter(|s| !s.is_empty()),
                    document: a
                        .child("comprobante")
                        .map(|c| c.text.trim().to_string())
                        .filter(|s| !s.is_empty()),
                    messages: messages(a),
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(AuthorizationResponse {
        access_key: resp.child_text("claveAccesoConsultada").unwrap_or_default(),
        count: resp
            .child_text("numeroComprobantes")
            .and_then(|n| n.parse().ok()),
        authorizations,
    })
}

/// Server side: the signed XML inside a `validarComprobante` request.
pub fn reception_request(body: &str) -> Result<Option<Vec<u8>>, String> {
    let root = parse_tree(body)?;
    let op = root
        .find("validarComprobante")
        .ok_or("falta validarComprobante")?;
    let text: String = op
        .child("xml")
        .map(|x| x.text.chars().filter(|c| !c.is_whitespace()).collect())
        .unwrap_or_default();
    if text.is_empty() {
        return Ok(None);
    }
    B64.decode(text)
        .map(Some)
        .map_err(|_| "el contenido de <xml> no es base64".to_string())
}

/// Server side: the clave inside an `autorizacionComprobante` request.
pub fn authorization_request(body: &str) -> Result<String, String> {
    let root = parse_tree(body)?;
    let op = root
        .find("autorizacionComprobante")
        .ok_or("falta autorizacionComprobante")?;
    Ok(op.child_text("claveAccesoComprobante").unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_real_style_devuelta() {
        let xml = r#"<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ns2:validarComprobanteResponse xmlns:ns2="http://ec.gob.sri.ws.recepcion"><RespuestaRecepcionComprobante><estado>DEVUELTA</estado><comprobantes><comprobante><claveAcceso>123</claveAcceso><mensajes><mensaje><identificador>35</identificador><mensaje>ARCHIVO NO CUMPLE ESTRUCTURA XML</mensaje><informacionAdicional>cvc-complex-type.2.4.a: Invalid content was found starting with element &apos;totalSinImpuestos&apos;</informacionAdicional><tipo>ERROR</tipo></mensaje></mensajes></comprobante></comprobantes></RespuestaRecepcionComprobante></ns2:validarComprobanteResponse></soap:Body></soap:Envelope>"#;
        let r = reception_response(xml).unwrap();
        assert_eq!(r.status, ReceptionStatus::Devuelta);
        assert_eq!(r.documents[0].access_key, "123");
        let m = &r.documents[0].messages[0];
        assert_eq!(m.identifier, "35");
        assert_eq!(m.kind, MessageKind::Error);
        assert!(
            m.additional_info
                .as_deref()
                .unwrap()
                .contains("'totalSinImpuestos'")
        );
        assert!(r.has_code("35"));
    }

    #[test]
    fn parses_authorizations_with_cdata_or_escaped_xml() {
        let cdata = r#"<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><ns2:autorizacionComprobanteResponse xmlns:ns2="http://ec.gob.sri.ws.autorizacion"><RespuestaAutorizacionComprobante><claveAccesoConsultada>K</claveAccesoConsultada><numeroComprobantes>2</numeroComprobantes><autorizaciones><autorizacion><estado>NO AUTORIZADO</estado><fechaAutorizacion>2024-05-10T10:00:00.123-05:00</fechaAutorizacion><ambiente>PRUEBAS</ambiente><mensajes><mensaje><identificador>52</identificador><mensaje>ERROR EN DIFERENCIAS</mensaje><tipo>ERROR</tipo></mensaje></mensajes></autorizacion><autorizacion><estado>AUTORIZADO</estado><numeroAutorizacion>K</numeroAutorizacion><fechaAutorizacion>2024-05-10T10:05:00-05:00</fechaAutorizacion><ambiente>PRUEBAS</ambiente><comprobante><![CDATA[<?xml version="1.0" encoding="UTF-8"?><factura id="comprobante">A &amp; B</factura>]]></comprobante><mensajes/></autorizacion></autorizaciones></RespuestaAutorizacionComprobante></ns2:autorizacionComprobanteResponse></S:Body></S:Envelope>"#;
        let r = authorization_response(cdata).unwrap();
        assert_eq!(r.count, Some(2));
        match r.outcome() {
            super::super::AuthorizationOutcome::Authorized(a) => {
                assert_eq!(
                    a.document.as_deref(),
                    Some(
                        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><factura id=\"comprobante\">A &amp; B</factura>"
                    )
                );
                assert_eq!(a.date_parsed().map(|d| d.timestamp()), Some(1_715_353_500));
            }
            other => panic!("{other:?}"),
        }
        let escaped = cdata.replace("<![CDATA[<?xml version=\"1.0\" encoding=\"UTF-8\"?><factura id=\"comprobante\">A &amp; B</factura>]]>", "&lt;?xml version=\"1.0\" encoding=\"UTF-8\"?&gt;&lt;factura id=\"comprobante\"&gt;A &amp;amp; B&lt;/factura&gt;");
        let r2 = authorization_response(&escaped).unwrap();
        assert_eq!(r2, r);
    }

    #[test]
    fn empty_and_pending_answers() {
        let empty = r#"<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ns2:autorizacionComprobanteResponse xmlns:ns2="http://ec.gob.sri.ws.autorizacion"><RespuestaAutorizacionComprobante><claveAccesoConsultada>K</claveAccesoConsultada><numeroComprobantes>0</numeroComprobantes><autorizaciones/></RespuestaAutorizacionComprobante></ns2:autorizacionComprobanteResponse></soap:Body></soap:Envelope>"#;
        let r = authorization_response(empty).unwrap();
        assert_eq!(r.outcome(), super::super::AuthorizationOutcome::NotFound);
        let pending = empty.replace("<autorizaciones/>", "<autorizaciones><autorizacion><estado>EN PROCESO</estado></autorizacion></autorizaciones>");
        assert_eq!(
            authorization_response(&pending).unwrap().outcome(),
            super::super::AuthorizationOutcome::Pending
        );
    }

    #[test]
    fn faults_and_garbage() {
        let fault = r#"<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>Internal Error</faultstring></soap:Fault></soap:Body></soap:Envelope>"#;
        assert_eq!(
            reception_response(fault),
            Err(SoapError::Fault {
                code: "soap:Server".into(),
                message: "Internal Error".into()
            })
        );
        assert!(matches!(
            reception_response("<html>502 Bad Gateway</html>"),
            Err(SoapError::InvalidResponse(_))
        ));
        assert!(matches!(
            authorization_response("no es xml <"),
            Err(SoapError::InvalidResponse(_))
        ));
    }
}
