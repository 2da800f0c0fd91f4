//! Restaurant views: setup.
