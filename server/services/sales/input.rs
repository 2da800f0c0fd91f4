//! Reading the bodies of sales documents (sales note, preview, quote): lines and payments, each
//! problem a Spanish message naming the line or payment.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::pricing::LineInput;
use crate::command::{IdInput, NumberInput, text};
use crate::domain::limits::{AMOUNT, QUANTITY, UNIT_PRICE};
use crate::error::{AppError, AppResult};

/// Most lines one sales document may carry.
pub const LINES_MAX: usize = 500;
/// Most payments of one sale.
pub const PAYMENTS_MAX: usize = 10;

/// A line of a body: `{productId, quantity, unitPrice?, discount?}`.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(rename = "SaleLineBody")]
#[serde(rename_all = "camelCase")]
pub struct LineBody {
    #[ts(optional = nullable)]
    pub product_id: IdInput,
    #[ts(optional = nullable)]
    pub quantity: NumberInput,
    #[ts(optional = nullable)]
    pub unit_price: NumberInput,
    #[ts(optional = nullable)]
    pub discount: NumberInput,
}

/// A payment of a body.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[ts(rename = "SalePaymentBody")]
#[serde(rename_all = "camelCase")]
pub struct PaymentBody {
    pub method: Option<String>,
    #[ts(optional = nullable)]
    pub amount: NumberInput,
    #[ts(optional = nullable)]
    pub received: NumberInput,
    pub reference: Option<String>,
    #[ts(optional = nullable)]
    pub bank_account_id: IdInput,
    pub due_date: Option<String>,
}

/// How a sale is paid. Exported to the UI as `PaymentMethod`, with [`Method::ALL`] and their
/// labels as `PAYMENT_METHODS`, so the POS never copies the table by hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "lowercase")]
#[ts(rename = "PaymentMethod")]
pub enum Method {
    Cash,
    /// Credit card (the SRI's forma de pago 19).
    Card,
    /// Debit card (forma de pago 16).
    Debit,
    Transfer,
    Credit,
}

impl Method {
    /// Every method, in the order the POS offers them.
    pub const ALL: [Method; 5] = [
        Self::Cash,
        Self::Card,
        Self::Debit,
        Self::Transfer,
        Self::Credit,
    ];

    /// The method stored or sent as `name`.
    pub fn parse(name: &str) -> Option<Method> {
        Self::ALL.into_iter().find(|m| m.as_str() == name)
    }

    /// The label shown and printed.
    pub fn label(self) -> &'static str {
        match self {
            Self::Cash => "Efectivo",
            Self::Card => "Tarjeta de crédito",
            Self::Debit => "Tarjeta de débito",
            Self::Transfer => "Transferencia",
            Self::Credit => "Crédito",
        }
    }

    /// As stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Cash => "cash",
            Self::Card => "card",
            Self::Debit => "debit",
            Self::Transfer => "transfer",
            Self::Credit => "credit",
        }
    }

    /// The name the cash shift lists sales under.
    pub fn shift_name(self) -> &'static str {
        match self {
            Self::Cash => "efectivo",
            Self::Card => "tarjeta",
            Self::Debit => "tarjeta_debito",
            Self::Transfer => "transferencia",
            Self::Credit => "credito",
        }
    }
}

/// A validated payment (money in millionths).
#[derive(Debug, Clone)]
pub struct PaymentInput {
    pub method: Method,
    pub amount: i64,
    /// Cash handed over (≥ amount); the amount when not given.
    pub received: Option<i64>,
    pub reference: Option<String>,
    pub bank_account_id: Option<i64>,
    pub due_date: Option<NaiveDate>,
}

/// A money amount with at most 2 decimals, in millionths, at most the [`AMOUNT`] of every amount
/// entered.
pub fn money_micros(
    value: &NumberInput,
    what: &str,
    positive: bool,
) -> Result<Option<i64>, String> {
    let micros = value.micros(what, positive, false, AMOUNT)?;
    match micros {
        Some(m) if m % 10_000 != 0 => Err(format!("{what} admite como máximo 2 decimales")),
        other => Ok(other),
    }
}

