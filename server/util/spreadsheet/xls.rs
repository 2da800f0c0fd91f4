//! Excel 97–2003 workbooks (XLS, BIFF records in an OLE compound file), read by calamine once
//! their records are measured. calamine parses every sheet when it opens the file: it reserves
//! room for the cells a `DIMENSIONS` record declares (a 32-bit row count: terabytes), builds each
//! sheet's whole rectangle from its cells' positions, and keeps every shared string. The scan here
//! reads the same records the same way — the sheets' offsets from the `BOUNDSHEET` records, each
//! sheet's records up to its `EOF` — and refuses before calamine sees a file whose numbers pass
//! the limits. It reads the compound file with the `cfb` crate; the records themselves are a few
//! fixed fields ([MS-XLS] 2.4), read by hand because no crate exposes them.

use std::io::{Cursor, Read};

use calamine::{Reader, Xls};

use super::zipped::RECTANGLE_CELLS_MAX;
use super::{Limits, Rows, SheetError, rows_of, unreadable};

/// Most bytes of shared strings (each string costs its text and 24 bytes, and an empty one takes
/// three bytes of the file).
const SHARED_STRINGS_BYTES_MAX: usize = 12 * 1024 * 1024;

/// Record types ([MS-XLS] 2.3).
const BOF: u16 = 0x0809;
const EOF: u16 = 0x000A;
const CONTINUE: u16 = 0x003C;
const BOUNDSHEET: u16 = 0x0085;
const SST: u16 = 0x00FC;
const DIMENSIONS: u16 = 0x0200;
const MULRK: u16 = 0x00BD;
const FORMULA: u16 = 0x0006;
/// Records of one cell at (row, column) in their first four bytes: NUMBER, LABEL, RSTRING,
/// BOOLERR, RK, LABELSST.
const CELLS: [u16; 6] = [0x0203, 0x0204, 0x00D6, 0x0205, 0x027E, 0x00FD];

pub fn read(bytes: &[u8], limits: &Limits) -> Result<Rows, SheetError> {
    scan(&workbook_stream(bytes)?, limits)?;
    let mut book: Xls<_> = Xls::new(Cursor::new(bytes)).map_err(|_| unreadable())?;
    let range = book
        .worksheet_range_at(0)
        .ok_or_else(|| "La hoja de cálculo no tiene hojas".to_string())?
        .map_err(|_| unreadable())?;
    rows_of(&range, limits)
}

/// The workbook's BIFF stream, as calamine reads it (`Workbook`, or `Book` in older files).
fn workbook_stream(bytes: &[u8]) -> Result<Vec<u8>, SheetError> {
    let mut file = cfb::CompoundFile::open(Cursor::new(bytes)).map_err(|_| unreadable())?;
    let mut stream = file
        .open_stream("/Workbook")
        .or_else(|_| file.open_stream("/Book"))
        .map_err(|_| unreadable())?;
    let mut data = Vec::new();
    // A stream is never larger than the file that holds it.
    (&mut stream)
        .take(bytes.len() as u64)
        .read_to_end(&mut data)
        .map_err(|_| unreadable())?;
    Ok(data)
}

/// One record: its type and data.
struct Record<'a> {
    kind: u16,
    data: &'a [u8],
}

/// The records from `stream`'s start, until one does not fit.
fn records(mut stream: &[u8]) -> impl Iterator<Item = Record<'_>> {
    std::iter::from_fn(move || {
        if stream.len() < 4 {
            return None;
        }
        let kind = u16::from_le_bytes([stream[0], stream[1]]);
        let len = usize::from(u16::from_le_bytes([stream[2], stream[3]]));
        let (record, rest) = stream.split_at_checked(4 + len)?;
        stream = rest;
        Some(Record {
            kind,
            data: &record[4..],
        })
    })
}

fn u16_at(data: &[u8], at: usize) -> Option<u32> {
    data.get(at..at + 2)
        .map(|b| u32::from(u16::from_le_bytes([b[0], b[1]])))
}

