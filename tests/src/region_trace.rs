//! Checking ferry's array regions against executions.
//!
//! `ferry regions --json FILE.c` gives, for every statement of the functions
//! of a file, the array regions it reads, writes, reads before writing (IN)
//! and writes for later reads (OUT): isl sets of element indices,
//! parametrised by the integer scalars in the store before the statement
//! (`regions/CONTRACT.md`). This module checks them on traced runs, in the
//! manner of [`crate::trace`] for preconditions:
//!
//! 1. [`parse_regions`] reads the JSON into [`RegionStatement`]s.
//! 2. [`instrument`] rewrites the program with ferry's own parser and
//!    printer:
//!    - every statement listed in the JSON (a *site*) becomes
//!      `{ long __ferry_g __attribute__((cleanup(__ferry_leave))) =
//!      __ferry_enter(SITE, N, values...); __ferry_entity(...); ... S }`:
//!      entering an *instance* of the statement logs the values of its
//!      visible variables and pushes the instance; the cleanup pops it on
//!      every way out of the statement (`break`, `return`, `goto`). A
//!      declaration gets the same calls before it and an explicit
//!      `__ferry_leave` after it. The first clause of a `for`, which ferry
//!      lists apart, cannot be traced on its own;
//!    - at entry, each entity (array path) its regions name is described by
//!      addresses, not names: the address of its element `[0]...[0]`, the
//!      address difference one step along each dimension (the strides, as
//!      the compiler lays the memory out), the length of each array
//!      dimension and the element size (`resolve_entity` places the
//!      index steps of a path such as `s.f.a` from the C declarations);
//!    - every read and write of memory through `a[i]`, `*p`, `p->f` or
//!      `x.f`, and of the variables whose address is taken or whose members
//!      are named, is rewritten into a GNU statement expression that
//!      evaluates each subexpression once and logs the address and size
//!      (`x += e` and `++x` both read and write; `&a[i]` is no access; an
//!      lvalue of array type is no access either, which the compiler tells
//!      through `__builtin_types_compatible_p`). Other scalars, which only
//!      their name reaches, are not logged: their zero-dimensional regions
//!      are checked for coverage only;
//!    - every object is logged when it begins: locals and parameters when
//!      their declaration runs (a `for (int i ...)` becomes `{ int i ...;
//!      for (;...) }` for that), globals and `argv` at the start of `main`,
//!      static locals, and heap blocks (`malloc` and its kin are renamed to
//!      logging versions). Accesses to objects created during an instance
//!      (locals of the statement or of its callees, which regions do not
//!      report) are told apart from misses that way, and a pointer entity
//!      only explains accesses to the object it points into.
//!
//!    The runtime ([`RUNTIME_C`]) is a second translation unit; it writes
//!    the trace to `$FERRY_TRACE`.
//! 3. [`replay`] reads the trace: an access counts for every instance on the
//!    stack, so accesses made by callees through pointer parameters count
//!    for the caller's statement, at the caller's array, by address. Each
//!    instance ends with, per entity, the elements it read, wrote, read
//!    before writing them (IN), and wrote and that a later access reads
//!    before any overwrites them (OUT, known once the run is over).
//! 4. [`check_instances`] checks each instance with isl, after fixing the
//!    regions' parameters to the values logged at entry: an EXACT region
//!    equals the traced set of its entity, a MAY region contains it, and
//!    every traced access is covered by a region of its kind (an access no
//!    region names is a missing region); `*ANYWHERE*` covers what MAY
//!    regions miss, with a note.
//!
//! Limits, reported as notes rather than violations: an entity whose
//! elements are reached through a pointer after an index (`q->p[i]`, `a[i][j]`
//! with `int *a[]`) has no linear layout and is not checked; a region over
//! a variable hidden at the statement is checked only for containment. What
//! library functions read and write through their arguments is not traced:
//! a test program must not rely on it (printing scalars is fine).

use crate::trace::{
    self, ProbeKind, ProbeSite, Variable, call, empty_stmt, expr, int_val, str_field, u32_field,
};
use ferry_parser::ParsedFile;
use ferry_parser::ast::{
    ArraySize, AssignOp, Attribute, Block, BlockItem, BuiltinType, DeclSpecifier, Declaration,
    Declarator, Expr, ExprKind, ExternalDecl, ForInit, FunctionDef, FunctionParams, InitDeclarator,
    InitItem, Initializer, StmtKind, StorageClass, StringLit, StructMember, StructType,
    TypeSpecifier, UnaryOp, old_style_declaration,
};
use ferry_parser::ast::{BinaryOp, Stmt};
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
use isl_rs::{Context, DimType, Set};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;

// ---------------------------------------------------------------------------
// The JSON of `ferry regions --json`.

/// What a region describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RegionKind {
    Read,
    Write,
    In,
    Out,
}

impl RegionKind {
    pub fn name(self) -> &'static str {
        match self {
            RegionKind::Read => "read",
            RegionKind::Write => "write",
            RegionKind::In => "in",
            RegionKind::Out => "out",
        }
    }
}

/// One region of a statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Region {
    /// The access path: `a`, `s.f.a`, `p.x`.
    pub array: String,
    pub kind: RegionKind,
    /// EXACT (the set is the touched elements) or MAY (a superset).
    pub exact: bool,
    pub isl: String,
    pub dims: usize,
    /// A flat pointer seen with rows: the C names of its row lengths.
    pub rows: Vec<String>,
    /// For a MAY region, the elements it claims are surely touched (a
    /// subset of the touched ones), where it knows some.
    pub sure: Option<String>,
    /// Whether `sure` claims to be all the touched elements.
    pub sure_is_all: bool,
}

impl Region {
    /// `<a[PHI1]-R-EXACT-{...}>`-like text for reports.
    pub fn describe(&self) -> String {
        format!(
            "{}-{}-{} {}",
            self.array,
            match self.kind {
                RegionKind::Read => "R",
                RegionKind::Write => "W",
                RegionKind::In => "IN",
                RegionKind::Out => "OUT",
            },
            if self.exact { "EXACT" } else { "MAY" },
            self.isl
        )
    }
}

/// A statement of the JSON output, with its regions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegionStatement {
    pub function: String,
    pub line: u32,
    pub column: u32,
    pub kind: String,
    pub variables: Vec<Variable>,
    pub regions: Vec<Region>,
}

impl RegionStatement {
    /// The variables whose values are traced, in the order of the trace.
    pub fn traced(&self) -> impl Iterator<Item = &Variable> {
        self.variables.iter().filter(|v| v.visible)
    }

    /// The distinct entities (path, dimensions) its regions name, in order.
    pub fn entities(&self) -> Vec<Entity> {
        let mut out: Vec<Entity> = Vec::new();
        for r in &self.regions {
            let entity = Entity {
                path: r.array.clone(),
                dims: r.dims,
                rows: r.rows.clone(),
            };
            if !out.contains(&entity) {
                out.push(entity);
            }
        }
        out
    }

    /// `12:5 (expr in `main`)`.
    pub fn position(&self) -> String {
        format!(
            "{}:{} ({} in `{}`)",
            self.line, self.column, self.kind, self.function
        )
    }
}

/// An array path and its number of dimensions: `p` indexed once (the
/// pointers in `p`) and `p` indexed twice are two entities.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Entity {
    pub path: String,
    pub dims: usize,
    /// A flat pointer seen with rows: the C names of the row lengths
    /// (`rows` in `regions/CONTRACT.md`); empty otherwise.
    pub rows: Vec<String>,
}

impl Entity {
    /// The isl tuple name of the path (`s.f` is `s__f`).
    pub fn tuple(&self) -> String {
        self.path.replace("->", "__").replace('.', "__")
    }
}

/// Reads the output of `ferry regions --json`: every statement of every
/// function, declarations included, in order.
pub fn parse_regions(json: &str) -> Result<Vec<RegionStatement>, String> {
    let root: serde_json::Value =
        serde_json::from_str(json).map_err(|e| format!("the output is not JSON: {e}"))?;
    let functions = root
        .get("functions")
        .and_then(|f| f.as_array())
        .ok_or("no `functions` array at the top level")?;
    let mut statements = Vec::new();
    for function in functions {
        let name = str_field(function, "name")?;
        let listed = function
            .get("statements")
            .and_then(|s| s.as_array())
            .ok_or_else(|| format!("function `{name}` has no `statements` array"))?;
        if let Some(summary) = function.get("regions") {
            parse_region_list(summary).map_err(|e| format!("summary of `{name}`: {e}"))?;
        }
        for statement in listed {
            let kind = str_field(statement, "kind")?;
            let line = u32_field(statement, "line")?;
            let column = u32_field(statement, "column")?;
            let at = |e: String| format!("{line}:{column} in `{name}`: {e}");
            let variables = statement
                .get("variables")
                .and_then(|v| v.as_array())
                .ok_or_else(|| at("no `variables` array".into()))?
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
                .collect::<Result<Vec<_>, String>>()
                .map_err(at)?;
            let regions = parse_region_list(
                statement
                    .get("regions")
                    .ok_or_else(|| at("no `regions` array".into()))?,
            )
            .map_err(at)?;
            statements.push(RegionStatement {
                function: name.clone(),
                line,
                column,
                kind,
                variables,
                regions,
            });
        }
    }
    Ok(statements)
}

fn parse_region_list(value: &serde_json::Value) -> Result<Vec<Region>, String> {
    value
        .as_array()
        .ok_or("`regions` is not an array")?
        .iter()
        .map(|r| {
            let kind = match str_field(r, "kind")?.as_str() {
                "read" => RegionKind::Read,
                "write" => RegionKind::Write,
                "in" => RegionKind::In,
                "out" => RegionKind::Out,
                other => return Err(format!("unknown region kind `{other}`")),
            };
            let exact = match str_field(r, "approx")?.as_str() {
                "exact" => true,
                "may" => false,
                other => return Err(format!("unknown approximation `{other}`")),
            };
            let dims = r
                .get("dims")
                .and_then(|d| d.as_u64())
                .ok_or_else(|| format!("a region without integer `dims`: {r}"))?;
            let sure = match r.get("sure") {
                None => None,
                Some(_) => Some(str_field(r, "sure")?),
            };
            let rows = match r.get("rows") {
                None => Vec::new(),
                Some(rows) => rows
                    .as_array()
                    .and_then(|a| a.iter().map(|v| v.as_str().map(String::from)).collect())
                    .ok_or_else(|| format!("`rows` is not a list of names: {r}"))?,
            };
            Ok(Region {
                rows,
                array: str_field(r, "array")?,
                kind,
                exact,
                isl: str_field(r, "isl")?,
                dims: dims as usize,
                sure,
                sure_is_all: r.get("sure_is_all").and_then(|v| v.as_bool()) == Some(true),
            })
        })
        .collect()
}

// ---------------------------------------------------------------------------
// C declarations, as far as the layout of an entity needs them.

/// One index step of a type: through an array (whose length `sizeof` gives
/// when `sized`) or through a pointer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layer {
    Array {
        sized: bool,
    },
    Pointer,
    /// Not an index step: what a function pointer points to.
    Function,
}

/// What a type reaches after its index steps.
#[derive(Debug, Clone, Copy)]
enum Base<'u> {
    /// A struct or union with these members.
    Record(&'u [StructMember]),
    /// A struct or union whose members this file does not show.
    Incomplete,
    Scalar,
}

#[derive(Debug, Clone)]
struct TypeView<'u> {
    layers: Vec<Layer>,
    base: Base<'u>,
}

/// A declaration visible at some point: an object, a parameter or a typedef.
#[derive(Debug, Clone, Copy)]
struct Visible<'u> {
    name: Symbol,
    specifiers: &'u [DeclSpecifier],
    declarator: &'u Declarator,
    param: bool,
    typedef: bool,
    register: bool,
    /// Declared with an initializer: `int a[] = {...}` then has a length.
    initialized: bool,
}

/// The declarations visible at a statement, innermost last, and the struct
/// definitions of the file by tag.
struct Scope<'u, 't> {
    visible: &'t [Visible<'u>],
    /// The names the declaration at the site declares (none for statements).
    declared: &'t [Symbol],
    tags: &'t HashMap<Symbol, &'u [StructMember]>,
}

impl<'u> Scope<'u, '_> {
    fn lookup(&self, name: &str, typedef: bool) -> Option<&Visible<'u>> {
        self.visible
            .iter()
            .rev()
            .find(|v| v.name.as_str() == name && v.typedef == typedef)
    }

    fn type_of(&self, v: &Visible<'u>) -> Result<TypeView<'u>, String> {
        let mut view = self.type_from(v.specifiers, v.declarator, v.param, 0)?;
        if v.initialized
            && let Some(first @ Layer::Array { sized: false }) = view.layers.first_mut()
        {
            // The initializer completes the type: `sizeof` knows its length.
            *first = Layer::Array { sized: true };
        }
        Ok(view)
    }

    fn type_from(
        &self,
        specifiers: &'u [DeclSpecifier],
        declarator: &'u Declarator,
        param: bool,
        depth: usize,
    ) -> Result<TypeView<'u>, String> {
        if depth > 32 {
            return Err("typedefs nested too deep".into());
        }
        let mut layers = Vec::new();
        declarator_layers(declarator, &mut layers);
        if let Some(at) = layers.iter().position(|l| *l == Layer::Function) {
            // A function (pointer): the index steps end before the function.
            layers.truncate(at);
            return Ok(TypeView {
                layers,
                base: Base::Scalar,
            });
        }
        if param && let Some(first) = layers.first_mut() {
            // A parameter declared as an array is a pointer.
            *first = Layer::Pointer;
        }
        for s in specifiers {
            match s {
                DeclSpecifier::Type(TypeSpecifier::Struct(st)) => {
                    return Ok(TypeView {
                        layers,
                        base: self.record(st),
                    });
                }
                DeclSpecifier::Type(TypeSpecifier::TypedefName(name, _)) => {
                    let def = self
                        .lookup(name.as_str(), true)
                        .ok_or_else(|| format!("typedef `{name}` not found"))?;
                    let inner = self.type_from(def.specifiers, def.declarator, false, depth + 1)?;
                    layers.extend(inner.layers);
                    return Ok(TypeView {
                        layers,
                        base: inner.base,
                    });
                }
                DeclSpecifier::Type(
                    TypeSpecifier::TypeofExpr(..)
                    | TypeSpecifier::TypeofType(..)
                    | TypeSpecifier::Atomic(..),
                ) => return Err("a `typeof` or `_Atomic(...)` type".into()),
                _ => {}
            }
        }
        Ok(TypeView {
            layers,
            base: Base::Scalar,
        })
    }

    fn record(&self, st: &'u StructType) -> Base<'u> {
        if let Some(members) = &st.members {
            return Base::Record(members);
        }
        st.tag
            .and_then(|tag| self.tags.get(&tag))
            .map_or(Base::Incomplete, |members| Base::Record(members))
    }

    /// The type of member `name` (looking into anonymous members), and
    /// whether it is a bit-field.
    fn field(
        &self,
        members: &'u [StructMember],
        name: &str,
    ) -> Result<Option<(TypeView<'u>, bool)>, String> {
        for member in members {
            let StructMember::Field {
                specifiers,
                declarators,
                ..
            } = member
            else {
                continue;
            };
            if declarators.is_empty() {
                // An anonymous struct or union: its members are the parent's.
                let inner = self.type_from(specifiers, &Declarator::Abstract, false, 0);
                if let Ok(TypeView {
                    base: Base::Record(inner),
                    ..
                }) = inner
                    && let Some(found) = self.field(inner, name)?
                {
                    return Ok(Some(found));
                }
                continue;
            }
            for d in declarators {
                let Some(declarator) = &d.declarator else {
                    continue;
                };
                if declarator.name().is_some_and(|(n, _)| n.as_str() == name) {
                    let ty = self.type_from(specifiers, declarator, false, 0)?;
                    return Ok(Some((ty, d.bit_width.is_some())));
                }
            }
        }
        Ok(None)
    }
}

