//! Regions of a call: the callee's summary translated to the call site.
//!
//! - A formal integer parameter is replaced by the actual argument's
//!   affine value (forgotten, and the region may, when it is not affine).
//! - Memory behind a formal pointer or array parameter is memory of the
//!   actual argument's object: `f(a)`, `f(a + i)`, `f(&a[i][0])`,
//!   `f(&s)`, `f(p->buf)`. The formal's first dimension is added to the
//!   actual's last subscript; its further dimensions follow the actual's.
//!   When the element types differ, or when the callee's accesses may run
//!   past the end of the actual's row (a 2-D array seen as 1-D), the
//!   translated region covers the actual object's dimensions from that
//!   point on (may).
//! - Globals are the same variables on both sides.
//! - A function without a body touches what its pointer arguments point
//!   to (may), and, unless it is a C library function, any memory.

use crate::access::Subscript;
use crate::access::{Collector, Path, Rw};
use crate::entity::{Entity, Root, Step, phi};
use crate::region::{self, Region, add};
use crate::runs;
use crate::set::{equal_to, equal_to_cases};
use crate::under;
use ferry_hcfg::callgraph::{call_targets, direct_callee};
use ferry_hcfg::effects::{is_library, is_read_only_library};
use ferry_hcfg::ir::*;
use ferry_hcfg::semantics::affine::{Case, unconditional};
use ferry_hcfg::semantics::poly::{Conj, Cons, Lin, Name, Poly};

/// The regions the callee(s) of a call touch, translated to the caller.
pub fn call_regions(col: &Collector, callee: &Expr, args: &[Expr]) -> Rw {
    let cx = col.cx;
    let program = cx.program;
    let targets = call_targets(program, callee, args.len());
    let direct = direct_callee(callee).is_some();
    let mut out = Rw::default();
    if targets.is_empty() {
        unknown_memory(col, &mut out);
    }
    for g in targets {
        let mut one = match (&program.function(g).body, cx.summaries.get(g.index())) {
            (Some(_), Some(Some(summary))) => translate_summary(col, g, summary, args),
            (Some(_), _) => {
                // A callee of the same recursive cycle, not summarised yet.
                let mut r = Rw::default();
                unknown_memory(col, &mut r);
                r
            }
            (None, _) => external(col, g, args),
        };
        if !direct {
            one.read = region::all_may(&one.read);
            one.write = region::all_may(&one.write);
            one.input = region::all_may(&one.input);
        }
        for (e, r) in one.read {
            add(&mut out.read, e, r);
        }
        for (e, r) in one.write {
            add(&mut out.write, e, r);
        }
        for (e, r) in one.input {
            add(&mut out.input, e, r);
        }
    }
    out
}

fn unknown_memory(col: &Collector, out: &mut Rw) {
    let r = region::everything(col.cx.ctx);
    add(&mut out.read, Entity::anywhere(), r.clone());
    add(&mut out.input, Entity::anywhere(), r.clone());
    add(&mut out.write, Entity::anywhere(), r);
}

/// A function without a body.
fn external(col: &Collector, g: FuncId, args: &[Expr]) -> Rw {
    let cx = col.cx;
    let mut out = Rw::default();
    if !is_library(cx.program, g) {
        unknown_memory(col, &mut out);
    } else if let Some(runs) = memory_runs(col, g, args) {
        return runs;
    }
    // `free` ends the block's life without looking at its contents, so
    // they are dead there: nothing may read them afterwards. (Its effects,
    // which order host code, still touch the block: nothing that uses it
    // may move below the call.)
    if cx.program.function(g).name.as_str() == "free" && is_library(cx.program, g) {
        return out;
    }
    let writes = !is_read_only_library(cx.program, g);
    for a in args {
        if !a.ty.is_pointer_like() || is_string_literal(a) {
            // A string literal is storage no variable names.
            continue;
        }
        // `&k` designates the scalar itself, `buf` the array's elements.
        let entity = quiet_address(col, a)
            .map(|p| p.deref().entity)
            .unwrap_or_else(Entity::anywhere);
        let whole = cx.whole(&entity);
        add(&mut out.read, entity.clone(), whole.clone());
        add(&mut out.input, entity.clone(), whole.clone());
        if writes {
            add(&mut out.write, entity, whole);
        }
    }
    out
}

