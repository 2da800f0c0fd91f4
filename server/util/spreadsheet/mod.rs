//! Reading the rows of an uploaded spreadsheet with the crates made for it: `calamine` for
//! XLSX, XLS and ODS (the first worksheet), `csv` for CSV, and `encoding_rs` to decode a CSV the
//! way Excel saves it. The hand-written zip and CSV parsers this module once had refused what
//! Excel in Spanish writes: a CSV in Windows-1252 with `;`.
//!
//! **Bounded before allocating.** A file says how big it is (an XLSX's declared dimension, its
//! shared-strings count, an ODS cell repeated a million times, an XLS `DIMENSIONS` record) and
//! calamine believes it: a 1.5 KB XLSX declaring `A1:XFD1048576` once asked for 512 GB and aborted
//! the process. So every format is measured against [`Limits`] before calamine builds anything —
//! [`zipped`] reads an XLSX's worksheet cell by cell (calamine's streaming reader) after checking
//! its parts, and scans an ODS's content; [`xls`] scans an XLS's records — and the rows are
//! gathered by one [`Builder`] that stops at the row, column and text limits (a CSV of ten million
//! rows stops reading at the limit). Those scans are hand-written because no library offers
//! them: they read only the counts calamine would trust.
//!
//! CSV decoding: a byte-order mark decides (UTF-8 or UTF-16); without one, text that is valid
//! UTF-8 is UTF-8, anything else is Windows-1252 (Excel's «CSV (delimitado por comas)» on a
//! Spanish Windows). The delimiter is the one of `;`, `,` or tab that the header line has most
//! of outside quotes (`;` when tied with `,`).
//!
//! Every cell comes back as text, exactly as written (a name that starts with `=` is stored as
//! such; a number typed in a spreadsheet comes back as the shortest decimal of its `f64` —
//! `1.1`, `24` — which Rust writes without exponent); the caller validates it. The files the app
//! writes are `util::export`.

use std::borrow::Cow;

mod builder;
mod xls;
mod zipped;

pub use builder::{Builder, Row};

/// Why a file could not be read (Spanish, for the user).
pub type SheetError = String;

/// The rows with some text in them (the first is the header), in the file's order.
pub type Rows = Vec<Row>;

/// How much of a file is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Rows after the header.
    pub rows: usize,
    /// Columns of a row (cells past the last one must be empty).
    pub columns: usize,
    /// Bytes of text in all the cells together.
    pub text_bytes: usize,
}

impl Limits {
    /// A product import: 200 000 products, the template's 15 columns and room for the user's own.
    pub const PRODUCTS: Limits = Limits {
        rows: 200_000,
        columns: 64,
        text_bytes: 64 * 1024 * 1024,
    };

    /// The refusal of a file with more rows than [`Limits::rows`].
    pub fn too_many_rows(&self) -> SheetError {
        format!("Un archivo admite hasta {} filas", self.rows)
    }
}

/// The first bytes of a zip archive (XLSX, ODS).
const ZIP: &[u8] = b"PK\x03\x04";
/// The first bytes of an OLE compound file (XLS).
const OLE: &[u8] = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";

/// The refusal of a workbook calamine could not open.
fn unreadable() -> SheetError {
    "La hoja de cálculo no se pudo leer (¿está dañada o protegida?)".to_string()
}

/// Reads a CSV, XLSX, XLS or ODS file by its content (not by its name), within `limits`.
pub fn read_rows(bytes: &[u8], limits: &Limits) -> Result<Rows, SheetError> {
    if bytes.starts_with(ZIP) {
        zipped::read(bytes, limits)
    } else if bytes.starts_with(OLE) {
        xls::read(bytes, limits)
    } else {
        read_csv(&decode(bytes), limits)
    }
}

/// The rows of a sheet calamine read whole (ODS, XLS), within `limits`.
fn rows_of(range: &calamine::Range<calamine::Data>, limits: &Limits) -> Result<Rows, SheetError> {
    let mut builder = Builder::new(limits);
    let (top, left) = range.start().unwrap_or_default();
    for (r, row) in range.rows().enumerate() {
        for (c, value) in row.iter().enumerate() {
            builder.cell(top as usize + r, left as usize + c, &value.to_string())?;
        }
    }
    builder.finish()
}

/// The text of a CSV file: by its byte-order mark, else UTF-8 when valid (the file's own bytes,
/// not a copy), else Windows-1252.
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        return encoding.decode_without_bom_handling(&bytes[bom..]).0;
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => {
            encoding_rs::WINDOWS_1252
                .decode_without_bom_handling(bytes)
                .0
        }
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

