//! The set-up screen's trial (`POST /api/ebilling/test`): one factura of USD 1.00 to the
//! consumidor final, signed with the company's stored certificate and sent to the SRI's
//! **pruebas** environment (or to `SRI_URL`: the local stand-in, a proxy), reporting each step —
//! firma, recepción, autorización — with its result in Spanish.
//!
//! The trial never touches the shop's data: it is not a sale, not in the queue, and its number
//! is drawn from the top of the range (`900000000 + seconds`), far from the numbers the shop
//! issues, so the SRI's test environment does not see it as a duplicate of a real one. It always
//! goes to pruebas, whatever the company's ambiente, because a trial in producción would be a
//! real tax document.

use std::time::Duration;

use serde_json::json;

use crate::config::SriConfig;
use crate::models::config::company::Company;
use crate::sri::document::build_and_sign;
use crate::sri::model::Comprobante;
use crate::sri::sign::{SignOptions, SigningIdentity};
use crate::sri::soap::client::{ClientConfig, Endpoints, SriClient};
use crate::sri::soap::{AuthorizationOutcome, ReceptionStatus, SriMessage};
use crate::sri::validate::{ValidationContext, ecuador_today};

/// Authorization queries before the trial gives up on an answer (the worker, for real
/// documents, keeps asking; a screen cannot wait that long).
const AUTHORIZATION_TRIES: u32 = 5;

/// One step of the trial.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// `firma`, `recepción`, `autorización`.
    pub name: &'static str,
    pub ok: bool,
    /// What happened, in Spanish.
    pub detail: String,
}

/// The trial's result.
#[derive(Debug, Clone)]
pub struct Trial {
    pub access_key: Option<String>,
    pub steps: Vec<Step>,
}

/// The trial factura of `company`, issued from `establishment`-001.
pub fn trial_invoice(company: &Company, establishment: &str) -> anyhow::Result<Comprobante> {
    let seconds = chrono::Utc::now().timestamp().rem_euclid(99_999_999);
    let sequential = 900_000_000 + seconds;
    let regime = match company.type_regimen.as_str() {
        "2" => "rimpeEmprendedor",
        "3" => "rimpeNegocioPopular",
        _ => "general",
    };
    let value = json!({
        "type": "factura",
        "header": {
            "environment": "pruebas",
            "issuer": {
                "ruc": company.ruc,
                "legalName": company.business_name,
                "tradeName": company.trade_name,
                "headOfficeAddress": company.main_address,
                "keepsAccounts": company.accounting_required,
                "regime": regime,
            },
            "establishment": establishment,
            "emissionPoint": "001",
            "sequential": sequential,
        },
        "buyer": {
            "idType": "consumidorFinal",
            "id": "9999999999999",
            "name": "CONSUMIDOR FINAL",
        },
        "items": [{
            "mainCode": "PRUEBA",
            "description": "Prueba de facturación electrónica (Mostrador)",
            "quantity": "1",
            "unitPrice": "1.00",
            "iva": "0",
        }],
        "payments": [{ "method": "01", "amount": "1.00" }],
    });
    Comprobante::from_json_dated(&value.to_string(), ecuador_today()).map_err(anyhow::Error::msg)
}

fn lines<'a>(messages: impl Iterator<Item = &'a SriMessage>) -> String {
    messages
        .map(SriMessage::line)
        .collect::<Vec<_>>()
        .join("; ")
}

fn skipped(name: &'static str) -> Step {
    Step {
        name,
        ok: false,
        detail: "No se ejecutó: falló el paso anterior".into(),
    }
}

/// Signs `doc` with `identity` and takes it through reception and authorization at the SRI of
/// `sri` (its `SRI_URL`, else the pruebas environment).
pub async fn run(
    doc: &Comprobante,
    identity: &SigningIdentity,
    sri: &SriConfig,
    zone: crate::util::time::Zone,
) -> Trial {
    let signed = match build_and_sign(
        doc,
        &ValidationContext::now(),
        identity,
        &SignOptions::now(),
    ) {
        Ok(signed) => signed,
        Err(e) => {
            return Trial {
                access_key: None,
                steps: vec![
                    Step {
                        name: "firma",
                        ok: false,
                        detail: format!("No se pudo generar o firmar la factura de prueba: {e}"),
                    },
                    skipped("recepción"),
                    skipped("autorización"),
                ],
            };
        }
    };
    let key = signed.access_key.to_string();
    let mut steps = vec![Step {
        name: "firma",
        ok: true,
        detail: format!(
            "Factura de prueba firmada con el certificado de {} (clave de acceso {key})",
            identity.info.subject
        ),
    }];
    let client = match client(sri) {
        Ok(client) => client,
        Err(failed) => {
            steps.push(failed);
            steps.push(skipped("autorización"));
            return Trial {
                access_key: Some(key),
                steps,
            };
        }
    };
    let received = reception(&client, signed.signed_xml.as_bytes()).await;
    let go_on = received.ok;
    steps.push(received);
    if !go_on {
        steps.push(skipped("autorización"));
        return Trial {
            access_key: Some(key),
            steps,
        };
    }
    steps.push(authorization(&client, sri, &key, zone).await);
    Trial {
        access_key: Some(key),
        steps,
    }
}

