//! Dead code elimination (the PENCIL report's §4.1): the statement
//! instances whose values reach no live-out write ([`Model::dead`]) taken
//! out of the program.
//!
//! A statement all of whose instances are dead becomes an empty
//! statement; one with some live instances is guarded by the condition
//! that keeps those (`if (j == m - 1) s[i] = ...;`), when that condition
//! is one conjunction of affine constraints on the loop indices and
//! parameters, given the statement's domain. Anything else stays as it is:
//! leaving a dead instance in is always correct, and `dead` holds only
//! instances that are surely dead. Only expression statements are taken
//! out (a declaration names a variable later code may use; an
//! encapsulated loop is kept whole).
//!
//! The dead set comes from dataflow over the part's exact accesses, with
//! every last write of the part live-out, so removing the instances
//! changes no value the rest of the run reads.

use crate::dataflow::Model;
use crate::{Scop, Statement};
use ferry_hcfg::semantics::poly::{Constraint, Poly};
use ferry_parser::ast::{BinaryOp, Block, BlockItem, Expr, ExternalDecl, Stmt, StmtKind, UnaryOp};
use ferry_parser::build;
use ferry_parser::span::Span;
use isl_rs::{Context, DimType, Set, UnionSet};

/// A statement with dead instances.
#[derive(Debug, Clone)]
pub struct DeadCode {
    /// The statement in the source (an expression statement).
    pub span: Span,
    /// `None` when every instance is dead; otherwise the condition, on
    /// the C names of the enclosing loops' indices and the parameters,
    /// that holds exactly on the live ones (within the domain).
    pub live: Option<Expr>,
}

/// The statements of `scop` with dead instances that can be taken out,
/// from its dataflow `model`.
pub fn dead_code(scop: &Scop, model: &Model) -> Vec<DeadCode> {
    let ctx = Context::alloc();
    let Ok(dead) = UnionSet::read_from_str(&ctx, &model.dead) else {
        return Vec::new();
    };
    let context = Set::read_from_str(&ctx, &scop.context).ok();
    scop.statements
        .iter()
        .filter(|s| !s.is_kill() && !s.dynamic)
        .filter_map(|s| statement_dead_code(&ctx, scop, s, &dead, context.as_ref()))
        .collect()
}

fn statement_dead_code(
    ctx: &Context,
    scop: &Scop,
    s: &Statement,
    dead: &UnionSet,
    context: Option<&Set>,
) -> Option<DeadCode> {
    let mut domain = Set::read_from_str(ctx, &s.domain).ok()?;
    if let Some(c) = context {
        domain = domain.intersect_params(c.copy().ok()?).ok()?;
    }
    let dead = dead.extract_set(domain.get_space().ok()?).ok()?;
    let dead = dead.intersect(domain.copy().ok()?).ok()?;
    if dead.is_empty().ok()? {
        return None;
    }
    if domain.is_subset(&dead).ok()? {
        return Some(DeadCode {
            span: s.span,
            live: None,
        });
    }
    let live = domain.copy().ok()?.subtract(dead).ok()?.gist(domain).ok()?;
    // The indices become parameters, so that the constraints are read
    // as those of a parameter set, by name.
    let indices = live.dim(DimType::Set).ok()?;
    let params = live.dim(DimType::Param).ok()?;
    let names: Vec<String> = (0..indices)
        .map(|k| s.indices.get(k as usize).cloned())
        .collect::<Option<_>>()?;
    let mut flat = live
        .move_dims(
            DimType::Param,
            params as u32,
            DimType::Set,
            0,
            indices as u32,
        )
        .ok()?;
    for (k, name) in names.iter().enumerate() {
        let id = isl_rs::Id::read_from_str(ctx, name).ok()?;
        flat = flat
            .set_dim_id(DimType::Param, params as u32 + k as u32, id)
            .ok()?;
    }
    let pieces = Poly { set: flat }.pieces();
    let [Some(constraints)] = pieces.as_slice() else {
        return None;
    };
    let c_name = |isl: &str| -> Option<String> {
        scop.names
            .iter()
            .find(|(n, _)| n == isl)
            .map(|(_, c)| c.clone())
    };
    let condition = constraints
        .iter()
        .map(|c| c_constraint(c, &c_name))
        .collect::<Option<Vec<Expr>>>()?
        .into_iter()
        .reduce(|a, b| build::binary(BinaryOp::LogAnd, a, b))?;
    Some(DeadCode {
        span: s.span,
        live: Some(condition),
    })
}

/// `terms + constant >= 0` (or `== 0`) as `positive terms >= negative
/// terms - constant`, in C.
fn c_constraint(
    (terms, constant, equality): &Constraint,
    c_name: &dyn Fn(&str) -> Option<String>,
) -> Option<Expr> {
    let term = |name: &str, k: i128| -> Option<Expr> {
        let v = build::name(&c_name(name)?);
        Some(match k {
            1 => v,
            k => build::mul(build::int(i64::try_from(k).ok()?), v),
        })
    };
    // `terms + rest`, a negative rest subtracted.
    let sum = |items: Vec<Expr>, rest: i128| -> Option<Expr> {
        let magnitude = build::int(i64::try_from(rest.abs()).ok()?);
        let total = items.into_iter().reduce(build::add);
        Some(match (total, rest) {
            (None, r) if r < 0 => build::unary(UnaryOp::Minus, magnitude),
            (None, _) => magnitude,
            (Some(t), 0) => t,
            (Some(t), r) if r < 0 => build::sub(t, magnitude),
            (Some(t), _) => build::add(t, magnitude),
        })
    };
    let mut left = Vec::new();
    let mut right = Vec::new();
    for (name, k) in terms {
        if *k > 0 {
            left.push(term(name, *k)?);
        } else {
            right.push(term(name, -*k)?);
        }
    }
    let op = if *equality {
        BinaryOp::Eq
    } else {
        BinaryOp::Ge
    };
    Some(build::binary(op, sum(left, 0)?, sum(right, -constant)?))
}

/// Takes `dead` out of the function definitions of `items`.
pub fn remove(items: &mut [ExternalDecl], dead: &[DeadCode]) {
    for item in items {
        if let ExternalDecl::FunctionDef(def) = item {
            remove_in_block(&mut def.body, dead);
        }
    }
}

fn remove_in_block(block: &mut Block, dead: &[DeadCode]) {
    for item in &mut block.items {
        if let BlockItem::Statement(s) = item {
            remove_in_stmt(s, dead);
        }
    }
}

fn remove_in_stmt(s: &mut Stmt, dead: &[DeadCode]) {
    if let StmtKind::Expr(_) = s.kind
        && let Some(d) = dead
            .iter()
            .find(|d| (d.span.lo, d.span.hi) == (s.span.lo, s.span.hi))
    {
        s.kind = match &d.live {
            None => StmtKind::Empty,
            Some(condition) => StmtKind::If {
                condition: Box::new(condition.clone()),
                then_branch: Box::new(s.clone()),
                else_branch: None,
            },
        };
        return;
    }
    if let StmtKind::Compound(b) = &mut s.kind {
        return remove_in_block(b, dead);
    }
    for inner in s.sub_statements_mut() {
        remove_in_stmt(inner, dead);
    }
}
