//! Regions and the operations that build them: union (one convex set per
//! entity), restriction by a condition, projection of a variable, and
//! translation through a transformer into an earlier store.
//!
//! A region's set is a `Poly`: an isl parameter set over the values of the
//! tracked integer variables in the store before the statement (`v12`) and
//! over the region's dimensions (`phi1`, `phi2`, ...), so the machinery of
//! the affine semantics (names aligned by isl, sparse constraints) serves
//! unchanged. Only at printing time do the φ become set dimensions.

use crate::entity::Entity;
use crate::set::{self, convex, involves};
use crate::under;
use ferry_hcfg::ir::VarId;
use ferry_hcfg::semantics::poly::{Lin, Name, Poly, set_text};
use ferry_hcfg::semantics::{Factored, Transformer};
use isl_rs::Context;
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap, HashSet};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Approx {
    /// The set is exactly the elements touched.
    Exact,
    /// The set contains the elements touched (an over-approximation).
    May,
}

impl Approx {
    pub fn and(self, other: Approx) -> Approx {
        if self == Approx::Exact && other == Approx::Exact {
            Approx::Exact
        } else {
            Approx::May
        }
    }
    pub fn from_exact(exact: bool) -> Approx {
        if exact { Approx::Exact } else { Approx::May }
    }
}

/// A region: a convex over-approximation of the elements touched, exact or
/// not, and for a may region what is surely touched, a union of convex
/// pieces. A sequence that writes `v[0][i]`, then `v[n-1][i]`, then
/// `v[1..n-2][i]` writes a column exactly, though the first two writes'
/// hull already is not exact: keeping their union apart lets the third
/// write close the gap. The sure part is what differences subtract (IN
/// regions, isolation's sure writes). Where it is known to be all that is
/// touched (the rim a stencil reads around what an earlier sweep wrote:
/// exact, but not convex), the region is exact as a union of pieces
/// ([`Region::exactly`]), though may as one convex set.
///
/// `set` is public to read; it changes only through the methods below,
/// which keep `must` about the same variables and within `set`.
#[derive(Debug, Clone)]
pub struct Region {
    pub set: Poly,
    approx: Approx,
    /// For a may region, elements surely touched (`None`: none known);
    /// always `None` for an exact region, whose `set` is all touched.
    must: Option<Poly>,
    /// Whether `must` is exactly the elements touched.
    must_is_all: bool,
}

/// See [`Region::key`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RegionKey {
    set: usize,
    must: usize,
    approx: Approx,
    must_is_all: bool,
}

/// A sure part, and whether it is all that is touched.
type Sure = Option<(Poly, bool)>;

impl Region {
    /// A region with nothing known to be surely touched when it is may.
    pub fn new(set: Poly, approx: Approx) -> Region {
        Region {
            set,
            approx,
            must: None,
            must_is_all: false,
        }
    }

    /// A region from a set being built (not yet convex: a projection
    /// follows) and what is surely touched, computed alongside by exact
    /// operations ([`under`]), not claimed to be all.
    pub(crate) fn from_parts(set: Poly, approx: Approx, must: Option<Poly>) -> Region {
        match approx {
            Approx::Exact => Region::new(set, approx),
            Approx::May => Region {
                set,
                approx,
                must,
                must_is_all: false,
            },
        }
    }

    /// `set` (convex), exact when `exact`, otherwise surely touching the
    /// sure part `sure` gives — and exact after all when it covers `set`.
    fn with_sure(set: Poly, exact: bool, sure: impl FnOnce() -> Sure) -> Region {
        if exact {
            return Region::new(set, Approx::Exact);
        }
        let sure = sure().filter(|(m, _)| !m.is_empty());
        if sure.as_ref().is_some_and(|(m, _)| set.is_subset(m)) {
            return Region::new(set, Approx::Exact);
        }
        let (must, must_is_all) = match sure {
            Some((m, all)) => (Some(m), all),
            None => (None, false),
        };
        Region {
            set,
            approx: Approx::May,
            must,
            must_is_all,
        }
    }

    pub fn approx(&self) -> Approx {
        self.approx
    }

    /// What the region is made of, to move it to another isl context
    /// ([`crate::portable`]): its set, approximation, sure part, and
    /// whether the sure part is all.
    pub(crate) fn parts(&self) -> (&Poly, Approx, Option<&Poly>, bool) {
        (&self.set, self.approx, self.must.as_ref(), self.must_is_all)
    }

