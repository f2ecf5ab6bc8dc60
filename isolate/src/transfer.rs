//! What an isolated statement moves: per variable it references, a device
//! copy, and the boxes loaded into it and stored back from it.
//!
//! For arrays (and memory behind pointers), with W̄ the statement's written
//! region, W̲ its written region when exact (empty otherwise), IN̄ its IN
//! region (the elements it reads before writing them) and OUT̄ its OUT
//! region (the elements it writes that the rest of the run may read before
//! writing them again):
//!
//! - Store = ⌈W̄ ∩ OUT̄⌉
//! - Load  = ⌈IN̄ ∪ (Store − W̲)⌉
//! - the device buffer is ⌈Load ∪ ⌈W̄⌉⌉, which holds every element the
//!   statement touches (R̄ ⊆ IN̄ ∪ W̄).
//!
//! The paper loads the READ region R̄ and stores the WRITE region W̄. IN̄
//! is enough, since an element the statement reads after writing it is
//! already on the device then, and it spares loading temporaries and
//! accumulators the statement initialises itself; OUT̄ is enough, since
//! an element nothing reads afterwards may keep its old value on the host
//! (temporaries, the parts of an output the program never looks at).
//! Without an OUT region for the statement, Store is ⌈W̄⌉.
//!
//! Boxes are over the variable's own subscripts: `pts[i].x` moves whole
//! elements `pts[i]`, and then nothing counts as surely written, so the
//! Store box is loaded as well. Scalars (and structs used as a whole) are
//! loaded when read, or written but not surely, and stored when written.

use crate::Options;
use crate::bounds::{BoundError, DimBound, Elements, box_bounds, box_elements};
use crate::picture::PictureSets;
use crate::planning::{self, ArrayRegions, Choice, Copies, Kind, Shape, Spelling};
use crate::select::Target;
use ferry_hcfg::Analyses;
use ferry_hcfg::ir::{FuncId, NodeId, Type, VarId};
use ferry_hcfg::report::is_visible;
use ferry_hcfg::semantics::poly::{Conj, Cons, Lin, Name, Poly};
use ferry_parser::ast::{BinaryOp, Expr};
use ferry_parser::build;
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
use ferry_parser::{Diagnostic, ParsedFile};
use ferry_regions::RegionsAnalysis;
use ferry_regions::entity::{Entity, Root, Step, phi};
use ferry_regions::function::FunctionContext;
use ferry_regions::rect::rect_hull;
use ferry_regions::region::Region;
use ferry_regions::set::subtract;
use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet};

/// How the device copy is poisoned (`enum ferry_poison` of the runtime).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Poison {
    Bytes,
    Float,
    Double,
    LongDouble,
}

impl Poison {
    pub fn c_name(self) -> &'static str {
        match self {
            Poison::Bytes => "FERRY_POISON_BYTES",
            Poison::Float => "FERRY_POISON_FLOAT",
            Poison::Double => "FERRY_POISON_DOUBLE",
            Poison::LongDouble => "FERRY_POISON_LONG_DOUBLE",
        }
    }

    fn of(ty: &Type) -> Poison {
        match ty {
            Type::Float { bits: 32 } => Poison::Float,
            Type::Float { bits: 64 } => Poison::Double,
            Type::Float { .. } => Poison::LongDouble,
            _ => Poison::Bytes,
        }
    }
}

/// A scalar (or whole structure) the statement uses.
#[derive(Debug, Clone)]
pub struct ScalarTransfer {
    pub var: VarId,
    pub name: String,
    /// Its value before the statement is needed on the device.
    pub load: bool,
    /// The statement writes it: its value comes back.
    pub store: bool,
    pub poison: Poison,
    /// Arrays cannot be initialised from one another in C: an array the
    /// statement only names (never subscripts) is still copied.
    pub is_c_array: bool,
    /// A struct, union or array of constant size, which may be megabytes:
    /// its copy is not put on the stack.
    pub aggregate: bool,
    /// A pointer the statement sets to walk this isolated array (its C
    /// name), once for the whole function (`Program::defined_once`): its
    /// reads after the statement are folded into subscripts, so no
    /// liveness says whether they come; the host pointer is set back to
    /// the element the copy points at.
    pub walk_back: Option<String>,
}

impl ScalarTransfer {
    /// A scalar the statement only reads reaches it by value, as a kernel
    /// argument does, not as a copy: no device memory holds it and no
    /// transfer is counted (PIPS copies them; Par4All's FIR moved three
    /// times more bytes of scalars than of array elements that way).
    pub fn by_value(&self) -> bool {
        self.load && !self.store && !self.is_c_array
    }
}

#[derive(Debug, Clone)]
pub struct ArrayTransfer {
    pub var: VarId,
    /// An array field of the structure `var` (`P.x`), moved alone.
    pub field: Option<Symbol>,
    pub name: String,
    /// The variable's own subscripts the boxes are over.
    pub dims: usize,
    pub buffer: Vec<DimBound>,
    /// How the Load and Store are copied: one plan, or several that the
    /// generated code chooses from when it runs (`planning`).
    pub copies: Vec<Copies>,
    pub poison: Poison,
    /// The sets the boxes were made from (for the hull plan), which
    /// transfer optimisation works on.
    pub sets: Option<ArraySets>,
    /// A flat pointer the analyses see with rows (`delinearise`): the C
    /// names of its row lengths, dimensions 2.. of the boxes. The buffer
    /// keeps whole rows and the statement keeps its flat subscripts.
    pub view: Option<Vec<String>>,
    /// What the report draws of the array (`picture`).
    pub picture: Option<Box<PictureSets>>,
    /// What the hull plan copies per execution of the statement, which
    /// bounds every plan; `None` for buffers shared between statements.
    pub volume: Option<Volume>,
}

/// How much of an array one execution of its statement copies in and
/// back at most: the elements of the hull plan's boxes (every other plan
/// copies part of them), for the report's static byte figure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Volume {
    /// `None` for elements whose size ferry does not model (structures:
    /// it models no layouts).
    pub element_bytes: Option<u64>,
    pub load: Elements,
    pub store: Elements,
}

