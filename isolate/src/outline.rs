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
//! in a cell and comes back after the kernel (`ParamKind::Cell`).

use crate::fusion::{Independent, OpenLaunch};
use crate::parallel::{Decision, Verdict};
use crate::reshape;
use ferry_parser::ast::{
    ArraySize, AssignOp, BinaryOp, Block, BlockItem, BuiltinType, DeclSpecifier, Declaration,
    Declarator, Expr, ExprKind, ForInit, FunctionDef, FunctionParams, Initializer, Stmt, StmtId,
    StmtKind, TypeQualifier, TypeSpecifier, UnaryOp,
};
use ferry_parser::build::{self, binary, cast_long, expr, ident, long as int, long_variable, stmt};
use ferry_parser::driver::ParsedFile;
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
use ferry_targets::kernel::{DeviceFunction, Dim, Kernel, Param, ParamKind, Part, Scalar, Unit};
use std::collections::{HashMap, HashSet};

/// A device buffer as kernels see it.
#[derive(Debug, Clone)]
pub struct DeviceArray {
    pub element: Scalar,
    /// The buffer's extents along dimensions 2.. (its row lengths), in
    /// order: `dims - 1` expressions the host can evaluate (a name of
    /// isolation's bookkeeping, or a device function's parameter).
    pub row_lengths: Vec<Expr>,
    /// Its number of elements, as the host computes it (`long`), where
    /// known: a kernel may then give each work-item a copy of it.
    pub elements: Option<Expr>,
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
}

