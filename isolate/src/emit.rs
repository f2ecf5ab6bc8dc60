//! The isolated statement as C: the device copies, the transfers into them,
//! the rewritten statement, the transfers back, the release of the
//! buffers. Generated as text over the runtime's API (`ferry_rte.h`) and
//! parsed back into the tree around the rewritten statement.
//!
//! Every box bound is evaluated before the statement runs: the regions are
//! in terms of the variables' values then, and the statement may change
//! them (footnote 2 of the paper).

use crate::bounds::DimBound;
use crate::planning::cost::CostModel;
use crate::planning::scan::{RUN_COUNT, RUN_LOWER, coordinate};
use crate::planning::{Kind, PlacedCopy, Shape};
use crate::reuse::LoopReuse;
use crate::share::{AroundLoop, MemberCopies};
use crate::transfer::{ArrayTransfer, Plan};
use ferry_parser::ast::{Block, BlockItem, ExprKind, ExternalDecl, Stmt, StmtKind};
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
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
    pub fn len(&self, k: usize) -> String {
        format!("{}_len{k}", self.device)
    }
    /// A bound of the box loaded (`side` "in", or "in_rects0"...) or
    /// stored ("out"...): its first index ("lo") or its count ("n") along
    /// dimension k.
    fn bound(&self, side: &str, what: &str, k: usize) -> String {
        format!("{}_{side}_{what}{k}", self.device)
    }
    /// The plan the generated code chose, and what it costs.
    fn plan(&self) -> String {
        format!("{}_plan", self.device)
    }
    fn cost(&self) -> String {
        format!("{}_cost", self.device)
    }
    fn model(&self) -> String {
        format!("{}_model", self.device)
    }
    /// A variable's value before the statement, for a scan after it.
    fn saved(&self, side: &str, variable: &str) -> String {
        format!("{}_{side}_{variable}", self.device)
    }
}

/// The exit of a whole function body: the result variable's declaration
/// (`int ferry_result`) and name, and the label the returns go to.
pub struct Exit {
    pub result: Option<(String, String)>,
    pub label: Option<String>,
}

/// An array whose buffer the statement shares with others of its sequence
/// (`share`): the buffer is theirs, the statement makes only its copies.
pub struct SharedCopies<'a> {
    /// The shared buffer, described as a transfer without boxes.
    pub array: ArrayTransfer,
    pub copies: &'a MemberCopies,
    /// The statement is the buffer's last user: it frees it.
    pub release: bool,
}

/// Builds the isolated statement around `rewritten`; `cost` compares the
/// plans of an array that has several.
pub fn isolated_block(
    plan: &Plan,
    names: &dyn Fn(&str) -> DeviceNames,
    full_rows: &HashSet<Symbol>,
    rewritten: Stmt,
    exit: &Exit,
    shared: &[SharedCopies],
    cost: &CostModel,
) -> Result<Block, Diagnostic> {
    let mut pre = String::new();
    let mut post = String::new();
    let mut release = String::new();
    let is_shared = |a: &ArrayTransfer| shared.iter().any(|s| s.array.var == a.var);
    for s in shared {
        let code = ArrayCode::new(&s.array, names(&s.array.name), full_rows);
        for c in &s.copies.stores_before {
            pre.push_str(&code.scoped_placed(Side::Out, c, cost));
        }
        for c in &s.copies.loads {
            pre.push_str(&code.scoped_placed(Side::In, c, cost));
        }
        for c in &s.copies.stores_after {
            post.push_str(&code.scoped_placed(Side::Out, c, cost));
        }
        if s.release {
            release.push_str(&code.release());
        }
    }
    for a in plan.arrays.iter().filter(|a| !is_shared(a)) {
        let code = ArrayCode::new(a, names(&a.name), full_rows);
        // Every bound is evaluated before the statement, which may change
        // the variables they are written in; so is the choice of a plan.
        pre.push_str(&code.extents(&a.buffer));
        for c in &a.copies {
            for (side, shape) in [(Side::In, &c.load), (Side::Out, &c.store)] {
                if let Some(shape) = shape {
                    pre.push_str(&code.prepare(side, c.kind, shape));
                }
            }
        }
        pre.push_str(&code.choose(cost));
        pre.push_str(&code.alloc());
        pre.push_str(&code.dispatch(Side::In));
        post.push_str(&code.dispatch(Side::Out));
        release.push_str(&code.release());
    }
    let (scalars_in, scalars_out) = scalar_code(plan, names);
    pre.push_str(&scalars_in);
    post.push_str(&scalars_out);
    if let Some((decl, _)) = &exit.result {
        let _ = writeln!(pre, "{decl};");
    }
    let mut text = String::new();
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
    fragment(&text, rewritten)
}

