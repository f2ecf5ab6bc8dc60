//! Printing regions: C annotated in the PIPS style
//! (`//  <a[PHI1]-W-EXACT-{PHI1==i}>`) or the JSON of the command-line
//! contract (`../shared/DESIGN.md`).

use crate::RegionsAnalysis;
use crate::access::Rw;
use crate::entity::{Entity, phi};
use crate::rect::rect_hull;
use crate::region::{Approx, Region, RegionKey, RegionMap, merge};
use crate::set::Split;
use ferry_hcfg::Analyses;
use ferry_hcfg::ir::*;
use ferry_hcfg::report::{
    Names, constraints, functions_of_unit, listed_statements, nodes_by_span, print_annotated_by,
    product_json, statement_kind, variable_json, with_shapes_by_object,
};
use ferry_hcfg::semantics::Factored;
use ferry_hcfg::semantics::poly::{Name, set_text};
use ferry_parser::ParsedFile;
use ferry_parser::span::Span;
use isl_rs::{DimType, Set};
use serde_json::{Value, json};
use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Read,
    Write,
    In,
    Out,
}

impl Kind {
    const ALL: [Kind; 4] = [Kind::Read, Kind::Write, Kind::In, Kind::Out];

    fn pips(self) -> &'static str {
        match self {
            Kind::Read => "R",
            Kind::Write => "W",
            Kind::In => "IN",
            Kind::Out => "OUT",
        }
    }

    fn json(self) -> &'static str {
        match self {
            Kind::Read => "read",
            Kind::Write => "write",
            Kind::In => "in",
            Kind::Out => "out",
        }
    }
}

/// The four kinds of regions of one statement or function.
struct Regions {
    rw: Rw,
    out: RegionMap,
}

impl Regions {
    fn map(&self, kind: Kind) -> &RegionMap {
        match kind {
            Kind::Read => &self.rw.read,
            Kind::Write => &self.rw.write,
            Kind::In => &self.rw.input,
            Kind::Out => &self.out,
        }
    }
}

/// A name for every isl parameter a region of function `f` can mention.
fn display(names: &Names, isl: &str) -> String {
    if let Some(k) = isl.strip_prefix("phi") {
        return format!("PHI{k}");
    }
    names.pre(isl)
}

fn region_line(
    entity: &Entity,
    kind: Kind,
    r: &Region,
    names: &Names,
    var_name: &dyn Fn(VarId) -> String,
) -> String {
    let approx = match r.approx() {
        Approx::Exact => "EXACT",
        Approx::May => "MAY",
    };
    let name = |s: &str| display(names, s);
    format!(
        " <{}-{}-{}-{}>",
        entity.reference_text(var_name),
        kind.pips(),
        approx,
        constraints(&r.set, &name)
    )
}

