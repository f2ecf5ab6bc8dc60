//! READ, WRITE and IN regions of every node of a function, bottom-up over
//! its HCFG (after its callees' summaries).
//!
//! - An expression: its accesses ([`Collector`]).
//! - A sequence: a later statement's regions are translated through the
//!   transformers of the statements before it into the store before the
//!   sequence; IN subtracts what earlier statements surely wrote.
//! - An `if` with an affine condition keeps the condition (and its
//!   negation) as constraints on each branch's regions; any other
//!   condition makes them may.
//! - A counted loop projects its index out of the body's regions under the
//!   index's bounds and stride: exact whenever the body's region depends on
//!   no other variable the loop modifies and the union over iterations is
//!   convex. IN subtracts what earlier iterations wrote. Otherwise, and for
//!   `while`, `do`, and other `for` loops, the body's region is taken over
//!   every store the transitive closure of one iteration reaches (may).
//! - An unstructured part: the union of its vertices' regions under their
//!   preconditions, with every variable it modifies forgotten (may).

use crate::access::{Collector, Rw};
use crate::entity::{Entity, Root};
use crate::function::{FunctionContext, single};
use crate::region::{
    self, Approx, Precondition, Region, RegionMap, add, merge, merge_under, translate_maps,
};
use crate::set::Split;
use ferry_hcfg::effects::Location;
use ferry_hcfg::ir::*;
use ferry_hcfg::semantics::budget::Window;
use ferry_hcfg::semantics::has_side_effects;
use ferry_hcfg::semantics::poly::{Conj, Cons, Lin, Name, Poly};
use ferry_hcfg::semantics::{Factored, Transformer};
use std::collections::BTreeSet;

pub struct FunctionAnalysis<'c, 'a> {
    pub cx: &'c FunctionContext<'a>,
    pub body: &'a Body,
    pub nodes: Vec<Option<Rw>>,
}

impl<'c, 'a> FunctionAnalysis<'c, 'a> {
    pub fn run(cx: &'c FunctionContext<'a>, body: &'a Body) -> Self {
        let mut a = FunctionAnalysis {
            cx,
            body,
            nodes: vec![None; body.nodes.len()],
        };
        a.node(body.root);
        a
    }

    pub fn node(&mut self, id: NodeId) -> Rw {
        if let Some(rw) = &self.nodes[id.index()] {
            return rw.clone();
        }
        let window = Window::open(self.cx.ctx, crate::ISL_OPERATIONS_PER_STATEMENT);
        let mut rw = self.compute(id);
        if window.degraded() {
            rw.make_may();
        }
        drop(window);
        anywhere_taints(&mut rw);
        rw.compact();
        self.nodes[id.index()] = Some(rw.clone());
        rw
    }

    fn transformer(&self, id: NodeId) -> Transformer {
        let sem = &self.cx.analyses.semantics;
        match sem.transformers[self.cx.f.index()]
            .get(id.index())
            .and_then(Option::as_ref)
        {
            Some(t) => t.clone(),
            None => Transformer::havoc(
                self.cx.ctx,
                ferry_hcfg::loops::written_scalars(self.body, id)
                    .into_iter()
                    .filter(|&v| self.cx.is_tracked(v)),
            ),
        }
    }

    pub fn precondition(&self, id: NodeId) -> Option<Factored> {
        self.cx.analyses.semantics.preconditions[self.cx.f.index()]
            .get(id.index())
            .and_then(Option::clone)
    }

    fn compute(&mut self, id: NodeId) -> Rw {
        let body = self.body;
        match &body.node(id).kind {
            NodeKind::Expr(e) | NodeKind::Return(Some(e)) => {
                Collector::expression_under(self.cx, e, Precondition::new(self.precondition(id)))
            }
            NodeKind::Return(None) | NodeKind::Nop => Rw::default(),
            NodeKind::Declare(v) => self.declaration(*v),
            NodeKind::Seq { items, scoped } => {
                let rw = self.sequence(items);
                self.without_scoped(rw, scoped)
            }
            NodeKind::If {
                condition,
                then_branch,
                else_branch,
            } => self.conditional(id, condition, *then_branch, *else_branch),
            NodeKind::Loop(l) => match &l.kind {
                LoopKind::Counted(c) => self.counted_loop(c, l.body),
                LoopKind::While { condition } => self.while_loop(Some(condition), l.body, None),
                LoopKind::For {
                    init,
                    condition,
                    step,
                } => {
                    let init_rw = self.node(*init);
                    let lp = self.while_loop(condition.as_ref(), l.body, Some(*step));
                    self.then(init_rw, *init, lp)
                }
                LoopKind::DoWhile { condition } => self.do_while_loop(condition, l.body),
            },
            NodeKind::Unstructured(u) => self.unstructured(id, u),
        }
    }

