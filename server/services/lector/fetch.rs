//! The authorized XML of report rows the upload brought no XML for, asked of the SRI's
//! authorization service (`autorizacionComprobante`, no credentials needed) with the engine's SOAP
//! client, a few at a time. The environment is the one inside each access key; `SRI_URL` points
//! every request at the stand-in (`mostrador sri simulator`) as it does for the sending worker.
//! The two clients (pruebas, producción) are built once per [`Fetcher`]: building one loads the
//! system's certificate store, tens of milliseconds of CPU that a report of 500 keys once paid
//! 500 times.

use std::sync::Arc;

use tokio::sync::Semaphore;
use tokio::task::JoinSet;

use crate::config::SriConfig;
use crate::sri::catalog::Environment;
use crate::sri::clave::ClaveAcceso;
use crate::sri::queue::worker::client;
use crate::sri::soap::{AuthorizationOutcome, SriClient};

use super::report::Row;

/// Requests in flight at once.
const CONCURRENCY: usize = 8;

/// Asks the SRI for authorized documents.
#[derive(Clone)]
pub struct Fetcher {
    pruebas: SriClient,
    produccion: SriClient,
}

impl Fetcher {
    /// The clients for `config`, or why they cannot be built (Spanish).
    pub fn new(config: &SriConfig) -> Result<Fetcher, String> {
        let build = |environment| {
            client(config, environment)
                .map_err(|e| format!("No se pudo preparar la conexión con el SRI: {e}"))
        };
        Ok(Fetcher {
            pruebas: build(Environment::Pruebas)?,
            produccion: build(Environment::Produccion)?,
        })
    }

    /// One key's authorized XML (the signed document) or why there is none, in Spanish.
    pub async fn authorized_xml(&self, access_key: &str) -> Result<String, String> {
        let environment = ClaveAcceso::parse(access_key)
            .and_then(|k| k.parts())
            .map(|p| p.environment)
            .unwrap_or(Environment::Produccion);
        let client = match environment {
            Environment::Pruebas => &self.pruebas,
            Environment::Produccion => &self.produccion,
        };
        let response = client.authorize(access_key).await.map_err(|e| {
            format!("No se pudo consultar el comprobante {access_key} en el SRI: {e}")
        })?;
        match response.outcome() {
            AuthorizationOutcome::Authorized(a) => a
                .document
                .clone()
                .filter(|d| !d.trim().is_empty())
                .ok_or_else(|| {
                    format!("El SRI autorizó {access_key} pero no devolvió el comprobante")
                }),
            AuthorizationOutcome::NotAuthorized(_) => Err(format!(
                "El comprobante {access_key} no está autorizado por el SRI"
            )),
            AuthorizationOutcome::Pending => Err(format!(
                "El comprobante {access_key} aún está en proceso de autorización en el SRI"
            )),
            AuthorizationOutcome::NotFound => Err(format!(
                "El SRI no tiene un comprobante autorizado con la clave de acceso {access_key}"
            )),
        }
    }

    /// The authorized XML of each row, in the rows' order.
    pub async fn all(&self, rows: Vec<Row>) -> Vec<(Row, Result<String, String>)> {
        let limit = Arc::new(Semaphore::new(CONCURRENCY));
        let mut tasks = JoinSet::new();
        for (i, row) in rows.into_iter().enumerate() {
            let fetcher = self.clone();
            let limit = limit.clone();
            tasks.spawn(async move {
                let _permit = limit.acquire_owned().await;
                let xml = fetcher.authorized_xml(&row.access_key).await;
                (i, row, xml)
            });
        }
        let mut out = Vec::new();
        while let Some(done) = tasks.join_next().await {
            if let Ok(result) = done {
                out.push(result);
            }
        }
        out.sort_by_key(|(i, _, _)| *i);
        out.into_iter().map(|(_, row, xml)| (row, xml)).collect()
    }
}
