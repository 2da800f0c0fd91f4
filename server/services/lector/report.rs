//! The SRI's "comprobantes recibidos" TXT report (reference §7): one header line naming the
//! columns, then one row per document, tab-separated. The columns are found by name in the header,
//! never by position (the SRI has changed their order); the older format, whose records take two
//! lines (fields, then the total alone), is read too. Each row is checked: a valid access key, the
//! issuer's RUC inside it, and the receiver being the company. Hand-written: it is a few dozen
//! lines, and the `csv` crate's quoting rules do not fit the SRI's unquoted text.

use std::collections::HashSet;

use crate::sri::clave::ClaveAcceso;

use super::document::is_for;

/// A row to read: its line number and access key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub line: usize,
    pub access_key: String,
}

/// The rows and the problems of a report.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    pub rows: Vec<Row>,
    pub errors: Vec<(usize, String)>,
}

fn column(header: &[String], names: &[&str]) -> Option<usize> {
    header.iter().position(|h| names.contains(&h.as_str()))
}

/// Reads the report's text for the company with RUC `company_ruc`.
pub fn read(text: &str, company_ruc: &str) -> Result<Report, String> {
    let lines: Vec<&str> = text.lines().collect();
    let Some(header_at) = lines.iter().position(|l| {
        let upper = l.to_uppercase();
        upper.contains("CLAVE_ACCESO") || upper.contains("CLAVE DE ACCESO")
    }) else {
        return Err("El reporte no tiene la línea de títulos con la columna CLAVE_ACCESO".into());
    };
    let separator = if lines[header_at].contains('\t') {
        '\t'
    } else if lines[header_at].contains(';') {
        ';'
    } else {
        ','
    };
    let header: Vec<String> = lines[header_at]
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
    let mut report = Report::default();
    let mut seen = HashSet::new();
    for (i, raw) in lines.iter().enumerate().skip(header_at + 1) {
        let line = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let cells: Vec<&str> = raw.split(separator).map(str::trim).collect();
        let key = cells.get(key_col).copied().unwrap_or_default();
        if key.is_empty() {
            // The older format's second line of a record: the total alone.
            let filled: Vec<&&str> = cells.iter().filter(|c| !c.is_empty()).collect();
            if filled.len() <= 1 {
                continue;
            }
            report
                .errors
                .push((line, "La línea no tiene clave de acceso".into()));
            continue;
        }
        let parts = match ClaveAcceso::parse(key).and_then(|k| k.parts()) {
            Ok(p) => p,
            Err(e) => {
                report
                    .errors
                    .push((line, format!("Clave de acceso «{key}»: {e}")));
                continue;
            }
        };
        if let Some(ruc) = ruc_col.and_then(|c| cells.get(c)).filter(|r| !r.is_empty())
            && *ruc != parts.ruc
        {
            report.errors.push((
                line,
                format!(
                    "La clave de acceso {key} no es del emisor {ruc} (es de {})",
                    parts.ruc
                ),
            ));
            continue;
        }
        if let Some(receiver) = receiver_col
            .and_then(|c| cells.get(c))
            .filter(|r| !r.is_empty())
            && !is_for(receiver, company_ruc)
        {
            report.errors.push((
                line,
                format!(
                    "El comprobante {key} fue emitido a {receiver}, no a esta empresa (RUC {company_ruc})"
                ),
            ));
            continue;
        }
        if seen.insert(key.to_string()) {
            report.rows.push(Row {
                line,
                access_key: key.to_string(),
            });
        }
    }
    Ok(report)
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
        let r = read(&text, "1790011224001").unwrap();
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
    fn older_two_line_format() {
        let text = format!(
            "COMPROBANTE\tSERIE_COMPROBANTE\tRUC_EMISOR\tCLAVE_ACCESO\n\
             Factura\t001-001-000000001\t1790011001001\t{}\n\
             12.50\n",
            key(1)
        );
        let r = read(&text, "1790011224001").unwrap();
        assert_eq!(r.rows.len(), 1);
        assert!(r.errors.is_empty());
    }
}
