//! Puntos de emisión of a branch (SRI `ptoEmi`).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::emission_points;
use crate::models::CompanyId;
use crate::util::time::now;

/// An emission point row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = emission_points)]
pub struct EmissionPoint {
    pub id: i64,
    pub company_id: i64,
    pub branch_office_id: i64,
    pub code: String,
    pub name: String,
    pub active: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

impl EmissionPoint {
    /// The points of some branches, by branch and code.
    pub fn for_branches(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_ids: &[i64],
    ) -> QueryResult<Vec<EmissionPoint>> {
        emission_points::table
            .filter(emission_points::company_id.eq(company.get()))
            .filter(emission_points::branch_office_id.eq_any(branch_ids))
            .order((
                emission_points::branch_office_id.asc(),
                emission_points::code.asc(),
            ))
            .select(EmissionPoint::as_select())
            .load(conn)
    }

    /// Replaces a branch's points with `codes` (code, name): keeps existing ones by code, adds new
    /// ones, deactivates those no longer listed (documents may already carry their code).
    pub fn sync(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_id: i64,
        codes: &[(String, String)],
    ) -> QueryResult<()> {
        let existing = Self::for_branches(conn, company, &[branch_id])?;
        let at = now();
        for (code, name) in codes {
            match existing.iter().find(|p| &p.code == code) {
                Some(point) => {
                    diesel::update(crate::company_row!(emission_points, company, point.id))
                        .set((
                            emission_points::name.eq(name),
                            emission_points::active.eq(true),
                            emission_points::updated_at.eq(at),
                        ))
                        .execute(conn)?;
                }
                None => {
                    diesel::insert_into(emission_points::table)
                        .values((
                            emission_points::company_id.eq(company.get()),
                            emission_points::branch_office_id.eq(branch_id),
                            emission_points::code.eq(code),
                            emission_points::name.eq(name),
                            emission_points::created_at.eq(at),
                            emission_points::updated_at.eq(at),
                        ))
                        .execute(conn)?;
                }
            }
        }
        for point in existing
            .iter()
            .filter(|p| !codes.iter().any(|(c, _)| c == &p.code))
        {
            diesel::update(crate::company_row!(emission_points, company, point.id))
                .set((
                    emission_points::active.eq(false),
                    emission_points::updated_at.eq(at),
                ))
                .execute(conn)?;
        }
        Ok(())
    }

    /// Removes every point of a branch (when the branch itself is deleted).
    pub fn delete_for_branch(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_id: i64,
    ) -> QueryResult<usize> {
        diesel::delete(
            emission_points::table
                .filter(emission_points::company_id.eq(company.get()))
                .filter(emission_points::branch_office_id.eq(branch_id)),
        )
        .execute(conn)
    }
}
