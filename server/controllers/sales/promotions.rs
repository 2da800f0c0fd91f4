//! `/api/sales/promo`: the company's promotions (generic list contract), for admin and user. The
//! sales note, its preview and quotes apply them through
//! [`best_promotions`](crate::models::sales::promotion::best_promotions).

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::Deserialize;

use crate::auth::roles::{self, Tenant};
use crate::command::{IdInput, ListInput, NumberInput};
use crate::controllers::catalogue::{Catalogue, PageFn, load, text};
use crate::controllers::records::{Record, ensure_unlocked, page_views};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::domain::limits::UNIT_PRICE;
use crate::domain::money::to_micros;
use crate::error::{AppError, AppResult};
use crate::models::CompanyId;
use crate::models::auth::user::Role;
use crate::models::inventory::category::Category;
use crate::models::inventory::product::Product;
use crate::models::sales::promotion::{
    ALL_WEEKDAYS, KIND_BUY_N_PAY_M, KIND_FIXED, KIND_PERCENT, KINDS, Promotion, PromotionFields,
    TARGET_CATEGORY, TARGET_PRODUCTS, parse_hhmm,
};
use crate::validation::{check_fields, required_text};
use crate::views::sales::promotion::{PromotionProductView, PromotionView};

/// Longest name (shown on the sale's line).
const NAME_MAX: usize = 100;
/// Most products one promotion lists.
const PRODUCTS_MAX: usize = 500;
/// Largest "lleve N".
const BUY_N_MAX: i64 = 1000;

/// Body of register and update.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct PromotionBody {
    name: Option<String>,
    kind: Option<String>,
    #[ts(optional = nullable)]
    value: NumberInput,
    #[ts(optional = nullable)]
    buy_n: NumberInput,
    #[ts(optional = nullable)]
    pay_m: NumberInput,
    target: Option<String>,
    #[ts(optional = nullable)]
    category_id: IdInput,
    #[ts(optional = nullable, type = "Array<number | string> | null")]
    product_ids: ListInput<IdInput>,
    starts_on: Option<String>,
    ends_on: Option<String>,
    weekdays: Option<String>,
    time_from: Option<String>,
    time_to: Option<String>,
    active: Option<bool>,
}

/// `GET /api/sales/promo/{id}`'s message for an unknown promotion.
fn not_found(id: i64) -> AppError {
    AppError::NotFound(format!("No se encontró la promoción con el id: {id}"))
}

/// A whole number from a JSON number or numeric string (`None` when absent or empty).
fn whole(value: &NumberInput) -> Result<Option<i64>, ()> {
    if value.is_absent() {
        return Ok(None);
    }
    value.whole_number().map(Some).ok_or(())
}

/// A required decimal > 0 ([`NumberInput::money`]) of at most `max`, in micros; never past
/// the [`UNIT_PRICE`] ceiling (a fixed discount is per unit).
fn positive_amount(value: &NumberInput, what: &str, max: Option<Decimal>) -> Result<i64, String> {
    match value.money(what)? {
        None => Err(format!("{what} es obligatorio")),
        Some(d) if d <= Decimal::ZERO => Err(format!("{what} debe ser mayor que cero")),
        Some(d) if max.is_some_and(|m| d > m) => Err(format!(
            "{what} no puede ser mayor que {}",
            max.unwrap_or_default()
        )),
        Some(d) => UNIT_PRICE.check(to_micros(d), what),
    }
}

/// A `YYYY-MM-DD` date between 2000 and 2100.
fn date(value: Option<&str>, what: &str) -> Result<Option<NaiveDate>, String> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .ok()
            .filter(|d| (2000..=2100).contains(&chrono::Datelike::year(d)))
            .map(Some)
            .ok_or_else(|| format!("{what} no es válida: use el formato AAAA-MM-DD")),
    }
}

/// The weekdays as sorted distinct ISO digits (all days when absent).
fn weekdays(value: Option<&str>) -> Result<String, String> {
    let Some(raw) = value.map(str::trim) else {
        return Ok(ALL_WEEKDAYS.into());
    };
    if raw.is_empty() {
        return Err("Elija al menos un día de la semana".into());
    }
    if !raw.chars().all(|c| ('1'..='7').contains(&c)) {
        return Err(
            "Los días deben ser dígitos del 1 (lunes) al 7 (domingo), p. ej. \"12345\"".into(),
        );
    }
    let mut days: Vec<char> = raw.chars().collect();
    days.sort_unstable();
    days.dedup();
    Ok(days.into_iter().collect())
}

