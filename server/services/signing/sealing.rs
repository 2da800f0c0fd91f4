//! Encryption at rest of the companies' signing certificates.
//!
//! Why: a company's .p12 and its password are enough to sign tax documents in its name, so a
//! copy of the database (a backup, a stolen disk, a read-only SQL injection) must not be enough
//! to use them. They are stored only as ciphertexts; the key lives outside the database, derived
//! from `MOSTRADOR_SECRET` in the server's environment ([`crate::config::Config::secret`]).
//!
//! How: AES-256-GCM (an AEAD: a changed byte, a wrong key or a ciphertext moved to another row
//! fails to decrypt instead of yielding garbage) through OpenSSL, which the SRI engine already
//! links. The 256-bit key is HKDF-SHA256 of the secret with a fixed salt and a purpose label, so
//! the same secret could key other uses without them sharing a key. Each value gets its own
//! random 96-bit nonce (stored beside it); the 16-byte tag is appended to the ciphertext. The
//! associated data binds each ciphertext to its company and its field (`p12` / `password`), so
//! swapping ciphertexts between companies or between the two columns is detected.
//!
//! The key of the running server is installed once at start-up ([`install`]) because signing
//! happens deep inside services that only hold a database connection; it never leaves this
//! module and is never logged (its `Debug` hides it).

use std::sync::RwLock;

use openssl::md::Md;
use openssl::pkey::Id;
use openssl::pkey_ctx::PkeyCtx;
use openssl::symm::{Cipher, decrypt_aead, encrypt_aead};

use crate::config::Secret;

/// Length of the GCM nonce (the size GCM is designed for).
pub const NONCE_LEN: usize = 12;
/// Length of the GCM authentication tag appended to each ciphertext.
const TAG_LEN: usize = 16;
/// HKDF salt: fixed, public; it only separates this application's keys from other uses of a
/// secret someone may have reused.
const SALT: &[u8] = b"mostrador/ebilling";
/// HKDF info: what the derived key is for.
const INFO: &[u8] = b"company-certificates/aes-256-gcm/v1";

/// The key that seals the certificates.
#[derive(Clone)]
pub struct SealingKey([u8; 32]);

impl std::fmt::Debug for SealingKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SealingKey(…)")
    }
}

/// A sealed value: ciphertext (with its tag) and the nonce it was sealed with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sealed {
    pub ciphertext: Vec<u8>,
    pub nonce: Vec<u8>,
}

/// Why a value could not be sealed or opened (no detail: nothing about keys is worth showing).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SealError {
    #[error("no se pudo cifrar el dato")]
    Seal,
    #[error(
        "no se pudo descifrar el dato: MOSTRADOR_SECRET no es el que lo cifró, o el dato fue alterado"
    )]
    Open,
}

/// A 32-byte key for one purpose (`info`, e.g. `company-certificates/aes-256-gcm/v1`) derived from
/// the server's secret with HKDF-SHA256: every key of the e-billing area comes from here, so one
/// secret serves them all and no two purposes share a key.
pub fn derive_key(secret: &Secret, info: &[u8]) -> Result<[u8; 32], openssl::error::ErrorStack> {
    let mut ctx = PkeyCtx::new_id(Id::HKDF)?;
    ctx.derive_init()?;
    ctx.set_hkdf_md(Md::sha256())?;
    ctx.set_hkdf_key(secret.expose())?;
    ctx.set_hkdf_salt(SALT)?;
    ctx.add_hkdf_info(info)?;
    let mut key = [0u8; 32];
    ctx.derive(Some(&mut key))?;
    Ok(key)
}

impl SealingKey {
    /// Derives the key from the server's secret (HKDF-SHA256).
    pub fn derive(secret: &Secret) -> Result<SealingKey, SealError> {
        derive_key(secret, INFO)
            .map(SealingKey)
            .map_err(|_| SealError::Seal)
    }

    /// Encrypts `plain`, bound to `context` (company and field).
    pub fn seal(&self, context: &[u8], plain: &[u8]) -> Result<Sealed, SealError> {
        let mut nonce = vec![0u8; NONCE_LEN];
        openssl::rand::rand_bytes(&mut nonce).map_err(|_| SealError::Seal)?;
        let mut tag = [0u8; TAG_LEN];
        let mut ciphertext = encrypt_aead(
            Cipher::aes_256_gcm(),
            &self.0,
            Some(&nonce),
            context,
            plain,
            &mut tag,
        )
        .map_err(|_| SealError::Seal)?;
        ciphertext.extend_from_slice(&tag);
        Ok(Sealed { ciphertext, nonce })
    }