    /// The region [`Region::parts`] was taken from, its sets rebuilt.
    pub(crate) fn from_all_parts(
        set: Poly,
        approx: Approx,
        must: Option<Poly>,
        must_is_all: bool,
    ) -> Region {
        Region {
            set,
            approx,
            must,
            must_is_all,
        }
    }

    pub fn is_exact(&self) -> bool {
        self.approx == Approx::Exact
    }

    /// What is surely touched: the set when it is exact, its sure part
    /// otherwise (`None`, the empty set, when none is known): the
    /// under-approximation the differences of IN and OUT regions subtract.
    pub fn under(&self) -> Option<&Poly> {
        if self.is_exact() {
            Some(&self.set)
        } else {
            self.must.as_ref()
        }
    }

    /// Exactly the elements touched, when known: the set of an exact
    /// region, the sure part of a may region that is all of it (a union of
    /// convex pieces).
    pub fn exactly(&self) -> Option<&Poly> {
        if self.is_exact() {
            Some(&self.set)
        } else {
            self.must.as_ref().filter(|_| self.must_is_all)
        }
    }

    /// What a may region surely touches, as an exact region of its own
    /// (for the report), and whether that is all it touches; `None` for
    /// an exact region, or when nothing is known.
    pub fn sure_part(&self) -> Option<(Region, bool)> {
        let must = self.must.as_ref().filter(|_| !self.is_exact())?;
        Some((Region::new(must.clone(), Approx::Exact), self.must_is_all))
    }

    /// The sure part, with whether it is all.
    fn sure(&self) -> Sure {
        let all = self.exactly().is_some();
        self.under().map(|m| (m.clone(), all))
    }

    pub fn union(&self, other: &Region) -> Region {
        // A region merged with itself (interned sets make equal regions
        // the same objects: `*ANYWHERE*`, a field read on both branches).
        if self.key() == other.key() {
            return self.clone();
        }
        // An exact region holding the other one is the exact union.
        if self.is_exact() && other.set.is_subset(&self.set) {
            return self.clone();
        }
        if other.is_exact() && self.set.is_subset(&other.set) {
            return other.clone();
        }
        let union = self.set.union(&other.set);
        let (set, exact) = if self.is_exact() && other.is_exact() {
            convex(&union)
        } else {
            (crate::set::convex_hull_of(&union), false)
        };
        let both = self.approx.and(other.approx).and(Approx::from_exact(exact));
        if both == Approx::Exact {
            return Region::new(set, both);
        }
        let sure = || match (self.sure(), other.sure()) {
            (Some((a, a_all)), Some((b, b_all))) => match under::union(&a, &b) {
                Some(u) => Some((u, a_all && b_all)),
                None => Some((a, false)),
            },
            (a, b) => a.or(b).map(|(m, _)| (m, false)),
        };
        Region::with_sure(set, false, sure)
    }

    /// What determines the region, as identities: the isl objects of its
    /// set and sure part (equal for equal sets once an [`Interner`] has
    /// shared them) and its flags. Equal keys, equal regions.
    pub fn key(&self) -> RegionKey {
        RegionKey {
            set: self.set.set.ptr,
            must: self.must.as_ref().map_or(0, |m| m.set.ptr),
            approx: self.approx,
            must_is_all: self.must_is_all,
        }
    }

    /// The same region, no longer claimed exact, nothing surely touched.
    pub fn may(mut self) -> Region {
        self.make_may();
        self
    }

    /// Makes the region may, nothing surely touched: it may not be touched
    /// at all (conditional code), or partly by something else.
    pub fn make_may(&mut self) {
        self.approx = Approx::May;
        self.must = None;
        self.must_is_all = false;
    }

    /// The part of the region where `p` holds, as one convex set (`p` may
    /// be a disjunction, as `i != 3` is).
    pub fn intersect(&self, p: &Poly) -> Region {
        // Nothing to meet: a convex region whose exactness the sure part
        // cannot change is itself, the same isl object (which unions and
        // the displays then recognise at once). Most parts of SQLite's
        // preconditions bear on none of the regions they are met with.
        if p.plain_is_universe() && (self.is_exact() || self.must.is_none()) && self.set.is_convex()
        {
            return self.clone();
        }
        let (set, exact) = convex(&self.set.intersect(p));
        let sure = || {
            let (m, all) = self.sure()?;
            Some((under::intersect(&m, p)?, all))
        };
        Region::with_sure(set, self.is_exact() && exact, sure)
    }

