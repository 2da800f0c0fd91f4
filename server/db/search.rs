//! Accent- and case-insensitive search, the same on both backends: "azucar" finds "Azúcar",
//! "AGUILA" finds "Águila".
//!
//! The text being searched and the search term go through the same folding: lower case, and the
//! accented letters of Spanish and its neighbours replaced by their base letter. In SQL the
//! folding is the function `search_fold(text)`: on SQLite it is registered on every connection
//! and runs [`fold`]; on PostgreSQL a migration creates it with `translate(lower(…))` from the
//! same table ([`FOLDED`]), and a test checks that the two stay in step.

/// Accented letters and the letter each folds to (upper and lower case), in the order the
/// PostgreSQL migration's `translate()` lists them.
pub const FOLDED: &[(char, char)] = &[
    ('á', 'a'),
    ('à', 'a'),
    ('â', 'a'),
    ('ä', 'a'),
    ('ã', 'a'),
    ('å', 'a'),
    ('é', 'e'),
    ('è', 'e'),
    ('ê', 'e'),
    ('ë', 'e'),
    ('í', 'i'),
    ('ì', 'i'),
    ('î', 'i'),
    ('ï', 'i'),
    ('ı', 'i'),
    ('ó', 'o'),
    ('ò', 'o'),
    ('ô', 'o'),
    ('ö', 'o'),
    ('õ', 'o'),
    ('ú', 'u'),
    ('ù', 'u'),
    ('û', 'u'),
    ('ü', 'u'),
    ('ñ', 'n'),
    ('ç', 'c'),
    ('ý', 'y'),
    ('ÿ', 'y'),
    ('Á', 'a'),
    ('À', 'a'),
    ('Â', 'a'),
    ('Ä', 'a'),
    ('Ã', 'a'),
    ('Å', 'a'),
    ('É', 'e'),
    ('È', 'e'),
    ('Ê', 'e'),
    ('Ë', 'e'),
    ('Í', 'i'),
    ('Ì', 'i'),
    ('Î', 'i'),
    ('Ï', 'i'),
    ('İ', 'i'),
    ('Ó', 'o'),
    ('Ò', 'o'),
    ('Ô', 'o'),
    ('Ö', 'o'),
    ('Õ', 'o'),
    ('Ú', 'u'),
    ('Ù', 'u'),
    ('Û', 'u'),
    ('Ü', 'u'),
    ('Ñ', 'n'),
    ('Ç', 'c'),
    ('Ý', 'y'),
];

/// Folds `text` for searching: lower case without accents.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
        } else if let Some((_, base)) = FOLDED.iter().find(|(accented, _)| *accented == c) {
            out.push(*base);
        } else {
            out.extend(c.to_lowercase());
        }
    }
    out
}

/// A `LIKE` pattern that finds `term` anywhere in folded text: folded, with `%`, `_` and `\`
/// escaped (use with `.escape('\\')`).
pub fn contains_pattern(term: &str) -> String {
    let escaped = fold(term)
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

diesel::define_sql_function! {
    /// SQL `search_fold(text)`: the text lower-cased and without accents (see the module docs).
    fn search_fold(text: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

/// Registers `search_fold` on a SQLite connection (PostgreSQL has it from a migration).
pub fn register_sqlite(conn: &mut diesel::SqliteConnection) -> diesel::QueryResult<()> {
    search_fold_utils::register_impl(conn, |text: String| fold(&text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_case_and_accents() {
        assert_eq!(fold("Azúcar MORENA"), "azucar morena");
        assert_eq!(fold("ÁGUILA Ñandú"), "aguila nandu");
        assert_eq!(fold("Pingüino çà"), "pinguino ca");
        assert_eq!(fold("ΣΟΦΙΑ"), "σοφια");
        assert_eq!(contains_pattern(" 100%_Á\\"), "% 100\\%\\_a\\\\%");
    }

    /// The PostgreSQL migration's `translate()` lists exactly [`FOLDED`].
    #[test]
    fn postgres_function_matches_the_table() {
        let sql = include_str!("../../migrations/postgres/2026-11-22-000001_foundations/up.sql");
        let from: String = FOLDED.iter().map(|(a, _)| a).collect();
        let to: String = FOLDED.iter().map(|(_, b)| b).collect();
        assert!(
            sql.contains(&format!("'{from}'")) && sql.contains(&format!("'{to}'")),
            "the migration must translate {from} → {to}"
        );
    }
}
