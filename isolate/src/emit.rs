//! The isolated statement as C: the device copies, the transfers into them,
//! the rewritten statement, the transfers back, the release of the
//! buffers. Generated as text over the runtime's API (`ferry_rte.h`) and
//! parsed back into the tree around the rewritten statement.
//!
//! Every box bound is evaluated before the statement runs: the regions are
//! in terms of the variables' values then, and the statement may change
//! them (footnote 2 of the paper).

use crate::transfer::{ArrayTransfer, Plan};
use ferry_parser::ast::{Block, BlockItem, ExprKind, ExternalDecl, Stmt, StmtKind};
use ferry_parser::intern::Symbol;
use ferry_parser::{Diagnostic, parse_preprocessed};
use std::collections::HashSet;
use std::fmt::Write;
use std::path::Path;

/// The name of the call that stands for the rewritten statement in the
/// generated text.
const HOLE: &str = "__ferry_isolated_statement";

/// The names given to one isolated variable's device copy.
#[derive(Debug, Clone)]
pub struct DeviceNames {
    /// The copy (for an array, a pointer to its buffer); other names of the
    /// array's bookkeeping start with it.
    pub device: String,
}

impl DeviceNames {
    pub fn offset(&self, k: usize) -> String {
        format!("{}_off{k}", self.device)
    }
    fn len(&self, k: usize) -> String {
        format!("{}_len{k}", self.device)
    }
    /// A bound of the box loaded (`side` "in") or stored ("out"): its
    /// first index ("lo") or its count ("n") along dimension k.
    fn bound(&self, side: &str, what: &str, k: usize) -> String {
        format!("{}_{side}_{what}{k}", self.device)
    }
}

/// The exit of a whole function body: the result variable's declaration
/// (`int ferry_result`) and name, and the label the returns go to.
pub struct Exit {
    pub result: Option<(String, String)>,
    pub label: Option<String>,
}

/// Builds the isolated statement around `rewritten`.
pub fn isolated_block(
    plan: &Plan,
    names: &dyn Fn(&str) -> DeviceNames,
    full_rows: &HashSet<Symbol>,
    rewritten: Stmt,
    exit: &Exit,
) -> Result<Block, Diagnostic> {
    let mut pre = String::new();
    let mut post = String::new();
    let mut release = String::new();
    for a in &plan.arrays {
        let n = names(&a.name);
        let keep_rows = full_rows.contains(&Symbol::intern(&a.name));
        array_code(a, &n, keep_rows, &mut pre, &mut post, &mut release);
    }
    for s in &plan.scalars {
        let n = names(&s.name);
        let (host, dev) = (&s.name, &n.device);
        let _ = writeln!(pre, "__typeof__({host}) {dev};");
        let _ = writeln!(
            pre,
            "ferry_poison((void *)&{dev}, sizeof {dev}, {});",
            s.poison.c_name()
        );
        if s.load {
            let _ = writeln!(
                pre,
                "ferry_scalar_to_accel((void *)&{dev}, &{host}, sizeof {host});"
            );
        }
        if s.store {
            let _ = writeln!(
                post,
                "ferry_scalar_from_accel((void *)&{host}, &{dev}, sizeof {host});"
            );
        }
    }
    if let Some((decl, _)) = &exit.result {
        let _ = writeln!(pre, "{decl};");
    }
    let mut text = String::from("void __ferry_fragment(void) {\n");
    text.push_str(&pre);
    let _ = writeln!(text, "{HOLE}();");
    if let Some(label) = &exit.label {
        let _ = writeln!(text, "{label}: ;");
    }
    text.push_str(&post);
    text.push_str(&release);
    if let Some((_, result)) = &exit.result {
        let _ = writeln!(text, "return {result};");
    }
    text.push_str("}\n");
    let parsed = parse_preprocessed(text.clone(), Path::new("<ferry isolate>")).map_err(|d| {
        Diagnostic::error(format!(
            "internal error: ferry generated C it cannot parse: {}",
            d.message
        ))
        .with_note(text.clone())
    })?;
    let Some(ExternalDecl::FunctionDef(def)) = parsed.unit.items.into_iter().next() else {
        return Err(Diagnostic::error(
            "internal error: ferry's generated fragment is not a function",
        ));
    };
    let mut block = def.body;
    let mut rewritten = Some(rewritten);
    for item in &mut block.items {
        if let BlockItem::Statement(s) = item
            && is_hole(s)
        {
            *s = rewritten.take().expect("one hole");
        }
    }
    Ok(block)
}

