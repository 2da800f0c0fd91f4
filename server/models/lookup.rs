//! [`company_lookup!`](crate::company_lookup): a query method that reads the company's rows of a
//! table by the columns equal to its parameters, declared in one line where the method would take
//! a dozen, every one the same but for the table, the columns and the row.

/// Declares, inside an `impl`, `pub fn $name(conn, company, params…)` over the company's rows of
/// `$table` whose columns (after each `=>`) equal the parameters, filtered in that order after the
/// company and selected with `as_select()`:
/// - `-> Option<Row> in table`: the first such row, if any;
/// - `-> Vec<Row> in table, order expr`: all of them, sorted by `expr`.
#[macro_export]
macro_rules! company_lookup {
    (
        $(#[$meta:meta])*
        pub fn $name:ident($($param:ident: $ty:ty => $column:ident),+) -> $many:ident<$row:ty>
        in $table:ident $(, order $order:expr)?
    ) => {
        $(#[$meta])*
        pub fn $name(
            conn: &mut $crate::db::DbConnection,
            company: $crate::models::CompanyId,
            $($param: $ty),+
        ) -> ::diesel::QueryResult<$many<$row>> {
            let query = $table::table
                .filter($table::company_id.eq(company.get()))
                $(.filter($table::$column.eq($param)))+
                $(.order($order))?
                .select(<$row>::as_select());
            $crate::company_lookup!(@$many query, conn)
        }
    };
    (@Option $query:ident, $conn:ident) => {
        $query.first($conn).optional()
    };
    (@Vec $query:ident, $conn:ident) => {
        $query.load($conn)
    };
}
