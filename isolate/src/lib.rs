//! Statement isolation (section 3 of the paper): a statement `s` becomes
//! `Isol(s)`, which references no host memory, surrounded by the transfers
//! its regions call for:
//!
//! - Store(s) = ⌈W̄(s) ∩ OUT̄(s)⌉
//! - Load(s)  = ⌈IN̄(s) ∪ (Store(s) − W̲(s))⌉
//!
//! (the paper's READ and WRITE sharpened by IN and OUT), so that an
//! over-approximated write never stores back a value that was not loaded
//! first.

mod auto;
mod bounds;
mod call_sites;
mod clone;
mod emit;
mod foreign;
mod fresh;
mod fusion;
pub mod lift;
pub mod motion;
mod outline;
pub mod parallel;
pub mod picture;
pub mod planning;
mod reduction;
mod register;
mod reshape;
pub mod reuse;
mod rewrite;
pub mod select;
pub use auto::{Auto, LEFT_OUT};
pub mod report;
use report::StatementReport;
mod share;
pub mod transfer;
mod work;

#[cfg(test)]
mod test_support;

use clone::Cloner;
use emit::{DeviceNames, Exit};
use ferry_hcfg::delinearise::Rows;
use ferry_hcfg::ir::{ArrayLen, FuncId, Type, VarId};
use ferry_hcfg::{Analyses, Callers, Linkage};
use ferry_parser::ast::{
    BinaryOp, Block, BlockItem, DeclSpecifier, Declaration, Declarator, Expr, ExternalDecl,
    FunctionDef, Stmt, StmtId, StmtKind, StructKind, TranslationUnit, TypeSpecifier,
};
use ferry_parser::build::{self, ident};
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
use ferry_parser::splice::rewrite_user_file;
use ferry_parser::{Diagnostic, ParsedFile};
use ferry_regions::RegionsAnalysis;
use ferry_targets::Target;
use fresh::Fresh;
use reuse::LoopReuse;
use rewrite::{DeviceVar, ReturnTo, Rewriter};
use select::Target as Selected;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;
use transfer::Plan;

/// Which statements to isolate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selection {
    /// The statement carrying this label (as PIPS's `isolate_statement`).
    Label(String),
    /// The whole body of this function, with transfers at entry and exit.
    Function(String),
    /// Every statement written right after `#pragma ferry isolate`.
    Pragma,
    /// Every outermost loop nest worth running on the accelerator (one
    /// of its loops is parallel) that ferry can isolate; the others are
    /// listed with the reason (`isolate_auto`).
    Auto,
    /// No statement: only the transfers the program already makes (the
    /// paper's `memload` / `memstore`) are optimised (`motion`).
    Nothing,
}

/// How each array's transfers are shaped (`--transfer-plan`).
///
/// `Auto` (the default) compares, per array, the hull with the plans that
/// could beat it, under the cost model, when the program runs
/// (`planning`); `Hull` is the paper's isolation (section 3), the
/// rectangular hulls of the regions; `Rows`, `Exact` and `Rects` force
/// one plan of `planning` on every array (each falls back to the hull
/// where it does not apply). `Whole` copies every array the statement
/// touches in and out entire, within its declared extents: the naive
/// baseline transfer volumes are compared against (the isolation
/// benchmark), and a plan that needs no regions to be right.
///
/// Plans shape each statement's own copies; the copies a loop's iterations
/// share (`reuse`) and those of buffers shared by isolated statements
/// (`share`) are planned within their boxes (`planning::placed_copy`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TransferPlan {
    #[default]
    Auto,
    Hull,
    Rows,
    Exact,
    Rects,
    Whole,
}

impl TransferPlan {
    pub const NAMES: &str = "auto, hull, rows, exact, rects, whole";

    pub fn parse(text: &str) -> Option<TransferPlan> {
        match text {
            "auto" => Some(TransferPlan::Auto),
            "hull" => Some(TransferPlan::Hull),
            "rows" => Some(TransferPlan::Rows),
            "exact" => Some(TransferPlan::Exact),
            "rects" => Some(TransferPlan::Rects),
            "whole" => Some(TransferPlan::Whole),
            _ => None,
        }
    }

    /// The plans an array may use; `None` for `Whole`, which needs no
    /// regions.
    pub fn choice(self) -> Option<planning::Choice> {
        use planning::{Choice, Kind};
        match self {
            TransferPlan::Auto => Some(Choice::Auto),
            TransferPlan::Hull => Some(Choice::Forced(Kind::Hull)),
            TransferPlan::Rows => Some(Choice::Forced(Kind::Rows)),
            TransferPlan::Exact => Some(Choice::Forced(Kind::Exact)),
            TransferPlan::Rects => Some(Choice::Forced(Kind::Rects)),
            TransferPlan::Whole => None,
        }
    }
}

/// Everything `isolate` may be told besides the program.
#[derive(Debug, Clone)]
pub struct Options {
    pub transfer_plan: TransferPlan,
    /// What the generated code compares plans with (`--transfer-cost`);
    /// `None`: the target's (see [`Options::transfer_cost`]).
    pub transfer_cost: Option<planning::cost::CostModel>,
    /// Transfer optimisation (section 4 of the paper): transfers shared
    /// between the iterations of a loop whose body is isolated (`reuse`),
    /// buffers and transfers shared by isolated statements of a sequence
    /// and across the loops around them (`share`), and the motion of the
    /// transfers the program writes itself (`motion`, with
    /// [`Selection::Nothing`]). `--no-optimize-transfers` turns it off, for
    /// comparison.
    pub optimize_transfers: bool,
    /// A statement that is one SCoP as a whole loads only its live-in
    /// reads, from isl's exact dataflow, where they are fewer than its IN
    /// regions (`ferry_poly::imported`). `--no-polyhedral` turns it off:
    /// the transfers of the regions alone, for comparison.
    pub polyhedral: bool,
    /// Where the isolated statements run (`--target`): the host simulation,
    /// or kernels for CUDA or OpenCL (`outline`).
    pub target: Target,
    /// Explain the parallelisation decision on every loop of the
    /// selection (`--explain`; `Isolated::explanations`).
    pub explain: bool,
    /// Floating-point sums and products may be computed in another order
    /// (`--reassociate`): their loops become parallel reductions, and
    /// their results may differ from the sequential ones in the last bits.
    pub reassociate: bool,
    /// `--closed-program`: the files given hold every caller of the
    /// function `--function` selects, so its isolated body may be
    /// specialised to what they pass (sizes, values). Otherwise an
    /// externally visible function's body is isolated for any caller.
    pub closed_program: bool,
    /// Draw the regions of each isolated 1-D and 2-D array for the report
    /// (`--report`; [`picture`]).
    pub pictures: bool,
    /// What the files are of their program (`Linkage::Open` for a
    /// project's unit analysed without the rest of its program).
    pub linkage: Linkage,
    /// The last `companions` files are given for their function bodies
    /// only (a project's units defining what the others call): nothing in
    /// them is selected, and the caller keeps only the other files' output.
    pub companions: usize,
    /// The C prefix of the first file's kernel and launcher names where
    /// its stem is not unique in its program (a project's units of one
    /// name in two folders would both define `ferry_launch_util_k0`);
    /// `None`: the stem.
    pub kernel_prefix: Option<String>,
    /// `--auto` leaves on the host a nest that runs fewer loop iterations
    /// than this whatever its input (`--min-iterations`; [`work`]): on an
    /// accelerator its launch and transfers would cost more than its work.
    /// 0 offloads every nest with a parallel loop.
    pub min_iterations: u64,
}

impl Options {
    /// The cost model the plans are compared with: the user's, else the
    /// target's. The host simulation's copies are `memcpy` calls; a CUDA
    /// or OpenCL copy is an API call of microseconds, whatever its size,
    /// so that on a GPU a box moved in one copy beats a triangle moved as
    /// thousands of runs (tri_3d at n = 200 on an H200: 20,000 runs each
    /// way took 0.33 s, the kernel 0.4 ms). An OpenCL device is taken to
    /// be a GPU; `--transfer-cost host` says otherwise.
    pub fn transfer_cost(&self) -> planning::cost::CostModel {
        use planning::cost::CostModel;
        self.transfer_cost.unwrap_or(match self.target {
            Target::Host => CostModel::HOST,
            Target::Cuda | Target::OpenCl => CostModel::GPU,
        })
    }
}