/// Functions a kernel may call: those every target spells alike.
const DEVICE_FUNCTIONS: &[&str] = &[
    "sqrt", "fabs", "exp", "log", "log10", "log2", "exp2", "sin", "cos", "tan", "asin", "acos",
    "atan", "atan2", "sinh", "cosh", "tanh", "pow", "floor", "ceil", "fmin", "fmax", "fmod",
    "trunc", "round", "cbrt", "hypot",
];

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

    fn host(&mut self, s: &mut Stmt) -> Result<(), Refusal> {
        let span = s.span;
        match &mut s.kind {
            StmtKind::Compound(b) => self.host_block(b),
            StmtKind::Labeled { body, .. } => self.host(body),
            StmtKind::For { .. } => {
                if reshape::reshape(s, self.verdicts, &mut self.reshaped) {
                    return self.host(s);
                }
                if let Some(nest) = self.nest(s) {
                    *s = self.launch(s, nest)?;
                    return Ok(());
                }
                let StmtKind::For {
                    init,
                    condition,
                    step,
                    body,
                } = &mut s.kind
                else {
                    unreachable!()
                };
                let header_on_device = match init {
                    ForInit::Expr(e) => self.on_device(e),
                    ForInit::Declaration(d) => self.declaration_on_device(d),
                    ForInit::Empty => false,
                } || condition.as_deref().is_some_and(|e| self.on_device(e))
                    || step.as_deref().is_some_and(|e| self.on_device(e));
                // A loop left by a jump from device code runs with it.
                if header_on_device || jumps_out(body, false) && self.stmt_on_device(body) {
                    return self.single(s);
                }
                if self.try_alone(s) {
                    return Ok(());
                }
                let StmtKind::For { init, body, .. } = &mut s.kind else {
                    unreachable!()
                };
                self.scopes.push(HashMap::new());
                if let ForInit::Declaration(d) = init {
                    self.declare(d);
                }
                let result = self.host(body);
                self.scopes.pop();
                result
            }
            StmtKind::While { condition, body } | StmtKind::DoWhile { body, condition } => {
                if self.on_device(condition) || jumps_out(body, false) && self.stmt_on_device(body)
                {
                    return self.single(s);
                }
                if self.try_alone(s) {
                    return Ok(());
                }
                let (StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. }) = &mut s.kind
                else {
                    unreachable!()
                };
                self.host(body)
            }
            StmtKind::If {
                condition,
                then_branch,
                else_branch,
            } => {
                if self.on_device(condition) {
                    return self.single(s);
                }
                self.host(then_branch)?;
                match else_branch {
                    Some(e) => self.host(e),
                    None => Ok(()),
                }
            }
            StmtKind::Expr(e) => {
                if !self.on_device(e) {
                    Ok(())
                } else if let Some(callee) = self.hosted_call(s) {
                    self.host_function(callee, span)
                } else {
                    self.single(s)
                }
            }
            StmtKind::Empty
            | StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Goto(_)
            | StmtKind::Return(None) => Ok(()),
            StmtKind::Return(Some(e)) => {
                if self.on_device(e) {
                    Err(refusal(
                        span,
                        "this `return` reads device memory on its way out of the function",
                    ))
                } else {
                    Ok(())
                }
            }
            _ => {
                if self.stmt_on_device(s) {
                    Err(refusal(
                        span,
                        "ferry cannot offload this kind of statement (a `switch`, inline \
                         assembly, a computed `goto`...) that touches device memory",
                    ))
                } else {
                    Ok(())
                }
            }
        }
    }

    fn host_block(&mut self, b: &mut Block) -> Result<(), Refusal> {
        self.scopes.push(HashMap::new());
        let result = self.host_items(b);
        self.scopes.pop();
        result
    }

    /// The items of `b` as the host runs them. On a refusal the block is
    /// left half done: the statement is not offloaded at all then.
    fn host_items(&mut self, b: &mut Block) -> Result<(), Refusal> {
        let items: Vec<BlockItem> = std::mem::take(&mut b.items)
            .into_iter()
            .flat_map(|item| self.split_declaration(item))
            .collect();
        let mut rest = items.into_iter().peekable();
        // The launch at the end of `b.items`, while the launches after it
        // may join it.
        let mut open: Option<OpenLaunch> = None;
        while let Some(item) = rest.next() {
            // Consecutive statements that are device code with no parallel
            // loop run as one kernel of one work-item, not one each (where
            // that kernel can be; otherwise each goes its own way).
            let mut run = vec![item];
            if self.joins_run(&run[0]) {
                while let Some(next) = rest.next_if(|next| self.joins_run(next)) {
                    run.push(next);
                }
                if run.len() > 1
                    && let Some(kernel) = self.fused(&run)
                {
                    b.items.push(BlockItem::Statement(kernel));
                    open = None;
                    continue;
                }
            }
            for mut item in run {
                let before = self.state.unit.kernels.len();
                self.host_item(&mut item)?;
                let BlockItem::Statement(s) = &item else {
                    open = None;
                    b.items.push(item);
                    continue;
                };
                let launched = self.launched.get(&s.id) == Some(&before)
                    && self.state.unit.kernels.len() == before + 1;
                if !launched {
                    open = None;
                    b.items.push(item);
                    continue;
                }
                // A launch independent of the open one joins it.
                if let Some(o) = open.as_mut()
                    && self.join(o, s)
                {
                    let fused = o.statement(&self.state.unit.kernels[o.kernel]);
                    *b.items.last_mut().expect("the open launch's statement") =
                        BlockItem::Statement(fused);
                    continue;
                }
                open = OpenLaunch::of(s, before);
                b.items.push(item);
            }
        }
        Ok(())
    }

    /// Fuses the kernel of launch statement `s`, the unit's last, into the
    /// open launch's (`fusion`), where both may be and the loops are
    /// independent; whether it did.
    fn join(&mut self, open: &mut OpenLaunch, s: &Stmt) -> bool {
        let kernels = &self.state.unit.kernels;
        let (Some(joining), Some(host)) = (kernels.last(), kernels.get(open.kernel)) else {
            return false;
        };
        let same_kinds = joining.params.iter().all(|p| {
            host.params
                .iter()
                .all(|q| q.name != p.name || q.kind == p.kind)
        });
        if kernels.len() - 1 == open.kernel
            || !open.independent_of(s.id, &self.independent)
            || !joining.fusable()
            || !host.fusable()
            || !same_kinds
            || !open.add(s)
        {
            return false;
        }
        let joining = self.state.unit.kernels.pop().expect("checked above");
        self.launched.insert(s.id, open.kernel);
        let host = &mut self.state.unit.kernels[open.kernel];
        match self.state.fused.iter_mut().find(|(k, _)| *k == host.name) {
            Some((_, spans)) => spans.push(s.span),
            None => self
                .state
                .fused
                .push((host.name.clone(), vec![open.span(), s.span])),
        }
        for p in joining.params {
            if !host.params.iter().any(|q| q.name == p.name) {
                host.params.push(p);
            }
        }
        host.fused.push(Part {
            dims: joining.dims,
            locals: joining.locals,
            body: joining.body,
        });
        true
    }

    /// A declaration of scalars whose initialisers read device memory,
    /// as the declaration without them (and without `const`: the values
    /// come later) followed by one assignment per initialiser, which are
    /// statements device code can run. Any other item as it is.
    fn split_declaration(&self, item: BlockItem) -> Vec<BlockItem> {
        let BlockItem::Declaration(d) = &item else {
            return vec![item];
        };
        let Declaration::Normal {
            specifiers,
            declarators,
            span,
        } = d
        else {
            return vec![item];
        };
        let splittable = self.declaration_on_device(d)
            && scalar_of(specifiers).is_some()
            && declarators.iter().all(|decl| {
                matches!(decl.declarator, Declarator::Ident(..))
                    && !matches!(decl.initializer, Some(Initializer::List(..)))
            });
        if !splittable {
            return vec![item];
        }
        let specifiers: Vec<DeclSpecifier> = specifiers
            .iter()
            .filter(|s| !matches!(s, DeclSpecifier::Qualifier(TypeQualifier::Const(_))))
            .cloned()
            .collect();
        let mut assignments = Vec::new();
        let declarators = declarators
            .iter()
            .map(|decl| {
                let mut decl = decl.clone();
                if let (Declarator::Ident(name, _), Some(Initializer::Expr(value))) =
                    (&decl.declarator, decl.initializer.take())
                {
                    let mut assign = stmt(StmtKind::Expr(Box::new(expr(ExprKind::Assign(
                        AssignOp::Assign,
                        Box::new(ident(*name)),
                        value,
                    )))));
                    assign.span = *span;
                    assignments.push(BlockItem::Statement(assign));
                }
                decl
            })
            .collect();
        std::iter::once(BlockItem::Declaration(Declaration::Normal {
            specifiers,
            declarators,
            span: *span,
        }))
        .chain(assignments)
        .collect()
    }

    fn host_item(&mut self, item: &mut BlockItem) -> Result<(), Refusal> {
        match item {
            BlockItem::Declaration(d) => {
                if self.declaration_on_device(d) {
                    Err(refusal(
                        d.span(),
                        "this declaration reads device memory on the host: ferry offloads \
                         only statements",
                    ))
                } else {
                    self.declare(d);
                    Ok(())
                }
            }
            BlockItem::Statement(s) => self.host(s),
            BlockItem::Pragma(_) => Ok(()),
        }
    }

    fn joins_run(&self, item: &BlockItem) -> bool {
        matches!(item, BlockItem::Statement(s)
            if !matches!(s.kind, StmtKind::Labeled { .. }) && self.alone_on_device(s))
    }

    /// The statements of `run` as one kernel of one work-item, if it can be.
    fn fused(&mut self, run: &[BlockItem]) -> Option<Stmt> {
        let span = match (run.first(), run.last()) {
            (Some(BlockItem::Statement(a)), Some(BlockItem::Statement(z))) => Span {
                lo: a.span.lo,
                hi: z.span.hi,
            },
            _ => return None,
        };
        let mut fused = Stmt {
            kind: StmtKind::Compound(Block {
                items: run.to_vec(),
                local_labels: Vec::new(),
                span,
            }),
            span,
            pragmas: Vec::new(),
            id: StmtId::fresh(),
        };
        self.single(&mut fused).ok()?;
        Some(fused)
    }

    /// Whether `s` is device code with no parallel loop in it: launched
    /// from the host it would be one-work-item kernels, as many times as
    /// the host loops around them iterate.
    fn alone_on_device(&self, s: &Stmt) -> bool {
        self.stmt_on_device(s) && !self.has_parallel_loop(s) && !jumps_out(s, false)
    }

    fn has_parallel_loop(&self, s: &Stmt) -> bool {
        matches!(self.verdict(s.id), Some(Verdict::Parallel { .. }))
            && matches!(s.kind, StmtKind::For { .. })
            || self.hosted_call(s).is_some()
            || s.sub_statements()
                .into_iter()
                .any(|x| self.has_parallel_loop(x))
    }

    /// The function `s` calls, when `s` is a call that stays on the host
    /// and launches the function's own kernels: a function of the unit
    /// (isolation's clone) with a parallel loop, whose device arguments
    /// are whole buffers (handles the host may pass on, not pointers into
    /// them) and whose parameters a kernel can take. Elsewhere a call runs
    /// on the device, in the work-item that makes it.
    fn hosted_call(&self, s: &Stmt) -> Option<Symbol> {
        let StmtKind::Expr(e) = &s.kind else {
            return None;
        };
        let ExprKind::Call(callee, args) = &strip(e).kind else {
            return None;
        };
        let ExprKind::Ident(name) = callee.kind else {
            return None;
        };
        if self.state.hosted.contains(&name) {
            return Some(name);
        }
        // Another file's function is not the unit's to rewrite (isolation
        // clones a callee that is passed device buffers into the unit).
        if self.definitions.foreign.contains_key(&name) {
            return None;
        }
        let def = self.definitions.functions.get(&name)?;
        let whole_buffers = args.iter().all(|a| {
            matches!(&strip(a).kind, ExprKind::Ident(n) if self.arrays.contains_key(n))
                || !self.on_device(a)
        });
        (whole_buffers
            && device_signature(def).is_ok()
            && !self.in_progress.contains(&name)
            && self.has_parallel_loop(&crate::body_statement(def)))
        .then_some(name)
    }

    /// Runs `work` with `arrays` and `values` as the only names the host
    /// has (a function's parameters): the statement's buffers, scalars,
    /// user names and host scopes are set aside meanwhile.
    fn in_frame<R>(
        &mut self,
        arrays: HashMap<Symbol, DeviceArray>,
        values: HashMap<Symbol, Scalar>,
        work: impl FnOnce(&mut Self) -> R,
    ) -> R {
        let arrays = std::mem::replace(&mut self.arrays, arrays);
        let values = std::mem::replace(&mut self.values, values);
        let extents = std::mem::take(&mut self.extents);
        let user_names = std::mem::take(&mut self.user_names);
        let scopes = std::mem::take(&mut self.scopes);
        let result = work(self);
        self.arrays = arrays;
        self.values = values;
        self.extents = extents;
        self.user_names = user_names;
        self.scopes = scopes;
        result
    }

    /// Rewrites the unit's function `name` (once) into host code that
    /// launches kernels: its array parameters are device buffers, its
    /// scalars host values (`host_functions` has the result).
    fn host_function(&mut self, name: Symbol, at: Span) -> Result<(), Refusal> {
        if self.state.hosted.contains(&name) {
            return Ok(());
        }
        let def = self.definitions.functions[&name].clone();
        let (_, params) = device_signature(&def).map_err(|why| refusal(at, why))?;
        let (arrays, values) = parameter_frame(&params);
        let mut body = crate::body_statement(&def);
        self.in_progress.insert(name);
        let distinct = std::mem::replace(&mut self.distinct_buffers, false);
        let hosted = self.in_frame(arrays, values, |this| this.statement(&mut body));
        self.distinct_buffers = distinct;
        self.in_progress.remove(&name);
        hosted?;
        let StmtKind::Compound(block) = body.kind else {
            unreachable!("a function body stays a compound statement")
        };
        self.state.hosted.insert(name);
        self.host_functions
            .push((name, FunctionDef { body: block, ..def }));
        Ok(())
    }

    /// A host loop with no parallel loop inside runs as one kernel of one
    /// work-item, not as kernels launched at each iteration; where that
    /// kernel cannot be (a `return` in it), the loop stays on the
    /// host. Whether it was made.
    fn try_alone(&mut self, s: &mut Stmt) -> bool {
        if !self.alone_on_device(s) {
            return false;
        }
        let mut whole = s.clone();
        if self.single(&mut whole).is_err() {
            return false;
        }
        *s = whole;
        true
    }

    /// Records the host declarations of `d` in the innermost scope.
    fn declare(&mut self, d: &Declaration) {
        let Declaration::Normal {
            specifiers,
            declarators,
            ..
        } = d
        else {
            return;
        };
        let ty = scalar_of(specifiers);
        let scope = self.scopes.last_mut().expect("a scope");
        for decl in declarators {
            match &decl.declarator {
                Declarator::Ident(name, _) => {
                    scope.insert(*name, ty);
                }
                other => {
                    if let Some(name) = declared_name(other) {
                        scope.insert(name, None);
                    }
                }
            }
        }
    }

    /// The type of a host name the statement can see, `None` when it is not
    /// visible or not a scalar a kernel can receive.
    fn host_scalar(&self, name: Symbol) -> Option<Scalar> {
        for scope in self.scopes.iter().rev() {
            if let Some(ty) = scope.get(&name) {
                return *ty;
            }
        }
        self.values.get(&name).copied()
    }

    fn host_visible(&self, name: Symbol) -> bool {
        self.scopes.iter().any(|s| s.contains_key(&name))
            || self.values.contains_key(&name)
            || self.arrays.contains_key(&name)
    }

    fn on_device(&self, e: &Expr) -> bool {
        let mut found = false;
        walk_expr(e, &mut |x| match &x.kind {
            ExprKind::Ident(n) => found |= self.arrays.contains_key(n),
            // Not looked into: taken as touching the device, so that the
            // host never runs one that does (kernels refuse them).
            ExprKind::StmtExpr(_) | ExprKind::CompoundLiteral(..) => found = true,
            _ => {}
        });
        found
    }

    fn declaration_on_device(&self, d: &Declaration) -> bool {
        let Declaration::Normal { declarators, .. } = d else {
            return false;
        };
        declarators.iter().any(|decl| match &decl.initializer {
            Some(Initializer::Expr(e)) => self.on_device(e),
            Some(Initializer::List(..)) => true,
            None => false,
        })
    }

    fn stmt_on_device(&self, s: &Stmt) -> bool {
        let mut found = false;
        walk_stmt_exprs(s, &mut |e| found |= self.on_device(e));
        found
    }

    /// The parallel nest `s` starts, if it is one the host can launch.
    fn nest<'s>(&self, s: &'s Stmt) -> Option<Vec<(&'s Stmt, Header)>> {
        let mut nest: Vec<(&Stmt, Header)> = Vec::new();
        let mut current = s;
        while let Some(Verdict::Parallel { private_arrays, .. }) = self.verdict(current.id) {
            // Each work-item needs its own copy of these arrays: the host
            // must know their sizes.
            if private_arrays
                .iter()
                .any(|a| self.private_buffer(*a).is_none())
            {
                break;
            }
            let Some(mut header) = self.header(current) else {
                break;
            };
            let StmtKind::For { body, .. } = &current.kind else {
                break;
            };
            // A `break` ends the whole loop: no iteration is independent of it.
            if jumps_out(body, true) {
                break;
            }
            // The bounds are evaluated by the host before the launch: only
            // host names no loop of the nest writes, no device memory.
            // An inner loop's may depend on the outer loops' indices (with
            // a step of one, so that the box around its values holds no
            // value out of step): the host finds the box by running the
            // outer loops' headers.
            let indices: HashSet<Symbol> = nest.iter().map(|(_, h)| h.index).collect();
            let mut evaluable = true;
            for e in [&header.first, &header.bound] {
                variable_names(e, &mut |n| {
                    if indices.contains(&n) {
                        header.bounded_by_outer = true;
                    } else if !self.host_visible(n)
                        || self.arrays.contains_key(&n)
                        || nest.iter().any(|(l, _)| assigns(l, n))
                    {
                        evaluable = false;
                    }
                });
            }
            if !evaluable || (header.bounded_by_outer && header.step.abs() != 1) {
                break;
            }
            nest.push((current, header));
            if nest.len() == 3 {
                break;
            }
            let StmtKind::For { body, .. } = &current.kind else {
                break;
            };
            match sole_statement(body) {
                Some(inner) if matches!(inner.kind, StmtKind::For { .. }) => current = inner,
                _ => break,
            }
        }
        (!nest.is_empty()).then_some(nest)
    }

    /// The device buffer of the user's array `name` and its number of
    /// elements, when the host knows it.
    fn private_buffer(&self, name: Symbol) -> Option<(Symbol, Expr)> {
        self.arrays.iter().find_map(|(device, info)| {
            (self.shown(*device) == name)
                .then(|| info.elements.clone().map(|e| (*device, e)))
                .flatten()
        })
    }

    /// The index, first value, bound and step of a counted `for`, read from
    /// its syntax (the HCFG already found it counted).
    fn header(&self, s: &Stmt) -> Option<Header> {
        let StmtKind::For {
            init,
            condition,
            step,
            ..
        } = &s.kind
        else {
            return None;
        };
        let (index, first, specifiers) = index_init(init)?;
        let ty = match specifiers {
            Some(specifiers) => scalar_of(specifiers)?,
            None => self.host_scalar(index)?,
        };
        let (first, declared) = (first.clone(), specifiers.is_some());
        if !matches!(ty, Scalar::Int { .. }) {
            return None;
        }
        let ExprKind::Binary(op, left, bound) = &strip(condition.as_deref()?).kind else {
            return None;
        };
        // The launcher counts the iterations in `long` from the first value
        // and the bound as written. For an unsigned index C converts both
        // (`for (u = -12; u <= 49; u++)` never runs), so only literals that
        // need no conversion are taken; other such loops stay sequential.
        if matches!(ty, Scalar::Int { signed: false, .. })
            && !(is_small_literal(&first) && is_small_literal(bound))
        {
            return None;
        }
        if !matches!(strip(left).kind, ExprKind::Ident(n) if n == index) {
            return None;
        }
        let step = step_of(strip(step.as_deref()?), index)?;
        let upward = match op {
            BinaryOp::Lt | BinaryOp::Le if step > 0 => true,
            BinaryOp::Gt | BinaryOp::Ge if step < 0 => false,
            _ => return None,
        };
        let inclusive = matches!(op, BinaryOp::Le | BinaryOp::Ge);
        Some(Header {
            index,
            ty,
            first,
            bound: (**bound).clone(),
            upward,
            inclusive,
            step,
            declared,
            bounded_by_outer: false,
        })
    }

    /// The host code that launches the nest's kernel in place of `s`.
    fn launch(&mut self, s: &Stmt, nest: Vec<(&Stmt, Header)>) -> Result<Stmt, Refusal> {
        let (innermost, _) = nest.last().expect("a nest has a loop");
        let StmtKind::For { body, .. } = &innermost.kind else {
            unreachable!("a nest is made of `for` loops")
        };
        let (reductions, private_arrays) = match self.verdict(s.id) {
            Some(Verdict::Parallel {
                reductions,
                private_arrays,
                ..
            }) => (reductions.clone(), private_arrays.clone()),
            _ => (Vec::new(), Vec::new()),
        };
        let mut kernel_body = (**body).clone();
        // `continue` ends the work-item's iteration: a `return`, except
        // where the work-items meet at the end (a reduction's tree), where
        // the body runs as a `do ... while (0)` that `continue` leaves.
        if reductions.is_empty() {
            continue_to_return(&mut kernel_body);
        } else {
            let span = kernel_body.span;
            kernel_body = stmt(StmtKind::DoWhile {
                body: Box::new(kernel_body),
                condition: Box::new(int(0)),
            });
            kernel_body.span = span;
        }
        // In a triangular nest, the work-items of the box that are no
        // iteration skip the body (they still meet the others at the end).
        let guards: Vec<Expr> = nest
            .iter()
            .filter(|(_, h)| h.bounded_by_outer)
            .map(|(_, h)| h.holds(ident(h.index)))
            .collect();
        if let Some(guard) = guards
            .into_iter()
            .reduce(|a, b| binary(BinaryOp::LogAnd, a, b))
        {
            let span = kernel_body.span;
            kernel_body = stmt(StmtKind::If {
                condition: Box::new(guard),
                then_branch: Box::new(kernel_body),
                else_branch: None,
            });
            kernel_body.span = span;
        }
        let indices: Vec<Symbol> = nest.iter().map(|(_, h)| h.index).collect();
        let dims: Vec<Dim> = nest
            .iter()
            .map(|(_, h)| Dim {
                index: h.index.as_str().to_string(),
                ty: h.ty,
                step: h.step,
            })
            .collect();
        let (mut params, mut locals) = self.kernel_interface(&mut kernel_body, &indices, true)?;
        // The reductions of the nest's outermost loop (its body holds the
        // inner loops, so it has theirs) leave the private scalars.
        for r in &reductions {
            let Some(at) = locals
                .iter()
                .position(|(local, _)| self.shown(Symbol::intern(local)) == r.name)
            else {
                return Err(refusal(
                    s.span,
                    format!(
                        "ferry could not find the reduction `{}` in the loop it offloads",
                        r.name.as_str()
                    ),
                ));
            };
            let (name, ty) = locals.remove(at);
            params.push(Param {
                name,
                kind: ParamKind::Reduction(ty, r.operator),
            });
        }
        // The nest's private arrays (the outermost loop's: its body holds
        // the inner loops) are copied per work-item.
        let mut elements = HashMap::new();
        for array in &private_arrays {
            let (device, count) = self
                .private_buffer(*array)
                .expect("nest() keeps only loops whose private arrays have a size");
            for p in params.iter_mut() {
                if let (ParamKind::Buffer(element), true) = (p.kind, p.name == device.as_str()) {
                    p.kind = ParamKind::Private(element);
                    elements.insert(p.name.clone(), count.clone());
                }
            }
        }
        let name = self.kernel_name();
        let kernel = Kernel {
            name,
            params,
            dims,
            locals,
            body: kernel_body,
            distinct_buffers: self.distinct_buffers,
            fused: Vec::new(),
        };
        let mut items = Vec::new();
        let mut args = launch_arguments(&kernel, &elements);
        for (k, (_, h)) in nest.iter().enumerate() {
            let first = Symbol::intern(&Dim::first_param(k));
            let count = Symbol::intern(&Dim::count_param(k));
            if h.bounded_by_outer {
                items.extend(box_of(&nest[..k], h, first, count));
            } else {
                items.push(long_variable(first, cast_long(h.first.clone())));
                items.push(long_variable(count, h.count(first)));
            }
            args.push(ident(first));
            args.push(ident(count));
        }
        items.push(BlockItem::Statement(stmt(StmtKind::Expr(Box::new(expr(
            ExprKind::Call(Box::new(ident(Symbol::intern(&kernel.launcher()))), args),
        ))))));
        // An index declared outside the loop keeps its last value, as
        // after the sequential loop (the inner ones are private to the
        // outer loop: dead after it).
        let (_, outer) = &nest[0];
        if !outer.declared {
            let first = ident(Symbol::intern(&Dim::first_param(0)));
            let count = ident(Symbol::intern(&Dim::count_param(0)));
            let last = binary(
                BinaryOp::Add,
                first,
                binary(BinaryOp::Mul, count, int(outer.step)),
            );
            items.push(BlockItem::Statement(stmt(StmtKind::Expr(Box::new(expr(
                ExprKind::Assign(
                    AssignOp::Assign,
                    Box::new(ident(outer.index)),
                    Box::new(last),
                ),
            ))))));
        }
        self.state.unit.kernels.push(kernel);
        self.launched
            .insert(s.id, self.state.unit.kernels.len() - 1);
        Ok(Stmt {
            kind: StmtKind::Compound(Block {
                items,
                local_labels: Vec::new(),
                span: s.span,
            }),
            span: s.span,
            pragmas: s.pragmas.clone(),
            // The loop it launches, transformed.
            id: s.id,
        })
    }

    /// `s` as a kernel run by one work-item.
    fn single(&mut self, s: &mut Stmt) -> Result<(), Refusal> {
        if jumps_out(s, false) {
            return Err(refusal(
                s.span,
                "a `break` or `continue` of a loop that stays on the host, in code that \
                 touches device memory",
            ));
        }
        if let Some(span) = return_in(s) {
            return Err(refusal(
                span,
                "a `return` in code that touches device memory: the host function would \
                 have to return from inside a kernel",
            ));
        }
        let mut body = s.clone();
        body.pragmas.clear();
        self.in_single = true;
        let interface = self.kernel_interface(&mut body, &[], false);
        self.in_single = false;
        let (params, _) = interface?;
        let kernel = Kernel {
            name: self.kernel_name(),
            params,
            dims: Vec::new(),
            locals: Vec::new(),
            body,
            distinct_buffers: self.distinct_buffers,
            fused: Vec::new(),
        };
        if let Some(span) = first_loop(s) {
            self.state.sequential.push(SequentialLoop {
                span,
                kernel: kernel.name.clone(),
            });
        }
        let args = launch_arguments(&kernel, &HashMap::new());
        let call = stmt(StmtKind::Expr(Box::new(expr(ExprKind::Call(
            Box::new(ident(Symbol::intern(&kernel.launcher()))),
            args,
        )))));
        self.state.unit.kernels.push(kernel);
        s.kind = call.kind;
        Ok(())
    }

    fn kernel_name(&self) -> String {
        format!("{}_k{}", self.prefix, self.state.unit.kernels.len())
    }

    /// The kernel's parameters and private scalars, from the names its
    /// body uses but does not declare; linearises the device subscripts on
    /// the way. `indices` are defined by the kernel's prologue. With
    /// `privatise`, scalars the body writes are private (a parallel loop's
    /// body); without, a written host scalar goes through a cell.
    #[allow(clippy::type_complexity)]
    fn kernel_interface(
        &mut self,
        body: &mut Stmt,
        indices: &[Symbol],
        privatise: bool,
    ) -> Result<(Vec<Param>, Vec<(String, Scalar)>), Refusal> {
        let mut free = FreeNames::default();
        let mut scopes: Vec<HashSet<Symbol>> = vec![indices.iter().copied().collect()];
        self.kernel_stmt(body, &mut scopes, &mut free)?;
        for (callee, span) in &free.calls {
            self.device_function(*callee, *span)?;
        }
        let mut params = Vec::new();
        let mut locals = Vec::new();
        for (name, span) in &free.order {
            let name = *name;
            if let Some(array) = self.arrays.get(&name) {
                params.push(Param {
                    name: name.as_str().to_string(),
                    kind: ParamKind::Buffer(array.element),
                });
                continue;
            }
            let Some(ty) = self.host_scalar(name) else {
                return Err(refusal(
                    *span,
                    format!(
                        "`{}` is used on the device, and ferry cannot pass it to a kernel \
                         (not a scalar of a basic type the host has)",
                        self.shown(name)
                    ),
                ));
            };
            if free.written.contains(&name) {
                if !privatise {
                    params.push(Param {
                        name: name.as_str().to_string(),
                        kind: ParamKind::Cell(ty),
                    });
                    continue;
                }
                locals.push((name.as_str().to_string(), ty));
            } else {
                params.push(Param {
                    name: name.as_str().to_string(),
                    kind: if self.extents.contains(&name) {
                        ParamKind::Extent
                    } else {
                        ParamKind::Value(ty)
                    },
                });
            }
        }
        Ok((params, locals))
    }

    fn kernel_stmt(
        &self,
        s: &mut Stmt,
        scopes: &mut Vec<HashSet<Symbol>>,
        free: &mut FreeNames,
    ) -> Result<(), Refusal> {
        let span = s.span;
        match &mut s.kind {
            StmtKind::Compound(b) => {
                scopes.push(HashSet::new());
                for item in &mut b.items {
                    match item {
                        BlockItem::Declaration(d) => self.kernel_declaration(d, scopes, free)?,
                        BlockItem::Statement(s) => self.kernel_stmt(s, scopes, free)?,
                        BlockItem::Pragma(_) => {}
                    }
                }
                scopes.pop();
                Ok(())
            }
            StmtKind::For {
                init,
                condition,
                step,
                body,
            } => {
                scopes.push(HashSet::new());
                match init {
                    ForInit::Declaration(d) => self.kernel_declaration(d, scopes, free)?,
                    ForInit::Expr(e) => self.kernel_expr(e, scopes, free)?,
                    ForInit::Empty => {}
                }
                if let Some(c) = condition {
                    self.kernel_expr(c, scopes, free)?;
                }
                if let Some(st) = step {
                    self.kernel_expr(st, scopes, free)?;
                }
                self.kernel_stmt(body, scopes, free)?;
                scopes.pop();
                Ok(())
            }
            StmtKind::While { condition, body } | StmtKind::DoWhile { body, condition } => {
                self.kernel_expr(condition, scopes, free)?;
                self.kernel_stmt(body, scopes, free)
            }
            StmtKind::If {
                condition,
                then_branch,
                else_branch,
            } => {
                self.kernel_expr(condition, scopes, free)?;
                self.kernel_stmt(then_branch, scopes, free)?;
                match else_branch {
                    Some(e) => self.kernel_stmt(e, scopes, free),
                    None => Ok(()),
                }
            }
            // OpenCL C and CUDA have C's switch; its `break`s stay inside
            // it (control leaving the kernel was refused before).
            StmtKind::Switch { condition, body } => {
                self.kernel_expr(condition, scopes, free)?;
                self.kernel_stmt(body, scopes, free)
            }
            // GNU case ranges are not OpenCL C.
            StmtKind::Case {
                value,
                upper: None,
                body,
            } => {
                self.kernel_expr(value, scopes, free)?;
                self.kernel_stmt(body, scopes, free)
            }
            StmtKind::Default(body) => self.kernel_stmt(body, scopes, free),
            StmtKind::Expr(e) => self.kernel_expr(e, scopes, free),
            StmtKind::Empty | StmtKind::Break | StmtKind::Continue => Ok(()),
            StmtKind::Labeled { body, .. } => self.kernel_stmt(body, scopes, free),
            // Made from a `continue` of the kernel's loop (`continue_to_return`),
            // or a device function's own.
            StmtKind::Return(None) => Ok(()),
            StmtKind::Return(Some(e)) if self.in_function => self.kernel_expr(e, scopes, free),
            StmtKind::Return(_) | StmtKind::Goto(_) | StmtKind::GotoComputed(_) => Err(refusal(
                span,
                "a jump out of code that runs on the device (`return`, `goto`)",
            )),
            _ => Err(refusal(
                span,
                "ferry cannot write this kind of statement for the device (a GNU case \
                 range, inline assembly...)",
            )),
        }
    }

    fn kernel_declaration(
        &self,
        d: &mut Declaration,
        scopes: &mut Vec<HashSet<Symbol>>,
        free: &mut FreeNames,
    ) -> Result<(), Refusal> {
        let span = d.span();
        let Declaration::Normal {
            specifiers,
            declarators,
            ..
        } = d
        else {
            return Ok(());
        };
        if scalar_of(specifiers).is_none() {
            return Err(refusal(
                span,
                "a declaration of a type ferry does not write for the device (only `int`, \
                 `long`, `float`, `double` and their variants)",
            ));
        }
        for decl in declarators {
            let Declarator::Ident(name, _) = decl.declarator else {
                return Err(refusal(
                    span,
                    "an array or pointer declared in code that runs on the device",
                ));
            };
            match &mut decl.initializer {
                Some(Initializer::Expr(e)) => self.kernel_expr(e, scopes, free)?,
                Some(Initializer::List(..)) => {
                    return Err(refusal(span, "an initializer list on the device"));
                }
                None => {}
            }
            scopes.last_mut().expect("a scope").insert(name);
        }
        Ok(())
    }

    fn kernel_expr(
        &self,
        e: &mut Expr,
        scopes: &mut Vec<HashSet<Symbol>>,
        free: &mut FreeNames,
    ) -> Result<(), Refusal> {
        let span = e.span;
        let local =
            |scopes: &Vec<HashSet<Symbol>>, n: Symbol| scopes.iter().any(|s| s.contains(&n));
        // Device subscripts, linearised.
        if let ExprKind::Index(..) = &e.kind
            && let Some((array, subscripts)) = self.device_access(e)
        {
            let info = &self.arrays[&array];
            if subscripts.len() != info.row_lengths.len() + 1 {
                return Err(refusal(
                    span,
                    format!(
                        "`{}` is used on the device with {} subscripts where it has {}: \
                         ferry offloads only element accesses",
                        self.shown(array),
                        subscripts.len(),
                        info.row_lengths.len() + 1
                    ),
                ));
            }
            let flat = self.flat_offset(array, subscripts, span, scopes, free)?;
            e.kind = ExprKind::Index(Box::new(ident(array)), Box::new(flat));
            return Ok(());
        }
        match &mut e.kind {
            ExprKind::Ident(n) => {
                let n = *n;
                if self.arrays.contains_key(&n) {
                    return Err(refusal(
                        span,
                        format!(
                            "`{}` is used on the device other than by subscripts: ferry \
                             offloads only element accesses",
                            self.shown(n)
                        ),
                    ));
                }
                if !local(scopes, n) {
                    free.note(n, span);
                }
                Ok(())
            }
            ExprKind::IntLit(_) | ExprKind::FloatLit(_) | ExprKind::CharLit(_) => Ok(()),
            ExprKind::Paren(x) | ExprKind::Cast(_, x) => self.kernel_expr(x, scopes, free),
            ExprKind::Unary(op, x) => {
                match op {
                    UnaryOp::AddrOf => {
                        return Err(refusal(span, "an address taken on the device"));
                    }
                    UnaryOp::Deref => {
                        return Err(refusal(span, "a pointer dereferenced on the device"));
                    }
                    UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                        free.note_written(x, scopes);
                    }
                    _ => {}
                }
                self.kernel_expr(x, scopes, free)
            }
            ExprKind::Binary(_, a, b) => {
                self.kernel_expr(a, scopes, free)?;
                self.kernel_expr(b, scopes, free)
            }
            ExprKind::Assign(_, target, value) => {
                free.note_written(target, scopes);
                self.kernel_expr(target, scopes, free)?;
                self.kernel_expr(value, scopes, free)
            }
            ExprKind::Conditional(c, a, b) => {
                self.kernel_expr(c, scopes, free)?;
                if let Some(a) = a {
                    self.kernel_expr(a, scopes, free)?;
                }
                self.kernel_expr(b, scopes, free)
            }
            ExprKind::Comma(items) => {
                for x in items {
                    self.kernel_expr(x, scopes, free)?;
                }
                Ok(())
            }
            ExprKind::Call(callee, args) => {
                let named = match &callee.kind {
                    ExprKind::Ident(n) if !local(scopes, *n) && !self.host_visible(*n) => Some(*n),
                    _ => None,
                };
                if let Some(name) = named
                    && self.definitions.functions.contains_key(&name)
                {
                    for a in args.iter_mut() {
                        match self.device_pointer(a, span, scopes, free)? {
                            Some(pointer) => *a = pointer,
                            None => self.kernel_expr(a, scopes, free)?,
                        }
                    }
                    callee.kind =
                        ExprKind::Ident(Symbol::intern(&DeviceFunction::name_of(name.as_str())));
                    free.calls.push((name, span));
                    return Ok(());
                }
                let known = named.is_some_and(|n| DEVICE_FUNCTIONS.contains(&n.as_str()));
                if !known {
                    return Err(refusal(
                        span,
                        format!(
                            "`{}` is called on the device: ferry offloads calls to the \
                             functions it has the definitions of (this file's, and the external \
                             ones of the files analysed with it) and to the math functions every \
                             target has ({})",
                            ferry_parser::printer::print_expr(callee),
                            DEVICE_FUNCTIONS.join(", ")
                        ),
                    ));
                }
                for a in args {
                    self.kernel_expr(a, scopes, free)?;
                }
                Ok(())
            }
            ExprKind::SizeofType(_) => Ok(()),
            _ => Err(refusal(
                span,
                "ferry cannot write this expression for the device (a structure, a string, \
                 `sizeof` of an expression, a statement expression...)",
            )),
        }
    }

    /// The element offset in `array`'s buffer of `array[s1]...[sk]`
    /// (k at most its dimensions; fewer subscripts are the start of a
    /// row, a slice...), its subscripts written for the device.
    fn flat_offset(
        &self,
        array: Symbol,
        mut subscripts: Vec<Expr>,
        span: Span,
        scopes: &mut Vec<HashSet<Symbol>>,
        free: &mut FreeNames,
    ) -> Result<Expr, Refusal> {
        for sub in &mut subscripts {
            self.kernel_expr(sub, scopes, free)?;
        }
        free.note(array, span);
        let row_lengths = self.arrays[&array].row_lengths.clone();
        let mut iter = subscripts.into_iter();
        let mut flat = iter.next().expect("one subscript");
        for len in row_lengths {
            let mut len = len;
            self.kernel_expr(&mut len, scopes, free)?;
            let scaled = binary(BinaryOp::Mul, flat, len);
            // Past the last subscript, the start of the row (slice...).
            flat = match iter.next() {
                Some(sub) => binary(BinaryOp::Add, scaled, sub),
                None => scaled,
            };
        }
        Ok(flat)
    }

    /// A call's argument that points into a device buffer, written as a
    /// device pointer: a buffer (`A`), an element's address (`&A[i][j]`),
    /// a row of a two-or-more-dimensional one (`A[i]` of `A[n][m]`), or a
    /// one-dimensional buffer plus an offset (`A + i`). `None` for an argument that is not a pointer into device
    /// memory. `call` is where refusals point.
    fn device_pointer(
        &self,
        arg: &Expr,
        call: Span,
        scopes: &mut Vec<HashSet<Symbol>>,
        free: &mut FreeNames,
    ) -> Result<Option<Expr>, Refusal> {
        // The argument may be isolation's (a device buffer's name): the
        // call is the user's.
        let span = call;
        let dims = |a: Symbol| self.arrays[&a].row_lengths.len() + 1;
        let plus = |a: Symbol, offset: Expr| binary(BinaryOp::Add, ident(a), offset);
        match &strip(arg).kind {
            // Passed whole: the function sees it with its own row lengths,
            // as the host clone does.
            ExprKind::Ident(a) if self.arrays.contains_key(a) => {
                free.note(*a, span);
                Ok(Some(ident(*a)))
            }
            ExprKind::Index(..) => {
                let Some((a, subscripts)) = self.device_access(strip(arg)) else {
                    return Ok(None);
                };
                if subscripts.len() + 1 != dims(a) {
                    // An element's value, or a view ferry does not pass.
                    return Ok(None);
                }
                let offset = self.flat_offset(a, subscripts, span, scopes, free)?;
                Ok(Some(plus(a, offset)))
            }
            ExprKind::Unary(UnaryOp::AddrOf, inner) => {
                let Some((a, subscripts)) = self.device_access(inner) else {
                    return Ok(None);
                };
                if subscripts.len() != dims(a) {
                    return Ok(None);
                }
                let offset = self.flat_offset(a, subscripts, span, scopes, free)?;
                Ok(Some(plus(a, offset)))
            }
            ExprKind::Binary(BinaryOp::Add, l, r) => {
                let (a, offset) = match (&strip(l).kind, &strip(r).kind) {
                    (ExprKind::Ident(a), _) if self.arrays.contains_key(a) => (*a, r),
                    (_, ExprKind::Ident(a)) if self.arrays.contains_key(a) => (*a, l),
                    _ => return Ok(None),
                };
                if dims(a) > 1 {
                    return Ok(None);
                }
                let mut offset = (**offset).clone();
                self.kernel_expr(&mut offset, scopes, free)?;
                free.note(a, span);
                Ok(Some(plus(a, offset)))
            }
            _ => Ok(None),
        }
    }

    /// Makes the device version of the program's function `name` (once),
    /// and of the functions it calls.
    fn device_function(&mut self, name: Symbol, at: Span) -> Result<(), Refusal> {
        let device_name = DeviceFunction::name_of(name.as_str());
        if self
            .state
            .unit
            .functions
            .iter()
            .any(|f| f.name == device_name)
        {
            return Ok(());
        }
        if self.in_progress.contains(&name) {
            return Err(refusal(
                at,
                format!("`{name}` is recursive: a function on the device cannot call itself"),
            ));
        }
        let def = build::prototyped(&self.definitions.functions[&name]);
        let mut body = crate::body_statement(&def);
        if self.in_single && self.has_parallel_loop(&body) {
            self.state.serialised.push(name);
        }
        let (ret, params) = device_signature(&def)
            .map_err(|why| refusal(at, format!("`{name}` is called on the device, and {why}")))?;
        let (buffers, values) = parameter_frame(&params);
        let params: Vec<Param> = params.into_iter().map(|(p, _)| p).collect();
        // A refusal inside another file's function points at this call.
        let foreign = self.definitions.foreign.get(&name).copied();
        let inside = |r: Refusal| match foreign {
            Some(file) => refusal(
                at,
                format!(
                    "in `{name}`, defined in another file (at {}): {}",
                    file.position(r.span),
                    r.message
                ),
            ),
            None => r,
        };
        // The body sees its parameters only: its value parameters are its
        // outermost scope, and a free name is refused below.
        let mut free = FreeNames::default();
        let mut scopes = vec![values.keys().copied().collect()];
        self.in_function = true;
        let written = self.in_frame(buffers, HashMap::new(), |this| {
            this.kernel_stmt(&mut body, &mut scopes, &mut free)
        });
        self.in_function = false;
        written.map_err(inside)?;
        if let Some((outside, span)) = free
            .order
            .iter()
            .find(|(n, _)| !params.iter().any(|p| p.name == n.as_str()))
        {
            return Err(inside(refusal(
                *span,
                format!(
                    "`{name}` is called on the device and uses `{outside}`, which is not one of \
                     its parameters: device functions see only what they are passed"
                ),
            )));
        }
        self.in_progress.insert(name);
        let mut callees = Ok(());
        for (callee, span) in &free.calls {
            callees = self.device_function(*callee, *span);
            if callees.is_err() {
                break;
            }
        }
        self.in_progress.remove(&name);
        callees.map_err(inside)?;
        self.state.unit.functions.push(DeviceFunction {
            name: device_name,
            ret,
            params,
            body,
        });
        Ok(())
    }

    /// `A[e1]...[ek]` on a device buffer: the buffer and the subscripts.
    fn device_access(&self, e: &Expr) -> Option<(Symbol, Vec<Expr>)> {
        let mut subscripts = Vec::new();
        let mut current = e;
        loop {
            match &current.kind {
                ExprKind::Index(base, sub) => {
                    subscripts.push((**sub).clone());
                    current = base;
                }
                ExprKind::Paren(inner) => current = inner,
                ExprKind::Ident(n) if self.arrays.contains_key(n) => {
                    subscripts.reverse();
                    return Some((*n, subscripts));
                }
                _ => return None,
            }
        }
    }
}

