use super::Options;
use crate::File;
use crate::kernel::{Dim, Kernel, ParamKind, Unit};
use crate::text::{body, c_string, cells_in, cells_out, epilogue, kernel_params, prologue};

/// The unit's kernel source and launchers.
pub fn write(unit: &Unit, _options: &Options) -> Vec<File> {
    let source = source(unit);
    let mut launch = format!(
        "/* The launchers of {stem}.c's OpenCL kernels ({stem}_kernels.cl), written by\n \
         * ferry. */\n#include \"ferry_rte.h\"\n#include \"ferry_rte_opencl.h\"\n\
         #include \"{header}\"\n\nstatic const char ferry_source[] =\n{text};\n",
        stem = unit.stem,
        header = unit.header_name(),
        text = c_string(&source).trim_end()
    );
    for k in &unit.kernels {
        launch.push('\n');
        launcher(&mut launch, k);
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

/// The OpenCL C program: floating-point contraction off (the host build
/// has it off too, so results compare bit for bit), doubles where the
/// device has them.
fn source(unit: &Unit) -> String {
    let mut out = format!(
        "/* The kernels of {}.c for OpenCL, written by ferry. */\n\
         #ifdef cl_khr_fp64\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#endif\n\
         #pragma OPENCL FP_CONTRACT OFF\n",
        unit.stem
    );
    for k in &unit.kernels {
        out.push('\n');
        out.push_str(&format!(
            "__kernel void {}({})\n{{\n",
            k.name,
            kernel_params(k, "__global ", |s| s.opencl_name())
        ));
        let item = |hw: usize| format!("(long)get_global_id({hw})");
        out.push_str(&prologue(k, &item, |s| s.opencl_name()));
        out.push_str(&body(k));
        out.push_str(&epilogue(k));
        out.push_str("}\n");
    }
    out
}

fn launcher(out: &mut String, k: &Kernel) {
    out.push_str(&format!(
        "void {}({})\n{{\n",
        k.launcher(),
        crate::text::launcher_params(k)
    ));
    let n = k.dims.len();
    out.push_str(&format!(
        "    cl_kernel kernel = ferry_cl_kernel(ferry_source, \"{}\");\n",
        k.name
    ));
    out.push_str(&cells_in(k));
    let mut index = 0;
    for p in &k.params {
        match p.kind {
            ParamKind::Buffer(_) => {
                out.push_str(&format!(
                    "    ferry_cl_arg_buffer(kernel, {index}, {});\n",
                    p.name
                ));
            }
            ParamKind::Cell(_) => {
                out.push_str(&format!(
                    "    ferry_cl_arg_buffer(kernel, {index}, {});\n",
                    p.cell()
                ));
            }
            ParamKind::Value(_) => {
                out.push_str(&format!(
                    "    ferry_cl_arg(kernel, {index}, sizeof {0}, &{0});\n",
                    p.name
                ));
            }
        }
        index += 1;
    }
    for d in 0..n {
        for name in [Dim::first_param(d), Dim::count_param(d)] {
            out.push_str(&format!(
                "    ferry_cl_arg(kernel, {index}, sizeof {name}, &{name});\n"
            ));
            index += 1;
        }
    }
    // Hardware dimension h runs along loop n - 1 - h.
    let global: Vec<String> = if n == 0 {
        vec!["1".into()]
    } else {
        (0..n)
            .map(|h| {
                let c = Dim::count_param(n - 1 - h);
                format!("{c} > 0 ? (size_t){c} : 0")
            })
            .collect()
    };
    out.push_str(&format!(
        "    size_t global[{}] = {{{}}};\n    ferry_cl_launch(kernel, \"{}\", {}, global);\n",
        global.len(),
        global.join(", "),
        k.name,
        global.len()
    ));
    out.push_str(&cells_out(k));
    out.push_str("}\n");
}
