//! Small pieces of C text every writer spells alike.

use crate::kernel::{DeviceFunction, Dim, Kernel, Param, ParamKind, Scalar, Unit};

/// The launcher's parameter list: buffers as opaque handles, values with
/// their C types, extents as `long`, then each dimension's first index and
/// count (`long`).
pub fn launcher_params(k: &Kernel) -> String {
    param_list(k, "long", &|p| match p.kind {
        ParamKind::Buffer(_) => format!("void *{}", p.name),
        ParamKind::View(_) => format!("void *{}", p.view()),
        ParamKind::Value(s) => format!("{} {}", s.c_name(), p.name),
        ParamKind::Extent => format!("long {}", p.name),
        ParamKind::Cell(s) | ParamKind::Reduction(s, _) => format!("{} *{}", s.c_name(), p.name),
        ParamKind::Private(_) => format!("long {}", p.elements()),
    })
}

/// The kernel's own parameter list, each type spelled by `spell`
/// (buffers as pointers to `global` memory, qualified by `restrict`, both
/// with their trailing space), extents and the dimensions' first indices
/// and counts of type `index`.
///
/// A pointer a kernel receives is `restrict` where it is its own device
/// allocation (a cell, a buffer of partial results, a scratch, and the
/// buffers of a kernel with `distinct_buffers`), passed once by the
/// launcher, the body reaching memory only through pointers based on one
/// of them. The device compiler may then keep an element in a register
/// across a loop (`C[i][j] += ...` over `k` in gemm: one load and one
/// store instead of one each per iteration) and read through the
/// read-only cache. Device functions keep plain pointers: their callers
/// may pass two pointers into one buffer.
pub fn kernel_params(
    k: &Kernel,
    global: &str,
    restrict: &str,
    spell: fn(Scalar) -> &'static str,
    index: &str,
) -> String {
    let buffer_restrict = if k.distinct_buffers { restrict } else { "" };
    param_list(k, index, &|p| match p.kind {
        ParamKind::Buffer(s) => format!("{global}{} *{buffer_restrict}{}", spell(s), p.name),
        ParamKind::View(s) => format!("{global}{} *{buffer_restrict}{}", spell(s), p.view()),
        ParamKind::Value(s) => format!("{} {}", spell(s), p.name),
        ParamKind::Extent => format!("{index} {}", p.name),
        ParamKind::Cell(s) => format!("{global}{} *{restrict}{}", spell(s), p.cell()),
        ParamKind::Reduction(s, _) => {
            format!("{global}{} *{restrict}{}", spell(s), p.partials())
        }
        ParamKind::Private(s) => format!(
            "{global}{} *{restrict}{}, long {}",
            spell(s),
            p.scratch(),
            p.elements()
        ),
    })
}

/// The kernel's parameters spelled by `param`, then each dimension's first
/// index and count, of type `index`, part by part; `void` for none.
fn param_list(k: &Kernel, index: &str, param: &dyn Fn(&Param) -> String) -> String {
    let mut params: Vec<String> = k.params.iter().map(param).collect();
    for (first, count, _) in k.nest_params() {
        params.push(format!("{index} {first}"));
        params.push(format!("{index} {count}"));
    }
    if params.is_empty() {
        "void".into()
    } else {
        params.join(", ")
    }
}

