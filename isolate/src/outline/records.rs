//! Arrays of structures on the device. Device code does not see the
//! unit's declarations, so it cannot name a structure type; and a layout
//! the device compiler chose itself might not be the host's. A buffer of
//! structures therefore goes to a kernel as views of the scalar types of
//! the fields the kernel reaches (`ParamKind::View`), and `pts[i].z`
//! becomes an element of the `float` view at `i * (S / 4) + o / 4`, `S`
//! the structure's size and `o` the offset of `z`.
//!
//! ferry lays the structure out as C does on LP64 targets (each member at
//! the next multiple of its alignment, the size a multiple of the
//! largest), and the host code that launches the kernel asserts, at
//! compile time, that the host compiler agrees for every field the kernel
//! reaches: a packed or otherwise aligned structure stops the host build
//! with a message instead of giving wrong results.
//!
//! Device code reaches scalar fields and the elements of array fields of
//! scalars, through nested structures, unions and arrays of structures
//! (`nodes[i].qs[k].b[1]`, each subscript by its array's stride), and
//! copies whole elements (`a[i] = b[j]`) number by number through the
//! views of their types, or as bytes through `unsigned char` views where
//! the structure has padding or a union. Bytes one kernel writes through
//! one type and reaches through another (a union's members, an element
//! copied as bytes and its fields) are refused (`overlap`), as the views
//! are `restrict` and their types tell the device compiler they do not
//! alias. Structures holding a bit-field
//! (which has no offset) or a member of a type ferry does not lay out are
//! refused; other uses of a whole element or of a nested structure stay
//! host code.

use super::kernels::FreeNames;
use super::walk::{strip, walk_expr};
use super::{Element, Outliner, Refusal, refusal};
use ferry_hcfg::Program;
use ferry_hcfg::ir::{ArrayLen, StructId, Type};
use ferry_parser::ast::{
    AssignOp, BinaryOp, BlockItem, Declaration, Expr, ExprKind, OffsetofMember, StaticAssert,
    StringLit, UnaryOp,
};
use ferry_parser::build::{self, binary, ident, int};
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
use ferry_targets::kernel::{MEMORY_FUNCTIONS, Scalar, view_name};
use std::collections::HashSet;

/// The element type of a structure buffer, as kernels reach it.
#[derive(Debug, Clone)]
pub struct Record {
    pub id: StructId,
    /// `struct pt`, as diagnostics name it.
    pub name: String,
    pub size: u64,
    /// Its scalar fields and arrays of scalars, nested structures'
    /// included.
    pub fields: Vec<Field>,
}

#[derive(Debug, Clone)]
pub struct Field {
    /// From the structure down: member names (an anonymous member's
    /// members are named as if they were the structure's, as C names
    /// them) and subscripts of array members (of numbers, or of
    /// structures whose fields follow).
    pub steps: Vec<FieldStep>,
    /// In bytes from the start of the structure, every subscript 0.
    pub offset: u64,
    /// How many bytes its elements span from `offset`.
    pub bytes: u64,
    /// Its scalar type, or that of its elements; `None` for a type kernels
    /// do not take (a pointer, `long double`, `_Bool`...).
    pub scalar: Option<Scalar>,
}

impl Field {
    /// The strides of the arrays on the way to it, outermost first.
    fn strides(&self) -> impl Iterator<Item = u64> + '_ {
        self.steps.iter().filter_map(|s| match s {
            FieldStep::Index { stride, .. } => Some(*stride),
            FieldStep::Member { .. } => None,
        })
    }

    /// Whether an access's steps after the element lead to this field
    /// (the same members, subscripts where it has arrays).
    fn starts_with(&self, steps: &[Step]) -> bool {
        steps.len() <= self.steps.len()
            && self.steps.iter().zip(steps).all(|(a, b)| match (a, b) {
                (FieldStep::Member { name, .. }, Step::Member(y)) => name == y,
                (FieldStep::Index { .. }, Step::Index(_)) => true,
                _ => false,
            })
    }
}