/// The block that replaces a loop whose body is isolated with transfers
/// shared between iterations ([`LoopReuse`]): the buffers, sized for every
/// iteration, around `the_loop` (whose body is already the
/// [`iteration_block`]).
pub fn loop_block(
    plan: &Plan,
    reuse: &LoopReuse,
    names: &dyn Fn(&str) -> DeviceNames,
    full_rows: &HashSet<Symbol>,
    the_loop: Stmt,
) -> Result<Block, Diagnostic> {
    let mut text = String::new();
    let mut release = String::new();
    for (a, l) in plan.arrays.iter().zip(&reuse.arrays) {
        let code = ArrayCode::new(a, names(&a.name), full_rows);
        text.push_str(&code.buffer(&l.buffer));
        release.push_str(&code.release());
    }
    let _ = writeln!(text, "{HOLE}();");
    text.push_str(&release);
    fragment(&text, the_loop)
}

/// An array shared across the iterations of a loop (`share::AroundLoop`):
/// its buffer and copies are around the loop.
pub struct AroundCopies<'a> {
    pub array: ArrayTransfer,
    pub names: DeviceNames,
    pub copies: &'a AroundLoop,
    pub full_rows: &'a HashSet<Symbol>,
    /// The flag set the first time the users' loop runs: the loads are
    /// made then, the stores after the outer loop when it is set.
    pub ran: String,
}

/// The block that replaces the outermost loop around the users of the
/// `arrays`: their buffers and flags; the loop, where each flag is set and
/// the loads made at the top of the users' loop's body, the first time it
/// runs; the stores whose flag is set; the release.
pub fn around_loop_block(
    arrays: &[AroundCopies],
    mut the_loop: Stmt,
    cost: &CostModel,
) -> Result<Block, Diagnostic> {
    let mut before = String::new();
    let mut release = String::new();
    // Per flag, in the order first met: the users' loop, loads, stores.
    let mut flags: Vec<(&str, Span, String, String)> = Vec::new();
    for a in arrays {
        let code = ArrayCode::new(&a.array, a.names.clone(), a.full_rows);
        before.push_str(&code.buffer(&a.array.buffer));
        release.push_str(&code.release());
        let at = match flags.iter().position(|(ran, ..)| *ran == a.ran) {
            Some(at) => at,
            None => {
                flags.push((&a.ran, a.copies.first, String::new(), String::new()));
                flags.len() - 1
            }
        };
        let (_, _, loads, stores) = &mut flags[at];
        for c in &a.copies.loads {
            loads.push_str(&code.scoped_placed(Side::In, c, cost));
        }
        for c in &a.copies.stores {
            stores.push_str(&code.scoped_placed(Side::Out, c, cost));
        }
    }
    let mut after = String::new();
    for (ran, first, loads, stores) in &flags {
        let _ = writeln!(before, "int {ran} = 0;");
        let Some(body) = loop_body(&mut the_loop, *first) else {
            return Err(Diagnostic::error(
                "internal error: the loop of statements sharing buffers is not in the tree",
            ));
        };
        let original = std::mem::replace(body, hole_free());
        let span = original.span;
        let text = format!("if (!{ran}) {{\n{ran} = 1;\n{loads}}}\n{HOLE}();\n");
        *body = Stmt {
            kind: StmtKind::Compound(fragment(&text, original)?),
            span,
            pragmas: Vec::new(),
        };
        if !stores.is_empty() {
            let _ = write!(after, "if ({ran}) {{\n{stores}}}\n");
        }
    }
    let mut text = before;
    let _ = writeln!(text, "{HOLE}();");
    text.push_str(&after);
    text.push_str(&release);
    fragment(&text, the_loop)
}

