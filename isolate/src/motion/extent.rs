//! A transfer read affinely, and two side by side made fewer.
//!
//! `memload(&d[i], &s[i], n * sizeof(int))` copies the run of `n`
//! elements that starts at element `i` of `s` to the run that starts at
//! element `i` of `d`. When a transfer's destination and source are
//! addresses of elements of two named objects, both of one scalar type,
//! and its byte count is a number of elements of that type
//! (`n * sizeof(int)`, `sizeof(int) * n`, `sizeof a` for an array of
//! ints), the offsets and the count are affine forms of the store before
//! it ([`Extent`]).
//!
//! Two loads side by side (or two stores) between the same two objects
//! at the same distance copy the same bytes wherever their runs meet.
//! When, in every store the precondition allows there, one run starts
//! inside the other or right after it, the two are one copy of their
//! hull, which is their union: no byte more than both, and one call
//! fewer ([`merge`]). Where the order of the ends is not known the hull
//! has no affine length, and the two stay. Right after a transfer the
//! other way between the same objects at the same distance, both sides
//! agree on that one's run: the second copies only what is left of its
//! own, when that is one run ([`trim`]).
//!
//! `sizeof` stays symbolic (ferry does not model layouts): counts are in
//! elements, and a merged count is printed as `k * sizeof(T)` with the C
//! name of a type of that size (LP64: a 64-bit integer is a `long`).

use crate::bounds::affine_expr;
use ferry_hcfg::ir::{Expr, Type, VarId};
use ferry_hcfg::semantics::affine::Case;
use ferry_hcfg::semantics::poly::{Conj, Cons, Lin, Name, Poly};
use ferry_parser::ast;
use ferry_regions::access::add_cases;
use ferry_regions::entity::Root;
use ferry_regions::function::FunctionContext;
use ferry_regions::runs::{Place, elements, place};
use isl_rs::Context;
use std::collections::HashMap;

/// A transfer as a run of elements.
#[derive(Debug, Clone)]
pub struct Extent {
    pub dst: Place,
    pub src: Place,
    /// How many elements it copies.
    pub count: Vec<Case>,
    /// The scalar type of the elements on both sides.
    pub element: Type,
}

impl Extent {
    /// The run a transfer with IR arguments `dst`, `src` and `bytes`
    /// copies, if it is one.
    pub fn read(cx: &FunctionContext, dst: &Expr, src: &Expr, bytes: &Expr) -> Option<Extent> {
        let (dst, element) = place(cx, dst)?;
        let (src, src_element) = place(cx, src)?;
        if element != src_element || dst.entity == src.entity {
            return None;
        }
        let count = elements(cx, bytes, &element)?;
        Some(Extent {
            dst,
            src,
            count,
            element,
        })
    }

    /// Whether `other` copies between the same two objects.
    pub fn same_objects(&self, other: &Extent) -> bool {
        self.dst.entity == other.dst.entity
            && self.src.entity == other.src.entity
            && self.element == other.element
    }

    /// The run of `count` elements from `shift` elements after its start.
    pub fn part(&self, shift: &Lin, count: &Lin) -> Option<Extent> {
        let shift = [(shift.clone(), Conj::default())];
        let advanced = |p: &Place| -> Option<Place> {
            let mut p = p.clone();
            let last = p.subscripts.last_mut().expect("a place has a subscript");
            *last = add_cases(last, &shift)?;
            Some(p)
        };
        Some(Extent {
            dst: advanced(&self.dst)?,
            src: advanced(&self.src)?,
            count: vec![(count.clone(), Conj::default())],
            element: self.element.clone(),
        })
    }

    /// The same copy the other way: its source as destination.
    fn reversed(&self) -> Extent {
        Extent {
            dst: self.src.clone(),
            src: self.dst.clone(),
            ..self.clone()
        }
    }

