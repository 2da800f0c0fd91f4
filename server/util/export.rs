//! The files the app produces — the kardex export, the import template, reports — are written
//! here and only here, so that no cell of them can run as a spreadsheet formula: text that
//! starts with `=`, `+`, `-`, `@`, tab or CR gets a leading apostrophe ([`neutralise`], the OWASP
//! «CSV injection» rule). The data itself is stored as written; only the file changes. CSV
//! quoting is the `csv` crate's.

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

/// The column letters of a 0-based index (`0` → `A`, `26` → `AA`).
fn column_name(mut index: usize) -> String {
    let mut name = Vec::new();
    loop {
        name.push(b'A' + (index % 26) as u8);
        if index < 26 {
            break;
        }
        index = index / 26 - 1;
    }
    name.reverse();
    String::from_utf8_lossy(&name).into_owned()
}

/// Writes a minimal XLSX file with one sheet of inline strings, each cell [`neutralise`]d (the
/// import tests build their files with it; reports will too).
pub fn write_xlsx(rows: &[Vec<String>]) -> Vec<u8> {
    let mut sheet = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><sheetData>",
    );
    for (r, row) in rows.iter().enumerate() {
        sheet.push_str(&format!("<row r=\"{}\">", r + 1));
        for (c, value) in row.iter().enumerate() {
            sheet.push_str(&format!(
                "<c r=\"{}{}\" t=\"inlineStr\"><is><t xml:space=\"preserve\">{}</t></is></c>",
                column_name(c),
                r + 1,
                quick_xml::escape::escape(neutralise(value).as_ref())
            ));
        }
        sheet.push_str("</row>");
    }
    sheet.push_str("</sheetData></worksheet>");
    let files = [("xl/worksheets/sheet1.xml", sheet)];
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, content) in &files {
        let mut deflated = Vec::new();
        // Writing into a `Vec` cannot fail: the `io::Result`s below are always `Ok`.
        #[allow(clippy::unwrap_used)]
        {
            use std::io::Write;
            let mut enc =
                flate2::write::DeflateEncoder::new(&mut deflated, flate2::Compression::fast());
            enc.write_all(content.as_bytes()).unwrap();
            enc.finish().unwrap();
        }
        let crc = {
            let mut crc = flate2::Crc::new();
            crc.update(content.as_bytes());
            crc.sum()
        };
        let offset = out.len() as u32;
        let header = |sig: &[u8], central: bool| {
            let mut h = Vec::new();
            h.extend_from_slice(sig);
            if central {
                h.extend_from_slice(&20u16.to_le_bytes());
            }
            h.extend_from_slice(&20u16.to_le_bytes());
            h.extend_from_slice(&0u16.to_le_bytes());
            h.extend_from_slice(&8u16.to_le_bytes());
            h.extend_from_slice(&0u32.to_le_bytes());
            h.extend_from_slice(&crc.to_le_bytes());
            h.extend_from_slice(&(deflated.len() as u32).to_le_bytes());
            h.extend_from_slice(&(content.len() as u32).to_le_bytes());
            h.extend_from_slice(&(name.len() as u16).to_le_bytes());
            h.extend_from_slice(&0u16.to_le_bytes());
            if central {
                h.extend_from_slice(&[0u8; 10]);
                h.extend_from_slice(&offset.to_le_bytes());
            }
            h.extend_from_slice(name.as_bytes());
            h
        };
        out.extend(header(b"PK\x03\x04", false));
        out.extend_from_slice(&deflated);
        central.extend(header(b"PK\x01\x02", true));
    }
    let central_at = out.len() as u32;
    out.extend_from_slice(&central);
    out.extend_from_slice(b"PK\x05\x06");
    out.extend_from_slice(&[0u8; 4]);
    out.extend_from_slice(&(files.len() as u16).to_le_bytes());
    out.extend_from_slice(&(files.len() as u16).to_le_bytes());
    out.extend_from_slice(&(central.len() as u32).to_le_bytes());
    out.extend_from_slice(&central_at.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::spreadsheet::read_rows;

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
            vec!["codigo".to_string(), "nombre".to_string(), "saldo".to_string()],
            vec!["X1".to_string(), "=cmd|' /C calc'!A0".to_string(), "-5".to_string()],
        ];
        let read = read_rows(&write_xlsx(&rows)).unwrap();
        assert_eq!(read[1], ["X1", "'=cmd|' /C calc'!A0", "-5"]);
    }

    #[test]
    fn column_names() {
        assert_eq!(
            [0, 25, 26, 27, 701, 702].map(column_name),
            ["A", "Z", "AA", "AB", "ZZ", "AAA"]
        );
    }
}