/// The regions of a memory function of the C library whose pointers and
/// byte count read as runs of elements ([`crate::runs`]): `memcpy(d, s,
/// n)` writes the run of `d` and reads that of `s`, exactly (`memcmp`'s
/// reads are may: it stops at the first difference). `None` for
/// any other call, which touches its pointers' objects whole.
fn memory_runs(col: &Collector, g: FuncId, args: &[Expr]) -> Option<Rw> {
    // The arguments read, those written; the byte count is the third.
    let (read, written): (&[usize], &[usize]) = match col.cx.program.function(g).name.as_str() {
        "memcpy" | "memmove" => (&[1], &[0]),
        "memset" => (&[], &[0]),
        "memcmp" => (&[0, 1], &[]),
        _ => return None,
    };
    let bytes = args.get(2)?;
    let run = |k: usize| -> Option<(Entity, Region)> {
        let (place, element) = runs::place(col.cx, args.get(k)?)?;
        let count = runs::elements_or_bytes(col.cx, bytes, &element)?;
        Some(run_region(col, place, &count))
    };
    // `memcmp` stops at the first difference: it reads at most the runs.
    let reads_all = !matches!(col.cx.program.function(g).name.as_str(), "memcmp");
    let mut out = Rw::default();
    for &k in read {
        let (e, mut r) = run(k)?;
        if !reads_all {
            r.make_may();
        }
        add(&mut out.read, e.clone(), r.clone());
        add(&mut out.input, e, r);
    }
    for &k in written {
        let (e, r) = run(k)?;
        add(&mut out.write, e, r);
    }
    Some(out)
}

/// The `count` elements from `place` on, along its last subscript.
fn run_region(col: &Collector, place: runs::Place, count: &[Case]) -> (Entity, Region) {
    // The last subscript is the start plus an offset `0 <= t < count`.
    let t = "run_offset".to_string();
    let mut subscripts: Vec<Subscript> = place.subscripts.into_iter().map(Some).collect();
    let last = subscripts.pop().flatten().unwrap_or_default();
    let offset = Lin::name(t.clone());
    let cases: Subscript = last
        .iter()
        .flat_map(|start| count.iter().map(move |n| (start, n)))
        .map(|((start, at), (n, within))| {
            let lin = start.add(&offset)?;
            let upper = n.sub(&offset)?.add(&Lin::constant(-1))?;
            let mut conj = at.and(within);
            conj.cons.push(Cons::ge0(offset.clone()));
            conj.cons.push(Cons::ge0(upper));
            conj.exists.push(t.clone());
            Some((lin, conj))
        })
        .collect();
    // Without a form for the run (an overflow), the whole dimension, may.
    subscripts.push(cases);
    let path = Path {
        entity: place.entity,
        subscripts,
        virtual_last: false,
        scrambled: false,
        within_union: false,
    };
    let region = col.path_region(&path);
    (path.entity, region)
}

fn is_string_literal(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Str => true,
        ExprKind::Cast(inner) => is_string_literal(inner),
        _ => false,
    }
}

/// The address an argument designates, without recording its reads again.
fn quiet_address(col: &Collector, arg: &Expr) -> Option<Path> {
    let mut quiet = Collector::new(col.cx, arg);
    quiet.address(arg)
}

/// The name a formal parameter's value takes while it is being replaced.
fn formal_name(v: VarId) -> String {
    format!("formal{}", v.0)
}

fn translate_summary(col: &Collector, g: FuncId, summary: &Rw, args: &[Expr]) -> Rw {
    let t = Translation::new(col, g, args);
    let mut out = Rw::default();
    for (maps, into) in [
        (&summary.read, &mut out.read),
        (&summary.write, &mut out.write),
        (&summary.input, &mut out.input),
    ] {
        for (e, r) in maps {
            let (e, r) = t.region(e, r);
            add(into, e, r);
        }
    }
    out
}

struct Translation<'t, 'c, 'a> {
    col: &'t Collector<'c, 'a>,
    callee: &'a Function,
    /// Per formal: the actual argument's affine value, if any.
    values: Vec<Option<Vec<(Lin, Conj)>>>,
    /// Per formal: the element the actual argument points to, if any.
    addresses: Vec<Option<Path>>,
}

