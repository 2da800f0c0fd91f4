//! A local stand-in for the SRI's offline web services, for tests and demos.
//!
//! It speaks the same SOAP on the same paths as `celcer`/`cel` and really checks what
//! it receives, in the SRI's order: XSD (error 35), uniqueness of clave and secuencial
//! (43, 45, 70), the XAdES-BES signature with the same verifier the signer uses (39);
//! after a configurable delay (answering `EN PROCESO` until then) it authorizes, unless
//! the clave does not match the document (58) or the amounts do not add up (52). It
//! can be told — in its config, through [`SimulatorHandle`] or `POST
//! /simulador/control` — to hang (before or after storing the document), to answer
//! HTTP 500, or to reject with a given code, so the caller's retry logic can be tested
//! over real HTTP. State lives in memory; one process = one fresh SRI.

use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::str::FromStr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use chrono::{DateTime, FixedOffset, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::catalog::Environment;
use super::clave::ClaveAcceso;
use super::sign;
use super::soap::client::{AUTHORIZATION_PATH, RECEPTION_PATH};
use super::soap::parse;
use super::soap::{
    Authorization, AuthorizationResponse, AuthorizationStatus, MessageKind, ReceivedDocument,
    ReceptionResponse, ReceptionStatus, SriMessage, envelope,
};
use super::validate::ECUADOR;
use super::xsd;
use crate::domain::money::round2;
use crate::domain::taxes::iva_rate;
use crate::util::xml::{Element, parse_tree};

/// What the stand-in does with the next requests of one service.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum FaultMode {
    /// Behave like the SRI.
    #[default]
    Normal,
    /// Never answer (the client times out); nothing is stored.
    Hang,
    /// Process and store the document, then never answer: the dangerous case where
    /// the SRI has the document but the caller does not know it.
    HangAfterProcessing,
    /// Answer HTTP 500 with a SOAP fault.
    Error500,
    /// Reception: `DEVUELTA` with `code`; authorization: `NO AUTORIZADO` with `code`.
    Reject,
}

/// A fault and for how many requests it applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FaultRule {
    /// The behaviour.
    pub mode: FaultMode,
    /// Error code for [`FaultMode::Reject`] (e.g. 52, 2, 65).
    #[serde(default)]
    pub code: Option<u32>,
    /// Number of requests it applies to; `None` = until changed.
    #[serde(default)]
    pub times: Option<u32>,
}

impl FaultRule {
    /// Normal behaviour.
    pub const NORMAL: FaultRule = FaultRule {
        mode: FaultMode::Normal,
        code: None,
        times: None,
    };

    /// `mode` for all requests until changed.
    pub fn always(mode: FaultMode) -> FaultRule {
        FaultRule {
            mode,
            code: None,
            times: None,
        }
    }

    /// Reject with `code` for all requests until changed.
    pub fn reject(code: u32) -> FaultRule {
        FaultRule {
            mode: FaultMode::Reject,
            code: Some(code),
            times: None,
        }
    }

    /// Limits the rule to the next `n` requests.
    pub fn times(mut self, n: u32) -> FaultRule {
        self.times = Some(n);
        self
    }
}

/// Stand-in settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimulatorConfig {
    /// Time between reception and authorization (`EN PROCESO` meanwhile).
    pub authorization_delay: Duration,
    /// Fault injection for `validarComprobante`.
    pub reception: FaultRule,
    /// Fault injection for `autorizacionComprobante`.
    pub authorization: FaultRule,
    /// How long a "hang" lasts before the connection is finally answered with 503.
    pub hang_for: Duration,
    /// Largest accepted document (the SRI's limit is 320 KB; error 26).
    pub max_document_bytes: usize,
    /// Time every answer takes (the SRI's own answers take a few hundred milliseconds).
    pub latency: Duration,
}

impl Default for SimulatorConfig {
    fn default() -> Self {
        SimulatorConfig {
            authorization_delay: Duration::from_millis(500),
            reception: FaultRule::NORMAL,
            authorization: FaultRule::NORMAL,
            hang_for: Duration::from_secs(3600),
            max_document_bytes: 320 * 1024,
            latency: Duration::ZERO,
        }
    }
}

