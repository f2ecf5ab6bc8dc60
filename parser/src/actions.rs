//! Small constructors the grammar's actions use, so that the grammar reads
//! as a grammar.

use crate::ast::*;
use crate::intern::Symbol;
use crate::span::Span;

pub fn concat3(
    mut pre: Vec<DeclSpecifier>,
    t: DeclSpecifier,
    post: Vec<DeclSpecifier>,
) -> Vec<DeclSpecifier> {
    pre.push(t);
    pre.extend(post);
    pre
}

/// Applies `*`s (outermost first, as written left to right) to a direct declarator.
pub fn wrap_pointers(pointers: Vec<Vec<TypeQualifier>>, inner: Declarator) -> Declarator {
    pointers
        .into_iter()
        .rev()
        .fold(inner, |inner, qualifiers| Declarator::Pointer {
            qualifiers,
            inner: Box::new(inner),
        })
}

pub struct ArraySuffix {
    pub qualifiers: Vec<TypeQualifier>,
    pub is_static: bool,
    pub size: ArraySize,
}

impl ArraySuffix {
    pub fn apply(self, inner: Declarator) -> Declarator {
        Declarator::Array {
            inner: Box::new(inner),
            qualifiers: self.qualifiers,
            is_static: self.is_static,
            size: self.size,
        }
    }
}

pub fn expr(kind: ExprKind, lo: usize, hi: usize) -> Expr {
    Expr {
        kind,
        span: Span::new(lo, hi),
    }
}

pub fn stmt(kind: StmtKind, lo: usize, hi: usize) -> Stmt {
    Stmt {
        kind,
        span: Span::new(lo, hi),
        pragmas: Vec::new(),
        id: StmtId::fresh(),
    }
}

/// `a, b, c` is one flat comma expression.
pub fn comma(left: Expr, right: Expr, lo: usize, hi: usize) -> Expr {
    let items = match left.kind {
        ExprKind::Comma(mut items) => {
            items.push(right);
            items
        }
        _ => vec![left, right],
    };
    expr(ExprKind::Comma(items), lo, hi)
}

/// `s` after the pragma `p`, which comes before the ones already attached.
pub fn with_pragma(p: Pragma, mut s: Stmt) -> Stmt {
    s.pragmas.insert(0, p);
    s
}

/// Attaches each run of pragmas to the statement that follows it; pragmas
/// followed by a declaration or by the end of the block stay block items.
pub fn make_block(local_labels: Vec<Symbol>, items: Vec<BlockItem>, span: Span) -> Block {
    let mut out = Vec::with_capacity(items.len());
    let mut pending: Vec<Pragma> = Vec::new();
    for item in items {
        match item {
            BlockItem::Pragma(p) => pending.push(p),
            BlockItem::Statement(mut s) => {
                s.pragmas = std::mem::take(&mut pending);
                out.push(BlockItem::Statement(s));
            }
            BlockItem::Declaration(d) => {
                out.extend(pending.drain(..).map(BlockItem::Pragma));
                out.push(BlockItem::Declaration(d));
            }
        }
    }
    out.extend(pending.into_iter().map(BlockItem::Pragma));
    Block {
        items: out,
        local_labels,
        span,
    }
}

pub enum LoopHead {
    While(Expr),
    Switch(Expr),
    For(ForInit, Option<Expr>, Option<Expr>),
}

impl LoopHead {
    pub fn with_body(self, body: Stmt) -> StmtKind {
        let body = Box::new(body);
        match self {
            LoopHead::While(c) => StmtKind::While {
                condition: Box::new(c),
                body,
            },
            LoopHead::Switch(c) => StmtKind::Switch {
                condition: Box::new(c),
                body,
            },
            LoopHead::For(init, condition, step) => StmtKind::For {
                init,
                condition: condition.map(Box::new),
                step: step.map(Box::new),
                body,
            },
        }
    }
}

pub enum LabelHead {
    Label(Symbol),
    Case(Expr, Option<Expr>),
    Default,
}

impl LabelHead {
    pub fn with_body(self, body: Stmt) -> StmtKind {
        let body = Box::new(body);
        match self {
            LabelHead::Label(label) => StmtKind::Labeled { label, body },
            LabelHead::Case(value, upper) => StmtKind::Case {
                value: Box::new(value),
                upper: upper.map(Box::new),
                body,
            },
            LabelHead::Default => StmtKind::Default(body),
        }
    }
}

pub fn asm_operands(
    outputs: Option<Vec<AsmOperand>>,
    inputs: Option<Vec<AsmOperand>>,
    clobbers: Option<Vec<StringLit>>,
    labels: Option<Vec<Symbol>>,
    sections: u8,
) -> AsmOperands {
    AsmOperands {
        outputs: outputs.unwrap_or_default(),
        inputs: inputs.unwrap_or_default(),
        clobbers: clobbers.unwrap_or_default(),
        labels: labels.unwrap_or_default(),
        sections,
    }
}

pub fn offsetof_path(first: Symbol, rest: Vec<OffsetofMember>) -> Vec<OffsetofMember> {
    let mut path = vec![OffsetofMember::Field(first)];
    path.extend(rest);
    path
}
