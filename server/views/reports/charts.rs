//! The dashboard's charts as SVG drawn on the server by `plotters` (its SVG backend): they arrive
//! inside the page's HTML, so they show without JavaScript and print. Each chart carries its
//! figures as a table too, for screen readers and for whoever prefers the numbers.
//!
//! Amounts are plotted in whole cents (integer coordinates), never as floating point.

use plotters::coord::Shift;
use plotters::prelude::*;
use serde::Serialize;
use ts_rs::TS;

use crate::domain::money::{group_thousands, money_display};
use crate::services::reports::charts::{ChartData, PERIOD_DAYS};

/// A chart: its title, the SVG and the figures it draws as a table.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ChartView {
    /// Stable name (`daily`, `hourly`, `methods`, `top`).
    pub id: String,
    pub title: String,
    /// The chart, a complete `<svg>` element that scales to its container.
    pub svg: String,
    /// The table's column titles.
    pub columns: Vec<String>,
    /// The table's rows, as shown (money as «$ 12.50»).
    pub rows: Vec<Vec<String>>,
}

const WIDTH: u32 = 520;
/// The current period and the bars.
const PRIMARY: RGBColor = RGBColor(22, 163, 74);
/// The period before.
const PREVIOUS: RGBColor = RGBColor(156, 163, 175);
/// Axis labels and the grid.
const INK: RGBColor = RGBColor(75, 85, 99);
const GRID: RGBColor = RGBColor(229, 231, 235);
const FONT: &str = "sans-serif";

/// Millionths → whole cents (the plotting unit).
fn cents(micros: i64) -> i64 {
    micros / 10_000
}

/// An axis label of cents: «$ 1,250» (whole dollars) or «$ 0.50» below one dollar.
fn axis_money(c: &i64) -> String {
    if c.abs() >= 100 || *c == 0 {
        let sign = if *c < 0 { "-" } else { "" };
        format!("{sign}$ {}", group_thousands((c / 100).unsigned_abs()))
    } else {
        money_display(c * 10_000)
    }
}

/// The top of a value axis: above the largest value, at least one dollar.
fn ceiling(values: impl Iterator<Item = i64>) -> i64 {
    let max = values.max().unwrap_or(0).max(100);
    max + max / 8
}

/// Draws with `draw` on an SVG canvas of `height`; the `<svg>` made to scale with its container
/// and labelled `title` for assistive technology. Drawing into a string cannot fail but for a
/// programming error, which leaves the chart empty rather than failing the page.
fn svg(
    height: u32,
    title: &str,
    draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), String>,
) -> String {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (WIDTH, height)).into_drawing_area();
        if let Err(e) = draw(&root).and_then(|_| root.present().map_err(|e| e.to_string())) {
            tracing::warn!("gráfico «{title}»: {e}");
        }
    }
    let escaped = title
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;");
    out.replacen(
        &format!("width=\"{WIDTH}\" height=\"{height}\""),
        &format!("width=\"100%\" role=\"img\" aria-label=\"{escaped}\""),
        1,
    )
}

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// Sales per day, the last 30 days against the 30 before.
fn daily(data: &ChartData) -> ChartView {
    let title =
        format!("Ventas por día: últimos {PERIOD_DAYS} días y los {PERIOD_DAYS} anteriores");
    let days = &data.daily;
    let top = ceiling(
        days.iter()
            .flat_map(|d| [cents(d.current), cents(d.previous)]),
    );
    let last = days.len().saturating_sub(1) as i32;
    let label = |i: &i32| {
        days.get(*i as usize)
            .map(|d| d.day.format("%d/%m").to_string())
            .unwrap_or_default()
    };
    let svg = svg(280, &title, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .x_label_area_size(32)
            .y_label_area_size(72)
            .build_cartesian_2d(0..last.max(1), 0..top)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(WHITE)
            .bold_line_style(GRID)
            .axis_style(INK)
            .x_labels(8)
            .y_labels(5)
            .x_label_formatter(&label)
            .y_label_formatter(&axis_money)
            .label_style((FONT, 18).into_font().color(&INK))
            .draw()
            .map_err(err)?;
        chart
            .draw_series(LineSeries::new(
                days.iter()
                    .enumerate()
                    .map(|(i, d)| (i as i32, cents(d.previous))),
                PREVIOUS.stroke_width(2),
            ))
            .map_err(err)?
            .label(format!("{PERIOD_DAYS} días anteriores"))
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], PREVIOUS.stroke_width(2)));
        chart
            .draw_series(LineSeries::new(
                days.iter()
                    .enumerate()
                    .map(|(i, d)| (i as i32, cents(d.current))),
                PRIMARY.stroke_width(3),
            ))
            .map_err(err)?
            .label(format!("Últimos {PERIOD_DAYS} días"))
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], PRIMARY.stroke_width(3)));
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.85))
            .border_style(GRID)
            .label_font((FONT, 18).into_font().color(&INK))
            .draw()
            .map_err(err)
    });
    ChartView {
        id: "daily".into(),
        title,
        svg,
        columns: vec!["Día".into(), "Ventas".into(), "30 días antes".into()],
        rows: days
            .iter()
            .map(|d| {
                vec![
                    d.day.format("%d/%m/%Y").to_string(),
                    money_display(d.current),
                    money_display(d.previous),
                ]
            })
            .collect(),
    }
}

