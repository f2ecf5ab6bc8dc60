//! The regions of one expression: every element it reads and writes,
//! including those of the functions it calls.
//!
//! An lvalue is resolved to a [`Path`]: the entity it belongs to and one
//! subscript per dimension, each an affine form of the store before the
//! expression (or unknown). `a[i][j]`, `*(p + i)`, `p->f[k]`, `(&a[i])[j]`
//! all end up as paths; pointer arithmetic adds to the last subscript.

use crate::call;
use crate::entity::{Entity, Root, Step, phi};
use crate::function::FunctionContext;
use crate::region::{Approx, Precondition, Region, RegionMap, add, add_under};
use crate::set;
use ferry_hcfg::ir::*;
use ferry_hcfg::semantics::affine::{Case, range_constraints};
use ferry_hcfg::semantics::poly::{Conj, Cons, Lin, Name, Poly};
use std::collections::BTreeSet;

/// Read, write and IN regions of a piece of code, over the store before it.
#[derive(Debug, Clone, Default)]
pub struct Rw {
    pub read: RegionMap,
    pub write: RegionMap,
    /// Elements read before the code writes them (imported).
    pub input: RegionMap,
}

impl Rw {
    /// Every region over only the parameters it mentions.
    pub fn compact(&mut self) {
        for map in [&mut self.read, &mut self.write, &mut self.input] {
            crate::region::compact_all(map);
        }
    }

    /// The maps of the three kinds.
    pub fn maps_mut(&mut self) -> [&mut RegionMap; 3] {
        [&mut self.read, &mut self.write, &mut self.input]
    }

    /// Every region made may: what was computed is still an
    /// over-approximation, but no longer known to be exact.
    pub fn make_may(&mut self) {
        for map in [&mut self.read, &mut self.write, &mut self.input] {
            crate::region::make_all_may(map);
        }
    }
}

/// One subscript: its affine cases, or `None` when it is not affine.
pub type Subscript = Option<Vec<Case>>;

/// An lvalue (or, for [`Collector::address`], the element a pointer
/// designates).
#[derive(Debug, Clone)]
pub struct Path {
    pub entity: Entity,
    /// One per `Step::Index` of the entity's path.
    pub subscripts: Vec<Subscript>,
    /// The last index step is not part of the object (a pointer to a
    /// non-array object, `&s`): its subscript must be 0 and is dropped
    /// when the pointer is dereferenced.
    pub virtual_last: bool,
    /// Reached through a cast to another element type: the subscripts do
    /// not count the entity's elements.
    pub scrambled: bool,
    /// Reached through a member of a union: the entity is the union
    /// object (its members share its bytes, so each is the whole of it),
    /// and steps past the member (fields, subscripts of a member array,
    /// pointer arithmetic inside it) stay inside that object. Its accesses
    /// are may: a member smaller than another reaches part of the object.
    pub within_union: bool,
}

impl Path {
    fn var(v: VarId) -> Path {
        Path {
            entity: Entity::var(v),
            subscripts: Vec::new(),
            virtual_last: false,
            scrambled: false,
            within_union: false,
        }
    }

    fn anywhere() -> Path {
        Path {
            entity: Entity::anywhere(),
            subscripts: Vec::new(),
            virtual_last: false,
            scrambled: false,
            within_union: false,
        }
    }

    fn push_index(&mut self, sub: Subscript) {
        if self.within_union {
            return;
        }
        self.entity.path.push(Step::Index);
        self.subscripts.push(sub);
    }

    /// The object itself rather than a pointer into it.
    pub fn deref(mut self) -> Path {
        if self.virtual_last {
            self.entity.path.pop();
            self.subscripts.pop();
            self.virtual_last = false;
        }
        self
    }

    /// Adds `delta` to the last subscript (pointer arithmetic).
    fn offset(&mut self, delta: Subscript) {
        if self.within_union {
            return;
        }
        let Some(last) = self.subscripts.last_mut() else {
            return;
        };
        *last = match (last.take(), delta) {
            (Some(a), Some(b)) => add_cases(&a, &b),
            _ => None,
        };
    }
}

