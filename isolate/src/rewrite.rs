//! Rewriting the isolated statement (and the functions it calls with
//! isolated arrays) so that it references only device copies.
//!
//! - a scalar `x` becomes its copy `x_accel`;
//! - `a[e1]...[en]` becomes `a_accel[e1 - a_accel_off1]...[en - a_accel_offn]`
//!   (the device buffer holds the box starting at the offsets); `*a`,
//!   `*(a + e)` and `a->f` are the subscripts they stand for;
//! - a call passing an isolated array (`a`, `a + e`, `&a[i][j]`, a row
//!   `a[i]`) calls a clone of the callee with one offset parameter per
//!   dimension of each such array, as Listings 1.4–1.5 of the paper; the
//!   clone is rewritten the same way, with its parameters' offsets;
//! - any other use of an isolated array's address is refused: the device
//!   address would escape the statement.
//!
//! Names declared inside the statement shadow the isolated ones, scope by
//! scope.

use crate::clone::MEMORY_FUNCTIONS;
use ferry_parser::ast::*;
use ferry_parser::build::{self, binary, expr, ident, int as int_lit, paren, stmt, sub};
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

/// How references to one host variable are rewritten.
#[derive(Debug, Clone)]
pub enum DeviceVar {
    Scalar {
        device: Symbol,
    },
    Array {
        device: Symbol,
        /// Per dimension, the first index the device buffer holds.
        offsets: Vec<Expr>,
    },
}

/// A call that passes isolated arrays: the callee, and per parameter
/// position the number of dimensions of the array it receives.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CloneRequest {
    pub callee: Symbol,
    pub arrays: Vec<(usize, usize)>,
    /// The globals the callee (or what it calls) accesses, each passed as
    /// an extra parameter of its name: an array with its number of
    /// dimensions (its device copy and offsets), or a scalar the callee
    /// only reads with 0 (its value).
    pub globals: Vec<(Symbol, usize)>,
}

/// A global a callee accesses, as [`Context::globals_of`] finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GlobalUse {
    pub name: Symbol,
    /// Its elements are accessed (an array, or memory behind a pointer);
    /// otherwise its value is read.
    pub elements: bool,
}

/// What the rewriter needs from its caller.
pub trait Context {
    /// The clone of a callee for these isolated arguments (created on first
    /// request), or why there cannot be one.
    fn clone_for(&mut self, request: &CloneRequest, at: Span) -> Result<Symbol, Refusal>;
    /// Whether a call to `callee` with no isolated array may run on the
    /// accelerator; why not otherwise.
    fn check_call(&mut self, callee: Symbol, at: Span) -> Result<(), Refusal>;
    /// The globals `callee` and what it calls access, by name, which a
    /// clone receives as parameters (PIPS passes them the same way); why
    /// not, for an access a parameter cannot carry (a global scalar
    /// written, a field of a global structure).
    fn globals_of(&mut self, callee: Symbol, at: Span) -> Result<Vec<GlobalUse>, Refusal>;
}

/// A reason not to isolate, at a place in the code.
#[derive(Debug, Clone)]
pub struct Refusal {
    pub span: Span,
    pub message: String,
}

/// Where `return` goes in a whole function body: the result variable (none
/// for `void`) and the label before the transfers back.
#[derive(Debug, Clone)]
pub struct ReturnTo {
    pub result: Option<Symbol>,
    /// For a structure or union result: a fresh name for the value
    /// returned, which initialises a local copied into the result byte
    /// for byte (a structure with a `const` member cannot be assigned).
    pub aggregate_value: Option<Symbol>,
    pub label: Symbol,
}

