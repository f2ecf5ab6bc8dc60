//! Stores factored into intervals of single variables and a polyhedron
//! over the rest.
//!
//! The stores of a random program's large function know dozens of
//! variables, most of them equal to a constant or within the range of
//! their type and linked to no other (its globals), while each statement
//! reads or writes one to three. As one isl set, every application,
//! inclusion test and hull goes through isl's copies and Gaussian
//! elimination over all of them. Factored, a store is the variables no
//! constraint links to another, each with its interval, and a polyhedron
//! over the others: the product of the two, so the same set. Each
//! operation writes back into the polyhedron the intervals it must look at
//! (those of the variables the transformer mentions, those the two
//! operands of a join disagree on), works there, and takes the unlinked
//! variables out of the result again. This is the block decomposition of
//! ELINA's polyhedra (Singh, Püschel and Vechev, POPL 2017), with the
//! blocks of one variable kept outside isl.
//!
//! Every operation gives the set it gives on the whole store: the hull of
//! two products that share a factor is that factor times the hull of the
//! rest, one such product lies in the other exactly when the rest does,
//! and a shared interval's constraints are ones a widening keeps.

use super::poly::{Interval, Poly};
use super::transformer::Transformer;
use isl_rs::Context;
use std::collections::BTreeMap;

/// Stores whose constraints mention fewer variables are kept whole.
/// Factoring pays only over many variables, and it changes how isl writes
/// the same sets: a set's parameters come in the order of the operations
/// that made it, so a kernel's regions would print the same constraints
/// over reordered parameters (266 of the test suite's 1,269 outputs of
/// `ferry regions` and `semantics` did with no threshold, none with it).
const FACTORED_FROM: usize = 16;

#[derive(Clone, Debug)]
pub struct Factored {
    /// Variables (isl names) linked to no other, with their intervals.
    single: BTreeMap<String, Interval>,
    /// What is known of the other variables; mentions none of `single`.
    rest: Poly,
}

impl Factored {
    /// `store`, with the unlinked variables of a convex one taken out.
    pub fn of(store: Poly) -> Factored {
        Factored {
            single: BTreeMap::new(),
            rest: store,
        }
        .with_singles_taken_out()
    }

    /// The store as one polyhedron (simplified if the store is: the
    /// intervals are over variables of their own, each irredundant).
    pub fn to_poly(&self, ctx: &Context) -> Poly {
        self.rest_with(ctx, &self.listed(|_| true))
    }

    pub fn plain_is_empty(&self) -> bool {
        self.rest.plain_is_empty()
    }

    /// The store after `t`, simplified where it changed.
    pub fn apply_simplified(&self, t: &Transformer, ctx: &Context) -> Factored {
        self.apply_with(t, ctx, Transformer::apply_simplified)
    }

    /// The store after `t`.
    pub fn apply(&self, t: &Transformer, ctx: &Context) -> Factored {
        self.apply_with(t, ctx, Transformer::apply)
    }

    fn apply_with(
        &self,
        t: &Transformer,
        ctx: &Context,
        apply: fn(&Transformer, &Poly) -> Poly,
    ) -> Factored {
        let names = t.names();
        let pre = self.rest_with(ctx, &self.listed(|n| names.contains(n)));
        Factored {
            single: self
                .single
                .iter()
                .filter(|(n, _)| !names.contains(*n))
                .map(|(n, i)| (n.clone(), *i))
                .collect(),
            rest: apply(t, &pre),
        }
        .with_singles_taken_out()
    }

    /// The store with nothing known of `names` (variables going out of
    /// scope).
    pub fn project_all(mut self, names: &[String]) -> Factored {
        for n in names {
            self.single.remove(n);
        }
        self.rest = self.rest.project_all(names);
        self
    }

    /// The store's hull, simplified, where it is not convex.
    pub fn convex(self) -> Factored {
        if self.rest.is_convex() {
            return self;
        }
        Factored {
            rest: self.rest.hull().simplify(),
            single: self.single,
        }
        .with_singles_taken_out()
    }

    pub fn is_subset(&self, other: &Factored, ctx: &Context) -> bool {
        let (_, mine, theirs) = self.apart(other, ctx);
        mine.is_subset(&theirs)
    }

    /// The hull of both stores.
    pub fn join(&self, other: &Factored, ctx: &Context) -> Factored {
        let (single, mine, theirs) = self.apart(other, ctx);
        Factored {
            single,
            rest: mine.union(&theirs).hull(),
        }
        .with_singles_taken_out()
    }

    /// The standard widening of `self` by `newer` ([`Poly::widen`]).
    pub fn widen(&self, newer: &Factored, ctx: &Context) -> Factored {
        let (single, mine, theirs) = self.apart(newer, ctx);
        Factored {
            single,
            rest: mine.widen(&theirs, ctx),
        }
        .with_singles_taken_out()
    }

    /// The same store, simplified ([`Poly::simplify`]).
    pub fn simplify(self) -> Factored {
        Factored {
            rest: self.rest.simplify(),
            single: self.single,
        }
        .with_singles_taken_out()
    }

