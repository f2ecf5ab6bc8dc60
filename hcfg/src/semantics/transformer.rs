//! Transformers: affine relations between the values of the tracked
//! variables before (`Pre`) and after (`Post`) a statement.
//!
//! Only the variables in `modified` may change; every other variable keeps
//! its value, implicitly, so a transformer mentions only what it constrains.

use super::closure;
use super::poly::{Conj, Cons, Lin, Name, Poly};
use crate::ir::VarId;
use isl_rs::Context;
use std::collections::{BTreeSet, HashMap, HashSet};

#[derive(Clone, Debug)]
pub struct Transformer {
    pub modified: BTreeSet<VarId>,
    pub rel: Poly,
}

impl Transformer {
    pub fn identity(ctx: &Context) -> Transformer {
        Transformer {
            modified: BTreeSet::new(),
            rel: Poly::universe(ctx),
        }
    }

    /// Control passes only where `condition` (over `Pre` names) holds.
    pub fn guard(condition: Poly) -> Transformer {
        Transformer {
            modified: BTreeSet::new(),
            rel: condition,
        }
    }

    /// The listed variables change to unknown values.
    pub fn havoc(ctx: &Context, vars: impl IntoIterator<Item = VarId>) -> Transformer {
        Transformer {
            modified: vars.into_iter().collect(),
            rel: Poly::universe(ctx),
        }
    }

    pub fn is_identity(&self) -> bool {
        self.modified.is_empty() && self.rel.set.plain_is_universe().unwrap_or(false)
    }

    /// Adds `Post(v) = Pre(v)` for each listed variable not yet modified.
    pub fn extend(&self, ctx: &Context, vars: &BTreeSet<VarId>) -> Transformer {
        let mut out = self.clone();
        let same = Conj {
            cons: vars
                .difference(&self.modified)
                .map(|&v| {
                    let lin = Lin::name(Name::Pre(v).isl()).sub(&Lin::name(Name::Post(v).isl()));
                    Cons::eq0(lin.expect("unit coefficients do not overflow"))
                })
                .collect(),
            exists: Vec::new(),
        };
        if same.cons.is_empty() {
            return out;
        }
        out.rel = out.rel.intersect(&Poly::from_dnf(ctx, &[same]));
        out.modified.extend(vars.iter().copied());
        out
    }

    /// `self` then `next`.
    pub fn then(&self, ctx: &Context, next: &Transformer) -> Transformer {
        if next.is_identity() {
            return self.clone();
        }
        if self.is_identity() {
            return next.clone();
        }
        let next = next.extend(ctx, &self.modified);
        let mut first = self.rel.clone();
        let mut second = next.rel.clone();
        for &v in &self.modified {
            first = first.rename(&Name::Post(v).isl(), &Name::Mid(v).isl());
            second = second.rename(&Name::Pre(v).isl(), &Name::Mid(v).isl());
        }
        let mids: Vec<String> = self.modified.iter().map(|&v| Name::Mid(v).isl()).collect();
        let rel = first.intersect(&second).project_all(&mids);
        Transformer {
            modified: next.modified,
            rel,
        }
    }

    /// Either `self` or `other`, as one convex relation.
    pub fn join(&self, ctx: &Context, other: &Transformer) -> Transformer {
        let all: BTreeSet<VarId> = self.modified.union(&other.modified).copied().collect();
        let a = self.extend(ctx, &all);
        let b = other.extend(ctx, &all);
        Transformer {
            modified: all,
            rel: a.rel.union(&b.rel).hull(),
        }
    }

    pub fn hull(&self) -> Transformer {
        Transformer {
            modified: self.modified.clone(),
            rel: self.rel.hull(),
        }
    }

    /// The store after `self`, from the store `pre` before it.
    pub fn apply(&self, pre: &Poly) -> Poly {
        match pre.split_linked(&self.names()) {
            // What `pre` knows of the variables `self` neither reads nor
            // writes holds after it as it did before.
            Some((linked, rest)) => self
                .apply_whole(&linked)
                .intersect(&rest)
                .with_params_first(&self.order_after(pre)),
            None => self.apply_whole(pre),
        }
    }

    /// [`Transformer::apply`], simplified ([`Poly::simplify`]) where it
    /// changed: the part of a simplified `pre` that `self` does not bear
    /// on is simplified already, and over variables of its own.
    pub fn apply_simplified(&self, pre: &Poly) -> Poly {
        match pre.split_linked(&self.names()) {
            Some((linked, rest)) => self
                .apply_whole(&linked)
                .simplify()
                .intersect(&rest)
                .with_params_first(&self.order_after(pre)),
            None => self.apply_whole(pre).simplify(),
        }
    }

    fn apply_whole(&self, pre: &Poly) -> Poly {
        let pres: Vec<String> = self.modified.iter().map(|&v| Name::Pre(v).isl()).collect();
        let mut p = pre.intersect(&self.rel).project_all(&pres);
        for &v in &self.modified {
            p = p.rename(&Name::Post(v).isl(), &Name::Pre(v).isl());
        }
        p
    }