impl<'t, 'c, 'a> Translation<'t, 'c, 'a> {
    fn new(col: &'t Collector<'c, 'a>, g: FuncId, args: &[Expr]) -> Self {
        let callee = col.cx.program.function(g);
        let mut values = Vec::new();
        let mut addresses = Vec::new();
        for (k, _) in callee.params.iter().enumerate() {
            let arg = args.get(k);
            values.push(arg.and_then(|a| col.cx.value(a)));
            addresses.push(
                arg.filter(|a| a.ty.is_pointer_like())
                    .and_then(|a| quiet_address(col, a)),
            );
        }
        Translation {
            col,
            callee,
            values,
            addresses,
        }
    }

    /// Replaces the callee's formal integer parameters by the actuals.
    fn bind_formals(&self, r: &Region) -> Region {
        let ctx = self.col.cx.ctx;
        let mut r = r.clone();
        let mut bound = Vec::new();
        for (k, &p) in self.callee.params.iter().enumerate() {
            let name = Name::Pre(p).isl();
            if r.set.has(&name).is_none() {
                continue;
            }
            let tmp = formal_name(p);
            let binding = self.values[k]
                .as_ref()
                .and_then(|cases| equal_to_cases(ctx, &Lin::name(tmp.clone()), cases));
            match binding {
                Some(binding) => {
                    let must = r
                        .under()
                        .and_then(|m| under::rename(m, &name, &tmp))
                        .and_then(|m| under::intersect(&m, &binding));
                    let set = r.set.rename(&name, &tmp).intersect(&binding);
                    r = Region::from_parts(set, r.approx(), must);
                    bound.push(tmp);
                }
                None => r = r.forget(&name),
            }
        }
        for tmp in bound {
            r = r.project(&tmp);
        }
        r
    }

    fn region(&self, e: &Entity, r: &Region) -> (Entity, Region) {
        let r = self.bind_formals(r);
        let Root::Var(root) = e.root else {
            return (e.clone(), r);
        };
        if self.col.cx.program.member_of_param(root).is_some() {
            // Behind a pointer member of a structure the caller passed by
            // value: the caller's structure is used whole, so what its
            // member reaches has no name there.
            return (Entity::anywhere(), region::everything(self.col.cx.ctx));
        }
        let Some(k) = self.callee.params.iter().position(|&p| p == root) else {
            // A global.
            return (e.clone(), r);
        };
        let Some(actual) = &self.addresses[k] else {
            return (Entity::anywhere(), region::everything(self.col.cx.ctx));
        };
        self.onto_actual(e, r, actual, root)
    }