    /// A VLA's size expressions are evaluated at its declaration.
    fn declaration(&self, v: VarId) -> Rw {
        let mut out = Rw::default();
        let mut ty = &self.cx.program.var(v).ty;
        while let Type::Array(elem, len) = ty {
            if let ArrayLen::Vla(size) = len {
                let rw = Collector::expression(self.cx, size);
                merge(&mut out.read, rw.read);
                merge(&mut out.input, rw.input);
            }
            ty = elem;
        }
        out
    }

    /// Regions over the store after node `id`, over the store before it.
    /// The maps of a statement after node `id`, over the store before it;
    /// what they share translated once ([`region::translate_maps`]).
    fn through_all<const N: usize>(&self, maps: [&RegionMap; N], id: NodeId) -> [RegionMap; N] {
        let t = self.transformer(id);
        translate_maps(maps, &t).map(|moved| self.rebase_pointers(moved, id))
    }

    /// Memory behind a pointer that node `id` may change is no longer
    /// memory of the object it pointed to before.
    fn rebase_pointers(&self, map: RegionMap, id: NodeId) -> RegionMap {
        let effects = &self.cx.analyses.effects.nodes[self.cx.f.index()];
        let Some(e) = effects.get(id.index()) else {
            return map;
        };
        let changed = |v: VarId| {
            let var = self.cx.program.var(v);
            // Arrays are not pointers: writing their elements moves nothing.
            matches!(var.ty, Type::Pointer(_))
                && e.writes.iter().any(|l| match l {
                    Location::Var(w) => *w == v,
                    Location::AllGlobals | Location::Anywhere => var.is_global(),
                    _ => false,
                })
        };
        let mut out = RegionMap::new();
        for (entity, r) in map {
            match entity.root {
                Root::Var(v) if !entity.path.is_empty() && changed(v) => add(
                    &mut out,
                    Entity::anywhere(),
                    region::everything(self.cx.ctx),
                ),
                _ => add(&mut out, entity, r),
            }
        }
        out
    }

    /// `first` (the regions of node `first_id`) then `second`.
    fn then(&self, first: Rw, first_id: NodeId, second: Rw) -> Rw {
        let [read, write, input] =
            self.through_all([&second.read, &second.write, &second.input], first_id);
        let mut out = first;
        let p = Precondition::new(self.precondition(first_id));
        let imported = minus_map_within(&input, &out.write, &p);
        merge_under(&mut out.read, read, &p);
        merge_under(&mut out.write, write, &p);
        merge_under(&mut out.input, imported, &p);
        out
    }

    fn sequence(&mut self, items: &[NodeId]) -> Rw {
        let mut acc = Rw::default();
        for &item in items.iter().rev() {
            let rw = self.node(item);
            acc = self.then(rw, item, acc);
        }
        acc
    }

    /// Drops the regions of block-scope variables and forgets their values.
    fn without_scoped(&self, rw: Rw, scoped: &[VarId]) -> Rw {
        if scoped.is_empty() {
            return rw;
        }
        let names: Vec<String> = scoped.iter().map(|&v| Name::Pre(v).isl()).collect();
        let strip = |map: RegionMap| -> RegionMap {
            let mut out = RegionMap::new();
            for (e, r) in map {
                if matches!(e.root, Root::Var(v) if scoped.contains(&v)) {
                    continue;
                }
                out.insert(e, r.forget_any(&names));
            }
            out
        };
        Rw {
            read: strip(rw.read),
            write: strip(rw.write),
            input: strip(rw.input),
        }
    }

    /// The condition (`positive`) as a set, and whether it is exact.
    fn guard(&self, condition: &Expr, positive: bool) -> (Poly, bool) {
        match self.cx.condition(condition, positive) {
            Some(conjs) => (Poly::from_dnf(self.cx.ctx, &conjs), true),
            None => (Poly::universe(self.cx.ctx), false),
        }
    }

