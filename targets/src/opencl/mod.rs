//! OpenCL: `FILE_kernels.cl` holds the `__kernel` functions (OpenCL C
//! 1.2), `FILE_launch.c` one launcher per kernel in plain C against the
//! OpenCL API (`cc ... -lOpenCL`). The launchers carry the kernels' source
//! as a string, built once at the first launch: the program finds it
//! wherever it runs, and the `.cl` file is there for readers and offline
//! compilers.

mod writer;

pub use writer::write;

/// How kernels are launched.
#[derive(Debug, Clone)]
pub struct Options {
    /// The work-group shape of a kernel, for a nest of 1, 2 and 3 loops
    /// (a power of two in all, as reductions' trees need).
    pub group: [[u32; 3]; 3],
    /// The work-group shape of a kernel that does not reduce: one loop's
    /// groups are small, so that a range of a few hundred work-items still
    /// makes a group for every compute unit (pocl runs a group on one
    /// core); nests of 2 and 3 loops take the reductions' shapes.
    pub plain_group: [[u32; 3]; 3],
}

impl Default for Options {
    fn default() -> Self {
        Options {
            group: crate::kernel::GROUP_SHAPES,
            plain_group: [[32, 1, 1], [32, 8, 1], [32, 4, 2]],
        }
    }
}
