//! Business and schema-level validation before any XML is produced.
//!
//! The XSD check that follows XML generation is a safety net; this module is what the
//! user sees: every problem at once, in Spanish, naming the JSON field
//! (`items[2].quantity`, `buyer.id`…), so a screen can highlight it. It enforces the
//! schemas' lengths and patterns, identification rules (cédulas and natural-person RUCs
//! hard-validated), the consumidor final limit, dates (SRI errors 65 and 82) and that
//! payments add up to the computed total.

use chrono::{Duration, FixedOffset, NaiveDate, Utc};
use rust_decimal::Decimal;

use super::catalog::{DocType, IdType, Regime, payment_method};
use super::clave::ClaveAcceso;
use super::model::{
    Buyer, Comprobante, CreditNote, DeliveryGuide, Header, Invoice, Item, NameValue, Payment,
    WithheldDocument, WithheldTaxKind, Withholding,
};
use crate::domain::ids::{CONSUMIDOR_FINAL_ID, CONSUMIDOR_FINAL_LIMIT};
use crate::domain::ids::{validate_cedula, validate_ruc};
use crate::domain::money::{decimals, fmt2, integer_digits};
use crate::domain::taxes::iva_rate;
use crate::domain::totals::IceMode;
use crate::domain::totals::{self, Totals};

use crate::domain::FieldError;

/// All the problems of a document (never empty).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("el comprobante tiene errores:\n{}", .0.iter().map(|e| format!("  - {e}")).collect::<Vec<_>>().join("\n"))]
pub struct ValidationErrors(pub Vec<FieldError>);

/// What validation needs from outside the document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidationContext {
    /// Today's date in Ecuador (issue dates may not be later).
    pub today: NaiveDate,
    /// Oldest accepted issue date, in days before `today` (the SRI's tolerance for
    /// error 65 is 90 days; the legal window is 72 hours).
    pub max_age_days: i64,
}

impl ValidationContext {
    /// Context for "now" in Ecuador (UTC−5 all year).
    pub fn now() -> ValidationContext {
        ValidationContext {
            today: ecuador_today(),
            max_age_days: 90,
        }
    }

    /// Context for a fixed date (tests, reprocessing).
    pub fn at(today: NaiveDate) -> ValidationContext {
        ValidationContext {
            today,
            max_age_days: 90,
        }
    }
}

/// Ecuador's offset, UTC−5 all year (no daylight saving time since 1993).
pub const ECUADOR: FixedOffset = match FixedOffset::west_opt(5 * 3600) {
    Some(offset) => offset,
    None => panic!("offset fuera de rango"),
};

/// Today's calendar date in Ecuador.
pub fn ecuador_today() -> NaiveDate {
    Utc::now().with_timezone(&ECUADOR).date_naive()
}

/// The issue date (`fechaEmision`) of a document issued now by a company in `zone`: the
/// company's own calendar day, which the RIDE prints — never later than the SRI's day in Ecuador
/// (the SRI refuses a future issue date; only a zone ahead of Ecuador's would reach it).
pub fn issue_date(zone: crate::util::time::Zone) -> NaiveDate {
    zone.today().min(ecuador_today())
}

/// Validates a document and returns its totals (none for a guía de remisión).
pub fn validate(
    doc: &Comprobante,
    ctx: &ValidationContext,
) -> Result<Option<Totals>, ValidationErrors> {
    let mut c = Checker::default();
    c.header(doc.header(), doc.doc_type(), ctx);
    let totals = match doc {
        Comprobante::Invoice(inv) => c.invoice(inv),
        Comprobante::CreditNote(nc) => c.credit_note(nc),
        Comprobante::DeliveryGuide(g) => {
            c.guide(g);
            None
        }
        Comprobante::Withholding(r) => {
            c.withholding(r);
            None
        }
    };
    if c.errors.is_empty() {
        Ok(totals)
    } else {
        Err(ValidationErrors(c.errors))
    }
}

#[derive(Default)]
struct Checker {
    errors: Vec<FieldError>,
}

impl Checker {
    fn err(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.errors.push(FieldError::new(field, message));
    }

    /// Required free text: 1..=max characters after trimming, no control characters
    /// (the schemas' `[^\n]*` and XML 1.0's character range).
    fn text(&mut self, field: &str, value: &str, max: usize) {
        let v = value.trim();
        if v.is_empty() {
            self.err(field, "es obligatorio");
            return;
        }
        self.text_shape(field, v, 1, max);
    }

    fn opt_text(&mut self, field: &str, value: Option<&String>, max: usize) {
        if let Some(v) = value {
            self.text(field, v, max);
        }
    }

    fn text_shape(&mut self, field: &str, v: &str, min: usize, max: usize) {
        let n = v.chars().count();
        if n < min || n > max {
            self.err(
                field,
                format!("debe tener entre {min} y {max} caracteres (tiene {n})"),
            );
        }
        if v.chars().any(|c| c.is_control()) {
            self.err(
                field,
                "no puede contener saltos de línea ni caracteres de control",
            );
        }
    }

