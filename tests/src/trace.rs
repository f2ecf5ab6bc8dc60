//! Checking ferry's affine preconditions against executions.
//!
//! `ferry semantics FILE.c --json` gives, for every statement of the
//! functions of a file, a precondition: an isl parameter set over the
//! integer scalar variables in scope. This module
//!
//! 1. reads that JSON ([`parse_semantics`]) into a list of [`Site`]s, one
//!    per statement that is not a declaration;
//! 2. instruments the program ([`instrument`]): with ferry's own parser, each
//!    statement `S` at a site becomes `{ __ferry_trace(site, n, values...); S }`
//!    (a labeled statement `L: S` becomes `L: { __ferry_trace(...); S }`, so
//!    that jumps to the label are traced too; a declaration in a block gets
//!    the call before it; the first clause of a `for` is traced with the
//!    loop, whose state it shares), and the program is printed back;
//!    the runtime ([`RUNTIME_C`]), built as a second translation unit, writes
//!    one line `@ferry SITE V1 V2 ...` per traced state to the file named by
//!    `$FERRY_TRACE`;
//! 3. checks every distinct traced state against the site's precondition
//!    with isl ([`check_trace`]): fixing each visible variable's parameter to
//!    its value must leave the set non-empty.

use ferry_parser::ParsedFile;
use ferry_parser::ast::{Block, BlockItem, Expr, ExprKind, ExternalDecl, ForInit, Stmt, StmtKind};
use ferry_parser::build;
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
use isl_rs::{Context, DimType, Set, Val};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;

/// One variable of a precondition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variable {
    /// The isl parameter name.
    pub isl: String,
    /// The C expression (an identifier) that denotes it at the statement.
    pub c: String,
    /// False when the C name does not denote it there (shadowed).
    pub visible: bool,
}

/// A statement of the JSON output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    pub function: String,
    pub line: u32,
    pub column: u32,
    pub kind: String,
    pub variables: Vec<Variable>,
    /// The precondition, an isl parameter set.
    pub precondition: String,
}

impl Statement {
    /// The variables whose values are traced, in the order of the trace line.
    pub fn traced(&self) -> impl Iterator<Item = &Variable> {
        self.variables.iter().filter(|v| v.visible)
    }
}

/// A traced statement: the statements that are not declarations, numbered
/// in the order of the JSON output.
pub type Site = Statement;

/// Reads the output of `ferry semantics --json` and returns its statements
/// that are not declarations (the sites, numbered from 0 in this order),
/// and how many declarations were left out.
pub fn parse_semantics(json: &str) -> Result<(Vec<Site>, usize), String> {
    let root: serde_json::Value =
        serde_json::from_str(json).map_err(|e| format!("the output is not JSON: {e}"))?;
    let functions = root
        .get("functions")
        .and_then(|f| f.as_array())
        .ok_or("no `functions` array at the top level")?;
    let mut sites = Vec::new();
    let mut declarations = 0;
    for function in functions {
        let name = str_field(function, "name")?;
        let statements = function
            .get("statements")
            .and_then(|s| s.as_array())
            .ok_or_else(|| format!("function `{name}` has no `statements` array"))?;
        for statement in statements {
            let kind = str_field(statement, "kind")?;
            const KINDS: [&str; 8] = [
                "expr", "decl", "if", "loop", "return", "block", "jump", "other",
            ];
            if !KINDS.contains(&kind.as_str()) {
                return Err(format!("unknown statement kind `{kind}` in `{name}`"));
            }
            if kind == "decl" {
                declarations += 1;
                continue;
            }
            let line = u32_field(statement, "line")?;
            let column = u32_field(statement, "column")?;
            let precondition = statement
                .get("precondition")
                .ok_or_else(|| format!("{line}:{column}: no `precondition`"))?;
            let isl = str_field(precondition, "isl")?;
            let variables = precondition
                .get("variables")
                .and_then(|v| v.as_array())
                .ok_or_else(|| format!("{line}:{column}: no `precondition.variables` array"))?
                .iter()
                .map(|v| {
                    Ok(Variable {
                        isl: str_field(v, "isl")?,
                        c: str_field(v, "c")?,
                        visible: v
                            .get("visible")
                            .and_then(|b| b.as_bool())
                            .ok_or("a variable without a boolean `visible`")?,
                    })
                })
                .collect::<Result<Vec<_>, String>>()?;
            sites.push(Statement {
                function: name.clone(),
                line,
                column,
                kind,
                variables,
                precondition: isl,
            });
        }
    }
    Ok((sites, declarations))
}

