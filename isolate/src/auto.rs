//! `--auto`: every outermost loop nest of the files' own functions that
//! is worth offloading and that ferry can isolate, isolated together;
//! every other nest is listed with the reason.
//!
//! Worth offloading means one loop of the nest is parallel (the
//! parallelisation analysis of `parallel.rs`, as `--explain` prints it):
//! a nest with none would run in one work-item of a kernel, slower than on
//! the host. The host target simulates what the accelerator targets would
//! offload, so it picks the same nests.
//!
//! The nests are added one at a time, in source order, each kept when the
//! program with it and every nest kept before still isolates: one nest ferry
//! refuses (an access it cannot bound, two nests that interact) costs that
//! nest, not the batch.

use crate::{Isolated, Options, Prepared, parallel, select};
use ferry_hcfg::Analyses;
use ferry_parser::{Diagnostic, ParsedFile};
use ferry_regions::RegionsAnalysis;

/// What `--auto` made of a program: the program with the nests kept
/// isolated (none when no nest was), and one line per nest left out.
pub struct Auto {
    pub isolated: Option<Isolated>,
    pub left_out: Vec<String>,
}

impl Auto {
    /// The isolated program, its warnings listing the nests left out; an
    /// error when no nest was isolated.
    pub fn into_result(self) -> Result<Isolated, Diagnostic> {
        match self.isolated {
            Some(mut isolated) => {
                isolated.warnings.extend(self.left_out);
                Ok(isolated)
            }
            None => {
                let mut refusal = Diagnostic::error(
                    "`--auto` found no loop nest to isolate: none has a parallel loop that \
                     ferry can isolate",
                );
                refusal.notes = self.left_out;
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
    let found = select::find(parsed, analyses, &crate::Selection::Auto)?;
    let mut left_out: Vec<Diagnostic> = found.skipped;
    let independent = select::independent_loops(parsed);
    let mut kept = Vec::new();
    let mut isolated: Option<Isolated> = None;
    for candidate in found.targets {
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
        if !parallel {
            left_out.push(parsed[candidate.unit].error_at(
                candidate.span,
                "no loop of this nest is parallel: on an accelerator it would run in one \
                 work-item (`--explain` says why each loop is sequential)",
            ));
            continue;
        }
        let mut trial = kept.clone();
        trial.push(candidate.clone());
        let prepared = Prepared::of(parsed, analyses, regions, trial, options);
        match prepared.transform(parsed, analyses, regions, Vec::new(), options) {
            Ok(result) => {
                kept.push(candidate);
                isolated = Some(result);
            }
            Err(refusal) => left_out.push(refusal),
        }
    }
    Ok(Auto {
        isolated,
        left_out: left_out.iter().map(left_out_note).collect(),
    })
}

/// One line for a nest left out: where, and why.
fn left_out_note(d: &Diagnostic) -> String {
    match &d.location {
        Some(at) => format!(
            "{}:{}:{}: note: loop nest not isolated: {}",
            at.file, at.line, at.column, d.message
        ),
        None => format!("note: a loop nest not isolated: {}", d.message),
    }
}