fn u32_at(data: &[u8], at: usize) -> Option<u32> {
    data.get(at..at + 4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// The cells calamine reserves room for on reading a `DIMENSIONS` record (its arithmetic: 32-bit
/// and wrapping, as in a release build).
fn declared_cells(data: &[u8]) -> u64 {
    let fields = match data.len() {
        10 => (
            u16_at(data, 0),
            u16_at(data, 2),
            u16_at(data, 4),
            u16_at(data, 6),
        ),
        14 | 16 => (
            u32_at(data, 0),
            u32_at(data, 4),
            u16_at(data, 8),
            u16_at(data, 10),
        ),
        _ => return 0,
    };
    let (Some(rf), Some(rl), Some(mut cf), Some(cl)) = fields else {
        return 0;
    };
    if 0xFF < cf || cl < cf {
        cf = 0;
    }
    let (start, end) = if 1 <= rl && 1 <= cl {
        ((rf, cf), (rl - 1, cl - 1))
    } else {
        ((rf, cf), (rf, cf))
    };
    let rows = end.0.wrapping_sub(start.0).wrapping_add(1);
    let columns = end.1.wrapping_sub(start.1).wrapping_add(1);
    u64::from(rows) * u64::from(columns)
}

/// The cells a sheet's records hold: how many, and the rows and columns they span.
#[derive(Default)]
struct Sheet {
    cells: u64,
    rows: Option<(u32, u32)>,
    columns: Option<(u32, u32)>,
}

impl Sheet {
    fn add(&mut self, row: u32, column: u32) {
        self.cells += 1;
        let widen = |span: Option<(u32, u32)>, at: u32| match span {
            None => Some((at, at)),
            Some((low, high)) => Some((low.min(at), high.max(at))),
        };
        self.rows = widen(self.rows, row);
        self.columns = widen(self.columns, column);
    }

    fn span(range: Option<(u32, u32)>) -> u64 {
        range.map_or(0, |(low, high)| u64::from(high - low) + 1)
    }
}

/// Refuses a workbook whose records pass the limits.
fn scan(stream: &[u8], limits: &Limits) -> Result<(), SheetError> {
    let mut sheets = Vec::new();
    let mut shared = 0usize;
    let mut in_shared = false;
    for record in records(stream) {
        match record.kind {
            BOUNDSHEET => sheets.extend(u32_at(record.data, 0)),
            SST => {
                in_shared = true;
                shared += record.data.len();
            }
            CONTINUE if in_shared => shared += record.data.len(),
            EOF => break,
            _ => in_shared = false,
        }
    }
    if shared > SHARED_STRINGS_BYTES_MAX {
        return Err(format!(
            "La hoja de cálculo XLS tiene más de {} MB de textos: guárdela como XLSX o CSV",
            SHARED_STRINGS_BYTES_MAX / 1024 / 1024
        ));
    }
    sheets.sort_unstable();
    sheets.dedup();
    for at in sheets {
        let Some(sheet_stream) = stream.get(at as usize..) else {
            continue;
        };
        check_sheet(&scan_sheet(sheet_stream)?, limits)?;
    }
    Ok(())
}

/// One sheet's cells, read the way calamine reads them (embedded substreams skipped).
fn scan_sheet(stream: &[u8]) -> Result<Sheet, SheetError> {
    let mut sheet = Sheet::default();
    let (mut seen_bof, mut depth) = (false, 0usize);
    for record in records(stream) {
        if depth > 0 {
            match record.kind {
                BOF => depth += 1,
                EOF => depth -= 1,
                _ => {}
            }
            continue;
        }
        let data = record.data;
        match record.kind {
            BOF if seen_bof => depth += 1,
            BOF => seen_bof = true,
            EOF => break,
            DIMENSIONS if declared_cells(data) > RECTANGLE_CELLS_MAX => {
                return Err(rectangle_refusal(declared_cells(data)));
            }
            kind if CELLS.contains(&kind) || kind == FORMULA => {
                if let (Some(row), Some(column)) = (u16_at(data, 0), u16_at(data, 2)) {
                    sheet.add(row, column);
                }
            }
            MULRK if data.len() >= 6 => {
                let (Some(row), Some(first), Some(last)) = (
                    u16_at(data, 0),
                    u16_at(data, 2),
                    u16_at(data, data.len() - 2),
                ) else {
                    continue;
                };
                for column in first..=last.max(first) {
                    sheet.add(row, column);
                    if sheet.cells > RECTANGLE_CELLS_MAX {
                        break;
                    }
                }
            }
            _ => {}
        }
        if sheet.cells > RECTANGLE_CELLS_MAX {
            return Err(rectangle_refusal(sheet.cells));
        }
    }
    Ok(sheet)
}

fn check_sheet(sheet: &Sheet, limits: &Limits) -> Result<(), SheetError> {
    let (rows, columns) = (Sheet::span(sheet.rows), Sheet::span(sheet.columns));
    if rows > limits.rows as u64 + 1 || columns > limits.columns as u64 {
        return Err(format!(
            "La hoja ocupa {rows} filas y {columns} columnas; se leen hasta {} filas y {} columnas",
            limits.rows + 1,
            limits.columns
        ));
    }
    if rows * columns > RECTANGLE_CELLS_MAX {
        return Err(rectangle_refusal(rows * columns));
    }
    Ok(())
}

fn rectangle_refusal(cells: u64) -> SheetError {
    format!(
        "La hoja de cálculo XLS abarca {cells} celdas; en formato XLS se leen hasta {RECTANGLE_CELLS_MAX}: guárdela como XLSX o CSV"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(kind: u16, data: &[u8]) -> Vec<u8> {
        let mut out = kind.to_le_bytes().to_vec();
        out.extend((data.len() as u16).to_le_bytes());
        out.extend(data);
        out
    }

    fn number(row: u16, column: u16) -> Vec<u8> {
        let mut data = row.to_le_bytes().to_vec();
        data.extend(column.to_le_bytes());
        data.extend([0u8; 10]);
        record(0x0203, &data)
    }

    fn workbook(sheet: &[u8]) -> Vec<u8> {
        let mut globals = record(BOF, &[0; 16]);
        let sheet_at = globals.len() + (4 + 6) + 4; // the BOUNDSHEET and EOF records that follow
        let mut bound = (sheet_at as u32).to_le_bytes().to_vec();
        bound.extend([0, 0]);
        globals.extend(record(BOUNDSHEET, &bound));
        globals.extend(record(EOF, &[]));
        assert_eq!(globals.len(), sheet_at);
        globals.extend(sheet);
        globals
    }

    #[test]
    fn a_declared_dimension_of_terabytes_is_refused() {
        // rows 0..0xFFFFFFFF, columns 0..256: what calamine would reserve room for.
        let mut dims = 0u32.to_le_bytes().to_vec();
        dims.extend(u32::MAX.to_le_bytes());
        dims.extend(0u16.to_le_bytes());
        dims.extend(256u16.to_le_bytes());
        dims.extend([0, 0]);
        assert_eq!(declared_cells(&dims), u64::from(u32::MAX) * 256);
        let sheet = [
            record(BOF, &[0; 16]),
            record(DIMENSIONS, &dims),
            record(EOF, &[]),
        ]
        .concat();
        let err = scan(&workbook(&sheet), &Limits::PRODUCTS).unwrap_err();
        assert!(err.contains("se leen hasta"), "{err}");
    }

    #[test]
    fn cells_far_apart_are_refused_and_a_normal_sheet_passes() {
        let far = [
            record(BOF, &[0; 16]),
            number(0, 0),
            number(65_535, 255),
            record(EOF, &[]),
        ]
        .concat();
        assert!(scan(&workbook(&far), &Limits::PRODUCTS).is_err());
        let normal = [
            record(BOF, &[0; 16]),
            number(0, 0),
            number(1, 14),
            record(EOF, &[]),
        ]
        .concat();
        assert!(scan(&workbook(&normal), &Limits::PRODUCTS).is_ok());
    }
}
