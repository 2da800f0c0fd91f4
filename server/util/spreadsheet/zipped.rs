//! Workbooks that are zip archives: XLSX (read cell by cell with calamine's streaming reader) and
//! ODS (scanned, then read by calamine). Before calamine opens one, its parts are measured:
//!
//! - every part's declared size (the `zip` crate stops reading an entry at its declared size, so
//!   the declaration is a bound, not a claim);
//! - an XLSX's shared strings: calamine reserves room for the count the part declares and keeps
//!   every string, so the declared and the real count are both bounded;
//! - an XLSX's declared dimension (`<dimension ref="A1:XFD1048576"/>`), refused when it is larger
//!   than the limits: calamine's whole-sheet reader built that rectangle (512 GB for the probe's
//!   1.5 KB file); the streaming reader used here never does, but a file that claims it is not
//!   what a product import is;
//! - an ODS's content: calamine expands `number-rows-repeated`, `number-columns-repeated` and
//!   `text:s` space counts into cells and text, so the scan adds them up first.

use std::io::{Cursor, Read};

use calamine::{Data, Ods, Reader, Xlsx};
use quick_xml::Reader as XmlReader;
use quick_xml::events::{BytesStart, Event};

use super::{Builder, Limits, Rows, SheetError, rows_of, unreadable};

/// Most parts in one archive.
const PARTS_MAX: usize = 10_000;
/// Largest part calamine reads whole (workbook, styles, theme, relationships…).
const PART_MAX: u64 = 16 * 1024 * 1024;
/// Largest XLSX shared-strings part.
const SHARED_STRINGS_BYTES_MAX: u64 = 48 * 1024 * 1024;
/// Most shared strings (about five distinct texts for each of 200 000 rows).
const SHARED_STRINGS_MAX: usize = 1_000_000;
/// Largest worksheet or ODS content part: read as a stream (200 000 rows of 15 cells take about
/// 120 MB of XML).
const SHEET_MAX: u64 = 160 * 1024 * 1024;
/// Longest tag or text in a worksheet or ODS content part: an XML reader holds one whole event
/// (a cell's text, a tag with its attributes) in memory. Excel caps a cell at 32 767 characters.
const RUN_MAX: u64 = 1024 * 1024;
/// Most cells calamine may build for an ODS sheet (it builds the whole rectangle, about 60 bytes a
/// cell with its formula): larger sheets are read from XLSX or CSV, which are streamed.
pub const RECTANGLE_CELLS_MAX: u64 = 1_000_000;

/// What the archive is.
enum Kind {
    Xlsx,
    Ods,
}

pub fn read(bytes: &[u8], limits: &Limits) -> Result<Rows, SheetError> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|_| unreadable())?;
    let kind = check_parts(&mut archive, limits)?;
    match kind {
        Kind::Xlsx => read_xlsx(bytes, limits),
        Kind::Ods => {
            scan_ods(&mut archive, limits)?;
            read_ods(bytes, limits)
        }
    }
}

/// The archive's kind, once every part is within its size.
fn check_parts(
    archive: &mut zip::ZipArchive<Cursor<&[u8]>>,
    limits: &Limits,
) -> Result<Kind, SheetError> {
    if archive.len() > PARTS_MAX {
        return Err(unreadable());
    }
    let mut kind = None;
    for i in 0..archive.len() {
        let part = archive.by_index_raw(i).map_err(|_| unreadable())?;
        let name = part.name().map(|n| n.into_owned()).unwrap_or_default();
        let size = part.size();
        let max = if name.ends_with("sharedStrings.xml") {
            SHARED_STRINGS_BYTES_MAX
        } else if name.contains("worksheets/") || name == "content.xml" {
            SHEET_MAX
        } else {
            PART_MAX
        };
        if size > max {
            return Err(format!(
                "La hoja de cálculo es demasiado grande: su parte «{name}» ocupa {} MB sin comprimir",
                size / 1024 / 1024
            ));
        }
        match name.as_str() {
            "xl/workbook.xml" => kind = Some(Kind::Xlsx),
            "content.xml" => kind = kind.or(Some(Kind::Ods)),
            "xl/workbook.bin" => {
                return Err(
                    "El formato XLSB no se admite: guarde la hoja como XLSX (Libro de Excel) o CSV"
                        .into(),
                );
            }
            _ => {}
        }
    }
    if let Some(Kind::Xlsx) = kind {
        check_shared_strings(archive)?;
    }
    for i in 0..archive.len() {
        let part = archive.by_index(i).map_err(|_| unreadable())?;
        let name = part.name().map(|n| n.into_owned()).unwrap_or_default();
        if name.contains("worksheets/") {
            let (rows, columns) = declared_dimension(part)?;
            if rows > limits.rows as u64 + 1 || columns > limits.columns as u64 {
                return Err(too_large(rows, columns, limits));
            }
        }
    }
    for i in 0..archive.len() {
        let part = archive.by_index(i).map_err(|_| unreadable())?;
        let name = part.name().map(|n| n.into_owned()).unwrap_or_default();
        if (name.contains("worksheets/") || name == "content.xml") && longest_run(part)? > RUN_MAX {
            return Err(format!(
                "La hoja de cálculo tiene una celda o etiqueta de más de {} KB en «{name}»",
                RUN_MAX / 1024
            ));
        }
    }
    kind.ok_or_else(unreadable)
}

