use super::Options;
use crate::File;
use crate::kernel::{Dim, Kernel, ParamKind, Scalar, Unit};
use crate::text::{
    Dialect, after_launch, before_launch, body, c_string, device_functions, epilogue, fused_body,
    fused_groups, fused_lanes, kernel_params, prologue, skip_empty_nest, tree, work_items,
};

/// The unit's kernel source and launchers.
pub fn write(unit: &Unit, options: &Options) -> Vec<File> {
    let source = source(unit, options);
    let mut launch = format!(
        "/* The launchers of {stem}.c's OpenCL kernels ({stem}_kernels.cl), written by\n \
         * ferry. */\n#include \"ferry_rte.h\"\n#include \"ferry_rte_opencl.h\"\n\
         #include \"{header}\"\n#include <stdlib.h>\n\nstatic const char ferry_source[] =\n{text};\n",
        stem = unit.stem,
        header = unit.header_name(),
        text = c_string(&source).trim_end()
    );
    for k in &unit.kernels {
        launch.push('\n');
        launcher(&mut launch, k, options);
    }
    vec![
        File {
            name: format!("{}_kernels.cl", unit.stem),
            text: source,
        },
        File {
            name: format!("{}_launch.c", unit.stem),
            text: launch,
        },
    ]
}

const DIALECT: Dialect = Dialect {
    local: "__local ",
    barrier: "barrier(CLK_LOCAL_MEM_FENCE)",
    lane: "get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * \
           get_local_id(2))",
    group: "get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * \
            get_group_id(2))",
    spell: Scalar::opencl_name,
};

/// The work-group shape of a kernel that reduces, by hardware dimension.
fn group_shape(k: &Kernel, options: &Options) -> Vec<u32> {
    match k.dims.len() {
        0 => vec![1],
        n => options.group[n - 1][..n].to_vec(),
    }
}

/// The OpenCL C program: floating-point contraction off (the host build
/// has it off too, so results compare bit for bit), doubles where the
/// device has them.
fn source(unit: &Unit, options: &Options) -> String {
    let mut out = format!(
        "/* The kernels of {}.c for OpenCL, written by ferry. */\n\
         #ifdef cl_khr_fp64\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#endif\n\
         #pragma OPENCL FP_CONTRACT OFF\n",
        unit.stem
    );
    if unit.memory_functions {
        out.push('\n');
        out.push_str(&crate::text::memory_functions(
            "",
            "__global ",
            "uchar",
            "ulong",
        ));
    }
    if !unit.functions.is_empty() {
        out.push('\n');
        out.push_str(&device_functions(
            unit,
            "",
            "__global ",
            Scalar::opencl_name,
        ));
    }
    for k in &unit.kernels {
        out.push('\n');
        out.push_str(&format!(
            "__kernel void {}({})\n{{\n",
            k.name,
            kernel_params(k, "__global ", "restrict ", |s| s.opencl_name(), "long")
        ));
        if !k.fused.is_empty() {
            out.push_str(&fused_body(
                k,
                &|n| options.group[n - 1],
                ("get_group_id(0)", "get_local_id(0)"),
                "__global ",
                |s| s.opencl_name(),
                "long",
            ));
            out.push_str("}\n");
            continue;
        }
        let item = |hw: usize| format!("(long)get_global_id({hw})");
        out.push_str(&prologue(
            k,
            &item,
            "__global ",
            |s| s.opencl_name(),
            "long",
        ));
        out.push_str(&body(k));
        if k.reduces() {
            let size = group_shape(k, options).iter().product();
            out.push_str(&tree(k, size, &DIALECT));
        }
        out.push_str(&epilogue(k));
        out.push_str("}\n");
    }
    out
}

