//! Pricing a sales document: the one step shared by the POS preview, the sales note, the quote
//! (and, later, factura express). Unit prices come from the client's price level, the server
//! applies the best promotion of each line, and every amount comes from the one totals
//! calculation ([`crate::domain::totals::compute`]) — never a second tax calculator.

use std::collections::HashMap;

use rust_decimal::Decimal;

use super::discount;
use crate::auth::roles::Tenant;
use crate::command::IdInput;
use crate::db::DbConnection;
use crate::domain::amount::{Money, Quantity};
use crate::domain::limits::VALUE;
use crate::domain::money::{from_micros, to_micros};
use crate::domain::taxes::iva_rate;
use crate::domain::totals::{self, Totals};
use crate::error::{AppError, AppResult};
use crate::models::CompanyId;
use crate::models::auth::user::Role;
use crate::models::inventory::product::Product;
use crate::models::sales::client::Client;
use crate::models::sales::pricing::charges_iva;
use crate::models::sales::promotion::{AppliedPromo, PromoLine, best_promotions};
use crate::util::time::Zone;

/// The IVA code the lines of a negocio popular ([`crate::models::sales::pricing::NEGOCIO_POPULAR`])
/// carry: "no objeto de IVA".
pub const NO_IVA_CODE: &str = "6";

/// A line as asked for: quantity and optional price and discount in millionths.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineInput {
    pub product_id: i64,
    pub quantity: i64,
    /// A price other than the catalogue's (admin and user only).
    pub unit_price: Option<i64>,
    /// The line's own discount in USD (whole cents).
    pub discount: i64,
}

/// A priced line. Money in millionths, whole cents.
#[derive(Debug, Clone)]
pub struct PricedLine {
    pub product: Product,
    pub quantity: i64,
    pub unit_price: i64,
    /// The manual discount.
    pub discount: i64,
    pub promotion: Option<AppliedPromo>,
    pub iva_code: String,
    pub iva_rate: u32,
    pub gross: i64,
    pub net: i64,
    pub iva: i64,
}

impl PricedLine {
    /// The promotion's discount (0 without one).
    pub fn promotion_discount(&self) -> i64 {
        self.promotion.as_ref().map_or(0, |p| p.discount)
    }
}

/// A priced document: its lines and totals.
#[derive(Debug, Clone)]
pub struct Priced {
    pub lines: Vec<PricedLine>,
    pub totals: Totals,
}

impl Priced {
    /// `importeTotal` in millionths.
    pub fn total(&self) -> AppResult<i64> {
        micros(self.totals.total)
    }

    /// The last part of a split bill ([`Totals::take_remainder`]): its IVA is what the whole
    /// bill's would be minus what the `earlier` parts charged, so the parts add up to the whole.
    pub fn take_remainder(
        &mut self,
        earlier: &[totals::EarlierIva],
        parts: usize,
    ) -> AppResult<()> {
        self.totals.take_remainder(earlier, parts);
        for (line, t) in self.lines.iter_mut().zip(&self.totals.lines) {
            line.iva = iva_micros(t)?;
        }
        Ok(())
    }
}

/// An amount of the totals as millionths, refused (400) past the [`VALUE`] ceiling of every
/// computed amount instead of wrapping or saturating.
pub fn micros(value: Decimal) -> AppResult<i64> {
    VALUE
        .check(to_micros(value), "Cada importe del documento")
        .map_err(|e| AppError::field("lines", e))
}

/// The line's share of its document's IVA ([`totals::LineTotals::iva_share`]), in millionths:
/// what a sale or a credit note stores per line.
pub fn iva_micros(line: &totals::LineTotals) -> AppResult<i64> {
    micros(line.iva_share)
}

/// The catalogue price of `product` for a client of `level` (1–3; a missing level falls back to
/// the base price).
pub fn catalogue_price(product: &Product, level: i32) -> i64 {
    match level {
        2 => product.price2.unwrap_or(product.price),
        3 => product.price3.unwrap_or(product.price),
        _ => product.price,
    }
}

/// What pricing a line needs besides the line: the products asked for, the client (its price
/// level), whether the user may change a price and whether the company charges IVA.
struct LineRules<'a> {
    products: &'a HashMap<i64, Product>,
    client: &'a Client,
    may_change_price: bool,
    with_iva: bool,
}

/// Line `row` (counted from 1) priced before promotions: an active product that is sold at the
/// point of sale, the catalogue price unless the user may change it, a discount within the line's
/// value, and the IVA code the company charges.
fn priced_line(row: usize, input: &LineInput, rules: &LineRules) -> AppResult<PricedLine> {
    let product = rules
        .products
        .get(&input.product_id)
        .filter(|p| p.active)
        .ok_or_else(|| {
            AppError::field(
                "lines",
                format!("Línea {row}: el producto no existe o está inactivo"),
            )
        })?;
    if product.kind == "ingredient" {
        return Err(AppError::field(
            "lines",
            format!(
                "Línea {row}: «{}» es un ingrediente y no se vende en el punto de venta",
                product.name
            ),
        ));
    }
    let listed = catalogue_price(product, rules.client.price_level);
    let unit_price = match input.unit_price {
        Some(p) if p != listed && !rules.may_change_price => {
            return Err(AppError::Forbidden(format!(
                "Línea {row}: solo un administrador o usuario puede cambiar el precio de «{}»",
                product.name
            )));
        }
        Some(p) => p,
        None => listed,
    };
    let gross = VALUE
        .check(
            Quantity::from_micros(input.quantity)
                .amount(Money::from_micros(unit_price))
                .map(Money::micros),
            "el valor de la línea",
        )
        .map_err(|e| AppError::field("lines", format!("Línea {row}: {e}")))?;
    if input.discount > gross {
        return Err(AppError::field(
            "lines",
            format!(
                "Línea {row}: el descuento ({}) supera el valor de la línea ({})",
                crate::domain::money::money_text(input.discount),
                crate::domain::money::money_text(gross)
            ),
        ));
    }
    let iva_code = if rules.with_iva {
        product.iva_code.clone()
    } else {
        NO_IVA_CODE.to_string()
    };
    let iva_rate = iva_rate(&iva_code).map_or(0, |r| r.percent);
    Ok(PricedLine {
        product: product.clone(),
        quantity: input.quantity,
        unit_price,
        discount: input.discount,
        promotion: None,
        iva_code,
        iva_rate,
        gross,
        net: 0,
        iva: 0,
    })
}

