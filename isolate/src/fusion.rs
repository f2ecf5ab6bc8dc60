//! Which parallel nests may run in one launch (horizontal fusion): two
//! parallel loops of one sequence, neither of which writes an element the
//! other reads or writes. A launch of both, their work-items side by side,
//! then computes what the two launches in order compute, and saves a
//! launch (fdtd-2d's source row, a one-dimensional nest, goes with the
//! two-dimensional update of the rows after it).
//!
//! Each loop's regions are in terms of the variables' values before it;
//! they compare only when the first changes no variable the second's
//! mention: both may write no scalar but those declared inside them (their
//! indices, private temporaries). Regions over-approximate, so disjoint
//! regions are disjoint accesses.

use crate::parallel::{Decision, Verdict, meets};
use ferry_hcfg::Analyses;
use ferry_hcfg::ir::{FuncId, NodeId, NodeKind, VarId};
use ferry_parser::ast::{Block, BlockItem, Expr, ExprKind, Stmt, StmtId, StmtKind};
use ferry_parser::build::{self, expr, ident, long as int, long_variable, stmt};
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
use ferry_regions::RegionsAnalysis;
use ferry_regions::access::Rw;
use ferry_regions::entity::Root;
use ferry_targets::kernel::{Dim, Kernel, ParamKind};
use std::collections::{HashMap, HashSet};

/// Ordered pairs (the first before the second in their sequence) of
/// parallel loops that may run in one launch.
pub type Independent = HashSet<(StmtId, StmtId)>;

/// The independent pairs among the parallel loops `decided` (by
/// statement) of every sequence of the program's functions.
pub fn independent_siblings(
    a: &Analyses,
    r: &RegionsAnalysis,
    decided: &HashMap<StmtId, Decision>,
) -> Independent {
    let private = |s: &StmtId| match decided.get(s).map(|d| &d.verdict) {
        Some(Verdict::Parallel { private, .. }) => Some(private.clone()),
        _ => None,
    };
    let mut pairs = Independent::new();
    // No pair to find (the host target, a statement with one parallel
    // loop): no function to walk.
    if decided.keys().filter(|s| private(s).is_some()).count() < 2 {
        return pairs;
    }
    for f in a.program.function_ids() {
        let Some(body) = &a.program.function(f).body else {
            continue;
        };
        for id in body.preorder() {
            let NodeKind::Seq { items, .. } = &body.node(id).kind else {
                continue;
            };
            // A loop's outermost node: the loop, or the sequence its
            // index's declaration opens around it.
            let loops: Vec<Nest> = items
                .iter()
                .filter_map(|&node| {
                    let stmt = body.node(node).stmt?;
                    Some(Nest {
                        node,
                        stmt,
                        private: private(&stmt)?,
                    })
                })
                .collect();
            for (k, first) in loops.iter().enumerate() {
                for second in &loops[k + 1..] {
                    if independent(a, r, f, first, second) {
                        pairs.insert((first.stmt, second.stmt));
                    }
                }
            }
        }
    }
    pairs
}

/// A parallel loop of a sequence: its outermost node, its statement, and
/// the scalars private to its iterations.
struct Nest {
    node: NodeId,
    stmt: StmtId,
    private: Vec<VarId>,
}

/// Whether the loops `first` and `second` of `f` touch no element in
/// common that one of them writes, and write no scalar but their own:
/// declared inside them, or private to their iterations (dead after the
/// loop, so the other neither reads it nor has regions that mention its
/// value).
fn independent(a: &Analyses, r: &RegionsAnalysis, f: FuncId, first: &Nest, second: &Nest) -> bool {
    let (Some(rw1), Some(rw2)) = (r.node(f, first.node), r.node(f, second.node)) else {
        return false;
    };
    let Some(body) = &a.program.function(f).body else {
        return false;
    };
    let own_scalars_only = |rw: &Rw, nest: &Nest| {
        let span = body.node(nest.node).span;
        rw.write.keys().all(|e| match e.root {
            Root::Var(v) if e.dims() == 0 && e.path.is_empty() => {
                let declared = a.program.var(v).span;
                nest.private.contains(&v) || span.lo <= declared.lo && declared.hi <= span.hi
            }
            Root::Var(_) => true,
            Root::Anywhere => false,
        })
    };
    if !own_scalars_only(rw1, first) || !own_scalars_only(rw2, second) {
        return false;
    }
    let apart = |writes: &Rw, other: &Rw| {
        writes.write.iter().all(|(e1, w)| {
            [&other.read, &other.write].into_iter().all(|map| {
                map.iter().all(|(e2, x)| {
                    !meets((e1, &w.set), (e2, &x.set), |s1, s2| {
                        !s1.intersect(s2).is_empty()
                    })
                })
            })
        })
    };
    apart(rw1, rw2) && apart(rw2, rw1)
}

