//! Where `--function g`'s transfers go (section 4.1 of the paper): to g's
//! call sites, and on from a caller to its own callers while the caller is
//! only control around the calls.
//!
//! Isolating g's call statements instead of g's body moves the transfers
//! at g's entry and exit to the callers, where the passes that share
//! transfers between loop iterations (`reuse`) and between the statements
//! of a sequence and across loops (`share`) see them. When a caller h of g
//! does nothing itself but compute loop bounds and arguments from its own
//! scalars (`fir`'s loop around the kernel's calls, a time loop's driver),
//! the device copies can stay on the device for the whole of h: h's call
//! statements are isolated instead, h is cloned with g's calls made on the
//! device copies, and the transfers move on to h's callers. This repeats
//! up the call graph.
//!
//! "Only control" is strict, because h's own code keeps running on the
//! host in the lifted program's meaning and must not see device data: h's
//! statements other than the lifted calls call nothing and touch only
//! h's own arithmetic scalars (locals and parameters) whose address is
//! never taken, which no call can write. A convergence test on an array
//! the kernel writes, a `printf`, a global counter all keep the transfers
//! at h's own calls.
//!
//! Each level pays only where the sharing passes have something to share:
//! some call runs in a loop, or a caller calls the function twice, here or
//! at a level above that the lifting can reach. A lone call outside loops
//! keeps the transfers below it, whose regions are the callee's own
//! rather than their translation at the call (which may lose exactness
//! where an actual's shape differs from its formal's).

use crate::call_sites::{CallSite, plain_call_sites};
use crate::select::Target;
use ferry_hcfg::Analyses;
use ferry_hcfg::effects::{Effects, Location};
use ferry_hcfg::ir::{ExprKind, FuncId, NodeId, Storage};
use ferry_parser::ParsedFile;
use std::collections::{BTreeMap, HashMap, HashSet};

/// The selections to try for `--function g` with transfer optimisation,
/// the most lifted first and g's own call sites last: every step up
/// replaces the calls inside one function by that function's call sites.
/// Empty when lifting g's transfers to its call sites does not pay, when
/// g is recursive, or when some call of g is not a plain call statement
/// (`call_sites`).
pub fn call_site_selections(parsed: &[ParsedFile], a: &Analyses, g: FuncId) -> Vec<Vec<Target>> {
    let lifter = Lifter {
        a,
        sites: plain_call_sites(parsed, a),
        pays: HashMap::new().into(),
    };
    if !lifter.pays(g) {
        return Vec::new();
    }
    // No selected call ever runs inside another one's clone: a function is
    // lifted only when it calls nothing but its selected calls, whose
    // callees (g, or functions lifted before) hold no selected call, so
    // one round may lift several functions and none of them calls another.
    let mut current = lifter.sites[&g].clone();
    let mut selections = vec![targets(a, &current)];
    loop {
        let mut next = Vec::new();
        let mut lifted = false;
        for (h, mine) in by_caller(&current) {
            if lifter.lifts(h, &mine) {
                next.extend(lifter.sites[&h].iter().copied());
                lifted = true;
            } else {
                next.extend(mine);
            }
        }
        if !lifted {
            break;
        }
        current = next;
        selections.push(targets(a, &current));
    }
    selections.reverse();
    selections
}

/// Whether `--function g` isolates g's call sites (or sites further up)
/// rather than its body, when transfers are optimised.
pub fn lifts_to_call_sites(parsed: &[ParsedFile], a: &Analyses, g: FuncId) -> bool {
    !call_site_selections(parsed, a, g).is_empty()
}

struct Lifter<'a> {
    a: &'a Analyses,
    sites: HashMap<FuncId, Vec<CallSite>>,
    /// `pays`, per function already asked (the call graph is a DAG here:
    /// recursive functions never pay, so the recursion ends).
    pays: std::cell::RefCell<HashMap<FuncId, bool>>,
}

impl Lifter<'_> {
    /// Whether moving f's transfers to its call sites leads somewhere the
    /// sharing passes have something to share: a call of f in a loop, a
    /// caller calling f twice, or a caller to which the lifting goes on
    /// (`lifts`).
    fn pays(&self, f: FuncId) -> bool {
        if let Some(&known) = self.pays.borrow().get(&f) {
            return known;
        }
        let answer = !self.a.calls.recursive[f.index()]
            && self.sites.get(&f).is_some_and(|sites| {
                by_caller(sites).into_iter().any(|(caller, here)| {
                    here.len() > 1 || here.iter().any(|s| s.in_loop) || self.lifts(caller, &here)
                })
            });
        self.pays.borrow_mut().insert(f, answer);
        answer
    }

    /// Whether the calls `selected`, all in h, give way to h's own call
    /// sites: lifting h pays (so h is not recursive and every call of it
    /// is plain) and h is only control around them.
    fn lifts(&self, h: FuncId, selected: &[CallSite]) -> bool {
        let nodes: HashSet<NodeId> = selected.iter().map(|s| s.node).collect();
        self.pays(h) && self.only_control(h, &nodes)
    }

    /// Whether h, apart from the call statements `calls`, calls nothing
    /// and touches only its own arithmetic scalars whose address is never
    /// taken (see the module's comment).
    fn only_control(&self, h: FuncId, calls: &HashSet<NodeId>) -> bool {
        let program = &self.a.program;
        let Some(body) = &program.function(h).body else {
            return false;
        };
        let own_scalar = |l: &Location| match l {
            Location::Var(v) => {
                let var = program.var(*v);
                matches!(var.storage, Storage::Local | Storage::Param)
                    && var.function == Some(h)
                    && var.ty.is_arithmetic()
                    && !var.address_taken
            }
            _ => false,
        };
        body.preorder()
            .into_iter()
            .filter(|id| !calls.contains(id))
            .all(|id| {
                let kind = &body.node(id).kind;
                let mut calls_something = false;
                for e in kind.own_expressions() {
                    e.walk(&mut |sub| calls_something |= matches!(sub.kind, ExprKind::Call(..)));
                }
                let mut effects = Effects::default();
                self.a.effects.node_proper(program, h, kind, &mut effects);
                !calls_something
                    && effects.reads.iter().all(own_scalar)
                    && effects.writes.iter().all(own_scalar)
            })
    }
}

/// The call sites grouped by the function they are in.
fn by_caller(sites: &[CallSite]) -> BTreeMap<FuncId, Vec<CallSite>> {
    let mut grouped: BTreeMap<FuncId, Vec<CallSite>> = BTreeMap::new();
    for s in sites {
        grouped.entry(s.caller).or_default().push(*s);
    }
    grouped
}

/// The call statements as targets, in program order (as the other
/// selections find theirs).
fn targets(a: &Analyses, sites: &[CallSite]) -> Vec<Target> {
    let mut targets: Vec<Target> = sites
        .iter()
        .map(|s| {
            let caller = a.program.function(s.caller);
            let body = caller.body.as_ref().expect("a caller has a body");
            Target {
                unit: caller.unit,
                function: s.caller,
                node: s.node,
                stmt: s.stmt,
                span: body.node(s.node).span,
                whole_body: false,
            }
        })
        .collect();
    targets.sort_by_key(|t| (t.unit, t.span.lo));
    targets
}
