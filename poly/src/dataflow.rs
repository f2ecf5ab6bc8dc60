//! Exact dataflow of a SCoP with isl (`isl_union_access_info_compute_flow`,
//! the PENCIL report's §2 and the live-range reordering paper's §2.3):
//!
//! - flow (value-based): each read instance and the write instance whose
//!   value it reads, the last one before it in the schedule (a must-write
//!   in between hides earlier writes);
//! - live-in: the read instances no write of the SCoP reaches (their
//!   values come from before it);
//! - anti: each write instance and the reads since the previous write of
//!   the element (writes kill older reads);
//! - output: each write instance and the previous write of its element;
//! - the flow between references (tagged accesses: which write feeds which
//!   read of a statement that reads an array twice);
//! - live-out: the writes no later write of the SCoP overwrites, whose
//!   values the SCoP leaves in memory;
//! - order (the live-range reordering paper's §3.3), tagged: each
//!   write instance and every earlier read of its element, and every
//!   earlier write of it whose value no read of the SCoP reads (an
//!   unmatched write): what keeps live ranges from overlapping when a
//!   schedule may reorder them (the anti dependences, and the output
//!   dependences no live range and anti dependence cover);
//! - forced (§3.3): the validity dependences that live-range reordering
//!   keeps: a live-in read before every later write of its element, every
//!   write before a later live-out write of its element (the external
//!   false dependences), and the order of the possible sources of one
//!   read of one element;
//! - a schedule that may reorder live ranges (§3.3, as PPCG asks isl's
//!   scheduler for one): validity from flow and forced, proximity from
//!   flow and the false dependences, coincidence from flow, forced and the
//!   order dependences of arrays (a kernel privatises scalars), and the
//!   conditional validity that keeps each live range local to a band or
//!   the order dependences around it satisfied; a scalar reused by every
//!   iteration then no longer serialises the loop;
//! - dead instances (the PENCIL report's §4.1): those whose values reach
//!   no live-out write, not even through other instances. The instances
//!   that may be needed start as the live-out writers and grow by the
//!   sources of their reads until they stop growing; after each step the
//!   set is widened to its integer affine hull (within the domains), so
//!   that parametric bounds cannot make it grow forever (each step adds a
//!   dimension to some statement's set). What is dead is surely dead; a
//!   statement's instances off a hyperplane its live ones lie on are all
//!   that the widening keeps apart.
//!
//! All are read back from isl in its notation, simplified under the
//! parameters' types (`gist_params` with the context). Every isl call
//! shares one context with an operation bound, so that a SCoP isl cannot
//! handle within it gives an error (`Err`) rather than a hang.

use crate::{AccessKind, Scop, Statement};
use isl_rs::{
    DimType, LibISLError, Map, Printer, Schedule, ScheduleConstraints, Set, UnionAccessInfo,
    UnionFlow, UnionMap, UnionSet,
};

/// isl operations one SCoP's analysis may take; past them it is refused.
const MAX_OPERATIONS: u64 = 20_000_000;

/// A SCoP as isl prints it, and its dependences, each in isl notation.
#[derive(Debug, Clone)]
pub struct Model {
    /// Per statement: its domain and schedule, then its accesses' relations.
    pub domains: Vec<String>,
    pub schedules: Vec<String>,
    pub accesses: Vec<Vec<String>>,
    /// Source instance → read instance, for every value read.
    pub flow: String,
    /// Whether every flow dependence is certain (the may and must
    /// dependences are the same, and no statement is under a condition on
    /// data).
    pub flow_exact: bool,
    /// Read instance → element, for the values read that come from before
    /// the SCoP.
    pub live_in: String,
    /// Read instance → write instance.
    pub anti: String,
    /// Write instance → later write instance.
    pub output: String,
    /// The flow between references: `[S0[i] -> W1[]] -> [S1[j] -> R2[]]`,
    /// each write and read tagged by its access's id.
    pub flow_tagged: String,
    /// Tagged write instance → element, for the values the SCoP may leave
    /// in memory: the writes no later must-write of the SCoP overwrites.
    pub live_out: String,
    /// Tagged read or unmatched write → tagged later write of its element.
    pub order: String,
    /// Instance → instance: the external false dependences and the order
    /// of the possible sources of a read.
    pub forced: String,
    /// The schedule live-range reordering allows, as isl prints its tree
    /// (a band member marked coincident is a parallel loop), and as a map
    /// from instances to their dates; `None` where isl's scheduler did not
    /// finish within the bound.
    pub reordered: Option<(String, String)>,
    /// The statement instances whose results nothing after them needs.
    pub dead: String,
    /// Per loop declared independent (`Scop::independences`), its pairs
    /// of instances within the domains: left out of the dependences above.
    pub independent: Vec<String>,
}

