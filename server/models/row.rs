//! [`row_structs!`](crate::row_structs): a table's row struct and the struct written back to it
//! (an insert, or the editable fields of an update) declared from one list of columns, so the
//! columns both carry are written once and cannot drift apart.

/// Declares two structs over one table from one list of fields: first the row (what a `SELECT`
/// loads), then the struct written back (an `INSERT`, or the `AsChangeset` of an edit), each with
/// its own attributes and derives. A field written `pub` is in both; one written `pub(row)` only
/// in the loaded row (its id, the columns the database or another statement fills), one written
/// `pub(new)` only in the written struct (e.g. a borrowed `&'a str` where the row owns a
/// `String`). Each struct keeps its fields in the order listed, so what `as_select()` reads and
/// what a row serializes to do not change.
#[macro_export]
macro_rules! row_structs {
    (@fields $row:tt $new:tt [$($row_fields:tt)*] $new_fields:tt
        $(#[$meta:meta])* pub(row) $field:ident: $ty:ty, $($rest:tt)*) => {
        $crate::row_structs!(@fields $row $new
            [$($row_fields)* $(#[$meta])* pub $field: $ty,]
            $new_fields
            $($rest)*);
    };
    (@fields $row:tt $new:tt $row_fields:tt [$($new_fields:tt)*]
        $(#[$meta:meta])* pub(new) $field:ident: $ty:ty, $($rest:tt)*) => {
        $crate::row_structs!(@fields $row $new
            $row_fields
            [$($new_fields)* $(#[$meta])* pub $field: $ty,]
            $($rest)*);
    };
    (@fields $row:tt $new:tt [$($row_fields:tt)*] [$($new_fields:tt)*]
        $(#[$meta:meta])* pub $field:ident: $ty:ty, $($rest:tt)*) => {
        $crate::row_structs!(@fields $row $new
            [$($row_fields)* $(#[$meta])* pub $field: $ty,]
            [$($new_fields)* $(#[$meta])* pub $field: $ty,]
            $($rest)*);
    };
    (@fields [$($row:tt)*] [$($new:tt)*] [$($row_fields:tt)*] [$($new_fields:tt)*]) => {
        $($row)* { $($row_fields)* }
        $($new)* { $($new_fields)* }
    };
    (
        $(#[$row_meta:meta])*
        pub struct $row:ident;
        $(#[$new_meta:meta])*
        pub struct $new:ident $(<$lt:lifetime>)?;
        $($fields:tt)*
    ) => {
        $crate::row_structs!(@fields
            [$(#[$row_meta])* pub struct $row]
            [$(#[$new_meta])* pub struct $new $(<$lt>)?]
            [] []
            $($fields)*);
    };
}
