//! Products (`item`): the catalogue, with their barcodes (several per product, each unique in the
//! company) and, for recipes, their ingredient lines. Prices, quantities and the minimum stock are
//! millionths (`server/domain/money.rs`).

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Text};

use crate::db::list::{ListParams, Page, SortKey, paginate, sorted};
use crate::db::native;
use crate::db::schema::{product_barcodes, products, recipe_lines};
use crate::db::search::fold;
use crate::db::{DbBackend, DbConnection};
use crate::models::CompanyId;
use crate::util::time::now;

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
#[derive(Debug, Clone, Queryable, Selectable)]
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

/// What the inventory service needs of a product: its kind and, for messages, its name (a sale
/// reads these inside the writer's turn, so it reads nothing more).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = products)]
pub struct StockFacts {
    pub id: i64,
    pub name: String,
    pub kind: String,
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
        let of_company = || products::table.filter(products::company_id.eq(company.get()));
        crate::db::bulk::find_each(
            conn,
            || {
                of_company()
                    .filter(products::id.eq_any(ids))
                    .select(native::columns::<StockFacts>())
            },
            ids.iter().map(|&id| {
                of_company()
                    .filter(products::id.eq(id))
                    .select(native::columns::<StockFacts>())
            }),
        )
    }
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

/// Filters of the product list besides the search.
#[derive(Debug, Clone, Default)]
pub struct ProductFilter {
    pub category_id: Option<i64>,
    pub kind: Option<String>,
}

type Query = diesel::dsl::IntoBoxed<
    'static,
    diesel::dsl::Select<products::table, diesel::dsl::AsSelect<Product, DbBackend>>,
    DbBackend,
>;

const SORTS: &[SortKey<Query>] = crate::sort_keys![Query, products::id;
    "name" => products::name,
    "code" => products::code,
    "price" => products::price,
    "createdAt" => products::id,
];

/// What the search matches: code and name, folded like the search term.
fn search_text(f: &ProductFields) -> String {
    fold(&format!("{} {}", f.code, f.name))
}

/// Most products a search may match for the list to go through the trigram index. Each match
/// costs a lookup by id, a few times what checking one entry of the `(company_id, search_text)`
/// index costs, so a term found nearly everywhere ("producto") is faster matched by walking that
/// index.
const INDEXED_MATCHES_MAX: usize = 20_000;

/// How many matches of one trigram [`indexed_search`] counts at most to tell a rare trigram from
/// a common one (a probe reads at most this many entries of the index).
const TRIGRAM_PROBE_MAX: i64 = 5_000;

/// The products whose search text may hold `term` (already folded), found through the trigram
/// index when that is worth it: on SQLite, for a term of at least 3 characters (the index is of
/// trigrams) with at most [`INDEXED_MATCHES_MAX`] candidates. `None`: match by `LIKE`. The
/// candidates are a superset: the list keeps only those whose search text holds the term.
///
/// A phrase query over all the term's trigrams reads the whole list of every trigram in it, and
/// in a catalogue where every name says "marca" the lists of "mar", "arc"… hold every product.
/// So each trigram is counted first, up to [`TRIGRAM_PROBE_MAX`], and the candidates are the
/// products holding the two rarest; only when even the rarest is common does the phrase run.
///
/// The ids are of every company (a SQLite file holds one shop, seldom more): checking the company
/// here would read each candidate once more, and the list reads them anyway.
fn indexed_search(conn: &mut DbConnection, term: &str) -> QueryResult<Option<Vec<i64>>> {
    if !matches!(conn, DbConnection::Sqlite(_)) || term.chars().count() < 3 {
        return Ok(None);
    }
    let chars: Vec<char> = term.chars().collect();
    let mut trigrams: Vec<String> = chars.windows(3).map(|w| w.iter().collect()).collect();
    trigrams.sort_unstable();
    trigrams.dedup();
    let mut counted = Vec::with_capacity(trigrams.len());
    for trigram in trigrams.iter().take(16) {
        if common_trigrams::known(trigram) {
            counted.push((TRIGRAM_PROBE_MAX, trigram));
            continue;
        }
        let found = diesel::sql_query(
            "SELECT count(*) AS id FROM \
             (SELECT 1 FROM products_fts WHERE search_text MATCH ? LIMIT ?)",
        )
        .bind::<Text, _>(fts_phrase(trigram))
        .bind::<BigInt, _>(TRIGRAM_PROBE_MAX)
        .get_result::<MatchedId>(conn)?
        .id;
        if found == 0 {
            return Ok(Some(Vec::new()));
        }
        if found >= TRIGRAM_PROBE_MAX {
            common_trigrams::remember(trigram);
        }
        counted.push((found, trigram));
    }
    counted.sort_unstable();
    // The index moves through the rarest trigram's list and skips ahead in the other's.
    let query = match counted.as_slice() {
        [(n, rarest), (_, second), ..] if *n < TRIGRAM_PROBE_MAX => {
            format!("{} AND {}", fts_phrase(rarest), fts_phrase(second))
        }
        [(n, rarest)] if *n < TRIGRAM_PROBE_MAX => fts_phrase(rarest),
        _ => fts_phrase(term),
    };
    let ids: Vec<i64> =
        diesel::sql_query("SELECT rowid AS id FROM products_fts WHERE search_text MATCH ? LIMIT ?")
            .bind::<Text, _>(query)
            .bind::<BigInt, _>(INDEXED_MATCHES_MAX as i64 + 1)
            .load::<MatchedId>(conn)?
            .into_iter()
            .map(|m| m.id)
            .collect();
    Ok((ids.len() <= INDEXED_MATCHES_MAX).then_some(ids))
}

