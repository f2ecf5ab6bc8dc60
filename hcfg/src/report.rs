//! Printing analysis results: C annotated in the PIPS style, or JSON.

use crate::Analyses;
use crate::ir::*;
use crate::semantics::poly::{Constraint, Name, Poly, set_text};
use crate::semantics::{RETURN, Transformer};
use ferry_parser::ParsedFile;
use ferry_parser::ast::StmtId;
use ferry_parser::span::Span;
use serde_json::{Value, json};
use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

/// Words isl's parser reserves: a variable spelled so gets a `_` appended.
const ISL_KEYWORDS: &[&str] = &[
    "and", "or", "not", "exists", "min", "max", "floor", "ceil", "mod", "true", "false", "infty",
    "NaN", "rat", "implies", "xor", "cond", "int", "floord", "ceild", "e",
];

/// Readable, unique names for the variables a function's results mention.
///
/// A structure member's variable (`hcfg::scalar_fields`) reads `v.n` in
/// text, and `v__n` where the name must be an isl identifier (the `isl`
/// texts of the JSON outputs), as an array member's tuple is (`P__x`).
pub struct Names {
    display: HashMap<VarId, String>,
}

impl Names {
    pub fn new(program: &Program, f: FuncId) -> Names {
        let func = program.function(f);
        let mut display = HashMap::new();
        // Counted by their isl spelling, so that `v.n` and a variable
        // `v__n` get different isl names too.
        let mut used: HashMap<String, usize> = HashMap::new();
        let vars = program
            .globals
            .iter()
            .chain(&func.params)
            .chain(&func.locals);
        for &v in vars {
            let base = program.var(v).name.as_str().to_string();
            let base = if ISL_KEYWORDS.contains(&base.as_str()) || base.is_empty() {
                format!("{base}_")
            } else {
                base
            };
            let n = used.entry(isl_spelling(&base)).or_insert(0);
            *n += 1;
            let name = if *n == 1 { base } else { format!("{base}_{n}") };
            display.insert(v, name);
        }
        display.insert(RETURN, "return_".to_string());
        Names { display }
    }

    pub fn var(&self, v: VarId) -> String {
        self.display
            .get(&v)
            .cloned()
            .unwrap_or_else(|| format!("v{}", v.0))
    }

    /// The name as an isl identifier.
    pub fn isl_var(&self, v: VarId) -> String {
        isl_spelling(&self.var(v))
    }

    /// Name in a precondition.
    pub fn pre(&self, isl: &str) -> String {
        match Name::parse(isl) {
            Some(Name::Pre(v)) => self.var(v),
            Some(Name::Post(v)) => format!("{}'", self.var(v)),
            Some(Name::Product(a, b)) => format!("{}*{}", self.var(a), self.var(b)),
            _ => isl.to_string(),
        }
    }

    /// Name in a precondition, as an isl identifier (a product as
    /// `rows_times_cols`: isl reads no product of parameters).
    pub fn pre_isl(&self, isl: &str) -> String {
        match Name::parse(isl) {
            Some(Name::Product(a, b)) => {
                isl_spelling(&format!("{}_times_{}", self.var(a), self.var(b)))
            }
            _ => isl_spelling(&self.pre(isl)),
        }
    }

    /// Name in a transformer, PIPS style: new values plain, old values of
    /// modified variables with `#init`.
    fn transformer(&self, isl: &str, modified: &BTreeSet<VarId>) -> String {
        match Name::parse(isl) {
            Some(Name::Pre(v)) if modified.contains(&v) => format!("{}#init", self.var(v)),
            Some(Name::Pre(v)) | Some(Name::Post(v)) => self.var(v),
            _ => isl.to_string(),
        }
    }
}

/// A display name as an isl identifier: `v.n` as `v__n`, `p->n` as `p__n`
/// (an entity's tuple, `P.x` as `P__x`, is spelt the same way).
pub fn isl_spelling(name: &str) -> String {
    name.replace("->", "__").replace('.', "__")
}

/// What [`constraints`] computes of a set before naming its parameters:
/// `None` when it is empty, else its pieces.
type Shape = Option<Vec<Option<Vec<Constraint>>>>;

