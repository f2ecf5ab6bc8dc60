//! Loop distribution and interchange ahead of outlining, where they give a
//! kernel more parallel dimensions. gemm's `i` loop holds two nests; run
//! as it is, one work-item per row walks the whole row. Distributed over
//! its body, each nest is a kernel of its own; the second,
//! `for i for k for j`, has its parallel `j` interchanged with the
//! sequential `k` (every dependence keeps `j`), so `i` and `j` are a 2-D
//! grid with `k` inside each work-item.
//!
//! Legality comes from the regions (`parallel::Reshaping`); this module
//! only checks what the syntax must allow: plain statements, no jumps,
//! bounds that do not depend on the loop moved across.

use crate::outline::{index_init, sole_statement, variable_names};
use crate::parallel::{Decision, Verdict};
use ferry_parser::ast::{Block, BlockItem, Stmt, StmtId, StmtKind};
use std::collections::HashMap;

/// The verdicts on loops the reshaping made (distributed copies, a loop
/// moved outward), by their fresh ids.
pub type Made = HashMap<StmtId, Verdict>;

/// The verdict on `id`: a loop the reshaping made, or one of the program.
pub fn verdict<'v>(
    decisions: &'v HashMap<StmtId, Decision>,
    made: &'v Made,
    id: StmtId,
) -> Option<&'v Verdict> {
    made.get(&id)
        .or_else(|| decisions.get(&id).map(|d| &d.verdict))
}

/// Reshapes the `for` loop `s` in place: distributed over its body (it
/// becomes a block of loops; `true`), or with a loop of its sole-statement
/// chain interchanged with the loop around it (`false`).
pub fn reshape(s: &mut Stmt, decisions: &HashMap<StmtId, Decision>, made: &mut Made) -> bool {
    if distribute(s, decisions, made) {
        return true;
    }
    let StmtKind::For { body, .. } = &mut s.kind else {
        return false;
    };
    let Some(inner) = sole_statement_mut(body) else {
        return false;
    };
    if !matches!(inner.kind, StmtKind::For { .. }) {
        return false;
    }
    if reshape(inner, decisions, made) {
        // The loop inside became a block of loops; this one stays around
        // them (its own distribution was decided on its body as written).
        return false;
    }
    interchange(s, decisions, made);
    false
}

/// `for (h) { S1; ...; Sn }` as `{ for (h) S1; ...; for (h) Sn }` where the
/// loop may be distributed and that gives kernels more work-items.
fn distribute(s: &mut Stmt, decisions: &HashMap<StmtId, Decision>, made: &mut Made) -> bool {
    let Some(decision) = decisions.get(&s.id) else {
        return false;
    };
    let Some(verdicts) = &decision.reshaping.distribution else {
        return false;
    };
    let StmtKind::For {
        init,
        condition,
        step,
        body,
    } = &s.kind
    else {
        return false;
    };
    let Some(block) = block_of(body) else {
        return false;
    };
    let mut items = Vec::new();
    for item in &block.items {
        match item {
            BlockItem::Statement(x) if !matches!(x.kind, StmtKind::Labeled { .. }) => items.push(x),
            _ => return false,
        }
    }
    // The analyses' items of the body are the block's statements, in order.
    if items.len() != verdicts.len() || items.iter().any(|x| has_jump(x)) {
        return false;
    }
    // A parallel loop gains where a statement deepens its kernel; a
    // sequential one, launched once per iteration or run in one
    // work-item, where every loop made is a kernel of many work-items.
    let gains = |(item, verdict): (&&Stmt, &Verdict)| {
        matches!(verdict, Verdict::Parallel { .. }) || deepens(item, decisions, made)
    };
    let worth = match decision.verdict {
        Verdict::Parallel { .. } => items.iter().any(|x| deepens(x, decisions, made)),
        Verdict::Sequential(_) => items.iter().zip(verdicts).all(gains),
    };
    if !worth {
        return false;
    }
    let pieces = items
        .into_iter()
        .zip(verdicts)
        .map(|(item, verdict)| {
            let piece = Stmt {
                kind: StmtKind::For {
                    init: init.clone(),
                    condition: condition.clone(),
                    step: step.clone(),
                    body: Box::new(item.clone()),
                },
                span: s.span,
                pragmas: Vec::new(),
                id: StmtId::fresh(),
            };
            made.insert(piece.id, verdict.clone());
            BlockItem::Statement(piece)
        })
        .collect();
    s.kind = StmtKind::Compound(Block {
        items: pieces,
        local_labels: Vec::new(),
        span: s.span,
    });
    true
}

