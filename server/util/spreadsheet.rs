//! Reading the rows of an uploaded spreadsheet with the crates made for it: `calamine` for
//! XLSX, XLS and ODS (the first worksheet), `csv` for CSV, and `encoding_rs` to decode a CSV the
//! way Excel saves it. The hand-written zip and CSV parsers this module had (issue 24, point 7)
//! refused what Excel in Spanish writes: a CSV in Windows-1252 with `;`.
//!
//! CSV decoding: a byte-order mark decides (UTF-8 or UTF-16); without one, text that is valid
//! UTF-8 is UTF-8, anything else is Windows-1252 (Excel's «CSV (delimitado por comas)» on a
//! Spanish Windows). The delimiter is the one of `;`, `,` or tab that the header line has most
//! of outside quotes (`;` when tied with `,`).
//!
//! Every cell comes back as text, exactly as written (a name that starts with `=` is stored as
//! such; a number typed in a spreadsheet comes back as the shortest decimal of its `f64` —
//! `1.1`, `24` — which Rust writes without exponent); the
//! caller validates it. The files the app writes are `util::export`.

use std::io::Cursor;

use calamine::{Data, Reader, open_workbook_auto_from_rs};

/// Why a file could not be read (Spanish, for the user).
pub type SheetError = String;

/// Rows of cells (the first row is the header).
pub type Rows = Vec<Vec<String>>;

/// The first bytes of a zip archive (XLSX, ODS).
const ZIP: &[u8] = b"PK\x03\x04";
/// The first bytes of an OLE compound file (XLS).
const OLE: &[u8] = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";

/// Reads a CSV, XLSX, XLS or ODS file by its content (not by its name).
pub fn read_rows(bytes: &[u8]) -> Result<Rows, SheetError> {
    let mut rows = if bytes.starts_with(ZIP) || bytes.starts_with(OLE) {
        read_workbook(bytes)?
    } else {
        read_csv(&decode(bytes))?
    };
    rows.retain(|r| r.iter().any(|c| !c.trim().is_empty()));
    Ok(rows)
}

/// The first worksheet of an XLSX, XLS or ODS file.
fn read_workbook(bytes: &[u8]) -> Result<Rows, SheetError> {
    let invalid = || "La hoja de cálculo no se pudo leer (¿está dañada o protegida?)".to_string();
    let mut book = open_workbook_auto_from_rs(Cursor::new(bytes)).map_err(|_| invalid())?;
    let range = book
        .worksheet_range_at(0)
        .ok_or_else(|| "La hoja de cálculo no tiene hojas".to_string())?
        .map_err(|_| invalid())?;
    Ok(range
        .rows()
        .map(|row| row.iter().map(Data::to_string).collect())
        .collect())
}

/// The text of a CSV file: by its byte-order mark, else UTF-8 when valid, else Windows-1252.
pub fn decode(bytes: &[u8]) -> String {
    if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        return encoding
            .decode_without_bom_handling(&bytes[bom..])
            .0
            .into_owned();
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => encoding_rs::WINDOWS_1252
            .decode_without_bom_handling(bytes)
            .0
            .into_owned(),
    }
}

/// The delimiter of a CSV text: `;`, `,` or tab, whichever its first line has most of outside
/// quotes (`;` wins a tie with `,`; `,` when there is none).
fn delimiter(text: &str) -> u8 {
    let mut counts = [0usize; 3];
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '"' => quoted = !quoted,
            '\n' if !quoted => break,
            ';' if !quoted => counts[0] += 1,
            ',' if !quoted => counts[1] += 1,
            '\t' if !quoted => counts[2] += 1,
            _ => {}
        }
    }
    let [semicolon, comma, tab] = counts;
    if tab > semicolon && tab > comma {
        b'\t'
    } else if semicolon > 0 && semicolon >= comma {
        b';'
    } else {
        b','
    }
}

/// Parses CSV text (quoted fields, `""` inside quotes, CRLF or LF, rows of any length).
pub fn read_csv(text: &str) -> Result<Rows, SheetError> {
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter(text))
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    reader
        .records()
        .map(|record| {
            record
                .map(|r| r.iter().map(String::from).collect())
                .map_err(|e| {
                    let line = e.position().map_or(0, |p| p.line());
                    format!("El archivo CSV no se pudo leer (línea {line})")
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_separators_quotes_and_bom() {
        let rows = read_rows("\u{feff}codigo;nombre;precio\r\nA1;\"Azúcar; 1 kg\";1.10\r\n\r\nA2;\"Dice \"\"hola\"\"\";2\n".as_bytes()).unwrap();
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[0][0], "codigo");
        assert_eq!(rows[1], ["A1", "Azúcar; 1 kg", "1.10"]);
        assert_eq!(rows[2][1], "Dice \"hola\"");
        let rows = read_rows(b"codigo,nombre\nB1,Pan").unwrap();
        assert_eq!(rows[1], ["B1", "Pan"]);
        // A quoted `;` in the header does not make it the delimiter.
        let rows = read_rows(b"codigo,\"nombre;largo\",precio\nB1,Pan,1").unwrap();
        assert_eq!(rows[1], ["B1", "Pan", "1"]);
    }

    #[test]
    fn windows_1252_and_utf16_are_decoded() {
        // «Azúcar» and «Ñame» as Excel in Spanish writes them (ú = 0xFA, Ñ = 0xD1).
        let rows =
            read_rows(b"codigo;nombre;precio\r\nA1;Az\xFAcar;1,10\r\nA2;\xD1ame;2\r\n").unwrap();
        assert_eq!(rows[1], ["A1", "Azúcar", "1,10"]);
        assert_eq!(rows[2][1], "Ñame");
        let utf16: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(
                "codigo\tnombre\r\nA1\tCafé\r\n"
                    .encode_utf16()
                    .flat_map(u16::to_le_bytes),
            )
            .collect();
        assert_eq!(read_rows(&utf16).unwrap()[1], ["A1", "Café"]);
    }

    #[test]
    fn xlsx_round_trip() {
        let rows = vec![
            vec!["codigo".to_string(), "nombre".to_string()],
            vec!["X1".to_string(), "Café & té <1>".to_string()],
        ];
        let bytes = crate::util::export::write_xlsx(&rows, &[]).unwrap();
        assert_eq!(read_rows(&bytes).unwrap(), rows);
    }

    #[test]
    fn a_damaged_workbook_is_refused_in_spanish() {
        let err = read_rows(b"PK\x03\x04not a zip").unwrap_err();
        assert!(err.contains("no se pudo leer"), "{err}");
    }
}