pub(crate) fn str_field(value: &serde_json::Value, field: &str) -> Result<String, String> {
    value
        .get(field)
        .and_then(|v| v.as_str())
        .map(str::to_owned)
        .ok_or_else(|| format!("missing string field `{field}` in {value}"))
}

pub(crate) fn u32_field(value: &serde_json::Value, field: &str) -> Result<u32, String> {
    value
        .get(field)
        .and_then(|v| v.as_u64())
        .and_then(|v| u32::try_from(v).ok())
        .ok_or_else(|| format!("missing integer field `{field}` in {value}"))
}

/// The runtime of instrumented programs, a translation unit of its own so
/// that the instrumented program needs no header. Written in C89 (no
/// declaration in a `for`): it is built with the program's flags.
pub const RUNTIME_C: &str = r#"#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static FILE *ferry_trace_out;

void __ferry_trace(int site, int count, ...) {
    if (!ferry_trace_out) {
        const char *path = getenv("FERRY_TRACE");
        ferry_trace_out = path ? fopen(path, "w") : stderr;
        if (!ferry_trace_out) {
            perror("FERRY_TRACE");
            abort();
        }
    }
    fprintf(ferry_trace_out, "@ferry %d", site);
    va_list ap;
    va_start(ap, count);
    int i;
    for (i = 0; i < count; i++) {
        int negative = va_arg(ap, int);
        long long s = va_arg(ap, long long);
        unsigned long long u = va_arg(ap, unsigned long long);
        if (negative)
            fprintf(ferry_trace_out, " %lld", s);
        else
            fprintf(ferry_trace_out, " %llu", u);
    }
    va_end(ap);
    fputc('\n', ferry_trace_out);
}
"#;

/// The macro that passes one value to a variadic runtime function: its
/// sign and both readings of it (the runtime prints the right one).
pub const VALUE_MACRO: &str =
    "#define __FERRY_V(x) ((x) < 0), (long long)(x), (unsigned long long)(x)\n";

/// What the instrumented program starts with: the runtime's prototype and
/// [`VALUE_MACRO`].
const PRELUDE: &str = "void __ferry_trace(int, int, ...);\n";

/// The instrumented program.
#[derive(Debug)]
pub struct Instrumented {
    pub text: String,
    /// The sites whose position matched no statement of the file.
    pub unplaced: Vec<usize>,
}

/// Instruments the main file of `parsed` so that every site in `sites`
/// traces its visible variables each time control reaches it.
pub fn instrument(mut parsed: ParsedFile, sites: &[Site]) -> Instrumented {
    let positions: Vec<(u32, u32)> = sites.iter().map(|s| (s.line, s.column)).collect();
    let unplaced = place_probes(&mut parsed, &positions, &mut |index, _: &ProbeSite| {
        (
            vec![BlockItem::Statement(trace_call(index, &sites[index]))],
            Vec::new(),
        )
    });
    let mut text = String::from(PRELUDE);
    text.push_str(VALUE_MACRO);
    text.push_str(&ferry_parser::output::print_user_file(&parsed));
    Instrumented { text, unplaced }
}

/// What a probe is placed at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProbeKind {
    /// A statement: the probe's items go first in a compound statement that
    /// replaces it (`{ ITEMS... S }`), after its label if it has one.
    Statement,
    /// A declaration in a block: the items go right before it, and the
    /// second list right after it.
    Declaration,
    /// A function body: the items go first in it.
    FunctionBody,
    /// The first clause of a `for` loop: the items go before the loop, as
    /// for [`ProbeKind::Statement`] (the loop's state is the clause's).
    ForInit,
}

/// What a probe inserts: the items before the node, and after it (for a
/// declaration).
pub type ProbeItems = (Vec<BlockItem>, Vec<BlockItem>);

/// The node a probe is placed at.
#[derive(Debug, Clone, Copy)]
pub struct ProbeSite {
    pub kind: ProbeKind,
    /// The span of the statement, declaration or body (for a `for` loop
    /// matched through its first clause, the loop's).
    pub span: Span,
}