    /// The same run as a caller sees it, at a call whose actual arguments
    /// are `actuals` (the caller's `cx`) for the callee's `formals`: the
    /// forms name only formal parameters (the transfer moved out of the
    /// callee because it does), each replaced by its actual's value, and a
    /// pointer formal's element becomes the one its actual designates.
    pub fn at_call(
        &self,
        cx: &FunctionContext,
        formals: &[VarId],
        actuals: &[Expr],
    ) -> Option<Extent> {
        let mut values = HashMap::new();
        for (&formal, actual) in formals.iter().zip(actuals) {
            // One case whose condition introduces no name: nothing in it
            // can meet a fresh name of the callee's forms.
            if let Some([(lin, conj)]) = cx.value(actual).as_deref()
                && conj.exists.is_empty()
            {
                values.insert(Name::Pre(formal).isl(), (lin.clone(), conj.clone()));
            }
        }
        let side = |p: &Place| -> Option<Place> {
            let subscripts: Vec<Vec<Case>> = p
                .subscripts
                .iter()
                .map(|cases| substitute_cases(cases, &values))
                .collect::<Option<_>>()?;
            let Root::Var(v) = p.entity.root else {
                return None;
            };
            let Some(i) = formals.iter().position(|&f| f == v) else {
                return Some(Place {
                    entity: p.entity.clone(),
                    subscripts,
                });
            };
            // What the pointer points to, moved by the callee's offset.
            let [offset] = subscripts.as_slice() else {
                return None;
            };
            let (mut place, element) = place(cx, &actuals[i])?;
            if element != self.element {
                return None;
            }
            let last = place
                .subscripts
                .last_mut()
                .expect("a place has a subscript");
            *last = add_cases(last, offset)?;
            Some(place)
        };
        let (dst, src) = (side(&self.dst)?, side(&self.src)?);
        if dst.entity == src.entity {
            return None;
        }
        Some(Extent {
            dst,
            src,
            count: substitute_cases(&self.count, &values)?,
            element: self.element.clone(),
        })
    }

    /// Its affine forms in the stores of `state`: one case each.
    fn resolve(&self, ctx: &Context, state: &Poly) -> Option<Resolved> {
        let side = |p: &Place| -> Option<Vec<Lin>> {
            p.subscripts
                .iter()
                .map(|s| only_case(ctx, s, state))
                .collect()
        };
        Some(Resolved {
            dst: side(&self.dst)?,
            src: side(&self.src)?,
            count: only_case(ctx, &self.count, state)?,
        })
    }
}

/// An extent's forms where they have one case.
struct Resolved {
    dst: Vec<Lin>,
    src: Vec<Lin>,
    count: Lin,
}

impl Resolved {
    fn start(&self) -> &Lin {
        self.dst.last().expect("a place has a subscript")
    }

    fn end(&self) -> Option<Lin> {
        self.start().add(&self.count)
    }

    /// How far the source's run is from the destination's.
    fn shift(&self) -> Option<Lin> {
        self.start()
            .sub(self.src.last().expect("a place has a subscript"))
    }
}

/// What a transfer followed by another of the same direction amounts to.
#[derive(Debug, PartialEq)]
pub enum Merged {
    /// The first: the second copies a part of it again.
    First,
    /// The second, which copies all the first does.
    Second,
    /// One run from the start of the first (`from_first`) or the second,
    /// `count` elements long, covering both.
    Hull { from_first: bool, count: Lin },
}

/// `a` and `b` resolved in the stores of `state`, when they copy between
/// the same two objects the same way, at the same distance (where their
/// runs meet they copy the same bytes), with counts never negative.
fn aligned(ctx: &Context, a: &Extent, b: &Extent, state: &Poly) -> Option<(Resolved, Resolved)> {
    if !a.same_objects(b) {
        return None;
    }
    let (ra, rb) = (a.resolve(ctx, state)?, b.resolve(ctx, state)?);
    let outer = |r: &Resolved| {
        (
            r.dst[..r.dst.len() - 1].to_vec(),
            r.src[..r.src.len() - 1].to_vec(),
        )
    };
    let aligned = outer(&ra) == outer(&rb)
        && ra
            .shift()?
            .sub(&rb.shift()?)
            .is_some_and(|d| state.satisfies(&Cons::eq0(d)))
        && state.nonnegative(&ra.count)
        && state.nonnegative(&rb.count);
    aligned.then_some((ra, rb))
}

