//! The whole-program regions report on several worker threads.
//!
//! isl objects never leave their context, and a context serves one thread
//! at a time. So each worker runs the analyses the regions rest on (the
//! parse is shared) in a context of its own: every worker computes the
//! same semantics, the cheaper part on large programs. Then the workers
//! share out the functions, each analysed with exactly what the
//! sequential analysis ([`RegionsAnalysis::run_for_report`]) gives it:
//! - READ, WRITE and IN bottom-up, in the call graph's components'
//!   order: a function sees the summaries of the callees before it in
//!   that order (within a recursive cycle, a callee after it is unknown
//!   memory). It is ready once those are published; the worker reads them
//!   as isl's text ([`crate::portable`]) and publishes its own.
//! - OUT top-down, on the worker that holds the function's regions, once
//!   every callee's summary is out (the sequential OUT comes after all
//!   of them) and, for a function whose callers are consulted
//!   ([`CallersRead`]), once its callers' OUT regions are: what those
//!   name at the calls crosses as plain entities.
//! - Each worker writes the report of the functions it analysed; the
//!   report is assembled in the order of the sequential one, which it
//!   equals (a set is printed from its own text, whatever the context).
//!
//! A recursive cycle of hundreds of functions (SQLite's code generator)
//! is shared out too: scheduling by whole components left one worker
//! alone with it.
//!
//! The budget's notes of each function are gathered in the order the
//! sequential analysis makes them.

use crate::access::Rw;
use crate::entity::Root;
use crate::out::{self, CallersRead, function_out};
use crate::portable::PortableRw;
use crate::region::{Interner, RegionMap};
use crate::report::{
    annotated_by, annotated_functions, annotations_of, function_json, reported_functions,
};
use crate::summary::Summary;
use crate::{RegionsAnalysis, function_regions};
use ferry_hcfg::Analyses;
use ferry_hcfg::ir::FuncId;
use ferry_hcfg::report::with_shapes_by_object;
use ferry_hcfg::semantics::budget;
use ferry_parser::ParsedFile;
use serde_json::{Value, json};
use std::cell::Cell;
use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// What the report is printed as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// The C source annotated in the PIPS style
    /// ([`crate::report::annotated_regions`]).
    Annotated,
    /// The JSON of [`crate::report::regions_json_all`].
    Json,
}

/// How [`report`] runs.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Worker threads, at least one.
    pub workers: usize,
    /// Each worker's stack, in bytes: the analyses recurse as deep as the
    /// program's nesting, as on the calling thread.
    pub stack_size: usize,
    pub format: Format,
    /// Which of the functions ready for their regions a worker takes.
    pub order: Order,
}

/// Which ready function a worker takes. The answer does not depend on it:
/// the tests take the latest, to meet a recursive cycle's functions in
/// the other order than the sequential analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// The first in the sequential order: what others wait on soonest.
    Earliest,
    Latest,
}

/// The regions report of `files`, as [`crate::report`] prints it after
/// [`RegionsAnalysis::run_for_report`], made by `workers` threads (at
/// least one), and the budget's notes the workers made, in the order the
/// sequential analysis makes them (the JSON report has them, after the
/// calling thread's).
///
/// Meant for a command that prints its answer and exits: the workers'
/// analyses are left for the process's exit to reclaim (freeing millions
/// of isl sets one by one would only hold the answer back).
pub fn report(files: &[ParsedFile], options: &Options) -> (String, Vec<String>) {
    let Options {
        workers,
        stack_size,
        format,
        order,
    } = *options;
    let workers = workers.max(1);
    let board = Board::default();
    let (done, annotated): (Vec<Done>, Option<String>) = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|id| {
                let board = &board;
                std::thread::Builder::new()
                    .name(format!("regions worker {id}"))
                    .stack_size(stack_size)
                    .spawn_scoped(scope, move || {
                        let _alarm = Alarm(board);
                        work(id, workers, files, board, format, order)
                    })
            })
            .collect::<Result<Vec<_>, _>>()
            .expect("the system starts a thread");
        // The annotated source is printed as the workers make its lines.
        let annotated = (format == Format::Annotated).then(|| print_streamed(files, &board));
        let done = handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect();
        (done, annotated)
    });
    let _timed = budget::Timed::start(|| "the report".into());
    let notes = merge_notes(&done);
    let text = match format {
        Format::Annotated => annotated.unwrap_or_default(),
        Format::Json => {
            let mut by_function: HashMap<FuncId, &Value> = HashMap::new();
            for d in &done {
                by_function.extend(d.json.iter().map(|(f, v)| (*f, v)));
            }
            let functions: Vec<&Value> = done[0]
                .order
                .iter()
                .filter_map(|f| by_function.get(f).copied())
                .collect();
            // The notes made before the workers started (the parse's) first.
            let mut all = budget::notes();
            all.extend(notes.iter().cloned());
            let value = json!({ "functions": functions, "notes": all });
            let mut text = serde_json::to_string_pretty(&value).expect("JSON of plain values");
            text.push('\n');
            text
        }
    };
    (text, notes)
}