impl Volume {
    fn of(element: &Type, dims: usize, at: &At, load: &Poly, store: &Poly) -> Volume {
        let elements = |set: &Poly| match set.is_empty() {
            true => Elements::AtMost(0),
            false => box_elements(set, dims, at.context, at.nameable),
        };
        Volume {
            element_bytes: element_bytes(element),
            load: elements(load),
            store: elements(store),
        }
    }
}

/// The size of a scalar element on the LP64 targets ferry generates for
/// (`long` and pointers are 64 bits, as the lowering assumes).
fn element_bytes(element: &Type) -> Option<u64> {
    match element {
        Type::Int { bits, .. } | Type::Float { bits } => Some(u64::from(*bits) / 8),
        Type::Pointer(_) => Some(8),
        _ => None,
    }
}

/// One array's sets over its own subscripts (`phi1`...), in terms of the
/// values before the statement, before any hull.
#[derive(Debug, Clone)]
pub struct ArraySets {
    /// What the statement must find on the device: IN̄ ∪ (⌈W̄ ∩ OUT̄⌉ − W̲),
    /// the hull plan's Load set.
    pub need: Poly,
    /// Need with each IN region as its convex set, not as the union of
    /// pieces it is exactly: a superset of `need` (see `reuse`, which
    /// counts what earlier iterations loaded and prefers sets without
    /// gaps between iterations).
    pub need_convex: Poly,
    /// W̄.
    pub write: Poly,
    /// W̄ ∩ OUT̄: what the rest of the run may read.
    pub stored: Poly,
    /// W̲, when the write is known exactly.
    pub under: Option<Poly>,
    /// ⌈W̄⌉: the buffer holds it.
    pub write_box: Poly,
    /// ⌈W̄ ∩ OUT̄⌉.
    pub store_box: Poly,
    /// The declared extents of the subscripts after the first, when they
    /// are all known: the rows plan's span stays within a row.
    pub row_extents: Option<Poly>,
    /// What the rest of the run may read after the statement, before
    /// writing it (`None`: anything); OUT̄ = W̄ ∩ live. Stores made after a
    /// later statement (`share`) are cut to the live set there.
    pub live: Option<Poly>,
}

impl ArrayTransfer {
    /// Its buffer is one run of the host's elements (one dimension, or a
    /// flat pointer's whole rows): a pointer into the array has a place in
    /// it at the same distance from its start.
    pub fn is_one_run(&self) -> bool {
        self.dims == 1 || self.view.is_some()
    }
}

#[derive(Debug, Clone, Default)]
pub struct Plan {
    pub scalars: Vec<ScalarTransfer>,
    pub arrays: Vec<ArrayTransfer>,
    /// Pointers that walk an isolated array from a value they got before
    /// the statement and that the statement does not assign
    /// (`ferry_hcfg::pointer_walks`): `double *y = out;` before a loop
    /// over `y[i]`. The analyses see their uses as subscripts of the array
    /// (often with the pointer's known value folded in, so that no region
    /// names the pointer), but the statement's code still reads the host
    /// address: on the device it must point at the same element of the
    /// array's copy. Candidates, kept only where the statement's code
    /// names them.
    pub walks: Vec<WalkFromBefore>,
    /// Conditions on the store before the statement, all of which must
    /// hold for this plan to be right: a flat pointer's view assumed
    /// (`ferry_hcfg::delinearise::Rows::Assumed`) keeps every column the
    /// statement touches inside its row. Empty when nothing is assumed;
    /// otherwise the statement is versioned on them, the original code
    /// running where they fail.
    pub assumptions: Vec<Expr>,
}

/// A pointer into an isolated array, from before the statement (see
/// [`Plan::walks`]).
#[derive(Debug, Clone)]
pub struct WalkFromBefore {
    pub var: VarId,
    /// Its C name (a member's variable is its chain, `w.src`).
    pub name: String,
    /// The C name of the array it walks.
    pub base: String,
    /// It holds the array's own address ([`ferry_hcfg::Program::aliases`]):
    /// its uses are the array's.
    pub alias: bool,
    /// The array's copy is one run of elements
    /// ([`ArrayTransfer::is_one_run`]), so that the pointer's copy is its
    /// host distance from the array.
    pub convertible: bool,
}

impl Plan {
    /// The copy of the whole variable `v` (not of one of its fields).
    fn array_of(&self, v: VarId) -> Option<&ArrayTransfer> {
        self.arrays.iter().find(|a| a.var == v && a.field.is_none())
    }
}

/// The regions of one variable, projected on its own subscripts.
#[derive(Default)]
struct Group {
    read: Option<Poly>,
    /// The elements read before the statement writes them (its IN region).
    imported: Option<Poly>,
    /// The same, each region as the union of convex pieces it is exactly
    /// where it knows that union (`Region::exactly`), else as its set.
    imported_exactly: Option<Poly>,
    /// The elements it writes that the rest of the run may read before
    /// they are written again (its OUT region); `None` when there is no
    /// OUT region for the statement (then every written element counts).
    exported: Option<Poly>,
    /// The elements live after the statement (see [`ArraySets::live`]).
    live: Option<Poly>,
    write: Option<Poly>,
    /// The elements surely written whole, where an entity of whole
    /// elements knows some (`None`: none known).
    write_under: Option<Poly>,
    /// Some entity was more precise than the box (struct fields, deeper
    /// subscripts): a write of it is not a write of whole elements.
    coarse: bool,
    /// Entities with no subscript: the variable's own value.
    value_read: bool,
    value_written: bool,
    value_written_exactly: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    Read,
    Write,
    Import,
    Export,
    Live,
}

