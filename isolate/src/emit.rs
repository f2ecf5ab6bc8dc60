//! The isolated statement as C: the device copies, the transfers into them,
//! the rewritten statement, the transfers back, the release of the
//! buffers. Built as a tree of calls to the runtime's API (`ferry_rte.h`)
//! around the rewritten statement (`ferry_parser::build`).
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
use ferry_parser::Diagnostic;
use ferry_parser::ast::{
    AssignOp, BinaryOp, Block, BlockItem, BuiltinType, DeclSpecifier, Declaration, Expr, Stmt,
    StmtId, StmtKind, StorageClass,
};
use ferry_parser::build::{self, name};
use ferry_parser::intern::Symbol;
use std::collections::HashSet;

/// Statements and declarations, in order.
type Items = Vec<BlockItem>;

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
    /// For a flat pointer seen with `dims` dimensions, whose buffer holds
    /// whole host rows: the flat index of the buffer's first element, the
    /// first row it holds times the length of a row.
    pub fn rows_offset(&self, dims: usize) -> Expr {
        crate::outline::product(
            std::iter::once(self.offset(1))
                .chain((2..=dims).map(|k| self.len(k)))
                .map(|n| name(&n)),
        )
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
/// (`int ferry_result;`) and name, and the label the returns go to.
pub struct Exit {
    pub result: Option<(Declaration, String)>,
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
    let mut pre = Items::new();
    let mut post = Items::new();
    let mut release = Items::new();
    let is_shared = |a: &ArrayTransfer| shared.iter().any(|s| s.array.var == a.var);
    for s in shared {
        let code = ArrayCode::new(&s.array, names(&s.array.name), full_rows);
        for c in &s.copies.stores_before {
            pre.extend(code.scoped_placed(Side::Out, c, cost));
        }
        for c in &s.copies.loads {
            pre.extend(code.scoped_placed(Side::In, c, cost));
        }
        for c in &s.copies.stores_after {
            post.extend(code.scoped_placed(Side::Out, c, cost));
        }
        if s.release {
            release.push(code.release());
        }
    }
    for a in plan.arrays.iter().filter(|a| !is_shared(a)) {
        let code = ArrayCode::new(a, names(&a.name), full_rows);
        // Every bound is evaluated before the statement, which may change
        // the variables they are written in; so is the choice of a plan.
        pre.extend(code.extents(&a.buffer));
        for c in &a.copies {
            for (side, shape) in [(Side::In, &c.load), (Side::Out, &c.store)] {
                if let Some(shape) = shape {
                    pre.extend(code.prepare(side, c.kind, shape));
                }
            }
        }
        pre.extend(code.choose(cost));
        pre.push(code.alloc());
        pre.extend(code.dispatch(Side::In));
        post.extend(code.dispatch(Side::Out));
        release.push(code.release());
    }
    let (scalars_in, scalars_out) = scalar_code(plan, names);
    pre.extend(scalars_in);
    post.extend(scalars_out);
    if let Some((declaration, _)) = &exit.result {
        pre.push(BlockItem::Declaration(declaration.clone()));
    }
    let mut items = pre;
    items.push(rewritten.into());
    if let Some(label) = &exit.label {
        items.push(build::label(Symbol::intern(label)).into());
    }
    items.extend(post);
    items.extend(release);
    if let Some((_, result)) = &exit.result {
        items.push(build::return_(Some(name(result))).into());
    }
    Ok(build::block(items))
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
    let mut items = Items::new();
    let mut release = Items::new();
    for (a, l) in plan.arrays.iter().zip(&reuse.arrays) {
        let code = ArrayCode::new(a, names(&a.name), full_rows);
        items.extend(code.buffer(&l.buffer));
        release.push(code.release());
    }
    items.push(the_loop.into());
    items.extend(release);
    Ok(build::block(items))
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
    let mut before = Items::new();
    let mut release = Items::new();
    // Per flag, in the order first met: the users' loop, loads, stores.
    let mut flags: Vec<(&str, StmtId, Items, Items)> = Vec::new();
    for a in arrays {
        let code = ArrayCode::new(&a.array, a.names.clone(), a.full_rows);
        before.extend(code.buffer(&a.array.buffer));
        release.push(code.release());
        let at = match flags.iter().position(|(ran, ..)| *ran == a.ran) {
            Some(at) => at,
            None => {
                flags.push((&a.ran, a.copies.first, Items::new(), Items::new()));
                flags.len() - 1
            }
        };
        let (_, _, loads, stores) = &mut flags[at];
        for c in &a.copies.loads {
            loads.extend(code.scoped_placed(Side::In, c, cost));
        }
        for c in &a.copies.stores {
            stores.extend(code.scoped_placed(Side::Out, c, cost));
        }
    }
    let mut after = Items::new();
    for (ran, first, loads, stores) in flags {
        let flag = Symbol::intern(ran);
        before.push(build::variable(
            vec![build::builtin(BuiltinType::Int)],
            flag,
            Some(build::int(0)),
        ));
        let Some(body) = loop_body(&mut the_loop, first) else {
            return Err(Diagnostic::error(
                "internal error: the loop of statements sharing buffers is not in the tree",
            ));
        };
        let original = std::mem::replace(body, build::stmt(StmtKind::Empty));
        let span = original.span;
        let mut first_time = vec![build::expr_item(build::assign(
            build::ident(flag),
            build::int(1),
        ))];
        first_time.extend(loads);
        let items = vec![
            build::if_else(build::not(build::ident(flag)), first_time, None).into(),
            original.into(),
        ];
        *body = Stmt {
            span,
            ..build::compound(items)
        };
        if !stores.is_empty() {
            after.push(build::if_else(build::ident(flag), stores, None).into());
        }
    }
    let mut items = before;
    items.push(the_loop.into());
    items.extend(after);
    items.extend(release);
    Ok(build::block(items))
}

/// The body of the loop `id` in `s` (a loop another block already wraps
/// is inside that block).
fn loop_body(s: &mut Stmt, id: StmtId) -> Option<&mut Stmt> {
    let is_loop = matches!(
        s.kind,
        StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. }
    );
    if is_loop && s.id == id {
        return match &mut s.kind {
            StmtKind::For { body, .. }
            | StmtKind::While { body, .. }
            | StmtKind::DoWhile { body, .. } => Some(body),
            _ => None,
        };
    }
    s.sub_statements_mut()
        .into_iter()
        .find_map(|inner| loop_body(inner, id))
}

