//! Restaurant views: order.
