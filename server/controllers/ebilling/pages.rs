//! Data of the e-billing pages, from the same functions as their APIs.

use super::documents::list_page;
use crate::controllers::page_loader::Loaders;
use crate::error::AppError;
use crate::models::config::company::Company;
use crate::services::signing::certificate;
use crate::views::ebilling::certificate::CertificateView;
use crate::views::ebilling::pages::{ElectronicDocumentsPage, sri_target};
use crate::views::ebilling::trial::EbillingSetupPage;
use crate::views::route_id::RouteId;

/// The loader of each page of this area, by route id.
pub const LOADERS: Loaders = &[
    (RouteId::EbillingDocuments, |ctx| {
        let target = sri_target(&ctx.state.config.sri);
        ctx.tenant(move |conn, tenant, query| {
            Ok(ElectronicDocumentsPage {
                list: list_page(conn, tenant, Some(query.raw()), &query.list()?)?,
                sri_target: target,
            })
        })
    }),
    (RouteId::EbillingTest, |ctx| {
        let target = sri_target(&ctx.state.config.sri);
        ctx.tenant(move |conn, tenant, _| {
            let certificate = match certificate::facts(conn, tenant.company) {
                Ok(facts) => Some(CertificateView::of(
                    &facts,
                    tenant.zone(),
                    &Company::find(conn, tenant.company)?.ruc,
                )),
                Err(AppError::NotFound(_)) => None,
                Err(other) => return Err(other),
            };
            Ok(EbillingSetupPage {
                certificate,
                environment: Company::find(conn, tenant.company)?.sri_environment,
                sri_target: target,
            })
        })
    }),
];