/// The kernel's prologue after the work-item numbers are known: the guard
/// of partial blocks (work-groups), each loop index, the private scalars.
/// `item(k)` is how dimension k's work-item number is read; dimension 0
/// of the hardware is the innermost loop, so that consecutive work-items
/// touch consecutive elements. A kernel that reduces declares its
/// accumulators at their identity and runs its body only in range, not
/// leaving early: every work-item of a group meets the others at the
/// tree's barriers (`epilogue` closes the range test). Work-item numbers
/// are of type `index`, as the counts.
pub fn prologue(
    k: &Kernel,
    item: &dyn Fn(usize) -> String,
    global: &str,
    spell: fn(Scalar) -> &'static str,
    index: &str,
) -> String {
    let mut out = String::new();
    let n = k.dims.len();
    for d in 0..n {
        out.push_str(&format!(
            "    {index} {} = {};\n",
            Dim::item(d),
            item(n - 1 - d)
        ));
    }
    let indent = if k.reduces() { "        " } else { "    " };
    if k.reduces() {
        for p in &k.params {
            if let ParamKind::Reduction(s, op) = p.kind {
                out.push_str(&format!(
                    "    {} {} = {};\n",
                    spell(s),
                    p.name,
                    op.identity(s, spell)
                ));
            }
        }
        let in_range: Vec<String> = (0..n)
            .map(|d| format!("{} < {}", Dim::item(d), Dim::count_param(d)))
            .collect();
        out.push_str(&format!("    if ({}) {{\n", in_range.join(" && ")));
    } else if n > 0 {
        let guard: Vec<String> = (0..n)
            .map(|d| format!("{} >= {}", Dim::item(d), Dim::count_param(d)))
            .collect();
        out.push_str(&format!(
            "    if ({})\n        return;\n",
            guard.join(" || ")
        ));
    }
    for (d, dim) in k.dims.iter().enumerate() {
        out.push_str(&format!(
            "{indent}{ty} {index} = ({ty})({first} + {item} * {step}L);\n",
            ty = spell(dim.ty),
            index = dim.index,
            first = Dim::first_param(d),
            item = Dim::item(d),
            step = dim.step
        ));
    }
    for (name, ty) in &k.locals {
        out.push_str(&format!("{indent}{} {name};\n", spell(*ty)));
    }
    // The work-item's number over the whole nest, outermost loop first.
    let linear = (1..n).fold(Dim::item(0), |acc, d| {
        format!("({acc}) * {} + {}", Dim::count_param(d), Dim::item(d))
    });
    for p in &k.params {
        if let ParamKind::Private(s) = p.kind {
            out.push_str(&format!(
                "{indent}{global}{} *{} = {} + ({linear}) * {};\n",
                spell(s),
                p.name,
                p.scratch(),
                p.elements()
            ));
        }
    }
    for p in &k.params {
        if let ParamKind::Cell(s) = p.kind {
            out.push_str(&format!("    {} {} = *{};\n", spell(s), p.name, p.cell()));
        }
    }
    out
}

/// How a target spells what a reduction's tree needs.
pub struct Dialect {
    /// The qualifier of group-local memory, with a trailing space.
    pub local: &'static str,
    /// A barrier of the work-group over its local memory.
    pub barrier: &'static str,
    /// The work-item's number in its group (x fastest).
    pub lane: &'static str,
    /// The group's number in the launch (x fastest).
    pub group: &'static str,
    pub spell: fn(Scalar) -> &'static str,
}

/// A reducing kernel's end, after its body: the range test closed, then
/// per reduction the work-items' values combined as a tree in local
/// memory, each step combining neighbouring ranges (lanes `l` and `l +
/// stride`), so that the earlier work-items' value is always the left
/// operand: a minimum keeps the earliest of equal values (-0 against +0)
/// as the sequential loop does, in a one-loop nest where lanes and groups
/// follow the iterations. The group's result is stored at its number in
/// the buffer of partial results. `size` is the work-group's size, a
/// power of two.
pub fn tree(k: &Kernel, size: u32, dialect: &Dialect) -> String {
    let mut out = String::from("    }\n");
    out.push_str(&format!(
        "    const unsigned ferry_lane = {};\n",
        dialect.lane
    ));
    for p in &k.params {
        let ParamKind::Reduction(s, op) = p.kind else {
            continue;
        };
        let tree = p.tree();
        let slot = |at: &str| format!("{tree}[{at}]");
        out.push_str(&format!(
            "    {}{} {tree}[{size}];\n    {} = {};\n    {};\n",
            dialect.local,
            (dialect.spell)(s),
            slot("ferry_lane"),
            p.name,
            dialect.barrier
        ));
        out.push_str(&format!(
            "    for (unsigned ferry_stride = 1u; ferry_stride < {size}u; ferry_stride *= 2) {{\n        \
             if (ferry_lane % (2u * ferry_stride) == 0u)\n            {} = {};\n        {};\n    }}\n",
            slot("ferry_lane"),
            op.combine(&slot("ferry_lane"), &slot("ferry_lane + ferry_stride")),
            dialect.barrier
        ));
        out.push_str(&format!(
            "    if (ferry_lane == 0)\n        {}[{}] = {};\n",
            p.partials(),
            dialect.group,
            slot("0")
        ));
    }
    out
}

/// The launcher's return, before anything else, when the nest has no
/// iteration: nothing to launch (CUDA rejects an empty grid), a
/// reduction's scalar stays as it is, no scratch is needed.
/// The launch's iterations, for the statistics: the product of the
/// nest's counts (one for a kernel of one work-item).
pub fn work_items(k: &Kernel) -> String {
    if k.dims.is_empty() {
        return "1ULL".to_string();
    }
    let product = |part: usize, dims: usize| {
        (0..dims)
            .map(|d| format!("(unsigned long long){}", Dim::count_param_of(part, d)))
            .collect::<Vec<_>>()
            .join(" * ")
    };
    if k.fused.is_empty() {
        return product(0, k.dims.len());
    }
    // A fused part with no iterations adds none.
    k.part_dims()
        .into_iter()
        .map(|(part, dims)| {
            format!(
                "({} ? {} : 0ULL)",
                some_work(part, dims),
                product(part, dims)
            )
        })
        .collect::<Vec<_>>()
        .join(" + ")
}