#[derive(Debug, Clone)]
enum Status {
    Processing,
    Authorized(DateTime<FixedOffset>),
    NotAuthorized(DateTime<FixedOffset>, Vec<SriMessage>),
}

#[derive(Debug, Clone)]
struct Record {
    xml: String,
    received_at: Instant,
    environment: Environment,
    sequence_key: String,
    status: Status,
}

#[derive(Debug, Default)]
struct Store {
    records: HashMap<String, Record>,
    sequences: HashMap<String, String>,
    reception_requests: u64,
    authorization_requests: u64,
    receptions_by_key: BTreeMap<String, u64>,
}

struct Inner {
    config: Mutex<SimulatorConfig>,
    store: Mutex<Store>,
}

/// Shared handle to a running stand-in: change its behaviour, inspect what it got.
#[derive(Clone)]
pub struct SimulatorHandle {
    inner: Arc<Inner>,
}

/// What the stand-in knows about one clave (for tests and `GET /simulador/estado`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordView {
    /// Clave de acceso.
    pub access_key: String,
    /// `EN PROCESO`, `AUTORIZADO` or `NO AUTORIZADO`.
    pub status: String,
}

/// Counters and records, as returned by `GET /simulador/estado`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SimulatorState {
    /// Number of `validarComprobante` calls.
    pub reception_requests: u64,
    /// Number of `autorizacionComprobante` calls.
    pub authorization_requests: u64,
    /// `validarComprobante` calls per clave de acceso, whatever their outcome (also those that
    /// hung or were rejected): a document sent twice shows up here.
    pub receptions_by_key: BTreeMap<String, u64>,
    /// Stored documents.
    pub documents: Vec<RecordView>,
}

/// Body of `POST /simulador/control`; absent fields are left unchanged.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ControlRequest {
    /// New reception rule.
    #[serde(default)]
    pub reception: Option<FaultRule>,
    /// New authorization rule.
    #[serde(default)]
    pub authorization: Option<FaultRule>,
    /// New authorization delay in milliseconds.
    #[serde(default)]
    pub delay_ms: Option<u64>,
    /// Forget every stored document.
    #[serde(default)]
    pub reset: bool,
    /// Signed documents (XML) to serve as already authorized, by their clave de acceso: the
    /// documents of other issuers a company received (the Lector .SRI asks for them).
    #[serde(default)]
    pub authorized: Vec<String>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

enum Action {
    Proceed,
    Hang,
    HangAfter,
    Error500,
    Reject(u32),
}

impl SimulatorHandle {
    /// A stand-in with this configuration (not yet serving).
    pub fn new(config: SimulatorConfig) -> SimulatorHandle {
        SimulatorHandle {
            inner: Arc::new(Inner {
                config: Mutex::new(config),
                store: Mutex::new(Store::default()),
            }),
        }
    }

    /// Current configuration.
    pub fn config(&self) -> SimulatorConfig {
        lock(&self.inner.config).clone()
    }

    /// Sets the reception fault rule.
    pub fn set_reception(&self, rule: FaultRule) {
        lock(&self.inner.config).reception = rule;
    }

    /// Sets the authorization fault rule.
    pub fn set_authorization(&self, rule: FaultRule) {
        lock(&self.inner.config).authorization = rule;
    }

    /// Sets the time every answer takes.
    pub fn set_latency(&self, latency: Duration) {
        lock(&self.inner.config).latency = latency;
    }

    /// Waits the configured latency.
    async fn answer_after_latency(&self) {
        let latency = self.config().latency;
        if !latency.is_zero() {
            tokio::time::sleep(latency).await;
        }
    }

    /// Sets the authorization delay.
    pub fn set_delay(&self, delay: Duration) {
        lock(&self.inner.config).authorization_delay = delay;
    }

