//! The transitive closure of a loop's iteration, block by block.
//!
//! isl's closure of a relation costs far more than linearly in its
//! variables: one Csmith loop that decrements three `uint8_t` counters
//! with wrap-around, each in a constraint triangle of its own, took a
//! third of a second over 14 variables, and 5 ms block by block.
//!
//! The variables of an iteration often fall into blocks that no
//! constraint links: counters, flags, a wrap-around decrement. The
//! iteration is then a product `R = R_1 × … × R_n`, and so is each of its
//! powers: `R^k = R_1^k × … × R_n^k`. So
//! `R+ = { (x, x') : ∃k ≥ 1, ∀b (x_b, x_b') ∈ R_b^k }`. Taking each
//! block's closure on its own would lose the `k` they share (the loop
//! index and a second counter that both move by one per iteration stay
//! equal); so each block is closed with an iteration counter of its own
//! (`c' = c + 1`), which its closure relates to the block's variables
//! (`c' - c = k`). The blocks' closures are intersected on the counter,
//! which is then projected out. The result is exact where each block's
//! closure is, and a sound over-approximation otherwise.

use super::poly::{Conj, Cons, Constraint, Lin, Poly};
use isl_rs::Context;
use std::collections::HashMap;

/// The counter's value before and after the iterations: names no program
/// variable can have ([`super::poly::Name`] names are a letter and a
/// number).
const COUNT_BEFORE: &str = "iterations_before";
const COUNT_AFTER: &str = "iterations_after";

/// One or more applications of the convex relation `rel` over the
/// `(pre, post)` name pairs of the variables it modifies, and whether isl
/// found the closure exact; `None` when isl gives up.
pub fn transitive_closure(
    ctx: &Context,
    rel: &Poly,
    pairs: &[(String, String)],
) -> Option<(Poly, bool)> {
    let blocks = match independent_blocks(rel) {
        Some(blocks) if blocks.len() > 1 => blocks,
        _ => return rel.transitive_closure(pairs),
    };
    let step = Cons::eq0(Lin {
        terms: vec![(COUNT_AFTER.to_string(), 1), (COUNT_BEFORE.to_string(), -1)],
        constant: -1,
    });
    let mut closure = Poly::universe(ctx);
    let mut exact = true;
    for block in blocks {
        let mentioned = |name: &String| {
            block
                .iter()
                .any(|c| c.lin.terms.iter().any(|(n, _)| n == name))
        };
        let block_pairs: Vec<(String, String)> = pairs
            .iter()
            .filter(|(pre, post)| mentioned(pre) || mentioned(post))
            .cloned()
            .collect();
        let Some((block_closure, block_exact)) = counted_closure(ctx, &block, &block_pairs, &step)
        else {
            return rel.transitive_closure(pairs);
        };
        exact &= block_exact;
        closure = closure.intersect(&block_closure);
    }
    Some((closure.project(COUNT_BEFORE).project(COUNT_AFTER), exact))
}

/// The closure of one block's iteration `block` over its `pairs`, with
/// the counter that `step` moves; `None` where isl gives up, or where the
/// closure ties the block to the counter by a coefficient that hulls drop
/// ([`Poly::hull`]). `big += 1000000000` in a loop over `i` gives
/// `big - big#init = 1000000000 (c - c#init)`: the loop's transformer,
/// the hull of zero or more iterations, drops it and keeps nothing of
/// `big`, where the closure of the whole iteration keeps
/// `big#init <= big` and its bounds at the loop's head.
fn counted_closure(
    ctx: &Context,
    block: &[Cons],
    pairs: &[(String, String)],
    step: &Cons,
) -> Option<(Poly, bool)> {
    let mut counted_pairs = pairs.to_vec();
    counted_pairs.push((COUNT_BEFORE.to_string(), COUNT_AFTER.to_string()));
    let mut cons = block.to_vec();
    cons.push(step.clone());
    let iteration = Poly::from_dnf(
        ctx,
        &[Conj {
            cons,
            exists: Vec::new(),
        }],
    );
    let closure = iteration.transitive_closure(&counted_pairs)?;
    (!closure.0.has_huge_coefficient()).then_some(closure)
}

/// The constraints of the convex `rel` grouped into blocks that share no
/// variable; `None` when `rel` is not one piece without existentials.
fn independent_blocks(rel: &Poly) -> Option<Vec<Vec<Cons>>> {
    let pieces = rel.pieces();
    let [Some(piece)] = pieces.as_slice() else {
        return None;
    };
    let mut blocks = Blocks::default();
    for constraint in piece {
        blocks.add(constraint);
    }
    Some(blocks.into_constraints())
}