/// The buffer of an array shared by several statements of a sequence, as
/// block items to put before the first of them.
pub fn shared_buffer(
    array: &ArrayTransfer,
    names: &DeviceNames,
    full_rows: &HashSet<Symbol>,
) -> Result<Vec<BlockItem>, Diagnostic> {
    let code = ArrayCode::new(array, names.clone(), full_rows);
    Ok(code.buffer(&array.buffer))
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
    let at = |value: &Expr| build::eq(name(&reuse.index), value.clone());
    let mut items = scalars_in;
    items.extend(loads.code(at(&reuse.first)));
    items.push(rewritten.into());
    items.extend(stores.code(at(&reuse.last)));
    items.extend(scalars_out);
    Ok(build::block(items))
}

/// Transfers that differ in one iteration (`special`) from the others.
#[derive(Default)]
struct Split {
    always: Items,
    special: Items,
    others: Items,
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
            self.always.extend(copy(special));
        } else {
            self.special.extend(copy(special));
            self.others.extend(copy(others));
        }
    }

    fn code(self, condition: Expr) -> Items {
        let mut items = self.always;
        match (self.special.is_empty(), self.others.is_empty()) {
            (true, true) => {}
            (false, true) => items.push(build::if_else(condition, self.special, None).into()),
            (true, false) => {
                items.push(build::if_else(build::not(condition), self.others, None).into())
            }
            (false, false) => {
                items.push(build::if_else(condition, self.special, Some(self.others)).into())
            }
        }
        items
    }
}

