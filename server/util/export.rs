//! The files the app produces — the kardex export, the import template, reports — are written
//! here and only here, so that no cell of them can run as a spreadsheet formula: text that
//! starts with `=`, `+`, `-`, `@`, tab or CR gets a leading apostrophe ([`neutralise`], the OWASP
//! «CSV injection» rule). The data itself is stored as written; only the file changes. CSV
//! quoting is the `csv` crate's; XLSX files are `rust_xlsxwriter`'s, through the same
//! [`neutralise`] (one rule for both formats).

use std::borrow::Cow;

use axum::http::header;
use axum::response::{IntoResponse, Response};

/// Whether `cell` is a plain decimal number (`-5`, `+1.50`, `.5`): such cells keep their sign,
/// a spreadsheet reads them as numbers, never as formulas.
fn is_number(cell: &str) -> bool {
    let digits = cell.strip_prefix(['-', '+']).unwrap_or(cell);
    let mut parts = digits.splitn(2, '.');
    let whole = parts.next().unwrap_or_default();
    let fraction = parts.next().unwrap_or_default();
    !(whole.is_empty() && fraction.is_empty())
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.bytes().all(|b| b.is_ascii_digit())
}

/// The cell as a spreadsheet must show it: text that a spreadsheet would take as a formula
/// (leading `=`, `+`, `-`, `@`, tab or CR) gets a leading `'`; numbers and other text are left
/// alone (borrowed).
pub fn neutralise(cell: &str) -> Cow<'_, str> {
    let risky = cell.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if risky && !is_number(cell) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// A CSV file for Excel in Spanish locales: UTF-8 with BOM, `;` between cells, CRLF between
/// rows, quotes only where needed, every cell [`neutralise`]d.
pub fn write_csv<R, C>(rows: R) -> Vec<u8>
where
    R: IntoIterator<Item = C>,
    C: IntoIterator,
    C::Item: AsRef<str>,
{
    let mut writer = csv::WriterBuilder::new()
        .delimiter(b';')
        .terminator(csv::Terminator::CRLF)
        .flexible(true)
        .from_writer(b"\xEF\xBB\xBF".to_vec());
    for row in rows {
        let cells: Vec<String> = row
            .into_iter()
            .map(|c| neutralise(c.as_ref()).into_owned())
            .collect();
        // Writing into a `Vec` cannot fail (and `flexible` allows rows of any length).
        #[allow(clippy::unwrap_used)]
        writer.write_record(&cells).unwrap();
    }
    #[allow(clippy::unwrap_used)]
    writer.into_inner().unwrap()
}

/// The answer that downloads `body` as the CSV file `filename` (a plain ASCII name).
pub fn csv_download(filename: &str, body: Vec<u8>) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
        ],
        body,
    )
        .into_response()
}

/// The export formats of a download (`?format=csv|xlsx`, CSV when absent).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Csv,
    Xlsx,
}

impl Format {
    /// The format of a `format` query value; `None` for an unknown one.
    pub fn parse(value: Option<&str>) -> Option<Format> {
        match value.map(str::trim).unwrap_or_default() {
            "" | "csv" => Some(Format::Csv),
            "xlsx" => Some(Format::Xlsx),
            _ => None,
        }
    }
}

/// The Spanish problem of an unknown `format`.
pub const FORMAT_PROBLEM: &str = "El formato debe ser csv o xlsx";

/// The answer that downloads `rows` as `<stem>.csv` or `<stem>.xlsx` (`numeric` as in
/// [`write_xlsx`]); `Err` is the Spanish problem when the sheet does not fit in a workbook.
pub fn download(
    format: Format,
    stem: &str,
    rows: &[Vec<String>],
    numeric: &[usize],
) -> Result<Response, String> {
    Ok(match format {
        Format::Csv => csv_download(&format!("{stem}.csv"), write_csv(rows)),
        Format::Xlsx => (
            [
                (
                    header::CONTENT_TYPE,
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet".to_string(),
                ),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{stem}.xlsx\""),
                ),
            ],
            write_xlsx(rows, numeric)?,
        )
            .into_response(),
    })
}

/// Most characters an XLSX cell holds (Excel's limit); longer text is cut there.
const XLSX_CELL_MAX: usize = 32_767;

