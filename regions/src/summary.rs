//! A function's summary regions: the regions of its body seen from a
//! caller, over its formal parameters' and the globals' values at entry.

use crate::access::Rw;
use crate::entity::phi;
use crate::entity::{Entity, Root, Step};
use crate::function::FunctionContext;
use crate::region::{Region, RegionMap, add};
use ferry_hcfg::ir::{Program, Storage};
use ferry_hcfg::semantics::poly::{Lin, Name};

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
            if var.is_global() || program.member_through_pointer(v).is_some() {
                // (`p->n` is the caller's memory, and so is what it reaches.)
                return true;
            }
            (var.storage == Storage::Param || program.member_of_param(v).is_some())
                && e.path.first() == Some(&Step::Index)
        }
    }
}

/// The caller's view of a region: the values of locals (undefined at
/// entry) are forgotten; parameters and globals stay. Products of two
/// variables are forgotten too: a call translates the values of the
/// formals, not their products.
fn at_entry(cx: &FunctionContext, r: &Region) -> Region {
    let mut out = r
        .without_products_of(&|_| true)
        .unwrap_or_else(|| r.clone());
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
    let mut out = RegionMap::new();
    for (e, r) in map
        .iter()
        .filter(|(e, _)| visible_to_callers(cx.program, e))
    {
        // A view assumed inside the function holds only where its
        // isolation checks it: callers get every element, may.
        let assumed = e
            .root_var()
            .and_then(|v| cx.analyses.views.get(&v))
            .is_some_and(|view| view.is_assumed());
        let r = if assumed {
            crate::region::everything(cx.ctx)
        } else {
            at_entry(cx, r)
        };
        let (e, r) = as_callers_see(cx.program, cx.ctx, e, r);
        add(&mut out, e, r);
    }
    out
}

/// A visible region as the function's callers know its memory: the same,
/// but for a member's variable of the structure a pointer parameter points
/// to (`p->n`, `scalar_fields`), which is `p[0].n`, translated at each
/// call as any memory behind `p`. (Memory reached through a pointer
/// member, `p->c[i]`, keeps its own entity: the caller cannot name it.)
pub fn as_callers_see(
    program: &Program,
    ctx: &isl_rs::Context,
    e: &Entity,
    r: Region,
) -> (Entity, Region) {
    let member = match e.root {
        Root::Var(v) if e.path.is_empty() => program.member_through_pointer(v),
        _ => None,
    };
    let Some(member) = member else {
        return (e.clone(), r);
    };
    let mut path = vec![Step::Index];
    path.extend(member.path.iter().map(|&f| Step::Field(f)));
    let first = crate::set::equal_to(ctx, &phi(1), &Lin::constant(0)).expect("a constant compares");
    let entity = Entity {
        root: Root::Var(member.structure),
        path,
    };
    (entity, r.intersect(&first))
}

pub fn summarize(cx: &FunctionContext, body: &Rw) -> Summary {
    Rw {
        read: visible(cx, &body.read),
        write: visible(cx, &body.write),
        input: visible(cx, &body.input),
    }
}
