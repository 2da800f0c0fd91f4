//! Issuing an electronic guía de remisión (`POST /api/ebilling/remissionGuide/register`):
//! standalone (the shop says who carries what to whom) or documenting an inventory transfer (the
//! transfer's lines travel to its destination warehouse, the company itself being the recipient).
//!
//! A guía documents transport only: it never moves stock (a standalone guía's goods leave through
//! the sale or whatever caused the trip; a transfer already moved its stock when registered).
//!
//! One write transaction: the guía's own gapless counter at the branch's emission point
//! ([`DocType::RemissionGuide`]), the comprobante signed with the company's certificate and stored
//! in the SRI queue ([`crate::sri::queue::submit_in_transaction`]), and the shop's record of the
//! guía (`remission_guides` and its lines). A rollback gives the number back. The caller wakes the
//! queue's worker after the commit.
//!
//! A DEVUELTA or NO AUTORIZADO guía is corrected and resent by [`resend`].

use chrono::NaiveDate;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use serde::Deserialize;

use crate::auth::roles::Tenant;
use crate::command::{IdInput, NumberInput, text};
use crate::db::DbConnection;
use crate::domain::ids::{CONSUMIDOR_FINAL_ID, validate_cedula, validate_ruc};
use crate::domain::limits::QUANTITY;
use crate::domain::money::qty_from_micros;
use crate::error::{AppError, AppResult, FieldErrors, conflict};
use crate::models::CompanyId;
use crate::models::config::branch_office::BranchOffice;
use crate::models::config::company::Company;
use crate::models::ebilling::remission_guide::{
    NewRemissionGuide, RemissionGuide, RemissionGuideEmail, RemissionGuideLine, TransportChanges,
};
use crate::models::inventory::document::StockDocument;
use crate::models::inventory::product::Product;
use crate::models::inventory::transfer::Transfer;
use crate::models::inventory::warehouse::Warehouse;
use crate::services::ebilling::corrections::{CarrierBody, Corrections};
use crate::services::sales::sequence::{self, DocType};
use crate::services::signing::certificate;
use crate::sri::catalog::{Environment, IdType, Regime};
use crate::sri::model::{
    Carrier, Comprobante, DeliveryGuide, GuideItem, Header, Issuer, NameValue, Recipient,
};
use crate::sri::queue;
use crate::util::time::now;
use crate::validation::email_problem;

/// `motivoTraslado` of a guía documenting a transfer between the company's own warehouses.
pub const TRANSFER_REASON: &str = "Traslado entre establecimientos";
/// A guía that is not the branch's (or does not exist).
pub const NOT_FOUND: &str = "No se encontró la guía de remisión";
/// Resend of a guía that is not DEVUELTA or NO AUTORIZADO.
pub const NOT_CORRECTABLE: &str =
    "Solo se reenvía una guía de remisión DEVUELTA o NO AUTORIZADA; esta está";
/// A transfer that is not the company's (or not of the user's branch).
pub const TRANSFER_NOT_FOUND: &str = "No se encontró la transferencia";

/// Whether `plate` (upper case, no spaces) is an Ecuadorian plate: 2–3 letters, an optional
/// hyphen, 3–4 digits (cars `PBA-1234`, older `PBA-123`) and, for motorcycles, a trailing letter
/// (`AB123C`).
pub fn valid_plate(plate: &str) -> bool {
    let b = plate.as_bytes();
    let letters = b.iter().take_while(|c| c.is_ascii_uppercase()).count();
    if !(2..=3).contains(&letters) {
        return false;
    }
    let mut rest = &b[letters..];
    if rest.first() == Some(&b'-') {
        rest = &rest[1..];
    }
    let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
    if !(3..=4).contains(&digits) {
        return false;
    }
    match &rest[digits..] {
        [] => true,
        [c] => c.is_ascii_uppercase(),
        _ => false,
    }
}

/// The request body (camelCase): `{transferId?, originAddress?, carrier: {idType,
/// identification, name}, plate, startDate, endDate, recipients: [{idType, identification, name,
/// address, reason, route?, destinationEstablishment?, email?, lines: [{productId | code +
/// description, quantity}]}]}`. A recipient's `email` (optional) receives the authorized guía
/// ([`crate::services::ebilling::mail`]). With `transferId`, `recipients` is left out and the carrier, plate, dates and
/// origin default to what the transfer recorded.
#[derive(Debug, Default, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct RemissionGuideBody {
    #[ts(optional = nullable)]
    pub transfer_id: IdInput,
    pub origin_address: Option<String>,
    pub carrier: Option<CarrierBody>,
    pub plate: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub recipients: Option<Vec<RecipientBody>>,
}