/// The names a kernel's body uses without declaring them, in order of
/// first use, and those of them it writes.
#[derive(Default)]
struct FreeNames {
    order: Vec<(Symbol, Span)>,
    seen: HashSet<Symbol>,
    written: HashSet<Symbol>,
    /// The program's functions called, in order (with repeats).
    calls: Vec<(Symbol, Span)>,
}

impl FreeNames {
    fn note(&mut self, n: Symbol, span: Span) {
        if self.seen.insert(n) {
            self.order.push((n, span));
        }
    }

    fn note_written(&mut self, target: &Expr, scopes: &[HashSet<Symbol>]) {
        if let ExprKind::Ident(n) = &strip(target).kind
            && !scopes.iter().any(|s| s.contains(n))
        {
            self.written.insert(*n);
        }
    }
}

/// `long first, count;`: the values a loop of a triangular nest takes, as
/// the first and the number of values of the box around them, found by
/// running the headers of the loops `outer` around it (the host's work is
/// the number of their iterations, less than the kernel's). A step of
/// one: the box's values are in step.
fn box_of(outer: &[(&Stmt, Header)], h: &Header, first: Symbol, count: Symbol) -> Vec<BlockItem> {
    let k = outer.len();
    let named = |what: &str| Symbol::intern(&format!("ferry_{what}{k}"));
    let (low, high, some) = (named("low"), named("high"), named("some"));
    let (from, to) = (Symbol::intern("ferry_from"), Symbol::intern("ferry_to"));
    let (from_value, to_value) = h.extremes();
    // `if (!some || candidate OP bound) bound = candidate;`
    let widen = |bound: Symbol, candidate: Symbol, op: BinaryOp| -> BlockItem {
        build::if_else(
            binary(
                BinaryOp::LogOr,
                build::not(ident(some)),
                binary(op, ident(candidate), ident(bound)),
            ),
            vec![build::expr_item(build::assign(
                ident(bound),
                ident(candidate),
            ))],
            None,
        )
        .into()
    };
    // Per iteration of the outer loops: widen the box by this loop's
    // values, when it has some.
    let mut body: Vec<BlockItem> = vec![
        long_variable(from, from_value),
        long_variable(to, to_value),
        build::if_else(
            binary(BinaryOp::Le, ident(from), ident(to)),
            vec![
                widen(low, from, BinaryOp::Lt),
                widen(high, to, BinaryOp::Gt),
                build::expr_item(build::assign(ident(some), int(1))),
            ],
            None,
        )
        .into(),
    ];
    // The outer loops, innermost first, with their own headers (each a
    // `long` index that shadows the user's).
    for (_, o) in outer.iter().rev() {
        let step = if o.step > 0 {
            build::assign_op(AssignOp::Add, ident(o.index), int(o.step))
        } else {
            build::assign_op(AssignOp::Sub, ident(o.index), int(-o.step))
        };
        body = vec![
            build::for_long(
                o.index,
                cast_long(o.first.clone()),
                binary(o.test(), ident(o.index), cast_long(o.bound.clone())),
                step,
                body,
            )
            .into(),
        ];
    }
    let mut items = vec![
        long_variable(low, int(0)),
        long_variable(high, int(-1)),
        long_variable(some, int(0)),
    ];
    items.extend(body);
    let first_value = if h.upward { ident(low) } else { ident(high) };
    items.push(long_variable(first, first_value));
    items.push(long_variable(
        count,
        build::conditional(
            ident(some),
            binary(
                BinaryOp::Add,
                binary(BinaryOp::Sub, ident(high), ident(low)),
                int(1),
            ),
            int(0),
        ),
    ));
    items
}