/// Sets displayed in a row before the cache of their shapes starts again.
const MAX_SHAPES: usize = 100_000;

thread_local! {
    /// Shapes of the sets displayed, by isl's text of the set (which
    /// determines it). A report displays the same sets over and over:
    /// SQLite's shows two million regions made of thirty thousand
    /// distinct sets, and simplifying each for display was most of the
    /// report's time.
    static SHAPES: RefCell<HashMap<String, Rc<Shape>>> = RefCell::new(HashMap::new());
    /// The same, by isl object, within [`with_shapes_by_object`] only.
    static SHAPES_BY_OBJECT: RefCell<Option<ShapesByObject>> = const { RefCell::new(None) };
}

/// Shapes by the address of their set's isl object, each with its object.
type ShapesByObject = HashMap<usize, (Poly, Rc<Shape>)>;

/// Runs `f` with the shapes of the sets displayed also kept by isl object:
/// the regions of a statement are mostly the objects of the statements
/// inside it, and isl's text of each, to look its shape up, was a third of
/// the time of SQLite's regions report. Each entry holds its object, so
/// that the address it is keyed by is not reused while it is there, and
/// all are dropped when `f` returns: the sets' isl context outlives them.
pub fn with_shapes_by_object<R>(f: impl FnOnce() -> R) -> R {
    struct Scope;
    impl Drop for Scope {
        fn drop(&mut self) {
            SHAPES_BY_OBJECT.with(|m| m.borrow_mut().take());
        }
    }
    SHAPES_BY_OBJECT.with(|m| *m.borrow_mut() = Some(HashMap::new()));
    let _scope = Scope;
    f()
}

fn shape_of(p: &Poly) -> Rc<Shape> {
    let known = SHAPES_BY_OBJECT.with(|m| {
        let m = m.borrow();
        m.as_ref().map(|m| m.get(&p.set.ptr).map(|e| e.1.clone()))
    });
    match known {
        None => shape_by_text(p),
        Some(Some(shape)) => shape,
        Some(None) => {
            let shape = shape_by_text(p);
            SHAPES_BY_OBJECT.with(|m| {
                if let Some(m) = m.borrow_mut().as_mut() {
                    if m.len() >= MAX_SHAPES {
                        m.clear();
                    }
                    m.insert(p.set.ptr, (p.clone(), shape.clone()));
                }
            });
            shape
        }
    }
}

fn shape_by_text(p: &Poly) -> Rc<Shape> {
    let compute = || Rc::new((!p.is_empty()).then(|| p.pieces()));
    let Some(key) = set_text(&p.set) else {
        return compute();
    };
    if let Some(shape) = SHAPES.with(|m| m.borrow().get(&key).cloned()) {
        return shape;
    }
    let shape = compute();
    SHAPES.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= MAX_SHAPES {
            m.clear();
        }
        m.insert(key, shape.clone());
    });
    shape
}

/// `{1<=i, i<=n}`, one brace group per convex piece, joined by ` or `.
pub fn constraints(p: &Poly, name: &dyn Fn(&str) -> String) -> String {
    let shape = shape_of(p);
    let Some(pieces) = shape.as_ref() else {
        return "{0==-1}".to_string();
    };
    if pieces.is_empty() {
        return "{}".to_string();
    }
    if pieces.iter().any(Option::is_none) {
        // Existentials (a stride, a remainder): isl's own notation.
        return p.to_isl_string(name);
    }
    let mut out = Vec::new();
    for piece in pieces.iter().flatten() {
        let mut items = Vec::new();
        for (terms, constant, equality) in piece {
            items.push(constraint(terms, *constant, *equality, name));
        }
        items.sort();
        out.push(format!("{{{}}}", items.join(", ")));
    }
    out.join(" or ")
}