/// A destinatario.
#[derive(Debug, Default, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct RecipientBody {
    pub id_type: Option<String>,
    pub identification: Option<String>,
    pub name: Option<String>,
    pub address: Option<String>,
    pub reason: Option<String>,
    pub route: Option<String>,
    pub destination_establishment: Option<String>,
    /// Where the authorized guía is e-mailed (optional).
    pub email: Option<String>,
    pub lines: Option<Vec<LineBody>>,
}

/// What travels: a product of the company, or a free code and description.
#[derive(Debug, Default, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[ts(rename = "RemissionGuideLineBody")]
#[serde(rename_all = "camelCase")]
pub struct LineBody {
    #[ts(optional = nullable)]
    pub product_id: IdInput,
    pub code: Option<String>,
    pub description: Option<String>,
    #[ts(optional = nullable)]
    pub quantity: NumberInput,
}

/// Field problems gathered while reading the body, all reported at once.
#[derive(Default)]
struct Problems(FieldErrors);

impl Problems {
    fn add(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.0.entry(field.into()).or_insert_with(|| message.into());
    }

    /// A required text of at most `max` characters.
    fn required(&mut self, field: &str, value: &Option<String>, what: &str, max: usize) -> String {
        let value = text(value).unwrap_or_default();
        if let Some(p) = crate::validation::required_text(&value, what, max) {
            self.add(field, p);
        }
        value
    }

    /// An optional text of at most `max` characters.
    fn optional(
        &mut self,
        field: &str,
        value: &Option<String>,
        what: &str,
        max: usize,
    ) -> Option<String> {
        let value = text(value);
        if let Some(p) = crate::validation::optional_text(value.as_deref(), what, max) {
            self.add(field, p);
        }
        value
    }

    fn finish(self) -> AppResult<()> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(AppError::fields(self.0))
        }
    }
}

/// The SRI's identification type of the API name (`ruc`, `cedula`, `pasaporte`, `exterior`).
fn id_type(text: Option<&str>) -> Option<IdType> {
    match text.map(str::trim) {
        Some("ruc") => Some(IdType::Ruc),
        Some("cedula") => Some(IdType::Cedula),
        Some("pasaporte") => Some(IdType::Pasaporte),
        Some("exterior") => Some(IdType::Exterior),
        _ => None,
    }
}

/// The problem with identification `id` of type `kind`, through the domain's cédula/RUC checks.
fn identification_problem(kind: IdType, id: &str) -> Option<String> {
    if id.is_empty() {
        return Some("La identificación es obligatoria".into());
    }
    let checked = match kind {
        IdType::Ruc => validate_ruc(id).map(|_| ()),
        IdType::Cedula => validate_cedula(id),
        IdType::ConsumidorFinal => Err("no se admite consumidor final en una guía".into()),
        IdType::Pasaporte | IdType::Exterior => {
            if id.len() <= 20 && id.chars().all(|c| c.is_ascii_alphanumeric()) {
                Ok(())
            } else {
                Err("debe tener de 1 a 20 letras o dígitos".into())
            }
        }
    };
    if id == CONSUMIDOR_FINAL_ID {
        return Some("La guía de remisión no puede emitirse a consumidor final".into());
    }
    checked
        .err()
        .map(|e| format!("La identificación no es válida: {e}"))
}

/// Reads `{idType, identification}` at `prefix` (`carrier`, `recipients[0]`).
fn party(
    problems: &mut Problems,
    prefix: &str,
    kind: Option<&str>,
    id: &Option<String>,
) -> (IdType, String) {
    let id = text(id).unwrap_or_default().to_uppercase();
    let Some(kind) = id_type(kind) else {
        problems.add(
            format!("{prefix}.idType"),
            "Indique el tipo de identificación: ruc, cedula, pasaporte o exterior",
        );
        return (IdType::Ruc, id);
    };
    if let Some(p) = identification_problem(kind, &id) {
        problems.add(format!("{prefix}.identification"), p);
    }
    (kind, id)
}

/// The type of an identification recorded on a transfer without one: by its length.
fn guessed_type(id: &str) -> &'static str {
    match id.len() {
        13 => "ruc",
        10 => "cedula",
        _ => "pasaporte",
    }
}

/// A date `AAAA-MM-DD`.
fn date(
    problems: &mut Problems,
    field: &str,
    value: Option<String>,
    what: &str,
) -> Option<NaiveDate> {
    match value.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => {
            problems.add(field, format!("{what} es obligatoria"));
            None
        }
        Some(t) => match NaiveDate::parse_from_str(t, "%Y-%m-%d") {
            Ok(d) => Some(d),
            Err(_) => {
                problems.add(
                    field,
                    format!("{what} no es válida: use el formato AAAA-MM-DD"),
                );
                None
            }
        },
    }
}