/// The derivations a declarator applies to its name, innermost (first
/// subscript) first: `int *a[3]` is an array of pointers, `[Array,
/// Pointer]`; `int (*f)(void)` a pointer to a function, `[Pointer, Function]`.
fn declarator_layers(d: &Declarator, out: &mut Vec<Layer>) {
    match d {
        Declarator::Ident(..) | Declarator::Abstract => {}
        Declarator::Paren(inner) => declarator_layers(inner, out),
        Declarator::Pointer { inner, .. } => {
            declarator_layers(inner, out);
            out.push(Layer::Pointer);
        }
        Declarator::Array { inner, size, .. } => {
            declarator_layers(inner, out);
            out.push(Layer::Array {
                sized: matches!(size, ArraySize::Expr(_)),
            });
        }
        Declarator::Function { inner, .. } => {
            declarator_layers(inner, out);
            out.push(Layer::Function);
        }
    }
}

/// One step of an entity's element expression.
#[derive(Debug, Clone)]
enum Step {
    Index(Layer),
    Field(Symbol),
}

/// How to compute the layout of an entity at a statement: the element
/// expression `root` + `steps`.
#[derive(Debug, Clone)]
pub struct EntityPlan {
    root: Symbol,
    steps: Vec<Step>,
    /// A flat pointer seen with rows: the row lengths; its first
    /// `1 + rows.len()` index steps are one flat subscript.
    rows: Vec<Symbol>,
}

/// Why an entity is not checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unchecked {
    /// Its layout is not linear in its indices (a pointer reached through
    /// an index): a limit of this checker.
    NotLinear(String),
    /// The path does not denote an object at the statement: a breach of the
    /// contract, or a C construct this checker does not follow.
    Unresolved(String),
    /// `*ANYWHERE*`: any memory (what a library call may touch). It covers
    /// every access of its kind; it has no layout.
    Anywhere,
    /// A variable no pointer can reach (a `register` scalar, a bit-field):
    /// its accesses are never logged, so there is nothing to check.
    NoAddress,
    /// A variable not visible at the statement (a [`Breach`]): presumably a
    /// local declared inside it, whose accesses the trace leaves out anyway.
    NotVisible,
    /// A variable that the declaration at the site declares: it does not
    /// exist at the declaration's entry (and its initialisation is not
    /// traced).
    Declared,
}

/// Where the JSON departs from `regions/CONTRACT.md` in how it names an
/// entity (the regions themselves are still checked where they can be).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Breach {
    pub site: usize,
    pub array: String,
    /// `isl-name`: the path starts with the isl name of a variable, not its
    /// C name. `not-visible`: the path starts with a variable that is not
    /// visible at the statement (a local declared inside it, whose regions
    /// are not to be reported). `dims`: more dimensions than the C type of
    /// the path has subscripts (a scalar has none).
    pub code: &'static str,
    pub message: String,
}

impl Unchecked {
    /// Whether accesses the statement makes may belong to this entity
    /// without the trace knowing it (so that an unexplained access is no
    /// proof of a missing region).
    fn hides_accesses(&self) -> bool {
        matches!(self, Unchecked::NotLinear(_) | Unchecked::Unresolved(_))
    }
}

/// The entity of any memory.
pub const ANYWHERE: &str = "*ANYWHERE*";

/// Places the index steps of `entity` along its path, from the C
/// declarations visible at the statement.
fn resolve_entity(
    entity: &Entity,
    scope: &Scope<'_, '_>,
    statement: &RegionStatement,
    breach: &mut Option<(&'static str, String)>,
) -> Result<EntityPlan, Unchecked> {
    if entity.path == ANYWHERE {
        return Err(Unchecked::Anywhere);
    }
    let unresolved = |why: String| Unchecked::Unresolved(format!("`{}`: {why}", entity.path));
    let mut parts = entity.path.split('.');
    let mut root = parts.next().unwrap_or("");
    let fields: Vec<&str> = parts.collect();
    // `p->n...`: a member of what the pointer `p` points to, seen by ferry
    // as a variable of its own; its element expressions start at `p->n`.
    let mut arrow_member = None;
    if let Some((pointer, member)) = root.split_once("->") {
        root = pointer;
        arrow_member = Some(member);
    }
    let known = |name: &str| {
        scope.lookup(name, false).is_some() || scope.declared.iter().any(|d| d.as_str() == name)
    };
    if !known(root) {
        // The isl name of a variable (`i_2` for the second `i`) in place of
        // its C name: a breach of the contract; go on under the C name.
        let listed = statement.variables.iter().find(|v| v.isl == root);
        if listed.is_some_and(|v| !v.visible) {
            return Err(unresolved(format!(
                "the variable `{root}` is hidden at the statement"
            )));
        }
        let c_name = listed
            .map(|v| v.c.as_str())
            .or_else(|| {
                let (stem, number) = root.rsplit_once('_')?;
                number.parse::<u32>().ok()?;
                Some(stem)
            })
            .filter(|c| *c != root && known(c));
        match c_name {
            Some(c) => {
                *breach = Some((
                    "isl-name",
                    format!("`{root}` is not a C name; the variable is `{c}`"),
                ));
                root = c;
            }
            None => {
                *breach = Some((
                    "not-visible",
                    format!(
                        "no variable `{root}` is visible at the statement (regions of locals \
                         declared inside a statement are not to be reported)"
                    ),
                ));
                return Err(Unchecked::NotVisible);
            }
        }
    }
    if scope.declared.iter().any(|d| d.as_str() == root) {
        return Err(Unchecked::Declared);
    }
    let var = scope
        .lookup(root, false)
        .ok_or_else(|| unresolved(format!("no variable `{root}` is visible at the statement")))?;
    if var.register {
        return Err(if entity.dims == 0 && fields.is_empty() {
            Unchecked::NoAddress
        } else {
            unresolved(format!("`{root}` is a register variable"))
        });
    }
    let mut ty = scope.type_of(var).map_err(&unresolved)?;
    let mut steps = Vec::new();
    let mut bit_field = false;
    let mut plan_root = root.to_string();
    if let Some(member) = arrow_member {
        let (Base::Record(members), [Layer::Pointer]) = (&ty.base, ty.layers.as_slice()) else {
            return Err(unresolved(format!(
                "`{root}->{member}` on something that is not a pointer to a known struct"
            )));
        };
        let (member_ty, is_bit_field) = scope
            .field(members, member)
            .map_err(&unresolved)?
            .ok_or_else(|| unresolved(format!("no member `{member}`")))?;
        ty = member_ty;
        bit_field = is_bit_field;
        plan_root = format!("{root}->{member}");
    }
    for field in &fields {
        steps.extend(ty.layers.iter().map(|l| Step::Index(*l)));
        let Base::Record(members) = ty.base else {
            return Err(unresolved(format!(
                "the path reaches `.{field}` on something that is not a known struct"
            )));
        };
        let (field_ty, is_bit_field) = scope
            .field(members, field)
            .map_err(&unresolved)?
            .ok_or_else(|| unresolved(format!("no member `{field}`")))?;
        steps.push(Step::Field(Symbol::intern(field)));
        ty = field_ty;
        bit_field = is_bit_field;
    }
    if !entity.rows.is_empty() {
        // `p[r * cols + c]` seen as `p[r][c]`: one pointer step, then one
        // step per row length.
        if !fields.is_empty() || ty.layers.first() != Some(&Layer::Pointer) {
            return Err(unresolved(
                "rows on something that is not a pointer variable".into(),
            ));
        }
        let viewed = 1 + entity.rows.len();
        if entity.dims < viewed || entity.dims - viewed > ty.layers.len() - 1 {
            return Err(unresolved(format!(
                "{} dimension(s) for a pointer seen with {} row length(s)",
                entity.dims,
                entity.rows.len()
            )));
        }
        steps.push(Step::Index(Layer::Pointer));
        steps.extend((0..entity.rows.len()).map(|_| Step::Index(Layer::Array { sized: false })));
        steps.extend(
            ty.layers[1..1 + entity.dims - viewed]
                .iter()
                .map(|l| Step::Index(*l)),
        );
        return Ok(EntityPlan {
            root: Symbol::intern(&plan_root),
            steps,
            rows: entity.rows.iter().map(|r| Symbol::intern(r)).collect(),
        });
    }
    let indexed = steps.iter().filter(|s| matches!(s, Step::Index(_))).count();
    let remaining = entity.dims.checked_sub(indexed).ok_or_else(|| {
        unresolved(format!(
            "{} dimensions, but the path already takes {indexed} subscripts",
            entity.dims
        ))
    })?;
    if remaining > ty.layers.len() {
        let why = format!(
            "{} dimension(s), but its C type allows {}",
            entity.dims,
            indexed + ty.layers.len()
        );
        *breach = Some(("dims", why.clone()));
        return Err(unresolved(why));
    }
    steps.extend(ty.layers[..remaining].iter().map(|l| Step::Index(*l)));
    if bit_field && remaining == 0 {
        return Err(Unchecked::NoAddress);
    }
    let pointer_after_index = steps
        .iter()
        .filter_map(|s| match s {
            Step::Index(layer) => Some(layer),
            Step::Field(_) => None,
        })
        .skip(1)
        .any(|l| *l == Layer::Pointer);
    if pointer_after_index {
        return Err(Unchecked::NotLinear(format!(
            "`{}` with {} dimensions goes through a pointer after a subscript",
            entity.path, entity.dims
        )));
    }
    Ok(EntityPlan {
        root: Symbol::intern(&plan_root),
        steps,
        rows: Vec::new(),
    })
}

impl EntityPlan {
    /// The element expression with subscript `index(d)` in dimension `d`,
    /// cut before step `upto`.
    fn element(&self, upto: usize, index: &dyn Fn(usize) -> Expr) -> Expr {
        let mut e = ident(self.root.as_str());
        let mut d = 0;
        let mut steps = &self.steps[..upto];
        if !self.rows.is_empty() && upto > self.rows.len() {
            // ((i1 * r2 + i2) * r3 + i3): the flat subscript of the rows.
            let flat = self.rows.iter().enumerate().fold(index(0), |acc, (k, r)| {
                let scaled = expr(ExprKind::Binary(
                    BinaryOp::Mul,
                    Box::new(paren(acc)),
                    Box::new(ident(r.as_str())),
                ));
                expr(ExprKind::Binary(
                    BinaryOp::Add,
                    Box::new(scaled),
                    Box::new(index(k + 1)),
                ))
            });
            e = expr(ExprKind::Index(Box::new(e), Box::new(flat)));
            d = 1 + self.rows.len();
            steps = &steps[d..];
        }
        for step in steps {
            e = match step {
                Step::Index(_) => {
                    let i = index(d);
                    d += 1;
                    expr(ExprKind::Index(Box::new(e), Box::new(i)))
                }
                Step::Field(f) => expr(ExprKind::Member(Box::new(e), *f)),
            };
        }
        e
    }

    /// `__ferry_entity(K, N, sizeof(E0), &(E0), &(E1), LEN1, ...)` where
    /// `E0` is the element `[0]...[0]`, `Ed` the element one step along
    /// dimension `d`, and `LENd` the length of that dimension (0 for a
    /// pointer).
    fn descriptor_call(&self, k: usize) -> Stmt {
        let n = self.steps.len();
        let zero = |_: usize| int_lit("0");
        let e0 = self.element(n, &zero);
        let dims = self
            .steps
            .iter()
            .filter(|s| matches!(s, Step::Index(_)))
            .count();
        let mut args = vec![
            int_lit(&k.to_string()),
            int_lit(&dims.to_string()),
            sizeof(e0.clone()),
            address_of(e0),
        ];
        let mut d = 0;
        for (at, step) in self.steps.iter().enumerate() {
            let Step::Index(layer) = step else {
                continue;
            };
            let unit = |i: usize| int_lit(if i == d { "1" } else { "0" });
            args.push(address_of(self.element(n, &unit)));
            args.push(match layer {
                // A row length of a flat pointer seen with rows.
                Layer::Array { sized: false } if (1..=self.rows.len()).contains(&d) => {
                    expr(ExprKind::Binary(
                        BinaryOp::Add,
                        Box::new(int_lit("0UL")),
                        Box::new(ident(self.rows[d - 1].as_str())),
                    ))
                }
                Layer::Array { sized: true } => {
                    let prefix = self.element(at, &zero);
                    let first = expr(ExprKind::Index(
                        Box::new(prefix.clone()),
                        Box::new(int_lit("0")),
                    ));
                    expr(ExprKind::Binary(
                        BinaryOp::Div,
                        Box::new(sizeof(prefix)),
                        Box::new(sizeof(first)),
                    ))
                }
                _ => int_lit("0UL"),
            });
            d += 1;
        }
        expr_stmt(call("__ferry_entity", args))
    }
}

/// Collects, for the statements that start at `wanted` positions, the
/// declarations visible there (in the functions of the main file).
struct ScopeWalker<'u, 'w> {
    parsed: &'u ParsedFile,
    wanted: &'w HashSet<(u32, u32)>,
    stack: Vec<Visible<'u>>,
    /// Per position: the visible declarations, and the names the
    /// declaration there declares.
    found: HashMap<(u32, u32), (Vec<Visible<'u>>, Vec<Symbol>)>,
}

/// The names of a definition's parameters, in order.
fn parameter_names(f: &FunctionDef) -> Vec<Symbol> {
    match f.declarator.function_params() {
        Some(FunctionParams::Prototype { params, .. }) => params
            .iter()
            .filter_map(|p| Some(p.declarator.name()?.0))
            .collect(),
        Some(FunctionParams::Identifiers(names)) => names.iter().map(|&(n, _)| n).collect(),
        None => Vec::new(),
    }
}

/// The named parameters of a definition with their specifiers and
/// declarators: a prototype's, or an old-style definition's declared ones
/// (one left undeclared is an `int` with no declaration to point at: the
/// test programs declare those whose objects the trace must know).
fn parameters(f: &FunctionDef) -> Vec<(Symbol, &[DeclSpecifier], &Declarator)> {
    match f.declarator.function_params() {
        Some(FunctionParams::Prototype { params, .. }) => params
            .iter()
            .filter_map(|p| Some((p.declarator.name()?.0, &p.specifiers[..], &p.declarator)))
            .collect(),
        Some(FunctionParams::Identifiers(names)) => names
            .iter()
            .filter_map(|&(name, _)| {
                let (specifiers, declarator) = old_style_declaration(&f.old_style_params, name)?;
                Some((name, specifiers, declarator))
            })
            .collect(),
        None => Vec::new(),
    }
}

impl<'u> ScopeWalker<'u, '_> {
    fn note(&mut self, span: Span) {
        self.note_declaring(span, None);
    }

    fn note_declaring(&mut self, span: Span, declaration: Option<&Declaration>) {
        if !self.parsed.source_map.in_main_file(span.lo) {
            return;
        }
        let at = self.parsed.source_map.locate(span.lo);
        let key = (at.line, at.column);
        if self.wanted.contains(&key) && !self.found.contains_key(&key) {
            let declared = match declaration {
                Some(Declaration::Normal { declarators, .. }) => declarators
                    .iter()
                    .filter_map(|d| d.declarator.name().map(|(n, _)| n))
                    .collect(),
                _ => Vec::new(),
            };
            self.found.insert(key, (self.stack.clone(), declared));
        }
    }

    fn declare(&mut self, declaration: &'u Declaration) {
        let Declaration::Normal {
            specifiers,
            declarators,
            ..
        } = declaration
        else {
            return;
        };
        let typedef = has_storage(specifiers, StorageClass::Typedef);
        let register = has_storage(specifiers, StorageClass::Register);
        for d in declarators {
            if let Some((name, _)) = d.declarator.name() {
                self.stack.push(Visible {
                    name,
                    specifiers,
                    declarator: &d.declarator,
                    param: false,
                    typedef,
                    register,
                    initialized: d.initializer.is_some(),
                });
            }
        }
    }

    fn function(&mut self, f: &'u FunctionDef) {
        let depth = self.stack.len();
        for (name, specifiers, declarator) in parameters(f) {
            self.stack.push(Visible {
                name,
                specifiers,
                declarator,
                param: true,
                typedef: false,
                register: has_storage(specifiers, StorageClass::Register),
                initialized: false,
            });
        }
        self.note(f.body.span);
        self.block(&f.body);
        self.stack.truncate(depth);
    }

    fn block(&mut self, b: &'u Block) {
        let depth = self.stack.len();
        for item in &b.items {
            match item {
                BlockItem::Declaration(d) => {
                    self.note_declaring(d.span(), Some(d));
                    self.declare(d);
                }
                BlockItem::Statement(s) => self.stmt(s),
                BlockItem::Pragma(_) => {}
            }
        }
        self.stack.truncate(depth);
    }

    fn stmt(&mut self, s: &'u Stmt) {
        self.note(s.span);
        let depth = self.stack.len();
        match &s.kind {
            StmtKind::Labeled { body, .. }
            | StmtKind::Case { body, .. }
            | StmtKind::Default(body)
            | StmtKind::Switch { body, .. }
            | StmtKind::While { body, .. }
            | StmtKind::DoWhile { body, .. } => self.stmt(body),
            StmtKind::For { init, body, .. } => {
                match init {
                    ForInit::Declaration(d) => {
                        self.note_declaring(d.span(), Some(d));
                        self.declare(d);
                    }
                    ForInit::Expr(e) => self.note(e.span),
                    ForInit::Empty => {}
                }
                self.stmt(body);
            }
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                self.stmt(then_branch);
                if let Some(e) = else_branch {
                    self.stmt(e);
                }
            }
            StmtKind::Compound(b) => self.block(b),
            _ => {}
        }
        self.stack.truncate(depth);
    }
}

