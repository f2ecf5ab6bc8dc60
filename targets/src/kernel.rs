//! The typed kernels offloading produces: what a writer needs and nothing
//! of the analyses. A kernel is a loop nest of one to three parallel
//! loops whose iterations become work-items (threads), or no loop at all
//! (one work-item running a statement that touches device memory); its
//! body is C syntax, with every device array subscripted by one
//! linearised index.

use ferry_parser::ast::Stmt;

/// The shape of a work-group (a CUDA block) for a nest of 1, 2 and 3
/// loops, along the hardware's x, y and z (x runs along the innermost
/// loop). Each holds 256 work-items, a power of two, as the reductions'
/// trees need.
pub const GROUP_SHAPES: [[u32; 3]; 3] = [[256, 1, 1], [32, 8, 1], [32, 4, 2]];

/// The C scalar types kernels exchange with the host. Only types whose
/// size is the same in C on the host (LP64), CUDA and OpenCL C.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scalar {
    Int { signed: bool, bits: u8 },
    Float { bits: u8 },
}

impl Scalar {
    pub const LONG: Scalar = Scalar::Int {
        signed: true,
        bits: 64,
    };

    /// The spelling in C and CUDA (LP64: `long` is 64 bits).
    pub fn c_name(self) -> &'static str {
        match self {
            Scalar::Int {
                signed: true,
                bits: 8,
            } => "signed char",
            Scalar::Int {
                signed: false,
                bits: 8,
            } => "unsigned char",
            Scalar::Int {
                signed: true,
                bits: 16,
            } => "short",
            Scalar::Int {
                signed: false,
                bits: 16,
            } => "unsigned short",
            Scalar::Int {
                signed: true,
                bits: 32,
            } => "int",
            Scalar::Int {
                signed: false,
                bits: 32,
            } => "unsigned int",
            Scalar::Int { signed: true, .. } => "long",
            Scalar::Int { signed: false, .. } => "unsigned long",
            Scalar::Float { bits: 32 } => "float",
            Scalar::Float { .. } => "double",
        }
    }

    /// The spelling in OpenCL C, whose `long` is 64 bits everywhere.
    pub fn opencl_name(self) -> &'static str {
        match self {
            Scalar::Int {
                signed: true,
                bits: 8,
            } => "char",
            Scalar::Int {
                signed: false,
                bits: 8,
            } => "uchar",
            Scalar::Int {
                signed: false,
                bits: 16,
            } => "ushort",
            Scalar::Int {
                signed: false,
                bits: 32,
            } => "uint",
            Scalar::Int { signed: false, .. } => "ulong",
            other => other.c_name(),
        }
    }

    pub fn is_double(self) -> bool {
        self == Scalar::Float { bits: 64 }
    }
}

/// A kernel parameter, passed by the launcher in this order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param {
    pub name: String,
    pub kind: ParamKind,
}

impl Param {
    /// The name of a `Cell` parameter's device cell, in the kernel and
    /// its launcher.
    pub fn cell(&self) -> String {
        format!("ferry_cell_{}", self.name)
    }

    /// The name of a `Reduction` parameter's buffer of partial results
    /// (one per work-group), in the kernel and its launcher.
    pub fn partials(&self) -> String {
        format!("ferry_partials_{}", self.name)
    }

    /// The names of a `Private` parameter's scratch and of its number of
    /// elements per work-item, in the kernel and its launcher.
    pub fn scratch(&self) -> String {
        format!("ferry_scratch_{}", self.name)
    }
    pub fn elements(&self) -> String {
        format!("ferry_elements_{}", self.name)
    }

    /// The name of a `Reduction` parameter's tree in group-local memory.
    pub fn tree(&self) -> String {
        format!("ferry_tree_{}", self.name)
    }

    /// The name of a `View` parameter in the kernel and its launcher
    /// (`view_name`); the host passes the buffer `name`.
    pub fn view(&self) -> String {
        match self.kind {
            ParamKind::View(s) => view_name(&self.name, s),
            _ => self.name.clone(),
        }
    }
}