    /// Applies a control request (the HTTP control endpoint uses this).
    pub fn control(&self, req: &ControlRequest) {
        let mut cfg = lock(&self.inner.config);
        if let Some(r) = req.reception {
            cfg.reception = r;
        }
        if let Some(r) = req.authorization {
            cfg.authorization = r;
        }
        if let Some(ms) = req.delay_ms {
            cfg.authorization_delay = Duration::from_millis(ms);
        }
        if req.reset {
            *lock(&self.inner.store) = Store::default();
        }
        drop(cfg);
        for xml in &req.authorized {
            if let Err(e) = self.register_authorized(xml) {
                tracing::warn!("simulador: comprobante autorizado no registrado: {e}");
            }
        }
    }

    /// Stores a signed document as already AUTORIZADO, served by `autorizacionComprobante` under
    /// its clave (another issuer's document that a test's company received). Returns the clave.
    pub fn register_authorized(&self, xml: &str) -> Result<String, String> {
        let tree = parse_tree(xml)?;
        let trib = tree
            .child("infoTributaria")
            .ok_or("el comprobante no tiene infoTributaria")?;
        let field = |name: &str| trib.child_text(name).unwrap_or_default();
        let key = field("claveAcceso");
        ClaveAcceso::parse(&key).map_err(|e| e.to_string())?;
        let environment =
            Environment::from_code(&field("ambiente")).unwrap_or(Environment::Pruebas);
        let now = Utc::now().with_timezone(&ECUADOR);
        lock(&self.inner.store).records.insert(
            key.clone(),
            Record {
                xml: xml.to_string(),
                received_at: Instant::now(),
                environment,
                sequence_key: format!("autorizado-{key}"),
                status: Status::Authorized(now),
            },
        );
        Ok(key)
    }

    /// Counters and stored documents.
    pub fn state(&self) -> SimulatorState {
        let store = lock(&self.inner.store);
        let mut documents: Vec<RecordView> = store
            .records
            .iter()
            .map(|(k, r)| RecordView {
                access_key: k.clone(),
                status: match r.status {
                    Status::Processing => "EN PROCESO",
                    Status::Authorized(_) => "AUTORIZADO",
                    Status::NotAuthorized(..) => "NO AUTORIZADO",
                }
                .to_string(),
            })
            .collect();
        documents.sort_by(|a, b| a.access_key.cmp(&b.access_key));
        SimulatorState {
            reception_requests: store.reception_requests,
            authorization_requests: store.authorization_requests,
            receptions_by_key: store.receptions_by_key.clone(),
            documents,
        }
    }

    /// How many times a clave was sent to `validarComprobante`.
    pub fn receptions(&self, access_key: &str) -> u64 {
        lock(&self.inner.store)
            .receptions_by_key
            .get(access_key)
            .copied()
            .unwrap_or(0)
    }

    /// Counts a reception request under its clave (when the body carries one).
    fn count_reception(&self, body: &str) {
        if let Some(key) = access_key_of(body) {
            *lock(&self.inner.store)
                .receptions_by_key
                .entry(key)
                .or_default() += 1;
        }
    }

    /// Takes one use of a fault rule and says what to do.
    fn action(&self, reception: bool) -> Action {
        let mut cfg = lock(&self.inner.config);
        let rule = if reception {
            &mut cfg.reception
        } else {
            &mut cfg.authorization
        };
        let current = *rule;
        if let Some(n) = rule.times {
            if n <= 1 {
                *rule = FaultRule::NORMAL;
            } else {
                rule.times = Some(n - 1);
            }
        }
        match current.mode {
            FaultMode::Normal => Action::Proceed,
            FaultMode::Hang => Action::Hang,
            FaultMode::HangAfterProcessing => Action::HangAfter,
            FaultMode::Error500 => Action::Error500,
            FaultMode::Reject => Action::Reject(current.code.unwrap_or(50)),
        }
    }