/// The semantics' notes of the first worker (the others', the same but
/// for a deadline one of them alone reached, after them), then each
/// function's in the sequential order.
fn merge_notes(done: &[Done]) -> Vec<String> {
    let mut notes = done[0].semantics_notes.clone();
    for d in &done[1..] {
        for n in &d.semantics_notes {
            if !notes.contains(n) {
                notes.push(n.clone());
            }
        }
    }
    let mut keyed: Vec<&(NoteKey, Vec<String>)> = done.iter().flat_map(|d| &d.notes).collect();
    keyed.sort_by_key(|(key, _)| *key);
    notes.extend(keyed.into_iter().flat_map(|(_, n)| n.iter().cloned()));
    notes
}

/// Where the sequential analysis makes a function's notes: its phase (0
/// regions, 1 OUT, 2 the report), then its rank in that phase's order.
type NoteKey = (u8, usize);

/// What a worker hands back.
struct Done {
    semantics_notes: Vec<String>,
    notes: Vec<(NoteKey, Vec<String>)>,
    /// The JSON entry of each of its functions.
    json: Vec<(FuncId, Value)>,
    /// The functions of the JSON report, in order (every worker finds the
    /// same; none for the annotated source).
    order: Vec<FuncId>,
}

/// The order of the sequential analysis and what each function waits
/// for; every worker derives the same from its own analyses.
struct Plan {
    /// Per function, its rank bottom-up: the call graph's components in
    /// order, each function of a component in turn.
    rank: Vec<usize>,
    /// Per function, its rank in the sequential OUT: the components in
    /// reverse, each function of a component in turn.
    out_rank: Vec<usize>,
    /// Per function, the other functions it calls.
    callees: Vec<Vec<FuncId>>,
    /// Per function, the other functions calling it.
    callers: Vec<Vec<FuncId>>,
    /// Per function, whether its OUT looks at what its callers read.
    consults_callers: Vec<bool>,
}

impl Plan {
    fn of(a: &Analyses) -> Plan {
        let n = a.program.functions.len();
        let mut rank = vec![0; n];
        for (k, f) in a.calls.components.iter().flatten().enumerate() {
            rank[f.index()] = k;
        }
        let mut out_rank = vec![0; n];
        for (k, f) in a.calls.components.iter().rev().flatten().enumerate() {
            out_rank[f.index()] = k;
        }
        let others = |f: FuncId, mut fs: Vec<FuncId>| {
            fs.retain(|&g| g != f);
            fs.sort();
            fs.dedup();
            fs
        };
        let functions = || a.program.function_ids();
        Plan {
            rank,
            out_rank,
            callees: functions().map(|f| others(f, a.calls.callees(f))).collect(),
            callers: functions().map(|f| others(f, a.calls.callers(f))).collect(),
            consults_callers: functions()
                .map(|f| CallersRead::consults_callers(a, f))
                .collect(),
        }
    }

    /// Whether the sequential analysis has `g`'s summary when it comes to
    /// `f`'s regions.
    fn summarised_before(&self, g: FuncId, f: FuncId) -> bool {
        self.rank[g.index()] < self.rank[f.index()]
    }
}

/// Per node of a function, the roots of its OUT regions' entities (`None`
/// where it has none computed): what its callees' OUT asks of it.
type OutRoots = Vec<Option<Vec<Root>>>;

/// One piece of work on a function.
#[derive(Debug, Clone, Copy)]
enum Task {
    Regions(FuncId),
    Out(FuncId),
}

/// What the workers share: the state of every function, and what one
/// worker's functions hand to another's.
#[derive(Default)]
struct Board {
    state: Mutex<State>,
    changed: Condvar,
}