pub fn plan(
    parsed: &[ParsedFile],
    a: &Analyses,
    regions: &RegionsAnalysis,
    target: &Target,
    options: &Options,
) -> Result<Plan, Diagnostic> {
    let (shape, pictures) = (options.transfer_plan, options.pictures);
    let file = &parsed[target.unit];
    let program = &a.program;
    let f = target.function;
    let error = |message: String| file.error_at(target.span, message);
    let Some(rw) = regions.node(f, target.node) else {
        return Err(error(
            "ferry has no array regions for this statement".into(),
        ));
    };
    // Declared inside the statement (a static local included: it is
    // refused below, its value outlives the statement).
    let declared_inside = |v: VarId| {
        let var = program.var(v);
        var.function == Some(f) && target.span.lo <= var.span.lo && var.span.lo < target.span.hi
    };
    // The regions of a block leave out what it declares, static locals
    // too: look for them directly.
    if let Some(&v) = program
        .function(f)
        .locals
        .iter()
        .find(|&&v| declared_inside(v) && program.var(v).is_global())
    {
        return Err(error(format!(
            "`{}` is a static local of the statement: its value outlives the statement, so it \
             cannot live on the accelerator",
            program.var(v).name
        )));
    }
    let mut groups: BTreeMap<(VarId, Option<Symbol>), Group> = BTreeMap::new();
    let out = regions.out[f.index()]
        .get(target.node.index())
        .and_then(Option::as_ref);
    let live = regions.live[f.index()]
        .get(target.node.index())
        .and_then(Option::as_ref);
    let no_out = ferry_regions::region::RegionMap::default();
    // Structures the statement reaches only through array fields
    // (`P.x[i]`, `P.y[i]`): each field is an array of its own, copied
    // alone, not the whole structure.
    let mut by_fields: BTreeMap<VarId, bool> = BTreeMap::new();
    for map in [&rw.read, &rw.write, &rw.input, out.unwrap_or(&no_out)] {
        for entity in map.keys() {
            if let Some(v) = entity.root_var()
                && matches!(program.var(v).ty, Type::Struct(_))
            {
                let split = field_array(program, entity).is_some();
                *by_fields.entry(v).or_insert(split) &= split;
            }
        }
    }
    // Split structures live after the statement as a whole: all of each
    // field may be read.
    let mut live_whole: BTreeSet<VarId> = BTreeSet::new();
    for (kind, map) in [
        (Access::Read, &rw.read),
        (Access::Write, &rw.write),
        (Access::Import, &rw.input),
        (Access::Export, out.unwrap_or(&no_out)),
        (Access::Live, live.unwrap_or(&no_out)),
    ] {
        let is_write = kind == Access::Write;
        for (entity, region) in map {
            let v = match entity.root {
                Root::Var(v) => v,
                // The read pass has refused (IN and OUT are part of READ
                // and WRITE).
                Root::Anywhere
                    if matches!(kind, Access::Import | Access::Export | Access::Live) =>
                {
                    continue;
                }
                Root::Anywhere => {
                    // Name the pointers the statement assigns: the usual
                    // reason its memory has no name.
                    let assigned: Vec<String> = rw
                        .write
                        .keys()
                        .filter(|e| e.path.is_empty())
                        .filter_map(|e| e.root_var())
                        .filter(|&v| matches!(program.var(v).ty, Type::Pointer(_)))
                        .map(|v| format!("`{}`", program.var(v).name))
                        .collect();
                    let through = if assigned.is_empty() {
                        "through a pointer of unknown origin, or in a function without a body"
                            .to_string()
                    } else {
                        format!(
                            "through {}, which the statement assigns, or a pointer of unknown \
                             origin",
                            assigned.join(", ")
                        )
                    };
                    return Err(error(format!(
                        "this statement accesses memory ferry cannot name ({through}): it \
                         cannot be isolated"
                    )));
                }
            };
            if declared_inside(v) {
                if program.var(v).is_global() {
                    return Err(error(format!(
                        "`{}` is a static local of the statement: its value outlives the \
                         statement, so it cannot live on the accelerator",
                        program.var(v).name
                    )));
                }
                continue;
            }
            let split = by_fields.get(&v) == Some(&true);
            let (field, own, path) = match split.then(|| field_array(program, entity)).flatten() {
                Some((field, own)) => (Some(field), own, &entity.path[1..]),
                None if split => {
                    // Only liveness names a split structure otherwise.
                    live_whole.insert(v);
                    continue;
                }
                None => (None, own_dims(&program.var(v).ty), &entity.path[..]),
            };
            // Liveness comes last and only cuts the stores of what the
            // statement moves: a variable merely live after it is none of
            // its business.
            let g = if kind == Access::Live {
                match groups.get_mut(&(v, field)) {
                    Some(g) => g,
                    None => continue,
                }
            } else {
                groups.entry((v, field)).or_default()
            };
            let leading = path.iter().take_while(|s| **s == Step::Index).count();
            if leading == 0 || own == 0 {
                if matches!(kind, Access::Import | Access::Export | Access::Live) {
                    // Scalars and whole structs follow READ and WRITE.
                    continue;
                }
                if path.is_empty() {
                    if is_write {
                        g.value_written = true;
                        g.value_written_exactly = region.is_exact();
                    } else {
                        g.value_read = true;
                    }
                } else {
                    // A field of a struct variable: the struct moves whole.
                    g.coarse = true;
                    if is_write {
                        g.value_written = true;
                    } else {
                        g.value_read = true;
                    }
                }
                continue;
            }
            // Boxes are over the variable's own subscripts; an entity
            // reaching further (fields, deeper arrays) or not as far is
            // only known up to whole elements.
            let mut r = region.clone();
            for k in own + 1..=entity.dims() {
                r = r.project(&phi(k));
            }
            let precise = leading == own && path.len() == own;
            if !precise && kind != Access::Live {
                g.coarse = true;
            }
            if kind == Access::Import {
                add_to(&mut g.imported_exactly, r.exactly().unwrap_or(&r.set));
            }
            if matches!(kind, Access::Import | Access::Export | Access::Live) {
                let slot = match kind {
                    Access::Import => &mut g.imported,
                    Access::Export => &mut g.exported,
                    _ => &mut g.live,
                };
                add_to(slot, &r.set);
                continue;
            }
            // Only an entity of whole elements says which are surely
            // written entirely; one of their fields or deeper subscripts
            // (`out[i].re` beside `out[i] = in[i]`) adds nothing to it.
            if is_write
                && precise
                && let Some(sure) = r.under()
            {
                g.write_under = Some(match g.write_under.take() {
                    Some(before) => before.union(sure),
                    None => sure.clone(),
                });
            }
            add_to(if is_write { &mut g.write } else { &mut g.read }, &r.set);
        }
    }
    let nameable = |isl: &str| nameable_at(program, f, target.span, isl);
    let context = keep_nameable(&precondition_at(a, f, target.node), &nameable, &[]);
    // A statement that is one SCoP as a whole imports exactly its live-in
    // reads (isl's dataflow): where the IN region hulls what a loop reads
    // around what it writes (a time loop's grid rims), the plans that
    // follow pieces load only those. Both are sound, so the live-in reads
    // are within the IN region: they replace it where they are smaller,
    // and where they are the same the region keeps its own pieces (fewer,
    // which the rects plan cuts into bands). The convex IN stays as it is:
    // sharing across iterations prefers sets without gaps
    // (`ArraySets::need_convex`).
    let exact = options
        .polyhedral
        .then(|| ferry_poly::imported::imported(a, f, target.node, &context.set.get_ctx()))
        .flatten();
    for (v, set) in exact.into_iter().flatten() {
        // (The polyhedral model names whole variables, not fields.)
        if let Some(imported) = groups
            .get_mut(&(v, None))
            .and_then(|g| g.imported_exactly.as_mut())
        {
            let live_in = Poly { set };
            if !imported.is_subset(&live_in) {
                *imported = imported.intersect(&live_in);
            }
        }
    }
    for ((v, field), g) in groups.iter_mut() {
        if field.is_some() && live_whole.contains(v) {
            g.live = Some(Poly::universe(&context.set.get_ctx()));
        }
    }
    let fresh = Cell::new(0);
    let function = FunctionContext::new(a, f, &regions.summaries, &fresh);
    let mut plan = Plan::default();
    for ((v, field), g) in groups {
        let var = program.var(v);
        let name = match field {
            Some(field) => format!("{}.{field}", var.name),
            None => var.name.as_str().to_string(),
        };
        let array = ArrayOf { var: v, field };
        let own = own_dims(&array.ty(program));
        let is_array = own > 0 && (g.read.is_some() || g.write.is_some());
        if !is_array && program.walks.contains_key(&v) {
            // A pointer walking an array, declared outside the statement:
            // inside, it walks the device copy, so its host value means
            // nothing there, nor its device value after.
            let base = program.var(program.walks[&v]).name;
            // One with a constant definition the statement only reads
            // points on the device at the same element of the copy
            // (`Plan::walks`); one it sets is set back after it
            // (`set_walks_back`). Either way the regions' reads of it
            // before and after the statement are of that definition.
            let defined_once = program.defined_once.contains(&v);
            if defined_once && !g.value_written {
                continue;
            }
            // (A map may keep an empty region of the pointer: it names
            // nothing.)
            let named = |m: Option<&ferry_regions::region::RegionMap>| {
                m.is_some_and(|m| {
                    m.iter()
                        .any(|(e, r)| e.root_var() == Some(v) && e.path.is_empty() && !r.is_empty())
                })
            };
            if !defined_once && (named(Some(&rw.input)) || named(live)) {
                return Err(error(format!(
                    "pointer `{name}` walks `{base}` from before the statement or on after it: \
                     inside, it would point into the accelerator's copy (ferry isolates a \
                     pointer walk that the statement starts and nothing continues)"
                )));
            }
            plan.scalars.push(ScalarTransfer {
                var: v,
                name,
                load: false,
                store: false,
                poison: Poison::Bytes,
                is_c_array: false,
                aggregate: false,
                walk_back: None,
            });
            continue;
        }
        if !is_array {
            let sure = g.value_written_exactly && !g.coarse;
            plan.scalars.push(ScalarTransfer {
                var: v,
                name,
                load: g.value_read || (g.value_written && !sure),
                store: g.value_written,
                poison: Poison::of(&var.ty),
                is_c_array: matches!(var.ty, Type::Array(..)),
                aggregate: is_fixed_aggregate(&var.ty),
                walk_back: None,
            });
            continue;
        }
        if g.value_written {
            return Err(error(format!(
                "pointer `{name}` is assigned inside the statement: ferry isolates memory \
                 reached through pointers that keep their value"
            )));
        }
        let transfer = match shape.choice() {
            Some(choice) => {
                let known = Known {
                    out: out.is_some(),
                    live: live.is_some(),
                    pictures,
                };
                let at = At {
                    function: &function,
                    context: &context,
                    nameable: &nameable,
                };
                array_transfer(program, array, &g, known, &at, choice)
            }
            None => whole_transfer(program, array, &function, &context, &nameable),
        };
        let mut transfer = transfer.map_err(|message| {
            let diagnostic = error(message);
            match a.kept_flat.get(&v) {
                Some(reason) => {
                    diagnostic.with_note(flat_note(file, program.var(v).name.as_str(), reason))
                }
                None => diagnostic,
            }
        })?;
        if field.is_some() {
            // Transfer optimisation keys arrays by variable: a field's
            // copies stay where the statement is.
            transfer.sets = None;
        }
        if let Some(view) = a.views.get(&v).filter(|view| view.is_assumed()) {
            let at = RowsAt {
                statement: target.span,
                context: &context,
                nameable: &nameable,
            };
            let checks = row_checks(program, &name, view, &g, &at).map_err(|message| {
                let diagnostic = error(message);
                match view.assumed.first() {
                    Some(&span) => diagnostic.with_note(format!(
                        "{}: here the column is not proved inside its row",
                        file.position(span)
                    )),
                    None => diagnostic,
                }
            })?;
            // (Two images of one pitch have the same check.)
            for check in checks {
                if !plan.assumptions.contains(&check) {
                    plan.assumptions.push(check);
                }
            }
        }
        transfer.view = a.views.get(&v).map(|view| {
            view.strides
                .iter()
                .map(|&s| program.var(s).name.as_str().to_string())
                .collect()
        });
        plan.arrays.push(transfer);
    }
    plan.walks = walks_from_before(program, f, &plan, &declared_inside);
    if let Some(p) = set_walks_back(program, &mut plan) {
        return Err(error(format!(
            "pointer `{}` is set inside the statement to point into `{}`, whose copy is not \
             one-dimensional: ferry cannot say where it points on the host after the statement",
            program.var(p).name,
            program.var(program.walks[&p]).name
        )));
    }
    Ok(plan)
}

