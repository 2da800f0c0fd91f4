//! Unguessable tokens and their stored digests.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

/// 32 random bytes from the OS, URL-safe base64 (43 characters).
#[allow(
    clippy::expect_used,
    reason = "without the OS's random source no session can be made safe: stopping is the answer"
)]
pub fn token() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the operating system's random source failed");
    URL_SAFE_NO_PAD.encode(bytes)
}

/// SHA-256 of a token, hex. Only this is stored, so a copy of the database grants nothing.
pub fn digest(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