/// One constraint `sum + constant >= 0` (or `== 0`) as `lhs<=rhs` with
/// positive coefficients on both sides.
fn constraint(
    terms: &[(String, i128)],
    constant: i128,
    equality: bool,
    name: &dyn Fn(&str) -> String,
) -> String {
    let side = |sign: i128| {
        let mut parts: Vec<String> = terms
            .iter()
            .filter(|(_, c)| c.signum() == sign)
            .map(|(n, c)| {
                let c = c.abs();
                if c == 1 {
                    name(n)
                } else {
                    format!("{c}{}", name(n))
                }
            })
            .collect();
        parts.sort();
        let k = constant * sign;
        if k > 0 {
            parts.push(k.to_string());
        }
        if parts.is_empty() {
            "0".to_string()
        } else {
            parts.join("+")
        }
    };
    let (small, big) = (side(-1), side(1));
    if equality {
        // The side with a variable first: `x==y+2` rather than `2+y==x`.
        if small == "0" || small.chars().next().is_some_and(|c| c.is_ascii_digit()) && big != "0" {
            format!("{big}=={small}")
        } else {
            format!("{small}=={big}")
        }
    } else {
        format!("{small}<={big}")
    }
}

fn variables_of(p: &Poly, name: &dyn Fn(&str) -> String) -> Vec<String> {
    let mut v: Vec<String> = p.simplify().params().iter().map(|n| name(n)).collect();
    v.sort();
    v.dedup();
    v
}

fn precondition_line(p: &Poly, names: &Names) -> String {
    let name = |s: &str| names.pre(s);
    format!(
        "P({}) {}",
        variables_of(p, &name).join(","),
        constraints(p, &name)
    )
}

fn transformer_line(t: &Transformer, names: &Names) -> String {
    let name = |s: &str| names.transformer(s, &t.modified);
    let modified: Vec<String> = t.modified.iter().map(|&v| names.var(v)).collect();
    format!("T({}) {}", modified.join(","), constraints(&t.rel, &name))
}

/// The nodes of each statement of a body: the outermost node lowered from
/// it (for a `for` whose declaration opens a scope, the sequence around
/// the loop; for `--function`, the root is the body's statement).
pub fn nodes_by_statement(body: &Body) -> HashMap<StmtId, NodeId> {
    let mut by_statement = HashMap::new();
    // Pre-order: a statement's outermost node comes first.
    for id in body.preorder() {
        if let Some(stmt) = body.node(id).stmt {
            by_statement.entry(stmt).or_insert(id);
        }
    }
    by_statement
}

/// For each statement span of a function: its outermost node, or the
/// nodes of a declaration with several declarators.
pub fn nodes_by_span(body: &Body) -> HashMap<(u32, u32), Vec<NodeId>> {
    let mut by_span: HashMap<(u32, u32), Vec<NodeId>> = HashMap::new();
    let mut inside: BTreeSet<NodeId> = BTreeSet::new();
    for id in body.preorder() {
        let span = body.node(id).span;
        let key = (span.lo, span.hi);
        // The init and step expressions of a `for` are not statements.
        if let NodeKind::Expr(e) = &body.node(id).kind
            && (e.span.lo, e.span.hi) == key
        {
            continue;
        }
        // A node inside an earlier node of the same span (a loop inside the
        // sequence that scopes its index) is that statement already.
        if inside.contains(&id) {
            continue;
        }
        by_span.entry(key).or_default().push(id);
        let mut stack = body.node(id).kind.children();
        while let Some(c) = stack.pop() {
            if (body.node(c).span.lo, body.node(c).span.hi) == key {
                inside.insert(c);
            }
            stack.extend(body.node(c).kind.children());
        }
    }
    by_span
}

struct StatementResult {
    pre: Option<Poly>,
    transformer: Option<Transformer>,
    kind: &'static str,
}

fn statement_results(a: &Analyses, f: FuncId) -> HashMap<(u32, u32), StatementResult> {
    let mut out = HashMap::new();
    let Some(body) = &a.program.function(f).body else {
        return out;
    };
    let sem = &a.semantics;
    for (key, ids) in nodes_by_span(body) {
        let first = ids[0];
        let pre = sem.preconditions[f.index()][first.index()]
            .as_ref()
            .map(|p| p.whole().clone());
        let mut t: Option<Transformer> = None;
        for id in &ids {
            if let Some(ti) = &sem.transformers[f.index()][id.index()] {
                t = Some(match t {
                    Some(t) => t.then(&sem.ctx, ti),
                    None => ti.clone(),
                });
            }
        }
        let kind = statement_kind(&a.program, body, &ids);
        out.insert(
            key,
            StatementResult {
                pre,
                transformer: t,
                kind,
            },
        );
    }
    out
}

