//! The user's names that the device languages reserve, renamed in device
//! code. A C program may name a variable `half` (an OpenCL C type), `new`
//! or `class` (C++ keywords, and CUDA is C++); written into a kernel as
//! they are, the kernel does not build (bzip2-like code with a `half`
//! scalar failed on pocl). Every such name in a kernel or device
//! function, and in the launchers' parameters, becomes `ferry_u_NAME`;
//! the host code that calls the launchers keeps the user's names (it
//! passes its arguments by position).

use crate::Target;
use crate::kernel::{Kernel, ParamKind, Unit};
use ferry_parser::ast::{
    BlockItem, Declaration, Declarator, Expr, ExprKind, ForInit, Initializer, Stmt, StmtKind,
};
use ferry_parser::intern::Symbol;

/// OpenCL C's reserved words that C leaves to the user: its address
/// spaces and access qualifiers, its types (the vector types are
/// matched by `is_vector_type`).
const OPENCL: &[&str] = &[
    "global",
    "local",
    "constant",
    "private",
    "kernel",
    "read_only",
    "write_only",
    "read_write",
    "uniform",
    "pipe",
    "half",
    "bool",
    "true",
    "false",
    "uchar",
    "ushort",
    "uint",
    "ulong",
    "quad",
    "complex",
    "imaginary",
    "size_t",
    "ptrdiff_t",
    "intptr_t",
    "uintptr_t",
    "image1d_t",
    "image1d_array_t",
    "image1d_buffer_t",
    "image2d_t",
    "image2d_array_t",
    "image3d_t",
    "sampler_t",
    "event_t",
];

/// C++'s keywords that C does not have, and the names CUDA predefines in
/// every kernel.
const CUDA: &[&str] = &[
    "alignas",
    "alignof",
    "and",
    "and_eq",
    "asm",
    "bitand",
    "bitor",
    "bool",
    "catch",
    "char8_t",
    "char16_t",
    "char32_t",
    "class",
    "compl",
    "concept",
    "const_cast",
    "consteval",
    "constexpr",
    "constinit",
    "co_await",
    "co_return",
    "co_yield",
    "decltype",
    "delete",
    "dynamic_cast",
    "explicit",
    "export",
    "false",
    "friend",
    "mutable",
    "namespace",
    "new",
    "noexcept",
    "not",
    "not_eq",
    "nullptr",
    "operator",
    "or",
    "or_eq",
    "private",
    "protected",
    "public",
    "reinterpret_cast",
    "requires",
    "static_assert",
    "static_cast",
    "template",
    "this",
    "thread_local",
    "throw",
    "true",
    "try",
    "typeid",
    "typename",
    "using",
    "virtual",
    "wchar_t",
    "xor",
    "xor_eq",
    "threadIdx",
    "blockIdx",
    "blockDim",
    "gridDim",
    "warpSize",
    "dim3",
];

/// `unit` with the names `target` reserves renamed in its device code
/// (and in its launchers' parameters, which are written from the same
/// names).
pub fn escaped(unit: &Unit, target: Target) -> Unit {
    let mut unit = unit.clone();
    let reserved = |name: &str| match target {
        Target::Host => false,
        Target::OpenCl => OPENCL.contains(&name) || is_vector_type(name),
        Target::Cuda => CUDA.contains(&name),
    };
    let rename = |name: &mut String| {
        if reserved(name) {
            *name = escape(name);
        }
    };
    let rename_symbol = |name: &mut Symbol| {
        if reserved(name.as_str()) {
            *name = Symbol::intern(&escape(name.as_str()));
        }
    };
    for k in &mut unit.kernels {
        kernel_names(k, &rename, &rename_symbol);
    }
    for f in &mut unit.functions {
        for p in &mut f.params {
            rename(&mut p.name);
        }
        stmt(&mut f.body, &rename_symbol);
    }
    unit
}

fn escape(name: &str) -> String {
    format!("ferry_u_{name}")
}

