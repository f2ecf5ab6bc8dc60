//! Box bounds as C: the rectangular hull of a region, per dimension its
//! lowest index and its element count, as piecewise quasi-affine functions
//! of the program's variables (isl `dim_min` / `dim_max`), made C
//! expressions by isl's AST builder and translated into ferry's tree
//! (`c_expr`; affine forms of ferry's own: `affine_expr`).
//!
//! Where the region is empty (the parameters for which no element is
//! touched) the count is 0 and the lower bound 0, so a box is defined for
//! every value of the variables and a transfer of it moves nothing.

use ferry_hcfg::semantics::budget;
use ferry_hcfg::semantics::poly::{Lin, Name, Poly};
use ferry_parser::ast::{BinaryOp, Expr, UnaryOp};
use ferry_parser::build;
use isl_rs::{ASTExpr, ASTExprOpType, ASTExprType, DimType, PwAff, PwQPolynomial, Set, Val};
use libc::uintptr_t;

// isl's AST builder, which isl-rs does not wrap.
unsafe extern "C" {
    pub(crate) fn isl_ast_build_from_context(set: uintptr_t /* take */) -> uintptr_t;
    fn isl_ast_build_expr_from_pw_aff(
        build: uintptr_t, /* keep */
        pa: uintptr_t,    /* take */
    ) -> uintptr_t;
    pub(crate) fn isl_ast_build_node_from_schedule_map(
        build: uintptr_t,    /* keep */
        schedule: uintptr_t, /* take */
    ) -> uintptr_t;
    pub(crate) fn isl_ast_build_free(build: uintptr_t /* take */) -> uintptr_t;
}

/// One dimension of a box: its first index and its extent, as C of type
/// `long`.
#[derive(Debug, Clone, PartialEq)]
pub struct DimBound {
    pub lower: Expr,
    pub count: Expr,
}

/// Why a box has no bounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoundError {
    /// Dimension `k` (from 1) has no lower or no upper bound.
    Unbounded(usize),
    /// isl gave up (its operation quota) or produced what ferry cannot print.
    Isl,
    /// Dimension `k` (from 1) spans at least [`TYPE_RANGE_SPAN`] elements
    /// whatever the variables: bounded only by the range of an integer
    /// type, which is all an analysis past its budget may keep of an index.
    TypeRangeOnly(usize),
}

/// The least span of a dimension that ferry takes for a type's range
/// rather than for what the program touches: 2^31 − 2^16 elements, just
/// under the range of a 32-bit `int` (whose `i >= 0` half spans 2^31 − 1).
/// Such a bound is sound for the values, but a copy of it would read far
/// outside any object a pointer can reach (a heap block of a few elements
/// copied as 4 Gi doubles) and no accelerator could hold it. A declared
/// array that large is refused too; refusing is always sound.
pub const TYPE_RANGE_SPAN: i64 = (1 << 31) - (1 << 16);

/// The box of `region` (over the parameters and `phi1..phiN`), per
/// dimension, in C under `context` (what is known of the parameters where
/// the statement runs). `name` spells each parameter as a C expression;
/// every parameter of `region` must have a spelling (project the others
/// out first).
pub fn box_bounds(
    region: &Poly,
    dims: usize,
    context: &Poly,
    name: &dyn Fn(&str) -> Option<String>,
) -> Result<Vec<DimBound>, BoundError> {
    let set = with_phi_as_dims(region, dims).ok_or(BoundError::Isl)?;
    let touched = set
        .copy()
        .and_then(Set::params)
        .map_err(|_| BoundError::Isl)?;
    let untouched = touched
        .copy()
        .and_then(Set::complement)
        .map_err(|_| BoundError::Isl)?;
    let mut out = Vec::with_capacity(dims);
    for k in 0..dims {
        let (min, count) = dim_extent(&set, k)
            .map_err(|_| BoundError::Isl)?
            .ok_or(BoundError::Unbounded(k + 1))?;
        let ctx = set.get_ctx();
        let zero_off = || {
            untouched
                .copy()
                .and_then(|u| PwAff::val_on_domain(u, Val::zero(&ctx)?))
        };
        if spans_a_type_range(&count, &touched).map_err(|_| BoundError::Isl)? {
            return Err(BoundError::TypeRangeOnly(k + 1));
        }
        let count = count
            .union_add(zero_off().map_err(|_| BoundError::Isl)?)
            .map_err(|_| BoundError::Isl)?;
        let lower = min
            .union_add(zero_off().map_err(|_| BoundError::Isl)?)
            .map_err(|_| BoundError::Isl)?;
        out.push(DimBound {
            lower: to_c(lower, context, name).ok_or(BoundError::Isl)?,
            count: to_c(count, context, name).ok_or(BoundError::Isl)?,
        });
    }
    Ok(out)
}