/// Where a statement relying on assumed rows is, and how its values are
/// named.
struct RowsAt<'a> {
    statement: Span,
    context: &'a Poly,
    nameable: &'a dyn Fn(&str) -> Option<String>,
}

/// The conditions under which the view of `name`, assumed, holds for the
/// statement: every column it touches inside its row, `0 <= lower` and
/// `lower + count <= row length` for each row length, from the box of
/// what it reads and writes in the view (the box holds every element
/// touched, so these bound every access; an element the statement may not
/// touch only makes the check stricter). The assumption must be the
/// statement's alone: an access elsewhere in the function that it covers
/// would make the liveness after the statement rely on it unchecked.
fn row_checks(
    program: &ferry_hcfg::Program,
    name: &str,
    view: &ferry_hcfg::delinearise::View,
    g: &Group,
    at: &RowsAt,
) -> Result<Vec<Expr>, String> {
    let inside = |s: &Span| at.statement.lo <= s.lo && s.hi <= at.statement.hi;
    if !view.assumed.iter().all(inside) {
        return Err(format!(
            "`{name}` is subscripted as a flattened array whose columns are not proved inside \
             its rows, outside this statement too: ferry checks that assumption when the \
             statement starts, so it must hold for the statement's own accesses only"
        ));
    }
    let dims = view.strides.len() + 1;
    let phis: Vec<String> = (1..=dims).map(phi).collect();
    let touched = match (&g.read, &g.write) {
        (Some(r), Some(w)) => r.union(w),
        (Some(p), None) | (None, Some(p)) => p.clone(),
        (None, None) => return Ok(Vec::new()),
    };
    let touched = keep_nameable(&touched, at.nameable, &phis);
    let bounds = box_bounds(&touched, dims, at.context, at.nameable).map_err(|_| {
        format!(
            "the columns of `{name}` this statement touches cannot be bounded in C: ferry \
             cannot check at run time that they stay inside their rows"
        )
    })?;
    // A bound the context proves needs no check; one no touched element
    // can meet would only ever run the original.
    let known = touched.intersect(at.context);
    let holds = |lin: Lin| {
        Poly::from_dnf(
            &at.context.set.get_ctx(),
            &[Conj {
                cons: vec![Cons::ge0(lin)],
                exists: Vec::new(),
            }],
        )
    };
    // The values for which the statement touches something, and for
    // which it touches some element where `lin` is negative.
    let touching = known.project_all(&phis);
    let never = |lin: &Lin| {
        let violating = subtract(&known, &holds(lin.clone())).map(|p| p.project_all(&phis));
        !touching.is_empty()
            && violating
                .and_then(|v| subtract(&touching, &v))
                .is_some_and(|left| left.is_empty())
    };
    let proved = |lin: Lin| known.is_subset(&holds(lin));
    let mut checks = Vec::new();
    for (k, (b, &stride)) in bounds[1..].iter().zip(&view.strides).enumerate() {
        let column = Lin::name(phi(k + 2));
        if !proved(column.clone()) {
            checks.push(build::binary(BinaryOp::Ge, b.lower.clone(), build::long(0)));
        }
        // column <= row length - 1
        let room = Lin::name(Name::Pre(stride).isl())
            .sub(&column)
            .and_then(|l| l.add(&Lin::constant(-1)));
        if never(&column) || room.as_ref().is_some_and(never) {
            return Err(format!(
                "the columns of `{name}` this statement touches never all keep inside rows of \
                 `{}` elements: the view with rows cannot hold here",
                program.var(stride).name
            ));
        }
        if !room.is_some_and(proved) {
            let row = build::cast_long(build::ident(program.var(stride).name));
            checks.push(build::binary(
                BinaryOp::Le,
                build::add(b.lower.clone(), b.count.clone()),
                row,
            ));
        }
    }
    Ok(checks)
}

