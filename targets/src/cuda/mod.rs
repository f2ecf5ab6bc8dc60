//! CUDA: `FILE_kernels.cu` holds each kernel as a `__global__` function
//! template over the type of its index arithmetic and its `extern "C"`
//! launcher, which computes the grid from the iteration counts at run
//! time, picks the `int` instance where the launch's extents and the
//! device allocations are small enough (`ferry_cuda_narrow`) and the
//! `long` one otherwise, launches, and has the runtime check the launch
//! (`ferry_cuda_launched`); the next transfer waits for it.

mod writer;

pub use writer::write;

/// How kernels are launched.
#[derive(Debug, Clone)]
pub struct Options {
    /// Threads per block for a nest of 1, 2 and 3 loops (x, y, z; x runs
    /// along the innermost loop); each a power of two in all (the trees of
    /// reductions halve it).
    pub block: [[u32; 3]; 3],
}

impl Default for Options {
    fn default() -> Self {
        Options {
            block: crate::kernel::GROUP_SHAPES,
        }
    }
}
