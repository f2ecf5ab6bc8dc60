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

use super::poly::{Constraint, Interval, Poly};
use super::transformer::Transformer;
use isl_rs::Context;
use std::cell::OnceCell;
use std::collections::{BTreeMap, HashSet};

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
    /// The store as one polyhedron, once asked for ([`Factored::whole`]).
    whole: OnceCell<Poly>,
}

impl Factored {
    fn new(single: BTreeMap<String, Interval>, rest: Poly) -> Factored {
        Factored {
            single,
            rest,
            whole: OnceCell::new(),
        }
    }

    /// `store`, with the unlinked variables of a convex one taken out.
    pub fn of(store: Poly) -> Factored {
        Factored::new(BTreeMap::new(), store).with_singles_taken_out()
    }

    /// The store as one polyhedron (simplified if the store is: the
    /// intervals are over variables of their own, each irredundant), made
    /// the first time it is asked for: most statements' preconditions are
    /// only ever read in part ([`Factored::pieces`],
    /// [`Factored::linked_to`]).
    pub fn whole(&self) -> &Poly {
        self.whole.get_or_init(|| {
            within_intervals(
                self.rest.clone(),
                &self.rest.set.get_ctx(),
                &self.listed(|_| true),
            )
        })
    }

    /// The names of the variables the store constrains.
    pub fn names(&self) -> Vec<String> {
        let mut names = self.rest.params();
        names.extend(self.single.keys().cloned());
        names
    }

    /// Whether the store is empty.
    pub fn is_empty(&self) -> bool {
        self.rest.is_empty()
    }

    /// The store's convex hull.
    pub fn hull(&self) -> Factored {
        match self.rest.is_convex() {
            true => self.clone(),
            false => Factored::new(self.single.clone(), self.rest.hull()),
        }
    }

    /// The constraints of each convex piece ([`Poly::pieces`]), each with
    /// the intervals.
    pub fn pieces(&self) -> Vec<Option<Vec<Constraint>>> {
        let intervals: Vec<Constraint> = self
            .single
            .iter()
            .flat_map(|(n, i)| i.constraints(n))
            .map(|c| (c.lin.terms, c.lin.constant, c.equality))
            .collect();
        let mut pieces = self.rest.pieces();
        for piece in pieces.iter_mut().flatten() {
            piece.extend(intervals.iter().cloned());
        }
        pieces
    }

    /// The constraints linked to `names` ([`Poly::linked_to`]): the
    /// intervals of those of them that have one, and the polyhedron's.
    pub fn linked_to(&self, names: &HashSet<String>) -> Option<Poly> {
        let linked = self.rest.linked_to(names)?;
        let intervals = self.listed(|n| names.contains(n));
        Some(within_intervals(
            linked,
            &self.rest.set.get_ctx(),
            &intervals,
        ))
    }

    /// The value of `name` where the store fixes it.
    pub fn fixed(&self, name: &str) -> Option<i128> {
        match self.single.get(name) {
            Some(i) => i.lower.filter(|&l| Some(l) == i.upper),
            None => self.rest.fixed(name),
        }
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
        let single = self
            .single
            .iter()
            .filter(|(n, _)| !names.contains(*n))
            .map(|(n, i)| (n.clone(), *i))
            .collect();
        Factored::new(single, apply(t, &pre)).with_singles_taken_out()
    }

    /// The store with nothing known of `names` (variables going out of
    /// scope).
    pub fn project_all(mut self, names: &[String]) -> Factored {
        for n in names {
            self.single.remove(n);
        }
        Factored::new(self.single, self.rest.project_all(names))
    }

    /// The store's hull, simplified, where it is not convex.
    pub fn convex(self) -> Factored {
        match self.rest.is_convex() {
            true => self,
            false => self.hull().simplify(),
        }
    }

    pub fn is_subset(&self, other: &Factored, ctx: &Context) -> bool {
        let (_, mine, theirs) = self.apart(other, ctx);
        mine.is_subset(&theirs)
    }

