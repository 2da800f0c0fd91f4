//! Sales notes, their preview and their lines: what the POS, the lists and the printouts read.

use serde::Serialize;
use ts_rs::TS;

use crate::domain::money::{fmt2, money_text, qty_from_micros};
use crate::domain::totals::Totals;
use crate::models::sales::note::{SaleLine, SalePayment};
use crate::services::sales::below_cost::BelowCost;
use crate::services::sales::input::Method;
use crate::services::sales::pricing::{Priced, PricedLine};

/// One line with its amounts (decimal strings).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SaleLineView {
    pub product_id: i64,
    pub code: String,
    pub name: String,
    pub unit: String,
    pub quantity: String,
    pub unit_price: String,
    /// The manual discount.
    pub discount: String,
    /// The promotion the server applied, if any.
    pub promotion: Option<PromotionAppliedView>,
    pub iva_code: String,
    pub iva_rate: i32,
    /// quantity × unit price, rounded to the cent (before discounts).
    pub gross: String,
    /// gross − discounts: the line's amount without IVA, the one every screen and printout shows
    /// beside the line. The lines' nets add up to the bases of the IVA groups, and IVA is
    /// charged on each group's base (the SRI's rule), so there is no per-line total with IVA: it
    /// would not add up to the document's total.
    pub net: String,
    /// The line's own IVA, rounded (the SRI XML's per-line `valor`); the document's IVA per rate
    /// is in the totals' groups.
    pub iva: String,
    /// The id of the stored line (credit notes point at it); `null` in a preview.
    pub line_id: Option<i64>,
}

/// A promotion on a line.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PromotionAppliedView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub name: String,
    pub discount: String,
}

/// One IVA group of the totals ("IVA 15 %": base and value).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TaxGroupView {
    pub code: String,
    pub label: String,
    pub base: String,
    pub value: String,
}

/// The totals of a document.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DocumentTotalsView {
    /// Σ quantity × price.
    pub gross: String,
    /// Σ discounts (manual and promotions).
    pub discount: String,
    /// Σ nets (subtotal without taxes).
    pub subtotal: String,
    pub groups: Vec<TaxGroupView>,
    pub iva: String,
    pub total: String,
}

impl From<&Totals> for DocumentTotalsView {
    fn from(t: &Totals) -> Self {
        Self {
            gross: fmt2(t.gross),
            discount: fmt2(t.total_discount),
            subtotal: fmt2(t.total_without_taxes),
            groups: t
                .groups
                .iter()
                .map(|g| TaxGroupView {
                    code: g.code.clone(),
                    label: g.label.clone(),
                    base: fmt2(g.base),
                    value: fmt2(g.value),
                })
                .collect(),
            iva: fmt2(t.iva),
            total: fmt2(t.total),
        }
    }
}

impl From<&PricedLine> for SaleLineView {
    fn from(l: &PricedLine) -> Self {
        Self {
            product_id: l.product.id,
            code: l.product.code.clone(),
            name: l.product.name.clone(),
            unit: l.product.unit.clone(),
            quantity: qty_from_micros(l.quantity).to_string(),
            unit_price: qty_from_micros(l.unit_price).to_string(),
            discount: money_text(l.discount),
            promotion: l.promotion.as_ref().map(|p| PromotionAppliedView {
                id: p.promotion_id,
                name: p.name.clone(),
                discount: money_text(p.discount),
            }),
            iva_code: l.iva_code.clone(),
            iva_rate: l.iva_rate as i32,
            gross: money_text(l.gross),
            net: money_text(l.net),
            iva: money_text(l.iva),
            line_id: None,
        }
    }
}

impl From<&SaleLine> for SaleLineView {
    fn from(l: &SaleLine) -> Self {
        Self {
            product_id: l.product_id,
            code: l.code.clone(),
            name: l.name.clone(),
            unit: l.unit.clone(),
            quantity: qty_from_micros(l.quantity).to_string(),
            unit_price: qty_from_micros(l.unit_price).to_string(),
            discount: money_text(l.discount),
            promotion: l.promotion_id.map(|id| PromotionAppliedView {
                id,
                name: l.promotion_name.clone().unwrap_or_default(),
                discount: money_text(l.promotion_discount),
            }),
            iva_code: l.iva_code.clone(),
            iva_rate: l.iva_rate,
            gross: money_text(l.net + l.discount + l.promotion_discount),
            net: money_text(l.net),
            iva: money_text(l.iva),
            line_id: Some(l.id),
        }
    }
}