/// An XLSX workbook (`rust_xlsxwriter`) of one sheet: the first row in bold and frozen, every
/// text cell [`neutralise`]d. Cells of the `numeric` columns (0-based) that hold a plain decimal
/// are written as numbers, so that a spreadsheet sums them; every other cell is text, so codes
/// such as `0012` or a 13-digit barcode keep their digits. `Err` is the Spanish problem when
/// the rows do not fit in a sheet.
pub fn write_xlsx(rows: &[Vec<String>], numeric: &[usize]) -> Result<Vec<u8>, String> {
    let too_big = |_| "La hoja tiene más filas o columnas de las que admite Excel".to_string();
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    let bold = rust_xlsxwriter::Format::new().set_bold();
    for (r, row) in rows.iter().enumerate() {
        let r = u32::try_from(r).map_err(|_| too_big(()))?;
        for (c, value) in row.iter().enumerate() {
            let c = u16::try_from(c).map_err(|_| too_big(()))?;
            let number = (r > 0 && numeric.contains(&usize::from(c)) && is_number(value))
                .then(|| value.parse::<f64>().ok())
                .flatten();
            match number {
                Some(n) => sheet.write_number(r, c, n).map_err(|_| too_big(()))?,
                None => {
                    let text: String = neutralise(value).chars().take(XLSX_CELL_MAX).collect();
                    if r == 0 {
                        sheet.write_string_with_format(r, c, text, &bold)
                    } else {
                        sheet.write_string(r, c, text)
                    }
                    .map_err(|_| too_big(()))?
                }
            };
        }
    }
    if rows.len() > 1 {
        sheet.set_freeze_panes(1, 0).map_err(|_| too_big(()))?;
    }
    // Saving into memory only fails on an I/O error, which a `Vec` never has.
    book.save_to_buffer()
        .map_err(|e| format!("No se pudo escribir la hoja: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::spreadsheet::{Limits, read_rows};

    #[test]
    fn neutralise_formulas_but_not_numbers() {
        for (cell, expected) in [
            ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"),
            ("+HYPERLINK(\"http://x\")", "'+HYPERLINK(\"http://x\")"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\t=1", "'\t=1"),
            ("\r=1", "'\r=1"),
            ("-", "'-"),
            ("-.", "'-."),
            ("-1e5", "'-1e5"),
            ("-inf", "'-inf"),
            ("-5", "-5"),
            ("-1.50", "-1.50"),
            ("+3", "+3"),
            ("12.000000", "12.000000"),
            ("Azúcar = dulce", "Azúcar = dulce"),
            ("", ""),
        ] {
            assert_eq!(neutralise(cell), expected, "{cell:?}");
        }
        assert!(matches!(neutralise("-5"), Cow::Borrowed(_)));
    }

    #[test]
    fn csv_quotes_and_neutralises() {
        let body = write_csv([
            vec!["Producto", "Saldo"],
            vec!["=cmd|' /C calc'!A0", "-5"],
            vec!["+HYPERLINK(\"http://x\")", "1;2"],
        ]);
        assert_eq!(
            String::from_utf8(body).unwrap(),
            "\u{feff}Producto;Saldo\r\n'=cmd|' /C calc'!A0;-5\r\n\"'+HYPERLINK(\"\"http://x\"\")\";\"1;2\"\r\n"
        );
    }

    #[test]
    fn xlsx_neutralises_text_cells() {
        let rows = vec![
            vec![
                "codigo".to_string(),
                "nombre".to_string(),
                "saldo".to_string(),
            ],
            vec![
                "X1".to_string(),
                "=cmd|' /C calc'!A0".to_string(),
                "-5".to_string(),
            ],
        ];
        let read = read_rows(&write_xlsx(&rows, &[2]).unwrap(), &Limits::PRODUCTS).unwrap();
        assert_eq!(read[1], ["X1", "'=cmd|' /C calc'!A0", "-5"]);
        // Outside the numeric columns a number-like cell stays text with its digits.
        let rows = vec![vec!["codigo".to_string()], vec!["0012".to_string()]];
        let read = read_rows(&write_xlsx(&rows, &[]).unwrap(), &Limits::PRODUCTS).unwrap();
        assert_eq!(read[1], ["0012"]);
    }

    #[test]
    fn numeric_columns_are_numbers_in_the_workbook() {
        use calamine::{Data, Reader, open_workbook_auto_from_rs};
        let rows = vec![
            vec!["codigo".to_string(), "saldo".to_string()],
            vec!["7861234500017".to_string(), "-1.5".to_string()],
        ];
        let bytes = write_xlsx(&rows, &[1]).unwrap();
        let mut book = open_workbook_auto_from_rs(std::io::Cursor::new(bytes)).unwrap();
        let range = book.worksheet_range_at(0).unwrap().unwrap();
        assert_eq!(
            range.get((1, 0)),
            Some(&Data::String("7861234500017".into()))
        );
        assert_eq!(range.get((1, 1)), Some(&Data::Float(-1.5)));
    }
}