pub struct Rewriter<'c> {
    vars: HashMap<Symbol, DeviceVar>,
    /// Isolated arrays that pointers walk (`ferry_hcfg::pointer_walks`):
    /// their address is the device buffer's, shifted by its offset, so
    /// that the walking pointers index the copy as they did the array.
    walked: HashSet<Symbol>,
    /// Names declared inside the statement, innermost scope last.
    scopes: Vec<HashSet<Symbol>>,
    cx: &'c mut dyn Context,
    /// Arrays passed to calls (their device buffers keep whole rows, so
    /// that a callee walking past the end of a row finds the next one).
    pub passed_to_calls: HashSet<Symbol>,
    return_to: Option<ReturnTo>,
    /// Rewriting a callee's clone: its `return`s stay.
    in_callee: bool,
    pub returned: bool,
    refusal: Option<Refusal>,
    /// Loops and switches around the current point, inside the statement.
    breakable: usize,
    loops: usize,
    labels: HashSet<Symbol>,
    gotos: Vec<(Symbol, Span)>,
    /// Every name [`Rewriter::lookup`] found (see [`RewriteResult::named`]).
    named: RefCell<HashSet<Symbol>>,
}

impl<'c> Rewriter<'c> {
    pub fn new(
        vars: HashMap<Symbol, DeviceVar>,
        cx: &'c mut dyn Context,
        return_to: Option<ReturnTo>,
    ) -> Self {
        Rewriter {
            vars,
            walked: HashSet::new(),
            scopes: Vec::new(),
            cx,
            passed_to_calls: HashSet::new(),
            return_to,
            in_callee: false,
            returned: false,
            refusal: None,
            breakable: 0,
            loops: 0,
            labels: HashSet::new(),
            gotos: Vec::new(),
            named: RefCell::new(HashSet::new()),
        }
    }

    /// Lets pointers walk these isolated arrays inside the statement.
    pub fn walking(mut self, arrays: HashSet<Symbol>) -> Self {
        self.walked = arrays;
        self
    }

    /// Rewrites the body of a callee's clone (its `return`s return).
    pub fn callee(mut self, params: &[Symbol], b: &mut Block) -> Result<RewriteResult, Refusal> {
        self.in_callee = true;
        self.body(params, b)
    }

    /// Rewrites a statement; the first refusal met, if any.
    pub fn statement(mut self, s: &mut Stmt) -> Result<RewriteResult, Refusal> {
        self.stmt(s);
        self.finish()
    }

    /// Rewrites a function body whose parameters are in `params`.
    pub fn body(mut self, params: &[Symbol], b: &mut Block) -> Result<RewriteResult, Refusal> {
        self.scopes.push(HashSet::new());
        // Parameters not isolated shadow nothing; the isolated ones are
        // in `vars` under their own names.
        for p in params {
            if !self.vars.contains_key(p) {
                self.declare(*p);
            }
        }
        self.block(b);
        self.scopes.pop();
        self.finish()
    }

    fn finish(self) -> Result<RewriteResult, Refusal> {
        if let Some(r) = self.refusal {
            return Err(r);
        }
        if let Some((label, span)) = self.gotos.iter().find(|(l, _)| !self.labels.contains(l)) {
            return Err(Refusal {
                span: *span,
                message: format!(
                    "`goto {label}` leaves the isolated statement: the transfers back would be \
                     skipped"
                ),
            });
        }
        Ok(RewriteResult {
            named: self.named.into_inner(),
            passed_to_calls: self.passed_to_calls,
            returned: self.returned,
        })
    }

    fn refuse(&mut self, span: Span, message: String) {
        if self.refusal.is_none() {
            self.refusal = Some(Refusal { span, message });
        }
    }

