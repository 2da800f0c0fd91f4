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
use crate::models::inventory::product::{
    IVA_CODES, Product, ProductFields, UNITS, refresh_after_import,
};
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

/// The product a row's code names, as the batch holds it.
struct Current {
    product: Product,
    barcodes: Vec<String>,
    /// `(ingredient_id, quantity)`.
    recipe: Vec<(i64, i64)>,
}

/// The problems found in one row, in the order they were found.
struct RowProblems {
    row: i64,
    errors: Vec<RowError>,
}

impl RowProblems {
    fn add(&mut self, column: &str, message: String) {
        self.errors.push(RowError {
            row: self.row,
            column: column.into(),
            message,
        });
    }

    /// The decimal `cell` of `column` ([`number`]), or `None` with its problem noted.
    fn decimal(
        &mut self,
        cell: Option<&str>,
        column: &str,
        what: &str,
        limit: Limit,
    ) -> Option<i64> {
        match number(cell, what, limit) {
            Ok(v) => v,
            Err(e) => {
                self.add(column, e);
                None
            }
        }
    }
}

/// A row's product cells, checked (`None`: the cell is empty, the current value or the default
/// stays).
struct RowValues {
    name: Option<String>,
    unit: String,
    iva: String,
    kind: String,
    price: Option<i64>,
    price2: Option<i64>,
    price3: Option<i64>,
    min_stock: Option<i64>,
    barcodes: Option<Vec<String>>,
}

/// A row's opening stock, checked: posted only for a stocked kind with a quantity above zero.
struct OpeningStock {
    quantity: Option<i64>,
    cost: Option<i64>,
    warehouse: Option<i64>,
    stocked: bool,
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
    let current = batch.find_by_code(&code).map(|p| Current {
        barcodes: batch.barcodes(p.id),
        recipe: batch.recipe(p.id),
        product: p,
    });
    let (values, stock) = read_row(batch, ctx, row_no, row, current.as_ref())?;
    let category_id = category_of(conn, company, ctx, row, current.as_ref()).map_err(db)?;
    let fields = product_fields(ctx, row, code, category_id, values, current.as_ref());
    let (id, outcome) = save_product(batch, &fields, current.as_ref());
    queue_opening(ctx, opening, id, &stock);
    Ok(outcome)
}

/// Checks the cells of a row (every problem of the row at once, in the columns' order) before
/// anything of it is saved.
fn read_row(
    batch: &Batch,
    ctx: &Context,
    row_no: i64,
    row: &Row,
    current: Option<&Current>,
) -> Result<(RowValues, OpeningStock), Vec<RowError>> {
    let mut problems = RowProblems {
        row: row_no,
        errors: Vec::new(),
    };
    let name = read_name(ctx, row, current, &mut problems);
    let unit = read_unit(ctx, row, current, &mut problems);
    let iva = read_iva(ctx, row, current, &mut problems);
    let kind = read_kind(ctx, row, current, &mut problems);
    let mut decimal = |column: &str, what: &str, limit: Limit| {
        problems.decimal(ctx.cell(row, column), column, what, limit)
    };
    let price = decimal("precio", "El precio", UNIT_PRICE);
    let price2 = decimal("precio2", "El precio 2", UNIT_PRICE);
    let price3 = decimal("precio3", "El precio 3", UNIT_PRICE);
    let min_stock = decimal("stock_minimo", "El stock mínimo", QUANTITY);
    let opening_qty = decimal("stock_inicial", "El stock inicial", QUANTITY);
    let cost = decimal("costo", "El costo", UNIT_PRICE);
    if price.is_none() && current.is_none() && ctx.cell(row, "precio").is_none() {
        problems.add("precio", "El precio es obligatorio".into());
    }
    let barcodes = read_barcodes(batch, ctx, row, current, &mut problems);
    let warehouse = read_warehouse(ctx, row, &mut problems);
    let stock = OpeningStock {
        quantity: opening_qty,
        cost,
        warehouse,
        stocked: matches!(kind.as_str(), "product" | "ingredient"),
    };
    check_opening(&stock, &mut problems);
    if !problems.errors.is_empty() {
        return Err(problems.errors);
    }
    let values = RowValues {
        name,
        unit,
        iva,
        kind,
        price,
        price2,
        price3,
        min_stock,
        barcodes,
    };
    Ok((values, stock))
}

