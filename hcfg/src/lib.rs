//! ferry's program representation and the analyses every later pass needs:
//! a hierarchical control-flow graph per function, the whole-program call
//! graph, proper effects, and affine transformers and preconditions.

pub mod ir;
pub mod loops;
mod lower;

pub use ir::Program;

use ferry_parser::ParsedFile;

/// Lowers every translation unit and normalises loops.
pub fn build_program(files: &[ParsedFile]) -> Program {
    let mut program = lower::lower_program(files);
    loops::normalize_loops(&mut program);
    program
}
