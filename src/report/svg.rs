//! The pictures of the report page, as inline SVG written from the
//! model's JSON (no script, no network): per isolated 1-D or 2-D array,
//! one small grid per layer (read, written, imported, exported, copied
//! in, copied back) over the array; per statement, its copies in order,
//! each bar as long as the elements it moves.
//!
//! A picture's JSON: `{"values": [{"name", "value"}], "axes": [{"first",
//! "count", "step"}], "layers": [{"kind", "cells", "elements"}]}`, with
//! `cells` a string of `0`/`1`, row-major, one character per cell.

use super::{escape, list};
use serde_json::Value;
use std::fmt::Write as _;

/// Pixels per cell of a 2-D grid and of a 1-D strip.
const CELL_2D: i64 = 4;
const CELL_1D: i64 = 5;
/// Room for a panel's title.
const TITLE: i64 = 16;

/// The colour of each layer: reads and imports blue, writes and exports
/// orange, copies green.
fn colour(kind: &str) -> &'static str {
    match kind {
        "read" => "#4477aa",
        "imported" => "#225588",
        "written" => "#ee8833",
        "exported" => "#bb5511",
        "copied in" | "copied back" => "#228833",
        _ => "#777777",
    }
}

/// A picture of one array: a `<figure>` with one panel per layer.
pub fn picture(page: &mut String, array: &str, p: &Value) {
    let axes: Vec<(i64, i64, i64)> = list(&p["axes"])
        .iter()
        .map(|a| {
            let n = |k: &str| a[k].as_i64().unwrap_or(0);
            (n("first"), n("count"), n("step").max(1))
        })
        .collect();
    let cells: Vec<i64> = axes
        .iter()
        .map(|(_, count, step)| (count + step - 1) / step)
        .collect();
    let (rows, columns, cell) = match cells.as_slice() {
        [n] => (1, *n, CELL_1D),
        [r, c] => (*r, *c, CELL_2D),
        _ => return,
    };
    let layers = list(&p["layers"]);
    let (width, height) = (columns * cell, rows * cell);
    // 1-D strips stack; 2-D grids sit side by side, six to a row when
    // they are small.
    let per_row = match (rows, width) {
        (1, _) => 1,
        (_, w) if w <= 140 => 6,
        _ => 3,
    };
    let panel_width = if rows == 1 {
        width + 110
    } else {
        width.max(140) + 12
    };
    let panel_height = height + TITLE + 8;
    let panel_rows = (layers.len() as i64 + per_row - 1) / per_row;
    caption(page, array, p, &axes);
    let _ = writeln!(
        page,
        "<svg class=\"region-picture\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" \
         height=\"{}\" role=\"img\" aria-label=\"regions of {}\">",
        per_row * panel_width,
        panel_rows * panel_height,
        escape(array)
    );
    for (k, layer) in layers.iter().enumerate() {
        let kind = layer["kind"].as_str().unwrap_or("?");
        let x0 = (k as i64 % per_row) * panel_width;
        let y0 = (k as i64 / per_row) * panel_height;
        let (grid_x, grid_y) = if rows == 1 {
            (x0 + 100, y0 + 4)
        } else {
            (x0, y0 + TITLE)
        };
        let (title_x, title_y) = if rows == 1 {
            (x0, y0 + 4 + cell)
        } else {
            (x0, y0 + TITLE - 4)
        };
        let title = match layer["elements"].as_i64() {
            Some(n) => format!("{kind}: {n} elements"),
            None => kind.to_string(),
        };
        let _ = write!(
            page,
            "<g class=\"layer\" data-kind=\"{}\">\n<text x=\"{title_x}\" y=\"{title_y}\" \
             font-size=\"11\" font-family=\"sans-serif\">{}</text>\n<rect x=\"{grid_x}\" \
             y=\"{grid_y}\" width=\"{width}\" height=\"{height}\" fill=\"#f4f4f4\" \
             stroke=\"#999\" stroke-width=\"0.5\"/>\n",
            escape(kind),
            escape(&title)
        );
        let marked: Vec<bool> = layer["cells"]
            .as_str()
            .unwrap_or("")
            .bytes()
            .map(|b| b == b'1')
            .collect();
        // One rectangle per run of marked cells in a row.
        for r in 0..rows {
            let mut c = 0;
            while c < columns {
                let at = |c: i64| marked.get((r * columns + c) as usize) == Some(&true);
                if !at(c) {
                    c += 1;
                    continue;
                }
                let start = c;
                while c < columns && at(c) {
                    c += 1;
                }
                let _ = writeln!(
                    page,
                    "<rect class=\"cell\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{cell}\" fill=\"{}\"/>",
                    grid_x + start * cell,
                    grid_y + r * cell,
                    (c - start) * cell,
                    colour(kind)
                );
            }
        }
        page.push_str("</g>\n");
    }
    page.push_str("</svg>\n</figure>\n");
}

