//! `ferry isolate --report DIR`: what isolation decided, as
//! `DIR/report.json` (the model) and `DIR/index.html` (a page rendered
//! from it, which a browser opens without a network or a script).
//!
//! The model: `{"target", "units": [{"file", "outcome", "statements",
//! "left_out", "diagnostic"}], "validation"}` (`validation`: `ferry
//! validate --json`'s object, with each run's measured transfers); a statement is `{"at", "function",
//! "first_line", "arrays": [{"name", "buffer": [{"lower", "count"}],
//! "plans": [{"kind", "load", "store"}], "picture", "volume"}], "scalars": [{"name",
//! "by_value", "load", "store"}]}` with every bound a C expression of the
//! program's variables, and `picture` what the statement does to a 1-D or
//! 2-D array, drawn for one instance (`svg`; null for other arrays), and
//! `volume` what one execution copies at most (`volume_json`); a nest
//! left out is `{"at", "reason"}`.

mod svg;

use ferry_isolate::picture::Picture;
use ferry_isolate::report::{Elements, StatementReport, Volume, grouped};
use ferry_parser::Diagnostic;
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::path::Path;

pub fn statement_json(s: &StatementReport) -> Value {
    json!({
        "at": s.at,
        "function": s.function,
        "first_line": s.first_line,
        "arrays": s.arrays.iter().map(|a| json!({
            "name": a.name,
            "buffer": a.buffer.iter().map(|(lower, count)| json!({"lower": lower, "count": count}))
                .collect::<Vec<_>>(),
            "plans": a.plans.iter().map(|p| json!({"kind": p.kind, "load": p.load, "store": p.store}))
                .collect::<Vec<_>>(),
            "picture": a.picture.as_ref().map(picture_json),
            "volume": a.volume.as_ref().map(volume_json),
        })).collect::<Vec<_>>(),
        "scalars": s.scalars.iter().map(|v| json!({
            "name": v.name, "by_value": v.by_value, "load": v.load, "store": v.store,
        })).collect::<Vec<_>>(),
    })
}

/// `{"element_bytes", "in", "out"}`, each side `{"at_most": N}` (elements),
/// `{"formula": "..."}` (in the program's variables) or null (unknown).
fn volume_json(v: &Volume) -> Value {
    let side = |e: &Elements| match e {
        Elements::AtMost(n) => json!({ "at_most": n }),
        Elements::Grows(formula) => json!({ "formula": formula }),
        Elements::Unknown => Value::Null,
    };
    json!({"element_bytes": v.element_bytes, "in": side(&v.load), "out": side(&v.store)})
}

/// What one execution of an isolated statement (`statement_json`) copies
/// of its arrays, from its arrays' volumes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatementBytes {
    /// At most this many bytes, in and back together.
    AtMost(u64),
    /// An amount that grows with the program's variables.
    Grows,
    /// Elements of a size ferry does not model, or counts isl could not
    /// find.
    Unsized,
}

pub fn statement_bytes(statement: &Value) -> StatementBytes {
    let mut total: u64 = 0;
    let mut grows = false;
    for a in list(&statement["arrays"]) {
        let v = &a["volume"];
        let Some(element) = v["element_bytes"].as_u64() else {
            return StatementBytes::Unsized;
        };
        for side in [&v["in"], &v["out"]] {
            if let Some(n) = side["at_most"].as_u64() {
                total = total.saturating_add(n.saturating_mul(element));
            } else if side["formula"].is_string() {
                grows = true;
            } else {
                return StatementBytes::Unsized;
            }
        }
    }
    match grows {
        true => StatementBytes::Grows,
        false => StatementBytes::AtMost(total),
    }
}

/// The static byte figure of `statements` in one sentence: the bytes
/// their arrays' copies move at most per execution (each statement's own
/// plan, before transfers are shared between statements and iterations),
/// and how many statements copy an amount no number bounds.
pub fn bytes_summary<'a>(statements: impl IntoIterator<Item = &'a Value>) -> String {
    let (mut known, mut total, mut grows, mut unmodelled) = (0, 0u64, 0, 0);
    for s in statements {
        match statement_bytes(s) {
            StatementBytes::AtMost(n) => {
                known += 1;
                total = total.saturating_add(n);
            }
            StatementBytes::Grows => grows += 1,
            StatementBytes::Unsized => unmodelled += 1,
        }
    }
    let mut parts = Vec::new();
    if known > 0 {
        parts.push(format!("at most {} for {known}", bytes(total)));
    }
    if grows > 0 {
        parts.push(format!(
            "an amount that grows with the program's variables for {grows}"
        ));
    }
    if unmodelled > 0 {
        parts.push(format!(
            "elements whose size ferry does not model for {unmodelled}"
        ));
    }
    if parts.is_empty() {
        return "no array is copied".to_string();
    }
    format!(
        "array copies per execution of each statement (its own plan, before sharing): {}",
        parts.join("; ")
    )
}