/// The product ids of the body: a list of ids (numbers or numeric text), without repeats.
fn product_ids(value: &ListInput<IdInput>) -> Result<Vec<i64>, String> {
    let items = match value {
        ListInput::Absent => return Ok(Vec::new()),
        ListInput::Items(items) => items,
        ListInput::NotAList => {
            return Err("Los productos deben ser una lista de identificadores".into());
        }
    };
    let mut ids = Vec::with_capacity(items.len());
    for item in items {
        match item.id() {
            Some(id) => {
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
            _ => return Err("Los productos deben ser una lista de identificadores".into()),
        }
    }
    if ids.len() > PRODUCTS_MAX {
        return Err(format!(
            "Una promoción puede tener como máximo {PRODUCTS_MAX} productos"
        ));
    }
    Ok(ids)
}

/// A checked value (its problem was already reported by `check_fields`).
fn ok<T>(result: Result<T, String>) -> AppResult<T> {
    result.map_err(AppError::BadRequest)
}

/// Validates the fields (every problem at once, per field); the category and the products must be
/// the company's.
fn fields(
    conn: &mut DbConnection,
    company: CompanyId,
    body: &PromotionBody,
) -> AppResult<PromotionFields> {
    let name = text(&body.name).unwrap_or_default();
    let kind = text(&body.kind).unwrap_or_default();
    let target = text(&body.target).unwrap_or_default();
    let kind_problem = (!KINDS.contains(&kind.as_str())).then(|| {
        "Elija el tipo de promoción: porcentaje, valor fijo o lleve N pague M".to_string()
    });
    let Amounts {
        value,
        buy_n,
        pay_m,
    } = amounts(body, &kind);
    let Applies {
        category_id,
        products,
        problem: target_problem,
    } = applies_to(conn, company, body, &target)?;
    let When {
        starts_on,
        ends_on,
        days,
        time_from,
        time_to,
    } = when(body);

    check_fields([
        ("name", required_text(&name, "El nombre", NAME_MAX)),
        ("kind", kind_problem),
        ("value", value.clone().err()),
        ("buyN", buy_n.clone().err()),
        ("payM", pay_m.clone().err()),
        ("target", target_problem),
        ("categoryId", category_id.clone().err()),
        ("productIds", products.clone().err()),
        ("startsOn", starts_on.clone().err()),
        ("endsOn", ends_on.clone().err()),
        ("weekdays", days.clone().err()),
        ("timeFrom", time_from.clone().err()),
        ("timeTo", time_to.clone().err()),
    ])?;
    Ok(PromotionFields {
        name,
        kind,
        value: ok(value)?,
        buy_n: ok(buy_n)? as i32,
        pay_m: ok(pay_m)? as i32,
        target,
        category_id: ok(category_id)?,
        product_ids: ok(products)?,
        starts_on: ok(starts_on)?,
        ends_on: ok(ends_on)?,
        weekdays: ok(days)?,
        time_from: ok(time_from)?,
        time_to: ok(time_to)?,
        active: body.active.unwrap_or(true),
    })
}

/// The amounts of a promotion, each with its problem (0 where its kind uses none).
struct Amounts {
    value: Result<i64, String>,
    buy_n: Result<i64, String>,
    pay_m: Result<i64, String>,
}

/// The value of each kind; "lleve N pague M" uses buyN and payM instead.
fn amounts(body: &PromotionBody, kind: &str) -> Amounts {
    let mut value = Ok(0);
    let (mut buy_n, mut pay_m) = (Ok(0), Ok(0));
    match kind {
        KIND_PERCENT => {
            value = positive_amount(&body.value, "El porcentaje", Some(Decimal::from(100)));
        }
        KIND_FIXED => {
            value = positive_amount(&body.value, "El descuento por unidad", None);
        }
        KIND_BUY_N_PAY_M => {
            buy_n = match whole(&body.buy_n) {
                Ok(Some(n)) if (2..=BUY_N_MAX).contains(&n) => Ok(n),
                Ok(None) => Err("Indique cuántas unidades lleva el cliente".to_string()),
                _ => Err(format!(
                    "Lo que lleva debe ser un número entero entre 2 y {BUY_N_MAX}"
                )),
            };
            let top = buy_n.as_ref().map(|n| n - 1).unwrap_or(BUY_N_MAX - 1);
            pay_m = match whole(&body.pay_m) {
                Ok(Some(m)) if (1..=top).contains(&m) => Ok(m),
                Ok(None) => Err("Indique cuántas unidades paga el cliente".to_string()),
                _ => Err(format!(
                    "Lo que paga debe ser un número entero entre 1 y {top} (menos de lo que lleva)"
                )),
            };
        }
        _ => {}
    }
    Amounts {
        value,
        buy_n,
        pay_m,
    }
}

/// What a promotion applies to, each with its problem: a category or products (the one its
/// target does not use stays empty), and the problem of the target itself.
struct Applies {
    category_id: Result<Option<i64>, String>,
    products: Result<Vec<i64>, String>,
    problem: Option<String>,
}

/// What it applies to: the company's category, or products all of the company.
fn applies_to(
    conn: &mut DbConnection,
    company: CompanyId,
    body: &PromotionBody,
    target: &str,
) -> AppResult<Applies> {
    let mut category_id = Ok(None);
    let mut products = Ok(Vec::new());
    let problem = match target {
        TARGET_CATEGORY => {
            category_id = match (body.category_id.is_absent(), body.category_id.id()) {
                (_, Some(id)) => match Category::find(conn, company, id)? {
                    Some(_) => Ok(Some(id)),
                    None => Err("La categoría no existe en la empresa".to_string()),
                },
                (true, None) => Err("Elija la categoría".to_string()),
                (false, None) => Err("La categoría no es válida".to_string()),
            };
            None
        }
        TARGET_PRODUCTS => {
            products = listed_products(conn, company, body)?;
            None
        }
        _ => Some("Elija a qué se aplica: productos o una categoría".to_string()),
    };
    Ok(Applies {
        category_id,
        products,
        problem,
    })
}

/// The body's products (at least one), or the problem naming those that are not the company's.
fn listed_products(
    conn: &mut DbConnection,
    company: CompanyId,
    body: &PromotionBody,
) -> AppResult<Result<Vec<i64>, String>> {
    Ok(match product_ids(&body.product_ids) {
        Ok(ids) if ids.is_empty() => Err("Elija al menos un producto".to_string()),
        Ok(ids) => {
            let found = Product::find_many(conn, company, &ids)?;
            let missing: Vec<String> = ids
                .iter()
                .filter(|id| !found.iter().any(|p| p.id == **id))
                .map(i64::to_string)
                .collect();
            if missing.is_empty() {
                Ok(ids)
            } else {
                Err(format!(
                    "Estos productos no existen en la empresa: {}",
                    missing.join(", ")
                ))
            }
        }
        Err(problem) => Err(problem),
    })
}

/// When a promotion applies, each part with its problem.
struct When {
    starts_on: Result<NaiveDate, String>,
    ends_on: Result<Option<NaiveDate>, String>,
    days: Result<String, String>,
    time_from: Hour,
    time_to: Hour,
}

/// When: the dates (a start, an end not before it), the weekdays and the hours.
fn when(body: &PromotionBody) -> When {
    let starts_on = match date(body.starts_on.as_deref(), "La fecha de inicio") {
        Ok(Some(day)) => Ok(day),
        Ok(None) => Err("La fecha de inicio es obligatoria".to_string()),
        Err(problem) => Err(problem),
    };
    let ends_on = date(body.ends_on.as_deref(), "La fecha final").and_then(|end| match end {
        Some(end) if starts_on.as_ref().is_ok_and(|start| end < *start) => {
            Err("La fecha final no puede ser anterior a la de inicio".to_string())
        }
        other => Ok(other),
    });
    let days = weekdays(body.weekdays.as_deref());
    let (time_from, time_to) = hours(body);
    When {
        starts_on,
        ends_on,
        days,
        time_from,
        time_to,
    }
}

/// An hour `HH:MM` of the body (`None`: not given), or its problem.
type Hour = Result<Option<String>, String>;

/// The hours `HH:MM` it applies between: both or neither, and not the same.
fn hours(body: &PromotionBody) -> (Hour, Hour) {
    let hour = |value: &Option<String>| -> Hour {
        match text(value) {
            None => Ok(None),
            Some(t) => parse_hhmm(&t)
                .map(|_| Some(t))
                .ok_or_else(|| "La hora debe tener el formato HH:MM (00:00 a 23:59)".to_string()),
        }
    };
    let mut time_from = hour(&body.time_from);
    let mut time_to = hour(&body.time_to);
    match (&time_from, &time_to) {
        (Ok(Some(_)), Ok(None)) => time_to = Err("Indique también la hora final".to_string()),
        (Ok(None), Ok(Some(_))) => time_from = Err("Indique también la hora inicial".to_string()),
        (Ok(Some(from)), Ok(Some(to))) if from == to => {
            time_to = Err("La hora final debe ser distinta de la inicial".to_string());
        }
        _ => {}
    }
    (time_from, time_to)
}

/// The views of `rows`: their products and category names in three queries for all of them.
pub fn views(
    conn: &mut DbConnection,
    company: CompanyId,
    rows: Vec<Promotion>,
) -> AppResult<Vec<PromotionView>> {
    let ids: Vec<i64> = rows.iter().map(|p| p.id).collect();
    let pairs = Promotion::product_pairs(conn, company, &ids)?;
    let mut product_ids: Vec<i64> = pairs.iter().map(|&(_, product)| product).collect();
    product_ids.sort_unstable();
    product_ids.dedup();
    let products = if product_ids.is_empty() {
        Vec::new()
    } else {
        Product::find_many(conn, company, &product_ids)?
    };
    let categories = if rows.iter().any(|p| p.category_id.is_some()) {
        Category::all(conn, company, false)?
    } else {
        Vec::new()
    };
    Ok(rows
        .iter()
        .map(|p| {
            let own = pairs
                .iter()
                .filter(|(promo, _)| *promo == p.id)
                .filter_map(|(_, product)| products.iter().find(|x| x.id == *product))
                .map(PromotionProductView::from)
                .collect();
            let category = p
                .category_id
                .and_then(|c| categories.iter().find(|x| x.id == c))
                .map(|c| c.name.clone());
            PromotionView::new(p, own, category)
        })
        .collect())
}

/// The view of the company's promotion `id`.
fn view_of(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<PromotionView> {
    let row = load::<Promotion>(conn, company, id)?;
    Ok(views(conn, company, vec![row])?.remove(0))
}

/// One page of the list (the API and the promotions page).
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<PromotionView>> {
    let page = Promotion::list(conn, tenant.company, params)?;
    page_views(page, |results| views(conn, tenant.company, results))
}

/// Promotions in the generic list handlers.
pub struct Promotions;

impl Record for Promotions {
    type View = PromotionView;
    const READ: &'static [Role] = roles::ADMIN_USER;
    const WRITE: &'static [Role] = roles::ADMIN_USER;
    const DELETED: &'static str = "Promoción eliminada";

    crate::row_lock!(Promotion);

    fn view(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<PromotionView> {
        if Promotion::find(conn, company, id)?.is_none() {
            return Err(not_found(id));
        }
        view_of(conn, company, id)
    }

    fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<()> {
        Promotion::delete(conn, company, id)?;
        Ok(())
    }
}

impl Catalogue for Promotions {
    type Body = PromotionBody;
    const EDIT: &'static [Role] = roles::ADMIN_USER;
    const PAGE: PageFn<PromotionView> = list_page;

    fn create(conn: &mut DbConnection, tenant: &Tenant, body: PromotionBody) -> AppResult<i64> {
        let fields = fields(conn, tenant.company, &body)?;
        Ok(Promotion::insert(conn, tenant.company, &fields)?)
    }

    fn edit(
        conn: &mut DbConnection,
        tenant: &Tenant,
        id: i64,
        body: PromotionBody,
    ) -> AppResult<()> {
        ensure_unlocked::<Self>(conn, tenant.company, id)?;
        let fields = fields(conn, tenant.company, &body)?;
        Promotion::update(conn, tenant.company, id, &fields)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn days_and_amounts() {
        assert_eq!(weekdays(None).unwrap(), "1234567");
        assert_eq!(weekdays(Some("7531")).unwrap(), "1357");
        assert_eq!(weekdays(Some("115")).unwrap(), "15");
        assert!(weekdays(Some("")).is_err());
        assert!(weekdays(Some("08")).is_err());
        assert_eq!(
            positive_amount(
                &NumberInput::of(Some(&json!("10.5"))),
                "El porcentaje",
                Some(Decimal::from(100))
            ),
            Ok(10_500_000)
        );
        assert!(
            positive_amount(
                &NumberInput::of(Some(&json!("100.01"))),
                "X",
                Some(Decimal::from(100))
            )
            .is_err()
        );
        assert!(positive_amount(&NumberInput::of(Some(&json!("0"))), "X", None).is_err());
        assert!(positive_amount(&NumberInput::of(Some(&json!("1.005"))), "X", None).is_err());
        assert!(positive_amount(&NumberInput::of(Some(&json!(1.5))), "X", None).is_err());
        assert!(positive_amount(&NumberInput::of(Some(&json!("1000000.01"))), "X", None).is_err());
        assert_eq!(
            product_ids(&serde_json::from_value(json!([3, "4", 3])).unwrap()).unwrap(),
            vec![3, 4]
        );
        assert!(product_ids(&serde_json::from_value(json!([0])).unwrap()).is_err());
        assert!(product_ids(&serde_json::from_value(json!("1,2")).unwrap()).is_err());
    }
}
