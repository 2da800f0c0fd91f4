//! Importing a stored received document: `{accessKey, as: "merchandise"|"expense", cellarId?,
//! mappings?: [{supplierCode, productId}]}`. The purchase goes through the one purchase service
//! (`services::purchases::purchase::register`: stock in at cost, the payable), on credit; the
//! supplier is created from the XML when new; the supplier's product codes are mapped to the
//! company's products and remembered. An access key is imported once per company: a unique index
//! settles two imports at once.

use std::collections::{BTreeMap, HashMap};

use serde::Deserialize;

use crate::auth::roles::Tenant;
use crate::command::IdInput;
use crate::db::DbConnection;
use crate::domain::money::{money_text, to_micros};
use crate::error::{AppError, AppResult, conflict};

use crate::models::config::company::Company;
use crate::models::inventory::product::Product;
use crate::models::purchases::lector::{Mapping, ReceivedDocument, ReceivedImport};
use crate::models::purchases::supplier::{Supplier, SupplierFields};
use crate::services::inventory::documents::check_line_count;
use crate::services::inventory::warehouses::branch_cellar;
use crate::services::purchases::purchase::{self, Kind, LineInput, Payment, PurchaseInput};
use crate::sri::catalog::DocType;

use super::document::{self, Received};

/// The body.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct ImportBody {
    pub access_key: Option<String>,
    #[serde(rename = "as")]
    pub kind: Option<String>,
    #[ts(optional = nullable)]
    pub cellar_id: IdInput,
    pub mappings: Option<Vec<MappingBody>>,
}

/// `{supplierCode, productId}`.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct MappingBody {
    pub supplier_code: Option<String>,
    #[ts(optional = nullable)]
    pub product_id: IdInput,
}

/// The 409 of a second import.
pub fn already_imported(access_key: &str) -> AppError {
    conflict(format!(
        "El comprobante con clave de acceso {access_key} ya fue importado"
    ))
}

/// Longest text kept from the XML in a supplier or a line.
const TEXT_MAX: usize = 300;

fn cut(text: &str) -> String {
    text.trim().chars().take(TEXT_MAX).collect()
}

/// The access key of the body (49 digits).
pub fn access_key(body: &ImportBody) -> AppResult<String> {
    let key = body
        .access_key
        .as_deref()
        .map(str::trim)
        .unwrap_or_default();
    if key.len() != 49 || !key.bytes().all(|b| b.is_ascii_digit()) {
        return Err(AppError::field(
            "accessKey",
            "La clave de acceso debe tener 49 dígitos",
        ));
    }
    Ok(key.to_string())
}

/// The supplier of the document: the company's supplier with the issuer's RUC, or a new one.
fn supplier_of(conn: &mut DbConnection, tenant: &Tenant, doc: &Received) -> AppResult<i64> {
    if let Some(s) = Supplier::find_by_identification(conn, tenant.company, &doc.issuer_ruc, None)?
    {
        return Ok(s.id);
    }
    let fields = SupplierFields {
        id_type: "ruc".into(),
        identification: doc.issuer_ruc.clone(),
        name: cut(&doc.issuer_name),
        trade_name: doc.trade_name.as_deref().map(cut),
        email: None,
        phone: None,
        credit_days: 0,
        active: true,
    };
    Ok(Supplier::insert(conn, tenant.company, &fields)?)
}