/// The name kernels give the buffer `buffer` seen as elements of `element`
/// (`ParamKind::View`): a buffer of structures has one view per type of
/// the fields a kernel reaches.
pub fn view_name(buffer: &str, element: Scalar) -> String {
    format!("{buffer}_as_{}", element.c_name().replace(' ', "_"))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    /// A device buffer of elements of this type (an opaque handle on the
    /// host side: a device pointer in CUDA, a `cl_mem` in OpenCL).
    Buffer(Scalar),
    /// A device buffer of structures seen as elements of this type, the
    /// type of some of their fields: field `f` of element `e` is element
    /// `e * (S / s) + o / s` of the view, `S` the structure's size, `o`
    /// the field's offset and `s` this type's size (both multiples of it:
    /// a field's offset is a multiple of its alignment, and so of its
    /// size for these types, and the structure's size is a multiple of
    /// every member's alignment). Kernels name it `Param::view()`; the
    /// host passes the buffer `Param::name`, once for each of its views.
    /// The views of one buffer reach disjoint bytes (distinct fields of a
    /// structure that holds no union), so each may be `restrict`.
    View(Scalar),
    /// A value the kernel only reads.
    Value(Scalar),
    /// An offset or a length of a buffer's box (`long` on the host), which
    /// the kernel's subscripts of that buffer are computed from. A writer
    /// may pass it, with the nest's first indices and counts, in a
    /// narrower index type when the launcher finds every such value and
    /// every device allocation small enough for the subscripts to fit
    /// (CUDA: `ferry_cuda_narrow`): subscripts of elements inside a
    /// buffer are below its number of elements.
    Extent,
    /// A host scalar a kernel of one work-item writes: the launcher
    /// receives its address and passes the kernel a device cell holding
    /// its value (`Param::cell`), which it copies back after the kernel.
    /// The kernel's prologue declares the scalar from the cell and its
    /// epilogue stores it back, so the body names it as the host does.
    Cell(Scalar),
    /// A host scalar the iterations of a parallel nest combine with an
    /// associative and commutative operator: each work-item declares it
    /// at the operator's identity and runs its iterations on it, the
    /// work-items of a group combine theirs as a tree in group-local
    /// memory, and each group's result goes to a buffer of partial results
    /// (`Param::partials`) that the launcher combines, in group order, into
    /// the host scalar whose address it receives.
    Reduction(Scalar, Operator),
    /// A device buffer each work-item needs a copy of (an array the
    /// iterations write before reading, dead after the nest): the
    /// launcher receives its number of elements (`Param::elements`) and
    /// allocates a scratch of one copy per work-item (`Param::scratch`);
    /// the kernel's prologue points the buffer's name at its own copy, so
    /// the body's subscripts are unchanged.
    Private(Scalar),
}

/// The operators of reductions ferry generates. Each is associative and
/// commutative on the values it is used on: integers (modular arithmetic
/// makes `+` and `*` so, whatever the order), and floating-point numbers
/// for `Min` and `Max` only (a sum or product of them rounds differently
/// in another order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operator {
    Sum,
    Product,
    Min,
    Max,
    BitAnd,
    BitOr,
    BitXor,
}

impl Operator {
    /// The user's word for it, in explanations.
    pub fn name(self) -> &'static str {
        match self {
            Operator::Sum => "sum",
            Operator::Product => "product",
            Operator::Min => "minimum",
            Operator::Max => "maximum",
            Operator::BitAnd => "bitwise and",
            Operator::BitOr => "bitwise or",
            Operator::BitXor => "bitwise exclusive or",
        }
    }

    /// C (and CUDA, and OpenCL C) for `a` combined with `b`, `a` the value
    /// so far. `Min` and `Max` keep `a` on ties, as a sequential `if (x <
    /// m) m = x;` keeps the first of equal values.
    pub fn combine(self, a: &str, b: &str) -> String {
        match self {
            Operator::Sum => format!("{a} + {b}"),
            Operator::Product => format!("{a} * {b}"),
            Operator::Min => format!("{b} < {a} ? {b} : {a}"),
            Operator::Max => format!("{b} > {a} ? {b} : {a}"),
            Operator::BitAnd => format!("{a} & {b}"),
            Operator::BitOr => format!("{a} | {b}"),
            Operator::BitXor => format!("{a} ^ {b}"),
        }
    }

    /// The value `combine` leaves any other unchanged with, as a C
    /// expression of type `ty` spelled by `spell`.
    pub fn identity(self, ty: Scalar, spell: fn(Scalar) -> &'static str) -> String {
        let t = spell(ty);
        match (self, ty) {
            (Operator::Sum | Operator::BitOr | Operator::BitXor, _) => format!("({t})0"),
            (Operator::Product, _) => format!("({t})1"),
            (Operator::BitAnd, _) => format!("({t})~0UL"),
            (Operator::Min, Scalar::Float { .. }) => "INFINITY".into(),
            (Operator::Max, Scalar::Float { .. }) => "-INFINITY".into(),
            (Operator::Min, Scalar::Int { signed: false, .. }) => format!("({t})~0UL"),
            (Operator::Max, Scalar::Int { signed: false, .. }) => format!("({t})0"),
            (Operator::Min, Scalar::Int { bits, .. }) => {
                format!("({t}){}L", (1u64 << (bits - 1)) - 1)
            }
            (Operator::Max, Scalar::Int { bits, .. }) => {
                format!("({t})(-{}L - 1)", (1u64 << (bits - 1)) - 1)
            }
        }
    }
}

