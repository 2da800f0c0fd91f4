//! Reading the parts every purchase body shares: idempotency key, supplier, the supplier's
//! document number and authorization, date, payment. Each problem is reported on its field.

use chrono::NaiveDate;
use serde::Deserialize;

use crate::auth::roles::Tenant;
use crate::command::{IdInput, NumberInput, text};
use crate::domain::idempotency;
use crate::error::{AppError, AppResult};
use crate::models::inventory::product::Product;
use crate::models::inventory::warehouse::Warehouse;
use crate::services::inventory::documents::line_problem;
use crate::services::inventory::line_input;

use super::purchase::{Kind, LineInput, Payment, PurchaseInput};
use super::withholding::{self, WithholdingBody, WithholdingInput};

/// `payment: {method: "cash"|"bank"|"credit", bankAccountId?}`.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[ts(rename = "PurchasePaymentBody")]
#[serde(rename_all = "camelCase")]
pub struct PaymentBody {
    pub method: Option<String>,
    #[ts(optional = nullable)]
    pub bank_account_id: IdInput,
}

/// The key: required, 1 to [`idempotency::KEY_MAX`] characters.
pub fn key(value: &Option<String>) -> AppResult<String> {
    idempotency::checked(value.as_deref(), "compra")
        .map_err(|m| AppError::field("idempotencyKey", m))
}

/// The supplier's id (its existence is checked by the service).
pub fn supplier(value: &IdInput) -> AppResult<i64> {
    value
        .id()
        .ok_or_else(|| AppError::field("supplierId", "Elija el proveedor"))
}

/// Whether `number` is a document number `001-001-000000123`.
pub fn is_document_number(number: &str) -> bool {
    let parts: Vec<&str> = number.split('-').collect();
    parts.len() == 3
        && [3, 3, 9]
            .iter()
            .zip(&parts)
            .all(|(len, p)| p.len() == *len && p.bytes().all(|b| b.is_ascii_digit()))
}

/// The supplier's document number: required (merchandise) or optional, `001-001-000000123`.
pub fn document_number(value: &Option<String>, required: bool) -> AppResult<Option<String>> {
    match text(value) {
        None if required => Err(AppError::field(
            "documentNumber",
            "El número de documento del proveedor es obligatorio",
        )),
        None => Ok(None),
        Some(n) if is_document_number(&n) => Ok(Some(n)),
        Some(_) => Err(AppError::field(
            "documentNumber",
            "El número de documento debe tener la forma 001-001-000000123",
        )),
    }
}

/// The SRI authorization: 10, 37 or 49 digits, optional.
pub fn authorization(value: &Option<String>) -> AppResult<Option<String>> {
    match text(value) {
        None => Ok(None),
        Some(a) if [10, 37, 49].contains(&a.len()) && a.bytes().all(|b| b.is_ascii_digit()) => {
            Ok(Some(a))
        }
        Some(_) => Err(AppError::field(
            "authorization",
            "La autorización debe tener 10, 37 o 49 dígitos",
        )),
    }
}

/// The purchase's date `AAAA-MM-DD`, not after `today`.
pub fn date(value: &Option<String>, today: NaiveDate) -> AppResult<NaiveDate> {
    let Some(raw) = text(value) else {
        return Err(AppError::field("date", "La fecha es obligatoria"));
    };
    let date = NaiveDate::parse_from_str(&raw, "%Y-%m-%d")
        .map_err(|_| AppError::field("date", "La fecha debe tener la forma AAAA-MM-DD"))?;
    if date > today {
        return Err(AppError::field(
            "date",
            "La fecha no puede ser posterior a hoy",
        ));
    }
    Ok(date)
}

/// The payment.
pub fn payment(body: Option<&PaymentBody>) -> AppResult<Payment> {
    let method = body.and_then(|p| p.method.as_deref()).map(str::trim);
    match method {
        Some("cash") => Ok(Payment::Cash),
        Some("credit") => Ok(Payment::Credit),
        Some("bank") => {
            let account = body
                .map_or(Ok(None), |p| p.bank_account_id.optional())
                .map_err(|_| {
                    AppError::field("payment.bankAccountId", "Elija la cuenta bancaria")
                })?;
            Ok(Payment::Bank(account))
        }
        _ => Err(AppError::field(
            "payment.method",
            "Elija la forma de pago: efectivo, banco o crédito",
        )),
    }
}

/// An IVA code of the SRI's table.
pub fn iva_code(value: &Option<String>) -> Result<String, String> {
    let code = value.as_deref().map(str::trim).unwrap_or_default();
    match crate::domain::taxes::iva_rate(code) {
        Some(_) => Ok(code.to_string()),
        None => Err("el código de IVA no es válido".into()),
    }
}

/// The head every purchase body opens with: key, supplier, the supplier's document number and
/// authorization, date.
pub struct Head {
    pub key: String,
    pub supplier_id: i64,
    pub document_number: Option<String>,
    pub authorization: Option<String>,
    pub date: NaiveDate,
    pub withholding: Option<WithholdingInput>,
}

/// The head fields of a purchase body, borrowed: every purchase body names them alike
/// (`idempotencyKey`, `supplierId`, `documentNumber`, `authorization`, `date`), and naming them
/// here keeps [`Head::read`]'s arguments from being passed in the wrong order.
pub struct HeadFields<'a> {
    pub idempotency_key: &'a Option<String>,
    pub supplier_id: &'a IdInput,
    pub document_number: &'a Option<String>,
    pub authorization: &'a Option<String>,
    pub date: &'a Option<String>,
    pub withholding: &'a Option<WithholdingBody>,
}

impl Head {
    /// Reads the head in the order the API reports its problems (the first one is the answer);
    /// `number_required` for merchandise, whose document number is required.
    pub fn read(tenant: &Tenant, fields: HeadFields, number_required: bool) -> AppResult<Self> {
        Ok(Self {
            key: key(fields.idempotency_key)?,
            supplier_id: supplier(fields.supplier_id)?,
            document_number: document_number(fields.document_number, number_required)?,
            authorization: authorization(fields.authorization)?,
            date: date(fields.date, tenant.zone().today())?,
            withholding: fields
                .withholding
                .as_ref()
                .map(|w| withholding::read(w, "withholding"))
                .transpose()?,
        })
    }

    /// The purchase's input: this head with the rest of the body.
    pub fn input(
        self,
        kind: Kind,
        cellar: Option<Warehouse>,
        category: Option<String>,
        lines: Vec<LineInput>,
        payment: Payment,
    ) -> PurchaseInput {
        PurchaseInput {
            kind,
            key: self.key,
            supplier_id: self.supplier_id,
            document_number: self.document_number,
            authorization: self.authorization,
            date: self.date,
            cellar,
            category,
            lines,
            payment,
            withholding: self.withholding,
        }
    }
}

/// A purchase line's quantity, unit cost, discount and IVA code, read in this order after its
/// product or description, each problem told with the line's number.
pub fn line(
    row: usize,
    product: Option<Product>,
    description: String,
    quantity: &NumberInput,
    unit_cost: &NumberInput,
    discount: &NumberInput,
    iva: &Option<String>,
) -> AppResult<LineInput> {
    Ok(LineInput {
        product,
        description,
        quantity: line_input::quantity(quantity, row)?,
        unit_cost: line_input::required_unit_cost(unit_cost, row)?,
        discount: line_input::discount(discount, row)?,
        iva_code: iva_code(iva).map_err(|e| line_problem(row, e))?,
    })
}