/// A nest of 32×32 iterations is offloaded, one of 16×16 is not: a GPU
/// launch costs a few microseconds, the time a core takes for about a
/// thousand simple iterations, before any transfer.
pub const DEFAULT_MIN_ITERATIONS: u64 = 1024;

impl Default for Options {
    fn default() -> Self {
        Options {
            transfer_plan: TransferPlan::default(),
            transfer_cost: None,
            optimize_transfers: true,
            polyhedral: true,
            target: Target::Host,
            explain: false,
            reassociate: false,
            closed_program: false,
            pictures: false,
            companions: 0,
            kernel_prefix: None,
            linkage: Linkage::Closed,
            min_iterations: DEFAULT_MIN_ITERATIONS,
        }
    }
}

/// A file of the transformed program.
#[derive(Debug, Clone)]
pub struct OutputFile {
    /// The file name, without a directory.
    pub name: String,
    pub text: String,
}

/// The transformed program: every input file under its own name, the
/// kernels' files of the target, then the runtime's files.
#[derive(Debug, Clone)]
pub struct Isolated {
    pub files: Vec<OutputFile>,
    pub target: Target,
    /// The parallelisation decision on every loop of the selected
    /// statements, one line each (`--explain`), in source order.
    pub explanations: Vec<String>,
    /// Functions with a parallel loop that run in a kernel of one
    /// work-item (their loops sequential on the device).
    pub serialised: Vec<String>,
    /// Warnings for the user, each a `file:line:col: warning: ...` line:
    /// loops that run sequentially in a kernel of one work-item.
    pub warnings: Vec<String>,
    /// What was decided for each isolated statement (`--report`).
    pub statements: Vec<StatementReport>,
}

impl Isolated {
    /// With `decisions` (the loops', `--explain`) before the explanations
    /// isolation made (the launches of several nests).
    fn explained_first_by(self, decisions: Vec<String>) -> Isolated {
        Isolated {
            explanations: decisions.into_iter().chain(self.explanations).collect(),
            ..self
        }
    }
}

/// `--auto` on the program made of `parsed`, telling a program in which
/// no nest was isolated apart from a refusal (a project's batch leaves
/// such a unit as it is).
///
/// Where nests are left out and some flat pointer could be seen with
/// assumed rows, the analyses are run again with them (`Rows::Assumed`)
/// and that try is kept if it leaves fewer nests out (its statements
/// relying on an assumption versioned on run-time checks).
pub fn isolate_auto(parsed: &[ParsedFile], options: &Options) -> Result<Auto, Diagnostic> {
    let analyses = Analyses::run_linked(
        parsed,
        None,
        Callers::Analysed,
        Rows::Proved,
        options.linkage,
    );
    let regions = RegionsAnalysis::run(&analyses);
    let proved = auto::isolate(parsed, &analyses, &regions, options)?;
    if proved.left_out.is_empty() || !assumable_rows(&analyses) {
        return Ok(proved);
    }
    let analyses = Analyses::run_linked(
        parsed,
        None,
        Callers::Analysed,
        Rows::Assumed,
        options.linkage,
    );
    let regions = RegionsAnalysis::run(&analyses);
    match auto::isolate(parsed, &analyses, &regions, options) {
        Ok(assumed) if assumed.left_out.len() < proved.left_out.len() => Ok(assumed),
        _ => Ok(proved),
    }
}

/// Isolates the selected statements of the program made of `parsed`.
/// Refusals are diagnostics at the statement or variable concerned.
pub fn isolate(
    parsed: &[ParsedFile],
    selection: &Selection,
    options: &Options,
) -> Result<Isolated, Diagnostic> {
    if *selection == Selection::Auto {
        return isolate_auto(parsed, options)?.into_result();
    }
    // `--function F` needs the analyses of F, of what F calls, and of
    // what calls F (see `CallGraph::scope_of`), not those of the whole
    // program: a kernel inside a large code base costs the kernel's share.
    let wanted: Option<Vec<&str>> = match selection {
        Selection::Function(name) => Some(vec![name.as_str()]),
        _ => None,
    };
    let analyses = Analyses::run_linked(
        parsed,
        wanted.as_deref(),
        Callers::Analysed,
        Rows::Proved,
        options.linkage,
    );
    let regions = RegionsAnalysis::run(&analyses);
    let prepared = Prepared::new(parsed, &analyses, &regions, selection, options)?;
    let moves = if *selection == Selection::Nothing && options.optimize_transfers {
        motion::optimise(parsed, &analyses, &regions)
    } else {
        Vec::new()
    };
    // `--function g`: g's transfers move to its call sites, and on up
    // through callers that are only control, where that pays (`lift`).
    // Where ferry cannot isolate the call sites of one level (g touches
    // globals, two actuals alias...) the level below is tried, and at
    // last the body's isolation, which is the same computation with the
    // transfers at g's entry and exit.
    // (`select::find` found g's definition: one body, in a main file.)
    // With kernels, a call site that passes g rows or scalars' addresses
    // runs g as a device function in one work-item: not where g has a
    // parallel loop, which its body's isolation launches as a kernel of
    // many. (A call passing whole buffers stays on the host and launches
    // g's kernels.)
    if let Selection::Function(_) = selection
        && options.optimize_transfers
        && options.transfer_plan != TransferPlan::Whole
        && let [body] = prepared.targets.as_slice()
    {
        for sites in lift::call_site_selections(parsed, &analyses, body.function) {
            if let Ok(isolated) = transform(
                parsed,
                &analyses,
                &regions,
                &prepared.verdicts,
                &sites,
                Vec::new(),
                options,
            ) && (!prepared.parallel_body || isolated.serialised.is_empty())
            {
                return Ok(isolated.explained_first_by(prepared.explanations));
            }
        }
    }
    // The body of an externally visible g serves callers outside the
    // files given too, unless the user says there are none: isolated as
    // if anything called it, not for the sizes and values its callers
    // here pass (a `scale(n, a)` called once with n = 40 would otherwise
    // copy 40 elements whatever n is).
    if let Selection::Function(name) = selection
        && !options.closed_program
        && let [body] = prepared.targets.as_slice()
        && callable_from_elsewhere(&analyses, body.function)
    {
        let open = |rows: Rows| {
            isolate_with(
                parsed,
                wanted.as_deref(),
                Callers::Anyone,
                rows,
                selection,
                options,
            )
        };
        let isolated = match open(Rows::Proved)? {
            (Err(refusal), true) => retry_with_assumed_rows(refusal, || open(Rows::Assumed)?.0),
            (isolated, _) => isolated,
        };
        return isolated.map_err(|d: Diagnostic| {
            d.with_note(format!(
                "`{name}` can be called from outside the files given (it is not `static`, or \
                 its address is taken), so it is isolated for any caller: nothing is known at \
                 its entry but its parameters' types; if these files hold all its callers, \
                 `--closed-program` specialises it to what they pass"
            ))
        });
    }
    match prepared.transform(parsed, &analyses, &regions, moves, options) {
        Err(refusal) if assumable_rows(&analyses) => retry_with_assumed_rows(refusal, || {
            let callers = Callers::Analysed;
            isolate_with(
                parsed,
                wanted.as_deref(),
                callers,
                Rows::Assumed,
                selection,
                options,
            )?
            .0
        }),
        isolated => isolated,
    }
}

/// The analyses run afresh with `callers` and `rows`, and `selection`
/// isolated under them (a selection that finds nothing is the outer
/// error); with whether a refusal could be tried again with assumed rows.
fn isolate_with(
    parsed: &[ParsedFile],
    wanted: Option<&[&str]>,
    callers: Callers,
    rows: Rows,
    selection: &Selection,
    options: &Options,
) -> Result<(Result<Isolated, Diagnostic>, bool), Diagnostic> {
    let analyses = Analyses::run_linked(parsed, wanted, callers, rows, options.linkage);
    let regions = RegionsAnalysis::run(&analyses);
    let isolated = Prepared::new(parsed, &analyses, &regions, selection, options)?.transform(
        parsed,
        &analyses,
        &regions,
        Vec::new(),
        options,
    );
    Ok((isolated, assumable_rows(&analyses)))
}