fn has_storage(specifiers: &[DeclSpecifier], class: StorageClass) -> bool {
    specifiers
        .iter()
        .any(|s| matches!(s, DeclSpecifier::Storage(c) if *c == class))
}

/// Every struct or union definition of the file with a tag, by tag (the
/// first one wins).
fn struct_tags(parsed: &ParsedFile) -> HashMap<Symbol, &[StructMember]> {
    fn specifiers<'u>(s: &'u [DeclSpecifier], out: &mut HashMap<Symbol, &'u [StructMember]>) {
        for s in s {
            if let DeclSpecifier::Type(TypeSpecifier::Struct(st)) = s
                && let Some(members) = &st.members
            {
                if let Some(tag) = st.tag {
                    out.entry(tag).or_insert(members);
                }
                for m in members {
                    if let StructMember::Field { specifiers: f, .. } = m {
                        specifiers(f, out);
                    }
                }
            }
        }
    }
    fn block<'u>(b: &'u Block, out: &mut HashMap<Symbol, &'u [StructMember]>) {
        for item in &b.items {
            match item {
                BlockItem::Declaration(Declaration::Normal { specifiers: s, .. }) => {
                    specifiers(s, out)
                }
                BlockItem::Statement(s) => stmt(s, out),
                _ => {}
            }
        }
    }
    fn stmt<'u>(s: &'u Stmt, out: &mut HashMap<Symbol, &'u [StructMember]>) {
        match &s.kind {
            StmtKind::Labeled { body, .. }
            | StmtKind::Case { body, .. }
            | StmtKind::Default(body)
            | StmtKind::Switch { body, .. }
            | StmtKind::While { body, .. }
            | StmtKind::DoWhile { body, .. } => stmt(body, out),
            StmtKind::For { init, body, .. } => {
                if let ForInit::Declaration(d) = init
                    && let Declaration::Normal { specifiers: s, .. } = d.as_ref()
                {
                    specifiers(s, out);
                }
                stmt(body, out);
            }
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                stmt(then_branch, out);
                if let Some(e) = else_branch {
                    stmt(e, out);
                }
            }
            StmtKind::Compound(b) => block(b, out),
            _ => {}
        }
    }
    let mut out = HashMap::new();
    for item in &parsed.unit.items {
        match item {
            ExternalDecl::Declaration(Declaration::Normal { specifiers: s, .. }) => {
                specifiers(s, &mut out)
            }
            ExternalDecl::FunctionDef(f) => {
                specifiers(&f.specifiers, &mut out);
                block(&f.body, &mut out);
            }
            _ => {}
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Instrumentation.

/// The runtime of instrumented programs, a translation unit of its own.
///
/// Trace lines: `E SITE V...` (an instance starts), `D K ELEMSIZE BASE NDIMS
/// (STRIDE LEN)...` (entity K of the instance just started), `X` (the
/// innermost instance ends), `R ADDR SIZE` / `W ADDR SIZE` (an access), `O
/// ADDR SIZE NAME` (an object starts to exist), `S ADDR SIZE NAME` (a static
/// local's declaration is passed), `H ADDR SIZE heap` / `F ADDR` (a heap
/// block is allocated / freed). Written in C89 (no declaration in a `for`):
/// it is built with the program's flags, `-std=gnu89` for old-style code.
pub const RUNTIME_C: &str = r#"#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *ferry_out;
#define FERRY_MAX_DEPTH 65536
static long ferry_stack[FERRY_MAX_DEPTH];
static int ferry_depth;
static long ferry_serial;

static FILE *ferry_file(void) {
    if (!ferry_out) {
        const char *path = getenv("FERRY_TRACE");
        ferry_out = path ? fopen(path, "w") : stderr;
        if (!ferry_out) {
            perror("FERRY_TRACE");
            abort();
        }
        setvbuf(ferry_out, NULL, _IOFBF, 1 << 20);
    }
    return ferry_out;
}

long __ferry_enter(int site, int count, ...) {
    FILE *f = ferry_file();
    if (ferry_depth == FERRY_MAX_DEPTH) {
        fputs("ferry trace: instances nested too deep\n", stderr);
        abort();
    }
    long serial = ++ferry_serial;
    ferry_stack[ferry_depth++] = serial;
    fprintf(f, "E %d", site);
    va_list ap;
    va_start(ap, count);
    int i;
    for (i = 0; i < count; i++) {
        int negative = va_arg(ap, int);
        long long s = va_arg(ap, long long);
        unsigned long long u = va_arg(ap, unsigned long long);
        if (negative)
            fprintf(f, " %lld", s);
        else
            fprintf(f, " %llu", u);
    }
    va_end(ap);
    fputc('\n', f);
    return serial;
}

/* Ends the instance `*serial` (and any left open inside it). A jump into the
   middle of a traced statement skips its entry, so the cleanup finds a
   serial that is on no stack: nothing to end. */
void __ferry_leave(long *serial) {
    int d;
    for (d = ferry_depth - 1; d >= 0; d--) {
        if (ferry_stack[d] == *serial) {
            while (ferry_depth > d) {
                ferry_depth--;
                fputs("X\n", ferry_file());
            }
            return;
        }
    }
}

void __ferry_entity(int k, int dims, unsigned long elem, const volatile void *base, ...) {
    FILE *f = ferry_file();
    fprintf(f, "D %d %lu %lu %d", k, elem, (unsigned long)base, dims);
    va_list ap;
    va_start(ap, base);
    int d;
    for (d = 0; d < dims; d++) {
        const volatile char *unit = va_arg(ap, const volatile char *);
        unsigned long len = va_arg(ap, unsigned long);
        fprintf(f, " %ld %lu", (long)(unit - (const volatile char *)base), len);
    }
    va_end(ap);
    fputc('\n', f);
}

/* Every access is logged, inside a traced statement or not: a read after
   the last instance decides what that instance's writes were for (OUT). */
void __ferry_access(int write, const volatile void *p, unsigned long size, int is_array) {
    if (is_array)
        return;
    fprintf(ferry_file(), "%c %lu %lu\n", write ? 'W' : 'R', (unsigned long)p, size);
}

void __ferry_object(const volatile void *p, unsigned long size, const char *name) {
    fprintf(ferry_file(), "O %lu %lu %s\n", (unsigned long)p, size, name);
}

void __ferry_lasting(const volatile void *p, unsigned long size, const char *name) {
    fprintf(ferry_file(), "S %lu %lu %s\n", (unsigned long)p, size, name);
}

/* Heap blocks, so that a pointer into one is not taken to reach others. */
void *__ferry_malloc(unsigned long size) {
    void *p = malloc(size);
    if (p)
        fprintf(ferry_file(), "H %lu %lu heap\n", (unsigned long)p, size);
    return p;
}

void *__ferry_calloc(unsigned long n, unsigned long size) {
    void *p = calloc(n, size);
    if (p)
        fprintf(ferry_file(), "H %lu %lu heap\n", (unsigned long)p, n * size);
    return p;
}

void *__ferry_realloc(void *old, unsigned long size) {
    void *p = realloc(old, size);
    if (p && old)
        fprintf(ferry_file(), "F %lu\n", (unsigned long)old);
    if (p)
        fprintf(ferry_file(), "H %lu %lu heap\n", (unsigned long)p, size);
    return p;
}

void __ferry_free(void *p) {
    if (p)
        fprintf(ferry_file(), "F %lu\n", (unsigned long)p);
    free(p);
}

/* The memory functions, with the bytes they read and write. */
void *__ferry_memcpy(void *d, const void *s, unsigned long n) {
    if (n) {
        __ferry_access(0, s, n, 0);
        __ferry_access(1, d, n, 0);
    }
    return memcpy(d, s, n);
}

void *__ferry_memmove(void *d, const void *s, unsigned long n) {
    if (n) {
        __ferry_access(0, s, n, 0);
        __ferry_access(1, d, n, 0);
    }
    return memmove(d, s, n);
}

void *__ferry_memset(void *d, int c, unsigned long n) {
    if (n)
        __ferry_access(1, d, n, 0);
    return memset(d, c, n);
}

/* memcmp reads up to the first difference. */
int __ferry_memcmp(const void *a, const void *b, unsigned long n) {
    const unsigned char *x = a, *y = b;
    unsigned long read = 0;
    while (read < n && x[read] == y[read])
        read++;
    if (read < n)
        read++;
    if (read) {
        __ferry_access(0, a, read, 0);
        __ferry_access(0, b, read, 0);
    }
    return memcmp(a, b, n);
}
"#;

/// The runtime's prototypes and macros, printed before the program.
const PRELUDE: &str = "long __ferry_enter(int, int, ...);\n\
void __ferry_leave(long *);\n\
void __ferry_entity(int, int, unsigned long, const volatile void *, ...);\n\
void __ferry_access(int, const volatile void *, unsigned long, int);\n\
void __ferry_object(const volatile void *, unsigned long, const char *);\n\
void __ferry_lasting(const volatile void *, unsigned long, const char *);\n\
void *__ferry_malloc(unsigned long);\n\
void *__ferry_calloc(unsigned long, unsigned long);\n\
void *__ferry_realloc(void *, unsigned long);\n\
void __ferry_free(void *);\n\
void *__ferry_memcpy(void *, const void *, unsigned long);\n\
void *__ferry_memmove(void *, const void *, unsigned long);\n\
void *__ferry_memset(void *, int, unsigned long);\n\
int __ferry_memcmp(const void *, const void *, unsigned long);\n\
#define __FERRY_IS_ARRAY(x) (!__builtin_types_compatible_p(__typeof__(x), __typeof__((0, (x)))))\n";

/// The instrumented program.
#[derive(Debug)]
pub struct Instrumented {
    pub text: String,
    /// The statements whose position matched no statement of the file.
    pub unplaced: Vec<usize>,
    /// The statements not traced on purpose: the first clauses of `for`
    /// loops.
    pub skipped: Vec<usize>,
    /// Per statement, per entity (in the order of
    /// [`RegionStatement::entities`]): why it is not traced, if it is not.
    pub unchecked: Vec<Vec<Option<Unchecked>>>,
    /// Entities named against the contract.
    pub breaches: Vec<Breach>,
}

/// Instruments the main file of `parsed` (see the module documentation).
pub fn instrument(mut parsed: ParsedFile, statements: &[RegionStatement]) -> Instrumented {
    let positions: Vec<(u32, u32)> = statements.iter().map(|s| (s.line, s.column)).collect();
    // (1) The layout plan of every entity, from the declarations visible
    // at its statement (before the tree changes).
    let (probes, unchecked, breaches) = {
        let wanted: HashSet<(u32, u32)> = positions.iter().copied().collect();
        let tags = struct_tags(&parsed);
        let mut walker = ScopeWalker {
            parsed: &parsed,
            wanted: &wanted,
            stack: Vec::new(),
            found: HashMap::new(),
        };
        for item in &parsed.unit.items {
            match item {
                ExternalDecl::Declaration(d) => walker.declare(d),
                // A function's own name is an object of no interest.
                ExternalDecl::FunctionDef(f) if parsed.in_main_file(f.span) => walker.function(f),
                _ => {}
            }
        }
        let mut probes = Vec::new();
        let mut unchecked = Vec::new();
        let mut breaches = Vec::new();
        for (index, statement) in statements.iter().enumerate() {
            let (visible, declared) = walker
                .found
                .get(&(statement.line, statement.column))
                .map_or((&[][..], &[][..]), |(v, d)| (&v[..], &d[..]));
            let scope = Scope {
                visible,
                declared,
                tags: &tags,
            };
            let mut calls = Vec::new();
            let mut why = Vec::new();
            for (k, entity) in statement.entities().iter().enumerate() {
                let mut breach = None;
                match resolve_entity(entity, &scope, statement, &mut breach) {
                    Ok(plan) => {
                        calls.push(BlockItem::Statement(plan.descriptor_call(k)));
                        why.push(None);
                    }
                    Err(e) => why.push(Some(e)),
                }
                if let Some((code, message)) = breach {
                    breaches.push(Breach {
                        site: index,
                        array: entity.path.clone(),
                        code,
                        message,
                    });
                }
            }
            let mut enter = vec![
                int_lit(&index.to_string()),
                int_lit(&statement.traced().count().to_string()),
            ];
            enter.extend(trace::value_args(statement.traced()));
            probes.push((call("__ferry_enter", enter), calls));
            unchecked.push(why);
        }
        (probes, unchecked, breaches)
    };
    // The variables to log by name, from the program as written (the probes
    // take the address of every entity they describe).
    let reachable = reachable_names(&parsed);
    // (2) The probes.
    let mut skipped = Vec::new();
    let unplaced = trace::place_probes(&mut parsed, &positions, &mut |index, site: &ProbeSite| {
        let (enter, entities) = probes[index].clone();
        match site.kind {
            // No code can run between the first clause of a `for` and the
            // loop's first test: the clause is not traced on its own.
            ProbeKind::ForInit => {
                skipped.push(index);
                (Vec::new(), Vec::new())
            }
            ProbeKind::Declaration => {
                let serial = format!("__ferry_d{index}");
                let mut before = vec![long_declaration(&serial, None, enter)];
                before.extend(entities);
                let leave = call(
                    "__ferry_leave",
                    vec![expr(ExprKind::Unary(
                        UnaryOp::AddrOf,
                        Box::new(ident(&serial)),
                    ))],
                );
                (before, vec![BlockItem::Statement(expr_stmt(leave))])
            }
            ProbeKind::Statement | ProbeKind::FunctionBody => {
                let cleanup = Attribute {
                    text: Symbol::intern("__attribute__((cleanup(__ferry_leave)))"),
                    span: Span::default(),
                };
                let mut before = vec![long_declaration("__ferry_g", Some(cleanup), enter)];
                before.extend(entities);
                (before, Vec::new())
            }
        }
    });
    // (3) Accesses and objects.
    let bit_fields = bit_field_names(&parsed);
    let globals = global_objects(&parsed);
    let mut rewriter = Rewriter {
        counter: 0,
        bit_fields,
        reachable,
    };
    let mut items = std::mem::take(&mut parsed.unit.items);
    for item in &mut items {
        if let ExternalDecl::FunctionDef(f) = item
            && parsed.in_main_file(f.span)
        {
            rewriter.function(f, &globals);
        }
    }
    parsed.unit.items = items;
    let mut text = String::from(PRELUDE);
    text.push_str(trace::VALUE_MACRO);
    text.push_str(&ferry_parser::output::print_user_file(&parsed));
    Instrumented {
        text,
        unplaced,
        skipped,
        unchecked,
        breaches,
    }
}

/// The variables named with `&` or as the base of `.` in the main file's
/// functions (any scope: a name is enough to log more, never less).
fn reachable_names(parsed: &ParsedFile) -> HashSet<Symbol> {
    fn base_name(e: &Expr) -> Option<Symbol> {
        match &e.kind {
            ExprKind::Paren(inner) => base_name(inner),
            ExprKind::Ident(name) => Some(*name),
            _ => None,
        }
    }
    fn expr(e: &Expr, out: &mut HashSet<Symbol>) {
        match &e.kind {
            ExprKind::Unary(UnaryOp::AddrOf, inner) | ExprKind::Member(inner, _) => {
                out.extend(base_name(inner));
            }
            _ => {}
        }
        walk_subexpressions(e, &mut |sub| expr(sub, out));
    }
    let mut out = HashSet::new();
    for item in &parsed.unit.items {
        match item {
            ExternalDecl::FunctionDef(f) if parsed.in_main_file(f.span) => {
                walk_block_exprs(&f.body, &mut |e| expr(e, &mut out));
            }
            // `int *gp = &g;` at file scope.
            ExternalDecl::Declaration(d) if parsed.in_main_file(d.span()) => {
                walk_declaration_exprs(d, &mut |e| expr(e, &mut out));
            }
            _ => {}
        }
    }
    out
}

/// Calls `f` on each direct subexpression of `e`.
fn walk_subexpressions(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    match &e.kind {
        ExprKind::Paren(a)
        | ExprKind::Unary(_, a)
        | ExprKind::Cast(_, a)
        | ExprKind::SizeofExpr(a)
        | ExprKind::AlignofExpr(_, a)
        | ExprKind::Member(a, _)
        | ExprKind::PtrMember(a, _)
        | ExprKind::VaArg(a, _) => f(a),
        ExprKind::Binary(_, a, b) | ExprKind::Assign(_, a, b) | ExprKind::Index(a, b) => {
            f(a);
            f(b);
        }
        ExprKind::Conditional(c, a, b) => {
            f(c);
            if let Some(a) = a {
                f(a);
            }
            f(b);
        }
        ExprKind::Call(callee, args) => {
            f(callee);
            for a in args {
                f(a);
            }
        }
        ExprKind::Comma(list) => {
            for a in list {
                f(a);
            }
        }
        ExprKind::CompoundLiteral(_, items) => walk_init_items(items, f),
        ExprKind::StmtExpr(b) => walk_block_exprs(b, f),
        ExprKind::Generic(c, assocs) => {
            f(c);
            assocs.iter().for_each(|a| f(&a.expr));
        }
        _ => {}
    }
}

fn walk_init_items(items: &[InitItem], f: &mut dyn FnMut(&Expr)) {
    for item in items {
        match &item.initializer {
            Initializer::Expr(e) => f(e),
            Initializer::List(items, _) => walk_init_items(items, f),
        }
    }
}

/// Calls `f` on the initialisers of a declaration.
fn walk_declaration_exprs(d: &Declaration, f: &mut dyn FnMut(&Expr)) {
    if let Declaration::Normal { declarators, .. } = d {
        for d in declarators {
            match &d.initializer {
                Some(Initializer::Expr(e)) => f(e),
                Some(Initializer::List(items, _)) => walk_init_items(items, f),
                None => {}
            }
        }
    }
}

/// Calls `f` on each full expression of a block (statements, initialisers).
fn walk_block_exprs(b: &Block, f: &mut dyn FnMut(&Expr)) {
    fn stmt(s: &Stmt, f: &mut dyn FnMut(&Expr)) {
        match &s.kind {
            StmtKind::Labeled { body, .. } | StmtKind::Default(body) => stmt(body, f),
            StmtKind::Case { value, body, .. } => {
                f(value);
                stmt(body, f);
            }
            StmtKind::Compound(b) => walk_block_exprs(b, f),
            StmtKind::Expr(e) | StmtKind::GotoComputed(e) | StmtKind::Return(Some(e)) => f(e),
            StmtKind::If {
                condition,
                then_branch,
                else_branch,
            } => {
                f(condition);
                stmt(then_branch, f);
                if let Some(e) = else_branch {
                    stmt(e, f);
                }
            }
            StmtKind::Switch { condition, body }
            | StmtKind::While { condition, body }
            | StmtKind::DoWhile { body, condition } => {
                f(condition);
                stmt(body, f);
            }
            StmtKind::For {
                init,
                condition,
                step,
                body,
            } => {
                match init {
                    ForInit::Expr(e) => f(e),
                    ForInit::Declaration(d) => walk_declaration_exprs(d, f),
                    ForInit::Empty => {}
                }
                if let Some(c) = condition {
                    f(c);
                }
                if let Some(s) = step {
                    f(s);
                }
                stmt(body, f);
            }
            _ => {}
        }
    }
    for item in &b.items {
        match item {
            BlockItem::Statement(s) => stmt(s, f),
            BlockItem::Declaration(d) => walk_declaration_exprs(d, f),
            BlockItem::Pragma(_) => {}
        }
    }
}

/// The names of the bit-fields of the file's structs: an lvalue ending in
/// one has no address, so its accesses are not logged.
fn bit_field_names(parsed: &ParsedFile) -> HashSet<Symbol> {
    let mut out = HashSet::new();
    for members in struct_tags(parsed).values() {
        for m in *members {
            if let StructMember::Field { declarators, .. } = m {
                for d in declarators {
                    if d.bit_width.is_some()
                        && let Some((name, _)) = d.declarator.as_ref().and_then(|d| d.name())
                    {
                        out.insert(name);
                    }
                }
            }
        }
    }
    // Untagged structs too.
    fn specifiers(s: &[DeclSpecifier], out: &mut HashSet<Symbol>) {
        for s in s {
            if let DeclSpecifier::Type(TypeSpecifier::Struct(st)) = s
                && let Some(members) = &st.members
            {
                for m in members {
                    if let StructMember::Field {
                        specifiers: inner,
                        declarators,
                        ..
                    } = m
                    {
                        specifiers(inner, out);
                        for d in declarators {
                            if d.bit_width.is_some()
                                && let Some((name, _)) =
                                    d.declarator.as_ref().and_then(|d| d.name())
                            {
                                out.insert(name);
                            }
                        }
                    }
                }
            }
        }
    }
    for item in &parsed.unit.items {
        if let ExternalDecl::Declaration(Declaration::Normal { specifiers: s, .. }) = item {
            specifiers(s, &mut out);
        }
    }
    out
}

/// The file-scope objects of the main file defined before `main` (by
/// name), which `main` registers first.
fn global_objects(parsed: &ParsedFile) -> Vec<Symbol> {
    let mut out = Vec::new();
    for item in &parsed.unit.items {
        match item {
            ExternalDecl::FunctionDef(f)
                if f.declarator
                    .name()
                    .is_some_and(|(n, _)| n.as_str() == "main") =>
            {
                break;
            }
            ExternalDecl::Declaration(Declaration::Normal {
                specifiers,
                declarators,
                span,
            }) if parsed.in_main_file(*span) => {
                if has_storage(specifiers, StorageClass::Typedef)
                    || has_storage(specifiers, StorageClass::Extern)
                {
                    continue;
                }
                for d in declarators {
                    if let Some(name) = object_name(d) {
                        out.push(name);
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The name a declarator gives to an object whose size `sizeof` knows (not
/// a function, not an array of unknown length: `int a[] = {...}` has the
/// length of its initializer).
fn object_name(d: &InitDeclarator) -> Option<Symbol> {
    let mut layers = Vec::new();
    declarator_layers(&d.declarator, &mut layers);
    match layers.first() {
        Some(Layer::Function) => return None,
        Some(Layer::Array { sized: false }) if d.initializer.is_none() => return None,
        _ => {}
    }
    d.declarator.name().map(|(n, _)| n)
}

/// Rewrites accesses into logged ones and registers objects.
struct Rewriter {
    counter: usize,
    bit_fields: HashSet<Symbol>,
    /// Variables whose memory a pointer may reach or whose parts are named
    /// (`&x` or `x.f` somewhere in the file): their direct accesses are
    /// logged too, so that a later read of what a pointer wrote is seen
    /// (OUT). Other variables are scalars nothing but their name reaches.
    reachable: HashSet<Symbol>,
}

impl Rewriter {
    fn function(&mut self, f: &mut FunctionDef, globals: &[Symbol]) {
        self.block(&mut f.body);
        // Parameters exist before the body runs: register them first, so
        // that the body's instance sees them as objects it did not create.
        let mut registered = Vec::new();
        let is_main = f
            .declarator
            .name()
            .is_some_and(|(n, _)| n.as_str() == "main");
        if is_main {
            registered.extend(globals.iter().map(|g| register_object(*g)));
            // The vector of arguments, so that `argv` has an object too:
            // `__ferry_lasting(ARGV, (ARGC + 1) * sizeof *ARGV, "argv")`.
            if let [argc, argv] = parameter_names(f)[..] {
                let count = expr(ExprKind::Binary(
                    BinaryOp::Add,
                    Box::new(ident(argc.as_str())),
                    Box::new(int_lit("1")),
                ));
                let size = expr(ExprKind::Binary(
                    BinaryOp::Mul,
                    Box::new(paren(count)),
                    Box::new(sizeof(deref(ident(argv.as_str())))),
                ));
                registered.push(BlockItem::Statement(expr_stmt(call(
                    "__ferry_lasting",
                    vec![
                        ident(argv.as_str()),
                        size,
                        expr(ExprKind::StringLit(StringLit {
                            pieces: vec![Symbol::intern("\"argv[]\"")],
                            span: Span::default(),
                        })),
                    ],
                ))));
            }
        }
        for (name, specifiers, _) in parameters(f) {
            if !has_storage(specifiers, StorageClass::Register) {
                registered.push(register_object(name));
            }
        }
        f.body.items.splice(0..0, registered);
    }

    fn block(&mut self, b: &mut Block) {
        let items = std::mem::take(&mut b.items);
        for mut item in items {
            let mut after = Vec::new();
            match &mut item {
                BlockItem::Statement(s) => self.stmt(s),
                BlockItem::Declaration(d) => after = self.declaration(d),
                BlockItem::Pragma(_) => {}
            }
            b.items.push(item);
            b.items.extend(after);
        }
    }

    /// Rewrites the initialisers of a block-scope declaration; returns the
    /// registrations of the objects it creates.
    fn declaration(&mut self, d: &mut Declaration) -> Vec<BlockItem> {
        let Declaration::Normal {
            specifiers,
            declarators,
            ..
        } = d
        else {
            return Vec::new();
        };
        let mut registered = Vec::new();
        let creates_objects = !has_storage(specifiers, StorageClass::Typedef)
            && !has_storage(specifiers, StorageClass::Extern)
            && !has_storage(specifiers, StorageClass::Register);
        // A static local lives for the whole run, like a global: registered
        // each time its declaration is passed, as no instance's own.
        let lasting = has_storage(specifiers, StorageClass::Static);
        for d in declarators {
            let name = d.declarator.name().map(|(n, _)| n);
            if name.is_some_and(|n| n.as_str().starts_with("__ferry_")) {
                // A probe's own variable.
                continue;
            }
            if let Some(init) = &mut d.initializer {
                self.initializer(init);
            }
            if creates_objects && let Some(name) = object_name(d) {
                registered.push(if lasting {
                    register_lasting_object(name)
                } else {
                    register_object(name)
                });
            }
        }
        registered
    }

    fn initializer(&mut self, init: &mut Initializer) {
        match init {
            Initializer::Expr(e) => self.rv(e),
            Initializer::List(items, _) => self.init_items(items),
        }
    }

    fn init_items(&mut self, items: &mut [InitItem]) {
        for item in items {
            self.initializer(&mut item.initializer);
        }
    }

    fn stmt(&mut self, s: &mut Stmt) {
        match &mut s.kind {
            StmtKind::Labeled { body, .. }
            | StmtKind::Case { body, .. }
            | StmtKind::Default(body) => self.stmt(body),
            StmtKind::Compound(b) => self.block(b),
            StmtKind::Expr(e) => {
                if !is_probe_call(e) {
                    self.rv(e)
                }
            }
            StmtKind::If {
                condition,
                then_branch,
                else_branch,
            } => {
                self.rv(condition);
                self.stmt(then_branch);
                if let Some(e) = else_branch {
                    self.stmt(e);
                }
            }
            StmtKind::Switch { condition, body } | StmtKind::While { condition, body } => {
                self.rv(condition);
                self.stmt(body);
            }
            StmtKind::DoWhile { body, condition } => {
                self.stmt(body);
                self.rv(condition);
            }
            StmtKind::For {
                init,
                condition,
                step,
                body,
            } => {
                let mut registered = Vec::new();
                match init {
                    ForInit::Expr(e) => self.rv(e),
                    ForInit::Declaration(d) => registered = self.declaration(d),
                    ForInit::Empty => {}
                }
                if let Some(c) = condition {
                    self.rv(c);
                }
                if let Some(s) = step {
                    self.rv(s);
                }
                self.stmt(body);
                if !registered.is_empty() {
                    // `for (int i = 0; ...) B` becomes `{ int i = 0;
                    // register(i); for (; ...) B }`, the same program with a
                    // place to register `i` before the loop's first test.
                    let ForInit::Declaration(d) = std::mem::replace(init, ForInit::Empty) else {
                        unreachable!("registrations come from a declaration")
                    };
                    let inner = std::mem::replace(s, empty_stmt());
                    let mut items = vec![BlockItem::Declaration(*d)];
                    items.extend(registered);
                    items.push(BlockItem::Statement(inner));
                    s.kind = StmtKind::Compound(Block {
                        items,
                        local_labels: Vec::new(),
                        span: Span::default(),
                    });
                }
            }
            StmtKind::Return(Some(e)) | StmtKind::GotoComputed(e) => self.rv(e),
            StmtKind::Return(None)
            | StmtKind::Empty
            | StmtKind::Goto(_)
            | StmtKind::Continue
            | StmtKind::Break
            | StmtKind::Asm(_)
            | StmtKind::Attribute(_) => {}
        }
    }

    fn fresh(&mut self) -> (String, String) {
        self.counter += 1;
        (
            format!("__ferry_p{}", self.counter),
            format!("__ferry_v{}", self.counter),
        )
    }

    /// Whether the lvalue `e` is memory reached through a subscript, a
    /// dereference or `->` (possibly followed by `.f`): what is logged.
    fn tracked(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Paren(inner) => self.tracked(inner),
            ExprKind::Index(..) | ExprKind::Unary(UnaryOp::Deref, _) => true,
            ExprKind::PtrMember(_, f) => !self.bit_fields.contains(f),
            ExprKind::Member(base, f) => !self.bit_fields.contains(f) && self.tracked(base),
            ExprKind::Ident(name) => self.reachable.contains(name),
            _ => false,
        }
    }

    /// Rewrites `e`, evaluated for its value.
    fn rv(&mut self, e: &mut Expr) {
        if self.tracked(e) {
            self.lv(e);
            let lvalue = std::mem::replace(e, int_lit("0"));
            *e = self.read(lvalue);
            return;
        }
        match &mut e.kind {
            ExprKind::Paren(inner) => self.rv(inner),
            // A member of a variable (or of an rvalue): no address of interest.
            ExprKind::Member(..) | ExprKind::PtrMember(..) | ExprKind::Index(..) => self.lv(e),
            ExprKind::Unary(UnaryOp::AddrOf, inner) => self.lv(inner),
            ExprKind::Unary(
                op @ (UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec),
                inner,
            ) => {
                if self.tracked(inner) {
                    let op = *op;
                    let mut lvalue = std::mem::replace(inner.as_mut(), int_lit("0"));
                    self.lv(&mut lvalue);
                    *e = self.update(lvalue, true, |p| {
                        expr(ExprKind::Unary(op, Box::new(paren(deref(ident(p))))))
                    });
                } else {
                    self.lv(inner);
                }
            }
            ExprKind::Unary(_, inner) => self.rv(inner),
            ExprKind::Binary(_, l, r) => {
                self.rv(l);
                self.rv(r);
            }
            ExprKind::Assign(op, l, r) => {
                self.rv(r);
                if self.tracked(l) {
                    let op = *op;
                    let mut lvalue = std::mem::replace(l.as_mut(), int_lit("0"));
                    let value = std::mem::replace(r.as_mut(), int_lit("0"));
                    self.lv(&mut lvalue);
                    *e = self.assign(op, lvalue, value);
                } else {
                    self.lv(l);
                }
            }
            ExprKind::Conditional(c, a, b) => {
                self.rv(c);
                if let Some(a) = a {
                    self.rv(a);
                }
                self.rv(b);
            }
            ExprKind::Cast(_, inner) => self.rv(inner),
            ExprKind::Call(callee, args) => {
                if let ExprKind::Ident(name) = &callee.kind
                    && (name.as_str().starts_with("__ferry_") || name.as_str() == "__FERRY_V")
                {
                    return;
                }
                // The heap and memory functions, to their logging versions.
                if let ExprKind::Ident(name) = &mut callee.kind
                    && [
                        "malloc", "calloc", "realloc", "free", "memcpy", "memmove", "memset",
                        "memcmp",
                    ]
                    .contains(&name.as_str())
                {
                    *name = Symbol::intern(&format!("__ferry_{name}"));
                }
                self.callee(callee);
                for a in args {
                    self.rv(a);
                }
            }
            ExprKind::CompoundLiteral(_, items) => self.init_items(items),
            ExprKind::Comma(list) => {
                for e in list {
                    self.rv(e);
                }
            }
            ExprKind::StmtExpr(b) => self.block(b),
            ExprKind::Generic(_, assocs) => {
                for a in assocs {
                    self.rv(&mut a.expr);
                }
            }
            // Not evaluated, or nothing inside to log.
            ExprKind::Ident(_)
            | ExprKind::IntLit(_)
            | ExprKind::FloatLit(_)
            | ExprKind::CharLit(_)
            | ExprKind::StringLit(_)
            | ExprKind::SizeofExpr(_)
            | ExprKind::SizeofType(_)
            | ExprKind::AlignofType(..)
            | ExprKind::AlignofExpr(..)
            | ExprKind::Offsetof(..)
            | ExprKind::VaArg(..)
            | ExprKind::TypesCompatible(..)
            | ExprKind::LabelAddr(_) => {}
        }
    }

    /// The function called: `(*fp)(...)` reads `fp`, not the function.
    fn callee(&mut self, e: &mut Expr) {
        match &mut e.kind {
            ExprKind::Paren(inner) => self.callee(inner),
            ExprKind::Unary(UnaryOp::Deref, inner) => self.callee(inner),
            ExprKind::Ident(_) => {}
            _ => self.rv(e),
        }
    }

    /// Rewrites the parts of lvalue `e` that are evaluated for their value
    /// (bases and subscripts), leaving `e` itself an lvalue.
    fn lv(&mut self, e: &mut Expr) {
        match &mut e.kind {
            ExprKind::Paren(inner) => self.lv(inner),
            ExprKind::Index(base, index) => {
                self.rv(base);
                self.rv(index);
            }
            ExprKind::Unary(UnaryOp::Deref, base) | ExprKind::PtrMember(base, _) => self.rv(base),
            ExprKind::Member(base, _) => self.lv(base),
            ExprKind::Ident(_) => {}
            _ => self.rv(e),
        }
    }

    /// `({ __auto_type P = &(L); __ferry_access(0, P, sizeof(*P),
    /// __FERRY_IS_ARRAY(*P)); *P; })`: an array lvalue is not read (it
    /// decays to a pointer, which the statement expression returns).
    fn read(&mut self, lvalue: Expr) -> Expr {
        let (p, _) = self.fresh();
        stmt_expr(vec![
            auto_declaration(&p, address_of(lvalue)),
            BlockItem::Statement(access_call(
                0,
                &p,
                call("__FERRY_IS_ARRAY", vec![deref(ident(&p))]),
            )),
            BlockItem::Statement(expr_stmt(deref(ident(&p)))),
        ])
    }

    /// `L op= R`: the target is read unless `op` is `=`; the reads of `R`
    /// are logged before the write.
    fn assign(&mut self, op: AssignOp, lvalue: Expr, value: Expr) -> Expr {
        let reads = op != AssignOp::Assign;
        self.update(lvalue, reads, |p| {
            expr(ExprKind::Assign(
                op,
                Box::new(deref(ident(p))),
                Box::new(value),
            ))
        })
    }

    /// `({ __auto_type P = &(L); [__ferry_access(0, P, ...);] __auto_type V
    /// = CHANGE(P); __ferry_access(1, P, ...); V; })`.
    fn update(&mut self, lvalue: Expr, reads: bool, change: impl FnOnce(&str) -> Expr) -> Expr {
        let (p, v) = self.fresh();
        let change = change(&p);
        let mut items = vec![auto_declaration(&p, address_of(lvalue))];
        if reads {
            items.push(BlockItem::Statement(access_call(0, &p, int_lit("0"))));
        }
        items.push(auto_declaration(&v, change));
        items.push(BlockItem::Statement(access_call(1, &p, int_lit("0"))));
        items.push(BlockItem::Statement(expr_stmt(ident(&v))));
        stmt_expr(items)
    }
}

fn is_probe_call(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Call(callee, _)
        if matches!(&callee.kind, ExprKind::Ident(n) if n.as_str().starts_with("__ferry_")))
}

fn ident(name: &str) -> Expr {
    expr(ExprKind::Ident(Symbol::intern(name)))
}

fn int_lit(text: &str) -> Expr {
    expr(ExprKind::IntLit(Symbol::intern(text)))
}

fn paren(e: Expr) -> Expr {
    expr(ExprKind::Paren(Box::new(e)))
}

fn deref(e: Expr) -> Expr {
    expr(ExprKind::Unary(UnaryOp::Deref, Box::new(e)))
}

fn address_of(e: Expr) -> Expr {
    expr(ExprKind::Unary(UnaryOp::AddrOf, Box::new(paren(e))))
}

fn sizeof(e: Expr) -> Expr {
    expr(ExprKind::SizeofExpr(Box::new(paren(e))))
}

fn expr_stmt(e: Expr) -> Stmt {
    Stmt {
        kind: StmtKind::Expr(Box::new(e)),
        ..empty_stmt()
    }
}

fn stmt_expr(items: Vec<BlockItem>) -> Expr {
    expr(ExprKind::StmtExpr(Box::new(Block {
        items,
        local_labels: Vec::new(),
        span: Span::default(),
    })))
}

/// `__ferry_access(WRITE, P, sizeof(*P), IS_ARRAY)`.
fn access_call(write: u8, p: &str, is_array: Expr) -> Stmt {
    expr_stmt(call(
        "__ferry_access",
        vec![
            int_lit(&write.to_string()),
            ident(p),
            sizeof(deref(ident(p))),
            is_array,
        ],
    ))
}

/// `__ferry_object(&(X), sizeof(X), "X");`.
fn register_object(name: Symbol) -> BlockItem {
    register_with("__ferry_object", name)
}

/// `__ferry_lasting(&(X), sizeof(X), "X");`: an object that outlives the
/// instances that see it begin (a static local).
fn register_lasting_object(name: Symbol) -> BlockItem {
    register_with("__ferry_lasting", name)
}

fn register_with(function: &str, name: Symbol) -> BlockItem {
    let x = ident(name.as_str());
    BlockItem::Statement(expr_stmt(call(
        function,
        vec![
            address_of(x.clone()),
            sizeof(x),
            expr(ExprKind::StringLit(StringLit {
                pieces: vec![Symbol::intern(&format!("\"{name}\""))],
                span: Span::default(),
            })),
        ],
    )))
}

fn declaration(
    specifier: TypeSpecifier,
    name: &str,
    attribute: Option<Attribute>,
    init: Expr,
) -> BlockItem {
    BlockItem::Declaration(Declaration::Normal {
        specifiers: vec![DeclSpecifier::Type(specifier)],
        declarators: vec![InitDeclarator {
            declarator: Declarator::Ident(Symbol::intern(name), Span::default()),
            asm_label: None,
            attributes: attribute.into_iter().collect(),
            initializer: Some(Initializer::Expr(Box::new(init))),
        }],
        span: Span::default(),
    })
}

/// `__auto_type NAME = INIT;`.
fn auto_declaration(name: &str, init: Expr) -> BlockItem {
    declaration(
        TypeSpecifier::Builtin(BuiltinType::AutoType),
        name,
        None,
        init,
    )
}

/// `long NAME ATTRIBUTE = INIT;`.
fn long_declaration(name: &str, attribute: Option<Attribute>, init: Expr) -> BlockItem {
    declaration(
        TypeSpecifier::Builtin(BuiltinType::Long),
        name,
        attribute,
        init,
    )
}

// ---------------------------------------------------------------------------
// Replaying a trace.

/// An element of an entity: its indices and its address.
type Element = (Vec<i64>, i128);

/// The layout of an entity at an instance's entry, in bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Layout {
    elem: i128,
    base: i128,
    /// Per dimension: the address step of one subscript, and the number of
    /// subscripts (0 when unbounded, through a pointer).
    dims: Vec<(i128, i128)>,
    /// The start of the object the base lies in, if the trace knows it:
    /// the entity's elements are in that object only.
    object: Option<i128>,
}

impl Layout {
    /// The indices of the element at byte offset `offset` from the base,
    /// and the offset of `offset` within that element (which may lie past
    /// the element when its container holds other fields).
    fn locate(&self, mut offset: i128) -> Option<(Vec<i64>, i128)> {
        let mut index = Vec::with_capacity(self.dims.len());
        for &(stride, len) in &self.dims {
            if stride <= 0 {
                return None;
            }
            let i = offset.div_euclid(stride);
            if len > 0 && !(0..len).contains(&i) {
                return None;
            }
            offset -= i * stride;
            index.push(i64::try_from(i).ok()?);
        }
        Some((index, offset))
    }

    /// The elements that the access `[addr, addr + size)` covers whole (with
    /// their addresses), or else the element it lies within (partial).
    fn decode(&self, addr: i128, size: i128) -> (Vec<Element>, Option<Vec<i64>>) {
        let mut whole = Vec::new();
        if size >= self.elem {
            if size == self.elem {
                if let Some((index, 0)) = self.locate(addr - self.base) {
                    whole.push((index, addr));
                }
            } else if size <= 1 << 16 {
                for start in addr..=addr + size - self.elem {
                    if let Some((index, 0)) = self.locate(start - self.base) {
                        whole.push((index, start));
                    }
                }
            }
            return (whole, None);
        }
        let partial = self
            .locate(addr - self.base)
            .filter(|(_, within)| within + size <= self.elem)
            .map(|(index, _)| index);
        (whole, partial)
    }
}

/// The elements of one entity an instance touched, per kind: read,
/// written, read before the instance wrote any of their bytes (IN), and
/// written then read after the instance before anything overwrote them
/// (OUT).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct EntitySets {
    /// Elements that only this entity's layout explains.
    pub definite: BTreeMap<RegionKind, BTreeSet<Vec<i64>>>,
    /// Elements of accesses that several entities explain (aliases).
    pub shared: BTreeMap<RegionKind, BTreeSet<Vec<i64>>>,
}

static NO_ELEMENTS: BTreeSet<Vec<i64>> = BTreeSet::new();

impl EntitySets {
    pub fn definite(&self, kind: RegionKind) -> &BTreeSet<Vec<i64>> {
        self.definite.get(&kind).unwrap_or(&NO_ELEMENTS)
    }
    pub fn shared(&self, kind: RegionKind) -> &BTreeSet<Vec<i64>> {
        self.shared.get(&kind).unwrap_or(&NO_ELEMENTS)
    }
    fn add(&mut self, kind: RegionKind, shared: bool, index: Vec<i64>) {
        let sets = if shared {
            &mut self.shared
        } else {
            &mut self.definite
        };
        sets.entry(kind).or_default().insert(index);
    }
}

/// An access that must be covered by a region of one of several entities:
/// it is explained by several (aliases), or only lies within an element.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LooseAccess {
    pub kind: RegionKind,
    /// (entity, elements): covered when one option's elements all are.
    pub options: Vec<(usize, Vec<Vec<i64>>)>,
}

/// An access to memory that no entity of the statement explains.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StrayAccess {
    pub write: bool,
    /// The object it falls in, and the offset in it, when known.
    pub object: Option<(String, i128)>,
    pub size: i128,
}

/// What one instance of a statement did.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InstanceRecord {
    pub site: usize,
    /// The values of the statement's visible variables at entry.
    pub values: Vec<i128>,
    /// Per entity of the statement ([`RegionStatement::entities`]).
    pub sets: Vec<EntitySets>,
    pub loose: Vec<LooseAccess>,
    pub strays: Vec<StrayAccess>,
    /// Accesses this instance counted (not those to its own objects).
    pub accesses: usize,
    /// Per entity, the size of its elements in bytes, when the trace
    /// described its layout.
    pub element_sizes: Vec<Option<i128>>,
}

struct Active {
    record: InstanceRecord,
    /// The trace line where the instance began: objects registered later
    /// are its own (or its callees') locals.
    since: usize,
    layouts: Vec<Option<Layout>>,
    /// Bytes the instance has written so far (for IN).
    written: HashSet<i128>,
    /// The whole elements it wrote, by address (for OUT).
    wrote: BTreeMap<i128, Vec<Written>>,
}

/// An element an instance wrote: entity, indices, size, and whether other
/// entities explain the write too.
#[derive(Debug, Clone)]
struct Written {
    k: usize,
    index: Vec<i64>,
    size: i128,
    shared: bool,
}

/// Elements written by instances that have ended, waiting for a read (they
/// are OUT) or a write (they are not).
#[derive(Debug, Default)]
struct Pending {
    /// By element address: (instance, what was written).
    at: BTreeMap<i128, Vec<(usize, Written)>>,
    /// The largest element size, to find the elements an access overlaps.
    widest: i128,
}

impl Pending {
    /// The element addresses whose element overlaps `[addr, addr + size)`.
    fn overlapping(&self, addr: i128, size: i128) -> Vec<i128> {
        self.at
            .range(addr - self.widest + 1..addr + size)
            .filter(|(start, list)| list.iter().any(|(_, w)| **start + w.size > addr))
            .map(|(start, _)| *start)
            .collect()
    }

    /// Forgets the elements that lie within `[addr, addr + size)`.
    fn kill(&mut self, addr: i128, size: i128) {
        let starts: Vec<i128> = self.at.range(addr..addr + size).map(|(s, _)| *s).collect();
        for start in starts {
            if let Some(list) = self.at.get_mut(&start) {
                list.retain(|(_, w)| start + w.size > addr + size);
                if list.is_empty() {
                    self.at.remove(&start);
                }
            }
        }
    }
}

/// A replayed trace.
#[derive(Debug, Default)]
pub struct Replay {
    /// Every completed instance, in the order they ended.
    pub instances: Vec<InstanceRecord>,
    /// Instances still open when the trace ended (the program exited from
    /// inside them); not checked.
    pub unfinished: usize,
    /// Access lines in the trace.
    pub accesses: usize,
}

/// An object the trace saw begin: a local, a parameter, a global (all
/// registered when their declaration runs) or a heap block.
#[derive(Debug, Clone)]
struct Object {
    start: i128,
    end: i128,
    /// The trace line that registered it.
    since: usize,
    name: String,
    /// Heap blocks and static locals outlive the statement that allocates
    /// or declares them: their accesses are never an instance's own.
    lasting: bool,
}

/// The objects alive in the trace, by start address.
#[derive(Debug, Default)]
struct Objects(BTreeMap<i128, Object>);

impl Objects {
    /// A new object replaces whatever ended where it lies.
    fn insert(&mut self, object: Object) {
        let stale: Vec<i128> = self
            .0
            .range(..object.end)
            .rev()
            .take_while(|(_, o)| o.end > object.start)
            .map(|(start, _)| *start)
            .collect();
        for start in stale {
            self.0.remove(&start);
        }
        self.0.insert(object.start, object);
    }

    fn containing(&self, addr: i128) -> Option<&Object> {
        self.0
            .range(..=addr)
            .next_back()
            .map(|(_, o)| o)
            .filter(|o| o.end > addr)
    }
}

/// Reads a trace of a program instrumented by [`instrument`] for
/// `statements`.
pub fn replay(text: &str, statements: &[RegionStatement]) -> Result<Replay, String> {
    let entity_counts: Vec<usize> = statements.iter().map(|s| s.entities().len()).collect();
    let mut objects = Objects::default();
    let mut pending = Pending::default();
    let mut stack: Vec<Active> = Vec::new();
    let mut out = Replay::default();
    for (number, line) in text.lines().enumerate() {
        let bad = |why: &str| format!("trace line {}: {why}: `{line}`", number + 1);
        let mut words = line.split_ascii_whitespace();
        let tag = words.next().ok_or_else(|| bad("empty line"))?;
        let mut num = || -> Result<i128, String> {
            words
                .next()
                .and_then(|w| w.parse::<i128>().ok())
                .ok_or_else(|| bad("a missing or non-integer field"))
        };
        match tag {
            "E" => {
                let site = usize::try_from(num()?).map_err(|_| bad("bad site"))?;
                let statement = statements.get(site).ok_or_else(|| bad("unknown site"))?;
                let expected = statement.traced().count();
                let values = (0..expected)
                    .map(|_| num())
                    .collect::<Result<Vec<_>, _>>()?;
                let entities = entity_counts[site];
                stack.push(Active {
                    record: InstanceRecord {
                        site,
                        values,
                        sets: vec![EntitySets::default(); entities],
                        loose: Vec::new(),
                        strays: Vec::new(),
                        accesses: 0,
                        element_sizes: vec![None; entities],
                    },
                    since: number,
                    layouts: vec![None; entities],
                    written: HashSet::new(),
                    wrote: BTreeMap::new(),
                });
            }
            "D" => {
                let k = usize::try_from(num()?).map_err(|_| bad("bad entity"))?;
                let elem = num()?;
                let base = num()?;
                let n = num()?;
                let dims = (0..n)
                    .map(|_| Ok((num()?, num()?)))
                    .collect::<Result<Vec<_>, String>>()?;
                // The object the entity lies in (a pointer one past the end
                // of an array still belongs to it): a pointer does not
                // reach other objects.
                let object = objects
                    .containing(base)
                    .or_else(|| objects.containing(base - 1))
                    .map(|o| o.start);
                let top = stack.last_mut().ok_or_else(|| bad("no open instance"))?;
                *top.layouts
                    .get_mut(k)
                    .ok_or_else(|| bad("entity out of range"))? = Some(Layout {
                    elem,
                    base,
                    dims,
                    object,
                });
            }
            "X" => {
                let mut done = stack.pop().ok_or_else(|| bad("no open instance"))?;
                done.record.element_sizes = done
                    .layouts
                    .iter()
                    .map(|l| l.as_ref().map(|l| l.elem))
                    .collect();
                let instance = out.instances.len();
                out.instances.push(done.record);
                for (addr, list) in done.wrote {
                    for w in list {
                        pending.widest = pending.widest.max(w.size);
                        pending.at.entry(addr).or_default().push((instance, w));
                    }
                }
            }
            "O" | "H" | "S" => {
                let start = num()?;
                let size = num()?.max(1);
                let name = words.next().unwrap_or("?").to_owned();
                // What lay there is dead, unless this is a static local
                // seen again.
                if tag != "S" {
                    pending.kill(start, size);
                }
                objects.insert(Object {
                    start,
                    end: start + size,
                    since: number,
                    name,
                    lasting: tag != "O",
                });
            }
            "F" => {
                let start = num()?;
                if let Some(block) = objects.0.remove(&start) {
                    pending.kill(block.start, block.end - block.start);
                }
            }
            "R" | "W" => {
                let addr = num()?;
                let size = num()?;
                out.accesses += 1;
                if tag == "R" {
                    // Elements that ended instances wrote and that are read
                    // now, before any overwrite: OUT of those instances.
                    for start in pending.overlapping(addr, size) {
                        for (instance, w) in pending.at.remove(&start).unwrap_or_default() {
                            out.instances[instance].sets[w.k].add(
                                RegionKind::Out,
                                w.shared,
                                w.index,
                            );
                        }
                    }
                } else {
                    pending.kill(addr, size);
                }
                let object = objects.containing(addr).cloned();
                for active in &mut stack {
                    if object
                        .as_ref()
                        .is_some_and(|o| !o.lasting && o.since > active.since)
                    {
                        continue;
                    }
                    active.attribute(tag == "W", addr, size, object.as_ref());
                }
            }
            _ => return Err(bad("not a trace line")),
        }
    }
    out.unfinished = stack.len();
    Ok(out)
}

impl Active {
    fn attribute(&mut self, write: bool, addr: i128, size: i128, object: Option<&Object>) {
        self.record.accesses += 1;
        let mut whole: Vec<(usize, Vec<Element>)> = Vec::new();
        let mut partial: Vec<(usize, Vec<i64>)> = Vec::new();
        let mut elem_sizes = Vec::new();
        for (k, layout) in self.layouts.iter().enumerate() {
            let Some(layout) = layout else { continue };
            if layout.object != object.map(|o| o.start) {
                continue;
            }
            let (w, p) = layout.decode(addr, size);
            if !w.is_empty() {
                whole.push((k, w));
                elem_sizes.push(layout.elem);
            } else if let Some(p) = p {
                partial.push((k, p));
            }
        }
        let kinds: &[RegionKind] = if write {
            &[RegionKind::Write]
        } else {
            &[RegionKind::Read, RegionKind::In]
        };
        if !whole.is_empty() {
            let shared = whole.len() > 1;
            for &kind in kinds {
                let mut options = Vec::new();
                for ((k, elements), elem) in whole.iter().zip(&elem_sizes) {
                    let mut chosen = Vec::new();
                    for (index, start) in elements {
                        if kind == RegionKind::In
                            && (*start..*start + *elem).all(|b| self.written.contains(&b))
                        {
                            continue;
                        }
                        self.record.sets[*k].add(kind, shared, index.clone());
                        chosen.push(index.clone());
                        if kind == RegionKind::Write {
                            let wrote = self.wrote.entry(*start).or_default();
                            if !wrote.iter().any(|w| w.k == *k) {
                                wrote.push(Written {
                                    k: *k,
                                    index: index.clone(),
                                    size: *elem,
                                    shared,
                                });
                            }
                        }
                    }
                    if !chosen.is_empty() {
                        options.push((*k, chosen));
                    }
                }
                if shared && !options.is_empty() {
                    self.record.loose.push(LooseAccess { kind, options });
                }
            }
        } else if !partial.is_empty() {
            for &kind in kinds {
                if kind == RegionKind::In && (addr..addr + size).all(|b| self.written.contains(&b))
                {
                    continue;
                }
                let options = partial
                    .iter()
                    .map(|(k, index)| (*k, vec![index.clone()]))
                    .collect();
                self.record.loose.push(LooseAccess { kind, options });
            }
        } else {
            self.record.strays.push(StrayAccess {
                write,
                object: object.map(|o| (o.name.clone(), addr - o.start)),
                size,
            });
        }
        if write {
            self.written.extend(addr..addr + size);
        }
    }
}

// ---------------------------------------------------------------------------
// Checking instances with isl.

/// A region that a traced instance contradicts.
#[derive(Debug, Clone)]
pub struct RegionViolation {
    pub site: usize,
    /// The entity path (`a`, `s.f`), or `?` for an access no region names.
    pub array: String,
    pub kind: RegionKind,
    pub class: ViolationClass,
    /// The values of the statement's visible variables at entry.
    pub values: Vec<i128>,
    pub message: String,
}

/// How a region and a trace disagree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ViolationClass {
    /// The instance touched elements that no region of the kind covers: the
    /// regions are unsound.
    Missing,
    /// An EXACT region holds elements the instance did not touch: the
    /// regions claim an exactness they do not have.
    Extra,
}

impl ViolationClass {
    pub fn name(self) -> &'static str {
        match self {
            ViolationClass::Missing => "missing",
            ViolationClass::Extra => "extra",
        }
    }
}

