//! How much work a loop nest does at most, whatever its input: the
//! iterations of its counted loops when their bounds are constants, or
//! depend only on the indices of constant loops around them
//! (`for (j = 0; j <= i; j++)` inside `for (i = 0; i < 8; i++)`).
//!
//! `--auto` leaves on the host the nests whose work is that small
//! (`Options::min_iterations`): a kernel launch costs microseconds, the
//! transfers around it more, and a 4×4 block predictor called ten
//! thousand times is ten thousand launches that each do nothing worth
//! moving. A bound from the context (`if (n > 100) return;`) is not
//! used: it bounds what the program accepts, not what it usually runs.
//!
//! The count is an upper bound: branches are both taken, a loop runs its
//! largest trip count, and a call to a function of the program costs what
//! its own body does. A loop that is not counted, a bound that is not
//! constant, recursion or a call through a pointer make the work unknown,
//! and such a nest is offloaded as before.

use ferry_hcfg::callgraph::direct_callee;
use ferry_hcfg::ir::*;
use std::collections::HashMap;

/// The largest number of loop iterations the code at `node` of `f` runs,
/// its callees' included; `None` when not known from constants.
pub fn most_iterations(program: &Program, f: FuncId, node: NodeId) -> Option<u64> {
    Counter {
        program,
        calling: Vec::new(),
    }
    .node(f, node, &HashMap::new())
}

/// The values an index of an enclosing constant loop takes.
#[derive(Clone, Copy)]
struct Range {
    lo: i128,
    hi: i128,
}

/// Deeper call chains are not followed: their work is unknown.
const MAX_CALL_DEPTH: usize = 8;

struct Counter<'p> {
    program: &'p Program,
    /// The functions being counted, innermost last (recursion is unknown).
    calling: Vec<FuncId>,
}

impl Counter<'_> {
    fn node(&mut self, f: FuncId, id: NodeId, indices: &HashMap<VarId, Range>) -> Option<u64> {
        let body = self.program.function(f).body.as_ref()?;
        let node = body.node(id);
        let own = node
            .kind
            .own_expressions()
            .into_iter()
            .try_fold(0u64, |sum, e| sum.checked_add(self.calls_in(e)?))?;
        let children = match &node.kind {
            NodeKind::Loop(Loop {
                kind: LoopKind::Counted(c),
                body: loop_body,
            }) => {
                let (trips, range) = trips(c, indices)?;
                let mut inner = indices.clone();
                inner.insert(c.index, range);
                let per_iteration = self.node(f, *loop_body, &inner)?.max(1);
                trips.checked_mul(per_iteration)?
            }
            // Its iteration count is not known when it starts.
            NodeKind::Loop(_) => return None,
            // A graph may loop through its jumps.
            NodeKind::Unstructured(_) => return None,
            kind => kind.children().into_iter().try_fold(0u64, |sum, child| {
                sum.checked_add(self.node(f, child, indices)?)
            })?,
        };
        own.checked_add(children)
    }

    /// The work of the calls `e` makes to functions of the program: none
    /// for one without a body here (a library function, whose own loops
    /// ferry does not see, as a math function's).
    fn calls_in(&mut self, e: &Expr) -> Option<u64> {
        let mut callees = Vec::new();
        let mut indirect = false;
        e.walk(&mut |sub| {
            if let ExprKind::Call(callee, _) = &sub.kind {
                match direct_callee(callee) {
                    Some(g) => callees.push(g),
                    None => indirect = true,
                }
            }
        });
        if indirect {
            return None;
        }
        callees.into_iter().try_fold(0u64, |sum, g| {
            let Some(body) = &self.program.function(g).body else {
                return Some(sum);
            };
            if self.calling.contains(&g) || self.calling.len() >= MAX_CALL_DEPTH {
                return None;
            }
            self.calling.push(g);
            let work = self.node(g, body.root, &HashMap::new());
            self.calling.pop();
            sum.checked_add(work?)
        })
    }
}

/// The most iterations of the counted loop `c`, and the values its index
/// takes, from its constant bounds and those of the loops around it.
fn trips(c: &CountedLoop, indices: &HashMap<VarId, Range>) -> Option<(u64, Range)> {
    let lower = interval(&c.lower, indices)?;
    let upper = interval(&c.upper, indices)?;
    let step = i128::from(c.step);
    let (first, last) = if step > 0 {
        (lower.lo, upper.hi)
    } else {
        (lower.hi, upper.lo)
    };
    let span = (last - first) / step;
    let trips = if span < 0 { 0 } else { span + 1 };
    let range = if step > 0 {
        Range {
            lo: first,
            hi: last.max(first),
        }
    } else {
        Range {
            lo: last.min(first),
            hi: first,
        }
    };
    Some((u64::try_from(trips).ok()?, range))
}

