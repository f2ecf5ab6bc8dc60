//! The call sites transfers may move to (section 4.1 of the paper): a
//! function's transfers at its entry and exit can go to its callers only
//! when every call of it is a statement of its own, `g(args);`, whose
//! arguments evaluate without side effects, in code ferry rewrites. Used
//! by `motion` (the program's own DMA transfers leave functions) and by
//! `select` (`--function g` isolates g's call sites instead of its body).

use crate::motion::dma;
use ferry_hcfg::Analyses;
use ferry_hcfg::callgraph::direct_callee;
use ferry_hcfg::ir::{ExprKind, FuncId, NodeId, NodeKind, Vertex};
use ferry_parser::ParsedFile;
use ferry_parser::ast::StmtId;
use std::collections::HashMap;

/// One call of a function, a statement of its own.
#[derive(Debug, Clone, Copy)]
pub struct CallSite {
    pub caller: FuncId,
    /// The call statement's HCFG node in the caller, and the statement.
    pub node: NodeId,
    pub stmt: StmtId,
    /// Whether a loop of the caller's HCFG encloses the call (loops made
    /// of `goto`s, inside unstructured graphs, do not count).
    pub in_loop: bool,
}

/// Per function: its call sites, when every call of it is a plain call
/// statement (see the module's comment) with one actual per formal, in a
/// function defined in a main file. A function called anywhere else (in
/// an expression, from a header, through a pointer: its address is
/// taken) is absent, and so is one nobody calls.
pub fn plain_call_sites(parsed: &[ParsedFile], a: &Analyses) -> HashMap<FuncId, Vec<CallSite>> {
    let program = &a.program;
    let mut all_calls: HashMap<FuncId, usize> = HashMap::new();
    let mut plain: HashMap<FuncId, Vec<CallSite>> = HashMap::new();
    for f in program.function_ids() {
        let function = program.function(f);
        let Some(body) = &function.body else {
            continue;
        };
        for node in &body.nodes {
            for e in node.kind.own_expressions() {
                e.walk(&mut |sub| {
                    if let ExprKind::Call(callee, _) = &sub.kind
                        && let Some(g) = direct_callee(callee)
                    {
                        *all_calls.entry(g).or_default() += 1;
                    }
                });
            }
        }
        if !parsed[function.unit].in_main_file(function.span) {
            continue;
        }
        for (id, in_loop) in statement_leaves(a, f) {
            // Every formal needs its actual (C without prototypes may
            // call with fewer arguments).
            if let NodeKind::Expr(e) = &body.node(id).kind
                && let Some(stmt) = body.node(id).stmt
                && let ExprKind::Call(callee, _) = &e.kind
                && let Some(g) = direct_callee(callee)
                && let Some(args) = dma::plain_call(a, f, e, g)
                && args.len() == program.function(g).params.len()
            {
                plain.entry(g).or_default().push(CallSite {
                    caller: f,
                    node: id,
                    stmt,
                    in_loop,
                });
            }
        }
    }
    plain
        .into_iter()
        .filter(|(g, sites)| {
            !program.function(*g).address_taken && all_calls.get(g) == Some(&sites.len())
        })
        .collect()
}

/// The expression statements of `f`'s HCFG, each with whether a loop
/// encloses it.
fn statement_leaves(a: &Analyses, f: FuncId) -> Vec<(NodeId, bool)> {
    let Some(body) = &a.program.function(f).body else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut stack = vec![(body.root, false)];
    while let Some((id, in_loop)) = stack.pop() {
        match &body.node(id).kind {
            NodeKind::Seq { items, .. } => stack.extend(items.iter().map(|&i| (i, in_loop))),
            NodeKind::If {
                then_branch,
                else_branch,
                ..
            } => stack.extend([(*then_branch, in_loop), (*else_branch, in_loop)]),
            NodeKind::Loop(l) => stack.push((l.body, true)),
            NodeKind::Unstructured(u) => {
                stack.extend(u.graph.node_weights().filter_map(|v| match v {
                    Vertex::Node(n) => Some((*n, in_loop)),
                    _ => None,
                }))
            }
            NodeKind::Expr(_) => out.push((id, in_loop)),
            _ => {}
        }
    }
    out
}
