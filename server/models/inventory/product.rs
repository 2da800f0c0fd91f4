//! Products (`item`): the catalogue, with their barcodes (several per product, each unique in the
//! company) and, for recipes, their ingredient lines. Prices, quantities and the minimum stock are
//! millionths (`server/domain/money.rs`).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::list::{ListParams, Page, SortKey, paginate, sorted};
use crate::db::native;
use crate::db::product_search;
use crate::db::schema::{product_barcodes, products, recipe_lines};
use crate::db::search::fold;
use crate::db::{DbBackend, DbConnection};
use crate::models::CompanyId;
use crate::util::time::now;

/// Readies the search after a bulk import (re-exported: the import calls it from here).
pub use crate::db::product_search::refresh_after_import;

/// What a product is: stocked and sold, a service (never stocked), an ingredient (stocked, not
/// sold at the POS) or a recipe (sold; consumes its ingredients when sold).
pub const KINDS: &[&str] = &["product", "service", "ingredient", "recipe"];

/// Units a product is sold in.
pub const UNITS: &[&str] = &[
    "unidad", "kg", "g", "lb", "litro", "ml", "funda", "caja", "paquete", "docena", "galon",
    "metro", "servicio",
];

/// IVA `codigoPorcentaje` a product may carry (PRODUCT.md §4, the rates in force).
pub const IVA_CODES: &[&str] = &["0", "4", "5", "6", "7", "8", "10"];

/// A product row.
#[derive(Debug, Clone, Default, Queryable, Selectable)]
#[diesel(table_name = products)]
pub struct Product {
    pub id: i64,
    pub company_id: i64,
    pub code: String,
    pub name: String,
    pub description: Option<String>,
    pub category_id: Option<i64>,
    pub unit: String,
    pub iva_code: String,
    pub price: i64,
    pub price2: Option<i64>,
    pub price3: Option<i64>,
    pub min_stock: i64,
    pub kind: String,
    pub search_text: String,
    pub active: bool,
    pub locked: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    /// When the picture last changed (ms), `None` without one (`product_image.rs`).
    pub image_version: Option<i64>,
}

/// The editable fields (with barcodes and recipe lines).
#[derive(Debug, Clone, PartialEq)]
pub struct ProductFields {
    pub code: String,
    pub name: String,
    pub description: Option<String>,
    pub category_id: Option<i64>,
    pub unit: String,
    pub iva_code: String,
    pub price: i64,
    pub price2: Option<i64>,
    pub price3: Option<i64>,
    pub min_stock: i64,
    pub kind: String,
    pub active: bool,
    pub barcodes: Vec<String>,
    /// `(ingredient_id, quantity)`.
    pub recipe: Vec<(i64, i64)>,
}

/// Whether products of `kind` have stock and kardex (everything but services and recipes, whose
/// ingredients are what moves).
pub fn is_stocked_kind(kind: &str) -> bool {
    matches!(kind, "product" | "ingredient")
}

impl Product {
    /// Whether the product has stock and kardex.
    pub fn is_stocked(&self) -> bool {
        is_stocked_kind(&self.kind)
    }
}

/// What the inventory service needs of a product: its kind, for messages its name, and for the
/// report summary of the document the category its kardex rows count under (a sale reads these
/// inside the writer's turn, so it reads nothing more).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = products)]
pub struct StockFacts {
    pub id: i64,
    pub name: String,
    pub kind: String,
    pub category_id: Option<i64>,
}

impl StockFacts {
    /// Whether the product has stock and kardex.
    pub fn is_stocked(&self) -> bool {
        is_stocked_kind(&self.kind)
    }

