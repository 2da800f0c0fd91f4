//! The comprobante de retención (codDoc 07, v2.0.0) a withholding agent issues on a purchase:
//! with the purchase's register (`withholding` in its body) or afterwards
//! (`POST /api/purchases/{kind}/{id}/withhold`), and annulled with a reason.
//!
//! Rules, and where they come from:
//! - Only a company the SRI designated agente de retención (`is_ret`) issues one.
//! - The percentage of each line is the dated tax table's (`tax_rates`) in force on the
//!   retención's own date (its `fechaEmision`, today in the company's zone).
//! - Renta is withheld on the purchase's base without taxes, IVA on the purchase's IVA: the bases
//!   of the lines of a kind add up to at most that (`server/sri/validate.rs` checks the same on the
//!   comprobante).
//! - The agent issues it within five days of the purchase document's date (Ley de Régimen
//!   Tributario Interno, art. 50; `../shared/reference/sri.md` §7). Later, the API answers 422
//!   unless `late: true` says the user takes the fine knowingly; the retención records it.
//! - `codSustento` (ATS Tabla 5, as OCA's `l10n_ec_withhold/models/data.py` lists it): 06
//!   «Inventario - Crédito Tributario para declaración de IVA» for merchandise, 01 «Crédito
//!   Tributario para declaración de IVA» for expenses and manual purchases; 07 and 02, their
//!   «Costo o Gasto para declaración de IR» forms, when the purchase carries no IVA.
//! - What the supplier is owed drops by the amount withheld in the same transaction: the payment
//!   made at the register, or the purchase's payable. Annulling gives it back to the payable.

use std::collections::BTreeMap;

use chrono::{Days, NaiveDate};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::Deserialize;

use crate::auth::roles::Tenant;
use crate::command::NumberInput;
use crate::db::DbConnection;
use crate::domain::money::{from_micros, money, to_micros};
use crate::domain::taxes::TaxKind;
use crate::error::{AppError, AppResult, FieldErrors, conflict, not_in_table};
use crate::models::CompanyId;
use crate::models::config::branch_office::BranchOffice;
use crate::models::config::company::Company;
use crate::models::purchases::payable::Payable;
use crate::models::purchases::purchase::Purchase;
use crate::models::purchases::supplier::Supplier;
use crate::models::purchases::withholding::{Withholding, WithholdingFields, WithholdingLine};
use crate::models::taxes::rate::{TaxRate, in_force, timelines};
use crate::services::sales::invoice::issuer_of;
use crate::services::sales::sequence::{self, DocType};
use crate::services::signing::certificate;
use crate::sri::catalog::{Environment, IdType};
use crate::sri::model::{
    self, Buyer, Comprobante, Header, NameValue, SupportTax, WithheldDocument, WithheldTax,
    WithheldTaxKind,
};
use crate::sri::queue;
use crate::util::time::now;

use super::totals;

/// Days from the purchase document's date within which the retención is due.
pub const WINDOW_DAYS: u64 = 5;
/// Most lines of one retención.
pub const LINES_MAX: usize = 20;

/// The company is not a withholding agent.
pub const NOT_AGENT: &str = "La empresa no es agente de retención: actívelo en Empresa → Datos de la empresa antes de emitir retenciones";
/// A second live retención on one purchase.
pub const ALREADY_WITHHELD: &str = "La compra ya tiene una retención; anúlela antes de emitir otra";
/// Past the legal window without `late: true`.
pub const LATE: &str = "Pasaron más de cinco días desde la fecha del documento de la compra: la retención se emite tarde y el SRI puede multar. Confirme para emitirla de todas formas";
/// Cancelling a purchase that has a live retención.
pub const HAS_WITHHOLDING: &str = "La compra tiene una retención emitida: anúlela primero en el SRI y márquela anulada en Mostrador; luego anule la compra";
/// A retención on a cancelled purchase.
pub const CANCELLED: &str = "La compra está anulada: no se le emite retención";
/// The purchase has no supplier's document to withhold on.
pub const NO_DOCUMENT: &str =
    "La compra no tiene el número del documento del proveedor: la retención lo necesita";
/// A retención afterwards on a purchase already paid in full.
pub const NOTHING_OWED: &str = "La compra ya se pagó: una retención posterior descuenta del saldo por pagar y esta compra no tiene saldo suficiente";
/// Annulling an annulled retención.
pub const ALREADY_ANNULLED: &str = "La retención ya está anulada";
/// A retención of another company, or none.
pub const NOT_FOUND: &str = "No se encontró la retención";

