//! What one batch of an import reads and writes, held in memory so that a batch costs a handful
//! of statements on PostgreSQL whatever its size (a few round trips per row made the import of
//! 100,000 products take two minutes there; [`crate::db::bulk`] runs the same reads and writes as
//! one cached statement per row on SQLite, where a round trip costs nothing).
//!
//! [`Batch::load`] reads at once everything the batch's rows may look up: their products (by
//! code) with barcodes and recipes, and the owners of the barcodes they name. Each row is then
//! validated and saved against this picture, in file order, so a row sees what the rows before it
//! did (a product created by an earlier row of the batch has a provisional negative id until it
//! is written), and [`Batch::flush`] writes it all: the changed products (one upsert, their
//! barcodes replaced), then the new ones (one multi-row `INSERT … RETURNING`, their barcodes in
//! one more), then resolves the opening stock to real ids.
//!
//! Each table is written with one multi-row `INSERT … VALUES` per batch (diesel's `values(&rows)`,
//! one bind per cell), not `COPY` and not `unnest` arrays: what is left on PostgreSQL is what each
//! inserted row costs the server (index entries, the trigram index, foreign key checks), which no
//! statement form avoids. Replaying 40 batches of products in `psql`, `COPY` wrote them about 17 %
//! faster than the multi-row `INSERT` and `unnest` about 7 %; and `COPY` returns no ids (the new
//! products' ids are needed for their barcodes and stock), so it would need the sequence read
//! ahead. Sampling `pg_stat_activity` during the benchmark's import showed the time elsewhere:
//!
//! - the stock rows of the new products written three times (inserted empty, locked, updated):
//!   39 % of the samples; now inserted once with their balance
//!   ([`crate::services::inventory::stock::post_movements_of_new`]);
//! - lookups by code, barcode and id planned on the statistics of nearly empty tables (16 %,
//!   each batch slower than the one before: with autovacuum off, or lagging, PostgreSQL kept
//!   scanning all the company's rows); now the tables are analysed after 1, 2, 4, 8, … batches
//!   ([`crate::db::bulk::analyze`]).
//!
//! Together, for 100,000 rows on PostgreSQL, the build before and after run one after the other
//! on a loaded machine: 107.1 s → 55.8 s, and again 60.7 s → 40.3 s (README, benchmarks).

use std::collections::{HashMap, HashSet};

use diesel::QueryResult;

use crate::db::DbConnection;
use crate::models::CompanyId;
use crate::models::inventory::kardex::KardexRow;
use crate::models::inventory::product::{Product, ProductFields};
use crate::services::inventory::stock::Movement;

/// The batch's products and barcodes as its rows leave them, and what is still to be written.
pub struct Batch {
    company: CompanyId,
    /// Products by code: read from the database or saved by a row of the batch.
    products: HashMap<String, Product>,
    /// Barcodes and recipes by product id (provisional ids included).
    barcodes: HashMap<i64, Vec<String>>,
    recipes: HashMap<i64, Vec<(i64, i64)>>,
    /// Owner of each barcode the batch knows of.
    owners: HashMap<String, i64>,
    /// New products, the provisional id of the `i`-th being `-(i + 1)`.
    new: Vec<ProductFields>,
    /// Changed products by id, in the order first changed.
    changed: Vec<(i64, ProductFields)>,
}

impl Batch {
    /// Reads the products with these codes and the owners of these barcodes (the cells of the
    /// batch's rows; a superset does no harm).
    pub fn load(
        conn: &mut DbConnection,
        company: CompanyId,
        codes: &[String],
        barcodes: &[String],
    ) -> QueryResult<Batch> {
        let found = Product::find_by_codes(conn, company, codes)?;
        let ids: Vec<i64> = found.iter().map(|p| p.id).collect();
        let mut batch = Batch {
            company,
            products: found.into_iter().map(|p| (p.code.clone(), p)).collect(),
            barcodes: ids.iter().map(|id| (*id, Vec::new())).collect(),
            recipes: ids.iter().map(|id| (*id, Vec::new())).collect(),
            owners: Product::barcode_owners(conn, company, barcodes)?
                .into_iter()
                .collect(),
            new: Vec::new(),
            changed: Vec::new(),
        };
        if !ids.is_empty() {
            for (id, barcode) in Product::barcodes_of(conn, company, &ids)? {
                batch.owners.insert(barcode.clone(), id);
                batch.barcodes.entry(id).or_default().push(barcode);
            }
            for (id, line) in Product::recipes_of(conn, company, &ids)? {
                batch.recipes.entry(id).or_default().push(line);
            }
        }
        Ok(batch)
    }

