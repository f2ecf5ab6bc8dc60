//! The whole-program call graph.
//!
//! A call through a function pointer may reach any function whose address
//! is taken and whose type matches (same number of parameters, unless
//! either side is variadic or unprototyped). Recursion is found as strongly
//! connected components; analyses walk the components bottom-up.

use crate::ir::*;
use crate::loops::subtree_exprs;
use petgraph::algo::tarjan_scc;
use petgraph::graph::{DiGraph, NodeIndex};

pub struct CallGraph {
    pub graph: DiGraph<FuncId, ()>,
    /// Components in bottom-up order: callees before their callers.
    pub components: Vec<Vec<FuncId>>,
    /// Whether each function is part of a recursive cycle.
    pub recursive: Vec<bool>,
}

impl CallGraph {
    pub fn build(program: &Program) -> CallGraph {
        let mut graph = DiGraph::new();
        let nodes: Vec<NodeIndex> = program.function_ids().map(|f| graph.add_node(f)).collect();
        for f in program.function_ids() {
            let Some(body) = &program.function(f).body else {
                continue;
            };
            let mut callees = Vec::new();
            subtree_exprs(body, body.root, &mut |e| {
                e.walk(&mut |sub| {
                    if let ExprKind::Call(callee, args) = &sub.kind {
                        callees.extend(call_targets(program, callee, args.len()));
                    }
                })
            });
            callees.sort();
            callees.dedup();
            for c in callees {
                graph.add_edge(nodes[f.index()], nodes[c.index()], ());
            }
        }
        let mut recursive = vec![false; program.functions.len()];
        let components: Vec<Vec<FuncId>> = tarjan_scc(&graph)
            .into_iter()
            .map(|scc| {
                let funcs: Vec<FuncId> = scc.iter().map(|n| graph[*n]).collect();
                let cyclic = funcs.len() > 1 || graph.contains_edge(scc[0], scc[0]);
                if cyclic {
                    for f in &funcs {
                        recursive[f.index()] = true;
                    }
                }
                funcs
            })
            .collect();
        CallGraph {
            graph,
            components,
            recursive,
        }
    }

    /// Functions calling `f`.
    pub fn callers(&self, f: FuncId) -> Vec<FuncId> {
        self.graph
            .neighbors_directed(NodeIndex::new(f.index()), petgraph::Direction::Incoming)
            .map(|n| self.graph[n])
            .collect()
    }

    pub fn callees(&self, f: FuncId) -> Vec<FuncId> {
        self.graph
            .neighbors(NodeIndex::new(f.index()))
            .map(|n| self.graph[n])
            .collect()
    }
}

/// The functions a call may reach.
pub fn call_targets(program: &Program, callee: &Expr, n_args: usize) -> Vec<FuncId> {
    if let Some(f) = direct_callee(callee) {
        return vec![f];
    }
    let Some(ty) = callee.ty.function_type() else {
        return address_taken(program, None, n_args);
    };
    address_taken(program, Some(ty), n_args)
}

/// The function a call names directly (`f(x)`, `(*f)(x)`, `(&f)(x)`).
pub fn direct_callee(callee: &Expr) -> Option<FuncId> {
    match &callee.kind {
        ExprKind::Func(f) => Some(*f),
        ExprKind::Unary(UnOp::Deref | UnOp::AddrOf, inner) | ExprKind::Cast(inner) => {
            direct_callee(inner)
        }
        _ => None,
    }
}

fn address_taken(program: &Program, ty: Option<&FunctionType>, n_args: usize) -> Vec<FuncId> {
    program
        .function_ids()
        .filter(|&f| {
            let func = program.function(f);
            if !func.address_taken {
                return false;
            }
            let flexible = func.ty.variadic
                || func.ty.unprototyped
                || ty.is_none_or(|t| t.variadic || t.unprototyped);
            flexible || func.ty.params.len() == n_args
        })
        .collect()
}