/// `withholding: {lines: [{kind, code, base}], late?}` of a purchase's register, and the body of
/// `POST /api/purchases/{kind}/{id}/withhold`.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct WithholdingBody {
    pub lines: Option<Vec<WithholdingLineBody>>,
    /// Issue it past the five days, knowing the SRI may fine it.
    pub late: Option<bool>,
}

/// A line of the body: `kind` `renta` or `iva`, the SRI's `code` (312, 3440, 9, 1…) and `base`.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct WithholdingLineBody {
    pub kind: Option<String>,
    pub code: Option<String>,
    /// Decimal text, up to two decimals.
    #[ts(optional = nullable)]
    pub base: NumberInput,
}

/// A line read from the body (base in millionths).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineInput {
    pub kind: WithheldTaxKind,
    pub code: String,
    pub base: i64,
}

/// A retención read from its body.
#[derive(Debug, Clone)]
pub struct WithholdingInput {
    pub lines: Vec<LineInput>,
    pub late: bool,
}

/// What [`issue`] did.
#[derive(Debug, Clone, Copy)]
pub struct Issued {
    pub id: i64,
    /// The amount withheld, in millionths.
    pub total: i64,
}

/// Reads the body; every problem on `{field}` (`withholding` in a register body, `lines` in the
/// withhold body), with the line's number.
pub fn read(body: &WithholdingBody, field: &str) -> AppResult<WithholdingInput> {
    let raw = body.lines.as_deref().unwrap_or_default();
    if raw.is_empty() {
        return Err(AppError::field(
            field,
            "La retención necesita al menos una línea (renta o IVA)",
        ));
    }
    if raw.len() > LINES_MAX {
        return Err(AppError::field(
            field,
            format!("Una retención admite como máximo {LINES_MAX} líneas"),
        ));
    }
    let mut lines = Vec::with_capacity(raw.len());
    let mut problems = Vec::new();
    for (n, line) in raw.iter().enumerate() {
        match read_line(line) {
            Ok(line) => lines.push(line),
            Err(problem) => problems.push(format!("Línea {}: {problem}", n + 1)),
        }
    }
    if !problems.is_empty() {
        return Err(AppError::field(field, problems.join("; ")));
    }
    Ok(WithholdingInput {
        lines,
        late: body.late.unwrap_or(false),
    })
}

fn read_line(line: &WithholdingLineBody) -> Result<LineInput, String> {
    let kind = match line.kind.as_deref().map(str::trim) {
        Some("renta") => WithheldTaxKind::Renta,
        Some("iva") => WithheldTaxKind::Iva,
        _ => return Err("el tipo debe ser renta o iva".into()),
    };
    let code = line
        .code
        .as_deref()
        .map(|c| c.trim().to_uppercase())
        .filter(|c| !c.is_empty() && c.len() <= 10)
        .ok_or("falta el código de retención del SRI")?;
    let base = match line.base.money("La base")? {
        Some(base) if base > Decimal::ZERO => base,
        Some(_) => return Err("la base debe ser mayor que cero".into()),
        None => return Err("falta la base".into()),
    };
    let base = to_micros(base).ok_or("la base es demasiado grande")?;
    Ok(LineInput { kind, code, base })
}

fn kind_name(kind: WithheldTaxKind) -> &'static str {
    match kind {
        WithheldTaxKind::Renta => "renta",
        WithheldTaxKind::Iva => "iva",
        WithheldTaxKind::Isd => "isd",
    }
}

/// When what the supplier is owed drops by the amount withheld.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settlement {
    /// With the purchase's register: its payment (or payable) is made for the net already.
    AtRegister,
    /// Afterwards: the purchase's payable drops (refused when it owes less than that).
    FromPayable,
}

