//! The isolated statement as C: the device copies, the transfers into them,
//! the rewritten statement, the transfers back, the release of the
//! buffers. Generated as text over the runtime's API (`ferry_rte.h`) and
//! parsed back into the tree around the rewritten statement.
//!
//! Every box bound is evaluated before the statement runs: the regions are
//! in terms of the variables' values then, and the statement may change
//! them (footnote 2 of the paper).

use crate::bounds::DimBound;
use crate::reuse::LoopReuse;
use crate::share::MemberCopies;
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

/// An array whose buffer the statement shares with others of its sequence
/// (`share`): the buffer is theirs, the statement makes only its copies.
pub struct SharedCopies<'a> {
    /// The shared buffer, described as a transfer without boxes.
    pub array: ArrayTransfer,
    pub copies: &'a MemberCopies,
    /// The statement is the buffer's last user: it frees it.
    pub release: bool,
}

/// Builds the isolated statement around `rewritten`.
pub fn isolated_block(
    plan: &Plan,
    names: &dyn Fn(&str) -> DeviceNames,
    full_rows: &HashSet<Symbol>,
    rewritten: Stmt,
    exit: &Exit,
    shared: &[SharedCopies],
) -> Result<Block, Diagnostic> {
    let mut pre = String::new();
    let mut post = String::new();
    let mut release = String::new();
    let is_shared = |a: &ArrayTransfer| shared.iter().any(|s| s.array.var == a.var);
    for s in shared {
        let code = ArrayCode::new(&s.array, names(&s.array.name), full_rows);
        for b in &s.copies.stores_before {
            pre.push_str(&code.scoped_copy(Side::Out, b));
        }
        for b in &s.copies.loads {
            pre.push_str(&code.scoped_copy(Side::In, b));
        }
        for b in &s.copies.stores_after {
            post.push_str(&code.scoped_copy(Side::Out, b));
        }
        if s.release {
            release.push_str(&code.release());
        }
    }
    for a in plan.arrays.iter().filter(|a| !is_shared(a)) {
        let code = ArrayCode::new(a, names(&a.name), full_rows);
        // Every bound is evaluated before the statement, which may change
        // the variables they are written in.
        pre.push_str(&code.extents(&a.buffer));
        if let Some(load) = &a.load {
            pre.push_str(&code.bounds(Side::In, load));
        }
        if let Some(store) = &a.store {
            pre.push_str(&code.bounds(Side::Out, store));
            post.push_str(&code.call(Side::Out));
        }
        pre.push_str(&code.alloc());
        if a.load.is_some() {
            pre.push_str(&code.call(Side::In));
        }
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
) -> Result<Block, Diagnostic> {
    let (scalars_in, scalars_out) = scalar_code(plan, names);
    let mut loads = Split::default();
    let mut stores = Split::default();
    for (a, l) in plan.arrays.iter().zip(&reuse.arrays) {
        let code = ArrayCode::new(a, names(&a.name), full_rows);
        loads.add(&code, Side::In, &l.load_first, &l.load_rest);
        stores.add(&code, Side::Out, &l.store_last, &l.store_rest);
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
        special: &Option<Vec<DimBound>>,
        others: &Option<Vec<DimBound>>,
    ) {
        let copy =
            |b: &Option<Vec<DimBound>>| b.as_ref().map(|b| code.copy(side, b)).unwrap_or_default();
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

    /// [`Self::copy`] in a block of its own, so that several copies of one
    /// array may follow each other.
    fn scoped_copy(&self, side: Side, bounds: &[DimBound]) -> String {
        format!("{{\n{}}}\n", self.copy(side, bounds))
    }

    /// One box copied to the device (`Side::In`) or back: its bounds, then
    /// the runtime's call.
    fn copy(&self, side: Side, bounds: &[DimBound]) -> String {
        self.bounds(side, bounds) + &self.call(side)
    }

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::In => "in",
            Side::Out => "out",
        }
    }

    /// The first index and count of a copied box, per dimension, as
    /// constants.
    fn bounds(&self, side: Side, bounds: &[DimBound]) -> String {
        let n = &self.n;
        let name = Self::side_name(side);
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

    /// The runtime's call that copies the box [`Self::bounds`] declared.
    fn call(&self, side: Side) -> String {
        let n = &self.n;
        let name = Self::side_name(side);
        let function = match side {
            Side::In => "ferry_copy_to_accel",
            Side::Out => "ferry_copy_from_accel",
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
                "{function}((void *){dev}, {host}, sizeof({element}), {shape});"
            ),
            Side::Out => writeln!(
                text,
                "{function}((void *){host}, {dev}, sizeof({element}), {shape});"
            ),
        };
        text
    }

    fn release(&self) -> String {
        format!("ferry_free({});\n", self.n.device)
    }
}