/// The plate as stored (upper case, no spaces), or its problem.
fn plate(problems: &mut Problems, value: Option<String>) -> String {
    let plate: String = value
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_uppercase();
    if plate.is_empty() {
        problems.add("plate", "La placa es obligatoria");
        return plate;
    }
    if !valid_plate(&plate) {
        problems.add(
            "plate",
            "La placa no es válida: use el formato de Ecuador, p. ej. PBA-1234 (motos: AB123C)",
        );
        return plate;
    }
    canonical_plate(&plate)
}

/// A car's plate with its hyphen (`PBA1234` → `PBA-1234`), as printed on it; a motorcycle's
/// (trailing letter) has none.
fn canonical_plate(plate: &str) -> String {
    let letters = plate.chars().take_while(char::is_ascii_uppercase).count();
    let motorcycle = plate.ends_with(|c: char| c.is_ascii_uppercase());
    if plate.contains('-') || motorcycle {
        plate.to_string()
    } else {
        format!("{}-{}", &plate[..letters], &plate[letters..])
    }
}

/// A line read from the body, before it is stored.
struct Line {
    recipient: i32,
    product_id: Option<i64>,
    code: Option<String>,
    description: String,
    quantity: i64,
}

/// The issuer of the company's documents from `branch`.
fn issuer(company: &Company, branch: &BranchOffice) -> Issuer {
    Issuer {
        ruc: company.ruc.clone(),
        legal_name: company.business_name.clone(),
        trade_name: company.trade_name.clone().filter(|t| !t.trim().is_empty()),
        head_office_address: company.main_address.clone(),
        branch_address: Some(branch.address.clone()).filter(|a| !a.trim().is_empty()),
        special_taxpayer: company
            .special_taxpayer
            .clone()
            .filter(|t| !t.trim().is_empty()),
        keeps_accounts: company.accounting_required,
        withholding_agent: company
            .retention_agent_resolution
            .clone()
            .filter(|r| company.is_ret && !r.trim().is_empty()),
        regime: match company.type_regimen.as_str() {
            "2" => Regime::RimpeEmprendedor,
            "3" => Regime::RimpeNegocioPopular,
            _ => Regime::General,
        },
    }
}

/// Registers a guía in the caller's write transaction and answers its id. The worker must be
/// woken after the commit ([`crate::sri::queue::worker::wake`]).
pub fn register(
    conn: &mut DbConnection,
    tenant: &Tenant,
    body: RemissionGuideBody,
) -> AppResult<i64> {
    let company_id = tenant.company;
    let branch = tenant.branch(conn)?;
    let transfer = documented_transfer(conn, company_id, &branch, &body.transfer_id)?;
    // The counter before any write (lock order of documents, `sequence`); it also serialises two
    // guías for the same transfer, which share the branch's emission point, so the check below
    // sees the other's row.
    let counter = sequence::lock(conn, company_id, &branch, DocType::RemissionGuide)?;
    ensure_no_guide(conn, company_id, transfer.as_ref())?;
    let company = Company::find(conn, company_id)?;
    let today = crate::sri::validate::issue_date(Company::zone(conn, company_id)?);
    let issuing = Issuing {
        company_id,
        branch: &branch,
        company: &company,
    };
    let mut problems = Problems::default();
    let transport = transport(&mut problems, &body, transfer.as_ref(), today);
    let cargo = match &transfer {
        Some(t) => transfer_cargo(conn, &issuing, &mut problems, t, &body)?,
        None => given_cargo(conn, &issuing, &mut problems, body)?,
    };
    problems.finish()?;
    let (Some(start), Some(end)) = (transport.start, transport.end) else {
        return Err(AppError::BadRequest(
            "Fechas del transporte no válidas".into(),
        ));
    };

    let sequential = counter.next();
    let number = counter.format(sequential);
    let doc = Comprobante::DeliveryGuide(DeliveryGuide {
        header: header(&issuing, today, sequential, &number)?,
        departure_address: cargo.origin,
        carrier: transport.carrier.clone(),
        plate: transport.plate.clone(),
        transport_start: start,
        transport_end: end,
        recipients: cargo.recipients,
        additional_info: transfer_info(transfer.as_ref()),
    });
    let identity = certificate::identity(conn, company_id)?;
    let document_id = queue::submit_in_transaction(conn, company_id, branch.id, &doc, &identity)?;
    let user_id = tenant.user_id();
    let id = insert_guide(
        conn,
        &NewRemissionGuide {
            company_id: company_id.get(),
            branch_office_id: branch.id,
            emission_point_id: counter.emission_point_id,
            sequential,
            number,
            transfer_id: transfer.as_ref().map(|t| t.id),
            sri_document_id: document_id,
            carrier_name: transport.carrier.name,
            carrier_identification: transport.carrier.id,
            plate: transport.plate,
            start_date: start,
            end_date: end,
            user_id,
            created_at: now(),
        },
    )?;
    insert_lines_and_emails(conn, company_id, id, cargo.lines, cargo.emails)?;
    sequence::advance(conn, &counter)?;
    Ok(id)
}

