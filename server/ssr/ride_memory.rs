//! This server's copy of cached RIDE pages, in memory, in front of the shared `ride_cache` table.
//!
//! Why a per-server copy is safe: a page is stored only for an AUTORIZADO document, which never
//! changes, and each copy carries the full key of the shared cache — template version (UI build and
//! RIDE data version) and the company's stamp (its logo) — so a copy is served only while that key
//! is still the current one, checked on every request. It is not state another server needs: a
//! server without the copy reads the shared table (or renders) and gets the same bytes. Access is
//! never cached: every request is checked (session, company of the document, route type) before a
//! copy is served, and a copy records its company so another company's user falls through to the
//! loader's 404.
//!
//! The pages are held as [`Bytes`], so serving one hands the same buffer to the response without
//! copying it. The copy is bounded by bytes (`MEMORY_BYTES`) with quick_cache's eviction.
//!
//! The company's stamp (its logo's last change, part of the key) read from the database is
//! trusted for [`STAMP_FRESH`], so a request served from memory costs the session check and no
//! other query: a new logo shows on every server's cached RIDEs within that second (the document,
//! its number and amounts never change, and access is checked on every request regardless).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::HeaderValue;
use quick_cache::Weighter;
use quick_cache::sync::Cache;
use sha2::{Digest, Sha256};

use crate::models::CompanyId;

/// How long a company's stamp read from the database is trusted by this server.
pub const STAMP_FRESH: Duration = Duration::from_secs(1);

/// At most this many bytes of pages in memory (about 500 A4 RIDEs of 20 lines).
const MEMORY_BYTES: u64 = 64 * 1024 * 1024;
/// Rough number of pages, for the table's first size.
const ESTIMATED_PAGES: usize = 512;

/// Which page: a printable route of a document (by route id and document id), or the public RIDE
/// of a clave de acceso.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PageKey {
    Printable { route: &'static str, document: i64 },
    Public { access_key: String },
}

/// A rendered page of an authorized document and the key it was cached under.
#[derive(Debug)]
pub struct CachedPage {
    /// The document's company: only its users are served this copy.
    pub company: CompanyId,
    /// The cache key's version (template version `+` company stamp) the page was rendered with.
    pub version: String,
    /// The complete HTML document.
    pub body: Bytes,
    /// Strong validator of the page: a digest of its cache key (same key, same bytes).
    pub etag: HeaderValue,
}

impl CachedPage {
    pub fn new(
        company: CompanyId,
        access_key: &str,
        format: &str,
        version: String,
        body: Bytes,
    ) -> CachedPage {
        let etag = etag(access_key, format, &version);
        CachedPage {
            company,
            version,
            body,
            etag,
        }
    }
}

/// `"r-<hex>"`: the first 16 bytes of SHA-256 over the page's cache key. The key determines the
/// bytes (immutable document, same template, same logo), so equal tags mean equal pages.
pub fn etag(access_key: &str, format: &str, version: &str) -> HeaderValue {
    let digest = Sha256::digest(format!("{access_key}\n{format}\n{version}").as_bytes());
    let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    HeaderValue::from_str(&format!("\"r-{hex}\"")).unwrap_or(HeaderValue::from_static("\"r\""))
}

#[derive(Clone)]
struct ByBytes;

impl Weighter<PageKey, Arc<CachedPage>> for ByBytes {
    fn weight(&self, _key: &PageKey, page: &Arc<CachedPage>) -> u64 {
        page.body.len() as u64 + 256
    }
}

/// The in-memory copies (one per app server, held by its state: `app::App`).
pub struct RideMemory {
    pages: Cache<PageKey, Arc<CachedPage>, ByBytes>,
    /// Each company's stamp and when it was read.
    stamps: Mutex<HashMap<CompanyId, (i64, Instant)>>,
}

impl Default for RideMemory {
    fn default() -> Self {
        RideMemory {
            pages: Cache::with_weighter(ESTIMATED_PAGES, MEMORY_BYTES, ByBytes),
            stamps: Mutex::default(),
        }
    }
}

impl RideMemory {
    pub fn get(&self, key: &PageKey) -> Option<Arc<CachedPage>> {
        self.pages.get(key)
    }

    pub fn insert(&self, key: PageKey, page: Arc<CachedPage>) {
        self.pages.insert(key, page);
    }

    /// The company's stamp if it was read less than [`STAMP_FRESH`] ago.
    pub fn fresh_stamp(&self, company: CompanyId) -> Option<i64> {
        let stamps = self.stamps.lock().ok()?;
        stamps
            .get(&company)
            .filter(|(_, read)| read.elapsed() < STAMP_FRESH)
            .map(|(stamp, _)| *stamp)
    }

    /// Notes the company's stamp just read from the database.
    pub fn note_stamp(&self, company: CompanyId, stamp: i64) {
        if let Ok(mut stamps) = self.stamps.lock() {
            stamps.insert(company, (stamp, Instant::now()));
        }
    }

    /// Forgets every copy and stamp (the tests use it to read the database again).
    pub fn clear(&self) {
        self.pages.clear();
        if let Ok(mut stamps) = self.stamps.lock() {
            stamps.clear();
        }
    }
}
