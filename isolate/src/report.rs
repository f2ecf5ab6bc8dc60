//! What isolation decided, for people (`ferry isolate --report`): per
//! isolated statement, where it is, and per variable how it reaches the
//! device — an array's buffer and the copies of each plan considered, as
//! the C bounds the generated code evaluates, a scalar by value or
//! copied. Plain strings, so that writers of reports need nothing of the
//! analyses.

use crate::bounds::DimBound;
pub use crate::bounds::Elements;
use crate::picture::Picture;
use crate::planning::{Copies, Shape};
pub use crate::transfer::Volume;
use crate::transfer::{ArrayTransfer, Plan, ScalarTransfer};
use ferry_parser::printer::print_expr;

/// One isolated statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatementReport {
    /// `file:line:col` of the statement.
    pub at: String,
    pub function: String,
    /// Its first line, as written.
    pub first_line: String,
    pub arrays: Vec<ArrayReport>,
    pub scalars: Vec<ScalarReport>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArrayReport {
    pub name: String,
    /// Per dimension, the buffer's first index and extent (C).
    pub buffer: Vec<(String, String)>,
    /// The plans the generated code chooses from (one unless `auto`).
    pub plans: Vec<PlanReport>,
    /// What the statement does to it, drawn for one instance of the
    /// program's variables (1-D and 2-D arrays, when asked for).
    pub picture: Option<Picture>,
    /// What one execution copies in and back at most.
    pub volume: Option<Volume>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanReport {
    /// `hull`, `rows`, `exact` or `rects`.
    pub kind: &'static str,
    /// What is copied in and back, described with its C bounds; `None`:
    /// nothing.
    pub load: Option<String>,
    pub store: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScalarReport {
    pub name: String,
    /// Passed by value (a kernel argument): no copy.
    pub by_value: bool,
    pub load: bool,
    pub store: bool,
}

impl StatementReport {
    pub fn new(at: String, function: String, first_line: String, plan: &Plan) -> Self {
        StatementReport {
            at,
            function,
            first_line,
            arrays: plan.arrays.iter().map(array).collect(),
            scalars: plan.scalars.iter().map(scalar).collect(),
        }
    }
}

fn array(a: &ArrayTransfer) -> ArrayReport {
    ArrayReport {
        picture: a.picture.as_ref().and_then(|sets| sets.draw()),
        name: a.name.clone(),
        buffer: a
            .buffer
            .iter()
            .map(|d| (print_expr(&d.lower), print_expr(&d.count)))
            .collect(),
        plans: a.copies.iter().map(|c| plan(&a.name, c)).collect(),
        volume: a.volume.clone(),
    }
}

fn plan(name: &str, c: &Copies) -> PlanReport {
    PlanReport {
        kind: c.kind.name(),
        load: c.load.as_ref().map(|s| shape(name, s)),
        store: c.store.as_ref().map(|s| shape(name, s)),
    }
}

/// `a[lo1 : count1][lo2 : count2]` for a box (first index, element count
/// per dimension, each parenthesised unless one token), and in words for
/// the other shapes.
fn shape(name: &str, s: &Shape) -> String {
    let boxed = |dims: &[DimBound]| {
        let mut text = name.to_string();
        for d in dims {
            text.push_str(&format!(
                "[{} : {}]",
                grouped(print_expr(&d.lower)),
                grouped(print_expr(&d.count))
            ));
        }
        text
    };
    match s {
        Shape::Box(dims) => boxed(dims),
        Shape::Boxes(boxes) => boxes
            .iter()
            .map(|b| boxed(b))
            .collect::<Vec<_>>()
            .join(" ∪ "),
        Shape::Span { first, last } => {
            let subscripts = |e: &[ferry_parser::ast::Expr]| {
                e.iter()
                    .map(|x| format!("[{}]", print_expr(x)))
                    .collect::<String>()
            };
            format!(
                "from {name}{} to {name}{} in row-major order",
                subscripts(first),
                subscripts(last)
            )
        }
        Shape::Runs(_) => format!("the runs of {name} along its last subscript, one copy each"),
    }
}

/// An expression between brackets and a colon, parenthesised unless it
/// is one token (a conditional's own colon would read as the separator).
pub fn grouped(text: String) -> String {
    if text.contains(' ') && !(text.starts_with('(') && text.ends_with(')')) {
        format!("({text})")
    } else {
        text
    }
}

fn scalar(s: &ScalarTransfer) -> ScalarReport {
    ScalarReport {
        name: s.name.clone(),
        by_value: s.by_value(),
        load: s.load,
        store: s.store,
    }
}
