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
    /// The work-group shape of a kernel that reduces, for a nest of 1, 2
    /// and 3 loops (a power of two in all); other kernels leave it to the
    /// implementation.
    pub group: [[u32; 3]; 3],
}

impl Default for Options {
    fn default() -> Self {
        Options {
            group: crate::kernel::GROUP_SHAPES,
        }
    }
}