/// Today's sales per hour, as bars.
fn hourly(data: &ChartData) -> ChartView {
    let title = "Ventas de hoy por hora".to_string();
    let top = ceiling(data.hourly.iter().map(|v| cents(*v)));
    let svg = svg(240, &title, |root| {
        // Each hour is ten units wide, its bar the middle eight.
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .x_label_area_size(32)
            .y_label_area_size(72)
            .build_cartesian_2d(0..240i32, 0..top)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(WHITE)
            .bold_line_style(GRID)
            .axis_style(INK)
            .x_labels(7)
            .y_labels(5)
            .x_label_formatter(&|x| format!("{:02}:00", x / 10))
            .y_label_formatter(&axis_money)
            .label_style((FONT, 18).into_font().color(&INK))
            .draw()
            .map_err(err)?;
        chart
            .draw_series(data.hourly.iter().enumerate().map(|(h, v)| {
                let x = h as i32 * 10;
                Rectangle::new([(x + 1, 0), (x + 9, cents(*v).max(0))], PRIMARY.filled())
            }))
            .map_err(err)?;
        Ok(())
    });
    ChartView {
        id: "hourly".into(),
        title,
        svg,
        columns: vec!["Hora".into(), "Ventas".into()],
        rows: data
            .hourly
            .iter()
            .enumerate()
            .filter(|(_, v)| **v != 0)
            .map(|(h, v)| vec![format!("{h:02}:00 – {h:02}:59"), money_display(*v)])
            .collect(),
    }
}

/// Named amounts as horizontal bars, largest first: each name above its bar, the amount (and its
/// share of the whole) at the bar's end.
fn ranked(id: &str, title: String, items: &[(String, i64)], first_column: &str) -> ChartView {
    let whole: i64 = items.iter().map(|(_, v)| (*v).max(0)).sum();
    let share = |v: i64| {
        if whole > 0 {
            format!("{} %", (v.max(0) * 100 + whole / 2) / whole)
        } else {
            "0 %".into()
        }
    };
    let n = items.len().max(1) as i32;
    let top = ceiling(items.iter().map(|(_, v)| cents(*v)));
    // Room to the right of the longest bar for its amount.
    let right = top + top / 3;
    let svg = svg(24 + 52 * n as u32, &title, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .build_cartesian_2d(0..right, 0..n * 10)
            .map_err(err)?;
        for (i, (name, value)) in items.iter().enumerate() {
            // The first item at the top.
            let y = (n - 1 - i as i32) * 10;
            let v = cents(*value).max(0);
            chart
                .draw_series([Rectangle::new([(0, y + 1), (v, y + 5)], PRIMARY.filled())])
                .map_err(err)?;
            let name: String = name.chars().take(48).collect();
            chart
                .draw_series([Text::new(
                    name,
                    (0, y + 9),
                    (FONT, 19).into_font().color(&INK),
                )])
                .map_err(err)?;
            chart
                .draw_series([Text::new(
                    format!("{} · {}", money_display(*value), share(*value)),
                    (v + right / 100, y + 5),
                    (FONT, 18).into_font().color(&INK),
                )])
                .map_err(err)?;
        }
        Ok(())
    });
    ChartView {
        id: id.into(),
        title,
        svg,
        columns: vec![first_column.into(), "Ventas".into(), "Parte".into()],
        rows: items
            .iter()
            .map(|(name, v)| vec![name.clone(), money_display(*v), share(*v)])
            .collect(),
    }
}