/// The client of the SRI of `sri` (its `SRI_URL`, else pruebas); when it cannot be built, the
/// failed recepción step that says why.
fn client(sri: &SriConfig) -> Result<SriClient, Step> {
    let endpoints = match &sri.base_url {
        Some(base) => Endpoints::from_base(base),
        None => Endpoints::for_environment(crate::sri::catalog::Environment::Pruebas),
    };
    let client = SriClient::new(ClientConfig {
        endpoints,
        connect_timeout: sri.connect_timeout,
        timeout: sri.timeout,
    });
    client.map_err(|e| Step {
        name: "recepción",
        ok: false,
        detail: format!("No se pudo preparar la conexión con el SRI: {e}"),
    })
}

/// The recepción step: sends the signed XML and reports whether the SRI received it (else its
/// state and messages, or why it could not be sent).
async fn reception(client: &SriClient, signed_xml: &[u8]) -> Step {
    match client.send(signed_xml).await {
        Ok(r) if r.status == ReceptionStatus::Recibida => Step {
            name: "recepción",
            ok: true,
            detail: "RECIBIDA por el SRI".into(),
        },
        Ok(r) => Step {
            name: "recepción",
            ok: false,
            detail: format!(
                "{}: {}",
                match &r.status {
                    ReceptionStatus::Devuelta => "DEVUELTA".to_string(),
                    ReceptionStatus::Other(s) => s.clone(),
                    ReceptionStatus::Recibida => "RECIBIDA".to_string(),
                },
                lines(r.messages())
            ),
        },
        Err(e) => Step {
            name: "recepción",
            ok: false,
            detail: format!("No se pudo enviar al SRI: {e}"),
        },
    }
}

/// The autorización step: asks for the authorization of `key` up to [`AUTHORIZATION_TRIES`]
/// times, waiting longer each time (up to 5 s), until the SRI gives a definitive answer.
async fn authorization(
    client: &SriClient,
    sri: &SriConfig,
    key: &str,
    zone: crate::util::time::Zone,
) -> Step {
    let mut wait = sri.authorization_delay;
    let mut last = "el SRI aún no tiene la respuesta".to_string();
    for _ in 0..AUTHORIZATION_TRIES {
        tokio::time::sleep(wait).await;
        wait = (wait * 2)
            .min(Duration::from_secs(5))
            .max(sri.authorization_delay);
        match client.authorize(key).await {
            Ok(answer) => match answer.outcome() {
                AuthorizationOutcome::Authorized(a) => {
                    return Step {
                        name: "autorización",
                        ok: true,
                        detail: format!(
                            "AUTORIZADO: número {}, fecha {}",
                            a.number.as_deref().unwrap_or(key),
                            a.date
                                .as_deref()
                                .map_or_else(|| "—".to_string(), |d| zone.text_of(d))
                        ),
                    };
                }
                AuthorizationOutcome::NotAuthorized(a) => {
                    return Step {
                        name: "autorización",
                        ok: false,
                        detail: format!("NO AUTORIZADO: {}", lines(a.messages.iter())),
                    };
                }
                AuthorizationOutcome::Pending => last = "EN PROCESO en el SRI".into(),
                AuthorizationOutcome::NotFound => {
                    last = "el SRI aún no registra la clave de acceso".into()
                }
            },
            Err(e) => last = format!("no se pudo consultar la autorización: {e}"),
        }
    }
    Step {
        name: "autorización",
        ok: false,
        detail: format!(
            "Sin respuesta definitiva tras {AUTHORIZATION_TRIES} consultas: {last}. Intente de nuevo en unos minutos."
        ),
    }
}
