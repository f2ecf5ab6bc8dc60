//! What offloading the isolation test programs (`tests/c/isolate`) is
//! expected to do, shared by the OpenCL runs (`isolate_exec.rs`) and the
//! CUDA builds (`offload_cuda.rs`): every program not listed offloads.

/// Programs that `--target opencl` and `--target cuda` refuse, by the
/// reason in the diagnostic (each must still be refused with a
/// `file:line:col` diagnostic saying `cannot offload`; once one offloads,
/// its entry must go).
pub const REFUSED: &[(&str, &str)] = &[
    ("aos_copy_whole.c", "not of a basic arithmetic type"),
    ("aos_diff.c", "not of a basic arithmetic type"),
    ("aos_field_array.c", "not of a basic arithmetic type"),
    ("aos_points.c", "not of a basic arithmetic type"),
    ("struct_stats.c", "cannot write this expression"),
];

/// `--function F` programs whose host isolation moves F's transfers to
/// its call sites (`lift`) but whose offloading isolates F's body: F has
/// a parallel loop, which the body's isolation launches as a kernel of
/// many work-items (at a call site, F would run as a device function in
/// one work-item), or F's call passes the address of a scalar
/// (`calls_lift_device_scalar.c`), which device functions do not take.
/// Their runs must behave as the originals; their transfers are the
/// body's, not the hand counts. Elsewhere calls are lifted as on the
/// host, and the hand counts hold.
pub const NOT_LIFTED: &[&str] = &[
    "calls_alternate_unbraced.c",
    "calls_fir_cascade.c",
    "calls_lift_device_scalar.c",
    "calls_lift_host_code.c",
    "calls_ping_pong.c",
    "calls_ping_pong_first.c",
    "calls_ping_pong_unbraced.c",
    "calls_solver.c",
    "calls_sweeps.c",
    "calls_twice.c",
    "vla_scale_function.c",
];
