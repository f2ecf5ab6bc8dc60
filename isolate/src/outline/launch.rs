//! Launches: the host code that runs a parallel nest, or a statement, as a
//! kernel (its grid, its launcher's arguments).

use super::loops::Header;
use super::walk::{first_loop, jumps_out, return_in};
use super::{Outliner, Refusal, SequentialLoop, refusal};
use crate::parallel::Verdict;
use ferry_parser::ast::{
    AssignOp, BinaryOp, Block, BlockItem, Expr, ExprKind, Stmt, StmtKind, UnaryOp,
};
use ferry_parser::build::{self, binary, cast_long, expr, ident, long as int, long_variable, stmt};
use ferry_parser::intern::Symbol;
use ferry_targets::kernel::{Dim, Kernel, Param, ParamKind};
use std::collections::HashMap;

impl Outliner<'_> {
    /// The host code that launches the nest's kernel in place of `s`.
    pub(super) fn launch(&mut self, s: &Stmt, nest: Vec<(&Stmt, Header)>) -> Result<Stmt, Refusal> {
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
        let interface = self.kernel_interface(&mut kernel_body, &indices, true)?;
        let (mut params, mut locals) = (interface.params, interface.locals);
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
        let mut items = interface.host_checks;
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
    pub(super) fn single(&mut self, s: &mut Stmt) -> Result<(), Refusal> {
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
        let interface = interface?;
        let kernel = Kernel {
            name: self.kernel_name(),
            params: interface.params,
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
        s.kind = match interface.host_checks {
            checks if checks.is_empty() => call.kind,
            mut checks => {
                checks.push(BlockItem::Statement(call));
                build::compound(checks).kind
            }
        };
        Ok(())
    }

    fn kernel_name(&self) -> String {
        format!("{}_k{}", self.prefix, self.state.unit.kernels.len())
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
                ParamKind::Buffer(_) | ParamKind::View(_) => build::cast_void_pointer(name),
                ParamKind::Value(_) | ParamKind::Extent => name,
            }
        })
        .collect()
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
