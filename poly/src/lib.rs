//! The polyhedral model of a program's static-affine parts (SCoPs), built
//! from the HCFG and the affine semantics the other analyses share, and
//! their exact dataflow computed by isl.
//!
//! - [`extract`]: the SCoPs of a function — maximal runs of statements
//!   whose control is counted loops and `if`s with affine bounds and
//!   conditions, and whose memory accesses are array elements with affine
//!   subscripts or scalars; each statement with its iteration domain, its
//!   2d+1 schedule and its accesses (reads, must-writes, may-writes), each
//!   access with an id; and a kill where a block of the part ends, of the
//!   variables it declares that the part accesses.
//! - [`dataflow`]: value-based flow dependences (with kills: a must-write
//!   hides the writes before it), the reads with no source in the SCoP
//!   (live-in), and the false dependences (anti, output), from
//!   `isl_union_access_info_compute_flow`.
//! - [`report`]: `ferry scop`, as text or JSON.
//! - `summary`: what a call of a function whose body is static-affine
//!   reads and writes (PENCIL's function summaries, §3.6), for a caller's
//!   SCoP to take the call as one statement.
//!
//! Everything is kept as isl text (with the program's own names), so the
//! model crosses threads and reports without an isl context; the dataflow
//! parses it into a context of its own.

pub mod dataflow;
pub mod dce;
pub mod extract;
pub mod imported;
pub mod report;
mod summary;

use ferry_parser::span::Span;
use isl_rs::Context;

/// An isl context for one analysis of the model: failures (a spent
/// operation bound among them) come back as errors from the calls, which
/// the analysis reports, and isl prints nothing.
fn bounded_context(max_operations: u64) -> Context {
    let ctx = Context::alloc();
    const ISL_ON_ERROR_CONTINUE: i32 = 1;
    let _ = isl_rs::Options::set_on_error(&ctx, ISL_ON_ERROR_CONTINUE);
    ctx.set_max_operations(max_operations);
    ctx
}

/// One static control part: statements that run as an affine loop nest.
#[derive(Debug, Clone)]
pub struct Scop {
    pub function: String,
    /// From the first statement of the part to the end of the last.
    pub span: Span,
    /// The integer variables the part reads but never writes, by the names
    /// the isl text gives them.
    pub params: Vec<String>,
    /// What the types say of the parameters (`0 <= n <= 65535` for an
    /// `unsigned short`), what the part's `__pencil_assume` calls
    /// guarantee, and the parameters for which it would do what C leaves
    /// undefined left out (a subscript out of its array),
    /// as an isl parameter set: the instances of the part are those of
    /// parameters inside it.
    pub context: String,
    /// Whether the context says more than the types: the report shows it.
    pub narrowed: bool,
    pub statements: Vec<Statement>,
    /// The loops of dynamic control (`while`, do-while, a `for` that is
    /// not counted) the part takes as one statement each (§3.2): their
    /// bodies may hold SCoPs of their own.
    pub encapsulated: Vec<ferry_hcfg::ir::NodeId>,
    /// The loops of the part a `#pragma pencil independent` declares free
    /// of dependences between iterations (PENCIL's §3.9).
    pub independences: Vec<Independence>,
    /// Each name the isl text gives a variable (index, parameter, array),
    /// with the variable's name in the program (`j_1` for the second `j`).
    pub names: Vec<(String, String)>,
}

/// A loop declared independent: the pairs of instances of its body's
/// statements in different iterations of it (and the same iterations of
/// the loops around it), which no dependence may order.
#[derive(Debug, Clone)]
pub struct Independence {
    /// The loop, from `for` to the end of its body.
    pub span: Span,
    /// `[params] -> { S0[i, j] -> S1[i', j'] : i' = i and j' != j; ... }`.
    pub relation: String,
}

