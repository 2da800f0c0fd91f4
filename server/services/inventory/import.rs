//! Importing products from the rows of a CSV, XLSX, XLS or ODS file (the upload handler reads it and
//! starts the job). Columns are found by header name (accents and case ignored, any order); rows
//! are matched by code (an existing product is updated, never duplicated), validated one by one
//! (errors name the row and the column), and the valid rows are committed in batches while the
//! job records its progress. Importing the same file again changes nothing: unchanged products are
//! left alone and opening stock is posted only where the product has no movement yet in that
//! warehouse.

use std::collections::{HashMap, HashSet};

use crate::auth::roles::Tenant;
use crate::command::NumberInput;
use crate::db::search::fold;
use crate::db::{DbConnection, write_transaction};
use crate::domain::limits::{Limit, QUANTITY, UNIT_PRICE, VALUE};
use crate::error::{AppError, AppResult, not_in_table};

use crate::models::CompanyId;
use crate::models::inventory::category::{Category, CategoryFields, STATIONS};
use crate::models::inventory::cost::times;
use crate::models::inventory::import_job::ImportJob;
use crate::models::inventory::product::{IVA_CODES, ProductFields, UNITS, refresh_after_import};
use crate::models::inventory::warehouse::Warehouse;
use crate::services::inventory::import_batch::Batch;
use crate::services::inventory::stock::{
    Document, Movement, MovementType, UnitCost, post_movements_of_new,
};
use crate::util::spreadsheet::{Row, Rows};

/// A problem with one row of the file: `{row, column, message}` (row 1 is the header). Stored
/// with the job and answered as it is, so the view shows the service's own type.
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
pub struct RowError {
    pub row: i64,
    pub column: String,
    pub message: String,
}

/// Rows committed per transaction.
const BATCH: usize = 500;
/// The tables an import fills, whose planner statistics it refreshes as they grow
/// ([`crate::db::bulk::analyze`]).
const GROWING: &[&str] = &["products", "product_barcodes", "stocks", "kardex"];
/// Most row errors a job keeps.
const ERRORS_MAX: usize = 1000;
/// The columns, in the template's order.
pub const COLUMNS: &[&str] = &[
    "codigo",
    "codigo_barras",
    "nombre",
    "descripcion",
    "categoria",
    "unidad",
    "iva",
    "precio",
    "precio2",
    "precio3",
    "stock_minimo",
    "tipo",
    "bodega",
    "stock_inicial",
    "costo",
];

/// Column name as written in a header: folded, spaces and dashes as `_`.
fn header_key(text: &str) -> String {
    fold(text.trim())
        .chars()
        .map(|c| if c == ' ' || c == '-' { '_' } else { c })
        .collect()
}

/// What is known while importing: the header's columns, categories and warehouses by folded name.
struct Context {
    columns: HashMap<&'static str, usize>,
    categories: HashMap<String, i64>,
    warehouses: HashMap<String, i64>,
    default_warehouse: i64,
    opened: HashSet<(i64, i64)>,
}

/// The outcome of one row.
enum Outcome {
    Created,
    Updated,
    Unchanged,
}

impl Context {
    fn cell<'r>(&self, row: &'r Row, column: &str) -> Option<&'r str> {
        self.columns
            .get(column)
            .and_then(|i| row.get(*i))
            .map(|s| s.trim())
            .filter(|s| !s.is_empty())
    }
}

/// A decimal cell as millionths within `limit`: a decimal comma or point, like every form
/// (`crate::domain::money::parse_decimal`).
fn number(text: Option<&str>, what: &str, limit: Limit) -> Result<Option<i64>, String> {
    let Some(text) = text else { return Ok(None) };
    NumberInput::from_text(text).micros(what, false, false, limit)
}

/// The IVA `codigoPorcentaje` of an `iva` cell, written as the SRI code (`4`) or as the
/// percentage (`15`, `15 %`, `15,00`): a cell with `%` is a percentage; without it, a code of
/// [`IVA_CODES`] is that code, anything else a percentage of a rate in force. The two readings
/// never disagree where they overlap (`0`, `5`, `8` are code and percentage of the same rate;
/// no rate is 4 %, 6 %, 7 % or 10 %).
fn iva_code(cell: &str) -> Option<&'static str> {
    let (text, percent) = match cell.trim().strip_suffix('%') {
        Some(t) => (t.trim(), true),
        None => (cell.trim(), false),
    };
    if !percent && let Some(code) = IVA_CODES.iter().find(|c| **c == text) {
        return Some(code);
    }
    let rate = crate::domain::money::parse_decimal(text).ok()?;
    IVA_CODES.iter().copied().find(|code| {
        crate::domain::taxes::iva_rate(code)
            .is_some_and(|r| r.current && rust_decimal::Decimal::from(r.percent) == rate)
    })
}