/// One parallel loop of the nest: its index and the index's type, and its
/// constant step. The launcher receives the first index and the number of
/// iterations (computed by the host before the launch); work-item `t`
/// runs the iteration whose index is `first + t * step`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dim {
    pub index: String,
    pub ty: Scalar,
    pub step: i64,
}

impl Dim {
    /// The launcher parameters of dimension `k`: the first index and the
    /// iteration count (both `long`).
    pub fn first_param(k: usize) -> String {
        format!("ferry_first{k}")
    }
    pub fn count_param(k: usize) -> String {
        format!("ferry_count{k}")
    }
    /// The launcher parameters of dimension `k` of part `part` of a fused
    /// kernel (`Kernel::fused`): part 0's are the kernel's own.
    pub fn first_param_of(part: usize, k: usize) -> String {
        match part {
            0 => Self::first_param(k),
            p => format!("ferry_p{p}_first{k}"),
        }
    }
    pub fn count_param_of(part: usize, k: usize) -> String {
        match part {
            0 => Self::count_param(k),
            p => format!("ferry_p{p}_count{k}"),
        }
    }
    /// The work-item number along dimension `k` inside the kernel.
    pub fn item(k: usize) -> String {
        format!("ferry_item{k}")
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Kernel {
    /// Unique in the program: the unit's stem and a number.
    pub name: String,
    pub params: Vec<Param>,
    /// The parallel loops, outermost first (at most 3); empty for a kernel
    /// run by one work-item.
    pub dims: Vec<Dim>,
    /// Scalars each work-item keeps to itself (privatised): declared at
    /// the kernel's entry, uninitialised, as the loop's body writes them
    /// before reading them.
    pub locals: Vec<(String, Scalar)>,
    pub body: Stmt,
    /// Whether no two of its `Buffer` parameters can reach the same
    /// memory: true for a statement's own buffers (one allocation each),
    /// false in a function that launches kernels on the buffers it is
    /// given (a caller may pass one twice). The writers then qualify the
    /// buffers `restrict`.
    pub distinct_buffers: bool,
    /// Nests run by the same launch after its own (horizontal fusion of
    /// independent sibling nests, one launch instead of one each): every
    /// part has its own work-items, after the previous parts' in the grid.
    /// Only kernels whose parameters are buffers, views, values and extents, and
    /// that have dimensions, are fused; the parameters are the parts'
    /// together.
    pub fused: Vec<Part>,
}

/// A nest of a fused kernel after the first (`Kernel::fused`): its loops,
/// private scalars and body, as a kernel's.
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    pub dims: Vec<Dim>,
    pub locals: Vec<(String, Scalar)>,
    pub body: Stmt,
}

impl Kernel {
    /// Whether its work-items combine values (a reduction parameter): its
    /// work-groups then have a fixed shape, and no work-item leaves before
    /// the others (they meet at barriers).
    pub fn reduces(&self) -> bool {
        self.params
            .iter()
            .any(|p| matches!(p.kind, ParamKind::Reduction(..)))
    }