/// One step from a structure to one of its fields.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FieldStep {
    /// A member, of a union or of a structure.
    Member { name: Symbol, of_union: bool },
    /// An element of an array member: `length` of them (0 for a flexible
    /// array member), `stride` bytes apart.
    Index { length: u64, stride: u64 },
}

/// `pos.x`, `w[][]`, `dqm_[].alpha_`: how messages name a field, from its
/// steps' member names (`None` for a subscript).
fn dotted(steps: impl IntoIterator<Item = Option<Symbol>>) -> String {
    let mut out = String::new();
    for step in steps {
        match step {
            Some(name) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(name.as_str());
            }
            None => out.push_str("[]"),
        }
    }
    out
}

impl FieldStep {
    fn name(&self) -> Option<Symbol> {
        match self {
            FieldStep::Member { name, .. } => Some(*name),
            FieldStep::Index { .. } => None,
        }
    }
}

impl Record {
    /// The layout of structure `id`, or why ferry does not lay it out.
    pub fn of(program: &Program, id: StructId) -> Result<Record, String> {
        let def = program.struct_def(id);
        let name = match def.tag {
            Some(tag) => format!("struct {}", tag.as_str()),
            None => "an unnamed structure".to_string(),
        };
        let (size, _) = size_align(program, &Type::Struct(id))?;
        let mut fields = Vec::new();
        members(program, id, 0, &[], &mut fields)?;
        Ok(Record {
            id,
            name,
            size,
            fields,
        })
    }

    /// The numbers an element holds, field by field: each field, its
    /// type, and the offsets of its elements (one for a scalar field);
    /// `None` where the structure has a union (which member holds the
    /// value is not known), padding (a copy number by number would not
    /// copy it), a field kernels do not take or reach aligned, or more
    /// than [`MOST_SCALAR_COPIES`] numbers.
    fn numbers(&self) -> Option<Vec<(&Field, Scalar, Vec<u64>)>> {
        let mut numbers = Vec::new();
        let mut covered = 0u64;
        for field in &self.fields {
            let scalar = field.scalar?;
            let bytes = scalar_bytes(scalar);
            if !self.aligned(field, bytes) {
                return None;
            }
            let mut offsets = vec![field.offset];
            for step in &field.steps {
                match *step {
                    FieldStep::Member { of_union: true, .. } => return None,
                    FieldStep::Member { .. } => {}
                    FieldStep::Index { length: 0, .. } => return None,
                    FieldStep::Index { length, stride } => {
                        offsets = offsets
                            .iter()
                            .flat_map(|&o| (0..length).map(move |k| o + k * stride))
                            .collect();
                        if offsets.len() as u64 > MOST_SCALAR_COPIES {
                            return None;
                        }
                    }
                }
            }
            covered += bytes * offsets.len() as u64;
            numbers.push((field, scalar, offsets));
        }
        let count: usize = numbers.iter().map(|(_, _, o)| o.len()).sum();
        (covered == self.size && count as u64 <= MOST_SCALAR_COPIES).then_some(numbers)
    }

    /// Whether every element of `field`, in every element of an array of
    /// the structure, sits at a multiple of `bytes` (its scalar's size)
    /// from the array's start: a view of that scalar type reaches it.
    fn aligned(&self, field: &Field, bytes: u64) -> bool {
        self.size.is_multiple_of(bytes)
            && field.offset.is_multiple_of(bytes)
            && field.strides().all(|s| s.is_multiple_of(bytes))
    }

    /// The field an access's steps after the element reach.
    fn field(&self, steps: &[Step]) -> Option<&Field> {
        self.fields
            .iter()
            .find(|f| f.steps.len() == steps.len() && f.starts_with(steps))
    }
}

