//! The states a document or a record goes through, one Rust enum each, so the stored text, the
//! JSON and the TypeScript union the screens compare against come from one list. The SRI's state of
//! an electronic document is [`crate::domain::document_status::DocumentStatus`], exported the same way.
//!
//! The tables keep the state as text: a view that copies it from its row keeps the `String` and is
//! typed in TypeScript with `#[ts(as = "State")]`; a state worked out from dates or balances (a
//! quote, a receivable, a payable, a table) is the enum itself.

/// Declares an enum of a closed list of texts (a state, a route id): each variant with its stored
/// (and JSON) text, `ALL` in order, `as_str` (usable in constants) and `parse`; exported to
/// TypeScript as the union of the texts.
macro_rules! text_enum {
    ($(
        $(#[$meta:meta])*
        $name:ident { $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),+ $(,)? }
    )*) => {$(
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, ts_rs::TS)]
        pub enum $name {
            $( $(#[$vmeta])* #[serde(rename = $text)] $variant, )+
        }

        impl $name {
            /// Every state, in order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The stored and JSON text.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )+
                }
            }

            /// Inverse of `as_str`.
            pub fn parse(text: &str) -> Option<$name> {
                Self::ALL.iter().copied().find(|s| s.as_str() == text)
            }
        }
    )*};
}
pub(crate) use text_enum;

text_enum! {
    /// A quote: `convertida` once it became a sale, `vencida` after its validity date, else
    /// `vigente`.
    QuoteState {
        Vigente = "vigente",
        Vencida = "vencida",
        Convertida = "convertida",
    }

    /// A cash shift: open, closed with its cash count, confirmed by an administrator.
    TurnState {
        Open = "open",
        Closed = "closed",
        Confirmed = "confirmed",
    }

    /// A receivable on a given day.
    ReceivableStatus {
        Pendiente = "pendiente",
        Parcial = "parcial",
        Pagada = "pagada",
        Vencida = "vencida",
    }

    /// A payable to a supplier on a given day.
    PayableStatus {
        Pendiente = "pendiente",
        Parcial = "parcial",
        Pagada = "pagada",
        Vencida = "vencida",
        Anulada = "anulada",
    }

    /// A restaurant order: open until billed (or cancelled).
    OrderState {
        Open = "open",
        Billed = "billed",
        Cancelled = "cancelled",
    }

    /// An order item in the kitchen, in its order; `anulado` when voided.
    ItemState {
        Pendiente = "pendiente",
        Preparando = "preparando",
        Listo = "listo",
        Entregado = "entregado",
        Anulado = "anulado",
    }

    /// A table: `ocupada` with an open order, `cuenta` once the bill was asked for, `reservada`
    /// within the hour of a reservation, else `libre`.
    TableOccupancy {
        Libre = "libre",
        Ocupada = "ocupada",
        Cuenta = "cuenta",
        Reservada = "reservada",
    }

    /// A reservation: `reservada` → `llego` → `finalizada`; `reservada` → `no_llego` or
    /// `cancelada`; `llego` → `cancelada` too.
    ReservationState {
        Reservada = "reservada",
        Llego = "llego",
        Finalizada = "finalizada",
        NoLlego = "no_llego",
        Cancelada = "cancelada",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The JSON of a state is its stored text, and `parse` reads it back.
    #[test]
    fn json_is_the_stored_text() {
        for s in ItemState::ALL {
            assert_eq!(
                serde_json::to_value(s).unwrap(),
                serde_json::Value::from(s.as_str())
            );
            assert_eq!(ItemState::parse(s.as_str()), Some(*s));
        }
        assert_eq!(
            serde_json::to_string(&ReservationState::NoLlego).unwrap(),
            "\"no_llego\""
        );
        assert_eq!(QuoteState::parse("otra"), None);
    }
}
