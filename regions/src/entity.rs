//! What a region is about: a variable, or a part of one reached through
//! struct fields, with one φ dimension per array subscript on the way.
//!
//! `s.f[i].a[j]` is the entity `s.f.a` with two dimensions; `p[i].x` (and
//! `p->x`, which is `p[0].x`) is `p.x` with one; a scalar or a whole struct
//! has none. A union's members are no steps: their bytes are the union
//! object's, so `u[i].f` and `u[i].n` are both the entity `u` with one
//! dimension, may (`access::Path::within_union`), and paths that part at two
//! fields part at two members of a structure, which are disjoint. Memory
//! reached through a pointer variable `p` is the entity rooted at `p`: the
//! elements counted from where `p` points when the statement starts, as for
//! an array parameter.

use ferry_hcfg::ir::*;
use ferry_parser::intern::Symbol;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Root {
    Var(VarId),
    /// Memory the analysis cannot name (a pointer of unknown origin, a
    /// function without a body that may touch every global): PIPS's
    /// `*ANY_MODULE*:*ANYWHERE*`. Such a region is always `may`.
    Anywhere,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Step {
    /// One array subscript: one φ dimension.
    Index,
    Field(Symbol),
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Entity {
    pub root: Root,
    pub path: Vec<Step>,
}

/// The isl name of the k-th dimension (from 1, as PIPS's `PHI1`).
pub fn phi(k: usize) -> String {
    format!("phi{k}")
}

impl Entity {
    pub fn var(v: VarId) -> Entity {
        Entity {
            root: Root::Var(v),
            path: Vec::new(),
        }
    }

    pub fn anywhere() -> Entity {
        Entity {
            root: Root::Anywhere,
            path: Vec::new(),
        }
    }

    pub fn dims(&self) -> usize {
        self.path.iter().filter(|s| **s == Step::Index).count()
    }

    /// Another entity whose elements may share memory with this one's
    /// while the two are tracked apart: the same variable along a path
    /// that is a prefix of the other (`out[i]` and `out[i].re`, `s` and
    /// `s.f`). Paths that part at two different fields are disjoint; a
    /// pointer variable itself (empty path) is not the memory behind it
    /// (paths starting with a subscript).
    pub fn overlaps_apart(&self, other: &Entity) -> bool {
        if self == other || self.root != other.root || self.root == Root::Anywhere {
            return false;
        }
        let (a, b) = (&self.path, &other.path);
        if a.is_empty() || b.is_empty() {
            let longer = if a.is_empty() { b } else { a };
            return matches!(longer.first(), Some(Step::Field(_)));
        }
        for (x, y) in a.iter().zip(b) {
            if let (Step::Field(f), Step::Field(g)) = (x, y)
                && f != g
            {
                return false;
            }
        }
        true
    }

    /// Whether this path reaches a whole object that holds every element
    /// `other` reaches, at the subscripts they share: `s[PHI1]` holds
    /// `s[PHI1].x` and `s[PHI1].v[PHI2]`, the structure `s` its field
    /// `s.x`; a pointer `p` is not what it points to (`p[PHI1]`).
    pub fn encloses(&self, other: &Entity) -> bool {
        self.path.len() < other.path.len()
            && other.path.starts_with(&self.path)
            && self.overlaps_apart(other)
    }

    /// The subscripts two paths of one variable share: those of their
    /// common prefix (`out[PHI1]` and `out[PHI1].re` share `PHI1`). Where
    /// the paths overlap ([`Entity::overlaps_apart`]), accesses whose
    /// shared subscripts differ reach different elements of the same
    /// array, and do not meet.
    pub fn shared_subscripts(&self, other: &Entity) -> usize {
        self.path
            .iter()
            .zip(&other.path)
            .take_while(|(x, y)| x == y)
            .filter(|(x, _)| **x == Step::Index)
            .count()
    }

    pub fn root_var(&self) -> Option<VarId> {
        match self.root {
            Root::Var(v) => Some(v),
            Root::Anywhere => None,
        }
    }

    /// The C access path without subscripts: `s.f.a`.
    pub fn path_text(&self, var_name: &dyn Fn(VarId) -> String) -> String {
        let mut out = match self.root {
            Root::Var(v) => var_name(v),
            Root::Anywhere => "*ANYWHERE*".to_string(),
        };
        for step in &self.path {
            if let Step::Field(f) = step {
                out.push('.');
                out.push_str(f.as_str());
            }
        }
        out
    }

    /// The path with its subscripts named: `s.f[PHI1].a[PHI2]`.
    pub fn reference_text(&self, var_name: &dyn Fn(VarId) -> String) -> String {
        let mut out = match self.root {
            Root::Var(v) => var_name(v),
            Root::Anywhere => "*ANYWHERE*".to_string(),
        };
        let mut k = 0;
        for step in &self.path {
            match step {
                Step::Index => {
                    k += 1;
                    out.push_str(&format!("[PHI{k}]"));
                }
                Step::Field(f) => {
                    out.push('.');
                    out.push_str(f.as_str());
                }
            }
        }
        out
    }

    /// The isl tuple name: the path with `.` (and a member variable's
    /// `->`) spelled `__`.
    pub fn isl_tuple(&self, var_name: &dyn Fn(VarId) -> String) -> String {
        match self.root {
            Root::Anywhere => "ANYWHERE".to_string(),
            Root::Var(_) => ferry_hcfg::report::isl_spelling(&self.path_text(var_name)),
        }
    }

    /// The declared extent of each dimension (`None` where unknown: a
    /// pointer, `int a[]`), walking the root's type along the path.
    pub fn extents<'p>(&self, program: &'p Program) -> Vec<Option<&'p ArrayLen>> {
        let Root::Var(v) = self.root else {
            return Vec::new();
        };
        let mut ty = &program.var(v).ty;
        let mut out = Vec::new();
        for step in &self.path {
            match step {
                Step::Index => match ty {
                    Type::Array(elem, len) => {
                        out.push(Some(len));
                        ty = elem;
                    }
                    Type::Pointer(elem) => {
                        out.push(None);
                        ty = elem;
                    }
                    _ => out.push(None),
                },
                Step::Field(f) => match ty {
                    Type::Struct(s) => {
                        ty = field_type_ref(program, *s, *f).unwrap_or(&Type::Opaque)
                    }
                    _ => ty = &Type::Opaque,
                },
            }
        }
        out
    }
}

