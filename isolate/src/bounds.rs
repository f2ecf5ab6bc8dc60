//! Box bounds as C: the rectangular hull of a region, per dimension its
//! lowest index and its element count, as piecewise quasi-affine functions
//! of the program's variables (isl `dim_min` / `dim_max`), printed as C
//! expressions through isl's AST builder.
//!
//! Where the region is empty (the parameters for which no element is
//! touched) the count is 0 and the lower bound 0, so a box is defined for
//! every value of the variables and a transfer of it moves nothing.

use ferry_hcfg::semantics::poly::Poly;
use isl_rs::{ASTExpr, ASTExprOpType, ASTExprType, PwAff, Set, Val};
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

/// One dimension of a box: its first index and its extent, as C.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DimBound {
    pub lower: String,
    pub count: String,
}

/// Why a box has no bounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoundError {
    /// Dimension `k` (from 1) has no lower or no upper bound.
    Unbounded(usize),
    /// isl gave up (its operation quota) or produced what ferry cannot print.
    Isl,
}

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
        let min = set
            .copy()
            .and_then(|s| s.dim_min(k as i32))
            .map_err(|_| BoundError::Isl)?;
        let max = set
            .copy()
            .and_then(|s| s.dim_max(k as i32))
            .map_err(|_| BoundError::Isl)?;
        if min.involves_nan().unwrap_or(true) || max.involves_nan().unwrap_or(true) {
            return Err(BoundError::Unbounded(k + 1));
        }
        let ctx = set.get_ctx();
        let zero_off = || {
            untouched
                .copy()
                .and_then(|u| PwAff::val_on_domain(u, Val::zero(&ctx)?))
        };
        let count = max
            .sub(min.copy().map_err(|_| BoundError::Isl)?)
            .and_then(|d| d.add_constant_val(Val::one(&ctx)?))
            .and_then(|c| c.union_add(zero_off()?))
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
) -> Option<String> {
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
/// runtime's `ferry_floord`, `ferry_min`, `ferry_max` (C's `/` truncates).
pub(crate) fn c_expr(e: &ASTExpr, name: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    Some(c_prec(e, name)?.0)
}

/// C precedence levels of what `c_prec` produces, loosest first.
const COND: u8 = 1;
const OR: u8 = 2;
const AND: u8 = 3;
const EQUALITY: u8 = 4;
const RELATIONAL: u8 = 5;
const ADDITIVE: u8 = 6;
const MULTIPLICATIVE: u8 = 7;
const UNARY: u8 = 8;
const PRIMARY: u8 = 9;

/// The expression and its precedence, with only the parentheses C needs.
fn c_prec(e: &ASTExpr, name: &dyn Fn(&str) -> Option<String>) -> Option<(String, u8)> {
    match e.get_type().ok()? {
        ASTExprType::Int => {
            let text = e.get_val().ok()?.to_str().ok()?.to_string();
            Some(if text.starts_with('-') {
                (format!("{text}L"), UNARY)
            } else {
                (format!("{text}L"), PRIMARY)
            })
        }
        ASTExprType::Id => {
            let isl = e.get_id().ok()?.get_name().ok()?.to_string();
            Some((format!("(long){}", name(&isl)?), UNARY))
        }
        ASTExprType::Op => {
            let n = e.get_op_n_arg().ok()?;
            let args: Vec<(String, u8)> = (0..n)
                .map(|i| c_prec(&e.get_op_arg(i).ok()?, name))
                .collect::<Option<_>>()?;
            // An operand in parentheses unless it binds tighter than
            // `level` (or as tight, on the left of a left-associative one).
            let operand = |(text, prec): &(String, u8), level: u8, left: bool| {
                if *prec > level || (left && *prec == level) {
                    text.clone()
                } else {
                    format!("({text})")
                }
            };
            let binary = |op: &str, level: u8| {
                Some((
                    format!(
                        "{} {op} {}",
                        operand(&args[0], level, true),
                        operand(&args[1], level, false)
                    ),
                    level,
                ))
            };
            let call = |f: &str| {
                let list: Vec<&str> = args.iter().map(|(t, _)| t.as_str()).collect();
                Some((format!("{f}({})", list.join(", ")), PRIMARY))
            };
            match e.get_op_type().ok()? {
                ASTExprOpType::And | ASTExprOpType::AndThen => binary("&&", AND),
                ASTExprOpType::Or | ASTExprOpType::OrElse => binary("||", OR),
                ASTExprOpType::Max => Some((fold(&args, "ferry_max")?, PRIMARY)),
                ASTExprOpType::Min => Some((fold(&args, "ferry_min")?, PRIMARY)),
                ASTExprOpType::Minus => {
                    Some((format!("-{}", operand(&args[0], UNARY, false)), UNARY))
                }
                ASTExprOpType::Add => binary("+", ADDITIVE),
                ASTExprOpType::Sub => binary("-", ADDITIVE),
                ASTExprOpType::Mul => binary("*", MULTIPLICATIVE),
                // Exact division, or the quotient of a non-negative
                // dividend: C's `/` is right for both.
                ASTExprOpType::Div | ASTExprOpType::PdivQ => binary("/", MULTIPLICATIVE),
                ASTExprOpType::FdivQ => call("ferry_floord"),
                ASTExprOpType::PdivR | ASTExprOpType::ZdivR => binary("%", MULTIPLICATIVE),
                ASTExprOpType::Cond | ASTExprOpType::Select => Some((
                    format!(
                        "{} ? {} : {}",
                        operand(&args[0], COND, false),
                        operand(&args[1], COND, false),
                        operand(&args[2], COND - 1, false)
                    ),
                    COND,
                )),
                ASTExprOpType::Eq => binary("==", EQUALITY),
                ASTExprOpType::Le => binary("<=", RELATIONAL),
                ASTExprOpType::Lt => binary("<", RELATIONAL),
                ASTExprOpType::Ge => binary(">=", RELATIONAL),
                ASTExprOpType::Gt => binary(">", RELATIONAL),
                _ => None,
            }
        }
        ASTExprType::Error => None,
    }
}

/// `f(a, f(b, c))` for an n-ary extremum.
fn fold(args: &[(String, u8)], f: &str) -> Option<String> {
    let (last, rest) = args.split_last()?;
    Some(
        rest.iter()
            .rev()
            .fold(last.0.clone(), |acc, (a, _)| format!("{f}({a}, {acc})")),
    )
}