/// `n` bytes, with a binary unit past 1 KiB.
pub fn bytes(n: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if n < 1024 {
        return format!("{n} B");
    }
    let mut value = n as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {} ({n} B)", UNITS[unit])
}

fn picture_json(p: &Picture) -> Value {
    json!({
        "values": p.values.iter().map(|(name, value)| json!({"name": name, "value": value}))
            .collect::<Vec<_>>(),
        "axes": p.axes.iter().map(|a| json!({"first": a.first, "count": a.count, "step": a.step}))
            .collect::<Vec<_>>(),
        "layers": p.layers.iter().map(|l| json!({
            "kind": l.kind,
            "cells": l.cells.iter().map(|&c| if c { '1' } else { '0' }).collect::<String>(),
            "elements": l.elements,
        })).collect::<Vec<_>>(),
    })
}

/// The nests `--auto` left out among isolation's messages, from their
/// note lines (`FILE:L:C: note: loop nest not isolated: REASON`).
pub fn left_out_of(lines: &[String]) -> Vec<Value> {
    lines
        .iter()
        .filter_map(|line| line.split_once(ferry_isolate::LEFT_OUT))
        .map(|(at, reason)| json!({"at": at, "reason": reason}))
        .collect()
}

/// Writes `report` as `dir/report.json` and `dir/index.html`.
pub fn write(dir: &Path, report: &Value) -> Result<(), Diagnostic> {
    let fail = |path: &Path, e: std::io::Error| {
        Diagnostic::error(format!("cannot write the report {}: {e}", path.display()))
    };
    std::fs::create_dir_all(dir).map_err(|e| fail(dir, e))?;
    let json_path = dir.join("report.json");
    let mut text = serde_json::to_string_pretty(report).expect("JSON of plain values");
    text.push('\n');
    std::fs::write(&json_path, text).map_err(|e| fail(&json_path, e))?;
    let html_path = dir.join("index.html");
    std::fs::write(&html_path, html(report)).map_err(|e| fail(&html_path, e))
}

const STYLE: &str = "body{font-family:sans-serif;margin:2em;max-width:70em}\
    h2{border-bottom:1px solid #ccc}pre{background:#f6f6f6;padding:.5em;overflow-x:auto}\
    table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .5em;\
    text-align:left;font-family:monospace}th{font-family:sans-serif;background:#eee}\
    .isolated{color:#060}.failed{color:#a00}.untouched{color:#555}\
    figure{margin:.5em 0}figcaption{font-size:90%;color:#333}";

/// How many functions the statements of one unit (`statement_json`
/// values) were isolated in.
pub fn functions_of(statements: &[Value]) -> usize {
    let names: std::collections::BTreeSet<&str> = statements
        .iter()
        .filter_map(|s| s["function"].as_str())
        .collect();
    names.len()
}

/// The page: a summary, then per unit its isolated statements (each with
/// a table of what moves), the nests left out with why, or its
/// diagnostic.
pub fn html(report: &Value) -> String {
    let units = report["units"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    let statements: usize = units.iter().map(|u| list(&u["statements"]).len()).sum();
    let functions: usize = units
        .iter()
        .map(|u| functions_of(list(&u["statements"])))
        .sum();
    let left_out: usize = units.iter().map(|u| list(&u["left_out"]).len()).sum();
    let mut page = String::new();
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>ferry isolate report</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <h1>ferry isolate ({} target)</h1>\n<p id=\"summary\">{} units, {statements} \
         statements isolated in {functions} functions, {left_out} loop nests left out</p>\n\
         <p id=\"bytes\">{}</p>\n",
        escape(report["target"].as_str().unwrap_or("?")),
        units.len(),
        escape(&bytes_summary(
            units.iter().flat_map(|u| list(&u["statements"]))
        ))
    );
    for (k, unit) in units.iter().enumerate() {
        let outcome = unit["outcome"].as_str().unwrap_or("?");
        let _ = write!(
            page,
            "<section class=\"unit\" id=\"unit-{k}\">\n<h2>{} <span class=\"{outcome}\">{outcome}\
             </span></h2>\n",
            escape(unit["file"].as_str().unwrap_or("?"))
        );
        for (j, s) in list(&unit["statements"]).iter().enumerate() {
            statement(&mut page, &format!("unit-{k}-statement-{j}"), s);
        }
        let nests = list(&unit["left_out"]);
        if !nests.is_empty() {
            page.push_str("<h3>Loop nests left out</h3>\n<ul class=\"left-out\">\n");
            for n in nests {
                let _ = writeln!(
                    page,
                    "<li><code>{}</code>: {}</li>",
                    escape(n["at"].as_str().unwrap_or("")),
                    escape(n["reason"].as_str().unwrap_or(""))
                );
            }
            page.push_str("</ul>\n");
        }
        if let Some(diagnostic) = unit["diagnostic"].as_str() {
            let _ = writeln!(
                page,
                "<pre class=\"diagnostic\">{}</pre>",
                escape(diagnostic)
            );
        }
        page.push_str("</section>\n");
    }
    if let Some(validation) = report.get("validation") {
        runs(&mut page, validation);
    }
    page.push_str("</body>\n</html>\n");
    page
}

