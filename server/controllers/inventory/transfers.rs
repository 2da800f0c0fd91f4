//! `/api/inventory/transfer`: transfers between warehouses, register only, and the printable guía
//! de remisión; the rule is `services::inventory::transfers`.

use super::documents::{DocumentView, Related};
use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::error::{AppResult, not_in_table};
use crate::models::config::branch_office::BranchOffice;
use crate::models::config::company::Company;
use crate::models::inventory::document::StockDocument;
use crate::models::inventory::transfer::Transfer;
use crate::services::inventory::transfers::{self as service, TransferBody};
use crate::views::inventory::document::{TransferPrintView, TransferView};

impl DocumentView for Transfer {
    type View = TransferView;
    type Body = TransferBody;

    fn register(conn: &mut DbConnection, tenant: &Tenant, body: &TransferBody) -> AppResult<i64> {
        service::register(conn, tenant, body)
    }

    fn view(&self, related: &Related) -> TransferView {
        TransferView {
            id: self.id,
            number: self.number,
            date: related.zone.iso(self.date),
            from_cellar_id: self.from_warehouse_id,
            from_cellar_name: related.cellar(self.from_warehouse_id),
            to_cellar_id: self.to_warehouse_id,
            to_cellar_name: related.cellar(self.to_warehouse_id),
            reason: self.reason.clone(),
            note: self.note.clone(),
            carrier_name: self.carrier_name.clone(),
            carrier_identification: self.carrier_identification.clone(),
            plate: self.plate.clone(),
            start_date: self.start_date.map(|d| d.to_string()),
            end_date: self.end_date.map(|d| d.to_string()),
            origin_address: self.origin_address.clone(),
            destination_address: self.destination_address.clone(),
            user: related.user(self.user_id),
            lines: related.lines(self.id),
        }
    }
}

/// The printable guía de remisión of transfer `id` (the issuer is the company and the origin
/// branch).
pub fn print_data(
    conn: &mut DbConnection,
    tenant: &Tenant,
    id: i64,
) -> AppResult<TransferPrintView> {
    let transfer = Transfer::find(conn, tenant.company, id)?.ok_or_else(not_in_table)?;
    let company = Company::find(conn, tenant.company)?;
    let branch = BranchOffice::find_in_company(conn, tenant.company, transfer.branch_office_id)?
        .ok_or_else(not_in_table)?;
    let related = Related::load(conn, tenant.company, std::slice::from_ref(&transfer))?;
    Ok(TransferPrintView {
        transfer: transfer.view(&related),
        company_name: company.business_name.clone(),
        ruc: company.ruc.clone(),
        branch_code: branch.code,
        branch_name: branch.name,
        branch_address: branch.address,
    })
}