    /// The variables of the store after `self`, from `pre`, in the order
    /// [`Transformer::apply_whole`] leaves them: those of the relation
    /// first (isl aligns an intersection on its second operand), a
    /// modified variable where its new value is, then the others of `pre`.
    /// isl's results over the same constraints in another order are the
    /// same sets, written otherwise: the order in which Gaussian
    /// elimination takes the variables decides which equalities a
    /// constraint is combined with, and with them the hulls and
    /// widenings after it.
    fn order_after(&self, pre: &Poly) -> Vec<String> {
        let pres: HashSet<String> = self.modified.iter().map(|&v| Name::Pre(v).isl()).collect();
        let posts: HashMap<String, String> = self
            .modified
            .iter()
            .map(|&v| (Name::Post(v).isl(), Name::Pre(v).isl()))
            .collect();
        let rel = self.rel.params();
        let in_rel: HashSet<&String> = rel.iter().collect();
        let mut order: Vec<String> = rel
            .iter()
            .filter(|n| !pres.contains(*n))
            .map(|n| posts.get(n).cloned().unwrap_or_else(|| n.clone()))
            .collect();
        order.extend(
            pre.params()
                .into_iter()
                .filter(|n| !in_rel.contains(n) && !pres.contains(n)),
        );
        order
    }

    /// The names of the store `self` reads or writes: what its relation
    /// mentions, and the variables it modifies.
    pub(super) fn names(&self) -> HashSet<String> {
        let mut names: HashSet<String> = self.rel.params().into_iter().collect();
        names.extend(self.modified.iter().map(|&v| Name::Pre(v).isl()));
        names
    }

    /// Forgets everything about `v` (before and after); `v` stays modified.
    pub fn forget(&self, v: VarId) -> Transformer {
        let mut out = self.clone();
        out.rel = out
            .rel
            .project(&Name::Pre(v).isl())
            .project(&Name::Post(v).isl());
        out.modified.insert(v);
        out
    }

    /// One or more applications of `self` (an over-approximation, from
    /// isl's transitive closure, or every modified variable forgotten when
    /// isl gives up).
    pub fn plus(&self, ctx: &Context) -> Transformer {
        let pairs: Vec<(String, String)> = self
            .modified
            .iter()
            .map(|&v| (Name::Pre(v).isl(), Name::Post(v).isl()))
            .collect();
        match closure::transitive_closure(ctx, &self.rel.hull(), &pairs) {
            Some((rel, _exact)) => Transformer {
                modified: self.modified.clone(),
                rel,
            },
            None => Transformer::havoc(ctx, self.modified.iter().copied()),
        }
    }

    /// Zero or more applications of `self`, as one convex relation.
    pub fn star(&self, ctx: &Context) -> Transformer {
        Transformer::identity(ctx).join(ctx, &self.plus(ctx))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::semantics::poly::same_set;

    /// Applied to the part of a store it bears on, a transformer gives
    /// the store it gives applied to the whole, over its variables in the
    /// same order: a wrap-around assignment
    /// (three cases) over a store that also knows variables it does not
    /// touch, and a guard that links one of them.
    #[test]
    fn applying_to_the_linked_part_gives_the_whole_store() {
        let ctx = Context::alloc();
        let (x, y, g) = (VarId(1), VarId(2), VarId(3));
        let (px, py, pg) = (Name::Pre(x).isl(), Name::Pre(y).isl(), Name::Pre(g).isl());
        let qx = Name::Post(x).isl();
        let store = Poly::read(
            &ctx,
            &format!(
                "[{px}, {py}, {pg}] -> {{ : 0 <= {py} <= 600 and {pg} = 4294967295 \
                 and 0 <= {px} <= 255 }}"
            ),
        );
        // x = (uint8_t) y
        let wrap = Transformer {
            modified: [x].into(),
            rel: Poly::read(
                &ctx,
                &format!(
                    "[{py}, {qx}] -> {{ : ({qx} = {py} and {py} <= 255) \
                     or ({qx} = {py} - 256 and 256 <= {py} <= 511) \
                     or ({py} >= 512 and 0 <= {qx} <= 255) }}"
                ),
            ),
        };
        // a guard on x and y together
        let guard = Transformer::guard(Poly::read(
            &ctx,
            &format!("[{px}, {py}] -> {{ : {px} < {py} }}"),
        ));
        for t in [&wrap, &guard] {
            assert!(store.split_linked(&t.names()).is_some());
            let whole = t.apply_whole(&store);
            assert!(same_set(&t.apply(&store), &whole));
            assert!(same_set(&t.apply_simplified(&store), &whole));
            // In the same order: isl's later results depend on it.
            assert_eq!(
                t.apply_simplified(&store).params(),
                whole.simplify().params()
            );
        }
    }
}