/// The model of `scop`, simplified by isl, with its dependences.
pub fn analyse(scop: &Scop) -> Result<Model, String> {
    let ctx = crate::bounded_context(MAX_OPERATIONS);
    let failed = |what: &str| {
        format!(
            "isl could not compute the {what} (within its bound of {MAX_OPERATIONS} operations)"
        )
    };
    let context = Set::read_from_str(&ctx, &scop.context).map_err(|_| failed("context"))?;
    let mut domains = Vec::new();
    let mut schedules = Vec::new();
    let mut accesses = Vec::new();
    let mut schedule = UnionMap::empty_ctx(&ctx).map_err(|_| failed("schedule"))?;
    let mut all_domains = UnionSet::empty_ctx(&ctx).map_err(|_| failed("domains"))?;
    let mut reads = UnionMap::empty_ctx(&ctx).map_err(|_| failed("reads"))?;
    let mut writes = UnionMap::empty_ctx(&ctx).map_err(|_| failed("writes"))?;
    let mut tagged_reads = UnionMap::empty_ctx(&ctx).map_err(|_| failed("reads"))?;
    let mut tagged_writes = UnionMap::empty_ctx(&ctx).map_err(|_| failed("writes"))?;
    let mut may_writes = UnionMap::empty_ctx(&ctx).map_err(|_| failed("writes"))?;
    let mut tagged_may_writes = UnionMap::empty_ctx(&ctx).map_err(|_| failed("writes"))?;
    // The tagged accesses to arrays of one dimension or more: their order
    // dependences are coincidence constraints (scalars are privatised).
    let mut array_reads = UnionMap::empty_ctx(&ctx).map_err(|_| failed("reads"))?;
    let mut array_writes = UnionMap::empty_ctx(&ctx).map_err(|_| failed("writes"))?;
    let mut kills = UnionMap::empty_ctx(&ctx).map_err(|_| failed("kills"))?;
    let mut tagged_kills = UnionMap::empty_ctx(&ctx).map_err(|_| failed("kills"))?;
    for s in &scop.statements {
        // Only the instances of parameters inside the context run (the
        // types' ranges, what `__pencil_assume` guarantees, what C leaves
        // undefined); shown simplified under it. The text is simplified
        // from the domain as built, not as intersected: isl's gist under a
        // context of several disjuncts (`n <= 0 or m <= 2147483648 - n`)
        // cannot take back the bounds the intersection put in.
        let built_domain = Set::read_from_str(&ctx, &s.domain)
            .map_err(|_| failed(&format!("domain of {}", s.name)))?;
        let domain = built_domain
            .copy()
            .and_then(|d| d.intersect_params(context.copy()?))
            .and_then(Set::coalesce)
            .map_err(|_| failed(&format!("domain of {}", s.name)))?;
        domains.push(set_text(
            &built_domain
                .copy()
                .and_then(|d| d.gist_params(context.copy()?))
                .map_err(|_| failed(&format!("domain of {}", s.name)))?,
        )?);
        // Dead or not, a kill is no instance of the program's.
        if !s.is_kill() {
            all_domains = domain
                .copy()
                .and_then(UnionSet::from_set)
                .and_then(|d| all_domains.copy()?.union(d))
                .map_err(|_| failed("domains"))?;
        }
        let built = Map::read_from_str(&ctx, &s.schedule)
            .and_then(|m| m.intersect_domain(built_domain))
            .map_err(|_| failed(&format!("schedule of {}", s.name)))?;
        let map = built
            .copy()
            .and_then(|m| m.intersect_domain(domain.copy()?))
            .map_err(|_| failed(&format!("schedule of {}", s.name)))?;
        schedules.push(map_text(
            &built
                .gist_params(context.copy().map_err(|_| failed("context"))?)
                .map_err(|_| failed("schedule"))?,
        )?);
        schedule = schedule
            .union(UnionMap::from_map(map).map_err(|_| failed("schedule"))?)
            .map_err(|_| failed("schedule"))?;
        let mut texts = Vec::new();
        for a in &s.accesses {
            let built = Map::read_from_str(&ctx, &a.relation)
                .map_err(|_| failed(&format!("access {}", a.id)))?;
            let relation = built
                .copy()
                .and_then(|r| r.intersect_params(context.copy()?))
                .and_then(Map::coalesce)
                .map_err(|_| failed(&format!("access {}", a.id)))?;
            texts.push(map_text(
                &built
                    .gist_params(context.copy().map_err(|_| failed("context"))?)
                    .map_err(|_| failed("access"))?,
            )?);
            let is_array = relation.dim(DimType::Out).is_ok_and(|d| d > 0);
            let relation = UnionMap::from_map(relation).map_err(|_| failed("access"))?;
            let tagged = UnionMap::read_from_str(&ctx, &a.tagged)
                .and_then(|t| t.intersect_params(context.copy()?))
                .map_err(|_| failed(&format!("access {}", a.id)))?;
            if is_array {
                let array_accesses = match a.kind {
                    AccessKind::Read => Some(&mut array_reads),
                    AccessKind::MustWrite | AccessKind::MayWrite => Some(&mut array_writes),
                    AccessKind::Kill => None,
                };
                if let Some(into) = array_accesses {
                    *into = into
                        .copy()
                        .and_then(|m| m.union(tagged.copy()?))
                        .map_err(|_| failed("accesses"))?;
                }
            }
            let (all, all_tagged) = match a.kind {
                AccessKind::Read => (&mut reads, &mut tagged_reads),
                AccessKind::MustWrite => (&mut writes, &mut tagged_writes),
                AccessKind::MayWrite => (&mut may_writes, &mut tagged_may_writes),
                AccessKind::Kill => (&mut kills, &mut tagged_kills),
            };
            *all = all
                .copy()
                .and_then(|m| m.union(relation))
                .map_err(|_| failed("accesses"))?;
            *all_tagged = all_tagged
                .copy()
                .and_then(|m| m.union(tagged))
                .map_err(|_| failed("accesses"))?;
        }
        accesses.push(texts);
    }
    // Must-writes are sources that hide older writes (and reads); a
    // may-write is a source that hides nothing.
    let union = |a: &UnionMap, b: &UnionMap, what: &str| {
        a.copy()
            .and_then(|a| a.union(b.copy()?))
            .map_err(|_| failed(what))
    };
    let all_writes = union(&writes, &may_writes, "writes")?;
    let all_tagged_writes = union(&tagged_writes, &tagged_may_writes, "writes")?;
    // A kill hides every write before it, as a must-write does, and is
    // the source of nothing.
    let flow = flow_within_conditions(
        scop,
        false,
        &reads,
        &writes,
        &may_writes,
        Some(&kills),
        &schedule,
    )
    .map_err(|_| failed("flow dependences"))?;
    let Flow {
        may,
        must,
        no_source: live_in,
    } = flow;
    // A read under a condition on data may not happen: its flow is no
    // certainty either.
    let flow_exact = !scop.statements.iter().any(|s| s.dynamic)
        && may
            .is_equal(&must)
            .map_err(|_| failed("flow dependences"))?;
    let writes_and_kills = union(&writes, &kills, "kills")?;
    let anti = compute(
        &all_writes,
        None,
        Some(&reads),
        Some(&writes_and_kills),
        &schedule,
    )
    .and_then(|f| f.get_may_dependence())
    .map_err(|_| failed("anti dependences"))?;
    let output = compute(
        &all_writes,
        Some(&writes),
        Some(&may_writes),
        Some(&kills),
        &schedule,
    )
    .and_then(|f| f.get_may_dependence())
    .map_err(|_| failed("output dependences"))?;
    // The schedule of tagged instances: each tagged instance runs when its
    // statement's instance does.
    let tagged_schedule = tagged_reads
        .copy()
        .and_then(|r| r.union(all_tagged_writes.copy()?))
        .and_then(|r| r.union(tagged_kills.copy()?))
        .and_then(UnionMap::domain)
        .and_then(|d| d.unwrap())
        .and_then(UnionMap::domain_map)
        .and_then(|m| m.apply_range(schedule.copy()?))
        .map_err(|_| failed("tagged schedule"))?;
    let tagged_flow = flow_within_conditions(
        scop,
        true,
        &tagged_reads,
        &tagged_writes,
        &tagged_may_writes,
        Some(&tagged_kills),
        &tagged_schedule,
    )
    .map_err(|_| failed("flow between references"))?;
    let flow_tagged = tagged_flow.may;
    // A write is overwritten where a later must-write of its element, or
    // a kill, follows it: every write before that must-write, back to the
    // previous must-write, is one of its sources.
    let overwriting = union(&tagged_writes, &tagged_kills, "live-out writes")?;
    let overwritten = compute(
        &overwriting,
        Some(&tagged_writes),
        Some(&tagged_may_writes),
        None,
        &tagged_schedule,
    )
    // (Per element: a write of many elements, a call's, may have only
    // some of them overwritten.)
    .and_then(|f| f.get_full_may_dependence())
    .and_then(UnionMap::range_factor_range)
    .map_err(|_| failed("live-out writes"))?;
    let live_out = all_tagged_writes
        .copy()
        .and_then(|w| w.subtract(overwritten))
        .map_err(|_| failed("live-out writes"))?;
    let reordering = ReorderingAccesses {
        tagged_reads: &tagged_reads,
        tagged_writes: &all_tagged_writes,
        flow_tagged: &flow_tagged,
        live_in_tagged: &tagged_flow.no_source,
        live_out: &live_out,
        tagged_schedule: &tagged_schedule,
    };
    let order = reordering
        .order()
        .map_err(|_| failed("order dependences"))?;
    let array_order = ReorderingAccesses {
        tagged_reads: &array_reads,
        tagged_writes: &array_writes,
        ..reordering
    }
    .order()
    .and_then(|o| o.domain_factor_domain()?.range_factor_domain())
    .map_err(|_| failed("order dependences"))?;
    let forced = reordering
        .forced()
        .map_err(|_| failed("forced dependences"))?;
    // A loop declared independent (§3.9) orders none of its iterations
    // against another: the dependences between them come from accesses
    // the model over-approximates (a subscript on data) and the user
    // knows apart. They are left out of every dependence shown and
    // scheduled, not out of the dead instances: removing code rests on
    // the accesses alone.
    // Nor do the two branches of a condition on data in one instance of
    // its `if`: only one runs. isl pairs their may-writes and reads all
    // the same; these pairs are left out everywhere, the dead instances
    // included (they are facts, not promises).
    let (independent, independent_texts) =
        independences(scop, &ctx, &context, &all_domains).map_err(|_| failed("independences"))?;
    let exclusive =
        exclusive_branches(scop, &ctx, &all_domains).map_err(|_| failed("exclusive branches"))?;
    let nothing_apart = scop.independences.is_empty()
        && exclusive
            .is_empty()
            .map_err(|_| failed("exclusive branches"))?;
    let flow_with_independent = if nothing_apart {
        may.copy()
    } else {
        may.copy().and_then(|m| m.subtract(exclusive.copy()?))
    }
    .map_err(|_| failed("flow dependences"))?;
    let independent = independent
        .union(exclusive)
        .map_err(|_| failed("independences"))?;
    let tagged_independent = if nothing_apart {
        UnionMap::empty_ctx(&ctx)
    } else {
        // Each tagged instance to its instance, and back.
        tagged_schedule
            .copy()
            .and_then(UnionMap::domain)
            .and_then(|d| d.unwrap())
            .and_then(UnionMap::domain_map)
            .and_then(|untag| {
                untag
                    .copy()?
                    .apply_range(independent.copy()?)?
                    .apply_range(untag.reverse()?)
            })
    }
    .map_err(|_| failed("independences"))?;
    // (Nothing to subtract without one: the dependences stay as isl
    // printed them.)
    let apart = |m: UnionMap, pairs: &UnionMap| {
        if nothing_apart {
            Ok(m)
        } else {
            m.subtract(pairs.copy()?)
        }
    };
    let may = apart(may, &independent).map_err(|_| failed("flow dependences"))?;
    let anti = apart(anti, &independent).map_err(|_| failed("anti dependences"))?;
    let output = apart(output, &independent).map_err(|_| failed("output dependences"))?;
    let forced = apart(forced, &independent).map_err(|_| failed("forced dependences"))?;
    let array_order = apart(array_order, &independent).map_err(|_| failed("order dependences"))?;
    let order = apart(order, &tagged_independent).map_err(|_| failed("order dependences"))?;
    let flow_tagged =
        apart(flow_tagged, &tagged_independent).map_err(|_| failed("flow between references"))?;
    // isl's scheduler may not finish within a bound of its own: the rest
    // of the model stands without it, with a fresh bound.
    ctx.reset_operations();
    let reordered = Dependences {
        flow: &may,
        flow_tagged: &flow_tagged,
        anti: &anti,
        output: &output,
        order: &order,
        array_order: &array_order,
        forced: &forced,
    }
    .schedule(&all_domains, &context)
    .and_then(|s| {
        let map = s.get_map()?.gist_params(context.copy()?)?.coalesce()?;
        Ok((tree_text(&s)?, map.to_str()?.to_string()))
    })
    .ok();
    ctx.reset_error();
    ctx.reset_operations();
    let dead = dead_instances(&live_out, &flow_with_independent, &all_domains)
        .map_err(|_| failed("dead instances"))?;
    let shown = |m: UnionMap, what: &str| -> Result<String, String> {
        let m = m
            .gist_params(context.copy().map_err(|_| failed(what))?)
            .and_then(UnionMap::coalesce)
            .map_err(|_| failed(what))?;
        m.to_str().map(str::to_string).map_err(|_| failed(what))
    };
    Ok(Model {
        domains,
        schedules,
        accesses,
        flow: shown(may, "flow dependences")?,
        flow_exact,
        live_in: shown(live_in, "live-in reads")?,
        anti: shown(anti, "anti dependences")?,
        output: shown(output, "output dependences")?,
        flow_tagged: shown(flow_tagged, "flow between references")?,
        live_out: shown(live_out, "live-out writes")?,
        reordered,
        order: shown(order, "order dependences")?,
        forced: shown(forced, "forced dependences")?,
        independent: independent_texts,
        dead: dead
            .gist_params(context.copy().map_err(|_| failed("dead instances"))?)
            .and_then(UnionSet::coalesce)
            .and_then(|d| d.to_str().map(str::to_string))
            .map_err(|_| failed("dead instances"))?,
    })
}