/// Imports the document in the caller's write transaction; the purchase's id and kind.
pub fn import(
    conn: &mut DbConnection,
    tenant: &Tenant,
    body: &ImportBody,
) -> AppResult<(i64, &'static str)> {
    let key = access_key(body)?;
    let kind = match body.kind.as_deref().map(str::trim) {
        Some("merchandise") => Kind::Merchandise,
        Some("expense") => Kind::Expense,
        _ => {
            return Err(AppError::field(
                "as",
                "Elija cómo importar el comprobante: mercadería (merchandise) o gasto (expense)",
            ));
        }
    };
    let company = tenant.company;
    if ReceivedImport::purchase_of(conn, company, &key)?.is_some() {
        return Err(already_imported(&key));
    }
    let stored = ReceivedDocument::find(conn, company, &key)?.ok_or_else(|| {
        AppError::NotFound(format!(
            "No hay un comprobante leído con la clave de acceso {key}: suba primero el reporte o el XML"
        ))
    })?;
    let doc = document::read(&stored.xml).map_err(AppError::BadRequest)?;
    let ruc = Company::find(conn, company)?.ruc;
    super::check_buyer(&doc, &ruc).map_err(AppError::BadRequest)?;
    if doc.doc_type != DocType::Factura {
        return Err(AppError::field(
            "accessKey",
            format!(
                "Solo una factura se importa como compra; {} {} no se importa",
                document::type_name(doc.doc_type).to_lowercase(),
                doc.number
            ),
        ));
    }
    let extra = charges(&doc)?;
    check_line_count(doc.lines.len() + extra.len())?;
    let supplier = supplier_of(conn, tenant, &doc)?;
    let (mut lines, cellar, category) = match kind {
        Kind::Merchandise => {
            let branch = tenant.branch(conn)?.id;
            let cellar = branch_cellar(conn, tenant, branch, &body.cellar_id)?;
            (
                merchandise_lines(conn, tenant, supplier, &doc, body.mappings.as_deref())?,
                Some(cellar),
                None,
            )
        }
        _ => (
            doc.lines
                .iter()
                .map(|l| LineInput {
                    product: None,
                    description: cut(&l.description),
                    quantity: l.quantity,
                    unit_cost: l.unit_price,
                    discount: l.discount,
                    iva_code: l.iva_code.clone(),
                })
                .collect(),
            None,
            Some("otros".to_string()),
        ),
    };
    lines.extend(extra);
    check_total(&doc, &lines)?;
    let input = PurchaseInput {
        kind,
        key: format!("lector-{key}"),
        supplier_id: supplier,
        document_number: Some(doc.number.clone()),
        authorization: Some(key.clone()),
        date: doc.date,
        cellar,
        category,
        lines,
        payment: Payment::Credit,
        withholding: None,
    };
    let registered = purchase::register(conn, tenant, &input)?;
    if registered.again {
        return Err(already_imported(&key));
    }
    ReceivedImport::insert(conn, company, &key, registered.id, tenant.user_id()).map_err(|e| {
        match e {
            diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _,
            ) => already_imported(&key),
            other => other.into(),
        }
    })?;
    Ok((registered.id, kind.as_str()))
}

/// A 422 on `accessKey`.
fn unprocessable(message: String) -> AppError {
    AppError::Unprocessable {
        errors: [("accessKey".to_string(), message.clone())].into(),
        message,
    }
}

/// A line that is not a product: a charge of the document outside its lines' prices.
fn charge(description: &str, amount: i64, iva_code: &str) -> LineInput {
    LineInput {
        product: None,
        description: description.into(),
        quantity: 1_000_000,
        unit_cost: amount,
        discount: 0,
        iva_code: iva_code.into(),
    }
}

/// What the document charges besides its lines' prices, as lines of the purchase, so the
/// purchase's total is the document's: the ICE (one line per IVA rate of the lines that carry
/// it, so the IVA on it is computed as the document computed it: ICE is part of the IVA base),
/// the IRBPNR and the tip (outside IVA). A discount outside the lines (`descuentoAdicional`)
/// cannot be represented: 422.
fn charges(doc: &Received) -> AppResult<Vec<LineInput>> {
    if doc.totals.additional_discount > 0 {
        return Err(unprocessable(format!(
            "La factura {} tiene un descuento adicional de $ {} fuera de sus líneas, que una compra no registra: regístrela como compra manual",
            doc.number,
            money_text(doc.totals.additional_discount)
        )));
    }
    let mut ice: BTreeMap<&str, i64> = BTreeMap::new();
    let mut irbpnr = 0i64;
    for l in &doc.lines {
        if l.ice != 0 {
            *ice.entry(l.iva_code.as_str()).or_default() += l.ice;
        }
        irbpnr += l.irbpnr;
    }
    let mut out: Vec<LineInput> = ice
        .into_iter()
        .map(|(iva, amount)| charge("ICE de la factura", amount, iva))
        .collect();
    if irbpnr != 0 {
        out.push(charge(
            "IRBPNR (botellas plásticas) de la factura",
            irbpnr,
            NO_IVA,
        ));
    }
    if doc.totals.tip != 0 {
        out.push(charge("Propina de la factura", doc.totals.tip, NO_IVA));
    }
    Ok(out)
}