/// The sums of two affine case lists.
pub fn add_cases(a: &[Case], b: &[Case]) -> Option<Vec<Case>> {
    let mut out = Vec::new();
    for (la, ca) in a {
        for (lb, cb) in b {
            out.push((la.add(lb)?, ca.and(cb)));
        }
    }
    (out.len() <= 8).then_some(out)
}

fn zero() -> Subscript {
    Some(vec![(Lin::constant(0), Conj::default())])
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Use {
    Read,
    Write,
    ReadWrite,
}

/// One access of an expression, before it is merged with the others of
/// its entity: what a dependence test tells apart where the union of an
/// array's accesses (a convex hull) would not (`A[i][k]` and `A[k][j]`).
#[derive(Debug, Clone)]
pub struct Reference {
    pub entity: Entity,
    pub region: Region,
    /// A write (`+=` writes as well as reads); a read otherwise.
    pub write: bool,
}

/// Collects the regions of one expression.
pub struct Collector<'c, 'a> {
    pub cx: &'c FunctionContext<'a>,
    pub out: Rw,
    /// Every access one by one, when asked for (`references`).
    references: Option<Vec<Reference>>,
    /// Inside a conditionally evaluated operand (`&&`, `||`, `?:`).
    conditional: u32,
    /// The precondition of the statement, under which unions are taken
    /// again when they are not exact.
    pre: Precondition,
    /// Variables the expression itself modifies (its subscripts may see
    /// either value); the target of a top-level `v = e` is not among them,
    /// nor a variable the expression names only once, as `v++` or `v--`
    /// (in `stepped`).
    dirty: BTreeSet<VarId>,
    /// Variables the expression names only once, as `v++` or `v--`: a
    /// subscript `a[v++]` (`*p++` on a pointer walk) is `a[v]` in the
    /// store before the expression, exactly.
    stepped: BTreeSet<VarId>,
}

impl<'c, 'a> Collector<'c, 'a> {
    /// What holds before the statement (nothing known outside statements).
    pub fn precondition(&self) -> &Precondition {
        &self.pre
    }

    pub fn new(cx: &'c FunctionContext<'a>, e: &Expr) -> Self {
        let mut dirty = cx.modified_inside(e);
        let stepped = post_stepped_once(e);
        dirty.retain(|v| !stepped.contains(v));
        Collector {
            cx,
            out: Rw::default(),
            conditional: 0,
            pre: Precondition::none(),
            dirty,
            stepped,
            references: None,
        }
    }

    /// Every access of `e`, one by one (a call's as one per entity and
    /// kind), each over the store before `e`.
    pub fn references(cx: &'c FunctionContext<'a>, e: &Expr) -> Vec<Reference> {
        let mut c = Collector::new(cx, e);
        c.references = Some(Vec::new());
        c.visit(e, Some(Use::Read));
        c.read_substituted_walks(e);
        c.references.unwrap_or_default()
    }

    /// The regions of `e`, with the precondition of its statement.
    pub fn expression_under(cx: &'c FunctionContext<'a>, e: &Expr, pre: Precondition) -> Rw {
        let mut c = Collector::new(cx, e);
        c.pre = pre;
        c.visit(e, Some(Use::Read));
        c.read_substituted_walks(e);
        c.out
    }

    /// The reads of the pointers with a constant definition that `e`
    /// names in the source, whose uses its IR replaced by their
    /// definitions (`ferry_hcfg::pointer_walks`): the elements they reach
    /// are `e`'s subscripts already, the pointers' own values are read
    /// here.
    fn read_substituted_walks(&mut self, e: &Expr) {
        let walks: Vec<VarId> = self.cx.program.walks_read_in(self.cx.f, e.span).collect();
        for v in walks {
            self.access(&Path::var(v), Use::Read);
        }
    }

    /// The regions of `e` evaluated for its value and effects.
    pub fn expression(cx: &'c FunctionContext<'a>, e: &Expr) -> Rw {
        Collector::expression_under(cx, e, Precondition::none())
    }

    fn visit(&mut self, e: &Expr, use_: Option<Use>) {
        match &e.kind {
            ExprKind::Var(v) => {
                if !matches!(e.ty, Type::Array(..) | Type::Function(_))
                    && let Some(u) = use_
                {
                    self.access(&Path::var(*v), u);
                    // `p->n` (`scalar_fields`) reads the pointer `p` too.
                    if let Some(member) = self.cx.program.member_through_pointer(*v) {
                        self.access(&Path::var(member.structure), Use::Read);
                    }
                }
            }
            ExprKind::Func(_)
            | ExprKind::Int(_)
            | ExprKind::Float
            | ExprKind::Str
            | ExprKind::UnknownConst
            | ExprKind::SizeOf(_) => {}
            ExprKind::Index(..) | ExprKind::Member { .. } | ExprKind::Unary(UnOp::Deref, _) => {
                let path = self.lvalue(e);
                // An array-typed lvalue in a value context decays: its
                // address is used, no element is accessed.
                if matches!(e.ty, Type::Array(..)) {
                    return;
                }
                if let Some(u) = use_ {
                    match path {
                        Some(p) => self.access(&p, u),
                        None => self.access(&Path::anywhere(), u),
                    }
                }
            }
            ExprKind::Unary(UnOp::AddrOf, inner) => {
                let _ = self.lvalue(inner);
            }
            ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, t) => {
                self.visit(t, Some(Use::ReadWrite))
            }
            ExprKind::Unary(_, inner) | ExprKind::Cast(inner) => self.visit(inner, use_),
            ExprKind::Binary(BinaryOp::LogAnd | BinaryOp::LogOr, a, b) => {
                self.visit(a, Some(Use::Read));
                self.conditional += 1;
                self.visit(b, Some(Use::Read));
                self.conditional -= 1;
            }
            ExprKind::Binary(_, a, b) => {
                self.visit(a, Some(Use::Read));
                self.visit(b, Some(Use::Read));
            }
            ExprKind::Assign(op, target, value) => {
                self.visit(value, Some(Use::Read));
                let u = if *op == AssignOp::Assign {
                    Use::Write
                } else {
                    Use::ReadWrite
                };
                self.visit(target, Some(u));
            }
            ExprKind::Cond(c, a, b) => {
                self.visit(c, Some(Use::Read));
                self.conditional += 1;
                if let Some(a) = a {
                    self.visit(a, use_);
                }
                self.visit(b, use_);
                self.conditional -= 1;
            }
            ExprKind::Call(callee, args) => {
                self.visit(callee, Some(Use::Read));
                for a in args {
                    self.visit(a, Some(Use::Read));
                }
                let regions = call::call_regions(self, callee, args);
                self.merge_call(regions);
            }
            ExprKind::Comma(items) => {
                for (k, item) in items.iter().enumerate() {
                    let last = k + 1 == items.len();
                    self.visit(item, if last { use_ } else { Some(Use::Read) });
                }
            }
            ExprKind::Opaque {
                operands,
                unknown_effects,
            } => {
                for o in operands {
                    self.visit(o, Some(Use::Read));
                    // What the operand points to may be read and written.
                    if o.ty.is_pointer_like() {
                        let p = self.address(o).map(|p| p.deref());
                        let p = p.unwrap_or_else(Path::anywhere);
                        self.access_whole(&p.entity, Use::ReadWrite);
                    }
                }
                if *unknown_effects {
                    self.access(&Path::anywhere(), Use::ReadWrite);
                }
            }
        }
    }

    /// The object an lvalue designates, reading the subscripts and
    /// pointers on the way; `None` when it cannot be named.
    pub fn lvalue(&mut self, e: &Expr) -> Option<Path> {
        match &e.kind {
            ExprKind::Var(v) => Some(Path::var(*v)),
            ExprKind::Index(a, b) => {
                // `i[a]` is `a[i]`.
                let (base, index) = if a.ty.is_pointer_like() || !b.ty.is_pointer_like() {
                    (a, b)
                } else {
                    (b, a)
                };
                let mut p = self.address(base);
                self.visit(index, Some(Use::Read));
                let sub = match &index.kind {
                    ExprKind::Unary(UnOp::PostInc | UnOp::PostDec, v) if matches!(v.kind, ExprKind::Var(v) if self.stepped.contains(&v)) => {
                        self.cx.subscript_value(v)
                    }
                    _ => self.cx.subscript_value(index),
                };
                if let Some(p) = &mut p {
                    p.offset(sub);
                }
                p.map(Path::deref)
            }
            ExprKind::Unary(UnOp::Deref, inner) => self.address(inner).map(Path::deref),
            ExprKind::Member { base, field, arrow } => {
                let p = if *arrow {
                    self.address(base).map(Path::deref)
                } else {
                    self.lvalue(base)
                };
                let object = if *arrow {
                    base.ty.pointee()
                } else {
                    Some(&base.ty)
                };
                let union = matches!(object, Some(Type::Struct(id))
                    if self.cx.program.struct_def(*id).is_union);
                p.map(|mut p| {
                    if union {
                        p.within_union = true;
                    } else if !p.within_union {
                        p.entity.path.push(Step::Field(*field));
                    }
                    p
                })
            }
            _ => {
                self.visit(e, Some(Use::Read));
                None
            }
        }
    }

    /// The element a pointer-valued (or array-valued) expression points
    /// to; `None` when it cannot be named.
    pub fn address(&mut self, e: &Expr) -> Option<Path> {
        if matches!(e.ty, Type::Array(..)) {
            let mut p = self.lvalue(e)?;
            p.push_index(zero());
            return Some(p);
        }
        match &e.kind {
            ExprKind::Var(v) => {
                self.visit(e, Some(Use::Read));
                // A flat pointer seen with rows: the program computes the
                // flat subscript from the row lengths, so it reads them.
                if let Some(view) = self.cx.analyses.views.get(v) {
                    for &s in &view.strides {
                        self.access(&Path::var(s), Use::Read);
                    }
                }
                if !self.cx.is_stable_pointer(*v) || self.dirty.contains(v) {
                    return None;
                }
                let mut p = Path::var(*v);
                p.push_index(zero());
                Some(p)
            }
            ExprKind::Binary(op @ (BinaryOp::Add | BinaryOp::Sub), a, b) => {
                let (ptr, int, negate) = if a.ty.is_pointer_like() {
                    (a, b, *op == BinaryOp::Sub)
                } else {
                    (b, a, false)
                };
                if int.ty.is_pointer_like() {
                    // A pointer difference is not a pointer.
                    self.visit(e, Some(Use::Read));
                    return None;
                }
                let mut p = self.address(ptr);
                self.visit(int, Some(Use::Read));
                let mut delta = self.cx.subscript_value(int);
                if negate {
                    delta = delta.and_then(|cases| {
                        cases
                            .into_iter()
                            .map(|(l, c)| Some((l.scale(-1)?, c)))
                            .collect()
                    });
                }
                if let Some(p) = &mut p {
                    p.offset(delta);
                }
                p
            }
            ExprKind::Unary(UnOp::AddrOf, inner) => {
                let mut p = self.lvalue(inner)?;
                if p.within_union {
                    return Some(p);
                }
                if !p.entity.path.ends_with(&[Step::Index]) || p.virtual_last {
                    p.push_index(zero());
                    p.virtual_last = true;
                }
                Some(p)
            }
            ExprKind::Cast(inner) | ExprKind::Unary(UnOp::Plus, inner) => {
                if !inner.ty.is_pointer_like() {
                    self.visit(inner, Some(Use::Read));
                    return None;
                }
                let mut p = self.address(inner)?;
                let from = inner.ty.decay();
                if from.pointee() != e.ty.pointee() {
                    p.scrambled = true;
                }
                Some(p)
            }
            _ => {
                self.visit(e, Some(Use::Read));
                None
            }
        }
    }

    /// The set of elements a path designates, and whether it is exact.
    pub fn path_region(&self, path: &Path) -> Region {
        let ctx = self.cx.ctx;
        if path.entity.root == Root::Anywhere || path.scrambled {
            return crate::region::everything(ctx);
        }
        let extents = self.cx.extents(&path.entity);
        let mut set = Poly::universe(ctx);
        let mut approx = Approx::Exact;
        for (k, sub) in path.subscripts.iter().enumerate() {
            let name = phi(k + 1);
            let exact = sub
                .as_ref()
                .and_then(|cases| set::equal_to_cases(ctx, &Lin::name(name.clone()), cases));
            let dim = exact.unwrap_or_else(|| {
                approx = Approx::May;
                self.cx
                    .extent_bounds(&name, extents.get(k).cloned().flatten())
            });
            set = set.intersect(&dim);
        }
        let set = self.cx.without_type_ranges(&set);
        let mut region = Region::new(set, approx);
        for &v in &self.dirty {
            region = region.forget(&Name::Pre(v).isl());
        }
        if self.conditional > 0 {
            region.make_may();
        }
        region
    }

    fn access(&mut self, path: &Path, u: Use) {
        let mut region = self.path_region(path);
        // Part of the union object's bytes, or all of them.
        if path.within_union {
            region.make_may();
        }
        self.record(&path.entity, region, u);
    }

    /// Every element of the entity (what an opaque construct may touch).
    fn access_whole(&mut self, entity: &Entity, u: Use) {
        let region = self.cx.whole(entity);
        self.record(entity, region, u);
    }

    fn record(&mut self, entity: &Entity, region: Region, u: Use) {
        if let Some(references) = &mut self.references {
            references.push(Reference {
                entity: entity.clone(),
                region: region.clone(),
                write: matches!(u, Use::Write | Use::ReadWrite),
            });
        }
        if matches!(u, Use::Read | Use::ReadWrite) {
            // Read after a write of the same entity in this expression: an
            // element may come from the expression itself.
            let imported = if self.out.write.contains_key(entity) {
                region.clone().may()
            } else {
                region.clone()
            };
            add_under(&mut self.out.input, entity.clone(), imported, &self.pre);
            add_under(
                &mut self.out.read,
                entity.clone(),
                region.clone(),
                &self.pre,
            );
        }
        if matches!(u, Use::Write | Use::ReadWrite) {
            add_under(&mut self.out.write, entity.clone(), region, &self.pre);
        }
    }

    /// Adds a callee's translated regions, in evaluation order after the
    /// arguments.
    fn merge_call(&mut self, call: Rw) {
        let conditional = self.conditional > 0;
        let fix = |r: Region| if conditional { r.may() } else { r };
        if let Some(references) = &mut self.references {
            for (map, write) in [(&call.read, false), (&call.write, true)] {
                references.extend(map.iter().map(|(e, r)| Reference {
                    entity: e.clone(),
                    region: fix(r.clone()),
                    write,
                }));
            }
        }
        for (e, r) in call.input {
            let r = if self.out.write.contains_key(&e) {
                r.may()
            } else {
                r
            };
            add(&mut self.out.input, e, fix(r));
        }
        for (e, r) in call.read {
            add(&mut self.out.read, e, fix(r));
        }
        for (e, r) in call.write {
            add(&mut self.out.write, e, fix(r));
        }
    }
}