/// C: whether every loop of part `part` (of `dims` loops) has iterations.
fn some_work(part: usize, dims: usize) -> String {
    let each: Vec<String> = (0..dims)
        .map(|d| format!("{} > 0", Dim::count_param_of(part, d)))
        .collect();
    each.join(" && ")
}

/// The launcher's return before a launch with nothing to do (CUDA rejects
/// an empty grid): a loop of the nest has no iteration, or, fused, one of
/// every part.
pub fn skip_empty_nest(k: &Kernel) -> String {
    if k.dims.is_empty() {
        return String::new();
    }
    let empty: Vec<String> = if k.fused.is_empty() {
        (0..k.dims.len())
            .map(|d| format!("{} <= 0", Dim::count_param(d)))
            .collect()
    } else {
        k.part_dims()
            .into_iter()
            .map(|(part, dims)| format!("!({})", some_work(part, dims)))
            .collect()
    };
    let joined = if k.fused.is_empty() { " || " } else { " && " };
    format!("    if ({})\n        return;\n", empty.join(joined))
}

/// C: the number of work-groups part `part` (of `dims` loops) takes, in
/// groups of `shape` work-items along the hardware's x, y, z (x along the
/// innermost loop); 0 when it has no iteration.
fn part_groups(part: usize, dims: usize, shape: [u32; 3]) -> String {
    let per_axis: Vec<String> = (0..dims)
        .map(|h| {
            let count = Dim::count_param_of(part, dims - 1 - h);
            format!("(((long){count} + {b} - 1) / {b})", b = shape[h])
        })
        .collect();
    format!("({} ? {} : 0)", some_work(part, dims), per_axis.join(" * "))
}

/// The work-group size of a fused launch, its parts' shapes given by
/// `shape(loops)`: the largest of theirs (each part leaves the work-items
/// past its own idle).
pub fn fused_lanes(k: &Kernel, shape: &dyn Fn(usize) -> [u32; 3]) -> u32 {
    k.parts()
        .iter()
        .map(|(_, part)| shape(part.dims.len()).iter().product::<u32>())
        .max()
        .unwrap_or(1)
}

/// The launcher's number of work-groups of a fused kernel, `ferry_groups`
/// (a `long`): its parts' together, each in groups of `shape(loops)`.
pub fn fused_groups(k: &Kernel, shape: &dyn Fn(usize) -> [u32; 3]) -> String {
    let parts: Vec<String> = k
        .part_dims()
        .into_iter()
        .map(|(part, dims)| part_groups(part, dims, shape(dims)))
        .collect();
    format!("    long ferry_groups = {};\n", parts.join(" + "))
}

