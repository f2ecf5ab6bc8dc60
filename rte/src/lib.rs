//! The C runtime that generated code includes and links: accelerator
//! buffers (poisoned at allocation), n-dimensional rectangular transfers,
//! and transfer statistics (`FERRY_STATS`). The C files live next to this
//! crate; ferry writes them into every output folder. `ferry_rte.c` is
//! the target-independent part (statistics, the decomposition of boxes
//! into runs); one backend per target (`ferry_rte_backend.h`) allocates,
//! poisons and copies: the host simulation, OpenCL, CUDA.

/// Which accelerator the runtime drives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// Buffers in host memory: the simulation every target is checked
    /// against.
    Host,
    OpenCl,
    Cuda,
}

const COMMON: &[(&str, &str)] = &[
    ("ferry_rte.h", include_str!("../ferry_rte.h")),
    (
        "ferry_rte_backend.h",
        include_str!("../ferry_rte_backend.h"),
    ),
    ("ferry_rte.c", include_str!("../ferry_rte.c")),
];

/// The runtime's files for `backend`: (name, contents).
pub fn files(backend: Backend) -> Vec<(&'static str, &'static str)> {
    let own: &[(&str, &str)] = match backend {
        Backend::Host => &[("ferry_rte_host.c", include_str!("../ferry_rte_host.c"))],
        Backend::OpenCl => &[
            ("ferry_rte_opencl.h", include_str!("../ferry_rte_opencl.h")),
            ("ferry_rte_opencl.c", include_str!("../ferry_rte_opencl.c")),
        ],
        Backend::Cuda => &[
            ("ferry_rte_cuda.h", include_str!("../ferry_rte_cuda.h")),
            ("ferry_rte_cuda.cu", include_str!("../ferry_rte_cuda.cu")),
        ],
    };
    COMMON.iter().chain(own).copied().collect()
}

/// The host simulation's files (the default target's).
pub fn host_files() -> Vec<(&'static str, &'static str)> {
    files(Backend::Host)
}

/// The header generated code includes.
pub const HEADER: &str = "ferry_rte.h";
