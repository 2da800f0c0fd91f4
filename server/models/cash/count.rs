//! The count of a closing: quantity per denomination (bills 100…1, coins 1…0.01).

use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::turn_counts;
use crate::models::CompanyId;

/// Denominations in micros, bills first then coins. The dollar bill and the dollar coin have the
/// same value, so a count stores one row for both (the screen adds them).
pub const DENOMINATIONS: &[(i64, &str)] = &[
    (100_000_000, "100.00"),
    (50_000_000, "50.00"),
    (20_000_000, "20.00"),
    (10_000_000, "10.00"),
    (5_000_000, "5.00"),
    (2_000_000, "2.00"),
    (1_000_000, "1.00"),
    (500_000, "0.50"),
    (250_000, "0.25"),
    (100_000, "0.10"),
    (50_000, "0.05"),
    (10_000, "0.01"),
];

/// A count row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = turn_counts)]
pub struct Count {
    pub id: i64,
    pub company_id: i64,
    pub turn_id: i64,
    pub denomination: i64,
    pub quantity: i64,
    pub amount: i64,
}

impl Count {
    /// Stores the count of a closing: `(denomination, quantity)` with distinct denominations.
    pub fn insert_all(
        conn: &mut DbConnection,
        company: CompanyId,
        turn: i64,
        counts: &[(i64, i64)],
    ) -> QueryResult<()> {
        for (denomination, quantity) in counts {
            diesel::insert_into(turn_counts::table)
                .values((
                    turn_counts::company_id.eq(company.get()),
                    turn_counts::turn_id.eq(turn),
                    turn_counts::denomination.eq(denomination),
                    turn_counts::quantity.eq(quantity),
                    turn_counts::amount.eq(denomination * quantity),
                ))
                .execute(conn)?;
        }
        Ok(())
    }

    /// The count of a shift, largest denomination first.
    pub fn of_turn(
        conn: &mut DbConnection,
        company: CompanyId,
        turn: i64,
    ) -> QueryResult<Vec<Count>> {
        turn_counts::table
            .filter(turn_counts::company_id.eq(company.get()))
            .filter(turn_counts::turn_id.eq(turn))
            .order(turn_counts::denomination.desc())
            .select(Count::as_select())
            .load(conn)
    }
}