/// A counted `for`'s header, read from its syntax.
struct Header {
    index: Symbol,
    ty: Scalar,
    first: Expr,
    bound: Expr,
    upward: bool,
    inclusive: bool,
    step: i64,
    /// The index is declared by the loop (dead after it).
    declared: bool,
    /// Its first value or bound depends on the indices of the loops of
    /// the nest around it (a triangular nest): the grid covers the box
    /// around its values, and each work-item tests its own.
    bounded_by_outer: bool,
}

impl Header {
    /// The comparison the loop's condition makes (`index OP bound`).
    fn test(&self) -> BinaryOp {
        match (self.upward, self.inclusive) {
            (true, false) => BinaryOp::Lt,
            (true, true) => BinaryOp::Le,
            (false, false) => BinaryOp::Gt,
            (false, true) => BinaryOp::Ge,
        }
    }

    /// Whether `index` is one of the loop's values (for a step of one):
    /// between its first value and its bound.
    fn holds(&self, index: Expr) -> Expr {
        let from = if self.upward {
            BinaryOp::Ge
        } else {
            BinaryOp::Le
        };
        binary(
            BinaryOp::LogAnd,
            binary(from, index.clone(), self.first.clone()),
            binary(self.test(), index, self.bound.clone()),
        )
    }

    /// Its first and last values, as `long`s, for the outer indices in
    /// scope (empty when the first exceeds the last; step of one).
    fn extremes(&self) -> (Expr, Expr) {
        let first = cast_long(self.first.clone());
        let bound = cast_long(self.bound.clone());
        match (self.upward, self.inclusive) {
            (true, true) => (first, bound),
            (true, false) => (first, binary(BinaryOp::Sub, bound, int(1))),
            (false, true) => (bound, first),
            (false, false) => (binary(BinaryOp::Add, bound, int(1)), first),
        }
    }

