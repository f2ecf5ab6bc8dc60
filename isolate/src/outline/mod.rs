//! Kernels out of an isolated statement (`--target cuda|opencl`).
//!
//! The isolated statement, already rewritten to use device buffers
//! (`rewrite`), is walked as the host would run it. The outermost parallel
//! loop found (`parallel`), with up to two loops perfectly nested in it
//! that are parallel too and whose bounds the host can evaluate before
//! the launch, becomes a kernel: one work-item per iteration of the nest.
//! Loops that are not parallel stay on the host around the launches (a
//! time loop launches its sweeps once per step), as do `if`s and
//! statements that touch no device memory. Any other statement that
//! touches device memory runs as a kernel of one work-item, so that host
//! code never dereferences a device buffer.
//!
//! In a kernel, device arrays are flat buffers: `A[e1][e2]` becomes
//! `A[(e1) * A_len2 + (e2)]` with the buffer's row length a parameter.
//! Scalars the kernel only reads are passed by value; the scalars a
//! parallel loop's body writes are private to each work-item (the
//! parallelisation proved them written before read and dead after the
//! loop). A host scalar a one-work-item kernel writes goes to the device
//! in a cell and comes back after the kernel (`ParamKind::Cell`), unless
//! the host reads it no more (`liveness`): the kernel then keeps it.

mod declarations;
mod device_functions;
mod host;
mod hosted;
mod kernels;
mod launch;
mod liveness;
mod loops;
mod records;
mod scope;
mod sizes;
mod typedefs;
mod walk;

pub(crate) use loops::{index_init, sole_statement};
pub use records::Record;
pub use sizes::host_sizes;
pub use typedefs::Typedefs;
pub(crate) use walk::variable_names;

use crate::fusion::Independent;
use crate::parallel::{Decision, Verdict};
use crate::reshape;
use ferry_parser::ast::{BinaryOp, Expr, FunctionDef, Stmt, StmtId};
use ferry_parser::build::{binary, cast_long, long as int};
use ferry_parser::driver::ParsedFile;
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
use ferry_targets::kernel::{Scalar, Unit};
use std::collections::{HashMap, HashSet};

/// A device buffer as kernels see it.
#[derive(Debug, Clone)]
pub struct DeviceArray {
    pub element: Element,
    /// The buffer's extents along dimensions 2.. (its row lengths), in
    /// order: `dims - 1` expressions the host can evaluate (a name of
    /// isolation's bookkeeping, or a device function's parameter).
    pub row_lengths: Vec<Expr>,
    /// Its number of elements, as the host computes it (`long`), where
    /// known: a kernel may then give each work-item a copy of it.
    pub elements: Option<Expr>,
    /// `sizeof` of the host's array (index 0), of its rows (1)... down to
    /// an element, where constant (LP64): device code gets these values
    /// for `sizeof` expressions of the array, which name the host's.
    pub host_sizes: Vec<Option<u64>>,
}

impl DeviceArray {
    /// Its number of dimensions (subscripts of an element).
    pub fn dims(&self) -> usize {
        self.row_lengths.len() + 1
    }
}

/// What a device buffer holds.
#[derive(Debug, Clone)]
pub enum Element {
    Scalar(Scalar),
    /// Structures, reached field by field through views (`records`).
    Record(std::rc::Rc<Record>),
}

/// The product of `factors` as a `long` expression.
pub fn product(factors: impl IntoIterator<Item = Expr>) -> Expr {
    factors
        .into_iter()
        .map(cast_long)
        .reduce(|a, b| binary(BinaryOp::Mul, a, b))
        .unwrap_or_else(|| int(1))
}

/// Why a statement cannot run on the target.
#[derive(Debug, Clone)]
pub struct Refusal {
    pub span: Span,
    pub message: String,
}

/// The functions device code may call, by name.
pub struct Callable<'a> {
    /// The unit's functions, the clones isolation made of them, and the
    /// external functions of the files analysed with the unit.
    pub functions: HashMap<Symbol, FunctionDef>,
    /// Those defined in another file, with it: their spans are that
    /// file's, so a refusal inside one points at the call, and says where
    /// in the other file the cause is.
    pub foreign: HashMap<Symbol, &'a ParsedFile>,
    /// The typedef names of basic types device code may use.
    pub typedefs: Typedefs,
    /// The files' enumeration constants (`Program::enumerators`): device
    /// code, which does not see their declarations, gets their values.
    pub enumerators: &'a std::collections::BTreeMap<Symbol, Option<i128>>,
}