/// The rows and columns a worksheet declares (`<dimension ref="A1:XFD1048576"/>`, read before
/// its cells; calamine's streaming reader does not read it when the element is empty, as Excel
/// writes it); `(0, 0)` when it declares none.
fn declared_dimension(part: impl Read) -> Result<(u64, u64), SheetError> {
    let mut xml = XmlReader::from_reader(std::io::BufReader::new(part));
    let mut buf = Vec::new();
    loop {
        match xml.read_event_into(&mut buf) {
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) => match e.local_name().as_ref() {
                "dimension" => {
                    let reference = attribute(&e, "ref").unwrap_or_default();
                    let last = reference.rsplit(':').next().unwrap_or_default();
                    return Ok(cell_position(last).unwrap_or((0, 0)));
                }
                "sheetData" => return Ok((0, 0)),
                _ => {}
            },
            Ok(Event::Eof) => return Ok((0, 0)),
            Err(_) => return Err(unreadable()),
            Ok(_) => {}
        }
        buf.clear();
    }
}

/// `XFD1048576` as (row 1 048 576, column 16 384), counted from 1.
fn cell_position(reference: &str) -> Option<(u64, u64)> {
    let letters = reference.chars().take_while(char::is_ascii_alphabetic);
    let mut column = 0u64;
    for c in letters {
        column = column
            .checked_mul(26)?
            .checked_add(u64::from(c.to_ascii_uppercase() as u8 - b'A' + 1))?;
    }
    let digits = reference.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    let row = digits.parse::<u64>().ok()?;
    Some((row, column))
}

/// The longest run of bytes between two tag delimiters (`<`, `>`) of an XML part: what an XML
/// reader would hold at once.
fn longest_run(mut part: impl Read) -> Result<u64, SheetError> {
    let mut buf = vec![0u8; 64 * 1024];
    let (mut run, mut longest) = (0u64, 0u64);
    loop {
        let n = part.read(&mut buf).map_err(|_| unreadable())?;
        if n == 0 {
            return Ok(longest.max(run));
        }
        for &b in &buf[..n] {
            if b == b'<' || b == b'>' {
                longest = longest.max(run);
                run = 0;
            } else {
                run += 1;
            }
        }
    }
}

/// Refuses shared strings that declare or hold more than [`SHARED_STRINGS_MAX`] strings.
fn check_shared_strings(archive: &mut zip::ZipArchive<Cursor<&[u8]>>) -> Result<(), SheetError> {
    let too_many = || {
        format!(
            "La hoja de cálculo tiene más de {SHARED_STRINGS_MAX} textos distintos; se admiten hasta {SHARED_STRINGS_MAX}"
        )
    };
    let Ok(part) = archive.by_name("xl/sharedStrings.xml") else {
        return Ok(());
    };
    let mut xml = XmlReader::from_reader(std::io::BufReader::new(part));
    let mut buf = Vec::new();
    let mut strings = 0usize;
    loop {
        match xml.read_event_into(&mut buf) {
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) => match e.local_name().as_ref() {
                "sst" => {
                    let declared = attribute(&e, "uniqueCount").unwrap_or_default();
                    if declared
                        .parse::<u128>()
                        .is_ok_and(|n| n > SHARED_STRINGS_MAX as u128)
                    {
                        return Err(too_many());
                    }
                }
                "si" => {
                    strings += 1;
                    if strings > SHARED_STRINGS_MAX {
                        return Err(too_many());
                    }
                }
                _ => {}
            },
            Ok(Event::Eof) => return Ok(()),
            Err(_) => return Err(unreadable()),
            Ok(_) => {}
        }
        buf.clear();
    }
}