/// The values `e` may take, when it is computed from constants and
/// indices of the loops around.
fn interval(e: &Expr, indices: &HashMap<VarId, Range>) -> Option<Range> {
    let point = |v: i128| Some(Range { lo: v, hi: v });
    match &e.kind {
        ExprKind::Int(v) => point(*v),
        ExprKind::Var(v) => indices.get(v).copied(),
        ExprKind::Cast(inner) => interval(inner, indices),
        ExprKind::Unary(UnOp::Plus, inner) => interval(inner, indices),
        ExprKind::Unary(UnOp::Neg, inner) => {
            let r = interval(inner, indices)?;
            Some(Range {
                lo: r.hi.checked_neg()?,
                hi: r.lo.checked_neg()?,
            })
        }
        ExprKind::Binary(op, a, b) => {
            let (a, b) = (interval(a, indices)?, interval(b, indices)?);
            let corners = |f: &dyn Fn(i128, i128) -> Option<i128>| {
                let values = [
                    f(a.lo, b.lo)?,
                    f(a.lo, b.hi)?,
                    f(a.hi, b.lo)?,
                    f(a.hi, b.hi)?,
                ];
                Some(Range {
                    lo: *values.iter().min()?,
                    hi: *values.iter().max()?,
                })
            };
            match op {
                BinaryOp::Add => corners(&|x, y| x.checked_add(y)),
                BinaryOp::Sub => corners(&|x, y| x.checked_sub(y)),
                BinaryOp::Mul => corners(&|x, y| x.checked_mul(y)),
                // C division truncates: exact at the corners, monotone
                // between them while the divisor keeps its sign.
                BinaryOp::Div if b.lo > 0 || b.hi < 0 => corners(&|x, y| x.checked_div(y)),
                _ => None,
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The work of the first loop of `main`.
    fn work_of_first_loop(source: &str) -> Option<u64> {
        let file =
            ferry_parser::parse_preprocessed(source.to_string(), std::path::Path::new("t.c"))
                .expect("parses");
        let program = &ferry_hcfg::build_program(&[file]);
        let main = program.find_function("main").unwrap();
        let body = program.function(main).body.as_ref().unwrap();
        let first = body
            .preorder()
            .into_iter()
            .find(|&id| matches!(body.node(id).kind, NodeKind::Loop(_)))
            .unwrap();
        most_iterations(program, main, first)
    }

    #[test]
    fn constant_nests_multiply_and_sequences_add() {
        let w = work_of_first_loop(
            "int a[4][4]; int main(void) { for (int i = 0; i < 4; i++) { \
             for (int j = 0; j < 4; j++) a[i][j] = 0; for (int j = 3; j >= 0; j -= 2) \
             a[i][j] = 1; } return 0; }",
        );
        // 4 × (4 + 2).
        assert_eq!(w, Some(24));
    }

    #[test]
    fn triangular_bounds_take_the_outer_index_at_its_extremes() {
        let w = work_of_first_loop(
            "int a[8][8]; int main(void) { for (int i = 0; i < 8; i++) \
             for (int j = 0; j <= i; j++) a[i][j] = 0; return 0; }",
        );
        // The inner loop runs at most 8 times in each of the 8 iterations.
        assert_eq!(w, Some(64));
    }

    #[test]
    fn callees_count_their_own_loops() {
        let w = work_of_first_loop(
            "int a[16][16]; void row(int *r) { for (int k = 0; k < 16; k++) r[k] = k; } \
             int main(void) { for (int i = 0; i < 16; i++) row(a[i]); return 0; }",
        );
        assert_eq!(w, Some(256));
    }

    #[test]
    fn a_bound_from_the_input_or_a_loop_callee_is_unknown() {
        let parametric = "int a[100]; int main(int argc, char **argv) { int n = argc; \
             if (n > 100) return 1; for (int i = 0; i < n; i++) a[i] = 0; return 0; }";
        assert_eq!(work_of_first_loop(parametric), None);
        let callee = "int a[16]; void fill(int *r, int n) { for (int k = 0; k < n; k++) r[k] = k; } \
             int main(void) { for (int i = 0; i < 4; i++) fill(a, i * 4); return 0; }";
        assert_eq!(work_of_first_loop(callee), None);
        let walk = "int a[16]; int main(void) { int i = 0; while (i < 16) a[i++] = 0; \
             for (int k = 0; k < 2; k++) a[k] = 1; return 0; }";
        assert_eq!(work_of_first_loop(walk), None);
    }
}