    fn declare(&mut self, name: Symbol) {
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(name);
        }
    }

    fn lookup(&self, name: Symbol) -> Option<&DeviceVar> {
        // `P.x` (and `p->n`) is shadowed by a local `P` (`p`).
        let root = name.as_str().split(['.', '-']).next().map(Symbol::intern);
        if self
            .scopes
            .iter()
            .any(|s| s.contains(&name) || root.is_some_and(|r| s.contains(&r)))
        {
            return None;
        }
        let found = self.vars.get(&name);
        if found.is_some() {
            self.named.borrow_mut().insert(name);
        }
        found
    }

    fn block(&mut self, b: &mut Block) {
        self.scopes.push(HashSet::new());
        for item in &mut b.items {
            match item {
                BlockItem::Declaration(d) => self.declaration(d),
                BlockItem::Statement(s) => self.stmt(s),
                BlockItem::Pragma(_) => {}
            }
        }
        self.scopes.pop();
    }

    fn declaration(&mut self, d: &mut Declaration) {
        let Declaration::Normal { declarators, .. } = d else {
            return;
        };
        for init in declarators {
            self.declarator_sizes(&mut init.declarator);
            if let Some((name, _)) = init.declarator.name() {
                self.declare(name);
            }
            if let Some(i) = &mut init.initializer {
                self.initializer(i);
            }
        }
    }

    /// Array sizes in a declarator (a VLA sized by an isolated scalar).
    fn declarator_sizes(&mut self, d: &mut Declarator) {
        match d {
            Declarator::Array { inner, size, .. } => {
                if let ArraySize::Expr(e) = size {
                    self.expr(e);
                }
                self.declarator_sizes(inner);
            }
            Declarator::Pointer { inner, .. } | Declarator::Paren(inner) => {
                self.declarator_sizes(inner)
            }
            Declarator::Function { inner, .. } => self.declarator_sizes(inner),
            Declarator::Ident(..) | Declarator::Abstract => {}
        }
    }

    fn initializer(&mut self, i: &mut Initializer) {
        match i {
            Initializer::Expr(e) => self.expr(e),
            Initializer::List(items, _) => {
                for item in items {
                    self.initializer(&mut item.initializer);
                }
            }
        }
    }

    fn stmt(&mut self, s: &mut Stmt) {
        let span = s.span;
        match &mut s.kind {
            StmtKind::Labeled { label, body } => {
                self.labels.insert(*label);
                self.stmt(body);
            }
            StmtKind::Case { body, .. } | StmtKind::Default(body) => self.stmt(body),
            StmtKind::Compound(b) => self.block(b),
            StmtKind::Expr(e) => self.expr(e),
            StmtKind::Empty | StmtKind::Attribute(_) => {}
            StmtKind::If {
                condition,
                then_branch,
                else_branch,
            } => {
                self.expr(condition);
                self.stmt(then_branch);
                if let Some(e) = else_branch {
                    self.stmt(e);
                }
            }
            StmtKind::Switch { condition, body } => {
                self.expr(condition);
                self.breakable += 1;
                self.stmt(body);
                self.breakable -= 1;
            }
            StmtKind::While { condition, body } => {
                self.expr(condition);
                self.in_loop(body);
            }
            StmtKind::DoWhile { body, condition } => {
                self.in_loop(body);
                self.expr(condition);
            }
            StmtKind::For {
                init,
                condition,
                step,
                body,
            } => {
                self.scopes.push(HashSet::new());
                match init {
                    ForInit::Empty => {}
                    ForInit::Expr(e) => self.expr(e),
                    ForInit::Declaration(d) => self.declaration(d),
                }
                if let Some(c) = condition {
                    self.expr(c);
                }
                if let Some(s) = step {
                    self.expr(s);
                }
                self.in_loop(body);
                self.scopes.pop();
            }
            StmtKind::Goto(label) => self.gotos.push((*label, span)),
            StmtKind::GotoComputed(_) => self.refuse(
                span,
                "a computed `goto` may leave the isolated statement".to_string(),
            ),
            StmtKind::Continue => {
                if self.loops == 0 {
                    self.refuse(
                        span,
                        "`continue` leaves the isolated statement: the transfers back would be \
                         skipped"
                            .to_string(),
                    )
                }
            }
            StmtKind::Break => {
                if self.breakable == 0 {
                    self.refuse(
                        span,
                        "`break` leaves the isolated statement: the transfers back would be \
                         skipped"
                            .to_string(),
                    )
                }
            }
            StmtKind::Return(value) => {
                if self.in_callee {
                    if let Some(e) = value {
                        self.expr(e);
                    }
                    return;
                }
                let Some(to) = self.return_to.clone() else {
                    self.refuse(
                        span,
                        "`return` leaves the isolated statement: the transfers back would be \
                         skipped (isolate the whole function with `--function`)"
                            .to_string(),
                    );
                    return;
                };
                self.returned = true;
                let mut items = Vec::new();
                if let (Some(result), Some(e)) = (to.result, value.as_mut()) {
                    self.expr(e);
                    match to.aggregate_value {
                        // `__typeof__(r) v = e; __builtin_memcpy(&r, &v, sizeof (r));`
                        Some(v) => {
                            items.push(build::variable(
                                vec![build::typeof_(ident(result))],
                                v,
                                Some((**e).clone()),
                            ));
                            items.push(build::expr_item(build::call(
                                "__builtin_memcpy",
                                vec![
                                    build::addr_of(ident(result)),
                                    build::addr_of(ident(v)),
                                    build::sizeof(ident(result)),
                                ],
                            )));
                        }
                        None => {
                            let assign = expr(ExprKind::Assign(
                                AssignOp::Assign,
                                Box::new(ident(result)),
                                Box::new((**e).clone()),
                            ));
                            items
                                .push(BlockItem::Statement(stmt(StmtKind::Expr(Box::new(assign)))));
                        }
                    }
                } else if let Some(e) = value.as_mut() {
                    // `return f();` in a void function: keep the call.
                    self.expr(e);
                    items.push(BlockItem::Statement(stmt(StmtKind::Expr(e.clone()))));
                }
                items.push(BlockItem::Statement(stmt(StmtKind::Goto(to.label))));
                s.kind = StmtKind::Compound(Block {
                    items,
                    local_labels: Vec::new(),
                    span,
                });
            }
            StmtKind::Asm(_) => self.refuse(
                span,
                "inline assembly cannot run on the accelerator".to_string(),
            ),
        }
    }

    fn in_loop(&mut self, body: &mut Stmt) {
        self.loops += 1;
        self.breakable += 1;
        self.stmt(body);
        self.loops -= 1;
        self.breakable -= 1;
    }

    fn expr(&mut self, e: &mut Expr) {
        let span = e.span;
        // A scalar member seen as a variable (`v.n`, `p->n`,
        // `hcfg::scalar_fields`): its copy.
        if let Some(name) = member_chain_name(e)
            && let Some(DeviceVar::Scalar { device }) = self.lookup(name).cloned()
        {
            let mut copy = ident(device);
            copy.span = span;
            *e = copy;
            return;
        }
        match &mut e.kind {
            ExprKind::Ident(name) => match self.lookup(*name).cloned() {
                Some(DeviceVar::Scalar { device }) => *name = device,
                // A walking pointer's start or bound (`p = a`, `p < a + n`):
                // the buffer's address, less its offset, so that the
                // pointer's distance from `a` stays the index of the
                // element it reaches.
                Some(DeviceVar::Array { device, offsets })
                    if self.walked.contains(name) && offsets.len() == 1 =>
                {
                    // Located where `a` was, for later diagnostics.
                    let mut base = ident(device);
                    base.span = span;
                    *e = paren(sub(base, offsets[0].clone()));
                    e.span = span;
                }
                Some(DeviceVar::Array { .. }) => self.refuse(
                    span,
                    format!(
                        "the address of `{name}` is used here as a value: on the accelerator it \
                         would be the address of its copy (ferry isolates arrays used through \
                         subscripts and passed to functions)"
                    ),
                ),
                None => {}
            },
            ExprKind::Index(..) => self.index(e),
            ExprKind::Unary(UnaryOp::Deref, inner) => {
                if let Some((name, sub)) = self.deref_target(inner) {
                    *e = subscript(ident(name), sub, span);
                    self.index(e);
                } else {
                    self.expr(inner);
                }
            }
            ExprKind::PtrMember(base, field) => {
                if let Some((name, sub)) = self.deref_target(base) {
                    let field = *field;
                    let mut element = subscript(ident(name), sub, span);
                    self.index(&mut element);
                    *e = expr(ExprKind::Member(Box::new(element), field));
                } else {
                    self.expr(base);
                }
            }
            ExprKind::Call(callee, args) => self.call(span, callee, args),
            ExprKind::Unary(UnaryOp::AddrOf, inner)
                if matches!(&strip_parens(inner).kind, ExprKind::Ident(n)
                    if matches!(self.lookup(*n), Some(DeviceVar::Scalar { .. }))) =>
            {
                // Only a call may receive it (the clone works on the copy);
                // kept anywhere else it would outlive the copy.
                let name = match &strip_parens(inner).kind {
                    ExprKind::Ident(n) => *n,
                    _ => unreachable!("matched above"),
                };
                self.refuse(
                    span,
                    format!(
                        "the address of `{name}` is taken here: on the accelerator it would be \
                         the address of its copy, which does not outlive the statement (ferry \
                         isolates addresses of scalars only as arguments of calls)"
                    ),
                );
            }
            // Not evaluated: the host's names are fine there.
            ExprKind::SizeofExpr(_)
            | ExprKind::SizeofType(_)
            | ExprKind::AlignofType(..)
            | ExprKind::AlignofExpr(..)
            | ExprKind::TypesCompatible(..)
            | ExprKind::Offsetof(..) => {}
            ExprKind::IntLit(_)
            | ExprKind::FloatLit(_)
            | ExprKind::CharLit(_)
            | ExprKind::StringLit(_)
            | ExprKind::LabelAddr(_) => {}
            // An array field isolated alone (`P.x`), other than through
            // subscripts: its host address would reach the device code.
            ExprKind::Member(a, field)
                if let Some(name) = field_array_name(a, *field)
                    && matches!(self.lookup(name), Some(DeviceVar::Array { .. })) =>
            {
                self.refuse(
                    span,
                    format!(
                        "the address of `{name}` is used here as a value: on the accelerator \
                         it would be the address of its copy (ferry isolates arrays used \
                         through subscripts and passed to functions)"
                    ),
                );
            }
            ExprKind::Paren(a)
            | ExprKind::Unary(_, a)
            | ExprKind::Cast(_, a)
            | ExprKind::Member(a, _)
            | ExprKind::VaArg(a, _) => self.expr(a),
            ExprKind::Binary(_, a, b) | ExprKind::Assign(_, a, b) => {
                self.expr(a);
                self.expr(b);
            }
            ExprKind::Conditional(c, a, b) => {
                self.expr(c);
                if let Some(a) = a {
                    self.expr(a);
                }
                self.expr(b);
            }
            ExprKind::CompoundLiteral(_, items) => {
                for item in items {
                    self.initializer(&mut item.initializer);
                }
            }
            ExprKind::Comma(items) => {
                for item in items {
                    self.expr(item);
                }
            }
            ExprKind::StmtExpr(b) => self.block(b),
            ExprKind::Generic(c, assocs) => {
                self.expr(c);
                for a in assocs {
                    self.expr(&mut a.expr);
                }
            }
        }
    }

    /// `p` (as `*p`) or `p + e` / `e + p` (as `*(p + e)`) for an isolated
    /// array `p`: its name and the subscript meant.
    fn deref_target(&self, e: &Expr) -> Option<(Symbol, Expr)> {
        // The offset so far plus (or minus) `more`, without a `0 +`.
        let moved = |sub: Expr, op: BinaryOp, more: &Expr| match (&sub.kind, op) {
            (ExprKind::IntLit(zero), BinaryOp::Add) if zero.as_str() == "0" => more.clone(),
            _ => binary(op, sub, paren(more.clone())),
        };
        match &strip_parens(e).kind {
            ExprKind::Ident(name) if self.is_array(*name) => Some((*name, int_lit(0))),
            // `a + i + j`, `i + a`, `a + i - k`: the pointer's operand is
            // the one that reaches an array.
            ExprKind::Binary(BinaryOp::Add, a, b) => match self.deref_target(a) {
                Some((name, sub)) => Some((name, moved(sub, BinaryOp::Add, b))),
                None => {
                    let (name, sub) = self.deref_target(b)?;
                    Some((name, moved(sub, BinaryOp::Add, a)))
                }
            },
            ExprKind::Binary(BinaryOp::Sub, a, b) => {
                let (name, sub) = self.deref_target(a)?;
                Some((name, moved(sub, BinaryOp::Sub, b)))
            }
            _ => None,
        }
    }

    fn is_array(&self, name: Symbol) -> bool {
        matches!(self.lookup(name), Some(DeviceVar::Array { .. }))
    }

    /// A chain of subscripts: on an isolated array, each of its own
    /// subscripts is shifted by the buffer's offset.
    fn index(&mut self, e: &mut Expr) {
        let isolated = match index_base(e) {
            Some((name, depth)) => match self.lookup(name).cloned() {
                Some(DeviceVar::Array { device, offsets }) => {
                    if depth < offsets.len() {
                        self.refuse(
                            e.span,
                            format!(
                                "a row of `{name}` is used here as a value: ferry isolates \
                                 rows only as arguments of calls"
                            ),
                        );
                        return;
                    }
                    Some((device, offsets, depth))
                }
                _ => None,
            },
            None => None,
        };
        self.subscripts(e, isolated.is_some());
        if let Some((device, offsets, depth)) = isolated {
            shift_chain(e, depth, device, &offsets);
        }
    }

    /// The subscripts of a chain, and its base unless it is an isolated
    /// array (renamed by `shift_chain`).
    fn subscripts(&mut self, e: &mut Expr, isolated: bool) {
        match &mut e.kind {
            ExprKind::Index(base, sub) => {
                self.expr(sub);
                self.subscripts(base, isolated);
            }
            ExprKind::Paren(inner) if isolated => self.subscripts(inner, isolated),
            _ => {
                if !isolated {
                    self.expr(e);
                }
            }
        }
    }

    fn call(&mut self, span: Span, callee: &mut Expr, args: &mut Vec<Expr>) {
        let callee_name = match &strip_parens(callee).kind {
            ExprKind::Ident(n) if self.lookup(*n).is_none() => Some(*n),
            _ => None,
        };
        let Some(callee_name) = callee_name else {
            self.refuse(
                span,
                "a call through a function pointer cannot be isolated (ferry must see the \
                 callee's body)"
                    .to_string(),
            );
            return;
        };
        if MEMORY_FUNCTIONS.contains(&callee_name.as_str()) {
            self.memory_call(span, callee_name, args);
            return;
        }
        let mut arrays = Vec::new();
        let mut extra = Vec::new();
        for (pos, arg) in args.iter_mut().enumerate() {
            match self.array_argument(arg) {
                Some(passed) => {
                    self.passed_to_calls.insert(passed.host);
                    arrays.push((pos, passed.offsets.len()));
                    *arg = passed.pointer;
                    extra.extend(passed.offsets);
                }
                None => self.other_argument(arg),
            }
        }
        let uses = match self.cx.globals_of(callee_name, span) {
            Ok(uses) => uses,
            Err(r) => return self.refuse(r.span, r.message),
        };
        let mut globals = Vec::new();
        for g in uses {
            // The statement's own copy of the global, which its regions
            // include (a callee's accesses are the call's).
            match (self.lookup(g.name).cloned(), g.elements) {
                (Some(DeviceVar::Array { device, offsets }), true) => {
                    self.passed_to_calls.insert(g.name);
                    globals.push((g.name, offsets.len()));
                    extra.push(ident(device));
                    extra.extend(offsets);
                }
                (Some(DeviceVar::Scalar { device }), false) => {
                    globals.push((g.name, 0));
                    extra.push(ident(device));
                }
                _ => {
                    return self.refuse(
                        span,
                        format!(
                            "`{callee_name}` accesses the global `{}`, which has no copy on the \
                             accelerator here (a name declared inside the statement hides it, \
                             or its elements are used as a value)",
                            g.name
                        ),
                    );
                }
            }
        }
        if arrays.is_empty() && globals.is_empty() {
            if let Err(r) = self.cx.check_call(callee_name, span) {
                self.refuse(r.span, r.message);
            }
            return;
        }
        let request = CloneRequest {
            callee: callee_name,
            arrays,
            globals,
        };
        match self.cx.clone_for(&request, span) {
            Ok(clone) => {
                *callee = ident(clone);
                // The offsets go after the arguments, in parameter order.
                args.extend(extra);
            }
            Err(r) => self.refuse(r.span, r.message),
        }
    }
}

