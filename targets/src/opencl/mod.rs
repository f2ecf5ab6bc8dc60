//! OpenCL: `FILE_kernels.cl` holds the `__kernel` functions (OpenCL C
//! 1.2), `FILE_launch.c` one launcher per kernel in plain C against the
//! OpenCL API (`cc ... -lOpenCL`). The launchers carry the kernels' source
//! as a string, built once at the first launch: the program finds it
//! wherever it runs, and the `.cl` file is there for readers and offline
//! compilers.

mod writer;

pub use writer::write;

/// How kernels are compiled.
#[derive(Debug, Clone, Default)]
pub struct Options {}