/// Dimension `k` of `set` (over the parameters and the dimensions): its
/// least index and its element count (`max - min + 1`), as functions of
/// the parameters where the set has points; `None` where it has no lower
/// or no upper bound.
fn dim_extent(set: &Set, k: usize) -> Result<Option<(PwAff, PwAff)>, isl_rs::LibISLError> {
    let min = set.copy()?.dim_min(k as i32)?;
    let max = set.copy()?.dim_max(k as i32)?;
    if min.involves_nan().unwrap_or(true) || max.involves_nan().unwrap_or(true) {
        return Ok(None);
    }
    let one = Val::one(&set.get_ctx())?;
    let count = max.sub(min.copy()?)?.add_constant_val(one)?;
    Ok(Some((min, count)))
}

/// How many elements a box holds, as the report tells it
/// ([`box_elements`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Elements {
    /// At most this many, for every value of the variables where the
    /// statement runs (exactly this many where those values are fixed).
    AtMost(u64),
    /// A number that grows with the program's variables: isl's
    /// quasi-polynomial in them, piece by piece (`(1 - k + n) where k <= n`;
    /// 0 where no piece is).
    Grows(String),
    /// isl could not tell.
    Unknown,
}

/// The number of elements in the box of `region` (over the parameters and
/// `phi1..phiN`): the product of its extents, as a function of the
/// parameters. Its maximum under `context` where that is finite, otherwise
/// the function itself, simplified under `context`. The box is what the
/// hull plan copies; every other plan copies a part of it, so this bounds
/// them all.
/// `name` spells the variables of the function (as [`box_bounds`]' does).
pub fn box_elements(
    region: &Poly,
    dims: usize,
    context: &Poly,
    name: &dyn Fn(&str) -> Option<String>,
) -> Elements {
    let ctx = region.set.get_ctx();
    budget::within(&ctx, COUNT_OPERATIONS, || {
        elements_of(region, dims, context, name).ok_or(())
    })
    .unwrap_or(Elements::Unknown)
}

/// isl's operation quota for [`box_elements`]: the figure is for people
/// to read, and a bound over many variables (Bernstein's) is not worth
/// seconds of an isolation.
const COUNT_OPERATIONS: u64 = 1_000_000;

fn elements_of(
    region: &Poly,
    dims: usize,
    context: &Poly,
    name: &dyn Fn(&str) -> Option<String>,
) -> Option<Elements> {
    let set = with_phi_as_dims(region, dims)?;
    // The region and the context in one parameter space, so that the
    // extents and the context combine.
    let context = context
        .set
        .copy()
        .and_then(|c| c.align_params(set.get_space()?))
        .and_then(Set::params)
        .ok()?;
    let set = set.align_params(context.get_space().ok()?).ok()?;
    let touched = set.copy().and_then(Set::params).ok()?;
    let mut product: Option<PwQPolynomial> = None;
    for k in 0..dims {
        let (_, count) = dim_extent(&set, k).ok()??;
        let extent = count
            .intersect_domain(touched.copy().ok()?)
            .and_then(PwQPolynomial::from_pw_aff)
            .ok()?;
        product = Some(match product {
            None => extent,
            Some(p) => p.mul(extent).ok()?,
        });
    }
    let Some(product) = product else {
        // A scalar viewed as an array of no dimension: one element.
        return Some(Elements::AtMost(1));
    };
    let product = product
        .intersect_params(context.copy().ok()?)
        .and_then(PwQPolynomial::coalesce)
        .ok()?;
    if product.is_zero().ok()? {
        return Some(Elements::AtMost(0));
    }
    // isl's maximum is infinite where the variables are unbounded.
    let most = product.copy().and_then(PwQPolynomial::max).ok();
    if let Some(most) = most.filter(|m| m.is_int().unwrap_or(false)) {
        return u64::try_from(most.get_num_si().ok()?)
            .ok()
            .map(Elements::AtMost);
    }
    let mut simplified = product
        .gist_params(context)
        .and_then(PwQPolynomial::drop_unused_params)
        .ok()?;
    // The program's spellings of the variables, not isl's names.
    for k in 0..simplified.dim(DimType::Param).ok()? as u32 {
        let space = simplified.get_space().ok()?;
        if let Some(spelled) = name(space.get_dim_name(DimType::Param, k).ok()?) {
            simplified = simplified.set_dim_name(DimType::Param, k, &spelled).ok()?;
        }
    }
    let text = simplified.to_str().ok()?;
    // `[n, k] -> { (1 - k + n) : k <= n }`: the braces' contents, each
    // piece `(1 - k + n) where k <= n` (no piece counts 0).
    let inner = text.split_once('{')?.1.rsplit_once('}')?.0.trim();
    let pieces: Vec<String> = inner
        .split("; ")
        .map(|piece| piece.replacen(" : ", " where ", 1))
        .collect();
    Some(Elements::Grows(pieces.join("; ")))
}