#[derive(Default)]
struct State {
    started: bool,
    /// A worker stopped on a panic: the others stop waiting.
    failed: bool,
    /// Per function, its READ, WRITE and IN summary, once published.
    summaries: Vec<Option<Arc<PortableRw>>>,
    /// Per function, what its OUT regions name.
    out_roots: Vec<Option<Arc<OutRoots>>>,
    /// Per function, the summaries its regions wait for.
    regions_waiting: Vec<usize>,
    /// Functions whose regions can be computed, by rank, lowest first.
    regions_ready: BTreeSet<(usize, FuncId)>,
    /// Per function, the worker that computed its regions.
    owner: Vec<Option<usize>>,
    /// Per worker, the functions others took since it last looked: it
    /// will never need their semantics.
    taken_by_others: HashMap<usize, Vec<FuncId>>,
    workers: usize,
    /// Per function, what its OUT waits for: its own regions, its callees'
    /// summaries not before it, its callers' OUT when it consults them.
    out_waiting: Vec<usize>,
    /// Per worker, its functions whose OUT can be computed, by OUT rank.
    out_ready: HashMap<usize, BTreeSet<(usize, FuncId)>>,
    out_done: usize,
    n_functions: usize,
    /// Per unit, each annotated span with the rank of its function in the
    /// printed order, once the first worker has told.
    spans: Option<Arc<Spans>>,
    /// Annotation lines made and not printed yet, by unit and span.
    lines: HashMap<(usize, (u32, u32)), Vec<String>>,
    /// The rank of the function the printer has come to.
    printed: usize,
}

/// See [`State::spans`].
type Spans = Vec<HashMap<(u32, u32), usize>>;

/// Marks the board failed when its worker unwinds, so that no other
/// waits forever for what it would have published.
struct Alarm<'b>(&'b Board);

impl Drop for Alarm<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            if let Ok(mut state) = self.0.state.lock() {
                state.failed = true;
            }
            self.0.changed.notify_all();
        }
    }
}

impl Board {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A worker that panicked holding the lock has already marked the
        // board failed, or is about to: its state is still consistent.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The first worker to get here sets the board up for `plan`.
    fn start(&self, plan: &Plan, workers: usize) {
        let mut state = self.lock();
        if state.started {
            return;
        }
        state.workers = workers;
        let n = plan.rank.len();
        let ids = || (0..n).map(|i| FuncId(i as u32));
        state.started = true;
        state.summaries = vec![None; n];
        state.out_roots = vec![None; n];
        state.regions_waiting = ids()
            .map(|f| {
                plan.callees[f.index()]
                    .iter()
                    .filter(|&&g| plan.summarised_before(g, f))
                    .count()
            })
            .collect();
        state.regions_ready = ids()
            .filter(|f| state.regions_waiting[f.index()] == 0)
            .map(|f| (plan.rank[f.index()], f))
            .collect();
        state.owner = vec![None; n];
        state.out_waiting = ids()
            .map(|f| {
                let later_callees = plan.callees[f.index()]
                    .iter()
                    .filter(|&&g| !plan.summarised_before(g, f))
                    .count();
                let callers = match plan.consults_callers[f.index()] {
                    true => plan.callers[f.index()].len(),
                    false => 0,
                };
                1 + later_callees + callers
            })
            .collect();
        state.n_functions = n;
    }

    /// The next task for worker `me`: any function's regions first (other
    /// workers may wait on them), else the OUT of one of its own; `None`
    /// when everything is done, or a worker failed.
    fn next(&self, me: usize, order: Order) -> Option<Task> {
        let mut state = self.lock();
        loop {
            if state.failed || state.out_done == state.n_functions {
                return None;
            }
            let ready = match order {
                Order::Earliest => state.regions_ready.pop_first(),
                Order::Latest => state.regions_ready.pop_last(),
            };
            if let Some((_, f)) = ready {
                state.owner[f.index()] = Some(me);
                for other in (0..state.workers).filter(|&w| w != me) {
                    state.taken_by_others.entry(other).or_default().push(f);
                }
                return Some(Task::Regions(f));
            }
            if let Some((_, f)) = state.out_ready.get_mut(&me).and_then(BTreeSet::pop_first) {
                return Some(Task::Out(f));
            }
            state = self.changed.wait(state).unwrap_or_else(|p| p.into_inner());
        }
    }