/// `ferry validate --report`: each run's verdict and measured transfers.
fn runs(page: &mut String, validation: &Value) {
    let _ = write!(
        page,
        "<section id=\"runs\">\n<h2>Runs: {}</h2>\n<table class=\"runs\">\n<tr><th>arguments\
         </th><th>verdict</th><th>bytes in</th><th>copies in</th><th>bytes back</th><th>copies \
         back</th><th>device bytes allocated</th></tr>\n",
        escape(validation["verdict"].as_str().unwrap_or("?"))
    );
    for run in list(&validation["runs"]) {
        let args: Vec<&str> = list(&run["args"])
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let stat = |name: &str| {
            run["stats"][name]
                .as_u64()
                .map_or_else(|| "-".to_string(), |n| n.to_string())
        };
        let _ = writeln!(
            page,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&args.join(" ")),
            escape(run["verdict"].as_str().unwrap_or("?")),
            stat("bytes_to_accel"),
            stat("transfers_to_accel"),
            stat("bytes_from_accel"),
            stat("transfers_from_accel"),
            stat("accel_bytes_allocated")
        );
    }
    page.push_str("</table>\n</section>\n");
}

fn statement(page: &mut String, id: &str, s: &Value) {
    let text = |v: &Value| escape(v.as_str().unwrap_or(""));
    let _ = write!(
        page,
        "<article class=\"statement\" id=\"{id}\">\n<h3><code>{}</code> in <code>{}</code></h3>\n\
         <pre>{}</pre>\n<table class=\"transfers\">\n<tr><th>variable</th><th>buffer \
         (first : count per dimension)</th><th>plan</th><th>copied in</th><th>copied back</th>\
         <th>per execution, at most (in / back)</th></tr>\n",
        text(&s["at"]),
        text(&s["function"]),
        text(&s["first_line"])
    );
    for a in list(&s["arrays"]) {
        let buffer: String = list(&a["buffer"])
            .iter()
            .map(|d| {
                let bound = |v: &Value| escape(&grouped(v.as_str().unwrap_or("").to_string()));
                format!("[{} : {}]", bound(&d["lower"]), bound(&d["count"]))
            })
            .collect();
        let volume = &a["volume"];
        let moved = match volume.is_null() {
            true => String::new(),
            false => escape(&format!(
                "{} / {}",
                amount(&volume["element_bytes"], &volume["in"]),
                amount(&volume["element_bytes"], &volume["out"])
            )),
        };
        for p in list(&a["plans"]) {
            let copy = |v: &Value| v.as_str().map_or_else(|| "nothing".into(), escape);
            let _ = writeln!(
                page,
                "<tr><td>{}</td><td>{buffer}</td><td>{}</td><td>{}</td><td>{}</td><td>{moved}</td>\
                 </tr>",
                text(&a["name"]),
                text(&p["kind"]),
                copy(&p["load"]),
                copy(&p["store"])
            );
        }
    }
    for v in list(&s["scalars"]) {
        let how = |flag: &str| v[flag].as_bool() == Some(true);
        let (copied_in, back) = if how("by_value") {
            ("by value (an argument)", "nothing")
        } else {
            (
                if how("load") { "copied" } else { "nothing" },
                if how("store") { "copied" } else { "nothing" },
            )
        };
        let _ = writeln!(
            page,
            "<tr><td>{}</td><td>scalar</td><td></td><td>{copied_in}</td><td>{back}</td><td></td>\
             </tr>",
            text(&v["name"])
        );
    }
    page.push_str("</table>\n");
    let arrays = list(&s["arrays"]);
    for a in arrays {
        if !a["picture"].is_null() {
            svg::picture(page, a["name"].as_str().unwrap_or("?"), &a["picture"]);
        }
    }
    svg::timeline(page, arrays);
    page.push_str("</article>\n");
}