/// The value of attribute `name` (its local name) as written: the counts read here have nothing
/// to unescape.
fn attribute(e: &BytesStart<'_>, name: &str) -> Option<String> {
    e.attributes()
        .flatten()
        .find(|a| a.key.local_name().as_ref() == name)
        .map(|a| a.value.into_owned())
}

/// The refusal of a sheet larger than the limits.
fn too_large(rows: u64, columns: u64, limits: &Limits) -> SheetError {
    format!(
        "La hoja ocupa {rows} filas y {columns} columnas; se leen hasta {} filas y {} columnas: borre las filas y columnas sobrantes o copie los datos a una hoja nueva",
        limits.rows + 1,
        limits.columns
    )
}

/// The first worksheet of an XLSX, cell by cell.
fn read_xlsx(bytes: &[u8], limits: &Limits) -> Result<Rows, SheetError> {
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).map_err(|_| unreadable())?;
    let first = book
        .sheet_names()
        .first()
        .cloned()
        .ok_or_else(|| "La hoja de cálculo no tiene hojas".to_string())?;
    let mut cells = book
        .worksheet_cells_reader(&first)
        .map_err(|_| unreadable())?;
    let mut builder = Builder::new(limits);
    while let Some(cell) = cells.next_cell().map_err(|_| unreadable())? {
        let (row, column) = cell.get_position();
        let text = Data::from(cell.get_value().clone()).to_string();
        builder.cell(row as usize, column as usize, &text)?;
    }
    builder.finish()
}

/// The first sheet of an ODS, once [`scan_ods`] has measured it.
fn read_ods(bytes: &[u8], limits: &Limits) -> Result<Rows, SheetError> {
    let mut book: Ods<_> = Ods::new(Cursor::new(bytes)).map_err(|_| unreadable())?;
    let range = book
        .worksheet_range_at(0)
        .ok_or_else(|| "La hoja de cálculo no tiene hojas".to_string())?
        .map_err(|_| unreadable())?;
    rows_of(&range, limits)
}

/// What an ODS table expands to, counted the way calamine expands it.
#[derive(Default)]
struct Extent {
    /// Rows up to the last one with a value.
    rows: u64,
    /// Columns up to the last cell with a value, in the widest row.
    columns: u64,
    /// Cells calamine keeps while reading (every row up to its last value, repeated).
    cells: u64,
    /// Text of the cells with their repeats.
    text: u64,
}

/// Measures every table of an ODS (calamine reads them all when it opens the file).
fn scan_ods(
    archive: &mut zip::ZipArchive<Cursor<&[u8]>>,
    limits: &Limits,
) -> Result<(), SheetError> {
    let part = archive.by_name("content.xml").map_err(|_| unreadable())?;
    let mut xml = XmlReader::from_reader(std::io::BufReader::new(part));
    let mut buf = Vec::new();
    let mut extent = Extent::default();
    // Rows read in the current table (with their repeats).
    let mut row_at = 0u64;
    // The current row: its repeats, width up to its last value, columns so far, text.
    let mut row: Option<(u64, u64, u64, u64)> = None;
    // The current cell: its repeats, whether it has a value, its text.
    let mut cell: Option<(u64, bool, u64)> = None;
    loop {
        let event = xml.read_event_into(&mut buf).map_err(|_| unreadable())?;
        match event {
            Event::Start(ref e) | Event::Empty(ref e) => {
                let empty = matches!(event, Event::Empty(_));
                match e.name().as_ref() {
                    "table:table" => row_at = 0,
                    "table:table-row" => {
                        row = Some((repeats(e, "table:number-rows-repeated")?, 0, 0, 0));
                        if empty {
                            end_row(&mut row, &mut row_at, &mut extent, limits)?;
                        }
                    }
                    "table:table-cell" | "table:covered-table-cell" => {
                        let valued = has_value(e);
                        cell = Some((
                            repeats(e, "table:number-columns-repeated")?,
                            valued,
                            attributes_length(e),
                        ));
                        if empty {
                            end_cell(&mut cell, &mut row);
                        }
                    }
                    "text:s" => {
                        if let Some((_, _, text)) = cell.as_mut() {
                            *text = text.saturating_add(repeats(e, "text:c")?);
                        }
                    }
                    _ => {}
                }
            }
            Event::Text(ref t) => {
                if let Some((_, valued, text)) = cell.as_mut() {
                    *valued = true;
                    *text = text.saturating_add(t.len() as u64);
                }
            }
            Event::End(ref e) => match e.name().as_ref() {
                "table:table-cell" | "table:covered-table-cell" => end_cell(&mut cell, &mut row),
                "table:table-row" => end_row(&mut row, &mut row_at, &mut extent, limits)?,
                _ => {}
            },
            Event::Eof => return Ok(()),
            _ => {}
        }
        buf.clear();
    }
}

