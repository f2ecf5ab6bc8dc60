//! The program representation the analyses run on.
//!
//! Everything lives in typed arenas owned by [`Program`] and is referred to
//! by index ([`VarId`], [`FuncId`], [`NodeId`]), as naga does: analyses keep
//! their results in side tables indexed the same way, and nothing borrows the
//! syntax tree. Every node keeps the [`Span`] of the statement it comes from,
//! so results can be printed back next to the user's code.

use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
use petgraph::graph::{DiGraph, NodeIndex};

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub u32);
        impl $name {
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id_type!(
    /// A variable of the program: global, parameter or local.
    VarId
);
id_type!(
    /// A function, defined or only declared.
    FuncId
);
id_type!(
    /// A node of a function's hierarchical control-flow graph.
    NodeId
);
id_type!(
    /// A struct or union definition.
    StructId
);

/// The whole program: every translation unit given on the command line.
#[derive(Debug, Default)]
pub struct Program {
    pub vars: Vec<Var>,
    pub functions: Vec<Function>,
    pub structs: Vec<StructDef>,
    /// File-scope variables, one entry per distinct external name (or per
    /// `static` variable of each file).
    pub globals: Vec<VarId>,
    /// Local pointers that walk one array, analysed as indices into it
    /// (`pointer_walks`): the pointer, and the array. Their type here is an
    /// integer; the syntax tree keeps the pointers.
    pub walks: std::collections::BTreeMap<VarId, VarId>,
    /// The walks assigned once an expression whose variables keep their
    /// value (`pointer_walks`' constant definitions: `int *p = m + r *
    /// cols`): their uses are that expression's subscripts; the regions
    /// add the read of the pointer itself from `substituted_reads`.
    pub defined_once: std::collections::BTreeSet<VarId>,
    /// Per function, where a walk of `defined_once` was read and its use
    /// replaced by its definition: the span of the use, and the walk. The
    /// expressions no longer name the pointer, so the regions add its read
    /// from here (`Program::walks_read_in`).
    pub substituted_reads: std::collections::BTreeMap<FuncId, Vec<(Span, VarId)>>,
    /// Those of them assigned their base's own address (`double *y =
    /// out;`), which they hold wherever they are read: the pointer, and
    /// the array. Isolation names the array's copy for them.
    pub aliases: std::collections::BTreeMap<VarId, VarId>,
    /// Structure locals analysed as one variable per scalar member
    /// (`scalar_fields`): the structure, and its members' variables. The
    /// syntax tree keeps the member accesses.
    pub fields: std::collections::BTreeMap<VarId, Vec<VarId>>,
    /// The other way: each member's variable, and what it is a member of.
    pub members: std::collections::BTreeMap<VarId, MemberOf>,
    /// The initialisers of file-scope variables, each lowered as the
    /// assignments it makes (`g = 5`; one per member for a structure used
    /// member by member): the values the program starts `main` with.
    pub initial_values: std::collections::BTreeMap<VarId, Expr>,
    /// A function runs before `main` (`__attribute__((constructor))`): the
    /// globals may no longer hold their initial values when `main` starts.
    pub runs_before_main: bool,
    /// Code outside the files analysed may call their functions of
    /// external linkage, `main` or not (a project's unit analysed without
    /// the rest of its program, `Linkage::Open`): see [`Program::is_closed`].
    pub open_linkage: bool,
    /// Functions declared with `__attribute__((pencil_access(g)))` (the
    /// PENCIL report's summary functions, §3.7): the polyhedral model
    /// takes a call's accesses from `g`'s body instead of theirs.
    pub access_summaries: std::collections::BTreeMap<FuncId, AccessSummary>,
    /// The `for` loops a pragma declares free of dependences between
    /// iterations (`#pragma pencil independent`, the PENCIL report's §3.9).
    pub independent_loops: std::collections::BTreeSet<ferry_parser::ast::StmtId>,
    /// Parameters declared with `static` in their first brackets (`int
    /// a[static n]`): the caller passes the first element of an array (at
    /// least n long, C11 6.7.6.3), so no subscript of `a` is negative.
    pub static_extent_params: std::collections::BTreeSet<VarId>,
    /// The enumeration constants of the files' scopes, with their values,
    /// for code written without the files' declarations (kernels): `None`
    /// for a name two files give two values, or a block declares too.
    pub enumerators: std::collections::BTreeMap<ferry_parser::intern::Symbol, Option<i128>>,
}

/// A `pencil_access(g)` attribute: the summary function it names, as
/// written, and what the name resolved to where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccessSummary {
    pub name: Symbol,
    /// `None` when no function of that name was declared before.
    pub function: Option<FuncId>,
    /// The attribute, in the translation unit `unit`.
    pub span: Span,
    pub unit: usize,
}