    /// Decrypts and authenticates a sealed value; fails on a wrong key, a wrong context or any
    /// changed byte.
    pub fn open(&self, context: &[u8], sealed: &Sealed) -> Result<Vec<u8>, SealError> {
        if sealed.nonce.len() != NONCE_LEN || sealed.ciphertext.len() < TAG_LEN {
            return Err(SealError::Open);
        }
        let (data, tag) = sealed
            .ciphertext
            .split_at(sealed.ciphertext.len() - TAG_LEN);
        decrypt_aead(
            Cipher::aes_256_gcm(),
            &self.0,
            Some(&sealed.nonce),
            context,
            data,
            tag,
        )
        .map_err(|_| SealError::Open)
    }
}

/// The key of the running server (`None` without `MOSTRADOR_SECRET`).
static KEY: RwLock<Option<SealingKey>> = RwLock::new(None);

/// Installs the key derived from the configured secret. Called at start-up
/// (`server::build_state_with`); a configuration without a secret leaves an installed key in
/// place (several app states in one process — the tests — share one secret).
pub fn install(secret: Option<&Secret>) -> Result<(), SealError> {
    let Some(secret) = secret else {
        return Ok(());
    };
    let key = SealingKey::derive(secret)?;
    let mut slot = KEY.write().unwrap_or_else(|poisoned| poisoned.into_inner());
    *slot = Some(key);
    Ok(())
}

/// The installed key, if the server has a secret.
pub fn installed() -> Option<SealingKey> {
    KEY.read()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(secret: &str) -> SealingKey {
        SealingKey::derive(&Secret::new(secret).unwrap()).unwrap()
    }

    #[test]
    fn roundtrip() {
        let k = key("una clave de prueba bastante larga");
        let sealed = k.seal(b"1:p12", b"contenido del p12").unwrap();
        assert_ne!(sealed.ciphertext, b"contenido del p12".to_vec());
        assert_eq!(sealed.nonce.len(), NONCE_LEN);
        assert_eq!(k.open(b"1:p12", &sealed).unwrap(), b"contenido del p12");
        // A fresh nonce each time: the same value never gives the same ciphertext.
        let again = k.seal(b"1:p12", b"contenido del p12").unwrap();
        assert_ne!(again.ciphertext, sealed.ciphertext);
    }

    #[test]
    fn derivation_is_stable_and_secret_dependent() {
        let a = key("una clave de prueba bastante larga");
        let b = key("una clave de prueba bastante larga");
        assert_eq!(a.0, b.0);
        assert_ne!(a.0, key("otra clave de prueba bastante larga").0);
    }

    #[test]
    fn tampering_wrong_key_or_context_fail() {
        let k = key("una clave de prueba bastante larga");
        let sealed = k.seal(b"1:password", b"Clave-Secreta").unwrap();
        let mut flipped = sealed.clone();
        flipped.ciphertext[0] ^= 1;
        assert_eq!(k.open(b"1:password", &flipped), Err(SealError::Open));
        let mut tag = sealed.clone();
        let last = tag.ciphertext.len() - 1;
        tag.ciphertext[last] ^= 1;
        assert_eq!(k.open(b"1:password", &tag), Err(SealError::Open));
        let mut nonce = sealed.clone();
        nonce.nonce[0] ^= 1;
        assert_eq!(k.open(b"1:password", &nonce), Err(SealError::Open));
        let other = key("otra clave de prueba bastante larga");
        assert_eq!(other.open(b"1:password", &sealed), Err(SealError::Open));
        assert_eq!(k.open(b"2:password", &sealed), Err(SealError::Open));
        assert_eq!(k.open(b"1:p12", &sealed), Err(SealError::Open));
        let truncated = Sealed {
            ciphertext: vec![1, 2, 3],
            nonce: sealed.nonce.clone(),
        };
        assert_eq!(k.open(b"1:password", &truncated), Err(SealError::Open));
    }

    #[test]
    fn short_secret_refused_and_debug_hides_it() {
        assert!(Secret::new("corta").is_err());
        let s = Secret::new("una clave de prueba bastante larga").unwrap();
        assert!(!format!("{s:?}").contains("prueba"));
        assert_eq!(
            format!("{:?}", key("una clave de prueba bastante larga")),
            "SealingKey(…)"
        );
    }
}