/// Whether some flat pointer of the analysed functions could be seen with
/// rows if the columns of its subscripts were assumed inside them.
fn assumable_rows(analyses: &Analyses) -> bool {
    analyses.kept_flat.values().any(|reason| reason.assumable)
}

/// A refused isolation tried again with the views of flat pointers whose
/// columns are not proved inside their rows assumed (`Rows::Assumed`),
/// each statement relying on one versioned on its run-time checks
/// (`Plan::assumptions`): the analyses are run again, so only where the
/// proved views were not enough. The first refusal stands if the second
/// try is refused too: it is the one about the program as written.
fn retry_with_assumed_rows(
    refusal: Diagnostic,
    retry: impl FnOnce() -> Result<Isolated, Diagnostic>,
) -> Result<Isolated, Diagnostic> {
    retry().map_err(|_| refusal)
}

/// Whether code outside the files given may call `f`, and its callers in
/// them are then not all of its callers: `f` is not `static`, or its
/// address escapes (a callback), and something here calls it (otherwise
/// its analyses assume nothing of callers anyway).
fn callable_from_elsewhere(analyses: &Analyses, f: FuncId) -> bool {
    let function = analyses.program.function(f);
    (!function.is_static || function.address_taken) && !analyses.calls.callers(f).is_empty()
}

/// What isolation decides before it transforms: the selected statements,
/// and with kernels or `--explain` the parallelisation decision on each
/// loop of theirs and of their callees.
struct Prepared {
    targets: Vec<Selected>,
    verdicts: Vec<Verdicts>,
    /// Whether a selected statement has a parallel loop (kernels only).
    parallel_body: bool,
    explanations: Vec<String>,
}

impl Prepared {
    fn new(
        parsed: &[ParsedFile],
        analyses: &Analyses,
        regions: &RegionsAnalysis,
        selection: &Selection,
        options: &Options,
    ) -> Result<Prepared, Diagnostic> {
        let targets = select::find(parsed, analyses, selection, options.companions)?.targets;
        Ok(Prepared::of(parsed, analyses, regions, targets, options))
    }

    /// The decisions on the loops of `targets`.
    fn of(
        parsed: &[ParsedFile],
        analyses: &Analyses,
        regions: &RegionsAnalysis,
        targets: Vec<Selected>,
        options: &Options,
    ) -> Prepared {
        let independent = select::independent_loops(parsed);
        // The parallelisation decisions, made once: for `--explain`, and
        // for the outliner when the target has kernels (by unit, then by
        // span).
        let decisions: Vec<(usize, parallel::Decision)> =
            if options.explain || options.target.has_kernels() {
                targets
                    .iter()
                    .flat_map(|t| {
                        parallel::loops_in(
                            analyses,
                            regions,
                            t.function,
                            t.node,
                            options.reassociate,
                            &independent,
                        )
                        .into_iter()
                        .map(|d| (t.unit, d))
                    })
                    .collect()
            } else {
                Vec::new()
            };
        let explanations = if options.explain {
            explain(parsed, analyses, &decisions)
        } else {
            Vec::new()
        };
        let mut verdicts: Vec<Verdicts> = vec![Verdicts::new(); parsed.len()];
        let mut parallel_body = false;
        if options.target.has_kernels() {
            for (unit, d) in decisions {
                if let Some(stmt) = d.stmt {
                    verdicts[unit].insert(stmt, d);
                }
            }
            parallel_body = verdicts
                .iter()
                .flat_map(|unit| unit.values())
                .any(|d| matches!(d.verdict, parallel::Verdict::Parallel { .. }));
            // The loops of the functions the statements call, decided in
            // their own context (so for every call): a clone that has a
            // parallel loop is called from the host and launches it.
            let program = &analyses.program;
            let callers: Vec<FuncId> = targets.iter().map(|t| t.function).collect();
            let called = analyses.calls.callees_of(&callers);
            for f in program.function_ids() {
                let function = program.function(f);
                if callers.contains(&f) || !called.contains(f) {
                    continue;
                }
                let Some(body) = &function.body else {
                    continue;
                };
                for d in parallel::loops_in(
                    analyses,
                    regions,
                    f,
                    body.root,
                    options.reassociate,
                    &independent,
                ) {
                    if let Some(stmt) = d.stmt {
                        verdicts[function.unit].insert(stmt, d);
                    }
                }
            }
        }
        Prepared {
            targets,
            verdicts,
            parallel_body,
            explanations,
        }
    }

    /// Every file with the selected statements isolated and the `moves`
    /// of the program's own transfers applied, the explanations first.
    fn transform(
        self,
        parsed: &[ParsedFile],
        analyses: &Analyses,
        regions: &RegionsAnalysis,
        moves: Vec<motion::Edits>,
        options: &Options,
    ) -> Result<Isolated, Diagnostic> {
        let isolated = transform(
            parsed,
            analyses,
            regions,
            &self.verdicts,
            &self.targets,
            moves,
            options,
        )?;
        Ok(isolated.explained_first_by(self.explanations))
    }
}

/// The decision on every loop of the selected statements and their
/// callees, by statement.
type Verdicts = HashMap<StmtId, parallel::Decision>;

/// One line per loop of the selected statements: where it is, and whether
/// its iterations may run in parallel (and why not).
fn explain(
    parsed: &[ParsedFile],
    analyses: &Analyses,
    decisions: &[(usize, parallel::Decision)],
) -> Vec<String> {
    let name = |v: VarId| analyses.program.var(v).name;
    decisions
        .iter()
        .map(|(unit, d)| {
            let place = parsed[*unit].position(d.span);
            let index = d
                .index
                .map(|v| format!(" on `{}`", name(v)))
                .unwrap_or_default();
            let verdict = match &d.verdict {
                parallel::Verdict::Parallel {
                    private,
                    reductions,
                    private_arrays,
                } => {
                    let mut verdict = if d.asserted {
                        "parallel (declared independent)".to_string()
                    } else {
                        "parallel".to_string()
                    };
                    if !private.is_empty() {
                        let names: Vec<String> =
                            private.iter().map(|&v| format!("`{}`", name(v))).collect();
                        verdict +=
                            &format!(", with {} private to each iteration", names.join(", "));
                    }
                    if !private_arrays.is_empty() {
                        let names: Vec<String> =
                            private_arrays.iter().map(|a| format!("`{a}`")).collect();
                        verdict += &format!(
                            ", with the array{} {} private to each iteration",
                            if names.len() > 1 { "s" } else { "" },
                            names.join(", ")
                        );
                    }
                    for r in reductions {
                        verdict +=
                            &format!(", `{}` a {} reduction", name(r.var), r.operator.name());
                    }
                    verdict
                }
                parallel::Verdict::Sequential(why) => format!("sequential: {why}"),
            };
            format!("{place}: loop{index}: {verdict}")
        })
        .collect()
}

