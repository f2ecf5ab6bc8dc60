//! Kernel bodies written for the device: their parameters and private
//! scalars, their statements and expressions, device subscripts linearised.

use super::declarations::scalar_of;
use super::walk::strip;
use super::{Element, Outliner, Refusal, records, refusal, sizes};
use ferry_parser::ast::{
    BinaryOp, BlockItem, BuiltinType, Declaration, Declarator, Expr, ExprKind, ForInit,
    Initializer, Stmt, StmtKind, TypeName, UnaryOp,
};
use ferry_parser::build::{self, binary, ident};
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
use ferry_targets::kernel::{DeviceFunction, MEMORY_FUNCTIONS, Param, ParamKind, Scalar};
use std::collections::HashSet;

/// Functions a kernel may call: those every target spells alike.
const DEVICE_FUNCTIONS: &[&str] = &[
    "sqrt", "fabs", "exp", "log", "log10", "log2", "exp2", "sin", "cos", "tan", "asin", "acos",
    "atan", "atan2", "sinh", "cosh", "tanh", "pow", "floor", "ceil", "fmin", "fmax", "fmod",
    "trunc", "round", "cbrt", "hypot",
];

impl Outliner<'_> {
    /// The kernel's parameters and private scalars, from the names its
    /// body uses but does not declare; linearises the device subscripts on
    /// the way. `indices` are defined by the kernel's prologue. With
    /// `privatise`, scalars the body writes are private (a parallel loop's
    /// body); without, a written host scalar goes through a cell, unless
    /// the host reads it no more (`dead_after`).
    pub(super) fn kernel_interface(
        &mut self,
        body: &mut Stmt,
        indices: &[Symbol],
        privatise: bool,
    ) -> Result<Interface, Refusal> {
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
                match array.element {
                    Element::Scalar(element) => params.push(Param {
                        name: name.as_str().to_string(),
                        kind: ParamKind::Buffer(element),
                    }),
                    // One view per type of the fields the body reaches.
                    Element::Record(_) => {
                        params.extend(free.views.iter().filter(|(buffer, _)| *buffer == name).map(
                            |(_, element)| Param {
                                name: name.as_str().to_string(),
                                kind: ParamKind::View(*element),
                            },
                        ))
                    }
                }
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
                    // A scalar the host reads no more keeps the kernel's
                    // writes: no cell to read back, no wait for it.
                    let dead = self.dead_after.last().is_some_and(|d| d.contains(&name));
                    params.push(Param {
                        name: name.as_str().to_string(),
                        kind: if dead {
                            ParamKind::Value(ty)
                        } else {
                            ParamKind::Cell(ty)
                        },
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
        if let Some(refused) = records::overlap(&free.reached) {
            return Err(refused);
        }
        self.state.unit.memory_functions |= free.memory_functions;
        let mut host_checks = records::layout_checks(&free.reached);
        host_checks.extend(sizes::size_checks(&free.sizes));
        Ok(Interface {
            params,
            locals,
            host_checks,
        })
    }

    pub(super) fn kernel_stmt(
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
            StmtKind::Expr(e) => {
                // A structure element copied whole: its bytes.
                if self.element_copy(e, scopes, free)? {
                    return Ok(());
                }
                self.kernel_expr(e, scopes, free)
            }
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
        // Typedef names spelt out first: the device does not see them.
        if !self.definitions.typedefs.spell_out(specifiers)
            || scalar_of(specifiers, &self.definitions.typedefs).is_none()
        {
            return Err(refusal(
                span,
                "a declaration of a type ferry does not write for the device (only `int`, \
                 `long`, `float`, `double` and their variants, or typedef names of them)",
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

    pub(super) fn kernel_expr(
        &self,
        e: &mut Expr,
        scopes: &mut Vec<HashSet<Symbol>>,
        free: &mut FreeNames,
    ) -> Result<(), Refusal> {
        let span = e.span;
        let local =
            |scopes: &Vec<HashSet<Symbol>>, n: Symbol| scopes.iter().any(|s| s.contains(&n));
        // Fields of structures, as elements of the buffer's views.
        if matches!(e.kind, ExprKind::Member(..) | ExprKind::Index(..))
            && self.field_subscript(e, scopes, free)?
        {
            return Ok(());
        }
        // Device subscripts, linearised.
        if let ExprKind::Index(..) = &e.kind
            && let Some((array, subscripts)) = self.device_access(e)
        {
            if let Some(record) = self.record(array) {
                return Err(refusal(
                    span,
                    format!(
                        "an element of `{}` is used whole on the device: ferry offloads \
                         the fields of {}, not the structures",
                        self.shown(array),
                        record.name
                    ),
                ));
            }
            self.element_subscripts(array, subscripts.len(), span)?;
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
                    // An enumeration constant: its value, which device code
                    // can name (it does not see the unit's declarations).
                    if !self.host_visible(n)
                        && let Some(value) = self.enumerator(n)
                    {
                        e.kind = build::paren(build::int(value)).kind;
                        return Ok(());
                    }
                    free.note(n, span);
                }
                Ok(())
            }
            ExprKind::IntLit(_) | ExprKind::FloatLit(_) | ExprKind::CharLit(_) => Ok(()),
            ExprKind::Paren(x) => self.kernel_expr(x, scopes, free),
            ExprKind::Cast(t, x) => {
                self.device_type(t, span)?;
                self.kernel_expr(x, scopes, free)
            }
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
                        free.writing = true;
                        let operand = self.kernel_expr(x, scopes, free);
                        free.writing = false;
                        return operand;
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
                free.writing = true;
                let target = self.kernel_expr(target, scopes, free);
                free.writing = false;
                target?;
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
                // C's `abs`: OpenCL C's returns the unsigned type, so the
                // device takes it of the argument converted to `int`, as C
                // does, and converts the result back (the same value
                // wherever C defines one; CUDA's returns `int` already).
                if named.is_some_and(|n| n.as_str() == "abs") && args.len() == 1 {
                    self.kernel_expr(&mut args[0], scopes, free)?;
                    let int = || {
                        build::type_name(
                            vec![build::builtin(BuiltinType::Int)],
                            Declarator::Abstract,
                        )
                    };
                    args[0] = build::cast(int(), build::paren(args[0].clone()));
                    *e = build::paren(build::cast(int(), e.clone()));
                    return Ok(());
                }
                // C's memory functions on device memory: the writers
                // define them for the device.
                if let Some(name) = named
                    && let Some((_, device)) =
                        MEMORY_FUNCTIONS.iter().find(|(c, _)| *c == name.as_str())
                    && args.len() == 3
                {
                    self.memory_call(name, args, span, scopes, free)?;
                    callee.kind = ExprKind::Ident(Symbol::intern(device));
                    free.memory_functions = true;
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
            ExprKind::SizeofType(t) => self.device_type(t, span),
            // The host's value, which its compiler checks before the
            // launch (`Interface::host_checks`).
            ExprKind::SizeofExpr(x) => {
                let Some(size) = self.host_sizeof(x, scopes) else {
                    return Err(refusal(
                        span,
                        "`sizeof` of an expression ferry does not size for the device (it sizes \
                         the statement's arrays, their rows and their elements)",
                    ));
                };
                free.sizes.push((strip(x).clone(), size));
                *e = build::paren(build::expr(ExprKind::IntLit(Symbol::intern(&format!(
                    "{size}UL"
                )))));
                Ok(())
            }
            _ => Err(refusal(
                span,
                "ferry cannot write this expression for the device (a structure, a string, \
                 `sizeof` of an expression, a statement expression...)",
            )),
        }
    }

    /// The value of the enumeration constant `name`, where it is an `int`
    /// and names one value in the files analysed.
    fn enumerator(&self, name: Symbol) -> Option<i64> {
        let value = (*self.definitions.enumerators.get(&name)?)?;
        i32::try_from(value).ok().map(i64::from)
    }

    /// A cast's or `sizeof`'s type, its typedef names spelt out as the
    /// builtin types they name: the device does not see the unit's typedefs.
    fn device_type(&self, t: &mut TypeName, at: Span) -> Result<(), Refusal> {
        if self.definitions.typedefs.spell_out_type(t) {
            return Ok(());
        }
        Err(refusal(
            at,
            format!(
                "the type `{}` is used on the device, and it names no basic arithmetic type \
                 ferry can spell there (a structure, a pointer, a typedef ferry cannot resolve)",
                ferry_parser::printer::print_type_name(t)
            ),
        ))
    }

    /// The element offset in `array`'s buffer of `array[s1]...[sk]`
    /// (k at most its dimensions; fewer subscripts are the start of a
    /// row, a slice...), its subscripts written for the device.
    pub(super) fn flat_offset(
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
    /// pointer to elements plus or minus an offset (`A + i`, `A[i] - k`).
    /// `None` for an argument that is not a pointer into device memory.
    /// `call` is where refusals point.
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
        if let Some(a) = self.pointed_record(arg) {
            return Err(refusal(
                span,
                format!(
                    "a pointer into `{}` is passed to a function on the device: ferry \
                     offloads the fields of its structures, not pointers to them",
                    self.shown(a)
                ),
            ));
        }
        // Passed whole: the function sees it with its own row lengths, as
        // the host clone does.
        if let ExprKind::Ident(a) = &strip(arg).kind
            && let Some(info) = self.arrays.get(a)
            && !info.row_lengths.is_empty()
        {
            free.note(*a, span);
            return Ok(Some(ident(*a)));
        }
        self.element_pointer(arg, span, scopes, free)
    }

    /// A pointer to elements of a device buffer's last dimension, written
    /// for the device: a one-dimensional buffer, a row, an element's
    /// address, or one of them plus or minus an integer. Nothing is noted
    /// in `free` unless it is one.
    fn element_pointer(
        &self,
        arg: &Expr,
        span: Span,
        scopes: &mut Vec<HashSet<Symbol>>,
        free: &mut FreeNames,
    ) -> Result<Option<Expr>, Refusal> {
        let dims = |a: Symbol| self.arrays[&a].dims();
        let plus = |a: Symbol, offset: Expr| binary(BinaryOp::Add, ident(a), offset);
        match &strip(arg).kind {
            ExprKind::Ident(a) if self.arrays.contains_key(a) && dims(*a) == 1 => {
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
            ExprKind::Binary(op @ (BinaryOp::Add | BinaryOp::Sub), l, r) => {
                let (pointer, offset) = match self.element_pointer(l, span, scopes, free)? {
                    Some(pointer) => (pointer, r),
                    None if *op == BinaryOp::Add => {
                        match self.element_pointer(r, span, scopes, free)? {
                            Some(pointer) => (pointer, l),
                            None => return Ok(None),
                        }
                    }
                    None => return Ok(None),
                };
                let mut offset = (**offset).clone();
                self.kernel_expr(&mut offset, scopes, free)?;
                Ok(Some(binary(*op, pointer, build::paren(offset))))
            }
            _ => Ok(None),
        }
    }

    /// A call of C's `memcpy`, `memmove` or `memset` (`name`) on device
    /// memory, its arguments written for the device: the pointers must
    /// reach a buffer's elements (`element_pointer`), whose bytes the
    /// device has as the host laid them out (a run that crosses rows
    /// makes the buffer's rows whole).
    fn memory_call(
        &self,
        name: Symbol,
        args: &mut [Expr],
        span: Span,
        scopes: &mut Vec<HashSet<Symbol>>,
        free: &mut FreeNames,
    ) -> Result<(), Refusal> {
        let pointers: &[usize] = if name.as_str() == "memset" {
            &[0]
        } else {
            &[0, 1]
        };
        for (k, arg) in args.iter_mut().enumerate() {
            if !pointers.contains(&k) {
                self.kernel_expr(arg, scopes, free)?;
                continue;
            }
            if let Some(a) = self.pointed_record(arg) {
                return Err(refusal(
                    span,
                    format!(
                        "`{name}` on the structures of `{}` on the device: ferry offloads \
                         their fields, not their bytes",
                        self.shown(a)
                    ),
                ));
            }
            *arg = self
                .element_pointer(arg, span, scopes, free)?
                .ok_or_else(|| {
                    refusal(
                        span,
                        format!(
                            "`{name}` on the device of memory other than a device buffer's \
                         elements (a buffer, a row, an element's address, or one of them plus \
                         an offset)"
                        ),
                    )
                })?;
        }
        Ok(())
    }

    /// Refused unless `count` subscripts of `array` reach one element.
    pub(super) fn element_subscripts(
        &self,
        array: Symbol,
        count: usize,
        span: Span,
    ) -> Result<(), Refusal> {
        let dims = self.arrays[&array].dims();
        if count == dims {
            return Ok(());
        }
        Err(refusal(
            span,
            format!(
                "`{}` is used on the device with {count} subscripts where it has {dims}: \
                 ferry offloads only element accesses",
                self.shown(array),
            ),
        ))
    }

    /// The value of `sizeof x` on the host where `x` is one of the
    /// statement's arrays (by the host's name), a row or an element of it.
    fn host_sizeof(&self, x: &Expr, scopes: &[HashSet<Symbol>]) -> Option<u64> {
        let mut depth = 0;
        let mut current = x;
        loop {
            match &current.kind {
                ExprKind::Paren(inner) => current = inner,
                ExprKind::Index(base, _) | ExprKind::Unary(UnaryOp::Deref, base) => {
                    depth += 1;
                    current = base;
                }
                ExprKind::Ident(n) if !scopes.iter().any(|s| s.contains(n)) => {
                    let (_, info) = self
                        .arrays
                        .iter()
                        .find(|(device, _)| self.shown(**device) == *n && *device != n)?;
                    return info.host_sizes.get(depth).copied().flatten();
                }
                _ => return None,
            }
        }
    }

    /// The buffer of structures an argument points into (`pts`,
    /// `&pts[i]`, `pts + i`), if any.
    fn pointed_record(&self, arg: &Expr) -> Option<Symbol> {
        let record = |a: Symbol| self.record(a).is_some().then_some(a);
        match &strip(arg).kind {
            ExprKind::Ident(a) => record(*a),
            ExprKind::Index(..) => record(self.device_access(strip(arg))?.0),
            ExprKind::Unary(UnaryOp::AddrOf, inner) => record(self.device_access(inner)?.0),
            ExprKind::Binary(BinaryOp::Add, l, r) => {
                self.pointed_record(l).or_else(|| self.pointed_record(r))
            }
            _ => None,
        }
    }

    /// `A[e1]...[ek]` on a device buffer: the buffer and the subscripts.
    pub(super) fn device_access(&self, e: &Expr) -> Option<(Symbol, Vec<Expr>)> {
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

/// What a kernel takes from the host, and what the host checks before
/// launching it.
pub(super) struct Interface {
    pub(super) params: Vec<Param>,
    /// Scalars private to each work-item.
    pub(super) locals: Vec<(String, Scalar)>,
    /// The host's compile-time checks of the values ferry wrote the
    /// kernel with: the layout of the structures it reaches fields of,
    /// the `sizeof`s it holds (`records::layout_checks`, `size_checks`).
    pub(super) host_checks: Vec<BlockItem>,
}

/// The names a kernel's body uses without declaring them, in order of
/// first use, and those of them it writes.
#[derive(Default)]
pub(super) struct FreeNames {
    pub(super) order: Vec<(Symbol, Span)>,
    seen: HashSet<Symbol>,
    written: HashSet<Symbol>,
    /// The program's functions called, in order (with repeats).
    pub(super) calls: Vec<(Symbol, Span)>,
    /// The views of buffers of structures the body reaches, in order of
    /// first use.
    views: Vec<(Symbol, Scalar)>,
    /// The fields it reaches, with repeats.
    pub(super) reached: Vec<records::Reached>,
    /// Whether the expression being walked is written (an assignment's
    /// target, an increment's operand): the fields it reaches are.
    pub(super) writing: bool,
    /// Whether it calls C's memory functions (`Unit::memory_functions`).
    pub(super) memory_functions: bool,
    /// The `sizeof` expressions it holds and the values it was written
    /// with, for the host's check.
    pub(super) sizes: Vec<(Expr, u64)>,
}

impl FreeNames {
    pub(super) fn view(&mut self, buffer: Symbol, element: Scalar) {
        if !self.views.contains(&(buffer, element)) {
            self.views.push((buffer, element));
        }
    }

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