/// Whether `count` is at least [`TYPE_RANGE_SPAN`] for every value of the
/// variables where the region is touched. A count that depends on the
/// variables (`n` for an unsigned `n`) reaches that far only for some of
/// them, and stays.
fn spans_a_type_range(count: &PwAff, touched: &Set) -> Result<bool, isl_rs::LibISLError> {
    if touched.is_empty()? {
        return Ok(false);
    }
    let ctx = touched.get_ctx();
    let span = PwAff::val_on_domain(touched.copy()?, Val::int_from_si(&ctx, TYPE_RANGE_SPAN)?)?;
    let smaller = count.copy()?.lt_set(span)?;
    smaller.is_empty()
}

fn with_phi_as_dims(region: &Poly, dims: usize) -> Option<Set> {
    ferry_regions::set::with_phi_as_dims(region, dims)?
        .coalesce()
        .ok()
}

/// A piecewise quasi-affine function of the parameters as a C expression
/// of type `long`, simplified under `context`.
pub(crate) fn to_c(
    pa: PwAff,
    context: &Poly,
    name: &dyn Fn(&str) -> Option<String>,
) -> Option<Expr> {
    let pa = pa.coalesce().ok()?;
    // The build's context must live in the expression's parameter space.
    let space = pa.get_space().ok()?;
    let context = context
        .set
        .copy()
        .ok()?
        .align_params(space.copy().ok()?)
        .ok()?;
    let pa = pa.align_params(context.get_space().ok()?).ok()?;
    let context = context.params().ok()?;
    let pa = pa.gist_params(context.copy().ok()?).ok()?;
    // SAFETY: `context` is handed over (take) to the build, which is freed
    // below; `pa` is handed over to the expression builder; the result is a
    // fresh expression we own.
    let expr = unsafe {
        let mut context = context;
        context.do_not_free_on_drop();
        let build = isl_ast_build_from_context(context.ptr);
        if build == 0 {
            return None;
        }
        let mut pa = pa;
        pa.do_not_free_on_drop();
        let expr = isl_ast_build_expr_from_pw_aff(build, pa.ptr);
        isl_ast_build_free(build);
        if expr == 0 {
            return None;
        }
        ASTExpr {
            ptr: expr,
            should_free_on_drop: true,
        }
    };
    c_expr(&expr, name)
}