/// A line of the preview: the line and whether it sells below the branch average cost.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PreviewLineView {
    #[serde(flatten)]
    pub line: SaleLineView,
    /// Sold below the average cost (a warning, not a refusal).
    pub below_cost: bool,
}

/// `POST /api/sales/note/preview`: the priced lines and the totals, nothing written, and the
/// warnings about lines sold below cost ([`crate::services::sales::below_cost`]).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SalePreviewView {
    pub lines: Vec<PreviewLineView>,
    pub totals: DocumentTotalsView,
    pub total: String,
    /// «Línea N: «Producto» se vende por debajo del costo promedio» (the cost itself only for
    /// admin and user).
    pub warnings: Vec<String>,
}

impl SalePreviewView {
    /// The view of `p` with the below-cost flags and warnings of its lines.
    pub fn new(p: &Priced, below: BelowCost) -> Self {
        Self {
            lines: p
                .lines
                .iter()
                .enumerate()
                .map(|(i, l)| PreviewLineView {
                    line: SaleLineView::from(l),
                    below_cost: below.lines.get(i).copied().unwrap_or(false),
                })
                .collect(),
            totals: DocumentTotalsView::from(&p.totals),
            total: fmt2(p.totals.total),
            warnings: below.warnings,
        }
    }
}

/// A payment of a sale.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PaymentView {
    /// `cash`, `card`, `transfer` or `credit`.
    pub method: String,
    /// "Efectivo", "Tarjeta", "Transferencia", "Crédito".
    pub label: String,
    pub amount: String,
    /// Cash handed over (cash only).
    pub received: Option<String>,
    pub reference: Option<String>,
    pub bank_account_id: Option<i64>,
    /// Due date of a credit (`YYYY-MM-DD`).
    pub due_date: Option<String>,
}

/// The Spanish name of a payment method.
pub fn method_label(method: &str) -> &'static str {
    Method::parse(method).map_or("Otro", Method::label)
}

impl From<&SalePayment> for PaymentView {
    fn from(p: &SalePayment) -> Self {
        Self {
            method: p.method.clone(),
            label: method_label(&p.method).into(),
            amount: money_text(p.amount),
            received: p.received.map(money_text),
            reference: p.reference.clone(),
            bank_account_id: p.bank_account_id,
            due_date: p.due_date.map(|d| d.to_string()),
        }
    }
}

/// The buyer as printed and shown.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SaleClientView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub id_type: String,
    pub identification: String,
    pub name: String,
    pub address: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
}

/// A stored sales note.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SaleView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// `estab-ptoEmi-secuencial`.
    pub number: String,
    /// Local date-time (Ecuador).
    pub date: String,
    pub client: SaleClientView,
    pub cellar_id: i64,
    /// Who sold.
    pub user: String,
    pub lines: Vec<SaleLineView>,
    pub payments: Vec<PaymentView>,
    pub totals: DocumentTotalsView,
    pub total: String,
    /// Change handed back for cash.
    pub change: String,
    pub note: Option<String>,
    /// Σ of the credit notes issued against it.
    pub credited: String,
    /// The quote it was converted from, if any.
    pub quote_id: Option<i64>,
}

/// A row of the sales list.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SaleRowView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub number: String,
    pub date: String,
    pub client_name: String,
    pub total: String,
    /// `note` (sales note) or `invoice` (electronic factura).
    pub kind: String,
    /// A factura's SRI document (its RIDE is `/tickets/factura/{documentId}/…`).
    pub document_id: Option<i64>,
}

impl SaleRowView {
    /// The row of a sale and its client's name, its date in the company's `zone`.
    pub fn of(
        sale: crate::models::sales::note::Sale,
        client_name: String,
        zone: crate::util::time::Zone,
    ) -> SaleRowView {
        SaleRowView {
            id: sale.id,
            date: zone.iso(sale.created_at),
            number: sale.number,
            client_name,
            total: money_text(sale.total),
            kind: sale.kind,
            document_id: sale.sri_document_id,
        }
    }
}