    /// The number of iterations, for the first index held in `first`.
    fn count(&self, first: Symbol) -> Expr {
        let lo = ident(first);
        let bound = cast_long(self.bound.clone());
        let a = self.step.abs();
        // Distance from the first index to the bound, in the loop's
        // direction.
        let span_of = if self.upward {
            binary(BinaryOp::Sub, bound.clone(), lo.clone())
        } else {
            binary(BinaryOp::Sub, lo.clone(), bound.clone())
        };
        let (test, count) = if self.inclusive {
            (
                BinaryOp::Ge,
                binary(
                    BinaryOp::Add,
                    binary(BinaryOp::Div, span_of.clone(), int(a)),
                    int(1),
                ),
            )
        } else {
            (
                BinaryOp::Gt,
                binary(
                    BinaryOp::Div,
                    binary(BinaryOp::Add, span_of.clone(), int(a - 1)),
                    int(a),
                ),
            )
        };
        let nonempty = if self.upward {
            binary(test, bound, lo)
        } else {
            binary(test, lo, bound)
        };
        expr(ExprKind::Conditional(
            Box::new(nonempty),
            Some(Box::new(count)),
            Box::new(int(0)),
        ))
    }
}

/// A `for`'s first clause as `index = first`: the index, its first value,
/// and the specifiers of its declaration where the clause declares it
/// (`int i = 0`).
pub(crate) fn index_init(init: &ForInit) -> Option<(Symbol, &Expr, Option<&[DeclSpecifier]>)> {
    match init {
        ForInit::Declaration(d) => {
            let Declaration::Normal {
                specifiers,
                declarators,
                ..
            } = &**d
            else {
                return None;
            };
            let [decl] = declarators.as_slice() else {
                return None;
            };
            let Declarator::Ident(name, _) = decl.declarator else {
                return None;
            };
            let Some(Initializer::Expr(e)) = &decl.initializer else {
                return None;
            };
            Some((name, e, Some(specifiers)))
        }
        ForInit::Expr(e) => {
            let ExprKind::Assign(AssignOp::Assign, target, value) = &strip(e).kind else {
                return None;
            };
            let ExprKind::Ident(name) = strip(target).kind else {
                return None;
            };
            Some((name, value, None))
        }
        ForInit::Empty => None,
    }
}