    /// Existentially quantifies a variable away. isl's projection is exact
    /// over the integers; only making the result convex may lose exactness.
    pub fn project(&self, name: &str) -> Region {
        // The sure part may name a variable the set no longer does (a
        // hull dropped it): it must go from both.
        let in_sure = self.must.as_ref().is_some_and(|m| m.has(name).is_some());
        if self.set.has(name).is_none() && !in_sure {
            return self.clone();
        }
        let (set, exact) = convex(&self.set.project(name));
        let sure = || {
            let (m, all) = self.sure()?;
            Some((under::project(&m, name)?, all))
        };
        Region::with_sure(set, self.is_exact() && exact, sure)
    }

    /// Whether the set or the sure part constrains the parameter `name`
    /// (a hull may have dropped it from the set and not from the sure
    /// part, which then still depends on it).
    pub fn mentions(&self, name: &str) -> bool {
        involves(&self.set, name) || self.must.as_ref().is_some_and(|m| involves(m, name))
    }

    /// The same region with parameter `from` named `to`.
    pub fn rename(&self, from: &str, to: &str) -> Region {
        let must = self.must.as_ref().and_then(|m| under::rename(m, from, to));
        Region {
            set: self.set.rename(from, to),
            approx: self.approx,
            must_is_all: self.must_is_all && must.is_some(),
            must,
        }
    }

    /// Forgets a variable: the region for every value it may have (a may
    /// region when the set depended on it).
    pub fn forget(&self, name: &str) -> Region {
        if !self.mentions(name) {
            return self.clone();
        }
        self.project(name).may()
    }

    /// The names of the parameters of the set and of its sure part: a
    /// superset of those the region [`Region::mentions`].
    pub fn param_names(&self) -> HashSet<String> {
        let mut params: HashSet<String> = self.set.params().into_iter().collect();
        if let Some(m) = &self.must {
            params.extend(m.params());
        }
        params
    }

    /// Forgets every name of `names` the region mentions, in their order.
    /// The names are looked up among the region's few parameters, not
    /// asked of isl one by one: a loop of a random program modifies
    /// hundreds of variables, and asking isl for each of them in each
    /// region was a third of the time of the OUT regions.
    pub fn forget_any(&self, names: &[String]) -> Region {
        let params = self.param_names();
        let mut r = self.clone();
        for name in names.iter().filter(|n| params.contains(*n)) {
            r = r.forget(name);
        }
        if !params.iter().any(|p| is_product(p)) {
            return r;
        }
        let forgotten: Vec<VarId> = names
            .iter()
            .filter_map(|n| match Name::parse(n)? {
                Name::Pre(v) => Some(v),
                _ => None,
            })
            .collect();
        r.without_products_of(&|v| forgotten.contains(&v))
            .unwrap_or(r)
    }

    /// The region with every product of two variables ([`Name::Product`])
    /// that has a factor `gone` says is forgotten; `None` when it has no
    /// such product. Whatever forgets a variable must call this too: the
    /// product names the variable without being its name.
    pub fn without_products_of(&self, gone: &dyn Fn(VarId) -> bool) -> Option<Region> {
        let products: Vec<String> = self
            .param_names()
            .into_iter()
            .filter(|n| matches!(Name::parse(n), Some(Name::Product(a, b)) if gone(a) || gone(b)))
            .collect();
        if products.is_empty() {
            return None;
        }
        let mut r = self.clone();
        for name in &products {
            r = r.forget(name);
        }
        Some(r)
    }

    /// The elements of `self` not in `other`'s under-approximation: exact
    /// only when both are known exactly.
    pub fn minus(&self, other: &Region) -> Region {
        let Some(under) = other.under() else {
            // Nothing is surely written: nothing is removed, and the result
            // is exact only if nothing could have been.
            let disjoint = self.set.intersect(&other.set).is_empty();
            if disjoint {
                return self.clone();
            }
            return Region::with_sure(self.set.clone(), false, || self.sure_minus(other));
        };
        match set::subtract(&self.set, under) {
            Some(d) => {
                let (set, convex_exact) = convex(&d);
                let exact = self.is_exact() && other.exactly().is_some() && convex_exact;
                Region::with_sure(set, exact, || self.sure_minus(other))
            }
            None => self.clone().may(),
        }
    }

