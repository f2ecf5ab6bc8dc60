//! Convex array regions (Creusillet and Irigoin, as in PIPS): for every
//! statement and every function, the elements it reads, writes and
//! imports (IN), and those it exports (OUT), each as one convex set per
//! entity, exact or may.
//!
//! Computed after the analyses of `ferry-hcfg`, bottom-up over the call
//! graph (a function's summary is ready before its callers are analysed),
//! then OUT top-down.

pub mod access;
pub mod analysis;
pub mod call;
pub mod entity;
pub mod function;
pub mod out;
pub mod parallel;
pub mod portable;
pub mod rect;
pub mod region;
pub mod report;
pub mod runs;
pub mod set;
pub mod summary;
pub mod under;

use access::Rw;
use ferry_hcfg::Analyses;
use ferry_hcfg::ir::FuncId;
use ferry_hcfg::semantics::budget::{Deadline, Window};
use region::RegionMap;
use std::cell::Cell;
use summary::Summary;

/// isl's operation quota for the regions of one statement, its own work
/// (each statement it encloses has its own; see
/// [`ferry_hcfg::semantics::budget`]). Past it, isl results become
/// "unknown" and the statement's regions, and those of the statements
/// around it, are marked may. The triangular and all-pairs nests of the
/// kernel suite (LU, Floyd-Warshall, ludcmp) need more than 4 million for
/// the hull of their two accesses; 20 million, what a whole function had
/// before, keeps them exact. The time a function may take is bounded
/// apart, by its [`ferry_hcfg::semantics::budget::Deadline`].
pub(crate) const ISL_OPERATIONS_PER_STATEMENT: u64 = 20_000_000;

pub struct RegionsAnalysis {
    /// Per function, per node: READ, WRITE and IN regions over the store
    /// before the node.
    pub nodes: Vec<Vec<Option<Rw>>>,
    /// Per function, per node: OUT regions.
    pub out: Vec<Vec<Option<RegionMap>>>,
    /// Per function, per node: the elements the rest of the run may read
    /// before writing them, after the node (over the store before it).
    /// OUT is WRITE intersected with it. (Empty per function after
    /// [`RegionsAnalysis::run_for_report`].)
    pub live: Vec<Vec<Option<RegionMap>>>,
    /// Per function: the regions callers see.
    pub summaries: Vec<Option<Summary>>,
    /// Per function: its OUT summary.
    pub out_summaries: Vec<Option<RegionMap>>,
}

impl RegionsAnalysis {
    /// Every region, OUT, and what is live after every node (which
    /// isolation reads).
    pub fn run(a: &Analyses) -> RegionsAnalysis {
        RegionsAnalysis::compute(a, true)
    }

    /// The regions and OUT only, for the reports: each function's liveness
    /// is dropped once its OUT regions are known (in a large program it
    /// is the largest part of what OUT computes; `live` is left empty).
    pub fn run_for_report(a: &Analyses) -> RegionsAnalysis {
        RegionsAnalysis::compute(a, false)
    }

    fn compute(a: &Analyses, keep_live: bool) -> RegionsAnalysis {
        let program = &a.program;
        let n = program.functions.len();
        let mut nodes: Vec<Vec<Option<Rw>>> = vec![Vec::new(); n];
        let mut summaries: Vec<Option<Summary>> = vec![None; n];
        let fresh = Cell::new(0);
        let interner = region::Interner::default();
        for component in &a.calls.components {
            for &f in component {
                let Some(body) = &program.function(f).body else {
                    continue;
                };
                if !a.scope.contains(f) {
                    continue;
                }
                let (analysed, summary) =
                    function_regions(a, f, body, &summaries, &fresh, &interner);
                nodes[f.index()] = analysed;
                summaries[f.index()] = Some(summary.rebuild(&a.semantics.ctx));
            }
        }
        let out::Computed {
            out,
            live,
            summaries: out_summaries,
        } = out::compute(a, &nodes, &summaries, &fresh, &interner, keep_live);
        RegionsAnalysis {
            nodes,
            out,
            live,
            summaries,
            out_summaries,
        }
    }
}

/// The regions of every node of `f` and its summary, with the summaries
/// of its callees (but those of its own recursive cycle not analysed yet)
/// in `summaries`. Its sets are shared through `interner`.
///
/// The summary comes as text ([`portable::PortableRw`]), which callers
/// read back wherever they are analysed: two equal sets may be held by
/// isl in two forms (a set read from text may not be in the form the
/// operations made), and a caller's analysis must not depend on which
/// thread made its callee's summary ([`parallel`]).
pub(crate) fn function_regions(
    a: &Analyses,
    f: FuncId,
    body: &ferry_hcfg::ir::Body,
    summaries: &[Option<Summary>],
    fresh: &Cell<u32>,
    interner: &region::Interner,
) -> (Vec<Option<Rw>>, portable::PortableRw) {
    let program = &a.program;
    let _deadline = Deadline::start(format!("the regions of `{}`", program.function(f).name));
    let window = Window::open(&a.semantics.ctx, ISL_OPERATIONS_PER_STATEMENT);
    let cx = function::FunctionContext::new(a, f, summaries, fresh);
    let analysis = analysis::FunctionAnalysis::run(&cx, body);
    let root = analysis.nodes[body.root.index()]
        .clone()
        .unwrap_or_default();
    let mut summary = summary::summarize(&cx, &root);
    if window.degraded() {
        // Some isl result was replaced by "unknown": sound, but no longer
        // exact. (The statements where it happened are marked may already.)
        summary.make_may();
        ferry_hcfg::semantics::budget::note(format!(
            "the regions of `{}` reached isl's operation quota of a statement \
             somewhere; those statements' regions, and the function's, are may",
            program.function(f).name
        ));
    }
    let mut analysed = analysis.nodes;
    interner.share_all(analysed.iter_mut().flatten().flat_map(Rw::maps_mut));
    (analysed, portable::PortableRw::of(&summary))
}

impl RegionsAnalysis {
    /// Every access of the expressions each of `nodes` evaluates itself
    /// (not its children's), one by one, over the store before it, in the
    /// order of `nodes`: for dependence tests finer than the union of an
    /// entity's accesses.
    pub fn references(
        &self,
        a: &Analyses,
        f: FuncId,
        nodes: &[ferry_hcfg::ir::NodeId],
    ) -> Vec<Vec<access::Reference>> {
        let Some(body) = &a.program.function(f).body else {
            return vec![Vec::new(); nodes.len()];
        };
        // Names made up while translating a call's regions, kept apart
        // from those of the analysis.
        let fresh = Cell::new(u32::MAX / 2);
        let cx = function::FunctionContext::new(a, f, &self.summaries, &fresh);
        nodes
            .iter()
            .map(|&node| {
                body.node(node)
                    .kind
                    .own_expressions()
                    .into_iter()
                    .flat_map(|e| access::Collector::references(&cx, e))
                    .collect()
            })
            .collect()
    }

    pub fn node(&self, f: FuncId, id: ferry_hcfg::ir::NodeId) -> Option<&Rw> {
        self.nodes[f.index()]
            .get(id.index())
            .and_then(Option::as_ref)
    }
}
