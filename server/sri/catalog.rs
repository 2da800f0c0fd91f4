//! SRI catalogs (Ficha técnica tables 3, 4, 6, 24) as data. The tax tables (16, 17) are
//! shared with every other document of the product and live in [`crate::domain::taxes`];
//! the consumidor final constants in [`crate::domain::ids`].

use serde::{Deserialize, Serialize};

/// Buyer / carrier identification types (Tabla 6); the three schemas only accept 04–08.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum IdType {
    /// 04 RUC.
    Ruc,
    /// 05 Cédula.
    Cedula,
    /// 06 Pasaporte.
    Pasaporte,
    /// 07 Venta a consumidor final (identificación 9999999999999).
    ConsumidorFinal,
    /// 08 Identificación del exterior.
    Exterior,
}

impl IdType {
    /// Code of Tabla 6.
    pub fn code(self) -> &'static str {
        match self {
            IdType::Ruc => "04",
            IdType::Cedula => "05",
            IdType::Pasaporte => "06",
            IdType::ConsumidorFinal => "07",
            IdType::Exterior => "08",
        }
    }

    /// Inverse of [`IdType::code`].
    pub fn from_code(code: &str) -> Option<IdType> {
        [
            IdType::Ruc,
            IdType::Cedula,
            IdType::Pasaporte,
            IdType::ConsumidorFinal,
            IdType::Exterior,
        ]
        .into_iter()
        .find(|t| t.code() == code)
    }

    /// Spanish label.
    pub fn label(self) -> &'static str {
        match self {
            IdType::Ruc => "RUC",
            IdType::Cedula => "Cédula",
            IdType::Pasaporte => "Pasaporte",
            IdType::ConsumidorFinal => "Consumidor final",
            IdType::Exterior => "Identificación del exterior",
        }
    }
}

/// One row of Tabla 24 (formas de pago).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaymentMethod {
    /// `formaPago` code.
    pub code: &'static str,
    /// Spanish label.
    pub label: &'static str,
}

/// Formas de pago in force (codes 02–14 were withdrawn in 2016 and are refused).
pub const PAYMENT_METHODS: &[PaymentMethod] = &[
    PaymentMethod {
        code: "01",
        label: "Sin utilización del sistema financiero",
    },
    PaymentMethod {
        code: "15",
        label: "Compensación de deudas",
    },
    PaymentMethod {
        code: "16",
        label: "Tarjeta de débito",
    },
    PaymentMethod {
        code: "17",
        label: "Dinero electrónico",
    },
    PaymentMethod {
        code: "18",
        label: "Tarjeta prepago",
    },
    PaymentMethod {
        code: "19",
        label: "Tarjeta de crédito",
    },
    PaymentMethod {
        code: "20",
        label: "Otros con utilización del sistema financiero",
    },
    PaymentMethod {
        code: "21",
        label: "Endoso de títulos",
    },
];

/// Looks up a forma de pago code.
pub fn payment_method(code: &str) -> Option<&'static PaymentMethod> {
    PAYMENT_METHODS.iter().find(|m| m.code == code)
}

/// Document types of Tabla 3 (`codDoc`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DocType {
    /// 01 Factura.
    Factura,
    /// 03 Liquidación de compra.
    LiquidacionCompra,
    /// 04 Nota de crédito.
    NotaCredito,
    /// 05 Nota de débito.
    NotaDebito,
    /// 06 Guía de remisión.
    GuiaRemision,
    /// 07 Comprobante de retención.
    Retencion,
}

impl DocType {
    /// `codDoc`.
    pub fn code(self) -> &'static str {
        match self {
            DocType::Factura => "01",
            DocType::LiquidacionCompra => "03",
            DocType::NotaCredito => "04",
            DocType::NotaDebito => "05",
            DocType::GuiaRemision => "06",
            DocType::Retencion => "07",
        }
    }

    /// Inverse of [`DocType::code`].
    pub fn from_code(code: &str) -> Option<DocType> {
        [
            DocType::Factura,
            DocType::LiquidacionCompra,
            DocType::NotaCredito,
            DocType::NotaDebito,
            DocType::GuiaRemision,
            DocType::Retencion,
        ]
        .into_iter()
        .find(|t| t.code() == code)
    }

    /// Spanish name as printed on the RIDE.
    pub fn label(self) -> &'static str {
        match self {
            DocType::Factura => "FACTURA",
            DocType::LiquidacionCompra => "LIQUIDACIÓN DE COMPRA",
            DocType::NotaCredito => "NOTA DE CRÉDITO",
            DocType::NotaDebito => "NOTA DE DÉBITO",
            DocType::GuiaRemision => "GUÍA DE REMISIÓN",
            DocType::Retencion => "COMPROBANTE DE RETENCIÓN",
        }
    }
}

/// SRI environment (Tabla 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Environment {
    /// 1 — pruebas (celcer.sri.gob.ec).
    Pruebas,
    /// 2 — producción (cel.sri.gob.ec).
    Produccion,
}

impl Environment {
    /// Digit used in the XML and the clave de acceso.
    pub fn code(self) -> &'static str {
        match self {
            Environment::Pruebas => "1",
            Environment::Produccion => "2",
        }
    }

    /// Inverse of [`Environment::code`].
    pub fn from_code(code: &str) -> Option<Environment> {
        match code {
            "1" => Some(Environment::Pruebas),
            "2" => Some(Environment::Produccion),
            _ => None,
        }
    }

    /// Text the authorization service uses in `ambiente`.
    pub fn sri_name(self) -> &'static str {
        match self {
            Environment::Pruebas => "PRUEBAS",
            Environment::Produccion => "PRODUCCIÓN",
        }
    }
}

/// Tax regime of the issuer (the company's `typeRegimen`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Regime {
    /// Régimen general (`typeRegimen` '1'): no legend.
    #[default]
    General,
    /// RIMPE emprendedor (`typeRegimen` '2').
    RimpeEmprendedor,
    /// RIMPE negocio popular (`typeRegimen` '3'): does not charge IVA.
    RimpeNegocioPopular,
}

impl Regime {
    /// `contribuyenteRimpe` legend required by Anexo 22, if any.
    pub fn legend(self) -> Option<&'static str> {
        match self {
            Regime::General => None,
            Regime::RimpeEmprendedor => Some("CONTRIBUYENTE RÉGIMEN RIMPE"),
            Regime::RimpeNegocioPopular => Some("CONTRIBUYENTE NEGOCIO POPULAR - RÉGIMEN RIMPE"),
        }
    }

    /// Maps the platform's `typeRegimen` ('1', '2', '3').
    pub fn from_type_regimen(value: &str) -> Option<Regime> {
        match value {
            "1" => Some(Regime::General),
            "2" => Some(Regime::RimpeEmprendedor),
            "3" => Some(Regime::RimpeNegocioPopular),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for t in [
            IdType::Ruc,
            IdType::Cedula,
            IdType::Pasaporte,
            IdType::ConsumidorFinal,
            IdType::Exterior,
        ] {
            assert_eq!(IdType::from_code(t.code()), Some(t));
        }
        assert_eq!(DocType::from_code("06"), Some(DocType::GuiaRemision));
        assert_eq!(DocType::from_code("02"), None);
        assert_eq!(
            Regime::from_type_regimen("3").and_then(Regime::legend),
            Some("CONTRIBUYENTE NEGOCIO POPULAR - RÉGIMEN RIMPE")
        );
        assert!(payment_method("02").is_none());
        assert!(payment_method("19").is_some());
    }
}