    /// Regions of code that runs after `condition` was evaluated (and
    /// found `positive`), over the store before the condition.
    fn under_condition(&self, rw: Rw, condition: &Expr, positive: bool) -> Rw {
        let (guard, exact) = self.guard(condition, positive);
        let side_effects = has_side_effects(condition);
        let modified: Vec<String> = self
            .cx
            .modified_inside(condition)
            .iter()
            .map(|&v| Name::Pre(v).isl())
            .collect();
        let fix = |map: &RegionMap| {
            region::map_regions(map, |r| {
                let mut r = r.clone();
                if side_effects {
                    r = r.forget_any(&modified);
                } else {
                    r = r.intersect(&guard);
                }
                if !exact || side_effects {
                    r.make_may();
                }
                r
            })
        };
        Rw {
            read: fix(&rw.read),
            write: fix(&rw.write),
            input: fix(&rw.input),
        }
    }

    fn conditional(
        &mut self,
        id: NodeId,
        condition: &Expr,
        then_branch: NodeId,
        else_branch: NodeId,
    ) -> Rw {
        let c = Collector::expression(self.cx, condition);
        let yes_raw = self.node(then_branch);
        let no_raw = self.node(else_branch);
        let yes = self.under_condition(yes_raw.clone(), condition, true);
        let no = self.under_condition(no_raw.clone(), condition, false);
        let p = Precondition::new(self.precondition(id));
        let mut branches = yes;
        merge_under(&mut branches.read, no.read, &p);
        merge_under(&mut branches.write, no.write, &p);
        merge_under(&mut branches.input, no.input, &p);
        // Whatever the condition, one branch runs: what both touch alike
        // is touched exactly, even when the condition is not affine.
        if !has_side_effects(condition) {
            for (both, yes, no) in [
                (&mut branches.read, &yes_raw.read, &no_raw.read),
                (&mut branches.write, &yes_raw.write, &no_raw.write),
                (&mut branches.input, &yes_raw.input, &no_raw.input),
            ] {
                for (e, r) in yes {
                    if let Some(s) = no.get(e)
                        && r.is_exact()
                        && s.is_exact()
                        && r.set.is_subset(&s.set)
                        && s.set.is_subset(&r.set)
                    {
                        both.insert(e.clone(), r.clone());
                    }
                }
            }
        }
        let mut out = c;
        let imported = minus_map_within(&branches.input, &out.write, &p);
        merge_under(&mut out.read, branches.read, &p);
        merge_under(&mut out.write, branches.write, &p);
        merge_under(&mut out.input, imported, &p);
        out
    }