/// The regions of a statement: its nodes (several for a declaration with
/// several declarators) in sequence, under its precondition.
fn statement_regions(a: &Analyses, r: &RegionsAnalysis, f: FuncId, ids: &[NodeId]) -> Regions {
    let mut rw = Rw::default();
    let mut out = RegionMap::new();
    for id in ids {
        if let Some(n) = r.node(f, *id) {
            merge(&mut rw.read, n.read.clone());
            merge(&mut rw.write, n.write.clone());
            merge(&mut rw.input, n.input.clone());
        }
        if let Some(Some(o)) = r.out[f.index()].get(id.index()) {
            merge(&mut out, o.clone());
        }
    }
    // Shown under the precondition's hull: a disjunctive precondition
    // (`i != 3`) would make a region's display non-convex.
    // Locals declared inside a compound statement are its own business (a
    // declaration still shows what it initialises).
    let span = a.program.function(f).body.as_ref().and_then(|b| {
        let node = b.node(ids[0]);
        let compound = matches!(
            node.kind,
            NodeKind::Seq { .. }
                | NodeKind::If { .. }
                | NodeKind::Loop(_)
                | NodeKind::Unstructured(_)
        );
        compound.then_some(node.span)
    });
    let declared_inside = |e: &Entity| match (e.root, span) {
        (crate::entity::Root::Var(v), Some(span)) => {
            let var = a.program.var(v);
            // Static locals too: they cannot be named outside.
            var.function == Some(f)
                && var.storage != Storage::Param
                && span.lo <= var.span.lo
                && var.span.hi <= span.hi
        }
        _ => false,
    };
    for map in [&mut rw.read, &mut rw.write, &mut rw.input, &mut out] {
        map.retain(|e, _| !declared_inside(e));
    }
    // Each region meets only the constraints linked to its own variables
    // (`Split`): the others hold wherever it is shown, and printed they
    // would repeat the whole precondition on every line (a hundred
    // variables in some SQLite functions, and as many isl parameters for
    // every emptiness test and simplification the display makes).
    let pre = a.semantics.preconditions[f.index()]
        .get(ids[0].index())
        .and_then(Option::as_ref)
        .map(|p| p.hull());
    let unreachable = pre.as_ref().is_some_and(Factored::is_empty);
    let pre = pre.map(|p| Split::new(&p));
    // A statement's regions repeat: the fields of a structure read alike,
    // a scalar read and imported. Interned, equal regions are the same
    // isl objects, and each is shown under the precondition once (SQLite's
    // report made 2.1 million such intersections).
    let shown: RefCell<HashMap<RegionKey, Option<Region>>> = RefCell::default();
    let under = |map: &RegionMap| -> RegionMap {
        match &pre {
            _ if unreachable => RegionMap::new(),
            Some(p) => map
                .iter()
                .filter_map(|(e, r)| {
                    let shown = shown
                        .borrow_mut()
                        .entry(r.key())
                        .or_insert_with(|| {
                            // Where nothing bears on a convex region, it is
                            // the same isl object as at the statements
                            // around, and its display is made once.
                            let r = r.intersect(&p.relevant_to(&r.set));
                            (!r.is_empty()).then_some(r)
                        })
                        .clone()?;
                    Some((e.clone(), shown))
                })
                .collect(),
            None => map.clone(),
        }
    };
    Regions {
        rw: Rw {
            read: under(&rw.read),
            write: under(&rw.write),
            input: under(&rw.input),
        },
        out: under(&out),
    }
}

fn summary_regions(r: &RegionsAnalysis, f: FuncId) -> Option<Regions> {
    let rw = r.summaries[f.index()].clone()?;
    let out = r.out_summaries[f.index()].clone().unwrap_or_default();
    Some(Regions { rw, out })
}

fn lines_of(regions: &Regions, names: &Names, var_name: &dyn Fn(VarId) -> String) -> Vec<String> {
    let mut lines = Vec::new();
    for kind in Kind::ALL {
        for (e, r) in regions.map(kind) {
            lines.push(region_line(e, kind, r, names, var_name));
        }
    }
    lines
}

/// What a span of the source is annotated with.
enum Site {
    Summary(FuncId),
    Statement(FuncId, Vec<NodeId>),
}

/// The spans of function `f` annotated with regions: its own (its
/// summary, when `summarised`) and its statements'.
fn sites_of_function(a: &Analyses, f: FuncId, summarised: bool) -> Vec<((u32, u32), Site)> {
    let func = a.program.function(f);
    let mut sites = Vec::new();
    if summarised {
        sites.push(((func.span.lo, func.span.hi), Site::Summary(f)));
    }
    if let Some(body) = &func.body {
        for (key, ids) in nodes_by_span(body) {
            if key != (func.span.lo, func.span.hi) {
                sites.push((key, Site::Statement(f, ids)));
            }
        }
    }
    sites
}