/// Size and alignment in bytes on an LP64 target.
pub(super) fn size_align(program: &Program, ty: &Type) -> Result<(u64, u64), String> {
    let scalar = |bytes: u64| Ok((bytes, bytes));
    match ty {
        Type::Int { bits, .. } | Type::Float { bits } => scalar(u64::from(*bits).div_ceil(8)),
        Type::Pointer(_) => scalar(8),
        Type::Array(element, ArrayLen::Const(n)) => {
            let (size, align) = size_align(program, element)?;
            Ok((size * n, align))
        }
        // A flexible array member: no bytes of its own in the size.
        Type::Array(element, ArrayLen::Unknown) => Ok((0, size_align(program, element)?.1)),
        Type::Struct(id) => {
            let def = program.struct_def(*id);
            if def.layout_attributes {
                return Err(
                    "they have a layout ferry does not model (attributes such as `packed` \
                            or `aligned`, `_Alignas`, an unnamed bit-field, `#pragma pack`)"
                        .into(),
                );
            }
            let Some(fields) = &def.fields else {
                return Err("their members are not declared in the files analysed".into());
            };
            let (mut end, mut largest) = (0u64, 1u64);
            for f in fields {
                if f.bit_field {
                    return Err("they hold a bit-field".into());
                }
                let (size, align) = size_align(program, &f.ty)?;
                // A union's members all start at its start.
                end = match def.is_union {
                    true => end.max(size),
                    false => end.next_multiple_of(align) + size,
                };
                largest = largest.max(align);
            }
            Ok((end.next_multiple_of(largest), largest))
        }
        Type::Array(_, ArrayLen::Vla(_)) | Type::Void | Type::Function(_) | Type::Opaque => {
            Err("they hold a member of a type ferry does not lay out".into())
        }
    }
}

/// Appends the fields of structure `id`, placed at `base` and reached by
/// `steps`, to `out`.
fn members(
    program: &Program,
    id: StructId,
    base: u64,
    steps: &[FieldStep],
    out: &mut Vec<Field>,
) -> Result<(), String> {
    let def = program.struct_def(id);
    let mut end = 0u64;
    for f in def.fields.iter().flatten() {
        let (size, align) = size_align(program, &f.ty)?;
        let offset = match def.is_union {
            true => 0,
            false => end.next_multiple_of(align),
        };
        end = offset + size;
        let mut steps = steps.to_vec();
        steps.extend(f.name.map(|name| FieldStep::Member {
            name,
            of_union: def.is_union,
        }));
        let mut element = &f.ty;
        while let Type::Array(inner, len) = element {
            let (stride, _) = size_align(program, inner)?;
            let length = match len {
                ArrayLen::Const(n) => *n,
                _ => 0,
            };
            steps.push(FieldStep::Index { length, stride });
            element = inner;
        }
        if let Type::Struct(inner) = element {
            members(program, *inner, base + offset, &steps, out)?;
            continue;
        }
        // Its elements span from the first to the last of every array on
        // the way; a flexible array member reaches past the structure.
        let (leaf, _) = size_align(program, element)?;
        let bytes = steps.iter().try_fold(leaf, |span, step| match step {
            FieldStep::Index { length: 0, .. } => None,
            FieldStep::Index { length, stride } => Some(span + (length - 1) * stride),
            FieldStep::Member { .. } => Some(span),
        });
        out.push(Field {
            steps,
            offset: base + offset,
            bytes: bytes.unwrap_or(u64::MAX - base - offset),
            scalar: crate::scalar_of_type(element),
        });
    }
    Ok(())
}

/// One step of a field access after the element: `.name` or `[e]`.
enum Step {
    Member(Symbol),
    Index(Expr),
}

/// A field of a structure buffer's element that a kernel reaches, for the
/// host's check of its layout.
#[derive(Debug, Clone)]
pub(super) struct Reached {
    pub buffer: Symbol,
    pub scalar: Scalar,
    /// The bytes of the element it may reach.
    pub bytes: std::ops::Range<u64>,
    /// Whether the kernel writes them there.
    pub written: bool,
    /// The access, for refusals.
    pub span: Span,
    /// The buffer as the user named the array.
    pub shown: Symbol,
    pub dims: usize,
    pub record_name: String,
    pub size: u64,
    /// The field's steps from the structure; empty for a whole element.
    pub steps: Vec<FieldStep>,
}

