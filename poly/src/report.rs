//! `ferry scop`: each function's SCoPs, their statements with domains,
//! schedules and accesses, and their dependences, in isl notation; as text
//! for people or JSON for tools and tests.

use crate::dataflow::{self, Model};
use crate::{Scop, extract};
use ferry_hcfg::Analyses;
use ferry_hcfg::ir::FuncId;
use ferry_parser::ParsedFile;
use serde_json::{Value, json};

/// The SCoPs of the functions defined in `files` (of `only`, if given), in
/// unit and textual order, each with its model or why isl gave none.
pub fn scops(
    analyses: &Analyses,
    files: &[ParsedFile],
    only: Option<&str>,
) -> Vec<(usize, Scop, Result<Model, String>)> {
    let program = &analyses.program;
    let mut out = Vec::new();
    let mut functions: Vec<FuncId> = program
        .function_ids()
        .filter(|&f| {
            let func = program.function(f);
            func.body.is_some()
                && only.is_none_or(|name| func.name.as_str() == name)
                && files
                    .get(func.unit)
                    .is_some_and(|file| file.in_main_file(func.span))
        })
        .collect();
    functions.sort_by_key(|&f| (program.function(f).unit, program.function(f).span.lo));
    for f in functions {
        for scop in extract::scops_of(analyses, f) {
            let model = dataflow::analyse(&scop);
            out.push((program.function(f).unit, scop, model));
        }
    }
    out
}

/// The program's name of the variable the model calls `isl` (`j_1`: the
/// second `j`).
fn shown(scop: &Scop, isl: &str) -> String {
    scop.names
        .iter()
        .find(|(name, _)| name == isl)
        .map_or_else(|| isl.to_string(), |(_, c)| c.clone())
}

/// The statement's text on one line, as the preprocessed unit has it; of
/// a loop taken whole (§3.2), its first line.
fn source(file: &ParsedFile, span: ferry_parser::span::Span) -> String {
    let text = file
        .text
        .get(span.lo as usize..span.hi as usize)
        .unwrap_or("");
    let one_line = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let is_loop = ["while", "do", "for"].iter().any(|k| {
        text.strip_prefix(k).is_some_and(|rest| {
            rest.starts_with(|c: char| c == '(' || c == '{' || c.is_whitespace())
        })
    });
    match text.split_once('\n') {
        Some((first, _)) if is_loop => format!("{} ...", one_line(first)),
        _ => one_line(text),
    }
}

