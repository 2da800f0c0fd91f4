//! Ecuadorian cédula and RUC checks.
//!
//! Cédulas and natural-person RUCs (third digit 0–5) are hard-validated with their
//! módulo 10 check digit. Public-entity (6) and company (9) RUCs are only checked for
//! structure: the SRI issues valid company RUCs that fail the old módulo 11 rule, so
//! enforcing it would block real customers (reference §5.7).

use rust_decimal::Decimal;

/// Identificación of the buyer used for sales to an unidentified consumer.
pub const CONSUMIDOR_FINAL_ID: &str = "9999999999999";

/// Name printed for the consumidor final.
pub const CONSUMIDOR_FINAL_NAME: &str = "CONSUMIDOR FINAL";

/// Maximum `importeTotal` (USD) of a factura to consumidor final (Decreto 586, 2022).
pub const CONSUMIDOR_FINAL_LIMIT: Decimal = Decimal::from_parts(50, 0, 0, false, 0);

/// Province codes allowed in the first two digits (01–24, 30 for Ecuadorians abroad).
fn valid_province(digits: &[u8]) -> bool {
    let p = u32::from(digits[0]) * 10 + u32::from(digits[1]);
    (1..=24).contains(&p) || p == 30
}

fn to_digits(s: &str) -> Option<Vec<u8>> {
    s.bytes()
        .map(|b| b.is_ascii_digit().then_some(b - b'0'))
        .collect()
}

/// Whether `id` (a RUC or a cédula, as a document or a certificate writes it) is the taxpayer
/// with RUC `ruc`: the RUC itself, or the cédula inside a natural person's RUC.
pub fn same_taxpayer(id: &str, ruc: &str) -> bool {
    let id = id.trim();
    id == ruc || (ruc.len() == 13 && id == &ruc[..10])
}

/// Validates a 10-digit cédula: province and módulo 10 check digit
/// (coefficients 2,1,2,1… over the first 9 digits, products > 9 minus 9).
pub fn validate_cedula(s: &str) -> Result<(), String> {
    let d = to_digits(s).ok_or_else(|| "la cédula solo puede contener dígitos".to_string())?;
    if d.len() != 10 {
        return Err("la cédula debe tener 10 dígitos".into());
    }
    if !valid_province(&d) {
        return Err(format!(
            "la cédula tiene un código de provincia inválido ({}{})",
            d[0], d[1]
        ));
    }
    let sum: u32 = d[..9]
        .iter()
        .enumerate()
        .map(|(i, &x)| {
            let p = u32::from(x) * if i % 2 == 0 { 2 } else { 1 };
            if p > 9 { p - 9 } else { p }
        })
        .sum();
    let dv = (10 - sum % 10) % 10;
    if dv != u32::from(d[9]) {
        return Err("la cédula no es válida (dígito verificador incorrecto)".into());
    }
    Ok(())
}

/// Kind of RUC, from its third digit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RucKind {
    /// Third digit 0–5: natural person (cédula + establishment).
    NaturalPerson,
    /// Third digit 6: public entity.
    Public,
    /// Third digit 9: company or foreigner without cédula.
    Company,
}

/// Validates a 13-digit RUC. Natural persons: cédula rule + establishment ≠ 000.
/// Public entities and companies: structure only (province, establishment ≠ 0…0).
pub fn validate_ruc(s: &str) -> Result<RucKind, String> {
    let d = to_digits(s).ok_or_else(|| "el RUC solo puede contener dígitos".to_string())?;
    if d.len() != 13 {
        return Err("el RUC debe tener 13 dígitos".into());
    }
    if !valid_province(&d) {
        return Err(format!(
            "el RUC tiene un código de provincia inválido ({}{})",
            d[0], d[1]
        ));
    }
    match d[2] {
        0..=5 => {
            validate_cedula(&s[..10]).map_err(|e| format!("el RUC no es válido: {e}"))?;
            if d[10..] == [0, 0, 0] {
                return Err("el RUC debe terminar en un establecimiento distinto de 000".into());
            }
            Ok(RucKind::NaturalPerson)
        }
        6 => {
            if d[9..] == [0, 0, 0, 0] {
                return Err("el RUC de entidad pública debe terminar en un establecimiento distinto de 0000".into());
            }
            Ok(RucKind::Public)
        }
        9 => {
            if d[10..] == [0, 0, 0] {
                return Err("el RUC debe terminar en un establecimiento distinto de 000".into());
            }
            Ok(RucKind::Company)
        }
        _ => Err(format!("el tercer dígito del RUC ({}) no es válido", d[2])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_taxpayer_reads_the_cedula_inside_a_ruc() {
        assert!(same_taxpayer("1790011224001", "1790011224001"));
        assert!(same_taxpayer(" 1710034065", "1710034065001"));
        assert!(!same_taxpayer("0990000001001", "1790011224001"));
    }

    #[test]
    fn cedulas() {
        assert_eq!(validate_cedula("1714307103"), Ok(()));
        assert_eq!(validate_cedula("1710034065"), Ok(()));
        assert!(
            validate_cedula("1714307104")
                .unwrap_err()
                .contains("verificador")
        );
        assert!(
            validate_cedula("2514307103")
                .unwrap_err()
                .contains("provincia")
        );
        assert!(
            validate_cedula("171430710")
                .unwrap_err()
                .contains("10 dígitos")
        );
        assert!(
            validate_cedula("17143071O3")
                .unwrap_err()
                .contains("dígitos")
        );
        // Province 30 (Ecuadorians abroad) is allowed.
        let sum_valid = (0..10)
            .map(|dv| format!("300000000{dv}"))
            .find(|c| validate_cedula(c).is_ok());
        assert!(sum_valid.is_some());
    }

    #[test]
    fn natural_person_rucs_are_hard_validated() {
        assert_eq!(validate_ruc("1714307103001"), Ok(RucKind::NaturalPerson));
        assert!(validate_ruc("1714307104001").is_err());
        assert!(validate_ruc("1714307103000").unwrap_err().contains("000"));
    }

    #[test]
    fn company_and_public_rucs_only_structure() {
        assert_eq!(validate_ruc("1790016919001"), Ok(RucKind::Company));
        assert_eq!(validate_ruc("1792060346001"), Ok(RucKind::Company));
        // Real RUCs that fail the old módulo 11 rule must be accepted.
        assert_eq!(validate_ruc("1793213150001"), Ok(RucKind::Company));
        assert_eq!(validate_ruc("0993370026001"), Ok(RucKind::Company));
        assert_eq!(validate_ruc("1760001550001"), Ok(RucKind::Public));
        assert!(validate_ruc("1790016919000").is_err());
        assert!(validate_ruc("1760001550000").is_err());
        assert!(
            validate_ruc("1770016919001")
                .unwrap_err()
                .contains("tercer dígito")
        );
        assert!(
            validate_ruc("9990016919001")
                .unwrap_err()
                .contains("provincia")
        );
        assert!(validate_ruc("179001691900").is_err());
    }
}