    fn digits(&mut self, field: &str, value: &str, n: usize) -> bool {
        let ok = value.len() == n && value.bytes().all(|b| b.is_ascii_digit());
        if !ok {
            self.err(field, format!("debe tener exactamente {n} dígitos"));
        }
        ok
    }

    fn money(&mut self, field: &str, value: Decimal) {
        if value.is_sign_negative() && !value.is_zero() {
            self.err(field, "no puede ser negativo");
        }
        if decimals(value) > 2 {
            self.err(field, "admite como máximo 2 decimales");
        }
        if integer_digits(value) > 12 {
            self.err(field, "es demasiado grande (máximo 12 dígitos enteros)");
        }
    }

    fn quantity(&mut self, field: &str, value: Decimal, positive: bool) {
        if positive && value <= Decimal::ZERO {
            self.err(field, "debe ser mayor que cero");
        } else if value.is_sign_negative() && !value.is_zero() {
            self.err(field, "no puede ser negativo");
        }
        if decimals(value) > 6 {
            self.err(field, "admite como máximo 6 decimales");
        }
        if integer_digits(value) > 12 {
            self.err(field, "es demasiado grande (máximo 12 dígitos enteros)");
        }
    }

    fn doc_number(&mut self, field: &str, value: &str) {
        let b = value.as_bytes();
        let ok = b.len() == 17
            && b[3] == b'-'
            && b[7] == b'-'
            && b.iter()
                .enumerate()
                .all(|(i, c)| i == 3 || i == 7 || c.is_ascii_digit());
        if !ok {
            self.err(field, "debe tener el formato 001-001-000000001");
        }
    }

    fn date_in_range(&mut self, field: &str, date: NaiveDate) {
        use chrono::Datelike;
        if !(2000..=2099).contains(&date.year()) {
            self.err(field, "el año debe estar entre 2000 y 2099");
        }
    }

    fn name_values(&mut self, field: &str, items: &[NameValue], max_items: usize) {
        if items.len() > max_items {
            self.err(field, format!("admite como máximo {max_items} elementos"));
        }
        for (i, nv) in items.iter().enumerate() {
            self.text(&format!("{field}[{i}].name"), &nv.name, 300);
            self.text(&format!("{field}[{i}].value"), &nv.value, 300);
        }
    }

    fn header(&mut self, h: &Header, doc_type: DocType, ctx: &ValidationContext) {
        self.issuer(h);
        for (field, value) in [
            ("header.establishment", &h.establishment),
            ("header.emissionPoint", &h.emission_point),
        ] {
            if self.digits(field, value, 3) && value == "000" {
                self.err(field, "no puede ser 000");
            }
        }
        if h.sequential == 0 || h.sequential > 999_999_999 {
            self.err("header.sequential", "debe estar entre 1 y 999999999");
        }
        self.issue_date(h, ctx);
        if let Some(code) = &h.numeric_code {
            self.digits("header.numericCode", code, 8);
        }
        if let Some(key) = &h.access_key {
            self.access_key(h, doc_type, key);
        }
    }

    /// The issuer: a valid RUC, its names and addresses as the schema's free text, and the
    /// resolution numbers of a special taxpayer or withholding agent in the SRI's shapes.
    fn issuer(&mut self, h: &Header) {
        let is = &h.issuer;
        if let Err(e) = validate_ruc(&is.ruc) {
            self.err("header.issuer.ruc", e);
        }
        self.text("header.issuer.legalName", &is.legal_name, 300);
        self.opt_text("header.issuer.tradeName", is.trade_name.as_ref(), 300);
        self.text(
            "header.issuer.headOfficeAddress",
            &is.head_office_address,
            300,
        );
        self.opt_text(
            "header.issuer.branchAddress",
            is.branch_address.as_ref(),
            300,
        );
        if let Some(ce) = &is.special_taxpayer {
            let ok = (3..=13).contains(&ce.len()) && ce.bytes().all(|b| b.is_ascii_alphanumeric());
            if !ok {
                self.err(
                    "header.issuer.specialTaxpayer",
                    "debe tener entre 3 y 13 letras o dígitos (número de resolución)",
                );
            }
        }
        if let Some(ar) = &is.withholding_agent {
            let ok = (1..=8).contains(&ar.len())
                && ar.bytes().all(|b| b.is_ascii_digit())
                && !ar.starts_with('0');
            if !ok {
                self.err(
                    "header.issuer.withholdingAgent",
                    "debe ser el número de resolución: hasta 8 dígitos, sin ceros a la izquierda",
                );
            }
        }
    }