impl Outliner<'_> {
    /// The buffer of structures, its subscripts, and the steps after the
    /// element of a field access (`pts[i].z`, `rows[i].w[j]`), `None` for
    /// anything else.
    fn field_access(&self, e: &Expr) -> Option<(Symbol, Vec<Expr>, Vec<Step>)> {
        let mut steps = Vec::new();
        let mut current = e;
        loop {
            match &current.kind {
                ExprKind::Member(base, name) => {
                    steps.push(Step::Member(*name));
                    current = base;
                }
                ExprKind::Paren(inner) => current = inner,
                ExprKind::Index(base, sub) => {
                    if let Some((buffer, subscripts)) = self.device_access(current)
                        && self.record(buffer).is_some()
                    {
                        steps.reverse();
                        return matches!(steps.first(), Some(Step::Member(_)))
                            .then_some((buffer, subscripts, steps));
                    }
                    steps.push(Step::Index((**sub).clone()));
                    current = base;
                }
                _ => return None,
            }
        }
    }

    /// The record of the buffer `name`, if it holds structures.
    pub(super) fn record(&self, name: Symbol) -> Option<&Record> {
        match &self.arrays.get(&name)?.element {
            Element::Record(record) => Some(record),
            Element::Scalar(_) => None,
        }
    }

    /// `e` written for the device when it is a field access on a buffer of
    /// structures: an element of one of the buffer's views. `Ok(false)`
    /// leaves `e` as it was.
    pub(super) fn field_subscript(
        &self,
        e: &mut Expr,
        scopes: &mut Vec<HashSet<Symbol>>,
        free: &mut FreeNames,
    ) -> Result<bool, Refusal> {
        let span = e.span;
        let Some((buffer, subscripts, steps)) = self.field_access(e) else {
            return Ok(false);
        };
        let record = self.record(buffer).expect("a buffer of structures");
        self.element_subscripts(buffer, subscripts.len(), span)?;
        let shown = || {
            dotted(steps.iter().map(|s| match s {
                Step::Member(name) => Some(*name),
                Step::Index(_) => None,
            }))
        };
        let Some(field) = record.field(&steps) else {
            return Err(refusal(span, self.unreached(record, &steps, shown())));
        };
        let Some(scalar) = field.scalar else {
            return Err(refusal(
                span,
                format!(
                    "the field `{}` of {} is used on the device, and kernels take only \
                     integers and floating-point numbers of the sizes every target has",
                    shown(),
                    record.name
                ),
            ));
        };
        let bytes = scalar_bytes(scalar);
        if !record.aligned(field, bytes) {
            return Err(refusal(
                span,
                format!(
                    "the field `{}` of {} is not aligned to its size, so no view of the \
                     buffer reaches it",
                    shown(),
                    record.name
                ),
            ));
        }
        let indices: Vec<Expr> = steps
            .iter()
            .filter_map(|s| match s {
                Step::Index(e) => Some(e.clone()),
                Step::Member(_) => None,
            })
            .collect();
        // Its subscripts are read, whatever it is.
        let written = std::mem::replace(&mut free.writing, false);
        let element = self.flat_offset(buffer, subscripts, span, scopes, free)?;
        // Each subscript inside the element, by its array's stride.
        let mut within: Option<Expr> = None;
        for (mut index, stride) in indices.into_iter().zip(field.strides()) {
            self.kernel_expr(&mut index, scopes, free)?;
            let term = match stride / bytes {
                1 => index,
                k => binary(BinaryOp::Mul, build::paren(index), int(k as i64)),
            };
            within = Some(match within {
                None => term,
                Some(sum) => binary(BinaryOp::Add, sum, term),
            });
        }
        let mut subscript = view_subscript(element, record.size, field.offset, bytes);
        if let Some(within) = within {
            subscript = binary(BinaryOp::Add, subscript, build::paren(within));
        }
        free.writing = written;
        let bytes = field.offset..field.offset.saturating_add(field.bytes);
        let view = self.reach(free, buffer, scalar, bytes, Some(field), span);
        *e = build::index(ident(view), subscript);
        e.span = span;
        Ok(true)
    }

    /// Notes that the kernel reaches `bytes` of the elements of `buffer`
    /// (through `field`, `None` for the whole element) as `scalar`, and
    /// gives the view it reaches them through (`overlap` checks the views
    /// once the kernel is written).
    fn reach(
        &self,
        free: &mut FreeNames,
        buffer: Symbol,
        scalar: Scalar,
        bytes: std::ops::Range<u64>,
        field: Option<&Field>,
        span: Span,
    ) -> Symbol {
        let record = self.record(buffer).expect("a buffer of structures");
        free.view(buffer, scalar);
        free.reached.push(Reached {
            buffer,
            scalar,
            bytes,
            written: free.writing,
            span,
            shown: self.shown(buffer),
            dims: self.arrays[&buffer].dims(),
            record_name: record.name.clone(),
            size: record.size,
            steps: field.map(|f| f.steps.clone()).unwrap_or_default(),
        });
        Symbol::intern(&view_name(buffer.as_str(), scalar))
    }

    /// `a[i] = b[j]` between whole elements of buffers of one structure
    /// type, as a statement. A structure without padding or unions, of at
    /// most [`MOST_SCALAR_COPIES`] numbers, is copied number by number
    /// through the views of their types (`a_as_double[..] =
    /// b_as_double[..], ...`), so that a kernel may copy an element and
    /// then reach its fields: its bytes are all reached through one type
    /// (`overlap`). Any other is a copy of the element's bytes
    /// (`ferry_memcpy` between the buffers' `unsigned char` views), which
    /// copies its padding and the union's member in use as the host's
    /// assignment may. `Ok(false)` leaves `e` as it was.
    pub(super) fn element_copy(
        &self,
        e: &mut Expr,
        scopes: &mut Vec<HashSet<Symbol>>,
        free: &mut FreeNames,
    ) -> Result<bool, Refusal> {
        let span = e.span;
        let ExprKind::Assign(AssignOp::Assign, target, value) = &e.kind else {
            return Ok(false);
        };
        let whole = |x: &Expr| {
            let (buffer, subscripts) = self.device_access(strip(x))?;
            let record = self.record(buffer)?;
            (subscripts.len() == self.arrays[&buffer].dims())
                .then_some((buffer, subscripts, record.id))
        };
        let (Some((to, to_subscripts, to_type)), Some((from, from_subscripts, from_type))) =
            (whole(target), whole(value))
        else {
            return Ok(false);
        };
        if to_type != from_type {
            return Ok(false);
        }
        let record = self.record(to).expect("a buffer of structures");
        let size = record.size;
        // The subscripts are written once per number copied.
        let plain = |subscripts: &[Expr]| {
            subscripts.iter().all(|x| {
                let mut plain = true;
                walk_expr(x, &mut |sub| {
                    plain &= !matches!(
                        sub.kind,
                        ExprKind::Assign(..)
                            | ExprKind::Call(..)
                            | ExprKind::StmtExpr(..)
                            | ExprKind::Unary(
                                UnaryOp::PreInc
                                    | UnaryOp::PreDec
                                    | UnaryOp::PostInc
                                    | UnaryOp::PostDec,
                                _
                            )
                    )
                });
                plain
            })
        };
        if let Some(numbers) = record.numbers()
            && plain(&to_subscripts)
            && plain(&from_subscripts)
        {
            let destination = self.flat_offset(to, to_subscripts, span, scopes, free)?;
            let source = self.flat_offset(from, from_subscripts, span, scopes, free)?;
            let mut copies = Vec::new();
            for (field, scalar, offsets) in numbers {
                let bytes = scalar_bytes(scalar);
                let reached = field.offset..field.offset + field.bytes;
                free.writing = true;
                let to_view = self.reach(free, to, scalar, reached.clone(), Some(field), span);
                free.writing = false;
                let from_view = self.reach(free, from, scalar, reached, Some(field), span);
                let number = |view: Symbol, element: &Expr, offset: u64| {
                    build::index(
                        ident(view),
                        view_subscript(element.clone(), size, offset, bytes),
                    )
                };
                for offset in offsets {
                    copies.push(build::assign(
                        number(to_view, &destination, offset),
                        number(from_view, &source, offset),
                    ));
                }
            }
            *e = build::expr(ExprKind::Comma(copies));
            e.span = span;
            return Ok(true);
        }
        let byte = Scalar::Int {
            signed: false,
            bits: 8,
        };
        let mut element = |buffer: Symbol, subscripts: Vec<Expr>, written: bool| {
            let flat = self.flat_offset(buffer, subscripts, span, scopes, free)?;
            free.writing = written;
            let view = self.reach(free, buffer, byte, 0..size, None, span);
            free.writing = false;
            Ok::<_, Refusal>(binary(
                BinaryOp::Add,
                ident(view),
                binary(BinaryOp::Mul, build::paren(flat), int(size as i64)),
            ))
        };
        let destination = element(to, to_subscripts, true)?;
        let source = element(from, from_subscripts, false)?;
        let bytes = build::expr(ExprKind::IntLit(Symbol::intern(&format!("{size}UL"))));
        let (_, memcpy) = MEMORY_FUNCTIONS[0];
        *e = build::call(memcpy, vec![destination, source, bytes]);
        e.span = span;
        free.memory_functions = true;
        Ok(true)
    }

    /// Why the access `steps` (shown as `shown`) on `record` reaches no
    /// field kernels take.
    fn unreached(&self, record: &Record, steps: &[Step], shown: String) -> String {
        // The fields it is the start of.
        let longer: Vec<&FieldStep> = record
            .fields
            .iter()
            .filter(|f| f.steps.len() > steps.len() && f.starts_with(steps))
            .map(|f| &f.steps[steps.len()])
            .collect();
        match longer.first() {
            Some(FieldStep::Index { .. }) => format!(
                "the array field `{shown}` of {} is used on the device other than by its \
                 elements: ferry offloads only element accesses",
                record.name
            ),
            Some(FieldStep::Member { .. }) => format!(
                "the member `{shown}` of {} is a structure used whole on the device: ferry \
                 offloads only its scalar fields",
                record.name
            ),
            None => format!(
                "`{shown}` is not a field of {} that ferry lays out on the device",
                record.name
            ),
        }
    }
}