/// The union of the independences of `scop` (instance → instance,
/// within `domains`), and each one as isl prints it under `context`.
fn independences(
    scop: &Scop,
    ctx: &isl_rs::Context,
    context: &Set,
    domains: &UnionSet,
) -> Result<(UnionMap, Vec<String>), LibISLError> {
    let mut all = UnionMap::empty_ctx(ctx)?;
    let mut texts = Vec::new();
    for independence in &scop.independences {
        let pairs = UnionMap::read_from_str(ctx, &independence.relation)?
            .intersect_domain(domains.copy()?)?
            .intersect_range(domains.copy()?)?
            .intersect_params(context.copy()?)?
            .coalesce()?;
        texts.push(
            pairs
                .copy()?
                .gist_params(context.copy()?)?
                .to_str()?
                .to_string(),
        );
        all = all.union(pairs)?;
    }
    Ok((all, texts))
}

/// The pairs of instances of `scop` (within `domains`) that never both
/// run: a statement under one branch of a condition on data and one under
/// the other, in the same instance of the `if` (the same iterations of
/// the loops around it), both ways.
fn exclusive_branches(
    scop: &Scop,
    ctx: &isl_rs::Context,
    domains: &UnionSet,
) -> Result<UnionMap, LibISLError> {
    let mut pairs = Vec::new();
    for source in &scop.statements {
        for sink in &scop.statements {
            // The first condition they are under apart: two branches of
            // one `if` when numbered `then` (odd), `else` (one after).
            let Some(k) = source
                .guards
                .iter()
                .zip(&sink.guards)
                .position(|(a, b)| a != b)
            else {
                continue;
            };
            let (low, high) = (
                source.guards[k].min(sink.guards[k]),
                source.guards[k].max(sink.guards[k]),
            );
            if low % 2 == 0 || high != low + 1 {
                continue;
            }
            let same: Vec<String> = (0..source.guard_depths[k])
                .map(|d| format!("{}' = {}", sink.indices[d], source.indices[d]))
                .collect();
            pairs.push(format!(
                "{} -> {}{}{}",
                source.instance(""),
                sink.instance("'"),
                if same.is_empty() { "" } else { " : " },
                same.join(" and ")
            ));
        }
    }
    if pairs.is_empty() {
        return UnionMap::empty_ctx(ctx);
    }
    let text = format!("[{}] -> {{ {} }}", scop.params.join(", "), pairs.join("; "));
    UnionMap::read_from_str(ctx, &text)?
        .intersect_domain(domains.copy()?)?
        .intersect_range(domains.copy()?)
}