/// What checking the instances of a run found.
#[derive(Debug, Default)]
pub struct RegionReport {
    /// Distinct instances checked.
    pub checked: usize,
    /// Accesses counted by some instance, over all instances checked.
    pub accesses: usize,
    pub violations: Vec<RegionViolation>,
    /// What could not be checked, and why (each once).
    pub notes: BTreeSet<String>,
    /// Regions that isl cannot read, or that break the JSON contract.
    pub errors: BTreeSet<String>,
}

impl RegionReport {
    /// The violations, grouped by statement and entity, at most `per_group`
    /// instances shown for each.
    pub fn describe(&self, statements: &[RegionStatement], per_group: usize) -> String {
        describe_violations(&self.violations, statements, per_group)
    }
}

/// See [`RegionReport::describe`].
pub fn describe_violations(
    violations: &[RegionViolation],
    statements: &[RegionStatement],
    per_group: usize,
) -> String {
    let mut groups: BTreeMap<(usize, &str, RegionKind, ViolationClass), Vec<&RegionViolation>> =
        BTreeMap::new();
    for v in violations {
        groups
            .entry((v.site, v.array.as_str(), v.kind, v.class))
            .or_default()
            .push(v);
    }
    let mut out = String::new();
    for ((site, array, kind, class), list) in groups {
        let s = &statements[site];
        let _ = writeln!(
            out,
            "  {}: `{array}` {} {} ({} instance{})",
            s.position(),
            kind.name(),
            class.name(),
            list.len(),
            if list.len() == 1 { "" } else { "s" }
        );
        for r in s
            .regions
            .iter()
            .filter(|r| r.array == array && r.kind == kind)
        {
            let _ = writeln!(out, "    region {}", r.describe());
        }
        for v in list.iter().take(per_group) {
            let _ = writeln!(
                out,
                "    at {}: {}",
                describe_values(s, &v.values),
                v.message
            );
        }
        if list.len() > per_group {
            let _ = writeln!(out, "    ... and {} more", list.len() - per_group);
        }
    }
    out
}

