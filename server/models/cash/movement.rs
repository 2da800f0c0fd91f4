//! Lines of a shift (`turn_movements`). Amounts are positive; [`MovementKind::drawer_sign`] says
//! whether a line enters (+1) or leaves (−1) the drawer, or is only listed (0: sales paid by
//! card or transfer).

use std::collections::BTreeMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::batch::{Batch, Write};
use crate::db::native;
use crate::db::schema::turn_movements;
use crate::models::CompanyId;
use crate::util::time::now;

/// What a line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum MovementKind {
    Opening,
    CashSale,
    CashRefund,
    Collection,
    CashIn,
    CashOut,
    CnbIn,
    CnbOut,
    NonCashSale,
}

impl MovementKind {
    /// Every kind, in the order summaries list them.
    pub const ALL: [MovementKind; 9] = [
        Self::Opening,
        Self::CashSale,
        Self::CashRefund,
        Self::Collection,
        Self::CashIn,
        Self::CashOut,
        Self::CnbIn,
        Self::CnbOut,
        Self::NonCashSale,
    ];

    /// As stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Opening => "opening",
            Self::CashSale => "cash_sale",
            Self::CashRefund => "cash_refund",
            Self::Collection => "collection",
            Self::CashIn => "cash_in",
            Self::CashOut => "cash_out",
            Self::CnbIn => "cnb_in",
            Self::CnbOut => "cnb_out",
            Self::NonCashSale => "non_cash_sale",
        }
    }

    /// Parses a stored kind.
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == text)
    }

    /// Effect on the cash in the drawer.
    pub fn drawer_sign(self) -> i64 {
        match self {
            Self::Opening | Self::CashSale | Self::Collection | Self::CashIn | Self::CnbIn => 1,
            Self::CashRefund | Self::CashOut | Self::CnbOut => -1,
            Self::NonCashSale => 0,
        }
    }

    /// Spanish label of a shift's total of this kind (the cash count's summary), exported to the
    /// UI as `CASH_MOVEMENT_LABELS`.
    pub fn summary_label(self) -> &'static str {
        match self {
            Self::Opening => "Apertura",
            Self::CashSale => "Ventas en efectivo",
            Self::CashRefund => "Devoluciones en efectivo",
            Self::Collection => "Cobros de cuentas por cobrar",
            Self::CashIn => "Ingresos de efectivo",
            Self::CashOut => "Retiros de efectivo",
            Self::CnbIn => "Banco del Barrio: ingresos",
            Self::CnbOut => "Banco del Barrio: egresos",
            Self::NonCashSale => "Ventas sin efectivo",
        }
    }

    /// Spanish label (tickets and screens).
    pub fn label(self) -> &'static str {
        match self {
            Self::Opening => "Apertura",
            Self::CashSale => "Venta en efectivo",
            Self::CashRefund => "Devolución en efectivo",
            Self::Collection => "Cobro de cuenta por cobrar",
            Self::CashIn => "Ingreso de efectivo",
            Self::CashOut => "Retiro de efectivo",
            Self::CnbIn => "Banco del Barrio: ingreso",
            Self::CnbOut => "Banco del Barrio: egreso",
            Self::NonCashSale => "Venta sin efectivo",
        }
    }
}

/// A movement row.
#[derive(Debug, Clone, Queryable, QueryableByName, Selectable)]
#[diesel(table_name = turn_movements)]
pub struct Movement {
    pub id: i64,
    pub company_id: i64,
    pub turn_id: i64,
    pub kind: String,
    pub payment_method: Option<String>,
    pub amount: i64,
    pub reason: String,
    pub source_type: Option<String>,
    pub source_id: Option<i64>,
    pub user_id: i64,
    pub created_at: NaiveDateTime,
}

/// A line to post (see `posting::post_to_shift`).
#[derive(Debug, Clone)]
pub struct NewMovement {
    pub kind: MovementKind,
    /// Positive micros.
    pub amount: i64,
    pub reason: String,
    /// Payment method of a sale (`efectivo`, `tarjeta`, `transferencia`…).
    pub payment_method: Option<String>,
    /// The document behind it (`sale`, `receivable`, `cnb_operation`) and its id.
    pub source: Option<(String, i64)>,
    pub user_id: i64,
}

/// Totals of a shift's lines: per kind, and per payment method for sales.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Totals {
    pub by_kind: BTreeMap<MovementKind, i64>,
    pub by_method: BTreeMap<String, i64>,
    /// The part of the `CashOut` lines that paid a purchase, an expense or a payable from the
    /// drawer ([`SUPPLIER_PAYMENTS`]): the arqueo names it apart from withdrawals.
    pub paid_to_suppliers: i64,
}

/// One group of a shift's lines: kind, payment method, source type and the sum of the amounts.
type GroupRow = (String, Option<String>, Option<String>, Option<i64>);

/// The source types of a `CashOut` line that pays a supplier (a purchase or expense paid in cash,
/// a payable paid from the drawer).
pub const SUPPLIER_PAYMENTS: [&str; 2] = ["purchase", "payable"];

impl Totals {
    /// Total of one kind.
    pub fn of(&self, kind: MovementKind) -> i64 {
        self.by_kind.get(&kind).copied().unwrap_or(0)
    }

    /// Cash expected in the drawer: opening + in-flows − out-flows.
    pub fn expected_cash(&self) -> i64 {
        self.by_kind
            .iter()
            .map(|(kind, amount)| kind.drawer_sign() * amount)
            .sum()
    }
}