    /// Memory behind formal `formal` as memory of the actual's object.
    fn onto_actual(&self, e: &Entity, r: Region, actual: &Path, formal: VarId) -> (Entity, Region) {
        // Memory inside one union object (a member passed by address): the
        // object itself, whose members share its bytes; may.
        if actual.within_union {
            let mut region = self.col.path_region(actual);
            region.make_may();
            return (actual.entity.clone(), region);
        }
        let cx = self.col.cx;
        let program = cx.program;
        let mut entity = actual.entity.clone();
        let mut set = r.set.clone();
        // What is surely touched goes the same way, by exact operations.
        let mut must = r.under().cloned();
        let formal_dims = e.dims();
        // Rename the callee's dimensions out of the way.
        for k in 1..=formal_dims {
            set = set.rename(&phi(k), &format!("formal_phi{k}"));
            must = must.and_then(|m| under::rename(&m, &phi(k), &format!("formal_phi{k}")));
        }
        let shape_ok = !actual.scrambled
            && same_element(
                &formal_element_type(program, formal),
                &actual_element_type(program, actual),
            );
        // Where the formal's first dimension lands in the actual.
        let (d, subs) = if actual.virtual_last {
            entity.path.pop();
            let mut subs = actual.subscripts.clone();
            subs.pop();
            // The formal's first subscript must be 0 (one object).
            let first_is_zero =
                equal_to(cx.ctx, "formal_phi1", &Lin::constant(0)).expect("a constant compares");
            set = set.intersect(&first_is_zero);
            must = must.and_then(|m| under::intersect(&m, &first_is_zero));
            (subs.len(), subs)
        } else {
            (actual.subscripts.len(), actual.subscripts.clone())
        };
        entity.path.extend(e.path.iter().skip(1).copied());
        // The actual's own subscripts, then the formal's.
        let mut ok = shape_ok;
        for (j, sub) in subs.iter().enumerate() {
            let name = phi(j + 1);
            let last = j + 1 == subs.len() && !actual.virtual_last;
            let formal_first = Lin::name("formal_phi1".to_string());
            // The formal's first subscript adds to the actual's last one.
            let left = if last {
                Lin::name(name.clone()).sub(&formal_first)
            } else {
                Some(Lin::name(name.clone()))
            };
            let equal = sub
                .as_ref()
                .zip(left)
                .and_then(|(cases, left)| equal_to_cases(cx.ctx, &left, cases));
            match equal {
                Some(equal) => {
                    set = set.intersect(&equal);
                    must = must.and_then(|m| under::intersect(&m, &equal));
                }
                None => ok = false,
            }
        }
        // The formal's further dimensions are the actual's next ones.
        for k in 2..=formal_dims {
            let target = phi(d + k - 1);
            set = set.rename(&format!("formal_phi{k}"), &target);
            must = must.and_then(|m| under::rename(&m, &format!("formal_phi{k}"), &target));
        }
        let region = Region::from_parts(set, r.approx(), must).project("formal_phi1");
        if formal_dims == 0 {
            ok = false;
        }
        // Accesses past the end of the actual's row reach other rows.
        if ok && d >= 2 {
            let extents = cx.extents(&entity);
            if let Some(Some(ext)) = extents.get(d - 1) {
                let inside = cx.extent_bounds(&phi(d), Some(ext.clone()));
                if !region.set.is_subset(&region.set.intersect(&inside)) {
                    ok = false;
                }
            }
        }
        if !ok {
            return self
                .linearized(e, &r, actual, formal)
                .or_else(|| self.product_run(e, &r, actual, formal))
                .unwrap_or_else(|| self.whole_run(actual));
        }
        (entity, region)
    }
}