/// The scalars' device copies and loads, and their stores; a scalar passed
/// by value is a local initialised from the host's.
fn scalar_code(plan: &Plan, names: &dyn Fn(&str) -> DeviceNames) -> (Items, Items) {
    let mut pre = Items::new();
    let mut post = Items::new();
    for s in &plan.scalars {
        let n = names(&s.name);
        let (host, dev) = (name(&s.name), name(&n.device));
        // A struct or array copy may be megabytes (a global
        // `struct { float x[N], y[N]; }`): static storage keeps it off the
        // stack. The copy lives only while the statement runs, and an
        // isolated statement never calls host code, so nothing re-enters
        // it meanwhile. A static copy cannot be initialised from a
        // variable: it is written after its declaration, and so is
        // declared without the host's qualifiers (a `static const struct`
        // global read by the statement is common in generated code).
        let mut specifiers = match s.aggregate && !s.is_c_array {
            true => vec![build::unqualified_typeof(host.clone())],
            false => vec![build::typeof_(host.clone())],
        };
        if s.aggregate {
            specifiers.insert(0, DeclSpecifier::Storage(StorageClass::Static));
        }
        let initial = (s.by_value() && !s.aggregate).then(|| host.clone());
        pre.push(build::variable(
            specifiers,
            Symbol::intern(&n.device),
            initial,
        ));
        if s.by_value() {
            // Copied byte for byte: a structure with a `const` member
            // cannot be assigned.
            if s.aggregate {
                pre.push(build::expr_item(build::call(
                    "__builtin_memcpy",
                    vec![
                        build::cast_void_pointer(build::addr_of(dev.clone())),
                        build::addr_of(host.clone()),
                        build::sizeof(dev.clone()),
                    ],
                )));
            }
            continue;
        }
        pre.push(build::expr_item(build::call(
            "ferry_poison",
            vec![
                build::cast_void_pointer(build::addr_of(dev.clone())),
                build::sizeof(dev.clone()),
                name(s.poison.c_name()),
            ],
        )));
        if s.load {
            pre.push(build::expr_item(build::call(
                "ferry_scalar_to_accel",
                vec![
                    build::cast_void_pointer(build::addr_of(dev.clone())),
                    build::addr_of(host.clone()),
                    build::sizeof(host.clone()),
                ],
            )));
        }
        if let Some(array) = &s.walk_back {
            // `p = a + (p_accel - (a_accel - a_accel_off1))`.
            let distance = build::paren(build::sub(dev.clone(), element_zero(plan, names, array)));
            post.push(build::expr_item(build::assign(
                host.clone(),
                build::binary(BinaryOp::Add, name(array), distance),
            )));
        }
        if s.store {
            post.push(build::expr_item(build::call(
                "ferry_scalar_from_accel",
                vec![
                    build::cast_void_pointer(build::addr_of(host.clone())),
                    build::addr_of(dev),
                    build::sizeof(host),
                ],
            )));
        }
    }
    // A pointer into an isolated array from before the statement: the same
    // element of the copy, `(a_accel - a_accel_off1) + (p - a)`. (The
    // statement does not assign it: nothing comes back.)
    for w in &plan.walks {
        let start = element_zero(plan, names, &w.base);
        let distance = build::paren(build::sub(name(&w.name), name(&w.base)));
        pre.push(build::variable(
            vec![build::typeof_(name(&w.name))],
            Symbol::intern(&names(&w.name).device),
            Some(build::binary(BinaryOp::Add, start, distance)),
        ));
    }
    (pre, post)
}

