//! Server-side rendering of the React app in an embedded JavaScript engine.
//!
//! `engine.rs` is the only file that knows the engine; `pool.rs` runs engines on their own threads;
//! `routes.rs` matches URLs against the UI's route table; `document.rs` wraps a render in the HTML
//! shell; `bundle.rs` holds what the build embedded; `protocol.rs` the JSON exchanged with `render`.

pub mod bundle;
pub mod document;
pub mod engine;
pub mod error;
pub mod pool;
pub mod protocol;
pub mod routes;

pub use error::SsrError;
pub use pool::{PoolConfig, SsrPool};
