//! Restaurant: setup.