    /// The facts of the company's products among `ids`, those that exist: all in one statement
    /// or one cached lookup each, whichever the backend runs faster ([`crate::db::bulk`]).
    pub fn of(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<StockFacts>> {
        // One `= ANY` statement on PostgreSQL, one cached statement per key on SQLite.
        let of_company = || {
            products::table
                .filter(products::company_id.eq(company.get()))
                .select(native::columns::<StockFacts>())
        };
        crate::db::bulk::find_each(
            conn,
            || of_company().filter(products::id.eq_any(ids)),
            ids.iter()
                .map(|key| of_company().filter(products::id.eq(key))),
        )
    }
}

/// Filters of the product list besides the search.
#[derive(Debug, Clone, Default)]
pub struct ProductFilter {
    pub category_id: Option<i64>,
    pub kind: Option<String>,
}

type Query = crate::models::ListQuery<products::table, Product>;

const SORTS: &[SortKey<Query>] = &[
    SortKey::by::<products::name, products::id>("name"),
    SortKey::by::<products::code, products::id>("code"),
    SortKey::by::<products::price, products::id>("price"),
    SortKey::by::<products::id, products::id>("createdAt"),
];

/// What the search matches: code and name, folded like the search term.
fn search_text(f: &ProductFields) -> String {
    fold(&format!("{} {}", f.code, f.name))
}

/// A product row as inserted: every column bound, `None` as NULL, so that the SQL is the same for
/// every row (one cached statement on SQLite; one multi-row statement on PostgreSQL).
#[derive(Insertable)]
#[diesel(table_name = products, treat_none_as_default_value = false)]
struct NewProduct<'a> {
    company_id: i64,
    code: &'a str,
    name: &'a str,
    description: Option<&'a str>,
    category_id: Option<i64>,
    unit: &'a str,
    iva_code: &'a str,
    price: i64,
    price2: Option<i64>,
    price3: Option<i64>,
    min_stock: i64,
    kind: &'a str,
    search_text: String,
    active: bool,
    locked: bool,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

impl<'a> NewProduct<'a> {
    fn of(company: CompanyId, f: &'a ProductFields, at: NaiveDateTime) -> Self {
        NewProduct {
            company_id: company.get(),
            code: &f.code,
            name: &f.name,
            description: f.description.as_deref(),
            category_id: f.category_id,
            unit: &f.unit,
            iva_code: &f.iva_code,
            price: f.price,
            price2: f.price2,
            price3: f.price3,
            min_stock: f.min_stock,
            kind: &f.kind,
            search_text: search_text(f),
            active: f.active,
            locked: false,
            created_at: at,
            updated_at: at,
        }
    }
}

/// The editable columns of a product, as an update sets them (`None` sets NULL): owned, so that
/// its type, which fixes the SQL, may key the statement cache ([`native::fixed`]).
#[derive(AsChangeset)]
#[diesel(table_name = products, treat_none_as_null = true)]
struct ProductChanges {
    code: String,
    name: String,
    description: Option<String>,
    category_id: Option<i64>,
    unit: String,
    iva_code: String,
    price: i64,
    price2: Option<i64>,
    price3: Option<i64>,
    min_stock: i64,
    kind: String,
    search_text: String,
    active: bool,
    updated_at: NaiveDateTime,
}

impl ProductChanges {
    fn of(f: &ProductFields, at: NaiveDateTime) -> Self {
        ProductChanges {
            code: f.code.clone(),
            name: f.name.clone(),
            description: f.description.clone(),
            category_id: f.category_id,
            unit: f.unit.clone(),
            iva_code: f.iva_code.clone(),
            price: f.price,
            price2: f.price2,
            price3: f.price3,
            min_stock: f.min_stock,
            kind: f.kind.clone(),
            search_text: search_text(f),
            active: f.active,
            updated_at: at,
        }
    }
}

fn of(company: CompanyId) -> products::BoxedQuery<'static, DbBackend> {
    products::table
        .filter(products::company_id.eq(company.get()))
        .into_boxed()
}

