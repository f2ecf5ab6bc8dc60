//! The typed kernels offloading produces: what a writer needs and nothing
//! of the analyses. A kernel is a loop nest of one to three parallel
//! loops whose iterations become work-items (threads), or no loop at all
//! (one work-item running a statement that touches device memory); its
//! body is C syntax, with every device array subscripted by one
//! linearised index.

use ferry_parser::ast::Stmt;

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
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    /// A device buffer of elements of this type (an opaque handle on the
    /// host side: a device pointer in CUDA, a `cl_mem` in OpenCL).
    Buffer(Scalar),
    /// A value the kernel only reads.
    Value(Scalar),
    /// A host scalar a kernel of one work-item writes: the launcher
    /// receives its address and passes the kernel a device cell holding
    /// its value (`Param::cell`), which it copies back after the kernel.
    /// The kernel's prologue declares the scalar from the cell and its
    /// epilogue stores it back, so the body names it as the host does.
    Cell(Scalar),
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
}

impl Kernel {
    /// The host function that launches it.
    pub fn launcher(&self) -> String {
        format!("ferry_launch_{}", self.name)
    }
}

/// The kernels of one translation unit.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Unit {
    /// The unit's file name without `.c` (a C identifier prefix is made
    /// from it for kernel names).
    pub stem: String,
    pub kernels: Vec<Kernel>,
}

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