/// The dependences a schedule that reorders live ranges must respect.
struct Dependences<'a> {
    /// Untagged flow.
    flow: &'a UnionMap,
    flow_tagged: &'a UnionMap,
    anti: &'a UnionMap,
    output: &'a UnionMap,
    /// Tagged.
    order: &'a UnionMap,
    /// Untagged, of arrays of one dimension or more.
    array_order: &'a UnionMap,
    /// Untagged.
    forced: &'a UnionMap,
}

impl Dependences<'_> {
    /// isl's schedule of `domains` under the constraints of the paper's
    /// §3.3: validity flow ∪ forced, proximity flow ∪ anti ∪ output,
    /// coincidence flow ∪ forced ∪ the arrays' order dependences, and the
    /// conditional validity of the order dependences on the live ranges.
    fn schedule(&self, domains: &UnionSet, context: &Set) -> Result<Schedule, LibISLError> {
        let union = |a: &UnionMap, b: &UnionMap| a.copy()?.union(b.copy()?);
        let validity = union(self.flow, self.forced)?;
        let proximity = union(self.flow, self.anti)?.union(self.output.copy()?)?;
        let coincidence = validity.copy()?.union(self.array_order.copy()?)?;
        ScheduleConstraints::on_domain(domains.copy()?)?
            .set_context(context.copy()?)?
            .set_validity(validity)?
            .set_proximity(proximity)?
            .set_coincidence(coincidence)?
            .set_conditional_validity(self.flow_tagged.copy()?, self.order.copy()?)?
            .compute_schedule()
    }
}

