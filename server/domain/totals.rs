//! The one place where document amounts are computed, with the SRI's arithmetic.
//!
//! Rules (Ficha técnica Tabla 21, Anexos 1/3; PRODUCT.md §4):
//! - line gross = cantidad × precioUnitario rounded to 2 decimals (half-up);
//! - the document's global discount is spread over the lines in proportion to their
//!   net (largest remainder, so the cents add up exactly) and added to each line's
//!   `descuento`; `precioTotalSinImpuesto` = gross − descuento. Carrying the global
//!   discount on the lines keeps every relation the SRI checks (error 52) exact at
//!   line and at document level, so `descuentoAdicional` is never used;
//! - ICE first (ad valorem on the line net or specific per unit); ICE is part of the
//!   IVA base; IRBPNR is USD 0.02 per bottle and outside the IVA base;
//! - taxes are grouped by (impuesto, codigoPorcentaje, tarifa); each group's `valor` is
//!   the exact sum of its lines' amounts rounded once to 2 decimals;
//! - importeTotal = Σ line nets + Σ group values + propina.
//!
//! The XML writer and every screen (RIDE, lists, POS) read these numbers.

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde::Serialize;

use serde::Deserialize;

use super::FieldError;
use super::money::{money, serde_decimal};
use super::taxes::{IRBPNR_CODE, IRBPNR_TARIFF, TaxKind, iva_rate};

const HUNDRED: Decimal = Decimal::ONE_HUNDRED;

/// How ICE is charged on a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum IceMode {
    /// Percentage of the line net (`tarifa` = percent).
    AdValorem,
    /// Fixed amount per unit (`tarifa` = USD per unit).
    Specific,
}

/// ICE on a line. The tariff comes from the product (it changes yearly), so it is
/// data of the line, not of the engine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IceTax {
    /// `codigoPorcentaje`: 4-digit ICE product code (e.g. `"3053"`).
    pub code: String,
    /// Percent (ad valorem) or USD per unit (specific).
    #[serde(with = "serde_decimal")]
    pub tariff: Decimal,
    /// Ad valorem or specific.
    pub mode: IceMode,
    /// Units the specific tariff applies to; defaults to the line quantity.
    #[serde(
        default,
        with = "serde_decimal::option",
        skip_serializing_if = "Option::is_none"
    )]
    pub units: Option<Decimal>,
}

/// What the totals need of a document line: a factura or nota de crédito item of the SRI engine,
/// a line of a sales note, a quote or a purchase. Every document computes its amounts through
/// [`compute`] over its lines, so a screen, a printout and the XML never disagree by a cent.
pub trait Taxable {
    /// Quantity, up to 6 decimals.
    fn quantity(&self) -> Decimal;
    /// Unit price without taxes, up to 6 decimals.
    fn unit_price(&self) -> Decimal;
    /// The line's own discount in USD (the document's global discount is added by [`compute`]).
    fn discount(&self) -> Decimal;
    /// IVA `codigoPorcentaje` (see [`super::taxes::IVA_RATES`]).
    fn iva_code(&self) -> &str;
    /// ICE, for products subject to it.
    fn ice(&self) -> Option<&IceTax> {
        None
    }
    /// Non-returnable plastic bottles (IRBPNR, USD 0.02 each).
    fn irbpnr_bottles(&self) -> Option<u32> {
        None
    }
}

/// A tax applied to one line (`detalle/impuestos/impuesto`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LineTax {
    /// IVA, ICE or IRBPNR.
    pub kind: TaxKind,
    /// `codigoPorcentaje`.
    pub code: String,
    /// `tarifa`: percent (IVA, ICE ad valorem) or USD per unit (ICE specific, IRBPNR).
    pub tariff: Decimal,
    /// `baseImponible` (for IRBPNR: number of bottles).
    pub base: Decimal,
    /// `valor`, rounded to 2 decimals.
    pub value: Decimal,
}