/// The annotated spans of a unit's main file, by span.
fn sites_of_unit(
    a: &Analyses,
    r: &RegionsAnalysis,
    unit: usize,
    file: &ParsedFile,
) -> HashMap<(u32, u32), Site> {
    functions_of_unit(a, unit, file)
        .into_iter()
        .flat_map(|f| sites_of_function(a, f, r.summaries[f.index()].is_some()))
        .collect()
}

/// The lines of the sites of one function after another. The names of
/// the function annotated last are kept (made from every global).
struct Annotator<'a> {
    a: &'a Analyses,
    r: &'a RegionsAnalysis,
    names_of: RefCell<Option<(FuncId, Names)>>,
}

impl<'a> Annotator<'a> {
    fn new(a: &'a Analyses, r: &'a RegionsAnalysis) -> Self {
        Annotator {
            a,
            r,
            names_of: RefCell::new(None),
        }
    }

    fn lines(&self, site: &Site) -> Vec<String> {
        let (f, regions) = match site {
            Site::Summary(f) => match summary_regions(self.r, *f) {
                Some(s) => (*f, s),
                None => return Vec::new(),
            },
            Site::Statement(f, ids) => (*f, statement_regions(self.a, self.r, *f, ids)),
        };
        let mut last = self.names_of.borrow_mut();
        if last.as_ref().is_none_or(|(g, _)| *g != f) {
            *last = Some((f, Names::new(&self.a.program, f)));
        }
        let (_, names) = last.as_ref().expect("just made");
        let var_name = |v: VarId| names.var(v);
        lines_of(&regions, names, &var_name)
    }
}

/// The main file of each unit, annotated with the regions of every
/// statement and each function's summary regions.
pub fn annotated_regions(a: &Analyses, r: &RegionsAnalysis, files: &[ParsedFile]) -> String {
    let mut out = String::new();
    for (unit, file) in files.iter().enumerate() {
        let sites = sites_of_unit(a, r, unit, file);
        // The lines of a statement are made as the printer reaches it: held
        // all at once, SQLite's would take most of a gigabyte.
        let annotator = Annotator::new(a, r);
        let annotate = |span: Span| -> Vec<String> {
            sites
                .get(&(span.lo, span.hi))
                .map(|site| annotator.lines(site))
                .unwrap_or_default()
        };
        with_shapes_by_object(|| print_annotated_by(&mut out, files.len(), file, &annotate));
    }
    out
}

/// The functions of each unit's main file in the order the annotated
/// source shows them, each with its unit and the spans it annotates:
/// those [`annotations_of`] gives lines for (a function of a program
/// analysed whole has a summary, and shows it).
pub fn annotated_functions(a: &Analyses, files: &[ParsedFile]) -> Vec<AnnotatedFunction> {
    let mut functions = Vec::new();
    for (unit, file) in files.iter().enumerate() {
        let mut of_unit = functions_of_unit(a, unit, file);
        of_unit.sort_by_key(|&f| a.program.function(f).span.lo);
        functions.extend(of_unit.into_iter().map(|f| {
            AnnotatedFunction {
                f,
                unit,
                spans: sites_of_function(a, f, true)
                    .into_iter()
                    .map(|(span, _)| span)
                    .collect(),
            }
        }));
    }
    functions
}

/// See [`annotated_functions`].
pub struct AnnotatedFunction {
    pub f: FuncId,
    pub unit: usize,
    pub spans: Vec<(u32, u32)>,
}

/// The annotation lines of each span of function `f` that
/// [`annotated_functions`] lists (none where it has no summary): the part
/// of [`annotated_regions`] a worker that analysed `f` makes
/// ([`crate::parallel`]). Within [`with_shapes_by_object`].
pub fn annotations_of(
    a: &Analyses,
    r: &RegionsAnalysis,
    f: FuncId,
) -> Vec<((u32, u32), Vec<String>)> {
    let annotator = Annotator::new(a, r);
    let summarised = r.summaries[f.index()].is_some();
    sites_of_function(a, f, true)
        .into_iter()
        .map(|(span, site)| match site {
            Site::Summary(_) if !summarised => (span, Vec::new()),
            site => (span, annotator.lines(&site)),
        })
        .collect()
}