/// What the live-range reordering dependences are made of, all tagged
/// (statement instance and access id) and ordered by `tagged_schedule`.
#[derive(Clone, Copy)]
struct ReorderingAccesses<'a> {
    tagged_reads: &'a UnionMap,
    /// Must- and may-writes.
    tagged_writes: &'a UnionMap,
    /// Tagged write → tagged read of its value.
    flow_tagged: &'a UnionMap,
    /// The tagged reads no write of the SCoP reaches, and their elements.
    live_in_tagged: &'a UnionMap,
    /// The tagged writes whose values the SCoP leaves in memory.
    live_out: &'a UnionMap,
    tagged_schedule: &'a UnionMap,
}

impl ReorderingAccesses<'_> {
    /// Every earlier access of `sources` to an element before each access
    /// of `sinks` to it: the dependence analysis with may-sources only, so
    /// that none hides another.
    fn all_earlier(&self, sinks: &UnionMap, sources: &UnionMap) -> Result<UnionMap, LibISLError> {
        compute(sinks, None, Some(sources), None, self.tagged_schedule)?.get_may_dependence()
    }

    /// Reads and unmatched writes → later writes of their elements.
    fn order(&self) -> Result<UnionMap, LibISLError> {
        let matched = self.flow_tagged.copy()?.domain()?;
        let unmatched = self.tagged_writes.copy()?.subtract_domain(matched)?;
        let sources = self.tagged_reads.copy()?.union(unmatched)?;
        self.all_earlier(self.tagged_writes, &sources)
    }

    /// The external false dependences and the order between the sources
    /// of one read of one element, on statement instances.
    fn forced(&self) -> Result<UnionMap, LibISLError> {
        // No write may move before a live-in read of its element...
        let after_live_in = self.all_earlier(self.tagged_writes, self.live_in_tagged)?;
        // ... nor after a live-out write of it.
        let before_live_out = self.all_earlier(self.live_out, self.tagged_writes)?;
        // The possible sources of one read of one element stay in order:
        // each source "accesses" the pair of that read and its element.
        let by_sink = self
            .flow_tagged
            .copy()?
            .range_product(self.tagged_writes.copy()?)?;
        let same_sink = self.all_earlier(&by_sink, &by_sink)?;
        after_live_in
            .union(before_live_out)?
            .union(same_sink)?
            .domain_factor_domain()?
            .range_factor_domain()
    }
}

