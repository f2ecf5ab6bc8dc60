//! What offloading the isolation test programs (`tests/c/isolate`) is
//! expected to do, shared by the OpenCL runs (`isolate_exec.rs`) and the
//! CUDA builds (`offload_cuda.rs`): every program not listed offloads.

use std::path::PathBuf;
use std::process::Command;

/// Programs that `--target opencl` and `--target cuda` refuse, by the
/// reason in the diagnostic (each must still be refused with a
/// `file:line:col` diagnostic saying `cannot offload`; once one offloads,
/// its entry must go).
pub const REFUSED: &[(&str, &str)] = &[
    // A union's bytes written as two types (the views would alias); a
    // packed structure's fields sit where no view reaches them.
    (
        "aos_union.c",
        "which the device code reaches as another type",
    ),
    ("aos_packed.c", "a layout ferry does not model"),
    // A function body with no loop: its declaration, which reads the
    // global structure's copy, stays host code.
    (
        "const_struct_members.c",
        "this declaration reads device memory on the host",
    ),
    // An enumeration constant a block declares again: which value it
    // means is not looked for.
    ("enum_shadowed.c", "`K` is used on the device"),
    // A typedef name a block declares again: which type it means is not
    // looked for.
    (
        "typedef_shadowed.c",
        "the type `scalar` is used on the device, and it names no basic arithmetic type",
    ),
    // A memcpy into an array the statement declares: device code
    // declares no arrays.
    (
        "memory_functions.c",
        "`memcpy` on the device of memory other than a device buffer's elements",
    ),
    // Pointer walks stay pointers in the code: kernels take element
    // accesses only.
    ("pointer_walk_fill.c", "other than by subscripts"),
    ("legacy_copy_walks.c", "other than by subscripts"),
    (
        "row_pointer.c",
        "an array or pointer declared in code that runs on the device",
    ),
    (
        "walk_post_increment.c",
        "this declaration reads device memory on the host",
    ),
    // A pointer set before the statement to an offset into an array: on
    // the host its copy points into the buffer; kernels take no pointer.
    (
        "legacy_offset_pointer.c",
        "device code holds no host pointer",
    ),
    (
        "legacy_pointer_set_inside.c",
        "a pointer the code after it may use",
    ),
    (
        "legacy_row_pointer_before.c",
        "device code holds no host pointer",
    ),
];

/// `--function F` programs whose host isolation moves F's transfers to
/// its call sites (`lift`) but whose offloading cannot: F's call passes
/// the address of a scalar, which device functions do not take, so F's
/// body is isolated instead. Their runs must behave as the originals;
/// their transfers are the body's, not the hand counts. Elsewhere calls
/// are lifted as on the host, and the hand counts hold: a call passing
/// whole buffers to an F with a parallel loop stays on the host and
/// launches F's kernels.
pub const NOT_LIFTED: &[&str] = &["calls_lift_device_scalar.c"];

/// nvcc: `$NVCC`, the one `scripts/setup.sh` installs under `.cuda/`, or
/// the one on the PATH.
pub fn nvcc() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("NVCC").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(path));
    }
    let lib = crate::workspace_root().join(".cuda").join("lib");
    for entry in std::fs::read_dir(&lib).into_iter().flatten().flatten() {
        let candidate = entry.path().join("site-packages/nvidia/cu13/bin/nvcc");
        if candidate.is_file() {
            return Some(candidate);
        }
    }
    Command::new("nvcc")
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|_| PathBuf::from("nvcc"))
}

/// nvcc, which the CUDA tests cannot do without.
pub fn required_nvcc() -> PathBuf {
    nvcc().unwrap_or_else(|| {
        panic!(
            "no nvcc: run scripts/setup.sh (it installs nvcc from PyPI under .cuda/) or set NVCC"
        )
    })
}

/// Whether an NVIDIA GPU is at hand (`nvidia-smi -L` lists one): CUDA
/// outputs are then run, not only built.
pub fn has_gpu() -> bool {
    Command::new("nvidia-smi")
        .arg("-L")
        .output()
        .is_ok_and(|o| o.status.success() && !o.stdout.is_empty())
}