    fn counted_loop(&mut self, c: &CountedLoop, body_id: NodeId) -> Rw {
        let init = self.node(c.init);
        let body = self.node(body_id);
        let index = Name::Pre(c.index).isl();
        let range = self.cx.index_range(c, &index);
        let t_body = self.transformer(body_id);
        let others: BTreeSet<VarId> = t_body
            .modified
            .iter()
            .copied()
            .filter(|&v| v != c.index)
            .collect();
        let depends = |r: &Region| others.iter().any(|&v| r.mentions(&Name::Pre(v).isl()));
        // One iteration, then the index moves on.
        let step = self.increment(c.index, c.step);
        let iteration = Iterations::of(t_body.then(self.cx.ctx, &step));
        let p_body = self.precondition(body_id).as_ref().map(Split::new);
        let lift = |r: &Region| -> Region {
            match &range {
                Some(range) if !depends(r) => r.intersect(range).project(&index),
                _ => self.over_iterations(r, &iteration, p_body.as_ref()),
            }
        };
        let mut lp = Rw::default();
        for (map, into) in [(&body.read, &mut lp.read), (&body.write, &mut lp.write)] {
            for (e, r) in map {
                add(into, e.clone(), lift(r));
            }
        }
        // IN: what earlier iterations surely wrote is not imported. The
        // difference is taken per iteration, then over all iterations, and
        // only then made convex (per iteration it often is not: `a[i]` and
        // `a[i-1]` read, `a[i-1]` written before, leaves `a[i]`, and
        // `a[0]` in the first iteration).
        let previous = self.previous_iterations(c, &index);
        for (e, r) in &body.input {
            let lifted = match (body.write.get(e), &previous, &range) {
                (Some(w), Some(prev), Some(range)) if !depends(w) && !depends(r) => {
                    let earlier = w
                        .set
                        .rename(&index, "previous_index")
                        .intersect(prev)
                        .project("previous_index");
                    let current = r.set.intersect(range);
                    match (w.is_exact(), crate::set::subtract(&current, &earlier)) {
                        (true, Some(diff)) => {
                            let (set, exact) = crate::set::convex(&diff.project(&index));
                            Region::new(set, r.approx().and(Approx::from_exact(exact)))
                        }
                        _ => lift(r).may(),
                    }
                }
                (Some(_), _, _) => lift(r).may(),
                (None, _, _) => lift(r),
            };
            add(&mut lp.input, e.clone(), lifted);
        }
        // The test `index <= upper` runs at least once, after the init: it
        // reads the index and what the bound reads (the bound is invariant
        // in a counted loop, so reading it once stands for every test).
        let index_var = Expr {
            kind: ExprKind::Var(c.index),
            ty: self.cx.program.var(c.index).ty.clone(),
            span: c.upper.span,
        };
        for e in [&index_var, &c.upper] {
            let test = Collector::expression(self.cx, e);
            for (entity, r) in test.read {
                if !lp.write.contains_key(&entity) {
                    add(&mut lp.input, entity.clone(), r.clone());
                }
                add(&mut lp.read, entity, r);
            }
        }
        self.then(init, c.init, lp)
    }

    /// `index += step` as a transformer.
    fn increment(&self, index: VarId, step: i64) -> Transformer {
        let next = Lin::name(Name::Pre(index).isl()).add(&Lin::constant(step as i128));
        let rel = next
            .and_then(|next| crate::set::equal_to(self.cx.ctx, &Name::Post(index).isl(), &next))
            .expect("one-term forms");
        Transformer {
            modified: [index].into_iter().collect(),
            rel,
        }
    }

    /// The iterations before the current one, as `previous_index`.
    fn previous_iterations(&self, c: &CountedLoop, index: &str) -> Option<Poly> {
        let lower = single(self.cx.value(&c.lower)?)?;
        let i = Lin::name(index.to_string());
        let p = Lin::name("previous_index".to_string());
        let mut cons = if c.step > 0 {
            vec![
                Cons::ge0(p.sub(&lower)?),
                Cons::ge0(i.sub(&p)?.add(&Lin::constant(-1))?),
            ]
        } else {
            vec![
                Cons::ge0(lower.sub(&p)?),
                Cons::ge0(p.sub(&i)?.add(&Lin::constant(-1))?),
            ]
        };
        let mut exists = Vec::new();
        if c.step.abs() != 1 {
            let k = "stride_k".to_string();
            cons.push(Cons::eq0(
                p.sub(&lower)?
                    .sub(&Lin::name(k.clone()).scale(c.step as i128)?)?,
            ));
            exists.push(k);
        }
        Some(Poly::from_dnf(self.cx.ctx, &[Conj { cons, exists }]))
    }

    /// A region of one iteration (over the store at its start), taken over
    /// every store zero or more iterations reach from the first one (may).
    fn over_iterations(&self, r: &Region, iterations: &Iterations, p: Option<&Split>) -> Region {
        let r = match p {
            Some(p) => r.intersect(&p.relevant_to(&r.set)),
            None => r.clone(),
        };
        region::translate(&r, iterations.star(self.cx.ctx)).may()
    }

