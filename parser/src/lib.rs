//! ferry's C front end: preprocessing by the system compiler, a logos lexer
//! with typedef feedback, a lalrpop grammar for C11 and the GNU extensions,
//! an AST with spans into the user's files, and a printer back to C.

pub mod actions;
pub mod ast;
pub mod build;
pub mod diagnostic;
pub mod driver;
pub mod intern;
pub mod lexer;
pub mod nesting;
pub mod numbers;
pub mod output;
pub mod preprocess;
pub mod printer;
pub mod scope;
pub mod source_map;
pub mod span;
pub mod splice;

lalrpop_util::lalrpop_mod!(
    #[allow(clippy::all, clippy::pedantic, unused)]
    grammar,
    "/c.rs"
);

pub use diagnostic::Diagnostic;
pub use driver::{ParsedFile, parse_file, parse_preprocessed};