    fn finish(&self, task: Task, plan: &Plan) {
        let mut state = self.lock();
        let state = &mut *state;
        let out_ready = |state: &mut State, f: FuncId| {
            state.out_waiting[f.index()] -= 1;
            if state.out_waiting[f.index()] == 0 {
                let owner =
                    state.owner[f.index()].expect("a function's regions are done before its OUT");
                let key = (plan.out_rank[f.index()], f);
                state.out_ready.entry(owner).or_default().insert(key);
            }
        };
        match task {
            Task::Regions(g) => {
                for &f in &plan.callers[g.index()] {
                    if plan.summarised_before(g, f) {
                        state.regions_waiting[f.index()] -= 1;
                        if state.regions_waiting[f.index()] == 0 {
                            state.regions_ready.insert((plan.rank[f.index()], f));
                        }
                    } else {
                        out_ready(state, f);
                    }
                }
                out_ready(state, g);
            }
            Task::Out(f) => {
                state.out_done += 1;
                for &g in &plan.callees[f.index()] {
                    if plan.consults_callers[g.index()] {
                        out_ready(state, g);
                    }
                }
            }
        }
        self.changed.notify_all();
    }

    fn wait_until(&self, mut done: impl FnMut(&mut State) -> bool) -> MutexGuard<'_, State> {
        let mut state = self.lock();
        while !state.failed && !done(&mut state) {
            state = self.changed.wait(state).unwrap_or_else(|p| p.into_inner());
        }
        state
    }

    fn publish_spans(&self, spans: Spans) {
        self.lock().spans = Some(Arc::new(spans));
        self.changed.notify_all();
    }

    /// The annotated spans, once told (`None` on a failed board).
    fn spans(&self) -> Option<Arc<Spans>> {
        self.wait_until(|state| state.spans.is_some()).spans.clone()
    }

    /// Waits until the printer comes within [`LINES_AHEAD`] functions of
    /// the function of rank `rank`; `false` on a failed board.
    fn wait_for_printer(&self, rank: usize) -> bool {
        !self
            .wait_until(|state| rank < state.printed + LINES_AHEAD)
            .failed
    }

    fn put_lines(&self, unit: usize, lines: Vec<((u32, u32), Vec<String>)>) {
        let mut state = self.lock();
        state
            .lines
            .extend(lines.into_iter().map(|(span, l)| ((unit, span), l)));
        drop(state);
        self.changed.notify_all();
    }

    /// The lines of a span of unit `unit` whose function has rank `rank`,
    /// once made (none on a failed board).
    fn take_lines(&self, unit: usize, span: (u32, u32), rank: usize) -> Vec<String> {
        {
            let mut state = self.lock();
            if rank > state.printed {
                state.printed = rank;
                drop(state);
                self.changed.notify_all();
            }
        }
        self.wait_until(|state| state.lines.contains_key(&(unit, span)))
            .lines
            .remove(&(unit, span))
            .unwrap_or_default()
    }

    /// The functions other workers took since `me` last asked.
    fn taken_by_others(&self, me: usize) -> Vec<FuncId> {
        self.lock()
            .taken_by_others
            .get_mut(&me)
            .map(std::mem::take)
            .unwrap_or_default()
    }

    fn publish_summary(&self, f: FuncId, summary: PortableRw) {
        self.lock().summaries[f.index()] = Some(Arc::new(summary));
    }

    fn summary(&self, f: FuncId) -> Option<Arc<PortableRw>> {
        self.lock().summaries[f.index()].clone()
    }

    fn publish_out_roots(&self, f: FuncId, roots: OutRoots) {
        self.lock().out_roots[f.index()] = Some(Arc::new(roots));
    }

    fn out_roots(&self, f: FuncId, node: usize) -> Option<Vec<Root>> {
        let roots = self.lock().out_roots[f.index()].clone()?;
        roots.get(node)?.clone()
    }
}

