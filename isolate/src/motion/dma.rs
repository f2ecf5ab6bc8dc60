//! Transfers written in the program: the DMA primitives of the paper's
//! examples (section 4), `memload(dst, src, bytes)` copying host memory
//! `src` into accelerator memory `dst`, and `memstore(dst, src, bytes)`
//! copying accelerator memory `src` back into host memory `dst`.
//!
//! Accelerator memory is what a `memload` writes and a `memstore` reads;
//! host code other than the transfers and the kernels is assumed not to
//! look at it (it lives on the device), so a transfer that now runs where
//! it did not, with the same host result, is a correct move.

use super::extent::{Extent, byte_count};
use super::footprint::Footprint;
use crate::bounds::affine_expr;
use crate::rewrite::strip_parens;
use ferry_hcfg::Analyses;
use ferry_hcfg::callgraph::direct_callee;
use ferry_hcfg::effects::{Effects, Location};
use ferry_hcfg::ir::{Expr, ExprKind, FuncId, Program, VarId};
use ferry_hcfg::semantics::poly::{Lin, Name};
use ferry_parser::ast;
use ferry_parser::build::{expr, ident};
use ferry_parser::intern::Symbol;
use ferry_parser::printer::print_expr;
use ferry_regions::function::FunctionContext;
use std::collections::{BTreeSet, HashMap};

/// The direction of a transfer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Host to accelerator (`memload`).
    Load,
    /// Accelerator to host (`memstore`).
    Store,
}

/// One transfer statement, as it will be printed where it lands.
#[derive(Debug, Clone)]
pub struct Transfer {
    pub direction: Direction,
    /// The statement (`memload(k, j, sizeof(int) * 2);`), its arguments
    /// rewritten to the caller's when it moved out of a function.
    pub stmt: ast::Stmt,
    /// The printed destination, source and byte count: two transfers with
    /// the same texts at the same point copy the same bytes.
    pub dst: String,
    pub src: String,
    pub bytes: String,
    /// Host memory it reads (a load) or writes (a store).
    pub host: BTreeSet<Location>,
    /// Accelerator memory it writes (a load) or reads (a store).
    pub device: BTreeSet<Location>,
    /// What evaluating its arguments reads.
    pub arguments: BTreeSet<Location>,
    /// Every variable its arguments name.
    pub names: BTreeSet<VarId>,
    /// The run of elements it copies, where its arguments say so.
    pub extent: Option<Extent>,
}

impl Transfer {
    /// The transfer of an expression statement, if it is one whose
    /// arguments evaluate without side effects.
    pub fn recognise(cx: &FunctionContext, e: &Expr, stmt: &ast::Stmt) -> Option<Transfer> {
        let (a, f) = (cx.analyses, cx.f);
        let ExprKind::Call(callee, args) = &e.kind else {
            return None;
        };
        let g = direct_callee(callee)?;
        let program = &a.program;
        let function = program.function(g);
        // By name: a program may define its DMA engine itself.
        if args.len() != 3 {
            return None;
        }
        let direction = match function.name.as_str() {
            "memload" => Direction::Load,
            "memstore" => Direction::Store,
            _ => return None,
        };
        let ast::StmtKind::Expr(call) = &stmt.kind else {
            return None;
        };
        let ast::ExprKind::Call(_, ast_args) = &strip_parens(call).kind else {
            return None;
        };
        if ast_args.len() != 3 {
            return None;
        }
        let mut evaluation = Effects::default();
        for arg in args {
            a.effects.expr(program, f, arg, &mut evaluation);
        }
        if !evaluation.writes.is_empty() {
            return None;
        }
        let targets = |arg: &Expr| -> BTreeSet<Location> {
            a.effects
                .pointer_targets(program, f, arg)
                .into_iter()
                .collect()
        };
        let (host, device) = match direction {
            Direction::Load => (targets(&args[1]), targets(&args[0])),
            Direction::Store => (targets(&args[0]), targets(&args[1])),
        };
        let mut names = BTreeSet::new();
        for arg in args {
            arg.walk(&mut |sub| {
                if let ExprKind::Var(v) = sub.kind {
                    names.insert(v);
                }
            });
        }
        Some(Transfer {
            direction,
            stmt: stmt.clone(),
            dst: print_expr(&ast_args[0]),
            src: print_expr(&ast_args[1]),
            bytes: print_expr(&ast_args[2]),
            host,
            device,
            arguments: evaluation.reads,
            names,
            extent: Extent::read(cx, &args[0], &args[1], &args[2]),
        })
    }

    /// What running it reads and writes on the host's side of the program.
    pub fn footprint(&self) -> Footprint {
        let (reads, writes) = match self.direction {
            Direction::Load => (&self.host, &self.device),
            Direction::Store => (&self.device, &self.host),
        };
        let mut effects = Effects::default();
        effects.reads.extend(reads.iter().copied());
        effects.reads.extend(self.arguments.iter().copied());
        effects.writes.extend(writes.iter().copied());
        Footprint::of(effects)
    }