/// What a picture shows: the array's extents drawn, the values of the
/// variables, and the elements per cell.
fn caption(page: &mut String, array: &str, p: &Value, axes: &[(i64, i64, i64)]) {
    let values: Vec<String> = list(&p["values"])
        .iter()
        .map(|v| {
            format!(
                "{} = {}",
                v["name"].as_str().unwrap_or("?"),
                v["value"].as_i64().unwrap_or(0)
            )
        })
        .collect();
    let extents: Vec<String> = axes
        .iter()
        .map(|(first, count, _)| format!("[{first} .. {}]", first + count - 1))
        .collect();
    let step: Vec<String> = axes.iter().map(|(_, _, s)| s.to_string()).collect();
    let _ = writeln!(
        page,
        "<figure class=\"picture\">\n<figcaption><code>{}{}</code> drawn for {}; one cell is {} \
         element(s); copies as the hull plan makes them</figcaption>",
        escape(array),
        extents.join(""),
        if values.is_empty() {
            "the values the statement always has".to_string()
        } else {
            escape(&values.join(", "))
        },
        step.join(" × ")
    );
}

/// The statement's copies in order: what comes in, the statement, what
/// goes back; each bar as long as its elements at the pictures' values
/// (the hull plan, before transfer optimisation moves or shares copies).
pub fn timeline(page: &mut String, arrays: &[Value]) {
    let copies = |kind: &str| -> Vec<(String, i64)> {
        arrays
            .iter()
            .filter_map(|a| {
                let layer = list(&a["picture"]["layers"])
                    .iter()
                    .find(|l| l["kind"] == kind)?;
                let n = layer["elements"].as_i64().filter(|&n| n > 0)?;
                Some((a["name"].as_str().unwrap_or("?").to_string(), n))
            })
            .collect()
    };
    let (ins, backs) = (copies("copied in"), copies("copied back"));
    if ins.is_empty() && backs.is_empty() {
        return;
    }
    let longest = ins.iter().chain(&backs).map(|(_, n)| *n).max().unwrap_or(1);
    const BAR: i64 = 300;
    const ROW: i64 = 18;
    let rows = ins.len() + 1 + backs.len();
    let _ = writeln!(
        page,
        "<svg class=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" \
         role=\"img\" aria-label=\"copies in order\">",
        BAR + 260,
        rows as i64 * ROW + 4
    );
    let mut y = 2;
    let bar = |page: &mut String, label: &str, n: i64, fill: &str, y: i64| {
        let width = (n * BAR / longest).max(1);
        let _ = writeln!(
            page,
            "<g class=\"copy\"><text x=\"0\" y=\"{}\" font-size=\"11\" font-family=\"sans-serif\">{}\
             </text><rect x=\"150\" y=\"{y}\" width=\"{width}\" height=\"{}\" fill=\"{fill}\"/>\
             <text x=\"{}\" y=\"{}\" font-size=\"11\" font-family=\"sans-serif\">{n} elements\
             </text></g>",
            y + 12,
            escape(label),
            ROW - 4,
            156 + width,
            y + 12
        );
    };
    for (name, n) in &ins {
        bar(page, &format!("in: {name}"), *n, "#4477aa", y);
        y += ROW;
    }
    let _ = writeln!(
        page,
        "<g class=\"run\"><text x=\"0\" y=\"{}\" font-size=\"11\" font-family=\"sans-serif\">the \
         statement runs</text><line x1=\"150\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#333\" \
         stroke-dasharray=\"4 3\"/></g>",
        y + 12,
        y + ROW / 2,
        150 + BAR,
        y + ROW / 2
    );
    y += ROW;
    for (name, n) in &backs {
        bar(page, &format!("back: {name}"), *n, "#ee8833", y);
        y += ROW;
    }
    page.push_str("</svg>\n");
}