/// What a member's variable (`scalar_fields`) stands for: a member of a
/// structure variable (`v.n`), or of the structure a pointer parameter
/// points to (`p->n`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberOf {
    pub structure: VarId,
    /// The member names from the structure, outermost last.
    pub path: Vec<Symbol>,
}

impl Program {
    /// The walks of `f` with a constant definition that the expression
    /// spanning `span` reads, though its IR names their definitions
    /// instead ([`Program::substituted_reads`]).
    pub fn walks_read_in(&self, f: FuncId, span: Span) -> impl Iterator<Item = VarId> + '_ {
        self.substituted_reads
            .get(&f)
            .into_iter()
            .flatten()
            .filter(move |(at, _)| span.lo <= at.lo && at.hi <= span.hi)
            .map(|&(_, v)| v)
    }

    pub fn var(&self, id: VarId) -> &Var {
        &self.vars[id.index()]
    }
    pub fn function(&self, id: FuncId) -> &Function {
        &self.functions[id.index()]
    }
    pub fn struct_def(&self, id: StructId) -> &StructDef {
        &self.structs[id.index()]
    }
    pub fn function_ids(&self) -> impl Iterator<Item = FuncId> + '_ {
        (0..self.functions.len() as u32).map(FuncId)
    }
    /// The parameter structure whose member variable `v` is
    /// (`scalar_fields`): memory behind it is the caller's, like memory
    /// behind a pointer parameter.
    pub fn member_of_param(&self, v: VarId) -> Option<VarId> {
        let s = self.members.get(&v)?.structure;
        (self.var(s).storage == Storage::Param).then_some(s)
    }

    /// The pointer parameter whose pointed-to structure's member variable
    /// `v` is (`p->n`): its value is the caller's memory, read and written
    /// through `p`.
    pub fn member_through_pointer(&self, v: VarId) -> Option<&MemberOf> {
        let m = self.members.get(&v)?;
        matches!(self.var(m.structure).ty, Type::Pointer(_)).then_some(m)
    }

    pub fn find_function(&self, name: &str) -> Option<FuncId> {
        self.function_ids()
            .find(|&f| self.function(f).name.as_str() == name)
    }

    /// Whether the files analysed are a whole program: `main` is defined
    /// here and nothing else calls their functions. Then a function's
    /// callers are those the call graph shows; otherwise a function of
    /// external linkage may have others, which pass anything and read
    /// anything it writes.
    pub fn is_closed(&self) -> bool {
        !self.open_linkage
            && self
                .find_function("main")
                .is_some_and(|m| self.function(m).body.is_some())
    }

    /// Whether every caller of `f` may be among the functions analysed:
    /// in a closed program, or for a `static` function.
    pub fn callers_all_here(&self, f: FuncId) -> bool {
        self.function(f).is_static || self.is_closed()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Storage {
    Global {
        is_static: bool,
    },
    Param,
    Local,
    /// A `static` local: keeps its value between calls, like a global.
    StaticLocal,
}

#[derive(Debug, Clone)]
pub struct Var {
    pub name: Symbol,
    pub ty: Type,
    pub storage: Storage,
    /// The function a parameter or local belongs to.
    pub function: Option<FuncId>,
    /// Index of the translation unit that declares it.
    pub unit: usize,
    pub span: Span,
    /// `&v` appears somewhere, or v is an array (whose elements are reached
    /// through pointers by construction): its value may change behind the
    /// analyses' back through a pointer.
    pub address_taken: bool,
    /// `volatile`: never tracked by the affine semantics.
    pub is_volatile: bool,
    /// Byte offset (in the unit's preprocessed text) where the variable's
    /// scope ends: the end of its block, or of the unit for globals.
    pub scope_end: u32,
}

impl Var {
    pub fn is_global(&self) -> bool {
        matches!(self.storage, Storage::Global { .. } | Storage::StaticLocal)
    }
}

/// C types, as far as the analyses need them.
#[derive(Debug, Clone, PartialEq)]
pub enum Type {
    Void,
    Int {
        signed: bool,
        bits: u8,
    },
    Float {
        bits: u8,
    },
    Pointer(Box<Type>),
    Array(Box<Type>, ArrayLen),
    Struct(StructId),
    Function(Box<FunctionType>),
    /// What the analyses do not model (complex numbers, vectors, `va_list`,
    /// incomplete struct tags...): treated as opaque memory.
    Opaque,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ArrayLen {
    Const(u64),
    /// A variable-length array: the size expression, in the scope of the declaration.
    Vla(Box<Expr>),
    /// `int a[]`, `int a[*]`.
    Unknown,
}

#[derive(Debug, Clone, PartialEq)]
pub struct FunctionType {
    pub ret: Type,
    pub params: Vec<Type>,
    pub variadic: bool,
    /// Declared without a prototype (`int f()`): any arguments accepted.
    pub unprototyped: bool,
}

impl Type {
    pub fn int() -> Type {
        Type::Int {
            signed: true,
            bits: 32,
        }
    }
    pub fn is_integer(&self) -> bool {
        matches!(self, Type::Int { .. })
    }
    pub fn is_arithmetic(&self) -> bool {
        matches!(self, Type::Int { .. } | Type::Float { .. })
    }
    pub fn is_pointer_like(&self) -> bool {
        matches!(self, Type::Pointer(_) | Type::Array(..))
    }
    /// The element type reached by one subscript or dereference.
    pub fn pointee(&self) -> Option<&Type> {
        match self {
            Type::Pointer(t) | Type::Array(t, _) => Some(t),
            _ => None,
        }
    }
    /// Array-to-pointer and function-to-pointer decay.
    pub fn decay(&self) -> Type {
        match self {
            Type::Array(elem, _) => Type::Pointer(elem.clone()),
            Type::Function(_) => Type::Pointer(Box::new(self.clone())),
            other => other.clone(),
        }
    }
    /// Integer promotion (types narrower than `int` become `int`), and
    /// array and function decay.
    pub fn promoted(&self) -> Type {
        match self {
            Type::Int { bits, .. } if *bits < 32 => Type::int(),
            other => other.decay(),
        }
    }

    /// The usual arithmetic conversions (C11 6.3.1.8) on the LP64 model:
    /// the type `a op b` is computed in; `Opaque` unless both are arithmetic.
    pub fn arithmetic_conversion(a: &Type, b: &Type) -> Type {
        match (a.promoted(), b.promoted()) {
            (Type::Float { bits: x }, Type::Float { bits: y }) => Type::Float { bits: x.max(y) },
            (f @ Type::Float { .. }, _) | (_, f @ Type::Float { .. }) => f,
            (
                Type::Int {
                    signed: sa,
                    bits: ba,
                },
                Type::Int {
                    signed: sb,
                    bits: bb,
                },
            ) => {
                if ba == bb {
                    Type::Int {
                        signed: sa && sb,
                        bits: ba,
                    }
                } else if ba > bb {
                    // The wider type's signedness wins when it is wider (its
                    // range holds the other's values).
                    Type::Int {
                        signed: sa,
                        bits: ba,
                    }
                } else {
                    Type::Int {
                        signed: sb,
                        bits: bb,
                    }
                }
            }
            _ => Type::Opaque,
        }
    }

    pub fn function_type(&self) -> Option<&FunctionType> {
        match self {
            Type::Function(f) => Some(f),
            Type::Pointer(inner) => match inner.as_ref() {
                Type::Function(f) => Some(f),
                _ => None,
            },
            _ => None,
        }
    }
}

#[derive(Debug, Clone)]
pub struct StructDef {
    pub tag: Option<Symbol>,
    pub is_union: bool,
    /// `None` while only the tag has been seen.
    pub fields: Option<Vec<Field>>,
    /// Its definition may place members other than the rules of C that
    /// ferry models: attributes on it or its members (`packed`,
    /// `aligned`), `_Alignas`, an unnamed bit-field (not among
    /// `fields`), or a `#pragma pack` before it in its unit. The analyses do not need the layout; code that depends
    /// on it (device code) refuses such a structure.
    pub layout_attributes: bool,
}

#[derive(Debug, Clone)]
pub struct Field {
    pub name: Option<Symbol>,
    pub ty: Type,
    /// Declared with a width (`unsigned f : 3`): its values wrap at that
    /// width, which `ty` does not say.
    pub bit_field: bool,
}

impl StructDef {
    /// The type of field `name`, looking into anonymous members too.
    pub fn field_type(&self, program: &Program, name: Symbol) -> Option<Type> {
        for field in self.fields.as_deref().unwrap_or(&[]) {
            match (&field.name, &field.ty) {
                (Some(n), ty) if *n == name => return Some(ty.clone()),
                (None, Type::Struct(inner)) => {
                    if let Some(ty) = program.struct_def(*inner).field_type(program, name) {
                        return Some(ty);
                    }
                }
                _ => {}
            }
        }
        None
    }
}

#[derive(Debug)]
pub struct Function {
    pub name: Symbol,
    pub ty: FunctionType,
    /// Parameters in order; unnamed ones get a variable too.
    pub params: Vec<VarId>,
    /// Every local (including block-scope and `static` ones), in declaration order.
    pub locals: Vec<VarId>,
    pub body: Option<Body>,
    pub is_static: bool,
    /// Its address is taken somewhere: it may be called through a pointer.
    pub address_taken: bool,
    pub unit: usize,
    pub span: Span,
}

/// A function body as a hierarchical control-flow graph.
#[derive(Debug)]
pub struct Body {
    pub nodes: Vec<Node>,
    pub root: NodeId,
}

impl Body {
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }
    /// Node ids in pre-order (a node before its children).
    pub fn preorder(&self) -> Vec<NodeId> {
        let mut out = Vec::with_capacity(self.nodes.len());
        let mut stack = vec![self.root];
        while let Some(id) = stack.pop() {
            out.push(id);
            let mut children = self.node(id).kind.children();
            children.reverse();
            stack.extend(children);
        }
        out
    }

    /// The node `id` is a child of (`None` for the root).
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.preorder()
            .into_iter()
            .find(|&p| self.node(p).kind.children().contains(&id))
    }
}