/// Amounts of one line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LineTotals {
    /// cantidad × precioUnitario, rounded.
    pub gross: Decimal,
    /// `descuento`: the line's own discount plus its share of the global discount.
    pub discount: Decimal,
    /// The part of `discount` that comes from the global discount.
    pub global_discount_share: Decimal,
    /// `precioTotalSinImpuesto`.
    pub net: Decimal,
    /// Taxes of the line, IVA first.
    pub taxes: Vec<LineTax>,
    /// The line's share of its IVA group's `valor`: the group's value (rounded once) apportioned
    /// over its lines by largest remainder, so the lines of a document add up to its IVA and a
    /// report grouped by product totals what one grouped by document does. Each share is its
    /// line's exact IVA rounded down or up to the cent. What a sale stores per line; the XML
    /// keeps each line's own rounded value ([`LineTax::value`]).
    #[serde(skip)]
    pub iva_share: Decimal,
}

/// One `totalImpuesto` group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaxGroup {
    /// IVA, ICE or IRBPNR.
    pub kind: TaxKind,
    /// `codigoPorcentaje`.
    pub code: String,
    /// `tarifa`.
    pub tariff: Decimal,
    /// `baseImponible`: sum of the lines' bases.
    pub base: Decimal,
    /// `valor`: exact sum of the lines' amounts, rounded once.
    pub value: Decimal,
    /// Label for screens ("IVA 15 %", "ICE 3053", "IRBPNR").
    pub label: String,
}

/// Every amount of a factura or nota de crédito.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    /// Per line, in item order.
    pub lines: Vec<LineTotals>,
    /// Σ gross (subtotal before any discount).
    pub gross: Decimal,
    /// `totalDescuento`: Σ line discounts (global discount included).
    pub total_discount: Decimal,
    /// `totalSinImpuestos`: Σ line nets.
    pub total_without_taxes: Decimal,
    /// `totalConImpuestos`, ordered by impuesto then codigoPorcentaje.
    pub groups: Vec<TaxGroup>,
    /// Σ IVA group values.
    pub iva: Decimal,
    /// Σ ICE group values.
    pub ice: Decimal,
    /// Σ IRBPNR group values.
    pub irbpnr: Decimal,
    /// `propina`.
    pub tip: Decimal,
    /// `importeTotal` (factura) / `valorModificacion` (nota de crédito).
    pub total: Decimal,
}

impl Totals {
    /// Base of the IVA group with this `codigoPorcentaje` (zero when absent): its
    /// `baseImponible`, ICE included — not the RIDE's "SUBTOTAL 15 %", which leaves the ICE out.
    pub fn iva_base(&self, code: &str) -> Decimal {
        self.groups
            .iter()
            .filter(|g| g.kind == TaxKind::Iva && g.code == code)
            .map(|g| g.base)
            .sum()
    }

    /// Value of the IVA group with this `codigoPorcentaje` (zero when absent).
    pub fn iva_value(&self, code: &str) -> Decimal {
        self.groups
            .iter()
            .filter(|g| g.kind == TaxKind::Iva && g.code == code)
            .map(|g| g.value)
            .sum()
    }
}

/// What the earlier parts of a split bill charged in one IVA rate: the sum of their lines' bases
/// and the sum of the IVA they stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EarlierIva {
    /// `codigoPorcentaje`.
    pub code: String,
    /// Σ of the earlier lines' IVA bases (each exact to the cent).
    pub base: Decimal,
    /// Σ of the IVA the earlier parts charged for them.
    pub value: Decimal,
}

