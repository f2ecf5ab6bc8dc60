//! Finding the statements to isolate: by label, by pragma, or a whole
//! function body; each as its place in the syntax tree (its span) and its
//! node in the function's HCFG.

use crate::Selection;
use ferry_hcfg::Analyses;
use ferry_hcfg::ir::{FuncId, NodeId};
use ferry_hcfg::report::nodes_by_statement;
use ferry_parser::ast::{
    Block, BlockItem, ExternalDecl, FunctionDef, Pragma, Stmt, StmtId, StmtKind,
};
use ferry_parser::span::Span;
use ferry_parser::{Diagnostic, ParsedFile};
use std::collections::HashSet;

/// One statement to isolate.
#[derive(Debug, Clone)]
pub struct Target {
    pub unit: usize,
    pub function: FuncId,
    /// The HCFG node of the statement (for `--function`, the body's root).
    pub node: NodeId,
    /// The statement (for a labelled statement, the statement after the
    /// label; for `--function`, the body), and where it is written.
    pub stmt: StmtId,
    pub span: Span,
    /// `--function`: the statement is the whole body, and `return`s in it
    /// leave through the transfers back.
    pub whole_body: bool,
}

/// Whether `file`'s own code (not its headers') holds a statement that
/// `selection` picks: a question of syntax, asked before any analysis (a
/// project's units without one are left as they are).
pub fn selects_in(file: &ParsedFile, selection: &Selection) -> bool {
    file.unit.items.iter().any(|item| match item {
        ExternalDecl::FunctionDef(def) => {
            file.in_main_file(def.span) && !selected_in(def, selection).is_empty()
        }
        _ => false,
    })
}

/// The statements of `def` that `selection` picks, with their spans.
fn selected_in(def: &FunctionDef, selection: &Selection) -> Vec<(StmtId, Span)> {
    let name = def.declarator.name().map(|(n, _)| n.as_str());
    let mut spans = Vec::new();
    match selection {
        Selection::Function(f) => {
            if name == Some(f.as_str()) {
                spans.push((def.body_id, def.body.span));
            }
        }
        Selection::Label(l) => statements_in_block(&def.body, &mut |s| {
            if let StmtKind::Labeled { label, body } = &s.kind
                && label.as_str() == l
            {
                spans.push((body.id, body.span));
            }
        }),
        Selection::Pragma => statements_in_block(&def.body, &mut |s| {
            if s.pragmas.iter().any(|p| is_isolate_pragma(p.text.as_str())) {
                spans.push((s.id, s.span));
            }
        }),
        Selection::Auto => outermost_loops(&def.body, &mut spans),
        Selection::Nothing => {}
    }
    spans
}

/// The loops of `block` not inside another loop, in source order.
fn outermost_loops(block: &Block, spans: &mut Vec<(StmtId, Span)>) {
    fn visit(s: &Stmt, spans: &mut Vec<(StmtId, Span)>) {
        match &s.kind {
            StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. } => {
                spans.push((s.id, s.span));
            }
            _ => {
                for inner in s.sub_statements() {
                    visit(inner, spans);
                }
            }
        }
    }
    for item in &block.items {
        if let BlockItem::Statement(s) = item {
            visit(s, spans);
        }
    }
}

/// The pragma that marks a statement to isolate.
pub const PRAGMA: &str = "ferry isolate";

/// The statements a selection picks.
pub struct Found {
    pub targets: Vec<Target>,
    /// `--auto`: the loop nests left out, each with the reason.
    pub skipped: Vec<Diagnostic>,
}