impl Rewriter<'_> {
    /// `memcpy(d, s, n)` and its kin: each isolated array argument becomes
    /// the device address of the element it designates (the device buffer
    /// keeps whole rows, so a run crossing rows crosses them as on the
    /// host); the byte count is the host's.
    fn memory_call(&mut self, span: Span, callee: Symbol, args: &mut [Expr]) {
        for arg in args.iter_mut() {
            match self.array_argument(arg) {
                Some(passed) => {
                    self.passed_to_calls.insert(passed.host);
                    // The callee's offset is off - p: the element is at
                    // `pointer - (off - p)`.
                    *arg = minus(passed.pointer, passed.offsets[0].clone());
                }
                None => self.other_argument(arg),
            }
        }
        if let Err(r) = self.cx.check_call(callee, span) {
            self.refuse(r.span, r.message);
        }
    }

    /// An argument that is not an isolated array: a value, or `&x`, with
    /// which the callee works on the copy of `x`.
    fn other_argument(&mut self, arg: &mut Expr) {
        match &mut arg.kind {
            ExprKind::Unary(UnaryOp::AddrOf, inner) => self.expr(inner),
            _ => self.expr(arg),
        }
    }
}

/// The result of a successful rewrite.
#[derive(Debug, Clone, Default)]
pub struct RewriteResult {
    pub passed_to_calls: HashSet<Symbol>,
    pub returned: bool,
    /// The host variables the statement's code names (where no name
    /// declared inside hides them), of those given to the rewriter.
    pub named: HashSet<Symbol>,
}