impl Totals {
    /// Makes these totals the last part of a split bill whose earlier parts are `earlier`: each
    /// IVA group's value becomes what the whole bill's group would be (its bases summed, rounded
    /// once) minus what the earlier parts already charged, so the parts add up to the whole to
    /// the cent. The lines' shares and the totals follow. Each part rounds its IVA once, so a
    /// group moves by less than a cent per earlier part; a bigger difference means the earlier
    /// parts were priced otherwise (a price changed meanwhile) and the group is left as computed.
    /// Only for documents that are not sent to the SRI: a comprobante's IVA must be its own base
    /// × rate, rounded once (error 52).
    pub fn take_remainder(&mut self, earlier: &[EarlierIva], parts: usize) {
        let cent = Decimal::new(1, 2);
        let most = cent * Decimal::from(parts.max(1));
        let mut changed = false;
        for group in self.groups.iter_mut().filter(|g| g.kind == TaxKind::Iva) {
            let (base, value) = earlier
                .iter()
                .filter(|e| e.code == group.code)
                .fold((Decimal::ZERO, Decimal::ZERO), |(b, v), e| {
                    (b + e.base, v + e.value)
                });
            let whole = money((base + group.base) * group.tariff / HUNDRED);
            let remainder = whole - value;
            if remainder == group.value
                || remainder.is_sign_negative()
                || (remainder - group.value).abs() > most
            {
                continue;
            }
            group.value = remainder;
            changed = true;
            let members: Vec<(usize, Decimal)> = self
                .lines
                .iter()
                .enumerate()
                .filter_map(|(i, l)| {
                    l.taxes
                        .iter()
                        .find(|t| t.kind == TaxKind::Iva && t.code == group.code)
                        .map(|t| (i, t.base * group.tariff / HUNDRED))
                })
                .collect();
            for (i, _) in &members {
                self.lines[*i].iva_share = Decimal::ZERO;
            }
            for (i, share) in apportion(remainder, &members) {
                self.lines[i].iva_share += share;
            }
        }
        if changed {
            let iva: Decimal = self
                .groups
                .iter()
                .filter(|g| g.kind == TaxKind::Iva)
                .map(|g| g.value)
                .sum();
            self.total = money(self.total - self.iva + iva);
            self.iva = iva;
        }
    }
}

impl Totals {
    /// The totals of a stored document recomputed from its lines, with each line's IVA share as
    /// it was stored (`shares`, in line order): each IVA group's value is the sum of its lines'
    /// shares — what the document charged. The same as computed, except for the last part of a
    /// split bill ([`Totals::take_remainder`]).
    pub fn with_stored_iva(mut self, shares: &[Decimal]) -> Totals {
        if shares.len() != self.lines.len() {
            return self;
        }
        for (line, share) in self.lines.iter_mut().zip(shares) {
            line.iva_share = *share;
        }
        for group in self.groups.iter_mut().filter(|g| g.kind == TaxKind::Iva) {
            group.value = self
                .lines
                .iter()
                .filter(|l| {
                    l.taxes
                        .iter()
                        .any(|t| t.kind == TaxKind::Iva && t.code == group.code)
                })
                .map(|l| l.iva_share)
                .sum();
        }
        let iva: Decimal = self
            .groups
            .iter()
            .filter(|g| g.kind == TaxKind::Iva)
            .map(|g| g.value)
            .sum();
        self.total = money(self.total - self.iva + iva);
        self.iva = iva;
        self
    }
}

/// The plainest [`Taxable`]: the amounts and codes of a line and nothing else (previews, quotes,
/// tests).
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub quantity: Decimal,
    pub unit_price: Decimal,
    pub discount: Decimal,
    pub iva: String,
    pub ice: Option<IceTax>,
    pub irbpnr_bottles: Option<u32>,
}

impl Taxable for Line {
    fn quantity(&self) -> Decimal {
        self.quantity
    }
    fn unit_price(&self) -> Decimal {
        self.unit_price
    }
    fn discount(&self) -> Decimal {
        self.discount
    }
    fn iva_code(&self) -> &str {
        &self.iva
    }
    fn ice(&self) -> Option<&IceTax> {
        self.ice.as_ref()
    }
    fn irbpnr_bottles(&self) -> Option<u32> {
        self.irbpnr_bottles
    }
}

/// Sort key of a tax group: impuesto, numeric codigoPorcentaje, tariff.
type GroupKey = (TaxKind, u32, String);
/// Accumulator of a tax group: code, tariff, Σ bases, Σ exact amounts.
type GroupAcc = (String, Decimal, Decimal, Decimal);

/// Computes all amounts. Errors name the offending field (`items[2].discount`…).
pub fn compute<T: Taxable>(
    items: &[T],
    global_discount: Decimal,
    tip: Decimal,
) -> Result<Totals, Vec<FieldError>> {
    let gross = line_gross(items)?;
    let before_global: Vec<Decimal> = items
        .iter()
        .zip(&gross)
        .map(|(item, g)| g - item.discount())
        .collect();
    let shares = spread(global_discount, &before_global)
        .map_err(|m| vec![FieldError::new("globalDiscount", m)])?;

    let mut book = TaxBook::new(items.len());
    let mut lines = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let net = before_global[i] - shares[i];
        let taxes = book.line_taxes(i, item, net);
        lines.push(LineTotals {
            gross: gross[i],
            discount: money(item.discount() + shares[i]),
            global_discount_share: money(shares[i]),
            net: money(net),
            taxes,
            iva_share: Decimal::ZERO,
        });
    }
    book.apportion_iva(&mut lines);
    let groups = book.into_groups();
    Ok(document_totals(&gross, lines, groups, tip))
}