/// Places probes at the statements of the functions of the main file that
/// start at `positions` (line, column), the way [`instrument`] places its
/// trace calls: `probe(index, site)` gives the items to insert for position
/// `index` (before the node, and after it for a declaration). Returns the
/// indices of the positions that matched no statement.
pub fn place_probes(
    parsed: &mut ParsedFile,
    positions: &[(u32, u32)],
    probe: &mut dyn FnMut(usize, &ProbeSite) -> ProbeItems,
) -> Vec<usize> {
    let mut at: HashMap<(u32, u32), Vec<usize>> = HashMap::new();
    for (index, position) in positions.iter().enumerate() {
        at.entry(*position).or_default().push(index);
    }
    let mut unit = std::mem::take(&mut parsed.unit.items);
    let mut placer = Placer {
        parsed,
        probe,
        at,
        placed: vec![false; positions.len()],
    };
    for item in &mut unit {
        if let ExternalDecl::FunctionDef(function) = item
            && placer.parsed.in_main_file(function.span)
        {
            placer.block(&mut function.body);
            // The body itself, if it is listed, is probed on entry.
            let site = ProbeSite {
                kind: ProbeKind::FunctionBody,
                span: function.body.span,
            };
            let (before, _) = placer.probes_at(function.body.span, &site);
            if !before.is_empty() {
                function.body.items.splice(0..0, before);
            }
        }
    }
    let unplaced = placer
        .placed
        .iter()
        .enumerate()
        .filter(|(_, placed)| !**placed)
        .map(|(i, _)| i)
        .collect();
    parsed.unit.items = unit;
    unplaced
}

struct Placer<'a, 'p> {
    parsed: &'a ParsedFile,
    probe: &'p mut dyn FnMut(usize, &ProbeSite) -> ProbeItems,
    at: HashMap<(u32, u32), Vec<usize>>,
    placed: Vec<bool>,
}

impl Placer<'_, '_> {
    /// The items of the probes at the positions where `span` starts.
    fn probes_at(&mut self, span: Span, site: &ProbeSite) -> ProbeItems {
        let mut before = Vec::new();
        let mut after = Vec::new();
        if !self.parsed.source_map.in_main_file(span.lo) {
            return (before, after);
        }
        let location = self.parsed.source_map.locate(span.lo);
        let Some(indices) = self.at.get(&(location.line, location.column)) else {
            return (before, after);
        };
        for &index in indices {
            if self.placed[index] {
                continue;
            }
            self.placed[index] = true;
            let (b, a) = (self.probe)(index, site);
            before.extend(b);
            after.extend(a);
        }
        (before, after)
    }

    fn block(&mut self, block: &mut Block) {
        let items = std::mem::take(&mut block.items);
        for mut item in items {
            let mut after = Vec::new();
            match &mut item {
                BlockItem::Statement(stmt) => self.stmt(stmt),
                // ferry lists a declaration as a statement (it initialises
                // its variables); code before a declaration is fine in C99.
                BlockItem::Declaration(declaration) => {
                    let site = ProbeSite {
                        kind: ProbeKind::Declaration,
                        span: declaration.span(),
                    };
                    let (before, a) = self.probes_at(declaration.span(), &site);
                    block.items.extend(before);
                    after = a;
                }
                BlockItem::Pragma(_) => {}
            }
            block.items.push(item);
            block.items.extend(after);
        }
    }

    fn stmt(&mut self, stmt: &mut Stmt) {
        // Inner statements first, so that the positions are still those of
        // the parsed tree.
        match &mut stmt.kind {
            StmtKind::Labeled { body, .. }
            | StmtKind::Case { body, .. }
            | StmtKind::Default(body)
            | StmtKind::Switch { body, .. }
            | StmtKind::While { body, .. }
            | StmtKind::DoWhile { body, .. }
            | StmtKind::For { body, .. } => self.stmt(body),
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                self.stmt(then_branch);
                if let Some(else_branch) = else_branch {
                    self.stmt(else_branch);
                }
            }
            StmtKind::Compound(block) => self.block(block),
            _ => {}
        }
        let site = ProbeSite {
            kind: ProbeKind::Statement,
            span: stmt.span,
        };
        let (mut before, mut after) = self.probes_at(stmt.span, &site);
        // The first clause of a `for` runs right after control reaches the
        // loop: its state is the loop's.
        if let StmtKind::For { init, .. } = &stmt.kind {
            let init = match init {
                ForInit::Empty => None,
                ForInit::Expr(e) => Some(e.span),
                ForInit::Declaration(d) => Some(d.span()),
            };
            if let Some(span) = init {
                let site = ProbeSite {
                    kind: ProbeKind::ForInit,
                    span,
                };
                let (b, a) = self.probes_at(span, &site);
                before.extend(b);
                after.extend(a);
            }
        }
        if before.is_empty() && after.is_empty() {
            return;
        }
        match &mut stmt.kind {
            // Control reaches a labeled statement by falling into it or by a
            // jump to its label: probe after the label.
            StmtKind::Labeled { body, .. }
            | StmtKind::Case { body, .. }
            | StmtKind::Default(body) => {
                let inner = std::mem::replace(body.as_mut(), empty_stmt());
                **body = compound(before, inner, after);
            }
            _ => {
                let inner = std::mem::replace(stmt, empty_stmt());
                *stmt = compound(before, inner, after);
            }
        }
    }
}