/// Who issues the guía: the company, from the user's branch (passed together to the steps of
/// [`register`] that need them).
struct Issuing<'a> {
    company_id: CompanyId,
    branch: &'a BranchOffice,
    company: &'a Company,
}

/// The transport as read from the body or the transfer; a date is `None` when it was missing or
/// not valid (the problem is already recorded).
struct Transport {
    carrier: Carrier,
    plate: String,
    start: Option<NaiveDate>,
    end: Option<NaiveDate>,
}

/// What the guía carries, as read from the body or the transfer: the departure address, the
/// destinatarios with their items, the lines to store and the recipients' e-mails.
struct Cargo {
    origin: String,
    recipients: Vec<Recipient>,
    lines: Vec<Line>,
    /// (recipient index, lower-case address) of the recipients that gave one.
    emails: Vec<(i32, String)>,
}

/// The transfer the guía documents (`transferId`), if any: it must be the company's and of the
/// user's branch, else 404 (an id that is not valid too).
fn documented_transfer(
    conn: &mut DbConnection,
    company_id: CompanyId,
    branch: &BranchOffice,
    transfer_id: &IdInput,
) -> AppResult<Option<Transfer>> {
    match transfer_id.optional() {
        Ok(None) => Ok(None),
        Ok(Some(id)) => Ok(Some(
            Transfer::find(conn, company_id, id)?
                .filter(|t| t.branch_office_id == branch.id)
                .ok_or_else(|| AppError::NotFound(TRANSFER_NOT_FOUND.into()))?,
        )),
        Err(_) => Err(AppError::NotFound(TRANSFER_NOT_FOUND.into())),
    }
}

/// A transfer gets one guía: 409 when it already has one (checked under the counter's lock).
fn ensure_no_guide(
    conn: &mut DbConnection,
    company_id: CompanyId,
    transfer: Option<&Transfer>,
) -> AppResult<()> {
    if let Some(t) = transfer
        && let Some(guide) = RemissionGuide::of_transfer(conn, company_id, t.id)?
    {
        return Err(conflict(format!(
            "La transferencia {} ya tiene la guía de remisión electrónica {}",
            t.number, guide.number
        )));
    }
    Ok(())
}

/// Carrier, plate and dates: the body's, else (for a transfer) what it recorded. The start may
/// not be before `today` (the guía's issue date) nor the end before the start.
fn transport(
    problems: &mut Problems,
    body: &RemissionGuideBody,
    transfer: Option<&Transfer>,
    today: NaiveDate,
) -> Transport {
    let carrier = carrier(problems, body.carrier.as_ref(), transfer);
    let plate = plate(
        problems,
        text(&body.plate).or_else(|| transfer.and_then(|t| t.plate.clone())),
    );
    let start = date(
        problems,
        "startDate",
        text(&body.start_date)
            .or_else(|| transfer.and_then(|t| t.start_date).map(|d| d.to_string())),
        "La fecha de inicio del transporte",
    );
    let end = date(
        problems,
        "endDate",
        text(&body.end_date).or_else(|| transfer.and_then(|t| t.end_date).map(|d| d.to_string())),
        "La fecha de fin del transporte",
    );
    if let Some(s) = start
        && s < today
    {
        problems.add(
            "startDate",
            "La fecha de inicio del transporte no puede ser anterior a hoy, la fecha de emisión de la guía",
        );
    }
    if let (Some(s), Some(e)) = (start, end)
        && e < s
    {
        problems.add(
            "endDate",
            "La fecha de fin del transporte no puede ser anterior a la de inicio",
        );
    }
    Transport {
        carrier,
        plate,
        start,
        end,
    }
}

/// The transportista: the body's, else (for a transfer) the one it recorded, whose type of
/// identification is guessed from its length when the body gives none.
fn carrier(
    problems: &mut Problems,
    body: Option<&CarrierBody>,
    transfer: Option<&Transfer>,
) -> Carrier {
    let none = CarrierBody::default();
    let carrier_body = body.unwrap_or(&none);
    let recorded = |f: fn(&Transfer) -> Option<String>| transfer.and_then(f);
    let carrier_id_text = text(&carrier_body.identification)
        .or_else(|| recorded(|t| t.carrier_identification.clone()));
    let carrier_kind = carrier_body
        .id_type
        .clone()
        .filter(|k| !k.trim().is_empty())
        .or_else(|| {
            carrier_id_text
                .as_deref()
                .filter(|_| transfer.is_some())
                .map(|id| guessed_type(id).to_string())
        });
    let (id_type, id) = party(
        problems,
        "carrier",
        carrier_kind.as_deref(),
        &carrier_id_text,
    );
    let name = problems.required(
        "carrier.name",
        &text(&carrier_body.name).or_else(|| recorded(|t| t.carrier_name.clone())),
        "El nombre del transportista",
        300,
    );
    Carrier { id_type, id, name }
}

