//! Structures used only member by member, seen as one variable per
//! scalar member (scalar replacement of aggregates, on the IR only).
//!
//! `struct vec v; v.n = 100; v.c = malloc(...); for (i = 0; i < v.n; i++)
//! v.c[i] = 0;` is, to the analyses, two variables `v.n` and `v.c`: the
//! loop is counted with bound `v.n`, and `v.c` is a pointer assigned only a
//! fresh block, whose elements are named `v.c[PHI1]` as a local pointer's
//! would be. Without this, neither the bound nor the block has a name.
//!
//! A structure qualifies when it is a local or a by-value parameter (not
//! `static`, not `volatile`) whose address is never taken, the structure a
//! pointer parameter points to (`p->n`, `p->data[i]`), or a global structure
//! that every function uses member by member (its members are then globals
//! of their own, `cfg.n`), whose type is a
//! plain structure (every member named, no bit-field, no union at any
//! depth: members that share storage would be two variables for one
//! value), and which the function uses only through member chains (`v.a.b`,
//! `p->a.b`) that end at a scalar member (read or assigned) or at an array
//! member (its elements): never as a whole value (`w = v`, `f(v)`, `return
//! v`, an initialiser, `*p`, `f(p)`, `p + 1`), never a member's address.
//! Then nothing but those chains reads or changes the scalar members, and
//! each can be a variable. For a pointer parameter this takes the paper's
//! assumption for pointer parameters: the structure it points to is not
//! also reached under another name while the function runs.
//!
//! Each member the function names gets a variable, named by its chain
//! (`v.n`, `v.pos.x`, `p->n`),
//! is a local of the function, goes out of scope with the structure, and
//! [`Program::fields`] says which variables stand for which structure's
//! members. The syntax tree keeps the member accesses; isolation maps the
//! variables back to them by name, as it does for array members (`P.x`).

use crate::ir::*;
use ferry_parser::intern::Symbol;
use std::collections::{BTreeMap, BTreeSet};

/// Finds the structures of every function that qualify, creates their
/// members' variables (in [`Program::fields`] and [`Program::members`]) and
/// rewrites the chains.
pub fn apply(program: &mut Program) {
    let globals = global_structures(program);
    if !globals.is_empty() {
        rewrite_globals(program, &globals);
    }
    for f in program.function_ids().collect::<Vec<_>>() {
        let structures = find(program, f);
        if structures.is_empty() {
            continue;
        }
        rewrite(program, f, &structures);
    }
}

/// A member chain from a variable, outermost member last: `v.a.b`, or
/// `p->a.b` from a pointer (the root's type says which).
fn chain(e: &Expr) -> Option<(VarId, Vec<Symbol>)> {
    match &e.kind {
        ExprKind::Var(v) => Some((*v, Vec::new())),
        ExprKind::Member {
            base,
            field,
            arrow: false,
        } => {
            let (v, mut path) = chain(base)?;
            path.push(*field);
            Some((v, path))
        }
        ExprKind::Member {
            base,
            field,
            arrow: true,
        } => match base.kind {
            ExprKind::Var(p) => Some((p, vec![*field])),
            _ => None,
        },
        _ => None,
    }
}

/// The structure type a candidate's chains start from: its own, or the one
/// it points to.
fn structure_of(ty: &Type) -> Option<StructId> {
    match ty {
        Type::Struct(s) => Some(*s),
        Type::Pointer(inner) => match **inner {
            Type::Struct(s) => Some(s),
            _ => None,
        },
        _ => None,
    }
}

/// A type a field variable can hold: an integer, a float or a pointer.
fn is_scalar(ty: &Type) -> bool {
    matches!(ty, Type::Int { .. } | Type::Float { .. } | Type::Pointer(_))
}

/// Every member named, no bit-field, no union, and every member structure
/// plain as well.
fn is_plain(program: &Program, s: StructId, depth: usize) -> bool {
    let def = program.struct_def(s);
    let Some(fields) = &def.fields else {
        return false;
    };
    !def.is_union
        && depth < 8
        && fields.iter().all(|field| {
            field.name.is_some()
                && !field.bit_field
                && match &field.ty {
                    Type::Struct(inner) => is_plain(program, *inner, depth + 1),
                    Type::Array(elem, _) => !matches!(**elem, Type::Struct(_) | Type::Opaque),
                    ty => is_scalar(ty),
                }
        })
}

/// The global structures that qualify in every function of the program.
fn global_structures(program: &Program) -> BTreeSet<VarId> {
    let mut candidates: BTreeSet<VarId> = program
        .globals
        .iter()
        .copied()
        .filter(|&v| {
            let var = program.var(v);
            matches!(var.storage, Storage::Global { .. })
                && matches!(var.ty, Type::Struct(s) if is_plain(program, s, 0))
                && !var.address_taken
                && !var.is_volatile
        })
        .collect();
    for f in program.function_ids() {
        if candidates.is_empty() {
            break;
        }
        disqualify_in_function(program, f, &mut candidates);
    }
    candidates
}

