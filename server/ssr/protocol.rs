//! The two JSON shapes exchanged with the bundle's `render` (ssr-bundle/src/entry.server.tsx).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// What the engine is asked to render.
#[derive(Debug, Serialize)]
pub struct RenderInput<'a> {
    /// Absolute URL of the page (the host is irrelevant; routing uses path and query).
    pub url: &'a str,
    /// Loader data per route id, loaded by the server.
    pub data: &'a Map<String, Value>,
}

/// What the engine answers.
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum RenderOutput {
    /// A route asked for a redirect.
    Redirect { status: u16, location: String },
    /// A rendered page: the `#root` markup and the hydration data (JSON text).
    Page {
        status: u16,
        html: String,
        hydration: String,
        title: Option<String>,
    },
}
