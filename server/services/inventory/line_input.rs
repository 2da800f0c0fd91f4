//! Reading what a stock document's line names: its product and its amounts, with the same checks
//! and Spanish messages for adjustments, transfers and purchases, each problem told with the
//! line's number ([`line_problem`]).

use crate::command::{IdInput, NumberInput};
use crate::db::DbConnection;
use crate::domain::limits::{QUANTITY, UNIT_PRICE};
use crate::error::AppResult;

use crate::models::CompanyId;
use crate::models::inventory::product::Product;
use crate::services::inventory::documents::line_problem;

/// The company's product a line's `productId` names; a malformed id names none.
pub fn product(
    conn: &mut DbConnection,
    company: CompanyId,
    value: &IdInput,
) -> AppResult<Option<Product>> {
    match value.id() {
        Some(id) => Ok(Product::find(conn, company, id)?),
        None => Ok(None),
    }
}

/// The line's product, which must exist and carry stock: "el producto no existe", else "«…» no
/// lleva stock".
pub fn stocked_product(
    conn: &mut DbConnection,
    company: CompanyId,
    value: &IdInput,
    row: usize,
) -> AppResult<Product> {
    let product =
        product(conn, company, value)?.ok_or_else(|| line_problem(row, "el producto no existe"))?;
    if !product.is_stocked() {
        return Err(line_problem(
            row,
            format!("«{}» no lleva stock", product.name),
        ));
    }
    Ok(product)
}

/// A required quantity greater than zero.
pub fn quantity(value: &NumberInput, row: usize) -> AppResult<i64> {
    value
        .required_micros("La cantidad", true, false, QUANTITY)
        .map_err(|e| line_problem(row, e))
}

/// An optional unit cost, zero or more.
pub fn unit_cost(value: &NumberInput, row: usize) -> AppResult<Option<i64>> {
    value
        .micros("El costo unitario", false, false, UNIT_PRICE)
        .map_err(|e| line_problem(row, e))
}

/// A required unit cost, zero or more.
pub fn required_unit_cost(value: &NumberInput, row: usize) -> AppResult<i64> {
    value
        .required_micros("El costo unitario", false, false, UNIT_PRICE)
        .map_err(|e| line_problem(row, e))
}

/// An optional discount, zero or more; none is zero.
pub fn discount(value: &NumberInput, row: usize) -> AppResult<i64> {
    Ok(value
        .micros("El descuento", false, false, UNIT_PRICE)
        .map_err(|e| line_problem(row, e))?
        .unwrap_or(0))
}