/// `0 <= phi <= extent - 1` from a dimension's affine extent.
pub fn bounds_from_extent(ctx: &isl_rs::Context, name: &str, extent: Option<Lin>) -> Poly {
    let Some(extent) = extent else {
        return Poly::universe(ctx);
    };
    let phi = Lin::name(name.to_string());
    let upper = extent.sub(&phi).and_then(|l| l.add(&Lin::constant(-1)));
    let mut cons = vec![Cons::ge0(phi)];
    if let Some(u) = upper {
        cons.push(Cons::ge0(u));
    }
    Poly::from_dnf(
        ctx,
        &[Conj {
            cons,
            exists: Vec::new(),
        }],
    )
}

/// The constraints a variable's type puts on its value.
pub fn type_ranges(program: &Program, names: &[String]) -> Vec<Cons> {
    let mut out = Vec::new();
    for n in names {
        if let Some(Name::Pre(v)) = Name::parse(n)
            && (v.index()) < program.vars.len()
        {
            out.extend(range_constraints(&Lin::name(n.clone()), &program.var(v).ty));
        }
    }
    out
}

/// The variables `e` names exactly once, as the operand of `v++` or `v--`.
fn post_stepped_once(e: &Expr) -> BTreeSet<VarId> {
    let mut named: std::collections::BTreeMap<VarId, (u32, bool)> = Default::default();
    e.walk(&mut |sub| match &sub.kind {
        ExprKind::Var(v) => named.entry(*v).or_default().0 += 1,
        ExprKind::Unary(UnOp::PostInc | UnOp::PostDec, t) => {
            if let ExprKind::Var(v) = t.kind {
                named.entry(v).or_default().1 = true;
            }
        }
        _ => {}
    });
    named
        .into_iter()
        .filter(|(_, (count, post))| *count == 1 && *post)
        .map(|(v, _)| v)
        .collect()
}