/// A statement that does nothing (a placeholder while a tree is rebuilt).
pub fn empty_stmt() -> Stmt {
    build::stmt(StmtKind::Empty)
}

/// `{ BEFORE... INNER AFTER... }`.
fn compound(before: Vec<BlockItem>, inner: Stmt, after: Vec<BlockItem>) -> Stmt {
    let mut items = before;
    items.push(BlockItem::Statement(inner));
    items.extend(after);
    build::compound(items)
}

/// An expression node without a position.
pub fn expr(kind: ExprKind) -> Expr {
    Expr {
        kind,
        span: Span::default(),
    }
}

/// `NAME(ARGS...)`.
pub fn call(name: &str, args: Vec<Expr>) -> Expr {
    expr(ExprKind::Call(
        Box::new(expr(ExprKind::Ident(Symbol::intern(name)))),
        args,
    ))
}

/// `__ferry_trace(SITE, N, __FERRY_V(x), ...);` over the visible variables.
fn trace_call(index: usize, site: &Site) -> Stmt {
    let values = value_args(site.traced());
    let mut args = vec![
        expr(ExprKind::IntLit(Symbol::intern(&index.to_string()))),
        expr(ExprKind::IntLit(Symbol::intern(&values.len().to_string()))),
    ];
    args.extend(values);
    build::stmt(StmtKind::Expr(Box::new(call("__ferry_trace", args))))
}

/// `__FERRY_V(x)` for each variable (the prelude's macro that passes the
/// value's sign and both readings of it to a variadic runtime function).
pub fn value_args<'v>(variables: impl Iterator<Item = &'v Variable>) -> Vec<Expr> {
    variables
        .map(|v| {
            call(
                "__FERRY_V",
                vec![expr(ExprKind::Ident(Symbol::intern(&v.c)))],
            )
        })
        .collect()
}

/// One line of a trace: the site and the values of its visible variables.
pub type TracedState = (usize, Vec<i128>);

