//! Function summaries (the PENCIL report's §3.6, Listing 8): what one call
//! of a function whose whole body is static-affine reads and writes,
//! for the SCoP of a caller to take the call as one statement. The same
//! summary of a loop whose control is dynamic (a `while`: §3.2's generic
//! statements) lets the SCoP around it take the loop as one statement.
//!
//! The callee's body is modelled with its integer parameters (and the
//! globals it reads) as the only symbolic constants. Its accesses are
//! collected per variable the caller can see — a pointer parameter, a
//! global — and the instances of the callee's statements projected out:
//! the reads, the must-writes (written by every call: the callee's
//! statements that surely run) and the may-writes (under conditions on
//! data). The callee's locals are its own and left out. Each access is
//! then a relation from the callee's parameters (input dimensions, in
//! `params` order) to the elements, which the call site composes with the
//! values of its arguments and the place of its array arguments
//! (`extract::Builder::call`).
//!
//! The reads are the part's exposed reads: the elements some read may
//! take from before the part, which isl's dataflow of the part finds
//! (the reads with no source inside it). A read of what the part wrote
//! itself is no read of the caller's: the caller's dataflow, which sees
//! the call (or the loop) as one step, would look for its source before
//! the step and find an older value that never reaches it. Dropping it
//! keeps the caller's order: the element is written by the same step, and
//! its write orders the step against the caller's other accesses. For a
//! loop, the part is one iteration, whose parameters the loop does not
//! modify: every iteration's exposed reads are the same set, so one
//! iteration's cover the loop's (with those a later iteration takes from
//! an earlier one, a superset).

use crate::dataflow::flow_within_conditions;
use crate::{AccessKind, Scop};
use ferry_hcfg::ir::{FuncId, Program, VarId};
use ferry_hcfg::semantics::poly::Name;
use isl_rs::{Context, DimType, LibISLError, Map, Set, UnionMap};
use std::collections::BTreeMap;
use std::collections::HashSet;

/// isl operations the summary of one function may take.
const MAX_OPERATIONS: u64 = 2_000_000;

#[derive(Debug)]
pub(crate) struct Summary {
    pub accesses: Vec<SummaryAccess>,
    /// Whether some statement of the callee runs under a condition on
    /// data or has a subscript on data: its writes there are may-writes,
    /// and its reads may not happen.
    pub dynamic: bool,
    /// Whether the accesses include those of the summarised loop's own
    /// condition (a summary under the stores: the condition is evaluated
    /// with the stores of its iterations, which the part around cannot
    /// name).
    pub own_control: bool,
}

#[derive(Debug)]
pub(crate) struct SummaryAccess {
    /// A pointer parameter of the callee, or a global.
    pub var: VarId,
    /// The number of subscripts of its elements.
    pub dims: usize,
    /// `Read`, `MustWrite` or `MayWrite`.
    pub kind: AccessKind,
    /// The callee's parameters the relation's input dimensions stand for.
    pub params: Vec<VarId>,
    /// `{ [p0, p1] -> [o0, o1] : ... }`: the elements of `var` one call
    /// accesses, given the values of `params`; no isl parameter.
    pub relation: String,
}

/// What a summary is of.
pub(crate) enum Part<'a> {
    /// The whole body of a function: its pointer parameters and the
    /// globals are what its callers see.
    Function(FuncId),
    /// A loop or an unstructured part of the function being modelled,
    /// which declares `declared`: everything else is the function's. The
    /// integer variables in `varying` change inside it (an unstructured
    /// part's statements are placed by its stores, where they are
    /// unknowns): the accesses are taken over all their values. (A loop
    /// whose body is a SCoP has none: a variable its body writes is no
    /// parameter there.)
    Loop {
        declared: &'a HashSet<VarId>,
        varying: &'a HashSet<VarId>,
    },
}

