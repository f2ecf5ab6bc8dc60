//! A function's summary regions: the regions of its body seen from a
//! caller, over its formal parameters' and the globals' values at entry.

use crate::access::Rw;
use crate::entity::{Entity, Root, Step};
use crate::function::FunctionContext;
use crate::region::{Region, RegionMap};
use ferry_hcfg::ir::{Program, Storage};
use ferry_hcfg::semantics::poly::Name;

/// Summaries have the same three kinds as statements.
pub type Summary = Rw;

/// Whether a caller can see the entity: memory behind a pointer parameter
/// (or behind a pointer member of a structure parameter), a global, or
/// memory that cannot be named. Parameters themselves, locals, and struct
/// parameters passed by value are the callee's own.
pub fn visible_to_callers(program: &Program, e: &Entity) -> bool {
    match e.root {
        Root::Anywhere => true,
        Root::Var(v) => {
            let var = program.var(v);
            if var.is_global() {
                return true;
            }
            (var.storage == Storage::Param || program.member_of_param(v).is_some())
                && e.path.first() == Some(&Step::Index)
        }
    }
}

/// The caller's view of a region: the values of locals (undefined at
/// entry) are forgotten; parameters and globals stay.
fn at_entry(cx: &FunctionContext, r: &Region) -> Region {
    let mut out = r.clone();
    for n in r.set.params() {
        if let Some(Name::Pre(v)) = Name::parse(&n)
            && cx.is_local(v)
            && cx.program.var(v).storage != Storage::Param
        {
            out = out.forget(&n);
        }
    }
    out
}

fn visible(cx: &FunctionContext, map: &RegionMap) -> RegionMap {
    map.iter()
        .filter(|(e, _)| visible_to_callers(cx.program, e))
        .map(|(e, r)| (e.clone(), at_entry(cx, r)))
        .collect()
}

pub fn summarize(cx: &FunctionContext, body: &Rw) -> Summary {
    Rw {
        read: visible(cx, &body.read),
        write: visible(cx, &body.write),
        input: visible(cx, &body.input),
    }
}