impl Movement {
    /// Inserts a line of `turn` (the caller holds the shift's lock).
    pub fn insert(
        conn: &mut DbConnection,
        company: CompanyId,
        turn: i64,
        new: &NewMovement,
    ) -> QueryResult<Movement> {
        let insert = diesel::insert_into(turn_movements::table)
            .values(LineRow::of(company, turn, &line_of(new, now())))
            .returning(native::columns::<Movement>());
        native::get_result(conn, insert)
    }

    /// Locks `turn` while it is open and inserts the line, in one statement where the backend
    /// gains by it ([`crate::db::shift`]): `Some(Some(line))` posted, `Some(None)` the shift is
    /// not open; `None` on SQLite, where the caller takes the lock (`Turn::lock_open`) and calls
    /// [`Movement::insert`].
    pub fn insert_if_open(
        conn: &mut DbConnection,
        company: CompanyId,
        turn: i64,
        new: &NewMovement,
    ) -> QueryResult<Option<Option<Movement>>> {
        crate::db::shift::post_if_open(
            conn,
            company.get(),
            turn,
            super::turn::OPEN,
            &line_of(new, now()),
        )
    }

    /// Inserts a line of `turn` as a write of `batch` that happens only if `lock` (the shift's
    /// lock earlier in the batch, [`super::turn::Turn::lock_open_in`]) found the shift open: on
    /// PostgreSQL in the same statement ([`crate::db::shift::insert_after`]), on SQLite after it.
    pub fn insert_after<'q>(
        batch: &mut Batch<'_, 'q>,
        lock: Write,
        company: CompanyId,
        turn: i64,
        new: &'q NewMovement,
    ) -> QueryResult<Write> {
        let line = line_of(new, now());
        batch.add_if(
            lock,
            |source| crate::db::shift::insert_after(source, company.get(), turn, &line),
            [
                diesel::insert_into(turn_movements::table)
                    .values(LineRow::of(company, turn, &line)),
            ],
        )
    }

    /// Every line of a shift, oldest first.
    pub fn of_turn(
        conn: &mut DbConnection,
        company: CompanyId,
        turn: i64,
    ) -> QueryResult<Vec<Movement>> {
        turn_movements::table
            .filter(turn_movements::company_id.eq(company.get()))
            .filter(turn_movements::turn_id.eq(turn))
            .order(turn_movements::id.asc())
            .select(Movement::as_select())
            .load(conn)
    }

    /// Sums of a shift's lines, grouped in SQL (one row per kind and method).
    pub fn totals(conn: &mut DbConnection, company: CompanyId, turn: i64) -> QueryResult<Totals> {
        let rows: Vec<GroupRow> = turn_movements::table
            .filter(turn_movements::company_id.eq(company.get()))
            .filter(turn_movements::turn_id.eq(turn))
            .group_by((
                turn_movements::kind,
                turn_movements::payment_method,
                turn_movements::source_type,
            ))
            .select((
                turn_movements::kind,
                turn_movements::payment_method,
                turn_movements::source_type,
                // SUM of BIGINT is NUMERIC on PostgreSQL; the cast keeps one integer type.
                diesel::dsl::sql::<diesel::sql_types::Nullable<diesel::sql_types::BigInt>>(
                    "CAST(SUM(turn_movements.amount) AS BIGINT)",
                ),
            ))
            .load(conn)?;
        let mut totals = Totals::default();
        for (kind, method, source, sum) in rows {
            let Some(kind) = MovementKind::parse(&kind) else {
                continue;
            };
            let sum = sum.unwrap_or(0);
            *totals.by_kind.entry(kind).or_default() += sum;
            if kind == MovementKind::CashOut
                && source.is_some_and(|s| SUPPLIER_PAYMENTS.contains(&s.as_str()))
            {
                totals.paid_to_suppliers += sum;
            }
            if matches!(kind, MovementKind::CashSale | MovementKind::NonCashSale) {
                let method = method.unwrap_or_else(|| "efectivo".into());
                *totals.by_method.entry(method).or_default() += sum;
            }
        }
        Ok(totals)
    }
}

/// The columns of `new` as [`crate::db::shift`] writes them, stamped `at`.
fn line_of(new: &NewMovement, at: NaiveDateTime) -> crate::db::shift::Line<'_> {
    crate::db::shift::Line {
        kind: new.kind.as_str(),
        payment_method: new.payment_method.as_deref(),
        amount: new.amount,
        reason: &new.reason,
        source_type: new.source.as_ref().map(|s| s.0.as_str()),
        source_id: new.source.as_ref().map(|s| s.1),
        user_id: new.user_id,
        at,
    }
}

/// A new line of `turn_movements` as an insert writes it (the shift's id and company with the
/// columns of [`crate::db::shift::Line`]).
#[derive(Insertable)]
#[diesel(table_name = turn_movements, treat_none_as_default_value = false)]
struct LineRow<'a> {
    company_id: i64,
    turn_id: i64,
    kind: &'a str,
    payment_method: Option<&'a str>,
    amount: i64,
    reason: &'a str,
    source_type: Option<&'a str>,
    source_id: Option<i64>,
    user_id: i64,
    created_at: NaiveDateTime,
}

impl<'a> LineRow<'a> {
    fn of(company: CompanyId, turn: i64, line: &crate::db::shift::Line<'a>) -> Self {
        LineRow {
            company_id: company.get(),
            turn_id: turn,
            kind: line.kind,
            payment_method: line.payment_method,
            amount: line.amount,
            reason: line.reason,
            source_type: line.source_type,
            source_id: line.source_id,
            user_id: line.user_id,
            created_at: line.at,
        }
    }
}