/// The instances of `domains` that no live-out write (`live_out`,
/// tagged) needs, through the `flow` dependences (source → read
/// instance), with the widening the module header describes.
fn dead_instances(
    live_out: &UnionMap,
    flow: &UnionMap,
    domains: &UnionSet,
) -> Result<UnionSet, LibISLError> {
    let widen = |set: UnionSet| set.affine_hull()?.intersect(domains.copy()?);
    let writers = live_out.copy()?.domain()?.unwrap()?.domain()?;
    let mut needed = widen(writers)?;
    loop {
        let sources = flow.copy()?.intersect_range(needed.copy()?)?.domain()?;
        let grown = widen(needed.copy()?.union(sources)?)?;
        if grown.is_subset(&needed)? {
            break;
        }
        needed = grown;
    }
    domains.copy()?.subtract(needed)
}

/// Flow dependences and the reads with no source, as isl's dataflow
/// gives them.
pub(crate) struct Flow {
    pub may: UnionMap,
    pub must: UnionMap,
    /// The reads (instance → element) that may have no source.
    pub no_source: UnionMap,
}

/// The flow towards `reads` from the `must` and `may` writes, with
/// `kill`s, in `schedule`'s order (`tagged`: the accesses and the
/// schedule are of tagged instances), first inside each condition on
/// data (the PENCIL report's Listing 3, done as it suggests): a statement
/// under one reads what a statement before it under the same branch, in
/// the same instance of the `if`, surely wrote, though either is a
/// may-write to the rest of the part (the branch may not be taken).
/// There the elements are paired with the indices of the loops around
/// the `if`, so that only accesses of one instance meet; the writes of
/// statements under the same branch that are must-writes but for it are
/// must-sources, those under it deeper may-sources. A read so surely
/// covered takes its sources from there; the others, from the whole
/// part.
pub(crate) fn flow_within_conditions(
    scop: &Scop,
    tagged: bool,
    reads: &UnionMap,
    must: &UnionMap,
    may: &UnionMap,
    kill: Option<&UnionMap>,
    schedule: &UnionMap,
) -> Result<Flow, LibISLError> {
    let ctx = reads.get_ctx();
    let mut inner_may = UnionMap::empty_ctx(&ctx)?;
    let mut inner_must = UnionMap::empty_ctx(&ctx)?;
    let mut covered = UnionMap::empty_ctx(&ctx)?;
    let mut branches: Vec<&[usize]> = scop
        .statements
        .iter()
        .filter(|s| !s.guards.is_empty())
        .map(|s| s.guards.as_slice())
        .collect();
    branches.sort();
    branches.dedup();
    if branches.is_empty() {
        // (Nothing to pair: the flow as isl prints it.)
        let flow = compute(reads, Some(must), Some(may), kill, schedule)?;
        return Ok(Flow {
            may: flow.get_may_dependence()?,
            must: flow.get_must_dependence()?,
            no_source: flow.get_may_no_source()?,
        });
    }
    for branch in branches {
        let mut sinks = UnionMap::empty_ctx(&ctx)?;
        let mut sources_must = UnionMap::empty_ctx(&ctx)?;
        let mut sources_may = UnionMap::empty_ctx(&ctx)?;
        // The loops around the branch's `if`, the same for every
        // statement directly under it.
        let depth = scop
            .statements
            .iter()
            .find(|t| t.guards == branch)
            .map_or(0, Statement::guard_depth);
        for s in scop
            .statements
            .iter()
            .filter(|s| s.guards.starts_with(branch))
        {
            let same = s.guards == branch;
            for a in &s.accesses {
                let into = match a.kind {
                    AccessKind::Read if same => &mut sinks,
                    AccessKind::MayWrite if same && a.guarded_must => &mut sources_must,
                    AccessKind::MustWrite | AccessKind::MayWrite => &mut sources_may,
                    AccessKind::Read | AccessKind::Kill => continue,
                };
                let indices: Vec<String> = (0..s.indices.len()).map(|k| format!("x{k}")).collect();
                let instance = format!("{}[{}]", s.name, indices.join(", "));
                let instance = if tagged {
                    format!("[{instance} -> {}[]]", a.id)
                } else {
                    instance
                };
                let around = UnionMap::read_from_str(
                    &ctx,
                    &format!("{{ {instance} -> [{}] }}", indices[..depth].join(", ")),
                )?;
                let text = if tagged { &a.tagged } else { &a.relation };
                let paired = UnionMap::read_from_str(&ctx, text)?.range_product(around)?;
                *into = into.copy()?.union(paired)?;
            }
        }
        if sinks.is_empty()? {
            continue;
        }
        let inside = compute(
            &sinks,
            Some(&sources_must),
            Some(&sources_may),
            None,
            schedule,
        )?;
        let open = inside.get_may_no_source()?.range_factor_domain()?;
        covered = covered.union(sinks.range_factor_domain()?.subtract(open)?)?;
        inner_may = inner_may.union(inside.get_may_dependence()?)?;
        inner_must = inner_must.union(inside.get_must_dependence()?)?;
    }
    let rest = reads.copy()?.subtract(covered)?;
    let outside = compute(&rest, Some(must), Some(may), kill, schedule)?;
    Ok(Flow {
        may: outside.get_may_dependence()?.union(inner_may)?,
        must: outside.get_must_dependence()?.union(inner_must)?,
        no_source: outside.get_may_no_source()?,
    })
}