/// One side of an array's volume (`volume_json`) in words: bytes where
/// the count and the element size are numbers, otherwise the count.
fn amount(element_bytes: &Value, side: &Value) -> String {
    let element = element_bytes.as_u64();
    match (side["at_most"].as_u64(), side["formula"].as_str(), element) {
        (Some(n), _, Some(e)) => bytes(n.saturating_mul(e)),
        (Some(n), _, None) => format!("{n} elements"),
        (None, Some(f), Some(e)) => format!("{e} B × {f}"),
        (None, Some(f), None) => format!("{f} elements"),
        (None, None, _) => "unknown".to_string(),
    }
}

fn list(v: &Value) -> &[Value] {
    v.as_array().map(Vec::as_slice).unwrap_or_default()
}

/// Text as HTML: `<`, `>`, `&` and quotes escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_count_once_per_function() {
        let statements = [
            json!({"function": "smooth", "at": "a.c:3:5"}),
            json!({"function": "scale", "at": "a.c:9:5"}),
            json!({"function": "smooth", "at": "a.c:5:5"}),
        ];
        assert_eq!(functions_of(&statements), 2);
        assert_eq!(functions_of(&[]), 0);
    }

    /// A statement's figure adds its arrays' sides; one formula makes it
    /// grow, one structure element makes it unsized.
    #[test]
    fn the_byte_figure_adds_what_is_known_and_counts_the_rest() {
        let array = |element: Value, load: Value, store: Value| json!({"volume": {"element_bytes": element, "in": load, "out": store}});
        let statement = |arrays: Vec<Value>| json!({ "arrays": arrays });
        let known = statement(vec![
            array(json!(8), json!({"at_most": 100}), json!({"at_most": 0})),
            array(json!(4), json!({"at_most": 10}), json!({"at_most": 10})),
        ]);
        assert_eq!(statement_bytes(&known), StatementBytes::AtMost(880));
        let grows = statement(vec![array(
            json!(8),
            json!({"at_most": 100}),
            json!({"formula": "n"}),
        )]);
        assert_eq!(statement_bytes(&grows), StatementBytes::Grows);
        let structures = statement(vec![
            array(Value::Null, json!({"at_most": 1}), json!({"at_most": 1})),
            array(json!(8), json!({"at_most": 1}), json!({"formula": "n"})),
        ]);
        assert_eq!(statement_bytes(&structures), StatementBytes::Unsized);
        assert_eq!(
            bytes_summary([&known, &known, &grows, &structures]),
            "array copies per execution of each statement (its own plan, before sharing): at \
             most 1.7 KiB (1760 B) for 2; an amount that grows with the program's variables for \
             1; elements whose size ferry does not model for 1"
        );
        assert_eq!(bytes_summary([]), "no array is copied");
        assert_eq!(bytes(1023), "1023 B");
        assert_eq!(bytes(3 << 20), "3.0 MiB (3145728 B)");
    }

    #[test]
    fn the_page_escapes_what_the_code_says() {
        let report = json!({
            "target": "host",
            "units": [{
                "file": "a<b>.c",
                "outcome": "isolated",
                "statements": [{
                    "at": "a.c:3:5", "function": "f", "first_line": "for (i = 0; i < n && x; i++)",
                    "arrays": [{"name": "a", "buffer": [{"lower": "0L", "count": "(long)n"}],
                                "plans": [{"kind": "hull", "load": null, "store": "a[0L : n > 0 ? n : 0]"}]}],
                    "scalars": [{"name": "n", "by_value": true, "load": true, "store": false}],
                }],
                "left_out": left_out_of(&["a.c:9:1: note: loop nest not isolated: it calls `printf`".into()]),
            }],
        });
        let page = html(&report);
        assert!(page.contains("<h2>a&lt;b&gt;.c"), "{page}");
        assert!(page.contains("i &lt; n &amp;&amp; x"), "{page}");
        assert!(page.contains("<td>a[0L : n &gt; 0 ? n : 0]</td>"), "{page}");
        assert!(
            page.contains("<li><code>a.c:9:1</code>: it calls `printf`</li>"),
            "{page}"
        );
        assert!(page.contains("by value (an argument)"), "{page}");
        assert!(
            page.contains("1 units, 1 statements isolated in 1 functions, 1 loop nests left out")
        );
    }
}