    fn receive(&self, body: &str) -> ReceptionResponse {
        let max = lock(&self.inner.config).max_document_bytes;
        lock(&self.inner.store).reception_requests += 1;
        let devuelta = |key: &str, code: u32, info: Option<String>| ReceptionResponse {
            status: ReceptionStatus::Devuelta,
            documents: vec![ReceivedDocument {
                access_key: key.to_string(),
                messages: vec![SriMessage::for_code(code, MessageKind::Error, info)],
            }],
        };
        let bytes = match parse::reception_request(body) {
            Ok(Some(b)) => b,
            Ok(None) => return devuelta("", 49, None),
            Err(e) => return devuelta("", 35, Some(e)),
        };
        if bytes.len() > max {
            return devuelta("", 26, Some(format!("{} bytes; máximo {max}", bytes.len())));
        }
        let Ok(xml) = String::from_utf8(bytes) else {
            return devuelta(
                "",
                35,
                Some("el documento no está codificado en UTF-8".into()),
            );
        };
        let tree = match parse_tree(&xml) {
            Ok(t) => t,
            Err(e) => return devuelta("", 35, Some(e)),
        };
        let trib = tree.child("infoTributaria").cloned().unwrap_or_default();
        let field = |name: &str| trib.child_text(name).unwrap_or_default();
        let key = field("claveAcceso");
        if let Err(e) = xsd::validate_any(xml.as_bytes()) {
            return devuelta(&key, 35, Some(e.messages.join("; ")));
        }
        let environment =
            Environment::from_code(&field("ambiente")).unwrap_or(Environment::Pruebas);
        let sequence_key = format!(
            "{}-{}-{}-{}-{}-{}",
            field("ruc"),
            field("codDoc"),
            field("estab"),
            field("ptoEmi"),
            field("secuencial"),
            field("ambiente")
        );
        // The signature is checked before taking the lock (it is the slow part), but
        // reported after the uniqueness checks, in the SRI's order; check-and-store is
        // atomic so concurrent duplicates get 70 like at the SRI.
        let signature = sign::verify(xml.as_bytes());
        let mut store = lock(&self.inner.store);
        match store.records.get(&key).map(|r| &r.status) {
            Some(Status::Processing) => return devuelta(&key, 70, None),
            Some(Status::Authorized(_)) => return devuelta(&key, 43, None),
            Some(Status::NotAuthorized(..)) | None => {}
        }
        if let Some(other) = store.sequences.get(&sequence_key).filter(|k| **k != key) {
            let blocking = store
                .records
                .get(other)
                .is_some_and(|r| !matches!(r.status, Status::NotAuthorized(..)));
            if blocking {
                return devuelta(&key, 45, Some(format!("registrado con la clave {other}")));
            }
        }
        if let Err(e) = signature {
            return devuelta(&key, 39, Some(e.to_string()));
        }
        store.sequences.insert(sequence_key.clone(), key.clone());
        store.records.insert(
            key,
            Record {
                xml,
                received_at: Instant::now(),
                environment,
                sequence_key,
                status: Status::Processing,
            },
        );
        ReceptionResponse {
            status: ReceptionStatus::Recibida,
            documents: vec![],
        }
    }