/// The main file of each unit annotated with the lines `annotate` gives
/// for each of its spans (with the unit's index): the text
/// [`annotated_regions`] prints, from lines made elsewhere.
pub fn annotated_by(files: &[ParsedFile], annotate: &dyn Fn(usize, Span) -> Vec<String>) -> String {
    let mut out = String::new();
    for (unit, file) in files.iter().enumerate() {
        print_annotated_by(&mut out, files.len(), file, &|span| annotate(unit, span));
    }
    out
}

/// A region as an isl set with its dimensions as a named tuple and its
/// parameters named as in C: `[n, i] -> { a[phi1] : i <= phi1 < n }`.
fn tuple_set(entity: &Entity, r: &Region, names: &Names) -> Option<Set> {
    let var_name = |v: VarId| names.var(v);
    let mut set = crate::set::with_phi_as_dims(&r.set, entity.dims())?;
    set = set.set_tuple_name(&entity.isl_tuple(&var_name)).ok()?;
    set = set.coalesce().ok()?.drop_unused_params().ok()?;
    let n = set.dim(DimType::Param).ok()?;
    for i in 0..n {
        let isl = set.get_dim_name(DimType::Param, i as u32).ok()?.to_string();
        set = set
            .set_dim_name(DimType::Param, i as u32, &names.pre_isl(&isl))
            .ok()?;
    }
    Some(set)
}

/// isl's text of a region (see [`tuple_set`]).
pub fn isl_text(entity: &Entity, r: &Region, names: &Names) -> String {
    match tuple_set(entity, r, names).and_then(|s| set_text(&s)) {
        Some(text) => text,
        None => {
            r.set.set.get_ctx().reset_error();
            let var_name = |v: VarId| names.var(v);
            let dims: Vec<String> = (1..=entity.dims()).map(phi).collect();
            format!("{{ {}[{}] }}", entity.isl_tuple(&var_name), dims.join(", "))
        }
    }
}

/// The rectangular hull: its set, whether it is exactly the region, and
/// each dimension's lower and upper bound as isl piecewise quasi-affine
/// expressions of the parameters.
fn rect_json(entity: &Entity, r: &Region, names: &Names) -> Value {
    let hull = rect_hull(r, entity.dims());
    let mut bounds = Vec::new();
    if let Some(set) = tuple_set(entity, &hull.region, names) {
        for k in 0..entity.dims() {
            let text = |min: bool| -> Value {
                let bound = set.copy().and_then(|s| {
                    if min {
                        s.dim_min(k as i32)
                    } else {
                        s.dim_max(k as i32)
                    }
                });
                match bound {
                    Ok(pw) if pw.ptr != 0 => pw
                        .to_str()
                        .map(|t| Value::String(t.to_string()))
                        .unwrap_or(Value::Null),
                    _ => {
                        set.get_ctx().reset_error();
                        Value::Null
                    }
                }
            };
            bounds.push(json!({ "lower": text(true), "upper": text(false) }));
        }
    }
    json!({
        "approx": approx_json(hull.region.approx()),
        "isl": isl_text(entity, &hull.region, names),
        "bounds": bounds,
    })
}

fn approx_json(a: Approx) -> &'static str {
    match a {
        Approx::Exact => "exact",
        Approx::May => "may",
    }
}