/// A non-negative decimal integer literal below 2^31, which every integer
/// type holds and no conversion changes.
fn is_small_literal(e: &Expr) -> bool {
    decimal_literal(e).is_some_and(|v| (0..1 << 31).contains(&v))
}

/// The value of a decimal integer literal (its suffix aside).
fn decimal_literal(e: &Expr) -> Option<i64> {
    let ExprKind::IntLit(text) = &strip(e).kind else {
        return None;
    };
    text.as_str()
        .trim_end_matches(['u', 'U', 'l', 'L'])
        .parse()
        .ok()
}

/// The step of `index` in a `for`'s third expression.
fn step_of(e: &Expr, index: Symbol) -> Option<i64> {
    let is_index = |x: &Expr| matches!(strip(x).kind, ExprKind::Ident(n) if n == index);
    match &e.kind {
        ExprKind::Unary(UnaryOp::PostInc | UnaryOp::PreInc, x) if is_index(x) => Some(1),
        ExprKind::Unary(UnaryOp::PostDec | UnaryOp::PreDec, x) if is_index(x) => Some(-1),
        ExprKind::Assign(op @ (AssignOp::Add | AssignOp::Sub), x, value) if is_index(x) => {
            let v = decimal_literal(value)?;
            let v = if *op == AssignOp::Sub { -v } else { v };
            (v != 0).then_some(v)
        }
        _ => None,
    }
}