    fn authorize(&self, body: &str, reject: Option<u32>) -> AuthorizationResponse {
        let key = parse::authorization_request(body).unwrap_or_default();
        let delay = lock(&self.inner.config).authorization_delay;
        let mut store = lock(&self.inner.store);
        store.authorization_requests += 1;
        let empty = AuthorizationResponse {
            access_key: key.clone(),
            count: Some(0),
            authorizations: vec![],
        };
        let Some(record) = store.records.get_mut(&key) else {
            return empty;
        };
        if matches!(record.status, Status::Processing) {
            if record.received_at.elapsed() < delay {
                return AuthorizationResponse {
                    access_key: key,
                    count: Some(1),
                    authorizations: vec![Authorization {
                        status: AuthorizationStatus::EnProceso,
                        number: None,
                        date: None,
                        environment: Some(record.environment.sri_name().to_string()),
                        document: None,
                        messages: vec![],
                    }],
                };
            }
            let now = Utc::now().with_timezone(&ECUADOR);
            let problem = match reject {
                Some(code) => Some(SriMessage::for_code(
                    code,
                    MessageKind::Error,
                    Some("rechazo simulado".into()),
                )),
                None => authorization_problem(&key, &record.xml),
            };
            record.status = match problem {
                Some(msg) => Status::NotAuthorized(now, vec![msg]),
                None => Status::Authorized(now),
            };
        }
        let (status, date, mut messages) = match &record.status {
            Status::Authorized(at) => (AuthorizationStatus::Autorizado, *at, vec![]),
            Status::NotAuthorized(at, msgs) => {
                (AuthorizationStatus::NoAutorizado, *at, msgs.clone())
            }
            Status::Processing => return empty,
        };
        if record.environment == Environment::Pruebas {
            messages.push(SriMessage::for_code(60, MessageKind::Info, None));
        }
        let authorized = status == AuthorizationStatus::Autorizado;
        let sequence_key = record.sequence_key.clone();
        let response = AuthorizationResponse {
            access_key: key.clone(),
            count: Some(1),
            authorizations: vec![Authorization {
                status,
                number: authorized.then(|| key.clone()),
                date: Some(date.format("%Y-%m-%dT%H:%M:%S%.3f%:z").to_string()),
                environment: Some(record.environment.sri_name().to_string()),
                document: Some(record.xml.clone()),
                messages,
            }],
        };
        if !authorized {
            // A rejected document may be corrected and resent with the same secuencial.
            store.sequences.remove(&sequence_key);
        }
        response
    }
}

/// Authorization-phase checks: clave vs document (58) and amounts (52).
fn authorization_problem(key: &str, xml: &str) -> Option<SriMessage> {
    let error =
        |code: u32, info: String| Some(SriMessage::for_code(code, MessageKind::Error, Some(info)));
    let tree = match parse_tree(xml) {
        Ok(t) => t,
        Err(e) => return error(35, e),
    };
    let parts = match ClaveAcceso::parse(key).and_then(|k| k.parts()) {
        Ok(p) => p,
        Err(e) => return error(58, e.to_string()),
    };
    let trib = tree.child("infoTributaria").cloned().unwrap_or_default();
    let field = |name: &str| trib.child_text(name).unwrap_or_default();
    let issue_date = ["infoFactura", "infoNotaCredito"]
        .iter()
        .find_map(|n| tree.child(n))
        .and_then(|i| i.child_text("fechaEmision"));
    let mut diffs = Vec::new();
    if parts.ruc != field("ruc") {
        diffs.push("RUC");
    }
    if parts.doc_type.code() != field("codDoc") {
        diffs.push("tipo de comprobante");
    }
    if parts.environment.code() != field("ambiente") {
        diffs.push("ambiente");
    }
    if parts.establishment != field("estab") || parts.emission_point != field("ptoEmi") {
        diffs.push("serie");
    }
    if format!("{:09}", parts.sequential) != field("secuencial") {
        diffs.push("secuencial");
    }
    if issue_date.is_some_and(|d| d != parts.issue_date.format("%d/%m/%Y").to_string()) {
        diffs.push("fecha de emisión");
    }
    if !diffs.is_empty() {
        return error(
            58,
            format!(
                "la clave no coincide con el comprobante en: {}",
                diffs.join(", ")
            ),
        );
    }
    check_amounts(&tree).err().and_then(|info| error(52, info))
}

/// Each `valorRetenido` of a retención is its base times its percentage, rounded to cents.
fn check_withheld(root: &Element) -> Result<(), String> {
    let withheld = root
        .child("docsSustento")
        .into_iter()
        .flat_map(|ds| ds.children_named("docSustento"))
        .flat_map(|d| d.child("retenciones"))
        .flat_map(|rs| rs.children_named("retencion"));
    for (i, r) in withheld.enumerate() {
        let value = dec(Some(r), "valorRetenido");
        let expected = round2(
            dec(Some(r), "baseImponible") * dec(Some(r), "porcentajeRetener")
                / Decimal::ONE_HUNDRED,
        );
        if value != expected {
            return Err(format!(
                "retención {}: valorRetenido {value} ≠ {expected}",
                i + 1
            ));
        }
    }
    Ok(())
}

