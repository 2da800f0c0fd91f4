//! XAdES-BES signing for the SRI: the .p12 reader ([`p12`]), canonical-form helpers
//! ([`c14n`]), the signer ([`xades`]), an independent verifier ([`verify`]) and a demonstration
//! certificate for the local simulator ([`demo_cert`]).

pub mod c14n;
pub mod demo_cert;
pub mod der;
pub mod p12;
pub mod verify;
pub mod xades;

pub use p12::{CertError, CertificateInfo, SigningIdentity};
pub use verify::{SignatureError, VerifiedSignature, verify, verify_as_signed, verify_at};
pub use xades::{SignError, SignOptions, sign};