#[derive(Debug)]
pub struct Node {
    pub kind: NodeKind,
    /// The statement it comes from (for a declaration, the declaration).
    pub span: Span,
    /// The statement it is, or a wrapper of (`None` for a declaration and
    /// for the parts of a statement: a `for`'s initialisation and step).
    pub stmt: Option<ferry_parser::ast::StmtId>,
}

/// A node of the HCFG. Structured kinds keep the source structure; an
/// [`Unstructured`] node holds a control-flow graph whose vertices are
/// themselves HCFG nodes, so structure is kept below and above it.
#[derive(Debug)]
pub enum NodeKind {
    /// Children run one after the other; `scoped` are the locals whose
    /// scope (a block) ends with the sequence.
    Seq {
        items: Vec<NodeId>,
        scoped: Vec<VarId>,
    },
    /// An expression evaluated for its effects (an expression statement, a
    /// declaration's initialisation as `v = e`, a loop's `for` parts).
    Expr(Expr),
    /// A local declared without an initialiser: its value becomes unknown.
    Declare(VarId),
    /// `return e;` as the last thing a function does (only at the end of the
    /// body; other returns are jumps inside an [`Unstructured`] node).
    Return(Option<Expr>),
    Nop,
    If {
        condition: Expr,
        then_branch: NodeId,
        else_branch: NodeId,
    },
    Loop(Loop),
    Unstructured(Unstructured),
}