/// What kind of statement the nodes of one span are, for the JSON outputs:
/// `expr`, `decl`, `if`, `loop`, `return`, `block` or `other`.
pub fn statement_kind(program: &Program, body: &Body, ids: &[NodeId]) -> &'static str {
    let first = ids[0];
    match &body.node(first).kind {
        NodeKind::Seq { .. }
            if ids.len() == 1
                && matches!(
                    body.node(first)
                        .kind
                        .children()
                        .first()
                        .map(|c| &body.node(*c).kind),
                    Some(NodeKind::Loop(_))
                ) =>
        {
            "loop"
        }
        NodeKind::Seq { .. } => "block",
        NodeKind::Declare(_) => "decl",
        NodeKind::Expr(e) if declares(program, e, body.node(first).span) => "decl",
        NodeKind::Expr(_) => "expr",
        NodeKind::Return(_) => "return",
        NodeKind::If { .. } => "if",
        NodeKind::Loop(_) => "loop",
        NodeKind::Unstructured(_) => "other",
        NodeKind::Nop => "other",
    }
}

/// Whether an initialisation `v = e` comes from the declaration of `v`
/// (the variable's name lies inside the statement).
pub fn declares(program: &Program, e: &Expr, span: Span) -> bool {
    match &e.kind {
        ExprKind::Assign(AssignOp::Assign, target, _) => target.is_lvalue_var().is_some_and(|v| {
            let at = program.var(v).span.lo;
            span.lo < at && at < span.hi
        }),
        _ => false,
    }
}

pub fn functions_of_unit(a: &Analyses, unit: usize, file: &ParsedFile) -> Vec<FuncId> {
    a.program
        .function_ids()
        .filter(|&f| {
            let func = a.program.function(f);
            func.unit == unit && func.body.is_some() && file.in_main_file(func.span)
        })
        .collect()
}

/// Appends the main file of `file` with comment lines before the
/// statements `lines` has lines for (keyed by span), under a header naming
/// the file when the program has several.
pub fn print_annotated(
    out: &mut String,
    n_files: usize,
    file: &ParsedFile,
    lines: &HashMap<(u32, u32), Vec<String>>,
) {
    let annotate = |span: Span| lines.get(&(span.lo, span.hi)).cloned().unwrap_or_default();
    print_annotated_by(out, n_files, file, &annotate);
}

/// [`print_annotated`] with each statement's lines made when the printer
/// reaches it (`annotate`), so that a large program's lines are never all
/// held at once.
pub fn print_annotated_by(
    out: &mut String,
    n_files: usize,
    file: &ParsedFile,
    annotate: &dyn Fn(Span) -> Vec<String>,
) {
    if n_files > 1 {
        out.push_str(&format!("// ---- {}\n", file.path.display()));
    }
    let printed = ferry_parser::output::print_user_file_annotated(file, annotate);
    // One unit's annotated text is most of the answer (hundreds of MB on
    // SQLite's amalgamation): moved, not copied, when it is the first.
    if out.is_empty() {
        *out = printed;
    } else {
        out.push_str(&printed);
    }
}

/// The main file of each unit, annotated with transformers and preconditions.
pub fn annotated_semantics(a: &Analyses, files: &[ParsedFile]) -> String {
    let mut out = String::new();
    for (unit, file) in files.iter().enumerate() {
        let mut lines: HashMap<(u32, u32), Vec<String>> = HashMap::new();
        for f in functions_of_unit(a, unit, file) {
            let names = Names::new(&a.program, f);
            let func = a.program.function(f);
            let mut header = Vec::new();
            if let Some(s) = &a.semantics.summaries[f.index()] {
                header.push(format!("summary {}", transformer_line(s, &names)));
            }
            if let Some(p) = &a.semantics.entry[f.index()] {
                header.push(format!("entry {}", precondition_line(p, &names)));
            }
            lines.insert((func.span.lo, func.span.hi), header);
            for (key, r) in statement_results(a, f) {
                let mut l = Vec::new();
                if let Some(t) = &r.transformer {
                    l.push(transformer_line(t, &names));
                }
                if let Some(p) = &r.pre {
                    l.push(precondition_line(p, &names));
                }
                lines.insert(key, l);
            }
        }
        print_annotated(&mut out, files.len(), file, &lines);
    }
    out
}