    /// The issue date: within the schema's years, not after today and not older than the SRI
    /// accepts (errors 65 and 82).
    fn issue_date(&mut self, h: &Header, ctx: &ValidationContext) {
        self.date_in_range("header.issueDate", h.issue_date);
        if h.issue_date > ctx.today {
            self.err(
                "header.issueDate",
                format!(
                    "no puede ser posterior a hoy ({})",
                    ctx.today.format("%d/%m/%Y")
                ),
            );
        } else if h.issue_date < ctx.today - Duration::days(ctx.max_age_days) {
            self.err("header.issueDate", format!(
                "es extemporánea: el SRI no acepta comprobantes con más de {} días de antigüedad",
                ctx.max_age_days
            ));
        }
    }

    /// A clave de acceso given with the document must be valid and encode this very document
    /// (date, type, RUC, environment, series, sequential, numeric code), or the SRI answers 58.
    fn access_key(&mut self, h: &Header, doc_type: DocType, key: &str) {
        match ClaveAcceso::parse(key).and_then(|k| k.parts()) {
            Err(e) => self.err("header.accessKey", e.to_string()),
            Ok(p) => {
                let mut diffs = Vec::new();
                if p.issue_date != h.issue_date {
                    diffs.push("fecha de emisión");
                }
                if p.doc_type != doc_type {
                    diffs.push("tipo de comprobante");
                }
                if p.ruc != h.issuer.ruc {
                    diffs.push("RUC");
                }
                if p.environment != h.environment {
                    diffs.push("ambiente");
                }
                if p.establishment != h.establishment || p.emission_point != h.emission_point {
                    diffs.push("serie");
                }
                if p.sequential != h.sequential {
                    diffs.push("secuencial");
                }
                if h.numeric_code
                    .as_ref()
                    .is_some_and(|c| *c != p.numeric_code)
                {
                    diffs.push("código numérico");
                }
                if !diffs.is_empty() {
                    self.err("header.accessKey", format!(
                        "no corresponde al documento (difiere en: {}); el SRI la rechazaría con el error 58",
                        diffs.join(", ")
                    ));
                }
            }
        }
    }

    fn buyer(&mut self, b: &Buyer, allow_final_consumer: bool) {
        self.party("buyer", b, allow_final_consumer);
    }

    /// A buyer or a supplier withheld from (`prefix`: the field's name): an identification
    /// valid for its type, and a name.
    fn party(&mut self, prefix: &str, b: &Buyer, allow_final_consumer: bool) {
        let field = |name: &str| format!("{prefix}.{name}");
        let id = b.id.trim();
        match b.id_type {
            IdType::Ruc => {
                if let Err(e) = validate_ruc(id) {
                    self.err(field("id"), e);
                }
            }
            IdType::Cedula => {
                if let Err(e) = validate_cedula(id) {
                    self.err(field("id"), e);
                }
            }
            IdType::Pasaporte | IdType::Exterior => {
                if id.is_empty() || id.len() > 20 || !id.bytes().all(|c| c.is_ascii_alphanumeric())
                {
                    self.err(field("id"), "debe tener entre 1 y 20 letras o dígitos");
                }
            }
            IdType::ConsumidorFinal => {
                if !allow_final_consumer {
                    self.err(
                        field("idType"),
                        "las notas de crédito no pueden emitirse a consumidor final: identifique al comprador",
                    );
                } else if id != CONSUMIDOR_FINAL_ID {
                    self.err(
                        field("id"),
                        format!("para consumidor final la identificación es {CONSUMIDOR_FINAL_ID}"),
                    );
                }
            }
        }
        if id == CONSUMIDOR_FINAL_ID && b.id_type != IdType::ConsumidorFinal {
            self.err(
                field("idType"),
                "la identificación 9999999999999 solo se usa con el tipo consumidor final (07)",
            );
        }
        self.text(&field("name"), &b.name, 300);
        self.opt_text(&field("address"), b.address.as_ref(), 300);
    }

