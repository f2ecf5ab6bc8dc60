//! Arbitrary text as preprocessed C: parsing must not panic, and whatever
//! parses must print to C that parses back to the same tree (spans compare
//! equal by design, so `==` compares the programs).

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;

/// A line marker, as `cc -E` starts its output with, so that the source map
/// has a main file.
fn preprocessed(code: &str) -> String {
    format!("# 1 \"fuzz.c\"\n{code}")
}

fuzz_target!(|data: &[u8]| {
    let Ok(code) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new("fuzz.c");
    let Ok(first) = ferry_parser::parse_preprocessed(preprocessed(code), path) else {
        return;
    };
    let printed = ferry_parser::printer::print_translation_unit(&first.unit);
    let second = match ferry_parser::parse_preprocessed(preprocessed(&printed), path) {
        Ok(second) => second,
        Err(e) => panic!("the printed program does not parse: {e}\n--- printed:\n{printed}"),
    };
    if first.unit != second.unit {
        panic!(
            "print then parse changes the tree\n--- printed:\n{printed}\n--- first tree:\n{:#?}\n--- second tree:\n{:#?}",
            first.unit, second.unit
        );
    }
});
