//! What the region analysis of one function needs to know about it: which
//! variables are tracked, which pointers keep pointing into the same
//! object, the extents of its arrays, and the summaries of its callees.

use crate::access::bounds_from_extent;
use crate::entity::Entity;
use crate::summary::Summary;
use ferry_hcfg::Analyses;
use ferry_hcfg::delinearise::Stable;
use ferry_hcfg::ir::*;
use ferry_hcfg::semantics::affine::{Env, range_constraints};
use ferry_hcfg::semantics::is_trackable;
use ferry_hcfg::semantics::poly::{Conj, Cons, Lin, Name, Poly};
use std::cell::{Cell, OnceCell};
use std::collections::BTreeSet;

pub struct FunctionContext<'a> {
    pub analyses: &'a Analyses,
    pub program: &'a Program,
    pub f: FuncId,
    pub ctx: &'a isl_rs::Context,
    pub summaries: &'a [Option<Summary>],
    fresh: &'a Cell<u32>,
    /// Variables some statement of the function assigns.
    written: BTreeSet<VarId>,
    /// Pointer variables assigned something other than themselves plus an
    /// offset or a fresh block, or holding fresh blocks that other memory
    /// gets a copy of: what they point to is not one object.
    rebased: BTreeSet<VarId>,
    /// The integer variables that keep their value in the function, made
    /// when a call first needs a product of two of them.
    stable: OnceCell<Stable<'a>>,
}

impl<'a> FunctionContext<'a> {
    pub fn new(
        analyses: &'a Analyses,
        f: FuncId,
        summaries: &'a [Option<Summary>],
        fresh: &'a Cell<u32>,
    ) -> Self {
        let program = &analyses.program;
        let mut written = BTreeSet::new();
        let mut rebased = BTreeSet::new();
        if let Some(body) = &program.function(f).body {
            written.extend(ferry_hcfg::loops::written_scalars(body, body.root));
            ferry_hcfg::loops::subtree_exprs(body, body.root, &mut |e| {
                e.walk(&mut |sub| {
                    let ExprKind::Assign(op, target, value) = &sub.kind else {
                        return;
                    };
                    if let Some(v) = target.is_lvalue_var()
                        && target.ty.is_pointer_like()
                        && *op == AssignOp::Assign
                        && !ferry_hcfg::escape::offset_of_itself(value, v)
                    {
                        // A pointer assigned only fresh blocks names the
                        // block it holds (a heap block named by the variable
                        // it was allocated into), unless its value escapes
                        // (`ferry_hcfg::escape`; for a global, from any
                        // function): a copy into a local is rebased, so what
                        // the copy reaches is `*ANYWHERE*`, which overlaps
                        // everything, but a copy into memory, a global or a
                        // caller could be read back under another name.
                        let copied = if program.var(v).is_global() {
                            analyses.escapes.global_escapes(v)
                        } else {
                            analyses.escapes.escapes(f, v)
                        };
                        if !ferry_hcfg::effects::is_allocation(program, value) || copied {
                            rebased.insert(v);
                        }
                    }
                })
            });
        }
        FunctionContext {
            analyses,
            program,
            f,
            ctx: &analyses.semantics.ctx,
            summaries,
            fresh,
            written,
            rebased,
            stable: OnceCell::new(),
        }
    }

    /// Whether `v` keeps its value in the function from its one
    /// assignment on ([`Stable`]): a factor of a product parameter.
    pub fn keeps_value(&self, v: VarId) -> bool {
        self.stable
            .get_or_init(|| Stable::new(self.program, &self.analyses.effects, self.f))
            .holds(v)
    }

    pub fn is_tracked(&self, v: VarId) -> bool {
        if v.index() >= self.program.vars.len() {
            return false;
        }
        let var = self.program.var(v);
        is_trackable(var) && (var.is_global() || var.function == Some(self.f))
    }

    fn env<'e>(&'e self, tracked: &'e dyn Fn(VarId) -> bool) -> Env<'e> {
        Env {
            program: self.program,
            tracked,
            fresh: self.fresh,
            products: None,
        }
    }

