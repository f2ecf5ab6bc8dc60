//! The `ferry` command.

mod cli;
mod validate;

fn main() {
    std::process::exit(cli::run());
}