impl Translation<'_, '_, '_> {
    /// The callee sees the actual's memory with another shape (a 2-D array
    /// as 1-D, or the reverse): both sides are linearised, element by
    /// element, and the actual's subscripts recovered from the offset.
    /// Exact when every extent involved is a constant; `None` otherwise.
    fn linearized(
        &self,
        e: &Entity,
        r: &Region,
        actual: &Path,
        formal: VarId,
    ) -> Option<(Entity, Region)> {
        let cx = self.col.cx;
        let program = cx.program;
        if actual.virtual_last || actual.scrambled && !plain_scalars(program, actual, formal) {
            return None;
        }
        if e.path.iter().any(|s| *s != Step::Index) {
            return None;
        }
        // The actual's object down to its scalars.
        let (entity, subs) = extended(program, actual);
        let run_start = run_start(&entity);
        let dims = entity.dims();
        let extents = cx.extents(&entity);
        let constant = |k: usize| -> Option<i128> {
            match extents.get(k - 1)? {
                Some(l) => l.as_constant(),
                None => None,
            }
        };
        // Strides of the run, in elements.
        let mut astride = vec![0i128; dims + 1];
        let mut acc = 1i128;
        for j in (run_start..=dims).rev() {
            astride[j] = acc;
            if j > run_start {
                acc = acc.checked_mul(constant(j)?)?;
            }
        }
        // The formal's strides.
        let fdims = e.dims();
        let mut fext = Vec::new();
        let mut ty = &program.var(formal).ty;
        for k in 1..=fdims {
            let (inner, len) = match ty {
                Type::Array(inner, len) => (inner, Some(len)),
                Type::Pointer(inner) => (inner, None),
                _ => return None,
            };
            if k > 1 {
                match len? {
                    ArrayLen::Const(n) => fext.push(*n as i128),
                    ArrayLen::Vla(size) => fext.push(self.constant_formal(size)?),
                    ArrayLen::Unknown => return None,
                }
            }
            ty = inner;
        }
        if !same_element(ty, &scalar_of(program, actual)) {
            return None;
        }
        let mut fstride = vec![0i128; fdims + 1];
        let mut acc = 1i128;
        for k in (1..=fdims).rev() {
            fstride[k] = acc;
            if k > 1 {
                acc = acc.checked_mul(fext[k - 2])?;
            }
        }
        let mut set = r.set.clone();
        for k in 1..=fdims {
            set = set.rename(&phi(k), &format!("formal_phi{k}"));
        }
        // Σ ψ_j·astride_j = Σ sub_j·astride_j + Σ φ_k·fstride_k over the run.
        let mut lhs = Lin::constant(0);
        let mut offsets: Vec<(Lin, Conj)> = vec![(Lin::constant(0), Conj::default())];
        for (j, stride) in astride.iter().enumerate().skip(1) {
            let stride = *stride;
            let sub = subs.get(j - 1)?.clone()?;
            if j < run_start {
                set = set.intersect(&equal_to_cases(cx.ctx, &Lin::name(phi(j)), &sub)?);
                continue;
            }
            lhs = lhs.add(&Lin::name(phi(j)).scale(stride)?)?;
            let scaled: Vec<(Lin, Conj)> = sub
                .iter()
                .map(|(l, c)| Some((l.scale(stride)?, c.clone())))
                .collect::<Option<_>>()?;
            offsets = crate::access::add_cases(&offsets, &scaled)?;
            if j > run_start {
                set = set.intersect(&cx.extent_bounds(&phi(j), Some(Lin::constant(constant(j)?))));
            }
        }
        let mut formal_offset = Lin::constant(0);
        for (k, stride) in fstride.iter().enumerate().skip(1) {
            formal_offset =
                formal_offset.add(&Lin::name(format!("formal_phi{k}")).scale(*stride)?)?;
        }
        set = set.intersect(&equal_to_cases(
            cx.ctx,
            &lhs.sub(&formal_offset)?,
            &offsets,
        )?);
        let mut region = Region::new(set, r.approx());
        for k in 1..=fdims {
            region = region.project(&format!("formal_phi{k}"));
        }
        Some((entity, region))
    }

    /// A callee that sees a flat run with rows of a variable length `s`
    /// (`transpose(rows, cols, a, b)` where `transpose` reads
    /// `a[i * cols + j]`, `ferry_hcfg::delinearise`): its offsets
    /// `φ1·s + φ2` are not affine, but with `0 <= φ2 < s` and
    /// `lo <= φ1 <= hi` they lie in `[lo·s, (hi + 1)·s - 1]`, where each
    /// product of two variables is a parameter of its own
    /// ([`Name::Product`]). Made only where `s` and the variables of
    /// `lo` and `hi` keep their value in the caller, so that the product
    /// means the same wherever the region is.
    fn product_run(
        &self,
        e: &Entity,
        r: &Region,
        actual: &Path,
        formal: VarId,
    ) -> Option<(Entity, Region)> {
        let cx = self.col.cx;
        let program = cx.program;
        if actual.virtual_last
            || actual.scrambled
            || e.dims() != 2
            || e.path.iter().any(|s| *s != Step::Index)
        {
            return None;
        }
        // The formal: a pointer to rows of `s` scalars, `s` a formal.
        let Type::Pointer(row) = &program.var(formal).ty else {
            return None;
        };
        let Type::Array(element, ArrayLen::Vla(size)) = &**row else {
            return None;
        };
        let ExprKind::Var(s_formal) = size.kind else {
            return None;
        };
        let k = self.callee.params.iter().position(|&p| p == s_formal)?;
        let stride = unconditional(self.values[k].as_deref()?)?.clone();
        let stride_var = match (stride.terms.as_slice(), stride.constant) {
            ([(n, 1)], 0) => match Name::parse(n)? {
                Name::Pre(v) if cx.keeps_value(v) => v,
                _ => return None,
            },
            _ => return None,
        };
        // The actual: a flat run of the same scalars.
        let (entity, subs) = extended(program, actual);
        if entity.dims() != 1
            || run_start(&entity) != 1
            || !same_element(element, &scalar_of(program, actual))
        {
            return None;
        }
        let start = unconditional(subs.first()?.as_deref()?)?.clone();
        // Every column inside its row, as the callee's view proved.
        let columns = cx.extent_bounds(&phi(2), Some(stride.clone()));
        if !r.set.is_subset(&r.set.intersect(&columns)) {
            return None;
        }
        let (lo, hi) = row_bounds(&r.set.project(&phi(2)))?;
        let times_stride = |l: &Lin| -> Option<Lin> {
            let mut out = Lin::name(Name::Pre(stride_var).isl()).scale(l.constant)?;
            for (n, c) in &l.terms {
                let v = match Name::parse(n)? {
                    Name::Pre(v) if cx.keeps_value(v) => v,
                    _ => return None,
                };
                out = out.add(&Lin::name(Name::product(v, stride_var).isl()).scale(*c)?)?;
            }
            Some(out)
        };
        let first = start.add(&times_stride(&lo)?)?;
        let end = start.add(&times_stride(&hi.add(&Lin::constant(1))?)?)?;
        let at = Lin::name(phi(1));
        // Where a row is empty or no row is touched, nothing is (the
        // products alone do not know it).
        let touched = [
            Cons::ge0(stride.add(&Lin::constant(-1))?),
            Cons::ge0(hi.sub(&lo)?),
        ];
        let run = Conj {
            cons: [
                Cons::ge0(at.sub(&first)?),
                Cons::ge0(end.sub(&at)?.add(&Lin::constant(-1))?),
            ]
            .into_iter()
            .chain(touched.clone())
            .collect(),
            exists: Vec::new(),
        };
        let set = Poly::from_dnf(cx.ctx, &[run]);
        // Exact when the callee touches every column of rows lo..=hi: its
        // region then is that rectangle (it lies inside it already), and
        // the rectangle's offsets are exactly the run.
        let rectangle = Conj {
            cons: [
                Cons::ge0(Lin::name(phi(1)).sub(&lo)?),
                Cons::ge0(hi.sub(&Lin::name(phi(1)))?),
            ]
            .into_iter()
            .chain(touched)
            .collect(),
            exists: Vec::new(),
        };
        let rectangle = Poly::from_dnf(cx.ctx, &[rectangle]).intersect(&columns);
        let exact = r.is_exact() && rectangle.is_subset(&r.set);
        Some((entity, Region::new(set, region::Approx::from_exact(exact))))
    }

    /// The value of a formal's variable extent at this call, when it is
    /// one of the callee's parameters and the caller passes a constant
    /// (`double a[n][m]`, or a flat pointer seen with rows of `m`, called
    /// with `m` = 20): then the callee's rows have a length the caller's
    /// linear offsets can use.
    fn constant_formal(&self, size: &Expr) -> Option<i128> {
        let ExprKind::Var(v) = size.kind else {
            return None;
        };
        let k = self.callee.params.iter().position(|&p| p == v)?;
        let value = match self.values[k].as_deref()? {
            [(lin, _)] => lin.clone(),
            _ => return None,
        };
        let constant = value
            .as_constant()
            .or_else(|| match value.terms.as_slice() {
                [(name, 1)] => {
                    let fixed = self.col.precondition().raw()?.fixed(name)?;
                    fixed.checked_add(value.constant)
                }
                _ => None,
            });
        constant.filter(|&n| n > 0)
    }

    /// Every element of the actual's object from the argument's position
    /// on (may): what a callee may reach through a pointer whose shape the
    /// analysis cannot follow.
    fn whole_run(&self, actual: &Path) -> (Entity, Region) {
        let cx = self.col.cx;
        let (entity, subs) = extended(cx.program, actual);
        let start = run_start(&entity);
        let extents = cx.extents(&entity);
        let mut region = region::everything(cx.ctx);
        for j in 1..=entity.dims() {
            let fixed = if j < start {
                subs.get(j - 1).cloned().flatten()
            } else {
                None
            };
            let dim = match fixed {
                Some(cases) => equal_to_cases(cx.ctx, &Lin::name(phi(j)), &cases),
                None => None,
            };
            let dim = dim.unwrap_or_else(|| {
                cx.extent_bounds(&phi(j), extents.get(j - 1).cloned().flatten())
            });
            region = region.intersect(&dim);
        }
        (entity, region)
    }
}