fn is_hole(s: &Stmt) -> bool {
    matches!(&s.kind, StmtKind::Expr(e)
        if matches!(&e.kind, ExprKind::Call(callee, _)
            if matches!(&callee.kind, ExprKind::Ident(n) if n.as_str() == HOLE)))
}

fn array_code(
    a: &ArrayTransfer,
    n: &DeviceNames,
    keep_rows: bool,
    pre: &mut String,
    post: &mut String,
    release: &mut String,
) {
    let host = &a.name;
    let dims = a.dims;
    let zeros = |k: usize| "[0]".repeat(k);
    // Extent of dimension k (from 1) of the host array, k >= 2.
    let host_extent = |k: usize| {
        format!(
            "(long)(sizeof({host}{}) / sizeof({host}{}))",
            zeros(k - 1),
            zeros(k)
        )
    };
    let element = format!("{host}{}", zeros(dims));
    for (k, b) in a.buffer.iter().enumerate() {
        let k = k + 1;
        // A buffer passed to a call keeps whole rows: the callee may walk
        // from one row into the next, as on the host.
        let (lower, count) = if keep_rows && k >= 2 {
            ("0L".to_string(), host_extent(k))
        } else {
            (b.lower.clone(), b.count.clone())
        };
        let _ = writeln!(
            pre,
            "const long {} = {lower}, {} = {count};",
            n.offset(k),
            n.len(k)
        );
    }
    for (side, bounds) in [("in", &a.load), ("out", &a.store)] {
        for (k, d) in bounds.iter().flatten().enumerate() {
            let _ = writeln!(
                pre,
                "const long {} = {}, {} = {};",
                n.bound(side, "lo", k + 1),
                d.lower,
                n.bound(side, "n", k + 1),
                d.count
            );
        }
    }
    let rows: String = (2..=dims).map(|k| format!("[{}]", n.len(k))).collect();
    let total: Vec<String> = (1..=dims).map(|k| n.len(k)).collect();
    let _ = writeln!(
        pre,
        "__typeof__({element}) (*{dev}){rows} = ferry_alloc(sizeof({element}), {}, {});",
        total.join(" * "),
        a.poison.c_name(),
        dev = n.device,
    );
    let list = |items: Vec<String>| format!("(const long[]){{{}}}", items.join(", "));
    let host_dims = list(
        (1..=dims)
            .map(|k| {
                if k == 1 {
                    "0L".to_string()
                } else {
                    host_extent(k)
                }
            })
            .collect(),
    );
    let device_dims = list((1..=dims).map(|k| n.len(k)).collect());
    let transfer = |lo: &dyn Fn(usize) -> String, count: &dyn Fn(usize) -> String| {
        let host_offsets = list((1..=dims).map(lo).collect());
        let device_offsets = list(
            (1..=dims)
                .map(|k| format!("{} - {}", lo(k), n.offset(k)))
                .collect(),
        );
        let counts = list((1..=dims).map(count).collect());
        format!("{dims}, {host_dims}, {host_offsets}, {device_dims}, {device_offsets}, {counts}")
    };
    if a.load.is_some() {
        let _ = writeln!(
            pre,
            "ferry_copy_to_accel((void *){dev}, {host}, sizeof({element}), {});",
            transfer(&|k| n.bound("in", "lo", k), &|k| n.bound("in", "n", k)),
            dev = n.device
        );
    }
    if a.store.is_some() {
        let _ = writeln!(
            post,
            "ferry_copy_from_accel((void *){host}, {dev}, sizeof({element}), {});",
            transfer(&|k| n.bound("out", "lo", k), &|k| n.bound("out", "n", k)),
            dev = n.device
        );
    }
    let _ = writeln!(release, "ferry_free({});", n.device);
}
