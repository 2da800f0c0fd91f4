//! Async HTTP client for the SRI's reception and authorization services.

use std::time::Duration;

use super::{AuthorizationResponse, ReceptionResponse, SoapError, envelope, parse};
use crate::sri::catalog::Environment;

/// Path of the reception service below the host.
pub const RECEPTION_PATH: &str = "/comprobantes-electronicos-ws/RecepcionComprobantesOffline";
/// Path of the authorization service below the host.
pub const AUTHORIZATION_PATH: &str =
    "/comprobantes-electronicos-ws/AutorizacionComprobantesOffline";
/// Host of the pruebas environment.
pub const PRUEBAS_BASE: &str = "https://celcer.sri.gob.ec";
/// Host of the producción environment.
pub const PRODUCCION_BASE: &str = "https://cel.sri.gob.ec";

/// Where the two services are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoints {
    /// Full URL of `RecepcionComprobantesOffline` (without `?wsdl`).
    pub reception: String,
    /// Full URL of `AutorizacionComprobantesOffline`.
    pub authorization: String,
}

impl Endpoints {
    /// The SRI's official endpoints for an environment.
    pub fn for_environment(env: Environment) -> Endpoints {
        Endpoints::from_base(match env {
            Environment::Pruebas => PRUEBAS_BASE,
            Environment::Produccion => PRODUCCION_BASE,
        })
    }

    /// Endpoints under another host (the local stand-in, a proxy): the same paths as
    /// the SRI's.
    pub fn from_base(base: &str) -> Endpoints {
        let base = base.trim_end_matches('/');
        Endpoints {
            reception: format!("{base}{RECEPTION_PATH}"),
            authorization: format!("{base}{AUTHORIZATION_PATH}"),
        }
    }

    /// Parses the CLI's `--env`: `pruebas`, `produccion` or a base URL.
    pub fn parse(value: &str) -> Result<Endpoints, String> {
        match value.trim().to_lowercase().as_str() {
            "pruebas" => Ok(Endpoints::for_environment(Environment::Pruebas)),
            "produccion" | "producción" => Ok(Endpoints::for_environment(Environment::Produccion)),
            v if v.starts_with("http://") || v.starts_with("https://") => {
                Ok(Endpoints::from_base(value.trim()))
            }
            _ => Err(format!(
                "«{value}» no es un ambiente: use pruebas, produccion o una URL http(s)://"
            )),
        }
    }
}

/// Client settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientConfig {
    /// Service URLs.
    pub endpoints: Endpoints,
    /// Limit for establishing the TCP/TLS connection.
    pub connect_timeout: Duration,
    /// Limit for the whole request (the SRI can be slow; 30 s as most integrations).
    pub timeout: Duration,
}

impl ClientConfig {
    /// Defaults (10 s connect, 30 s total) for these endpoints.
    pub fn new(endpoints: Endpoints) -> ClientConfig {
        ClientConfig {
            endpoints,
            connect_timeout: Duration::from_secs(10),
            timeout: Duration::from_secs(30),
        }
    }
}

/// SOAP client; cheap to clone (shares the connection pool).
#[derive(Debug, Clone)]
pub struct SriClient {
    http: reqwest::Client,
    config: ClientConfig,
}

impl SriClient {
    /// Builds the client (TLS through the system's OpenSSL).
    pub fn new(config: ClientConfig) -> Result<SriClient, SoapError> {
        let http = reqwest::Client::builder()
            .connect_timeout(config.connect_timeout)
            .timeout(config.timeout)
            .user_agent("Mostrador-SRI/1.0")
            .build()
            .map_err(|e| SoapError::Connect(e.to_string()))?;
        Ok(SriClient { http, config })
    }

    /// The configuration in use.
    pub fn config(&self) -> &ClientConfig {
        &self.config
    }

    /// `validarComprobante`: sends the signed XML exactly as given.
    pub async fn send(&self, signed_xml: &[u8]) -> Result<ReceptionResponse, SoapError> {
        let body = self
            .post(
                &self.config.endpoints.reception,
                envelope::reception_request(signed_xml),
            )
            .await?;
        parse::reception_response(&body)
    }

    /// `autorizacionComprobante` for a clave de acceso.
    pub async fn authorize(&self, access_key: &str) -> Result<AuthorizationResponse, SoapError> {
        let body = self
            .post(
                &self.config.endpoints.authorization,
                envelope::authorization_request(access_key),
            )
            .await?;
        parse::authorization_response(&body)
    }

    async fn post(&self, url: &str, envelope: String) -> Result<String, SoapError> {
        let response = self
            .http
            .post(url)
            .header("Content-Type", "text/xml; charset=utf-8")
            .header("SOAPAction", "\"\"")
            .body(envelope)
            .send()
            .await
            .map_err(classify)?;
        let status = response.status();
        let body = read_body(response).await?;
        if status.is_success() {
            return Ok(body);
        }
        // JAX-WS sends SOAP faults with HTTP 500.
        if let Err(fault @ SoapError::Fault { .. }) = parse::reception_response(&body) {
            return Err(fault);
        }
        Err(SoapError::Http {
            status: status.as_u16(),
            body: body.chars().take(500).collect(),
        })
    }
}

/// Largest answer read from the SRI. An authorization carries the authorized document (at most a
/// few hundred kilobytes); a longer body is refused while it arrives, before it fills the memory.
pub const ANSWER_MAX: usize = 8 * 1024 * 1024;

/// The body of an answer, up to [`ANSWER_MAX`] bytes, as text (invalid UTF-8 replaced).
async fn read_body(mut response: reqwest::Response) -> Result<String, SoapError> {
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(classify)? {
        if body.len() + chunk.len() > ANSWER_MAX {
            return Err(SoapError::InvalidResponse(format!(
                "la respuesta pasa de {} MB",
                ANSWER_MAX / 1024 / 1024
            )));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(String::from_utf8(body)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}

fn classify(e: reqwest::Error) -> SoapError {
    if e.is_connect() {
        SoapError::Connect(root_cause(&e))
    } else if e.is_timeout() {
        SoapError::Timeout
    } else {
        SoapError::Transport(root_cause(&e))
    }
}

fn root_cause(e: &(dyn std::error::Error + 'static)) -> String {
    let mut msg = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        msg = format!("{msg}: {s}");
        source = s.source();
    }
    msg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoints() {
        let e = Endpoints::for_environment(Environment::Pruebas);
        assert_eq!(
            e.reception,
            "https://celcer.sri.gob.ec/comprobantes-electronicos-ws/RecepcionComprobantesOffline"
        );
        assert_eq!(
            e.authorization,
            "https://celcer.sri.gob.ec/comprobantes-electronicos-ws/AutorizacionComprobantesOffline"
        );
        let p = Endpoints::parse("produccion").unwrap();
        assert!(p.reception.starts_with("https://cel.sri.gob.ec/"));
        let local = Endpoints::parse("http://127.0.0.1:9000/").unwrap();
        assert_eq!(
            local.authorization,
            "http://127.0.0.1:9000/comprobantes-electronicos-ws/AutorizacionComprobantesOffline"
        );
        assert!(Endpoints::parse("staging").unwrap_err().contains("pruebas"));
    }

    #[tokio::test]
    async fn refused_connection_is_a_connect_error() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        drop(listener);
        let client = SriClient::new(ClientConfig::new(Endpoints::from_base(&format!(
            "http://{addr}"
        ))))
        .unwrap();
        let err = client.authorize("1").await.unwrap_err();
        assert!(matches!(err, SoapError::Connect(_)), "{err:?}");
        assert!(!err.may_have_been_received());
    }
}