    /// The host function that launches it.
    pub fn launcher(&self) -> String {
        format!("ferry_launch_{}", self.name)
    }

    /// Its parts, its own nest first: each as a kernel of one part (its
    /// parameters the whole kernel's), with its number.
    pub fn parts(&self) -> Vec<(usize, Kernel)> {
        let own = Kernel {
            fused: Vec::new(),
            ..self.clone()
        };
        let fused = self.fused.iter().map(|p| Kernel {
            dims: p.dims.clone(),
            locals: p.locals.clone(),
            body: p.body.clone(),
            fused: Vec::new(),
            ..own.clone()
        });
        std::iter::once(own.clone())
            .chain(fused)
            .enumerate()
            .collect()
    }

    /// The launcher's first-index and count parameters, part by part and
    /// dimension by dimension (the order kernels take them in), each with
    /// its loop's step.
    pub fn nest_params(&self) -> Vec<(String, String, i64)> {
        std::iter::once(&self.dims)
            .chain(self.fused.iter().map(|p| &p.dims))
            .enumerate()
            .flat_map(|(part, dims)| {
                dims.iter().enumerate().map(move |(d, dim)| {
                    (
                        Dim::first_param_of(part, d),
                        Dim::count_param_of(part, d),
                        dim.step,
                    )
                })
            })
            .collect()
    }

    /// The number of loops of each part, with the part's number, its own
    /// first.
    pub fn part_dims(&self) -> Vec<(usize, usize)> {
        std::iter::once(self.dims.len())
            .chain(self.fused.iter().map(|p| p.dims.len()))
            .enumerate()
            .collect()
    }

    /// Whether it may be fused with another (see `Kernel::fused`).
    pub fn fusable(&self) -> bool {
        !self.dims.is_empty()
            && self.params.iter().all(|p| {
                matches!(
                    p.kind,
                    ParamKind::Buffer(_)
                        | ParamKind::View(_)
                        | ParamKind::Value(_)
                        | ParamKind::Extent
                )
            })
    }
}

/// A function device code calls: a function of the program (or a clone
/// isolation made of one) with scalar parameters by value and
/// one-dimensional arrays as device pointers (`Buffer`: a pointer to
/// global memory that may point inside a buffer). It runs in the
/// work-item that calls it.
#[derive(Debug, Clone, PartialEq)]
pub struct DeviceFunction {
    /// Unique in the unit's kernels (`DeviceFunction::name_of`).
    pub name: String,
    /// `None` for `void`.
    pub ret: Option<Scalar>,
    /// Only `Buffer` and `Value` parameters.
    pub params: Vec<Param>,
    /// The function's body (a compound statement), subscripts of its
    /// buffers as written (one each).
    pub body: Stmt,
}

impl DeviceFunction {
    /// The device name of the program's function `name`: its own, apart
    /// from the host's and from the names the targets reserve (OpenCL C's
    /// built-in functions: a user's `min` or `dot`).
    pub fn name_of(name: &str) -> String {
        format!("ferry_fn_{name}")
    }
}

/// The kernels of one translation unit.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Unit {
    /// The unit's file name without `.c` (a C identifier prefix is made
    /// from it for kernel names).
    pub stem: String,
    pub kernels: Vec<Kernel>,
    /// The functions the kernels call, each after those it calls.
    pub functions: Vec<DeviceFunction>,
    /// Whether device code calls C's `memcpy`, `memmove` or `memset`,
    /// written `ferry_memcpy`... (`MEMORY_FUNCTIONS`): OpenCL C has none
    /// of them, so each writer defines them for its target.
    pub memory_functions: bool,
}

/// C's memory functions device code may call, and the names it calls
/// them by.
pub const MEMORY_FUNCTIONS: [(&str, &str); 3] = [
    ("memcpy", "ferry_memcpy"),
    ("memmove", "ferry_memmove"),
    ("memset", "ferry_memset"),
];

impl Unit {
    pub fn header_name(&self) -> String {
        format!("{}_kernels.h", self.stem)
    }

    /// The C identifier kernels of this unit start with.
    pub fn prefix(stem: &str) -> String {
        let mut p: String = stem
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        if p.chars().next().is_none_or(|c| c.is_ascii_digit()) {
            p.insert(0, '_');
        }
        p
    }
}