fn kernel_names(k: &mut Kernel, rename: &dyn Fn(&mut String), symbol: &dyn Fn(&mut Symbol)) {
    for p in &mut k.params {
        // A view's names are the buffer's with a suffix (`view_name`),
        // never reserved; the host's is the buffer's own.
        if !matches!(p.kind, ParamKind::View(_)) {
            rename(&mut p.name);
        }
    }
    let parts = std::iter::once((&mut k.dims, &mut k.locals, &mut k.body)).chain(
        k.fused
            .iter_mut()
            .map(|p| (&mut p.dims, &mut p.locals, &mut p.body)),
    );
    for (dims, locals, body) in parts {
        for d in dims.iter_mut() {
            rename(&mut d.index);
        }
        for (name, _) in locals.iter_mut() {
            rename(name);
        }
        stmt(body, symbol);
    }
}

/// OpenCL C's vector types (`float4`, `uchar16`...) and the matrix
/// names it reserves (`double2x4`).
fn is_vector_type(name: &str) -> bool {
    const SCALARS: &[&str] = &[
        "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double",
        "half", "bool",
    ];
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == 'x');
    base.len() < name.len()
        && SCALARS.contains(&base)
        && name[base.len()..].starts_with(|c: char| c.is_ascii_digit())
}

/// Renames in the statement kinds device code is made of (what the
/// outliner accepts: anything else was refused before a kernel was made).
fn stmt(s: &mut Stmt, rename: &dyn Fn(&mut Symbol)) {
    match &mut s.kind {
        StmtKind::Compound(b) => {
            for item in &mut b.items {
                match item {
                    BlockItem::Declaration(d) => declaration(d, rename),
                    BlockItem::Statement(s) => stmt(s, rename),
                    BlockItem::Pragma(_) => {}
                }
            }
        }
        StmtKind::For {
            init,
            condition,
            step,
            body,
        } => {
            match init {
                ForInit::Declaration(d) => declaration(d, rename),
                ForInit::Expr(e) => expr(e, rename),
                ForInit::Empty => {}
            }
            for e in [condition, step].into_iter().flatten() {
                expr(e, rename);
            }
            stmt(body, rename);
        }
        StmtKind::While { condition, body }
        | StmtKind::DoWhile { body, condition }
        | StmtKind::Switch { condition, body } => {
            expr(condition, rename);
            stmt(body, rename);
        }
        StmtKind::If {
            condition,
            then_branch,
            else_branch,
        } => {
            expr(condition, rename);
            stmt(then_branch, rename);
            if let Some(e) = else_branch {
                stmt(e, rename);
            }
        }
        StmtKind::Case { value, body, .. } => {
            expr(value, rename);
            stmt(body, rename);
        }
        StmtKind::Expr(e) | StmtKind::Return(Some(e)) => expr(e, rename),
        _ => {
            for sub in s.sub_statements_mut() {
                stmt(sub, rename);
            }
        }
    }
}

fn declaration(d: &mut Declaration, rename: &dyn Fn(&mut Symbol)) {
    let Declaration::Normal { declarators, .. } = d else {
        return;
    };
    for decl in declarators {
        if let Declarator::Ident(name, _) = &mut decl.declarator {
            rename(name);
        }
        if let Some(Initializer::Expr(e)) = &mut decl.initializer {
            expr(e, rename);
        }
    }
}

fn expr(e: &mut Expr, rename: &dyn Fn(&mut Symbol)) {
    match &mut e.kind {
        ExprKind::Ident(name) => rename(name),
        ExprKind::Paren(x) | ExprKind::Cast(_, x) | ExprKind::Unary(_, x) => expr(x, rename),
        ExprKind::Binary(_, a, b) | ExprKind::Assign(_, a, b) | ExprKind::Index(a, b) => {
            expr(a, rename);
            expr(b, rename);
        }
        ExprKind::Conditional(c, a, b) => {
            expr(c, rename);
            if let Some(a) = a {
                expr(a, rename);
            }
            expr(b, rename);
        }
        ExprKind::Comma(items) => {
            for x in items {
                expr(x, rename);
            }
        }
        // The callee is a device function's name or a math function's:
        // neither is the user's.
        ExprKind::Call(_, args) => {
            for x in args {
                expr(x, rename);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_types_are_reserved_in_opencl_only() {
        for name in ["float4", "uchar16", "double2x4", "half8", "int3"] {
            assert!(is_vector_type(name), "{name}");
        }
        for name in ["float", "x4", "int_4", "float4a", "floatx", "uint"] {
            assert!(!is_vector_type(name), "{name}");
        }
    }
}
