//! Restaurant: event rows (queries only; the rules are in `services::restaurant`).