    fn items(&mut self, items: &[Item], doc_type: DocType, regime: Regime) {
        if items.is_empty() {
            self.err("items", "debe haber al menos una línea");
        }
        let invoice = doc_type == DocType::Factura;
        for (i, it) in items.iter().enumerate() {
            let f = |name: &str| format!("items[{i}].{name}");
            match &it.main_code {
                Some(code) => self.text(&f("mainCode"), code, 25),
                None if invoice => self.err(
                    f("mainCode"),
                    "es obligatorio en la factura (codigoPrincipal)",
                ),
                None => {}
            }
            self.opt_text(&f("auxCode"), it.aux_code.as_ref(), 25);
            self.text(&f("description"), &it.description, 300);
            if invoice {
                self.opt_text(&f("unit"), it.unit.as_ref(), 50);
            } else if it.unit.is_some() {
                self.err(f("unit"), "la nota de crédito no tiene unidad de medida");
            }
            self.quantity(&f("quantity"), it.quantity, true);
            self.quantity(&f("unitPrice"), it.unit_price, false);
            self.money(&f("discount"), it.discount);
            match iva_rate(&it.iva) {
                None => self.err(
                    f("iva"),
                    format!(
                        "código de IVA desconocido «{}» (use 0, 2, 3, 4, 5, 6, 7, 8 o 10)",
                        it.iva
                    ),
                ),
                Some(rate) => {
                    if invoice && !rate.current {
                        self.err(
                            f("iva"),
                            format!("la tarifa {} ya no está vigente", rate.label),
                        );
                    }
                    if regime == Regime::RimpeNegocioPopular && rate.percent > 0 {
                        self.err(f("iva"), "un negocio popular (RIMPE) no cobra IVA: use una tarifa 0 %, no objeto o exento");
                    }
                }
            }
            if let Some(ice) = &it.ice {
                if !(ice.code.len() == 4 && ice.code.bytes().all(|b| b.is_ascii_digit())) {
                    self.err(f("ice.code"), "debe ser el código ICE de 4 dígitos");
                }
                let t = ice.tariff.normalize();
                if t.is_sign_negative() || decimals(t) > 2 || integer_digits(t) + decimals(t) > 4 {
                    self.err(
                        f("ice.tariff"),
                        "debe ser positiva, con hasta 2 decimales y 4 dígitos en total",
                    );
                }
                if let Some(units) = ice.units {
                    if ice.mode == IceMode::AdValorem {
                        self.err(f("ice.units"), "solo aplica a la tarifa específica");
                    }
                    self.quantity(&f("ice.units"), units, true);
                }
            }
            self.name_values(&f("details"), &it.details, 3);
        }
    }

    fn totals(
        &mut self,
        items: &[Item],
        global_discount: Decimal,
        tip: Decimal,
        expected: Option<Decimal>,
    ) -> Option<Totals> {
        self.money("globalDiscount", global_discount);
        self.money("tip", tip);
        if !self.errors.is_empty() {
            return None;
        }
        match totals::compute(items, global_discount, tip) {
            Err(errs) => {
                self.errors.extend(errs);
                None
            }
            Ok(t) => {
                if integer_digits(t.total) > 12 {
                    self.err("items", "el total del comprobante es demasiado grande");
                }
                if let Some(exp) = expected
                    && exp != t.total
                {
                    self.err(
                        "expectedTotal",
                        format!(
                            "el total indicado ({}) no coincide con el calculado ({})",
                            fmt2(exp),
                            fmt2(t.total)
                        ),
                    );
                }
                Some(t)
            }
        }
    }

    fn invoice(&mut self, inv: &Invoice) -> Option<Totals> {
        self.buyer(&inv.buyer, true);
        if let Some(g) = &inv.remission_guide {
            self.doc_number("remissionGuide", g);
        }
        self.items(&inv.items, DocType::Factura, inv.header.issuer.regime);
        self.text("currency", &inv.currency, 15);
        self.name_values("additionalInfo", &inv.additional_info, 15);
        if inv.payments.is_empty() {
            self.err("payments", "indique al menos una forma de pago");
        }
        for (i, p) in inv.payments.iter().enumerate() {
            if payment_method(&p.method).is_none() {
                self.err(
                    format!("payments[{i}].method"),
                    format!(
                        "forma de pago «{}» no vigente (use 01, 15, 16, 17, 18, 19, 20 o 21)",
                        p.method
                    ),
                );
            }
            self.money(&format!("payments[{i}].amount"), p.amount);
            if let Some(term) = p.term {
                self.money(&format!("payments[{i}].term"), term);
            }
            self.opt_text(&format!("payments[{i}].timeUnit"), p.time_unit.as_ref(), 10);
        }
        let totals = self.totals(&inv.items, inv.global_discount, inv.tip, inv.expected_total)?;
        if inv.buyer.id_type == IdType::ConsumidorFinal && totals.total > CONSUMIDOR_FINAL_LIMIT {
            self.err("buyer", format!(
                "una factura a consumidor final no puede superar USD {} (total {}): identifique al comprador",
                CONSUMIDOR_FINAL_LIMIT,
                fmt2(totals.total)
            ));
        }
        let paid: Decimal = inv.payments.iter().map(|p| p.amount).sum();
        if !inv.payments.is_empty() && paid != totals.total {
            self.err(
                "payments",
                format!(
                    "la suma de los pagos ({}) no coincide con el total de la factura ({})",
                    fmt2(paid),
                    fmt2(totals.total)
                ),
            );
        }
        Some(totals)
    }

    fn credit_note(&mut self, nc: &CreditNote) -> Option<Totals> {
        self.buyer(&nc.buyer, false);
        if nc.buyer.address.is_some() {
            self.err(
                "buyer.address",
                "la nota de crédito no lleva dirección del comprador",
            );
        }
        let m = &nc.modified_document;
        if self.digits("modifiedDocument.docType", &m.doc_type, 2)
            && DocType::from_code(&m.doc_type).is_none()
        {
            self.err(
                "modifiedDocument.docType",
                "tipo de comprobante desconocido",
            );
        }
        self.doc_number("modifiedDocument.number", &m.number);
        self.date_in_range("modifiedDocument.issueDate", m.issue_date);
        if m.issue_date > nc.header.issue_date {
            self.err(
                "modifiedDocument.issueDate",
                "no puede ser posterior a la fecha de la nota de crédito",
            );
        }
        self.text("reason", &nc.reason, 300);
        self.items(&nc.items, DocType::NotaCredito, nc.header.issuer.regime);
        self.text("currency", &nc.currency, 15);
        self.name_values("additionalInfo", &nc.additional_info, 15);
        self.totals(
            &nc.items,
            nc.global_discount,
            Decimal::ZERO,
            nc.expected_total,
        )
    }