pub fn text(files: &[ParsedFile], scops: &[(usize, Scop, Result<Model, String>)]) -> String {
    let mut out = String::new();
    if scops.is_empty() {
        out.push_str("no static control part (a loop nest with affine bounds and subscripts)\n");
    }
    for (unit, scop, model) in scops {
        let file = &files[*unit];
        out.push_str(&format!(
            "{}: scop in {}, {} statement{}, parameters [{}]\n",
            file.position(scop.span),
            scop.function,
            scop.statements.len(),
            if scop.statements.len() == 1 { "" } else { "s" },
            scop.params.join(", ")
        ));
        if scop.narrowed {
            out.push_str(&format!("  context     {}\n", scop.context));
        }
        let model = match model {
            Ok(m) => m,
            Err(why) => {
                out.push_str(&format!("  not analysed: {why}\n\n"));
                continue;
            }
        };
        for (k, s) in scop.statements.iter().enumerate() {
            out.push_str(&format!(
                "  {} at {}: {}{}\n    domain      {}\n    schedule    {}\n",
                s.name,
                file.position(s.span),
                if s.is_kill() {
                    let names: Vec<String> = s
                        .accesses
                        .iter()
                        .map(|a| format!("`{}`", shown(scop, &a.array)))
                        .collect();
                    if s.explicit_kill {
                        format!("`__pencil_kill` of {}", names.join(", "))
                    } else {
                        format!("the end of the block of {}", names.join(", "))
                    }
                } else {
                    source(file, s.span)
                },
                match (s.dynamic, s.data_subscripts) {
                    (true, _) => "  (under a condition on data)",
                    (false, true) => "  (a subscript on data)",
                    (false, false) => "",
                },
                model.domains[k],
                model.schedules[k]
            ));
            for (a, relation) in s.accesses.iter().zip(&model.accesses[k]) {
                out.push_str(&format!(
                    "    {:<4} {:<11} {relation}\n",
                    a.id,
                    a.kind.name()
                ));
            }
        }
        for (independence, pairs) in scop.independences.iter().zip(&model.independent) {
            out.push_str(&format!(
                "  independent  {pairs}  (the loop at {})\n",
                file.position(independence.span)
            ));
        }
        out.push_str(&format!(
            "  flow ({})  {}\n  by reference {}\n  live-in      {}\n  live-out     {}\n  \
             anti         {}\n  output       {}\n  order        {}\n  forced       {}\n  \
             dead         {}\n",
            if model.flow_exact { "exact" } else { "may" },
            model.flow,
            model.flow_tagged,
            model.live_in,
            model.live_out,
            model.anti,
            model.output,
            model.order,
            model.forced,
            model.dead
        ));
        match &model.reordered {
            Some((tree, _)) => {
                out.push_str("  schedule with live-range reordering (coincident: parallel)\n");
                for line in tree.lines() {
                    out.push_str(&format!("    {line}\n"));
                }
                out.push('\n');
            }
            None => out.push_str(
                "  schedule with live-range reordering: not found within isl's bound\n\n",
            ),
        }
    }
    out
}

/// The JSON of `ferry scop --json`.
pub fn json(files: &[ParsedFile], scops: &[(usize, Scop, Result<Model, String>)]) -> Value {
    let located = |unit: usize, span: ferry_parser::span::Span| {
        let loc = files[unit].source_map.locate(span.lo);
        (loc.line, loc.column)
    };
    let mut list = Vec::new();
    for (unit, scop, model) in scops {
        let (line, column) = located(*unit, scop.span);
        let mut entry = json!({
            "file": files[*unit].path.to_string_lossy(),
            "function": scop.function,
            "line": line,
            "column": column,
            "params": scop.params,
            "names": scop.names.iter().map(|(shown, c)| (shown.clone(), json!(c))).collect::<serde_json::Map<String, Value>>(),
            "context": scop.context,
        });
        match model {
            Err(why) => entry["error"] = json!(why),
            Ok(model) => {
                let statements: Vec<Value> = scop
                    .statements
                    .iter()
                    .enumerate()
                    .map(|(k, s)| {
                        let (line, column) = located(*unit, s.span);
                        json!({
                            "name": s.name,
                            "line": line,
                            "column": column,
                            "indices": s.indices,
                            "dynamic": s.dynamic,
                            "data_subscripts": s.data_subscripts,
                            "domain": model.domains[k],
                            "schedule": model.schedules[k],
                            "accesses": s.accesses.iter().zip(&model.accesses[k]).map(|(a, r)| json!({
                                "id": a.id,
                                "kind": a.kind.name(),
                                "array": a.array,
                                "relation": r,
                            })).collect::<Vec<_>>(),
                        })
                    })
                    .collect();
                entry["statements"] = json!(statements);
                entry["dependences"] = json!({
                    "flow": model.flow,
                    "flow_exact": model.flow_exact,
                    "flow_tagged": model.flow_tagged,
                    "live_in": model.live_in,
                    "live_out": model.live_out,
                    "anti": model.anti,
                    "output": model.output,
                    "order": model.order,
                    "forced": model.forced,
                    "independent": model.independent,
                });
                entry["dead"] = json!(model.dead);
                entry["reordered"] = match &model.reordered {
                    Some((tree, map)) => json!({ "tree": tree, "map": map }),
                    None => Value::Null,
                };
            }
        }
        list.push(entry);
    }
    json!({ "scops": list })
}