/// The single copy that does what `first` then `second` do, in every
/// store of `state`; both copy between the same objects.
pub fn merge(ctx: &Context, first: &Extent, second: &Extent, state: &Poly) -> Option<Merged> {
    let (a, b) = aligned(ctx, first, second, state)?;
    for (x, y, x_first) in [(&a, &b, true), (&b, &a, false)] {
        // y starts within x's run or right where it ends.
        let starts_inside = state.nonnegative(&y.start().sub(x.start())?)
            && state.nonnegative(&x.end()?.sub(y.start())?);
        if !starts_inside {
            continue;
        }
        let (x_end, y_end) = (x.end()?, y.end()?);
        if state.nonnegative(&x_end.sub(&y_end)?) {
            return Some(if x_first {
                Merged::First
            } else {
                Merged::Second
            });
        }
        if state.nonnegative(&y_end.sub(&x_end)?) {
            return Some(Merged::Hull {
                from_first: x_first,
                count: y_end.sub(x.start())?,
            });
        }
    }
    None
}

/// The cases with every name of `values` replaced by its value (and its
/// value's condition added); `None` when a form names a parameter whose
/// value is not one plain case.
fn substitute_cases(cases: &[Case], values: &HashMap<String, Case>) -> Option<Vec<Case>> {
    let lin = |l: &Lin, conj: &mut Conj| -> Option<Lin> {
        let mut out = Lin::constant(l.constant);
        for (n, c) in &l.terms {
            let term = match (values.get(n), Name::parse(n)) {
                (Some((value, condition)), _) => {
                    *conj = conj.and(condition);
                    value.scale(*c)?
                }
                // A parameter without a value cannot stay: it names the
                // callee's variable.
                (None, Some(Name::Pre(_))) => return None,
                (None, _) => Lin {
                    terms: vec![(n.clone(), *c)],
                    constant: 0,
                },
            };
            out = out.add(&term)?;
        }
        Some(out)
    };
    cases
        .iter()
        .map(|(l, conj)| {
            let mut added = Conj::default();
            let l = lin(l, &mut added)?;
            let mut conj = conj.clone();
            for cons in &mut conj.cons {
                cons.lin = lin(&cons.lin, &mut added)?;
            }
            Some((l, conj.and(&added)))
        })
        .collect()
}

/// What is left to copy of a transfer right after one the other way.
#[derive(Debug, PartialEq)]
pub enum Trimmed {
    /// Nothing: both sides already agree on all of its run.
    Nothing,
    /// The `count` elements from `shift` after its start.
    Rest { shift: Lin, count: Lin },
}

/// What `next` still has to copy right after `done`, which copied between
/// the same two objects the other way (so both sides agree on its run),
/// in every store of `state`; `None` when all of it (or more than one
/// run of it) is left.
pub fn trim(ctx: &Context, done: &Extent, next: &Extent, state: &Poly) -> Option<Trimmed> {
    // Both on `done`'s destination side, which is `next`'s source side.
    let (d, n) = aligned(ctx, done, &next.reversed(), state)?;
    let (n_start, n_end) = (n.start(), n.end()?);
    let (d_start, d_end) = (d.start(), d.end()?);
    let nonnegative = |l: Option<Lin>| l.is_some_and(|l| state.nonnegative(&l));
    let starts_inside = nonnegative(n_start.sub(d_start)) && nonnegative(d_end.sub(n_start));
    let ends_inside = nonnegative(n_end.sub(d_start)) && nonnegative(d_end.sub(&n_end));
    match (starts_inside, ends_inside) {
        (true, true) => Some(Trimmed::Nothing),
        (true, false) if nonnegative(n_end.sub(&d_end)) => Some(Trimmed::Rest {
            shift: d_end.sub(n_start)?,
            count: n_end.sub(&d_end)?,
        }),
        (false, true) if nonnegative(d_start.sub(n_start)) => Some(Trimmed::Rest {
            shift: Lin::constant(0),
            count: d_start.sub(n_start)?,
        }),
        _ => None,
    }
    .filter(|t| match t {
        Trimmed::Nothing => true,
        // Surely shorter: trimming ends.
        Trimmed::Rest { count, .. } => {
            nonnegative(n.count.sub(count).and_then(|l| l.add(&Lin::constant(-1))))
        }
    })
}