    /// `while (condition) body` (with `step` after the body for a `for`).
    fn while_loop(
        &mut self,
        condition: Option<&Expr>,
        body_id: NodeId,
        step: Option<NodeId>,
    ) -> Rw {
        let body = self.node(body_id);
        let body = match step {
            Some(s) => {
                let step_rw = self.node(s);
                self.then(body, body_id, step_rw)
            }
            None => body,
        };
        let mut t_iter = self.transformer(body_id);
        if let Some(s) = step {
            t_iter = t_iter.then(self.cx.ctx, &self.transformer(s));
        }
        let p_body = self.precondition(body_id).as_ref().map(Split::new);
        let (c, body) = match condition {
            Some(cond) => {
                let c = Collector::expression(self.cx, cond);
                // A condition that steps a variable (`i-- > 0`): the body's
                // regions lose that variable on the way to the store before
                // the condition, so first bound them by what holds in the
                // body (`0 <= i < n`), which then bounds the elements.
                let body = match &p_body {
                    Some(p) if has_side_effects(cond) => {
                        let mut body = body;
                        for map in [&mut body.read, &mut body.write, &mut body.input] {
                            *map =
                                region::map_regions(map, |r| r.intersect(&p.relevant_to(&r.set)));
                        }
                        body
                    }
                    _ => body,
                };
                let body = self.under_condition(body, cond, true);
                let (guard, _) = self.guard(cond, true);
                let mut t = Transformer::guard(guard);
                let modified = self.cx.modified_inside(cond);
                if !modified.is_empty() {
                    t = Transformer::havoc(
                        self.cx.ctx,
                        modified.into_iter().filter(|&v| self.cx.is_tracked(v)),
                    );
                }
                t_iter = t.then(self.cx.ctx, &t_iter);
                (c, body)
            }
            None => (Rw::default(), body),
        };
        let modified = t_iter.modified.clone();
        let depends = |r: &Region| modified.iter().any(|&v| r.mentions(&Name::Pre(v).isl()));
        let iterations = Iterations::of(t_iter);
        let lift = |r: &Region, p: Option<&Split>| {
            if depends(r) {
                self.over_iterations(r, &iterations, p)
            } else {
                r.clone()
            }
        };
        let mut out = Rw::default();
        // The condition is evaluated at least once.
        for (map, into) in [
            (&c.read, &mut out.read),
            (&c.write, &mut out.write),
            (&c.input, &mut out.input),
        ] {
            for (e, r) in map {
                add(into, e.clone(), lift(r, None));
            }
        }
        // The body runs zero or more times; a region that does not depend
        // on the iteration is the body's under the condition at entry.
        for (map, into) in [(&body.read, &mut out.read), (&body.write, &mut out.write)] {
            for (e, r) in map {
                add(into, e.clone(), lift(r, p_body.as_ref()));
            }
        }
        for (e, r) in &body.input {
            let mut r = lift(r, p_body.as_ref());
            if body.write.contains_key(e) || c.write.contains_key(e) {
                // An earlier iteration may have written it.
                r.make_may();
            }
            add(&mut out.input, e.clone(), r);
        }
        out
    }

    fn do_while_loop(&mut self, condition: &Expr, body_id: NodeId) -> Rw {
        let body = self.node(body_id);
        let c = Collector::expression(self.cx, condition);
        let one = self.then(body, body_id, c);
        let (guard, _) = self.guard(condition, true);
        let mut t_iter = self.transformer(body_id);
        let modified = self.cx.modified_inside(condition);
        let after = if modified.is_empty() {
            Transformer::guard(guard)
        } else {
            Transformer::havoc(
                self.cx.ctx,
                modified.into_iter().filter(|&v| self.cx.is_tracked(v)),
            )
        };
        t_iter = t_iter.then(self.cx.ctx, &after);
        let p_body = self.precondition(body_id).as_ref().map(Split::new);
        let iterations = Iterations::of(t_iter);
        let depends = |r: &Region| {
            iterations
                .one
                .modified
                .iter()
                .any(|&v| r.mentions(&Name::Pre(v).isl()))
        };
        let mut out = Rw::default();
        for (map, into) in [(&one.read, &mut out.read), (&one.write, &mut out.write)] {
            for (e, r) in map {
                let r = if depends(r) {
                    self.over_iterations(r, &iterations, p_body.as_ref())
                } else {
                    r.clone()
                };
                add(into, e.clone(), r);
            }
        }
        for (e, r) in &one.input {
            let mut r = if depends(r) {
                self.over_iterations(r, &iterations, p_body.as_ref())
            } else {
                r.clone()
            };
            if one.write.contains_key(e) {
                r.make_may();
            }
            add(&mut out.input, e.clone(), r);
        }
        out
    }

