//! Sets of integer stores, on isl.
//!
//! A [`Poly`] is an isl set with parameters only: each parameter is the
//! value of one program variable, named by [`Name`]. isl aligns parameters
//! by name in every binary operation, so a set only mentions the variables
//! it constrains, as PIPS's sparse constraint systems do; this is what keeps
//! the analysis cheap on functions with hundreds of variables.

use super::budget;
use super::product;
use crate::ir::VarId;
use isl_rs::{BasicSet, Constraint as IslConstraint, Context, DimType, Map, Mat, Set, Space, Val};
use std::collections::HashSet;

/// The isl name of a value: a variable before (`v12`) or after (`w12`) a
/// statement, an intermediate value during composition (`m12`), the value a
/// function returns (`r`), or a fresh existential.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Name {
    Pre(VarId),
    Post(VarId),
    Mid(VarId),
    /// The product of two variables' values before a statement (`x3_7`),
    /// which isl can only hold as a parameter of its own: the bound of a
    /// flat run a callee sees with rows of a variable length
    /// (`ferry_regions::call`). Made only of variables that keep their
    /// value in the function from their one assignment on; whatever
    /// forgets either factor forgets the product.
    Product(VarId, VarId),
}

impl Name {
    /// The product of two variables, its factors in one order.
    pub fn product(a: VarId, b: VarId) -> Name {
        Name::Product(a.min(b), a.max(b))
    }

    pub fn isl(self) -> String {
        match self {
            Name::Pre(v) => format!("v{}", v.0),
            Name::Post(v) => format!("w{}", v.0),
            Name::Mid(v) => format!("m{}", v.0),
            Name::Product(a, b) => format!("x{}_{}", a.0, b.0),
        }
    }

    pub fn parse(s: &str) -> Option<Name> {
        let kind = s.get(..1)?;
        let rest = &s[1..];
        if kind == "x" {
            let (a, b) = rest.split_once('_')?;
            return Some(Name::Product(
                VarId(a.parse().ok()?),
                VarId(b.parse().ok()?),
            ));
        }
        let v = VarId(rest.parse().ok()?);
        match kind {
            "v" => Some(Name::Pre(v)),
            "w" => Some(Name::Post(v)),
            "m" => Some(Name::Mid(v)),
            _ => None,
        }
    }

    /// The variables whose values before the statement the name stands
    /// for: its own, or a product's two factors (none for the others).
    pub fn variables_before(self) -> Vec<VarId> {
        match self {
            Name::Pre(v) => vec![v],
            Name::Product(a, b) => vec![a, b],
            Name::Post(_) | Name::Mid(_) => Vec::new(),
        }
    }
}

thread_local! {
    /// isl results replaced by "nothing known" on this thread so far.
    static FAILURES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many isl results this thread has replaced by their sound default
/// (the universe, or a conservative answer to a query). An analysis that
/// claims exactness compares it before and after its work.
pub fn failures() -> u64 {
    FAILURES.with(|f| f.get())
}

fn note_failure() {
    FAILURES.with(|f| f.set(f.get() + 1));
}

/// More disjuncts than this in one set are replaced by their hull.
const MAX_DISJUNCTS: i32 = 8;

/// An affine form over names: `sum(coefficient * name) + constant`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Lin {
    pub terms: Vec<(String, i128)>,
    pub constant: i128,
}

impl Lin {
    pub fn constant(c: i128) -> Lin {
        Lin {
            terms: Vec::new(),
            constant: c,
        }
    }
    pub fn name(n: impl Into<String>) -> Lin {
        Lin {
            terms: vec![(n.into(), 1)],
            constant: 0,
        }
    }
    pub fn add(&self, other: &Lin) -> Option<Lin> {
        let mut out = self.clone();
        out.constant = out.constant.checked_add(other.constant)?;
        for (n, c) in &other.terms {
            match out.terms.iter_mut().find(|(m, _)| m == n) {
                Some((_, d)) => *d = d.checked_add(*c)?,
                None => out.terms.push((n.clone(), *c)),
            }
        }
        out.terms.retain(|(_, c)| *c != 0);
        Some(out)
    }
    pub fn scale(&self, k: i128) -> Option<Lin> {
        let mut out = self.clone();
        out.constant = out.constant.checked_mul(k)?;
        for (_, c) in &mut out.terms {
            *c = c.checked_mul(k)?;
        }
        out.terms.retain(|(_, c)| *c != 0);
        Some(out)
    }
    pub fn sub(&self, other: &Lin) -> Option<Lin> {
        self.add(&other.scale(-1)?)
    }
    pub fn as_constant(&self) -> Option<i128> {
        self.terms.is_empty().then_some(self.constant)
    }
    /// The name, when the form is one name with coefficient 1.
    pub fn as_single_name(&self) -> Option<&str> {
        match self.terms.as_slice() {
            [(name, 1)] if self.constant == 0 => Some(name),
            _ => None,
        }
    }
}

/// A linear constraint `lin >= 0` or `lin = 0`.
#[derive(Debug, Clone, PartialEq)]
pub struct Cons {
    pub lin: Lin,
    pub equality: bool,
}

impl Cons {
    pub fn ge0(lin: Lin) -> Cons {
        Cons {
            lin,
            equality: false,
        }
    }
    pub fn eq0(lin: Lin) -> Cons {
        Cons {
            lin,
            equality: true,
        }
    }

    /// The same constraint, its terms in the order of their names (so
    /// that equal constraints compare equal).
    pub fn sorted(mut self) -> Cons {
        self.lin.terms.sort();
        self
    }
}

/// A conjunction of constraints with existentially quantified names.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Conj {
    pub cons: Vec<Cons>,
    pub exists: Vec<String>,
}

impl Conj {
    pub fn and(&self, other: &Conj) -> Conj {
        let mut out = self.clone();
        out.cons.extend(other.cons.iter().cloned());
        for e in &other.exists {
            // The same case may meet itself (`a && a`): one quantifier.
            if !out.exists.contains(e) {
                out.exists.push(e.clone());
            }
        }
        out
    }
}

pub struct Poly {
    pub set: Set,
}

/// One constraint of a convex piece: coefficients by parameter name, the
/// constant, and whether it is an equality (`= 0`) or an inequality (`>= 0`).
pub type Constraint = (Vec<(String, i128)>, i128, bool);

/// The values of one variable: at least `lower`, at most `upper`, each
/// bound present when known. Both bounds can be negated without overflow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interval {
    pub lower: Option<i128>,
    pub upper: Option<i128>,
}

impl Interval {
    pub const UNBOUNDED: Interval = Interval {
        lower: None,
        upper: None,
    };

    /// The interval with `k v + constant >= 0` (`== 0` for an equality)
    /// added; `None` where that cannot be written as an interval (an
    /// equality without an integer solution, a number out of range).
    fn meet(self, k: i128, constant: i128, equality: bool) -> Option<Interval> {
        if k == 0 {
            return None;
        }
        let bound = |a: i128, b: i128, up: bool| -> Option<i128> {
            // floor(a / b) or ceil(a / b), for b > 0.
            let (q, r) = (a.checked_div(b)?, a.checked_rem(b)?);
            let q = match (r != 0, up, a < 0) {
                (true, false, true) => q - 1,
                (true, true, false) => q + 1,
                _ => q,
            };
            q.checked_neg().map(|_| q)
        };
        let mut out = self;
        let neg = constant.checked_neg()?;
        if equality {
            if neg.checked_rem(k)? != 0 {
                return None;
            }
            let v = neg.checked_div(k)?;
            v.checked_neg()?;
            out.lower = Some(out.lower.map_or(v, |l| l.max(v)));
            out.upper = Some(out.upper.map_or(v, |u| u.min(v)));
        } else if k > 0 {
            // v >= -constant / k
            let v = bound(neg, k, true)?;
            out.lower = Some(out.lower.map_or(v, |l| l.max(v)));
        } else {
            // v <= constant / -k
            let v = bound(constant, k.checked_neg()?, false)?;
            out.upper = Some(out.upper.map_or(v, |u| u.min(v)));
        }
        Some(out)
    }