/// The statements `selection` picks in `parsed`, but for its last
/// `companions` files (given for their bodies only).
pub fn find(
    parsed: &[ParsedFile],
    a: &Analyses,
    selection: &Selection,
    companions: usize,
) -> Result<Found, Diagnostic> {
    let mut targets = Vec::new();
    let mut skipped = Vec::new();
    if *selection == Selection::Nothing {
        return Ok(Found { targets, skipped });
    }
    let selectable = parsed.len().saturating_sub(companions);
    for (unit, file) in parsed.iter().enumerate().take(selectable) {
        for item in &file.unit.items {
            let ExternalDecl::FunctionDef(def) = item else {
                continue;
            };
            if !file.in_main_file(def.span) {
                continue;
            }
            let Some(function) = function_of(a, unit, def.span) else {
                continue;
            };
            let spans = selected_in(def, selection);
            let body = a.program.function(function).body.as_ref();
            let nodes = body.map(nodes_by_statement).unwrap_or_default();
            for (stmt, span) in spans {
                let whole_body = matches!(selection, Selection::Function(_));
                let node = match body {
                    Some(body) if whole_body => Some(body.root),
                    _ => nodes.get(&stmt).copied(),
                };
                let Some(node) = node else {
                    let refusal = file.error_at(
                        span,
                        "ferry cannot isolate this statement: control may leave it before its \
                         end (a `return`, or a `break`, `continue` or `goto` out of it), which \
                         would skip the transfers back",
                    );
                    if *selection == Selection::Auto {
                        skipped.push(refusal);
                        continue;
                    }
                    return Err(refusal);
                };
                targets.push(Target {
                    unit,
                    function,
                    node,
                    stmt,
                    span,
                    whole_body,
                });
            }
        }
    }
    if targets.is_empty() && *selection == Selection::Auto {
        return Ok(Found { targets, skipped });
    }
    if targets.is_empty() {
        return Err(Diagnostic::error(match selection {
            Selection::Label(l) => format!("no statement is labelled `{l}`"),
            Selection::Function(f) => format!("no function named `{f}` is defined"),
            Selection::Pragma => format!("no statement follows a `#pragma {PRAGMA}`"),
            Selection::Nothing | Selection::Auto => unreachable!("returned before"),
        }));
    }
    // A statement inside another isolated one would be isolated twice.
    for t in &targets {
        if let Some(outer) = targets
            .iter()
            .find(|o| o.unit == t.unit && o.stmt != t.stmt && contains(o.span, t.span))
        {
            return Err(parsed[t.unit].error_at(
                t.span,
                format!(
                    "this statement is inside another statement selected for isolation (at {}); \
                     select one of them",
                    position(&parsed[t.unit], outer.span)
                ),
            ));
        }
    }
    Ok(Found { targets, skipped })
}

pub fn is_isolate_pragma(text: &str) -> bool {
    text.split_whitespace().collect::<Vec<_>>() == ["ferry", "isolate"]
}

/// The `for` loops of the main files that a pragma declares independent.
pub fn independent_loops(parsed: &[ParsedFile]) -> HashSet<StmtId> {
    let mut loops = HashSet::new();
    for file in parsed {
        for item in &file.unit.items {
            let ExternalDecl::FunctionDef(def) = item else {
                continue;
            };
            statements_in_block(&def.body, &mut |s| {
                if matches!(s.kind, StmtKind::For { .. })
                    && s.pragmas.iter().any(Pragma::declares_independence)
                {
                    loops.insert(s.id);
                }
            });
        }
    }
    loops
}

fn contains(outer: Span, inner: Span) -> bool {
    outer.lo <= inner.lo && inner.hi <= outer.hi
}

/// `file:line:col` of a span, for messages.
pub fn position(file: &ParsedFile, span: Span) -> String {
    let loc = file.source_map.locate(span.lo);
    format!(
        "{}:{}:{}",
        file.source_map.file_name(loc.file),
        loc.line,
        loc.column
    )
}

/// The function defined at `span` in `unit`.
fn function_of(a: &Analyses, unit: usize, span: Span) -> Option<FuncId> {
    a.program.function_ids().find(|&f| {
        let func = a.program.function(f);
        func.unit == unit
            && func.body.is_some()
            && (func.span.lo, func.span.hi) == (span.lo, span.hi)
    })
}

/// Every statement of a block, outermost first.
pub fn statements_in_block(block: &Block, visit: &mut dyn FnMut(&Stmt)) {
    for item in &block.items {
        if let BlockItem::Statement(s) = item {
            statements_in(s, visit);
        }
    }
}

pub(crate) fn statements_in(s: &Stmt, visit: &mut dyn FnMut(&Stmt)) {
    visit(s);
    for inner in s.sub_statements() {
        statements_in(inner, visit);
    }
}