/// The `nombre` cell, else the current product's name: required, at most 200 characters.
fn read_name(
    ctx: &Context,
    row: &Row,
    current: Option<&Current>,
    problems: &mut RowProblems,
) -> Option<String> {
    let name = ctx
        .cell(row, "nombre")
        .map(String::from)
        .or_else(|| current.map(|c| c.product.name.clone()));
    if name.as_deref().is_none_or(str::is_empty) {
        problems.add("nombre", "El nombre es obligatorio".into());
    }
    if name.as_deref().is_some_and(|n| n.chars().count() > 200) {
        problems.add(
            "nombre",
            "El nombre no puede tener más de 200 caracteres".into(),
        );
    }
    name
}

/// The `unidad` cell (one of [`UNITS`]), else the current product's unit, else `unidad`.
fn read_unit(
    ctx: &Context,
    row: &Row,
    current: Option<&Current>,
    problems: &mut RowProblems,
) -> String {
    match ctx.cell(row, "unidad").map(fold) {
        Some(u) if UNITS.contains(&u.as_str()) => u,
        Some(u) => {
            problems.add("unidad", format!("La unidad «{u}» no es válida"));
            String::new()
        }
        None => current.map_or("unidad".into(), |c| c.product.unit.clone()),
    }
}

/// The `iva` cell as the SRI's code ([`iva_code`]), else the current product's, else `4` (15 %).
fn read_iva(
    ctx: &Context,
    row: &Row,
    current: Option<&Current>,
    problems: &mut RowProblems,
) -> String {
    match ctx.cell(row, "iva") {
        Some(i) => match iva_code(i) {
            Some(code) => code.to_string(),
            None => {
                problems.add(
                    "iva",
                    format!(
                        "El IVA «{i}» no es válido: escriba el porcentaje (0, 5, 8, 13 o 15) o el código del SRI (0, 4, 5, 6, 7, 8 o 10)"
                    ),
                );
                String::new()
            }
        },
        None => current.map_or("4".into(), |c| c.product.iva_code.clone()),
    }
}

/// The `tipo` cell (in English or Spanish), else the current product's kind, else `product`.
fn read_kind(
    ctx: &Context,
    row: &Row,
    current: Option<&Current>,
    problems: &mut RowProblems,
) -> String {
    match ctx.cell(row, "tipo").map(fold) {
        None => current.map_or("product".into(), |c| c.product.kind.clone()),
        Some(t) => match t.as_str() {
            "product" | "producto" => "product".into(),
            "service" | "servicio" => "service".into(),
            "ingredient" | "ingrediente" => "ingredient".into(),
            other => {
                problems.add(
                    "tipo",
                    format!("El tipo «{other}» no es válido (producto, servicio o ingrediente)"),
                );
                String::new()
            }
        },
    }
}

/// The `codigo_barras` cell: barcodes separated by `|`, without repetitions; each valid and not
/// another product's.
fn read_barcodes(
    batch: &Batch,
    ctx: &Context,
    row: &Row,
    current: Option<&Current>,
    problems: &mut RowProblems,
) -> Option<Vec<String>> {
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
            problems.add(
                "codigo_barras",
                format!("El código de barras «{bad}» no es válido"),
            );
        } else if let Some(taken) = batch
            .barcodes_taken(list, current.map(|c| c.product.id))
            .first()
        {
            problems.add(
                "codigo_barras",
                format!("El código de barras «{taken}» ya pertenece a otro producto"),
            );
        }
    }
    barcodes
}

/// The `bodega` cell: a warehouse of the branch by name, else the branch's default one.
fn read_warehouse(ctx: &Context, row: &Row, problems: &mut RowProblems) -> Option<i64> {
    match ctx.cell(row, "bodega") {
        None => Some(ctx.default_warehouse),
        Some(w) => match ctx.warehouses.get(&fold(w)) {
            Some(id) => Some(*id),
            None => {
                problems.add("bodega", format!("La bodega «{w}» no existe"));
                None
            }
        },
    }
}

/// Opening stock needs a value within [`VALUE`], a stocked kind and a cost.
fn check_opening(stock: &OpeningStock, problems: &mut RowProblems) {
    if let (Some(q), Some(c)) = (stock.quantity, stock.cost)
        && !times(q, c).is_some_and(|v| VALUE.allows(v))
    {
        problems.add("stock_inicial", VALUE.problem("El valor del stock inicial"));
    }
    if stock.quantity.is_some_and(|q| q > 0) {
        if !stock.stocked {
            problems.add("stock_inicial", "Un servicio no lleva stock".into());
        }
        if stock.cost.is_none() {
            problems.add("costo", "Indique el costo del stock inicial".into());
        }
    }
}