/// The type of field `name` of struct `s`, borrowed from the program.
fn field_type_ref(program: &Program, s: StructId, name: Symbol) -> Option<&Type> {
    for field in program.struct_def(s).fields.as_deref().unwrap_or(&[]) {
        match (&field.name, &field.ty) {
            (Some(n), ty) if *n == name => return Some(ty),
            (None, Type::Struct(inner)) => {
                if let Some(t) = field_type_ref(program, *inner, name) {
                    return Some(t);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entity(v: u32, path: &[Step]) -> Entity {
        Entity {
            root: Root::Var(VarId(v)),
            path: path.to_vec(),
        }
    }

    #[test]
    fn paths_of_one_variable_overlap_unless_they_part_at_fields() {
        let re = Step::Field(Symbol::intern("re"));
        let im = Step::Field(Symbol::intern("im"));
        let whole = entity(1, &[Step::Index]);
        let real = entity(1, &[Step::Index, re]);
        assert!(whole.overlaps_apart(&real) && real.overlaps_apart(&whole));
        assert!(!real.overlaps_apart(&entity(1, &[Step::Index, im])));
        assert!(!real.overlaps_apart(&real));
        assert!(!real.overlaps_apart(&entity(2, &[Step::Index, re])));
        // A struct variable and its field; a pointer and what it points to.
        assert!(entity(3, &[]).overlaps_apart(&entity(3, &[re])));
        assert!(!entity(4, &[]).overlaps_apart(&entity(4, &[Step::Index, re])));
        assert!(!Entity::anywhere().overlaps_apart(&Entity::anywhere()));
        assert_eq!(whole.shared_subscripts(&real), 1);
        assert!(whole.encloses(&real) && !real.encloses(&whole));
        assert!(entity(3, &[]).encloses(&entity(3, &[re])));
        assert!(!entity(4, &[]).encloses(&entity(4, &[Step::Index, re])));
        assert!(!real.encloses(&real));
        assert_eq!(entity(3, &[]).shared_subscripts(&entity(3, &[re])), 0);
        let nested = entity(5, &[Step::Index, re, Step::Index]);
        assert_eq!(nested.shared_subscripts(&entity(5, &[Step::Index, re])), 1);
        assert_eq!(nested.shared_subscripts(&entity(5, &[Step::Index, im])), 1);
    }
}
