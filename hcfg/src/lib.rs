//! ferry's program representation and the analyses every later pass needs:
//! a hierarchical control-flow graph per function, the whole-program call
//! graph, proper effects, and affine transformers and preconditions.

pub mod callgraph;
pub mod delinearise;
pub mod effects;
pub mod escape;
pub mod ir;
pub mod linkage;
pub mod loops;
mod lower;
pub mod pointer_walks;
pub mod report;
pub mod scalar_fields;
pub mod semantics;

pub use ir::Program;

use callgraph::{CallGraph, Scope};
use effects::EffectsAnalysis;
use escape::Escapes;
use ferry_parser::ParsedFile;
use semantics::Semantics;
use std::collections::BTreeMap;

/// Lowers every translation unit, sees structures used member by member
/// as variables and pointer walks as indices, and
/// normalises loops.
pub fn build_program(files: &[ParsedFile]) -> Program {
    let mut program = lower::lower_program(files);
    scalar_fields::apply(&mut program);
    pointer_walks::apply(&mut program);
    loops::normalize_loops(&mut program);
    program
}

/// The most functions `Analyses::run_for` analyses to know what calls the
/// wanted functions: a helper called from all over a large program (most
/// of SQLite's are) would otherwise cost the whole program's analyses.
/// Past it, the wanted functions are analysed as if anything could call
/// them (and it is noted).
const MAX_SCOPE_WITH_CALLERS: usize = 200;

/// Where the wanted functions of [`Analyses::run_with_callers`] are called
/// from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Callers {
    /// Only from the functions analysed: their call sites make the
    /// preconditions at the wanted functions' entry, and what they read
    /// afterwards the OUT regions (a closed program).
    Analysed,
    /// From anywhere, code outside the files included.
    Anyone,
}

/// What the files analysed are of their program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Linkage {
    /// With `main` among them, the whole program (what files given on the
    /// command line are): every call to their functions is in them.
    #[default]
    Closed,
    /// Part of a program whose other parts the analyses do not see (a
    /// project's unit analysed alone or with its callees): they may call
    /// any function of external linkage, `main` defined here or not.
    Open,
}

/// The program and every analysis of this crate, computed in dependency order.
pub struct Analyses {
    pub program: Program,
    pub calls: CallGraph,
    pub effects: EffectsAnalysis,
    pub escapes: Escapes,
    pub semantics: Semantics,
    /// Flat pointers the analyses after the semantics see with rows
    /// (`delinearise`): their type and subscripts in `program` are the
    /// rows', the syntax tree keeps the user's.
    pub views: BTreeMap<ir::VarId, delinearise::View>,
    /// Pointers whose subscripts look flattened but that keep their flat
    /// form, with why (told when their region cannot be bounded).
    pub kept_flat: BTreeMap<ir::VarId, delinearise::FlatReason>,
    /// The functions the affine analyses (and those built on them) cover.
    pub scope: Scope,
}

impl Analyses {
    pub fn run(files: &[ParsedFile]) -> Analyses {
        Analyses::run_for(files, None)
    }

    /// The analyses that the results of the functions named `wanted`
    /// depend on (see [`CallGraph::scope_of`]), or of every function for
    /// `None` (or when no function has one of these names). The affine
    /// analyses are the costly ones: only they are restricted.
    pub fn run_for(files: &[ParsedFile], wanted: Option<&[&str]>) -> Analyses {
        Analyses::run_with_callers(files, wanted, Callers::Analysed)
    }

    /// As [`Analyses::run_for`], and with [`Callers::Anyone`] the functions
    /// named `wanted` analysed as if anything could call them: nothing
    /// known at their entry but what the types say, and everything they
    /// write that a caller can see taken as read afterwards.
    pub fn run_with_callers(
        files: &[ParsedFile],
        wanted: Option<&[&str]>,
        callers: Callers,
    ) -> Analyses {
        Analyses::run_with(files, wanted, callers, delinearise::Rows::Proved)
    }

    /// As [`Analyses::run_with_callers`], taking the views `rows` says
    /// (with [`delinearise::Rows::Assumed`], what is computed holds only
    /// where the assumed views' accesses keep inside their rows).
    pub fn run_with(
        files: &[ParsedFile],
        wanted: Option<&[&str]>,
        callers: Callers,
        rows: delinearise::Rows,
    ) -> Analyses {
        Analyses::run_linked(files, wanted, callers, rows, Linkage::Closed)
    }

    /// As [`Analyses::run_with`], the files linked as `linkage` says.
    pub fn run_linked(
        files: &[ParsedFile],
        wanted: Option<&[&str]>,
        callers: Callers,
        rows: delinearise::Rows,
        linkage: Linkage,
    ) -> Analyses {
        let mut program = build_program(files);
        program.open_linkage = linkage == Linkage::Open;
        let calls = CallGraph::build(&program);
        let effects = EffectsAnalysis::run(&program, &calls);
        let escapes = Escapes::run(&program, &calls);
        let wanted: Vec<ir::FuncId> = wanted
            .unwrap_or_default()
            .iter()
            .filter_map(|name| program.find_function(name))
            .collect();
        let scope = if wanted.is_empty() {
            Scope::whole(&program)
        } else if callers == Callers::Anyone {
            calls.callees_of(&wanted)
        } else {
            let with_callers = calls.scope_of(&wanted);
            if with_callers.len() <= MAX_SCOPE_WITH_CALLERS {
                with_callers
            } else {
                let alone = calls.callees_of(&wanted);
                let names: Vec<String> = wanted
                    .iter()
                    .map(|&f| format!("`{}`", program.function(f).name))
                    .collect();
                semantics::budget::note(format!(
                    "{} analysed as if anything could call it: what calls it, directly \
                     or not, makes {} functions with what those call, more than {} \
                     (nothing is known at its entry but what the types say, and \
                     everything it writes that a caller can see is taken as read \
                     afterwards)",
                    names.join(", "),
                    with_callers.len(),
                    MAX_SCOPE_WITH_CALLERS,
                ));
                alone
            }
        };
        let semantics = Semantics::run_in(&program, &calls, &effects, &scope);
        let delinearise::Views { chosen, kept_flat } = {
            let _timed = semantics::budget::Timed::start(|| "flat arrays seen with rows".into());
            delinearise::apply(
                &mut program,
                &effects,
                &semantics,
                &|f| scope.contains(f),
                rows,
            )
        };
        Analyses {
            program,
            calls,
            effects,
            escapes,
            semantics,
            views: chosen,
            kept_flat,
            scope,
        }
    }
}