/// The body of a fused kernel (`Kernel::fused`), launched on
/// one-dimensional work-groups of `fused_lanes` work-items, at least as
/// many as each part's `shape(loops)` holds: each part runs on the
/// work-groups after the previous parts', its work-items numbered as an
/// unfused kernel's would be, from `group` (the work-group's number) and
/// `lane` (the work-item's in it). Each part's first indices and counts
/// are named as a kernel's own inside its block, so the common prologue
/// serves.
pub fn fused_body(
    k: &Kernel,
    shape: &dyn Fn(usize) -> [u32; 3],
    (group, lane): (&str, &str),
    global: &str,
    spell: fn(Scalar) -> &'static str,
    index: &str,
) -> String {
    let lanes = fused_lanes(k, shape);
    let mut out = format!(
        "    {index} ferry_group = ({index}){group};\n    const {index} ferry_lane = ({index}){lane};\n"
    );
    for (part, kernel) in k.parts() {
        let n = kernel.dims.len();
        let b = shape(n);
        out.push_str("    {\n");
        let grid: Vec<String> = (0..n).map(|h| format!("ferry_grid{h}")).collect();
        for (h, g) in grid.iter().enumerate() {
            let count = Dim::count_param_of(part, n - 1 - h);
            out.push_str(&format!(
                "        const {index} {g} = ({count} + {b} - 1) / {b};\n",
                b = b[h]
            ));
        }
        out.push_str(&format!(
            "        const {index} ferry_groups = {} ? {} : 0;\n        if (ferry_group < ferry_groups) {{\n",
            some_work(part, n),
            grid.join(" * ")
        ));
        // The lanes past the part's own work-group shape, in a launch of
        // larger groups, have no item.
        let own: u32 = b.iter().product();
        if own < lanes {
            out.push_str(&format!(
                "            if (ferry_lane >= {own})\n                return;\n"
            ));
        }
        if part > 0 {
            for d in 0..n {
                for (own, fused) in [
                    (Dim::first_param(d), Dim::first_param_of(part, d)),
                    (Dim::count_param(d), Dim::count_param_of(part, d)),
                ] {
                    out.push_str(&format!("            const {index} {own} = {fused};\n"));
                }
            }
        }
        // Along hardware axis h: the group's and the lane's coordinates,
        // x first, as a grid and a block of these extents would number
        // them.
        let item = |h: usize| {
            let groups_before: Vec<String> = (0..h).map(|a| format!("ferry_grid{a}")).collect();
            let lanes_before: u32 = b[..h].iter().product();
            let group_coordinate = if h == 0 {
                format!("ferry_group % ferry_grid{h}")
            } else {
                format!(
                    "ferry_group / ({}) % ferry_grid{h}",
                    groups_before.join(" * ")
                )
            };
            format!(
                "({group_coordinate}) * {} + ferry_lane / {lanes_before} % {}",
                b[h], b[h]
            )
        };
        let inner = prologue(&kernel, &item, global, spell, index) + &body(&kernel);
        out.push_str(&indented(&inner, "        "));
        out.push_str(
            "            return;\n        }\n        ferry_group -= ferry_groups;\n    }\n",
        );
    }
    out
}

/// The launcher's code before the launch, per parameter that needs device
/// memory of its own: a cell holding a `Cell`'s host scalar, a scratch of
/// one copy per work-item of a `Private` buffer, a buffer of `groups`
/// partial results per `Reduction` (`groups` is declared by the launcher
/// of a kernel that reduces).
pub fn before_launch(k: &Kernel, groups: &str) -> String {
    let items = if k.dims.is_empty() {
        "1L".to_string()
    } else {
        (0..k.dims.len())
            .map(Dim::count_param)
            .collect::<Vec<_>>()
            .join(" * ")
    };
    let mut out = String::new();
    for p in &k.params {
        let name = &p.name;
        match p.kind {
            ParamKind::Cell(_) => out.push_str(&format!(
                "    void *{} = ferry_cell({name}, sizeof *{name}, 1);\n",
                p.cell()
            )),
            ParamKind::Private(s) => out.push_str(&format!(
                "    void *{} = ferry_cell(NULL, sizeof({}), ({items}) * {});\n",
                p.scratch(),
                s.c_name(),
                p.elements()
            )),
            ParamKind::Reduction(..) => out.push_str(&format!(
                "    void *{} = ferry_cell(NULL, sizeof *{name}, {groups});\n",
                p.partials()
            )),
            ParamKind::Buffer(_) | ParamKind::View(_) | ParamKind::Value(_) | ParamKind::Extent => {
            }
        }
    }
    out
}

/// The launcher's code after the kernel: each cell's value back into its
/// host scalar, each reduction's partial results back on the host and
/// combined, in group order, into its scalar, the scratches released.
pub fn after_launch(k: &Kernel, groups: &str) -> String {
    let mut out = String::new();
    for p in &k.params {
        let name = &p.name;
        match p.kind {
            ParamKind::Cell(_) => out.push_str(&format!(
                "    ferry_cell_take({name}, {}, sizeof *{name}, 1);\n",
                p.cell()
            )),
            ParamKind::Reduction(s, op) => out.push_str(&format!(
                "    {{\n        long ferry_g;\n        \
                 {t} *ferry_values = ({t} *)ferry_host_array(sizeof *{name}, {groups});\n        \
                 ferry_cell_take(ferry_values, {partials}, sizeof *{name}, {groups});\n        \
                 for (ferry_g = 0; ferry_g < {groups}; ferry_g++)\n            \
                 *{name} = {combine};\n        free(ferry_values);\n    }}\n",
                t = s.c_name(),
                partials = p.partials(),
                combine = op.combine(&format!("*{name}"), "ferry_values[ferry_g]")
            )),
            ParamKind::Private(s) => out.push_str(&format!(
                "    ferry_cell_take(NULL, {}, sizeof({}), 0);\n",
                p.scratch(),
                s.c_name()
            )),
            ParamKind::Buffer(_) | ParamKind::View(_) | ParamKind::Value(_) | ParamKind::Extent => {
            }
        }
    }
    out
}