/// Takes out of `candidates` the structures `f` uses otherwise than
/// member by member.
fn disqualify_in_function(program: &Program, f: FuncId, candidates: &mut BTreeSet<VarId>) {
    let function = program.function(f);
    for node in function.body.iter().flat_map(|b| &b.nodes) {
        // The tests of ifs, loops and jumps are only tested.
        let tested = !matches!(node.kind, NodeKind::Expr(_) | NodeKind::Return(_));
        for e in node.kind.own_expressions() {
            disqualify_whole_uses(e, candidates, tested);
        }
    }
    // A variable-length array's size may read a member too.
    for &v in &function.locals {
        for size in vla_sizes(&program.var(v).ty) {
            disqualify_whole_uses(size, candidates, false);
        }
    }
}

/// Creates a global variable for each member of `globals` some function
/// names, and rewrites the chains of every function.
fn rewrite_globals(program: &mut Program, globals: &BTreeSet<VarId>) {
    let mut used = BTreeMap::new();
    for f in program.function_ids() {
        used.extend(used_members(program, f, globals));
    }
    let mut slots: BTreeMap<(VarId, Vec<Symbol>), VarId> = BTreeMap::new();
    for ((g, path), ty) in used {
        let storage = program.var(g).storage;
        let var = member_var(program, g, &path, ty, storage, None);
        let id = add_member(program, var, g, &path);
        program.globals.push(id);
        program.fields.entry(g).or_default().push(id);
        slots.insert((g, path), id);
    }
    for f in program.function_ids().collect::<Vec<_>>() {
        replace_in_function(program, f, &slots);
    }
}

/// Replaces the chains of `slots` in `f`'s expressions and its locals'
/// variable-length array sizes.
fn replace_in_function(
    program: &mut Program,
    f: FuncId,
    slots: &BTreeMap<(VarId, Vec<Symbol>), VarId>,
) {
    let locals = program.function(f).locals.clone();
    for v in locals {
        for size in vla_sizes_mut(&mut program.vars[v.index()].ty) {
            replace_chains(size, slots);
        }
    }
    if let Some(body) = &mut program.functions[f.index()].body {
        for node in &mut body.nodes {
            for e in node.kind.own_expressions_mut() {
                replace_chains(e, slots);
            }
        }
    }
}

/// The structures of `f` that qualify.
fn find(program: &Program, f: FuncId) -> BTreeSet<VarId> {
    let function = program.function(f);
    if function.body.is_none() {
        return BTreeSet::new();
    }
    let mut candidates: BTreeSet<VarId> = function
        .params
        .iter()
        .chain(&function.locals)
        .copied()
        .filter(|&v| {
            let var = program.var(v);
            let shape = match &var.ty {
                Type::Struct(_) => matches!(var.storage, Storage::Local | Storage::Param),
                Type::Pointer(_) => var.storage == Storage::Param,
                _ => false,
            };
            shape
                && !var.address_taken
                && !var.is_volatile
                && structure_of(&var.ty).is_some_and(|s| is_plain(program, s, 0))
        })
        .collect();
    if !candidates.is_empty() {
        disqualify_in_function(program, f, &mut candidates);
    }
    candidates
}

/// Takes out of `candidates` every structure `e` uses otherwise than
/// through a chain ending at a scalar or array member, or (a pointer) by
/// testing it against null: `if (!p)`, `p && p->n`, `p == NULL`. `tested`
/// says that `e`'s value is only tested (a condition, an operand of `!`,
/// `&&`, `||`).
fn disqualify_whole_uses(e: &Expr, candidates: &mut BTreeSet<VarId>, tested: bool) {
    if let Some((v, path)) = chain(e) {
        let member = !path.is_empty() && (is_scalar(&e.ty) || matches!(e.ty, Type::Array(..)));
        let null_test = path.is_empty() && tested && matches!(e.ty, Type::Pointer(_));
        if !member && !null_test {
            candidates.remove(&v);
        }
        return;
    }
    match &e.kind {
        ExprKind::Unary(UnOp::AddrOf, inner)
            if !matches!(inner.ty, Type::Array(..))
                && let Some((v, _)) = chain(inner) =>
        {
            candidates.remove(&v);
        }
        ExprKind::Unary(UnOp::Not, a) => disqualify_whole_uses(a, candidates, true),
        ExprKind::Binary(BinaryOp::LogAnd | BinaryOp::LogOr, a, b) => {
            disqualify_whole_uses(a, candidates, true);
            disqualify_whole_uses(b, candidates, true);
        }
        ExprKind::Binary(BinaryOp::Eq | BinaryOp::Ne, a, b) => {
            let null = |x: &Expr| matches!(x.strip_casts().kind, ExprKind::Int(0));
            disqualify_whole_uses(a, candidates, null(b));
            disqualify_whole_uses(b, candidates, null(a));
        }
        ExprKind::Cond(c, a, b) => {
            disqualify_whole_uses(c, candidates, true);
            if let Some(a) = a {
                disqualify_whole_uses(a, candidates, false);
            }
            disqualify_whole_uses(b, candidates, false);
        }
        _ => e.for_each_child(&mut |c| disqualify_whole_uses(c, candidates, false)),
    }
}

