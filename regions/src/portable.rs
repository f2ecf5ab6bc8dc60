//! Regions in a form that leaves its isl context: what one worker thread
//! hands another (a function's summary for its callers, a statement's
//! report lines are plain text already). isl objects never cross
//! contexts; a region crosses as isl's text of its sets, which reads back
//! into the same sets in any context ([`Poly::text`]).

use crate::access::Rw;
use crate::entity::Entity;
use crate::region::{Approx, Region, RegionMap};
use ferry_hcfg::semantics::poly::Poly;
use isl_rs::Context;

/// A [`Region`] as text.
#[derive(Debug, Clone)]
struct PortableRegion {
    set: String,
    approx: Approx,
    must: Option<String>,
    must_is_all: bool,
}

/// A [`RegionMap`] as text.
#[derive(Debug, Clone, Default)]
pub struct PortableMap(Vec<(Entity, PortableRegion)>);

/// Read, write and IN regions ([`Rw`]) as text.
#[derive(Debug, Clone, Default)]
pub struct PortableRw {
    read: PortableMap,
    write: PortableMap,
    input: PortableMap,
}

/// A set's text; the universe's (a sound stand-in) if isl cannot print
/// it, which is counted as any isl failure.
fn text(p: &Poly) -> String {
    p.text().unwrap_or_else(|| "{ : }".into())
}

impl PortableRegion {
    fn of(r: &Region) -> PortableRegion {
        let (set, approx, must, must_is_all) = r.parts();
        PortableRegion {
            set: text(set),
            approx,
            must: must.map(text),
            must_is_all,
        }
    }

    fn rebuild(&self, ctx: &Context) -> Region {
        Region::from_all_parts(
            Poly::from_text(ctx, &self.set),
            self.approx,
            self.must.as_ref().map(|m| Poly::from_text(ctx, m)),
            self.must_is_all,
        )
    }
}

impl PortableMap {
    pub fn of(map: &RegionMap) -> PortableMap {
        PortableMap(
            map.iter()
                .map(|(e, r)| (e.clone(), PortableRegion::of(r)))
                .collect(),
        )
    }

    pub fn rebuild(&self, ctx: &Context) -> RegionMap {
        self.0
            .iter()
            .map(|(e, r)| (e.clone(), r.rebuild(ctx)))
            .collect()
    }
}

impl PortableRw {
    pub fn of(rw: &Rw) -> PortableRw {
        PortableRw {
            read: PortableMap::of(&rw.read),
            write: PortableMap::of(&rw.write),
            input: PortableMap::of(&rw.input),
        }
    }

    pub fn rebuild(&self, ctx: &Context) -> Rw {
        Rw {
            read: self.read.rebuild(ctx),
            write: self.write.rebuild(ctx),
            input: self.input.rebuild(ctx),
        }
    }
}
