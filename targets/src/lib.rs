//! ferry's back ends: one writer per target over the typed kernels that
//! offloading builds (`kernel`), in the shape of naga's back ends — each
//! target's `mod.rs` holds its options and errors, its `writer.rs` the
//! writer. Writers depend on the kernel IR, the C printer and the runtime,
//! never on the analyses.
//!
//! - `host`: no kernel at all; the isolated statement runs on the host
//!   against the runtime's simulated accelerator (poisoned buffers). It is
//!   the reference every other target is validated against.
//! - `cuda`: `FILE_kernels.cu`, the `__global__` kernels and an
//!   `extern "C"` launcher per kernel, over the CUDA runtime API.
//! - `opencl`: `FILE_kernels.cl`, the `__kernel` functions, and
//!   `FILE_launch.c`, plain C launchers against the OpenCL C API.
//!
//! In every target the host code calls the launchers declared in
//! `FILE_kernels.h`, so the host file is the same whichever writer made
//! the kernels.

pub mod cuda;
pub mod host;
pub mod kernel;
pub mod opencl;
mod reserved;
mod text;

/// Where offloaded statements run (`--target`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Target {
    /// The host memcpy simulation of an accelerator.
    #[default]
    Host,
    Cuda,
    OpenCl,
}

impl Target {
    pub const NAMES: &str = "host, cuda, opencl";

    pub fn parse(text: &str) -> Option<Target> {
        match text {
            "host" => Some(Target::Host),
            "cuda" => Some(Target::Cuda),
            "opencl" => Some(Target::OpenCl),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Target::Host => "host",
            Target::Cuda => "cuda",
            Target::OpenCl => "opencl",
        }
    }

    /// Whether the target runs loops as kernels (every target but the
    /// host simulation).
    pub fn has_kernels(self) -> bool {
        self != Target::Host
    }

    /// The runtime's files this target links with: (name, contents).
    pub fn runtime_files(self) -> Vec<(&'static str, &'static str)> {
        ferry_rte::files(match self {
            Target::Host => ferry_rte::Backend::Host,
            Target::Cuda => ferry_rte::Backend::Cuda,
            Target::OpenCl => ferry_rte::Backend::OpenCl,
        })
    }

    /// Libraries the transformed program links with, besides the C
    /// library and `-lm`.
    pub fn link_flags(self) -> &'static [&'static str] {
        match self {
            Target::OpenCl => &["-lOpenCL"],
            Target::Host | Target::Cuda => &[],
        }
    }
}

/// A file a writer produces: its name (no directory) and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct File {
    pub name: String,
    pub text: String,
}

/// The kernels of one translation unit written for `target`: the kernel
/// sources, the launchers and the header that declares them. Nothing for
/// the host target, or for a unit without kernels.
pub fn write_kernels(target: Target, unit: &kernel::Unit) -> Vec<File> {
    let unit = &reserved::escaped(unit, target);
    let kernels = match target {
        _ if unit.kernels.is_empty() => return Vec::new(),
        Target::Host => return Vec::new(),
        Target::Cuda => cuda::write(unit, &cuda::Options::default()),
        Target::OpenCl => opencl::write(unit, &opencl::Options::default()),
    };
    let header = File {
        name: unit.header_name(),
        text: host::header(unit),
    };
    std::iter::once(header).chain(kernels).collect()
}

/// The build command for the transformed program in a folder (written in
/// the folder's Makefile), with `flags` (the user's preprocessor flags and
/// include folders, ready for the shell) after the folder's own `-I .`.
pub fn build_command(target: Target, program: &str, flags: &[String]) -> String {
    let mut flags = flags.join(" ");
    if !flags.is_empty() {
        flags.push(' ');
    }
    match target {
        Target::Host => format!("cc -O2 -I . {flags}*.c -o {program} -lm"),
        Target::OpenCl => format!("cc -O2 -I . {flags}*.c -o {program} -lOpenCL -lm"),
        Target::Cuda => format!("nvcc -O2 -I . {flags}*.c *.cu -o {program} -lm"),
    }
}
