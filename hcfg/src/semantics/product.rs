//! Unions that are products of unions over variables no constraint links.
//!
//! Three wrap-around counters stepped in one loop body give a transformer
//! of eight disjuncts: each counter either moves by one or wraps, and
//! every combination occurs. isl's hull of the eight took a quarter of a
//! second over the counters' six variables (and their copies); the hull
//! of a product is the product of the hulls, three hulls of two disjuncts
//! over two variables each. A union whose blocks of variables are
//! linked by no constraint is not always such a product (`x = 0, y = 0`
//! or `x = 1, y = 1` is not: its hull keeps `x = y`), so the split is
//! taken only where every combination of the blocks' parts is one of the
//! disjuncts.

use super::poly::Row;

/// The factors of the union `disjuncts` (each a list of rows over
/// numbered variables): per block of variables that no row links, the
/// distinct parts the disjuncts have over it, when every combination of
/// parts is a disjunct (the union is their product); the union itself,
/// as its only factor, otherwise.
pub(super) fn factors<'r>(disjuncts: &[Vec<&'r Row>]) -> Vec<Vec<Vec<&'r Row>>> {
    let whole = || vec![disjuncts.to_vec()];
    let Some(blocks) = Blocks::of(disjuncts) else {
        return whole();
    };
    if blocks.roots.len() < 2 {
        return whole();
    }
    let mut parts: Vec<Vec<Vec<&Row>>> = vec![Vec::new(); blocks.roots.len()];
    let mut combinations: Vec<Vec<usize>> = Vec::with_capacity(disjuncts.len());
    for d in disjuncts {
        let combination = blocks
            .roots
            .iter()
            .zip(&mut parts)
            .map(|(&root, parts)| {
                let mut part: Vec<&Row> = d
                    .iter()
                    .copied()
                    .filter(|r| blocks.block_of(r) == root)
                    .collect();
                part.sort();
                match parts.iter().position(|p| *p == part) {
                    Some(id) => id,
                    None => {
                        parts.push(part);
                        parts.len() - 1
                    }
                }
            })
            .collect();
        combinations.push(combination);
    }
    combinations.sort();
    combinations.dedup();
    let product = parts
        .iter()
        .try_fold(1usize, |n, parts| n.checked_mul(parts.len()));
    match product == Some(combinations.len()) {
        true => parts,
        false => whole(),
    }
}

/// The blocks of variables the rows link: each variable's root, and the
/// roots in the order of their first variable.
struct Blocks {
    root_of: Vec<usize>,
    roots: Vec<usize>,
}

impl Blocks {
    /// `None` where a row has no variable (a constant constraint, which
    /// belongs to no block).
    fn of(disjuncts: &[Vec<&Row>]) -> Option<Blocks> {
        let variables = disjuncts
            .iter()
            .flatten()
            .flat_map(|r| r.terms.iter().map(|&(p, _)| p + 1))
            .max()
            .unwrap_or(0);
        let mut parent: Vec<usize> = (0..variables).collect();
        let mut mentioned = vec![false; variables];
        for r in disjuncts.iter().flatten() {
            let (&(first, _), others) = r.terms.split_first()?;
            mentioned[first] = true;
            for &(p, _) in others {
                mentioned[p] = true;
                let (a, b) = (find(&mut parent, first), find(&mut parent, p));
                parent[b] = a;
            }
        }
        let root_of: Vec<usize> = (0..variables).map(|v| find(&mut parent, v)).collect();
        let mut roots: Vec<usize> = Vec::new();
        for v in (0..variables).filter(|&v| mentioned[v]) {
            if !roots.contains(&root_of[v]) {
                roots.push(root_of[v]);
            }
        }
        Some(Blocks { root_of, roots })
    }

    /// The block of a row (that of any of its variables).
    fn block_of(&self, r: &Row) -> usize {
        self.root_of[r.terms[0].0]
    }
}

fn find(parent: &mut [usize], mut v: usize) -> usize {
    while parent[v] != v {
        parent[v] = parent[parent[v]];
        v = parent[v];
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(terms: &[(usize, i128)], constant: i128) -> Row {
        Row {
            terms: terms.to_vec(),
            constant,
            equality: true,
        }
    }

    /// Two counters, each moved by one or wrapped: four disjuncts, the
    /// product of two unions of two parts. Without one combination, or
    /// with the counters moving together, no split.
    #[test]
    fn a_union_splits_where_every_combination_occurs() {
        // x' - x - 1 = 0 or x' = 0 (x: 0, x': 1); y likewise (2, 3).
        let steps = [row(&[(1, 1), (0, -1)], -1), row(&[(1, 1)], 0)];
        let other = [row(&[(3, 1), (2, -1)], -1), row(&[(3, 1)], 0)];
        let all: Vec<Vec<&Row>> = steps
            .iter()
            .flat_map(|a| other.iter().map(move |b| vec![a, b]))
            .collect();
        let split = factors(&all);
        assert_eq!(split.len(), 2);
        assert!(split.iter().all(|f| f.len() == 2));
        assert_eq!(split[0], vec![vec![&steps[0]], vec![&steps[1]]]);

        let three = all[..3].to_vec();
        assert_eq!(factors(&three), vec![three.clone()]);

        // x = 0 and y = 0, or x = 1 and y = 1: not a product.
        let points = [
            row(&[(0, 1)], 0),
            row(&[(2, 1)], 0),
            row(&[(0, 1)], -1),
            row(&[(2, 1)], -1),
        ];
        let diagonal = vec![vec![&points[0], &points[1]], vec![&points[2], &points[3]]];
        assert_eq!(factors(&diagonal), vec![diagonal.clone()]);
    }
}