/// The cargo of a transfer's guía: its lines travel to its destination warehouse, the company
/// itself being the only recipient (the body may give no destinatarios).
fn transfer_cargo(
    conn: &mut DbConnection,
    issuing: &Issuing,
    problems: &mut Problems,
    t: &Transfer,
    body: &RemissionGuideBody,
) -> AppResult<Cargo> {
    if body.recipients.as_ref().is_some_and(|r| !r.is_empty()) {
        problems.add(
            "recipients",
            "La guía de una transferencia lleva como destinatario la bodega de destino: no indique destinatarios",
        );
    }
    let company_id = issuing.company_id;
    let branch = issuing.branch;
    let from = Warehouse::find(conn, company_id, t.from_warehouse_id)?;
    let to = Warehouse::find(conn, company_id, t.to_warehouse_id)?.ok_or_else(|| {
        AppError::Internal(anyhow::anyhow!("transfer {} without destination", t.id))
    })?;
    let to_branch = BranchOffice::find_in_company(conn, company_id, to.branch_office_id)?
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("warehouse {} without branch", to.id)))?;
    let default_origin = from
        .map(|w| format!("{} ({})", branch.address, w.name))
        .unwrap_or_else(|| branch.address.clone());
    let origin = problems.required(
        "originAddress",
        &text(&body.origin_address)
            .or_else(|| t.origin_address.clone())
            .or(Some(default_origin)),
        "La dirección de partida",
        300,
    );
    let address = t
        .destination_address
        .clone()
        .filter(|a| !a.trim().is_empty())
        .unwrap_or_else(|| format!("{} ({})", to_branch.address, to.name));
    let (items, lines) = transfer_items(conn, company_id, t)?;
    let recipient = Recipient {
        id: issuing.company.ruc.clone(),
        name: issuing.company.business_name.clone(),
        address: address.chars().take(300).collect(),
        transfer_reason: TRANSFER_REASON.into(),
        customs_document: None,
        destination_establishment: Some(to_branch.code.clone()),
        route: None,
        support_document: None,
        items,
    };
    Ok(Cargo {
        origin,
        recipients: vec![recipient],
        lines,
        emails: Vec::new(),
    })
}

/// The transfer's stock lines as the guía's items and stored lines (recipient 0), described by
/// their products.
fn transfer_items(
    conn: &mut DbConnection,
    company_id: CompanyId,
    t: &Transfer,
) -> AppResult<(Vec<GuideItem>, Vec<Line>)> {
    let stock_lines = Transfer::lines_of(conn, company_id, &[t.id])?;
    let ids: Vec<i64> = stock_lines.iter().map(|l| l.product_id).collect();
    let products = Product::find_many(conn, company_id, &ids)?;
    let mut items = Vec::with_capacity(stock_lines.len());
    let mut lines = Vec::new();
    for l in &stock_lines {
        let product = products.iter().find(|p| p.id == l.product_id);
        let code = product.map(|p| p.code.clone());
        let description = product
            .map(|p| p.name.clone())
            .unwrap_or_else(|| format!("Producto {}", l.product_id));
        items.push(GuideItem {
            internal_code: code.clone().filter(|c| !c.is_empty()),
            extra_code: None,
            description: description.clone(),
            quantity: qty_from_micros(l.quantity),
            details: Vec::new(),
        });
        lines.push(Line {
            recipient: 0,
            product_id: Some(l.product_id),
            code,
            description,
            quantity: l.quantity,
        });
    }
    Ok((items, lines))
}

/// The cargo of a standalone guía: the body's destinatarios (at least one), leaving from the
/// body's address or the branch's.
fn given_cargo(
    conn: &mut DbConnection,
    issuing: &Issuing,
    problems: &mut Problems,
    body: RemissionGuideBody,
) -> AppResult<Cargo> {
    let origin = problems.required(
        "originAddress",
        &text(&body.origin_address).or(Some(issuing.branch.address.clone())),
        "La dirección de partida",
        300,
    );
    let given = body.recipients.unwrap_or_default();
    if given.is_empty() {
        problems.add("recipients", "Agregue al menos un destinatario");
    }
    let mut cargo = Cargo {
        origin,
        recipients: Vec::new(),
        lines: Vec::new(),
        emails: Vec::new(),
    };
    for (i, r) in given.into_iter().enumerate() {
        read_recipient(conn, issuing.company_id, problems, i, r, &mut cargo)?;
    }
    Ok(cargo)
}