/// The `categoria` cell as a category id, the category created when the company has none of
/// that name; else the current product's category.
fn category_of(
    conn: &mut DbConnection,
    company: CompanyId,
    ctx: &mut Context,
    row: &Row,
    current: Option<&Current>,
) -> diesel::QueryResult<Option<i64>> {
    Ok(match ctx.cell(row, "categoria") {
        None => current.and_then(|c| c.product.category_id),
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
                )?;
                ctx.categories.insert(fold(c), id);
                Some(id)
            }
        },
    })
}

/// What the product of the row is to be: the row's values, else the current product's, else
/// the defaults.
fn product_fields(
    ctx: &Context,
    row: &Row,
    code: String,
    category_id: Option<i64>,
    values: RowValues,
    current: Option<&Current>,
) -> ProductFields {
    ProductFields {
        code,
        name: values.name.unwrap_or_default(),
        description: ctx
            .cell(row, "descripcion")
            .map(String::from)
            .or_else(|| current.and_then(|c| c.product.description.clone())),
        category_id,
        unit: values.unit,
        iva_code: values.iva,
        price: values
            .price
            .or(current.map(|c| c.product.price))
            .unwrap_or(0),
        price2: values.price2.or(current.and_then(|c| c.product.price2)),
        price3: values.price3.or(current.and_then(|c| c.product.price3)),
        min_stock: values
            .min_stock
            .or(current.map(|c| c.product.min_stock))
            .unwrap_or(0),
        kind: values.kind,
        active: current.is_none_or(|c| c.product.active),
        barcodes: values
            .barcodes
            .or_else(|| current.map(|c| c.barcodes.clone()))
            .unwrap_or_default(),
        recipe: current.map(|c| c.recipe.clone()).unwrap_or_default(),
    }
}

/// Puts the product into `batch`: inserted when new, updated when its fields changed, left alone
/// otherwise. Answers its id (provisional when new) and what happened.
fn save_product(
    batch: &mut Batch,
    fields: &ProductFields,
    current: Option<&Current>,
) -> (i64, Outcome) {
    match current {
        None => (batch.insert(fields), Outcome::Created),
        Some(Current {
            product: p,
            barcodes,
            recipe,
        }) => {
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
            if before == *fields {
                (p.id, Outcome::Unchanged)
            } else {
                batch.update(p.id, fields);
                (p.id, Outcome::Updated)
            }
        }
    }
}

/// Queues the row's opening stock of product `id`, once per product and warehouse in the job.
fn queue_opening(ctx: &mut Context, opening: &mut Vec<Movement>, id: i64, stock: &OpeningStock) {
    if let (Some(q), Some(w)) = (stock.quantity.filter(|q| *q > 0), stock.warehouse)
        && stock.stocked
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
            cost: UnitCost::Given(stock.cost.unwrap_or(0)),
        });
    }
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

/// What a job has done so far, saved with its progress.
#[derive(Default)]
struct Tally {
    errors: Vec<RowError>,
    created: i64,
    updated: i64,
    processed: i64,
}

/// What one batch did: products created and updated, and the problems of its rows.
type BatchOutcome = (i64, i64, Vec<RowError>);

/// Runs an import job to its end (on a blocking thread): batches of rows in one transaction each,
/// the job's progress saved after every batch.
pub fn run_job(conn: &mut DbConnection, tenant: &Tenant, branch: i64, job: i64, rows: Rows) {
    let company = tenant.company;
    let mut tally = Tally::default();
    let result = import_rows(conn, tenant, branch, job, &rows, &mut tally);
    // Before the job reads as done, so the first searches after it are already fast.
    if let Err(e) = refresh_after_import(conn) {
        tracing::warn!("no se pudo preparar la búsqueda tras la importación {job}: {e}");
    }
    let status = if result.is_ok() { "done" } else { "failed" };
    tally.errors.truncate(ERRORS_MAX);
    let json = serde_json::to_string(&tally.errors).unwrap_or_else(|_| "[]".into());
    if let Err(e) = ImportJob::progress(
        conn,
        company,
        job,
        status,
        tally.processed,
        tally.created,
        tally.updated,
        &json,
    ) {
        tracing::error!("no se pudo cerrar la importación {job}: {e}");
    }
}