fn dec(el: Option<&Element>, name: &str) -> Decimal {
    el.and_then(|e| e.child_text(name))
        .and_then(|t| Decimal::from_str(&t).ok())
        .unwrap_or_default()
}

/// Recomputes the relations the SRI checks for differences (error 52).
fn check_amounts(root: &Element) -> Result<(), String> {
    let (info, total_field) = match root.name.as_str() {
        "factura" => (root.child("infoFactura"), "importeTotal"),
        "notaCredito" => (root.child("infoNotaCredito"), "valorModificacion"),
        "comprobanteRetencion" => return check_withheld(root),
        _ => return Ok(()),
    };
    let mut line_sum = Decimal::ZERO;
    let mut line_bases: HashMap<(String, String), Decimal> = HashMap::new();
    for (i, d) in root
        .child("detalles")
        .into_iter()
        .flat_map(|ds| ds.children_named("detalle"))
        .enumerate()
    {
        let net = dec(Some(d), "precioTotalSinImpuesto");
        let expected = round2(dec(Some(d), "cantidad") * dec(Some(d), "precioUnitario"))
            - dec(Some(d), "descuento");
        if expected != net {
            return Err(format!(
                "detalle {}: precioTotalSinImpuesto {net} ≠ {expected}",
                i + 1
            ));
        }
        line_sum += net;
        for t in d
            .child("impuestos")
            .into_iter()
            .flat_map(|ts| ts.children_named("impuesto"))
        {
            let key = (
                t.child_text("codigo").unwrap_or_default(),
                t.child_text("codigoPorcentaje").unwrap_or_default(),
            );
            *line_bases.entry(key).or_default() += dec(Some(t), "baseImponible");
        }
    }
    let total_without = dec(info, "totalSinImpuestos");
    if line_sum != total_without {
        return Err(format!(
            "totalSinImpuestos {total_without} ≠ suma de detalles {line_sum}"
        ));
    }
    let mut taxes = Decimal::ZERO;
    for t in info
        .and_then(|i| i.child("totalConImpuestos"))
        .into_iter()
        .flat_map(|ts| ts.children_named("totalImpuesto"))
    {
        let key = (
            t.child_text("codigo").unwrap_or_default(),
            t.child_text("codigoPorcentaje").unwrap_or_default(),
        );
        let base = dec(Some(t), "baseImponible");
        let value = dec(Some(t), "valor");
        let lines = line_bases.remove(&key).unwrap_or_default();
        if lines != base {
            return Err(format!(
                "baseImponible del impuesto {}/{} {base} ≠ suma de detalles {lines}",
                key.0, key.1
            ));
        }
        if key.0 == "2"
            && let Some(rate) = iva_rate(&key.1)
        {
            let expected = round2(base * Decimal::from(rate.percent) / Decimal::ONE_HUNDRED);
            if expected != value {
                return Err(format!("IVA {}: valor {value} ≠ {expected}", rate.label));
            }
        }
        taxes += value;
    }
    if let Some(((c, p), _)) = line_bases.into_iter().next() {
        return Err(format!(
            "el impuesto {c}/{p} de los detalles no está en totalConImpuestos"
        ));
    }
    let expected = total_without + taxes + dec(info, "propina");
    let total = dec(info, total_field);
    if expected != total {
        return Err(format!("{total_field} {total} ≠ {expected}"));
    }
    Ok(())
}

fn xml_response(status: StatusCode, body: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/xml; charset=utf-8")],
        body,
    )
        .into_response()
}

async fn hang(handle: &SimulatorHandle) -> Response {
    let hang_for = lock(&handle.inner.config).hang_for;
    tokio::time::sleep(hang_for).await;
    xml_response(
        StatusCode::SERVICE_UNAVAILABLE,
        envelope::fault("tiempo agotado (simulado)"),
    )
}

/// The clave de acceso inside a `validarComprobante` request, if it can be read.
fn access_key_of(body: &str) -> Option<String> {
    parse::reception_request(body)
        .ok()
        .flatten()
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|x| parse_tree(&x).ok())
        .and_then(|t| t.find("claveAcceso").map(|c| c.text.trim().to_string()))
}

