//! Small pieces of C text every writer spells alike.

use crate::kernel::{Dim, Kernel, Param, ParamKind, Scalar};

/// The launcher's parameter list: buffers as opaque handles, values with
/// their C types, then each dimension's first index and count.
pub fn launcher_params(k: &Kernel) -> String {
    param_list(k, &|p| match p.kind {
        ParamKind::Buffer(_) => format!("void *{}", p.name),
        ParamKind::Value(s) => format!("{} {}", s.c_name(), p.name),
        ParamKind::Cell(s) => format!("{} *{}", s.c_name(), p.name),
    })
}

/// The kernel's own parameter list, each type spelled by `spell`
/// (buffers as pointers to `global` memory).
pub fn kernel_params(k: &Kernel, global: &str, spell: fn(Scalar) -> &'static str) -> String {
    param_list(k, &|p| match p.kind {
        ParamKind::Buffer(s) => format!("{global}{} *{}", spell(s), p.name),
        ParamKind::Value(s) => format!("{} {}", spell(s), p.name),
        ParamKind::Cell(s) => format!("{global}{} *{}", spell(s), p.cell()),
    })
}

/// The kernel's parameters spelled by `param`, then each dimension's first
/// index and count (`long` in every target); `void` for none.
fn param_list(k: &Kernel, param: &dyn Fn(&Param) -> String) -> String {
    let mut params: Vec<String> = k.params.iter().map(param).collect();
    for d in 0..k.dims.len() {
        params.push(format!("long {}", Dim::first_param(d)));
        params.push(format!("long {}", Dim::count_param(d)));
    }
    if params.is_empty() {
        "void".into()
    } else {
        params.join(", ")
    }
}

/// The kernel's prologue after the work-item numbers are known: the guard
/// of partial blocks (work-groups), each loop index, the private scalars.
/// `item(k)` is how dimension k's work-item number is read; dimension 0
/// of the hardware is the innermost loop, so that consecutive work-items
/// touch consecutive elements.
pub fn prologue(
    k: &Kernel,
    item: &dyn Fn(usize) -> String,
    spell: fn(Scalar) -> &'static str,
) -> String {
    let mut out = String::new();
    let n = k.dims.len();
    for d in 0..n {
        out.push_str(&format!(
            "    long {} = {};\n",
            Dim::item(d),
            item(n - 1 - d)
        ));
    }
    if n > 0 {
        let guard: Vec<String> = (0..n)
            .map(|d| format!("{} >= {}", Dim::item(d), Dim::count_param(d)))
            .collect();
        out.push_str(&format!(
            "    if ({})\n        return;\n",
            guard.join(" || ")
        ));
    }
    for (d, dim) in k.dims.iter().enumerate() {
        out.push_str(&format!(
            "    {ty} {index} = ({ty})({first} + {item} * {step}L);\n",
            ty = spell(dim.ty),
            index = dim.index,
            first = Dim::first_param(d),
            item = Dim::item(d),
            step = dim.step
        ));
    }
    for (name, ty) in &k.locals {
        out.push_str(&format!("    {} {name};\n", spell(*ty)));
    }
    for p in &k.params {
        if let ParamKind::Cell(s) = p.kind {
            out.push_str(&format!("    {} {} = *{};\n", spell(s), p.name, p.cell()));
        }
    }
    out
}

/// The kernel's epilogue: the scalars of its cells stored back (a kernel
/// with cells runs one work-item and has no early `return`).
pub fn epilogue(k: &Kernel) -> String {
    let mut out = String::new();
    for p in &k.params {
        if let ParamKind::Cell(_) = p.kind {
            out.push_str(&format!("    *{} = {};\n", p.cell(), p.name));
        }
    }
    out
}

/// The launcher's code before the launch: a device cell per `Cell`
/// parameter, holding the host scalar's value.
pub fn cells_in(k: &Kernel) -> String {
    let mut out = String::new();
    for p in &k.params {
        if let ParamKind::Cell(_) = p.kind {
            out.push_str(&format!(
                "    void *{cell} = ferry_cell({name}, sizeof *{name}, 1);\n",
                cell = p.cell(),
                name = p.name
            ));
        }
    }
    out
}

/// The launcher's code after the kernel: each cell's value back into its
/// host scalar.
pub fn cells_out(k: &Kernel) -> String {
    let mut out = String::new();
    for p in &k.params {
        if let ParamKind::Cell(_) = p.kind {
            out.push_str(&format!(
                "    ferry_cell_take({name}, {cell}, sizeof *{name}, 1);\n",
                cell = p.cell(),
                name = p.name
            ));
        }
    }
    out
}

/// The kernel's body, indented one level inside its braces.
pub fn body(k: &Kernel) -> String {
    let text = ferry_parser::printer::print_stmt(&k.body);
    let mut out = String::new();
    for line in text.lines() {
        if line.is_empty() {
            out.push('\n');
        } else {
            out.push_str("    ");
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// `text` as a C string literal, one source line per line.
pub fn c_string(text: &str) -> String {
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        out.push_str("    \"");
        for c in line.chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '"' => out.push_str("\\\""),
                '\n' => out.push_str("\\n"),
                '\t' => out.push_str("\\t"),
                c => out.push(c),
            }
        }
        out.push_str("\"\n");
    }
    if out.is_empty() {
        out.push_str("    \"\"\n");
    }
    out
}
