//! Property tests: any valid random input builds, validates against its XSD, and its
//! totals satisfy the SRI's relations (error 52 "diferencias" can never come from us).

use proptest::prelude::*;
use rust_decimal::Decimal;

use super::catalog::IdType;
use super::document::build;
use super::fixtures::{self, context};
use super::model::*;
use crate::domain::taxes::TaxKind;
use crate::domain::totals::{IceMode, IceTax};

fn text() -> impl Strategy<Value = String> {
    "[A-Za-z0-9áéíóúñÑÁÉÍÓÚü«»€&<>\"' .,;:/#()-]{0,40}".prop_map(|s| format!("X{s}"))
}

fn decimal(max_units: i64, scale: u32) -> impl Strategy<Value = Decimal> {
    (0..=max_units * 10i64.pow(scale)).prop_map(move |n| Decimal::new(n, scale))
}

fn item() -> impl Strategy<Value = Item> {
    (
        text(),
        text(),
        (1i64..=50_000_000).prop_map(|n| Decimal::new(n, 6)),
        decimal(500, 6),
        prop::sample::select(vec!["0", "4", "5", "6", "7", "8", "10"]),
        prop::option::of((decimal(50, 2), any::<bool>())),
        prop::option::of(0u32..100),
        prop::collection::vec((text(), text()), 0..=3),
        0u32..=100,
    )
        .prop_map(
            |(
                code,
                description,
                quantity,
                unit_price,
                iva,
                ice,
                bottles,
                details,
                discount_pct,
            )| {
                let gross = crate::domain::money::round2(quantity * unit_price);
                let discount = crate::domain::money::round2(
                    gross * Decimal::from(discount_pct) / Decimal::ONE_HUNDRED,
                );
                Item {
                    main_code: Some(code.chars().take(25).collect()),
                    aux_code: None,
                    description,
                    unit: None,
                    quantity,
                    unit_price,
                    discount,
                    iva: iva.to_string(),
                    ice: ice.map(|(tariff, specific)| IceTax {
                        code: "3053".into(),
                        tariff,
                        mode: if specific {
                            IceMode::Specific
                        } else {
                            IceMode::AdValorem
                        },
                        units: None,
                    }),
                    irbpnr_bottles: bottles,
                    details: details
                        .into_iter()
                        .map(|(name, value)| NameValue { name, value })
                        .collect(),
                }
            },
        )
}

fn buyer() -> impl Strategy<Value = Buyer> {
    prop::sample::select(vec![
        (IdType::Cedula, "1710034065"),
        (IdType::Cedula, "1714307103"),
        (IdType::Ruc, "1790016919001"),
        (IdType::Ruc, "1714307103001"),
        (IdType::Pasaporte, "AB123456"),
        (IdType::Exterior, "X99887766"),
    ])
    .prop_flat_map(|(id_type, id)| {
        (text(), prop::option::of(text())).prop_map(move |(name, address)| Buyer {
            id_type,
            id: id.into(),
            name,
            address,
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn random_invoices_validate_and_add_up(
        items in prop::collection::vec(item(), 1..20),
        buyer in buyer(),
        discount_pct in 0u32..=30,
        tip in decimal(20, 2),
        v110 in any::<bool>(),
        info in prop::collection::vec((text(), text()), 0..=15),
    ) {
        let mut inv = fixtures::invoice_struct();
        inv.version = if v110 { InvoiceVersion::V1_1_0 } else { InvoiceVersion::V2_1_0 };
        inv.items = items;
        inv.buyer = buyer;
        inv.tip = tip;
        inv.additional_info = info.into_iter().map(|(name, value)| NameValue { name, value }).collect();
        let subtotal: Decimal = inv.items.iter().map(|i| crate::domain::money::round2(i.quantity * i.unit_price) - i.discount).sum();
        inv.global_discount = crate::domain::money::round2(subtotal * Decimal::from(discount_pct) / Decimal::ONE_HUNDRED);
        let total = crate::domain::totals::compute(&inv.items, inv.global_discount, inv.tip).unwrap().total;
        inv.payments = vec![Payment { method: "20".into(), amount: total, term: Some(Decimal::from(30)), time_unit: Some("dias".into()) }];
        let built = build(&Comprobante::Invoice(inv.clone()), &context());
        prop_assert!(built.is_ok(), "{:?}", built.err());
        let t = built.unwrap().totals.unwrap();
        let nets: Decimal = t.lines.iter().map(|l| l.net).sum();
        prop_assert_eq!(nets, t.total_without_taxes);
        let discounts: Decimal = t.lines.iter().map(|l| l.discount).sum();
        prop_assert_eq!(discounts, t.total_discount);
        prop_assert_eq!(t.gross - t.total_discount, t.total_without_taxes);
        let taxes: Decimal = t.groups.iter().map(|g| g.value).sum();
        prop_assert_eq!(t.total, t.total_without_taxes + taxes + t.tip);
        let iva_bases: Decimal = t.groups.iter().filter(|g| g.kind == TaxKind::Iva).map(|g| g.base).sum();
        let line_iva_bases: Decimal = t.lines.iter().flat_map(|l| &l.taxes).filter(|x| x.kind == TaxKind::Iva).map(|x| x.base).sum();
        prop_assert_eq!(iva_bases, line_iva_bases);
        let global: Decimal = t.lines.iter().map(|l| l.global_discount_share).sum();
        prop_assert_eq!(global, inv.global_discount);
        for g in &t.groups {
            if g.kind == TaxKind::Iva {
                prop_assert_eq!(g.value, crate::domain::money::round2(g.base * g.tariff / Decimal::ONE_HUNDRED));
            }
        }
    }

    #[test]
    fn random_credit_notes_validate(items in prop::collection::vec(item(), 1..10), reason in text()) {
        let mut doc = fixtures::credit_note();
        if let Comprobante::CreditNote(nc) = &mut doc {
            nc.items = items;
            nc.reason = reason;
            nc.expected_total = None;
        }
        let built = build(&doc, &context());
        prop_assert!(built.is_ok(), "{:?}", built.err());
    }

    #[test]
    fn random_guides_validate(
        recipients in prop::collection::vec((text(), text(), text(), prop::collection::vec((text(), (1i64..=9_999_999).prop_map(|n| Decimal::new(n, 3))), 1..5)), 1..4),
        plate in "[A-Z]{3}-[0-9]{4}",
    ) {
        let mut doc = fixtures::guide();
        if let Comprobante::DeliveryGuide(g) = &mut doc {
            g.plate = plate;
            g.recipients = recipients
                .into_iter()
                .map(|(name, address, reason, items)| Recipient {
                    id: "1710034065".into(),
                    name,
                    address,
                    transfer_reason: reason,
                    customs_document: None,
                    destination_establishment: Some("002".into()),
                    route: None,
                    support_document: None,
                    items: items
                        .into_iter()
                        .map(|(description, quantity)| GuideItem { internal_code: None, extra_code: Some("E1".into()), description, quantity, details: vec![] })
                        .collect(),
                })
                .collect();
        }
        let built = build(&doc, &context());
        prop_assert!(built.is_ok(), "{:?}", built.err());
    }
}
