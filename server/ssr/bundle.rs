//! What the build embedded from `ui/`: the engine bundle, the client assets, the manifest and the
//! route table (see build.rs and ssr-bundle/build.mjs).

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;

/// The engine bundle (one IIFE).
pub const SERVER_JS: &str = include_str!(concat!(env!("OUT_DIR"), "/ui/server.js"));
const MANIFEST_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/ui/manifest.json"));
/// The route table as the UI defines it.
pub const ROUTES_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/ui/routes.json"));

/// A public file, with its precompressed variants.
#[derive(Debug)]
pub struct Asset {
    /// Path under the site root, e.g. `assets/app-ABC.css`.
    pub path: &'static str,
    pub content_type: &'static str,
    pub body: &'static [u8],
    pub gzip: Option<&'static [u8]>,
    pub brotli: Option<&'static [u8]>,
}

/// Every embedded public file.
pub static ASSETS: &[Asset] = include!(concat!(env!("OUT_DIR"), "/ui/assets.rs"));

/// Looks an asset up by its path (`assets/…`).
pub fn asset(path: &str) -> Option<&'static Asset> {
    static INDEX: OnceLock<HashMap<&'static str, &'static Asset>> = OnceLock::new();
    INDEX
        .get_or_init(|| ASSETS.iter().map(|a| (a.path, a)).collect())
        .get(path)
        .copied()
}

/// A client chunk and the chunks it imports.
#[derive(Debug, Deserialize)]
pub struct Chunk {
    pub file: String,
    pub imports: Vec<String>,
}

/// Which files a page needs.
#[derive(Debug, Deserialize)]
pub struct Manifest {
    pub entry: Chunk,
    /// The printouts' only script (`ui/src/print.ts`): their «Imprimir» button.
    pub print: Chunk,
    pub css: Vec<String>,
    pub pages: HashMap<String, Chunk>,
}

/// The parsed manifest.
#[allow(
    clippy::expect_used,
    reason = "the manifest is embedded by build.rs from the bundle it built: it parses or the build is broken"
)]
pub fn manifest() -> &'static Manifest {
    static MANIFEST: OnceLock<Manifest> = OnceLock::new();
    MANIFEST.get_or_init(|| {
        serde_json::from_str(MANIFEST_JSON).expect("manifest.json generado por build.mjs")
    })
}

/// Id of this build of the UI: `MOSTRADOR_BUILD_ID` when set (deployments that name their
/// releases, and the tests), otherwise derived from the content-hashed asset names, so it changes
/// exactly when the assets do. Pages carry it and the browser polls `GET /api/build`; a different
/// answer means a new version is running.
pub fn build_id() -> &'static str {
    static ID: OnceLock<String> = OnceLock::new();
    ID.get_or_init(|| {
        std::env::var("MOSTRADOR_BUILD_ID")
            .ok()
            .map(|id| id.trim().to_string())
            .filter(|id| {
                !id.is_empty()
                    && id.len() <= 64
                    && id
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
            })
            .unwrap_or_else(|| {
                use sha2::{Digest, Sha256};
                let m = manifest();
                let digest = Sha256::digest(format!("{}|{}", m.entry.file, m.css.join("|")));
                digest.iter().take(6).map(|b| format!("{b:02x}")).collect()
            })
    })
}