/// The one case of `cases` that some store of `state` falls in (so every
/// store of `state` does), over program variables only.
fn only_case(ctx: &Context, cases: &[Case], state: &Poly) -> Option<Lin> {
    let mut possible = cases.iter().filter(|(_, conj)| {
        !state
            .intersect(&Poly::from_dnf(ctx, std::slice::from_ref(conj)))
            .is_empty()
    });
    let (lin, _) = possible.next()?;
    if possible.next().is_some() {
        return None;
    }
    // A fresh name (a quotient, an unknown) means something else in each
    // transfer's forms.
    let named = lin
        .terms
        .iter()
        .all(|(n, _)| matches!(Name::parse(n), Some(Name::Pre(_))));
    named.then(|| lin.clone())
}

/// `count * sizeof(T)`, with `T` a C type of the element's size.
pub fn byte_count(
    count: &Lin,
    element: &Type,
    name: &dyn Fn(&str) -> Option<ast::Expr>,
) -> Option<ast::Expr> {
    let unit = sizeof_type(element)?;
    if count.as_constant() == Some(1) {
        return Some(unit);
    }
    Some(ferry_parser::build::mul(affine_expr(count, name)?, unit))
}

/// `sizeof(T)` for a C type `T` of the size of `element`.
fn sizeof_type(element: &Type) -> Option<ast::Expr> {
    use ast::BuiltinType::*;
    let builtins: &[ast::BuiltinType] = match *element {
        Type::Int { bits: 8, .. } => &[Char],
        Type::Int { bits: 16, .. } => &[Short],
        Type::Int { bits: 32, .. } => &[Int],
        Type::Int { bits: 64, .. } => &[Long],
        Type::Float { bits: 32 } => &[Float],
        Type::Float { bits: 64 } => &[Double],
        _ => return None,
    };
    let name = ast::TypeName {
        specifiers: builtins
            .iter()
            .map(|&b| ast::DeclSpecifier::Type(ast::TypeSpecifier::Builtin(b)))
            .collect(),
        declarator: ast::Declarator::Abstract,
        span: Default::default(),
    };
    Some(ferry_parser::build::expr(ast::ExprKind::SizeofType(
        Box::new(name),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::poly;
    use ferry_regions::entity::Entity;

    /// `a + k*v1` for a variable numbered 1 (isl's `v1`).
    fn lin(constant: i128, k: i128) -> Lin {
        let mut l = Lin::constant(constant);
        if k != 0 {
            l.terms.push(("v1".to_owned(), k));
        }
        l
    }

    fn case(l: Lin) -> Vec<Case> {
        vec![(l, Conj::default())]
    }

    /// A copy of `count` ints from element `start` of object 10 to
    /// element `start + shift` of object 20 (or back, `reverse`).
    fn run(start: Lin, shift: i128, count: Lin, reverse: bool) -> Extent {
        let place = |object: u32, at: Lin| Place {
            entity: Entity::var(VarId(object)),
            subscripts: vec![case(at)],
        };
        let host = place(10, start.clone());
        let device = place(20, start.add(&Lin::constant(shift)).unwrap());
        let (dst, src) = if reverse {
            (host, device)
        } else {
            (device, host)
        };
        Extent {
            dst,
            src,
            count: case(count),
            element: Type::int(),
        }
    }

    #[test]
    fn overlapping_and_touching_runs_merge_into_their_union() {
        let ctx = Context::alloc();
        let any = poly(&ctx, "[v1] -> { : }");
        // [i, i+4) then [i+2, i+6): one run of 6 from i.
        let a = run(lin(0, 1), 0, lin(4, 0), false);
        let b = run(lin(2, 1), 0, lin(4, 0), false);
        assert_eq!(
            merge(&ctx, &a, &b, &any),
            Some(Merged::Hull {
                from_first: true,
                count: lin(6, 0)
            })
        );
        // The other order starts from the second.
        assert_eq!(
            merge(&ctx, &b, &a, &any),
            Some(Merged::Hull {
                from_first: false,
                count: lin(6, 0)
            })
        );
        // [0, 4) then [1, 3): the second copies nothing new.
        let inside = run(lin(1, 0), 0, lin(2, 0), false);
        assert_eq!(
            merge(&ctx, &run(lin(0, 0), 0, lin(4, 0), false), &inside, &any),
            Some(Merged::First)
        );
        // [0, k) then [k, k+4) touch when k >= 0 only.
        let prefix = run(lin(0, 0), 0, lin(0, 1), false);
        let rest = run(lin(0, 1), 0, lin(4, 0), false);
        assert_eq!(merge(&ctx, &prefix, &rest, &any), None);
        let k_nonnegative = poly(&ctx, "[v1] -> { : v1 >= 0 }");
        assert_eq!(
            merge(&ctx, &prefix, &rest, &k_nonnegative),
            Some(Merged::Hull {
                from_first: true,
                count: lin(4, 1)
            })
        );
    }

    #[test]
    fn runs_with_a_gap_or_at_other_distances_stay_two() {
        let ctx = Context::alloc();
        let any = poly(&ctx, "[v1] -> { : }");
        let first = run(lin(0, 0), 0, lin(2, 0), false);
        let gap = run(lin(3, 0), 0, lin(2, 0), false);
        assert_eq!(merge(&ctx, &first, &gap, &any), None);
        let shifted = run(lin(1, 0), 2, lin(2, 0), false);
        assert_eq!(merge(&ctx, &first, &shifted, &any), None);
    }

    #[test]
    fn a_transfer_after_one_the_other_way_keeps_what_is_left() {
        let ctx = Context::alloc();
        let any = poly(&ctx, "[v1] -> { : }");
        // Stored [i, i+4), then loaded [i+2, i+6): only [i+4, i+6) is new.
        let stored = run(lin(0, 1), 0, lin(4, 0), true);
        let loaded = run(lin(2, 1), 0, lin(4, 0), false);
        assert_eq!(
            trim(&ctx, &stored, &loaded, &any),
            Some(Trimmed::Rest {
                shift: lin(2, 0),
                count: lin(2, 0)
            })
        );
        // Loaded [i-1, i+3) after the store: [i-1, i) is new.
        let before = run(lin(-1, 1), 0, lin(4, 0), false);
        assert_eq!(
            trim(&ctx, &stored, &before, &any),
            Some(Trimmed::Rest {
                shift: lin(0, 0),
                count: lin(1, 0)
            })
        );
        // Inside the stored run: nothing.
        let inside = run(lin(1, 1), 0, lin(2, 0), false);
        assert_eq!(trim(&ctx, &stored, &inside, &any), Some(Trimmed::Nothing));
        // Around it: two runs would be left, it stays.
        let around = run(lin(-1, 1), 0, lin(6, 0), false);
        assert_eq!(trim(&ctx, &stored, &around, &any), None);
        // Touching: nothing in common, it stays.
        let after = run(lin(4, 1), 0, lin(4, 0), false);
        assert_eq!(trim(&ctx, &stored, &after, &any), None);
    }
}