/// Every file of the program with `targets` isolated and the `moves` of
/// the program's own transfers applied.
fn transform(
    parsed: &[ParsedFile],
    analyses: &Analyses,
    regions: &RegionsAnalysis,
    verdicts: &[Verdicts],
    targets: &[Selected],
    mut moves: Vec<motion::Edits>,
    options: &Options,
) -> Result<Isolated, Diagnostic> {
    let mut files = Vec::new();
    let mut kernel_files = Vec::new();
    let mut serialised = Vec::new();
    let mut warnings = Vec::new();
    let mut statements = Vec::new();
    // The launches of several nests, for `--explain`.
    let mut launches = Vec::new();
    let mut written_from: HashMap<String, &Path> = HashMap::new();
    for (unit, file) in parsed.iter().enumerate() {
        let mine: Vec<&Selected> = targets.iter().filter(|t| t.unit == unit).collect();
        let edits = (unit < moves.len()).then(|| std::mem::take(&mut moves[unit]));
        let name = file
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| format!("unit{unit}.c"));
        // An input preprocessed already (`.i`) comes out as a source: the
        // code ferry adds includes the runtime's header, which only a `.c`
        // file is preprocessed for.
        let name = match name.strip_suffix(".i") {
            Some(stem) => format!("{stem}.c"),
            None => name,
        };
        if let Some(other) = written_from.insert(name.clone(), &file.path) {
            return Err(Diagnostic::error(format!(
                "`{}` and `{}` would both be written as `{name}` in the output folder: \
                 give them different names",
                other.display(),
                file.path.display()
            )));
        }
        let stem = name.strip_suffix(".c").unwrap_or(&name).to_string();
        let text = if let Some(edits) = edits.filter(|e| !e.is_empty()) {
            let mut tree = file.unit.clone();
            if !edits.apply(&mut tree) {
                return Err(Diagnostic::error(
                    "internal error: a transfer's new place is no longer in the tree",
                ));
            }
            rewrite_user_file(file, &tree)
        } else if mine.is_empty() {
            rewrite_user_file(file, &file.unit)
        } else {
            let independent = if options.target.has_kernels() {
                fusion::independent_siblings(analyses, regions, &verdicts[unit])
            } else {
                fusion::Independent::new()
            };
            let prefix = match &options.kernel_prefix {
                Some(prefix) if unit == 0 => prefix.clone(),
                _ => ferry_targets::kernel::Unit::prefix(&stem),
            };
            let mut kernels = UnitKernels::new(
                options.target,
                (&verdicts[unit], independent),
                &stem,
                prefix,
            );
            let (tree, reports) = isolate_unit(
                file,
                analyses,
                regions,
                parsed,
                &mine,
                options,
                &mut kernels,
            )?;
            statements.extend(reports);
            serialised.extend(
                kernels
                    .state
                    .serialised
                    .iter()
                    .map(|f| f.as_str().to_string()),
            );
            if options.explain {
                launches.extend(
                    kernels
                        .state
                        .fused
                        .iter()
                        .map(|(kernel, spans)| fusion::explanation(file, kernel, spans)),
                );
            }
            warnings.extend(kernels.state.sequential.iter().map(|l| {
                format!(
                    "{}: warning: this loop runs in one work-item of kernel `{}`: neither it \
                     nor a loop inside it is parallel (`--explain` says why), so on a GPU it \
                     runs slower than on the host",
                    file.position(l.span),
                    l.kernel
                )
            }));
            let kernels = kernels.state.unit;
            let mut text = format!("#include \"{}\"\n", ferry_rte::HEADER);
            if !kernels.kernels.is_empty() {
                text.push_str(&format!("#include \"{}\"\n", kernels.header_name()));
            }
            text.push_str(&rewrite_user_file(file, &tree));
            kernel_files.extend(
                ferry_targets::write_kernels(options.target, &kernels)
                    .into_iter()
                    .map(|f| OutputFile {
                        name: f.name,
                        text: f.text,
                    }),
            );
            text
        };
        if files.iter().any(|f: &OutputFile| f.name == name) {
            return Err(Diagnostic::error(format!(
                "two input files are named `{name}`: the output folder can hold only one"
            )));
        }
        files.push(OutputFile { name, text });
    }
    for f in kernel_files {
        if files.iter().any(|g| g.name == f.name) {
            return Err(Diagnostic::error(format!(
                "an input file is named `{}`, the name of a file of the generated kernels",
                f.name
            )));
        }
        files.push(f);
    }
    Ok(Isolated {
        files,
        target: options.target,
        explanations: launches,
        serialised,
        warnings,
        statements,
    })
}

/// The transformed tree of one translation unit, and what was decided for
/// each of its isolated statements.
fn isolate_unit(
    file: &ParsedFile,
    analyses: &Analyses,
    regions: &RegionsAnalysis,
    parsed: &[ParsedFile],
    targets: &[&Selected],
    options: &Options,
    kernels: &mut UnitKernels,
) -> Result<(TranslationUnit, Vec<StatementReport>), Diagnostic> {
    let mut reports = Vec::with_capacity(targets.len());
    let mut tree = file.unit.clone();
    let mut fresh = Fresh::new(&file.text);
    let mut replacements = Replacements::new();
    let mut cloner = Cloner::new(file, parsed, analyses, regions, targets[0].unit, &mut fresh);
    // Transfer optimisation works on the regions' sets, which the whole
    // plan does not have.
    let optimise = options.optimize_transfers && options.transfer_plan != TransferPlan::Whole;
    // The whole plan shares nothing, so any choice serves it.
    let choice = options
        .transfer_plan
        .choice()
        .unwrap_or(planning::Choice::Auto);
    let mut plans = Vec::with_capacity(targets.len());
    let mut reused = Vec::with_capacity(targets.len());
    for target in targets {
        let plan = transfer::plan(parsed, analyses, regions, target, options)?;
        check_aliasing(file, analyses, target, &plan)?;
        reports.push(StatementReport::new(
            file.position(target.span),
            analyses.program.function(target.function).name.to_string(),
            file.line_text(target.span).trim().to_string(),
            &plan,
        ));
        // A statement versioned on assumed rows shares nothing: where its
        // checks fail the original runs, with no buffer on the device.
        reused.push(if optimise && plan.assumptions.is_empty() {
            loop_sharing(file, analyses, regions, target, &plan, choice)
        } else {
            None
        });
        plans.push(plan);
    }
    // Statements of one sequence share buffers (`share`); a statement whose
    // loop shares its transfers between iterations keeps its own.
    let candidates: Vec<usize> = (0..targets.len())
        .filter(|&k| optimise && reused[k].is_none() && plans[k].assumptions.is_empty())
        .collect();
    let members: Vec<share::Member> = candidates
        .iter()
        .map(|&k| share::Member {
            target: targets[k],
            plan: &plans[k],
        })
        .collect();
    let shared_arrays = share::shared_arrays(analyses, regions, &members, choice);
    let buffer_names: Vec<DeviceNames> = shared_arrays
        .iter()
        .map(|s| DeviceNames {
            device: cloner.fresh_name(&format!("{}_accel", c_identifier(&s.name))),
        })
        .collect();
    let mut full_rows: Vec<HashSet<Symbol>> = vec![HashSet::new(); shared_arrays.len()];
    for (k, (target, (plan, in_loop))) in targets.iter().zip(plans.iter().zip(reused)).enumerate() {
        let replaced = in_loop
            .as_ref()
            .map_or(target.stmt, |(_, the_loop)| the_loop.id);
        let mine: Vec<(usize, emit::SharedCopies)> = shared_arrays
            .iter()
            .enumerate()
            .filter_map(|(s, array)| {
                let (position, (_, copies)) = array
                    .members
                    .iter()
                    .enumerate()
                    .find(|(_, (m, _))| candidates[*m] == k)?;
                let copies = emit::SharedCopies {
                    array: array.as_transfer(),
                    copies,
                    release: position + 1 == array.members.len() && array.around.is_none(),
                };
                Some((s, copies))
            })
            .collect();
        let buffers: HashMap<String, DeviceNames> = mine
            .iter()
            .map(|(s, c)| (c.array.name.clone(), buffer_names[*s].clone()))
            .collect();
        let (indices, copies): (Vec<usize>, Vec<emit::SharedCopies>) = mine.into_iter().unzip();
        let offload = kernels.offload();
        let (block, passed) = isolate_statement(
            file,
            analyses,
            target,
            plan,
            in_loop,
            &buffers,
            &copies,
            &mut cloner,
            &options.transfer_cost(),
            offload,
        )?;
        for (s, c) in indices.iter().zip(&copies) {
            let name = Symbol::intern(&c.array.name);
            if passed.contains(&name) {
                full_rows[*s].insert(name);
            }
        }
        let block = if plan.assumptions.is_empty() {
            block
        } else {
            versioned(file, analyses, target, &plan.assumptions, block)?
        };
        replacements.insert(replaced, block);
    }
    let mut prologues = Prologues::new();
    let mut around_loops: BTreeMap<StmtId, (Span, Vec<usize>)> = BTreeMap::new();
    for (s, ((array, names), rows)) in shared_arrays
        .iter()
        .zip(&buffer_names)
        .zip(&full_rows)
        .enumerate()
    {
        if let Some(around) = &array.around {
            around_loops
                .entry(around.stmt)
                .or_insert((around.span, Vec::new()))
                .1
                .push(s);
            continue;
        }
        let first = targets[candidates[array.first()]].stmt;
        let items = emit::shared_buffer(&array.as_transfer(), names, rows)?;
        prologues.entry(first).or_default().extend(items);
    }
    // Loops around shared buffers, inner ones first: each takes the
    // blocks of the statements inside it, an inner loop's included.
    let mut around_loops: Vec<_> = around_loops.into_iter().collect();
    around_loops.sort_by_key(|(_, (span, _))| span.hi - span.lo);
    for (loop_id, (_, arrays)) in around_loops {
        let Some(mut the_loop) = find_statement(file, loop_id) else {
            return Err(Diagnostic::error(
                "internal error: a loop around shared buffers is not in the tree",
            ));
        };
        replace_in_stmt(&mut the_loop, &mut replacements, &mut prologues);
        // One flag per loop of users.
        let mut flags: HashMap<StmtId, String> = HashMap::new();
        let mut around = Vec::new();
        for &s in &arrays {
            let copies = shared_arrays[s].around.as_ref().expect("around a loop");
            let ran = flags
                .entry(copies.first)
                .or_insert_with(|| cloner.fresh_name("ferry_loop_ran"))
                .clone();
            around.push(emit::AroundCopies {
                array: shared_arrays[s].as_transfer(),
                names: buffer_names[s].clone(),
                copies,
                full_rows: &full_rows[s],
                ran,
            });
        }
        let block = emit::around_loop_block(&around, the_loop, &options.transfer_cost())?;
        replacements.insert(loop_id, block);
    }
    let prototypes = cloner.prototypes();
    let mut definitions = std::mem::take(&mut cloner.definitions);
    replace_all(&mut tree, &mut replacements, &mut prologues);
    if !replacements.is_empty() || !prologues.is_empty() {
        return Err(Diagnostic::error(
            "internal error: an isolated statement is no longer in the tree",
        ));
    }
    // Clones right after the functions they copy, latest first so that
    // indices stay valid; their prototypes before the first function
    // involved, so that every use sees one.
    let mut first_use = targets
        .iter()
        .filter_map(|t| item_containing(&file.unit, t.span))
        .min()
        .unwrap_or(0);
    definitions.sort_by_key(|(index, _)| std::cmp::Reverse(*index));
    for (index, def) in definitions {
        first_use = first_use.min(index);
        tree.items.insert(index + 1, ExternalDecl::FunctionDef(def));
    }
    for (k, p) in prototypes.into_iter().enumerate() {
        tree.items.insert(first_use + k, p);
    }
    Ok((tree, reports))
}