#[derive(Debug, Clone)]
pub struct Statement {
    /// `S0`, `S1`... in textual order; `K0`, `K1`... for the kills at the
    /// end of a block of the part of the variables it declares (one kill
    /// access each), and for the arrays of a `__pencil_kill` call.
    pub name: String,
    pub span: Span,
    /// A kill by a `__pencil_kill` call (at the call), not at a block's end.
    pub explicit_kill: bool,
    /// Its enclosing loops' indices, outermost first.
    pub indices: Vec<String>,
    /// `[params] -> { S0[i, j] : ... }`.
    pub domain: String,
    /// `[params] -> { S0[i, j] -> [c0, i, c1, j, c2] }`: textual order
    /// between loops, loop order within (a descending loop's dimension is
    /// `-i`), padded with zeros to the deepest statement's length.
    pub schedule: String,
    pub accesses: Vec<Access>,
    /// Under a condition on data (an `if` whose condition is not affine,
    /// PENCIL's dynamic control): its domain holds the instances that may
    /// run, its writes are may-writes, and it also reads what the
    /// conditions read.
    pub dynamic: bool,
    /// Some of its accesses have a subscript on data (`B[i][A[i][j]]`,
    /// §3.9): they are of any element along that dimension, may-reads and
    /// may-writes, which hold what runs and not exactly.
    pub data_subscripts: bool,
    /// The branches of the conditions on data it is under, outermost
    /// first (numbered in the part, an `if`'s `else` one after its
    /// `then`, the `then` odd): statements under the same ones run
    /// together or not at all in each instance of the innermost `if`, and
    /// statements under the two branches of one `if` never in the same
    /// instance of it.
    pub guards: Vec<usize>,
    /// How many of its loops enclose each of those conditions.
    pub guard_depths: Vec<usize>,
}

impl Statement {
    /// Whether it is a kill (a block's end), not a statement of the
    /// program.
    pub fn is_kill(&self) -> bool {
        self.accesses.iter().all(|a| a.kind == AccessKind::Kill)
    }

    /// Its instance tuple with its indices suffixed by `prime` (`S2[i',
    /// j']`), as isl shows the sink of a pair of instances.
    pub fn instance(&self, prime: &str) -> String {
        let dims: Vec<String> = self.indices.iter().map(|i| format!("{i}{prime}")).collect();
        format!("{}[{}]", self.name, dims.join(", "))
    }

    /// How many of its loops enclose its innermost condition on data.
    pub fn guard_depth(&self) -> usize {
        self.guard_depths.last().copied().unwrap_or(0)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum AccessKind {
    Read,
    /// Surely written by every instance of the statement.
    MustWrite,
    /// Written by the instances where a condition on data holds (a
    /// statement under an `if` whose condition is not affine).
    MayWrite,
    /// The variable's lifetime ends (PENCIL's kills, §3.8): what was in
    /// its elements is gone, read by nothing after.
    Kill,
}

impl AccessKind {
    pub fn name(self) -> &'static str {
        match self {
            AccessKind::Read => "read",
            AccessKind::MustWrite => "must-write",
            AccessKind::MayWrite => "may-write",
            AccessKind::Kill => "kill",
        }
    }
}

#[derive(Debug, Clone)]
pub struct Access {
    /// `R0`, `W1`...: unique in the part.
    pub id: String,
    pub kind: AccessKind,
    /// The array (a scalar is an array of no dimension).
    pub array: String,
    /// `[params] -> { S0[i, j] -> A[i, j + 1] }`, restricted to the domain.
    pub relation: String,
    /// The same with each instance tagged by the access's id, `[S0[i, j]
    /// -> R1[]] -> A[i, j + 1]`: isl's tagged accesses, which keep apart
    /// two references of one statement in the dependences.
    pub tagged: String,
    /// A must-write of a statement under conditions on data: a may-write
    /// only because the statement may not run, it writes its elements
    /// whenever it does (read by the dataflow inside one instance of the
    /// condition, the PENCIL report's Listing 3).
    pub guarded_must: bool,
}