/// Reads destinatario `i` of the body into `cargo`: the recipient with its items, its lines and
/// its e-mail (when it gave one).
fn read_recipient(
    conn: &mut DbConnection,
    company_id: CompanyId,
    problems: &mut Problems,
    i: usize,
    r: RecipientBody,
    cargo: &mut Cargo,
) -> AppResult<()> {
    let f = |name: &str| format!("recipients[{i}].{name}");
    let (_, id) = party(
        problems,
        &format!("recipients[{i}]"),
        r.id_type.as_deref(),
        &r.identification,
    );
    let name = problems.required(&f("name"), &r.name, "El nombre del destinatario", 300);
    let address = problems.required(
        &f("address"),
        &r.address,
        "La dirección del destinatario",
        300,
    );
    let reason = problems.required(&f("reason"), &r.reason, "El motivo del traslado", 300);
    let route = problems.optional(&f("route"), &r.route, "La ruta", 300);
    if let Some(email) = text(&r.email) {
        match email_problem(&email) {
            Some(p) => problems.add(f("email"), p),
            None => cargo
                .emails
                .push((i32::try_from(i).unwrap_or(i32::MAX), email.to_lowercase())),
        }
    }
    let establishment = text(&r.destination_establishment);
    if let Some(e) = &establishment
        && (e.len() != 3 || !e.bytes().all(|b| b.is_ascii_digit()))
    {
        problems.add(
            f("destinationEstablishment"),
            "El establecimiento de destino debe tener 3 dígitos",
        );
    }
    let raw = r.lines.unwrap_or_default();
    if raw.is_empty() {
        problems.add(f("lines"), "Agregue al menos una línea");
    }
    let mut items = Vec::with_capacity(raw.len());
    for (j, l) in raw.into_iter().enumerate() {
        let (item, line) = read_line(conn, company_id, problems, i, j, l)?;
        items.push(item);
        cargo.lines.push(line);
    }
    cargo.recipients.push(Recipient {
        id,
        name,
        address,
        transfer_reason: reason,
        customs_document: None,
        destination_establishment: establishment,
        route,
        support_document: None,
        items,
    });
    Ok(())
}

/// Reads line `j` of destinatario `i`: a product of the company (its code and name unless the
/// body gives others) or a free code and description, and the quantity.
fn read_line(
    conn: &mut DbConnection,
    company_id: CompanyId,
    problems: &mut Problems,
    i: usize,
    j: usize,
    l: LineBody,
) -> AppResult<(GuideItem, Line)> {
    let g = |name: &str| format!("recipients[{i}].lines[{j}].{name}");
    let product = line_product(conn, company_id, problems, &g("productId"), &l.product_id)?;
    let (code, description) = match &product {
        Some(p) => (
            text(&l.code).or(Some(p.code.clone())),
            text(&l.description).unwrap_or_else(|| p.name.clone()),
        ),
        None => (
            problems.optional(&g("code"), &l.code, "El código", 25),
            problems.required(
                &g("description"),
                &l.description,
                "La descripción (o elija un producto)",
                300,
            ),
        ),
    };
    if description.chars().count() > 300 {
        problems.add(
            g("description"),
            "La descripción no puede tener más de 300 caracteres",
        );
    }
    if code.as_ref().is_some_and(|c| c.chars().count() > 25) {
        problems.add(g("code"), "El código no puede tener más de 25 caracteres");
    }
    let quantity = match l
        .quantity
        .required_micros("La cantidad", true, false, QUANTITY)
    {
        Ok(q) => q,
        Err(p) => {
            problems.add(g("quantity"), p);
            0
        }
    };
    let item = GuideItem {
        internal_code: code.clone().filter(|c| !c.is_empty()),
        extra_code: None,
        description: description.clone(),
        quantity: qty_from_micros(quantity),
        details: Vec::new(),
    };
    let line = Line {
        recipient: i32::try_from(i).unwrap_or(i32::MAX),
        product_id: product.map(|p| p.id),
        code,
        description,
        quantity,
    };
    Ok((item, line))
}

/// The product of a line (`productId`), if it names one; "El producto no existe" at `field` when
/// it is not the company's or not a valid id.
fn line_product(
    conn: &mut DbConnection,
    company_id: CompanyId,
    problems: &mut Problems,
    field: &str,
    product_id: &IdInput,
) -> AppResult<Option<Product>> {
    match product_id.optional() {
        Ok(Some(id)) => match Product::find(conn, company_id, id)? {
            Some(p) => Ok(Some(p)),
            None => {
                problems.add(field, "El producto no existe");
                Ok(None)
            }
        },
        Ok(None) => Ok(None),
        Err(_) => {
            problems.add(field, "El producto no existe");
            Ok(None)
        }
    }
}

