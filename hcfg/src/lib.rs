//! ferry's program representation and the analyses every later pass needs:
//! a hierarchical control-flow graph per function, the whole-program call
//! graph, proper effects, and affine transformers and preconditions.

pub mod callgraph;
pub mod effects;
pub mod escape;
pub mod ir;
pub mod loops;
mod lower;
pub mod report;
pub mod semantics;

pub use ir::Program;

use callgraph::CallGraph;
use effects::EffectsAnalysis;
use escape::Escapes;
use ferry_parser::ParsedFile;
use semantics::Semantics;

/// Lowers every translation unit and normalises loops.
pub fn build_program(files: &[ParsedFile]) -> Program {
    let mut program = lower::lower_program(files);
    loops::normalize_loops(&mut program);
    program
}

/// The program and every analysis of this crate, computed in dependency order.
pub struct Analyses {
    pub program: Program,
    pub calls: CallGraph,
    pub effects: EffectsAnalysis,
    pub escapes: Escapes,
    pub semantics: Semantics,
}

impl Analyses {
    pub fn run(files: &[ParsedFile]) -> Analyses {
        let program = build_program(files);
        let calls = CallGraph::build(&program);
        let effects = EffectsAnalysis::run(&program, &calls);
        let escapes = Escapes::run(&program, &calls);
        let semantics = Semantics::run(&program, &calls, &effects);
        Analyses {
            program,
            calls,
            effects,
            escapes,
            semantics,
        }
    }
}