/// Each line's gross (cantidad × precioUnitario, rounded), checked first so that every line's
/// problems are reported at once: a discount above its line's value, an unknown IVA code.
fn line_gross<T: Taxable>(items: &[T]) -> Result<Vec<Decimal>, Vec<FieldError>> {
    let mut errors = Vec::new();
    let mut gross = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let g = money(item.quantity() * item.unit_price());
        if item.discount() > g {
            errors.push(FieldError::new(
                format!("items[{i}].discount"),
                format!(
                    "el descuento ({}) supera el valor de la línea ({g})",
                    item.discount()
                ),
            ));
        }
        if iva_rate(item.iva_code()).is_none() {
            errors.push(FieldError::new(
                format!("items[{i}].iva"),
                format!("código de IVA desconocido «{}»", item.iva_code()),
            ));
        }
        gross.push(g);
    }
    if errors.is_empty() {
        Ok(gross)
    } else {
        Err(errors)
    }
}

/// The key of a tax's group: its kind, its numeric code and its normalized tariff.
fn group_key(kind: TaxKind, code: &str, tariff: Decimal) -> GroupKey {
    (
        kind,
        code.parse().unwrap_or(u32::MAX),
        tariff.normalize().to_string(),
    )
}

/// The tax groups of a document as its lines are computed. Groups add exact (unrounded) amounts,
/// so each group's value is rounded once; each line's exact IVA is kept with its group so the
/// group's rounded value can then be shared back over its lines.
struct TaxBook {
    /// Exact amounts per group, keyed by (kind, numeric code, tariff).
    groups: BTreeMap<GroupKey, GroupAcc>,
    /// Each line's exact IVA and its group, for the lines' shares of the groups' values.
    iva_exact: Vec<Option<(GroupKey, Decimal)>>,
}

impl TaxBook {
    fn new(lines: usize) -> TaxBook {
        TaxBook {
            groups: BTreeMap::new(),
            iva_exact: vec![None; lines],
        }
    }

    /// Adds one tax of a line to its group (exact amounts) and returns the line's own tax, its
    /// base and value rounded to the cent.
    fn add(
        &mut self,
        kind: TaxKind,
        code: &str,
        tariff: Decimal,
        base: Decimal,
        exact: Decimal,
    ) -> LineTax {
        let acc = self
            .groups
            .entry(group_key(kind, code, tariff))
            .or_insert_with(|| (code.to_string(), tariff, Decimal::ZERO, Decimal::ZERO));
        acc.2 += base;
        acc.3 += exact;
        LineTax {
            kind,
            code: code.to_string(),
            tariff: tariff.normalize(),
            base: money(base),
            value: money(exact),
        }
    }

    /// The taxes of line `i` (net `net`), IVA first: ICE before IVA because the line's rounded ICE
    /// is part of its IVA base; IRBPNR per bottle, outside the IVA base.
    fn line_taxes<T: Taxable>(&mut self, i: usize, item: &T, net: Decimal) -> Vec<LineTax> {
        let mut taxes = Vec::new();
        let ice_value = match item.ice() {
            Some(ice) => {
                let exact = match ice.mode {
                    IceMode::AdValorem => net * ice.tariff / HUNDRED,
                    IceMode::Specific => ice.units.unwrap_or(item.quantity()) * ice.tariff,
                };
                let tax = self.add(TaxKind::Ice, &ice.code, ice.tariff, net, exact);
                let value = tax.value;
                taxes.push(tax);
                value
            }
            None => Decimal::ZERO,
        };
        if let Some(rate) = iva_rate(item.iva_code()) {
            let base = net + ice_value;
            let percent = Decimal::from(rate.percent);
            let exact = base * percent / HUNDRED;
            taxes.push(self.add(TaxKind::Iva, rate.code, percent, base, exact));
            self.iva_exact[i] = Some((group_key(TaxKind::Iva, rate.code, percent), exact));
        }
        if let Some(bottles) = item.irbpnr_bottles().filter(|b| *b > 0) {
            let n = Decimal::from(bottles);
            taxes.push(self.add(
                TaxKind::Irbpnr,
                IRBPNR_CODE,
                IRBPNR_TARIFF,
                n,
                n * IRBPNR_TARIFF,
            ));
        }
        taxes.sort_by_key(|t| t.kind);
        taxes
    }