/// The body of the loop at `span` in `s` (a loop another block already
/// wraps keeps its span inside that block).
fn loop_body(s: &mut Stmt, span: Span) -> Option<&mut Stmt> {
    let is_loop = matches!(
        s.kind,
        StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. }
    );
    if is_loop && (s.span.lo, s.span.hi) == (span.lo, span.hi) {
        return match &mut s.kind {
            StmtKind::For { body, .. }
            | StmtKind::While { body, .. }
            | StmtKind::DoWhile { body, .. } => Some(body),
            _ => None,
        };
    }
    s.sub_statements_mut()
        .into_iter()
        .find_map(|inner| loop_body(inner, span))
}

/// The buffer of an array shared by several statements of a sequence, as
/// block items to put before the first of them.
pub fn shared_buffer(
    array: &ArrayTransfer,
    names: &DeviceNames,
    full_rows: &HashSet<Symbol>,
) -> Result<Vec<BlockItem>, Diagnostic> {
    let code = ArrayCode::new(array, names.clone(), full_rows);
    Ok(fragment(&code.buffer(&array.buffer), hole_free())?.items)
}

/// A statement for [`fragment`] when the text has no hole.
fn hole_free() -> Stmt {
    Stmt {
        kind: StmtKind::Empty,
        span: ferry_parser::span::Span::default(),
        pragmas: Vec::new(),
    }
}

/// One iteration of a loop with shared transfers: the scalars, the loads
/// of this iteration (the first one apart), the statement, the stores (the
/// last one apart).
pub fn iteration_block(
    plan: &Plan,
    reuse: &LoopReuse,
    names: &dyn Fn(&str) -> DeviceNames,
    full_rows: &HashSet<Symbol>,
    rewritten: Stmt,
    cost: &CostModel,
) -> Result<Block, Diagnostic> {
    let (scalars_in, scalars_out) = scalar_code(plan, names);
    let mut loads = Split::default();
    let mut stores = Split::default();
    for (a, l) in plan.arrays.iter().zip(&reuse.arrays) {
        let code = ArrayCode::new(a, names(&a.name), full_rows);
        loads.add(&code, Side::In, &l.load_first, &l.load_rest, cost);
        stores.add(&code, Side::Out, &l.store_last, &l.store_rest, cost);
    }
    let mut text = scalars_in;
    text.push_str(&loads.code(&format!("{} == {}", reuse.index, reuse.first)));
    let _ = writeln!(text, "{HOLE}();");
    text.push_str(&stores.code(&format!("{} == {}", reuse.index, reuse.last)));
    text.push_str(&scalars_out);
    fragment(&text, rewritten)
}

/// Transfers that differ in one iteration (`special`) from the others.
#[derive(Default)]
struct Split {
    always: String,
    special: String,
    others: String,
}

impl Split {
    fn add(
        &mut self,
        code: &ArrayCode,
        side: Side,
        special: &Option<PlacedCopy>,
        others: &Option<PlacedCopy>,
        cost: &CostModel,
    ) {
        let copy = |c: &Option<PlacedCopy>| {
            c.as_ref()
                .map(|c| code.placed(side, c, cost))
                .unwrap_or_default()
        };
        if special == others {
            self.always.push_str(&copy(special));
        } else {
            self.special.push_str(&copy(special));
            self.others.push_str(&copy(others));
        }
    }

    fn code(&self, condition: &str) -> String {
        let mut text = self.always.clone();
        match (self.special.is_empty(), self.others.is_empty()) {
            (true, true) => {}
            (false, true) => {
                let _ = write!(text, "if ({condition}) {{\n{}}}\n", self.special);
            }
            (true, false) => {
                let _ = write!(text, "if (!({condition})) {{\n{}}}\n", self.others);
            }
            (false, false) => {
                let _ = write!(
                    text,
                    "if ({condition}) {{\n{}}} else {{\n{}}}\n",
                    self.special, self.others
                );
            }
        }
        text
    }
}

/// The scalars' device copies and loads, and their stores.
fn scalar_code(plan: &Plan, names: &dyn Fn(&str) -> DeviceNames) -> (String, String) {
    let mut pre = String::new();
    let mut post = String::new();
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
    (pre, post)
}

/// Parses the statements of `body` (C text with one hole) into a block,
/// and puts `statement` in the hole.
fn fragment(body: &str, statement: Stmt) -> Result<Block, Diagnostic> {
    let text = format!("void __ferry_fragment(void) {{\n{body}}}\n");
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
    let mut statement = Some(statement);
    for item in &mut block.items {
        if let BlockItem::Statement(s) = item
            && is_hole(s)
        {
            *s = statement.take().expect("one hole");
        }
    }
    Ok(block)
}