/// The kernel's epilogue: the scalars of its cells stored back (a kernel
/// with cells runs one work-item and has no early `return`).
pub fn epilogue(k: &Kernel) -> String {
    let mut out = String::new();
    for p in &k.params {
        if let ParamKind::Cell(_) = p.kind {
            out.push_str(&format!("    *{} = {};\n", p.cell(), p.name));
        }
    }
    out
}

/// C's `memcpy`, `memmove` and `memset` for device code
/// (`Unit::memory_functions`), byte by byte: `qualifiers` start each
/// definition, `global` qualifies pointers, `byte` and `size` spell
/// `unsigned char` and `size_t`. Pointers into device buffers convert to
/// `void *` of their address space as in C.
pub fn memory_functions(qualifiers: &str, global: &str, byte: &str, size: &str) -> String {
    let head = |name: &str, params: &str| {
        format!(
            "{qualifiers}{global}void *{name}({global}void *dst, {params}, {size} n)\n{{\n    \
             {global}{byte} *d = ({global}{byte} *)dst;\n"
        )
    };
    let source = format!("    const {global}{byte} *s = (const {global}{byte} *)src;\n");
    let forward = format!("    for ({size} k = 0; k < n; k++)\n        d[k] = s[k];\n");
    let mut out = String::new();
    out.push_str(&head("ferry_memcpy", &format!("const {global}void *src")));
    out.push_str(&source);
    out.push_str(&forward);
    out.push_str("    return dst;\n}\n\n");
    out.push_str(&head("ferry_memmove", &format!("const {global}void *src")));
    out.push_str(&source);
    // Backwards when the destination starts after the source, so that
    // overlapping bytes are read before they are written.
    out.push_str(&format!(
        "    if (d <= s) {{\n    {}    }} else {{\n        for ({size} k = n; k > 0; k--)\n            \
         d[k - 1] = s[k - 1];\n    }}\n    return dst;\n}}\n\n",
        forward.replace("\n    ", "\n        ")
    ));
    out.push_str(&head("ferry_memset", "int c"));
    out.push_str(&format!(
        "    for ({size} k = 0; k < n; k++)\n        d[k] = ({byte})c;\n    return dst;\n}}\n"
    ));
    out
}

/// The functions kernels call: every prototype, then every definition
/// (so that any order of calls compiles). `qualifiers` start each
/// (CUDA's `static __device__ `), `global` qualifies pointers, `spell`
/// names the types.
pub fn device_functions(
    unit: &Unit,
    qualifiers: &str,
    global: &str,
    spell: fn(Scalar) -> &'static str,
) -> String {
    let signature = |f: &DeviceFunction| {
        let params: Vec<String> = f
            .params
            .iter()
            .map(|p| match p.kind {
                ParamKind::Buffer(s) => format!("{global}{} *{}", spell(s), p.name),
                ParamKind::Value(s) => format!("{} {}", spell(s), p.name),
                ParamKind::Extent
                | ParamKind::View(_)
                | ParamKind::Cell(_)
                | ParamKind::Reduction(..)
                | ParamKind::Private(_) => {
                    unreachable!("device functions take buffers and values only")
                }
            })
            .collect();
        format!(
            "{qualifiers}{} {}({})",
            f.ret.map_or("void", spell),
            f.name,
            if params.is_empty() {
                "void".to_string()
            } else {
                params.join(", ")
            }
        )
    };
    let mut out = String::new();
    for f in &unit.functions {
        out.push_str(&signature(f));
        out.push_str(";\n");
    }
    for f in &unit.functions {
        out.push('\n');
        out.push_str(&signature(f));
        out.push('\n');
        out.push_str(ferry_parser::printer::print_stmt(&f.body).trim_end());
        out.push('\n');
    }
    out
}

/// The kernel's body, indented one level inside its braces (two inside
/// the range test of a kernel that reduces).
pub fn body(k: &Kernel) -> String {
    let text = ferry_parser::printer::print_stmt(&k.body);
    indented(&text, if k.reduces() { "        " } else { "    " })
}

/// `text` with `indent` before each line that is not empty.
fn indented(text: &str, indent: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if !line.is_empty() {
            out.push_str(indent);
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// `text` as a C string literal, one source line per line.
pub fn c_string(text: &str) -> String {
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        out.push_str("    \"");
        for c in line.chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '"' => out.push_str("\\\""),
                '\n' => out.push_str("\\n"),
                '\t' => out.push_str("\\t"),
                c => out.push(c),
            }
        }
        out.push_str("\"\n");
    }
    if out.is_empty() {
        out.push_str("    \"\"\n");
    }
    out
}
