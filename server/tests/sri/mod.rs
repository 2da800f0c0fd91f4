//! The SRI engine: its command line as the real binary, and the durable queue with its worker
//! against the SRI stand-in over HTTP on a real database.

mod cli;
mod queue;
mod ride;
pub(crate) mod support;
mod workers;

/// The engine's own test PKI (certificates made with the `openssl` command line at test time),
/// compiled here too so that one generator makes every test certificate. Not every kind of
/// certificate it makes is used by these tests.
#[allow(dead_code)]
#[path = "../../sri/testpki.rs"]
pub(crate) mod testpki;

/// The path `testpki` uses (`super::sign`) inside the library, pointing at the same module.
mod sign {
    pub use mostrador::sri::sign::SigningIdentity;
}