    /// The smallest interval containing both.
    fn hull(self, other: Interval) -> Interval {
        Interval {
            lower: self.lower.zip(other.lower).map(|(a, b)| a.min(b)),
            upper: self.upper.zip(other.upper).map(|(a, b)| a.max(b)),
        }
    }

    /// `name` within the interval, as constraints.
    pub fn constraints(&self, name: &str) -> Vec<Cons> {
        let var = |k: i128, constant: i128| Lin {
            terms: vec![(name.to_string(), k)],
            constant,
        };
        match (self.lower, self.upper) {
            (Some(l), Some(u)) if l == u => vec![Cons::eq0(var(1, -l))],
            (lower, upper) => lower
                .map(|l| Cons::ge0(var(1, -l)))
                .into_iter()
                .chain(upper.map(|u| Cons::ge0(var(-1, u))))
                .collect(),
        }
    }
}

impl Clone for Poly {
    fn clone(&self) -> Self {
        match self.set.copy() {
            Ok(set) if set.ptr != 0 => Poly { set },
            _ => {
                note_failure();
                Poly::universe(&self.set.get_ctx())
            }
        }
    }
}

impl std::fmt::Debug for Poly {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", set_text(&self.set).unwrap_or_default())
    }
}

fn names_of(conjs: &[Conj]) -> Vec<String> {
    let mut names = Vec::new();
    for c in conjs {
        for cons in &c.cons {
            for (n, _) in &cons.lin.terms {
                if !c.exists.contains(n) && !names.contains(n) {
                    names.push(n.clone());
                }
            }
        }
    }
    names
}

/// The space of sets over parameters `names`.
fn params_space(ctx: &Context, names: &[String]) -> Result<Space, isl_rs::LibISLError> {
    let mut space = Space::params_alloc(ctx, names.len() as u32)?;
    for (i, n) in names.iter().enumerate() {
        space = space.set_dim_name(DimType::Param, i as u32, n)?;
    }
    Ok(space)
}

fn val(ctx: &Context, k: i128) -> Result<Val, isl_rs::LibISLError> {
    match i64::try_from(k) {
        Ok(k) => Val::int_from_si(ctx, k),
        Err(_) => Val::read_from_str(ctx, &k.to_string()),
    }
}

/// The conjunction `conj` over parameters `names` (which hold every name
/// it mentions but its existentials), built from matrices of coefficients
/// in one step (isl's parser, or adding the constraints one by one, each an
/// intersection, costs much more).
fn basic_set(
    ctx: &Context,
    names: &[String],
    conj: &Conj,
) -> Result<BasicSet, isl_rs::LibISLError> {
    let space = if conj.exists.is_empty() {
        params_space(ctx, names)?
    } else {
        let mut space = Space::set_alloc(ctx, names.len() as u32, conj.exists.len() as u32)?;
        for (i, n) in names.iter().enumerate() {
            space = space.set_dim_name(DimType::Param, i as u32, n)?;
        }
        space
    };
    // One row per constraint: the constant, the parameters, the
    // existentials.
    let columns = 1 + names.len() + conj.exists.len();
    let mut rows: [Vec<Vec<i128>>; 2] = [Vec::new(), Vec::new()];
    for cons in &conj.cons {
        let mut row = vec![0i128; columns];
        row[0] = cons.lin.constant;
        // The same name twice in a form counts twice, as isl's parser would.
        for (n, k) in &cons.lin.terms {
            let column = match conj.exists.iter().position(|e| e == n) {
                Some(i) => 1 + names.len() + i,
                None => {
                    let i = names.iter().position(|m| m == n);
                    1 + i.expect("`names` holds every free name")
                }
            };
            row[column] = row[column].checked_add(*k).ok_or_else(|| {
                isl_rs::LibISLError::new(isl_rs::Error::Invalid, "coefficient overflow")
            })?;
        }
        rows[usize::from(!cons.equality)].push(row);
    }
    let [equalities, inequalities] = rows.map(|rows| -> Result<Mat, isl_rs::LibISLError> {
        let mut mat = Mat::alloc(ctx, rows.len() as u32, columns as u32)?;
        for (i, row) in rows.iter().enumerate() {
            for (j, &k) in row.iter().enumerate() {
                // isl_mat_alloc may hand out a block with old values.
                mat = match i32::try_from(k) {
                    Ok(k) => mat.set_element_si(i as i32, j as i32, k)?,
                    Err(_) => mat.set_element_val(i as i32, j as i32, val(ctx, k)?)?,
                };
            }
        }
        Ok(mat)
    });
    let bset = BasicSet::from_constraint_matrices(
        space,
        equalities?,
        inequalities?,
        DimType::Cst,
        DimType::Param,
        DimType::Set,
        DimType::Div,
    )?;
    if conj.exists.is_empty() {
        Ok(bset)
    } else {
        bset.params()
    }
}

/// The union of conjunctions, or isl's error.
fn try_from_dnf(ctx: &Context, conjs: &[Conj]) -> Result<Set, isl_rs::LibISLError> {
    dnf_over(ctx, &names_of(conjs), conjs)
}

/// The union of conjunctions over parameters `names`, in this order (isl's
/// results, a simple hull's above all, depend on it).
fn dnf_over(ctx: &Context, names: &[String], conjs: &[Conj]) -> Result<Set, isl_rs::LibISLError> {
    let mut set = Set::empty(params_space(ctx, names)?)?;
    for conj in conjs {
        set = set.union(Set::from_basic_set(basic_set(ctx, names, conj)?)?)?;
    }
    Ok(set)
}

/// The names `conjs` mention, in the order of `order`.
fn names_in(conjs: &[Conj], order: &[String]) -> Vec<String> {
    let used = names_of(conjs);
    order.iter().filter(|n| used.contains(n)).cloned().collect()
}

/// The constraints of a basic set without existentials, by name.
fn cons_of(bset: &BasicSet) -> Result<Vec<Cons>, isl_rs::LibISLError> {
    let n = bset.dim(DimType::Param)?;
    let mut names = Vec::new();
    for i in 0..n {
        names.push(bset.get_dim_name(DimType::Param, i as u32)?.to_string());
    }
    let rows = rows_of(bset, names.len())?;
    Ok(rows.iter().map(|r| r.to_cons(&names)).collect())
}

/// Builds a set with isl's operation quota lifted (see [`Poly::sound`]).
fn unbounded(ctx: &Context, build: fn(Space) -> Result<Set, isl_rs::LibISLError>) -> Set {
    let max = ctx.get_max_operations();
    ctx.reset_error();
    ctx.set_max_operations(0);
    let set = params_space(ctx, &[]).and_then(build).or_else(|_| {
        // The quota left an error behind: start the count again.
        ctx.reset_error();
        ctx.reset_operations();
        params_space(ctx, &[]).and_then(build)
    });
    ctx.set_max_operations(max);
    set.expect("isl builds a constant set")
}

impl Poly {
    pub fn universe(ctx: &Context) -> Poly {
        Poly {
            set: unbounded(ctx, Set::universe),
        }
    }

    pub fn empty(ctx: &Context) -> Poly {
        Poly {
            set: unbounded(ctx, Set::empty),
        }
    }

    /// The result of an isl operation, or the universe when isl failed
    /// (its operation quota is spent on a function too large to analyse
    /// precisely). Every set the analyses keep is an over-approximation,
    /// so the universe is always a sound answer.
    fn sound(&self, result: Result<Set, isl_rs::LibISLError>) -> Poly {
        match result {
            Ok(set) if set.ptr != 0 => Poly { set },
            _ => {
                let ctx = self.set.get_ctx();
                // isl-rs reports an error after any later call until the
                // error is cleared.
                ctx.reset_error();
                note_failure();
                Poly::universe(&ctx)
            }
        }
    }

    /// The value of an isl query, or `default` (with the error cleared).
    fn query<T>(&self, result: Result<T, isl_rs::LibISLError>, default: T) -> T {
        result.unwrap_or_else(|_| {
            self.set.get_ctx().reset_error();
            note_failure();
            default
        })
    }

    /// The set as isl's text, which [`Poly::from_text`] reads back into
    /// the same set in any isl context: how a set moves between the
    /// contexts of two threads (isl objects never leave their context).
    /// `None` when isl cannot print it.
    pub fn text(&self) -> Option<String> {
        set_text(&self.set)
    }