/// A count attribute (`1` when absent); a value that is not a count is a damaged file.
fn repeats(e: &BytesStart<'_>, name: &str) -> Result<u64, SheetError> {
    match attribute(e, name.split(':').nth(1).unwrap_or(name)) {
        None => Ok(1),
        Some(v) => v.trim().parse::<u64>().map_err(|_| unreadable()),
    }
}

/// Whether calamine reads a value from the cell's attributes.
fn has_value(e: &BytesStart<'_>) -> bool {
    e.attributes().flatten().any(|a| {
        matches!(
            a.key.as_ref(),
            "office:value"
                | "office:string-value"
                | "office:date-value"
                | "office:time-value"
                | "office:boolean-value"
                | "office:value-type"
                | "table:formula"
        )
    })
}

/// Bytes of the cell's attribute values (its string value, its formula).
fn attributes_length(e: &BytesStart<'_>) -> u64 {
    e.attributes().flatten().map(|a| a.value.len() as u64).sum()
}

fn end_cell(cell: &mut Option<(u64, bool, u64)>, row: &mut Option<(u64, u64, u64, u64)>) {
    let (Some((repeats, valued, text)), Some((_, width, columns, row_text))) =
        (cell.take(), row.as_mut())
    else {
        return;
    };
    *columns = columns.saturating_add(repeats);
    if valued {
        *width = *columns;
        *row_text = row_text.saturating_add(text.saturating_mul(repeats));
    }
}

fn end_row(
    row: &mut Option<(u64, u64, u64, u64)>,
    row_at: &mut u64,
    extent: &mut Extent,
    limits: &Limits,
) -> Result<(), SheetError> {
    let Some((repeats, width, _, text)) = row.take() else {
        return Ok(());
    };
    *row_at = row_at.saturating_add(repeats);
    if width > 0 {
        extent.rows = extent.rows.max(*row_at);
        extent.columns = extent.columns.max(width);
        extent.cells = extent.cells.saturating_add(width.saturating_mul(repeats));
        extent.text = extent.text.saturating_add(text.saturating_mul(repeats));
    }
    if extent.rows > limits.rows as u64 + 1 || extent.columns > limits.columns as u64 {
        return Err(too_large(extent.rows, extent.columns, limits));
    }
    let rectangle = extent.rows.saturating_mul(extent.columns);
    if rectangle > RECTANGLE_CELLS_MAX || extent.cells > RECTANGLE_CELLS_MAX {
        return Err(format!(
            "La hoja tiene {} filas y {} columnas: en formato ODS se leen hasta {RECTANGLE_CELLS_MAX} celdas; guárdela como XLSX o CSV, que admiten hasta {} filas",
            extent.rows, extent.columns, limits.rows
        ));
    }
    if extent.text > limits.text_bytes as u64 {
        return Err(format!(
            "El archivo tiene más de {} MB de texto en sus celdas",
            limits.text_bytes / 1024 / 1024
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_references() {
        assert_eq!(cell_position("A1"), Some((1, 1)));
        assert_eq!(cell_position("XFD1048576"), Some((1_048_576, 16_384)));
        assert_eq!(cell_position("o200001"), Some((200_001, 15)));
        assert_eq!(cell_position(""), None);
    }

    #[test]
    fn a_far_cell_is_refused_by_its_declared_dimension() {
        let mut book = rust_xlsxwriter::Workbook::new();
        let sheet = book.add_worksheet();
        sheet.write_string(0, 0, "codigo").unwrap();
        sheet.write_string(1_048_575, 16_383, "x").unwrap();
        let bytes = book.save_to_buffer().unwrap();
        let err = read(&bytes, &Limits::PRODUCTS).unwrap_err();
        assert!(err.contains("1048576 filas y 16384 columnas"), "{err}");
    }
}