    /// The affine cases of an integer expression over the store before it.
    pub fn value(&self, e: &Expr) -> Option<Vec<(Lin, Conj)>> {
        let tracked = |v| self.is_tracked(v);
        self.env(&tracked).value(e)
    }

    /// The affine cases of a subscript or pointer offset, where a product
    /// of two variables that keep their value is the parameter naming it
    /// (`m[r * cols + c]` not seen with rows: the run from `r*cols`).
    pub fn subscript_value(&self, e: &Expr) -> Option<Vec<(Lin, Conj)>> {
        let tracked = |v| self.is_tracked(v);
        let keeps = |v| self.is_tracked(v) && self.keeps_value(v);
        Env {
            products: Some(&keeps),
            ..self.env(&tracked)
        }
        .value(e)
    }

    pub fn condition(&self, e: &Expr, positive: bool) -> Option<Vec<Conj>> {
        let tracked = |v| self.is_tracked(v);
        self.env(&tracked).condition(e, positive)
    }

    /// A pointer whose value, within one statement, designates elements of
    /// one object: not address-taken (nothing writes it behind our back)
    /// and never assigned from another pointer.
    pub fn is_stable_pointer(&self, v: VarId) -> bool {
        let var = self.program.var(v);
        !var.address_taken && !self.rebased.contains(&v)
    }

