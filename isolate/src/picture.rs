//! A picture of what an isolated statement does to a 1-D or 2-D array,
//! for the report (`ferry isolate --report`): the elements it reads,
//! writes, imports (IN) and exports (OUT), and the boxes the hull plan
//! copies in and back, each as cells over the array.
//!
//! Regions are symbolic (`0 <= phi1 < n`), a picture is not: it is drawn
//! for one value of every variable the sets mention. A value the
//! statement's precondition fixes (`n == 4000` where the caller passes a
//! constant) is that value; any other is the first of 16, 8, 4, 2, 1 the
//! precondition allows (sizes small enough that one cell is one element),
//! else a value isl finds in the precondition. The picture lists the values, so that a
//! reader knows which instance is drawn.
//!
//! Large arrays are drawn with several elements per cell: a cell is marked
//! when the set meets it. Cells are found by halving: a block of cells the
//! set misses or covers is decided with one isl question, so the cost goes
//! with the set's boundary, not with the array's size.

use ferry_hcfg::semantics::poly::{Conj, Cons, Lin, Poly};
use ferry_regions::entity::phi;
use ferry_regions::set::{equal_to, with_phi_as_dims};
use isl_rs::DimType;

/// The most cells along a dimension of a 2-D picture, and of a 1-D one.
const MAX_CELLS_2D: i64 = 48;
const MAX_CELLS_1D: i64 = 96;

/// The values tried, in order, for a variable the precondition leaves
/// free: sizes small enough that a cell is an element, large enough to
/// show a shape.
const READABLE_VALUES: [i128; 5] = [16, 8, 4, 2, 1];

/// The sets of one array a picture is drawn from, over the program's
/// variables (isl names) and `phi1..phiN`, and how to name those
/// variables in C.
#[derive(Debug, Clone)]
pub struct PictureSets {
    pub dims: usize,
    /// The layers, in drawing order: `(kind, set)`.
    pub layers: Vec<(&'static str, Poly)>,
    /// The declared extents of the array, where known (a frame).
    pub declared: Poly,
    /// The statement's precondition.
    pub context: Poly,
    /// The C name of each variable the sets mention, by isl name.
    pub names: Vec<(String, String)>,
}

/// One dimension of a picture: the subscripts from `first` on, `count`
/// of them, `step` per cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Axis {
    pub first: i64,
    pub count: i64,
    pub step: i64,
}

impl Axis {
    pub fn cells(&self) -> i64 {
        (self.count + self.step - 1) / self.step
    }
}

/// One set over the cells, row-major.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layer {
    /// `read`, `written`, `imported`, `exported`, `copied in`, `copied back`.
    pub kind: &'static str,
    pub cells: Vec<bool>,
    /// The elements of a box layer (what a hull copy moves).
    pub elements: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    /// The C name and value of every variable the picture fixed.
    pub values: Vec<(String, i64)>,
    /// One axis per dimension (rows first).
    pub axes: Vec<Axis>,
    pub layers: Vec<Layer>,
}

impl PictureSets {
    /// The picture, or `None` for an array of more than two dimensions,
    /// sets isl cannot instantiate, or nothing touched.
    pub fn draw(&self) -> Option<Picture> {
        if self.dims == 0 || self.dims > 2 {
            return None;
        }
        let phis: Vec<String> = (1..=self.dims).map(phi).collect();
        let (values, fixed) = self.instance(&phis)?;
        let instantiate = |p: &Poly| -> Poly {
            let names: Vec<String> = p
                .params()
                .into_iter()
                .filter(|n| !phis.contains(n))
                .collect();
            p.intersect(&fixed).project_all(&names)
        };
        let layers: Vec<(&str, Poly)> = self
            .layers
            .iter()
            .map(|(kind, set)| (*kind, instantiate(set)))
            .collect();
        let touched = layers
            .iter()
            .fold(Poly::empty(&fixed.set.get_ctx()), |all, (_, s)| {
                all.union(s)
            });
        if touched.is_empty() {
            return None;
        }
        let frame = instantiate(&self.declared);
        let axes = self.axes(&frame, &touched)?;
        let drawn = layers
            .iter()
            .map(|(kind, set)| Layer {
                kind,
                cells: rasterise(set, &axes, &phis),
                elements: BOXES
                    .contains(kind)
                    .then(|| box_elements(set, self.dims))
                    .flatten(),
            })
            .collect();
        Some(Picture {
            values,
            axes,
            layers: drawn,
        })
    }