    /// The product with this code, as the rows before left it.
    pub fn find_by_code(&self, code: &str) -> Option<Product> {
        self.products.get(code).cloned()
    }

    /// A product's barcodes, in order.
    pub fn barcodes(&self, id: i64) -> Vec<String> {
        self.barcodes.get(&id).cloned().unwrap_or_default()
    }

    /// A product's recipe lines `(ingredient_id, quantity)`.
    pub fn recipe(&self, id: i64) -> Vec<(i64, i64)> {
        self.recipes.get(&id).cloned().unwrap_or_default()
    }

    /// Which of `barcodes` a product other than `except` has.
    pub fn barcodes_taken(&self, barcodes: &[String], except: Option<i64>) -> Vec<String> {
        barcodes
            .iter()
            .filter(|b| {
                self.owners
                    .get(*b)
                    .is_some_and(|owner| Some(*owner) != except)
            })
            .cloned()
            .collect()
    }

    /// Saves a new product (its code not in the batch yet); returns its provisional id.
    pub fn insert(&mut self, f: &ProductFields) -> i64 {
        let id = -(self.new.len() as i64 + 1);
        let mut product = Product {
            id,
            company_id: self.company.get(),
            ..Product::default()
        };
        product.set_fields(f);
        self.products.insert(f.code.clone(), product);
        self.new.push(f.clone());
        self.take_barcodes(id, f);
        self.recipes.insert(id, f.recipe.clone());
        id
    }

    /// Saves the fields and barcodes of a product of the batch (its recipe stays: the import
    /// never changes one).
    pub fn update(&mut self, id: i64, f: &ProductFields) {
        if let Some(product) = self.products.get_mut(&f.code) {
            product.set_fields(f);
        }
        if id < 0 {
            if let Some(pending) = self.new.get_mut((-id - 1) as usize) {
                *pending = f.clone();
            }
        } else if let Some(pending) = self.changed.iter_mut().find(|(c, _)| *c == id) {
            pending.1 = f.clone();
        } else {
            self.changed.push((id, f.clone()));
        }
        self.take_barcodes(id, f);
    }

    /// Gives product `id` exactly the barcodes of `f`.
    fn take_barcodes(&mut self, id: i64, f: &ProductFields) {
        for old in self.barcodes.remove(&id).unwrap_or_default() {
            if self.owners.get(&old) == Some(&id) {
                self.owners.remove(&old);
            }
        }
        for barcode in &f.barcodes {
            self.owners.insert(barcode.clone(), id);
        }
        self.barcodes.insert(id, f.barcodes.clone());
    }

    /// Writes the batch (inside the caller's transaction), then makes `opening` ready to post:
    /// provisional ids replaced by the new products' ids (in `opened` too), and the movements
    /// of products that already have one in that warehouse left out (opening stock is posted
    /// once). Returns the ids of the products it created (their stock rows cannot exist yet:
    /// [`crate::services::inventory::stock::post_movements_of_new`]).
    pub fn flush(
        self,
        conn: &mut DbConnection,
        opening: &mut Vec<Movement>,
        opened: &mut HashSet<(i64, i64)>,
    ) -> QueryResult<HashSet<i64>> {
        // The changed products first: their old barcodes go before any new product takes one.
        let changed: Vec<(i64, &ProductFields)> =
            self.changed.iter().map(|(id, f)| (*id, f)).collect();
        Product::update_many(conn, self.company, &changed)?;
        let new: Vec<&ProductFields> = self.new.iter().collect();
        let ids = Product::insert_many(conn, self.company, &new)?;
        let real = |id: i64| {
            if id < 0 {
                ids.get((-id - 1) as usize).copied().unwrap_or(id)
            } else {
                id
            }
        };
        let known: Vec<(i64, i64)> = opening
            .iter()
            .filter(|m| m.product_id > 0)
            .map(|m| (m.product_id, m.warehouse_id))
            .collect();
        if !known.is_empty() {
            let moved: HashSet<(i64, i64)> = KardexRow::with_movements(conn, self.company, &known)?
                .into_iter()
                .collect();
            opening.retain(|m| !moved.contains(&(m.product_id, m.warehouse_id)));
        }
        for m in opening.iter_mut() {
            m.product_id = real(m.product_id);
        }
        *opened = opened.drain().map(|(p, w)| (real(p), w)).collect();
        Ok(ids.into_iter().collect())
    }
}