    /// Tracked variables and pointers `e` modifies, except the target of a
    /// top-level `v = e` (assigned after everything else is evaluated);
    /// globals written by callees count too.
    pub fn modified_inside(&self, e: &Expr) -> BTreeSet<VarId> {
        let mut out = BTreeSet::new();
        let top_target = match &e.kind {
            ExprKind::Assign(AssignOp::Assign, t, _) => t.is_lvalue_var(),
            _ => None,
        };
        let mut top = true;
        e.walk(&mut |sub| {
            let is_top = std::mem::replace(&mut top, false);
            match &sub.kind {
                ExprKind::Assign(..) if is_top && top_target.is_some() => {}
                ExprKind::Assign(_, t, _)
                | ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, t) => {
                    if let Some(v) = t.is_lvalue_var() {
                        out.insert(v);
                    }
                }
                ExprKind::Call(callee, args) => {
                    for g in ferry_hcfg::callgraph::call_targets(self.program, callee, args.len())
                    {
                        let effects = &self.analyses.effects.summaries[g.index()];
                        for l in &effects.writes {
                            if let ferry_hcfg::effects::Location::Var(v) = l {
                                out.insert(*v);
                            }
                        }
                    }
                }
                _ => {}
            }
        });
        out
    }

    /// The affine extent of each dimension of an entity, where it is known
    /// and its size expression is not modified in the function.
    pub fn extents(&self, entity: &Entity) -> Vec<Option<Lin>> {
        entity
            .extents(self.program)
            .into_iter()
            .map(|len| match len? {
                ArrayLen::Const(n) => Some(Lin::constant(*n as i128)),
                ArrayLen::Vla(size) => {
                    let mut stable = true;
                    size.walk(&mut |s| {
                        if let ExprKind::Var(v) = s.kind {
                            stable &= !self.written.contains(&v);
                        }
                    });
                    if !stable {
                        return None;
                    }
                    match self.value(size)?.as_slice() {
                        [(lin, conj)] if conj.exists.is_empty() => Some(lin.clone()),
                        _ => None,
                    }
                }
                ArrayLen::Unknown => None,
            })
            .collect()
    }

    /// A counted loop's first iteration: its index (named `index` in the
    /// set) at the lower bound, in terms of the values the bound's
    /// variables have in the loop; `None` when the bound is not one affine
    /// form of other variables that all keep their values in the loop
    /// (`fixed`: the lower bound is evaluated once, before the loop, and
    /// nothing checks that the loop leaves its variables alone).
    pub fn first_index(
        &self,
        c: &CountedLoop,
        index: &str,
        fixed: &dyn Fn(&str) -> bool,
    ) -> Option<Poly> {
        let lower = single(self.value(&c.lower)?)?;
        if lower.terms.iter().any(|(n, _)| n == index || !fixed(n)) {
            return None;
        }
        let at_lower = Cons::eq0(Lin::name(index.to_string()).sub(&lower)?);
        Some(Poly::from_dnf(
            self.ctx,
            &[Conj {
                cons: vec![at_lower],
                exists: Vec::new(),
            }],
        ))
    }

    /// The values a counted loop's index (named `index` in the set) takes:
    /// between the bounds, on the stride; `None` when a bound is not one
    /// affine form. The set names variables as they are at the loop's
    /// entry: the HCFG keeps the upper bound's variables invariant, but the
    /// lower bound is evaluated once, by the init, and the body may write
    /// its variables. Read at the loop (the regions' projection, motion's
    /// `surely_iterates`) it is exact; a user reading it in the body's
    /// state must check that the loop leaves the lower bound's variables
    /// alone, as `reuse` does through `first_index`.
    pub fn index_range(&self, c: &CountedLoop, index: &str) -> Option<Poly> {
        let lower = single(self.value(&c.lower)?)?;
        let upper = single(self.value(&c.upper)?)?;
        let i = Lin::name(index.to_string());
        let (low, high) = if c.step > 0 {
            (lower.clone(), upper)
        } else {
            (upper, lower.clone())
        };
        let mut cons = vec![Cons::ge0(i.sub(&low)?), Cons::ge0(high.sub(&i)?)];
        let mut exists = Vec::new();
        if c.step.abs() != 1 {
            let k = "stride_k".to_string();
            cons.push(Cons::eq0(
                i.sub(&lower)?
                    .sub(&Lin::name(k.clone()).scale(c.step as i128)?)?,
            ));
            exists.push(k);
        }
        if lower.terms.iter().any(|(n, _)| n == index) {
            return None;
        }
        Some(Poly::from_dnf(self.ctx, &[Conj { cons, exists }]))
    }

    pub fn extent_bounds(&self, name: &str, extent: Option<Lin>) -> Poly {
        bounds_from_extent(self.ctx, name, extent)
    }

    /// Every element of an entity, within its declared extents (may): what
    /// an opaque construct or a function without a body may touch.
    pub fn whole(&self, entity: &Entity) -> crate::region::Region {
        let mut r = crate::region::everything(self.ctx);
        if entity.root != crate::entity::Root::Anywhere {
            let extents = self.extents(entity);
            for k in 0..entity.dims() {
                let name = crate::entity::phi(k + 1);
                r = r.intersect(&self.extent_bounds(&name, extents.get(k).cloned().flatten()));
            }
        }
        r
    }

    /// `set` without the constraints that only restate the ranges of the
    /// variables' types (every value lies in its type's range anyway).
    pub fn without_type_ranges(&self, set: &Poly) -> Poly {
        let mut cons = Vec::new();
        for n in set.params() {
            if let Some(Name::Pre(v)) = Name::parse(&n)
                && self.is_tracked(v)
            {
                cons.extend(range_constraints(
                    &Lin::name(n.clone()),
                    &self.program.var(v).ty,
                ));
            }
        }
        if cons.is_empty() {
            return set.clone();
        }
        let ranges = Poly::from_dnf(
            self.ctx,
            &[Conj {
                cons,
                exists: Vec::new(),
            }],
        );
        crate::set::gist(set, &ranges)
    }

    /// Variables local to the function (parameters included).
    pub fn is_local(&self, v: VarId) -> bool {
        let var = self.program.var(v);
        !var.is_global() && var.function == Some(self.f)
    }
}

/// The affine form of a value that has one case.
pub(crate) fn single(cases: Vec<(Lin, Conj)>) -> Option<Lin> {
    match cases.as_slice() {
        [(lin, conj)] if conj.exists.is_empty() => Some(lin.clone()),
        _ => None,
    }
}