/// What the outliner keeps across the statements of one unit.
#[derive(Debug, Default)]
pub struct UnitState {
    /// The unit's kernels and device functions; new ones are appended (a
    /// device function after those it calls).
    pub unit: Unit,
    /// The unit's functions rewritten to launch their kernels from the
    /// host: their calls stay on the host.
    pub hosted: HashSet<Symbol>,
    /// The unit's clones as isolation made them, before any was rewritten
    /// to launch kernels: what device functions are made from.
    pub pristine: HashMap<Symbol, FunctionDef>,
    /// Functions with a parallel loop that a kernel of one work-item
    /// calls: their loops run sequentially on the device.
    pub serialised: Vec<Symbol>,
    /// Loops that run in a kernel of one work-item (none of them
    /// parallel): correct, but slower on a GPU than on the host; the user
    /// is warned.
    pub sequential: Vec<SequentialLoop>,
    /// The launches of several nests (`fusion`): the kernel, and where
    /// its loops are, in order (`--explain` says so).
    pub fused: Vec<(String, Vec<Span>)>,
    /// The typedef names device code may use, read from the unit and the
    /// files analysed with it at its first offloaded statement (the same
    /// for all of them).
    pub typedefs: Option<Typedefs>,
}

/// A loop whose iterations run one after the other in one work-item.
#[derive(Debug, Clone)]
pub struct SequentialLoop {
    /// The outermost such loop of the kernel, in the original program.
    pub span: Span,
    pub kernel: String,
}

/// What the outliner knows of the program around one statement.
pub struct Outliner<'a> {
    /// The decision on every loop of the original statement.
    pub verdicts: &'a HashMap<StmtId, Decision>,
    /// The verdicts on loops that reshaping made.
    reshaped: reshape::Made,
    /// Device buffers by their names in the rewritten statement.
    pub arrays: HashMap<Symbol, DeviceArray>,
    /// Host scalars the statement may read, with their types (the device
    /// copies of scalars, the buffers' bookkeeping).
    pub values: HashMap<Symbol, Scalar>,
    /// Those of `values` that are offsets and lengths of the buffers'
    /// boxes (`long`): kernels receive them as `ParamKind::Extent`.
    extents: HashSet<Symbol>,
    /// The user's names of the device copies, for refusals.
    pub user_names: HashMap<Symbol, Symbol>,
    /// Kernel names start with it (the unit's C prefix).
    pub prefix: &'a str,
    /// What the unit's statements outlined so far.
    pub state: &'a mut UnitState,
    /// The functions device code may call.
    definitions: Callable<'a>,
    /// Functions whose device or host version is being made (a recursive
    /// call cannot run on the device, nor be hosted).
    in_progress: HashSet<Symbol>,
    /// The functions this statement rewrote to launch their kernels from
    /// the host, to replace in the unit.
    pub host_functions: Vec<(Symbol, FunctionDef)>,
    /// Whether a function body is being written for the device: `return`
    /// is its own then, and its only free names are its parameters.
    in_function: bool,
    /// Whether the kernel being written runs in one work-item.
    in_single: bool,
    /// Whether the buffers in `arrays` are allocations of their own (the
    /// statement's), not parameters a caller may pass twice.
    distinct_buffers: bool,
    /// Host declarations in scope inside the statement.
    scopes: Vec<HashMap<Symbol, Option<Scalar>>>,
    /// Pairs of sibling parallel loops that may run in one launch.
    independent: Independent,
    /// The kernel (its place in the unit's list) each loop launched by
    /// `launch` runs.
    launched: HashMap<StmtId, usize>,
    /// Per block being walked, the host scalars dead after its current
    /// item (`liveness`): a one-work-item kernel keeps its writes to them.
    dead_after: Vec<HashSet<Symbol>>,
}

impl<'a> Outliner<'a> {
    /// `verdicts` decide the loops, `independent` which parallel siblings
    /// may share a launch.
    pub fn new(
        (verdicts, independent): (&'a HashMap<StmtId, Decision>, Independent),
        arrays: HashMap<Symbol, DeviceArray>,
        (values, extents): (HashMap<Symbol, Scalar>, HashSet<Symbol>),
        user_names: HashMap<Symbol, Symbol>,
        prefix: &'a str,
        state: &'a mut UnitState,
        definitions: Callable<'a>,
    ) -> Self {
        Outliner {
            verdicts,
            reshaped: reshape::Made::new(),
            arrays,
            values,
            extents,
            user_names,
            prefix,
            state,
            definitions,
            in_progress: HashSet::new(),
            host_functions: Vec::new(),
            in_function: false,
            in_single: false,
            distinct_buffers: true,
            scopes: Vec::new(),
            independent,
            launched: HashMap::new(),
            dead_after: Vec::new(),
        }
    }

    /// The verdict on the loop `id`.
    fn verdict(&self, id: StmtId) -> Option<&Verdict> {
        reshape::verdict(self.verdicts, &self.reshaped, id)
    }

    /// `name` as the user wrote it (a device copy's variable).
    fn shown(&self, name: Symbol) -> Symbol {
        self.user_names.get(&name).copied().unwrap_or(name)
    }

    /// Rewrites `s` into host code that launches kernels.
    pub fn statement(&mut self, s: &mut Stmt) -> Result<(), Refusal> {
        self.scopes.push(HashMap::new());
        let result = self.host(s);
        self.scopes.pop();
        result
    }
}

fn refusal(span: Span, message: impl Into<String>) -> Refusal {
    Refusal {
        span,
        message: message.into(),
    }
}