/// An isolated array passed to a function: the device pointer to pass, and
/// the offsets of the callee's view (one per dimension it sees).
struct PassedArray {
    host: Symbol,
    pointer: Expr,
    offsets: Vec<Expr>,
}

impl Rewriter<'_> {
    /// `a`, `a + e`, `e + a`, `&a[s1]...[sk]` or a row `a[s1]...[sk]` of an
    /// isolated array `a`: the address of element `a[p1]...[pm]`, which
    /// the callee indexes from along dimension m (and the ones after).
    fn array_argument(&mut self, arg: &mut Expr) -> Option<PassedArray> {
        let (name, mut positions) = match &strip_parens(arg).kind {
            ExprKind::Ident(_) | ExprKind::Binary(BinaryOp::Add | BinaryOp::Sub, ..) => {
                let (name, sub) = self.deref_target(arg)?;
                (name, vec![sub])
            }
            ExprKind::Unary(UnaryOp::AddrOf, inner) => {
                let (name, subs) = subscripts_of(inner)?;
                if !self.is_array(name) || subs.is_empty() {
                    return None;
                }
                (name, subs)
            }
            ExprKind::Index(..) => {
                let (name, mut subs) = subscripts_of(arg)?;
                let Some(DeviceVar::Array { offsets, .. }) = self.lookup(name) else {
                    return None;
                };
                if subs.len() >= offsets.len() {
                    return None;
                }
                subs.push(int_lit(0));
                (name, subs)
            }
            _ => return None,
        };
        let Some(DeviceVar::Array { device, offsets }) = self.lookup(name).cloned() else {
            return None;
        };
        if positions.len() > offsets.len() {
            return None;
        }
        for p in &mut positions {
            self.expr(p);
        }
        let m = positions.len();
        // The pointer: the device row holding element p1..p(m-1).
        let mut pointer = ident(device);
        for k in 0..m - 1 {
            pointer = subscript(
                pointer,
                minus(positions[k].clone(), offsets[k].clone()),
                arg.span,
            );
        }
        // The callee's index j along dimension m is the host's p_m + j,
        // the device's p_m + j - off_m: its offset is off_m - p_m.
        let mut callee_offsets = vec![minus(offsets[m - 1].clone(), positions[m - 1].clone())];
        callee_offsets.extend(offsets[m..].iter().cloned());
        Some(PassedArray {
            host: name,
            pointer,
            offsets: callee_offsets,
        })
    }
}

