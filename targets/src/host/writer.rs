use crate::kernel::Unit;
use crate::text::launcher_params;

/// `FILE_kernels.h`: one prototype per launcher, callable from C and from
/// CUDA's C++.
pub fn header(unit: &Unit) -> String {
    let guard = format!("{}_KERNELS_H", Unit::prefix(&unit.stem).to_uppercase());
    let mut out = format!(
        "/* The launchers of {stem}.c's kernels, written by ferry. */\n\
         #ifndef {guard}\n#define {guard}\n\n\
         #ifdef __cplusplus\nextern \"C\" {{\n#endif\n\n",
        stem = unit.stem
    );
    for k in &unit.kernels {
        out.push_str(&format!("void {}({});\n", k.launcher(), launcher_params(k)));
    }
    out.push_str("\n#ifdef __cplusplus\n}\n#endif\n\n#endif\n");
    out
}
