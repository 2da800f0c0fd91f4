//! The owner's reports as the API and the pages answer them: money as decimal strings.

use serde::Serialize;
use ts_rs::TS;

pub mod charts;

use crate::domain::money::{fmt2, money_text as money, qty_from_micros};
use crate::services::reports::dashboard::{Comparison, Dashboard, OpenShift};
use crate::services::reports::sales::{Line, Report};
use crate::services::reports::stock::{CellarValue, Low, Slow};
use crate::util::time::Zone;

/// One group of the sales report.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SalesRowView {
    pub key: String,
    pub label: String,
    pub count: i64,
    pub base: String,
    pub iva: String,
    pub total: String,
    pub cost: String,
    pub margin: String,
    /// Units sold less returned (grouped by product or category).
    pub units: Option<String>,
}

impl From<&Line> for SalesRowView {
    fn from(l: &Line) -> Self {
        SalesRowView {
            key: l.key.clone(),
            label: l.label.clone(),
            count: l.count,
            base: money(l.base),
            iva: money(l.iva),
            total: money(l.total()),
            cost: money(l.cost),
            margin: money(l.margin()),
            units: l.units.map(crate::views::inventory::product::quantity),
        }
    }
}

/// `GET /api/reports/sales` and `GET /api/reports/top`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SalesReportView {
    pub from: String,
    pub to: String,
    pub group_by: String,
    pub rows: Vec<SalesRowView>,
    pub totals: SalesRowView,
}

impl From<&Report> for SalesReportView {
    fn from(r: &Report) -> Self {
        SalesReportView {
            from: r.from.format("%Y-%m-%d").to_string(),
            to: r.to.format("%Y-%m-%d").to_string(),
            group_by: r.group_by.map(|g| g.as_str()).unwrap_or_default().into(),
            rows: r.rows.iter().map(Into::into).collect(),
            totals: (&r.totals).into(),
        }
    }
}

fn quantity(micros: i64) -> String {
    qty_from_micros(micros).normalize().to_string()
}

/// A product not sold in the period.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SlowRowView {
    pub product_id: i64,
    pub code: String,
    pub name: String,
    pub last_sold: Option<String>,
    pub stock: String,
}

/// `GET /api/reports/slow`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SlowReportView {
    pub days: i64,
    pub rows: Vec<SlowRowView>,
}

impl SlowReportView {
    pub fn new(days: i64, rows: &[Slow]) -> Self {
        SlowReportView {
            days,
            rows: rows
                .iter()
                .map(|s| SlowRowView {
                    product_id: s.product_id,
                    code: s.code.clone(),
                    name: s.name.clone(),
                    last_sold: s.last_sold.map(|d| d.format("%Y-%m-%d").to_string()),
                    stock: quantity(s.stock),
                })
                .collect(),
        }
    }
}

/// A stock row below its product's minimum.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LowStockView {
    pub product_id: i64,
    pub code: String,
    pub name: String,
    pub cellar: String,
    pub quantity: String,
    pub min_stock: String,
}

impl From<&Low> for LowStockView {
    fn from(l: &Low) -> Self {
        LowStockView {
            product_id: l.product_id,
            code: l.code.clone(),
            name: l.name.clone(),
            cellar: l.cellar.clone(),
            quantity: quantity(l.quantity),
            min_stock: quantity(l.min_stock),
        }
    }
}

/// A warehouse's stock value.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CellarValueView {
    pub cellar: String,
    pub products: i64,
    pub value: String,
}

/// `GET /api/reports/stock`: products below minimum and stock value per warehouse.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct StockReportView {
    pub low: Vec<LowStockView>,
    pub by_cellar: Vec<CellarValueView>,
    pub total_value: String,
}

impl StockReportView {
    pub fn new(low: &[Low], by_cellar: &[CellarValue]) -> Self {
        StockReportView {
            low: low.iter().map(Into::into).collect(),
            by_cellar: by_cellar
                .iter()
                .map(|c| CellarValueView {
                    cellar: c.cellar.clone(),
                    products: c.products,
                    value: fmt2(c.value),
                })
                .collect(),
            total_value: fmt2(by_cellar.iter().map(|c| c.value).sum()),
        }
    }
}

/// Sales of a period against the same days last month.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ComparisonView {
    pub from: String,
    pub to: String,
    pub current: SalesRowView,
    pub previous: SalesRowView,
}

impl From<&Comparison> for ComparisonView {
    fn from(c: &Comparison) -> Self {
        ComparisonView {
            from: c.from.format("%Y-%m-%d").to_string(),
            to: c.to.format("%Y-%m-%d").to_string(),
            current: (&c.current).into(),
            previous: (&c.previous).into(),
        }
    }
}

/// An open shift on the dashboard.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct OpenShiftView {
    pub turn_id: i64,
    pub register: String,
    pub user: String,
    pub opened_at: String,
    /// Absent for the cashier (blind count).
    pub expected: Option<String>,
}

impl OpenShiftView {
    /// An open shift, its opening time in the company's `zone`.
    pub fn new(s: &OpenShift, zone: Zone) -> Self {
        OpenShiftView {
            turn_id: s.turn_id,
            register: s.register.clone(),
            user: s.user.clone(),
            opened_at: zone.iso(s.opened_at),
            expected: s.expected.map(money),
        }
    }
}

/// `GET /api/reports/dashboard`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReportsDashboardView {
    /// `false` for a cashier: only their own shift.
    pub full: bool,
    pub today: Option<ComparisonView>,
    pub month: Option<ComparisonView>,
    pub shifts: Vec<OpenShiftView>,
    pub low_stock: Vec<LowStockView>,
    /// Sales per day against the 30 days before, per hour today, by payment method and the top
    /// products, as server-drawn SVG with their figures (none for a cashier).
    pub charts: Vec<charts::ChartView>,
}

impl From<&Dashboard> for ReportsDashboardView {
    fn from(d: &Dashboard) -> Self {
        ReportsDashboardView {
            full: d.full,
            today: d.today.as_ref().map(Into::into),
            month: d.month.as_ref().map(Into::into),
            shifts: d
                .shifts
                .iter()
                .map(|s| OpenShiftView::new(s, d.zone))
                .collect(),
            low_stock: d.low_stock.iter().map(Into::into).collect(),
            charts: d.charts.as_ref().map(charts::charts).unwrap_or_default(),
        }
    }
}

/// The reports page (`/admin/reportes`): the sales report of the query, the top products, slow
/// movers and the stock report.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReportsPage {
    pub sales: SalesReportView,
    pub top: SalesReportView,
    pub slow: SlowReportView,
    pub stock: StockReportView,
}

/// The printable A4 sales report (`/admin/reportes/imprimir`).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SalesReportPrint {
    pub company: String,
    pub branch: String,
    pub group_label: String,
    pub report: SalesReportView,
    pub printed_at: String,
}
