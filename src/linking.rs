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
//! - With `--program MAIN` ([`program`]) the user says the project builds
//!   that program: each of its units is analysed with all the others,
//!   `main` included and without a bound, so the call graph spans the
//!   program and a function's entry comes from its callers in every unit
//!   (the analyses' closed world). The transformed tree is then for that
//!   program only: another program linking the same units may call their
//!   functions otherwise.

use ferry_hcfg::linkage::Interface;
use std::collections::{BTreeSet, HashMap, VecDeque};

/// The most units a unit is analysed with.
pub const MAX_COMPANIONS: usize = 8;

/// The units of the program whose `main` the unit `main` defines
/// (`--program`), `main` first: every unit of the project but those
/// defining another `main`. A unit the program does not link is one more
/// possible caller, which costs precision only; a unit it links and the
/// analyses did not see would be a caller missed, and the callers'
/// context wrong. So every unit must be readable, and no two of them may
/// define the same function (ferry could not tell which one is linked).
pub fn program(main: usize, interfaces: &[Option<Interface>]) -> Result<Vec<usize>, ProgramError> {
    let named = interfaces[main]
        .as_ref()
        .ok_or(ProgramError::Unreadable(main))?;
    if !named.defines.contains("main") {
        return Err(ProgramError::NoMain);
    }
    let mut units = vec![main];
    let mut definer: HashMap<&str, usize> = HashMap::new();
    let others = (0..interfaces.len()).filter(|&u| u != main);
    for u in std::iter::once(main).chain(others) {
        let interface = interfaces[u].as_ref().ok_or(ProgramError::Unreadable(u))?;
        if u != main && interface.defines.contains("main") {
            continue;
        }
        if u != main {
            units.push(u);
        }
        for name in &interface.defines {
            if let Some(&first) = definer.get(name.as_str()) {
                return Err(ProgramError::DefinedTwice {
                    name: name.clone(),
                    units: [first, u],
                });
            }
            definer.insert(name, u);
        }
    }
    Ok(units)
}

/// Why the units cannot make the program `--program` names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgramError {
    /// The unit named defines no `main`.
    NoMain,
    /// This unit could not be read.
    Unreadable(usize),
    /// Two units define the function `name`.
    DefinedTwice { name: String, units: [usize; 2] },
}

/// Per unit, the units it is analysed with, in the order they were
/// reached; `None` for a unit that could not be read has no companions
/// and is no companion. With a `program` (`program`), each of its units
/// is analysed with all the others, `main` among them, so that its
/// functions get their callers' context; the other units as below.
pub fn companions(interfaces: &[Option<Interface>], program: Option<&[usize]>) -> Vec<Vec<usize>> {
    let mut definers: HashMap<&str, Vec<usize>> = HashMap::new();
    for (u, interface) in interfaces.iter().enumerate() {
        for name in interface.iter().flat_map(|i| &i.defines) {
            definers.entry(name.as_str()).or_default().push(u);
        }
    }
    interfaces
        .iter()
        .enumerate()
        .map(|(u, interface)| match (interface, program) {
            (Some(_), Some(units)) if units.contains(&u) => {
                units.iter().copied().filter(|&c| c != u).collect()
            }
            (Some(interface), _) => companions_of(u, interface, interfaces, &definers),
            (None, _) => Vec::new(),
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
        let c = companions(&units, None);
        assert_eq!(c[0], vec![1, 2]);
        assert_eq!(c[1], vec![2]);
        assert!(c[2].is_empty() && c[3].is_empty());
    }

    /// A program is every unit but other programs' mains, and each of its
    /// units is analysed with all the others; a unit outside it keeps its
    /// callees only.
    #[test]
    fn a_program_s_units_are_analysed_together() {
        let units = [
            unit(&["main"], &["blend"]),
            unit(&["blend"], &["accumulate"]),
            unit(&["accumulate", "unused"], &[]),
            unit(&["main", "usage"], &["accumulate"]),
        ];
        let program = program(0, &units).expect("one program");
        assert_eq!(program, vec![0, 1, 2]);
        let c = companions(&units, Some(&program));
        assert_eq!(c[0], vec![1, 2]);
        assert_eq!(c[1], vec![0, 2]);
        assert_eq!(c[2], vec![0, 1]);
        assert_eq!(c[3], vec![2]);
        assert_eq!(program_of(1, &units), Err(ProgramError::NoMain));
        let mut broken = units.to_vec();
        broken[1] = None;
        assert_eq!(program_of(0, &broken), Err(ProgramError::Unreadable(1)));
        assert_eq!(program_of(1, &broken), Err(ProgramError::Unreadable(1)));
        broken[1] = unit(&["accumulate"], &[]);
        assert_eq!(
            program_of(0, &broken),
            Err(ProgramError::DefinedTwice {
                name: "accumulate".into(),
                units: [1, 2]
            })
        );
    }

    fn program_of(main: usize, units: &[Option<Interface>]) -> Result<Vec<usize>, ProgramError> {
        program(main, units)
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
        assert!(companions(&units, None)[0].is_empty());
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
            companions(&chain, None)[0],
            (1..=MAX_COMPANIONS).collect::<Vec<_>>()
        );
    }
}