/// `--explain`'s line for a launch of several nests: kernel `kernel`,
/// its loops at `spans` (of `file`), in order.
pub fn explanation(file: &ferry_parser::ParsedFile, kernel: &str, spans: &[Span]) -> String {
    let others: Vec<String> = spans[1..]
        .iter()
        .map(|span| {
            let at = file.source_map.locate(span.lo);
            format!("{}:{}", at.line, at.column)
        })
        .collect();
    let (loops, apart) = if others.len() > 1 {
        ("loops", "none of them writes what another")
    } else {
        ("loop", "neither writes what the other")
    };
    format!(
        "{}: loop: launched with the {loops} at {} as one kernel (`{kernel}`): {apart} reads \
         or writes",
        file.position(spans[0]),
        others.join(", ")
    )
}

/// A launch the outliner made (`Outliner::launch`), open to the launches
/// of the independent nests after it: its kernel (in the unit's list), the
/// loops it runs, and per part the host code that computes the part's
/// first indices and counts (the launch statement's items but its call).
pub(crate) struct OpenLaunch {
    pub kernel: usize,
    pub loops: Vec<StmtId>,
    parts: Vec<Vec<BlockItem>>,
    /// The first launch statement's: where it is, its pragmas, its id.
    first: Stmt,
}

impl OpenLaunch {
    /// The launch statement `s` of `kernel`, when it is a block that ends
    /// with the launcher's call (an index declared outside its loop has
    /// its last value set after the call: such a launch stays alone).
    pub fn of(s: &Stmt, kernel: usize) -> Option<OpenLaunch> {
        Some(OpenLaunch {
            kernel,
            loops: vec![s.id],
            parts: vec![items_before_call(s)?],
            first: s.clone(),
        })
    }

    /// Where its first loop is.
    pub fn span(&self) -> Span {
        self.first.span
    }

    /// Whether the launch of `id` is independent of every loop this one
    /// runs.
    pub fn independent_of(&self, id: StmtId, pairs: &Independent) -> bool {
        self.loops.iter().all(|&l| pairs.contains(&(l, id)))
    }

    /// Takes the launch statement `s` of loop `s.id` as a part after the
    /// others; `false` (and nothing changed) when it is not made as
    /// [`OpenLaunch::of`] wants.
    pub fn add(&mut self, s: &Stmt) -> bool {
        let Some(items) = items_before_call(s) else {
            return false;
        };
        self.loops.push(s.id);
        self.parts.push(items);
        true
    }

    /// The statement launching every part: each part's host code in a
    /// block of its own, its first indices and counts copied out to
    /// `ferry_p{part}_first{d}` and `ferry_p{part}_count{d}`, then one call
    /// of the fused kernel's launcher (`kernel`, holding every part).
    pub fn statement(&self, kernel: &Kernel) -> Stmt {
        let mut items = Vec::new();
        let mut args: Vec<Expr> = kernel
            .params
            .iter()
            .map(|p| {
                let name = ident(Symbol::intern(&p.name));
                // As `outline::launch::launch_arguments` passes them.
                match p.kind {
                    ParamKind::Buffer(_) | ParamKind::View(_) => build::cast_void_pointer(name),
                    _ => name,
                }
            })
            .collect();
        for (part, dims) in kernel.part_dims() {
            let mut block = self.parts[part].clone();
            for d in 0..dims {
                for (own, out) in [
                    (Dim::first_param(d), host_name(part, "first", d)),
                    (Dim::count_param(d), host_name(part, "count", d)),
                ] {
                    items.push(long_variable(out, int(0)));
                    block.push(build::expr_item(build::assign(
                        ident(out),
                        ident(Symbol::intern(&own)),
                    )));
                    args.push(ident(out));
                }
            }
            items.push(BlockItem::Statement(stmt(StmtKind::Compound(Block {
                items: block,
                local_labels: Vec::new(),
                span: self.first.span,
            }))));
        }
        items.push(BlockItem::Statement(stmt(StmtKind::Expr(Box::new(expr(
            ExprKind::Call(Box::new(ident(Symbol::intern(&kernel.launcher()))), args),
        ))))));
        Stmt {
            kind: StmtKind::Compound(Block {
                items,
                local_labels: Vec::new(),
                span: self.first.span,
            }),
            span: self.first.span,
            pragmas: self.first.pragmas.clone(),
            id: self.first.id,
        }
    }
}

/// The host variable part `part`'s first index or count (`what`) along
/// dimension `d` is copied to.
fn host_name(part: usize, what: &str, d: usize) -> Symbol {
    Symbol::intern(&format!("ferry_p{part}_{what}{d}"))
}

/// The items of a launch statement before its last, the launcher's call.
fn items_before_call(s: &Stmt) -> Option<Vec<BlockItem>> {
    let StmtKind::Compound(block) = &s.kind else {
        return None;
    };
    let (last, before) = block.items.split_last()?;
    let BlockItem::Statement(call) = last else {
        return None;
    };
    let StmtKind::Expr(e) = &call.kind else {
        return None;
    };
    matches!(e.kind, ExprKind::Call(..)).then(|| before.to_vec())
}
