//! Clave de acceso (49 digits, Ficha técnica Tabla 1) with its módulo 11 check digit.
//!
//! In the offline scheme the clave is also the número de autorización. It is generated
//! once per document; the caller stores it and passes it back on every resend, because
//! a new clave for the same secuencial makes the SRI answer 45 (secuencial registrado).

use std::fmt;

use chrono::NaiveDate;

use super::catalog::{DocType, Environment};

/// A syntactically valid clave de acceso (49 digits, correct check digit).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClaveAcceso(String);

/// The fields a clave is made of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaveParts {
    /// Emission date (positions 1–8, ddmmaaaa).
    pub issue_date: NaiveDate,
    /// codDoc (positions 9–10).
    pub doc_type: DocType,
    /// Issuer RUC (positions 11–23).
    pub ruc: String,
    /// Environment (position 24).
    pub environment: Environment,
    /// Establishment (positions 25–27).
    pub establishment: String,
    /// Emission point (positions 28–30).
    pub emission_point: String,
    /// Secuencial (positions 31–39).
    pub sequential: u32,
    /// Código numérico (positions 40–47), free choice of the issuer.
    pub numeric_code: String,
}

/// Why a string is not a valid clave, in Spanish.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClaveError {
    /// Not 49 digits.
    #[error("la clave de acceso debe tener 49 dígitos")]
    Length,
    /// Wrong check digit.
    #[error("el dígito verificador de la clave de acceso es incorrecto (se esperaba {expected})")]
    CheckDigit {
        /// Digit computed with módulo 11.
        expected: u8,
    },
    /// A component has an impossible value.
    #[error("la clave de acceso tiene {0}")]
    Component(&'static str),
}

/// Módulo 11 check digit of a digit string, SRI variant: weights 2…7 from the right,
/// r = 11 − (sum mod 11); r = 11 → 0, r = 10 → 1.
pub fn check_digit(digits: &str) -> Option<u8> {
    let mut sum = 0u32;
    for (i, c) in digits.bytes().rev().enumerate() {
        if !c.is_ascii_digit() {
            return None;
        }
        let weight = (i as u32 % 6) + 2;
        sum += u32::from(c - b'0') * weight;
    }
    Some(match 11 - (sum % 11) {
        11 => 0,
        10 => 1,
        r => r as u8,
    })
}

impl ClaveAcceso {
    /// Builds the clave from its parts and appends the check digit.
    pub fn build(parts: &ClaveParts) -> Result<ClaveAcceso, ClaveError> {
        let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(&parts.ruc, 13) {
            return Err(ClaveError::Component("un RUC que no tiene 13 dígitos"));
        }
        if !digits(&parts.establishment, 3) || !digits(&parts.emission_point, 3) {
            return Err(ClaveError::Component("una serie que no tiene 3+3 dígitos"));
        }
        if !digits(&parts.numeric_code, 8) {
            return Err(ClaveError::Component(
                "un código numérico que no tiene 8 dígitos",
            ));
        }
        if parts.sequential == 0 || parts.sequential > 999_999_999 {
            return Err(ClaveError::Component("un secuencial fuera de 1…999999999"));
        }
        let body = format!(
            "{}{}{}{}{}{}{:09}{}1",
            parts.issue_date.format("%d%m%Y"),
            parts.doc_type.code(),
            parts.ruc,
            parts.environment.code(),
            parts.establishment,
            parts.emission_point,
            parts.sequential,
            parts.numeric_code,
        );
        if body.len() != 48 {
            return Err(ClaveError::Component("una fecha fuera de rango"));
        }
        let dv = check_digit(&body).ok_or(ClaveError::Length)?;
        Ok(ClaveAcceso(format!("{body}{dv}")))
    }