impl Product {
    /// One page of the company's products: the search matches name, code or a barcode (accents
    /// and case ignored).
    pub fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        params: &ListParams,
        filter: &ProductFilter,
    ) -> QueryResult<Page<Product>> {
        let pattern = params.search_pattern();
        let indexed = match (params.search.as_deref(), &pattern) {
            (Some(term), Some(_)) => product_search::candidates(conn, &fold(term))?,
            _ => None,
        };
        let filtered = || {
            let mut query: Query = products::table.select(Product::as_select()).into_boxed();
            query = if indexed.is_some() {
                query.filter(product_search::company_unindexed(company.get()))
            } else {
                query.filter(products::company_id.eq(company.get()))
            };
            if params.only_active {
                query = query.filter(products::active.eq(true));
            }
            if let Some(category) = filter.category_id {
                query = query.filter(products::category_id.eq(category));
            }
            if let Some(kind) = &filter.kind {
                query = query.filter(products::kind.eq(kind.clone()));
            }
            if let Some(pattern) = pattern.clone() {
                let text_matches: Box<dyn BoxableExpression<_, DbBackend, SqlType = _>> =
                    match &indexed {
                        // The index gives candidates: each must still hold the term.
                        Some(ids) => Box::new(
                            product_search::id_among(ids)
                                .and(products::search_text.like(pattern).escape('\\')),
                        ),
                        None => Box::new(products::search_text.like(pattern).escape('\\')),
                    };
                // Digits may be the start of a barcode: a range on the unique index, not a scan.
                let term = params.search.clone().unwrap_or_default();
                if !term.is_empty() && term.bytes().all(|b| b.is_ascii_digit()) {
                    let by_barcode = product_barcodes::table
                        .filter(product_barcodes::company_id.eq(company.get()))
                        .filter(product_barcodes::barcode.ge(term.clone()))
                        .filter(product_barcodes::barcode.lt(format!("{term}:")))
                        .select(product_barcodes::product_id);
                    query = query.filter(text_matches.or(products::id.eq_any(by_barcode)));
                } else {
                    query = query.filter(text_matches);
                }
            }
            query
        };
        if indexed.is_none() {
            return paginate(conn, params, filtered, SORTS);
        }
        // The index chose a bounded set of candidates: one pass reads each of them once, keeps
        // those that match in the list's order, and gives both the total and the page (counting
        // and then reading the page would look every candidate up twice).
        let ordered: Vec<i64> = sorted(filtered(), params, SORTS)
            .select(products::id)
            .load(conn)?;
        let total = ordered.len() as i64;
        let shown: Vec<i64> = ordered
            .into_iter()
            .skip(params.offset() as usize)
            .take(params.limit as usize)
            .collect();
        let mut results = Product::find_many(conn, company, &shown)?;
        results.sort_by_key(|p| shown.iter().position(|id| *id == p.id));
        Ok(Page {
            results,
            total,
            page: params.page,
            limit: params.limit,
        })
    }

    /// One product of the company.
    pub fn find(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Option<Product>> {
        of(company)
            .filter(products::id.eq(id))
            .select(Product::as_select())
            .first(conn)
            .optional()
    }

    /// Several products of the company (those that exist), by id, in the order of their ids:
    /// one statement or one cached lookup each, whichever the backend runs faster
    /// ([`crate::db::bulk`]; a sale prices its lines with it). By id one at a time, SQLite never
    /// rates `company_id = ?` as selective as the ids, as it did for an `IN` list without
    /// statistics, reading every product of the company (15 ms of 100,000) instead of ten by
    /// id; and PostgreSQL's `= ANY` keeps the statement prepared.
    pub fn find_many(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<Product>> {
        let mut ids = ids.to_vec();
        ids.sort_unstable();
        ids.dedup();
        // One `= ANY` statement on PostgreSQL, one cached statement per key on SQLite.
        let of_company = || {
            products::table
                .filter(products::company_id.eq(company.get()))
                .select(native::columns::<Product>())
        };
        crate::db::bulk::find_each(
            conn,
            || {
                of_company()
                    .filter(products::id.eq_any(ids.as_slice()))
                    .order(products::id.asc())
            },
            ids.iter().map(|key| {
                of_company()
                    .filter(products::id.eq(key))
                    .order(products::id.asc())
            }),
        )
    }

    /// The product of the company with this code.
    pub fn find_by_code(
        conn: &mut DbConnection,
        company: CompanyId,
        code: &str,
    ) -> QueryResult<Option<Product>> {
        of(company)
            .filter(products::code.eq(code.to_string()))
            .select(Product::as_select())
            .first(conn)
            .optional()
    }

    /// The company's products with these codes (those that exist): in one statement on
    /// PostgreSQL, one cached lookup each on SQLite ([`crate::db::bulk::find_each`]).
    pub fn find_by_codes(
        conn: &mut DbConnection,
        company: CompanyId,
        codes: &[String],
    ) -> QueryResult<Vec<Product>> {
        // One `= ANY` statement on PostgreSQL, one cached statement per key on SQLite.
        let of_company = || {
            products::table
                .filter(products::company_id.eq(company.get()))
                .select(native::columns::<Product>())
        };
        crate::db::bulk::find_each(
            conn,
            || of_company().filter(products::code.eq_any(codes)),
            codes
                .iter()
                .map(|key| of_company().filter(products::code.eq(key))),
        )
    }

    /// The barcodes of several products, `(product_id, barcode)`, each product's in the order
    /// they were given.
    pub fn barcodes_of(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<(i64, String)>> {
        // One `= ANY` statement on PostgreSQL, one cached statement per key on SQLite.
        let of_company = || {
            product_barcodes::table
                .filter(product_barcodes::company_id.eq(company.get()))
                .select((product_barcodes::product_id, product_barcodes::barcode))
        };
        crate::db::bulk::load_each(
            conn,
            || {
                of_company()
                    .filter(product_barcodes::product_id.eq_any(ids))
                    .order(product_barcodes::id.asc())
            },
            ids.iter().map(|key| {
                of_company()
                    .filter(product_barcodes::product_id.eq(key))
                    .order(product_barcodes::id.asc())
            }),
        )
    }

    /// The recipe lines of several products, `(product_id, (ingredient_id, quantity))`, each
    /// product's in order.
    pub fn recipes_of(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<(i64, (i64, i64))>> {
        // One `= ANY` statement on PostgreSQL, one cached statement per key on SQLite.
        let of_company = || {
            recipe_lines::table
                .filter(recipe_lines::company_id.eq(company.get()))
                .select((
                    recipe_lines::product_id,
                    (recipe_lines::ingredient_id, recipe_lines::quantity),
                ))
        };
        crate::db::bulk::load_each(
            conn,
            || {
                of_company()
                    .filter(recipe_lines::product_id.eq_any(ids))
                    .order(recipe_lines::id.asc())
            },
            ids.iter().map(|key| {
                of_company()
                    .filter(recipe_lines::product_id.eq(key))
                    .order(recipe_lines::id.asc())
            }),
        )
    }

    /// Which product of the company has each of `barcodes`, `(barcode, product_id)`, for those
    /// some product has.
    pub fn barcode_owners(
        conn: &mut DbConnection,
        company: CompanyId,
        barcodes: &[String],
    ) -> QueryResult<Vec<(String, i64)>> {
        // One `= ANY` statement on PostgreSQL, one cached statement per key on SQLite.
        let of_company = || {
            product_barcodes::table
                .filter(product_barcodes::company_id.eq(company.get()))
                .select((product_barcodes::barcode, product_barcodes::product_id))
        };
        crate::db::bulk::find_each(
            conn,
            || of_company().filter(product_barcodes::barcode.eq_any(barcodes)),
            barcodes
                .iter()
                .map(|key| of_company().filter(product_barcodes::barcode.eq(key))),
        )
    }

    /// Puts the editable fields of `f` on the row (its barcodes and recipe live elsewhere), as
    /// saving them would: a bulk import reads the rows it has not written yet this way.
    pub fn set_fields(&mut self, f: &ProductFields) {
        self.code = f.code.clone();
        self.name = f.name.clone();
        self.description = f.description.clone();
        self.category_id = f.category_id;
        self.unit = f.unit.clone();
        self.iva_code = f.iva_code.clone();
        self.price = f.price;
        self.price2 = f.price2;
        self.price3 = f.price3;
        self.min_stock = f.min_stock;
        self.kind = f.kind.clone();
        self.search_text = search_text(f);
        self.active = f.active;
    }

    /// The product of the company with this barcode.
    pub fn find_by_barcode(
        conn: &mut DbConnection,
        company: CompanyId,
        barcode: &str,
    ) -> QueryResult<Option<Product>> {
        let id = product_barcodes::table
            .filter(product_barcodes::company_id.eq(company.get()))
            .filter(product_barcodes::barcode.eq(barcode.to_string()))
            .select(product_barcodes::product_id)
            .first::<i64>(conn)
            .optional()?;
        match id {
            Some(id) => Self::find(conn, company, id),
            None => Ok(None),
        }
    }

    /// The barcodes of a product, in the order they were given.
    pub fn barcodes(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Vec<String>> {
        product_barcodes::table
            .filter(product_barcodes::company_id.eq(company.get()))
            .filter(product_barcodes::product_id.eq(id))
            .order(product_barcodes::id.asc())
            .select(product_barcodes::barcode)
            .load(conn)
    }

    /// The recipe lines of a product: `(ingredient_id, quantity)`.
    pub fn recipe(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Vec<(i64, i64)>> {
        recipe_lines::table
            .filter(recipe_lines::company_id.eq(company.get()))
            .filter(recipe_lines::product_id.eq(id))
            .order(recipe_lines::id.asc())
            .select((recipe_lines::ingredient_id, recipe_lines::quantity))
            .load(conn)
    }

    /// Which of `barcodes` another product of the company already has.
    pub fn barcodes_taken(
        conn: &mut DbConnection,
        company: CompanyId,
        barcodes: &[String],
        except: Option<i64>,
    ) -> QueryResult<Vec<String>> {
        // One lookup per barcode on the unique (company_id, barcode) index: with `barcode IN
        // (…)` PostgreSQL's plan, made once for the prepared statement while the table was
        // small, read every barcode of the company, and an import of 100,000 rows slowed down
        // row after row.
        let mut taken = Vec::new();
        for code in barcodes {
            let owner = product_barcodes::table
                .filter(product_barcodes::company_id.eq(company.get()))
                .filter(product_barcodes::barcode.eq(code))
                .select(product_barcodes::product_id);
            let owner: Option<i64> = native::first(conn, owner).optional()?;
            if owner.is_some_and(|owner| Some(owner) != except) {
                taken.push(code.clone());
            }
        }
        Ok(taken)
    }

    /// Inserts with its barcodes and recipe; returns the new id.
    pub fn insert(
        conn: &mut DbConnection,
        company: CompanyId,
        f: &ProductFields,
    ) -> QueryResult<i64> {
        Self::insert_many(conn, company, &[f])?
            .into_iter()
            .next()
            .ok_or(diesel::result::Error::NotFound)
    }

    /// Inserts several products (codes unique among them) with their barcodes and recipes;
    /// returns their ids in the order given. A handful of statements for all of them on
    /// PostgreSQL, one cached statement per row on SQLite ([`crate::db::bulk`]).
    pub fn insert_many(
        conn: &mut DbConnection,
        company: CompanyId,
        list: &[&ProductFields],
    ) -> QueryResult<Vec<i64>> {
        if list.is_empty() {
            return Ok(Vec::new());
        }
        let at = now();
        let rows: Vec<NewProduct> = list
            .iter()
            .map(|f| NewProduct::of(company, f, at))
            .collect();
        let ids = crate::db::bulk::insert_ids(
            conn,
            list.iter().map(|f| f.code.clone()),
            || {
                diesel::insert_into(products::table)
                    .values(&rows)
                    .returning((products::code, products::id))
            },
            rows.iter().map(|row| {
                diesel::insert_into(products::table)
                    .values(row)
                    .returning(products::id)
            }),
        )?;
        let saved: Vec<(i64, &ProductFields)> =
            ids.iter().copied().zip(list.iter().copied()).collect();
        Self::insert_barcodes(conn, company, &saved)?;
        Self::insert_recipes(conn, company, &saved)?;
        Ok(ids)
    }

    /// Saves the editable fields and barcodes of several of the company's products, found by
    /// their codes (unique among them, unchanged), leaving their recipes as they are: what a bulk
    /// import changes, a handful of statements for all of them on PostgreSQL (the fields in one
    /// upsert on the unique `(company_id, code)`), one cached statement per row on SQLite.
    pub fn update_many(
        conn: &mut DbConnection,
        company: CompanyId,
        list: &[(i64, &ProductFields)],
    ) -> QueryResult<()> {
        use diesel::upsert::excluded;
        if list.is_empty() {
            return Ok(());
        }
        let at = now();
        let rows: Vec<NewProduct> = list
            .iter()
            .map(|(_, f)| NewProduct::of(company, f, at))
            .collect();
        crate::db::bulk::execute(
            conn,
            || {
                diesel::insert_into(products::table)
                    .values(&rows)
                    .on_conflict((products::company_id, products::code))
                    .do_update()
                    .set((
                        products::name.eq(excluded(products::name)),
                        products::description.eq(excluded(products::description)),
                        products::category_id.eq(excluded(products::category_id)),
                        products::unit.eq(excluded(products::unit)),
                        products::iva_code.eq(excluded(products::iva_code)),
                        products::price.eq(excluded(products::price)),
                        products::price2.eq(excluded(products::price2)),
                        products::price3.eq(excluded(products::price3)),
                        products::min_stock.eq(excluded(products::min_stock)),
                        products::kind.eq(excluded(products::kind)),
                        products::search_text.eq(excluded(products::search_text)),
                        products::active.eq(excluded(products::active)),
                        products::updated_at.eq(excluded(products::updated_at)),
                    ))
            },
            list.iter().map(|(id, f)| {
                native::fixed(
                    diesel::update(
                        products::table
                            .filter(products::company_id.eq(company.get()))
                            .filter(products::id.eq(*id)),
                    )
                    .set(ProductChanges::of(f, at)),
                )
            }),
        )?;
        let ids: Vec<i64> = list.iter().map(|(id, _)| *id).collect();
        crate::db::bulk::execute(
            conn,
            || {
                diesel::delete(
                    product_barcodes::table
                        .filter(product_barcodes::company_id.eq(company.get()))
                        .filter(product_barcodes::product_id.eq_any(&ids)),
                )
            },
            ids.iter().map(|id| {
                diesel::delete(
                    product_barcodes::table
                        .filter(product_barcodes::company_id.eq(company.get()))
                        .filter(product_barcodes::product_id.eq(*id)),
                )
            }),
        )?;
        Self::insert_barcodes(conn, company, list)
    }

    /// Saves the editable fields, barcodes and recipe (0 when it is not the company's).
    pub fn update(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        f: &ProductFields,
    ) -> QueryResult<usize> {
        let n = diesel::update(crate::company_row!(products, company, id))
            .set(ProductChanges::of(f, now()))
            .execute(conn)?;
        if n > 0 {
            Self::delete_barcodes_and_recipe(conn, company, id)?;
            Self::insert_barcodes(conn, company, &[(id, f)])?;
            Self::insert_recipes(conn, company, &[(id, f)])?;
        }
        Ok(n)
    }

    /// Inserts the barcodes of `list` (product id and fields).
    fn insert_barcodes(
        conn: &mut DbConnection,
        company: CompanyId,
        list: &[(i64, &ProductFields)],
    ) -> QueryResult<()> {
        let rows: Vec<_> = list
            .iter()
            .flat_map(|(id, f)| {
                f.barcodes.iter().map(move |barcode| {
                    (
                        product_barcodes::company_id.eq(company.get()),
                        product_barcodes::product_id.eq(*id),
                        product_barcodes::barcode.eq(barcode),
                    )
                })
            })
            .collect();
        if rows.is_empty() {
            return Ok(());
        }
        crate::db::bulk::execute(
            conn,
            || diesel::insert_into(product_barcodes::table).values(rows.clone()),
            rows.iter()
                .map(|row| diesel::insert_into(product_barcodes::table).values(*row)),
        )?;
        Ok(())
    }

    /// Inserts the recipe lines of `list` (product id and fields).
    fn insert_recipes(
        conn: &mut DbConnection,
        company: CompanyId,
        list: &[(i64, &ProductFields)],
    ) -> QueryResult<()> {
        let rows: Vec<_> = list
            .iter()
            .flat_map(|(id, f)| {
                f.recipe.iter().map(move |(ingredient, quantity)| {
                    (
                        recipe_lines::company_id.eq(company.get()),
                        recipe_lines::product_id.eq(*id),
                        recipe_lines::ingredient_id.eq(*ingredient),
                        recipe_lines::quantity.eq(*quantity),
                    )
                })
            })
            .collect();
        if rows.is_empty() {
            return Ok(());
        }
        crate::db::bulk::execute(
            conn,
            || diesel::insert_into(recipe_lines::table).values(rows.clone()),
            rows.iter()
                .map(|row| diesel::insert_into(recipe_lines::table).values(*row)),
        )?;
        Ok(())
    }

    /// Sets the lock.
    pub fn set_locked(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        locked: bool,
    ) -> QueryResult<usize> {
        diesel::update(crate::company_row!(products, company, id))
            .set((products::locked.eq(locked), products::updated_at.eq(now())))
            .execute(conn)
    }

    /// Deletes (the caller refuses products with movements or used in recipes).
    pub fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<usize> {
        Self::delete_barcodes_and_recipe(conn, company, id)?;
        diesel::delete(crate::company_row!(products, company, id)).execute(conn)
    }

    /// Deletes the barcodes and the recipe lines of product `id` (an update writes them anew).
    fn delete_barcodes_and_recipe(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<()> {
        diesel::delete(
            product_barcodes::table
                .filter(product_barcodes::company_id.eq(company.get()))
                .filter(product_barcodes::product_id.eq(id)),
        )
        .execute(conn)?;
        diesel::delete(
            recipe_lines::table
                .filter(recipe_lines::company_id.eq(company.get()))
                .filter(recipe_lines::product_id.eq(id)),
        )
        .execute(conn)?;
        Ok(())
    }

    /// How many recipes of the company use `id` as an ingredient.
    pub fn used_in_recipes(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<i64> {
        recipe_lines::table
            .filter(recipe_lines::company_id.eq(company.get()))
            .filter(recipe_lines::ingredient_id.eq(id))
            .count()
            .get_result(conn)
    }

    /// How many active products the company has (hub).
    pub fn count_active(conn: &mut DbConnection, company: CompanyId) -> QueryResult<i64> {
        of(company)
            .filter(products::active.eq(true))
            .count()
            .get_result(conn)
    }
}