    /// The sure part of `self − other`: what `self` surely touches that
    /// `other` may not, all of it when both are known exactly.
    fn sure_minus(&self, other: &Region) -> Sure {
        if let (Some(a), Some(b)) = (self.exactly(), other.exactly())
            && let Some(d) = set::subtract(a, b).and_then(|d| under::capped(&d))
        {
            return Some((d, true));
        }
        let d = set::subtract(self.under()?, &other.set)?;
        Some((under::capped(&d)?, false))
    }

    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }

    /// A may region as a convex polyhedron without existentially
    /// quantified variables (PIPS's representation): it over-approximates
    /// anyway, and strides or divisions in it only make it unreadable. An
    /// exact region keeps them, as the lattice of a strided access.
    pub fn normalized(self) -> Region {
        if self.is_exact() || !self.set.set.involves_locals().unwrap_or(false) {
            return self;
        }
        Region {
            set: self.set.hull(),
            approx: Approx::May,
            must: self.must,
            must_is_all: self.must_is_all,
        }
    }
}

/// One region per entity.
pub type RegionMap = BTreeMap<Entity, Region>;

pub fn add(map: &mut RegionMap, entity: Entity, region: Region) {
    add_with(map, entity, region, &|old, new| old.union(new));
}

/// Adds a region, joined to the entity's region already there by
/// `union(old, new)`.
fn add_with(
    map: &mut RegionMap,
    entity: Entity,
    region: Region,
    union: &dyn Fn(&Region, &Region) -> Region,
) {
    // (Exactness first: it is a flag, emptiness an isl query.)
    if region.is_exact() && region.is_empty() {
        return;
    }
    let region = region.normalized();
    match map.get_mut(&entity) {
        Some(old) => *old = union(old, &region),
        None => {
            map.insert(entity, region);
        }
    }
}

/// Adds every region of `from` to `into`, joined by `union(old, new)`
/// where the entity has one in `into` already. The smaller map is walked:
/// the regions of the rest of a sequence, over a statement's, grow with
/// the sequence, and walking them at every statement made a function's
/// regions quadratic in its length. Regions only `from` has are kept as
/// they are: every map the analyses make holds normalized regions and no
/// empty exact one.
fn merge_with(into: &mut RegionMap, from: RegionMap, union: &dyn Fn(&Region, &Region) -> Region) {
    if from.len() <= into.len() {
        for (e, r) in from {
            add_with(into, e, r, union);
        }
        return;
    }
    let old = std::mem::replace(into, from);
    for (e, r) in old {
        match into.get_mut(&e) {
            Some(new) if !(new.is_exact() && new.is_empty()) => {
                *new = union(&r, new);
            }
            _ => {
                into.insert(e, r);
            }
        }
    }
}

/// A statement's precondition, made convex only when a union needs it
/// (most unions are exact without it, and hulls are not cheap).
pub struct Precondition {
    raw: Option<Factored>,
    hull: std::cell::OnceCell<Option<Factored>>,
    split: std::cell::OnceCell<Option<crate::set::Split>>,
    /// The joins taken under this precondition ([`union_under`]), by the
    /// identities of their operands: a statement's READ and IN are often
    /// the same regions, joined to the same regions, and one such join
    /// can take isl half a second (a hull over a few variables).
    joins: RefCell<HashMap<(RegionKey, RegionKey), Joined>>,
}

/// A join [`Precondition`] remembers, with its operands: held here, their
/// isl objects stay alive, so that no other set takes their addresses
/// (their keys) while the entry stands.
struct Joined {
    _operands: (Region, Region),
    result: Region,
}

impl Precondition {
    pub fn new(raw: Option<Factored>) -> Self {
        Precondition {
            raw,
            hull: std::cell::OnceCell::new(),
            split: std::cell::OnceCell::new(),
            joins: RefCell::default(),
        }
    }

    pub fn none() -> Self {
        Precondition::new(None)
    }