async fn reception(State(handle): State<SimulatorHandle>, body: String) -> Response {
    handle.answer_after_latency().await;
    handle.count_reception(&body);
    match handle.action(true) {
        Action::Hang => hang(&handle).await,
        Action::Error500 => xml_response(
            StatusCode::INTERNAL_SERVER_ERROR,
            envelope::fault("Error interno simulado"),
        ),
        Action::Reject(code) => {
            let key = access_key_of(&body).unwrap_or_default();
            let resp = ReceptionResponse {
                status: ReceptionStatus::Devuelta,
                documents: vec![ReceivedDocument {
                    access_key: key,
                    messages: vec![SriMessage::for_code(
                        code,
                        MessageKind::Error,
                        Some("rechazo simulado".into()),
                    )],
                }],
            };
            xml_response(StatusCode::OK, envelope::reception_response(&resp))
        }
        Action::HangAfter => {
            handle.receive(&body);
            hang(&handle).await
        }
        Action::Proceed => xml_response(
            StatusCode::OK,
            envelope::reception_response(&handle.receive(&body)),
        ),
    }
}

async fn authorization(State(handle): State<SimulatorHandle>, body: String) -> Response {
    handle.answer_after_latency().await;
    match handle.action(false) {
        Action::Hang => hang(&handle).await,
        Action::Error500 => xml_response(
            StatusCode::INTERNAL_SERVER_ERROR,
            envelope::fault("Error interno simulado"),
        ),
        Action::HangAfter => {
            handle.authorize(&body, None);
            hang(&handle).await
        }
        Action::Reject(code) => xml_response(
            StatusCode::OK,
            envelope::authorization_response(&handle.authorize(&body, Some(code))),
        ),
        Action::Proceed => xml_response(
            StatusCode::OK,
            envelope::authorization_response(&handle.authorize(&body, None)),
        ),
    }
}

async fn wsdl() -> Response {
    xml_response(
        StatusCode::OK,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><!-- Servicio simulado del SRI (Mostrador): use POST con SOAP 1.1 --><definitions xmlns=\"http://schemas.xmlsoap.org/wsdl/\"/>".into(),
    )
}

async fn control(
    State(handle): State<SimulatorHandle>,
    axum::Json(req): axum::Json<ControlRequest>,
) -> impl IntoResponse {
    handle.control(&req);
    axum::Json(handle.state())
}

async fn state(State(handle): State<SimulatorHandle>) -> impl IntoResponse {
    axum::Json(handle.state())
}

/// The stand-in's routes: the SRI's two service paths plus `/simulador/control`
/// (POST, [`ControlRequest`]) and `/simulador/estado` (GET).
pub fn router(handle: SimulatorHandle) -> Router {
    Router::new()
        .route(RECEPTION_PATH, post(reception).get(wsdl))
        .route(AUTHORIZATION_PATH, post(authorization).get(wsdl))
        .route("/simulador/control", post(control))
        .route("/simulador/estado", get(state))
        .with_state(handle)
}

/// Serves the stand-in on `listener` until the task is dropped.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: SimulatorConfig,
) -> std::io::Result<()> {
    serve_with(listener, SimulatorHandle::new(config)).await
}

/// Serves with an existing handle (to keep controlling it from the caller).
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    handle: SimulatorHandle,
) -> std::io::Result<()> {
    axum::serve(listener, router(handle)).await
}

/// A stand-in running in the background on 127.0.0.1 (random port); stops on drop.
pub struct RunningSimulator {
    /// Listening address.
    pub addr: SocketAddr,
    /// Control and inspection.
    pub handle: SimulatorHandle,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl RunningSimulator {
    /// Base URL to give to [`crate::sri::soap::Endpoints::from_base`].
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

impl Drop for RunningSimulator {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Starts a stand-in on a random local port (for tests).
pub async fn spawn(config: SimulatorConfig) -> std::io::Result<RunningSimulator> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let handle = SimulatorHandle::new(config);
    let task = tokio::spawn(serve_with(listener, handle.clone()));
    Ok(RunningSimulator { addr, handle, task })
}