fn region_json(a: &Analyses, entity: &Entity, kind: Kind, r: &Region, names: &Names) -> Value {
    let program = &a.program;
    // The C spelling (a shadowed name too); the isl tuple stays unique.
    let c_name = |v: VarId| program.var(v).name.as_str().to_string();
    let mut region = json!({
        "array": entity.path_text(&c_name),
        "kind": kind.json(),
        "approx": approx_json(r.approx()),
        "isl": isl_text(entity, r, names),
        "dims": entity.dims(),
        "rect": rect_json(entity, r, names),
    });
    // A flat pointer seen with rows: the C names of the row lengths.
    // (The pointer's own value, no dimension, has no rows.)
    if let Some(view) = entity.root_var().and_then(|v| a.views.get(&v))
        && entity.dims() > 0
    {
        let rows: Vec<String> = view.strides.iter().map(|&s| c_name(s)).collect();
        region["rows"] = json!(rows);
    }
    // What a may region surely touches, where something is known.
    if let Some((sure, all)) = r.sure_part() {
        region["sure"] = Value::String(isl_text(entity, &sure, names));
        if all {
            // Exactly the elements touched, as a union of convex pieces.
            region["sure_is_all"] = Value::Bool(true);
        }
    }
    region
}

fn regions_json(a: &Analyses, regions: &Regions, names: &Names) -> Vec<Value> {
    let mut out = Vec::new();
    for kind in Kind::ALL {
        for (e, r) in regions.map(kind) {
            out.push(region_json(a, e, kind, r, names));
        }
    }
    out
}

/// The variables the regions mention, as the semantics JSON lists them.
fn variables_json(
    a: &Analyses,
    f: FuncId,
    regions: &Regions,
    names: &Names,
    at: u32,
) -> Vec<Value> {
    let mut vars = BTreeSet::new();
    let mut products = BTreeSet::new();
    for kind in Kind::ALL {
        for r in regions.map(kind).values() {
            for n in r.set.simplify().params() {
                match Name::parse(&n) {
                    Some(Name::Pre(v)) => {
                        vars.insert(v);
                    }
                    Some(Name::Product(x, y)) => {
                        products.insert((x, y));
                    }
                    _ => {}
                }
            }
        }
    }
    let known = |v: &VarId| v.index() < a.program.vars.len();
    vars.into_iter()
        .filter(known)
        .map(|v| variable_json(&a.program, f, names, v, at))
        .chain(
            products
                .into_iter()
                .filter(|(x, y)| known(x) && known(y))
                .map(|p| product_json(&a.program, f, names, p, at)),
        )
        .collect()
}

pub fn regions_json_all(a: &Analyses, r: &RegionsAnalysis, files: &[ParsedFile]) -> Value {
    let functions: Vec<Value> = reported_functions(a, files)
        .into_iter()
        .map(|f| function_json(a, r, &files[a.program.function(f).unit], f))
        .collect();
    json!({
        "functions": functions,
        "notes": ferry_hcfg::semantics::budget::notes(),
    })
}

/// The functions of each unit's main file, in the order of
/// [`regions_json_all`].
pub fn reported_functions(a: &Analyses, files: &[ParsedFile]) -> Vec<FuncId> {
    files
        .iter()
        .enumerate()
        .flat_map(|(unit, file)| functions_of_unit(a, unit, file))
        .collect()
}

/// One function's entry of [`regions_json_all`]: its summary regions and
/// those of each of its statements.
pub fn function_json(a: &Analyses, r: &RegionsAnalysis, file: &ParsedFile, f: FuncId) -> Value {
    let names = Names::new(&a.program, f);
    let func = a.program.function(f);
    let loc = file.source_map.locate(func.span.lo);
    let mut statements = Vec::new();
    if let Some(body) = &func.body {
        for ((lo, _), ids) in listed_statements(a, f, file) {
            let at = file.source_map.locate(lo);
            let regions = statement_regions(a, r, f, &ids);
            statements.push(json!({
                "line": at.line,
                "column": at.column,
                "kind": statement_kind(&a.program, body, &ids),
                "variables": variables_json(a, f, &regions, &names, lo),
                "regions": regions_json(a, &regions, &names),
            }));
        }
    }
    let summary = summary_regions(r, f)
        .map(|s| regions_json(a, &s, &names))
        .unwrap_or_default();
    json!({
        "name": func.name.as_str(),
        "line": loc.line,
        "regions": summary,
        "statements": statements,
    })
}