    /// The hull of both stores.
    pub fn join(&self, other: &Factored, ctx: &Context) -> Factored {
        let (single, mine, theirs) = self.apart(other, ctx);
        Factored::new(single, mine.union(&theirs).hull()).with_singles_taken_out()
    }

    /// The standard widening of `self` by `newer` ([`Poly::widen`]).
    pub fn widen(&self, newer: &Factored, ctx: &Context) -> Factored {
        let (single, mine, theirs) = self.apart(newer, ctx);
        Factored::new(single, mine.widen(&theirs, ctx)).with_singles_taken_out()
    }

    /// The same store, simplified ([`Poly::simplify`]).
    pub fn simplify(self) -> Factored {
        Factored::new(self.single, self.rest.simplify()).with_singles_taken_out()
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
        within_intervals(self.rest.clone(), ctx, intervals)
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

/// `poly` with the variables' `intervals` added.
fn within_intervals(poly: Poly, ctx: &Context, intervals: &[(String, Interval)]) -> Poly {
    match intervals.is_empty() {
        true => poly,
        false => poly.intersect(&Poly::within(ctx, intervals)),
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
        assert!(same_set(fa.whole(), &a));

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
            assert!(same_set(fa.apply(t, &ctx).whole(), &t.apply(&a)));
            assert!(same_set(
                &fa.apply_simplified(t, &ctx).whole().clone(),
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
        let joined = fa.join(&fm, &ctx).whole().clone();
        assert!(same_set(&joined, &a.union(&moved).hull()));
        assert!(a.is_subset(&joined) && moved.is_subset(&joined));

        let widened = fa
            .widen(&Factored::of(joined.clone()), &ctx)
            .whole()
            .clone();
        assert!(same_set(&widened, &a.widen(&joined, &ctx)));
    }

    /// What the readers of a recorded precondition ask of it, factored,
    /// is what they asked of the whole store: its pieces (the intervals in
    /// each), the constraints linked to a few variables, a fixed value
    /// (a constant of the intervals, of the polyhedron, or none), its hull
    /// and whether it is empty.
    #[test]
    fn a_factored_store_reads_as_the_whole() {
        let ctx = Context::alloc();
        let name = |i: u32| Name::Pre(VarId(i)).isl();
        // Two pieces over the linked variables: v21 = 5, or v21 = 9 and
        // v20 >= 0.
        let pieces = Poly::read(
            &ctx,
            &format!(
                "[{0}, {1}] -> {{ : {1} = 5 or ({1} = 9 and {0} >= 0) }}",
                name(20),
                name(21)
            ),
        );
        let convex = Factored::of(wide(&ctx, ""));
        let fa = Factored::new(convex.single.clone(), convex.rest.intersect(&pieces));
        let a = wide(&ctx, "").intersect(&pieces);
        assert!(!fa.single.is_empty() && !fa.rest.is_convex());
        let from_pieces = |pieces: Vec<Option<Vec<Constraint>>>| {
            let conjs: Vec<_> = pieces
                .into_iter()
                .map(|p| {
                    let piece = p.expect("no existentials");
                    crate::semantics::poly::linked_constraints(
                        &piece,
                        &mut fa.names().into_iter().collect(),
                    )
                })
                .collect();
            Poly::from_dnf(&ctx, &conjs)
        };
        assert!(same_set(&from_pieces(fa.pieces()), &a));
        for names in [vec![name(3)], vec![name(4), name(21)], vec![name(20)]] {
            let names: HashSet<String> = names.into_iter().collect();
            let linked = fa.linked_to(&names).expect("no existentials");
            assert!(same_set(
                &linked,
                &a.linked_to(&names).expect("no existentials")
            ));
        }
        assert_eq!(fa.fixed(&name(3)), Some(3000));
        assert_eq!(fa.fixed(&name(4)), None);
        assert_eq!(fa.fixed(&name(21)), a.fixed(&name(21)));
        assert!(same_set(fa.hull().whole(), &a.hull()));
        assert!(!fa.is_empty());
        let none = Factored::of(a.intersect(&Poly::read(
            &ctx,
            &format!("[{}] -> {{ : {} = 1 }}", name(3), name(3)),
        )));
        assert!(none.is_empty());
    }
}