/// `P.x` for the field `x` of the structure variable `P` (`v.pos.x` through
/// member structures): the name an array field isolated alone goes by
/// (`transfer::field_array`), and a member's variable
/// (`hcfg::scalar_fields`).
fn field_array_name(base: &Expr, field: Symbol) -> Option<Symbol> {
    match &strip_parens(base).kind {
        ExprKind::Ident(var) => Some(Symbol::intern(&format!("{var}.{field}"))),
        ExprKind::Member(inner, middle) => {
            let prefix = field_array_name(inner, *middle)?;
            Some(Symbol::intern(&format!("{prefix}.{field}")))
        }
        ExprKind::PtrMember(inner, middle) => {
            let prefix = pointed_member_name(inner, *middle)?;
            Some(Symbol::intern(&format!("{prefix}.{field}")))
        }
        _ => None,
    }
}

/// `p->n` for the member `n` of what the pointer variable `p` points to:
/// the name of its variable (`hcfg::scalar_fields`).
fn pointed_member_name(base: &Expr, field: Symbol) -> Option<Symbol> {
    match &strip_parens(base).kind {
        ExprKind::Ident(var) => Some(Symbol::intern(&format!("{var}->{field}"))),
        _ => None,
    }
}

/// The array or member variable `e` names, when it is one: `a`, `P.x`,
/// `p->c`.
fn member_chain_name(e: &Expr) -> Option<Symbol> {
    match &e.kind {
        ExprKind::Member(base, field) => field_array_name(base, *field),
        ExprKind::PtrMember(base, field) => pointed_member_name(base, *field),
        _ => None,
    }
}