    /// The same copy, in the same direction.
    pub fn same(&self, other: &Transfer) -> bool {
        self.direction == other.direction
            && self.dst == other.dst
            && self.src == other.src
            && self.bytes == other.bytes
    }

    /// The same bytes copied the other way: right after one, the other
    /// changes nothing.
    pub fn reciprocal(&self, other: &Transfer) -> bool {
        self.direction != other.direction
            && self.dst == other.src
            && self.src == other.dst
            && self.bytes == other.bytes
    }

    /// The copy of `count` elements from `shift` elements after where
    /// `self` starts, in its place and in `other`'s (a hull of both, or
    /// what is left of `self` once `other` ran: `extent` said which);
    /// `None` when it cannot be written in C.
    pub fn part(
        &self,
        other: &Transfer,
        shift: &Lin,
        count: &Lin,
        program: &Program,
    ) -> Option<Transfer> {
        let extent = self.extent.as_ref()?;
        let name = |n: &str| match Name::parse(n)? {
            Name::Pre(v) => Some(ident(program.var(v).name)),
            _ => None,
        };
        let bytes = byte_count(count, &extent.element, &name)?;
        let mut stmt = self.stmt.clone();
        let ast::StmtKind::Expr(call) = &mut stmt.kind else {
            return None;
        };
        let args = call_arguments_mut(call)?;
        if shift.as_constant() != Some(0) {
            for address in &mut args[..2] {
                *address = advanced(address, shift, &name)?;
            }
        }
        args[2] = bytes;
        let union = |a: &BTreeSet<Location>, b: &BTreeSet<Location>| a.union(b).copied().collect();
        Some(Transfer {
            direction: self.direction,
            dst: print_expr(&args[0]),
            src: print_expr(&args[1]),
            bytes: print_expr(&args[2]),
            host: union(&self.host, &other.host),
            device: union(&self.device, &other.device),
            arguments: union(&self.arguments, &other.arguments),
            names: self.names.union(&other.names).copied().collect(),
            extent: Some(extent.part(shift, count)?),
            stmt,
        })
    }

    /// The transfer as the caller performs it, at a call whose actual
    /// arguments are `actuals` (IR, for the locations) and `ast_actuals`
    /// (syntax, for the text). Every name of the transfer must be a formal
    /// parameter of `callee`.
    pub fn at_call(
        &self,
        cx: &FunctionContext,
        callee: FuncId,
        actuals: &[Expr],
        ast_actuals: &[ast::Expr],
    ) -> Transfer {
        let (a, caller) = (cx.analyses, cx.f);
        let program = &a.program;
        let formals = &program.function(callee).params;
        let position = |v: VarId| formals.iter().position(|&p| p == v);
        // Memory sets (`host`, `device`) name what a formal points to, as
        // `Pointee(p)`, or `Var(p)` for a formal declared as an array;
        // `arguments` names the formals' own values.
        let map = |set: &BTreeSet<Location>, memory: bool| -> BTreeSet<Location> {
            let mut out = BTreeSet::new();
            for &l in set {
                match l {
                    Location::Pointee(p) | Location::Var(p) if position(p).is_some() => {
                        let actual = &actuals[position(p).expect("a formal")];
                        if memory {
                            out.extend(a.effects.pointer_targets(program, caller, actual));
                        } else {
                            let mut e = Effects::default();
                            a.effects.expr(program, caller, actual, &mut e);
                            out.extend(e.reads);
                        }
                    }
                    other => {
                        out.insert(other);
                    }
                }
            }
            out
        };
        let substitution: HashMap<Symbol, &ast::Expr> = formals
            .iter()
            .zip(ast_actuals)
            .map(|(&p, e)| (program.var(p).name, e))
            .collect();
        let mut stmt = self.stmt.clone();
        if let ast::StmtKind::Expr(call) = &mut stmt.kind {
            substitute(call, &substitution);
        }
        let mut names = BTreeSet::new();
        for &v in &self.names {
            match position(v) {
                Some(i) => actuals[i].walk(&mut |sub| {
                    if let ExprKind::Var(w) = sub.kind {
                        names.insert(w);
                    }
                }),
                None => {
                    names.insert(v);
                }
            }
        }
        let texts = match &stmt.kind {
            ast::StmtKind::Expr(call) => match &strip_parens(call).kind {
                ast::ExprKind::Call(_, args) if args.len() == 3 => {
                    Some(args.iter().map(print_expr).collect::<Vec<_>>())
                }
                _ => None,
            },
            _ => None,
        }
        .expect("a transfer statement stays a call of three arguments");
        Transfer {
            direction: self.direction,
            dst: texts[0].clone(),
            src: texts[1].clone(),
            bytes: texts[2].clone(),
            stmt,
            host: map(&self.host, true),
            device: map(&self.device, true),
            arguments: map(&self.arguments, false),
            names,
            extent: self
                .extent
                .as_ref()
                .and_then(|e| e.at_call(cx, formals, actuals)),
        }
    }
}