/// The loop whose body the target is, with the transfers its iterations
/// share, when the loop lends itself to it (`reuse`).
fn loop_sharing(
    file: &ParsedFile,
    analyses: &Analyses,
    regions: &RegionsAnalysis,
    target: &Selected,
    plan: &Plan,
    choice: planning::Choice,
) -> Option<(LoopReuse, Stmt)> {
    let program = &analyses.program;
    let f = target.function;
    let (node, counted) = reuse::enclosing_loop(analyses, target)?;
    let loop_node = program.function(f).body.as_ref()?.node(node);
    let (loop_id, loop_span) = (loop_node.stmt?, loop_node.span);
    let the_loop = find_statement(file, loop_id)?;
    let fresh = std::cell::Cell::new(0);
    let function =
        ferry_regions::function::FunctionContext::new(analyses, f, &regions.summaries, &fresh);
    let statement = reuse::Statement {
        analyses,
        regions,
        function: &function,
        target,
        plan,
        choice,
        at_loop: &|isl| transfer::nameable_at(program, f, loop_span, isl),
        at_body: &|isl| transfer::nameable_at(program, f, target.span, isl),
    };
    let shared = reuse::loop_reuse(&statement, node, counted)?;
    Some((shared, the_loop))
}

/// The isolated `block` run where every one of `assumptions` holds, the
/// original statement otherwise (Polly's versioning on its run-time
/// checks): `if (checks) { isolated } else { original }`.
fn versioned(
    file: &ParsedFile,
    analyses: &Analyses,
    target: &Selected,
    assumptions: &[Expr],
    block: Block,
) -> Result<Block, Diagnostic> {
    let (mut original, _) = statement_of(file, analyses, target)?;
    original
        .pragmas
        .retain(|p| !select::is_isolate_pragma(p.text.as_str()));
    // Both versions hold the statement's code: a label would be defined
    // twice.
    let mut labelled = false;
    select::statements_in(&original, &mut |s| {
        labelled |= matches!(s.kind, StmtKind::Labeled { .. });
    });
    if labelled {
        return Err(file.error_at(
            target.span,
            "ferry versions this statement on run-time checks of the rows it assumes, and the \
             statement defines a label, which the two versions would both define",
        ));
    }
    let condition = assumptions
        .iter()
        .cloned()
        .reduce(|a, b| build::binary(BinaryOp::LogAnd, a, b))
        .expect("versioned on some assumption");
    let checked = build::if_else(
        condition,
        block.items,
        Some(vec![BlockItem::Statement(original)]),
    );
    Ok(build::block(vec![BlockItem::Statement(checked)]))
}

/// A copy of the statement of the main file at `span`.
fn find_statement(file: &ParsedFile, id: StmtId) -> Option<Stmt> {
    let mut found = None;
    for item in &file.unit.items {
        if let ExternalDecl::FunctionDef(def) = item {
            select::statements_in_block(&def.body, &mut |s| {
                if found.is_none() && s.id == id {
                    found = Some(s.clone());
                }
            });
        }
    }
    found
}