fn launcher(out: &mut String, k: &Kernel, options: &Options) {
    out.push_str(&format!(
        "void {}({})\n{{\n",
        k.launcher(),
        crate::text::launcher_params(k)
    ));
    let n = k.dims.len();
    out.push_str(&skip_empty_nest(k));
    out.push_str(&format!(
        "    cl_kernel kernel = ferry_cl_kernel(ferry_source, \"{}\");\n",
        k.name
    ));
    // Hardware dimension h runs along loop n - 1 - h.
    let count = |h: usize| Dim::count_param(n - 1 - h);
    let dims = n.max(1);
    let groups = "ferry_groups";
    let local = if !k.fused.is_empty() {
        // One-dimensional groups over every part's (`fused_body`).
        let lanes = fused_lanes(k, &|n| options.group[n - 1]);
        out.push_str(&fused_groups(k, &|n| options.group[n - 1]));
        out.push_str(&format!(
            "    size_t local[1] = {{{lanes}}};\n    size_t global[1] = {{(size_t)ferry_groups * {lanes}}};\n"
        ));
        "local"
    } else if n == 0 {
        out.push_str("    size_t global[1] = {1};\n");
        "NULL"
    } else {
        // Work-groups of a fixed shape, the range rounded up to whole
        // groups (the kernel's guard idles the work-items past the
        // counts): left to the implementation, the shape follows each
        // launch's range, and pocl compiles the kernel again for every
        // shape (a triangular loop's shrinking ranges: one compilation per
        // launch), and picks groups of one work-item for a prime count.
        let shape = if k.reduces() {
            group_shape(k, options)
        } else {
            options.plain_group[n - 1][..n].to_vec()
        };
        let local: Vec<String> = shape.iter().map(|b| b.to_string()).collect();
        let global: Vec<String> = (0..n)
            .map(|h| {
                format!(
                    "{c} > 0 ? ((size_t){c} + {b} - 1) / {b} * {b} : 0",
                    c = count(h),
                    b = shape[h]
                )
            })
            .collect();
        out.push_str(&format!(
            "    size_t local[{dims}] = {{{}}};\n    size_t global[{dims}] = {{{}}};\n",
            local.join(", "),
            global.join(", ")
        ));
        if k.reduces() {
            let per_dim: Vec<String> = (0..n)
                .map(|h| format!("(long)(global[{h}] / local[{h}])"))
                .collect();
            out.push_str(&format!("    long {groups} = {};\n", per_dim.join(" * ")));
        }
        "local"
    };
    out.push_str(&before_launch(k, groups));
    let mut index = 0;
    for p in &k.params {
        // Device memory (the statement's buffer, a cell, partial results,
        // a scratch) as a buffer argument; values by value.
        let buffer = match p.kind {
            ParamKind::Buffer(_) => Some(p.name.clone()),
            ParamKind::View(_) => Some(p.view()),
            ParamKind::Cell(_) => Some(p.cell()),
            ParamKind::Reduction(..) => Some(p.partials()),
            ParamKind::Private(_) => Some(p.scratch()),
            ParamKind::Value(_) | ParamKind::Extent => None,
        };
        match buffer {
            Some(b) => out.push_str(&format!("    ferry_cl_arg_buffer(kernel, {index}, {b});\n")),
            None => out.push_str(&format!(
                "    ferry_cl_arg(kernel, {index}, sizeof {0}, &{0});\n",
                p.name
            )),
        }
        index += 1;
        // A scratch's size per work-item follows it.
        if let ParamKind::Private(_) = p.kind {
            out.push_str(&format!(
                "    ferry_cl_arg(kernel, {index}, sizeof {0}, &{0});\n",
                p.elements()
            ));
            index += 1;
        }
    }
    for (first, count, _) in k.nest_params() {
        for name in [first, count] {
            out.push_str(&format!(
                "    ferry_cl_arg(kernel, {index}, sizeof {name}, &{name});\n"
            ));
            index += 1;
        }
    }
    let dims = if k.fused.is_empty() { dims } else { 1 };
    out.push_str(&format!(
        "    ferry_cl_launch(kernel, \"{}\", {dims}, global, {local}, {});\n",
        k.name,
        work_items(k)
    ));
    out.push_str(&after_launch(k, groups));
    out.push_str("}\n");
}