    /// A value for every variable the sets mention, as `(C name, value)`
    /// and as a set of equalities.
    fn instance(&self, phis: &[String]) -> Option<(Vec<(String, i64)>, Poly)> {
        let ctx = self.context.set.get_ctx();
        let mut variables: Vec<String> = Vec::new();
        for set in self.layers.iter().map(|(_, s)| s).chain([&self.declared]) {
            for p in set.params() {
                if !phis.contains(&p) && !variables.contains(&p) {
                    variables.push(p);
                }
            }
        }
        let unrelated: Vec<String> = self
            .context
            .params()
            .into_iter()
            .filter(|p| !variables.contains(p))
            .collect();
        let mut context = self.context.project_all(&unrelated);
        if context.is_empty() {
            return None;
        }
        let mut values = Vec::new();
        for v in &variables {
            let value = match context.fixed(v) {
                Some(value) => value,
                None => match READABLE_VALUES
                    .into_iter()
                    .find(|&x| !context.intersect(&equal(&ctx, v, x)).is_empty())
                {
                    Some(x) => x,
                    None => sample(&context, v)?,
                },
            };
            context = context.intersect(&equal(&ctx, v, value));
            let c_name = self
                .names
                .iter()
                .find(|(isl, _)| isl == v)
                .map_or_else(|| v.clone(), |(_, c)| c.clone());
            values.push((c_name, i64::try_from(value).ok()?));
        }
        values.sort();
        Some((values, context))
    }

    /// The extent of each dimension: the declared one where it is known,
    /// else what the sets touch; from subscript 0 unless the sets reach
    /// below it.
    fn axes(&self, frame: &Poly, touched: &Poly) -> Option<Vec<Axis>> {
        let frame = with_phi_as_dims(frame, self.dims)?;
        let touched = with_phi_as_dims(touched, self.dims)?;
        let max_cells = if self.dims == 1 {
            MAX_CELLS_1D
        } else {
            MAX_CELLS_2D
        };
        (0..self.dims)
            .map(|k| {
                let low = dim_bound(&touched, k, Bound::Least)?;
                let high = dim_bound(&touched, k, Bound::Greatest)?;
                let first = low
                    .min(dim_bound(&frame, k, Bound::Least).unwrap_or(0))
                    .min(0);
                let last = high.max(dim_bound(&frame, k, Bound::Greatest).unwrap_or(high));
                let count = last - first + 1;
                Some(Axis {
                    first,
                    count,
                    step: (count + max_cells - 1) / max_cells,
                })
            })
            .collect()
    }
}

/// The layers that are boxes (the hull plan's copies).
pub const BOXES: [&str; 2] = ["copied in", "copied back"];

/// The elements of a box (with no parameter left): the product of its
/// extents; 0 when it is empty.
fn box_elements(set: &Poly, dims: usize) -> Option<i64> {
    if set.is_empty() {
        return Some(0);
    }
    let set = with_phi_as_dims(set, dims)?;
    let mut product: i64 = 1;
    for k in 0..dims {
        let extent = dim_bound(&set, k, Bound::Greatest)? - dim_bound(&set, k, Bound::Least)? + 1;
        product = product.checked_mul(extent)?;
    }
    Some(product)
}

#[derive(Clone, Copy)]
enum Bound {
    Least,
    Greatest,
}