/// isl's expression tree as C. Division and extrema go through the
/// runtime's `ferry_floord`, `ferry_min`, `ferry_max` (C's `/` truncates);
/// variables are read as `long`s.
pub(crate) fn c_expr(e: &ASTExpr, name: &dyn Fn(&str) -> Option<String>) -> Option<Expr> {
    match e.get_type().ok()? {
        ASTExprType::Int => {
            let text = e.get_val().ok()?.to_str().ok()?.to_string();
            Some(build::long(text.parse().ok()?))
        }
        ASTExprType::Id => {
            let id = e.get_id().ok()?;
            let id = id.get_name().ok()?;
            let var = |isl: &str| Some(build::cast_long(build::name(&name(isl)?)));
            spelled(id, &var)
        }
        ASTExprType::Op => {
            let n = e.get_op_n_arg().ok()?;
            let mut args: Vec<Expr> = (0..n)
                .map(|i| c_expr(&e.get_op_arg(i).ok()?, name))
                .collect::<Option<_>>()?;
            let binary = |op: BinaryOp, mut args: Vec<Expr>| {
                let b = args.pop()?;
                let a = args.pop()?;
                Some(build::binary(op, a, b))
            };
            match e.get_op_type().ok()? {
                ASTExprOpType::And | ASTExprOpType::AndThen => binary(BinaryOp::LogAnd, args),
                ASTExprOpType::Or | ASTExprOpType::OrElse => binary(BinaryOp::LogOr, args),
                ASTExprOpType::Max => fold(args, "ferry_max"),
                ASTExprOpType::Min => fold(args, "ferry_min"),
                ASTExprOpType::Minus => Some(build::unary(UnaryOp::Minus, args.pop()?)),
                ASTExprOpType::Add => binary(BinaryOp::Add, args),
                ASTExprOpType::Sub => binary(BinaryOp::Sub, args),
                ASTExprOpType::Mul => binary(BinaryOp::Mul, args),
                // Exact division, or the quotient of a non-negative
                // dividend: C's `/` is right for both.
                ASTExprOpType::Div | ASTExprOpType::PdivQ => binary(BinaryOp::Div, args),
                ASTExprOpType::FdivQ => Some(build::call("ferry_floord", args)),
                ASTExprOpType::PdivR | ASTExprOpType::ZdivR => binary(BinaryOp::Rem, args),
                ASTExprOpType::Cond | ASTExprOpType::Select if args.len() == 3 => {
                    let otherwise = args.pop()?;
                    let then = args.pop()?;
                    Some(build::conditional(args.pop()?, then, otherwise))
                }
                ASTExprOpType::Eq => binary(BinaryOp::Eq, args),
                ASTExprOpType::Le => binary(BinaryOp::Le, args),
                ASTExprOpType::Lt => binary(BinaryOp::Lt, args),
                ASTExprOpType::Ge => binary(BinaryOp::Ge, args),
                ASTExprOpType::Gt => binary(BinaryOp::Gt, args),
                _ => None,
            }
        }
        ASTExprType::Error => None,
    }
}

/// The C name of an isl identifier expression.
pub(crate) fn id_name(e: &ASTExpr, name: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    name(e.get_id().ok()?.get_name().ok()?)
}

/// An isl name as C, `var` spelling each variable: a product of two
/// variables (`Name::Product`) as the product of their spellings.
fn spelled(isl: &str, var: &dyn Fn(&str) -> Option<Expr>) -> Option<Expr> {
    match Name::parse(isl) {
        Some(Name::Product(a, b)) => Some(build::binary(
            BinaryOp::Mul,
            var(&Name::Pre(a).isl())?,
            var(&Name::Pre(b).isl())?,
        )),
        _ => var(isl),
    }
}

/// `f(a, f(b, c))` for an n-ary extremum.
fn fold(mut args: Vec<Expr>, f: &str) -> Option<Expr> {
    let last = args.pop()?;
    Some(
        args.into_iter()
            .rev()
            .fold(last, |acc, a| build::call(f, vec![a, acc])),
    )
}