/// Issues the retención of `purchase` in the caller's write transaction: the checks, the rates
/// of today, the number of the branch's emission point, the comprobante queued for the SRI, the
/// rows, and (with [`Settlement::FromPayable`]) the payable's drop. The caller wakes the queue's
/// worker after the commit.
pub fn issue(
    conn: &mut DbConnection,
    tenant: &Tenant,
    purchase: &Purchase,
    input: &WithholdingInput,
    settlement: Settlement,
) -> AppResult<Issued> {
    let company_id = tenant.company;
    let Ready {
        company,
        number,
        today,
        late,
    } = ready(conn, company_id, purchase, input)?;
    let supplier =
        Supplier::find(conn, company_id, purchase.supplier_id)?.ok_or_else(not_in_table)?;
    let withheld = withheld_lines(conn, company_id, purchase, input, today)?;
    let total: i64 = withheld.iter().map(|(_, amount)| amount).sum();
    let payable = Payable::of_purchase(conn, company_id, purchase.id)?;
    if settlement == Settlement::FromPayable {
        let owed = payable
            .as_ref()
            .filter(|p| !p.cancelled)
            .map_or(0, |p| p.balance);
        if owed < total {
            return Err(conflict(NOTHING_OWED));
        }
    }
    let identity = certificate::identity(conn, company_id)?;
    let branch = BranchOffice::find_in_company(conn, company_id, purchase.branch_office_id)?
        .ok_or_else(not_in_table)?;
    let (counter, sequential) = sequence::take(conn, company_id, &branch, DocType::Withholding)?;
    let doc = comprobante(
        &company,
        &Issue {
            branch: &branch,
            point: &counter.point_code,
            sequential,
            date: today,
        },
        &supplier,
        &OnDocument {
            purchase,
            number: &number,
            taxes: support_taxes(conn, company_id, purchase)?,
            withheld: &withheld,
        },
    )?;
    let document_id = queue::submit_in_transaction(conn, company_id, branch.id, &doc, &identity)?;
    let mut rows: Vec<WithholdingLine> = withheld
        .iter()
        .map(|(tax, amount)| WithholdingLine {
            withholding_id: 0,
            kind: kind_name(tax.kind).into(),
            code: tax.code.clone(),
            base: to_micros(tax.base).unwrap_or_default(),
            percent_bp: (tax.percent * Decimal::ONE_HUNDRED)
                .to_i64()
                .unwrap_or_default(),
            amount: *amount,
        })
        .collect();
    let id = Withholding::insert(
        conn,
        company_id,
        &WithholdingFields {
            branch_office_id: branch.id,
            purchase_id: purchase.id,
            supplier_id: supplier.id,
            sri_document_id: document_id,
            number: counter.format(sequential),
            date: today,
            total,
            late,
            at_register: settlement == Settlement::AtRegister,
            user_id: tenant.user_id(),
            created_at: now(),
        },
        &mut rows,
    )
    .map_err(|e| crate::error::constraint_conflict(e, "withholding", ALREADY_WITHHELD))?;
    if settlement == Settlement::FromPayable
        && let Some(payable) = payable
        && !Payable::change_owed(conn, company_id, payable.id, -total)?
    {
        return Err(conflict(NOTHING_OWED));
    }
    Ok(Issued { id, total })
}

/// Resending a retención that is not DEVUELTA or NO AUTORIZADO.
pub const NOT_CORRECTABLE: &str =
    "Solo se reenvía una retención DEVUELTA o NO AUTORIZADA; esta está";

/// Resends a DEVUELTA or NO AUTORIZADO retención, in the caller's write transaction: rebuilt with
/// the company's, branch's and supplier's current data (what the SRI usually refuses is a
/// supplier's identification or the company's data, corrected on their screens), with the same
/// number, date, clave, documents and lines; re-signed and queued again. 409 in any other state.
/// The caller wakes the queue's worker after the commit.
pub fn resend(conn: &mut DbConnection, tenant: &Tenant, id: i64) -> AppResult<()> {
    let company_id = tenant.company;
    let not_found = || AppError::NotFound(NOT_FOUND.into());
    let row = Withholding::find(conn, company_id, id)?.ok_or_else(not_found)?;
    let stored =
        queue::find(conn, company_id, row.fields.sri_document_id)?.ok_or_else(not_found)?;
    queue::ensure_correctable(&stored, NOT_CORRECTABLE)?;
    let internal = |what: &str| AppError::Internal(anyhow::anyhow!("retención {id}: {what}"));
    let Comprobante::Withholding(mut previous) =
        Comprobante::from_json(&stored.document_json).map_err(|e| internal(&e.to_string()))?
    else {
        return Err(internal("su documento no es una retención"));
    };
    let company = Company::find(conn, company_id)?;
    let branch = BranchOffice::find_in_company(conn, company_id, row.fields.branch_office_id)?
        .ok_or_else(|| internal("sin sucursal"))?;
    let supplier = Supplier::find(conn, company_id, row.fields.supplier_id)?
        .ok_or_else(|| internal("sin proveedor"))?;
    previous.header.issuer = issuer_of(&company, &branch);
    previous.subject = subject(&supplier)?;
    let identity = certificate::identity(conn, company_id)?;
    queue::resubmit_corrected_in_transaction(
        conn,
        company_id,
        stored.id,
        &Comprobante::Withholding(previous),
        &identity,
    )?;
    Ok(())
}