impl NodeKind {
    /// The expressions the node evaluates itself, not its children's:
    /// an expression statement's, a return's, an `if`'s or a loop's test,
    /// a counted loop's bounds, the tests of an unstructured graph.
    pub fn own_expressions(&self) -> Vec<&Expr> {
        match self {
            NodeKind::Expr(e) | NodeKind::Return(Some(e)) => vec![e],
            NodeKind::If { condition, .. } => vec![condition],
            NodeKind::Loop(l) => match &l.kind {
                LoopKind::Counted(c) => vec![&c.lower, &c.upper],
                LoopKind::While { condition } | LoopKind::DoWhile { condition } => {
                    vec![condition]
                }
                LoopKind::For { condition, .. } => condition.iter().collect(),
            },
            NodeKind::Unstructured(u) => u
                .graph
                .node_weights()
                .filter_map(|v| match v {
                    Vertex::Test(e) | Vertex::Switch(e) => Some(e),
                    _ => None,
                })
                .collect(),
            NodeKind::Declare(_)
            | NodeKind::Seq { .. }
            | NodeKind::Return(None)
            | NodeKind::Nop => Vec::new(),
        }
    }

    /// [`NodeKind::own_expressions`], mutably.
    pub fn own_expressions_mut(&mut self) -> Vec<&mut Expr> {
        match self {
            NodeKind::Expr(e) | NodeKind::Return(Some(e)) => vec![e],
            NodeKind::If { condition, .. } => vec![condition],
            NodeKind::Loop(l) => match &mut l.kind {
                LoopKind::Counted(c) => vec![&mut c.lower, &mut c.upper],
                LoopKind::While { condition } | LoopKind::DoWhile { condition } => vec![condition],
                LoopKind::For { condition, .. } => condition.iter_mut().collect(),
            },
            NodeKind::Unstructured(u) => u
                .graph
                .node_weights_mut()
                .filter_map(|v| match v {
                    Vertex::Test(e) | Vertex::Switch(e) => Some(e),
                    _ => None,
                })
                .collect(),
            NodeKind::Declare(_)
            | NodeKind::Seq { .. }
            | NodeKind::Return(None)
            | NodeKind::Nop => Vec::new(),
        }
    }

