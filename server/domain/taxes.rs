//! Taxes as data: the IVA rates of the SRI's Tabla 17 and the tax kinds of Tabla 16, used by the
//! one totals calculation ([`super::totals`]) of every document, screen and electronic comprobante.
//!
//! Rates change by decree (12 % → 15 % in 2024, 5 % for construction materials, the 13 % band):
//! they live in a table here, never in `if` chains, so a new rate is one new row.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// IRBPNR (plastic bottles) `codigoPorcentaje`.
pub const IRBPNR_CODE: &str = "5001";

/// IRBPNR tariff: USD 0.02 per bottle.
pub const IRBPNR_TARIFF: Decimal = Decimal::from_parts(2, 0, 0, false, 2);

/// One row of Tabla 17 (IVA `codigoPorcentaje`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IvaRate {
    /// `codigoPorcentaje` as written in the XML.
    pub code: &'static str,
    /// Percentage (`tarifa`), e.g. 15.
    pub percent: u32,
    /// Label used on screens and on the RIDE ("IVA 15 %", "No objeto de IVA"…).
    pub label: &'static str,
    /// True when the rate is in force for new sales (historic rates remain valid for
    /// credit notes whose sustento was issued when they applied).
    pub current: bool,
}

/// Tabla 17 of the Ficha técnica (v2.32, October 2025).
pub const IVA_RATES: &[IvaRate] = &[
    IvaRate {
        code: "0",
        percent: 0,
        label: "IVA 0 %",
        current: true,
    },
    IvaRate {
        code: "2",
        percent: 12,
        label: "IVA 12 %",
        current: false,
    },
    IvaRate {
        code: "3",
        percent: 14,
        label: "IVA 14 %",
        current: false,
    },
    IvaRate {
        code: "4",
        percent: 15,
        label: "IVA 15 %",
        current: true,
    },
    IvaRate {
        code: "5",
        percent: 5,
        label: "IVA 5 %",
        current: true,
    },
    IvaRate {
        code: "6",
        percent: 0,
        label: "No objeto de IVA",
        current: true,
    },
    IvaRate {
        code: "7",
        percent: 0,
        label: "Exento de IVA",
        current: true,
    },
    IvaRate {
        code: "8",
        percent: 8,
        label: "IVA diferenciado 8 %",
        current: true,
    },
    IvaRate {
        code: "10",
        percent: 13,
        label: "IVA 13 %",
        current: true,
    },
];

/// Looks up an IVA `codigoPorcentaje`.
pub fn iva_rate(code: &str) -> Option<&'static IvaRate> {
    IVA_RATES.iter().find(|r| r.code == code)
}

/// Tax codes of Tabla 16.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TaxKind {
    /// IVA, `codigo` 2.
    Iva,
    /// ICE, `codigo` 3.
    Ice,
    /// IRBPNR, `codigo` 5.
    Irbpnr,
}

impl TaxKind {
    /// `codigo` as written in the XML.
    pub fn code(self) -> &'static str {
        match self {
            TaxKind::Iva => "2",
            TaxKind::Ice => "3",
            TaxKind::Irbpnr => "5",
        }
    }

    /// Short name for screens.
    pub fn label(self) -> &'static str {
        match self {
            TaxKind::Iva => "IVA",
            TaxKind::Ice => "ICE",
            TaxKind::Irbpnr => "IRBPNR",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iva_table_has_the_current_rates() {
        assert_eq!(iva_rate("4").map(|r| r.percent), Some(15));
        assert_eq!(iva_rate("5").map(|r| r.percent), Some(5));
        assert_eq!(iva_rate("10").map(|r| r.percent), Some(13));
        assert_eq!(iva_rate("8").map(|r| r.percent), Some(8));
        assert!(iva_rate("1").is_none());
        assert!(iva_rate("9").is_none());
        assert_eq!(IVA_RATES.len(), 9);
    }

    #[test]
    fn irbpnr_is_two_cents() {
        assert_eq!(IRBPNR_TARIFF.to_string(), "0.02");
        assert_eq!(crate::domain::ids::CONSUMIDOR_FINAL_LIMIT.to_string(), "50");
    }
}
