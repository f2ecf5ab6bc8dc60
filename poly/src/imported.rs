//! What a statement that is one SCoP as a whole reads before writing it,
//! exactly, per array: the live-in reads of isl's dataflow, for isolation
//! to load (the PENCIL report's copy-in, §4.3). Convex IN regions hull
//! what a loop reads around what it writes; this is the union of pieces
//! exactly read (a stencil's rims, a triangle's complement), never more
//! than the regions' IN, both being sound.
//!
//! The sets are over the array's subscripts as parameters `phi1`...,
//! their other parameters the program variables as the semantics name
//! them (`v12`), in the isl context the caller gives: the regions' own.

use crate::dataflow::flow_within_conditions;
use crate::extract::scop_of_statement;
use crate::{AccessKind, Scop};
use ferry_hcfg::Analyses;
use ferry_hcfg::ir::{FuncId, NodeId, VarId};
use ferry_hcfg::semantics::poly::Name;
use isl_rs::{Context, DimType, LibISLError, Map, Set, Space, UnionMap};
use std::collections::BTreeMap;

/// isl operations the dataflow of one statement may take.
const MAX_OPERATIONS: u64 = 5_000_000;

/// Per array (of one dimension or more) the statement reads, the elements
/// it reads before writing them, as a set in `ctx`; `None` when the
/// statement is not a SCoP or isl gives up.
pub fn imported(
    analyses: &Analyses,
    f: FuncId,
    node: NodeId,
    ctx: &Context,
) -> Option<BTreeMap<VarId, Set>> {
    let scop = scop_of_statement(analyses, f, node)?;
    let texts = live_in_texts(&scop).ok()?;
    let mut out = BTreeMap::new();
    for (array, text) in texts {
        let Some(Name::Pre(v)) = Name::parse(&array) else {
            return None;
        };
        out.insert(v, Set::read_from_str(ctx, &text).ok()?);
    }
    Some(out)
}

/// Per array tuple name, its live-in elements as parameter-set text.
fn live_in_texts(scop: &Scop) -> Result<BTreeMap<String, String>, LibISLError> {
    let ctx = crate::bounded_context(MAX_OPERATIONS);
    let mut schedule = UnionMap::empty_ctx(&ctx)?;
    let (mut reads, mut writes, mut may_writes) = (
        UnionMap::empty_ctx(&ctx)?,
        UnionMap::empty_ctx(&ctx)?,
        UnionMap::empty_ctx(&ctx)?,
    );
    // The arrays the SCoP reads, with their element sets' spaces.
    let mut read_arrays: BTreeMap<String, Space> = BTreeMap::new();
    for s in &scop.statements {
        let domain = Set::read_from_str(&ctx, &s.domain)?;
        let map = Map::read_from_str(&ctx, &s.schedule)?.intersect_domain(domain)?;
        schedule = schedule.union(UnionMap::from_map(map)?)?;
        for a in &s.accesses {
            let relation = Map::read_from_str(&ctx, &a.relation)?;
            let all = match a.kind {
                AccessKind::Read => {
                    if relation.dim(DimType::Out)? > 0 {
                        read_arrays.insert(a.array.clone(), relation.get_space()?.range()?);
                    }
                    &mut reads
                }
                AccessKind::MustWrite => &mut writes,
                AccessKind::MayWrite => &mut may_writes,
                // A read after a kill would read nothing defined: what
                // comes from before the part is what is read before any
                // write, kills or not.
                AccessKind::Kill => continue,
            };
            *all = all.copy()?.union(UnionMap::from_map(relation)?)?;
        }
    }
    // What a may-write may not have written comes from before.
    let live_in =
        flow_within_conditions(scop, false, &reads, &writes, &may_writes, None, &schedule)?
            .no_source
            .range()?;
    let mut out = BTreeMap::new();
    for (array, space) in read_arrays {
        let mut set = live_in.extract_set(space)?;
        let dims = set.dim(DimType::Set)? as u32;
        let params = set.dim(DimType::Param)? as u32;
        set = set.move_dims(DimType::Param, params, DimType::Set, 0, dims)?;
        for k in 0..dims {
            set = set.set_dim_name(DimType::Param, params + k, &format!("phi{}", k + 1))?;
        }
        let set = set.params()?.coalesce()?;
        out.insert(array, set.to_str()?.to_string());
    }
    Ok(out)
}
