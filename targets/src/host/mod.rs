//! The host target: no kernel, the runtime's simulation. What it writes
//! for the other targets is the header through which host code calls the
//! launchers, the same for every target.

mod writer;

pub use writer::header;
