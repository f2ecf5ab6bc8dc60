//! The moves, applied to a copy of the syntax tree: transfer statements
//! deleted where they were, and inserted before or after a statement or
//! declaration, or at the start or end of a block. Places are spans of
//! the original tree, not statement ids, as declarations are places too;
//! inserted statements are never looked at again, so a
//! transfer inserted with its own original span is not taken for itself.
//! A `{ ... }` statement and its block have the same span (the grammar
//! gives both the braces' positions), so the start and end of a sequence,
//! keyed by its HCFG node's span, are found at its block.

use ferry_parser::ast::{Block, BlockItem, ExternalDecl, Stmt, StmtKind, TranslationUnit};
use ferry_parser::span::Span;
use std::collections::{HashMap, HashSet};

type Key = (u32, u32);

fn key(span: Span) -> Key {
    (span.lo, span.hi)
}

/// The edits of one translation unit.
#[derive(Debug, Default)]
pub struct Edits {
    delete: HashSet<Key>,
    before: HashMap<Key, Vec<Stmt>>,
    after: HashMap<Key, Vec<Stmt>>,
    at_start: HashMap<Key, Vec<Stmt>>,
    at_end: HashMap<Key, Vec<Stmt>>,
}

impl Edits {
    pub fn is_empty(&self) -> bool {
        self.delete.is_empty()
            && self.before.is_empty()
            && self.after.is_empty()
            && self.at_start.is_empty()
            && self.at_end.is_empty()
    }

    pub fn delete(&mut self, span: Span) {
        self.delete.insert(key(span));
    }

    pub fn before(&mut self, span: Span, stmts: Vec<Stmt>) {
        if !stmts.is_empty() {
            self.before.entry(key(span)).or_default().extend(stmts);
        }
    }

    pub fn after(&mut self, span: Span, stmts: Vec<Stmt>) {
        if !stmts.is_empty() {
            self.after.entry(key(span)).or_default().extend(stmts);
        }
    }

    pub fn at_start(&mut self, block: Span, stmts: Vec<Stmt>) {
        if !stmts.is_empty() {
            self.at_start.entry(key(block)).or_default().extend(stmts);
        }
    }

    pub fn at_end(&mut self, block: Span, stmts: Vec<Stmt>) {
        if !stmts.is_empty() {
            self.at_end.entry(key(block)).or_default().extend(stmts);
        }
    }

    /// Applies every edit; `false` when some place was not found (an
    /// internal error: the edits would be lost).
    pub fn apply(mut self, tree: &mut TranslationUnit) -> bool {
        for item in &mut tree.items {
            if let ExternalDecl::FunctionDef(def) = item {
                self.block(&mut def.body, false);
            }
        }
        self.is_empty()
    }

    fn block(&mut self, b: &mut Block, nested: bool) -> bool {
        let mut items = Vec::new();
        let start = self.at_start.remove(&key(b.span)).unwrap_or_default();
        items.extend(start.into_iter().map(BlockItem::Statement));
        let mut deleted = false;
        for mut item in std::mem::take(&mut b.items) {
            let span = match &item {
                BlockItem::Statement(s) => Some(s.span),
                BlockItem::Declaration(d) => Some(d.span()),
                BlockItem::Pragma(_) => None,
            };
            let Some(span) = span else {
                items.push(item);
                continue;
            };
            if let Some(stmts) = self.before.remove(&key(span)) {
                items.extend(stmts.into_iter().map(BlockItem::Statement));
            }
            if self.delete.remove(&key(span)) {
                deleted = true;
            } else {
                if let BlockItem::Statement(s) = &mut item {
                    self.inside(s);
                }
                items.push(item);
            }
            if let Some(stmts) = self.after.remove(&key(span)) {
                items.extend(stmts.into_iter().map(BlockItem::Statement));
            }
        }
        if let Some(end) = self.at_end.remove(&key(b.span)) {
            items.extend(end.into_iter().map(BlockItem::Statement));
        }
        b.items = items;
        nested && deleted
    }

    /// Edits below a statement that stays.
    fn inside(&mut self, s: &mut Stmt) {
        match &mut s.kind {
            StmtKind::Compound(b) => {
                self.block(b, false);
            }
            StmtKind::Labeled { body, .. }
            | StmtKind::Case { body, .. }
            | StmtKind::Default(body)
            | StmtKind::Switch { body, .. }
            | StmtKind::While { body, .. }
            | StmtKind::DoWhile { body, .. }
            | StmtKind::For { body, .. } => self.nested(body),
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                self.nested(then_branch);
                if let Some(e) = else_branch {
                    self.nested(e);
                }
            }
            _ => {}
        }
    }

    /// A statement that is not a block item (a loop's body, a branch):
    /// insertions around it make it a block; a block that lost transfers
    /// and keeps a single statement becomes that statement (Listing 1.6's
    /// `while (i-->=0) k[0]++;`).
    fn nested(&mut self, s: &mut Stmt) {
        let span = key(s.span);
        let before = self.before.remove(&span).unwrap_or_default();
        let after = self.after.remove(&span).unwrap_or_default();
        let deleted = self.delete.remove(&span);
        if !deleted {
            let shrunk = match &mut s.kind {
                StmtKind::Compound(b) => self.block(b, true),
                _ => {
                    self.inside(s);
                    false
                }
            };
            if shrunk && let StmtKind::Compound(b) = &mut s.kind {
                let single = match b.items.as_slice() {
                    [BlockItem::Statement(only)] if !matches!(only.kind, StmtKind::If { .. }) => {
                        Some(only.clone())
                    }
                    _ => None,
                };
                if let Some(only) = single {
                    *s = only;
                }
            }
        }
        if before.is_empty() && after.is_empty() && !deleted {
            return;
        }
        let mut items: Vec<BlockItem> = before.into_iter().map(BlockItem::Statement).collect();
        if !deleted {
            items.push(BlockItem::Statement(s.clone()));
        }
        items.extend(after.into_iter().map(BlockItem::Statement));
        let span = s.span;
        s.kind = match items.len() {
            0 => StmtKind::Empty,
            1 => match items.pop() {
                Some(BlockItem::Statement(only)) => only.kind,
                _ => unreachable!("statements only"),
            },
            _ => StmtKind::Compound(Block {
                items,
                local_labels: Vec::new(),
                span,
            }),
        };
    }
}