    /// The set `text` ([`Poly::text`]) in `ctx`, read with isl's operation
    /// quota lifted (reading costs the text's size); the universe, the
    /// sound default, if isl cannot read it.
    pub fn from_text(ctx: &Context, text: &str) -> Poly {
        let max = ctx.get_max_operations();
        ctx.set_max_operations(0);
        let read = Set::read_from_str(ctx, text);
        ctx.set_max_operations(max);
        match read {
            Ok(set) if set.ptr != 0 => Poly { set },
            _ => {
                ctx.reset_error();
                note_failure();
                Poly::universe(ctx)
            }
        }
    }

    /// The union of conjunctions (a disjunctive normal form).
    pub fn from_dnf(ctx: &Context, conjs: &[Conj]) -> Poly {
        match try_from_dnf(ctx, conjs) {
            Ok(set) if set.ptr != 0 => Poly { set },
            _ => {
                ctx.reset_error();
                note_failure();
                Poly::universe(ctx)
            }
        }
    }

    /// Both sets over the same parameters, in the same order.
    fn aligned(&self, other: &Poly) -> Result<(Set, Set), isl_rs::LibISLError> {
        let a = self.set.copy()?.align_params(other.set.get_space()?)?;
        let b = other.set.copy()?.align_params(a.get_space()?)?;
        Ok((a, b))
    }

    pub fn intersect(&self, other: &Poly) -> Poly {
        let result = self.aligned(other).and_then(|(a, b)| a.intersect(b));
        self.sound(result).capped()
    }

    pub fn union(&self, other: &Poly) -> Poly {
        let result = self.aligned(other).and_then(|(a, b)| a.union(b));
        self.sound(result).capped()
    }

    /// A set with many disjuncts (each division or wrap splits one in two
    /// or three) is replaced by its hull, so that sequences of such
    /// statements stay linear in cost.
    fn capped(self) -> Poly {
        if self.query(self.set.n_basic_set(), 0) > MAX_DISJUNCTS {
            self.hull()
        } else {
            self
        }
    }

    /// The smallest convex polyhedron containing the set, without
    /// existentially quantified variables (PIPS's convex polyhedra).
    pub fn hull(&self) -> Poly {
        if self.is_convex() {
            return self.clone();
        }
        let result = self.convex_hull();
        self.sound(result)
    }