/// Where the host array `array`'s element 0 would be in its device
/// buffer, which starts at the box's first element: `(a_accel -
/// a_accel_off1)`, or for a flat pointer seen with rows (whose buffer holds
/// whole host rows) `(a_accel - a_accel_off1 * a_accel_len2 * ...)`. A
/// pointer into the array is this plus its host distance from the array.
fn element_zero(plan: &Plan, names: &dyn Fn(&str) -> DeviceNames, array: &str) -> Expr {
    let buffer = names(array);
    let rows = plan
        .arrays
        .iter()
        .find(|a| a.name == array && a.view.is_some())
        .map_or(1, |a| a.dims);
    let offset = if rows > 1 {
        buffer.rows_offset(rows)
    } else {
        name(&buffer.offset(1))
    };
    build::paren(build::sub(name(&buffer.device), offset))
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

/// `const long name = value, ...;` for the names and values given.
fn constants(values: Vec<(String, Expr)>) -> BlockItem {
    build::const_longs(
        values
            .into_iter()
            .map(|(n, v)| (Symbol::intern(&n), v))
            .collect(),
    )
}

impl<'a> ArrayCode<'a> {
    fn new(a: &'a ArrayTransfer, n: DeviceNames, full_rows: &HashSet<Symbol>) -> Self {
        // A flat pointer seen with rows is subscripted flat on the device:
        // its buffer's rows must be the host's.
        let keep_rows = full_rows.contains(&Symbol::intern(&a.name)) || a.view.is_some();
        ArrayCode { a, n, keep_rows }
    }

    /// The host array subscripted by `[0]` k times.
    fn zeros(&self, k: usize) -> Expr {
        (0..k).fold(name(&self.a.name), |e, _| build::index(e, build::int(0)))
    }

    /// Extent of dimension k (from 1) of the host array, k >= 2.
    fn host_extent(&self, k: usize) -> Expr {
        if let Some(rows) = &self.a.view {
            return build::cast_long(name(&rows[k - 2]));
        }
        build::cast_long(build::binary(
            BinaryOp::Div,
            build::sizeof(self.zeros(k - 1)),
            build::sizeof(self.zeros(k)),
        ))
    }

    fn element(&self) -> Expr {
        match self.a.view {
            Some(_) => self.zeros(1),
            None => self.zeros(self.a.dims),
        }
    }

    fn element_size(&self) -> Expr {
        build::sizeof(self.element())
    }

    fn device(&self) -> Expr {
        name(&self.n.device)
    }

    /// The buffer's offsets and extents, and its allocation.
    fn buffer(&self, bounds: &[DimBound]) -> Items {
        let mut items = self.extents(bounds);
        items.push(self.alloc());
        items
    }

    /// The buffer's offset and extent per dimension, as constants.
    fn extents(&self, bounds: &[DimBound]) -> Items {
        let n = &self.n;
        bounds
            .iter()
            .enumerate()
            .map(|(k, b)| {
                let k = k + 1;
                let (lower, count) = if self.keep_rows && k >= 2 {
                    (build::long(0), self.host_extent(k))
                } else {
                    (b.lower.clone(), b.count.clone())
                };
                constants(vec![(n.offset(k), lower), (n.len(k), count)])
            })
            .collect()
    }

    /// The buffer's allocation (poisoned by the runtime):
    /// `__typeof__(a[0][0]) (*a_accel)[len2] = ferry_alloc(...)`.
    fn alloc(&self) -> BlockItem {
        let n = &self.n;
        let dims = self.a.dims;
        // A flat pointer's buffer is flat too (its subscripts stay flat).
        let rows = if self.a.view.is_some() { 1 } else { dims };
        let declarator = (2..=rows).fold(
            build::paren_declarator(build::pointer(build::declarator(Symbol::intern(&n.device)))),
            |d, k| build::array(d, Some(name(&n.len(k)))),
        );
        let total = (2..=dims).fold(name(&n.len(1)), |t, k| build::mul(t, name(&n.len(k))));
        let allocation = build::call(
            "ferry_alloc",
            vec![self.element_size(), total, name(self.a.poison.c_name())],
        );
        BlockItem::Declaration(build::declaration(
            vec![build::typeof_(self.element())],
            vec![(declarator, Some(allocation))],
        ))
    }

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::In => "in",
            Side::Out => "out",
        }
    }

    /// The first index and count of a copied box named `name`, per
    /// dimension, as constants.
    fn named_bounds(&self, name: &str, bounds: &[DimBound]) -> Items {
        let n = &self.n;
        bounds
            .iter()
            .enumerate()
            .map(|(k, d)| {
                constants(vec![
                    (n.bound(name, "lo", k + 1), d.lower.clone()),
                    (n.bound(name, "n", k + 1), d.count.clone()),
                ])
            })
            .collect()
    }

    /// The runtime's call that copies the box whose bounds are named
    /// after `name` ([`Self::named_bounds`]), counted under `kind` (the
    /// hull's call names no plan).
    fn box_call(&self, side: Side, bounds: &str, kind: Kind) -> BlockItem {
        let n = &self.n;
        let (function, plan) = match (side, kind) {
            (Side::In, Kind::Hull) => ("ferry_copy_to_accel", None),
            (Side::Out, Kind::Hull) => ("ferry_copy_from_accel", None),
            (Side::In, _) => ("ferry_copy_box_to_accel", Some(name(kind.c_name()))),
            (Side::Out, _) => ("ferry_copy_box_from_accel", Some(name(kind.c_name()))),
        };
        let dims = self.a.dims;
        let per_dim = |f: &dyn Fn(usize) -> Expr| build::long_list((1..=dims).map(f).collect());
        let lo = |k: usize| name(&n.bound(bounds, "lo", k));
        let host_dims = per_dim(&|k| {
            if k == 1 {
                build::long(0)
            } else {
                self.host_extent(k)
            }
        });
        let host_offsets = per_dim(&lo);
        let device_dims = per_dim(&|k| name(&n.len(k)));
        let device_offsets = per_dim(&|k| build::sub(lo(k), name(&n.offset(k))));
        let counts = per_dim(&|k| name(&n.bound(bounds, "n", k)));
        let (to, from) = match side {
            Side::In => (self.device(), name(&self.a.name)),
            Side::Out => (name(&self.a.name), self.device()),
        };
        let mut args: Vec<Expr> = plan.into_iter().collect();
        args.extend([
            build::cast_void_pointer(to),
            from,
            self.element_size(),
            build::int(dims as i64),
            host_dims,
            host_offsets,
            device_dims,
            device_offsets,
            counts,
        ]);
        build::expr_item(build::call(function, args))
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
    fn prepare(&self, side: Side, kind: Kind, shape: &Shape) -> Items {
        match shape {
            Shape::Box(b) => self.named_bounds(&Self::copy_name(side, kind, 0), b),
            Shape::Boxes(boxes) => boxes
                .iter()
                .enumerate()
                .flat_map(|(p, b)| self.named_bounds(&Self::copy_name(side, kind, p), b))
                .collect(),
            Shape::Span { first, last } => {
                let bounds = Self::copy_name(side, kind, 0);
                first
                    .iter()
                    .zip(last)
                    .enumerate()
                    .map(|(k, (f, l))| {
                        constants(vec![
                            (self.n.bound(&bounds, "first", k + 1), f.clone()),
                            (self.n.bound(&bounds, "last", k + 1), l.clone()),
                        ])
                    })
                    .collect()
            }
            Shape::Runs(scan) => match side {
                Side::In => Items::new(),
                Side::Out => {
                    let bounds = Self::copy_name(side, kind, 0);
                    scan.variables
                        .iter()
                        .map(|v| {
                            constants(vec![(self.n.saved(&bounds, v), build::cast_long(name(v)))])
                        })
                        .collect()
                }
            },
        }
    }

    /// The copies of one plan's shape.
    fn copy_shape(&self, side: Side, kind: Kind, shape: &Shape) -> Items {
        match shape {
            Shape::Box(_) => vec![self.box_call(side, &Self::copy_name(side, kind, 0), kind)],
            Shape::Boxes(boxes) => (0..boxes.len())
                .map(|p| self.box_call(side, &Self::copy_name(side, kind, p), kind))
                .collect(),
            Shape::Span { .. } => {
                let (first, last) = self.span_names(side, kind);
                let count = self.span_count(&first, &last);
                vec![self.run_call(side, kind, &first, count)]
            }
            Shape::Runs(scan) => {
                let mut at: Vec<Expr> = (1..self.a.dims).map(|k| name(&coordinate(k))).collect();
                at.push(name(RUN_LOWER));
                let run = [self.run_call(side, kind, &at, name(RUN_COUNT))];
                let mut items = match side {
                    Side::In => Items::new(),
                    // The loop bounds read the variables' values before the
                    // statement, which may have changed them.
                    Side::Out => {
                        let bounds = Self::copy_name(side, kind, 0);
                        scan.variables
                            .iter()
                            .map(|v| constants(vec![(v.clone(), name(&self.n.saved(&bounds, v)))]))
                            .collect()
                    }
                };
                items.extend(scan.with_body(&run));
                vec![build::compound(items).into()]
            }
        }
    }

    /// The runtime's call copying `count` elements from the element at
    /// subscripts `at` on, contiguous on both sides.
    fn run_call(&self, side: Side, kind: Kind, at: &[Expr], count: Expr) -> BlockItem {
        let host = name(&self.a.name);
        let host_at = self.host_linear(at);
        let device_at = self.device_linear(at);
        let kind = name(kind.c_name());
        let call = match side {
            Side::In => build::call(
                "ferry_copy_run_to_accel",
                vec![
                    kind,
                    build::cast_void_pointer(self.device()),
                    host,
                    self.element_size(),
                    device_at,
                    host_at,
                    count,
                ],
            ),
            Side::Out => build::call(
                "ferry_copy_run_from_accel",
                vec![
                    kind,
                    build::cast_void_pointer(host),
                    self.device(),
                    self.element_size(),
                    host_at,
                    device_at,
                    count,
                ],
            ),
        };
        build::expr_item(call)
    }

    /// The row-major position of the element at subscripts `at` on the
    /// host, counted in elements from the array's start.
    fn host_linear(&self, at: &[Expr]) -> Expr {
        at.iter()
            .enumerate()
            .skip(1)
            .fold(at[0].clone(), |e, (k, s)| {
                build::add(build::mul(e, self.host_extent(k + 1)), s.clone())
            })
    }

    /// The names of a span's first and last subscripts ([`Self::prepare`]).
    fn span_names(&self, side: Side, kind: Kind) -> (Vec<Expr>, Vec<Expr>) {
        let bounds = Self::copy_name(side, kind, 0);
        let end = |what: &str| {
            (1..=self.a.dims)
                .map(|k| name(&self.n.bound(&bounds, what, k)))
                .collect()
        };
        (end("first"), end("last"))
    }

    /// The elements from `first` to `last` in row-major order.
    fn span_count(&self, first: &[Expr], last: &[Expr]) -> Expr {
        build::add(
            build::sub(self.host_linear(last), self.host_linear(first)),
            build::int(1),
        )
    }

    /// The same element's position in the device buffer.
    fn device_linear(&self, at: &[Expr]) -> Expr {
        let n = &self.n;
        let from = |k: usize| build::sub(at[k].clone(), name(&n.offset(k + 1)));
        (1..at.len()).fold(from(0), |e, k| {
            build::add(build::mul(e, name(&n.len(k + 1))), from(k))
        })
    }

    /// The time a shape's copies take under the model, as statements
    /// adding to `total`.
    fn shape_time(&self, side: Side, kind: Kind, shape: &Shape, total: Symbol) -> Items {
        let time = |elements: Expr| {
            build::expr_item(build::assign_op(
                AssignOp::Add,
                build::ident(total),
                build::call(
                    "ferry_copy_time",
                    vec![
                        build::addr_of(name(&self.n.model())),
                        self.element_size(),
                        elements,
                    ],
                ),
            ))
        };
        let counts = |bounds: &str| {
            let counts = (1..=self.a.dims)
                .map(|k| name(&self.n.bound(bounds, "n", k)))
                .collect();
            build::call(
                "ferry_box_elements",
                vec![build::int(self.a.dims as i64), build::long_list(counts)],
            )
        };
        match shape {
            Shape::Box(_) => vec![time(counts(&Self::copy_name(side, kind, 0)))],
            Shape::Boxes(boxes) => (0..boxes.len())
                .map(|p| time(counts(&Self::copy_name(side, kind, p))))
                .collect(),
            Shape::Span { .. } => {
                let (first, last) = self.span_names(side, kind);
                vec![time(self.span_count(&first, &last))]
            }
            // Before the statement: the variables have their values.
            Shape::Runs(scan) => {
                vec![build::compound(scan.with_body(&[time(name(RUN_COUNT))])).into()]
            }
        }
    }

    /// With several plans: the code that picks the cheapest under `cost`,
    /// before the statement (ties go to the first, the hull).
    fn choose(&self, cost: &CostModel) -> Items {
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
    fn choose_among(&self, candidates: &[Vec<(Side, Kind, &Shape)>], cost: &CostModel) -> Items {
        if candidates.len() < 2 {
            return Items::new();
        }
        let (plan, best) = (
            Symbol::intern(&self.n.plan()),
            Symbol::intern(&self.n.cost()),
        );
        let [latency, bytes_per_us] = cost.c_fields();
        let mut items = vec![
            build::with_initializer_list(
                vec![build::const_(), build::struct_named("ferry_cost_model")],
                Symbol::intern(&self.n.model()),
                vec![build::double(latency), build::double(bytes_per_us)],
            ),
            build::variable(
                vec![build::builtin(BuiltinType::Int)],
                plan,
                Some(build::int(0)),
            ),
            build::variable(
                vec![build::builtin(BuiltinType::Double)],
                best,
                Some(build::int(0)),
            ),
        ];
        for (j, copies) in candidates.iter().enumerate() {
            let total = Symbol::intern(&format!("{}_time{j}", self.n.device));
            let mut block = vec![build::variable(
                vec![build::builtin(BuiltinType::Double)],
                total,
                Some(build::int(0)),
            )];
            for &(side, kind, shape) in copies {
                block.extend(self.shape_time(side, kind, shape, total));
            }
            let keep = build::expr_item(build::assign(build::ident(best), build::ident(total)));
            if j == 0 {
                block.push(keep);
            } else {
                let cheaper = build::binary(BinaryOp::Lt, build::ident(total), build::ident(best));
                let choose =
                    build::expr_item(build::assign(build::ident(plan), build::int(j as i64)));
                block.push(build::if_else(cheaper, vec![keep, choose], None).into());
            }
            items.push(build::compound(block).into());
        }
        items
    }

    /// The copies of one side, under the plan chosen when there are
    /// several.
    fn dispatch(&self, side: Side) -> Items {
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
    /// (in the same order; `None`: that plan copies nothing on this side):
    /// `if (plan == 0) {...} else if (plan == 2) {...}`.
    fn dispatch_among(&self, side: Side, shapes: &[(Kind, Option<&Shape>)]) -> Items {
        if let [(kind, shape)] = shapes {
            return shape.map_or_else(Items::new, |s| self.copy_shape(side, *kind, s));
        }
        let plan = name(&self.n.plan());
        let cases: Vec<(Expr, Items)> = shapes
            .iter()
            .enumerate()
            .filter_map(|(j, (kind, shape))| {
                let copies = self.copy_shape(side, *kind, (*shape)?);
                Some((build::eq(plan.clone(), build::int(j as i64)), copies))
            })
            .collect();
        let chain = cases
            .into_iter()
            .rev()
            .fold(None, |otherwise, (test, copies)| {
                Some(match otherwise {
                    None => build::if_else(test, copies, None),
                    Some(otherwise) => build::if_else_if(test, copies, otherwise),
                })
            });
        chain.into_iter().map(BlockItem::from).collect()
    }

    /// A copy placed by `reuse` or `share`: the bounds of its plans, then
    /// the copies of the cheapest under `cost` when it has several (in a
    /// block of their own then: the choice's names are the array's, not
    /// the side's). Made where it stands, so its bounds are evaluated
    /// there (the placing passes made sure the variables they read have
    /// the values the sets assume).
    fn placed(&self, side: Side, copy: &PlacedCopy, cost: &CostModel) -> Items {
        let mut items = Items::new();
        for (kind, shape) in &copy.options {
            items.extend(self.prepare(side, *kind, shape));
        }
        let candidates: Vec<Vec<(Side, Kind, &Shape)>> = copy
            .options
            .iter()
            .map(|(kind, shape)| vec![(side, *kind, shape)])
            .collect();
        items.extend(self.choose_among(&candidates, cost));
        let shapes: Vec<(Kind, Option<&Shape>)> = copy
            .options
            .iter()
            .map(|(kind, shape)| (*kind, Some(shape)))
            .collect();
        items.extend(self.dispatch_among(side, &shapes));
        if copy.options.len() > 1 {
            vec![build::compound(items).into()]
        } else {
            items
        }
    }

    /// [`Self::placed`] in a block of its own, so that several copies of
    /// one array may follow each other.
    fn scoped_placed(&self, side: Side, copy: &PlacedCopy, cost: &CostModel) -> Items {
        let items = self.placed(side, copy, cost);
        if copy.options.len() > 1 {
            items
        } else {
            vec![build::compound(items).into()]
        }
    }

    fn release(&self) -> BlockItem {
        build::expr_item(build::call("ferry_free", vec![self.device()]))
    }
}