/// IVA `codigoPorcentaje` of what is not subject to IVA.
const NO_IVA: &str = "6";

/// The purchase's total, computed from its lines by the one calculation, must be the
/// document's `importeTotal` (the payable is what the supplier billed); 422 otherwise.
fn check_total(doc: &Received, lines: &[LineInput]) -> AppResult<()> {
    let rows: Vec<(i64, i64, i64, &str)> = lines
        .iter()
        .map(|l| (l.quantity, l.unit_cost, l.discount, l.iva_code.as_str()))
        .collect();
    let computed =
        to_micros(crate::services::purchases::totals::totals_of(&rows)?.total).unwrap_or(i64::MAX);
    if computed != doc.total {
        return Err(unprocessable(format!(
            "El total calculado de la factura {} ($ {}) no coincide con su importe total ($ {}): revise el comprobante o regístrelo como compra manual",
            doc.number,
            money_text(computed),
            money_text(doc.total)
        )));
    }
    Ok(())
}

/// The lines of a merchandise import: every supplier code mapped (by the body, which is
/// remembered, or by an earlier import) to a stocked product of the company; 422 listing the
/// codes still unmapped.
fn merchandise_lines(
    conn: &mut DbConnection,
    tenant: &Tenant,
    supplier: i64,
    doc: &Received,
    given: Option<&[MappingBody]>,
) -> AppResult<Vec<LineInput>> {
    let company = tenant.company;
    for (n, m) in given.unwrap_or_default().iter().enumerate() {
        let code = m
            .supplier_code
            .as_deref()
            .map(str::trim)
            .unwrap_or_default();
        if code.is_empty() {
            return Err(AppError::field(
                &format!("mappings[{n}].supplierCode"),
                "Falta el código del proveedor",
            ));
        }
        let product = match m.product_id.optional() {
            Ok(Some(id)) => Product::find(conn, company, id)?,
            _ => None,
        }
        .ok_or_else(|| {
            AppError::field(
                &format!("mappings[{n}].productId"),
                format!("El producto asociado al código «{code}» no existe"),
            )
        })?;
        if !product.is_stocked() {
            return Err(AppError::field(
                &format!("mappings[{n}].productId"),
                format!("«{}» no lleva stock", product.name),
            ));
        }
        Mapping::remember(conn, company, supplier, &cut(code), product.id)?;
    }
    let known: HashMap<String, i64> = Mapping::of_supplier(conn, company, supplier)?
        .into_iter()
        .collect();
    let mut ids: Vec<i64> = known.values().copied().collect();
    ids.sort_unstable();
    ids.dedup();
    let products: HashMap<i64, Product> = Product::find_many(conn, company, &ids)?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let mut lines = Vec::with_capacity(doc.lines.len());
    let mut missing = Vec::new();
    for l in &doc.lines {
        match known
            .get(&cut(&l.code))
            .and_then(|id| products.get(id))
            .filter(|p| p.is_stocked())
        {
            Some(p) => lines.push(LineInput {
                product: Some(p.clone()),
                description: p.name.clone(),
                quantity: l.quantity,
                unit_cost: l.unit_price,
                discount: l.discount,
                iva_code: l.iva_code.clone(),
            }),
            None => missing.push(format!("{} ({})", l.code, l.description)),
        }
    }
    if !missing.is_empty() {
        let message = format!(
            "Asocie a un producto los códigos del proveedor: {}; o importe el comprobante como gasto",
            missing.join(", ")
        );
        return Err(AppError::Unprocessable {
            errors: [("mappings".to_string(), message.clone())].into(),
            message,
        });
    }
    Ok(lines)
}