/// `i=3 n=10` for the visible variables of `statement`.
pub fn describe_values(statement: &RegionStatement, values: &[i128]) -> String {
    if values.is_empty() {
        return "entry (no variables)".to_owned();
    }
    statement
        .traced()
        .zip(values)
        .map(|(v, value)| format!("{}={value}", v.c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A region, read by isl, and how to fix its parameters.
struct PreparedRegion {
    set: Set,
    /// The parameter position of each traced variable, if the set has it.
    positions: Vec<Option<u32>>,
    /// A parameter that no traced variable fixes (a hidden variable): the
    /// fixed set is an over-approximation, good for containment only.
    loose: bool,
}

fn prepare_region(
    ctx: &Context,
    statement: &RegionStatement,
    region: &Region,
) -> Result<PreparedRegion, String> {
    let expected = if region.array == ANYWHERE {
        "ANYWHERE".to_owned()
    } else {
        Entity {
            path: region.array.clone(),
            dims: region.dims,
            rows: Vec::new(),
        }
        .tuple()
    };
    let isl_error = |e: isl_rs::LibISLError| format!("isl: {e:?}");
    let set = Set::read_from_str(ctx, &region.isl)
        .map_err(|e| format!("isl cannot read `{}`: {e:?}", region.isl))?;
    let dims = set.dim(DimType::Set).map_err(isl_error)?;
    if dims as usize != region.dims {
        return Err(format!(
            "`{}` has {dims} dimensions, `dims` says {}",
            region.isl, region.dims
        ));
    }
    let tuple = set.get_tuple_name().unwrap_or_default();
    if tuple != expected {
        return Err(format!(
            "`{}` is named `{tuple}`, expected `{expected}` for `{}`",
            region.isl, region.array
        ));
    }
    let params = set.dim(DimType::Param).map_err(isl_error)?;
    let mut loose = false;
    for pos in 0..params {
        let name = set
            .get_dim_name(DimType::Param, pos as u32)
            .map_err(isl_error)?;
        match statement.variables.iter().find(|v| v.isl == name) {
            None => {
                return Err(format!(
                    "`{}` has a parameter `{name}` that is not among the statement's variables",
                    region.isl
                ));
            }
            Some(v) if !v.visible => loose = true,
            Some(_) => {}
        }
    }
    let positions = statement
        .traced()
        .map(|v| {
            let pos = set
                .find_dim_by_name(DimType::Param, &v.isl)
                .map_err(isl_error)?;
            Ok(u32::try_from(pos).ok())
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(PreparedRegion {
        set,
        positions,
        loose,
    })
}

/// The region with its parameters fixed to `values` (and the others
/// projected out): a set of elements without parameters.
fn fix_region(ctx: &Context, region: &PreparedRegion, values: &[i128]) -> Result<Set, String> {
    let isl_error = |e: isl_rs::LibISLError| format!("isl: {e:?}");
    let mut set = region.set.copy().map_err(isl_error)?;
    for (pos, value) in region.positions.iter().zip(values) {
        if let Some(pos) = pos {
            let val = int_val(ctx, *value).map_err(isl_error)?;
            set = set.fix_val(DimType::Param, *pos, val).map_err(isl_error)?;
        }
    }
    set.project_out_all_params().map_err(isl_error)
}

/// The sure parts of the MAY regions of `statement` (READ, WRITE, IN) that
/// claim elements the instance did not touch: (array, kind, message) per
/// breach. Entities with loose accesses of the kind (an element among
/// several), scalars, or hidden variables in the sure part are not
/// checked: what they touched is not known exactly.
fn check_sure_parts(
    ctx: &Context,
    statement: &RegionStatement,
    record: &InstanceRecord,
    entities: &[Entity],
    unchecked: &[Vec<Option<Unchecked>>],
    kinds: &[RegionKind],
) -> Vec<(String, RegionKind, ViolationClass, String)> {
    let mut breaches = Vec::new();
    for region in &statement.regions {
        let Some(sure) = &region.sure else {
            continue;
        };
        // Scalars' accesses are not traced element by element.
        if region.kind == RegionKind::Out || !kinds.contains(&region.kind) || region.dims == 0 {
            continue;
        }
        let Some(k) = entities
            .iter()
            .position(|e| e.path == region.array && e.dims == region.dims)
        else {
            continue;
        };
        let loose = record
            .loose
            .iter()
            .any(|l| l.kind == region.kind && l.options.iter().any(|(o, _)| *o == k));
        if unchecked[record.site][k].is_some() || loose {
            continue;
        }
        let as_region = Region {
            isl: sure.clone(),
            exact: true,
            sure: None,
            sure_is_all: false,
            ..region.clone()
        };
        let breach = |class, message| (region.array.clone(), region.kind, class, message);
        let Ok(prepared) = prepare_region(ctx, statement, &as_region) else {
            let message = format!("isl cannot read the sure part `{sure}`");
            breaches.push(breach(ViolationClass::Extra, message));
            continue;
        };
        if prepared.loose {
            continue;
        }
        let entity = &entities[k];
        let points = |p: &mut dyn Iterator<Item = &Vec<i64>>| {
            points_set(ctx, &entity.tuple(), entity.dims, p)
        };
        let claimed = match fix_region(ctx, &prepared, &record.values) {
            Ok(claimed) => claimed,
            Err(e) => {
                breaches.push(breach(ViolationClass::Extra, e));
                continue;
            }
        };
        let sets = &record.sets[k];
        let mut touched = sets.definite(region.kind).union(sets.shared(region.kind));
        match points(&mut touched).and_then(|t| left_over(&claimed, &t)) {
            Ok(None) => {}
            Ok(Some(extra)) => {
                let verb = match region.kind {
                    RegionKind::Write => "write",
                    RegionKind::In => "read before writing",
                    _ => "read",
                };
                let message = format!(
                    "the sure part claims {} the instance did not {verb}",
                    set_text(&extra)
                );
                breaches.push(breach(ViolationClass::Extra, message));
            }
            Err(e) => breaches.push(breach(ViolationClass::Extra, e)),
        }
        // A sure part that is all must hold every element the instance
        // touched, as an EXACT region must.
        if region.sure_is_all {
            let definite = sets.definite(region.kind);
            match points(&mut definite.iter()).and_then(|t| left_over(&t, &claimed)) {
                Ok(None) => {}
                Ok(Some(left)) => {
                    let message = format!(
                        "the sure part, said to be all, lacks {} the instance touched",
                        set_text(&left)
                    );
                    breaches.push(breach(ViolationClass::Missing, message));
                }
                Err(e) => breaches.push(breach(ViolationClass::Missing, e)),
            }
        }
    }
    breaches
}

/// `a − b`, when it is not empty.
fn left_over(a: &Set, b: &Set) -> Result<Option<Set>, String> {
    let isl = |e: isl_rs::LibISLError| format!("isl: {e:?}");
    let left = a
        .copy()
        .map_err(isl)?
        .subtract(b.copy().map_err(isl)?)
        .map_err(isl)?;
    Ok((!left.is_empty().map_err(isl)?).then_some(left))
}

/// The isl set of `points`, as a union of boxes (runs of consecutive
/// indices merged dimension by dimension, last first), so that a traced row
/// or block is one disjunct for isl rather than one per element.
fn points_set(
    ctx: &Context,
    tuple: &str,
    dims: usize,
    points: &mut dyn Iterator<Item = &Vec<i64>>,
) -> Result<Set, String> {
    let mut boxes: Vec<Vec<(i64, i64)>> = points
        .map(|p| p.iter().map(|&c| (c, c)).collect())
        .collect();
    for d in (0..dims).rev() {
        // Boxes equal in every other dimension, then by their start in `d`.
        boxes.sort_by_cached_key(|b| {
            let mut key: Vec<(i64, i64)> = Vec::with_capacity(dims);
            key.extend(
                b.iter()
                    .enumerate()
                    .filter(|(e, _)| *e != d)
                    .map(|(_, r)| *r),
            );
            key.push(b[d]);
            key
        });
        let mut merged: Vec<Vec<(i64, i64)>> = Vec::with_capacity(boxes.len());
        for b in boxes {
            if let Some(last) = merged.last_mut()
                && (0..dims).all(|e| e == d || last[e] == b[e])
                && b[d].0 <= last[d].1 + 1
            {
                last[d].1 = last[d].1.max(b[d].1);
                continue;
            }
            merged.push(b);
        }
        boxes = merged;
    }
    // Built through the API: isl's parser is slow on unions of many boxes.
    let isl = |e: isl_rs::LibISLError| format!("isl: {e:?}");
    let names: Vec<String> = (0..dims).map(|d| format!("i{d}")).collect();
    let text = format!("{{ {tuple}[{}] }}", names.join(", "));
    let universe =
        Set::read_from_str(ctx, &text).map_err(|e| format!("isl cannot read `{text}`: {e:?}"))?;
    let mut set = Set::empty(universe.get_space().map_err(isl)?).map_err(isl)?;
    for b in &boxes {
        let mut one = universe.copy().map_err(isl)?;
        for (d, &(lo, hi)) in b.iter().enumerate() {
            let (Ok(lo), Ok(hi)) = (i32::try_from(lo), i32::try_from(hi)) else {
                return Err(format!("index {lo}..{hi} out of range"));
            };
            one = one
                .lower_bound_si(DimType::Set, d as u32, lo)
                .and_then(|s| s.upper_bound_si(DimType::Set, d as u32, hi))
                .map_err(isl)?;
        }
        set = set.union_disjoint(one).map_err(isl)?;
    }
    Ok(set)
}

fn set_text(set: &Set) -> String {
    set.to_str()
        .map_or_else(|_| "?".to_owned(), |s| s.to_string())
}

/// Checks every distinct instance against its statement's regions;
/// `unchecked` is [`Instrumented::unchecked`].
///
/// Per entity and kind (read, write, and in when the JSON has IN regions),
/// the union of the regions with their parameters fixed must contain the
/// elements the instance touched, unless a `*ANYWHERE*` region of that kind
/// holds at the instance and none of the entity's regions is EXACT; an EXACT
/// union must also hold nothing more. IN is not checked for zero-dimensional
/// entities, whose direct reads and writes are not traced. Accesses that no
/// entity explains, or that several explain, must be covered by some region
/// of their kind.
pub fn check_instances(
    statements: &[RegionStatement],
    unchecked: &[Vec<Option<Unchecked>>],
    instances: &[InstanceRecord],
) -> RegionReport {
    let ctx = Context::alloc();
    let mut report = RegionReport::default();
    // IN and OUT are checked when the JSON has them at all.
    let mut kinds = vec![RegionKind::Read, RegionKind::Write];
    for kind in [RegionKind::In, RegionKind::Out] {
        if statements
            .iter()
            .any(|s| s.regions.iter().any(|r| r.kind == kind))
        {
            kinds.push(kind);
        } else {
            report.notes.insert(format!(
                "no statement has {} regions: they are not checked",
                kind.name()
            ));
        }
    }
    let kinds = &kinds[..];
    let mut unions = Unions {
        ctx: &ctx,
        prepared: HashMap::new(),
        errors: BTreeSet::new(),
    };
    let mut seen: HashSet<&InstanceRecord> = HashSet::new();
    for record in instances {
        if !seen.insert(record) {
            continue;
        }
        report.checked += 1;
        report.accesses += record.accesses;
        let statement = &statements[record.site];
        let entities = statement.entities();
        let has_exact = |entity: &Entity, kind: RegionKind| {
            entity.dims > 0
                && statement.regions.iter().any(|r| {
                    r.exact && r.kind == kind && r.array == entity.path && r.dims == entity.dims
                })
        };
        // Computed on demand: most instances need little isl work.
        let mut fixed = Fixed {
            unions: &mut unions,
            statement,
            record,
            entities: &entities,
            map: HashMap::new(),
        };
        let violation = |array: &str, kind: RegionKind, message: String| RegionViolation {
            site: record.site,
            array: array.to_owned(),
            kind,
            class: ViolationClass::Missing,
            values: record.values.clone(),
            message,
        };
        for (k, entity) in entities.iter().enumerate() {
            if let Some(why) = &unchecked[record.site][k] {
                if let Unchecked::NotLinear(w) | Unchecked::Unresolved(w) = why {
                    report
                        .notes
                        .insert(format!("{}: not checked: {w}", statement.position()));
                }
                continue;
            }
            for &kind in kinds {
                if matches!(kind, RegionKind::In | RegionKind::Out) && entity.dims == 0 {
                    continue;
                }
                let definite = record.sets[k].definite(kind);
                let shared = record.sets[k].shared(kind);
                if definite.is_empty() && shared.is_empty() && !has_exact(entity, kind) {
                    continue;
                }
                let covered_anywhere = fixed.anywhere(kind);
                let outcome = match fixed.get(Some(k), kind) {
                    Union::Failed => continue,
                    Union::NoRegion if definite.is_empty() => continue,
                    Union::NoRegion if covered_anywhere => Ok(true),
                    Union::NoRegion => Err((
                        ViolationClass::Missing,
                        format!(
                            "no {} region, but the instance {} {}",
                            kind.name(),
                            match kind {
                                RegionKind::Write => "writes",
                                RegionKind::Read => "reads",
                                RegionKind::In => "reads before writing",
                                RegionKind::Out => "writes, for later reads,",
                            },
                            format_points(definite)
                        ),
                    )),
                    Union::Set(set, exact) => compare(
                        &ctx,
                        entity,
                        set,
                        *exact && entity.dims > 0,
                        covered_anywhere,
                        definite,
                        shared,
                    ),
                };
                match outcome {
                    Err((class, message)) => report.violations.push(RegionViolation {
                        class,
                        ..violation(&entity.path, kind, message)
                    }),
                    Ok(true) => {
                        report.notes.insert(format!(
                            "{}: imprecise: some {} of `{}` only `*ANYWHERE*` covers",
                            statement.position(),
                            kind.name(),
                            entity.path
                        ));
                    }
                    Ok(false) => {}
                }
            }
        }
        check_sure_parts(&ctx, statement, record, &entities, unchecked, kinds)
            .into_iter()
            .for_each(|(array, kind, class, message)| {
                report.violations.push(RegionViolation {
                    class,
                    ..violation(&array, kind, message)
                })
            });
        // Per (entity, kind): whether every element that loose accesses
        // offer for it lies in its regions (the usual case: one isl test
        // for all of them).
        let mut candidates: BTreeMap<(usize, RegionKind), BTreeSet<Vec<i64>>> = BTreeMap::new();
        for loose in &record.loose {
            for (k, elements) in &loose.options {
                candidates
                    .entry((*k, loose.kind))
                    .or_default()
                    .extend(elements.iter().cloned());
            }
        }
        let mut all_covered: HashSet<(usize, RegionKind)> = HashSet::new();
        for ((k, kind), elements) in &candidates {
            if !kinds.contains(kind) {
                continue;
            }
            if let Union::Set(set, _) = fixed.get(Some(*k), *kind)
                && let Ok(points) = points_set(
                    &ctx,
                    &entities[*k].tuple(),
                    entities[*k].dims,
                    &mut elements.iter(),
                )
                && matches!(points.is_subset(set), Ok(true))
            {
                all_covered.insert((*k, *kind));
            }
        }
        for loose in &record.loose {
            if !kinds.contains(&loose.kind) {
                continue;
            }
            let mut covered = false;
            for (k, elements) in &loose.options {
                if all_covered.contains(&(*k, loose.kind)) {
                    covered = true;
                    break;
                }
                if entities[*k].dims == 0 && loose.kind == RegionKind::In {
                    covered = true;
                    break;
                }
                let Union::Set(set, _) = fixed.get(Some(*k), loose.kind) else {
                    continue;
                };
                let points = points_set(
                    &ctx,
                    &entities[*k].tuple(),
                    entities[*k].dims,
                    &mut elements.iter(),
                );
                if let Ok(points) = points
                    && let Ok(inside) = points.is_subset(set)
                    && inside
                {
                    covered = true;
                    break;
                }
            }
            if covered || fixed.anywhere(loose.kind) {
                continue;
            }
            let options: Vec<String> = loose
                .options
                .iter()
                .map(|(k, elements)| {
                    format!(
                        "{}{}",
                        entities[*k].path,
                        elements
                            .iter()
                            .map(|e| format_index(e))
                            .collect::<Vec<_>>()
                            .join("")
                    )
                })
                .collect();
            report.violations.push(violation(
                &entities[loose.options[0].0].path,
                loose.kind,
                format!(
                    "an access to {} is covered by no {} region",
                    options.join(" or "),
                    loose.kind.name()
                ),
            ));
        }
        let some_unchecked = unchecked[record.site]
            .iter()
            .flatten()
            .any(Unchecked::hides_accesses);
        // Accesses no entity explains, one violation per kind and instance.
        let mut strays: BTreeMap<RegionKind, Vec<&StrayAccess>> = BTreeMap::new();
        for stray in &record.strays {
            let kind = if stray.write {
                RegionKind::Write
            } else {
                RegionKind::Read
            };
            strays.entry(kind).or_default().push(stray);
        }
        for (kind, list) in strays {
            if fixed.anywhere(kind) {
                continue;
            }
            // Per object: the offsets and sizes of the accesses.
            let mut by_object: BTreeMap<Option<&str>, (BTreeSet<i128>, BTreeSet<i128>)> =
                BTreeMap::new();
            for stray in &list {
                let (object, offset) = match &stray.object {
                    Some((name, offset)) => (Some(name.as_str()), *offset),
                    None => (None, 0),
                };
                let entry = by_object.entry(object).or_default();
                entry.0.insert(offset);
                entry.1.insert(stray.size);
            }
            let what: Vec<String> = by_object
                .into_iter()
                .map(|(object, (offsets, sizes))| {
                    let sizes: Vec<String> = sizes.iter().map(|s| s.to_string()).collect();
                    let Some(name) = object else {
                        return format!("memory of no known object ({} bytes)", sizes.join("/"));
                    };
                    let shown: Vec<String> =
                        offsets.iter().take(8).map(|o| o.to_string()).collect();
                    format!(
                        "`{name}` at bytes {}{} ({} bytes each)",
                        shown.join(", "),
                        if offsets.len() > 8 { ", ..." } else { "" },
                        sizes.join("/")
                    )
                })
                .collect();
            if some_unchecked {
                report.notes.insert(format!(
                    "{}: accesses to {} not attributed (the statement has unchecked entities)",
                    statement.position(),
                    what.join(", ")
                ));
                continue;
            }
            report.violations.push(violation(
                "?",
                kind,
                format!(
                    "{} {}, which no region of the statement names",
                    if kind == RegionKind::Write {
                        "writes"
                    } else {
                        "reads"
                    },
                    what.join(", ")
                ),
            ));
        }
    }
    report.errors = unions.errors;
    report
}

/// The unions of an instance's regions, fixed on demand.
struct Fixed<'a, 'c> {
    unions: &'a mut Unions<'c>,
    statement: &'a RegionStatement,
    record: &'a InstanceRecord,
    entities: &'a [Entity],
    /// Per (entity, or None for `*ANYWHERE*`; kind).
    map: HashMap<(Option<usize>, RegionKind), Union>,
}

impl Fixed<'_, '_> {
    fn get(&mut self, k: Option<usize>, kind: RegionKind) -> &Union {
        self.map.entry((k, kind)).or_insert_with(|| {
            let (array, dims) = match k {
                Some(k) => (self.entities[k].path.as_str(), Some(self.entities[k].dims)),
                None => (ANYWHERE, None),
            };
            self.unions
                .fixed(self.statement, self.record, array, dims, kind)
        })
    }

    /// Whether a `*ANYWHERE*` region of `kind` holds at the instance.
    fn anywhere(&mut self, kind: RegionKind) -> bool {
        match self.get(None, kind) {
            Union::Set(set, _) => !set.is_empty().unwrap_or(true),
            Union::NoRegion => false,
            // Unreadable (an error reported apart): count it as holding.
            Union::Failed => true,
        }
    }
}

/// The regions of the statements read by isl once, and fixed per instance.
struct Unions<'c> {
    ctx: &'c Context,
    /// Per (site, region index): the region read by isl, or None when it
    /// cannot be (an error).
    prepared: HashMap<(usize, usize), Option<PreparedRegion>>,
    errors: BTreeSet<String>,
}

impl Unions<'_> {
    /// The union of the regions of `array` (with `dims` dimensions, when
    /// given) and `kind` of `statement`, with the parameters of `record`.
    fn fixed(
        &mut self,
        statement: &RegionStatement,
        record: &InstanceRecord,
        array: &str,
        dims: Option<usize>,
        kind: RegionKind,
    ) -> Union {
        let mut union = Union::NoRegion;
        for (r, region) in statement.regions.iter().enumerate() {
            if region.array != array
                || dims.is_some_and(|d| d != region.dims)
                || region.kind != kind
            {
                continue;
            }
            let ctx = self.ctx;
            let errors = &mut self.errors;
            let entry =
                self.prepared.entry((record.site, r)).or_insert_with(|| {
                    match prepare_region(ctx, statement, region) {
                        Ok(p) => Some(p),
                        Err(e) => {
                            errors.insert(format!("{}: {e}", statement.position()));
                            None
                        }
                    }
                });
            let Some(p) = entry else {
                return Union::Failed;
            };
            let exact = region.exact && !p.loose;
            let fixed = fix_region(ctx, p, &record.values).and_then(|set| match union {
                Union::NoRegion => Ok(Union::Set(set, exact)),
                Union::Set(u, e) => u
                    .union(set)
                    .map(|u| Union::Set(u, e && exact))
                    .map_err(|err| format!("isl: {err:?}")),
                Union::Failed => Ok(Union::Failed),
            });
            union = match fixed {
                Ok(u) => u,
                Err(e) => {
                    self.errors.insert(format!("{}: {e}", statement.position()));
                    return Union::Failed;
                }
            };
        }
        union
    }
}

/// The regions of one entity and kind at an instance.
enum Union {
    NoRegion,
    /// A region isl cannot read (an error reported apart).
    Failed,
    /// Their union with fixed parameters, and whether all are exact.
    Set(Set, bool),
}

/// Compares a region (parameters fixed) with the traced elements of its
/// entity: `definite` must lie in it (unless `anywhere`, a `*ANYWHERE*`
/// region of the same kind, covers them and the region is not exact); if it
/// is exact it must lie in `definite` plus the elements reached through
/// aliases (`shared`). True when some element is covered by `anywhere` only.
fn compare(
    ctx: &Context,
    entity: &Entity,
    region: &Set,
    exact: bool,
    anywhere: bool,
    definite: &BTreeSet<Vec<i64>>,
    shared: &BTreeSet<Vec<i64>>,
) -> Result<bool, (ViolationClass, String)> {
    let isl = |e: isl_rs::LibISLError| (ViolationClass::Missing, format!("isl: {e:?}"));
    let tuple = entity.tuple();
    // The region with the traced set's tuple name (checked equal already).
    let region = region.copy().map_err(isl)?;
    let points = |points: &mut dyn Iterator<Item = &Vec<i64>>| {
        points_set(ctx, &tuple, entity.dims, points).map_err(|e| (ViolationClass::Missing, e))
    };
    let traced = points(&mut definite.iter())?;
    // `*ANYWHERE*` covers what a MAY region misses, not what an EXACT one
    // claims to be all.
    let inside = traced.is_subset(&region).map_err(isl)?;
    if !inside && (!anywhere || exact) {
        let outside = traced.subtract(region.copy().map_err(isl)?).map_err(isl)?;
        return Err((
            ViolationClass::Missing,
            format!(
                "traced {} is not in the region: {} missing",
                format_points(definite),
                set_text(&outside)
            ),
        ));
    }
    if exact {
        let all = points(&mut definite.iter().chain(shared))?;
        if !region.is_subset(&all).map_err(isl)? {
            let extra = region.subtract(all).map_err(isl)?;
            return Err((
                ViolationClass::Extra,
                format!(
                    "the EXACT region has {} that the instance does not touch (traced {})",
                    set_text(&extra),
                    format_points(definite)
                ),
            ));
        }
    }
    Ok(!inside)
}

fn format_index(index: &[i64]) -> String {
    if index.is_empty() {
        return "[]".to_owned();
    }
    index.iter().map(|i| format!("[{i}]")).collect()
}

/// `{[1], [2], [5]}`, abbreviated past 12 elements.
fn format_points(points: &BTreeSet<Vec<i64>>) -> String {
    let shown: Vec<String> = points.iter().take(12).map(|p| format_index(p)).collect();
    format!(
        "{{{}{}}}",
        shown.join(", "),
        if points.len() > 12 {
            format!(", ... {} in all", points.len())
        } else {
            String::new()
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{TestProgram, scratch_dir};
    use std::time::Duration;

    /// The position (line, column) of the first statement whose line starts
    /// with `text` in `source`.
    fn at(source: &str, text: &str) -> (u32, u32) {
        source
            .lines()
            .enumerate()
            .find_map(|(i, line)| {
                let column = line.len() - line.trim_start().len();
                line.trim_start()
                    .starts_with(text)
                    .then_some((i as u32 + 1, column as u32 + 1))
            })
            .unwrap_or_else(|| panic!("no line starts with `{text}`"))
    }

    /// A statement for `at(text)` with integer variables `vars` and regions
    /// `(array, kind, exact, isl)`.
    fn statement(
        source: &str,
        function: &str,
        text: &str,
        vars: &[&str],
        regions: &[(&str, RegionKind, bool, &str)],
    ) -> RegionStatement {
        let (line, column) = at(source, text);
        RegionStatement {
            function: function.into(),
            line,
            column,
            kind: "expr".into(),
            variables: vars
                .iter()
                .map(|v| Variable {
                    isl: (*v).into(),
                    c: (*v).into(),
                    visible: true,
                })
                .collect(),
            regions: regions
                .iter()
                .map(|(array, kind, exact, isl)| Region {
                    array: (*array).into(),
                    kind: *kind,
                    exact: *exact,
                    isl: (*isl).into(),
                    sure: None,
                    sure_is_all: false,
                    rows: Vec::new(),
                    dims: {
                        // The names between the brackets of the tuple.
                        let tuple = isl.split('{').nth(1).unwrap_or("");
                        let inside = tuple.split('[').nth(1).unwrap_or("");
                        inside
                            .split(']')
                            .next()
                            .unwrap_or("")
                            .matches("phi")
                            .count()
                    },
                })
                .collect(),
        }
    }

    /// Instruments `source` for `statements`, builds and runs it, and
    /// replays its trace; returns the replay and what the program printed.
    fn trace_of(
        name: &str,
        source: &str,
        statements: &[RegionStatement],
    ) -> (Replay, Instrumented, String) {
        let dir = scratch_dir(&format!("region-unit-{name}"));
        let path = dir.join(format!("{name}.c"));
        std::fs::write(&path, source).unwrap();
        let parsed = ferry_parser::parse_file(&path, &[]).unwrap_or_else(|d| panic!("{d}"));
        let instrumented = instrument(parsed, statements);
        assert!(
            instrumented.unplaced.is_empty(),
            "{:?}",
            instrumented.unplaced
        );
        let traced = dir.join(format!("{name}.traced.c"));
        std::fs::write(&traced, &instrumented.text).unwrap();
        let trace_path = dir.join("trace");
        let exe = dir.join(name);
        let program = TestProgram {
            source: &traced,
            cflags: &[],
            include: &dir,
            exe: &exe,
            runtime: Some((RUNTIME_C, &trace_path)),
        };
        program
            .build()
            .unwrap_or_else(|e| panic!("{e}\n{}", instrumented.text));
        let output = program.run(&[], Duration::from_secs(10)).unwrap();
        assert!(output.status.success());
        let text = std::fs::read_to_string(&trace_path).unwrap();
        let replay = replay(&text, statements).unwrap_or_else(|e| panic!("{e}"));
        if std::env::var_os("FERRY_KEEP").is_none() {
            let _ = std::fs::remove_dir_all(&dir);
        } else {
            eprintln!("kept {}", dir.display());
        }
        (
            replay,
            instrumented,
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )
    }

    #[test]
    fn traced_points_become_boxes_with_the_same_elements() {
        let ctx = Context::alloc();
        let mut points: BTreeSet<Vec<i64>> = BTreeSet::new();
        for i in 0..6 {
            for j in 0..5 {
                if (i * 7 + j * 3) % 4 != 0 {
                    points.insert(vec![i, j]);
                }
            }
        }
        points.insert(vec![-3, 9]);
        let boxes = points_set(&ctx, "a", 2, &mut points.iter()).unwrap();
        let listed: Vec<String> = points
            .iter()
            .map(|p| format!("a[{}, {}]", p[0], p[1]))
            .collect();
        let one_by_one = Set::read_from_str(&ctx, &format!("{{ {} }}", listed.join("; "))).unwrap();
        assert!(boxes.is_equal(&one_by_one).unwrap());
        // A full block is one box.
        let block: BTreeSet<Vec<i64>> = (0..4)
            .flat_map(|i| (0..3).map(move |j| vec![i, j]))
            .collect();
        let set = points_set(&ctx, "a", 2, &mut block.iter()).unwrap();
        assert_eq!(set.n_basic_set().unwrap(), 1);
        // Empty and zero-dimensional sets.
        let empty = points_set(&ctx, "a", 2, &mut std::iter::empty()).unwrap();
        assert!(empty.is_empty().unwrap());
        let scalar = points_set(&ctx, "x", 0, &mut [vec![]].iter()).unwrap();
        assert!(!scalar.is_empty().unwrap());
    }

    const CALL_WITH_OFFSET: &str = r#"#include <stdio.h>
int a[10];
void set(int *p, int n) {
    for (int j = 0; j < n; j++)
        p[j] = p[j] + j;
}
int main(void) {
    int s = 0;
    set(a + 2, 3);
    for (int i = 0; i < 10; i++)
        s += a[i];
    printf("%d\n", s);
    return 0;
}
"#;

    #[test]
    fn accesses_through_parameters_count_for_the_caller() {
        use RegionKind::*;
        let src = CALL_WITH_OFFSET;
        let statements = vec![
            statement(
                src,
                "set",
                "p[j] = p[j] + j;",
                &["j", "n"],
                &[
                    ("p", Write, true, "[j] -> { p[phi1] : phi1 = j }"),
                    ("p", Read, true, "[j] -> { p[phi1] : phi1 = j }"),
                    ("p", In, true, "[j] -> { p[phi1] : phi1 = j }"),
                    ("p", Out, true, "[j] -> { p[phi1] : phi1 = j }"),
                ],
            ),
            statement(
                src,
                "main",
                "set(a + 2, 3);",
                &["s"],
                &[
                    ("a", Write, true, "{ a[phi1] : 2 <= phi1 <= 4 }"),
                    ("a", Read, true, "{ a[phi1] : 2 <= phi1 <= 4 }"),
                    ("a", In, true, "{ a[phi1] : 2 <= phi1 <= 4 }"),
                    ("a", Out, true, "{ a[phi1] : 2 <= phi1 <= 4 }"),
                ],
            ),
            statement(
                src,
                "main",
                "for (int i = 0;",
                &["s"],
                &[
                    ("a", Read, true, "{ a[phi1] : 0 <= phi1 <= 9 }"),
                    ("a", In, true, "{ a[phi1] : 0 <= phi1 <= 9 }"),
                ],
            ),
        ];
        let (replay, instrumented, stdout) = trace_of("offset", src, &statements);
        assert_eq!(stdout, "3\n", "{}", instrumented.text);
        assert_eq!(replay.unfinished, 0);
        let call = replay.instances.iter().find(|i| i.site == 1).unwrap();
        let expected: BTreeSet<Vec<i64>> = [vec![2], vec![3], vec![4]].into();
        assert_eq!(
            call.sets[0].definite(Write),
            &expected,
            "{}",
            instrumented.text
        );
        assert_eq!(call.sets[0].definite(Read), &expected);
        assert_eq!(call.sets[0].definite(In), &expected);
        // The loop after the call reads what it wrote.
        assert_eq!(call.sets[0].definite(Out), &expected);
        assert!(call.strays.is_empty() && call.loose.is_empty());
        // Inside `set`, `p` is indexed from where it points.
        let inner: Vec<&InstanceRecord> = replay.instances.iter().filter(|i| i.site == 0).collect();
        assert_eq!(inner.len(), 3);
        for (j, instance) in inner.iter().enumerate() {
            assert_eq!(instance.values, vec![j as i128, 3]);
            let element: BTreeSet<Vec<i64>> = [vec![j as i64]].into();
            assert_eq!(instance.sets[0].definite(Write), &element);
            assert_eq!(instance.sets[0].definite(Out), &element);
        }
        let report = check_instances(&statements, &instrumented.unchecked, &replay.instances);
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        assert!(
            report.violations.is_empty(),
            "{}",
            report.describe(&statements, 3)
        );
        assert_eq!(report.checked, 5);

        // Wrong regions are caught: too small, too large for EXACT, and missing.
        let wrong = vec![
            statements[0].clone(),
            statement(
                src,
                "main",
                "set(a + 2, 3);",
                &["s"],
                &[
                    ("a", Write, true, "{ a[phi1] : 2 <= phi1 <= 3 }"),
                    ("a", Read, true, "{ a[phi1] : 2 <= phi1 <= 5 }"),
                    ("a", In, false, "{ a[phi1] : 0 <= phi1 <= 9 }"),
                ],
            ),
            statement(src, "main", "for (int i = 0;", &["s"], &[]),
        ];
        let (replay, instrumented, _) = trace_of("offset-wrong", src, &wrong);
        let report = check_instances(&wrong, &instrumented.unchecked, &replay.instances);
        let described = report.describe(&wrong, 3);
        let kinds: BTreeSet<(usize, String, RegionKind)> = report
            .violations
            .iter()
            .map(|v| (v.site, v.array.clone(), v.kind))
            .collect();
        assert_eq!(
            kinds,
            [
                (1, "a".into(), Write),
                (1, "a".into(), Read),
                (1, "a".into(), Out),
                (2, "?".into(), Read)
            ]
            .into(),
            "{described}"
        );
        assert!(described.contains("a[i0 = 4]"), "{described}");
        assert!(
            described.contains("reads `a` at bytes 0, 4, 8"),
            "{described}"
        );
    }
}