/// isl's dataflow towards `sink` from the `must` and `may` sources, with
/// `kill`s, in `schedule`'s order.
pub(crate) fn compute(
    sink: &UnionMap,
    must: Option<&UnionMap>,
    may: Option<&UnionMap>,
    kill: Option<&UnionMap>,
    schedule: &UnionMap,
) -> Result<UnionFlow, LibISLError> {
    let mut info = UnionAccessInfo::from_sink(sink.copy()?)?;
    if let Some(m) = must {
        info = info.set_must_source(m.copy()?)?;
    }
    if let Some(m) = may {
        info = info.set_may_source(m.copy()?)?;
    }
    if let Some(m) = kill {
        info = info.set_kill(m.copy()?)?;
    }
    info.set_schedule_map(schedule.copy()?)?.compute_flow()
}

/// A schedule tree in isl's block style, one node per line.
fn tree_text(schedule: &Schedule) -> Result<String, LibISLError> {
    const ISL_YAML_STYLE_BLOCK: i32 = 0;
    let printer = Printer::to_str(&schedule.get_ctx())?
        .set_yaml_style(ISL_YAML_STYLE_BLOCK)?
        .print_schedule(schedule)?;
    Ok(printer.get_str()?.to_string())
}

fn set_text(s: &Set) -> Result<String, String> {
    s.to_str()
        .map(str::to_string)
        .map_err(|_| "isl could not print a set".to_string())
}

fn map_text(m: &Map) -> Result<String, String> {
    m.to_str()
        .map(str::to_string)
        .map_err(|_| "isl could not print a relation".to_string())
}