/// Reads the lines `@ferry SITE V1 V2 ...` of a trace; other lines are
/// errors. Each distinct state is returned once, with how often it occurred.
pub fn parse_trace(text: &str, sites: &[Site]) -> Result<BTreeMap<TracedState, u64>, String> {
    let mut states = BTreeMap::new();
    for (number, line) in text.lines().enumerate() {
        let bad = |why: &str| format!("trace line {}: {why}: `{line}`", number + 1);
        let mut words = line.split_ascii_whitespace();
        if words.next() != Some("@ferry") {
            return Err(bad("not a trace line"));
        }
        let site: usize = words
            .next()
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| bad("no site number"))?;
        let expected = sites
            .get(site)
            .ok_or_else(|| bad("unknown site"))?
            .traced()
            .count();
        let values = words
            .map(|w| {
                w.parse::<i128>()
                    .map_err(|_| bad("a value is not an integer"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if values.len() != expected {
            return Err(bad(&format!("expected {expected} values")));
        }
        *states.entry((site, values)).or_insert(0) += 1;
    }
    Ok(states)
}

/// A traced state outside its precondition.
#[derive(Debug, Clone)]
pub struct Violation {
    pub site: usize,
    pub values: Vec<i128>,
    /// How many times the program was in that state there.
    pub count: u64,
}

/// What checking a trace found.
#[derive(Debug, Default)]
pub struct CheckReport {
    /// The sites reached at least once.
    pub reached: BTreeSet<usize>,
    pub violations: Vec<Violation>,
    /// Preconditions that isl cannot read, or that break the JSON contract
    /// (a parameter that names no listed variable).
    pub errors: Vec<String>,
}

impl CheckReport {
    /// A readable account of the violations, grouped by site (at most
    /// `per_site` states shown for each).
    pub fn describe_violations(&self, sites: &[Site], per_site: usize) -> String {
        let mut by_site: BTreeMap<usize, Vec<&Violation>> = BTreeMap::new();
        for v in &self.violations {
            by_site.entry(v.site).or_default().push(v);
        }
        let mut out = String::new();
        for (site, violations) in by_site {
            let s = &sites[site];
            let _ = writeln!(
                out,
                "  {}:{} ({} in `{}`), precondition {}",
                s.line, s.column, s.kind, s.function, s.precondition
            );
            let _ = writeln!(
                out,
                "    variables: {}",
                s.variables
                    .iter()
                    .map(|v| format!(
                        "{}{}{}",
                        v.c,
                        if v.c == v.isl {
                            String::new()
                        } else {
                            format!(" (isl {})", v.isl)
                        },
                        if v.visible { "" } else { " (hidden)" }
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            for v in violations.iter().take(per_site) {
                let _ = writeln!(
                    out,
                    "    violated by {} ({} time{})",
                    describe_state(s, &v.values),
                    v.count,
                    if v.count == 1 { "" } else { "s" }
                );
            }
            if violations.len() > per_site {
                let _ = writeln!(
                    out,
                    "    ... and {} more states",
                    violations.len() - per_site
                );
            }
        }
        out
    }
}

/// `x=1 N=10` for the traced variables of `site`.
pub fn describe_state(site: &Site, values: &[i128]) -> String {
    if values.is_empty() {
        return "reaching it (no variables traced)".to_owned();
    }
    site.traced()
        .zip(values)
        .map(|(v, value)| format!("{}={value}", v.c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks every traced state against its site's precondition.
pub fn check_trace(sites: &[Site], states: &BTreeMap<TracedState, u64>) -> CheckReport {
    let ctx = Context::alloc();
    let mut report = CheckReport::default();
    // Per site: the set and, per traced variable, its parameter position.
    let mut prepared: HashMap<usize, Option<Prepared>> = HashMap::new();
    for ((site, values), count) in states {
        report.reached.insert(*site);
        let entry = prepared
            .entry(*site)
            .or_insert_with(|| match prepare(&ctx, &sites[*site]) {
                Ok(prepared) => Some(prepared),
                Err(e) => {
                    let s = &sites[*site];
                    report.errors.push(format!(
                        "{}:{} ({} in `{}`): {e}",
                        s.line, s.column, s.kind, s.function
                    ));
                    None
                }
            });
        let Some((set, positions)) = entry else {
            continue;
        };
        match holds(&ctx, set, positions, values) {
            Ok(true) => {}
            Ok(false) => report.violations.push(Violation {
                site: *site,
                values: values.clone(),
                count: *count,
            }),
            Err(e) => {
                let s = &sites[*site];
                report.errors.push(format!(
                    "{}:{}: isl failed on {}: {e}",
                    s.line,
                    s.column,
                    describe_state(s, values)
                ));
            }
        }
    }
    report
}

/// A site's precondition, and the parameter position of each traced
/// variable (`None` when the precondition does not constrain it).
type Prepared = (Set, Vec<Option<u32>>);

fn prepare(ctx: &Context, site: &Site) -> Result<Prepared, String> {
    let set = Set::read_from_str(ctx, &site.precondition).map_err(|e| {
        format!(
            "isl cannot read the precondition `{}`: {e:?}",
            site.precondition
        )
    })?;
    let isl_error = |e: isl_rs::LibISLError| format!("isl: {e:?}");
    if set.dim(DimType::Set).map_err(isl_error)? != 0 {
        return Err(format!(
            "the precondition `{}` has set dimensions, not only parameters",
            site.precondition
        ));
    }
    let params = set.dim(DimType::Param).map_err(isl_error)?;
    for pos in 0..params {
        let name = set
            .get_dim_name(DimType::Param, pos as u32)
            .map_err(isl_error)?;
        if !site.variables.iter().any(|v| v.isl == name) {
            return Err(format!(
                "the precondition `{}` has a parameter `{name}` that is not among its variables",
                site.precondition
            ));
        }
    }
    let positions = site
        .traced()
        .map(|v| {
            let pos = set
                .find_dim_by_name(DimType::Param, &v.isl)
                .map_err(isl_error)?;
            Ok(u32::try_from(pos).ok())
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok((set, positions))
}

fn holds(
    ctx: &Context,
    set: &Set,
    positions: &[Option<u32>],
    values: &[i128],
) -> Result<bool, String> {
    let isl_error = |e: isl_rs::LibISLError| format!("{e:?}");
    let mut point = set.copy().map_err(isl_error)?;
    for (pos, value) in positions.iter().zip(values) {
        let Some(pos) = pos else {
            continue;
        };
        let val = int_val(ctx, *value).map_err(isl_error)?;
        point = point
            .fix_val(DimType::Param, *pos, val)
            .map_err(isl_error)?;
    }
    Ok(!point.is_empty().map_err(isl_error)?)
}

/// An isl integer of any traced value (64-bit signed or unsigned).
pub fn int_val(ctx: &Context, value: i128) -> Result<Val, isl_rs::LibISLError> {
    if let Ok(v) = i64::try_from(value) {
        Val::int_from_si(ctx, v)
    } else if let Ok(v) = u64::try_from(value) {
        Val::int_from_ui(ctx, v)
    } else {
        Val::read_from_str(ctx, &value.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(vars: &[&str], isl: &str) -> Site {
        Statement {
            function: "f".into(),
            line: 1,
            column: 1,
            kind: "expr".into(),
            variables: vars
                .iter()
                .map(|v| Variable {
                    isl: (*v).into(),
                    c: (*v).into(),
                    visible: true,
                })
                .collect(),
            precondition: isl.into(),
        }
    }

    #[test]
    fn points_in_and_out_of_a_precondition() {
        let sites = vec![
            site(&["N", "x"], "[N, x] -> { : 4x <= N and x >= 0 }"),
            site(&["x", "y"], "[x] -> { : x mod 2 = 0 }"),
            site(&["x"], "[x] -> { : false }"),
            site(&["big"], "[big] -> { : big >= 4294967295 }"),
        ];
        let trace = "@ferry 0 10 2\n@ferry 0 10 3\n@ferry 0 10 2\n@ferry 1 4 -7\n@ferry 1 3 0\n\
                     @ferry 3 18446744073709551615\n@ferry 3 -9223372036854775808\n";
        let states = parse_trace(trace, &sites).unwrap();
        assert_eq!(states.len(), 6);
        let report = check_trace(&sites, &states);
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        let bad: Vec<(usize, Vec<i128>)> = report
            .violations
            .iter()
            .map(|v| (v.site, v.values.clone()))
            .collect();
        assert_eq!(
            bad,
            vec![
                (0, vec![10, 3]),
                (1, vec![3, 0]),
                (3, vec![-9223372036854775808])
            ]
        );
        assert_eq!(report.reached, BTreeSet::from([0, 1, 3]));
        let described = report.describe_violations(&sites, 5);
        assert!(described.contains("x=3 y=0"), "{described}");
    }

    #[test]
    fn contract_breaches_are_errors() {
        let sites = vec![
            site(&["x"], "[x, y] -> { : x = y }"),
            site(&["x"], "[x] -> { [i] : i = x }"),
            site(&["x"], "not isl"),
        ];
        let states = parse_trace("@ferry 0 1\n@ferry 1 1\n@ferry 2 1\n", &sites).unwrap();
        let report = check_trace(&sites, &states);
        assert_eq!(report.errors.len(), 3, "{:?}", report.errors);
        assert!(report.violations.is_empty());
    }

    #[test]
    fn malformed_traces_are_rejected() {
        let sites = vec![site(&["x"], "[x] -> { : }")];
        assert!(parse_trace("@ferry 0\n", &sites).is_err());
        assert!(parse_trace("@ferry 1 3\n", &sites).is_err());
        assert!(parse_trace("hello\n", &sites).is_err());
        assert!(parse_trace("@ferry 0 x\n", &sites).is_err());
    }

    #[test]
    fn json_contract() {
        let json = r#"{"functions":[{"name":"foo","line":3,"statements":[
            {"line":4,"column":5,"kind":"decl","precondition":{"variables":[],"isl":"{ : }"}},
            {"line":5,"column":5,"kind":"expr",
             "precondition":{"variables":[{"isl":"x","c":"x","visible":true},
                                          {"isl":"x_1","c":"x","visible":false}],
                             "isl":"[x] -> { : x >= 0 }"},
             "transformer":{"modified":["x"],"isl":"[x] -> { : }"}}]}]}"#;
        let (sites, decls) = parse_semantics(json).unwrap();
        assert_eq!(decls, 1);
        assert_eq!(sites.len(), 1);
        assert_eq!(sites[0].traced().count(), 1);
        assert_eq!((sites[0].line, sites[0].column), (5, 5));
        assert!(
            parse_semantics(r#"{"functions":[{"name":"f","statements":[{"kind":"weird"}]}]}"#)
                .is_err()
        );
    }
}