/// The isolated version of one statement, as a block; with a loop whose
/// iterations share the transfers, the block that replaces the loop. With
/// it, the arrays the statement passes to calls (their buffers keep whole
/// rows). `buffers` names the buffers the statement shares with others of
/// its sequence, and `copies` says what it copies of them.
#[allow(clippy::too_many_arguments)]
fn isolate_statement(
    file: &ParsedFile,
    analyses: &Analyses,
    target: &Selected,
    plan: &Plan,
    shared: Option<(LoopReuse, Stmt)>,
    buffers: &HashMap<String, DeviceNames>,
    copies: &[emit::SharedCopies],
    cloner: &mut Cloner,
    cost: &planning::cost::CostModel,
    offload: Option<Offload>,
) -> Result<(Block, HashSet<Symbol>), Diagnostic> {
    let mut device: HashMap<String, DeviceNames> = HashMap::new();
    let mut vars = HashMap::new();
    for s in &plan.scalars {
        let names = DeviceNames {
            // A member's variable `v.n` (`hcfg::scalar_fields`): `v_n_accel`.
            device: cloner.fresh_name(&format!("{}_accel", c_identifier(&s.name))),
        };
        vars.insert(
            Symbol::intern(&s.name),
            DeviceVar::Scalar {
                device: Symbol::intern(&names.device),
            },
        );
        device.insert(s.name.clone(), names);
    }
    for a in &plan.arrays {
        let names = match buffers.get(&a.name) {
            Some(shared) => shared.clone(),
            None => DeviceNames {
                // `P.x`'s buffer is `P_x_accel`.
                device: cloner.fresh_name(&format!("{}_accel", c_identifier(&a.name))),
            },
        };
        vars.insert(
            Symbol::intern(&a.name),
            DeviceVar::Array {
                device: Symbol::intern(&names.device),
                offsets: match a.view {
                    // Flat subscripts into a buffer of whole host rows: the
                    // first row it holds, times the length of a row.
                    Some(_) => vec![names.rows_offset(a.dims)],
                    None => (1..=a.dims)
                        .map(|k| ident(Symbol::intern(&names.offset(k))))
                        .collect(),
                },
            },
        );
        device.insert(a.name.clone(), names);
    }
    // Pointers walking an isolated array from before the statement: one
    // that holds the array's address is the array's copy; another points,
    // on the device, at the same element of the copy (`emit` converts it).
    // Only those the statement's code names are kept.
    for w in &plan.walks {
        if w.alias {
            if let Some(array) = vars.get(&Symbol::intern(&w.base)).cloned() {
                vars.insert(Symbol::intern(&w.name), array);
            }
            continue;
        }
        let names = DeviceNames {
            device: cloner.fresh_name(&format!("{}_accel", c_identifier(&w.name))),
        };
        vars.insert(
            Symbol::intern(&w.name),
            DeviceVar::Scalar {
                device: Symbol::intern(&names.device),
            },
        );
        device.insert(w.name.clone(), names);
    }
    let (mut statement, params) = statement_of(file, analyses, target)?;
    // The pragma has done its job; other pragmas stay with the statement.
    statement
        .pragmas
        .retain(|p| !select::is_isolate_pragma(p.text.as_str()));
    let ret = &analyses.program.function(target.function).ty.ret;
    // Unions are structures to the IR (`Type::Struct`).
    let aggregate_value = (target.whole_body && matches!(ret, Type::Struct(_)))
        .then(|| Symbol::intern(&cloner.fresh_name("ferry_value")));
    let return_to = if target.whole_body {
        let result = match ret {
            Type::Void => None,
            ty => {
                let name = cloner.fresh_name("ferry_result");
                let Some(declaration) = c_declaration(analyses, ty, Symbol::intern(&name)) else {
                    return Err(file.error_at(
                        target.span,
                        "ferry cannot spell this function's return type for the value it \
                         keeps until the transfers back are done",
                    ));
                };
                Some((declaration, name))
            }
        };
        Some((result, cloner.fresh_name("ferry_exit")))
    } else {
        None
    };
    // The isolated arrays the function's pointers walk.
    let program = &analyses.program;
    let walked: HashSet<Symbol> = program
        .walks
        .iter()
        .filter(|(p, _)| program.var(**p).function == Some(target.function))
        .map(|(_, base)| program.var(*base).name)
        .filter(|name| plan.arrays.iter().any(|a| a.name == name.as_str()))
        .collect();
    let rewriter = Rewriter::new(
        vars,
        cloner,
        return_to.as_ref().map(|(result, label)| ReturnTo {
            result: result.as_ref().map(|(_, n)| Symbol::intern(n)),
            aggregate_value,
            label: Symbol::intern(label),
        }),
    )
    .walking(walked);
    let rewritten = if target.whole_body {
        rewriter.body(&params, block_of(&mut statement))
    } else {
        rewriter.statement(&mut statement)
    }
    .map_err(|r| file.error_at(r.span, r.message))?;
    let plan = &Plan {
        walks: plan
            .walks
            .iter()
            .filter(|w| !w.alias && rewritten.named.contains(&Symbol::intern(&w.name)))
            .cloned()
            .collect(),
        ..plan.clone()
    };
    if let Some(w) = plan.walks.iter().find(|w| !w.convertible) {
        return Err(file.error_at(
            target.span,
            format!(
                "the statement uses `{}`, a pointer into `{}` set before it, and the copy of \
                 `{}` is not one-dimensional: ferry cannot say where the pointer points in it",
                w.name, w.base, w.base
            ),
        ));
    }
    if let (Some(offload), Some(s)) = (
        &offload,
        plan.scalars.iter().find(|s| s.walk_back.is_some()),
    ) {
        return Err(file.error_at(
            target.span,
            format!(
                "cannot offload to {}: the statement sets `{}`, a pointer the code after it \
                 may use, and device code holds no host pointer",
                offload.target.name(),
                s.name
            ),
        ));
    }
    if let (Some(offload), Some(w)) = (&offload, plan.walks.first()) {
        return Err(file.error_at(
            target.span,
            format!(
                "cannot offload to {}: the statement uses `{}`, a pointer into `{}` set before \
                 it, and device code holds no host pointer (subscript `{}` itself inside the \
                 statement, or set the pointer inside it)",
                offload.target.name(),
                w.name,
                w.base,
                w.base
            ),
        ));
    }
    if let Some(offload) = offload {
        // What device code may call: the unit's functions and the clones
        // isolation made of them (a clone shadows nothing: its own name),
        // as isolation made them (not as an earlier statement rewrote them
        // to launch kernels).
        for (_, def) in &cloner.definitions {
            if let Some((name, _)) = def.declarator.name() {
                offload
                    .state
                    .pristine
                    .entry(name)
                    .or_insert_with(|| def.clone());
            }
        }
        let foreign = cloner.foreign_definitions();
        let typedefs = offload.state.typedefs.get_or_insert_with(|| {
            let mut units = vec![&file.unit];
            for (_, other) in &foreign {
                if !units.iter().any(|u| std::ptr::eq(*u, &other.unit)) {
                    units.push(&other.unit);
                }
            }
            outline::Typedefs::of(units)
        });
        let mut definitions = outline::Callable {
            functions: HashMap::new(),
            foreign: HashMap::new(),
            typedefs: typedefs.clone(),
            enumerators: &analyses.program.enumerators,
        };
        for (def, other) in foreign {
            if let Some((name, _)) = def.declarator.name() {
                definitions.foreign.insert(name, other);
                definitions.functions.insert(name, def);
            }
        }
        let own = file.unit.items.iter().filter_map(|item| match item {
            ExternalDecl::FunctionDef(def) => Some((def.declarator.name()?.0, def.clone())),
            _ => None,
        });
        for (name, def) in own.chain(offload.state.pristine.clone()) {
            definitions.foreign.remove(&name);
            definitions.functions.insert(name, def);
        }
        let hosted = offload.outline(file, analyses, plan, &device, definitions, &mut statement)?;
        // The clones that launch kernels from the host replace their
        // versions in the unit.
        for (name, def) in hosted {
            for (_, clone) in cloner.definitions.iter_mut() {
                if clone.declarator.name().map(|(n, _)| n) == Some(name) {
                    *clone = def.clone();
                }
            }
        }
    }
    let exit = match return_to {
        Some((result, label)) => Exit {
            result,
            label: rewritten.returned.then_some(label),
        },
        None => Exit {
            result: None,
            label: None,
        },
    };
    let names = |host: &str| {
        device.get(host).cloned().unwrap_or_else(|| DeviceNames {
            device: host.to_string(),
        })
    };
    let full_rows = &rewritten.passed_to_calls;
    let Some((shared, mut the_loop)) = shared else {
        let block = emit::isolated_block(plan, &names, full_rows, statement, &exit, copies, cost)?;
        return Ok((block, full_rows.clone()));
    };
    let iteration = emit::iteration_block(plan, &shared, &names, full_rows, statement, cost)?;
    let mut body = Replacements::new();
    body.insert(target.stmt, iteration);
    replace_in_stmt(&mut the_loop, &mut body, &mut Prologues::new());
    if !body.is_empty() {
        return Err(file.error_at(
            target.span,
            "internal error: the isolated statement is not the loop's body",
        ));
    }
    let block = emit::loop_block(plan, &shared, &names, full_rows, the_loop)?;
    Ok((block, full_rows.clone()))
}

/// The kernels of one unit as its statements are isolated, and what
/// making them needs.
struct UnitKernels<'a> {
    target: Target,
    verdicts: &'a Verdicts,
    /// The pairs of the unit's parallel loops that may run in one launch.
    independent: fusion::Independent,
    /// The C prefix of the unit's kernel names.
    prefix: String,
    state: outline::UnitState,
}

impl<'a> UnitKernels<'a> {
    fn new(
        target: Target,
        (verdicts, independent): (&'a Verdicts, fusion::Independent),
        stem: &str,
        prefix: String,
    ) -> Self {
        UnitKernels {
            target,
            verdicts,
            independent,
            prefix,
            state: outline::UnitState {
                unit: ferry_targets::kernel::Unit {
                    stem: stem.to_string(),
                    ..Default::default()
                },
                ..Default::default()
            },
        }
    }

    /// What the next statement needs to add its kernels; `None` for the
    /// host target.
    fn offload(&mut self) -> Option<Offload<'_>> {
        self.target.has_kernels().then(|| Offload {
            target: self.target,
            verdicts: self.verdicts,
            independent: &self.independent,
            prefix: &self.prefix,
            state: &mut self.state,
        })
    }
}

/// What isolating a statement needs to write its kernels.
struct Offload<'a> {
    target: Target,
    verdicts: &'a Verdicts,
    independent: &'a fusion::Independent,
    prefix: &'a str,
    state: &'a mut outline::UnitState,
}