/// Whether `v` is the variable its name denotes at byte `offset` of unit
/// `unit` (in scope and not shadowed).
pub fn is_visible(program: &Program, f: FuncId, v: VarId, offset: u32) -> bool {
    let var = program.var(v);
    let in_scope = |w: &Var| {
        if w.is_global() && w.function.is_none() {
            true
        } else {
            w.span.lo <= offset && offset <= w.scope_end
        }
    };
    if !in_scope(var) {
        return false;
    }
    let func = program.function(f);
    // The innermost variable in scope with that name wins.
    let candidates = func
        .params
        .iter()
        .chain(&func.locals)
        .chain(&program.globals);
    let innermost = candidates
        .copied()
        .filter(|&w| program.var(w).name == var.name && in_scope(program.var(w)))
        .max_by_key(|&w| {
            let x = program.var(w);
            if x.is_global() && x.function.is_none() {
                0
            } else {
                x.span.lo + 1
            }
        });
    innermost == Some(v)
}

/// The statements of function `f` the JSON outputs list, as their span
/// and nodes, in source order: those in the main file of `file`, the
/// function's own span left out.
pub fn listed_statements(
    a: &Analyses,
    f: FuncId,
    file: &ParsedFile,
) -> Vec<((u32, u32), Vec<NodeId>)> {
    let func = a.program.function(f);
    let Some(body) = &func.body else {
        return Vec::new();
    };
    let mut spans: Vec<((u32, u32), Vec<NodeId>)> = nodes_by_span(body)
        .into_iter()
        .filter(|((lo, hi), _)| {
            file.source_map.in_main_file(*lo) && (*lo, *hi) != (func.span.lo, func.span.hi)
        })
        .collect();
    spans.sort_by_key(|(k, _)| *k);
    spans
}

/// How the JSON outputs name variable `v` of function `f` at byte `at`:
/// its isl name, its C name, and whether the C name denotes it there.
pub fn variable_json(program: &Program, f: FuncId, names: &Names, v: VarId, at: u32) -> Value {
    // A pointer walking an array is analysed as its index into it.
    let c = match program.walks.get(&v) {
        Some(&base) => format!("({} - {})", program.var(v).name, program.var(base).name),
        None => program.var(v).name.as_str().to_string(),
    };
    json!({
        "isl": names.isl_var(v),
        "c": c,
        "visible": is_visible(program, f, v, at),
    })
}

/// A product of two variables as a parameter ([`Name::Product`]): its isl
/// name, its value as C (in `long long`, as a product of `int`s may
/// overflow), and visible where both factors are.
pub fn product_json(
    program: &Program,
    f: FuncId,
    names: &Names,
    (a, b): (VarId, VarId),
    at: u32,
) -> Value {
    let factor = |v: VarId| variable_json(program, f, names, v, at);
    let (x, y) = (factor(a), factor(b));
    json!({
        "isl": names.pre_isl(&Name::product(a, b).isl()),
        "c": format!("((long long){} * {})", x["c"].as_str().unwrap_or("?"), y["c"].as_str().unwrap_or("?")),
        "visible": x["visible"] == true && y["visible"] == true,
    })
}

