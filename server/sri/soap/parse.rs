//! Parsing of SOAP messages with quick-xml into a small element tree, namespace
//! prefixes ignored (the SRI's answers use `ns2:` today; nothing guarantees it).
//! Text is unescaped and CDATA is kept verbatim, so `comprobante` comes back
//! byte-identical whether the SRI sends it as CDATA or escaped.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as B64;
use quick_xml::Reader;
use quick_xml::events::Event;

use super::{
    Authorization, AuthorizationResponse, AuthorizationStatus, MessageKind, ReceivedDocument,
    ReceptionResponse, ReceptionStatus, SoapError, SriMessage,
};

/// An element: local name, direct text and children.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Element {
    /// Local name (prefix removed).
    pub name: String,
    /// Concatenated text/CDATA directly inside the element.
    pub text: String,
    /// Child elements in order.
    pub children: Vec<Element>,
}

impl Element {
    /// First child with this local name.
    pub fn child(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|c| c.name == name)
    }

    /// Children with this local name.
    pub fn children_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }

    /// First descendant (depth-first) with this local name, or self.
    pub fn find(&self, name: &str) -> Option<&Element> {
        if self.name == name {
            return Some(self);
        }
        self.children.iter().find_map(|c| c.find(name))
    }

    /// Trimmed text of the first child with this name.
    pub fn child_text(&self, name: &str) -> Option<String> {
        self.child(name).map(|c| c.text.trim().to_string())
    }
}

fn predefined_entity(name: &str) -> Option<char> {
    match name {
        "lt" => Some('<'),
        "gt" => Some('>'),
        "amp" => Some('&'),
        "apos" => Some('\''),
        "quot" => Some('"'),
        _ => None,
    }
}

/// Parses a whole document into its root element.
pub fn parse_tree(xml: &str) -> Result<Element, String> {
    let mut reader = Reader::from_str(xml);
    let mut stack: Vec<Element> = vec![Element::default()];
    loop {
        let event = reader
            .read_event()
            .map_err(|e| format!("XML mal formado: {e}"))?;
        match event {
            Event::Start(e) => stack.push(Element {
                name: e.local_name().as_ref().to_string(),
                ..Element::default()
            }),
            Event::Empty(e) => {
                let el = Element {
                    name: e.local_name().as_ref().to_string(),
                    ..Element::default()
                };
                if let Some(parent) = stack.last_mut() {
                    parent.children.push(el);
                }
            }
            Event::End(_) => {
                let el = stack.pop().ok_or("etiqueta de cierre sin apertura")?;
                let parent = stack.last_mut().ok_or("etiqueta de cierre sin apertura")?;
                parent.children.push(el);
            }
            Event::Text(t) => {
                if let Some(cur) = stack.last_mut() {
                    cur.text.push_str(&t.xml10_content());
                }
            }
            Event::CData(c) => {
                if let Some(cur) = stack.last_mut() {
                    cur.text.push_str(&c.xml10_content());
                }
            }
            Event::GeneralRef(r) => {
                let ch = match r.resolve_char_ref() {
                    Ok(Some(ch)) => Some(ch),
                    _ => predefined_entity(&r),
                };
                let ch = ch.ok_or_else(|| format!("entidad desconocida &{};", &*r))?;
                if let Some(cur) = stack.last_mut() {
                    cur.text.push(ch);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if stack.len() != 1 {
        return Err("documento XML incompleto".into());
    }
    let doc = stack.pop().unwrap_or_default();
    doc.children
        .into_iter()
        .next()
        .ok_or_else(|| "documento XML vacío".to_string())
}

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