    /// The precondition as the semantics computed it.
    pub fn raw(&self) -> Option<&Factored> {
        self.raw.as_ref()
    }

    pub fn hull(&self) -> Option<&Factored> {
        self.hull
            .get_or_init(|| self.raw.as_ref().map(Factored::hull))
            .as_ref()
    }

    /// The part of the hull that bears on `set` ([`crate::set::Split`]).
    pub fn hull_for(&self, set: &Poly) -> Option<Poly> {
        self.split
            .get_or_init(|| self.hull().map(crate::set::Split::new))
            .as_ref()
            .map(|split| split.relevant_to(set))
    }
}

/// Adds a region; where the union is not exact, it is taken again under
/// the (convex hull of the) precondition `p`: the hull of `a[i]` and
/// `a[n-1-i]` (or of `x[i]` and `x[j]`) is every element until `0 <= i`
/// and `2i+2 <= n` say where `i` lies.
pub fn add_under(map: &mut RegionMap, entity: Entity, region: Region, p: &Precondition) {
    add_with(map, entity, region, &|old, new| union_under(old, new, p));
}

/// `old ∪ new`, taken again under `p` where the union is not exact;
/// computed once per pair of operands under one precondition.
fn union_under(old: &Region, new: &Region, p: &Precondition) -> Region {
    let key = (old.key(), new.key());
    if let Some(joined) = p.joins.borrow().get(&key) {
        return joined.result.clone();
    }
    let plain = old.union(new);
    let merged = match plain.is_exact() {
        true => plain,
        false => match p.hull_for(&plain.set) {
            Some(p) => old.intersect(&p).union(&new.intersect(&p)),
            None => plain,
        },
    };
    let result = merged.normalized();
    p.joins.borrow_mut().insert(
        key,
        Joined {
            _operands: (old.clone(), new.clone()),
            result: result.clone(),
        },
    );
    result
}

pub fn merge_under(into: &mut RegionMap, from: RegionMap, p: &Precondition) {
    merge_with(into, from, &|old, new| union_under(old, new, p));
}

pub fn merge(into: &mut RegionMap, from: RegionMap) {
    merge_with(into, from, &|old, new| old.union(new));
}

pub fn map_regions(map: &RegionMap, f: impl Fn(&Region) -> Region) -> RegionMap {
    map_changed(map, |r| Some(f(r)))
}

/// Every region of `map` through `f`, where `None` says `f` leaves it
/// alone: such a region is kept as it was made (normalized, not empty if
/// exact), the same isl object, without asking isl again; a changed one
/// is normalized and dropped if exact and empty.
pub fn map_changed(map: &RegionMap, f: impl Fn(&Region) -> Option<Region>) -> RegionMap {
    let mut out = RegionMap::new();
    for (e, r) in map {
        let Some(changed) = f(r) else {
            out.insert(e.clone(), r.clone());
            continue;
        };
        let r = changed.normalized();
        // (Exactness first: it is a flag, emptiness an isl query.)
        if !(r.is_exact() && r.is_empty()) {
            out.insert(e.clone(), r);
        }
    }
    out
}

pub fn all_may(map: &RegionMap) -> RegionMap {
    map_regions(map, |r| r.clone().may())
}

/// Every region of `map` over only the parameters it mentions
/// ([`Poly::without_unused_params`]): what a statement keeps of its
/// regions for the statements around it, the reports and isolation. In
/// SQLite, the regions kept had 39 parameters on average, of which 3 were
/// mentioned.
pub fn compact_all(map: &mut RegionMap) {
    for r in map.values_mut() {
        r.set = r.set.without_unused_params();
        if let Some(m) = &r.must {
            r.must = Some(m.without_unused_params());
        }
    }
}

/// Equal sets stored once. A program's regions repeat: SQLite's statements
/// store 3.2 million region sets, of only 16 thousand distinct ones (isl's
/// text of the set, which determines it), each a separate isl object.
/// The regions kept are made to share one object per distinct set (isl
/// counts references), which their equality makes sound. Bounded: past
/// [`Interner::MAX_SETS`] distinct sets it starts again.
#[derive(Default)]
pub struct Interner {
    sets: RefCell<HashMap<String, Poly>>,
}