/// The most numbers an element copy writes one by one; a larger element
/// is copied as bytes.
const MOST_SCALAR_COPIES: u64 = 32;

/// The subscript, in a view of `bytes`-byte scalars, of the scalar at
/// byte `offset` of the element `element` of an array of `size`-byte
/// structures: `(element) * (size / bytes) + offset / bytes`.
fn view_subscript(element: Expr, size: u64, offset: u64, bytes: u64) -> Expr {
    binary(
        BinaryOp::Add,
        binary(
            BinaryOp::Mul,
            build::paren(element),
            int((size / bytes) as i64),
        ),
        int((offset / bytes) as i64),
    )
}

fn scalar_bytes(s: Scalar) -> u64 {
    match s {
        Scalar::Int { bits, .. } | Scalar::Float { bits } => u64::from(bits) / 8,
    }
}

/// Why the kernel that reaches `reached` cannot have its views: it
/// writes bytes of an element through one type and reaches them through
/// another (members of a union, a whole element and its fields). Its
/// views are `restrict`, and their types tell the device compiler that
/// they do not alias; bytes only read through two types are fine.
pub(super) fn overlap(reached: &[Reached]) -> Option<Refusal> {
    let named = |r: &Reached| match r.steps.as_slice() {
        [] => format!("an element of `{}`", r.shown.as_str()),
        steps => format!("`{}`", dotted(steps.iter().map(FieldStep::name))),
    };
    reached.iter().find_map(|w| {
        let other = reached.iter().find(|r| {
            (w.written || r.written)
                && r.buffer == w.buffer
                && r.scalar != w.scalar
                && !apart(&w.steps, &r.steps)
                && r.bytes.start < w.bytes.end
                && w.bytes.start < r.bytes.end
        })?;
        Some(refusal(
            w.span,
            format!(
                "{} of {} shares bytes with {}, which the device code reaches as another \
                 type and one of them is written (members of a union, or a whole element and \
                 its fields): ferry writes the bytes of a structure through one type only",
                named(w),
                w.record_name,
                named(other)
            ),
        ))
    })
}