/// The first loop of `s` (itself, or the first in source order inside it).
fn first_loop(s: &Stmt) -> Option<Span> {
    match s.kind {
        StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. } => Some(s.span),
        _ => s.sub_statements().into_iter().find_map(first_loop),
    }
}

/// Whether `s` has a `break` (and, unless `only_break`, a `continue`)
/// that leaves it for a loop or `switch` around it.
fn jumps_out(s: &Stmt, only_break: bool) -> bool {
    match &s.kind {
        StmtKind::Break => true,
        StmtKind::Continue => !only_break,
        StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. } => false,
        // A `continue` inside a `switch` still continues the loop around.
        StmtKind::Switch { body, .. } => !only_break && jumps_out_continue(body),
        _ => s
            .sub_statements()
            .into_iter()
            .any(|x| jumps_out(x, only_break)),
    }
}

fn jumps_out_continue(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Continue => true,
        StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. } => false,
        _ => s.sub_statements().into_iter().any(jumps_out_continue),
    }
}

/// A function's parameters (from `device_signature`) as the names code
/// inside it sees: its buffers (of unknown size) and its scalars.
fn parameter_frame(
    params: &[(Param, Vec<Expr>)],
) -> (HashMap<Symbol, DeviceArray>, HashMap<Symbol, Scalar>) {
    let mut arrays = HashMap::new();
    let mut values = HashMap::new();
    for (p, row_lengths) in params {
        let name = Symbol::intern(&p.name);
        match p.kind {
            ParamKind::Buffer(element) => {
                arrays.insert(
                    name,
                    DeviceArray {
                        element,
                        row_lengths: row_lengths.clone(),
                        elements: None,
                    },
                );
            }
            ParamKind::Value(ty) => {
                values.insert(name, ty);
            }
            ParamKind::Extent
            | ParamKind::Cell(_)
            | ParamKind::Reduction(..)
            | ParamKind::Private(_) => {}
        }
    }
    (arrays, values)
}

/// The return type and parameters of `def` on the device: scalars by
/// value, pointers and arrays of scalars as buffers (with their row
/// lengths); why not otherwise.
#[allow(clippy::type_complexity)]
fn device_signature(
    def: &FunctionDef,
) -> Result<(Option<Scalar>, Vec<(Param, Vec<Expr>)>), String> {
    let is_void = def.specifiers.iter().any(|s| {
        matches!(
            s,
            DeclSpecifier::Type(TypeSpecifier::Builtin(BuiltinType::Void))
        )
    });
    let type_specifiers: Vec<DeclSpecifier> = def
        .specifiers
        .iter()
        .filter(|s| !matches!(s, DeclSpecifier::Function(_)))
        .cloned()
        .collect();
    let Declarator::Function { inner, params } = strip_declarator(&def.declarator) else {
        return Err("ferry cannot read its declaration".into());
    };
    let ret = match (&**inner, is_void) {
        (Declarator::Ident(..), true) => None,
        (Declarator::Ident(..), false) => Some(
            scalar_of(&type_specifiers)
                .ok_or("it returns a type other than `void` or a basic arithmetic type")?,
        ),
        _ => return Err("it returns a pointer".into()),
    };
    let FunctionParams::Prototype { params, variadic } = params else {
        return Err("it is declared without a prototype".into());
    };
    if *variadic {
        return Err("it takes a variable number of arguments".into());
    }
    let mut out = Vec::new();
    for p in params {
        let no_void = p.specifiers.iter().any(|s| {
            matches!(
                s,
                DeclSpecifier::Type(TypeSpecifier::Builtin(BuiltinType::Void))
            )
        });
        if no_void && matches!(p.declarator, Declarator::Abstract) {
            continue; // `(void)`
        }
        let element = scalar_of(&p.specifiers)
            .ok_or("one of its parameters is not of a basic arithmetic type or a pointer to one")?;
        let (name, kind, row_lengths) = match strip_declarator(&p.declarator) {
            Declarator::Ident(n, _) => (*n, ParamKind::Value(element), Vec::new()),
            array => {
                let (name, row_lengths) = array_shape(array).ok_or(
                    "one of its parameters is unnamed, a pointer to pointers, or an array whose \
                     row length is not given",
                )?;
                (name, ParamKind::Buffer(element), row_lengths)
            }
        };
        out.push((
            Param {
                name: name.as_str().to_string(),
                kind,
            },
            row_lengths,
        ));
    }
    Ok((ret, out))
}

/// The name and row lengths of an array (or pointer) parameter: the
/// first dimension a pointer or an array of any size, the others arrays
/// of given sizes (`double a[n][m]`, `double (*a)[m]`).
fn array_shape(d: &Declarator) -> Option<(Symbol, Vec<Expr>)> {
    // The layers from the outermost declarator in: the name's last
    // dimension first.
    let mut sizes = Vec::new();
    let mut current = strip_declarator(d);
    loop {
        match current {
            Declarator::Array { inner, size, .. } => {
                sizes.push(match size {
                    ArraySize::Expr(e) => Some((**e).clone()),
                    _ => None,
                });
                current = strip_declarator(inner);
            }
            Declarator::Pointer { inner, .. } => {
                sizes.push(None);
                current = strip_declarator(inner);
            }
            Declarator::Ident(name, _) => {
                // The first dimension's size (or pointer) is not needed.
                sizes.pop()?;
                let row_lengths: Option<Vec<Expr>> = sizes.into_iter().rev().collect();
                return Some((*name, row_lengths?));
            }
            _ => return None,
        }
    }
}