/// The sets of one [`Interner::share_all`] pass already shared, by their
/// isl object: a region passed on unchanged from a statement to the ones
/// around it is the same object in each, and printing it once is enough.
/// Each entry holds the object it is keyed by, so that its address cannot
/// be reused while the pass runs.
type Shared = HashMap<usize, (Poly, Poly)>;

impl Interner {
    const MAX_SETS: usize = 200_000;

    fn poly(&self, p: &Poly, shared: &mut Shared) -> Poly {
        if let Some((_, known)) = shared.get(&p.set.ptr) {
            return known.clone();
        }
        let interned = self.by_text(p);
        shared.insert(p.set.ptr, (p.clone(), interned.clone()));
        interned
    }

    fn by_text(&self, p: &Poly) -> Poly {
        let Some(text) = set_text(&p.set) else {
            return p.clone();
        };
        let mut sets = self.sets.borrow_mut();
        if let Some(known) = sets.get(&text) {
            return known.clone();
        }
        if sets.len() >= Self::MAX_SETS {
            sets.clear();
        }
        sets.insert(text, p.clone());
        p.clone()
    }

    /// Every region of every map onto the sets stored before it.
    pub fn share_all<'m>(&self, maps: impl IntoIterator<Item = &'m mut RegionMap>) {
        let mut shared = Shared::new();
        for map in maps {
            for r in map.values_mut() {
                r.set = self.poly(&r.set, &mut shared);
                if let Some(m) = &r.must {
                    r.must = Some(self.poly(m, &mut shared));
                }
            }
        }
    }
}

/// Every region of `map` made may, in place.
pub fn make_all_may(map: &mut RegionMap) {
    for r in map.values_mut() {
        r.make_may();
    }
}

/// Whether `t` determines the value of `v` after it from the values before
/// it: an over-approximated relation that is a function is exact wherever
/// the statement terminates, so a region translated through it stays exact.
pub fn is_functional(t: &Transformer, v: VarId) -> bool {
    let post = Name::Post(v).isl();
    let others: Vec<String> = t
        .modified
        .iter()
        .filter(|&&w| w != v)
        .map(|&w| Name::Post(w).isl())
        .collect();
    let one = t.rel.project_all(&others);
    let twin = format!("{post}_twin");
    let other = one.rename(&post, &twin);
    let both = one.intersect(&other);
    let ctx = t.rel.set.get_ctx();
    let same = crate::set::equal_to(&ctx, &post, &Lin::name(twin)).expect("one-term forms");
    both.is_subset(&same)
}

/// A region over the store after `t` (a statement's transformer), as a
/// region over the store before it. Exact when the region is and `t`
/// determines every modified variable the region depends on.
pub fn translate(region: &Region, t: &Transformer) -> Region {
    Through::new(t)
        .translate(region)
        .unwrap_or_else(|| region.clone())
}

/// Every region of `map` translated through `t` ([`translate`]).
pub fn translate_map(map: &RegionMap, t: &Transformer) -> RegionMap {
    let [translated] = translate_maps([map], t);
    translated
}

/// [`translate_map`] of several maps through one transformer: a region
/// two maps share (a statement's READ and IN often hold the same objects)
/// is translated once, and the results stay shared, so that the joins
/// after them are taken once too ([`Precondition`]).
pub fn translate_maps<const N: usize>(maps: [&RegionMap; N], t: &Transformer) -> [RegionMap; N] {
    if t.modified.is_empty() {
        return maps.map(RegionMap::clone);
    }
    let through = Through::new(t);
    maps.map(|map| map_changed(map, |r| through.translate_once(r)))
}

/// One transformer, ready to translate the regions of a statement: what
/// does not depend on the region is computed once for all of them. A
/// statement of SQLite may modify hundreds of variables and carry
/// hundreds of regions, and spelling every modified variable's names,
/// projecting the relation and asking whether it determines a variable,
/// per region, was a tenth of the time of its regions.
struct Through<'t> {
    t: &'t Transformer,
    /// The modified variables by their name before `t`, with their rank
    /// in `t.modified` (the order in which they are renamed).
    by_pre: HashMap<String, (usize, VarId)>,
    /// Whether `t` determines a variable ([`is_functional`]).
    functional: RefCell<HashMap<VarId, bool>>,
    /// `t`'s relation with the mentioned variables after it renamed to
    /// their `Mid` names and the others projected away, per set of
    /// mentioned variables.
    relations: RefCell<HashMap<Vec<VarId>, Poly>>,
    /// The regions translated, by key, with the region itself (alive, so
    /// that its key stays its own) and its normalized translation.
    translated: RefCell<HashMap<RegionKey, (Region, Option<Region>)>>,
}