/// One worker: the analyses in its own isl context, then the tasks the
/// board gives it, then the report of its functions.
fn work(
    me: usize,
    workers: usize,
    files: &[ParsedFile],
    board: &Board,
    format: Format,
    order: Order,
) -> Done {
    let _ = budget::take_notes();
    let timed = budget::Timed::start(|| format!("the analyses before the regions, worker {me}"));
    let mut a = Analyses::run(files);
    drop(timed);
    let semantics_notes = budget::take_notes();
    let program = &a.program;
    let n = program.functions.len();
    let plan = Plan::of(&a);
    board.start(&plan, workers);
    let ctx = &a.semantics.ctx;
    let mut nodes: Vec<Vec<Option<Rw>>> = vec![Vec::new(); n];
    let mut summaries: Vec<Option<Summary>> = vec![None; n];
    let mut out: Vec<Vec<Option<RegionMap>>> = vec![Vec::new(); n];
    let mut out_summaries: Vec<Option<RegionMap>> = vec![None; n];
    let fresh = Cell::new(0);
    let interner = Interner::default();
    let mut notes = Vec::new();
    // The callees' summaries this worker lacks, read from the board.
    let import = |summaries: &mut Vec<Option<Summary>>,
                  callees: &mut dyn Iterator<Item = FuncId>| {
        for g in callees {
            if summaries[g.index()].is_none()
                && let Some(summary) = board.summary(g)
            {
                summaries[g.index()] = Some(summary.rebuild(ctx));
            }
        }
    };
    while let Some(task) = board.next(me, order) {
        // What only another worker's functions need is freed as it goes:
        // the whole program's semantics is held by every worker.
        for f in board.taken_by_others(me) {
            a.semantics.transformers[f.index()] = Vec::new();
            a.semantics.preconditions[f.index()] = Vec::new();
        }
        match task {
            Task::Regions(f) => 'task: {
                let Some(body) = &program.function(f).body else {
                    break 'task;
                };
                if !a.scope.contains(f) {
                    break 'task;
                }
                let callees = &plan.callees[f.index()];
                import(
                    &mut summaries,
                    &mut callees
                        .iter()
                        .copied()
                        .filter(|&g| plan.summarised_before(g, f)),
                );
                // What the sequential analysis has not summarised yet when it
                // comes to `f` (a callee later in its recursive cycle, which
                // this worker may have done already) stays unknown.
                let hidden: Vec<(FuncId, Option<Summary>)> = callees
                    .iter()
                    .filter(|&&g| !plan.summarised_before(g, f))
                    .map(|&g| (g, summaries[g.index()].take()))
                    .collect();
                let (analysed, summary) =
                    function_regions(&a, f, body, &summaries, &fresh, &interner);
                for (g, summary) in hidden {
                    summaries[g.index()] = summary;
                }
                notes.push(((0, plan.rank[f.index()]), budget::take_notes()));
                summaries[f.index()] = Some(summary.rebuild(ctx));
                board.publish_summary(f, summary);
                nodes[f.index()] = analysed;
            }
            Task::Out(f) => 'task: {
                let Some(body) = &program.function(f).body else {
                    break 'task;
                };
                if !a.scope.contains(f) {
                    break 'task;
                }
                // The sequential OUT comes after every summary.
                import(&mut summaries, &mut plan.callees[f.index()].iter().copied());
                let callers_read =
                    CallersRead::of(&a, f, &|caller, node| board.out_roots(caller, node));
                let computed = function_out(
                    &a,
                    f,
                    body,
                    &nodes[f.index()],
                    &summaries,
                    &fresh,
                    &interner,
                    &callers_read,
                );
                notes.push(((1, plan.out_rank[f.index()]), budget::take_notes()));
                let Some(computed) = computed else {
                    break 'task;
                };
                board.publish_out_roots(
                    f,
                    computed
                        .out
                        .iter()
                        .map(|o| o.as_ref().map(out::roots))
                        .collect(),
                );
                out[f.index()] = computed.out;
                out_summaries[f.index()] = computed.summary;
            }
        }
        board.finish(task, &plan);
    }
    let regions = RegionsAnalysis {
        nodes,
        out,
        live: vec![Vec::new(); n],
        summaries,
        out_summaries,
    };
    let timed = budget::Timed::start(|| format!("the report's part of worker {me}"));
    let owner: Vec<Option<usize>> = board.lock().owner.clone();
    let mine = |f: FuncId| owner[f.index()] == Some(me);
    let (json, order) = match format {
        Format::Annotated => {
            annotate_streamed(me, &a, &regions, files, board, &mine);
            (Vec::new(), Vec::new())
        }
        Format::Json => {
            let order = reported_functions(&a, files);
            let json = order
                .iter()
                .filter(|&&f| mine(f))
                .map(|&f| {
                    let file = &files[program.function(f).unit];
                    (f, function_json(&a, &regions, file, f))
                })
                .collect();
            (json, order)
        }
    };
    drop(timed);
    notes.push(((2, me), budget::take_notes()));
    // The sets outlive nothing but the process (see `report`).
    std::mem::forget(regions);
    std::mem::forget(a);
    Done {
        semantics_notes,
        notes,
        json,
        order,
    }
}