/// The dashboard's charts, in the order they are shown.
pub fn charts(data: &ChartData) -> Vec<ChartView> {
    vec![
        daily(data),
        hourly(data),
        ranked(
            "methods",
            format!("Formas de pago, últimos {PERIOD_DAYS} días"),
            &data.methods,
            "Forma de pago",
        ),
        ranked(
            "top",
            format!("Productos más vendidos, últimos {PERIOD_DAYS} días"),
            &data.top,
            "Producto",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::reports::charts::DayPair;
    use chrono::NaiveDate;

    fn data() -> ChartData {
        let start = NaiveDate::from_ymd_opt(2026, 11, 7).unwrap();
        let daily = (0..PERIOD_DAYS)
            .map(|i| DayPair {
                day: start + chrono::Days::new(i),
                current: (i as i64 + 1) * 10_000_000,
                previous: 50_000_000,
            })
            .collect();
        let mut hourly = [0; 24];
        hourly[9] = 12_500_000;
        hourly[13] = 40_000_000;
        ChartData {
            daily,
            hourly,
            methods: vec![
                ("Efectivo".into(), 300_000_000),
                ("Tarjeta de crédito".into(), 100_000_000),
            ],
            top: vec![("A001 · Arroz <Flor> & \"Sol\"".into(), 25_000_000)],
        }
    }

    #[test]
    fn each_chart_is_a_scalable_labelled_svg_with_its_table() {
        let charts = charts(&data());
        let ids: Vec<&str> = charts.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["daily", "hourly", "methods", "top"]);
        for c in &charts {
            assert!(
                c.svg
                    .starts_with("<svg width=\"100%\" role=\"img\" aria-label=\""),
                "{}",
                c.svg
            );
            assert!(c.svg.trim_end().ends_with("</svg>"), "{}", c.id);
            assert!(!c.rows.is_empty(), "{}", c.id);
            assert!(
                c.rows.iter().all(|r| r.len() == c.columns.len()),
                "{}",
                c.id
            );
        }
        // The daily chart: two lines of 30 points, labelled days and money on the axes.
        let daily = &charts[0];
        let series = |color: &str| {
            daily
                .svg
                .lines()
                .filter(|l| l.starts_with("<polyline") && l.contains(color))
                .filter(|l| l.matches(',').count() == PERIOD_DAYS as usize)
                .count()
        };
        assert_eq!(
            (series("#16A34A"), series("#9CA3AF")),
            (1, 1),
            "{}",
            daily.svg
        );
        assert!(daily.svg.contains("07/11"), "{}", daily.svg);
        assert!(daily.svg.contains("$ 300"), "{}", daily.svg);
        assert_eq!(daily.rows[29], ["06/12/2026", "$ 300.00", "$ 50.00"]);
        // Hourly: 24 bars, the figures of the hours that sold.
        let hourly = &charts[1];
        assert_eq!(
            hourly.rows,
            [
                vec!["09:00 – 09:59".to_string(), "$ 12.50".into()],
                vec!["13:00 – 13:59".to_string(), "$ 40.00".into()],
            ]
        );
        // Ranked bars carry the amount and the share; names are escaped.
        let methods = &charts[2];
        assert!(methods.svg.contains("$ 300.00 · 75 %"), "{}", methods.svg);
        assert_eq!(methods.rows[1], ["Tarjeta de crédito", "$ 100.00", "25 %"]);
        assert!(
            charts[3]
                .svg
                .contains("Arroz &lt;Flor&gt; &amp; &quot;Sol&quot;"),
            "{}",
            charts[3].svg
        );
    }

    #[test]
    fn axis_money_groups_thousands_in_whole_dollars() {
        assert_eq!(axis_money(&0), "$ 0");
        assert_eq!(axis_money(&50), "$ 0.50");
        assert_eq!(axis_money(&125_000), "$ 1,250");
        assert_eq!(axis_money(&123_456_700), "$ 1,234,567");
        // The figures as the screens show money.
        assert_eq!(money_display(1_234_567_890_000), "$ 1,234,567.89");
        assert_eq!(money_display(-3_000_000), "-$ 3.00");
        assert_eq!(money_display(4_000), "$ 0.00");
    }
}
