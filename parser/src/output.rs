//! Printing a parsed file back as the user's C file.
//!
//! Only code written in the main file is printed. Declarations that came from
//! headers are replaced by the `#include` lines that brought them, printed
//! verbatim from the main file at their place among its declarations. The
//! `#define` directives the preprocessor executed in the main file before its
//! last `#include` are printed too, in order: they may select what the
//! headers declare (`_GNU_SOURCE`, configuration macros). Macros used in the
//! code itself are already expanded; redefining them is harmless because a
//! fully expanded text contains no further invocation, except through
//! self-referential macros, which real code keeps in headers. Every executed
//! `#undef` of the main file is printed in place: it may remove a header's
//! macro so that a function of the same name can be defined (zlib's
//! `#undef gzgetc`), and removing a macro never changes expanded text.

use crate::ast::{ExternalDecl, TranslationUnit};
use crate::driver::ParsedFile;
use crate::printer::{Annotator, print_external_decl_annotated};

/// A preprocessor line to print before the item that follows `offset`.
struct Directive {
    offset: u32,
    text: String,
}

/// Regenerates the main file of `parsed`.
pub fn print_user_file(parsed: &ParsedFile) -> String {
    print_user_file_annotated(parsed, &|_| Vec::new())
}

/// Like [`print_user_file`], with `annotate`'s comment lines before
/// statements, declarations and function definitions.
pub fn print_user_file_annotated(parsed: &ParsedFile, annotate: Annotator) -> String {
    print_unit_as_user_file(parsed, &parsed.unit, annotate)
}

/// The main file of `parsed` with `unit` (a transformed copy of its tree) in
/// place of its tree. Items of `unit` count as the main file's when their
/// span does; a transformation gives the items it adds the span of the
/// item they belong next to.
pub fn print_unit_as_user_file(
    parsed: &ParsedFile,
    unit: &TranslationUnit,
    annotate: Annotator,
) -> String {
    let directives = directives(parsed);
    let mut next = 0;
    let mut out = String::new();
    for item in &unit.items {
        let span = item.span();
        while let Some(d) = directives.get(next).filter(|d| d.offset <= span.lo) {
            out.push_str(&d.text);
            out.push('\n');
            next += 1;
        }
        if parsed.in_main_file(span) {
            // Function definitions stand apart, as people write them.
            let is_function = matches!(item, ExternalDecl::FunctionDef(_));
            if is_function && !out.is_empty() && !out.ends_with("\n\n") {
                out.push('\n');
            }
            print_external_decl_annotated(&mut out, item, annotate);
            if is_function {
                out.push('\n');
            }
            // A directive inside a printed item (a table included into an
            // initialiser) was expanded with it.
            while directives.get(next).is_some_and(|d| d.offset < span.hi) {
                next += 1;
            }
        }
    }
    for d in &directives[next..] {
        out.push_str(&d.text);
        out.push('\n');
    }
    out
}

/// The main file's include lines and the macro directives before its last
/// include, ordered by position.
fn directives(parsed: &ParsedFile) -> Vec<Directive> {
    let original = std::fs::read_to_string(&parsed.path).unwrap_or_default();
    let lines: Vec<&str> = original.lines().collect();
    let sites = parsed.source_map.include_sites();
    let mut directives: Vec<Directive> = sites
        .iter()
        .filter_map(|site| {
            let text = lines.get((site.line as usize).checked_sub(1)?)?;
            let directive = text.trim_start();
            // `%:` is the digraph of `#`.
            (directive.starts_with('#') || directive.starts_with("%:")).then(|| Directive {
                offset: site.offset,
                text: text.to_string(),
            })
        })
        .collect();
    let last_include = sites.last().map_or(0, |site| site.offset);
    directives.extend(
        parsed
            .source_map
            .macro_directives()
            .iter()
            .filter(|m| m.offset < last_include || m.is_undef())
            .map(|m| Directive {
                offset: m.offset,
                text: m.text.clone(),
            }),
    );
    directives.sort_by_key(|d| d.offset);
    directives
}