/// The pointers with one constant definition that the statement sets
/// ([`ScalarTransfer::walk_back`]): their host values after it are the
/// elements their copies point at, or, where the array is not isolated,
/// their copies' values (host addresses). The first that cannot be set
/// back (its array's copy has rows).
fn set_walks_back(program: &ferry_hcfg::Program, plan: &mut Plan) -> Option<VarId> {
    for i in 0..plan.scalars.len() {
        let p = plan.scalars[i].var;
        let Some(&base) = program.walks.get(&p) else {
            continue;
        };
        if !program.defined_once.contains(&p) {
            continue;
        }
        match plan.array_of(base) {
            Some(array) if array.is_one_run() => {
                plan.scalars[i].walk_back = Some(array.name.clone());
            }
            Some(_) => return Some(p),
            None => plan.scalars[i].store = true,
        }
    }
    None
}

/// The pointers of `f` that walk an array `plan` moves, declared outside
/// the statement, that it does not assign: those whose value the regions
/// do not name, and those with a constant definition it reads. The
/// statement's code may use them.
fn walks_from_before(
    program: &ferry_hcfg::Program,
    f: FuncId,
    plan: &Plan,
    declared_inside: &dyn Fn(VarId) -> bool,
) -> Vec<WalkFromBefore> {
    program
        .walks
        .iter()
        .filter(|&(&p, _)| program.var(p).function == Some(f) && !declared_inside(p))
        .filter(|&(&p, _)| !plan.scalars.iter().any(|s| s.var == p))
        .filter_map(|(&p, &base)| {
            let array = plan.array_of(base)?;
            Some(WalkFromBefore {
                var: p,
                name: program.var(p).name.as_str().to_string(),
                base: array.name.clone(),
                alias: program.aliases.get(&p) == Some(&base),
                convertible: array.is_one_run(),
            })
        })
        .collect()
}