impl<'t> Through<'t> {
    fn new(t: &'t Transformer) -> Self {
        let by_pre = t
            .modified
            .iter()
            .enumerate()
            .map(|(rank, &v)| (Name::Pre(v).isl(), (rank, v)))
            .collect();
        Through {
            t,
            by_pre,
            functional: RefCell::default(),
            relations: RefCell::default(),
            translated: RefCell::default(),
        }
    }

    /// [`Through::translate`], normalized, once per region.
    fn translate_once(&self, region: &Region) -> Option<Region> {
        let key = region.key();
        if let Some((_, translated)) = self.translated.borrow().get(&key) {
            return translated.clone();
        }
        let translated = self.translate(region).map(Region::normalized);
        self.translated
            .borrow_mut()
            .insert(key, (region.clone(), translated.clone()));
        translated
    }

    fn is_functional(&self, v: VarId) -> bool {
        *self
            .functional
            .borrow_mut()
            .entry(v)
            .or_insert_with(|| is_functional(self.t, v))
    }

    fn relation(&self, mentioned: &[VarId]) -> Poly {
        if let Some(rel) = self.relations.borrow().get(mentioned) {
            return rel.clone();
        }
        let mut rel = self.t.rel.clone();
        let mut unmentioned = Vec::new();
        for &v in &self.t.modified {
            let post = Name::Post(v).isl();
            if mentioned.contains(&v) {
                rel = rel.rename(&post, &Name::Mid(v).isl());
            } else {
                unmentioned.push(post);
            }
        }
        let rel = rel.project_all(&unmentioned);
        self.relations
            .borrow_mut()
            .insert(mentioned.to_vec(), rel.clone());
        rel
    }

    /// The region translated, `None` when it does not depend on what `t`
    /// modifies. The variables it depends on are found among its few
    /// parameters, not asked of isl for each modified variable.
    fn translate(&self, region: &Region) -> Option<Region> {
        let mut params = region.param_names();
        // A product with a variable `t` modifies is not one `t` relates.
        let without = match params.iter().any(|p| is_product(p)) {
            true => region.without_products_of(&|v| self.t.modified.contains(&v)),
            false => None,
        };
        let changed = without.is_some();
        let region = without.as_ref().unwrap_or(region);
        if changed {
            params = region.param_names();
        }
        let mut mentioned: Vec<(usize, VarId)> = params
            .iter()
            .filter_map(|name| self.by_pre.get(name).map(|&found| (name, found)))
            .filter(|(name, _)| region.mentions(name))
            .map(|(_, found)| found)
            .collect();
        if mentioned.is_empty() {
            return changed.then(|| region.clone());
        }
        mentioned.sort_unstable();
        let mentioned: Vec<VarId> = mentioned.into_iter().map(|(_, v)| v).collect();
        let rel = self.relation(&mentioned);
        let mut set = region.set.clone();
        for &v in &mentioned {
            set = set.rename(&Name::Pre(v).isl(), &Name::Mid(v).isl());
        }
        let mids: Vec<String> = mentioned.iter().map(|&v| Name::Mid(v).isl()).collect();
        let joined = set.intersect(&rel).project_all(&mids);
        let (set, exact) = convex(&joined);
        if !mentioned.iter().all(|&v| self.is_functional(v)) {
            return Some(Region::new(set, Approx::May));
        }
        // The transformer determines the variables: what was surely touched
        // in terms of their values after it is surely touched in terms of
        // those before.
        let sure = || {
            let (m, all) = region.sure()?;
            Some((under::translate(&m, &rel, &mentioned)?, all))
        };
        Some(Region::with_sure(set, region.is_exact() && exact, sure))
    }
}

/// Whether an isl name is a product of two variables ([`Name::Product`]),
/// without parsing the others.
pub(crate) fn is_product(name: &str) -> bool {
    name.starts_with('x') && matches!(Name::parse(name), Some(Name::Product(..)))
}