/// Whether two fields of one structure reach disjoint bytes whatever
/// their subscripts: they part at two members of a structure (not of a
/// union) after the same steps. Their byte spans may still interleave
/// (two fields of the elements of an array of structures).
fn apart(a: &[FieldStep], b: &[FieldStep]) -> bool {
    for (x, y) in a.iter().zip(b) {
        match (x, y) {
            (
                FieldStep::Member {
                    name: m,
                    of_union: false,
                },
                FieldStep::Member { name: n, .. },
            ) if m != n => return true,
            (FieldStep::Member { name: m, .. }, FieldStep::Member { name: n, .. }) if m == n => {}
            (FieldStep::Index { .. }, FieldStep::Index { .. }) => {}
            _ => return false,
        }
    }
    false
}

/// The host's compile-time check that it lays out the structures of the
/// kernel's buffers as ferry wrote the kernel for: one per buffer, over
/// the fields the kernel reaches.
pub(super) fn layout_checks(reached: &[Reached]) -> Vec<BlockItem> {
    let mut buffers: Vec<Symbol> = Vec::new();
    for r in reached {
        if !buffers.contains(&r.buffer) {
            buffers.push(r.buffer);
        }
    }
    buffers
        .into_iter()
        .map(|buffer| {
            let fields: Vec<&Reached> = reached.iter().filter(|r| r.buffer == buffer).collect();
            let first = fields[0];
            let element = (0..first.dims).fold(ident(buffer), |e, _| build::index(e, int(0)));
            let element_type = build::type_name(
                vec![build::typeof_(element.clone())],
                ferry_parser::ast::Declarator::Abstract,
            );
            let mut condition = build::eq(build::sizeof(element), build::long(first.size as i64));
            let mut seen = HashSet::new();
            // A whole element's copy (no steps) is checked by the size.
            for f in fields
                .iter()
                .filter(|f| !f.steps.is_empty() && seen.insert(f.steps.clone()))
            {
                // The field at every subscript 0, then at 1 along each
                // array on the way that has a second element (its stride).
                // `bytes` starts at the field's offset, every subscript 0.
                let offset = f.bytes.start;
                let mut places = vec![(None, offset)];
                for (k, step) in f.steps.iter().enumerate() {
                    if let FieldStep::Index { length, stride } = step
                        && *length != 1
                    {
                        places.push((Some(k), offset + stride));
                    }
                }
                for (one, offset) in places {
                    let designator = f
                        .steps
                        .iter()
                        .enumerate()
                        .map(|(k, step)| match step {
                            FieldStep::Member { name, .. } => OffsetofMember::Field(*name),
                            FieldStep::Index { .. } => {
                                OffsetofMember::Index(int(i64::from(one == Some(k))))
                            }
                        })
                        .collect();
                    let offsetof = build::expr(ExprKind::Offsetof(
                        Box::new(element_type.clone()),
                        designator,
                    ));
                    condition = binary(
                        BinaryOp::LogAnd,
                        condition,
                        build::eq(offsetof, build::long(offset as i64)),
                    );
                }
            }
            static_assert(
                condition,
                format!(
                    "ferry: the kernels reaching `{}` assume {} is laid out as on LP64 C (no \
                     packing, no extra alignment)",
                    first.shown.as_str(),
                    first.record_name
                ),
            )
        })
        .collect()
}

