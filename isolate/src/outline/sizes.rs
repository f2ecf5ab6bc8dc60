//! `sizeof` in device code. A kernel's `sizeof` names the host's arrays
//! (`sizeof (vals)`, `n * sizeof (src[0])`), which device code does not
//! have: ferry writes the value it computes from the array's type (LP64,
//! `records::size_align`), and the host code that launches the kernel
//! asserts that value at compile time, as it does a structure's layout.

use super::records::{size_align, static_assert};
use ferry_hcfg::Program;
use ferry_hcfg::ir::{ArrayLen, Type};
use ferry_parser::ast::{BlockItem, Expr};
use ferry_parser::build;
use std::collections::HashSet;

/// The host's compile-time check of each `sizeof` device code was
/// written with.
pub(super) fn size_checks(sizes: &[(Expr, u64)]) -> Vec<BlockItem> {
    let mut seen = HashSet::new();
    sizes
        .iter()
        .filter(|(x, size)| seen.insert((ferry_parser::printer::print_expr(x), *size)))
        .map(|(x, size)| {
            let shown = ferry_parser::printer::print_expr(x);
            static_assert(
                build::eq(build::sizeof(x.clone()), build::long(*size as i64)),
                format!("ferry: a kernel takes sizeof ({shown}) as {size} (LP64)"),
            )
        })
        .collect()
}

/// `sizeof` of an array of type `ty` and `dims` dimensions (index 0), of
/// its rows (1)... down to its elements (`dims`), where constant on LP64.
/// A `parameter`'s array type is a pointer's, as C adjusts it.
pub fn host_sizes(program: &Program, ty: &Type, dims: usize, parameter: bool) -> Vec<Option<u64>> {
    let mut sizes = Vec::new();
    let mut current = Some(ty);
    for _ in 0..=dims {
        sizes.push(current.and_then(|t| size_align(program, t).ok().map(|(size, _)| size)));
        current = match current {
            Some(Type::Array(inner, _) | Type::Pointer(inner)) => Some(inner),
            _ => None,
        };
    }
    match ty {
        Type::Array(..) if parameter => {
            sizes[0] = size_align(program, &Type::Pointer(Box::new(Type::Void)))
                .ok()
                .map(|(size, _)| size)
        }
        // An array of unknown length has no size.
        Type::Array(_, ArrayLen::Unknown) => sizes[0] = None,
        _ => {}
    }
    sizes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn array(element: Type, n: u64) -> Type {
        Type::Array(Box::new(element), ArrayLen::Const(n))
    }

    #[test]
    fn arrays_rows_and_elements_are_sized_as_on_lp64() {
        let program = Program::default();
        let float = Type::Float { bits: 32 };
        let rows = array(array(float.clone(), 6), 8);
        assert_eq!(
            host_sizes(&program, &rows, 2, false),
            [Some(192), Some(24), Some(4)]
        );
        // A parameter declared as an array is a pointer.
        let int = Type::Int {
            signed: true,
            bits: 32,
        };
        assert_eq!(
            host_sizes(&program, &array(int.clone(), 10), 1, true),
            [Some(8), Some(4)]
        );
        let pointer = Type::Pointer(Box::new(Type::Float { bits: 64 }));
        assert_eq!(host_sizes(&program, &pointer, 1, false), [Some(8), Some(8)]);
        let unknown = Type::Array(Box::new(int), ArrayLen::Unknown);
        assert_eq!(host_sizes(&program, &unknown, 1, false), [None, Some(4)]);
    }
}