/// The least or greatest value of dimension `k` of `set` (no parameter
/// left); `None` when it is unbounded there or isl fails.
fn dim_bound(set: &isl_rs::Set, k: usize, bound: Bound) -> Option<i64> {
    let set = set.copy().ok()?;
    let value = match bound {
        Bound::Least => set.dim_min_val(k as i32),
        Bound::Greatest => set.dim_max_val(k as i32),
    };
    integer(value.ok()?)
}

/// An isl value that is an integer (not infinity, not a fraction).
fn integer(value: isl_rs::Val) -> Option<i64> {
    value
        .is_int()
        .ok()?
        .then(|| value.get_num_si().ok())
        .flatten()
}

/// `name == value`.
fn equal(ctx: &isl_rs::Context, name: &str, value: i128) -> Poly {
    equal_to(ctx, name, &Lin::constant(value)).expect("a one-term form")
}

/// A value `name` takes at some point of `context` (isl's sample).
fn sample(context: &Poly, name: &str) -> Option<i128> {
    let pos = context.has(name)?;
    let point = context.set.copy().ok()?.sample_point().ok()?;
    integer(point.get_coordinate_val(DimType::Param, pos as i32).ok()?).map(i128::from)
}

/// The cells of `axes` that `set` (over `phis` only) meets, row-major.
fn rasterise(set: &Poly, axes: &[Axis], phis: &[String]) -> Vec<bool> {
    let cells: Vec<i64> = axes.iter().map(Axis::cells).collect();
    let mut marked = vec![false; cells.iter().product::<i64>() as usize];
    let whole: Vec<(i64, i64)> = cells.iter().map(|&n| (0, n)).collect();
    let ctx = set.set.get_ctx();
    let mut work = vec![whole];
    while let Some(block) = work.pop() {
        let elements = element_box(&ctx, &block, axes, phis);
        if set.intersect(&elements).is_empty() {
            continue;
        }
        let widest = (0..block.len())
            .max_by_key(|&k| block[k].1 - block[k].0)
            .expect("a dimension");
        let (lo, hi) = block[widest];
        if hi - lo == 1 || elements.is_subset(set) {
            mark(&mut marked, &block, &cells);
            continue;
        }
        let middle = lo + (hi - lo) / 2;
        for half in [(lo, middle), (middle, hi)] {
            let mut part = block.clone();
            part[widest] = half;
            work.push(part);
        }
    }
    marked
}

/// The elements of the cells `block` (per dimension, cells `lo..hi`).
fn element_box(
    ctx: &isl_rs::Context,
    block: &[(i64, i64)],
    axes: &[Axis],
    phis: &[String],
) -> Poly {
    let mut cons = Vec::new();
    for ((&(lo, hi), axis), name) in block.iter().zip(axes).zip(phis) {
        let first = i128::from(axis.first + lo * axis.step);
        let last = i128::from((axis.first + hi * axis.step).min(axis.first + axis.count) - 1);
        let x = Lin::name(name.as_str());
        cons.push(Cons::ge0(x.sub(&Lin::constant(first)).expect("small")));
        cons.push(Cons::ge0(Lin::constant(last).sub(&x).expect("small")));
    }
    Poly::from_dnf(
        ctx,
        &[Conj {
            cons,
            exists: Vec::new(),
        }],
    )
}