/// Whether `s`, as the body of a loop of its own, gives a kernel more
/// than one dimension: a parallel loop, or a loop that may move outside
/// its loop, or one holding such a loop.
fn deepens(s: &Stmt, decisions: &HashMap<StmtId, Decision>, made: &Made) -> bool {
    let Some(s) = sole_statement(s) else {
        return false;
    };
    if matches!(
        verdict(decisions, made, s.id),
        Some(Verdict::Parallel { .. })
    ) || decisions.get(&s.id).is_some_and(|d| d.reshaping.hoistable)
    {
        return true;
    }
    let StmtKind::For { body, .. } = &s.kind else {
        return false;
    };
    sole_statement(body)
        .and_then(|inner| decisions.get(&inner.id))
        .is_some_and(|d| d.reshaping.hoistable)
}

/// `for (p) for (l) B` as `for (l) for (p) B`, where `l` is hoistable and
/// its header does not read `p`'s index.
fn interchange(s: &mut Stmt, decisions: &HashMap<StmtId, Decision>, made: &mut Made) {
    let StmtKind::For {
        init: outer_init,
        condition: outer_condition,
        step: outer_step,
        body,
    } = &mut s.kind
    else {
        return;
    };
    let Some(inner) = sole_statement_mut(body) else {
        return;
    };
    let Some(decision) = decisions.get(&inner.id) else {
        return;
    };
    if !decision.reshaping.hoistable {
        return;
    }
    // Two parallel loops keep their order (the inner one is the grid's
    // first dimension, which coalesces accesses).
    if matches!(
        verdict(decisions, made, s.id),
        Some(Verdict::Parallel { .. })
    ) {
        return;
    }
    let Some((outer_index, _, _)) = index_init(outer_init) else {
        return;
    };
    let StmtKind::For {
        init,
        condition,
        step,
        ..
    } = &mut inner.kind
    else {
        return;
    };
    let Some((_, first, _)) = index_init(init) else {
        return;
    };
    let mut reads_outer = false;
    for e in [Some(first), condition.as_deref(), step.as_deref()]
        .into_iter()
        .flatten()
    {
        variable_names(e, &mut |n| reads_outer |= n == outer_index);
    }
    if reads_outer {
        return;
    }
    std::mem::swap(init, outer_init);
    std::mem::swap(condition, outer_condition);
    std::mem::swap(step, outer_step);
    // The statements keep their headers' ids and spans: the one outside
    // is new, parallel as the moved loop was; the one inside keeps the
    // sequential loop's id.
    let moved = std::mem::replace(&mut inner.id, s.id);
    std::mem::swap(&mut inner.span, &mut s.span);
    s.id = StmtId::fresh();
    made.insert(s.id, decisions[&moved].verdict.clone());
}

/// Whether `s` has a jump that would leave it for the loop around it: a
/// `break`, `continue`, `goto` or `return` (a distributed copy would end
/// only its own part of the iteration).
fn has_jump(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Break | StmtKind::Continue | StmtKind::Goto(_) | StmtKind::Return(_) => true,
        StmtKind::Labeled { .. } => true,
        _ => s.sub_statements().into_iter().any(has_jump),
    }
}

/// The block of a loop body, through blocks of one block.
fn block_of(s: &Stmt) -> Option<&Block> {
    match &s.kind {
        StmtKind::Compound(b) => match b.items.as_slice() {
            [BlockItem::Statement(inner)] if matches!(inner.kind, StmtKind::Compound(_)) => {
                block_of(inner)
            }
            _ => Some(b),
        },
        _ => None,
    }
}

/// A loop body when it is one statement (possibly braced alone).
fn sole_statement_mut(s: &mut Stmt) -> Option<&mut Stmt> {
    if !matches!(s.kind, StmtKind::Compound(_)) {
        return Some(s);
    }
    match &mut s.kind {
        StmtKind::Compound(b) => match b.items.as_mut_slice() {
            [BlockItem::Statement(inner)] => sole_statement_mut(inner),
            _ => None,
        },
        _ => None,
    }
}
