//! What a translation unit offers other units and what it needs from
//! them: the functions it defines with external linkage, and those it
//! calls without a body of its own. A project's units are linked through
//! these names (C's rule: one external definition per name), so that a
//! unit can be analysed with the units that define what it calls.

use crate::callgraph::CallGraph;
use crate::lower::lower_program;
use ferry_parser::ParsedFile;
use std::collections::BTreeSet;

/// A unit's functions as the linker sees them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Interface {
    /// Functions defined here with external linkage (not `static`).
    pub defines: BTreeSet<String>,
    /// Functions called here that are not defined here.
    pub needs: BTreeSet<String>,
}

impl Interface {
    pub fn of(file: &ParsedFile) -> Interface {
        let program = lower_program(std::slice::from_ref(file));
        let calls = CallGraph::build(&program);
        let mut interface = Interface::default();
        for f in program.function_ids() {
            let function = program.function(f);
            if function.body.is_none() {
                continue;
            }
            if !function.is_static {
                interface.defines.insert(function.name.as_str().to_string());
            }
            for callee in calls.callees(f) {
                let callee = program.function(callee);
                if callee.body.is_none() && !callee.is_static {
                    interface.needs.insert(callee.name.as_str().to_string());
                }
            }
        }
        interface
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_defines_its_external_functions_and_needs_what_it_calls_elsewhere() {
        let text = "int helper(int);\nint twice(int);\nint abs(int);\nint unused(int);\n\
                    static int local(int x) { return helper(x); }\n\
                    int api(int x) { return local(x) + twice(x) + abs(x); }\n\
                    int twice(int x) { return 2 * x; }\n";
        let file = ferry_parser::parse_preprocessed(text.to_string(), std::path::Path::new("u.c"))
            .expect("parses");
        let interface = Interface::of(&file);
        let names = |s: &[&str]| s.iter().map(|n| n.to_string()).collect::<BTreeSet<_>>();
        assert_eq!(interface.defines, names(&["api", "twice"]));
        // `unused` is declared and never called: not needed.
        assert_eq!(interface.needs, names(&["abs", "helper"]));
    }
}