/// Gives each line its best promotion at `at` on the wall clock of `zone`, capped so that it
/// never takes the line below zero together with the manual discount.
fn apply_promotions(
    conn: &mut DbConnection,
    company: CompanyId,
    zone: Zone,
    at: chrono::NaiveDateTime,
    lines: &mut [PricedLine],
) -> AppResult<()> {
    let promo_lines: Vec<PromoLine> = lines
        .iter()
        .map(|l| PromoLine {
            product_id: l.product.id,
            category_id: l.product.category_id,
            quantity: l.quantity,
            unit_price: l.unit_price,
            gross: l.gross,
        })
        .collect();
    // Promotions run on the company's wall clock.
    let local = zone.local(at).naive_local();
    let promos = best_promotions(conn, company, local, &promo_lines)?;
    for (line, promo) in lines.iter_mut().zip(promos) {
        // A promotion never takes the line below zero together with the manual discount.
        line.promotion = promo
            .map(|mut p| {
                p.discount = p.discount.min(line.gross - line.discount);
                p
            })
            .filter(|p| p.discount > 0);
    }
    Ok(())
}

/// The document's totals from the one calculation, and each line's net and IVA share from them.
fn totals_of(lines: &mut [PricedLine]) -> AppResult<Totals> {
    let taxable: Vec<totals::Line> = lines
        .iter()
        .map(|l| totals::Line {
            quantity: from_micros(l.quantity),
            unit_price: from_micros(l.unit_price),
            discount: from_micros(l.discount + l.promotion_discount()),
            iva: l.iva_code.clone(),
            ice: None,
            irbpnr_bottles: None,
        })
        .collect();
    let totals = totals::compute(&taxable, Decimal::ZERO, Decimal::ZERO).map_err(|errors| {
        AppError::field(
            "lines",
            errors
                .first()
                .map(|e| e.message.clone())
                .unwrap_or_default(),
        )
    })?;
    for (line, t) in lines.iter_mut().zip(&totals.lines) {
        line.net = micros(t.net)?;
        line.iva = iva_micros(t)?;
    }
    Ok(totals)
}

/// Prices `inputs` for `client` at `at`, for promotions on the wall clock of `zone` (the
/// company's). `may_change_price` is false for cashiers: a price other than the catalogue's is
/// then refused (403). Errors name the line.
pub fn price(
    conn: &mut DbConnection,
    company: CompanyId,
    zone: Zone,
    client: &Client,
    inputs: &[LineInput],
    may_change_price: bool,
    at: chrono::NaiveDateTime,
) -> AppResult<Priced> {
    let mut ids: Vec<i64> = inputs.iter().map(|l| l.product_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let products: HashMap<i64, Product> = Product::find_many(conn, company, &ids)?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let with_iva = charges_iva(conn, company)?;
    let rules = LineRules {
        products: &products,
        client,
        may_change_price,
        with_iva,
    };
    let mut lines = Vec::with_capacity(inputs.len());
    for (i, input) in inputs.iter().enumerate() {
        lines.push(priced_line(i + 1, input, &rules)?);
    }
    apply_promotions(conn, company, zone, at, &mut lines)?;
    let totals = totals_of(&mut lines)?;
    Ok(Priced { lines, totals })
}

/// The client of the body: the company's consumidor final when absent.
pub fn client_of(
    conn: &mut DbConnection,
    company: CompanyId,
    value: &IdInput,
) -> AppResult<Client> {
    let found = match value.optional() {
        Ok(Some(id)) => Client::find(conn, company, id)?,
        Ok(None) => Client::final_consumer(conn, company)?,
        Err(_) => None,
    };
    match found {
        Some(c) if c.active && !c.locked => Ok(c),
        Some(_) => Err(AppError::field(
            "clientId",
            "El cliente está inactivo o bloqueado",
        )),
        None => Err(AppError::field("clientId", "El cliente no existe")),
    }
}

/// Prices `inputs` for `client` at `at`, at the prices and within the discounts the user's role
/// may set ([`discount`]). Every sales document is priced here.
pub fn price_for(
    conn: &mut DbConnection,
    tenant: &Tenant,
    client: &Client,
    inputs: &[LineInput],
    at: chrono::NaiveDateTime,
) -> AppResult<Priced> {
    let priced = price(
        conn,
        tenant.company,
        tenant.zone(),
        client,
        inputs,
        may_change_price(tenant),
        at,
    )?;
    discount::check(
        discount::limit_of(conn, tenant)?,
        priced.lines.iter().map(|l| (l.gross, l.discount)),
    )?;
    Ok(priced)
}

/// Whether the role may sell at a price other than the catalogue's.
pub fn may_change_price(tenant: &Tenant) -> bool {
    tenant.role() != Role::Cashier
}
