//! Server-side rendering of the React app in an embedded JavaScript engine.
//!
//! `engine.rs` is the interface to the two engines and the only way in: `quickjs.rs` (always
//! built) and `v8/` (V8 from Debian's libnode, with its C++ shim; built when build.rs finds
//! libnode). Nothing outside this folder knows about JavaScript engines. `pool.rs` runs engines
//! on their own threads; `routes.rs` matches URLs against the UI's route table; `document.rs`
//! wraps a render in the HTML shell; `bundle.rs` holds what the build embedded; `protocol.rs` the
//! JSON exchanged with `render`; `ride_memory.rs` this server's copy of rendered RIDE pages.

pub mod bundle;
pub mod document;
pub mod engine;
pub mod error;
pub mod pool;
pub mod protocol;
mod quickjs;
pub mod ride_memory;
pub mod routes;
#[cfg(mostrador_v8)]
mod v8;

pub use engine::EngineKind;
pub use error::SsrError;
pub use pool::{PoolConfig, SsrPool};