/// The summary of `part` from its SCoP (built with the semantics' names,
/// `v12`); `None` when it reaches something its statement could not
/// place: a scalar global a function writes (the caller's model would
/// not know the call changes it), or a name that is no variable.
pub(crate) fn summarise(program: &Program, part: &Part, scop: &Scop) -> Option<Summary> {
    let ctx = crate::bounded_context(MAX_OPERATIONS);
    let exposed = exposed_reads(&ctx, scop).ok()?;
    let mut sets: BTreeMap<(VarId, AccessKind), (Set, usize)> = BTreeMap::new();
    for statement in &scop.statements {
        for access in &statement.accesses {
            let kind = access.kind;
            if kind == AccessKind::Kill {
                continue;
            }
            let Some(Name::Pre(v)) = Name::parse(&access.array) else {
                return None;
            };
            let var = program.var(v);
            let visible = match part {
                Part::Function(g) if program.function(*g).params.contains(&v) => {
                    var.ty.is_pointer_like()
                }
                Part::Function(_) => var.is_global(),
                Part::Loop { declared, .. } => !declared.contains(&v),
            };
            if !visible {
                continue;
            }
            let relation = Map::read_from_str(&ctx, &access.relation).ok()?;
            let relation = match kind {
                AccessKind::Read => exposed
                    .extract_map(relation.get_space().ok()?)
                    .and_then(|e| e.intersect(relation))
                    .ok()?,
                _ => relation,
            };
            let elements = relation.range().ok()?;
            let dims = elements.dim(DimType::Set).ok()? as usize;
            if dims == 0 && kind != AccessKind::Read && matches!(part, Part::Function(_)) {
                return None;
            }
            let entry = match sets.remove(&(v, kind)) {
                Some((set, _)) => set.union(elements).ok()?,
                None => elements,
            };
            sets.insert((v, kind), (entry, dims));
        }
    }
    // What may be written and surely is, is a must-write.
    let mut musts = BTreeMap::new();
    for ((v, kind), (set, _)) in &sets {
        if *kind == AccessKind::MustWrite {
            musts.insert(*v, set.copy().ok()?);
        }
    }
    let mut accesses = Vec::new();
    for ((v, kind), (mut set, dims)) in sets {
        if kind == AccessKind::MayWrite
            && let Some(must) = musts.get(&v)
        {
            set = set.subtract(must.copy().ok()?).ok()?;
        }
        if let Part::Loop { varying, .. } = part {
            set = project_out_varying(set, varying).ok()?;
        }
        let set = set.coalesce().ok()?.drop_unused_params().ok()?;
        if set.is_empty().ok()? {
            continue;
        }
        let count = set.dim(DimType::Param).ok()? as u32;
        let mut params = Vec::new();
        for k in 0..count {
            let Some(Name::Pre(p)) = Name::parse(set.get_dim_name(DimType::Param, k).ok()?) else {
                return None;
            };
            params.push(p);
        }
        let relation = Map::from_range(set)
            .and_then(|m| m.move_dims(DimType::In, 0, DimType::Param, 0, count))
            .and_then(|m| m.reset_tuple_id(DimType::Out))
            .ok()?;
        accesses.push(SummaryAccess {
            var: v,
            dims,
            kind,
            params,
            relation: relation.to_str().ok()?.to_string(),
        });
    }
    Some(Summary {
        accesses,
        dynamic: scop
            .statements
            .iter()
            .any(|s| s.dynamic || s.data_subscripts),
        own_control: false,
    })
}

/// Each read instance of `scop` and the elements it may take from before
/// the part: isl's flow towards the reads from the must- and may-writes,
/// with the kills, in the part's order; the reads left with no source.
fn exposed_reads(ctx: &Context, scop: &Scop) -> Result<UnionMap, LibISLError> {
    let mut schedule = UnionMap::empty_ctx(ctx)?;
    let mut reads = UnionMap::empty_ctx(ctx)?;
    let mut must = UnionMap::empty_ctx(ctx)?;
    let mut may = UnionMap::empty_ctx(ctx)?;
    let mut kills = UnionMap::empty_ctx(ctx)?;
    for statement in &scop.statements {
        let domain = Set::read_from_str(ctx, &statement.domain)?;
        let dates = Map::read_from_str(ctx, &statement.schedule)?.intersect_domain(domain)?;
        schedule = schedule.union(UnionMap::from_map(dates)?)?;
        for access in &statement.accesses {
            let into = match access.kind {
                AccessKind::Read => &mut reads,
                AccessKind::MustWrite => &mut must,
                AccessKind::MayWrite => &mut may,
                AccessKind::Kill => &mut kills,
            };
            let relation = UnionMap::read_from_str(ctx, &access.relation)?;
            *into = into.copy()?.union(relation)?;
        }
    }
    Ok(
        flow_within_conditions(scop, false, &reads, &must, &may, Some(&kills), &schedule)?
            .no_source,
    )
}

/// `set` with the parameters that stand for a variable of `varying`
/// projected out (any of their values).
fn project_out_varying(mut set: Set, varying: &HashSet<VarId>) -> Result<Set, LibISLError> {
    let count = set.dim(DimType::Param)?;
    for k in (0..count).rev() {
        let name = set.get_dim_name(DimType::Param, k as u32)?.to_string();
        if matches!(Name::parse(&name), Some(Name::Pre(v)) if varying.contains(&v)) {
            set = set.project_out(DimType::Param, k as u32, 1)?;
        }
    }
    Ok(set)
}