fn is_hole(s: &Stmt) -> bool {
    matches!(&s.kind, StmtKind::Expr(e)
        if matches!(&e.kind, ExprKind::Call(callee, _)
            if matches!(&callee.kind, ExprKind::Ident(n) if n.as_str() == HOLE)))
}

/// The direction of a copy: "in" to the device, "out" back.
#[derive(Debug, Clone, Copy)]
enum Side {
    In,
    Out,
}

/// The code of one array's device copy.
struct ArrayCode<'a> {
    a: &'a ArrayTransfer,
    n: DeviceNames,
    /// Passed to a call: the buffer keeps whole rows, so that the callee
    /// may walk from one row into the next, as on the host.
    keep_rows: bool,
}

impl<'a> ArrayCode<'a> {
    fn new(a: &'a ArrayTransfer, n: DeviceNames, full_rows: &HashSet<Symbol>) -> Self {
        let keep_rows = full_rows.contains(&Symbol::intern(&a.name));
        ArrayCode { a, n, keep_rows }
    }

    fn zeros(k: usize) -> String {
        "[0]".repeat(k)
    }

    /// Extent of dimension k (from 1) of the host array, k >= 2.
    fn host_extent(&self, k: usize) -> String {
        let host = &self.a.name;
        format!(
            "(long)(sizeof({host}{}) / sizeof({host}{}))",
            Self::zeros(k - 1),
            Self::zeros(k)
        )
    }

    fn element(&self) -> String {
        format!("{}{}", self.a.name, Self::zeros(self.a.dims))
    }

    /// The buffer's offsets and extents, and its allocation.
    fn buffer(&self, bounds: &[DimBound]) -> String {
        self.extents(bounds) + &self.alloc()
    }

    /// The buffer's offset and extent per dimension, as constants.
    fn extents(&self, bounds: &[DimBound]) -> String {
        let n = &self.n;
        let mut text = String::new();
        for (k, b) in bounds.iter().enumerate() {
            let k = k + 1;
            let (lower, count) = if self.keep_rows && k >= 2 {
                ("0L".to_string(), self.host_extent(k))
            } else {
                (b.lower.clone(), b.count.clone())
            };
            let _ = writeln!(
                text,
                "const long {} = {lower}, {} = {count};",
                n.offset(k),
                n.len(k)
            );
        }
        text
    }

