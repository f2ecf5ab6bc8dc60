//! The C runtime that generated code includes and links: accelerator
//! buffers (poisoned at allocation in the host simulation), n-dimensional
//! rectangular transfers, and transfer statistics (`FERRY_STATS`). The C
//! files live next to this crate; ferry writes them into every output
//! folder.

/// The runtime's files: (name, contents).
pub const FILES: &[(&str, &str)] = &[
    ("ferry_rte.h", include_str!("../ferry_rte.h")),
    ("ferry_rte.c", include_str!("../ferry_rte.c")),
];

/// The header generated code includes.
pub const HEADER: &str = "ferry_rte.h";