/// Where and why a pointer whose subscripts look flattened (`m[r * cols +
/// c]`) was not seen with rows: the usual reason its box is unknown.
fn flat_note(
    file: &ParsedFile,
    name: &str,
    reason: &ferry_hcfg::delinearise::FlatReason,
) -> String {
    let at = file.error_at(reason.span, "").location;
    let place = at.map_or_else(String::new, |l| {
        format!("{}:{}:{}: ", l.file, l.line, l.column)
    });
    format!(
        "{place}`{name}` is subscripted as a flattened array, but not seen with rows: {}",
        reason.why
    )
}

/// Adds `set` to what `slot` holds of a variable's regions.
fn add_to(slot: &mut Option<Poly>, set: &Poly) {
    *slot = Some(match slot.take() {
        Some(p) => p.union(set),
        None => set.clone(),
    });
}

/// Whether the statement has OUT regions, and liveness after it.
#[derive(Clone, Copy)]
struct Known {
    out: bool,
    live: bool,
    /// Keep the sets the report draws (`picture`).
    pictures: bool,
}

/// Where the statement is: its function, its precondition, and the C
/// names of the variables there.
struct At<'a, 'f> {
    function: &'a FunctionContext<'f>,
    context: &'a Poly,
    nameable: &'a dyn Fn(&str) -> Option<String>,
}

/// The copies of one array; the error is a message about it.
fn array_transfer(
    program: &ferry_hcfg::Program,
    array: ArrayOf,
    g: &Group,
    known: Known,
    at: &At,
    choice: Choice,
) -> Result<ArrayTransfer, String> {
    let (function, context, nameable) = (at.function, at.context, at.nameable);
    let v = array.var;
    let name = array.name(program);
    let elements = subscripted_types(&array.ty(program));
    let dims = elements.len() - 1;
    let phis: Vec<String> = (1..=dims).map(phi).collect();
    // A correct program touches nothing outside the declared extents
    // (constant or variable-length) of its arrays, which bounds may regions
    // that lost a bound. The outermost extent of a parameter is the
    // exception: C adjusts the parameter to a pointer, so `int dst[n - k]`
    // promises nothing about dst's first subscript (the FIR of the paper
    // writes dst[n - k]). It is trusted only to bound a region that has no
    // bound otherwise, as PIPS trusts declarations.
    let is_parameter = program.function(function.f).params.contains(&v);
    let layout = declared_extents(function, array, dims, usize::from(is_parameter));
    let declared = declared_extents(function, array, dims, 0);
    let prepare = |p: &Poly| {
        let q = keep_nameable(&p.intersect(&layout), nameable, &phis);
        if !is_parameter || box_bounds(&q, dims, context, nameable).is_ok() {
            return q;
        }
        keep_nameable(&p.intersect(&declared), nameable, &phis)
    };
    let ctx = context.set.get_ctx();
    let empty = Poly::empty(&ctx);
    // Only what the statement reads before writing it needs loading: an
    // element it reads after writing it is on the device by then (IN ⊆
    // READ, and READ − IN ⊆ WRITE, which the buffer holds).
    // IN is taken as the union of pieces it is exactly where the regions
    // know it (the rim a stencil reads around what it wrote): a plan
    // within the box then moves only that.
    let read = g
        .imported_exactly
        .as_ref()
        .map(prepare)
        .unwrap_or_else(|| empty.clone());
    let read_convex = g
        .imported
        .as_ref()
        .map(prepare)
        .unwrap_or_else(|| empty.clone());
    let write = g
        .write
        .as_ref()
        .map(prepare)
        .unwrap_or_else(|| empty.clone());
    // An under-approximation that mentions a variable ferry cannot name is
    // dropped, not projected (projecting would over-approximate it).
    let under = g.write_under.as_ref().filter(|u| {
        u.params()
            .iter()
            .all(|p| phis.contains(p) || nameable(p).is_some())
    });
    // Only what the rest of the run may read goes back: W̄ ∩ OUT̄. Every
    // element written stays in the buffer, which the statement writes.
    let stored = match (known.out, &g.exported) {
        (false, _) => write.clone(),
        (true, Some(exported)) => write.intersect(&prepare(exported)),
        (true, None) => empty.clone(),
    };
    let write_box = box_hull(&write, dims);
    let store_box = box_hull(&stored, dims);
    let not_surely_written = match under {
        Some(u) => subtract(&store_box, u).unwrap_or_else(|| store_box.clone()),
        None => store_box.clone(),
    };
    let load = read.union(&not_surely_written);
    let load_convex = read_convex.union(&not_surely_written);
    let bounds = |p: &Poly| {
        box_bounds(p, dims, context, nameable).map_err(|e| match e {
            BoundError::Unbounded(k) => format!(
                "the elements of `{name}` this statement touches cannot be bounded (dimension \
                 {k} of its region has no lower or no upper bound): ferry cannot size its copy"
            ),
            BoundError::Isl => format!(
                "ferry cannot size the copy of `{name}`: the bounds of the elements this \
                 statement touches could not be found within isl's operation budget or written \
                 as C (subscripts affine in the loop indices and in variables the statement does \
                 not change, and bounds the code checks, such as `if (n > 16) return;`, help)"
            ),
            BoundError::TypeRangeOnly(k) => format!(
                "ferry cannot size the copy of `{name}`: dimension {k} of the elements this \
                 statement touches is bounded only by the range of its subscript's integer type \
                 (2^31 elements or more, whatever the variables), which no copy may span; this \
                 is all that is left of a loop's bounds when its analysis runs out of budget \
                 (--time-budget) or cannot follow the index"
            ),
        })
    };
    // The hull's boxes first: they must exist (a region without bounds
    // cannot be copied by any plan), and their failure is the one to tell.
    // The stored box is bounded from W̄ ∩ OUT̄ itself: its least and
    // greatest subscripts, tighter than its rational hull on strides.
    let hull = Copies {
        kind: Kind::Hull,
        load: (!load.is_empty())
            .then(|| bounds(&load))
            .transpose()?
            .map(Shape::Box),
        store: (!stored.is_empty())
            .then(|| bounds(&stored))
            .transpose()?
            .map(Shape::Box),
    };
    // The extents of a row, for the span of the rows plan.
    let row_extents = {
        let rows = keep_nameable(&declared_extents(function, array, dims, 1), nameable, &phis);
        let one_row = rows.intersect(&Poly::from_dnf(
            &ctx,
            &[Conj {
                cons: vec![Cons::eq0(Lin::name(phi(1)))],
                exists: Vec::new(),
            }],
        ));
        box_bounds(&one_row, dims, context, nameable)
            .is_ok()
            .then_some(rows)
    };
    let plans = planning::plan_array(
        &ArrayRegions {
            read: &read,
            stored: &stored,
            under,
            write_box: &write_box,
            dims,
            row_extents: row_extents.as_ref(),
            hull: &hull,
        },
        &Spelling {
            context,
            name: nameable,
        },
        choice,
    );
    let buffer = plans.buffer.union(&load).union(&write_box);
    let element = elements.get(dims).cloned().unwrap_or(Type::Opaque);
    let picture = known
        .pictures
        .then(|| picture_sets(g, &prepare, at, &declared, dims, &load, &write, &stored));
    let volume = Volume::of(&element, dims, at, &load, &stored);
    let sets = ArraySets {
        need: load.clone(),
        need_convex: load_convex,
        write: write.clone(),
        stored,
        under: under.cloned(),
        write_box,
        store_box: store_box.clone(),
        row_extents: row_extents.clone(),
        live: known
            .live
            .then(|| g.live.as_ref().map_or_else(|| empty.clone(), prepare)),
    };
    Ok(ArrayTransfer {
        var: v,
        field: array.field,
        name: name.clone(),
        dims,
        buffer: bounds(&buffer)?,
        copies: plans.copies,
        poison: Poison::of(&element),
        sets: Some(sets),
        view: None,
        picture: picture.map(Box::new),
        volume: Some(volume),
    })
}