/// The body of [`run_job`]: the header's columns checked, then the rows in batches, the job's
/// progress saved after each. An error ends the job as failed.
fn import_rows(
    conn: &mut DbConnection,
    tenant: &Tenant,
    branch: i64,
    job: i64,
    rows: &Rows,
    tally: &mut Tally,
) -> AppResult<()> {
    let company = tenant.company;
    let header = rows.first().cloned().unwrap_or_default();
    let columns = header_columns(&header);
    tally.errors.extend(missing_columns(&columns));
    if !tally.errors.is_empty() {
        return Err(AppError::BadRequest("Encabezados incompletos".into()));
    }
    let mut ctx = load_context(conn, company, branch, columns)?;
    for (batch_no, batch) in rows[1..].chunks(BATCH).enumerate() {
        let first_row = 2 + (batch_no * BATCH) as i64;
        let outcome = write_transaction(conn, |conn| {
            import_batch(conn, tenant, job, &mut ctx, batch, first_row)
        });
        // Provisional ids of a batch that was not written.
        ctx.opened.retain(|(product, _)| *product > 0);
        match outcome {
            Ok((c, u, errs)) => {
                tally.created += c;
                tally.updated += u;
                tally.errors.extend(errs);
            }
            Err(e) => tally.errors.push(RowError {
                row: first_row,
                column: String::new(),
                message: format!(
                    "Las filas {first_row} a {} no se guardaron: {}",
                    first_row + batch.len() as i64 - 1,
                    e.public_message()
                ),
            }),
        }
        tally.processed += batch.len() as i64;
        if (batch_no + 1).is_power_of_two()
            && let Err(e) = crate::db::bulk::analyze(conn, GROWING)
        {
            tracing::warn!(
                "no se pudieron actualizar las estadísticas en la importación {job}: {e}"
            );
        }
        tally.errors.truncate(ERRORS_MAX);
        let json = serde_json::to_string(&tally.errors).unwrap_or_else(|_| "[]".into());
        ImportJob::progress(
            conn,
            company,
            job,
            "running",
            tally.processed,
            tally.created,
            tally.updated,
            &json,
        )?;
    }
    Ok(())
}

/// The known columns of the header row, by their position (the first of a repeated name is
/// overwritten by the last).
fn header_columns(header: &Row) -> HashMap<&'static str, usize> {
    let mut columns = HashMap::new();
    for (i, h) in header.iter().enumerate() {
        let key = header_key(h);
        if let Some(c) = COLUMNS.iter().find(|c| **c == key) {
            columns.insert(*c, i);
        }
    }
    columns
}

/// A problem (row 1) for each required column the header lacks.
fn missing_columns(columns: &HashMap<&'static str, usize>) -> Vec<RowError> {
    let mut errors = Vec::new();
    for required in ["codigo", "nombre", "precio"] {
        if !columns.contains_key(required) {
            errors.push(RowError {
                row: 1,
                column: required.into(),
                message: format!("Falta la columna «{required}» en la primera fila"),
            });
        }
    }
    errors
}

/// What the rows are read against: the header's `columns`, the company's categories and the
/// branch's warehouses by folded name, and the branch's default warehouse.
fn load_context(
    conn: &mut DbConnection,
    company: CompanyId,
    branch: i64,
    columns: HashMap<&'static str, usize>,
) -> AppResult<Context> {
    let default_warehouse = Warehouse::default_of(conn, company, branch)?
        .ok_or_else(not_in_table)?
        .id;
    Ok(Context {
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
    })
}

/// One batch of rows in the caller's transaction: each row applied, the batch written, and the
/// opening stock of its products posted.
fn import_batch(
    conn: &mut DbConnection,
    tenant: &Tenant,
    job: i64,
    ctx: &mut Context,
    batch: &[Row],
    first_row: i64,
) -> AppResult<BatchOutcome> {
    let company = tenant.company;
    let (mut c, mut u, mut errs) = (0, 0, Vec::new());
    crate::db::bulk::plan_for_values(conn)?;
    let mut opening = Vec::new();
    let mut saved = load_batch(conn, company, ctx, batch)?;
    for (i, row) in batch.iter().enumerate() {
        match apply_row(
            conn,
            &mut saved,
            company,
            ctx,
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
}
