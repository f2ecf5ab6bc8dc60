//! The `ferry` command.

mod cli;
mod compile_db;
mod linking;
mod options;
mod program;
mod project;
mod report;
mod unit_cache;
mod units;
mod validate;
mod validate_project;

fn main() {
    std::process::exit(cli::run());
}

/// mimalloc, for Rust's allocations and, through its `override` feature,
/// for isl's `malloc`s too: the analyses allocate and free millions of
/// small isl objects, and glibc's allocator took a fifth of their time.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