/// `_Static_assert(condition, "message");`
pub(super) fn static_assert(condition: Expr, message: String) -> BlockItem {
    let text = format!("\"{}\"", message.replace('\\', "\\\\").replace('"', "\\\""));
    BlockItem::Declaration(Declaration::StaticAssert(StaticAssert {
        condition,
        message: Some(StringLit {
            pieces: vec![Symbol::intern(&text)],
            span: Span::default(),
        }),
        span: Span::default(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record_of(source: &str) -> Result<Record, String> {
        let file =
            ferry_parser::parse_preprocessed(source.to_string(), std::path::Path::new("t.c"))
                .expect("parses");
        let program = ferry_hcfg::build_program(&[file]);
        let id = program
            .structs
            .iter()
            .position(|s| s.tag.is_some_and(|t| t.as_str() == "s"))
            .expect("a `struct s`");
        Record::of(&program, StructId(id as u32))
    }

    /// Each field as `dotted` names it, its offset and the bytes it spans.
    fn layout(r: &Record) -> Vec<(String, u64, u64)> {
        r.fields
            .iter()
            .map(|f| {
                (
                    dotted(f.steps.iter().map(FieldStep::name)),
                    f.offset,
                    f.bytes,
                )
            })
            .collect()
    }

    fn named(fields: &[(&str, u64, u64)]) -> Vec<(String, u64, u64)> {
        fields
            .iter()
            .map(|&(name, offset, bytes)| (name.to_string(), offset, bytes))
            .collect()
    }

    #[test]
    fn members_are_placed_at_multiples_of_their_alignment() {
        let r = record_of(
            "struct in { char c; double d; };\n\
             struct s { char tag; int id; struct in inner; short w[3]; long n; };",
        )
        .unwrap();
        // tag 0, id 4, inner at 8 (c 8, d 16), w 24..30, n 32; size 40.
        assert_eq!(r.size, 40);
        assert_eq!(
            layout(&r),
            named(&[
                ("tag", 0, 1),
                ("id", 4, 4),
                ("inner.c", 8, 1),
                ("inner.d", 16, 8),
                ("w[]", 24, 6),
                ("n", 32, 8),
            ])
        );
    }

    #[test]
    fn fields_of_arrays_of_structures_step_by_the_element() {
        let r = record_of(
            "struct q { int a; float b[2]; };\n\
             struct s { char c; struct q qs[3]; short end; };",
        )
        .unwrap();
        // q is 12 bytes (align 4): qs at 4..40, end at 40; size 44. qs[].a
        // spans the first a to the last, 2 * 12 + 4 bytes; qs[].b[] also
        // the last b's second element, 2 * 12 + 4 + 4.
        assert_eq!(r.size, 44);
        assert_eq!(
            layout(&r),
            named(&[
                ("c", 0, 1),
                ("qs[].a", 4, 28),
                ("qs[].b[]", 8, 32),
                ("end", 40, 2),
            ])
        );
        assert_eq!(
            r.fields[2].steps[1..],
            [
                FieldStep::Index {
                    length: 3,
                    stride: 12
                },
                FieldStep::Member {
                    name: Symbol::intern("b"),
                    of_union: false
                },
                FieldStep::Index {
                    length: 2,
                    stride: 4
                },
            ]
        );
    }

    #[test]
    fn anonymous_members_are_named_as_the_structures_own() {
        let r = record_of("struct s { float x; struct { float y, z; }; char end; };").unwrap();
        assert_eq!(r.size, 16);
        let names: Vec<String> = layout(&r).into_iter().map(|(n, _, _)| n).collect();
        assert_eq!(names, ["x", "y", "z", "end"]);
        assert_eq!(r.fields[3].offset, 12);
    }

    #[test]
    fn union_members_share_their_start() {
        let r =
            record_of("struct s { char c; union { short h; double d[2]; } u; int end; };").unwrap();
        // u at 8 (aligned for d), 16 bytes; end at 24; size 32.
        assert_eq!(r.size, 32);
        assert_eq!(
            layout(&r),
            named(&[("c", 0, 1), ("u.h", 8, 2), ("u.d[]", 8, 16), ("end", 24, 4)])
        );
    }

    #[test]
    fn bit_fields_are_not_laid_out() {
        assert_eq!(
            record_of("struct s { unsigned a : 3; int b; };").unwrap_err(),
            "they hold a bit-field"
        );
    }

    #[test]
    fn structures_placed_by_attributes_are_not_laid_out() {
        for packed in [
            "struct s { char c; int i; } __attribute__((packed));",
            "struct __attribute__((packed)) s { char c; int i; };",
            "struct s { char c; int i __attribute__((aligned(16))); };",
            "struct s { char c; _Alignas(8) int i; };",
            "struct s { char c; int : 4; int i; };",
            "#pragma pack(push, 1)\nstruct s { char c; int i; };\n#pragma pack(pop)",
        ] {
            let why = record_of(packed).unwrap_err();
            assert!(why.contains("a layout"), "{packed}: {why}");
        }
    }
}