/// The document's header: the company's environment and issuer, the branch's establishment and
/// the guía's number (409 when the sequential no longer fits the SRI's).
fn header(issuing: &Issuing, today: NaiveDate, sequential: i64, number: &str) -> AppResult<Header> {
    // `estab-ptoEmi-secuencial`: the emission point's code is the middle part.
    let emission_point = number.split('-').nth(1).unwrap_or_default().to_string();
    Ok(Header {
        environment: if issuing.company.sri_environment == "produccion" {
            Environment::Produccion
        } else {
            Environment::Pruebas
        },
        issuer: issuer(issuing.company, issuing.branch),
        establishment: issuing.branch.code.clone(),
        emission_point,
        sequential: u32::try_from(sequential)
            .map_err(|_| conflict("Se agotó la numeración de guías de remisión"))?,
        issue_date: today,
        numeric_code: None,
        access_key: None,
    })
}

/// The guía's additional information: the number of the transfer it documents, if any.
fn transfer_info(transfer: Option<&Transfer>) -> Vec<NameValue> {
    transfer
        .map(|t| {
            vec![NameValue {
                name: "Transferencia".into(),
                value: format!("N.º {}", t.number),
            }]
        })
        .unwrap_or_default()
}

/// Inserts the shop's record of the guía and answers its id; 409 when a concurrent guía for the
/// same transfer got there first.
fn insert_guide(conn: &mut DbConnection, guide: &NewRemissionGuide) -> AppResult<i64> {
    RemissionGuide::insert(conn, guide).map_err(|e| match e {
        // Only a concurrent guía for the same transfer (the counter serialises the rest).
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => {
            conflict("La transferencia ya tiene una guía de remisión electrónica")
        }
        other => AppError::from(other),
    })
}

/// Stores the guía's lines and its recipients' e-mails under guía `id`.
fn insert_lines_and_emails(
    conn: &mut DbConnection,
    company_id: CompanyId,
    id: i64,
    lines: Vec<Line>,
    emails: Vec<(i32, String)>,
) -> AppResult<()> {
    let rows: Vec<RemissionGuideLine> = lines
        .into_iter()
        .map(|l| RemissionGuideLine {
            id: 0,
            company_id: company_id.get(),
            remission_guide_id: id,
            recipient: l.recipient,
            product_id: l.product_id,
            code: l.code,
            description: l.description,
            quantity: l.quantity,
        })
        .collect();
    RemissionGuide::insert_lines(conn, &rows)?;
    let emails: Vec<RemissionGuideEmail> = emails
        .into_iter()
        .map(|(recipient, email)| RemissionGuideEmail {
            id: 0,
            company_id: company_id.get(),
            remission_guide_id: id,
            recipient,
            email,
        })
        .collect();
    RemissionGuide::insert_emails(conn, &emails)?;
    Ok(())
}

/// `POST /api/ebilling/remissionGuide/{id}/resend`: a DEVUELTA or NO AUTORIZADO guía of the
/// user's branch rebuilt from its stored document with the company's and branch's current data
/// (the issuer; for a transfer's guía also the company as recipient) and the shop's
/// `corrections` (transportista, placa, motivo del traslado, fechas del transporte: checked with
/// the register's rules, the start not before the guía's issue date — SRI error 82 — and stored
/// on the guía too), re-signed with the same clave (same number, issue date and lines) and queued
/// again. A guía moves no stock, so there is nothing else to leave alone. 404 for another
/// branch's or company's; 409 in any other state or without a certificate; 400 for corrections
/// that are not valid. Returns the guía.
pub fn resend(
    conn: &mut DbConnection,
    tenant: &Tenant,
    id: i64,
    corrections: Corrections,
) -> AppResult<RemissionGuide> {
    let done = crate::db::write_transaction(conn, |conn| corrected(conn, tenant, id, corrections))?;
    queue::worker::wake();
    Ok(done)
}