/// A universe region (every element), may.
pub fn everything(ctx: &Context) -> Region {
    Region::new(Poly::universe(ctx), Approx::May)
}

/// A universe region that is exactly every element (liveness of memory
/// callers can see).
pub fn everything_exact(ctx: &Context) -> Region {
    Region::new(Poly::universe(ctx), Approx::Exact)
}

#[cfg(test)]
mod tests {
    use super::*;
    use isl_rs::Set;

    fn poly(ctx: &Context, text: &str) -> Poly {
        Poly {
            set: Set::read_from_str(ctx, text).unwrap(),
        }
    }

    fn exact(ctx: &Context, text: &str) -> Region {
        Region::new(poly(ctx, text), Approx::Exact)
    }

    fn shown(map: &RegionMap) -> Vec<String> {
        map.iter()
            .map(|(e, r)| format!("{e:?} {:?} {:?}", r.approx(), r.set))
            .collect()
    }

    /// Merging walks the smaller map; the result is the one of adding
    /// every region of `from` in turn, whichever map is larger.
    #[test]
    fn a_merge_is_the_same_whichever_map_is_larger() {
        let ctx = Context::alloc();
        let small = || {
            let mut m = RegionMap::new();
            m.insert(
                Entity::var(VarId(0)),
                exact(&ctx, "[phi1] -> { : 0 <= phi1 <= 3 }"),
            );
            m
        };
        let large = || {
            let mut m = RegionMap::new();
            m.insert(
                Entity::var(VarId(0)),
                exact(&ctx, "[phi1] -> { : 4 <= phi1 <= 9 }"),
            );
            m.insert(
                Entity::var(VarId(1)),
                exact(&ctx, "[phi1] -> { : phi1 = 7 }"),
            );
            m.insert(
                Entity::var(VarId(2)),
                exact(&ctx, "[n, phi1] -> { : 0 <= phi1 < n }"),
            );
            m
        };
        let by_adding = |mut into: RegionMap, from: RegionMap| {
            for (e, r) in from {
                add(&mut into, e, r);
            }
            into
        };
        for (into, from) in [(small(), large()), (large(), small())] {
            let expected = shown(&by_adding(into.clone(), from.clone()));
            let mut merged = into;
            merge(&mut merged, from);
            assert_eq!(shown(&merged), expected);
        }
        // And the union is there: `phi1` from 0 to 9, exactly.
        let mut merged = small();
        merge(&mut merged, large());
        let a = &merged[&Entity::var(VarId(0))];
        assert!(a.is_exact());
        assert!(
            a.set
                .is_subset(&poly(&ctx, "[phi1] -> { : 0 <= phi1 <= 9 }"))
        );
        assert!(poly(&ctx, "[phi1] -> { : 0 <= phi1 <= 9 }").is_subset(&a.set));
    }

    /// A region that does not depend on what a statement modifies is
    /// passed through it as the same isl object; one that does is
    /// translated into the store before it.
    #[test]
    fn translation_keeps_the_regions_a_statement_does_not_bear_on() {
        let ctx = Context::alloc();
        let (i, n) = (VarId(0), VarId(1));
        let (i0, i1, n0) = (Name::Pre(i).isl(), Name::Post(i).isl(), Name::Pre(n).isl());
        // `i = i + 1`.
        let t = Transformer {
            modified: [i].into_iter().collect(),
            rel: poly(&ctx, &format!("[{i0}, {i1}] -> {{ : {i1} = {i0} + 1 }}")),
        };
        let mut map = RegionMap::new();
        let untouched = exact(&ctx, &format!("[{n0}, phi1] -> {{ : 0 <= phi1 < {n0} }}"));
        map.insert(Entity::var(VarId(5)), untouched.clone());
        let at_i = exact(&ctx, &format!("[{i0}, phi1] -> {{ : phi1 = {i0} }}"));
        map.insert(Entity::var(VarId(6)), at_i);
        let moved = translate_map(&map, &t);
        assert_eq!(moved[&Entity::var(VarId(5))].key(), untouched.key());
        let a = &moved[&Entity::var(VarId(6))];
        assert!(a.is_exact());
        let expected = poly(&ctx, &format!("[{i0}, phi1] -> {{ : phi1 = {i0} + 1 }}"));
        assert!(a.set.is_subset(&expected) && expected.is_subset(&a.set));
    }
}