/// Constraints merged into blocks as they come: a union-find over the
/// variables, each root holding its block's constraints.
#[derive(Default)]
struct Blocks {
    index: HashMap<String, usize>,
    parent: Vec<usize>,
    constraints: Vec<Vec<Cons>>,
}

impl Blocks {
    fn add(&mut self, (terms, constant, equality): &Constraint) {
        let cons = Cons {
            lin: Lin {
                terms: terms.clone(),
                constant: *constant,
            },
            equality: *equality,
        };
        let vars: Vec<usize> = terms.iter().map(|(name, _)| self.variable(name)).collect();
        // A constraint over no variable (isl keeps none but `false`) is a
        // block of its own.
        let root = match vars.split_first() {
            Some((&first, rest)) => rest.iter().fold(first, |a, &b| self.union(a, b)),
            None => self.variable(COUNT_BEFORE),
        };
        self.constraints[root].push(cons);
    }

    fn variable(&mut self, name: &str) -> usize {
        if let Some(&v) = self.index.get(name) {
            return self.find(v);
        }
        let v = self.parent.len();
        self.index.insert(name.to_string(), v);
        self.parent.push(v);
        self.constraints.push(Vec::new());
        v
    }

    fn find(&mut self, mut v: usize) -> usize {
        while self.parent[v] != v {
            self.parent[v] = self.parent[self.parent[v]];
            v = self.parent[v];
        }
        v
    }

    /// Merges the blocks of two roots; the root of the merged block.
    fn union(&mut self, a: usize, b: usize) -> usize {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[b] = a;
            let moved = std::mem::take(&mut self.constraints[b]);
            self.constraints[a].extend(moved);
        }
        a
    }

    fn into_constraints(self) -> Vec<Vec<Cons>> {
        self.constraints
            .into_iter()
            .filter(|block| !block.is_empty())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::semantics::poly::same_set;

    fn pairs(vars: &[u32]) -> Vec<(String, String)> {
        vars.iter()
            .map(|v| (format!("v{v}"), format!("w{v}")))
            .collect()
    }

    /// Closed block by block, an iteration gives the set isl's closure of
    /// the whole gives: an index and a second counter that move together
    /// (their shared count kept: `k - k#init = 2 (i - i#init)`), a copy,
    /// and an `uint8_t` decremented with wrap-around (a triangle of its
    /// own).
    #[test]
    fn blocks_closed_apart_keep_the_iterations_they_share() {
        let ctx = Context::alloc();
        let rel = Poly::read(
            &ctx,
            "[v1, w1, v2, w2, n, v3, w3, v4, w4] -> { : w1 = v1 + 1 and v1 < n \
             and w2 = v2 + 2 and w3 = v4 \
             and v4 >= 0 and v4 <= 255 and w4 >= -1 + v4 and w4 >= 255 - 255v4 \
             and 255w4 <= 65025 - v4 }",
        );
        assert_eq!(independent_blocks(&rel).map(|b| b.len()), Some(3));
        let pairs = pairs(&[1, 2, 3, 4]);
        let (blocks, _) = transitive_closure(&ctx, &rel, &pairs).expect("a closure");
        let (whole, _) = rel.transitive_closure(&pairs).expect("a closure");
        assert!(same_set(&blocks, &whole));
        let shared = Poly::read(&ctx, "[v1, w1, v2, w2] -> { : w2 - v2 = 2w1 - 2v1 }");
        assert!(blocks.is_subset(&shared));
    }

    /// A block the counter would tie by a coefficient that hulls drop is
    /// not closed apart (`big += 1000000000; neg -= big;` in a loop over
    /// `i`, from `tests/c/semantics/long_values.c`): the closure is isl's
    /// of the whole iteration, constraint for constraint, so that the
    /// hulls after it see what they saw before blocks (the same set,
    /// written otherwise, left nothing of `big` in the loop's transformer).
    #[test]
    fn a_large_step_closes_the_whole_iteration() {
        let ctx = Context::alloc();
        let rel = Poly::read(
            &ctx,
            "[v1, w1, v2, w2, v3, w3] -> { : w1 = v1 + 1 and w1 <= 4 \
             and w2 = v2 + 1000000000 and v3 = w2 + w3 }",
        );
        assert_eq!(independent_blocks(&rel).map(|b| b.len()), Some(2));
        let pairs = pairs(&[1, 2, 3]);
        let (blocks, _) = transitive_closure(&ctx, &rel, &pairs).expect("a closure");
        let (whole, _) = rel.transitive_closure(&pairs).expect("a closure");
        let text = |p: &Poly| p.to_isl_string(&|n| n.to_string());
        assert_eq!(text(&blocks), text(&whole));
    }
}