fn mark(marked: &mut [bool], block: &[(i64, i64)], cells: &[i64]) {
    match block {
        [(lo, hi)] => (*lo..*hi).for_each(|c| marked[c as usize] = true),
        [(r0, r1), (c0, c1)] => {
            for r in *r0..*r1 {
                for c in *c0..*c1 {
                    marked[(r * cells[1] + c) as usize] = true;
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use isl_rs::Context;

    fn poly(ctx: &Context, text: &str) -> Poly {
        Poly {
            set: isl_rs::Set::read_from_str(ctx, text).expect("isl text"),
        }
    }

    fn row(p: &Picture, kind: &str) -> String {
        let layer = p.layers.iter().find(|l| l.kind == kind).expect("layer");
        layer
            .cells
            .iter()
            .map(|&c| if c { '#' } else { '.' })
            .collect()
    }

    #[test]
    fn a_free_size_is_drawn_at_sixteen_and_a_fixed_one_at_its_value() {
        let ctx = Context::alloc();
        let sets = PictureSets {
            dims: 1,
            layers: vec![
                ("read", poly(&ctx, "[v1, phi1] -> { : 0 <= phi1 < v1 }")),
                (
                    "written",
                    poly(&ctx, "[v1, phi1] -> { : 1 <= phi1 < v1 - 1 }"),
                ),
                (
                    "copied in",
                    poly(&ctx, "[v1, phi1] -> { : 2 <= phi1 < v1 }"),
                ),
            ],
            declared: poly(&ctx, "[phi1] -> { : }"),
            context: poly(&ctx, "[v1] -> { : v1 >= 2 }"),
            names: vec![("v1".into(), "n".into())],
        };
        let p = sets.draw().expect("a picture");
        assert_eq!(p.values, vec![("n".to_string(), 16)]);
        assert_eq!(
            p.axes,
            vec![Axis {
                first: 0,
                count: 16,
                step: 1
            }]
        );
        assert_eq!(row(&p, "read"), "################");
        assert_eq!(row(&p, "written"), ".##############.");
        assert_eq!(row(&p, "copied in"), "..##############");
        let copied = p.layers.iter().find(|l| l.kind == "copied in");
        assert_eq!(copied.and_then(|l| l.elements), Some(14));
        assert_eq!(p.layers[0].elements, None, "only boxes are counted");

        let fixed = PictureSets {
            context: poly(&ctx, "[v1] -> { : v1 = 1000 }"),
            ..sets
        };
        let p = fixed.draw().expect("a picture");
        assert_eq!(p.values, vec![("n".to_string(), 1000)]);
        assert_eq!(p.axes[0].step, 11, "1000 elements over at most 96 cells");
        let written = row(&p, "written");
        assert_eq!(written.len(), 91);
        assert!(
            written.chars().all(|c| c == '#'),
            "every cell meets 1..998: {written}"
        );
    }

    #[test]
    fn a_triangle_and_a_declared_frame() {
        let ctx = Context::alloc();
        let sets = PictureSets {
            dims: 2,
            layers: vec![(
                "written",
                poly(&ctx, "[phi1, phi2] -> { : 0 <= phi2 <= phi1 < 4 }"),
            )],
            declared: poly(
                &ctx,
                "[phi1, phi2] -> { : 0 <= phi1 < 6 and 0 <= phi2 < 5 }",
            ),
            context: poly(&ctx, "{ : }"),
            names: Vec::new(),
        };
        let p = sets.draw().expect("a picture");
        assert!(p.values.is_empty());
        assert_eq!(
            p.axes,
            vec![
                Axis {
                    first: 0,
                    count: 6,
                    step: 1
                },
                Axis {
                    first: 0,
                    count: 5,
                    step: 1
                }
            ]
        );
        let rows: Vec<String> = row(&p, "written")
            .as_bytes()
            .chunks(5)
            .map(|r| String::from_utf8(r.to_vec()).expect("ASCII"))
            .collect();
        assert_eq!(rows, ["#....", "##...", "###..", "####.", ".....", "....."]);
    }

    #[test]
    fn three_dimensions_are_not_drawn() {
        let ctx = Context::alloc();
        let sets = PictureSets {
            dims: 3,
            layers: vec![(
                "read",
                poly(
                    &ctx,
                    "[phi1, phi2, phi3] -> { : 0 <= phi1, phi2, phi3 < 2 }",
                ),
            )],
            declared: poly(&ctx, "{ : }"),
            context: poly(&ctx, "{ : }"),
            names: Vec::new(),
        };
        assert_eq!(sets.draw(), None);
    }
}
