//! Cash: registers (cajas) of a branch, shifts (turnos) with their movements and counts, bank
//! accounts. Money enters a shift only through [`crate::services::cash::posting`].

automod::dir!(pub "server/models/cash");