/// The whole array, in and out, whatever the statement touches of it
/// ([`TransferPlan::Whole`]): its declared extents, which must be known
/// at the statement.
fn whole_transfer(
    program: &ferry_hcfg::Program,
    array: ArrayOf,
    function: &FunctionContext,
    context: &Poly,
    nameable: &dyn Fn(&str) -> Option<String>,
) -> Result<ArrayTransfer, String> {
    let v = array.var;
    let name = array.name(program);
    let elements = subscripted_types(&array.ty(program));
    let dims = elements.len() - 1;
    let phis: Vec<String> = (1..=dims).map(phi).collect();
    let whole = keep_nameable(&declared_extents(function, array, dims, 0), nameable, &phis);
    let bounds = box_bounds(&whole, dims, context, nameable).map_err(|e| match e {
        BoundError::Unbounded(k) => format!(
            "`{name}` cannot be copied whole: the extent of its dimension {k} is not declared, \
             or changes inside the function"
        ),
        BoundError::Isl => format!(
            "ferry cannot size the copy of the whole of `{name}`: the extents of its \
             dimensions could not be written as C"
        ),
        BoundError::TypeRangeOnly(k) => {
            format!("`{name}` cannot be copied whole: its dimension {k} has 2^31 elements or more")
        }
    })?;
    Ok(ArrayTransfer {
        var: v,
        field: array.field,
        name,
        dims,
        buffer: bounds.clone(),
        copies: vec![Copies {
            kind: Kind::Hull,
            load: Some(Shape::Box(bounds.clone())),
            store: Some(Shape::Box(bounds)),
        }],
        poison: Poison::of(elements.get(dims).unwrap_or(&Type::Opaque)),
        sets: None,
        view: None,
        picture: None,
        volume: Some(Volume::of(
            elements.get(dims).unwrap_or(&Type::Opaque),
            dims,
            &At {
                function,
                context,
                nameable,
            },
            &whole,
            &whole,
        )),
    })
}

/// The sets the report draws of an array (`picture`): what the statement
/// reads, writes, imports and exports of it, and the boxes the hull plan
/// copies in (the box of the Load set) and back (⌈W̄ ∩ OUT̄⌉).
#[allow(clippy::too_many_arguments)]
fn picture_sets(
    g: &Group,
    prepare: &dyn Fn(&Poly) -> Poly,
    at: &At,
    declared: &Poly,
    dims: usize,
    load: &Poly,
    write: &Poly,
    stored: &Poly,
) -> PictureSets {
    let empty = Poly::empty(&at.context.set.get_ctx());
    let of = |p: &Option<Poly>| p.as_ref().map_or_else(|| empty.clone(), prepare);
    let layers = vec![
        ("read", of(&g.read)),
        ("written", write.clone()),
        ("imported", of(&g.imported)),
        ("exported", stored.clone()),
        ("copied in", box_hull(load, dims)),
        ("copied back", box_hull(stored, dims)),
    ];
    // The variables a picture may fix: those of its sets (the
    // precondition's others are projected away).
    let mut names = Vec::new();
    for set in layers.iter().map(|(_, s)| s).chain([declared]) {
        for p in set.params() {
            if names.iter().all(|(isl, _): &(String, String)| *isl != p)
                && let Some(c) = (at.nameable)(&p)
            {
                names.push((p, c));
            }
        }
    }
    PictureSets {
        dims,
        layers,
        declared: declared.clone(),
        context: at.context.clone(),
        names,
    }
}

/// A struct or union, or an array of constant extents (of anything).
fn is_fixed_aggregate(ty: &Type) -> bool {
    match ty {
        Type::Struct(_) => true,
        Type::Array(elem, ferry_hcfg::ir::ArrayLen::Const(_)) => {
            !matches!(**elem, Type::Array(..)) || is_fixed_aggregate(elem)
        }
        _ => false,
    }
}

/// How many subscripts a variable of this type takes before reaching
/// something that is not an array: `int a[3][4]` 2, `double (*p)[m]` 2,
/// `int *p` 1, `struct s *p` 1, `int x` 0.
/// The type of the array `transfer` moves: its variable's, or its field's.
pub fn array_type(program: &ferry_hcfg::Program, transfer: &ArrayTransfer) -> Type {
    ArrayOf {
        var: transfer.var,
        field: transfer.field,
    }
    .ty(program)
}

