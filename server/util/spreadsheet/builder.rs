//! Rows gathered cell by cell within [`Limits`], whatever format they come from. A row keeps its
//! cells' text in one buffer with their ends beside it: two allocations a row instead of one per
//! cell, so the largest accepted file (200 000 rows) stays in tens of megabytes.

use super::{Limits, Rows, SheetError};

/// Longest cell: Excel keeps at most 32 767 characters in one (up to 128 KB of UTF-8).
pub const CELL_MAX_BYTES: usize = 128 * 1024;

/// One row of a file: its cells' text, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Row {
    text: String,
    /// Where each cell's text ends in `text`.
    ends: Vec<u32>,
}

impl Row {
    /// The row of these cells.
    pub fn of<S: AsRef<str>>(cells: &[S]) -> Row {
        let mut row = Row::default();
        for cell in cells {
            row.push(cell.as_ref());
        }
        row
    }

    /// Cell `index`'s text, if the row has that many cells.
    pub fn get(&self, index: usize) -> Option<&str> {
        let end = *self.ends.get(index)? as usize;
        let start = match index {
            0 => 0,
            _ => self.ends[index - 1] as usize,
        };
        self.text.get(start..end)
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether the row has no cells.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The cells' text, in order.
    pub fn iter(&self) -> impl Iterator<Item = &str> + '_ {
        (0..self.len()).filter_map(|i| self.get(i))
    }

    /// The cells as owned strings.
    pub fn to_vec(&self) -> Vec<String> {
        self.iter().map(String::from).collect()
    }

    /// Whether every cell is blank.
    fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }

    fn push(&mut self, cell: &str) {
        self.text.push_str(cell);
        // A row is never near 4 GB: the whole text is bounded by `Limits::text_bytes`.
        self.ends
            .push(u32::try_from(self.text.len()).unwrap_or(u32::MAX));
    }
}

impl<S: AsRef<str>, const N: usize> PartialEq<[S; N]> for Row {
    fn eq(&self, other: &[S; N]) -> bool {
        self.len() == N && self.iter().zip(other).all(|(a, b)| a == b.as_ref())
    }
}

/// Gathers cells, given in row order, into [`Rows`]: blank rows are dropped, and the first limit
/// passed stops the reading with its Spanish refusal.
pub struct Builder<'l> {
    limits: &'l Limits,
    rows: Rows,
    current: Row,
    /// The file's index of the row being gathered.
    index: Option<usize>,
    text_bytes: usize,
}

impl<'l> Builder<'l> {
    pub fn new(limits: &'l Limits) -> Builder<'l> {
        Builder {
            limits,
            rows: Vec::new(),
            current: Row::default(),
            index: None,
            text_bytes: 0,
        }
    }

    /// The cell at (`row`, `column`), both counted from 0 in the file.
    pub fn cell(&mut self, row: usize, column: usize, text: &str) -> Result<(), SheetError> {
        if self.index != Some(row) {
            self.end_row()?;
            self.index = Some(row);
        }
        if column >= self.limits.columns {
            if text.trim().is_empty() {
                return Ok(());
            }
            return Err(format!(
                "La fila {} tiene datos en la columna {}; se leen hasta {} columnas",
                row + 1,
                column + 1,
                self.limits.columns
            ));
        }
        if text.len() > CELL_MAX_BYTES {
            return Err(format!(
                "La fila {} tiene en la columna {} un texto de más de {} KB",
                row + 1,
                column + 1,
                CELL_MAX_BYTES / 1024
            ));
        }
        self.text_bytes += text.len();
        if self.text_bytes > self.limits.text_bytes {
            return Err(format!(
                "El archivo tiene más de {} MB de texto en sus celdas",
                self.limits.text_bytes / 1024 / 1024
            ));
        }
        while self.current.len() < column {
            self.current.push("");
        }
        self.current.push(text);
        Ok(())
    }

    fn end_row(&mut self) -> Result<(), SheetError> {
        let row = std::mem::take(&mut self.current);
        if row.is_blank() {
            return Ok(());
        }
        // The header and `limits.rows` rows after it.
        if self.rows.len() > self.limits.rows {
            return Err(self.limits.too_many_rows());
        }
        self.rows.push(row);
        Ok(())
    }

    /// The rows gathered.
    pub fn finish(mut self) -> Result<Rows, SheetError> {
        self.end_row()?;
        Ok(self.rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_keeps_its_cells_in_one_buffer() {
        let row = Row::of(&["a", "", "café"]);
        assert_eq!(row.len(), 3);
        assert_eq!(row.get(0), Some("a"));
        assert_eq!(row.get(1), Some(""));
        assert_eq!(row.get(2), Some("café"));
        assert_eq!(row.get(3), None);
        assert_eq!(row, ["a", "", "café"]);
        assert_eq!(row.to_vec(), vec!["a", "", "café"]);
    }

    #[test]
    fn cells_fill_the_gaps_and_blank_rows_are_dropped() {
        let limits = Limits::PRODUCTS;
        let mut b = Builder::new(&limits);
        b.cell(0, 0, "codigo").unwrap();
        b.cell(0, 2, "precio").unwrap();
        b.cell(1, 0, " ").unwrap();
        b.cell(5, 1, "x").unwrap();
        let rows = b.finish().unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0], ["codigo", "", "precio"]);
        assert_eq!(rows[1], ["", "x"]);
    }
}
