use super::Options;
use crate::File;
use crate::kernel::{Dim, Kernel, ParamKind, Scalar, Unit};
use crate::text::{
    Dialect, after_launch, before_launch, body, device_functions, epilogue, fused_body,
    fused_groups, fused_lanes, kernel_params, launcher_params, prologue, skip_empty_nest, tree,
    work_items,
};

/// The unit's kernels file.
pub fn write(unit: &Unit, options: &Options) -> Vec<File> {
    let mut out = format!(
        "/* The kernels of {stem}.c for CUDA, written by ferry; each launcher is\n \
         * called by the host code through {header}. */\n\
         #include <cuda_runtime.h>\n#include \"ferry_rte.h\"\n#include \"ferry_rte_cuda.h\"\n\
         #include \"{header}\"\n#include <math.h>\n#include <stdlib.h>\n",
        stem = unit.stem,
        header = unit.header_name()
    );
    if unit.memory_functions {
        out.push('\n');
        out.push_str(&crate::text::memory_functions(
            "static __device__ ",
            "",
            "unsigned char",
            "unsigned long",
        ));
    }
    if !unit.functions.is_empty() {
        out.push('\n');
        out.push_str(&device_functions(
            unit,
            "static __device__ ",
            "",
            Scalar::c_name,
        ));
    }
    for k in &unit.kernels {
        out.push('\n');
        kernel(&mut out, k, options);
        out.push('\n');
        launcher(&mut out, k, options);
    }
    vec![File {
        name: format!("{}_kernels.cu", unit.stem),
        text: out,
    }]
}

/// The work-group size of `k` under `options`.
fn group_size(k: &Kernel, options: &Options) -> u32 {
    match k.dims.len() {
        0 => 1,
        n => options.block[n - 1].iter().product(),
    }
}

const DIALECT: Dialect = Dialect {
    local: "__shared__ ",
    barrier: "__syncthreads()",
    lane: "threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)",
    group: "blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z)",
    spell: Scalar::c_name,
};

/// The type a kernel's template does its index arithmetic in: `int` or
/// `long`, as its launcher finds the launch's extents (see `launcher`).
const INDEX: &str = "ferry_index";

fn kernel(out: &mut String, k: &Kernel, options: &Options) {
    out.push_str(&format!(
        "template <typename {INDEX}>\n__global__ void {}({})\n{{\n",
        k.name,
        kernel_params(k, "", "__restrict__ ", |s| s.c_name(), INDEX)
    ));
    if !k.fused.is_empty() {
        out.push_str(&fused_body(
            k,
            &|n| options.block[n - 1],
            ("blockIdx.x", "threadIdx.x"),
            "",
            |s| s.c_name(),
            INDEX,
        ));
        out.push_str("}\n");
        return;
    }
    let axes = ["x", "y", "z"];
    let item = |hw: usize| {
        let a = axes[hw];
        format!("({INDEX})blockIdx.{a} * blockDim.{a} + threadIdx.{a}")
    };
    out.push_str(&prologue(k, &item, "", |s| s.c_name(), INDEX));
    out.push_str(&body(k));
    if k.reduces() {
        out.push_str(&tree(k, group_size(k, options), &DIALECT));
    }
    out.push_str(&epilogue(k));
    out.push_str("}\n");
}