/// The JSON form: per function, its summary and entry precondition, and
/// each statement's precondition and transformer.
pub fn semantics_json(a: &Analyses, files: &[ParsedFile]) -> Value {
    let mut functions = Vec::new();
    for (unit, file) in files.iter().enumerate() {
        for f in functions_of_unit(a, unit, file) {
            let names = Names::new(&a.program, f);
            let func = a.program.function(f);
            let loc = file.source_map.locate(func.span.lo);
            let mut results = statement_results(a, f);
            let mut statements = Vec::new();
            for (key, _) in listed_statements(a, f, file) {
                let Some(r) = results.remove(&key) else {
                    continue;
                };
                let lo = key.0;
                let at = file.source_map.locate(lo);
                let mut entry = json!({
                    "line": at.line,
                    "column": at.column,
                    "kind": r.kind,
                });
                if let Some(p) = &r.pre {
                    let mut variables = Vec::new();
                    for n in p.simplify().params() {
                        if let Some(Name::Pre(v)) = Name::parse(&n) {
                            variables.push(variable_json(&a.program, f, &names, v, lo));
                        }
                    }
                    entry["precondition"] = json!({
                        "variables": variables,
                        "isl": p.to_isl_string(&|s| names.pre_isl(s)),
                        "text": precondition_line(p, &names),
                    });
                }
                if let Some(t) = &r.transformer {
                    entry["transformer"] = json!({
                        "modified": t.modified.iter().map(|&v| names.isl_var(v)).collect::<Vec<_>>(),
                        "isl": t.rel.to_isl_string(&|s| names.pre_isl(s)),
                        "text": transformer_line(t, &names),
                    });
                }
                statements.push(entry);
            }
            let mut fj = json!({
                "name": func.name.as_str(),
                "line": loc.line,
                "statements": statements,
            });
            if let Some(s) = &a.semantics.summaries[f.index()] {
                fj["summary"] = json!({
                    "modified": s.modified.iter().map(|&v| names.isl_var(v)).collect::<Vec<_>>(),
                    "isl": s.rel.to_isl_string(&|s| names.pre_isl(s)),
                    "text": transformer_line(s, &names),
                });
            }
            if let Some(p) = &a.semantics.entry[f.index()] {
                fj["entry"] = json!({
                    "isl": p.to_isl_string(&|s| names.pre_isl(s)),
                    "text": precondition_line(p, &names),
                });
            }
            functions.push(fj);
        }
    }
    json!({ "functions": functions, "notes": crate::semantics::budget::notes() })
}

/// How an effect's location reads in the output.
fn location_text(program: &Program, names: &Names, l: &crate::effects::Location) -> String {
    use crate::effects::Location;
    match l {
        Location::Var(v) => {
            let name = names.var(*v);
            match program.var(*v).ty {
                Type::Array(..) => format!("{name}[*]"),
                _ => name,
            }
        }
        Location::Pointee(p) => format!("*{}", names.var(*p)),
        Location::Heap => "<heap>".to_string(),
        Location::Block(p) => format!("<heap block of {}>", names.var(*p)),
        Location::AllGlobals => "<every global: call to a function without body>".to_string(),
        Location::Anywhere => "<anything: pointer of unknown target>".to_string(),
    }
}

fn effects_lines(program: &Program, names: &Names, e: &crate::effects::Effects) -> Vec<String> {
    let list = |set: &BTreeSet<crate::effects::Location>| {
        set.iter()
            .map(|l| location_text(program, names, l))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = Vec::new();
    if !e.reads.is_empty() {
        out.push(format!("<may be read>: {}", list(&e.reads)));
    }
    if !e.writes.is_empty() {
        out.push(format!("<may be written>: {}", list(&e.writes)));
    }
    out
}

/// The main file of each unit annotated with the effects of every
/// statement (cumulated over its sub-statements) and each function's
/// summary effects.
pub fn annotated_effects(a: &Analyses, files: &[ParsedFile]) -> String {
    let mut out = String::new();
    for (unit, file) in files.iter().enumerate() {
        let mut lines: HashMap<(u32, u32), Vec<String>> = HashMap::new();
        for f in functions_of_unit(a, unit, file) {
            let names = Names::new(&a.program, f);
            let func = a.program.function(f);
            let summary = effects_lines(&a.program, &names, &a.effects.summaries[f.index()]);
            lines.insert(
                (func.span.lo, func.span.hi),
                summary
                    .into_iter()
                    .map(|l| format!("summary {l}"))
                    .collect(),
            );
            let Some(body) = &func.body else { continue };
            for (key, ids) in nodes_by_span(body) {
                let mut e = crate::effects::Effects::default();
                for id in ids {
                    if let Some(ne) = a.effects.nodes[f.index()].get(id.index()) {
                        e.merge(ne);
                    }
                }
                lines.insert(key, effects_lines(&a.program, &names, &e));
            }
        }
        print_annotated(&mut out, files.len(), file, &lines);
    }
    out
}