    fn unstructured(&mut self, id: NodeId, u: &Unstructured) -> Rw {
        let mut out = Rw::default();
        for vertex in u.graph.node_weights() {
            let rw = match vertex {
                Vertex::Node(n) => {
                    let rw = self.node(*n);
                    match self.precondition(*n) {
                        Some(p) => restrict(rw, &p),
                        None => rw,
                    }
                }
                Vertex::Test(e) | Vertex::Switch(e) => Collector::expression(self.cx, e),
                Vertex::Join | Vertex::Exit => continue,
            };
            merge(&mut out.read, rw.read);
            merge(&mut out.write, rw.write);
            merge(&mut out.input, rw.input);
        }
        let modified: Vec<String> = self
            .transformer(id)
            .modified
            .iter()
            .map(|&v| Name::Pre(v).isl())
            .collect();
        let forget = |map: &RegionMap| {
            let map = region::map_regions(map, |r| r.clone().may().forget_any(&modified));
            self.rebase_pointers(map, id)
        };
        Rw {
            read: forget(&out.read),
            write: forget(&out.write),
            input: forget(&out.input),
        }
    }
}

/// Where memory that cannot be named may be touched, any entity may be:
/// no region of the same kind is exact any more.
fn anywhere_taints(rw: &mut Rw) {
    for map in [&mut rw.read, &mut rw.write, &mut rw.input] {
        if map.contains_key(&Entity::anywhere()) {
            for r in map.values_mut() {
                r.make_may();
            }
        }
    }
}

/// Every region of `rw` intersected with `p`.
pub fn restrict(rw: Rw, p: &Factored) -> Rw {
    let p = Split::new(p);
    let f = |map: &RegionMap| region::map_regions(map, |r| r.intersect(&p.relevant_to(&r.set)));
    Rw {
        read: f(&rw.read),
        write: f(&rw.write),
        input: f(&rw.input),
    }
}

/// `a - b` per entity, `b` under-approximated.
pub fn minus_map(a: &RegionMap, b: &RegionMap) -> RegionMap {
    minus_map_within(a, b, &Precondition::none())
}

/// `a - b` per entity, `b` under-approximated, taken again within the
/// (hull of the) precondition `p` where it is not exact: `b` may hold the
/// constraints of where it ran (the index of the loop around, `0 <= t <=
/// 4`) that `a` does not, and `a - b` is then `a` where they fail, states
/// no execution reaches.
pub fn minus_map_within(a: &RegionMap, b: &RegionMap, p: &Precondition) -> RegionMap {
    let mut out = RegionMap::new();
    for (e, r) in a {
        let mut r = match b.get(e) {
            Some(w) => {
                let plain = r.minus(w);
                match plain.is_exact() {
                    true => plain,
                    false => match p.hull_for(&r.set.union(&w.set)) {
                        Some(p) => r.intersect(&p).minus(w),
                        None => plain,
                    },
                }
            }
            // Nothing removed: kept as it was made (not empty if exact),
            // without asking isl again.
            None => r.clone(),
        };
        // An element or structure written whole holds each of its fields:
        // `s[i]` written removes `s[i].x` and `s[i].v[k]` at the same
        // subscripts, whatever the field's own (a set without them
        // leaves them free).
        for (w, written) in b {
            if w.encloses(e) {
                r = r.minus(written);
            }
        }
        // The same variable reached along another path (`s[i].x` written,
        // `s[i]` read whole) may have removed some of these elements,
        // which sets over different dimensions cannot tell.
        if b.keys().any(|w| w.overlaps_apart(e) && !w.encloses(e)) {
            r.make_may();
        }
        if !(b.contains_key(e) && r.is_exact() && r.is_empty()) {
            out.insert(e.clone(), r);
        }
    }
    // Memory that cannot be named may be any entity.
    if b.contains_key(&Entity::anywhere()) {
        region::make_all_may(&mut out);
    }
    out
}

/// The transformer of one iteration of a loop and, computed on first use
/// and then shared by every region of the loop, that of zero or more
/// iterations: a transitive closure, among the costliest isl operations.
struct Iterations {
    one: Transformer,
    star: std::cell::OnceCell<Transformer>,
}

impl Iterations {
    fn of(one: Transformer) -> Iterations {
        Iterations {
            one,
            star: std::cell::OnceCell::new(),
        }
    }

    fn star(&self, ctx: &isl_rs::Context) -> &Transformer {
        self.star.get_or_init(|| self.one.star(ctx))
    }
}
