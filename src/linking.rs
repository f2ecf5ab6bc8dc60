//! Which units of a project a unit is analysed with: those defining the
//! functions it calls, and what those call in turn, so that the call
//! graph of an isolated statement spans the project (a call into another
//! unit is otherwise a call to a function without a body, which ferry
//! must assume touches anything, and refuses to isolate).
//!
//! Decisions:
//! - A name defined by more than one unit (a project building several
//!   programs, each with its own `usage`) links to none: ferry cannot
//!   know which one the unit's program links.
//! - A unit defining `main` is never a companion: with `main` the
//!   analyses take the files for a whole program and specialise functions
//!   to the callers they see, which a unit's companions are not.
//! - A unit whose external definitions clash with the unit's or with a
//!   companion's already taken is left out, and so is what only it needs.
//! - At most [`MAX_COMPANIONS`] units, nearest callees first: the cost of
//!   a unit stays bounded in a project where everything calls everything
//!   (past it, calls are to unknown functions, as before).

use ferry_hcfg::linkage::Interface;
use std::collections::{BTreeSet, HashMap, VecDeque};

/// The most units a unit is analysed with.
pub const MAX_COMPANIONS: usize = 8;

/// Per unit, the units it is analysed with, in the order they were
/// reached; `None` for a unit that could not be read has no companions
/// and is no companion.
pub fn companions(interfaces: &[Option<Interface>]) -> Vec<Vec<usize>> {
    let mut definers: HashMap<&str, Vec<usize>> = HashMap::new();
    for (u, interface) in interfaces.iter().enumerate() {
        for name in interface.iter().flat_map(|i| &i.defines) {
            definers.entry(name.as_str()).or_default().push(u);
        }
    }
    interfaces
        .iter()
        .enumerate()
        .map(|(u, interface)| match interface {
            Some(interface) => companions_of(u, interface, interfaces, &definers),
            None => Vec::new(),
        })
        .collect()
}

fn companions_of(
    unit: usize,
    interface: &Interface,
    interfaces: &[Option<Interface>],
    definers: &HashMap<&str, Vec<usize>>,
) -> Vec<usize> {
    let mut chosen = Vec::new();
    let mut defined: BTreeSet<&str> = interface.defines.iter().map(String::as_str).collect();
    let mut wanted: VecDeque<&str> = interface.needs.iter().map(String::as_str).collect();
    while let Some(name) = wanted.pop_front() {
        if chosen.len() == MAX_COMPANIONS {
            break;
        }
        let Some(&[definer]) = definers.get(name).map(Vec::as_slice) else {
            continue;
        };
        let Some(offered) = interfaces[definer].as_ref() else {
            continue;
        };
        if definer == unit
            || chosen.contains(&definer)
            || offered.defines.contains("main")
            || offered.defines.iter().any(|d| defined.contains(d.as_str()))
        {
            continue;
        }
        chosen.push(definer);
        defined.extend(offered.defines.iter().map(String::as_str));
        wanted.extend(offered.needs.iter().map(String::as_str));
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(defines: &[&str], needs: &[&str]) -> Option<Interface> {
        Some(Interface {
            defines: defines.iter().map(|n| n.to_string()).collect(),
            needs: needs.iter().map(|n| n.to_string()).collect(),
        })
    }

    #[test]
    fn a_unit_is_analysed_with_the_units_defining_what_it_calls_transitively() {
        let units = [
            unit(&["main"], &["blend", "printf"]),
            unit(&["blend"], &["accumulate"]),
            unit(&["accumulate"], &[]),
            unit(&["other"], &[]),
        ];
        let c = companions(&units);
        assert_eq!(c[0], vec![1, 2]);
        assert_eq!(c[1], vec![2]);
        assert!(c[2].is_empty() && c[3].is_empty());
    }

    #[test]
    fn no_main_no_ambiguous_name_no_clash_and_a_bound() {
        let units = [
            unit(&["f"], &["g", "usage", "h"]),
            unit(&["main", "g"], &[]),
            unit(&["usage"], &[]),
            unit(&["usage"], &[]),
            unit(&["h", "f"], &[]),
            None,
        ];
        // g's unit has main, usage is defined twice, h's unit defines f
        // again.
        assert!(companions(&units)[0].is_empty());
        // A chain longer than the bound is cut at it.
        let n = MAX_COMPANIONS + 3;
        let chain: Vec<Option<Interface>> = (0..n)
            .map(|k| {
                Some(Interface {
                    defines: [format!("f{k}")].into(),
                    needs: [format!("f{}", k + 1)].into(),
                })
            })
            .collect();
        assert_eq!(
            companions(&chain)[0],
            (1..=MAX_COMPANIONS).collect::<Vec<_>>()
        );
    }
}
