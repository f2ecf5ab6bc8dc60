//! What a piece of host code touches, as the effects analysis's locations
//! (whole objects: a variable, what a pointer parameter points to, the
//! heap, every global), and when two pieces of code may run in the other
//! order.
//!
//! Whole objects are coarse but sound for moving a transfer: a transfer
//! crosses code only when that code touches neither side of the copy, nor
//! the variables its arguments read.

use ferry_hcfg::effects::{Effects, Location};
use ferry_hcfg::ir::Program;
use std::collections::BTreeSet;

/// The memory a piece of code reads and writes; `barrier` code is never
/// crossed (a `return`: nothing runs after it).
#[derive(Debug, Clone, Default)]
pub struct Footprint {
    pub effects: Effects,
    pub barrier: bool,
}

impl Footprint {
    pub fn of(effects: Effects) -> Footprint {
        Footprint {
            effects,
            barrier: false,
        }
    }

    pub fn barrier(effects: Effects) -> Footprint {
        Footprint {
            effects,
            barrier: true,
        }
    }

    pub fn merge(&mut self, other: &Footprint) {
        self.effects.merge(&other.effects);
        self.barrier |= other.barrier;
    }

    pub fn reads(&self) -> &BTreeSet<Location> {
        &self.effects.reads
    }

    pub fn writes(&self) -> &BTreeSet<Location> {
        &self.effects.writes
    }

    /// Everything it reads or writes.
    pub fn touched(&self) -> BTreeSet<Location> {
        self.reads().union(self.writes()).copied().collect()
    }
}

/// Whether two locations may share memory.
///
/// Distinct pointer parameters are assumed not to overlap each other (the
/// paper's assumption, which the regions and isolation make too); what a
/// pointer parameter points to may be any global, or memory the caller
/// allocated. Blocks allocated into two different pointer variables are
/// two objects.
pub fn overlap(program: &Program, a: Location, b: Location) -> bool {
    use Location::*;
    let global = |v| program.var(v).is_global();
    match (a, b) {
        (Anywhere, _) | (_, Anywhere) => true,
        (AllGlobals, Var(v)) | (Var(v), AllGlobals) => global(v),
        (AllGlobals, _) | (_, AllGlobals) => true,
        (Var(x), Var(y)) => x == y,
        (Pointee(p), Pointee(q)) => p == q,
        (Pointee(_), Var(v)) | (Var(v), Pointee(_)) => global(v),
        (Block(x), Block(y)) => x == y,
        (Pointee(_) | Heap | Block(_), Pointee(_) | Heap | Block(_)) => true,
        (Heap | Block(_), Var(_)) | (Var(_), Heap | Block(_)) => false,
    }
}

/// Whether some location of `a` may share memory with one of `b`.
pub fn any_overlap(program: &Program, a: &BTreeSet<Location>, b: &BTreeSet<Location>) -> bool {
    a.iter().any(|&x| b.iter().any(|&y| overlap(program, x, y)))
}

/// Whether `a` then `b` may run as `b` then `a` with the same result: no
/// write of either meets anything the other touches.
pub fn commute(program: &Program, a: &Footprint, b: &Footprint) -> bool {
    !a.barrier
        && !b.barrier
        && !any_overlap(program, a.writes(), &b.touched())
        && !any_overlap(program, b.writes(), a.reads())
}
