//! Bounded isl work: a window of isl operations per analysed statement.
//!
//! isl counts its operations (allocations and simplex pivots) on the
//! context and fails every call past `max_operations`; [`Poly`] turns such
//! a failure into its sound default (the universe, or a conservative
//! answer) and counts it in [`failures`]. A [`Window`] gives one statement
//! its own quota and says whether any result computed while it was open
//! was replaced: the statement's results are then marked may.
//!
//! Windows nest the way the analyses recurse: a statement's window is
//! opened before its children's, and closing a child's window starts the
//! count again, so the parent's own work between two children has a whole
//! quota. The cost of a function is bounded by its number of statements
//! times the quota, and a statement that cannot be afforded degrades alone
//! (with the statements that enclose it) instead of the whole function.
//!
//! Operations are a deterministic measure, but not a measure of time: a
//! few million of them can take a second or a minute depending on the
//! size of isl's numbers. So each function's analysis also runs against a
//! wall-clock [`Deadline`]: past it, every window opens with no quota at
//! all, so that every remaining isl operation of the function answers
//! "unknown" at once and the analysis finishes with sound
//! over-approximations. Only a function that would otherwise run for long
//! is affected, and it is named in the [`notes`] for the reports.
//!
//! [`Poly`]: super::poly::Poly

use super::poly::failures;
use isl_rs::Context;
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The default wall-clock budget of one analysis (transformers,
/// preconditions, regions, OUT regions) of one function: far beyond what
/// the kernels need on a slow machine, so that it never changes their
/// results, and short enough that no function holds a whole program up
/// for minutes.
pub const DEFAULT_FUNCTION_TIME_BUDGET: Duration = Duration::from_secs(10);

/// The budget in force, in microseconds (0: none).
static FUNCTION_TIME_BUDGET_US: AtomicU64 =
    AtomicU64::new(DEFAULT_FUNCTION_TIME_BUDGET.as_micros() as u64);

/// Sets the wall-clock budget of each analysis of each function for the
/// rest of the process (`None`: unbounded).
pub fn set_function_time_budget(budget: Option<Duration>) {
    let us = budget.map_or(0, |b| (b.as_micros() as u64).max(1));
    FUNCTION_TIME_BUDGET_US.store(us, Ordering::Relaxed);
}

fn function_time_budget() -> Option<Duration> {
    match FUNCTION_TIME_BUDGET_US.load(Ordering::Relaxed) {
        0 => None,
        us => Some(Duration::from_micros(us)),
    }
}

/// `FERRY_DEADLINE_AFTER=N`: each analysis of each function runs out of
/// time at its N-th look at the clock instead of at an instant. Where a
/// wall-clock deadline falls depends on the machine; this one does not, so
/// that a test can cut an analysis at each of its points in turn and check
/// that every cut leaves a sound result (a cut the time budget reaches only
/// on a faster or slower machine than the developer's is otherwise found
/// by CI alone).
fn deadline_after_checks() -> Option<u64> {
    static AFTER: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    *AFTER.get_or_init(|| {
        std::env::var("FERRY_DEADLINE_AFTER")
            .ok()
            .and_then(|v| v.trim().parse().ok())
    })
}

thread_local! {
    /// When the function being analysed on this thread runs out of time.
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    /// Whether the current deadline has passed (and cut some window).
    static OVERRAN: Cell<bool> = const { Cell::new(false) };
    /// How many times the current deadline was looked at.
    static CHECKS: Cell<u64> = const { Cell::new(0) };
    /// How many windows are open on this thread.
    static OPEN_WINDOWS: Cell<u32> = const { Cell::new(0) };
    /// Where precision was given up on this thread, for the reports.
    static NOTES: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// The analysis of one function against the time budget, from `start`
/// until the guard is dropped.
pub struct Deadline {
    what: String,
    _timed: Timed,
}

/// A phase of a command timed for `FERRY_PROFILE`: when that variable is
/// set, dropping the guard prints `profile: SECONDS s WHAT` on stderr if
/// the phase took a millisecond or more (a large program has thousands of
/// functions, most of them declarations from headers that cost nothing).
pub struct Timed {
    what: Option<String>,
    started: Instant,
}

impl Timed {
    pub fn start(what: impl FnOnce() -> String) -> Timed {
        Timed {
            what: std::env::var_os("FERRY_PROFILE").map(|_| what()),
            started: Instant::now(),
        }
    }
}

impl Drop for Timed {
    fn drop(&mut self) {
        let elapsed = self.started.elapsed();
        if let Some(what) = &self.what
            && elapsed >= Duration::from_millis(1)
        {
            let resident = resident_bytes()
                .map(|b| format!(" (resident {:.2} GB)", b as f64 / 1e9))
                .unwrap_or_default();
            eprintln!("profile: {:.3} s {what}{resident}", elapsed.as_secs_f64());
        }
    }
}

/// The process's resident memory, where the system says (Linux's
/// `/proc/self/statm`: pages).
fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf only reads a system constant.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    Some(pages * u64::try_from(page).ok()?)
}

impl Deadline {
    /// Starts the clock for `what` (say, "the regions of `f`").
    pub fn start(what: impl Into<String>) -> Deadline {
        DEADLINE.with(|d| d.set(function_time_budget().map(|b| Instant::now() + b)));
        OVERRAN.with(|o| o.set(false));
        CHECKS.with(|c| c.set(0));
        let what = what.into();
        Deadline {
            _timed: Timed::start(|| what.clone()),
            what,
        }
    }
}

impl Drop for Deadline {
    fn drop(&mut self) {
        DEADLINE.with(|d| d.set(None));
        if OVERRAN.with(|o| o.replace(false)) {
            note(format!(
                "{} ran past the time budget of a function (--time-budget); \
                 they are over-approximated from there on (may)",
                self.what
            ));
        }
    }
}

/// Whether the function being analysed on this thread has run out of
/// time: analyses whose own (non-isl) work is large stop it there and
/// take a sound over-approximation for the rest (the function is then
/// named in the notes, as when a window is cut).
pub fn out_of_time() -> bool {
    past_deadline()
}

fn past_deadline() -> bool {
    let Some(deadline) = DEADLINE.with(Cell::get) else {
        return false;
    };
    let past = match deadline_after_checks() {
        Some(after) => CHECKS.with(|c| c.replace(c.get() + 1)) >= after,
        None => Instant::now() >= deadline,
    };
    if past {
        OVERRAN.with(|o| o.set(true));
    }
    past
}

/// `work`, an isl computation with a cheaper fallback, within a quota of
/// its own: its result, or its error past the quota (isl's error state is
/// cleared when the window closes).
pub fn within<T, E>(
    ctx: &Context,
    max_operations: u64,
    work: impl FnOnce() -> Result<T, E>,
) -> Result<T, E> {
    let _window = Window::open(ctx, max_operations);
    work()
}

/// Past the deadline of the function, lowers isl's quota to nothing, so
/// that the rest of the analysis answers "unknown" at once: for analyses
/// that run within one quota per function rather than in windows.
pub fn enforce_deadline(ctx: &Context) {
    if past_deadline() {
        ctx.set_max_operations(1);
    }
}

/// Records a place where the analyses gave up precision to bound their
/// cost (an analysis past its time budget, a function analysed without
/// its callers), for the user.
pub fn note(text: String) {
    NOTES.with(|o| o.borrow_mut().push(text));
}

/// What [`note`] recorded on this thread so far, in order.
pub fn notes() -> Vec<String> {
    NOTES.with(|o| o.borrow().clone())
}

/// The notes made on this thread, which starts afresh: a thread that
/// analyses one program after another tells each its own.
pub fn take_notes() -> Vec<String> {
    NOTES.with(|o| std::mem::take(&mut *o.borrow_mut()))
}

/// An open quota of isl operations; closing it (dropping it) starts the
/// count again under the quota that was in force before.
pub struct Window<'c> {
    ctx: &'c Context,
    saved_max: u64,
    failures_at_open: u64,
}

