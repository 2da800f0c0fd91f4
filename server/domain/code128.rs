//! The clave de acceso as a Code 128 barcode, for the RIDE (sri.md §6: the SRI recommends the
//! Code 128 family; the RIDE draws it as inline SVG, no image service).
//!
//! The symbol itself (patterns, modulo-103 check symbol, stop) comes from the `barcoders` crate;
//! this module only chooses the code sets — the 49 digits as 24 pairs in code set C and the last
//! digit in code set B (26 symbols, the shortest encoding of an odd run of digits) — and turns the
//! modules into an SVG path the React page draws as it is, so the page needs no barcode code and
//! the browser no script.

use barcoders::sym::code128::Code128;

/// Quiet zone on each side, in modules (the standard asks for at least 10).
pub const QUIET_ZONE: usize = 10;

/// A barcode ready to draw: bars as one SVG path in a `width × 1` box (the page stretches it
/// vertically), where `width` counts the quiet zones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Barcode {
    /// Total width in modules, quiet zones included.
    pub width: usize,
    /// `M{x} 0h{w}v1h-{w}z` per bar.
    pub path: String,
    /// The modules (1 bar, 0 space) without quiet zones, for tests and other renderers.
    pub modules: Vec<u8>,
}

/// The barcoders input for a digit string: code set C for pairs, B for an odd last digit.
fn symbols_of(digits: &str) -> Option<String> {
    if digits.len() < 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let even = digits.len() - digits.len() % 2;
    let mut data = String::with_capacity(digits.len() + 2);
    data.push('Ć');
    data.push_str(&digits[..even]);
    if even < digits.len() {
        data.push('Ɓ');
        data.push_str(&digits[even..]);
    }
    Some(data)
}

/// Encodes a string of at least 2 digits (the 49-digit clave de acceso); `None` for anything else.
pub fn encode_digits(digits: &str) -> Option<Barcode> {
    let code = Code128::new(symbols_of(digits)?).ok()?;
    let modules = code.encode();
    let mut path = String::new();
    let mut x = 0;
    while x < modules.len() {
        if modules[x] == 1 {
            let start = x;
            while x < modules.len() && modules[x] == 1 {
                x += 1;
            }
            let w = x - start;
            path.push_str(&format!("M{} 0h{w}v1h-{w}z", start + QUIET_ZONE));
        } else {
            x += 1;
        }
    }
    Some(Barcode {
        width: modules.len() + 2 * QUIET_ZONE,
        path,
        modules,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(text: &str) -> Vec<u8> {
        text.bytes().map(|b| b - b'0').collect()
    }

    const START_C: &str = "11010011100";
    const CODE_B: &str = "10111101110";
    const STOP: &str = "1100011101011";

    /// Width patterns of the Code 128 table (ISO/IEC 15417), written out by hand for the values
    /// these tests use, so the crate's table is checked against the standard.
    fn pattern(value: u32) -> &'static str {
        match value {
            0 => "11011001100",  // 212222
            1 => "11001101100",  // 222122
            2 => "11001100110",  // 222221
            12 => "10110011100", // 112232
            14 => "10011001110", // 122231
            34 => "10001011000", // 131123
            _ => panic!("patrón {value} no escrito en la prueba"),
        }
    }

    #[test]
    fn two_zeros_in_code_set_c() {
        // Start C (105), "00" (0), check (105 + 0×1) mod 103 = 2, stop.
        let code = encode_digits("00").unwrap();
        let expected = format!("{START_C}{}{}{STOP}", pattern(0), pattern(2));
        assert_eq!(code.modules, bits(&expected));
        assert_eq!(code.width, expected.len() + 20);
    }

    #[test]
    fn check_symbol_is_the_weighted_sum_modulo_103() {
        // Start C (105) + 12×1 + 00×2 = 117; 117 mod 103 = 14.
        let code = encode_digits("1200").unwrap();
        let expected = format!(
            "{START_C}{}{}{}{STOP}",
            pattern(12),
            pattern(0),
            pattern(14)
        );
        assert_eq!(code.modules, bits(&expected));
        // Start C (105) + 34×1 + 12×2 = 163; 163 mod 103 = 60; the data symbols come in order.
        let code = encode_digits("3412").unwrap();
        let text: String = code.modules.iter().map(|b| char::from(b'0' + b)).collect();
        assert_eq!(&text[11..33], format!("{}{}", pattern(34), pattern(12)));
    }

    #[test]
    fn an_odd_digit_count_ends_in_code_set_b() {
        // "001": start C, "00", Code B (100), "1" in B (17), check (105 + 0 + 100×2 + 17×3) mod 103.
        let code = encode_digits("001").unwrap();
        let check = (105 + 200 + 17 * 3) % 103;
        assert_eq!(check, 47);
        let text: String = code.modules.iter().map(|b| char::from(b'0' + b)).collect();
        assert!(text.starts_with(&format!("{START_C}{}{CODE_B}", pattern(0))));
        assert!(text.ends_with(STOP));
        // start, 00, Code B, 1, check, stop.
        assert_eq!(text.len(), 11 * 5 + 13);
    }

    #[test]
    fn a_clave_de_acceso_is_26_symbols() {
        let clave = "2110202401179001100100120010010000000011234567813";
        assert_eq!(clave.len(), 49);
        let code = encode_digits(clave).unwrap();
        // Start + 24 pairs + Code B + 1 digit + check = 28 symbols of 11 modules, stop of 13.
        assert_eq!(code.modules.len(), 28 * 11 + 13);
        assert_eq!(code.width, code.modules.len() + 2 * QUIET_ZONE);
        // The path draws exactly the bars: Σ widths = modules set.
        let drawn: usize = code
            .path
            .split('h')
            .skip(1)
            .step_by(2)
            .map(|w| w.split('v').next().unwrap().parse::<usize>().unwrap())
            .sum();
        assert_eq!(drawn, code.modules.iter().filter(|m| **m == 1).count());
        assert!(code.path.starts_with("M10 0h2v1h-2z"));
    }

    #[test]
    fn refuses_what_is_not_digits() {
        assert!(encode_digits("").is_none());
        assert!(encode_digits("1").is_none());
        assert!(encode_digits("12a4").is_none());
    }
}