impl Offload<'_> {
    /// Turns the rewritten `statement` into host code that launches
    /// kernels (`outline`).
    fn outline(
        self,
        file: &ParsedFile,
        analyses: &Analyses,
        plan: &Plan,
        device: &HashMap<String, DeviceNames>,
        definitions: outline::Callable<'_>,
        statement: &mut Stmt,
    ) -> Result<Vec<(Symbol, FunctionDef)>, Diagnostic> {
        use ferry_targets::kernel::Scalar;
        let program = &analyses.program;
        let target = self.target.name();
        let mut arrays = HashMap::new();
        let mut values = HashMap::new();
        let mut extents = HashSet::new();
        for a in &plan.arrays {
            let names = &device[&a.name];
            let ty = transfer::array_type(program, a);
            let element = device_element(program, &ty, a.dims).map_err(|why| {
                file.error_at(
                    program.var(a.var).span,
                    format!(
                        "cannot offload to {target}: the elements of `{}` are {why}",
                        a.name
                    ),
                )
            })?;
            // A private copy per work-item is made of scalars only.
            let countable = matches!(element, outline::Element::Scalar(_));
            let parameter = program.var(a.var).storage == ferry_hcfg::ir::Storage::Param;
            let host_sizes =
                outline::host_sizes(program, &ty, a.dims, parameter && a.field.is_none());
            arrays.insert(
                Symbol::intern(&names.device),
                outline::DeviceArray {
                    element,
                    // Kernels index a flat pointer's buffer flat.
                    row_lengths: match a.view {
                        Some(_) => Vec::new(),
                        None => (2..=a.dims)
                            .map(|k| ident(Symbol::intern(&names.len(k))))
                            .collect(),
                    },
                    host_sizes,
                    elements: countable.then(|| {
                        outline::product((1..=a.dims).map(|k| ident(Symbol::intern(&names.len(k)))))
                    }),
                },
            );
            for k in 1..=a.dims {
                for extent in [names.offset(k), names.len(k)] {
                    values.insert(Symbol::intern(&extent), Scalar::LONG);
                    extents.insert(Symbol::intern(&extent));
                }
            }
        }
        for s in &plan.scalars {
            if let Some(ty) = scalar_of_type(&program.var(s.var).ty) {
                values.insert(Symbol::intern(&device[&s.name].device), ty);
            }
        }
        // Refusals name variables as the user wrote them.
        let user_names: HashMap<Symbol, Symbol> = plan
            .arrays
            .iter()
            .map(|a| &a.name)
            .chain(plan.scalars.iter().map(|s| &s.name))
            .map(|name| (Symbol::intern(&device[name].device), Symbol::intern(name)))
            .collect();
        let mut outliner = outline::Outliner::new(
            (self.verdicts, self.independent.clone()),
            arrays,
            (values, extents),
            user_names,
            self.prefix,
            self.state,
            definitions,
        );
        outliner.statement(statement).map_err(|r| {
            file.error_at(r.span, format!("cannot offload to {target}: {}", r.message))
        })?;
        Ok(outliner.host_functions)
    }
}

/// The kernel type of a scalar of type `ty`.
pub(crate) fn scalar_of_type(ty: &Type) -> Option<ferry_targets::kernel::Scalar> {
    use ferry_targets::kernel::Scalar;
    match ty {
        Type::Int { signed, bits } if matches!(bits, 8 | 16 | 32 | 64) => Some(Scalar::Int {
            signed: *signed,
            bits: *bits,
        }),
        Type::Float { bits } if matches!(bits, 32 | 64) => Some(Scalar::Float { bits: *bits }),
        _ => None,
    }
}

/// The element type of an array of `dims` subscripts (or a pointer).
/// What kernels see of the elements of an array of type `ty` and `dims`
/// dimensions, or why they cannot take them.
fn device_element(
    program: &ferry_hcfg::Program,
    ty: &Type,
    dims: usize,
) -> Result<outline::Element, String> {
    const NOT_ARITHMETIC: &str = "not of a basic arithmetic type (kernels take arrays of \
                                  integers, floating-point numbers or structures of them)";
    match (dims, ty) {
        (0, Type::Struct(id)) => outline::Record::of(program, *id)
            .map(|r| outline::Element::Record(std::rc::Rc::new(r)))
            .map_err(|why| format!("structures ferry does not lay out for the device: {why}")),
        (0, ty) => scalar_of_type(ty)
            .map(outline::Element::Scalar)
            .ok_or_else(|| NOT_ARITHMETIC.to_string()),
        (_, Type::Array(inner, _) | Type::Pointer(inner)) => {
            device_element(program, inner, dims - 1)
        }
        _ => Err(NOT_ARITHMETIC.to_string()),
    }
}

fn block_of(s: &mut Stmt) -> &mut Block {
    match &mut s.kind {
        StmtKind::Compound(b) => b,
        _ => unreachable!("a function body is a compound statement"),
    }
}

/// A copy of the statement at the target's span (a function body as a
/// compound statement), and the names of the function's parameters.
fn statement_of(
    file: &ParsedFile,
    analyses: &Analyses,
    target: &Selected,
) -> Result<(Stmt, Vec<Symbol>), Diagnostic> {
    let program = &analyses.program;
    let params: Vec<Symbol> = program
        .function(target.function)
        .params
        .iter()
        .map(|&p| program.var(p).name)
        .collect();
    for item in &file.unit.items {
        let ExternalDecl::FunctionDef(def) = item else {
            continue;
        };
        if target.whole_body && def.body_id == target.stmt {
            return Ok((body_statement(def), params));
        }
    }
    if let Some(s) = find_statement(file, target.stmt) {
        return Ok((s, params));
    }
    Err(file.error_at(
        target.span,
        "internal error: the statement is not in the tree",
    ))
}

/// A function's body as a compound statement: the statement its
/// `body_id` names.
pub(crate) fn body_statement(def: &FunctionDef) -> Stmt {
    Stmt {
        kind: StmtKind::Compound(def.body.clone()),
        span: def.body.span,
        pragmas: Vec::new(),
        id: def.body_id,
    }
}

/// The index of the item (function definition) containing `span`.
fn item_containing(unit: &TranslationUnit, span: Span) -> Option<usize> {
    unit.items.iter().position(|item| {
        let s = item.span();
        s.lo <= span.lo && span.hi <= s.hi
    })
}

/// The isolated blocks, by the statement (or function body) each
/// replaces.
type Replacements = HashMap<StmtId, Block>;

/// Block items to put before a statement (or the labelled statement
/// around it): the buffers shared by a sequence.
type Prologues = HashMap<StmtId, Vec<BlockItem>>;

/// Puts every block in place of its statement, in one walk that never
/// looks inside a block it put (generated code keeps the ids of the
/// statements it copies).
fn replace_all(tree: &mut TranslationUnit, blocks: &mut Replacements, prologues: &mut Prologues) {
    for item in &mut tree.items {
        let ExternalDecl::FunctionDef(def) = item else {
            continue;
        };
        let before = (blocks.len(), prologues.len());
        match blocks.remove(&def.body_id) {
            Some(block) => def.body = block,
            None => replace_in_block(&mut def.body, blocks, prologues),
        }
        if (blocks.len(), prologues.len()) != before {
            register::drop_in_function(def);
        }
    }
}

fn replace_in_block(b: &mut Block, blocks: &mut Replacements, prologues: &mut Prologues) {
    let mut items = Vec::with_capacity(b.items.len());
    for mut item in std::mem::take(&mut b.items) {
        if let BlockItem::Statement(s) = &mut item {
            let mut head: &Stmt = s;
            loop {
                if let Some(prologue) = prologues.remove(&head.id) {
                    items.extend(prologue);
                }
                match &head.kind {
                    StmtKind::Labeled { body, .. } => head = body,
                    _ => break,
                }
            }
            replace_in_stmt(s, blocks, prologues);
        }
        items.push(item);
    }
    b.items = items;
}

fn replace_in_stmt(s: &mut Stmt, blocks: &mut Replacements, prologues: &mut Prologues) {
    if let Some(block) = blocks.remove(&s.id) {
        s.kind = StmtKind::Compound(block);
        // The statement's pragmas went with it into the block.
        s.pragmas.clear();
        return;
    }
    // A block's own items may get prologues before them.
    if let StmtKind::Compound(b) = &mut s.kind {
        return replace_in_block(b, blocks, prologues);
    }
    for inner in s.sub_statements_mut() {
        replace_in_stmt(inner, blocks, prologues);
    }
}

