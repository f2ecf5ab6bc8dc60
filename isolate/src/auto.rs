//! `--auto`: every outermost loop nest of the files' own functions that
//! is worth offloading and that ferry can isolate, isolated together;
//! every other nest is listed with the reason.
//!
//! Worth offloading means the nest may run at least
//! `Options::min_iterations` loop iterations (`work.rs`: a nest of
//! constant 4×4 loops never does, and its launches would cost more than
//! its work), and one loop of the nest is parallel (the parallelisation
//! analysis of `parallel.rs`, as `--explain` prints it): a nest with none
//! would run in one work-item of a kernel, slower than on the host. The
//! host target simulates what the accelerator targets would offload, so it
//! picks the same nests.
//!
//! The nests are isolated together; a refusal located inside one nest
//! (an access ferry cannot bound) drops that nest and the others are
//! tried again. A refusal elsewhere (two nests that interact) falls back
//! to adding the nests one at a time, in source order, each kept while the
//! program still isolates. One nest ferry refuses costs that nest, never
//! the batch.

use crate::{Isolated, Options, Prepared, Selected, parallel, select, work};
use ferry_hcfg::Analyses;
use ferry_parser::{Diagnostic, ParsedFile};
use ferry_regions::RegionsAnalysis;

/// What `--auto` made of a program: the program with the nests kept
/// isolated (none when no nest was), and one line per nest left out.
pub struct Auto {
    pub isolated: Option<Isolated>,
    pub left_out: Vec<String>,
    /// With `--explain`, the decision on every loop of the nests left out
    /// for having no parallel loop, one line each.
    pub explained: Vec<String>,
}

impl Auto {
    /// The isolated program, its warnings listing the nests left out; an
    /// error when no nest was isolated.
    pub fn into_result(self) -> Result<Isolated, Diagnostic> {
        match self.isolated {
            Some(mut isolated) => {
                isolated.warnings.extend(self.left_out);
                isolated.explanations.extend(self.explained);
                Ok(isolated)
            }
            None => {
                let mut refusal = Diagnostic::error(
                    "`--auto` found no loop nest to isolate: none has a parallel loop that \
                     ferry can isolate",
                );
                refusal.notes = self.left_out;
                refusal.notes.extend(self.explained);
                Err(refusal)
            }
        }
    }
}

pub(crate) fn isolate(
    parsed: &[ParsedFile],
    analyses: &Analyses,
    regions: &RegionsAnalysis,
    options: &Options,
) -> Result<Auto, Diagnostic> {
    let found = select::find(
        parsed,
        analyses,
        &crate::Selection::Auto,
        options.companions,
    )?;
    let mut left_out: Vec<Diagnostic> = found.skipped;
    let independent = select::independent_loops(parsed);
    let mut worth = Vec::new();
    let mut explained = Vec::new();
    for candidate in found.targets {
        if let Some(most) =
            work::most_iterations(&analyses.program, candidate.function, candidate.node)
            && most < options.min_iterations
        {
            left_out.push(parsed[candidate.unit].error_at(
                candidate.span,
                format!(
                    "this nest runs at most {most} loop iterations whatever its input (its \
                     bounds are constants), fewer than `--min-iterations` ({}): on an \
                     accelerator its launch and transfers would cost more than its work",
                    options.min_iterations
                ),
            ));
            continue;
        }
        let decisions = parallel::loops_in(
            analyses,
            regions,
            candidate.function,
            candidate.node,
            options.reassociate,
            &independent,
        );
        let parallel = decisions
            .iter()
            .any(|d| matches!(d.verdict, parallel::Verdict::Parallel { .. }));
        if parallel {
            worth.push(candidate);
        } else {
            if options.explain {
                let decisions: Vec<_> =
                    decisions.into_iter().map(|d| (candidate.unit, d)).collect();
                explained.extend(crate::explain(parsed, analyses, &decisions));
            }
            left_out.push(parsed[candidate.unit].error_at(
                candidate.span,
                "no loop of this nest is parallel: on an accelerator it would run in one \
                 work-item (`--explain` says why each loop is sequential)",
            ));
        }
    }
    let attempt = |targets: &[Selected]| {
        Prepared::of(parsed, analyses, regions, targets.to_vec(), options).transform(
            parsed,
            analyses,
            regions,
            Vec::new(),
            options,
        )
    };
    // Every nest at once; a refusal inside one nest drops that nest and
    // the rest are tried again, so a unit costs one transformation plus
    // one per refused nest, not one per nest.
    let mut isolated: Option<Isolated> = None;
    let mut pending = worth;
    while !pending.is_empty() {
        match attempt(&pending) {
            Ok(result) => {
                isolated = Some(result);
                break;
            }
            Err(refusal) => match culprit(parsed, &pending, &refusal) {
                Some(k) => {
                    pending.remove(k);
                    left_out.push(refusal);
                }
                // Not inside one nest (a callee's clone, two nests that
                // interact): one nest at a time, in source order, each
                // kept while the program still isolates.
                None => {
                    let mut kept: Vec<Selected> = Vec::new();
                    for candidate in pending.drain(..) {
                        kept.push(candidate);
                        match attempt(&kept) {
                            Ok(result) => isolated = Some(result),
                            Err(refusal) => {
                                kept.pop();
                                left_out.push(refusal);
                            }
                        }
                    }
                }
            },
        }
    }
    Ok(Auto {
        isolated,
        left_out: left_out.iter().map(left_out_note).collect(),
        explained,
    })
}

/// The nest of `pending` whose text holds the place `refusal` points at.
fn culprit(parsed: &[ParsedFile], pending: &[Selected], refusal: &Diagnostic) -> Option<usize> {
    let at = refusal.location.as_ref()?;
    pending.iter().position(|t| {
        let file = &parsed[t.unit];
        let map = &file.source_map;
        let start = map.locate(t.span.lo);
        let end = map.locate(t.span.hi);
        map.file_name(start.file) == at.file
            && (start.line, start.column) <= (at.line, at.column)
            && (at.line, at.column) < (end.line, end.column)
    })
}

/// What separates the place of a nest left out from the reason in its
/// line (`FILE:L:C: note: loop nest not isolated: REASON`); reports read
/// the lines back by it.
pub const LEFT_OUT: &str = ": note: loop nest not isolated: ";

/// One line for a nest left out: where, and why.
fn left_out_note(d: &Diagnostic) -> String {
    match &d.location {
        Some(at) => format!(
            "{}:{}:{}{LEFT_OUT}{}",
            at.file, at.line, at.column, d.message
        ),
        None => format!("note: a loop nest not isolated: {}", d.message),
    }
}