/// [`resend`] in one write transaction: the corrections stored on the shop's record and the
/// document queued again, or neither.
fn corrected(
    conn: &mut DbConnection,
    tenant: &Tenant,
    id: i64,
    corrections: Corrections,
) -> AppResult<RemissionGuide> {
    let company_id = tenant.company;
    let branch = tenant.branch(conn)?;
    let not_found = || AppError::NotFound(NOT_FOUND.into());
    let guide = RemissionGuide::find(conn, company_id, id)?
        .filter(|g| g.branch_office_id == branch.id)
        .ok_or_else(not_found)?;
    let stored = queue::find(conn, company_id, guide.sri_document_id)?.ok_or_else(not_found)?;
    queue::ensure_correctable(&stored, NOT_CORRECTABLE)?;
    let Comprobante::DeliveryGuide(mut doc) = Comprobante::from_json(&stored.document_json)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("guía {id}: {e}")))?
    else {
        return Err(AppError::Internal(anyhow::anyhow!(
            "el documento de la guía {id} no es una guía de remisión"
        )));
    };
    let guide = correct(conn, company_id, guide, &mut doc, corrections)?;
    let company = Company::find(conn, company_id)?;
    doc.header.issuer = issuer(&company, &branch);
    if guide.transfer_id.is_some() {
        for recipient in &mut doc.recipients {
            recipient.id = company.ruc.clone();
            recipient.name = company.business_name.clone();
        }
    }
    let identity = certificate::identity(conn, company_id)?;
    queue::resubmit_corrected_in_transaction(
        conn,
        company_id,
        stored.id,
        &Comprobante::DeliveryGuide(doc),
        &identity,
    )?;
    Ok(guide)
}

/// Applies `corrections` to the guía's document and its stored row (400 with every problem when
/// one is not valid); answers the guía as stored now.
fn correct(
    conn: &mut DbConnection,
    company: CompanyId,
    guide: RemissionGuide,
    doc: &mut DeliveryGuide,
    corrections: Corrections,
) -> AppResult<RemissionGuide> {
    if corrections.is_empty() {
        return Ok(guide);
    }
    let mut problems = Problems::default();
    if let Some(carrier) = &corrections.carrier {
        let (kind, id) = party(
            &mut problems,
            "carrier",
            carrier.id_type.as_deref(),
            &carrier.identification,
        );
        let name = problems.required(
            "carrier.name",
            &carrier.name,
            "El nombre del transportista",
            300,
        );
        doc.carrier = Carrier {
            id_type: kind,
            id,
            name,
        };
    }
    if corrections.plate.is_some() {
        doc.plate = plate(&mut problems, text(&corrections.plate));
    }
    if corrections.reason.is_some() {
        let reason =
            problems.required("reason", &corrections.reason, "El motivo del traslado", 300);
        if guide.transfer_id.is_some() {
            problems.add(
                "reason",
                format!("El motivo de la guía de una transferencia es «{TRANSFER_REASON}»: no se corrige"),
            );
        }
        for recipient in &mut doc.recipients {
            recipient.transfer_reason = reason.clone();
        }
    }
    if corrections.start_date.is_some()
        && let Some(d) = date(
            &mut problems,
            "startDate",
            text(&corrections.start_date),
            "La fecha de inicio del transporte",
        )
    {
        doc.transport_start = d;
    }
    if corrections.end_date.is_some()
        && let Some(d) = date(
            &mut problems,
            "endDate",
            text(&corrections.end_date),
            "La fecha de fin del transporte",
        )
    {
        doc.transport_end = d;
    }
    if doc.transport_start < doc.header.issue_date {
        problems.add(
            "startDate",
            "La fecha de inicio del transporte no puede ser anterior a la fecha de emisión de la guía",
        );
    }
    if doc.transport_end < doc.transport_start {
        problems.add(
            "endDate",
            "La fecha de fin del transporte no puede ser anterior a la de inicio",
        );
    }
    problems.finish()?;
    let changes = TransportChanges {
        carrier_name: doc.carrier.name.clone(),
        carrier_identification: doc.carrier.id.clone(),
        plate: doc.plate.clone(),
        start_date: doc.transport_start,
        end_date: doc.transport_end,
    };
    RemissionGuide::set_transport(conn, company, guide.id, &changes)?;
    Ok(RemissionGuide {
        carrier_name: changes.carrier_name,
        carrier_identification: changes.carrier_identification,
        plate: changes.plate,
        start_date: changes.start_date,
        end_date: changes.end_date,
        ..guide
    })
}

#[cfg(test)]
mod tests {
    use super::{canonical_plate, valid_plate};

    #[test]
    fn plates_of_ecuador() {
        for ok in ["PBA-1234", "PBA1234", "GBC-123", "AB123C", "IA-1234"] {
            assert!(valid_plate(ok), "{ok}");
        }
        for bad in [
            "",
            "P-1234",
            "PBAX-1234",
            "PBA-12",
            "PBA-12345",
            "PBA-1234CD",
            "123-ABC",
            "PBA--1234",
        ] {
            assert!(!valid_plate(bad), "{bad}");
        }
        assert_eq!(canonical_plate("PBA1234"), "PBA-1234");
        assert_eq!(canonical_plate("PBA-1234"), "PBA-1234");
        assert_eq!(canonical_plate("AB123C"), "AB123C");
    }
}