/// The lines of a body (at least one, at most [`LINES_MAX`]).
pub fn lines(raw: Option<&[LineBody]>) -> AppResult<Vec<LineInput>> {
    let raw = raw.unwrap_or_default();
    if raw.is_empty() {
        return Err(AppError::field("lines", "Agregue al menos un producto"));
    }
    if raw.len() > LINES_MAX {
        return Err(AppError::field(
            "lines",
            format!("Un documento admite hasta {LINES_MAX} líneas"),
        ));
    }
    raw.iter()
        .enumerate()
        .map(|(i, line)| {
            let row = i + 1;
            let at = |e: String| AppError::field("lines", format!("Línea {row}: {e}"));
            let product_id = match line.product_id.optional() {
                Ok(Some(id)) => id,
                _ => return Err(at("elija un producto".into())),
            };
            let quantity = line
                .quantity
                .required_micros("La cantidad", true, false, QUANTITY)
                .map_err(at)?;
            let unit_price = line
                .unit_price
                .micros("El precio", false, false, UNIT_PRICE)
                .map_err(at)?;
            let discount = money_micros(&line.discount, "El descuento", false)
                .map_err(at)?
                .unwrap_or(0);
            Ok(LineInput {
                product_id,
                quantity,
                unit_price,
                discount,
            })
        })
        .collect()
}

/// The payments of a body (possibly none: checked against the total by the caller).
pub fn payments(raw: Option<&[PaymentBody]>) -> AppResult<Vec<PaymentInput>> {
    let raw = raw.unwrap_or_default();
    if raw.len() > PAYMENTS_MAX {
        return Err(AppError::field(
            "payments",
            format!("Una venta admite hasta {PAYMENTS_MAX} formas de pago"),
        ));
    }
    raw.iter()
        .enumerate()
        .map(|(i, p)| {
            let row = i + 1;
            let at = |e: String| AppError::field("payments", format!("Pago {row}: {e}"));
            let method = match p.method.as_deref().map(str::trim).and_then(Method::parse) {
                Some(method) => method,
                None => {
                    return Err(at(
                        "la forma de pago debe ser efectivo (cash), tarjeta de crédito (card), tarjeta de débito (debit), transferencia (transfer) o crédito (credit)"
                            .into(),
                    ));
                }
            };
            let amount = money_micros(&p.amount, "El monto", true)
                .map_err(at)?
                .ok_or_else(|| at("El monto es obligatorio".into()))?;
            let received = if method == Method::Cash {
                let received = money_micros(&p.received, "El efectivo recibido", false)
                    .map_err(at)?;
                if received.is_some_and(|r| r < amount) {
                    return Err(at(format!(
                        "el efectivo recibido ({}) no alcanza para el monto ({})",
                        crate::domain::money::money_text(received.unwrap_or(0)),
                        crate::domain::money::money_text(amount)
                    )));
                }
                Some(received.unwrap_or(amount))
            } else {
                None
            };
            let reference = text(&p.reference);
            if reference.as_ref().is_some_and(|r| r.chars().count() > 100) {
                return Err(at("la referencia admite hasta 100 caracteres".into()));
            }
            let bank_account_id = if method == Method::Transfer {
                match p.bank_account_id.optional() {
                    Ok(Some(id)) => Some(id),
                    _ => return Err(at("elija la cuenta bancaria de la transferencia".into())),
                }
            } else {
                None
            };
            let due_date = match (method, text(&p.due_date)) {
                (Method::Credit, Some(d)) => Some(
                    NaiveDate::parse_from_str(&d, "%Y-%m-%d")
                        .map_err(|_| at("la fecha de vencimiento debe ser AAAA-MM-DD".into()))?,
                ),
                _ => None,
            };
            Ok(PaymentInput {
                method,
                amount,
                received,
                reference,
                bank_account_id,
                due_date,
            })
        })
        .collect()
}