    /// The intervals both stores share, and each store's polyhedron with
    /// its other intervals written back.
    fn apart(&self, other: &Factored, ctx: &Context) -> (BTreeMap<String, Interval>, Poly, Poly) {
        let shared: BTreeMap<String, Interval> = self
            .single
            .iter()
            .filter(|(n, i)| other.single.get(*n) == Some(i))
            .map(|(n, i)| (n.clone(), *i))
            .collect();
        let mine = self.rest_with(ctx, &self.listed(|n| !shared.contains_key(n)));
        let theirs = other.rest_with(ctx, &other.listed(|n| !shared.contains_key(n)));
        (shared, mine, theirs)
    }

    /// The polyhedron with the listed intervals written back.
    fn rest_with(&self, ctx: &Context, intervals: &[(String, Interval)]) -> Poly {
        match intervals.is_empty() {
            true => self.rest.clone(),
            false => self.rest.intersect(&Poly::within(ctx, intervals)),
        }
    }

    /// The intervals of the variables whose names pass `keep`.
    fn listed(&self, keep: impl Fn(&str) -> bool) -> Vec<(String, Interval)> {
        self.single
            .iter()
            .filter(|(n, _)| keep(n))
            .map(|(n, i)| (n.clone(), *i))
            .collect()
    }

    /// The same store with the variables its polyhedron links to no other
    /// moved out of it (projecting out a variable that only its own
    /// constraints mention drops them, exactly).
    fn with_singles_taken_out(mut self) -> Factored {
        // A store over too few parameters, used or not, stays whole
        // without asking isl for its constraints: most stores of most
        // functions.
        if self.single.len() + self.rest.params().len() < FACTORED_FROM {
            return self;
        }
        let (found, mentioned) = self.rest.unlinked_intervals();
        if found.is_empty() || self.single.len() + mentioned < FACTORED_FROM {
            return self;
        }
        let names: Vec<String> = found.iter().map(|(n, _)| n.clone()).collect();
        self.rest = self.rest.project_all(&names);
        self.single.extend(found);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::VarId;
    use crate::semantics::poly::Name;
    use crate::semantics::poly::same_set;

    /// A store over `v0..v19` (each equal to a constant or within a
    /// range, linked to no other) and `v20 <= v21`, with `extra` added.
    fn wide(ctx: &Context, extra: &str) -> Poly {
        let names: Vec<String> = (0..22).map(|i| Name::Pre(VarId(i)).isl()).collect();
        let mut cons: Vec<String> = (0..20)
            .map(|i| match i % 3 {
                0 => format!("{} = {}", names[i], 1000 * i),
                1 => format!("0 <= {} <= 255", names[i]),
                _ => format!("{} >= -{i}", names[i]),
            })
            .collect();
        cons.push(format!("{} <= {}", names[20], names[21]));
        if !extra.is_empty() {
            cons.push(extra.to_string());
        }
        Poly::read(
            ctx,
            &format!("[{}] -> {{ : {} }}", names.join(", "), cons.join(" and ")),
        )
    }

    /// Factored, a wide store is the same set, and each operation gives
    /// the set it gives on the whole store: a transformer reading a
    /// constant and writing a linked variable, another changing a
    /// constant; a join, where the stores disagree on one constant and
    /// one range; inclusion both ways; a widening.
    #[test]
    fn factored_operations_give_the_whole_stores_sets() {
        let ctx = Context::alloc();
        let name = |i: u32| Name::Pre(VarId(i)).isl();
        let post = |i: u32| Name::Post(VarId(i)).isl();
        let a = wide(&ctx, "");
        let fa = Factored::of(a.clone());
        assert!(
            fa.single.len() >= 19,
            "the unlinked variables are taken out"
        );
        assert!(same_set(&fa.to_poly(&ctx), &a));

        // v20 = v3 + v21 (v3 == 3000), then v0 = v0 + 1.
        let link = Transformer {
            modified: [VarId(20)].into(),
            rel: Poly::read(
                &ctx,
                &format!(
                    "[{}, {}, {}] -> {{ : {} = {} + {} }}",
                    name(3),
                    name(21),
                    post(20),
                    post(20),
                    name(3),
                    name(21)
                ),
            ),
        };
        let step = Transformer {
            modified: [VarId(0)].into(),
            rel: Poly::read(
                &ctx,
                &format!(
                    "[{}, {}] -> {{ : {} = {} + 1 }}",
                    name(0),
                    post(0),
                    post(0),
                    name(0)
                ),
            ),
        };
        for t in [&link, &step] {
            assert!(same_set(&fa.apply(t, &ctx).to_poly(&ctx), &t.apply(&a)));
            assert!(same_set(
                &fa.apply_simplified(t, &ctx).to_poly(&ctx),
                &t.apply(&a)
            ));
        }

        let b = wide(&ctx, &format!("{} <= 10", name(1))).intersect(&Poly::read(
            &ctx,
            &format!("[{}] -> {{ : {} = 7 }}", name(21), name(21)),
        ));
        let fb = Factored::of(b.clone());
        assert!(fb.is_subset(&fa, &ctx) && b.is_subset(&a));
        assert!(!fa.is_subset(&fb, &ctx) && !a.is_subset(&b));

        let moved = step.apply(&a);
        let fm = Factored::of(moved.clone());
        let joined = fa.join(&fm, &ctx).to_poly(&ctx);
        assert!(same_set(&joined, &a.union(&moved).hull()));
        assert!(a.is_subset(&joined) && moved.is_subset(&joined));

        let widened = fa.widen(&Factored::of(joined.clone()), &ctx).to_poly(&ctx);
        assert!(same_set(&widened, &a.widen(&joined, &ctx)));
    }
}