    /// A comprobante de retención: an identified supplier and, on each of its documents, the
    /// document's figures, taxes, payments and what is withheld.
    fn withholding(&mut self, r: &Withholding) {
        if r.subject.id_type == IdType::ConsumidorFinal {
            self.err(
                "subject.idType",
                "el sujeto retenido debe estar identificado (no consumidor final)",
            );
        } else {
            self.party("subject", &r.subject, false);
        }
        if r.subject.address.is_some() {
            self.err(
                "subject.address",
                "la retención no lleva dirección del sujeto retenido",
            );
        }
        if r.documents.is_empty() {
            self.err("documents", "debe haber al menos un documento sustento");
        }
        for (i, d) in r.documents.iter().enumerate() {
            self.withheld_document(&format!("documents[{i}]"), d, r.header.issue_date);
        }
        self.name_values("additionalInfo", &r.additional_info, 15);
    }

    fn withheld_document(&mut self, prefix: &str, d: &WithheldDocument, issued: NaiveDate) {
        let f = |name: &str| format!("{prefix}.{name}");
        self.digits(&f("sustento"), &d.sustento, 2);
        self.digits(&f("docType"), &d.doc_type, 2);
        self.doc_number(&f("number"), &d.number);
        self.date_in_range(&f("issueDate"), d.issue_date);
        if d.issue_date > issued {
            self.err(
                f("issueDate"),
                "no puede ser posterior a la fecha de la retención",
            );
        }
        if let Some(auth) = &d.authorization {
            let ok = (10..=49).contains(&auth.len()) && auth.bytes().all(|b| b.is_ascii_digit());
            if !ok {
                self.err(f("authorization"), "debe tener entre 10 y 49 dígitos");
            }
        }
        self.money(&f("totalWithoutTaxes"), d.total_without_taxes);
        self.money(&f("total"), d.total);
        let mut iva = Decimal::ZERO;
        for (j, t) in d.taxes.iter().enumerate() {
            if iva_rate(&t.iva).is_none() {
                self.err(
                    f(&format!("taxes[{j}].iva")),
                    format!("código de IVA desconocido «{}»", t.iva),
                );
            }
            self.money(&f(&format!("taxes[{j}].base")), t.base);
            self.money(&f(&format!("taxes[{j}].value")), t.value);
            iva += t.value;
        }
        if d.withholdings.is_empty() {
            self.err(f("withholdings"), "debe haber al menos una retención");
        }
        let (mut renta_base, mut iva_base) = (Decimal::ZERO, Decimal::ZERO);
        for (j, t) in d.withholdings.iter().enumerate() {
            let g = |name: &str| f(&format!("withholdings[{j}].{name}"));
            let code_ok = (1..=5).contains(&t.code.len())
                && t.code.bytes().all(|b| b.is_ascii_alphanumeric());
            if !code_ok {
                self.err(
                    g("code"),
                    "debe ser el código de retención del SRI (1 a 5 letras o dígitos)",
                );
            }
            self.money(&g("base"), t.base);
            let p = t.percent.normalize();
            if p.is_sign_negative()
                || p > Decimal::ONE_HUNDRED
                || decimals(p) > 2
                || integer_digits(p) + decimals(p) > 3
            {
                self.err(
                    g("percent"),
                    "debe estar entre 0 y 100, con hasta 3 dígitos en total (1.75, 10, 100)",
                );
            }
            match t.kind {
                WithheldTaxKind::Renta => renta_base += t.base,
                WithheldTaxKind::Iva => iva_base += t.base,
                WithheldTaxKind::Isd => {}
            }
        }
        if renta_base > d.total_without_taxes {
            self.err(
                f("withholdings"),
                format!(
                    "la base de la retención de renta ({}) supera el total sin impuestos del documento ({})",
                    fmt2(renta_base),
                    fmt2(d.total_without_taxes)
                ),
            );
        }
        if iva_base > iva {
            self.err(
                f("withholdings"),
                format!(
                    "la base de la retención de IVA ({}) supera el IVA del documento ({})",
                    fmt2(iva_base),
                    fmt2(iva)
                ),
            );
        }
        self.withheld_payments(prefix, &d.payments, d.total);
    }