/// Replaces every identifier of `names` by its expression (parenthesised
/// unless it is an identifier or a constant).
fn substitute(e: &mut ast::Expr, names: &HashMap<Symbol, &ast::Expr>) {
    if let ast::ExprKind::Ident(n) = &e.kind {
        if let Some(actual) = names.get(n) {
            let simple = matches!(
                actual.kind,
                ast::ExprKind::Ident(_)
                    | ast::ExprKind::IntLit(_)
                    | ast::ExprKind::FloatLit(_)
                    | ast::ExprKind::CharLit(_)
                    | ast::ExprKind::Paren(_)
            );
            let span = e.span;
            *e = if simple {
                (*actual).clone()
            } else {
                ast::Expr {
                    kind: ast::ExprKind::Paren(Box::new((*actual).clone())),
                    span,
                }
            };
        }
        return;
    }
    use ast::ExprKind::*;
    match &mut e.kind {
        Paren(x)
        | Unary(_, x)
        | SizeofExpr(x)
        | AlignofExpr(_, x)
        | Cast(_, x)
        | Member(x, _)
        | PtrMember(x, _) => substitute(x, names),
        Binary(_, x, y) | Assign(_, x, y) | Index(x, y) => {
            substitute(x, names);
            substitute(y, names);
        }
        Conditional(c, t, f) => {
            substitute(c, names);
            if let Some(t) = t {
                substitute(t, names);
            }
            substitute(f, names);
        }
        Call(callee, args) => {
            substitute(callee, names);
            for a in args {
                substitute(a, names);
            }
        }
        Comma(items) => {
            for a in items {
                substitute(a, names);
            }
        }
        _ => {}
    }
}

/// `address + shift`, the address `shift` elements further. The address
/// must be written with its element type: behind a cast (to `void *`,
/// `char *`) `+` would count other units.
fn advanced(
    address: &ast::Expr,
    shift: &Lin,
    name: &dyn Fn(&str) -> Option<ast::Expr>,
) -> Option<ast::Expr> {
    use ast::ExprKind::*;
    let tight = match &strip_parens(address).kind {
        Cast(..) => return None,
        Ident(_) | Paren(_) | Index(..) | Call(..) | Member(..) | PtrMember(..) | Unary(..) => true,
        Binary(ast::BinaryOp::Add | ast::BinaryOp::Sub, ..) => true,
        _ => false,
    };
    let base = if tight {
        address.clone()
    } else {
        expr(Paren(Box::new(address.clone())))
    };
    Some(expr(Binary(
        ast::BinaryOp::Add,
        Box::new(base),
        Box::new(affine_expr(shift, name)?),
    )))
}

/// The arguments of a call, through parentheses.
fn call_arguments_mut(e: &mut ast::Expr) -> Option<&mut Vec<ast::Expr>> {
    match &mut e.kind {
        ast::ExprKind::Paren(inner) => call_arguments_mut(inner),
        ast::ExprKind::Call(_, args) => Some(args),
        _ => None,
    }
}

/// Whether `e` calls a function named like a DMA primitive (the cheap
/// test before [`Transfer::recognise`]).
pub fn calls_a_transfer(program: &Program, e: &Expr) -> bool {
    let ExprKind::Call(callee, _) = &e.kind else {
        return false;
    };
    direct_callee(callee)
        .is_some_and(|g| matches!(program.function(g).name.as_str(), "memload" | "memstore"))
}

/// Whether `e` is a call of `g` and nothing else, its arguments evaluated
/// without side effects: a call site a transfer may move to.
pub fn plain_call<'e>(a: &Analyses, caller: FuncId, e: &'e Expr, g: FuncId) -> Option<&'e [Expr]> {
    let ExprKind::Call(callee, args) = &e.kind else {
        return None;
    };
    if direct_callee(callee) != Some(g) {
        return None;
    }
    let mut evaluation = Effects::default();
    for arg in args {
        a.effects.expr(&a.program, caller, arg, &mut evaluation);
    }
    evaluation.writes.is_empty().then_some(args.as_slice())
}

/// The arguments of an expression statement that is a call.
pub fn ast_call_arguments(stmt: &ast::Stmt) -> Option<&[ast::Expr]> {
    let ast::StmtKind::Expr(call) = &stmt.kind else {
        return None;
    };
    match &strip_parens(call).kind {
        ast::ExprKind::Call(_, args) => Some(args),
        _ => None,
    }
}