/// An affine form as C, parenthesised unless it is one name or constant.
pub(crate) fn affine_expr(lin: &Lin, name: &dyn Fn(&str) -> Option<Expr>) -> Option<Expr> {
    use build::{binary, int as int_lit, paren, unary};
    let mut out: Option<Expr> = None;
    let magnitude = |c: i128| i64::try_from(c.unsigned_abs()).ok();
    for (n, c) in &lin.terms {
        let var = spelled(n, name)?;
        let term = match magnitude(*c)? {
            1 => var,
            k => binary(BinaryOp::Mul, int_lit(k), var),
        };
        out = Some(match out {
            None if *c < 0 => unary(UnaryOp::Minus, term),
            None => term,
            Some(sum) if *c < 0 => binary(BinaryOp::Sub, sum, term),
            Some(sum) => binary(BinaryOp::Add, sum, term),
        });
    }
    let constant = int_lit(magnitude(lin.constant)?);
    Some(match out {
        None if lin.constant < 0 => unary(UnaryOp::Minus, constant),
        None => constant,
        Some(sum) => {
            let sum = match lin.constant {
                0 => sum,
                c if c < 0 => binary(BinaryOp::Sub, sum, constant),
                _ => binary(BinaryOp::Add, sum, constant),
            };
            paren(sum)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ferry_parser::printer::print_expr;

    fn printed(terms: &[(&str, i128)], constant: i128) -> String {
        let lin = Lin {
            terms: terms.iter().map(|(n, k)| (n.to_string(), *k)).collect(),
            constant,
        };
        print_expr(&affine_expr(&lin, &|n| Some(build::name(n))).unwrap())
    }

    fn poly(ctx: &isl_rs::Context, text: &str) -> Poly {
        Poly {
            set: Set::read_from_str(ctx, text).expect("a set isl reads"),
        }
    }

    /// A box's elements are the product of its extents: a number where the
    /// context bounds the variables, the product itself where it does not.
    #[test]
    fn a_box_holds_the_product_of_its_extents() {
        let ctx = isl_rs::Context::alloc();
        let name = |n: &str| Some(n.to_string());
        let square = poly(
            &ctx,
            "[n, m, phi1, phi2] -> { : 0 <= phi1 < n and 2 <= phi2 <= m }",
        );
        let fixed = poly(&ctx, "[n, m] -> { : n = 1000 and m = 11 }");
        assert_eq!(
            box_elements(&square, 2, &fixed, &name),
            Elements::AtMost(10_000)
        );
        let bounded = poly(&ctx, "[n, m] -> { : 0 <= n <= 30 and m <= 5 }");
        assert_eq!(
            box_elements(&square, 2, &bounded, &name),
            Elements::AtMost(120)
        );
        let open = poly(&ctx, "[n, m] -> { : n >= 1 and m >= 2 }");
        assert_eq!(
            box_elements(&square, 2, &open, &|n| Some(format!("{n}_"))),
            Elements::Grows("(-n_ + n_ * m_)".to_string())
        );
        // Nothing touched: nothing to copy.
        let none = poly(&ctx, "[n, m] -> { : n <= 0 }");
        assert_eq!(box_elements(&square, 2, &none, &name), Elements::AtMost(0));
        // A triangle's box is its square.
        let triangle = poly(&ctx, "[n, phi1, phi2] -> { : 0 <= phi2 <= phi1 < n }");
        let small = poly(&ctx, "[n] -> { : n = 7 }");
        assert_eq!(
            box_elements(&triangle, 2, &small, &name),
            Elements::AtMost(49)
        );
    }

    /// A copy bounded only by an integer type's range is refused; one whose
    /// count reaches that far only for some values of the variables is not.
    #[test]
    fn a_type_range_is_no_bound_for_a_copy() {
        let ctx = isl_rs::Context::alloc();
        let context = Poly::universe(&ctx);
        let name = |n: &str| Some(n.to_string());
        // What is left of `for (i = n; i-- > 0;) b[i]` once the loop's
        // bounds are lost: i is an unsigned int, and i-- > 0.
        let lost = poly(&ctx, "[phi1] -> { : 0 <= phi1 <= 4294967294 }");
        assert_eq!(
            box_bounds(&lost, 1, &context, &name),
            Err(BoundError::TypeRangeOnly(1))
        );
        // The same loop, bounds kept: n unsigned may be large, but need not.
        let kept = poly(&ctx, "[n, phi1] -> { : 0 <= phi1 < n and n <= 4294967295 }");
        assert!(box_bounds(&kept, 1, &context, &name).is_ok());
        // A second dimension that lost its bounds; the first kept them.
        let second = poly(
            &ctx,
            "[n, phi1, phi2] -> { : 0 <= phi1 < n and -2147483648 <= phi2 <= 2147483647 }",
        );
        assert_eq!(
            box_bounds(&second, 2, &context, &name),
            Err(BoundError::TypeRangeOnly(2))
        );
        // A large declared array is still an array ferry may copy.
        let large = poly(&ctx, "[phi1] -> { : 0 <= phi1 < 1048576 }");
        assert!(box_bounds(&large, 1, &context, &name).is_ok());
    }

    #[test]
    fn affine_forms_keep_their_signs() {
        assert_eq!(printed(&[], -3), "-3");
        assert_eq!(printed(&[], 4), "4");
        assert_eq!(printed(&[("n", 2), ("i", -1)], -1), "(2 * n - i - 1)");
        assert_eq!(printed(&[("n", -1)], 0), "(-n)");
    }
}