/// A C identifier from the name of an array or member variable: `P.x` and
/// `p->n` as `P_x` and `p_n`.
fn c_identifier(name: &str) -> String {
    name.replace("->", "_").replace('.', "_")
}

/// Distinct isolated variables must not share memory (the paper's
/// assumption, checked where the points-to information can tell): a
/// pointer that may point into another isolated array, or two pointers
/// into the same array, would get two device copies of the same elements.
fn check_aliasing(
    file: &ParsedFile,
    analyses: &Analyses,
    target: &Selected,
    plan: &Plan,
) -> Result<(), Diagnostic> {
    use ferry_hcfg::effects::Location;
    let program = &analyses.program;
    let f: FuncId = target.function;
    let targets_of = |v: VarId| -> Vec<Location> {
        analyses
            .effects
            .variable_targets(program, f, v)
            .into_iter()
            // Heap blocks and unknown memory are assumed distinct per
            // variable (the paper's assumption): only named objects count.
            .filter(|l| matches!(l, Location::Var(_) | Location::Pointee(_)))
            .collect()
    };
    let arrays: Vec<(VarId, Vec<Location>)> = plan
        .arrays
        .iter()
        .map(|a| (a.var, targets_of(a.var)))
        .collect();
    for (i, (u, tu)) in arrays.iter().enumerate() {
        for (w, tw) in &arrays[i + 1..] {
            if tu.iter().any(|l| tw.contains(l)) {
                return Err(file.error_at(
                    target.span,
                    format!(
                        "`{}` and `{}` may point to the same memory: isolating both would give \
                         the same elements two device copies (ferry assumes distinct arrays do \
                         not overlap, and here they may)",
                        program.var(*u).name,
                        program.var(*w).name
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The declaration `ty name;`, for the types C spells with specifiers
/// and pointers alone.
fn c_declaration(analyses: &Analyses, ty: &Type, name: Symbol) -> Option<Declaration> {
    let (specifiers, declarator) = c_type(analyses, ty, build::declarator(name))?;
    Some(build::declaration(specifiers, vec![(declarator, None)]))
}

/// The specifiers of `ty` and `declarator` wrapped in its pointers.
pub(crate) fn c_type(
    analyses: &Analyses,
    ty: &Type,
    declarator: Declarator,
) -> Option<(Vec<DeclSpecifier>, Declarator)> {
    use ferry_parser::ast::BuiltinType as B;
    let b = build::builtin;
    let specifiers = match ty {
        Type::Void => vec![b(B::Void)],
        Type::Int { signed, bits } => {
            let base = match bits {
                8 => B::Char,
                16 => B::Short,
                32 => B::Int,
                64 => B::Long,
                _ => return None,
            };
            match (signed, bits) {
                (true, 8) => vec![
                    DeclSpecifier::Type(TypeSpecifier::Signed(Symbol::intern("signed"))),
                    b(base),
                ],
                (true, _) => vec![b(base)],
                (false, _) => vec![b(B::Unsigned), b(base)],
            }
        }
        Type::Float { bits: 32 } => vec![b(B::Float)],
        Type::Float { bits: 64 } => vec![b(B::Double)],
        Type::Float { .. } => vec![b(B::Long), b(B::Double)],
        // A pointer to an array needs its parentheses: `double (*p)[8]`.
        Type::Pointer(inner) if matches!(**inner, Type::Array(..)) => {
            let pointer = build::paren_declarator(build::pointer(declarator));
            return c_type(analyses, inner, pointer);
        }
        Type::Pointer(inner) => return c_type(analyses, inner, build::pointer(declarator)),
        Type::Array(inner, ArrayLen::Const(n)) => {
            let size = build::long(i64::try_from(*n).ok()?);
            return c_type(analyses, inner, build::array(declarator, Some(size)));
        }
        Type::Struct(s) => {
            let def = analyses.program.struct_def(*s);
            let kind = if def.is_union {
                StructKind::Union
            } else {
                StructKind::Struct
            };
            vec![build::tagged(kind, def.tag?.as_str())]
        }
        _ => return None,
    };
    Some((specifiers, declarator))
}

/// Refuses a folder holding a C or CUDA source this run does not write:
/// a build of the folder (its Makefile, `ferry validate`) takes in every
/// one, so the file an earlier run left there for another target or
/// program would be built with this run's (CUDA kernels beside an OpenCL
/// program). Nothing is written then.
fn refuse_stale_sources(dir: &Path, files: &[(String, String)]) -> Result<(), Diagnostic> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| Diagnostic::error(format!("cannot read the folder {}: {e}", dir.display())))?;
    let mut stale: Vec<String> = entries
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".c") || name.ends_with(".cu"))
        .filter(|name| !files.iter().any(|(written, _)| written == name))
        .collect();
    if stale.is_empty() {
        return Ok(());
    }
    stale.sort();
    Err(Diagnostic::error(format!(
        "{} holds {}, which this run does not write and a build of the folder would \
         take in: remove {} or choose another output folder",
        dir.display(),
        stale
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", "),
        if stale.len() == 1 { "it" } else { "them" }
    )))
}

/// What the Makefile of an output folder needs to build the program as the
/// user's files were preprocessed: their folders (for the headers they
/// include with quotes) and the user's preprocessor flags.
#[derive(Debug, Clone, Default)]
pub struct BuildInputs {
    /// The C files given, as the user named them.
    pub sources: Vec<std::path::PathBuf>,
    /// The preprocessor's flags (`-I`, `-D`, `-include`...), as given.
    pub cflags: Vec<String>,
}

impl BuildInputs {
    /// The flags the folder's build adds to its own: the user's, their
    /// paths made absolute (the build runs in the folder), then `-I` of
    /// each input's folder. Quoted for the shell and for make.
    fn flags(&self) -> Vec<String> {
        let cwd = std::env::current_dir().unwrap_or_default();
        let mut flags = ferry_parser::preprocess::absolute_paths(&self.cflags, &cwd);
        for source in &self.sources {
            let folder = source.parent().filter(|p| !p.as_os_str().is_empty());
            let folder = std::path::absolute(folder.unwrap_or(Path::new(".")))
                .unwrap_or_else(|_| cwd.clone());
            let flag = format!("-I{}", folder.to_string_lossy());
            if !flags.contains(&flag) {
                flags.push(flag);
            }
        }
        flags.iter().map(|f| make_quoted(f)).collect()
    }
}

/// `word` as one shell word in a Makefile recipe: single quotes around
/// anything but plain characters, and `$` doubled for make.
fn make_quoted(word: &str) -> String {
    let plain = word
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_./=+,:@%".contains(c));
    let quoted = if plain {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    };
    quoted.replace('$', "$$")
}

/// Writes `isolated` into `dir` (created if needed), with a Makefile that
/// builds it from `inputs`' folders and flags. Every file is written to a
/// temporary name first and renamed, so a failure leaves no partial file
/// behind.
pub fn write_output(
    dir: &Path,
    isolated: &Isolated,
    inputs: &BuildInputs,
) -> Result<(), Diagnostic> {
    let fail = |what: &str, path: &Path, e: std::io::Error| {
        Diagnostic::error(format!("cannot {what} {}: {e}", path.display()))
    };
    std::fs::create_dir_all(dir).map_err(|e| fail("create the folder", dir, e))?;
    let runtime = isolated
        .target
        .runtime_files()
        .into_iter()
        .map(|(name, text)| (name.to_string(), text.to_string()));
    let makefile = (
        "Makefile".to_string(),
        format!(
            "# The transformed program, for the {} target: `make` builds it (written by ferry).\n\
             program:\n\t{}\n",
            isolated.target.name(),
            ferry_targets::build_command(isolated.target, "program", &inputs.flags())
        ),
    );
    let files: Vec<(String, String)> = isolated
        .files
        .iter()
        .map(|f| (f.name.clone(), f.text.clone()))
        .chain(runtime)
        .chain(std::iter::once(makefile))
        .collect();
    refuse_stale_sources(dir, &files)?;
    for (name, text) in files {
        let path = dir.join(&name);
        let partial = dir.join(format!(".{name}.ferry-partial"));
        std::fs::write(&partial, text).map_err(|e| fail("write", &partial, e))?;
        std::fs::rename(&partial, &path).map_err(|e| fail("write", &path, e))?;
    }
    Ok(())
}