/// A formal of scalar elements, whatever the actual's element type is
/// made of, if that is the same scalar (`(int *)a` for `int a[8][10]`).
fn plain_scalars(program: &Program, actual: &Path, formal: VarId) -> bool {
    let f = formal_element_type(program, formal);
    matches!(f, Type::Int { .. } | Type::Float { .. })
        && same_element(&f, &scalar_of(program, actual))
}

/// The actual's path extended with its element type's array dimensions
/// (subscript 0 each), down to a non-array element.
fn extended(program: &Program, actual: &Path) -> (Entity, Vec<crate::access::Subscript>) {
    let mut entity = actual.entity.clone();
    let mut subs = actual.subscripts.clone();
    let mut ty = actual_element_type(program, actual);
    while let Type::Array(inner, _) = ty {
        entity.path.push(Step::Index);
        subs.push(Some(vec![(Lin::constant(0), Conj::default())]));
        ty = *inner;
    }
    (entity, subs)
}

/// The scalar (non-array) element type under the actual's element.
fn scalar_of(program: &Program, actual: &Path) -> Type {
    let mut ty = actual_element_type(program, actual);
    while let Type::Array(inner, _) = ty {
        ty = *inner;
    }
    ty
}

/// The first dimension (from 1) of the trailing run of subscripts of an
/// entity: the dimensions of its innermost array object.
fn run_start(entity: &Entity) -> usize {
    let dims = entity.dims();
    let trailing = entity
        .path
        .iter()
        .rev()
        .take_while(|s| **s == Step::Index)
        .count();
    dims + 1 - trailing.max(1)
}

