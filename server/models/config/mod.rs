//! The company and its configuration: branch offices with their emission points, holidays,
//! licences.

pub mod branch_office;
pub mod company;
pub mod emission_point;
pub mod holiday;
pub mod licence;