fn vla_sizes(ty: &Type) -> Vec<&Expr> {
    let mut out = Vec::new();
    let mut t = ty;
    while let Type::Array(elem, len) = t {
        if let ArrayLen::Vla(size) = len {
            out.push(size.as_ref());
        }
        t = elem;
    }
    out
}

fn vla_sizes_mut(ty: &mut Type) -> Vec<&mut Expr> {
    let mut out = Vec::new();
    let mut t = ty;
    while let Type::Array(elem, len) = t {
        if let ArrayLen::Vla(size) = len {
            out.push(size.as_mut());
        }
        t = elem;
    }
    out
}

/// Creates the variables of the members of `structures` that `f` names,
/// replaces the chains that reach them, and adds them to the function's
/// locals and to the scopes that end their structure.
fn rewrite(program: &mut Program, f: FuncId, structures: &BTreeSet<VarId>) {
    let mut slots: BTreeMap<(VarId, Vec<Symbol>), VarId> = BTreeMap::new();
    let mut by_structure: BTreeMap<VarId, Vec<VarId>> = BTreeMap::new();
    // Only the members the function names get a variable: a structure of
    // a hundred members, a few of them used, makes a few variables.
    for ((v, path), ty) in used_members(program, f, structures) {
        let var = member_var(program, v, &path, ty, Storage::Local, Some(f));
        let id = add_member(program, var, v, &path);
        program.functions[f.index()].locals.push(id);
        slots.insert((v, path), id);
        by_structure.entry(v).or_default().push(id);
    }
    replace_in_function(program, f, &slots);
    if let Some(body) = &mut program.functions[f.index()].body {
        for node in &mut body.nodes {
            if let NodeKind::Seq { scoped, .. } = &mut node.kind {
                let ending: Vec<VarId> = scoped
                    .iter()
                    .filter_map(|v| by_structure.get(v))
                    .flatten()
                    .copied()
                    .collect();
                scoped.extend(ending);
            }
        }
    }
    program.fields.extend(by_structure);
}

/// The variable of member `path` of `structure`, named by its chain
/// (`v.pos.x`, or `p->n` through a pointer).
fn member_var(
    program: &Program,
    structure: VarId,
    path: &[Symbol],
    ty: Type,
    storage: Storage,
    function: Option<FuncId>,
) -> Var {
    let var = program.var(structure);
    let through_pointer = matches!(var.ty, Type::Pointer(_));
    let mut name = var.name.as_str().to_string();
    for (k, field) in path.iter().enumerate() {
        name.push_str(if k == 0 && through_pointer { "->" } else { "." });
        name.push_str(field.as_str());
    }
    Var {
        name: Symbol::intern(&name),
        ty,
        storage,
        function,
        unit: var.unit,
        span: var.span,
        address_taken: false,
        is_volatile: false,
        scope_end: var.scope_end,
    }
}

/// Adds a member's variable to the program, and says whose member it is.
fn add_member(program: &mut Program, var: Var, structure: VarId, path: &[Symbol]) -> VarId {
    let id = VarId(program.vars.len() as u32);
    program.vars.push(var);
    program.members.insert(
        id,
        MemberOf {
            structure,
            path: path.to_vec(),
        },
    );
    id
}

/// The scalar members of `structures` that `f` names, with their types.
fn used_members(
    program: &Program,
    f: FuncId,
    structures: &BTreeSet<VarId>,
) -> BTreeMap<(VarId, Vec<Symbol>), Type> {
    let function = program.function(f);
    let mut used = BTreeMap::new();
    let mut note = |e: &Expr| {
        e.walk(&mut |sub| {
            if let Some((v, path)) = chain(sub)
                && structures.contains(&v)
                && !path.is_empty()
                && is_scalar(&sub.ty)
            {
                used.insert((v, path), sub.ty.clone());
            }
        })
    };
    for node in function.body.iter().flat_map(|b| &b.nodes) {
        for e in node.kind.own_expressions() {
            note(e);
        }
    }
    for &v in &function.locals {
        for size in vla_sizes(&program.var(v).ty) {
            note(size);
        }
    }
    used
}

fn replace_chains(e: &mut Expr, slots: &BTreeMap<(VarId, Vec<Symbol>), VarId>) {
    if let Some(key) = chain(e)
        && let Some(&slot) = slots.get(&key)
    {
        e.kind = ExprKind::Var(slot);
        return;
    }
    e.for_each_child_mut(&mut |c| replace_chains(c, slots));
}