    /// The payments of a withheld document: methods in force, no term, adding up to its total.
    fn withheld_payments(&mut self, prefix: &str, payments: &[Payment], total: Decimal) {
        if payments.is_empty() {
            self.err(
                format!("{prefix}.payments"),
                "indique al menos una forma de pago",
            );
            return;
        }
        for (j, p) in payments.iter().enumerate() {
            let field = format!("{prefix}.payments[{j}]");
            if payment_method(&p.method).is_none() {
                self.err(
                    format!("{field}.method"),
                    format!("forma de pago «{}» no vigente", p.method),
                );
            }
            self.money(&format!("{field}.amount"), p.amount);
            if p.term.is_some() || p.time_unit.is_some() {
                self.err(
                    format!("{field}.term"),
                    "los pagos de la retención no llevan plazo",
                );
            }
        }
        let paid: Decimal = payments.iter().map(|p| p.amount).sum();
        if paid != total {
            self.err(
                format!("{prefix}.payments"),
                format!(
                    "la suma de los pagos ({}) no coincide con el importe total del documento ({})",
                    fmt2(paid),
                    fmt2(total)
                ),
            );
        }
    }

    fn guide(&mut self, g: &DeliveryGuide) {
        self.text("departureAddress", &g.departure_address, 300);
        let c = &g.carrier;
        let id = c.id.trim();
        match c.id_type {
            IdType::ConsumidorFinal => self.err(
                "carrier.idType",
                "el transportista debe estar identificado (no consumidor final)",
            ),
            IdType::Ruc => {
                if let Err(e) = validate_ruc(id) {
                    self.err("carrier.id", e);
                }
            }
            IdType::Cedula => {
                if let Err(e) = validate_cedula(id) {
                    self.err("carrier.id", e);
                }
            }
            IdType::Pasaporte | IdType::Exterior => self.text("carrier.id", id, 20),
        }
        self.text("carrier.name", &c.name, 300);
        self.text("plate", &g.plate, 20);
        self.date_in_range("transportStart", g.transport_start);
        self.date_in_range("transportEnd", g.transport_end);
        if g.transport_start < g.header.issue_date {
            self.err(
                "transportStart",
                "no puede ser anterior a la fecha de emisión de la guía (error 82 del SRI)",
            );
        }
        if g.transport_end < g.transport_start {
            self.err(
                "transportEnd",
                "no puede ser anterior a la fecha de inicio del transporte",
            );
        }
        if g.recipients.is_empty() {
            self.err("recipients", "debe haber al menos un destinatario");
        }
        for (i, r) in g.recipients.iter().enumerate() {
            let f = |name: &str| format!("recipients[{i}].{name}");
            self.text(&f("id"), &r.id, 20);
            if r.id.trim() == CONSUMIDOR_FINAL_ID {
                self.err(
                    f("id"),
                    "la guía de remisión no puede emitirse a consumidor final",
                );
            }
            self.text(&f("name"), &r.name, 300);
            self.text(&f("address"), &r.address, 300);
            self.text(&f("transferReason"), &r.transfer_reason, 300);
            self.opt_text(&f("customsDocument"), r.customs_document.as_ref(), 20);
            if let Some(e) = &r.destination_establishment {
                self.digits(&f("destinationEstablishment"), e, 3);
            }
            self.opt_text(&f("route"), r.route.as_ref(), 300);
            if let Some(s) = &r.support_document {
                self.digits(&f("supportDocument.docType"), &s.doc_type, 2);
                self.doc_number(&f("supportDocument.number"), &s.number);
                if let Some(a) = &s.authorization
                    && (!matches!(a.len(), 10 | 37 | 49) || !a.bytes().all(|b| b.is_ascii_digit()))
                {
                    self.err(
                        f("supportDocument.authorization"),
                        "debe tener 10, 37 o 49 dígitos",
                    );
                }
                if let Some(date) = s.issue_date {
                    self.date_in_range(&f("supportDocument.issueDate"), date);
                    if date > g.header.issue_date {
                        self.err(
                            f("supportDocument.issueDate"),
                            "no puede ser posterior a la fecha de la guía",
                        );
                    }
                }
            }
            if r.items.is_empty() {
                self.err(
                    f("items"),
                    "debe haber al menos un producto por destinatario",
                );
            }
            for (j, it) in r.items.iter().enumerate() {
                let fi = |name: &str| format!("recipients[{i}].items[{j}].{name}");
                self.opt_text(&fi("internalCode"), it.internal_code.as_ref(), 25);
                self.opt_text(&fi("extraCode"), it.extra_code.as_ref(), 25);
                self.text(&fi("description"), &it.description, 300);
                self.quantity(&fi("quantity"), it.quantity, true);
                self.name_values(&fi("details"), &it.details, 3);
            }
        }
        self.name_values("additionalInfo", &g.additional_info, 15);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sri::catalog::Regime;
    use crate::sri::fixtures::{self, context, d, date};
    use crate::sri::model::{Buyer, Comprobante};

    fn errors(doc: &Comprobante) -> Vec<FieldError> {
        validate(doc, &context())
            .err()
            .map(|e| e.0)
            .unwrap_or_default()
    }

    fn has(errs: &[FieldError], field: &str, text: &str) -> bool {
        errs.iter()
            .any(|e| e.field == field && e.message.contains(text))
    }

    fn invoice_with(f: impl FnOnce(&mut crate::sri::model::Invoice)) -> Comprobante {
        let mut inv = fixtures::invoice_struct();
        f(&mut inv);
        Comprobante::Invoice(inv)
    }

    #[test]
    fn fixtures_are_valid() {
        for doc in [
            fixtures::invoice(),
            fixtures::credit_note(),
            fixtures::guide(),
            fixtures::withholding(),
        ] {
            assert_eq!(errors(&doc), vec![]);
        }
    }

    #[test]
    fn a_withholding_names_each_problem() {
        let mut r = fixtures::withholding_struct();
        r.subject = crate::sri::model::Buyer::consumidor_final();
        let d = &mut r.documents[0];
        d.number = "001002000000456".into();
        d.issue_date = fixtures::date(2024, 5, 13);
        d.authorization = Some("12AB".into());
        d.withholdings[0].base = fixtures::d("100.01");
        d.withholdings[1].percent = fixtures::d("10.25");
        d.withholdings[1].base = fixtures::d("15.01");
        d.payments[0].amount = fixtures::d("100");
        let errs = errors(&Comprobante::Withholding(r));
        assert!(
            has(&errs, "subject.idType", "no consumidor final"),
            "{errs:?}"
        );
        assert!(has(&errs, "documents[0].number", "001-001-000000001"));
        assert!(has(
            &errs,
            "documents[0].issueDate",
            "posterior a la fecha de la retención"
        ));
        assert!(has(
            &errs,
            "documents[0].authorization",
            "entre 10 y 49 dígitos"
        ));
        assert!(has(
            &errs,
            "documents[0].withholdings[1].percent",
            "hasta 3 dígitos"
        ));
        assert!(has(
            &errs,
            "documents[0].withholdings",
            "base de la retención de renta (100.01)"
        ));
        assert!(has(
            &errs,
            "documents[0].withholdings",
            "base de la retención de IVA (15.01)"
        ));
        assert!(has(
            &errs,
            "documents[0].payments",
            "suma de los pagos (100.00)"
        ));
        let mut empty = fixtures::withholding_struct();
        empty.documents.clear();
        let errs = errors(&Comprobante::Withholding(empty));
        assert!(has(&errs, "documents", "al menos un documento sustento"));
    }

    #[test]
    fn consumidor_final_up_to_50_dollars() {
        let small = invoice_with(|inv| inv.buyer = Buyer::consumidor_final());
        assert_eq!(errors(&small), vec![]);
        let big = invoice_with(|inv| {
            inv.buyer = Buyer::consumidor_final();
            inv.items[2].quantity = d("40");
            inv.payments[0].amount = d("59.56");
        });
        let errs = errors(&big);
        assert!(has(&errs, "buyer", "USD 50"), "{errs:?}");
        let wrong_id = invoice_with(|inv| {
            inv.buyer = Buyer::consumidor_final();
            inv.buyer.id = "9999999999".into();
        });
        assert!(has(&errors(&wrong_id), "buyer.id", "9999999999999"));
        let disguised = invoice_with(|inv| {
            inv.buyer.id_type = IdType::Pasaporte;
            inv.buyer.id = "9999999999999".into();
        });
        assert!(has(&errors(&disguised), "buyer.idType", "consumidor final"));
    }

    #[test]
    fn credit_note_and_guide_never_to_consumidor_final() {
        let mut nc = fixtures::credit_note();
        if let Comprobante::CreditNote(n) = &mut nc {
            n.buyer = Buyer::consumidor_final();
        }
        assert!(has(
            &errors(&nc),
            "buyer.idType",
            "no pueden emitirse a consumidor final"
        ));
        let mut g = fixtures::guide();
        if let Comprobante::DeliveryGuide(g) = &mut g {
            g.carrier.id_type = IdType::ConsumidorFinal;
            g.recipients[0].id = "9999999999999".into();
        }
        let errs = errors(&g);
        assert!(has(&errs, "carrier.idType", "identificado"), "{errs:?}");
        assert!(
            has(&errs, "recipients[0].id", "consumidor final"),
            "{errs:?}"
        );
    }

    #[test]
    fn identification_rules() {
        let bad_cedula = invoice_with(|inv| inv.buyer.id = "1710034066".into());
        assert!(has(&errors(&bad_cedula), "buyer.id", "verificador"));
        let bad_ruc = invoice_with(|inv| inv.header.issuer.ruc = "1714307104001".into());
        assert!(has(&errors(&bad_ruc), "header.issuer.ruc", "no es válido"));
        let company = invoice_with(|inv| {
            inv.buyer.id_type = IdType::Ruc;
            inv.buyer.id = "1793213150001".into();
        });
        assert_eq!(errors(&company), vec![]);
    }

    #[test]
    fn amounts_must_add_up() {
        let wrong_payment = invoice_with(|inv| inv.payments[0].amount = d("12.79"));
        assert!(has(&errors(&wrong_payment), "payments", "no coincide"));
        let two_payments = invoice_with(|inv| {
            let mut card = inv.payments[0].clone();
            card.method = "19".into();
            card.amount = d("2.80");
            inv.payments[0].amount = d("10.00");
            inv.payments.push(card);
        });
        assert_eq!(errors(&two_payments), vec![]);
        let expected = invoice_with(|inv| inv.expected_total = Some(d("12.81")));
        assert!(has(&errors(&expected), "expectedTotal", "12.80"));
        let ok = invoice_with(|inv| inv.expected_total = Some(d("12.8")));
        assert_eq!(errors(&ok), vec![]);
        let old_method = invoice_with(|inv| inv.payments[0].method = "02".into());
        assert!(has(
            &errors(&old_method),
            "payments[0].method",
            "no vigente"
        ));
    }

    #[test]
    fn schema_limits() {
        let doc = invoice_with(|inv| {
            inv.items[0].quantity = d("1.1234567");
            inv.items[0].discount = d("0.105");
            inv.items[1].description = "x".repeat(301);
            inv.items[2].description = "Pan\nintegral".into();
            inv.items[2].details = vec![
                crate::sri::model::NameValue {
                    name: "a".into(),
                    value: "1".into()
                };
                4
            ];
            inv.header.issuer.withholding_agent = Some("0012".into());
            inv.header.issuer.special_taxpayer = Some("1".into());
            inv.header.establishment = "000".into();
            inv.remission_guide = Some("001-001-123".into());
            inv.items[1].main_code = None;
        });
        let errs = errors(&doc);
        for (field, text) in [
            ("items[0].quantity", "6 decimales"),
            ("items[0].discount", "2 decimales"),
            ("items[1].description", "entre 1 y 300"),
            ("items[2].description", "saltos de línea"),
            ("items[2].details", "como máximo 3"),
            ("header.issuer.withholdingAgent", "sin ceros"),
            ("header.issuer.specialTaxpayer", "entre 3 y 13"),
            ("header.establishment", "000"),
            ("remissionGuide", "001-001-000000001"),
            ("items[1].mainCode", "obligatorio"),
        ] {
            assert!(has(&errs, field, text), "{field}: {errs:#?}");
        }
    }

    #[test]
    fn dates() {
        let future = invoice_with(|inv| inv.header.issue_date = date(2024, 5, 13));
        assert!(has(&errors(&future), "header.issueDate", "posterior a hoy"));
        let old = invoice_with(|inv| inv.header.issue_date = date(2024, 1, 1));
        assert!(has(&errors(&old), "header.issueDate", "extemporánea"));
        let mut g = fixtures::guide();
        if let Comprobante::DeliveryGuide(g) = &mut g {
            g.transport_start = date(2024, 5, 9);
        }
        let errs = errors(&g);
        assert!(has(&errs, "transportStart", "error 82"), "{errs:?}");
        let mut nc = fixtures::credit_note();
        if let Comprobante::CreditNote(n) = &mut nc {
            n.modified_document.issue_date = date(2024, 5, 13);
        }
        assert!(has(&errors(&nc), "modifiedDocument.issueDate", "posterior"));
    }

    #[test]
    fn access_key_must_match_the_document() {
        let key = fixtures::invoice_clave();
        let ok = invoice_with(|inv| inv.header.access_key = Some(key.clone()));
        assert_eq!(errors(&ok), vec![]);
        let other = invoice_with(|inv| {
            inv.header.access_key = Some(key.clone());
            inv.header.sequential = 124;
        });
        assert!(has(&errors(&other), "header.accessKey", "secuencial"));
        let mut broken = key.clone();
        broken.replace_range(48..49, if key.ends_with('0') { "1" } else { "0" });
        let bad = invoice_with(|inv| inv.header.access_key = Some(broken));
        assert!(has(&errors(&bad), "header.accessKey", "verificador"));
    }

    #[test]
    fn regime_and_rates() {
        let popular = invoice_with(|inv| inv.header.issuer.regime = Regime::RimpeNegocioPopular);
        assert!(has(&errors(&popular), "items[0].iva", "negocio popular"));
        let historic = invoice_with(|inv| inv.items[0].iva = "2".into());
        assert!(has(&errors(&historic), "items[0].iva", "vigente"));
        let mut nc = fixtures::credit_note();
        if let Comprobante::CreditNote(n) = &mut nc {
            n.items[0].iva = "2".into();
            n.expected_total = None;
        }
        assert_eq!(
            errors(&nc),
            vec![],
            "a credit note may use the sustento's historic rate"
        );
        let unknown = invoice_with(|inv| inv.items[0].iva = "9".into());
        assert!(has(&errors(&unknown), "items[0].iva", "desconocido"));
    }
}
