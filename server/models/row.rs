//! A table's row struct (`Queryable, Selectable`: what a `SELECT` loads) and the struct written
//! back to it (`Insertable`, or the editable fields' `AsChangeset`) are two plain structs written
//! out next to each other in the model file. Most of their columns are the same; the test here
//! keeps them from drifting apart: for each pair it knows which columns only the row has (its id,
//! what the database or another statement fills) and which only the written struct has (a
//! borrowed `&'a str` where the row owns a `String`, a field skipped by diesel), and checks that
//! every other column is in both, with the same type and in the same order. A column added to one
//! struct and forgotten in the other fails it. A new pair of structs gets its line in `PAIRS`.

#[cfg(test)]
mod tests {
    /// A row struct and its written-back struct, as declared in `source`.
    struct Pair {
        file: &'static str,
        source: &'static str,
        row: &'static str,
        new: &'static str,
        /// Columns only the row struct has.
        row_only: &'static [&'static str],
        /// Fields only the written struct has (a column of the same name may be in `row_only`
        /// with the owned type).
        new_only: &'static [&'static str],
    }

    const PAIRS: &[Pair] = &[
        Pair {
            file: "cash/bank.rs",
            source: include_str!("cash/bank.rs"),
            row: "BankAccount",
            new: "BankAccountFields",
            row_only: &["id", "company_id", "locked", "created_at", "updated_at"],
            new_only: &[],
        },
        Pair {
            file: "sales/credit_note.rs",
            source: include_str!("sales/credit_note.rs"),
            row: "CreditNote",
            new: "NewCreditNote",
            row_only: &[
                "id",
                "number",
                "reason",
                "refund",
                "kind",
                "sri_document_id",
            ],
            new_only: &["number", "reason", "refund", "kind"],
        },
        Pair {
            file: "sales/promotion.rs",
            source: include_str!("sales/promotion.rs"),
            row: "Promotion",
            new: "PromotionFields",
            row_only: &["id", "company_id", "locked", "created_at", "updated_at"],
            new_only: &["product_ids"],
        },
        Pair {
            file: "sales/client.rs",
            source: include_str!("sales/client.rs"),
            row: "Client",
            new: "ClientFields",
            row_only: &[
                "id",
                "company_id",
                "is_final_consumer",
                "locked",
                "created_at",
                "updated_at",
            ],
            new_only: &[],
        },
        Pair {
            file: "sales/note.rs",
            source: include_str!("sales/note.rs"),
            row: "Sale",
            new: "NewSale",
            row_only: &[
                "id",
                "number",
                "idempotency_key",
                "note",
                "kind",
                "sri_document_id",
            ],
            new_only: &["number", "idempotency_key", "note", "kind"],
        },
        Pair {
            file: "sales/quote.rs",
            source: include_str!("sales/quote.rs"),
            row: "Quote",
            new: "NewQuote",
            row_only: &["id", "note", "sale_id"],
            new_only: &["note"],
        },
        Pair {
            file: "purchases/payable.rs",
            source: include_str!("purchases/payable.rs"),
            row: "PayablePayment",
            new: "NewPayablePayment",
            row_only: &["id"],
            new_only: &[],
        },
        Pair {
            file: "purchases/supplier.rs",
            source: include_str!("purchases/supplier.rs"),
            row: "Supplier",
            new: "SupplierFields",
            row_only: &["id", "company_id", "locked", "created_at", "updated_at"],
            new_only: &[],
        },
        Pair {
            file: "purchases/purchase.rs",
            source: include_str!("purchases/purchase.rs"),
            row: "Purchase",
            new: "NewPurchase",
            row_only: &[
                "id",
                "cancelled",
                "cancel_reason",
                "cancelled_by",
                "cancelled_at",
            ],
            new_only: &[],
        },
        Pair {
            file: "config/company.rs",
            source: include_str!("config/company.rs"),
            row: "Company",
            new: "CompanyFields",
            row_only: &["id", "created_at", "updated_at", "time_zone"],
            new_only: &["updated_at"],
        },
        Pair {
            file: "restaurant/order.rs",
            source: include_str!("restaurant/order.rs"),
            row: "Order",
            new: "NewOrder",
            row_only: &["id", "bill_requested", "rounds", "closed_at"],
            new_only: &[],
        },
        Pair {
            file: "restaurant/order.rs",
            source: include_str!("restaurant/order.rs"),
            row: "OrderItem",
            new: "NewOrderItem",
            row_only: &["id", "void_reason", "voided_by", "voided_at", "sale_id"],
            new_only: &[],
        },
        Pair {
            file: "restaurant/reservation.rs",
            source: include_str!("restaurant/reservation.rs"),
            row: "Reservation",
            new: "ReservationFields",
            row_only: &[
                "id",
                "company_id",
                "branch_office_id",
                "state",
                "locked",
                "user_id",
                "created_at",
                "updated_at",
            ],
            new_only: &[],
        },
        Pair {
            file: "restaurant/event.rs",
            source: include_str!("restaurant/event.rs"),
            row: "Event",
            new: "NewEvent",
            row_only: &["id"],
            new_only: &[],
        },
        Pair {
            file: "restaurant/table.rs",
            source: include_str!("restaurant/table.rs"),
            row: "RestaurantTable",
            new: "TableFields",
            row_only: &[
                "id",
                "company_id",
                "branch_office_id",
                "locked",
                "created_at",
                "updated_at",
            ],
            new_only: &[],
        },
        Pair {
            file: "ebilling/remission_guide.rs",
            source: include_str!("ebilling/remission_guide.rs"),
            row: "RemissionGuide",
            new: "NewRemissionGuide",
            row_only: &["id"],
            new_only: &[],
        },
        Pair {
            file: "inventory/adjustment.rs",
            source: include_str!("inventory/adjustment.rs"),
            row: "Adjustment",
            new: "NewAdjustment",
            row_only: &["id"],
            new_only: &[],
        },
        Pair {
            file: "inventory/kardex.rs",
            source: include_str!("inventory/kardex.rs"),
            row: "KardexRow",
            new: "NewKardexRow",
            row_only: &["id", "movement_type", "document_type", "document_number"],
            new_only: &["movement_type", "document_type", "document_number"],
        },
        Pair {
            file: "inventory/product.rs",
            source: include_str!("inventory/product.rs"),
            row: "Product",
            new: "ProductFields",
            row_only: &[
                "id",
                "company_id",
                "search_text",
                "locked",
                "created_at",
                "updated_at",
                "image_version",
            ],
            new_only: &["barcodes", "recipe"],
        },
        Pair {
            file: "inventory/transfer.rs",
            source: include_str!("inventory/transfer.rs"),
            row: "Transfer",
            new: "NewTransfer",
            row_only: &["id"],
            new_only: &[],
        },
        Pair {
            file: "sri/message.rs",
            source: include_str!("sri/message.rs"),
            row: "SriDocumentMessage",
            new: "NewSriDocumentMessage",
            row_only: &["id"],
            new_only: &[],
        },
    ];

    /// The `pub name: Type` fields of `pub struct name` in `source`, in order.
    fn fields(file: &str, source: &str, name: &str) -> Vec<(String, String)> {
        let mut lines = source.lines();
        let opening = [
            format!("pub struct {name} {{"),
            format!("pub struct {name}<'a> {{"),
        ];
        lines
            .by_ref()
            .find(|line| opening.iter().any(|o| line == o))
            .unwrap_or_else(|| panic!("{file}: no `pub struct {name}`"));
        lines
            .take_while(|line| *line != "}")
            .filter_map(|line| line.strip_prefix("    pub "))
            .map(|field| {
                let (name, ty) = field
                    .split_once(": ")
                    .unwrap_or_else(|| panic!("{file}: unexpected field `{field}`"));
                (name.to_string(), ty.trim_end_matches(',').to_string())
            })
            .collect()
    }

    #[test]
    fn row_and_new_struct_columns_agree() {
        for pair in PAIRS {
            let row = fields(pair.file, pair.source, pair.row);
            let new = fields(pair.file, pair.source, pair.new);
            for (only, list, name) in [
                (pair.row_only, &row, pair.row),
                (pair.new_only, &new, pair.new),
            ] {
                for column in only {
                    assert!(
                        list.iter().any(|(n, _)| n == column),
                        "{}: `{column}` is listed as only in {name}, which has no such field",
                        pair.file
                    );
                }
            }
            let shared_of_row: Vec<_> = row
                .iter()
                .filter(|(n, _)| !pair.row_only.contains(&n.as_str()))
                .collect();
            let shared_of_new: Vec<_> = new
                .iter()
                .filter(|(n, _)| !pair.new_only.contains(&n.as_str()))
                .collect();
            assert_eq!(
                shared_of_row, shared_of_new,
                "{}: the columns {} and {} share (name and type, in order) differ",
                pair.file, pair.row, pair.new
            );
        }
    }
}