fn launcher(out: &mut String, k: &Kernel, options: &Options) {
    out.push_str(&format!(
        "extern \"C\" void {}({})\n{{\n",
        k.launcher(),
        launcher_params(k)
    ));
    let n = k.dims.len();
    let block = if n == 0 {
        [1, 1, 1]
    } else {
        options.block[n - 1]
    };
    // Hardware dimension h runs along loop n - 1 - h.
    let count = |h: usize| {
        if h < n {
            Dim::count_param(n - 1 - h)
        } else {
            "1L".into()
        }
    };
    out.push_str(&skip_empty_nest(k));
    if k.fused.is_empty() {
        out.push_str(&format!(
            "    dim3 block({}, {}, {});\n",
            block[0], block[1], block[2]
        ));
        out.push_str(&format!(
            "    dim3 grid((unsigned)(({c0} + {b0} - 1) / {b0}), (unsigned)(({c1} + {b1} - 1) / {b1}), \
             (unsigned)(({c2} + {b2} - 1) / {b2}));\n",
            c0 = count(0),
            c1 = count(1),
            c2 = count(2),
            b0 = block[0],
            b1 = block[1],
            b2 = block[2]
        ));
    } else {
        // One-dimensional blocks over every part's (`fused_body`).
        out.push_str(&fused_groups(k, &|n| options.block[n - 1]));
        out.push_str(
            "    if (ferry_groups > 2147483647L)\n        \
             ferry_cuda_check(cudaErrorInvalidConfiguration, \"a fused launch of more than 2^31 - 1 blocks\");\n",
        );
        out.push_str(&format!(
            "    dim3 block({}, 1, 1);\n    dim3 grid((unsigned)ferry_groups, 1, 1);\n",
            fused_lanes(k, &|n| options.block[n - 1])
        ));
    }
    let args: Vec<String> = k
        .params
        .iter()
        .map(|p| match p.kind {
            ParamKind::Buffer(s) => format!("({} *){}", s.c_name(), p.name),
            ParamKind::View(s) => format!("({} *){}", s.c_name(), p.view()),
            ParamKind::Value(_) | ParamKind::Extent => p.name.clone(),
            ParamKind::Cell(s) => format!("({} *){}", s.c_name(), p.cell()),
            ParamKind::Reduction(s, _) => format!("({} *){}", s.c_name(), p.partials()),
            ParamKind::Private(s) => {
                format!("({} *){}, {}", s.c_name(), p.scratch(), p.elements())
            }
        })
        .chain(
            k.nest_params()
                .into_iter()
                .flat_map(|(first, count, _)| [first, count]),
        )
        .collect();
    let groups = "ferry_groups";
    if k.reduces() {
        out.push_str(&format!(
            "    long {groups} = (long)grid.x * grid.y * grid.z;\n"
        ));
    }
    out.push_str(&before_launch(k, groups));
    // Subscripts in `int` where they fit (one multiply-add per term
    // instead of 64-bit arithmetic): asked after the scratches are
    // allocated, as they count among the allocations.
    let extents: Vec<String> = k
        .params
        .iter()
        .filter(|p| p.kind == ParamKind::Extent)
        .map(|p| p.name.clone())
        .chain(
            k.nest_params()
                .into_iter()
                .flat_map(|(first, count, step)| {
                    let last = format!("{first} + {count} * {step}L");
                    [first, count, last]
                }),
        )
        .collect();
    out.push_str(&if extents.is_empty() {
        "    int ferry_narrow = ferry_cuda_narrow(NULL, 0);\n".to_string()
    } else {
        format!(
            "    const long ferry_extents[] = {{{}}};\n    int ferry_narrow = \
             ferry_cuda_narrow(ferry_extents, {});\n",
            extents.join(", "),
            extents.len()
        )
    });
    let launch = |index: &str| {
        let instance = format!("{}<{index}>", k.name);
        format!(
            "        ferry_start = ferry_cuda_before_launch((const void *){instance}, \"{name}\");\n        \
             {instance}<<<grid, block, 0, ferry_cuda_stream()>>>({args});\n",
            name = k.name,
            args = args.join(", ")
        )
    };
    out.push_str(&format!(
        "    cudaEvent_t ferry_start;\n    if (ferry_narrow) {{\n{}    }} else {{\n{}    }}\n",
        launch("int"),
        launch("long")
    ));
    // Checks the launch and counts it; the kernel runs on, its time is
    // counted when the host next waits for the stream.
    out.push_str(&format!(
        "    ferry_cuda_launched(\"{}\", ferry_start, {});\n",
        k.name,
        work_items(k)
    ));
    out.push_str(&after_launch(k, groups));
    out.push_str("}\n");
}
