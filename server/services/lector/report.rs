//! The SRI's "comprobantes recibidos" TXT report (reference §7): one header line naming the
//! columns, then one row per document, tab-separated. The columns are found by name in the header,
//! never by position (the SRI has changed their order); the older format, whose records take two
//! lines (fields, then the total alone), is read too. Each row is checked: a valid access key, the
//! issuer's RUC inside it, and the receiver being the company. Hand-written: it is a few dozen
//! lines, and the `csv` crate's quoting rules do not fit the SRI's unquoted text.

use std::collections::HashSet;

use crate::sri::clave::ClaveAcceso;

use crate::domain::ids::same_taxpayer;

/// A row to read: its line number and access key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub line: usize,
    pub access_key: String,
}

/// Most rows of one upload (a month of a busy shop's purchases fits many times over).
pub const ROWS_MAX: usize = 200_000;
/// Problems kept with their message; the rest are only counted.
pub const ERRORS_KEPT: usize = 1_000;

/// The rows and the problems of a report.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    pub rows: Vec<Row>,
    /// The first [`ERRORS_KEPT`] problems: line and message.
    pub errors: Vec<(usize, String)>,
    /// Every problem.
    pub error_count: usize,
}

impl Report {
    /// Counts a problem, keeping its message while there is room.
    pub fn problem(&mut self, line: usize, message: String) {
        self.error_count += 1;
        if self.errors.len() < ERRORS_KEPT {
            self.errors.push((line, message));
        }
    }
}

fn column(header: &[String], names: &[&str]) -> Option<usize> {
    header.iter().position(|h| names.contains(&h.as_str()))
}

fn is_header(line: &str) -> bool {
    let upper = line.to_uppercase();
    upper.contains("CLAVE_ACCESO") || upper.contains("CLAVE DE ACCESO")
}

/// Reads the report's text for the company with RUC `company_ruc` into `report`, line by line
/// (a file of ten million lines is never held as a list of them), refusing a report of more than
/// [`ROWS_MAX`] rows (also counting those already in `report`).
pub fn read(text: &str, company_ruc: &str, report: &mut Report) -> Result<(), String> {
    let mut lines = text.lines().enumerate();
    let Some((_, header_line)) = lines.by_ref().find(|(_, l)| is_header(l)) else {
        return Err("El reporte no tiene la línea de títulos con la columna CLAVE_ACCESO".into());
    };
    let separator = if header_line.contains('\t') {
        '\t'
    } else if header_line.contains(';') {
        ';'
    } else {
        ','
    };
    let header: Vec<String> = header_line
        .split(separator)
        .map(|h| {
            h.trim()
                .trim_start_matches('\u{feff}')
                .to_uppercase()
                .replace(' ', "_")
        })
        .collect();
    let key_col = column(&header, &["CLAVE_ACCESO", "CLAVE_DE_ACCESO"])
        .ok_or("El reporte no tiene la columna CLAVE_ACCESO")?;
    let ruc_col = column(&header, &["RUC_EMISOR"]);
    let receiver_col = column(&header, &["IDENTIFICACION_RECEPTOR"]);
    let mut seen: HashSet<String> = report.rows.iter().map(|r| r.access_key.clone()).collect();
    for (i, raw) in lines {
        let line = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let cell = |c: usize| {
            raw.split(separator)
                .nth(c)
                .map(str::trim)
                .unwrap_or_default()
        };
        let key = cell(key_col);
        if key.is_empty() {
            // The older format's second line of a record: the total alone.
            if raw
                .split(separator)
                .filter(|c| !c.trim().is_empty())
                .count()
                <= 1
            {
                continue;
            }
            report.problem(line, "La línea no tiene clave de acceso".into());
            continue;
        }
        let parts = match ClaveAcceso::parse(key).and_then(|k| k.parts()) {
            Ok(p) => p,
            Err(e) => {
                let shown: String = key.chars().take(60).collect();
                report.problem(line, format!("Clave de acceso «{shown}»: {e}"));
                continue;
            }
        };
        if let Some(ruc) = ruc_col.map(cell).filter(|r| !r.is_empty())
            && ruc != parts.ruc
        {
            report.problem(
                line,
                format!(
                    "La clave de acceso {key} no es del emisor {} (es de {})",
                    ruc.chars().take(20).collect::<String>(),
                    parts.ruc
                ),
            );
            continue;
        }
        if let Some(receiver) = receiver_col.map(cell).filter(|r| !r.is_empty())
            && !same_taxpayer(receiver, company_ruc)
        {
            report.problem(
                line,
                format!(
                    "El comprobante {key} fue emitido a {}, no a esta empresa (RUC {company_ruc})",
                    receiver.chars().take(20).collect::<String>()
                ),
            );
            continue;
        }
        if seen.insert(key.to_string()) {
            if report.rows.len() == ROWS_MAX {
                return Err(format!(
                    "El reporte tiene más de {ROWS_MAX} comprobantes: descárguelo por períodos más cortos y súbalos por separado"
                ));
            }
            report.rows.push(Row {
                line,
                access_key: key.to_string(),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sri::catalog::{DocType, Environment};
    use crate::sri::clave::ClaveParts;

    fn key(seq: u32) -> String {
        ClaveAcceso::build(&ClaveParts {
            issue_date: chrono::NaiveDate::from_ymd_opt(2026, 1, 15).unwrap(),
            doc_type: DocType::Factura,
            ruc: "1790011001001".into(),
            environment: Environment::Produccion,
            establishment: "001".into(),
            emission_point: "001".into(),
            sequential: seq,
            numeric_code: "12345678".into(),
        })
        .unwrap()
        .as_str()
        .to_string()
    }

    #[test]
    fn columns_from_the_header() {
        let text = format!(
            "IMPORTE_TOTAL\tCLAVE_ACCESO\tRUC_EMISOR\tIDENTIFICACION_RECEPTOR\n\
             1.00\t{}\t1790011001001\t1790011224001\n\
             \n\
             2.00\t{}\t1790011001001\t0990000001001\n\
             3.00\t123\t1790011001001\t1790011224001\n\
             1.00\t{}\t1790011001001\t1790011224001\n",
            key(1),
            key(2),
            key(1)
        );
        let mut r = Report::default();
        read(&text, "1790011224001", &mut r).unwrap();
        assert_eq!(
            r.rows,
            vec![Row {
                line: 2,
                access_key: key(1)
            }]
        );
        assert_eq!(r.errors.len(), 2, "{:?}", r.errors);
        assert_eq!(r.errors[0].0, 4);
        assert!(r.errors[0].1.contains("no a esta empresa"));
        assert_eq!(r.errors[1].0, 5);
    }

    #[test]
    fn problems_are_counted_but_only_the_first_are_kept() {
        let text = format!("CLAVE_ACCESO\n{}", "x\n".repeat(ERRORS_KEPT + 500));
        let mut r = Report::default();
        read(&text, "1790011224001", &mut r).unwrap();
        assert_eq!(r.errors.len(), ERRORS_KEPT);
        assert_eq!(r.error_count, ERRORS_KEPT + 500);
        assert!(r.rows.is_empty());
    }

    #[test]
    fn older_two_line_format() {
        let text = format!(
            "COMPROBANTE\tSERIE_COMPROBANTE\tRUC_EMISOR\tCLAVE_ACCESO\n\
             Factura\t001-001-000000001\t1790011001001\t{}\n\
             12.50\n",
            key(1)
        );
        let mut r = Report::default();
        read(&text, "1790011224001", &mut r).unwrap();
        assert_eq!(r.rows.len(), 1);
        assert!(r.errors.is_empty());
    }
}