    pub fn children(&self) -> Vec<NodeId> {
        match self {
            NodeKind::Seq { items, .. } => items.clone(),
            NodeKind::If {
                then_branch,
                else_branch,
                ..
            } => vec![*then_branch, *else_branch],
            NodeKind::Loop(l) => match &l.kind {
                LoopKind::Counted(c) => vec![c.init, l.body],
                LoopKind::While { .. } | LoopKind::DoWhile { .. } => vec![l.body],
                LoopKind::For { init, step, .. } => vec![*init, l.body, *step],
            },
            NodeKind::Unstructured(u) => u
                .graph
                .node_weights()
                .filter_map(|v| match v {
                    Vertex::Node(n) => Some(*n),
                    _ => None,
                })
                .collect(),
            NodeKind::Expr(_) | NodeKind::Declare(_) | NodeKind::Return(_) | NodeKind::Nop => {
                Vec::new()
            }
        }
    }
}

#[derive(Debug)]
pub struct Loop {
    pub kind: LoopKind,
    pub body: NodeId,
}

#[derive(Debug)]
pub enum LoopKind {
    /// The DO loop of the papers: `for (index = lower; index <= upper; index += step)`
    /// with an integer index not written in the body, bounds invariant in the
    /// loop, a constant non-zero step. For a negative step the test is
    /// `index >= upper`.
    Counted(CountedLoop),
    While {
        condition: Expr,
    },
    DoWhile {
        condition: Expr,
    },
    /// Any other `for`: init, then `while (condition) { body; step }`.
    For {
        init: NodeId,
        condition: Option<Expr>,
        step: NodeId,
    },
}

#[derive(Debug)]
pub struct CountedLoop {
    pub index: VarId,
    /// The node initialising the index (`i = lower`, or the declaration).
    pub init: NodeId,
    pub lower: Expr,
    /// Inclusive bound: `i < n` is normalised to `i <= n - 1`.
    pub upper: Expr,
    pub step: i64,
}

/// An unstructured part: a control-flow graph with one entry and one exit.
#[derive(Debug)]
pub struct Unstructured {
    pub graph: DiGraph<Vertex, Edge>,
    pub entry: NodeIndex,
    pub exit: NodeIndex,
}

#[derive(Debug)]
pub enum Vertex {
    /// A structured HCFG node, run when control reaches the vertex; one
    /// successor (`Edge::Always`).
    Node(NodeId),
    /// A two-way branch on a condition (`Edge::True` / `Edge::False`).
    Test(Expr),
    /// A `switch`: edges `Case` and `Default` (an implicit default goes to
    /// the end of the switch).
    Switch(Expr),
    /// The join point at a label or after a construct; one successor.
    Join,
    /// The unique exit of the graph; no successor.
    Exit,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Edge {
    Always,
    True,
    False,
    /// `case lo:` or `case lo ... hi:`.
    Case(i128, i128),
    Default,
}

/// An expression with names resolved and (approximate) C types.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: Type,
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Plus,
    Not,
    BitNot,
    Deref,
    AddrOf,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

pub use ferry_parser::ast::{AssignOp, BinaryOp};

#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    Var(VarId),
    Func(FuncId),
    /// An integer constant (or enumerator, or character constant) with its value.
    Int(i128),
    Float,
    Str,
    Unary(UnOp, Box<Expr>),
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    Assign(AssignOp, Box<Expr>, Box<Expr>),
    /// `c ? a : b`; `a` is `None` for GNU `c ?: b`.
    Cond(Box<Expr>, Option<Box<Expr>>, Box<Expr>),
    Cast(Box<Expr>),
    Call(Box<Expr>, Vec<Expr>),
    Index(Box<Expr>, Box<Expr>),
    /// `e.f` (`arrow` false) or `e->f` (`arrow` true).
    Member {
        base: Box<Expr>,
        field: Symbol,
        arrow: bool,
    },
    Comma(Vec<Expr>),
    /// `_Alignof`, `offsetof`, or a `sizeof` whose operand's type is not
    /// known, whose value is not computed: an unknown integer constant
    /// without effects.
    UnknownConst,
    /// `sizeof` of this type: an unknown positive constant without effects
    /// (ferry does not model layouts), kept apart so that byte counts
    /// written `n * sizeof(T)` can be read as `n` elements of `T`.
    SizeOf(Type),
    /// A construct the analyses do not model (statement expressions,
    /// compound literals, `va_arg`, inline assembly operands...): it may
    /// read and write anything reachable from its operands, and anything
    /// at all when `unknown_effects` is set.
    Opaque {
        operands: Vec<Expr>,
        unknown_effects: bool,
    },
}