/// An array the statement moves: a variable, or an array field of a
/// structure variable (`P.x`).
#[derive(Debug, Clone, Copy)]
struct ArrayOf {
    var: VarId,
    field: Option<Symbol>,
}

impl ArrayOf {
    /// Its C name: `a`, or `P.x`.
    fn name(self, program: &ferry_hcfg::Program) -> String {
        let var = program.var(self.var).name;
        match self.field {
            Some(field) => format!("{var}.{field}"),
            None => var.as_str().to_string(),
        }
    }

    fn ty(self, program: &ferry_hcfg::Program) -> Type {
        let ty = program.var(self.var).ty.clone();
        match (self.field, &ty) {
            (Some(field), Type::Struct(s)) => program
                .struct_def(*s)
                .fields
                .as_deref()
                .unwrap_or(&[])
                .iter()
                .find(|f| f.name == Some(field))
                .map_or(Type::Opaque, |f| f.ty.clone()),
            _ => ty,
        }
    }
}

/// `P.x[i]...`: an entity of a structure variable made of one field of
/// array type and that array's own subscripts; the field and the number
/// of subscripts.
fn field_array(program: &ferry_hcfg::Program, entity: &Entity) -> Option<(Symbol, usize)> {
    let v = entity.root_var()?;
    let [Step::Field(field), rest @ ..] = entity.path.as_slice() else {
        return None;
    };
    let array = ArrayOf {
        var: v,
        field: Some(*field),
    };
    let ty = array.ty(program);
    let own = own_dims(&ty);
    let is_array = matches!(ty, Type::Array(..));
    (is_array && own > 0 && rest.len() == own && rest.iter().all(|s| *s == Step::Index))
        .then_some((*field, own))
}

pub fn own_dims(ty: &Type) -> usize {
    subscripted_types(ty).len() - 1
}

/// The type itself, then the type after each subscript it takes.
fn subscripted_types(ty: &Type) -> Vec<Type> {
    let mut out = vec![ty.clone()];
    let mut t = ty;
    loop {
        match t {
            Type::Array(elem, _) => t = elem,
            // Only the outermost level may be a pointer: `int **p` has its
            // rows elsewhere.
            Type::Pointer(elem) if out.len() == 1 => t = elem,
            _ => break,
        }
        out.push(t.clone());
    }
    out
}

/// The elements of `v` within its declared extents (constant or
/// variable-length, where known at the statement) along its subscripts
/// `skip + 1..=dims`; the universe along the others.
fn declared_extents(function: &FunctionContext, array: ArrayOf, dims: usize, skip: usize) -> Poly {
    let mut path: Vec<Step> = array.field.map(Step::Field).into_iter().collect();
    path.extend(vec![Step::Index; dims]);
    let entity = Entity {
        root: Root::Var(array.var),
        path,
    };
    let extents = function.extents(&entity);
    let mut set = Poly::universe(function.ctx);
    for k in skip + 1..=dims {
        let extent = extents.get(k - 1).cloned().flatten();
        set = set.intersect(&function.extent_bounds(&phi(k), extent));
    }
    set
}

/// What may be read of array `v` (on its own `dims` subscripts) after
/// `node` before being written, over the store before `node`; `None` when
/// the OUT pass knows nothing there (then anything may be).
pub(crate) fn live_after(
    regions: &RegionsAnalysis,
    f: FuncId,
    node: NodeId,
    v: VarId,
    dims: usize,
    ctx: &isl_rs::Context,
) -> Option<Poly> {
    let map = regions.live[f.index()].get(node.index())?.as_ref()?;
    let mut live = Poly::empty(ctx);
    for (entity, region) in map {
        let leading = entity
            .path
            .iter()
            .take_while(|s| **s == Step::Index)
            .count();
        // The variable's own value (a pointer) is not its elements.
        if entity.root != Root::Var(v) || leading == 0 {
            continue;
        }
        let mut r = region.set.clone();
        for k in dims + 1..=entity.dims() {
            r = r.project(&phi(k));
        }
        live = live.union(&r);
    }
    Some(live)
}

/// The C spelling of an isl name at `span` (the statement, or the loop
/// around it): a variable's value before it, if that variable is visible
/// there and not declared inside.
pub(crate) fn nameable_at(
    program: &ferry_hcfg::Program,
    f: FuncId,
    span: Span,
    isl: &str,
) -> Option<String> {
    let v = match Name::parse(isl)? {
        Name::Pre(v) => v,
        // Spelt as its factors' product where both are nameable.
        Name::Product(a, b) => {
            let a = nameable_at(program, f, span, &Name::Pre(a).isl())?;
            let b = nameable_at(program, f, span, &Name::Pre(b).isl())?;
            return Some(format!("{a} * {b}"));
        }
        Name::Post(_) | Name::Mid(_) => return None,
    };
    let var = program.var(v);
    let declared_inside =
        var.function == Some(f) && span.lo <= var.span.lo && var.span.lo < span.hi;
    let inside = declared_inside && !var.is_global();
    (!inside && is_visible(program, f, v, span.lo)).then(|| var.name.as_str().to_string())
}

/// What holds before `node` (the universe where nothing is known).
pub(crate) fn precondition_at(a: &Analyses, f: FuncId, node: NodeId) -> Poly {
    a.semantics.preconditions[f.index()]
        .get(node.index())
        .and_then(Option::as_ref)
        .map(|p| p.whole().clone())
        .unwrap_or_else(|| Poly::universe(&a.semantics.ctx))
}

/// The rectangular hull of a set over `phi1..phi{dims}`.
pub(crate) fn box_hull(p: &Poly, dims: usize) -> Poly {
    let region = Region::new(p.clone(), ferry_regions::region::Approx::May);
    rect_hull(&region, dims).region.set
}

/// Projects out every parameter that is neither one of `keep` nor a
/// variable C can name at the statement.
pub(crate) fn keep_nameable(
    p: &Poly,
    nameable: &dyn Fn(&str) -> Option<String>,
    keep: &[String],
) -> Poly {
    let mut out = p.clone();
    for param in p.params() {
        if !keep.contains(&param) && nameable(&param).is_none() {
            out = out.project(&param);
        }
    }
    out
}