/// Parses CSV text (quoted fields, `""` inside quotes, CRLF or LF, rows of any length), record by
/// record, stopping at the first limit passed.
pub fn read_csv(text: &str, limits: &Limits) -> Result<Rows, SheetError> {
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter(text))
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut rows = Builder::new(limits);
    let mut record = csv::StringRecord::new();
    let mut index = 0usize;
    loop {
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {
                for (column, cell) in record.iter().enumerate() {
                    rows.cell(index, column, cell)?;
                }
                index += 1;
            }
            Err(e) => {
                let line = e.position().map_or(0, |p| p.line());
                return Err(format!("El archivo CSV no se pudo leer (línea {line})"));
            }
        }
    }
    rows.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8]) -> Rows {
        read_rows(bytes, &Limits::PRODUCTS).unwrap()
    }

    #[test]
    fn csv_separators_quotes_and_bom() {
        let rows = read("\u{feff}codigo;nombre;precio\r\nA1;\"Azúcar; 1 kg\";1.10\r\n\r\nA2;\"Dice \"\"hola\"\"\";2\n".as_bytes());
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[0].get(0), Some("codigo"));
        assert_eq!(rows[1], ["A1", "Azúcar; 1 kg", "1.10"]);
        assert_eq!(rows[2].get(1), Some("Dice \"hola\""));
        let rows = read(b"codigo,nombre\nB1,Pan");
        assert_eq!(rows[1], ["B1", "Pan"]);
        // A quoted `;` in the header does not make it the delimiter.
        let rows = read(b"codigo,\"nombre;largo\",precio\nB1,Pan,1");
        assert_eq!(rows[1], ["B1", "Pan", "1"]);
    }

    #[test]
    fn windows_1252_and_utf16_are_decoded() {
        // «Azúcar» and «Ñame» as Excel in Spanish writes them (ú = 0xFA, Ñ = 0xD1).
        let rows = read(b"codigo;nombre;precio\r\nA1;Az\xFAcar;1,10\r\nA2;\xD1ame;2\r\n");
        assert_eq!(rows[1], ["A1", "Azúcar", "1,10"]);
        assert_eq!(rows[2].get(1), Some("Ñame"));
        let utf16: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(
                "codigo\tnombre\r\nA1\tCafé\r\n"
                    .encode_utf16()
                    .flat_map(u16::to_le_bytes),
            )
            .collect();
        assert_eq!(read(&utf16)[1], ["A1", "Café"]);
    }

    #[test]
    fn xlsx_round_trip() {
        let rows = vec![
            vec!["codigo".to_string(), "nombre".to_string()],
            vec!["X1".to_string(), "Café & té <1>".to_string()],
        ];
        let bytes = crate::util::export::write_xlsx(&rows, &[]).unwrap();
        let read = read(&bytes);
        assert_eq!(read.len(), 2);
        assert_eq!(read[0], ["codigo", "nombre"]);
        assert_eq!(read[1], ["X1", "Café & té <1>"]);
    }

    #[test]
    fn a_damaged_workbook_is_refused_in_spanish() {
        let err = read_rows(b"PK\x03\x04not a zip", &Limits::PRODUCTS).unwrap_err();
        assert!(err.contains("no se pudo leer"), "{err}");
    }

    #[test]
    fn a_csv_stops_reading_at_the_row_limit() {
        let limits = Limits {
            rows: 3,
            ..Limits::PRODUCTS
        };
        let fits = "codigo\na\nb\n\nc\n";
        assert_eq!(read_rows(fits.as_bytes(), &limits).unwrap().len(), 4);
        let over = "codigo\na\nb\nc\nd\n";
        assert_eq!(
            read_rows(over.as_bytes(), &limits),
            Err(limits.too_many_rows())
        );
    }

    #[test]
    fn columns_and_text_are_bounded() {
        let limits = Limits {
            rows: 10,
            columns: 3,
            text_bytes: 20,
        };
        // Empty cells past the last column are nothing; a filled one is refused.
        assert!(read_rows(b"a;b;c;;;\n", &limits).is_ok());
        let err = read_rows(b"a;b;c;d\n", &limits).unwrap_err();
        assert!(err.contains("columna 4"), "{err}");
        let err = read_rows(format!("{}\n", "x".repeat(21)).as_bytes(), &limits).unwrap_err();
        assert!(err.contains("texto"), "{err}");
        let cell = "y".repeat(builder::CELL_MAX_BYTES + 1);
        let err = read_rows(format!("a;{cell}\n").as_bytes(), &Limits::PRODUCTS).unwrap_err();
        assert!(
            err.contains("La fila 1 tiene en la columna 2 un texto de más de 128 KB"),
            "{err}"
        );
    }
}