/// Marks retención `id` annulled with `reason`, in the caller's write transaction (the user has
/// annulled it in the SRI's portal: Mostrador cannot). It stays listed, marked; the supplier is
/// owed the amount again: the purchase's payable grows back, or, for a purchase paid at once, a
/// payable for that amount opens today. The purchase may then get another retención, or be
/// cancelled.
pub fn annul(conn: &mut DbConnection, tenant: &Tenant, id: i64, reason: &str) -> AppResult<()> {
    let company = tenant.company;
    let withholding = Withholding::find(conn, company, id)?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    if !Withholding::mark_annulled(conn, company, id, reason, tenant.user_id(), now())? {
        return Err(conflict(ALREADY_ANNULLED));
    }
    let fields = &withholding.fields;
    match Payable::of_purchase(conn, company, fields.purchase_id)? {
        Some(payable) => {
            // Open: a purchase with a live retención cannot have been cancelled.
            Payable::change_owed(conn, company, payable.id, fields.total)?;
        }
        None => {
            let today = Company::zone(conn, company)?.today();
            Payable::insert(
                conn,
                company,
                fields.supplier_id,
                fields.purchase_id,
                fields.total,
                today,
                today,
            )?;
        }
    }
    Ok(())
}

/// What [`issue`] checked before anything is computed.
struct Ready {
    company: Company,
    /// The supplier's document number.
    number: String,
    /// The retención's date.
    today: NaiveDate,
    /// Past the window (and `late: true` was sent).
    late: bool,
}

/// The company withholds, the purchase is live, has no live retención and has its supplier's
/// document number, and today is within the window (or `late: true`).
fn ready(
    conn: &mut DbConnection,
    company_id: CompanyId,
    purchase: &Purchase,
    input: &WithholdingInput,
) -> AppResult<Ready> {
    let company = Company::find(conn, company_id)?;
    if !company.is_ret {
        return Err(conflict(NOT_AGENT));
    }
    if purchase.cancelled {
        return Err(conflict(CANCELLED));
    }
    if Withholding::live_of_purchase(conn, company_id, purchase.id)?.is_some() {
        return Err(conflict(ALREADY_WITHHELD));
    }
    let number = purchase
        .document_number
        .clone()
        .ok_or_else(|| conflict(NO_DOCUMENT))?;
    let today = Company::zone(conn, company_id)?.today();
    let due = purchase
        .date
        .checked_add_days(Days::new(WINDOW_DAYS))
        .unwrap_or(purchase.date);
    let late = today > due;
    if late && !input.late {
        return Err(AppError::Unprocessable {
            message: LATE.into(),
            errors: FieldErrors::from([("late".to_string(), LATE.to_string())]),
        });
    }
    Ok(Ready {
        company,
        number,
        today,
        late,
    })
}

/// Each line with the percentage in force on `day` and the amount withheld (millionths); the
/// bases of a kind within the purchase's.
fn withheld_lines(
    conn: &mut DbConnection,
    company: CompanyId,
    purchase: &Purchase,
    input: &WithholdingInput,
    day: NaiveDate,
) -> AppResult<Vec<(WithheldTax, i64)>> {
    let timelines = timelines(TaxRate::visible(conn, company)?);
    let rates: BTreeMap<(&str, &str), i64> = in_force(&timelines, day)
        .map(|r| {
            let f = &r.rate.fields;
            ((f.kind.as_str(), f.code.as_str()), f.percent_bp)
        })
        .collect();
    let mut problems = Vec::new();
    let mut lines = Vec::with_capacity(input.lines.len());
    let mut bases: BTreeMap<&str, i64> = BTreeMap::new();
    for (n, line) in input.lines.iter().enumerate() {
        let kind = kind_name(line.kind);
        *bases.entry(kind).or_default() += line.base;
        let Some(bp) = rates.get(&(kind, line.code.as_str())) else {
            problems.push(format!(
                "Línea {}: el código {} de {kind} no está vigente el {}",
                n + 1,
                line.code,
                day.format("%d/%m/%Y")
            ));
            continue;
        };
        let tax = WithheldTax {
            kind: line.kind,
            code: line.code.clone(),
            base: from_micros(line.base),
            percent: Decimal::new(*bp, 2),
        };
        let amount = to_micros(money(tax.amount())).unwrap_or_default();
        lines.push((tax, amount));
    }
    let limits = [
        (
            "renta",
            "renta",
            purchase.subtotal,
            "la base sin impuestos de la compra",
        ),
        ("iva", "IVA", purchase.iva, "el IVA de la compra"),
    ];
    for (kind, name, limit, what) in limits {
        let base = bases.get(kind).copied().unwrap_or(0);
        if base > limit {
            problems.push(format!(
                "Las bases de {name} suman {} y superan {what} ({})",
                from_micros(base).round_dp(2),
                from_micros(limit).round_dp(2)
            ));
        }
    }
    if !problems.is_empty() {
        return Err(AppError::field("withholding", problems.join("; ")));
    }
    Ok(lines)
}