/// Validates and saves one row into `batch` (written at the batch's end); opening stock is
/// queued in `opening`.
fn apply_row(
    conn: &mut DbConnection,
    batch: &mut Batch,
    company: CompanyId,
    ctx: &mut Context,
    row_no: i64,
    row: &Row,
    opening: &mut Vec<Movement>,
) -> Result<Outcome, Vec<RowError>> {
    let mut errors = Vec::new();
    let mut problem = |column: &str, message: String| {
        errors.push(RowError {
            row: row_no,
            column: column.into(),
            message,
        })
    };
    let db = |e: diesel::result::Error| {
        vec![RowError {
            row: row_no,
            column: String::new(),
            message: format!("No se pudo guardar la fila: {e}"),
        }]
    };
    let Some(code) = ctx.cell(row, "codigo").map(String::from) else {
        return Err(vec![RowError {
            row: row_no,
            column: "codigo".into(),
            message: "El código es obligatorio".into(),
        }]);
    };
    let existing = batch.find_by_code(&code);
    let current = existing
        .as_ref()
        .map(|p| (p.clone(), batch.barcodes(p.id), batch.recipe(p.id)));
    let name = ctx
        .cell(row, "nombre")
        .map(String::from)
        .or_else(|| current.as_ref().map(|c| c.0.name.clone()));
    if name.as_deref().is_none_or(str::is_empty) {
        problem("nombre", "El nombre es obligatorio".into());
    }
    if name.as_deref().is_some_and(|n| n.chars().count() > 200) {
        problem(
            "nombre",
            "El nombre no puede tener más de 200 caracteres".into(),
        );
    }
    let unit = match ctx.cell(row, "unidad").map(fold) {
        Some(u) if UNITS.contains(&u.as_str()) => u,
        Some(u) => {
            problem("unidad", format!("La unidad «{u}» no es válida"));
            String::new()
        }
        None => current
            .as_ref()
            .map_or("unidad".into(), |c| c.0.unit.clone()),
    };
    let iva = match ctx.cell(row, "iva") {
        Some(i) => match iva_code(i) {
            Some(code) => code.to_string(),
            None => {
                problem(
                    "iva",
                    format!(
                        "El IVA «{i}» no es válido: escriba el porcentaje (0, 5, 8, 13 o 15) o el código del SRI (0, 4, 5, 6, 7, 8 o 10)"
                    ),
                );
                String::new()
            }
        },
        None => current
            .as_ref()
            .map_or("4".into(), |c| c.0.iva_code.clone()),
    };
    let kind = match ctx.cell(row, "tipo").map(fold) {
        None => current
            .as_ref()
            .map_or("product".into(), |c| c.0.kind.clone()),
        Some(t) => match t.as_str() {
            "product" | "producto" => "product".into(),
            "service" | "servicio" => "service".into(),
            "ingredient" | "ingrediente" => "ingredient".into(),
            other => {
                problem(
                    "tipo",
                    format!("El tipo «{other}» no es válido (producto, servicio o ingrediente)"),
                );
                String::new()
            }
        },
    };
    let mut decimal =
        |column: &str, what: &str, limit: Limit| match number(ctx.cell(row, column), what, limit) {
            Ok(v) => v,
            Err(e) => {
                problem(column, e);
                None
            }
        };
    let price = decimal("precio", "El precio", UNIT_PRICE);
    let price2 = decimal("precio2", "El precio 2", UNIT_PRICE);
    let price3 = decimal("precio3", "El precio 3", UNIT_PRICE);
    let min_stock = decimal("stock_minimo", "El stock mínimo", QUANTITY);
    let opening_qty = decimal("stock_inicial", "El stock inicial", QUANTITY);
    let cost = decimal("costo", "El costo", UNIT_PRICE);
    if price.is_none() && current.is_none() && ctx.cell(row, "precio").is_none() {
        problem("precio", "El precio es obligatorio".into());
    }
    let barcodes: Option<Vec<String>> = ctx.cell(row, "codigo_barras").map(|b| {
        let mut list: Vec<String> = Vec::new();
        for code in b.split('|').map(str::trim).filter(|c| !c.is_empty()) {
            if !list.iter().any(|c| c == code) {
                list.push(code.to_string());
            }
        }
        list
    });
    if let Some(list) = &barcodes {
        if let Some(bad) = list
            .iter()
            .find(|b| b.chars().count() > 40 || b.chars().any(char::is_whitespace))
        {
            problem(
                "codigo_barras",
                format!("El código de barras «{bad}» no es válido"),
            );
        } else if let Some(taken) = batch
            .barcodes_taken(list, existing.as_ref().map(|p| p.id))
            .first()
        {
            problem(
                "codigo_barras",
                format!("El código de barras «{taken}» ya pertenece a otro producto"),
            );
        }
    }
    let warehouse = match ctx.cell(row, "bodega") {
        None => Some(ctx.default_warehouse),
        Some(w) => match ctx.warehouses.get(&fold(w)) {
            Some(id) => Some(*id),
            None => {
                problem("bodega", format!("La bodega «{w}» no existe"));
                None
            }
        },
    };
    let stocked = matches!(kind.as_str(), "product" | "ingredient");
    if let (Some(q), Some(c)) = (opening_qty, cost)
        && !times(q, c).is_some_and(|v| VALUE.allows(v))
    {
        problem("stock_inicial", VALUE.problem("El valor del stock inicial"));
    }
    if opening_qty.is_some_and(|q| q > 0) {
        if !stocked {
            problem("stock_inicial", "Un servicio no lleva stock".into());
        }
        if cost.is_none() {
            problem("costo", "Indique el costo del stock inicial".into());
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let category_id = match ctx.cell(row, "categoria") {
        None => current.as_ref().and_then(|c| c.0.category_id),
        Some(c) => match ctx.categories.get(&fold(c)) {
            Some(id) => Some(*id),
            None => {
                let id = Category::insert(
                    conn,
                    company,
                    &CategoryFields {
                        name: c.chars().take(80).collect(),
                        parent_id: None,
                        active: true,
                        station: STATIONS[0].0.into(),
                        modifiers: String::new(),
                    },
                )
                .map_err(db)?;
                ctx.categories.insert(fold(c), id);
                Some(id)
            }
        },
    };
    let fields = ProductFields {
        code: code.clone(),
        name: name.unwrap_or_default(),
        description: ctx
            .cell(row, "descripcion")
            .map(String::from)
            .or_else(|| current.as_ref().and_then(|c| c.0.description.clone())),
        category_id,
        unit,
        iva_code: iva,
        price: price.or(current.as_ref().map(|c| c.0.price)).unwrap_or(0),
        price2: price2.or(current.as_ref().and_then(|c| c.0.price2)),
        price3: price3.or(current.as_ref().and_then(|c| c.0.price3)),
        min_stock: min_stock
            .or(current.as_ref().map(|c| c.0.min_stock))
            .unwrap_or(0),
        kind,
        active: current.as_ref().is_none_or(|c| c.0.active),
        barcodes: barcodes
            .or_else(|| current.as_ref().map(|c| c.1.clone()))
            .unwrap_or_default(),
        recipe: current.as_ref().map(|c| c.2.clone()).unwrap_or_default(),
    };
    let (id, outcome) = match &current {
        None => (batch.insert(&fields), Outcome::Created),
        Some((p, barcodes, recipe)) => {
            let before = ProductFields {
                code: p.code.clone(),
                name: p.name.clone(),
                description: p.description.clone(),
                category_id: p.category_id,
                unit: p.unit.clone(),
                iva_code: p.iva_code.clone(),
                price: p.price,
                price2: p.price2,
                price3: p.price3,
                min_stock: p.min_stock,
                kind: p.kind.clone(),
                active: p.active,
                barcodes: barcodes.clone(),
                recipe: recipe.clone(),
            };
            if before == fields {
                (p.id, Outcome::Unchanged)
            } else {
                batch.update(p.id, &fields);
                (p.id, Outcome::Updated)
            }
        }
    };
    if let (Some(q), Some(w)) = (opening_qty.filter(|q| *q > 0), warehouse)
        && stocked
        && !ctx.opened.contains(&(id, w))
    {
        // Whether the product already has a movement there is checked for the whole batch
        // when it is written (`Batch::flush`).
        ctx.opened.insert((id, w));
        opening.push(Movement {
            product_id: id,
            warehouse_id: w,
            kind: MovementType::Opening,
            quantity: q,
            cost: UnitCost::Given(cost.unwrap_or(0)),
        });
    }
    Ok(outcome)
}

/// Reads what the rows of `rows` may look up ([`Batch::load`]): the products of their codes and
/// the owners of their barcodes.
fn load_batch(
    conn: &mut DbConnection,
    company: CompanyId,
    ctx: &Context,
    rows: &[Row],
) -> diesel::QueryResult<Batch> {
    let mut codes: Vec<String> = rows
        .iter()
        .filter_map(|row| ctx.cell(row, "codigo").map(String::from))
        .collect();
    codes.sort_unstable();
    codes.dedup();
    let mut barcodes: Vec<String> = rows
        .iter()
        .filter_map(|row| ctx.cell(row, "codigo_barras"))
        .flat_map(|cell| cell.split('|').map(str::trim).filter(|b| !b.is_empty()))
        .map(String::from)
        .collect();
    barcodes.sort_unstable();
    barcodes.dedup();
    Batch::load(conn, company, &codes, &barcodes)
}

/// Runs an import job to its end (on a blocking thread): batches of rows in one transaction each,
/// the job's progress saved after every batch.
pub fn run_job(conn: &mut DbConnection, tenant: &Tenant, branch: i64, job: i64, rows: Rows) {
    let company = tenant.company;
    let mut errors: Vec<RowError> = Vec::new();
    let (mut created, mut updated, mut processed) = (0i64, 0i64, 0i64);
    let result = (|| -> AppResult<()> {
        let header = rows.first().cloned().unwrap_or_default();
        let mut columns = HashMap::new();
        for (i, h) in header.iter().enumerate() {
            let key = header_key(h);
            if let Some(c) = COLUMNS.iter().find(|c| **c == key) {
                columns.insert(*c, i);
            }
        }
        for required in ["codigo", "nombre", "precio"] {
            if !columns.contains_key(required) {
                errors.push(RowError {
                    row: 1,
                    column: required.into(),
                    message: format!("Falta la columna «{required}» en la primera fila"),
                });
            }
        }
        if !errors.is_empty() {
            return Err(AppError::BadRequest("Encabezados incompletos".into()));
        }
        let default_warehouse = Warehouse::default_of(conn, company, branch)?
            .ok_or_else(not_in_table)?
            .id;
        let mut ctx = Context {
            columns,
            categories: Category::all(conn, company, false)?
                .into_iter()
                .map(|c| (fold(&c.name), c.id))
                .collect(),
            warehouses: Warehouse::all(conn, company)?
                .into_iter()
                .filter(|w| w.branch_office_id == branch)
                .map(|w| (fold(&w.name), w.id))
                .collect(),
            default_warehouse,
            opened: HashSet::new(),
        };
        for (batch_no, batch) in rows[1..].chunks(BATCH).enumerate() {
            let first_row = 2 + (batch_no * BATCH) as i64;
            let outcome = write_transaction(conn, |conn| -> AppResult<(i64, i64, Vec<RowError>)> {
                let (mut c, mut u, mut errs) = (0, 0, Vec::new());
                crate::db::bulk::plan_for_values(conn)?;
                let mut opening = Vec::new();
                let mut saved = load_batch(conn, company, &ctx, batch)?;
                for (i, row) in batch.iter().enumerate() {
                    match apply_row(
                        conn,
                        &mut saved,
                        company,
                        &mut ctx,
                        first_row + i as i64,
                        row,
                        &mut opening,
                    ) {
                        Ok(Outcome::Created) => c += 1,
                        Ok(Outcome::Updated) => u += 1,
                        Ok(Outcome::Unchanged) => {}
                        Err(e) => errs.extend(e),
                    }
                }
                let created = saved.flush(conn, &mut opening, &mut ctx.opened)?;
                if !opening.is_empty() {
                    post_movements_of_new(
                        conn,
                        company,
                        Some(tenant.user_id()),
                        &Document {
                            doc_type: "import",
                            id: Some(job),
                            number: None,
                            date: None,
                        },
                        &opening,
                        &created,
                    )?;
                }
                Ok((c, u, errs))
            });
            // Provisional ids of a batch that was not written.
            ctx.opened.retain(|(product, _)| *product > 0);
            match outcome {
                Ok((c, u, errs)) => {
                    created += c;
                    updated += u;
                    errors.extend(errs);
                }
                Err(e) => errors.push(RowError {
                    row: first_row,
                    column: String::new(),
                    message: format!(
                        "Las filas {first_row} a {} no se guardaron: {}",
                        first_row + batch.len() as i64 - 1,
                        e.public_message()
                    ),
                }),
            }
            processed += batch.len() as i64;
            if (batch_no + 1).is_power_of_two()
                && let Err(e) = crate::db::bulk::analyze(conn, GROWING)
            {
                tracing::warn!(
                    "no se pudieron actualizar las estadísticas en la importación {job}: {e}"
                );
            }
            errors.truncate(ERRORS_MAX);
            let json = serde_json::to_string(&errors).unwrap_or_else(|_| "[]".into());
            ImportJob::progress(
                conn, company, job, "running", processed, created, updated, &json,
            )?;
        }
        Ok(())
    })();
    // Before the job reads as done, so the first searches after it are already fast.
    if let Err(e) = refresh_after_import(conn) {
        tracing::warn!("no se pudo preparar la búsqueda tras la importación {job}: {e}");
    }
    let status = if result.is_ok() { "done" } else { "failed" };
    errors.truncate(ERRORS_MAX);
    let json = serde_json::to_string(&errors).unwrap_or_else(|_| "[]".into());
    if let Err(e) = ImportJob::progress(
        conn, company, job, status, processed, created, updated, &json,
    ) {
        tracing::error!("no se pudo cerrar la importación {job}: {e}");
    }
}