    /// Shares each IVA group's value (rounded once) over its lines ([`LineTotals::iva_share`]),
    /// so the lines add up to the document's IVA.
    fn apportion_iva(&self, lines: &mut [LineTotals]) {
        for (key, (_, _, _, exact_sum)) in &self.groups {
            if key.0 != TaxKind::Iva {
                continue;
            }
            let members: Vec<(usize, Decimal)> = self
                .iva_exact
                .iter()
                .enumerate()
                .filter_map(|(i, e)| e.as_ref().filter(|(k, _)| k == key).map(|(_, x)| (i, *x)))
                .collect();
            for (i, share) in apportion(money(*exact_sum), &members) {
                lines[i].iva_share += share;
            }
        }
    }

    /// The `totalImpuesto` groups, ordered by impuesto then codigoPorcentaje, each value rounded
    /// once.
    fn into_groups(self) -> Vec<TaxGroup> {
        self.groups
            .into_iter()
            .map(|((kind, _, _), (code, tariff, base, exact))| {
                let label = group_label(kind, &code);
                let base = money(base);
                TaxGroup {
                    kind,
                    code,
                    tariff: tariff.normalize(),
                    base,
                    value: money(exact),
                    label,
                }
            })
            .collect()
    }
}

/// A group's label for screens ("IVA 15 %", "ICE 3053", "IRBPNR").
fn group_label(kind: TaxKind, code: &str) -> String {
    match kind {
        TaxKind::Iva => {
            iva_rate(code).map_or_else(|| format!("IVA {code}"), |r| r.label.to_string())
        }
        TaxKind::Ice => format!("ICE {code}"),
        TaxKind::Irbpnr => "IRBPNR".to_string(),
    }
}

/// The document's amounts from its lines and groups: each tax is the sum of its groups' values,
/// and `importeTotal` adds the lines' nets, the taxes and the tip.
fn document_totals(
    gross: &[Decimal],
    lines: Vec<LineTotals>,
    groups: Vec<TaxGroup>,
    tip: Decimal,
) -> Totals {
    let sum_kind = |k: TaxKind| {
        groups
            .iter()
            .filter(|g| g.kind == k)
            .map(|g| g.value)
            .sum::<Decimal>()
    };
    let (iva, ice, irbpnr) = (
        sum_kind(TaxKind::Iva),
        sum_kind(TaxKind::Ice),
        sum_kind(TaxKind::Irbpnr),
    );
    let total_without_taxes: Decimal = lines.iter().map(|l| l.net).sum();
    Totals {
        gross: money(gross.iter().copied().sum()),
        total_discount: money(lines.iter().map(|l| l.discount).sum()),
        total_without_taxes: money(total_without_taxes),
        iva: money(iva),
        ice: money(ice),
        irbpnr: money(irbpnr),
        tip: money(tip),
        total: money(total_without_taxes + iva + ice + irbpnr + tip),
        groups,
        lines,
    }
}