/// What a formal pointer or array parameter's elements are.
fn formal_element_type(program: &Program, formal: VarId) -> Type {
    match &program.var(formal).ty {
        Type::Array(elem, _) | Type::Pointer(elem) => (**elem).clone(),
        other => other.clone(),
    }
}

/// The type of the element an actual argument's path designates.
fn actual_element_type(program: &Program, path: &Path) -> Type {
    let mut ty = match path.entity.root {
        Root::Var(v) => program.var(v).ty.clone(),
        Root::Anywhere => return Type::Opaque,
    };
    for step in &path.entity.path {
        ty = match (step, ty) {
            (Step::Index, Type::Array(elem, _)) | (Step::Index, Type::Pointer(elem)) => *elem,
            (Step::Index, other) if path.virtual_last => other,
            (Step::Field(f), Type::Struct(s)) => program
                .struct_def(s)
                .field_type(program, *f)
                .unwrap_or(Type::Opaque),
            _ => Type::Opaque,
        };
    }
    ty
}

/// Whether elements of the two types are laid out alike: same scalar type,
/// same struct, arrays of constant extents that agree (variable extents
/// are trusted to agree: C requires compatible types at the call).
fn same_element(a: &Type, b: &Type) -> bool {
    match (a, b) {
        (Type::Array(x, lx), Type::Array(y, ly)) => {
            let lengths = match (lx, ly) {
                (ArrayLen::Const(m), ArrayLen::Const(n)) => m == n,
                _ => true,
            };
            lengths && same_element(x, y)
        }
        (Type::Opaque, _) | (_, Type::Opaque) => false,
        _ => a == b,
    }
}

/// The lowest and highest first index of `rows` (a set over `PHI1` and
/// the variables), as affine forms of the variables: read off its hull's
/// constraints with a unit coefficient on `PHI1`. Any such constraint
/// holds of every point, so either bound is sound.
fn row_bounds(rows: &ferry_hcfg::semantics::poly::Poly) -> Option<(Lin, Lin)> {
    let pieces = rows.hull().pieces();
    let [Some(piece)] = pieces.as_slice() else {
        return None;
    };
    let at = phi(1);
    let (mut lo, mut hi) = (None, None);
    for (terms, constant, equality) in piece {
        let Some(&(_, c)) = terms.iter().find(|(n, _)| *n == at) else {
            continue;
        };
        // c·PHI1 + rest >= 0 (or == 0), rest without PHI1.
        let rest = Lin {
            terms: terms.iter().filter(|(n, _)| *n != at).cloned().collect(),
            constant: *constant,
        };
        // The value PHI1 is held at, or above (c = 1), or below (c = -1).
        let bound = match c {
            1 => rest.scale(-1),
            -1 => Some(rest),
            _ => continue,
        };
        if *equality || c == 1 {
            lo = lo.or(bound.clone());
        }
        if *equality || c == -1 {
            hi = hi.or(bound);
        }
    }
    Some((lo?, hi?))
}