    /// The hull of a set with several disjuncts or existentials, at a cost
    /// bounded by the number of its variables, not by the size of its
    /// numbers. The existentials are projected away first (rationally, as
    /// isl's polyhedral hull does), but for a small set, which goes to
    /// isl's hull as it is. Constraints with a coefficient beyond
    /// [`MAX_COEFFICIENT`] are dropped (the hulls of wrapped unsigned cases
    /// are full of them, and isl's numbers then grow without end). Then the
    /// variables that every disjunct constrains the same way, and only with
    /// each other, are set aside: the hull is their common constraints and
    /// the hull of the rest, exactly (a product). Of the rest, isl's hull
    /// takes the constraints with small constants over at most
    /// [`MAX_HULL_VARIABLES`] variables; isl's simple hull (each
    /// constraint of a disjunct, relaxed until all disjuncts satisfy it)
    /// takes the others. Every step keeps a superset.
    fn convex_hull(&self) -> Result<Set, isl_rs::LibISLError> {
        let ctx = self.set.get_ctx();
        let mut set = self.set.copy()?;
        let locals = set.involves_locals()?;
        if locals {
            set = set.remove_divs()?;
        }
        let names = Poly { set: set.copy()? }.params();
        let list = set.get_basic_set_list()?;
        let mut disjuncts: Vec<Vec<Row>> = Vec::new();
        for i in 0..list.size()? {
            let bset = list.get_at(i)?;
            if bset.plain_is_empty()? {
                continue;
            }
            disjuncts.push(rows_of(&bset, names.len())?);
        }
        let modest = |r: &Row| {
            r.constant.abs() <= MAX_HULL_CONSTANT
                && r.terms.iter().all(|&(_, k)| k.abs() <= MAX_HULL_CONSTANT)
        };
        if locals
            && disjuncts.len() > 1
            && names.len() <= MAX_HULL_VARIABLES
            && disjuncts.iter().flatten().all(modest)
        {
            // A small union: isl's hull in the space of its existentials,
            // which can find tighter integer bounds than the hull of their
            // projections, but wraps facets at a cost that can reach
            // seconds for a triangular nest's two accesses: within a
            // quota of its own, past which the hull of the projections
            // below is taken instead (a superset of it). One piece is
            // never worth it: its projection is its hull up to integer
            // rounding, and isl spent a second on each such piece of a
            // while loop over `N / 4` and `N / 3` (Listing 1.2).
            let hull = budget::within(&ctx, EXISTENTIAL_HULL_OPERATIONS, || {
                self.set
                    .copy()?
                    .polyhedral_hull()
                    .and_then(|b| without_huge_coefficients(&b))
                    .and_then(Set::from_basic_set)
                    .and_then(Set::remove_redundancies)
            });
            if let Ok(hull) = hull {
                return Ok(hull);
            }
        }
        for rows in &mut disjuncts {
            rows.retain(|r| r.terms.iter().all(|&(_, k)| k.abs() <= MAX_COEFFICIENT));
        }
        let Some((first, others)) = disjuncts.split_first() else {
            return Set::empty(params_space(&ctx, &names)?);
        };
        let common: Vec<&Row> = first
            .iter()
            .filter(|r| others.iter().all(|d| d.contains(r)))
            .collect();
        // The variables of the rows that differ, and of the common rows
        // that mention one of them.
        let mut varying = vec![false; names.len()];
        for d in &disjuncts {
            for r in d {
                if !common.contains(&r) {
                    for &(p, _) in &r.terms {
                        varying[p] = true;
                    }
                }
            }
        }
        loop {
            let mut changed = false;
            for r in &common {
                if r.terms.iter().any(|&(p, _)| varying[p]) {
                    for &(p, _) in &r.terms {
                        changed |= !varying[p];
                        varying[p] = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        let is_varying = |r: &Row| r.terms.iter().any(|&(p, _)| varying[p]);
        let mut hull: Vec<Cons> = common
            .iter()
            .filter(|r| !is_varying(r))
            .map(|r| r.to_cons(&names))
            .collect();
        let rest: Vec<Vec<&Row>> = disjuncts
            .iter()
            .map(|d| d.iter().filter(|r| is_varying(r)).collect())
            .collect();
        // A union that is a product of unions over variables no constraint
        // links (three wrap-around counters stepped in one loop body: eight
        // disjuncts, two per counter) has the product of their hulls for
        // hull: each taken over its own variables, not all together.
        for factor in product::factors(&rest) {
            hull.extend(hull_of_varying(&ctx, &names, &factor)?);
        }
        hull.retain(|c| c.lin.terms.iter().all(|(_, k)| k.abs() <= MAX_COEFFICIENT));
        let hull = Poly::from_dnf(
            &ctx,
            &[Conj {
                cons: hull,
                exists: Vec::new(),
            }],
        );
        // In the parameter order of the input, as isl's hull would give.
        hull.set
            .align_params(self.set.get_space()?)?
            .remove_redundancies()
    }

    /// Whether the set is its own hull: one piece (or none) without
    /// existentials.
    pub fn is_convex(&self) -> bool {
        self.set.n_basic_set().unwrap_or(0) <= 1 && !self.set.involves_locals().unwrap_or(true)
    }

    /// Whether the set has no constraint at all (isl's plain check: a set
    /// whose constraints happen to hold everywhere may still say no).
    pub fn plain_is_universe(&self) -> bool {
        self.query(self.set.plain_is_universe(), false)
    }

    /// Whether isl knows the set empty without looking for a point (after
    /// [`Poly::simplify`], which does, it knows).
    pub fn plain_is_empty(&self) -> bool {
        self.query(self.set.plain_is_empty(), false)
    }

    pub fn is_empty(&self) -> bool {
        self.query(self.set.is_empty(), false)
    }

    pub fn is_subset(&self, other: &Poly) -> bool {
        // The same isl object (sets the regions' interner shared, a region
        // merged with itself): no question to ask.
        if self.set.ptr == other.set.ptr {
            return true;
        }
        if let Some(answer) = self.is_subset_by_gist(other) {
            return answer;
        }
        self.query(
            self.aligned(other).and_then(|(a, b)| a.is_subset(&b)),
            false,
        )
    }

    /// Whether `self` lies in `other`, through what of `other` remains
    /// once simplified in the context of `self` (isl's gist, which builds
    /// one tableau for `self` and drops each constraint it implies): with
    /// nothing left, `self` lies in `other`; otherwise it does exactly when
    /// it satisfies what is left, each constraint asked of isl in turn,
    /// the first violated one ending the search (`None` when what is left
    /// is not one piece without existentials). isl's own test subtracts
    /// `other`, a piece per constraint, and spent 5 ms on each negative
    /// answer over the 60 variables of a random program's function, a
    /// third of the time of its preconditions.
    fn is_subset_by_gist(&self, other: &Poly) -> Option<bool> {
        let left = self
            .aligned(other)
            .and_then(|(mine, theirs)| theirs.gist(mine));
        let Ok(left) = left else {
            self.set.get_ctx().reset_error();
            return None;
        };
        if self.query(left.plain_is_universe(), false) {
            return Some(true);
        }
        let left = Poly { set: left }.single_piece_cons()?;
        Some(left.iter().all(|c| self.satisfies(c)))
    }

    pub fn has(&self, name: &str) -> Option<u32> {
        let pos = self.query(self.set.find_dim_by_name(DimType::Param, name), -1);
        u32::try_from(pos).ok()
    }

    /// A convex set without existentials as two sets over disjoint
    /// parameters whose intersection it is: its constraints linked to
    /// `names` (those that mention one of them, or a parameter of a
    /// constraint taken before), and the others. `None` for a union, a set
    /// with existentials, or one whose constraints are all linked.
    ///
    /// An operation that bears on `names` only can work on the first part
    /// and leave the second as it is: a statement's transformer applied to
    /// a store that knows dozens of variables it does not touch (a random
    /// program's constant globals) then goes through isl's intersection,
    /// projection and simplification over the few it does.
    pub fn split_linked(&self, names: &HashSet<String>) -> Option<(Poly, Poly)> {
        if !self.is_convex() || self.plain_is_empty() {
            return None;
        }
        let params = self.params();
        let list = self.set.get_basic_set_list().ok()?;
        let bset = list.get_at(0).ok()?;
        let constraints = bset.get_constraint_list().ok()?;
        let mut involved: Vec<Vec<usize>> = Vec::new();
        for i in 0..constraints.size().ok()? {
            let c = constraints.get_at(i).ok()?;
            let mut ps = Vec::new();
            params_involved(&c, 0, params.len() as u32, &mut ps).ok()?;
            involved.push(ps);
        }
        let mut linked: Vec<bool> = params.iter().map(|n| names.contains(n)).collect();
        let taken = close_linked(&involved, &mut linked);
        if taken.iter().all(|&t| t) {
            return None;
        }
        let keep_only = |linked_side: bool| -> Result<Set, isl_rs::LibISLError> {
            let mut set = self.set.copy()?;
            for (p, &l) in linked.iter().enumerate() {
                if l != linked_side {
                    set = set.drop_constraints_involving_dims(DimType::Param, p as u32, 1)?;
                }
            }
            set.drop_unused_params()
        };
        match (keep_only(true), keep_only(false)) {
            (Ok(a), Ok(b)) if a.ptr != 0 && b.ptr != 0 => Some((Poly { set: a }, Poly { set: b })),
            _ => {
                self.set.get_ctx().reset_error();
                None
            }
        }
    }

    /// The same set with the parameters named in `order` first, in that
    /// order (isl keeps a set's parameters in the order of the operations
    /// that made it; see `Transformer::order_after`).
    pub fn with_params_first(self, order: &[String]) -> Poly {
        let ctx = self.set.get_ctx();
        let aligned = (|| {
            let mut space = Space::params_alloc(&ctx, order.len() as u32)?;
            for (i, name) in order.iter().enumerate() {
                space = space.set_dim_name(DimType::Param, i as u32, name)?;
            }
            self.set.copy()?.align_params(space)?.drop_unused_params()
        })();
        match aligned {
            Ok(set) if set.ptr != 0 => Poly { set },
            _ => {
                ctx.reset_error();
                self
            }
        }
    }

    /// The same set over only the parameters its constraints mention.
    /// isl keeps every parameter an operation aligned its operands on (a
    /// union, an intersection with a precondition), used or not, and each
    /// is a column of every constraint from then on.
    pub fn without_unused_params(&self) -> Poly {
        match self.set.copy().and_then(|s| s.drop_unused_params()) {
            Ok(set) if set.ptr != 0 => Poly { set },
            _ => {
                self.set.get_ctx().reset_error();
                self.clone()
            }
        }
    }

    /// Existentially quantifies `name` away.
    pub fn project(&self, name: &str) -> Poly {
        match self.has(name) {
            Some(pos) => {
                let result = self
                    .set
                    .copy()
                    .and_then(|s| s.project_out(DimType::Param, pos, 1));
                self.sound(result)
            }
            None => self.clone(),
        }
    }

    /// Existentially quantifies every name of `names` away, at once: the
    /// parameters are reordered so that those names come last (a
    /// permutation of the columns), then projected out as one range, so
    /// that isl simplifies the set once rather than once per name. Calls
    /// in random programs project dozens of locals and globals from each
    /// call site's store, a fifth of the time of their analysis when
    /// done name by name.
    pub fn project_all(&self, names: &[String]) -> Poly {
        let params = self.params();
        let names: HashSet<&str> = names.iter().map(String::as_str).collect();
        let (gone, kept): (Vec<String>, Vec<String>) =
            params.into_iter().partition(|p| names.contains(p.as_str()));
        if gone.is_empty() {
            return self.clone();
        }
        let ctx = self.set.get_ctx();
        let (first, n) = (kept.len() as u32, gone.len() as u32);
        let order: Vec<String> = kept.into_iter().chain(gone).collect();
        let result = params_space(&ctx, &order)
            .and_then(|space| self.set.copy()?.align_params(space))
            .and_then(|set| set.project_out(DimType::Param, first, n));
        self.sound(result)
    }

    /// Renames parameter `from` to `to` (which must not be a parameter).
    pub fn rename(&self, from: &str, to: &str) -> Poly {
        match self.has(from) {
            Some(pos) => {
                let result = self
                    .set
                    .copy()
                    .and_then(|s| s.set_dim_name(DimType::Param, pos, to));
                self.sound(result)
            }
            None => self.clone(),
        }
    }

    /// Parameter names, in isl's order.
    pub fn params(&self) -> Vec<String> {
        let n = self.set.dim(DimType::Param).unwrap_or(0);
        (0..n)
            .map(|i| {
                self.set
                    .get_dim_name(DimType::Param, i as u32)
                    .map(str::to_string)
                    .unwrap_or_default()
            })
            .collect()
    }

    /// The same set without redundant constraints, parameters no
    /// constraint mentions, and pieces that merge, within a quota of its
    /// own ([`SIMPLIFY_OPERATIONS`]): past it, the set as it is, which is
    /// just as right.
    pub fn simplify(&self) -> Poly {
        let result = budget::within(&self.set.get_ctx(), SIMPLIFY_OPERATIONS, || {
            self.set
                .copy()?
                .detect_equalities()?
                .coalesce()?
                .remove_redundancies()?
                .drop_unused_params()
        });
        match result {
            Ok(set) if set.ptr != 0 => Poly { set },
            _ => self.clone(),
        }
    }

    /// The standard widening: the constraints of `self` that `newer` also satisfies.
    pub fn widen(&self, newer: &Poly, ctx: &Context) -> Poly {
        let old = self.hull();
        let newer = newer.hull();
        let Some(old_cons) = old.single_piece_cons() else {
            return Poly::universe(ctx);
        };
        // A constraint `newer` has as well holds on it without asking isl:
        // most constraints of a fixpoint's iterates do not change.
        let newer_cons: Vec<Cons> = newer
            .single_piece_cons()
            .unwrap_or_default()
            .into_iter()
            .map(Cons::sorted)
            .collect();
        let kept: Vec<Cons> = old_cons
            .into_iter()
            .map(Cons::sorted)
            .filter(|c| newer_cons.contains(c) || newer.satisfies(c))
            .collect();
        Poly::from_dnf(
            ctx,
            &[Conj {
                cons: kept,
                exists: Vec::new(),
            }],
        )
    }

    /// The constraints of a set of one piece without existentials, by
    /// name; `None` for any other set.
    fn single_piece_cons(&self) -> Option<Vec<Cons>> {
        let list = self.set.get_basic_set_list().ok()?;
        if list.size().ok()? != 1 {
            return None;
        }
        let bset = list.get_at(0).ok()?;
        if bset.dim(DimType::Div).ok()? > 0 {
            return None;
        }
        let cons = cons_of(&bset);
        if cons.is_err() {
            self.set.get_ctx().reset_error();
        }
        cons.ok()
    }

    /// The one value `name` takes at every point of `self`, if it takes
    /// only one (`n == 20` in a precondition).
    pub fn fixed(&self, name: &str) -> Option<i128> {
        self.has(name)?;
        let others: Vec<String> = self.params().into_iter().filter(|p| p != name).collect();
        let pieces = self.project_all(&others).pieces();
        let [Some(piece)] = pieces.as_slice() else {
            return None;
        };
        piece
            .iter()
            .find_map(|(terms, constant, equality)| match terms.as_slice() {
                [(n, k)] if *equality && n == name && *k != 0 && constant % k == 0 => {
                    Some(-constant / k)
                }
                _ => None,
            })
    }

    /// The parameters of a convex set without existentials that no
    /// constraint links to another, with the interval their own
    /// constraints give them (none for any other set), and how many
    /// parameters its constraints mention in all. The set is the product
    /// of these intervals and its other constraints.
    pub fn unlinked_intervals(&self) -> (Vec<(String, Interval)>, usize) {
        if !self.is_convex() || self.plain_is_empty() {
            return (Vec::new(), 0);
        }
        let found = self.try_unlinked_intervals();
        if found.is_none() {
            self.set.get_ctx().reset_error();
        }
        found.unwrap_or_default()
    }

    fn try_unlinked_intervals(&self) -> Option<(Vec<(String, Interval)>, usize)> {
        let params = self.params();
        let list = self.set.get_basic_set_list().ok()?;
        if list.size().ok()? != 1 {
            return None;
        }
        let constraints = list.get_at(0).ok()?.get_constraint_list().ok()?;
        let mut linked = vec![false; params.len()];
        let mut mentioned = vec![false; params.len()];
        let mut intervals: Vec<Option<Interval>> = vec![Some(Interval::UNBOUNDED); params.len()];
        for i in 0..constraints.size().ok()? {
            let c = constraints.get_at(i).ok()?;
            let mut involved = Vec::new();
            params_involved(&c, 0, params.len() as u32, &mut involved).ok()?;
            involved.iter().for_each(|&p| mentioned[p] = true);
            match involved.as_slice() {
                [] => {}
                &[p] => {
                    let k = int_of(&c.get_coefficient_val(DimType::Param, p as i32).ok()?);
                    let constant = int_of(&c.get_constant_val().ok()?);
                    let equality = c.is_equality().ok()?;
                    intervals[p] = match (intervals[p], k, constant) {
                        (Some(interval), Some(k), Some(constant)) => {
                            interval.meet(k, constant, equality)
                        }
                        _ => None,
                    };
                }
                many => many.iter().for_each(|&p| linked[p] = true),
            }
        }
        let unlinked = params
            .into_iter()
            .zip(intervals)
            .zip(linked)
            .filter_map(|((name, interval), linked)| match interval {
                Some(i) if !linked && i != Interval::UNBOUNDED => Some((name, i)),
                _ => None,
            })
            .collect();
        Some((unlinked, mentioned.iter().filter(|&&m| m).count()))
    }

    /// The store where each named variable lies in its interval.
    pub fn within(ctx: &Context, intervals: &[(String, Interval)]) -> Poly {
        let cons = intervals
            .iter()
            .flat_map(|(n, i)| i.constraints(n))
            .collect();
        Poly::from_dnf(
            ctx,
            &[Conj {
                cons,
                exists: Vec::new(),
            }],
        )
    }

    /// Whether every point of `self` satisfies `c`.
    pub fn satisfies(&self, c: &Cons) -> bool {
        self.nonnegative(&c.lin)
            && (!c.equality || c.lin.scale(-1).is_some_and(|l| self.nonnegative(&l)))
    }

    /// Whether `lin >= 0` at every point of `self`: no point has
    /// `-lin - 1 >= 0` (not known where a coefficient is too large to
    /// negate).
    pub fn nonnegative(&self, lin: &Lin) -> bool {
        let Some(below) = lin.scale(-1).and_then(|l| l.add(&Lin::constant(-1))) else {
            return false;
        };
        let violated = Poly::from_dnf(
            &self.set.get_ctx(),
            &[Conj {
                cons: vec![Cons::ge0(below)],
                exists: Vec::new(),
            }],
        );
        self.intersect(&violated).is_empty()
    }

    /// Whether a constraint without existentials has a coefficient
    /// beyond [`MAX_COEFFICIENT`] (one that hulls drop, [`Poly::hull`],
    /// where they drop the existentials' constraints anyway); `true` where
    /// isl cannot say.
    pub fn has_huge_coefficient(&self) -> bool {
        let huge = || -> Result<bool, isl_rs::LibISLError> {
            let set = self.set.copy()?.remove_divs()?;
            let n = set.dim(DimType::Param)?;
            let list = set.get_basic_set_list()?;
            for b in 0..list.size()? {
                let constraints = list.get_at(b)?.get_constraint_list()?;
                for i in 0..constraints.size()? {
                    if is_huge(&constraints.get_at(i)?, n)? {
                        return Ok(true);
                    }
                }
            }
            Ok(false)
        };
        huge().unwrap_or_else(|_| {
            self.set.get_ctx().reset_error();
            true
        })
    }

    /// A transitive closure: `self` relates `pre` names to `post` names (one
    /// pair per modified variable); the result is an over-approximation of
    /// one or more applications, and whether isl found it exact.
    pub fn transitive_closure(&self, pairs: &[(String, String)]) -> Option<(Poly, bool)> {
        let mut set = self.set.copy().ok()?;
        let n = pairs.len() as u32;
        // Make sure every name is a parameter, then move pre names then
        // post names into set dimensions.
        let mut names: Vec<&String> = pairs.iter().map(|(p, _)| p).collect();
        names.extend(pairs.iter().map(|(_, q)| q));
        let ctx = set.get_ctx();
        let names: Vec<String> = names.into_iter().cloned().collect();
        let all = Set::universe(params_space(&ctx, &names).ok()?).ok()?;
        let (a, b) = (Poly { set }).aligned(&Poly { set: all }).ok()?;
        set = a.intersect(b).ok()?;
        for (k, name) in names.iter().enumerate() {
            let pos = u32::try_from(set.find_dim_by_name(DimType::Param, name).ok()?).ok()?;
            set = set
                .move_dims(DimType::Set, k as u32, DimType::Param, pos, 1)
                .ok()?;
        }
        let map = Map::from_range(set)
            .ok()?
            .move_dims(DimType::In, 0, DimType::Out, 0, n)
            .ok()?;
        let mut exact: libc::c_int = 0;
        let closure = unsafe {
            let mut map = map;
            map.do_not_free_on_drop();
            let ptr = isl_map_transitive_closure(map.ptr, &mut exact);
            if ptr == 0 {
                return None;
            }
            Map {
                ptr,
                should_free_on_drop: true,
            }
        };
        let back = closure
            .move_dims(DimType::Out, 0, DimType::In, 0, n)
            .ok()?
            .range()
            .ok()?;
        let mut back = back;
        for (k, name) in names.iter().enumerate() {
            back = back.set_dim_name(DimType::Set, k as u32, name).ok()?;
        }
        let nparam = back.dim(DimType::Param).ok()? as u32;
        back = back
            .move_dims(DimType::Param, nparam, DimType::Set, 0, 2 * n)
            .ok()?;
        // A zero-dimensional set is not a parameter domain to isl.
        let back = back.params().ok()?;
        (back.ptr != 0).then_some((Poly { set: back }, exact == 1))
    }

    /// isl's text, with parameters renamed by `display`.
    pub fn to_isl_string(&self, display: &dyn Fn(&str) -> String) -> String {
        let mut set = self.simplify().set;
        let n = set.dim(DimType::Param).unwrap_or(0);
        for i in 0..n {
            let name = set
                .get_dim_name(DimType::Param, i as u32)
                .map(str::to_string)
                .unwrap_or_default();
            set = match set.set_dim_name(DimType::Param, i as u32, &display(&name)) {
                Ok(s) => s,
                Err(_) => return "{ : }".to_string(),
            };
        }
        set_text(&set).unwrap_or_else(|| "{ : }".to_string())
    }

    /// The constraints linked to `names`, in each piece
    /// ([`linked_constraints`]). The others say nothing about these names:
    /// when `self` is not empty, projecting every other variable out of
    /// the result gives what projecting it out of `self` would, over far
    /// fewer constraints. `None` where a piece has existentials.
    pub fn linked_to(&self, names: &HashSet<String>) -> Option<Poly> {
        let mut conjs = Vec::new();
        for piece in self.pieces() {
            conjs.push(linked_constraints(&piece?, &mut names.clone()));
        }
        Some(Poly::from_dnf(&self.set.get_ctx(), &conjs))
    }

    /// The constraints of each convex piece, as (coefficients by name,
    /// constant, is_equality); `None` for a piece with existentials.
    pub fn pieces(&self) -> Vec<Option<Vec<Constraint>>> {
        let simplified = self.simplify();
        let mut out = Vec::new();
        let Ok(list) = simplified.set.get_basic_set_list() else {
            return out;
        };
        let params = simplified.params();
        for b in 0..list.size().unwrap_or(0) {
            let Ok(bset) = list.get_at(b) else { continue };
            if bset.dim(DimType::Div).unwrap_or(0) > 0 {
                out.push(None);
                continue;
            }
            // A constraint isl cannot give is left out (a superset).
            let Ok(rows) = rows_of(&bset, params.len()) else {
                self.set.get_ctx().reset_error();
                out.push(None);
                continue;
            };
            let piece = rows
                .into_iter()
                .map(|r| {
                    let terms = r.terms.iter().map(|&(p, k)| (params[p].clone(), k));
                    (terms.collect(), r.constant, r.equality)
                })
                .collect();
            out.push(Some(piece));
        }
        out
    }
}

#[cfg(test)]
impl Poly {
    /// The set isl reads from `text`.
    pub(crate) fn read(ctx: &Context, text: &str) -> Poly {
        Poly {
            set: Set::read_from_str(ctx, text).expect("a set"),
        }
    }
}

/// Whether both are the same set.
#[cfg(test)]
pub(crate) fn same_set(a: &Poly, b: &Poly) -> bool {
    a.is_subset(b) && b.is_subset(a)
}

/// Constraints with a coefficient larger than this (in magnitude) are
/// dropped from hulls.
const MAX_COEFFICIENT: i128 = 1 << 16;

/// isl's (polyhedral) hull is for sets over at most this many variables
/// (its cost grows exponentially with them); larger ones get isl's simple
/// hull. A set with existentials this small and without constant or
/// coefficient beyond [`MAX_HULL_CONSTANT`] takes isl's hull as it is.
const MAX_HULL_VARIABLES: usize = 8;

/// The most constraints a disjunct may have for isl's polyhedral hull to
/// take it (in the variables where the disjuncts differ). A disjunct with
/// more is itself the hull of scattered pieces (a random program's
/// constant subscripts into a 3-D array), whose hull with one more piece
/// isl wraps facet by facet: up to 0.4 s each, with a few hundred such
/// unions in one function. The kernels' pieces (boxes, triangles, their
/// rims) have at most a dozen. Past it, isl's simple hull stands in.
const MAX_HULL_FACETS: usize = 12;

/// isl's operation quota for [`Poly::simplify`]: simplification only
/// makes a set easier to read and to work with, and is not worth seconds.
const SIMPLIFY_OPERATIONS: u64 = 1_000_000;

/// isl's operation quota for the polyhedral hull of the varying part of a
/// set (see [`Poly::convex_hull`]): the triangular nests of the kernel
/// suite need a few million.
const POLYHEDRAL_HULL_OPERATIONS: u64 = 5_000_000;

/// isl's operation quota for the hull of a small set in the space of its
/// existentials (see [`Poly::convex_hull`]).
const EXISTENTIAL_HULL_OPERATIONS: u64 = 200_000;

/// Constraints with a constant or a coefficient larger than this (in
/// magnitude) take no part in isl's polyhedral hull; the simple hull keeps
/// what they bound. A subscript `1000 i + j` of a flattened array takes
/// part; the range of a 16-bit variable and the wrap-around of a 16-bit
/// sum (`32768x >= 32763y`) do not: isl's numbers grow from them, to
/// seconds within its quota for two pieces over six variables.
const MAX_HULL_CONSTANT: i128 = 1 << 14;

/// `bset` (without existentials) less its constraints with a coefficient
/// larger than [`MAX_COEFFICIENT`]: a superset.
fn without_huge_coefficients(bset: &BasicSet) -> Result<BasicSet, isl_rs::LibISLError> {
    let n = bset.dim(DimType::Param)?;
    let list = bset.get_constraint_list()?;
    let mut out = BasicSet::universe(bset.get_space()?)?;
    let mut dropped = false;
    for i in 0..list.size()? {
        let c = list.get_at(i)?;
        if is_huge(&c, n)? {
            dropped = true;
        } else {
            out = out.add_constraint(c)?;
        }
    }
    if dropped { Ok(out) } else { bset.copy() }
}

/// Whether a coefficient of one of the `nparams` parameters of `c` is
/// beyond [`MAX_COEFFICIENT`].
fn is_huge(c: &IslConstraint, nparams: i32) -> Result<bool, isl_rs::LibISLError> {
    for p in 0..nparams {
        if c.get_coefficient_val(DimType::Param, p)?
            .abs()?
            .gt_si(MAX_COEFFICIENT as i64)?
        {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The constraints of the hull of `rest` (the disjuncts' rows over the
/// variables `names` numbers) that [`Poly::convex_hull`] has not set
/// aside: isl's polyhedral hull where it is affordable, isl's simple hull
/// and the disjuncts' box otherwise.
fn hull_of_varying(
    ctx: &Context,
    names: &[String],
    rest: &[Vec<&Row>],
) -> Result<Vec<Cons>, isl_rs::LibISLError> {
    let mut hull = Vec::new();
    // The variables of the rest, in the order of the input.
    let mut mentioned = vec![false; names.len()];
    for r in rest.iter().flatten() {
        for &(p, _) in &r.terms {
            mentioned[p] = true;
        }
    }
    let rest_names: Vec<String> = (0..names.len())
        .filter(|&p| mentioned[p])
        .map(|p| names[p].clone())
        .collect();
    let rest_of = |keep: &dyn Fn(&Row) -> bool| -> Vec<Conj> {
        rest.iter()
            .map(|d| Conj {
                cons: d
                    .iter()
                    .filter(|r| keep(r))
                    .map(|r| r.to_cons(names))
                    .collect(),
                exists: Vec::new(),
            })
            .collect()
    };
    // isl's hull of the rest, without the constraints with big
    // constants or coefficients (the numbers isl's hull computes with
    // grow from them); they go through isl's simple hull (the constraints of the
    // disjuncts, each relaxed until all disjuncts satisfy it), and so
    // does all the rest when it has too many variables.
    let is_big = |r: &Row| {
        r.constant.abs() > MAX_HULL_CONSTANT
            || r.terms.iter().any(|&(_, k)| k.abs() > MAX_HULL_CONSTANT)
    };
    let small = rest_of(&|r| !is_big(r));
    let small_names = names_in(&small, &rest_names);
    let polyhedral = small_names.len() <= MAX_HULL_VARIABLES
        && small.iter().all(|d| d.cons.len() <= MAX_HULL_FACETS);
    // isl's hull wraps facets around pairs of disjuncts, at a cost
    // that can explode even over a few variables (seconds, for the
    // two accesses of LU's triangular nest; minutes, for some loops
    // over divisions): within a quota of its own, past which the
    // simple hull below stands in for it.
    let polyhedral = polyhedral
        && budget::within(ctx, POLYHEDRAL_HULL_OPERATIONS, || {
            cons_of(&dnf_over(ctx, &small_names, &small)?.polyhedral_hull()?)
        })
        .map(|cons| hull.extend(cons))
        .is_ok();
    if !polyhedral || rest.iter().flatten().any(|r| is_big(r)) {
        let all = dnf_over(ctx, &rest_names, &rest_of(&|_| true))?;
        hull.extend(cons_of(&all.simple_hull()?)?);
        // isl's simple hull works in the disjuncts' affine hull: two
        // points give an equality between their variables, and once
        // it is dropped for its huge coefficient, only one of them
        // keeps its bounds (which one depends on the order of the
        // parameters). The box of the disjuncts' own bounds keeps
        // both.
        for (p, interval) in box_of(rest, names.len()) {
            hull.extend(interval.constraints(&names[p]));
        }
    }
    Ok(hull)
}

/// The interval of each parameter that every disjunct bounds by
/// constraints on it alone (the smallest containing all of theirs), by
/// position; `nparams` is the number of parameters.
fn box_of(disjuncts: &[Vec<&Row>], nparams: usize) -> Vec<(usize, Interval)> {
    let mut bounds: Vec<Option<Interval>> = vec![None; nparams];
    for (i, rows) in disjuncts.iter().enumerate() {
        let mut own: Vec<Option<Interval>> = vec![Some(Interval::UNBOUNDED); nparams];
        for r in rows {
            if let [(p, k)] = r.terms.as_slice() {
                own[*p] = own[*p].and_then(|o| o.meet(*k, r.constant, r.equality));
            }
        }
        for (b, o) in bounds.iter_mut().zip(own) {
            *b = match (i, o) {
                (0, o) => o,
                (_, Some(o)) => b.map(|b| b.hull(o)),
                (_, None) => None,
            };
        }
    }
    bounds
        .into_iter()
        .enumerate()
        .filter_map(|(p, b)| b.filter(|b| *b != Interval::UNBOUNDED).map(|b| (p, b)))
        .collect()
}

/// One constraint of a basic set: coefficients by parameter position.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Row {
    pub(super) terms: Vec<(usize, i128)>,
    pub(super) constant: i128,
    pub(super) equality: bool,
}

impl Row {
    fn to_cons(&self, names: &[String]) -> Cons {
        Cons {
            lin: Lin {
                terms: self
                    .terms
                    .iter()
                    .map(|&(p, c)| (names[p].clone(), c))
                    .collect(),
                constant: self.constant,
            },
            equality: self.equality,
        }
    }
}

/// An integer value, if it fits in an `i128`. (isl_val_get_d is no way:
/// with isl's imath integers it converts through a `long`, and so turns
/// 2^64 into 0.)
fn int_of(v: &isl_rs::Val) -> Option<i128> {
    const CHUNK: usize = std::mem::size_of::<u64>();
    // SAFETY: `v.ptr` is a live value, kept (not taken) by the calls;
    // `chunks` holds the number of chunks isl asks for.
    unsafe {
        if isl_val_is_int(v.ptr) != 1 {
            return None;
        }
        let n = usize::try_from(isl_val_n_abs_num_chunks(v.ptr, CHUNK)).ok()?;
        let mut chunks = [0u64; 2];
        if n > chunks.len()
            || isl_val_get_abs_num_chunks(v.ptr, CHUNK, chunks.as_mut_ptr().cast()) < 0
        {
            return None;
        }
        let abs = i128::try_from((u128::from(chunks[1]) << 64) | u128::from(chunks[0])).ok()?;
        Some(if isl_val_sgn(v.ptr) < 0 { -abs } else { abs })
    }
}

/// The constraints of `piece` linked to the names in `reach`: those that
/// mention one of them, or a variable of a constraint kept before (and
/// constant ones). `reach` grows with the variables of what is kept.
pub fn linked_constraints(piece: &[Constraint], reach: &mut HashSet<String>) -> Conj {
    // The variables of the piece, numbered.
    let mut names: Vec<&String> = Vec::new();
    let mut number: std::collections::HashMap<&String, usize> = Default::default();
    let involved: Vec<Vec<usize>> = piece
        .iter()
        .map(|(terms, _, _)| {
            terms
                .iter()
                .map(|(n, _)| {
                    *number.entry(n).or_insert_with(|| {
                        names.push(n);
                        names.len() - 1
                    })
                })
                .collect()
        })
        .collect();
    let mut linked: Vec<bool> = names.iter().map(|n| reach.contains(*n)).collect();
    let kept = close_linked(&involved, &mut linked);
    reach.extend(
        names
            .iter()
            .zip(&linked)
            .filter(|(_, l)| **l)
            .map(|(n, _)| (*n).clone()),
    );
    let cons = piece
        .iter()
        .zip(&kept)
        .filter(|(_, kept)| **kept)
        .map(|((terms, constant, equality), _)| Cons {
            lin: Lin {
                terms: terms.clone(),
                constant: *constant,
            },
            equality: *equality,
        })
        .collect();
    Conj {
        cons,
        exists: Vec::new(),
    }
}

/// Which constraints are linked to the variables `linked` marks, each
/// constraint given by the variables it involves (numbered): one is taken
/// when it involves a linked variable, or none, and its variables become
/// linked, until nothing grows.
fn close_linked(involved: &[Vec<usize>], linked: &mut [bool]) -> Vec<bool> {
    let mut taken = vec![false; involved.len()];
    loop {
        let mut grew = false;
        for (k, vars) in involved.iter().enumerate() {
            if !taken[k] && (vars.is_empty() || vars.iter().any(|&v| linked[v])) {
                taken[k] = true;
                grew = true;
                for &v in vars {
                    linked[v] = true;
                }
            }
        }
        if !grew {
            break;
        }
    }
    taken
}

/// The constraints of a basic set without existentials, less those with a
/// value beyond `i128` (a superset).
fn rows_of(bset: &BasicSet, nparams: usize) -> Result<Vec<Row>, isl_rs::LibISLError> {
    let list = bset.get_constraint_list()?;
    let mut rows = Vec::new();
    'constraints: for i in 0..list.size()? {
        let c = list.get_at(i)?;
        let mut terms = Vec::new();
        for p in 0..nparams {
            let v = c.get_coefficient_val(DimType::Param, p as i32)?;
            if v.is_zero()? {
                continue;
            }
            match int_of(&v) {
                Some(k) => terms.push((p, k)),
                None => continue 'constraints,
            }
        }
        let Some(constant) = int_of(&c.get_constant_val()?) else {
            continue;
        };
        rows.push(Row {
            terms,
            constant,
            equality: c.is_equality()?,
        });
    }
    Ok(rows)
}

/// The parameters among `first..first + n` that `c` involves, in order,
/// pushed onto `out`. A constraint mentions one or two of a store's dozens
/// of variables: halving the range where it involves some asks isl a few
/// times per variable it has rather than once per variable of the set.
fn params_involved(c: &IslConstraint, first: u32, n: u32, out: &mut Vec<usize>) -> Result<(), ()> {
    if n == 0 {
        return Ok(());
    }
    // SAFETY: `c` is a live constraint; the range is within its parameters.
    match unsafe { isl_constraint_involves_dims(c.ptr, DimType::Param.to_i32(), first, n) } {
        0 => Ok(()),
        1 if n == 1 => {
            out.push(first as usize);
            Ok(())
        }
        1 => {
            let half = n / 2;
            params_involved(c, first, half, out)?;
            params_involved(c, first + half, n - half, out)
        }
        _ => Err(()),
    }
}

/// isl's text of a set; `None` when isl cannot print it (isl-rs's own
/// `to_str` reads a null pointer then).
pub fn set_text(set: &Set) -> Option<String> {
    if set.ptr == 0 {
        return None;
    }
    // Printed with isl's operation quota lifted: past the quota, isl's
    // printer fails partway (no text in the test below; under
    // --time-budget, texts that merged different sets in the regions'
    // interner, which like the report's cache takes the text for the
    // set's identity). Printing costs the set's size: nothing to bound.
    let ctx = set.get_ctx();
    let max = ctx.get_max_operations();
    ctx.set_max_operations(0);
    // SAFETY: `set.ptr` is a live set, kept (not taken) by the call; the
    // returned string is ours to free.
    let out = unsafe {
        let text = isl_set_to_str(set.ptr);
        if text.is_null() {
            None
        } else {
            let out = std::ffi::CStr::from_ptr(text)
                .to_string_lossy()
                .into_owned();
            libc::free(text as *mut libc::c_void);
            Some(out)
        }
    };
    ctx.set_max_operations(max);
    out
}

unsafe extern "C" {
    fn isl_set_to_str(set: libc::uintptr_t) -> *mut libc::c_char;
    fn isl_constraint_involves_dims(
        c: libc::uintptr_t,
        dim_type: libc::c_int,
        first: libc::c_uint,
        n: libc::c_uint,
    ) -> libc::c_int;
    fn isl_val_is_int(v: libc::uintptr_t) -> libc::c_int;
    fn isl_val_sgn(v: libc::uintptr_t) -> libc::c_int;
    fn isl_val_n_abs_num_chunks(v: libc::uintptr_t, size: libc::size_t) -> libc::c_int;
    fn isl_val_get_abs_num_chunks(
        v: libc::uintptr_t,
        size: libc::size_t,
        chunks: *mut libc::c_void,
    ) -> libc::c_int;
    fn isl_map_transitive_closure(map: libc::uintptr_t, exact: *mut libc::c_int)
    -> libc::uintptr_t;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two wrap-around counters stepped together: four disjuncts, the
    /// product of each counter's two cases. Their hull, taken counter by
    /// counter ([`product::factors`]), is isl's hull of the four.
    #[test]
    fn the_hull_of_a_product_is_the_product_of_hulls() {
        let ctx = Context::alloc();
        let wrap = |x: &str, y: &str| {
            format!("(({y} = {x} + 1 and 0 <= {x} <= 254) or ({x} = 255 and {y} = 0))")
        };
        let set = Poly::read(
            &ctx,
            &format!(
                "[v1, w1, v2, w2] -> {{ : {} and {} }}",
                wrap("v1", "w1"),
                wrap("v2", "w2")
            ),
        );
        assert_eq!(set.set.n_basic_set().ok(), Some(4));
        let isl = Poly {
            set: Set::from_basic_set(set.set.copy().unwrap().polyhedral_hull().unwrap()).unwrap(),
        };
        assert!(same_set(&set.hull(), &isl));
    }

    /// Past isl's operation quota, a set's text is still all of it: the
    /// text is taken for the set's identity (the report's cache, the
    /// regions' interner), and a text cut short made two sets one.
    #[test]
    fn set_text_is_whole_past_the_quota() {
        let ctx = Context::alloc();
        let set =
            Set::read_from_str(&ctx, "[n, m] -> { : 0 <= n <= m + 7 and m >= 3 }").expect("a set");
        let whole = set_text(&set).expect("its text");
        ctx.reset_operations();
        ctx.set_max_operations(1);
        // Exhausts the quota.
        let _ = set.copy().and_then(|s| s.coalesce());
        let past = set_text(&set);
        ctx.set_max_operations(0);
        ctx.reset_error();
        assert_eq!(past.as_deref(), Some(whole.as_str()));
    }

    /// A set moved to another context and back is the same set: strides
    /// (existentials), unions, unconstrained parameters, the empty set.
    #[test]
    fn a_set_moves_between_contexts_by_its_text() {
        let here = Context::alloc();
        let there = Context::alloc();
        for text in [
            "[n, i] -> { : exists (e: i = 2e) and 0 <= i < n }",
            "[a, b] -> { : a >= 3 or b <= -1 }",
            "[k] -> { : }",
            "[m] -> { : false }",
            "{ : }",
        ] {
            let set = Poly::read(&here, text);
            let moved = Poly::from_text(&there, &set.text().expect("its text"));
            assert_eq!(moved.set.get_ctx().ptr, there.ptr);
            let back = Poly::from_text(&here, &moved.text().expect("its text"));
            assert!(back.is_subset(&set) && set.is_subset(&back), "{text}");
            assert_eq!(back.params(), set.params(), "{text}");
        }
        let failures = failures();
        let unreadable = Poly::from_text(&there, "[n] -> { : n >= }");
        assert!(unreadable.plain_is_universe());
        assert_eq!(failures + 1, super::failures());
    }

    /// A disjunct of more than [`MAX_HULL_FACETS`] constraints (a box with
    /// its edges and corners cut: 17) and a point: not isl's polyhedral
    /// hull but the simple hull, which still holds both and stays bounded.
    #[test]
    fn the_hull_of_a_many_faceted_disjunct_holds_it() {
        let ctx = Context::alloc();
        let union = Poly::read(
            &ctx,
            "[a, b, c] -> { : 0 <= a <= 10 and 0 <= b <= 10 and 0 <= c <= 10 \
             and a + b <= 18 and a + c <= 18 and b + c <= 18 \
             and a - b <= 8 and b - a <= 8 and a - c <= 8 and c - a <= 8 \
             and b - c <= 8 and c - b <= 8 and 3 <= a + b + c <= 27; \
             : a = 20 and b = 20 and c = 20 }",
        );
        let hull = union.hull();
        assert!(hull.is_convex());
        assert!(union.is_subset(&hull));
        let point = |a: i32, b: i32, c: i32| {
            Poly::read(
                &ctx,
                &format!("[a, b, c] -> {{ : a = {a} and b = {b} and c = {c} }}"),
            )
        };
        assert!(point(15, 15, 15).is_subset(&hull));
        assert!(!point(21, 0, 0).is_subset(&hull));
    }

    /// What is linked to `y` is what constrains it, directly (`y <= 5`)
    /// or through another variable (`z` bounds `y` from below): projected
    /// onto `y`, it gives what the whole store gives; the constraints on
    /// `x` and `w` alone are left out.
    #[test]
    fn linked_constraints_keep_what_bears_on_the_names() {
        let ctx = Context::alloc();
        let store = Poly::read(
            &ctx,
            "[x, y, z, w] -> { : x = 1 and y <= 5 and y >= z and z >= 2 and w >= 3 }",
        );
        let names: HashSet<String> = ["y".to_string()].into();
        let linked = store.linked_to(&names).expect("one piece, no existentials");
        let mut params = linked.params();
        params.sort();
        assert_eq!(params, ["y", "z"]);
        let others = ["x", "z", "w"].map(String::from);
        let expected = Poly::read(&ctx, "[y] -> { : 2 <= y <= 5 }");
        for onto_y in [linked.project_all(&others), store.project_all(&others)] {
            assert!(onto_y.is_subset(&expected) && expected.is_subset(&onto_y));
        }
    }

    fn same_set(a: &Poly, b: &Poly) -> bool {
        a.is_subset(b) && b.is_subset(a)
    }

    /// A store splits into what is linked to the names and the rest, over
    /// disjoint variables, and is their intersection; a union, or a store
    /// all of whose constraints are linked, does not split.
    #[test]
    fn a_store_splits_into_what_is_linked_to_names_and_the_rest() {
        let ctx = Context::alloc();
        let store = Poly::read(
            &ctx,
            "[x, y, z, w, u] -> { : x = 1 and y <= 5 and y >= z and z >= 2 \
             and w >= 3 and w <= u }",
        );
        let names: HashSet<String> = ["y".to_string()].into();
        let (linked, rest) = store.split_linked(&names).expect("it splits");
        let mut params = linked.params();
        params.sort();
        assert_eq!(params, ["y", "z"]);
        let mut params = rest.params();
        params.sort();
        assert_eq!(params, ["u", "w", "x"]);
        assert!(same_set(&linked.intersect(&rest), &store));
        let all: HashSet<String> = ["y", "x", "w"].map(String::from).into();
        assert!(store.split_linked(&all).is_none());
        let union = Poly::read(&ctx, "[x, y] -> { : x = 1 and y = 2; : x = 3 and y = 4 }");
        assert!(union.split_linked(&names).is_none());
    }
}