/// `target` (a group's value, 2 decimals) split over its lines' exact amounts `members`
/// (`(line, exact)`): each exact amount rounded down to the cent, then a cent more for the
/// largest remainders (earlier lines first on a tie) until the shares add up to `target`. A
/// target below the rounded-down amounts (a split bill's last part, [`Totals::take_remainder`])
/// takes cents back from the smallest remainders, never below zero.
fn apportion(target: Decimal, members: &[(usize, Decimal)]) -> Vec<(usize, Decimal)> {
    let cent = Decimal::new(1, 2);
    let mut shares: Vec<(usize, Decimal, Decimal)> = members
        .iter()
        .map(|(i, exact)| {
            let floor = (exact / cent).floor() * cent;
            (*i, floor, exact - floor)
        })
        .collect();
    let mut left = target - shares.iter().map(|(_, f, _)| *f).sum::<Decimal>();
    let mut order: Vec<usize> = (0..shares.len()).collect();
    order.sort_by(|a, b| shares[*b].2.cmp(&shares[*a].2).then(a.cmp(b)));
    while left >= cent && !order.is_empty() {
        for &k in &order {
            if left < cent {
                break;
            }
            shares[k].1 += cent;
            left -= cent;
        }
    }
    while left <= -cent && shares.iter().any(|s| s.1 >= cent) {
        for &k in order.iter().rev() {
            if left > -cent {
                break;
            }
            if shares[k].1 >= cent {
                shares[k].1 -= cent;
                left += cent;
            }
        }
    }
    shares.into_iter().map(|(i, share, _)| (i, share)).collect()
}