impl Expr {
    /// Strips casts that do not change an integer value's meaning for the
    /// analyses (integer-to-integer casts are kept: they may truncate).
    pub fn is_lvalue_var(&self) -> Option<VarId> {
        match &self.kind {
            ExprKind::Var(v) => Some(*v),
            _ => None,
        }
    }

    /// The expression under its casts: what `(void *)p` or `(long)0` is.
    pub fn strip_casts(&self) -> &Expr {
        match &self.kind {
            ExprKind::Cast(inner) => inner.strip_casts(),
            _ => self,
        }
    }

    /// The variable this expression assigns itself, if any: the target of
    /// `v = e`, `v op= e`, `v++`, `--v`...
    pub fn assigned_var(&self) -> Option<VarId> {
        match &self.kind {
            ExprKind::Assign(_, target, _)
            | ExprKind::Unary(
                UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec,
                target,
            ) => target.is_lvalue_var(),
            _ => None,
        }
    }

    /// Each direct sub-expression, mutably.
    pub fn for_each_child_mut(&mut self, f: &mut dyn FnMut(&mut Expr)) {
        match &mut self.kind {
            ExprKind::Var(_)
            | ExprKind::Func(_)
            | ExprKind::Int(_)
            | ExprKind::Float
            | ExprKind::Str
            | ExprKind::UnknownConst
            | ExprKind::SizeOf(_) => {}
            ExprKind::Unary(_, a) | ExprKind::Cast(a) | ExprKind::Member { base: a, .. } => f(a),
            ExprKind::Binary(_, a, b) | ExprKind::Assign(_, a, b) | ExprKind::Index(a, b) => {
                f(a);
                f(b);
            }
            ExprKind::Cond(c, a, b) => {
                f(c);
                if let Some(a) = a {
                    f(a);
                }
                f(b);
            }
            ExprKind::Call(callee, args) => {
                f(callee);
                args.iter_mut().for_each(f);
            }
            ExprKind::Comma(items)
            | ExprKind::Opaque {
                operands: items, ..
            } => items.iter_mut().for_each(f),
        }
    }

    /// Every sub-expression, this one first.
    pub fn walk<'e>(&'e self, f: &mut dyn FnMut(&'e Expr)) {
        f(self);
        self.for_each_child(&mut |c| c.walk(f));
    }

    /// Each direct operand, in source order ([`Expr::for_each_child_mut`],
    /// read only).
    pub fn for_each_child<'e>(&'e self, f: &mut dyn FnMut(&'e Expr)) {
        match &self.kind {
            ExprKind::Var(_)
            | ExprKind::Func(_)
            | ExprKind::Int(_)
            | ExprKind::Float
            | ExprKind::Str
            | ExprKind::UnknownConst
            | ExprKind::SizeOf(_) => {}
            ExprKind::Unary(_, a) | ExprKind::Cast(a) | ExprKind::Member { base: a, .. } => f(a),
            ExprKind::Binary(_, a, b) | ExprKind::Assign(_, a, b) | ExprKind::Index(a, b) => {
                f(a);
                f(b);
            }
            ExprKind::Cond(c, a, b) => {
                f(c);
                if let Some(a) = a {
                    f(a);
                }
                f(b);
            }
            ExprKind::Call(callee, args) => {
                f(callee);
                args.iter().for_each(f);
            }
            ExprKind::Comma(items)
            | ExprKind::Opaque {
                operands: items, ..
            } => items.iter().for_each(f),
        }
    }
}