    /// The buffer's allocation (poisoned by the runtime).
    fn alloc(&self) -> String {
        let n = &self.n;
        let mut text = String::new();
        let dims = self.a.dims;
        let rows: String = (2..=dims).map(|k| format!("[{}]", n.len(k))).collect();
        let total: Vec<String> = (1..=dims).map(|k| n.len(k)).collect();
        let element = self.element();
        let _ = writeln!(
            text,
            "__typeof__({element}) (*{dev}){rows} = ferry_alloc(sizeof({element}), {}, {});",
            total.join(" * "),
            self.a.poison.c_name(),
            dev = n.device,
        );
        text
    }

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::In => "in",
            Side::Out => "out",
        }
    }

    /// The first index and count of a copied box named `name`, per
    /// dimension, as constants.
    fn named_bounds(&self, name: &str, bounds: &[DimBound]) -> String {
        let n = &self.n;
        let mut text = String::new();
        for (k, d) in bounds.iter().enumerate() {
            let _ = writeln!(
                text,
                "const long {} = {}, {} = {};",
                n.bound(name, "lo", k + 1),
                d.lower,
                n.bound(name, "n", k + 1),
                d.count
            );
        }
        text
    }

    /// The runtime's call that copies the box whose bounds are named
    /// after `name` ([`Self::named_bounds`]), counted under `kind` (the
    /// hull's call names no plan).
    fn box_call(&self, side: Side, name: &str, kind: Kind) -> String {
        let n = &self.n;
        let (function, plan) = match (side, kind) {
            (Side::In, Kind::Hull) => ("ferry_copy_to_accel", String::new()),
            (Side::Out, Kind::Hull) => ("ferry_copy_from_accel", String::new()),
            (Side::In, _) => ("ferry_copy_box_to_accel", format!("{}, ", kind.c_name())),
            (Side::Out, _) => ("ferry_copy_box_from_accel", format!("{}, ", kind.c_name())),
        };
        let mut text = String::new();
        let dims = self.a.dims;
        let list = |items: Vec<String>| format!("(const long[]){{{}}}", items.join(", "));
        let host_dims = list(
            (1..=dims)
                .map(|k| {
                    if k == 1 {
                        "0L".to_string()
                    } else {
                        self.host_extent(k)
                    }
                })
                .collect(),
        );
        let device_dims = list((1..=dims).map(|k| n.len(k)).collect());
        let lo = |k: usize| n.bound(name, "lo", k);
        let host_offsets = list((1..=dims).map(lo).collect());
        let device_offsets = list(
            (1..=dims)
                .map(|k| format!("{} - {}", lo(k), n.offset(k)))
                .collect(),
        );
        let counts = list((1..=dims).map(|k| n.bound(name, "n", k)).collect());
        let shape = format!(
            "{dims}, {host_dims}, {host_offsets}, {device_dims}, {device_offsets}, {counts}"
        );
        let (host, dev, element) = (&self.a.name, &n.device, self.element());
        let _ = match side {
            Side::In => writeln!(
                text,
                "{function}({plan}(void *){dev}, {host}, sizeof({element}), {shape});"
            ),
            Side::Out => writeln!(
                text,
                "{function}({plan}(void *){host}, {dev}, sizeof({element}), {shape});"
            ),
        };
        text
    }

    /// The name of the bounds of a plan's copy: the hull's are the
    /// side's own ("in", "out"), the others' carry the plan's name and
    /// the piece ("in_rects0").
    fn copy_name(side: Side, kind: Kind, piece: usize) -> String {
        match kind {
            Kind::Hull => Self::side_name(side).to_string(),
            Kind::Rects => format!("{}_rects{piece}", Self::side_name(side)),
            _ => format!("{}_{}", Self::side_name(side), kind.name()),
        }
    }

    /// What a plan's copy needs evaluated before the statement: the
    /// bounds of its boxes, the ends of its span, and, for a scan after
    /// the statement, the variables its loop bounds read.
    fn prepare(&self, side: Side, kind: Kind, shape: &Shape) -> String {
        match shape {
            Shape::Box(b) => self.named_bounds(&Self::copy_name(side, kind, 0), b),
            Shape::Boxes(boxes) => boxes
                .iter()
                .enumerate()
                .map(|(p, b)| self.named_bounds(&Self::copy_name(side, kind, p), b))
                .collect(),
            Shape::Span { first, last } => {
                let name = Self::copy_name(side, kind, 0);
                let mut text = String::new();
                for (k, (f, l)) in first.iter().zip(last).enumerate() {
                    let _ = writeln!(
                        text,
                        "const long {} = {f}, {} = {l};",
                        self.n.bound(&name, "first", k + 1),
                        self.n.bound(&name, "last", k + 1)
                    );
                }
                text
            }
            Shape::Runs(scan) => match side {
                Side::In => String::new(),
                Side::Out => {
                    let name = Self::copy_name(side, kind, 0);
                    scan.variables
                        .iter()
                        .map(|v| format!("const long {} = (long){v};\n", self.n.saved(&name, v)))
                        .collect()
                }
            },
        }
    }

    /// The copies of one plan's shape.
    fn copy_shape(&self, side: Side, kind: Kind, shape: &Shape) -> String {
        match shape {
            Shape::Box(_) => self.box_call(side, &Self::copy_name(side, kind, 0), kind),
            Shape::Boxes(boxes) => (0..boxes.len())
                .map(|p| self.box_call(side, &Self::copy_name(side, kind, p), kind))
                .collect(),
            Shape::Span { .. } => {
                let (first, last) = self.span_names(side, kind);
                let count = self.span_count(&first, &last);
                self.run_call(side, kind, &first, &count)
            }
            Shape::Runs(scan) => {
                let mut at: Vec<String> = (1..self.a.dims).map(coordinate).collect();
                at.push(RUN_LOWER.to_string());
                let body = scan.with_body(&self.run_call(side, kind, &at, RUN_COUNT));
                match side {
                    Side::In => format!("{{\n{body}}}\n"),
                    // The loop bounds read the variables' values before the
                    // statement, which may have changed them.
                    Side::Out => {
                        let name = Self::copy_name(side, kind, 0);
                        let saved: String = scan
                            .variables
                            .iter()
                            .map(|v| format!("const long {v} = {};\n", self.n.saved(&name, v)))
                            .collect();
                        format!("{{\n{saved}{body}}}\n")
                    }
                }
            }
        }
    }

    /// The runtime's call copying `count` elements from the element at
    /// subscripts `at` on, contiguous on both sides.
    fn run_call(&self, side: Side, kind: Kind, at: &[String], count: &str) -> String {
        let (host, dev, element) = (&self.a.name, &self.n.device, self.element());
        let host_at = self.host_linear(at);
        let dev_at = self.device_linear(at);
        let kind = kind.c_name();
        match side {
            Side::In => format!(
                "ferry_copy_run_to_accel({kind}, (void *){dev}, {host}, sizeof({element}), \
                 {dev_at}, {host_at}, {count});\n"
            ),
            Side::Out => format!(
                "ferry_copy_run_from_accel({kind}, (void *){host}, {dev}, sizeof({element}), \
                 {host_at}, {dev_at}, {count});\n"
            ),
        }
    }

    /// The row-major position of the element at subscripts `at` on the
    /// host, counted in elements from the array's start.
    fn host_linear(&self, at: &[String]) -> String {
        let mut text = at[0].clone();
        for (k, s) in at.iter().enumerate().skip(1) {
            text = format!("({text}) * {} + {s}", self.host_extent(k + 1));
        }
        text
    }

    /// The names of a span's first and last subscripts ([`Self::prepare`]).
    fn span_names(&self, side: Side, kind: Kind) -> (Vec<String>, Vec<String>) {
        let name = Self::copy_name(side, kind, 0);
        let end = |what: &str| {
            (1..=self.a.dims)
                .map(|k| self.n.bound(&name, what, k))
                .collect()
        };
        (end("first"), end("last"))
    }

    /// The elements from `first` to `last` in row-major order.
    fn span_count(&self, first: &[String], last: &[String]) -> String {
        format!(
            "{} - ({}) + 1",
            self.host_linear(last),
            self.host_linear(first)
        )
    }

    /// The same element's position in the device buffer.
    fn device_linear(&self, at: &[String]) -> String {
        let n = &self.n;
        let mut text = format!("{} - {}", at[0], n.offset(1));
        for (k, s) in at.iter().enumerate().skip(1) {
            text = format!("({text}) * {} + ({s} - {})", n.len(k + 1), n.offset(k + 1));
        }
        text
    }

    /// The time a shape's copies take under the model, as statements
    /// adding to `total`.
    fn shape_time(&self, side: Side, kind: Kind, shape: &Shape, total: &str) -> String {
        let (model, element) = (self.n.model(), self.element());
        let time = |elements: &str| {
            format!("{total} += ferry_copy_time(&{model}, sizeof({element}), {elements});\n")
        };
        let counts = |name: &str| {
            let counts: Vec<String> = (1..=self.a.dims)
                .map(|k| self.n.bound(name, "n", k))
                .collect();
            format!(
                "ferry_box_elements({}, (const long[]){{{}}})",
                self.a.dims,
                counts.join(", ")
            )
        };
        match shape {
            Shape::Box(_) => time(&counts(&Self::copy_name(side, kind, 0))),
            Shape::Boxes(boxes) => (0..boxes.len())
                .map(|p| time(&counts(&Self::copy_name(side, kind, p))))
                .collect(),
            Shape::Span { .. } => {
                let (first, last) = self.span_names(side, kind);
                time(&self.span_count(&first, &last))
            }
            // Before the statement: the variables have their values.
            Shape::Runs(scan) => format!("{{\n{}}}\n", scan.with_body(&time(RUN_COUNT))),
        }
    }

    /// With several plans: the code that picks the cheapest under `cost`,
    /// before the statement (ties go to the first, the hull).
    fn choose(&self, cost: &CostModel) -> String {
        let candidates: Vec<Vec<(Side, Kind, &Shape)>> = self
            .a
            .copies
            .iter()
            .map(|c| {
                [(Side::In, &c.load), (Side::Out, &c.store)]
                    .into_iter()
                    .filter_map(|(side, shape)| Some((side, c.kind, shape.as_ref()?)))
                    .collect()
            })
            .collect();
        self.choose_among(&candidates, cost)
    }

    /// The code that sets `{device}_plan` to the cheapest of `candidates`
    /// under `cost` (each a plan's copies, their times added up), the
    /// first on ties; nothing when there is no choice.
    fn choose_among(&self, candidates: &[Vec<(Side, Kind, &Shape)>], cost: &CostModel) -> String {
        if candidates.len() < 2 {
            return String::new();
        }
        let (plan, best, model) = (self.n.plan(), self.n.cost(), self.n.model());
        let mut text = format!(
            "const struct ferry_cost_model {model} = {};\nint {plan} = 0;\ndouble {best} = 0;\n",
            cost.c_initializer()
        );
        for (j, copies) in candidates.iter().enumerate() {
            let total = format!("{}_time{j}", self.n.device);
            let _ = writeln!(text, "{{\ndouble {total} = 0;");
            for &(side, kind, shape) in copies {
                text.push_str(&self.shape_time(side, kind, shape, &total));
            }
            if j == 0 {
                let _ = writeln!(text, "{best} = {total};");
            } else {
                let _ = writeln!(
                    text,
                    "if ({total} < {best}) {{\n{best} = {total};\n{plan} = {j};\n}}"
                );
            }
            text.push_str("}\n");
        }
        text
    }

    /// The copies of one side, under the plan chosen when there are
    /// several.
    fn dispatch(&self, side: Side) -> String {
        let shapes: Vec<(Kind, Option<&Shape>)> = self
            .a
            .copies
            .iter()
            .map(|c| {
                let shape = match side {
                    Side::In => c.load.as_ref(),
                    Side::Out => c.store.as_ref(),
                };
                (c.kind, shape)
            })
            .collect();
        self.dispatch_among(side, &shapes)
    }

    /// The copies of the plan [`Self::choose_among`] chose among `shapes`
    /// (in the same order; `None`: that plan copies nothing on this side).
    fn dispatch_among(&self, side: Side, shapes: &[(Kind, Option<&Shape>)]) -> String {
        if let [(kind, shape)] = shapes {
            return shape.map_or_else(String::new, |s| self.copy_shape(side, *kind, s));
        }
        let mut text = String::new();
        for (j, (kind, shape)) in shapes.iter().enumerate() {
            let Some(shape) = shape else { continue };
            let keyword = if text.is_empty() { "if" } else { "else if" };
            let _ = write!(
                text,
                "{keyword} ({} == {j}) {{\n{}}}\n",
                self.n.plan(),
                self.copy_shape(side, *kind, shape)
            );
        }
        text
    }

    /// A copy placed by `reuse` or `share`: the bounds of its plans, then
    /// the copies of the cheapest under `cost` when it has several (in a
    /// block of their own then: the choice's names are the array's, not
    /// the side's). Made where it stands, so its bounds are evaluated
    /// there (the placing passes made sure the variables they read have
    /// the values the sets assume).
    fn placed(&self, side: Side, copy: &PlacedCopy, cost: &CostModel) -> String {
        let mut text = String::new();
        for (kind, shape) in &copy.options {
            text.push_str(&self.prepare(side, *kind, shape));
        }
        let candidates: Vec<Vec<(Side, Kind, &Shape)>> = copy
            .options
            .iter()
            .map(|(kind, shape)| vec![(side, *kind, shape)])
            .collect();
        text.push_str(&self.choose_among(&candidates, cost));
        let shapes: Vec<(Kind, Option<&Shape>)> = copy
            .options
            .iter()
            .map(|(kind, shape)| (*kind, Some(shape)))
            .collect();
        text.push_str(&self.dispatch_among(side, &shapes));
        if copy.options.len() > 1 {
            format!("{{\n{text}}}\n")
        } else {
            text
        }
    }

    /// [`Self::placed`] in a block of its own, so that several copies of
    /// one array may follow each other.
    fn scoped_placed(&self, side: Side, copy: &PlacedCopy, cost: &CostModel) -> String {
        let text = self.placed(side, copy, cost);
        if copy.options.len() > 1 {
            text
        } else {
            format!("{{\n{text}}}\n")
        }
    }

    fn release(&self) -> String {
        format!("ferry_free({});\n", self.n.device)
    }
}