/// Splits `amount` (2 decimals) over `weights` proportionally, to the cent, with the
/// largest-remainder method; the shares add up exactly to `amount` and no share exceeds
/// its weight.
fn spread(amount: Decimal, weights: &[Decimal]) -> Result<Vec<Decimal>, String> {
    if amount.is_zero() {
        return Ok(vec![Decimal::ZERO; weights.len()]);
    }
    if amount.is_sign_negative() {
        return Err("el descuento global no puede ser negativo".into());
    }
    let total: Decimal = weights.iter().sum();
    if amount > total {
        return Err(format!(
            "el descuento global ({amount}) supera el subtotal de las líneas ({total})"
        ));
    }
    let cent = Decimal::new(1, 2);
    let mut shares = Vec::with_capacity(weights.len());
    let mut remainders = Vec::with_capacity(weights.len());
    for (i, w) in weights.iter().enumerate() {
        let exact = amount * w / total;
        let floor = (exact / cent).floor() * cent;
        shares.push(floor);
        remainders.push((exact - floor, i));
    }
    let mut left = amount - shares.iter().sum::<Decimal>();
    remainders.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, i) in remainders {
        if left <= Decimal::ZERO {
            break;
        }
        if shares[i] + cent <= weights[i] {
            shares[i] += cent;
            left -= cent;
        }
    }
    Ok(shares)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn lines_share_their_group_iva_to_the_cent() {
        // Three lines of 0.10 at 15 %: each line's IVA rounds to 0.02 (0.06 in all), the
        // group's rounds once to 0.05; the shares are 0.02, 0.02 and 0.01.
        let line = |price: &str| Line {
            quantity: d("1"),
            unit_price: d(price),
            discount: Decimal::ZERO,
            iva: "4".into(),
            ice: None,
            irbpnr_bottles: None,
        };
        let t = compute(
            &[line("0.10"), line("0.10"), line("0.10")],
            Decimal::ZERO,
            Decimal::ZERO,
        )
        .unwrap();
        assert_eq!(t.iva, d("0.05"));
        let shares: Vec<Decimal> = t.lines.iter().map(|l| l.iva_share).collect();
        assert_eq!(shares, [d("0.02"), d("0.02"), d("0.01")]);
        // Each line's own value in the XML stays its rounding.
        assert!(t.lines.iter().all(|l| l.taxes[0].value == d("0.02")));
        // Lines without IVA (code 0) share nothing; mixed rates share within their group.
        let t = compute(
            &[line("13.90"), line("19.90")],
            Decimal::ZERO,
            Decimal::ZERO,
        )
        .unwrap();
        let sum: Decimal = t.lines.iter().map(|l| l.iva_share).sum();
        assert_eq!(sum, t.iva);
    }

    fn item(qty: &str, price: &str, discount: &str, iva: &str) -> Line {
        Line {
            quantity: d(qty),
            unit_price: d(price),
            discount: d(discount),
            iva: iva.into(),
            ice: None,
            irbpnr_bottles: None,
        }
    }

    #[test]
    fn single_line_15_percent() {
        let t = compute(&[item("1", "10", "0", "4")], Decimal::ZERO, Decimal::ZERO).unwrap();
        assert_eq!(t.total_without_taxes, d("10.00"));
        assert_eq!(t.iva, d("1.50"));
        assert_eq!(t.total, d("11.50"));
        assert_eq!(t.groups.len(), 1);
        assert_eq!(t.groups[0].label, "IVA 15 %");
    }

    #[test]
    fn the_last_part_of_a_split_takes_the_remainder() {
        let line = |price: &str| Line {
            quantity: d("1"),
            unit_price: d(price),
            discount: Decimal::ZERO,
            iva: "4".into(),
            ice: None,
            irbpnr_bottles: None,
        };
        // Whole: 2.06 × 15 % = 0.309 → 0.31, total 2.37; each half alone: 0.1545 → 0.15, 1.18.
        let whole = compute(&[line("1.03"), line("1.03")], Decimal::ZERO, Decimal::ZERO).unwrap();
        assert_eq!(whole.total, d("2.37"));
        let first = compute(&[line("1.03")], Decimal::ZERO, Decimal::ZERO).unwrap();
        assert_eq!(first.total, d("1.18"));
        let mut last = first.clone();
        let earlier = [EarlierIva {
            code: "4".into(),
            base: d("1.03"),
            value: first.iva,
        }];
        last.take_remainder(&earlier, 1);
        assert_eq!((last.iva, last.total), (d("0.16"), d("1.19")));
        assert_eq!(first.total + last.total, whole.total);
        assert_eq!(last.lines[0].iva_share, d("0.16"));
        // Read back from its stored lines, the part shows what it charged.
        let stored = compute(&[line("1.03")], Decimal::ZERO, Decimal::ZERO)
            .unwrap()
            .with_stored_iva(&[d("0.16")]);
        assert_eq!(
            (stored.iva, stored.total, stored.groups[0].value),
            (d("0.16"), d("1.19"), d("0.16"))
        );
        // The other way: parts that round up give the last part a cent less.
        let up = |price: &str| compute(&[line(price)], Decimal::ZERO, Decimal::ZERO).unwrap();
        let whole = compute(&[line("1.10"), line("1.10")], Decimal::ZERO, Decimal::ZERO).unwrap();
        let first = up("1.10");
        assert_eq!((first.iva, whole.iva), (d("0.17"), d("0.33")));
        let mut last = up("1.10");
        last.take_remainder(
            &[EarlierIva {
                code: "4".into(),
                base: d("1.10"),
                value: first.iva,
            }],
            1,
        );
        assert_eq!((last.iva, last.lines[0].iva_share), (d("0.16"), d("0.16")));
        assert_eq!(first.total + last.total, whole.total);
        // Earlier parts priced otherwise (more than a cent per part away): left as computed.
        let mut last = up("1.10");
        last.take_remainder(
            &[EarlierIva {
                code: "4".into(),
                base: d("1.10"),
                value: d("0.50"),
            }],
            1,
        );
        assert_eq!(last.iva, d("0.17"));
    }

    #[test]
    fn rounding_once_per_group_not_per_line() {
        // Three lines of 0.10 at 15 %: per line 0.015 → 0.02 each (0.06), per group
        // 0.30 × 15 % = 0.045 → 0.05. The SRI's arithmetic is per group.
        let items = vec![item("1", "0.10", "0", "4"); 3];
        let t = compute(&items, Decimal::ZERO, Decimal::ZERO).unwrap();
        assert!(t.lines.iter().all(|l| l.taxes[0].value == d("0.02")));
        assert_eq!(t.groups[0].base, d("0.30"));
        assert_eq!(t.iva, d("0.05"));
        assert_eq!(t.total, d("0.35"));
    }

    #[test]
    fn groups_by_rate_and_sorts() {
        let items = vec![
            item("2", "5", "0", "0"),
            item("1", "20", "0", "4"),
            item("1", "3", "0", "5"),
            item("1", "1", "0", "6"),
            item("1", "4", "0", "4"),
        ];
        let t = compute(&items, Decimal::ZERO, d("1.00")).unwrap();
        let codes: Vec<&str> = t.groups.iter().map(|g| g.code.as_str()).collect();
        assert_eq!(codes, ["0", "4", "5", "6"]);
        assert_eq!(t.iva_base("4"), d("24.00"));
        assert_eq!(t.iva_value("4"), d("3.60"));
        assert_eq!(t.iva_value("5"), d("0.15"));
        assert_eq!(t.total_without_taxes, d("38.00"));
        assert_eq!(t.total, d("38.00") + d("3.75") + d("1.00"));
    }

    #[test]
    fn six_decimal_quantities_and_prices() {
        let t = compute(
            &[item("3.333333", "1.123456", "0", "4")],
            Decimal::ZERO,
            Decimal::ZERO,
        )
        .unwrap();
        // 3.333333 × 1.123456 = 3.744852…  → 3.74
        assert_eq!(t.lines[0].gross, d("3.74"));
        assert_eq!(t.iva, d("0.56"));
        let t = compute(
            &[item("0.5", "0.01", "0", "4")],
            Decimal::ZERO,
            Decimal::ZERO,
        )
        .unwrap();
        assert_eq!(t.lines[0].gross, d("0.01"), "0.005 rounds half-up");
    }

    #[test]
    fn line_and_global_discounts() {
        let items = vec![item("1", "100", "10", "4"), item("1", "30", "0", "0")];
        let t = compute(&items, d("12.00"), Decimal::ZERO).unwrap();
        // Nets before global: 90 and 30 → shares 9.00 and 3.00.
        assert_eq!(t.lines[0].discount, d("19.00"));
        assert_eq!(t.lines[1].discount, d("3.00"));
        assert_eq!(t.total_discount, d("22.00"));
        assert_eq!(t.total_without_taxes, d("108.00"));
        assert_eq!(t.iva, d("12.15"));
        assert_eq!(t.total, d("120.15"));
    }

    #[test]
    fn global_discount_cents_add_up() {
        let items = vec![item("1", "1", "0", "4"); 3];
        let t = compute(&items, d("1.00"), Decimal::ZERO).unwrap();
        let shares: Vec<Decimal> = t.lines.iter().map(|l| l.global_discount_share).collect();
        assert_eq!(shares, [d("0.34"), d("0.33"), d("0.33")]);
        assert_eq!(t.total_without_taxes, d("2.00"));
    }

    #[test]
    fn discount_errors_name_the_field() {
        let err = compute(&[item("1", "5", "6", "4")], Decimal::ZERO, Decimal::ZERO).unwrap_err();
        assert_eq!(err[0].field, "items[0].discount");
        let err = compute(&[item("1", "5", "0", "4")], d("6"), Decimal::ZERO).unwrap_err();
        assert_eq!(err[0].field, "globalDiscount");
        let err = compute(&[item("1", "5", "0", "9")], Decimal::ZERO, Decimal::ZERO).unwrap_err();
        assert_eq!(err[0].field, "items[0].iva");
    }

    #[test]
    fn ice_is_part_of_the_iva_base_and_irbpnr_is_not() {
        let mut soda = item("10", "1.00", "0", "4");
        soda.ice = Some(IceTax {
            code: "3053".into(),
            tariff: d("10"),
            mode: IceMode::AdValorem,
            units: None,
        });
        soda.irbpnr_bottles = Some(10);
        let t = compute(&[soda], Decimal::ZERO, Decimal::ZERO).unwrap();
        assert_eq!(t.ice, d("1.00"));
        assert_eq!(t.iva_base("4"), d("11.00"));
        assert_eq!(t.iva, d("1.65"));
        assert_eq!(t.irbpnr, d("0.20"));
        assert_eq!(t.total, d("10.00") + d("1.00") + d("1.65") + d("0.20"));
        let kinds: Vec<TaxKind> = t.groups.iter().map(|g| g.kind).collect();
        assert_eq!(kinds, [TaxKind::Iva, TaxKind::Ice, TaxKind::Irbpnr]);
        let mut specific = item("4", "2.00", "0", "4");
        specific.ice = Some(IceTax {
            code: "3031".into(),
            tariff: d("0.35"),
            mode: IceMode::Specific,
            units: Some(d("3")),
        });
        let t = compute(&[specific], Decimal::ZERO, Decimal::ZERO).unwrap();
        assert_eq!(t.ice, d("1.05"));
        assert_eq!(t.iva_base("4"), d("9.05"));
    }
}
