//! Signed, expiring public links to a RIDE: `/ride/{claveDeAcceso}?expira=<unix>&firma=<hex>`.
//!
//! Why: the buyer of a factura has no account, but the e-mail of an authorized document must let
//! them open its RIDE. The link carries its own permission: an HMAC-SHA256 of the access key and
//! the expiry, keyed from `MOSTRADOR_SECRET`, so nobody can make one for another document or
//! stretch its validity, and a leaked link stops working after [`VALIDITY`].
//!
//! How: the 256-bit key is HKDF-SHA256 of the secret with the same fixed salt as the certificate
//! key ([`crate::services::signing::sealing`]) but its own purpose label, so the two keys are unrelated. The signed
//! text is `"{clave}.{expira}"` (the clave is 49 digits, so the text is unambiguous). The
//! signature is compared in constant time (OpenSSL's `CRYPTO_memcmp`).

use chrono::{NaiveDateTime, TimeDelta};
use openssl::hash::MessageDigest;
use openssl::pkey::PKey;
use openssl::sign::Signer;

use crate::config::Secret;

/// How long a link opens the RIDE.
pub const VALIDITY: TimeDelta = TimeDelta::days(30);
/// HKDF info: what the derived key is for (`sealing::derive_key`; the certificates' key has
/// another label).
const INFO: &[u8] = b"ride-links/hmac-sha256/v1";

/// A link with a bad signature (or without one).
pub const INVALID: &str =
    "El enlace del RIDE no es válido: pida al emisor que le envíe el comprobante de nuevo";
/// A link past its expiry.
pub const EXPIRED: &str =
    "El enlace del RIDE caducó: pida al emisor que le envíe el comprobante de nuevo";

/// Why a link does not open the RIDE.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkError {
    /// Missing or malformed parameters, a wrong signature, or a server without secret (403).
    Invalid,
    /// A genuine link past its expiry (410).
    Expired,
}

impl LinkError {
    /// The Spanish message of the refusal.
    pub fn message(self) -> &'static str {
        match self {
            LinkError::Invalid => INVALID,
            LinkError::Expired => EXPIRED,
        }
    }
}

/// The key that signs RIDE links.
#[derive(Clone)]
pub struct LinkKey([u8; 32]);

impl std::fmt::Debug for LinkKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LinkKey(…)")
    }
}

impl LinkKey {
    /// Derives the key from the server's secret (HKDF-SHA256); `None` if OpenSSL fails.
    pub fn derive(secret: &Secret) -> Option<LinkKey> {
        crate::services::signing::sealing::derive_key(secret, INFO)
            .ok()
            .map(LinkKey)
    }

    /// The signature (hex) of `access_key` valid until `expires` (unix seconds).
    pub fn sign(&self, access_key: &str, expires: i64) -> Option<String> {
        let mac = || -> Result<Vec<u8>, openssl::error::ErrorStack> {
            let key = PKey::hmac(&self.0)?;
            let mut signer = Signer::new(MessageDigest::sha256(), &key)?;
            signer.update(format!("{access_key}.{expires}").as_bytes())?;
            signer.sign_to_vec()
        };
        mac()
            .ok()
            .map(|bytes| bytes.iter().map(|b| format!("{b:02x}")).collect::<String>())
    }

    /// The path and query of the link to `access_key`, valid for [`VALIDITY`] from `now`.
    pub fn path(&self, access_key: &str, now: NaiveDateTime) -> Option<String> {
        let expires = (now + VALIDITY).and_utc().timestamp();
        let signature = self.sign(access_key, expires)?;
        Some(format!(
            "/ride/{access_key}?expira={expires}&firma={signature}"
        ))
    }

    /// Checks a link's `expira` and `firma` for `access_key` at `now`.
    pub fn verify(
        &self,
        access_key: &str,
        expires: Option<&str>,
        signature: Option<&str>,
        now: NaiveDateTime,
    ) -> Result<(), LinkError> {
        let (Some(expires), Some(signature)) = (expires, signature) else {
            return Err(LinkError::Invalid);
        };
        let expires: i64 = expires.parse().map_err(|_| LinkError::Invalid)?;
        let expected = self.sign(access_key, expires).ok_or(LinkError::Invalid)?;
        let given = signature.to_ascii_lowercase();
        if given.len() != expected.len()
            || !openssl::memcmp::eq(given.as_bytes(), expected.as_bytes())
        {
            return Err(LinkError::Invalid);
        }
        // Checked after the signature: only a genuine link learns that it expired.
        if now.and_utc().timestamp() > expires {
            return Err(LinkError::Expired);
        }
        Ok(())
    }
}

/// The link key of a server with `secret` (none without `MOSTRADOR_SECRET`: no links are made
/// and every link is refused).
pub fn key(secret: Option<&Secret>) -> Option<LinkKey> {
    secret.and_then(LinkKey::derive)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLAVE: &str = "2611202601179001691900110010010000000011234567813";

    fn key(secret: &str) -> LinkKey {
        LinkKey::derive(&Secret::new(secret).unwrap()).unwrap()
    }

    fn parts(path: &str) -> (String, String) {
        let query = path.split_once('?').unwrap().1;
        let mut expires = String::new();
        let mut signature = String::new();
        for pair in query.split('&') {
            let (k, v) = pair.split_once('=').unwrap();
            match k {
                "expira" => expires = v.into(),
                "firma" => signature = v.into(),
                _ => panic!("{k}"),
            }
        }
        (expires, signature)
    }

    #[test]
    fn a_link_opens_until_it_expires() {
        let k = key("una clave de prueba bastante larga");
        let now = crate::util::time::now();
        let path = k.path(CLAVE, now).unwrap();
        assert!(path.starts_with(&format!("/ride/{CLAVE}?expira=")));
        let (expires, signature) = parts(&path);
        assert_eq!(signature.len(), 64);
        assert_eq!(
            k.verify(CLAVE, Some(&expires), Some(&signature), now),
            Ok(())
        );
        let later = now + VALIDITY + TimeDelta::minutes(1);
        assert_eq!(
            k.verify(CLAVE, Some(&expires), Some(&signature), later),
            Err(LinkError::Expired)
        );
    }

    #[test]
    fn tampered_links_are_invalid() {
        let k = key("una clave de prueba bastante larga");
        let now = crate::util::time::now();
        let (expires, signature) = parts(&k.path(CLAVE, now).unwrap());
        let other = CLAVE.replace("0000000011", "0000000012");
        assert_eq!(
            k.verify(&other, Some(&expires), Some(&signature), now),
            Err(LinkError::Invalid)
        );
        let stretched = (expires.parse::<i64>().unwrap() + 86_400).to_string();
        assert_eq!(
            k.verify(CLAVE, Some(&stretched), Some(&signature), now),
            Err(LinkError::Invalid)
        );
        assert_eq!(
            k.verify(CLAVE, Some(&expires), None, now),
            Err(LinkError::Invalid)
        );
        assert_eq!(
            k.verify(CLAVE, Some("mañana"), Some(&signature), now),
            Err(LinkError::Invalid)
        );
        let foreign = key("otra clave de prueba bastante larga");
        assert_eq!(
            foreign.verify(CLAVE, Some(&expires), Some(&signature), now),
            Err(LinkError::Invalid)
        );
        assert_eq!(format!("{k:?}"), "LinkKey(…)");
    }
}