/// The IVA of the purchase by rate (`impuestosDocSustento`), from its stored lines with the one
/// totals calculation, as when it was registered.
fn support_taxes(
    conn: &mut DbConnection,
    company: CompanyId,
    purchase: &Purchase,
) -> AppResult<Vec<SupportTax>> {
    let lines = Purchase::lines_of(conn, company, &[purchase.id])?;
    Ok(totals::of_stored(&lines)?
        .groups
        .iter()
        .filter(|g| g.kind == TaxKind::Iva)
        .map(|g| SupportTax {
            iva: g.code.clone(),
            base: g.base,
            value: g.value,
        })
        .collect())
}

/// The supplier as `sujeto retenido`: identified (never consumidor final).
fn subject(supplier: &Supplier) -> AppResult<Buyer> {
    let id_type = match supplier.id_type.as_str() {
        "ruc" => IdType::Ruc,
        "cedula" => IdType::Cedula,
        "pasaporte" => IdType::Pasaporte,
        "exterior" => IdType::Exterior,
        _ => {
            return Err(AppError::field(
                "supplierId",
                "El proveedor no tiene una identificación que el SRI acepte en una retención",
            ));
        }
    };
    Ok(Buyer {
        id_type,
        id: supplier.identification.clone(),
        name: supplier.name.clone(),
        address: None,
    })
}

/// `codSustento` of a purchase: see the module's doc.
fn sustento_code(purchase: &Purchase) -> &'static str {
    match (purchase.kind.as_str(), purchase.iva > 0) {
        ("merchandise", true) => "06",
        ("merchandise", false) => "07",
        (_, true) => "01",
        (_, false) => "02",
    }
}

/// Where and when a retención is issued: the branch's `ptoEmi`, `secuencial` and `fechaEmision`.
struct Issue<'a> {
    branch: &'a BranchOffice,
    point: &'a str,
    sequential: i64,
    date: NaiveDate,
}

/// The supplier's document a retención withholds on, and what it withholds.
struct OnDocument<'a> {
    purchase: &'a Purchase,
    /// The supplier's document number.
    number: &'a str,
    /// Its IVA by rate.
    taxes: Vec<SupportTax>,
    withheld: &'a [(WithheldTax, i64)],
}

/// The comprobante de retención 2.0.0 on `on`, to `supplier`. Pure: the same data gives the same
/// document (400 when the supplier's identification cannot be a sujeto retenido).
fn comprobante(
    company: &Company,
    issue: &Issue,
    supplier: &Supplier,
    on: &OnDocument,
) -> AppResult<Comprobante> {
    let purchase = on.purchase;
    let environment = if company.sri_environment == "produccion" {
        Environment::Produccion
    } else {
        Environment::Pruebas
    };
    let total = from_micros(purchase.total);
    // Tabla 24: 01 sin utilización del sistema financiero (cash), 20 otros con utilización del
    // sistema financiero (bank, credit), as the sales documents write them.
    let method = if purchase.payment_method == "cash" {
        "01"
    } else {
        "20"
    };
    Ok(Comprobante::Withholding(model::Withholding {
        header: Header {
            environment,
            issuer: issuer_of(company, issue.branch),
            establishment: issue.branch.code.clone(),
            emission_point: issue.point.to_string(),
            sequential: u32::try_from(issue.sequential).unwrap_or(u32::MAX),
            issue_date: issue.date,
            numeric_code: None,
            access_key: None,
        },
        subject: subject(supplier)?,
        related_party: false,
        documents: vec![WithheldDocument {
            sustento: sustento_code(purchase).into(),
            doc_type: "01".into(),
            number: on.number.to_string(),
            issue_date: purchase.date,
            authorization: purchase.authorization_number.clone(),
            paid_abroad: false,
            total_without_taxes: from_micros(purchase.subtotal),
            total,
            taxes: on.taxes.clone(),
            withholdings: on.withheld.iter().map(|(tax, _)| tax.clone()).collect(),
            payments: vec![model::Payment {
                method: method.into(),
                amount: total,
                term: None,
                time_unit: None,
            }],
        }],
        additional_info: supplier
            .email
            .iter()
            .filter(|e| !e.trim().is_empty())
            .map(|e| NameValue {
                name: "Email".into(),
                value: e.trim().to_string(),
            })
            .collect(),
    }))
}