fn strip_declarator(d: &Declarator) -> &Declarator {
    match d {
        Declarator::Paren(inner) => strip_declarator(inner),
        other => other,
    }
}

/// The launcher's arguments for `kernel`'s parameters. A host scalar the
/// kernel writes (a cell, a reduction) is passed by address: the launcher
/// stores the kernel's result into it. A private buffer is passed as its
/// number of elements (`elements`, by parameter name).
fn launch_arguments(kernel: &Kernel, elements: &HashMap<String, Expr>) -> Vec<Expr> {
    kernel
        .params
        .iter()
        .map(|p| {
            let name = ident(Symbol::intern(&p.name));
            match p.kind {
                ParamKind::Cell(_) | ParamKind::Reduction(..) => {
                    expr(ExprKind::Unary(UnaryOp::AddrOf, Box::new(name)))
                }
                // A private buffer: its size, for one copy per work-item.
                ParamKind::Private(_) => elements[&p.name].clone(),
                // The launcher takes `void *`: the copy of a const array
                // is a const pointer, which C converts to it only with a
                // warning (an error under -Werror).
                ParamKind::Buffer(_) => build::cast_void_pointer(name),
                ParamKind::Value(_) | ParamKind::Extent => name,
            }
        })
        .collect()
}

/// The first `return` in `s`, if any.
fn return_in(s: &Stmt) -> Option<Span> {
    match &s.kind {
        StmtKind::Return(_) => Some(s.span),
        _ => s.sub_statements().into_iter().find_map(return_in),
    }
}

/// Replaces the `continue`s of the loop whose body `s` is by `return`s.
fn continue_to_return(s: &mut Stmt) {
    match &mut s.kind {
        StmtKind::Continue => s.kind = StmtKind::Return(None),
        StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. } => {}
        _ => {
            for x in s.sub_statements_mut() {
                continue_to_return(x);
            }
        }
    }
}

/// A `for`'s body when it is one statement (possibly braced alone).
pub(crate) fn sole_statement(s: &Stmt) -> Option<&Stmt> {
    match &s.kind {
        StmtKind::Compound(b) => match b.items.as_slice() {
            [BlockItem::Statement(inner)] => sole_statement(inner),
            _ => None,
        },
        _ => Some(s),
    }
}

/// Whether `s` assigns `name` anywhere.
fn assigns(s: &Stmt, name: Symbol) -> bool {
    let mut found = false;
    walk_stmt_exprs(s, &mut |e| {
        walk_expr(e, &mut |x| match &x.kind {
            ExprKind::Assign(_, t, _)
            | ExprKind::Unary(
                UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec,
                t,
            ) if matches!(strip(t).kind, ExprKind::Ident(n) if n == name) => found = true,
            _ => {}
        })
    });
    found
}

/// The scalar type declared by `specifiers`, for the basic types only.
fn scalar_of(specifiers: &[DeclSpecifier]) -> Option<Scalar> {
    let mut signed = true;
    let mut longs = 0;
    let mut base = None;
    for s in specifiers {
        match s {
            DeclSpecifier::Type(TypeSpecifier::Builtin(b)) => match b {
                BuiltinType::Unsigned => signed = false,
                BuiltinType::Long => longs += 1,
                BuiltinType::Char | BuiltinType::Short | BuiltinType::Int => {
                    base = Some(*b);
                }
                BuiltinType::Float | BuiltinType::Double => base = Some(*b),
                _ => return None,
            },
            DeclSpecifier::Type(TypeSpecifier::Signed(_)) => signed = true,
            DeclSpecifier::Qualifier(_) | DeclSpecifier::Storage(_) => {}
            _ => return None,
        }
    }
    Some(match (base, longs) {
        (Some(BuiltinType::Float), 0) => Scalar::Float { bits: 32 },
        (Some(BuiltinType::Double), 0) => Scalar::Float { bits: 64 },
        (Some(BuiltinType::Char), 0) => Scalar::Int { signed, bits: 8 },
        (Some(BuiltinType::Short), 0) => Scalar::Int { signed, bits: 16 },
        (Some(BuiltinType::Int) | None, 0) => Scalar::Int { signed, bits: 32 },
        (Some(BuiltinType::Int) | None, 1 | 2) => Scalar::Int { signed, bits: 64 },
        _ => return None,
    })
}

/// The name a declarator declares.
fn declared_name(d: &Declarator) -> Option<Symbol> {
    match d {
        Declarator::Ident(n, _) => Some(*n),
        Declarator::Abstract => None,
        Declarator::Pointer { inner, .. }
        | Declarator::Array { inner, .. }
        | Declarator::Function { inner, .. } => declared_name(inner),
        Declarator::Paren(inner) => declared_name(inner),
    }
}

fn strip(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Paren(inner) => strip(inner),
        _ => e,
    }
}

/// Calls `f` on `e` and every expression inside it.
fn walk_expr<'e>(e: &'e Expr, f: &mut dyn FnMut(&'e Expr)) {
    f(e);
    for x in sub_expressions(e) {
        walk_expr(x, f);
    }
}

/// Calls `f` on every variable `e` names (identifiers other than called
/// functions).
pub(crate) fn variable_names(e: &Expr, f: &mut dyn FnMut(Symbol)) {
    match &e.kind {
        ExprKind::Ident(n) => f(*n),
        ExprKind::Call(_, args) => {
            for a in args {
                variable_names(a, f);
            }
        }
        _ => {
            for x in sub_expressions(e) {
                variable_names(x, f);
            }
        }
    }
}

/// The expressions directly inside `e` (statement expressions and
/// compound literals are not looked into: callers treat them as opaque).
fn sub_expressions(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::Paren(x)
        | ExprKind::Unary(_, x)
        | ExprKind::Cast(_, x)
        | ExprKind::SizeofExpr(x)
        | ExprKind::AlignofExpr(_, x)
        | ExprKind::Member(x, _)
        | ExprKind::PtrMember(x, _)
        | ExprKind::VaArg(x, _) => vec![x],
        ExprKind::Binary(_, a, b) | ExprKind::Assign(_, a, b) | ExprKind::Index(a, b) => {
            vec![a, b]
        }
        ExprKind::Conditional(c, a, b) => std::iter::once(&**c)
            .chain(a.as_deref())
            .chain(std::iter::once(&**b))
            .collect(),
        ExprKind::Call(callee, args) => std::iter::once(&**callee).chain(args).collect(),
        ExprKind::Comma(items) => items.iter().collect(),
        ExprKind::Generic(x, assocs) => std::iter::once(&**x)
            .chain(assocs.iter().map(|a| &a.expr))
            .collect(),
        _ => Vec::new(),
    }
}

/// Calls `f` on every top-level expression of `s` and of the statements
/// (and declarations) inside it.
fn walk_stmt_exprs<'s>(s: &'s Stmt, f: &mut dyn FnMut(&'s Expr)) {
    match &s.kind {
        StmtKind::Compound(b) => {
            for item in &b.items {
                match item {
                    BlockItem::Statement(s) => walk_stmt_exprs(s, f),
                    BlockItem::Declaration(d) => walk_declaration_exprs(d, f),
                    BlockItem::Pragma(_) => {}
                }
            }
        }
        StmtKind::For {
            init,
            condition,
            step,
            body,
        } => {
            match init {
                ForInit::Expr(e) => f(e),
                ForInit::Declaration(d) => walk_declaration_exprs(d, f),
                ForInit::Empty => {}
            }
            if let Some(c) = condition {
                f(c);
            }
            if let Some(st) = step {
                f(st);
            }
            walk_stmt_exprs(body, f);
        }
        StmtKind::Expr(e) | StmtKind::Return(Some(e)) | StmtKind::GotoComputed(e) => f(e),
        StmtKind::If {
            condition,
            then_branch,
            else_branch,
        } => {
            f(condition);
            walk_stmt_exprs(then_branch, f);
            if let Some(e) = else_branch {
                walk_stmt_exprs(e, f);
            }
        }
        StmtKind::Switch { condition, body }
        | StmtKind::While { condition, body }
        | StmtKind::DoWhile { body, condition } => {
            f(condition);
            walk_stmt_exprs(body, f);
        }
        StmtKind::Labeled { body, .. } | StmtKind::Default(body) => walk_stmt_exprs(body, f),
        StmtKind::Case { value, body, .. } => {
            f(value);
            walk_stmt_exprs(body, f);
        }
        _ => {}
    }
}

fn walk_declaration_exprs<'s>(d: &'s Declaration, f: &mut dyn FnMut(&'s Expr)) {
    if let Declaration::Normal { declarators, .. } = d {
        for decl in declarators {
            if let Some(Initializer::Expr(e)) = &decl.initializer {
                f(e);
            }
        }
    }
}

fn refusal(span: Span, message: impl Into<String>) -> Refusal {
    Refusal {
        span,
        message: message.into(),
    }
}