impl<'c> Window<'c> {
    /// A window of `max_operations`, or of none at all (every isl
    /// operation fails at once) past the deadline of the function.
    pub fn open(ctx: &'c Context, max_operations: u64) -> Window<'c> {
        let saved_max = ctx.get_max_operations();
        ctx.reset_error();
        ctx.reset_operations();
        // isl reads 0 as "no limit": the smallest quota is 1.
        let max = if past_deadline() { 1 } else { max_operations };
        ctx.set_max_operations(max);
        OPEN_WINDOWS.with(|n| n.set(n.get() + 1));
        Window {
            ctx,
            saved_max,
            failures_at_open: failures(),
        }
    }

    /// Whether some isl result was replaced by its sound default since the
    /// window opened (in this statement or in one it encloses).
    pub fn degraded(&self) -> bool {
        failures() != self.failures_at_open
    }
}

impl Drop for Window<'_> {
    fn drop(&mut self) {
        self.ctx.reset_error();
        self.ctx.reset_operations();
        // Past the deadline, the enclosing statement's work has no quota
        // either; the outermost window gives back the quota it found, for
        // what follows the analysis (the reports, the transfers).
        let enclosed = OPEN_WINDOWS.with(|n| {
            n.set(n.get() - 1);
            n.get() > 0
        });
        let max = if enclosed && past_deadline() {
            1
        } else {
            self.saved_max
        };
        self.ctx.set_max_operations(max);
    }
}
