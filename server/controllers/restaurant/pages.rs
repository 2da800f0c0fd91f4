//! Page loaders of the restaurant area (see `controllers/pages/loaders.rs`).

use crate::controllers::page_loader::Loaders;

/// The restaurant's loaders by route id.
pub const LOADERS: Loaders = &[];