/// The functions a worker's annotated lines may run ahead of the printer:
/// made all at once, SQLite's take most of a gigabyte.
const LINES_AHEAD: usize = 32;

/// Worker `me`'s part of the annotated source: the lines of its functions
/// (`mine`), each made when the printer comes within [`LINES_AHEAD`]
/// functions of it. The first worker tells the printer which spans are
/// annotated.
fn annotate_streamed(
    me: usize,
    a: &Analyses,
    regions: &RegionsAnalysis,
    files: &[ParsedFile],
    board: &Board,
    mine: &dyn Fn(FuncId) -> bool,
) {
    let functions = annotated_functions(a, files);
    if me == 0 {
        let mut spans = vec![HashMap::new(); files.len()];
        for (rank, function) in functions.iter().enumerate() {
            spans[function.unit].extend(function.spans.iter().map(|&span| (span, rank)));
        }
        board.publish_spans(spans);
    }
    with_shapes_by_object(|| {
        for (rank, function) in functions.iter().enumerate() {
            if !mine(function.f) {
                continue;
            }
            if !board.wait_for_printer(rank) {
                return;
            }
            let lines = annotations_of(a, regions, function.f);
            board.put_lines(function.unit, lines);
        }
    });
}

/// The annotated source, printed as the workers make its lines (on a
/// failed board, what was made).
fn print_streamed(files: &[ParsedFile], board: &Board) -> String {
    let Some(spans) = board.spans() else {
        return String::new();
    };
    annotated_by(files, &|unit, span| {
        let key = (span.lo, span.hi);
        match spans[unit].get(&key) {
            Some(&rank) => board.take_lines(unit, key, rank),
            None => Vec::new(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::annotated_regions;
    use std::path::Path;

    /// `n` functions calling each other in a ring, some also further along
    /// it, each calling a leaf that writes its own part of an array.
    fn ring(n: usize) -> String {
        let mut c = String::from("int a[4096];\nint depth;\n");
        for i in 0..n {
            c.push_str(&format!("void ring{i}(int k);\n"));
        }
        for i in 0..n {
            c.push_str(&format!(
                "void leaf{i}(int *p, int m) {{ for (int j = 0; j < m; j++) p[{i} * 32 + j] = j; }}\n"
            ));
        }
        for i in 0..n {
            c.push_str(&format!("void ring{i}(int k) {{\n  leaf{i}(a, 16);\n"));
            c.push_str(&format!(
                "  if (k > 0 && depth < 100) {{ depth++; ring{}(k - 1); }}\n",
                (i + 1) % n
            ));
            if i % 3 == 0 {
                c.push_str(&format!("  if (k > 2) ring{}(k - 2);\n", (i + 7) % n));
            }
            c.push_str("}\n");
        }
        c.push_str("int main(void) { ring0(40); return a[5]; }\n");
        c
    }

    /// Workers taking the latest ready function first, across a recursive
    /// cycle, still print the sequential report: nothing depends on which
    /// worker took what when. (Tarjan lists a cycle's functions so that a
    /// callee later in the order is an ancestor in its search, which waits
    /// on the caller anyway; hiding the summaries of later callees keeps
    /// the sequential answer should that order ever change.)
    #[test]
    fn a_recursive_cycle_taken_backwards_reads_as_the_sequential_order() {
        let parsed = ferry_parser::driver::parse_preprocessed(ring(30), Path::new("ring.c"))
            .expect("the ring parses");
        let files = [parsed];
        let a = Analyses::run(&files);
        let sequential = annotated_regions(&a, &RegionsAnalysis::run_for_report(&a), &files);
        for workers in [2, 5] {
            let options = Options {
                workers,
                stack_size: 64 << 20,
                format: Format::Annotated,
                order: Order::Latest,
            };
            let (text, _) = report(&files, &options);
            assert!(text == sequential, "{workers} workers:\n{text}");
        }
    }
}