    /// Checks length, digits and check digit (not the components' meaning).
    pub fn parse(s: &str) -> Result<ClaveAcceso, ClaveError> {
        let s = s.trim();
        if s.len() != 49 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ClaveError::Length);
        }
        let expected = check_digit(&s[..48]).ok_or(ClaveError::Length)?;
        if s.as_bytes()[48] - b'0' != expected {
            return Err(ClaveError::CheckDigit { expected });
        }
        Ok(ClaveAcceso(s.to_string()))
    }

    /// Splits the clave into its fields.
    pub fn parts(&self) -> Result<ClaveParts, ClaveError> {
        let s = &self.0;
        let issue_date = NaiveDate::parse_from_str(&s[0..8], "%d%m%Y")
            .map_err(|_| ClaveError::Component("una fecha inválida"))?;
        let doc_type = DocType::from_code(&s[8..10])
            .ok_or(ClaveError::Component("un tipo de comprobante desconocido"))?;
        let environment = Environment::from_code(&s[23..24])
            .ok_or(ClaveError::Component("un ambiente distinto de 1 o 2"))?;
        let sequential = s[30..39]
            .parse()
            .map_err(|_| ClaveError::Component("un secuencial inválido"))?;
        Ok(ClaveParts {
            issue_date,
            doc_type,
            ruc: s[10..23].to_string(),
            environment,
            establishment: s[24..27].to_string(),
            emission_point: s[27..30].to_string(),
            sequential,
            numeric_code: s[39..47].to_string(),
        })
    }

    /// The 49 digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ClaveAcceso {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A random 8-digit código numérico (OpenSSL's CSPRNG), used when the caller gives none.
pub fn random_numeric_code() -> String {
    let mut bytes = [0u8; 4];
    // The CSPRNG only fails if the OS entropy source is broken; fall back to the clock
    // so a document can still be issued.
    let n = if openssl::rand::rand_bytes(&mut bytes).is_ok() {
        u32::from_le_bytes(bytes)
    } else {
        chrono::Utc::now().timestamp_subsec_nanos()
    };
    format!("{:08}", n % 100_000_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ficha_mini_example() {
        assert_eq!(check_digit("41261533"), Some(6));
    }

    #[test]
    fn real_keys_validate() {
        // Corporación Favorita, r = 11 → DV 0.
        let k = "1811202301179001691900120721260002540020711013510";
        assert_eq!(check_digit(&k[..48]), Some(0));
        assert!(ClaveAcceso::parse(k).is_ok());
        // r = 10 → DV 1.
        let k = "0107202601179135268800120150270001617400016174011";
        assert_eq!(check_digit(&k[..48]), Some(1));
        assert!(ClaveAcceso::parse(k).is_ok());
        for k in [
            "0312202201019007200200120029020004874985766297216",
            "0503201201176001321000110010030009900641234567814",
        ] {
            assert!(ClaveAcceso::parse(k).is_ok(), "{k}");
        }
    }

    #[test]
    fn wrong_digit_and_length_are_refused() {
        let err =
            ClaveAcceso::parse("0403201301176815353000110015010000000081234567816").unwrap_err();
        assert_eq!(err, ClaveError::CheckDigit { expected: 0 });
        assert_eq!(ClaveAcceso::parse("123"), Err(ClaveError::Length));
        assert_eq!(
            ClaveAcceso::parse("181120230117900169190012072126000254002071101351a"),
            Err(ClaveError::Length)
        );
    }

    #[test]
    fn builds_and_splits() {
        let parts = ClaveParts {
            issue_date: NaiveDate::from_ymd_opt(2023, 11, 18).unwrap(),
            doc_type: DocType::Factura,
            ruc: "1790016919001".into(),
            environment: Environment::Produccion,
            establishment: "072".into(),
            emission_point: "126".into(),
            sequential: 254_002,
            numeric_code: "07110135".into(),
        };
        let clave = ClaveAcceso::build(&parts).unwrap();
        assert_eq!(
            clave.as_str(),
            "1811202301179001691900120721260002540020711013510"
        );
        assert_eq!(clave.parts().unwrap(), parts);
    }

    #[test]
    fn refuses_bad_components() {
        let mut parts = ClaveParts {
            issue_date: NaiveDate::from_ymd_opt(2024, 1, 1).unwrap(),
            doc_type: DocType::GuiaRemision,
            ruc: "179001100100".into(),
            environment: Environment::Pruebas,
            establishment: "001".into(),
            emission_point: "001".into(),
            sequential: 1,
            numeric_code: "12345678".into(),
        };
        assert!(ClaveAcceso::build(&parts).is_err());
        parts.ruc = "1790011001001".into();
        parts.sequential = 0;
        assert!(ClaveAcceso::build(&parts).is_err());
        parts.sequential = 1;
        parts.numeric_code = "1234".into();
        assert!(ClaveAcceso::build(&parts).is_err());
    }

    #[test]
    fn random_code_has_8_digits() {
        for _ in 0..20 {
            let c = random_numeric_code();
            assert_eq!(c.len(), 8);
            assert!(c.bytes().all(|b| b.is_ascii_digit()));
        }
    }
}