/// The trigrams a probe found in at least [`TRIGRAM_PROBE_MAX`] products, so that later
/// searches skip their probes, the dearest ones (each reads that many entries of the index):
/// "mar", "pro", "cto" come up in most searches of a catalogue that says "marca" and "producto"
/// everywhere. One set for the process, whatever the database: a trigram wrongly held common
/// (of another file, or rare since) is only left out of the candidates' query, which is then
/// less selective but still finds every product holding the term.
mod common_trigrams {
    use std::collections::BTreeSet;
    use std::sync::Mutex;

    /// Bound of the set; past it, it starts over.
    const MAX: usize = 10_000;
    static COMMON: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());

    pub fn known(trigram: &str) -> bool {
        COMMON.lock().is_ok_and(|set| set.contains(trigram))
    }

    pub fn remember(trigram: &str) {
        if let Ok(mut set) = COMMON.lock() {
            if set.len() >= MAX {
                set.clear();
            }
            set.insert(trigram.to_string());
        }
    }
}

/// `text` as an FTS5 phrase: quoted, which the trigram tokenizer matches as a substring.
fn fts_phrase(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// `products.id` among `ids`, as one JSON array bound to one placeholder (SQLite): an `IN` list
/// of a thousand placeholders took longer to build and prepare than to run.
fn id_among(ids: &[i64]) -> Box<dyn BoxableExpression<products::table, DbBackend, SqlType = Bool>> {
    let list = serde_json::to_string(ids).unwrap_or_else(|_| "[]".into());
    Box::new(
        diesel::dsl::sql::<Bool>("products.id IN (SELECT value FROM json_each(")
            .bind::<Text, _>(list)
            .sql("))"),
    )
}

/// The company condition of a list whose products are found by id ([`id_among`]), written so
/// that SQLite cannot use an index for it (the unary `+`): with the plain condition it walked all
/// the company's products through the `company_id` index and tested each against the ids.
fn company_unindexed(
    company: CompanyId,
) -> Box<dyn BoxableExpression<products::table, DbBackend, SqlType = Bool>> {
    Box::new(diesel::dsl::sql::<Bool>("+products.company_id = ").bind::<BigInt, _>(company.get()))
}

/// Readies the search for a catalogue a bulk import has just changed. SQLite: merges the
/// trigram index into one segment (every insert adds a small segment and FTS5 merges them only
/// little by little, so right after 100,000 inserts a search walks dozens of segments).
/// Both backends refresh the planner's statistics (SQLite all of them, sampled as its
/// `analysis_limit` allows; PostgreSQL those of the tables the import wrote): planned with the
/// figures of an empty catalogue, PostgreSQL's search took 108 ms instead of 12 on 100,000
/// products, and SQLite, with no figures at all, read every product of the company to find ten
/// by id (autovacuum, where it runs at all, gets to it only later).
pub fn refresh_after_import(conn: &mut DbConnection) -> QueryResult<()> {
    use diesel::connection::SimpleConnection;
    match conn {
        DbConnection::Sqlite(c) => {
            c.batch_execute("INSERT INTO products_fts (products_fts) VALUES ('optimize'); ANALYZE;")
        }
        DbConnection::Postgres(c) => {
            c.batch_execute("ANALYZE products, product_barcodes, stocks, kardex, categories")
        }
    }
}

#[derive(QueryableByName)]
struct MatchedId {
    #[diesel(sql_type = BigInt)]
    id: i64,
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
            (Some(term), Some(_)) => indexed_search(conn, &fold(term))?,
            _ => None,
        };
        let filtered = || {
            let mut query: Query = products::table.select(Product::as_select()).into_boxed();
            query = if indexed.is_some() {
                query.filter(company_unindexed(company))
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
                            id_among(ids).and(products::search_text.like(pattern).escape('\\')),
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

    /// Several products of the company (those that exist), by id.
    pub fn find_many(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<Product>> {
        // Without statistics SQLite rated `company_id = ?` as selective as ten ids, and for ten
        // ids read every product of the company (15 ms of 100,000) instead of ten by id.
        products::table
            .filter(company_unindexed(company))
            .filter(products::id.eq_any(ids.to_vec()))
            .order(products::id.asc())
            .select(Product::as_select())
            .load(conn)
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
        let at = now();
        let id = diesel::insert_into(products::table)
            .values((
                products::company_id.eq(company.get()),
                products::code.eq(&f.code),
                products::name.eq(&f.name),
                products::description.eq(&f.description),
                products::category_id.eq(f.category_id),
                products::unit.eq(&f.unit),
                products::iva_code.eq(&f.iva_code),
                products::price.eq(f.price),
                products::price2.eq(f.price2),
                products::price3.eq(f.price3),
                products::min_stock.eq(f.min_stock),
                products::kind.eq(&f.kind),
                products::search_text.eq(search_text(f)),
                products::active.eq(f.active),
                products::locked.eq(false),
                products::created_at.eq(at),
                products::updated_at.eq(at),
            ))
            .returning(products::id)
            .get_result(conn)?;
        Self::save_children(conn, company, id, f)?;
        Ok(id)
    }

    /// Saves the editable fields, barcodes and recipe (0 when it is not the company's).
    pub fn update(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        f: &ProductFields,
    ) -> QueryResult<usize> {
        let n = diesel::update(crate::company_row!(products, company, id))
            .set((
                products::code.eq(&f.code),
                products::name.eq(&f.name),
                products::description.eq(&f.description),
                products::category_id.eq(f.category_id),
                products::unit.eq(&f.unit),
                products::iva_code.eq(&f.iva_code),
                products::price.eq(f.price),
                products::price2.eq(f.price2),
                products::price3.eq(f.price3),
                products::min_stock.eq(f.min_stock),
                products::kind.eq(&f.kind),
                products::search_text.eq(search_text(f)),
                products::active.eq(f.active),
                products::updated_at.eq(now()),
            ))
            .execute(conn)?;
        if n > 0 {
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
            Self::save_children(conn, company, id, f)?;
        }
        Ok(n)
    }

    fn save_children(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        f: &ProductFields,
    ) -> QueryResult<()> {
        for barcode in &f.barcodes {
            diesel::insert_into(product_barcodes::table)
                .values((
                    product_barcodes::company_id.eq(company.get()),
                    product_barcodes::product_id.eq(id),
                    product_barcodes::barcode.eq(barcode),
                ))
                .execute(conn)?;
        }
        for (ingredient, quantity) in &f.recipe {
            diesel::insert_into(recipe_lines::table)
                .values((
                    recipe_lines::company_id.eq(company.get()),
                    recipe_lines::product_id.eq(id),
                    recipe_lines::ingredient_id.eq(ingredient),
                    recipe_lines::quantity.eq(quantity),
                ))
                .execute(conn)?;
        }
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
        diesel::delete(crate::company_row!(products, company, id)).execute(conn)
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