/// `name[s1]...[sk]` (parentheses allowed around the name): the name and
/// the subscripts, outermost first.
fn subscripts_of(e: &Expr) -> Option<(Symbol, Vec<Expr>)> {
    let mut subs = Vec::new();
    let mut cur = strip_parens(e);
    loop {
        match &cur.kind {
            ExprKind::Index(base, sub) => {
                subs.push((**sub).clone());
                cur = strip_parens(base);
            }
            ExprKind::Ident(name) => {
                subs.reverse();
                return Some((*name, subs));
            }
            _ => return None,
        }
    }
}

/// The identifier at the bottom of a chain of subscripts and its depth.
fn index_base(e: &Expr) -> Option<(Symbol, usize)> {
    let mut depth = 0;
    let mut cur = e;
    loop {
        match &cur.kind {
            ExprKind::Index(base, _) => {
                depth += 1;
                cur = base;
            }
            ExprKind::Paren(inner) if depth > 0 => cur = inner,
            ExprKind::Ident(name) => return Some((*name, depth)),
            ExprKind::Member(..) | ExprKind::PtrMember(..) => {
                return Some((member_chain_name(cur)?, depth));
            }
            _ => return None,
        }
    }
}

/// Renames the base of the chain to `device` and shifts its innermost
/// `offsets.len()` subscripts (the array's own) by the offsets.
fn shift_chain(e: &mut Expr, depth: usize, device: Symbol, offsets: &[Expr]) {
    // The subscripts from the outermost expression inward: the array's own
    // subscripts are the last `offsets.len()` met.
    let own = offsets.len();
    let mut level = depth;
    let mut cur = e;
    loop {
        // An array field isolated alone: its buffer replaces `P.x`.
        if let ExprKind::Member(..) | ExprKind::PtrMember(..) = cur.kind {
            cur.kind = ExprKind::Ident(device);
            return;
        }
        match &mut cur.kind {
            ExprKind::Index(base, sub) => {
                if level <= own {
                    let off = offsets[level - 1].clone();
                    let taken = std::mem::replace(&mut **sub, int_lit(0));
                    **sub = minus(taken, off);
                }
                level -= 1;
                cur = base;
            }
            ExprKind::Paren(inner) => cur = inner,
            ExprKind::Ident(name) => {
                *name = device;
                return;
            }
            _ => return,
        }
    }
}

pub fn strip_parens(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Paren(inner) => strip_parens(inner),
        _ => e,
    }
}

fn subscript(base: Expr, sub: Expr, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Index(Box::new(base), Box::new(sub)),
        span,
    }
}

/// `a - b` (the printer adds the parentheses C needs), or `a` when `b` is
/// the constant 0.
pub fn minus(a: Expr, b: Expr) -> Expr {
    if matches!(&b.kind, ExprKind::IntLit(t) if t.as_str() == "0") {
        return a;
    }
    ferry_parser::build::sub(a, b)
}
