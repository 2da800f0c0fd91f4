//! Comprobantes de retención on purchases: as their purchase shows them, and whole.

use serde::Serialize;
use ts_rs::TS;

use crate::domain::document_status::DocumentStatus;
use crate::domain::money::money_text;
use crate::models::purchases::withholding::{Summary, Withholding, WithholdingLine};
use crate::models::sri::document::SriDocument;
use crate::util::time::Zone;

/// The live retención of a purchase, in the purchase's view.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseWithholdingView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// `estab-ptoEmi-secuencial`.
    pub number: String,
    /// Clave de acceso (49 digits).
    pub access_key: String,
    /// The amount withheld.
    pub total: String,
}

impl From<&Summary> for PurchaseWithholdingView {
    fn from((_, id, number, access_key, total): &Summary) -> Self {
        Self {
            id: *id,
            number: number.clone(),
            access_key: access_key.clone(),
            total: money_text(*total),
        }
    }
}

/// A tax withheld.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct WithholdingLineView {
    /// `renta` or `iva`.
    pub kind: String,
    /// The SRI's code (`312`, `3440`, `9`…).
    pub code: String,
    pub base: String,
    /// The percentage in force on the retención's date, as decimal text (`"1.75"`).
    pub percent: String,
    pub amount: String,
}

impl From<&WithholdingLine> for WithholdingLineView {
    fn from(l: &WithholdingLine) -> Self {
        Self {
            kind: l.kind.clone(),
            code: l.code.clone(),
            base: money_text(l.base),
            percent: crate::views::taxes::rate::percent_text(l.percent_bp),
            amount: money_text(l.amount),
        }
    }
}

/// A comprobante de retención. Printed from `/tickets/retencion/{id}/A4SRI`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct WithholdingView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// `estab-ptoEmi-secuencial`.
    pub number: String,
    /// `sri_documents.id` (the e-billing documents' API and screens).
    pub document_id: i64,
    pub access_key: String,
    /// The SRI state in Spanish ("AUTORIZADO", "DEVUELTA: corrija y reenvíe"…).
    pub status: String,
    /// The state's code.
    #[ts(type = "DocumentStatus")]
    pub status_code: String,
    /// `fechaEmision`, `AAAA-MM-DD`.
    pub date: String,
    pub supplier_id: i64,
    pub supplier_name: String,
    pub purchase_id: i64,
    /// The supplier's document it withholds on.
    pub document_number: String,
    /// The amount withheld.
    pub total: String,
    /// Issued past the five days, knowingly.
    pub late: bool,
    pub authorization_number: Option<String>,
    pub annulled: bool,
    pub annul_reason: Option<String>,
    pub annulled_at: Option<String>,
    pub lines: Vec<WithholdingLineView>,
}

impl WithholdingView {
    /// The view of `w` with its lines, its SRI document, its supplier's name and the supplier's
    /// document number.
    pub fn new(
        w: &Withholding,
        lines: &[WithholdingLine],
        document: &SriDocument,
        (supplier_name, document_number): (String, String),
        zone: Zone,
    ) -> Self {
        let status = DocumentStatus::parse(&document.status);
        Self {
            id: w.id,
            number: w.fields.number.clone(),
            document_id: document.id,
            access_key: document.access_key.clone(),
            status: status.map_or("", DocumentStatus::label).to_string(),
            status_code: document.status.clone(),
            date: w.fields.date.to_string(),
            supplier_id: w.fields.supplier_id,
            supplier_name,
            purchase_id: w.fields.purchase_id,
            document_number,
            total: money_text(w.fields.total),
            late: w.fields.late,
            authorization_number: document.authorization_number.clone(),
            annulled: w.annulled,
            annul_reason: w.annul_reason.clone(),
            annulled_at: w.annulled_at.map(|at| zone.iso(at)),
            lines: lines.iter().map(Into::into).collect(),
        }
    }
}
