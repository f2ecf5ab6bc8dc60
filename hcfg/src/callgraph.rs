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

    /// What the analyses of `wanted` depend on, per function: `wanted`,
    /// every function that may call one of them (their preconditions at
    /// entry come from the call sites; what their callers read afterwards
    /// makes their OUT regions), and every function those may call (whose
    /// summaries their own analyses use). Anything else cannot change the
    /// results of `wanted`.
    pub fn scope_of(&self, wanted: &[FuncId]) -> Scope {
        let n = self.graph.node_count();
        let mut callers_closed = vec![false; n];
        let mut work: Vec<FuncId> = wanted.to_vec();
        while let Some(f) = work.pop() {
            if !std::mem::replace(&mut callers_closed[f.index()], true) {
                work.extend(self.callers(f));
            }
        }
        let callers: Vec<FuncId> = (0..n)
            .filter(|&i| callers_closed[i])
            .map(|i| FuncId(i as u32))
            .collect();
        self.callees_of(&callers)
    }

    /// `wanted` and every function they may call, directly or not: the
    /// scope of analyses of `wanted` that assume nothing of their callers.
    pub fn callees_of(&self, wanted: &[FuncId]) -> Scope {
        let mut inside = vec![false; self.graph.node_count()];
        let mut work: Vec<FuncId> = wanted.to_vec();
        while let Some(f) = work.pop() {
            if !std::mem::replace(&mut inside[f.index()], true) {
                work.extend(self.callees(f));
            }
        }
        Scope { inside }
    }
}

/// The functions an analysis covers (see [`CallGraph::scope_of`]); the
/// others are left without results.
#[derive(Debug, Clone)]
pub struct Scope {
    inside: Vec<bool>,
}

impl Scope {
    /// Every function of the program.
    pub fn whole(program: &Program) -> Scope {
        Scope {
            inside: vec![true; program.functions.len()],
        }
    }

    pub fn contains(&self, f: FuncId) -> bool {
        self.inside.get(f.index()).copied().unwrap_or(false)
    }

    /// How many functions it covers.
    pub fn len(&self) -> usize {
        self.inside.iter().filter(|&&b| b).count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
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
