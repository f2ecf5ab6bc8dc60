//! Lowering of the syntax trees of every translation unit into one
//! [`Program`]: names resolved to variables and functions (external names
//! shared across units), types computed, and each function body turned into
//! a hierarchical control-flow graph.

mod constant;
mod control;
mod expr;
mod types;

use crate::ir::*;
use ferry_parser::ParsedFile;
use ferry_parser::ast;
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
use std::collections::HashMap;

/// What an ordinary identifier denotes in a scope.
#[derive(Debug, Clone)]
enum Binding {
    Var(VarId),
    Func(FuncId),
    Enumerator(i128),
    Typedef(Type),
}

/// One lexical scope: ordinary identifiers and struct/union/enum tags.
#[derive(Default)]
struct Scope {
    names: HashMap<Symbol, Binding>,
    tags: HashMap<Symbol, TagBinding>,
}

#[derive(Debug, Clone, Copy)]
enum TagBinding {
    Struct(StructId),
    /// Enums are plain `int` for the analyses.
    Enum,
}

/// Builds a [`Program`] from parsed translation units.
pub fn lower_program(files: &[ParsedFile]) -> Program {
    let mut lowerer = Lowerer {
        program: Program::default(),
        scopes: Vec::new(),
        external_vars: HashMap::new(),
        external_funcs: HashMap::new(),
        unit: 0,
        current_function: None,
        packing: false,
    };
    for (unit, file) in files.iter().enumerate() {
        lowerer.unit = unit;
        lowerer.scopes = vec![Scope::default()];
        lowerer.packing = false;
        for item in &file.unit.items {
            lowerer.external_decl(item);
        }
    }
    lowerer.program
}

struct Lowerer {
    program: Program,
    scopes: Vec<Scope>,
    /// Non-static file-scope variables and functions, shared by all units.
    external_vars: HashMap<Symbol, VarId>,
    external_funcs: HashMap<Symbol, FuncId>,
    unit: usize,
    current_function: Option<FuncId>,
    /// A `#pragma pack` came before in the unit: structures defined from
    /// there on may be packed (`StructDef::layout_attributes`).
    packing: bool,
}

impl Lowerer {
    fn lookup(&self, name: Symbol) -> Option<&Binding> {
        self.scopes.iter().rev().find_map(|s| s.names.get(&name))
    }

    fn bind(&mut self, name: Symbol, binding: Binding) {
        self.scopes
            .last_mut()
            .expect("a scope is always open")
            .names
            .insert(name, binding);
    }

    fn push_scope(&mut self) {
        self.scopes.push(Scope::default());
    }

    fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    /// Closes a block scope ending at byte `end`; returns the variables it declared.
    fn pop_scope_at(&mut self, end: u32) -> Vec<VarId> {
        let scope = self.scopes.pop().expect("a scope is open");
        let mut vars: Vec<VarId> = scope
            .names
            .values()
            .filter_map(|b| match b {
                Binding::Var(v) => Some(*v),
                _ => None,
            })
            .collect();
        vars.sort();
        for v in &vars {
            self.program.vars[v.index()].scope_end = end;
        }
        vars
    }

    fn new_var(&mut self, var: Var) -> VarId {
        let id = VarId(self.program.vars.len() as u32);
        self.program.vars.push(var);
        id
    }

    fn external_decl(&mut self, item: &ast::ExternalDecl) {
        match item {
            ast::ExternalDecl::Declaration(d) => {
                self.file_scope_declaration(d);
            }
            ast::ExternalDecl::FunctionDef(f) => self.function_def(f),
            // Whatever it sets, `pack(pop)` included: which packing is in
            // force is not followed.
            ast::ExternalDecl::Pragma(p) => {
                self.packing |= p.text.as_str().trim_start().starts_with("pack");
            }
            ast::ExternalDecl::Asm(_) | ast::ExternalDecl::Empty(_) => {}
        }
    }

    fn file_scope_declaration(&mut self, d: &ast::Declaration) {
        let ast::Declaration::Normal {
            specifiers,
            declarators,
            ..
        } = d
        else {
            return;
        };
        let base = self.base_type(specifiers);
        let storage = storage_class(specifiers);
        for init in declarators {
            let Some((name, span)) = init.declarator.name() else {
                continue;
            };
            let ty = self.declarator_type(&init.declarator, base.clone());
            if storage == Some(ast::StorageClass::Typedef) {
                self.bind(name, Binding::Typedef(ty));
                continue;
            }
            let is_static = storage == Some(ast::StorageClass::Static);
            if let Type::Function(fn_ty) = ty {
                self.program.runs_before_main |= is_constructor(specifiers, &init.attributes);
                let id = self.declare_function(name, *fn_ty, is_static, span);
                self.note_access_summary(id, specifiers, &init.attributes);
                continue;
            }
            let var = self.declare_global(name, ty, is_static, specifiers, span);
            if let Some(initializer) = &init.initializer {
                // Global initialisers are constant: they matter to nobody's
                // transformer (but their address-of operators do), only to
                // the store `main` starts with.
                let assigned = self.initializer_expr(initializer, var);
                self.program.initial_values.insert(var, assigned);
            }
        }
    }

    /// Records a `pencil_access(g)` among a function's specifiers or the
    /// attributes after its declarator, `g` looked up where it is written.
    fn note_access_summary(
        &mut self,
        f: FuncId,
        specifiers: &[ast::DeclSpecifier],
        attributes: &[ast::Attribute],
    ) {
        for attribute in attributes_of(specifiers, attributes) {
            let Some(name) = pencil_access_name(attribute.text.as_str()) else {
                continue;
            };
            let name = Symbol::intern(name);
            let function = match self.lookup(name) {
                Some(Binding::Func(g)) => Some(*g),
                _ => None,
            };
            self.program.access_summaries.insert(
                f,
                AccessSummary {
                    name,
                    function,
                    span: attribute.span,
                    unit: self.unit,
                },
            );
        }
    }

    fn declare_global(
        &mut self,
        name: Symbol,
        ty: Type,
        is_static: bool,
        specifiers: &[ast::DeclSpecifier],
        span: Span,
    ) -> VarId {
        if let Some(Binding::Var(existing)) = self.lookup(name).cloned()
            && self.program.var(existing).is_global()
        {
            // A redeclaration may complete the type (`extern int a[]; int a[10];`).
            let var = &mut self.program.vars[existing.index()];
            if matches!(var.ty, Type::Array(_, ArrayLen::Unknown)) {
                var.ty = ty;
            }
            return existing;
        }
        let existing = if is_static {
            None
        } else {
            self.external_vars.get(&name).copied()
        };
        let id = match existing {
            Some(id) => id,
            None => {
                let is_array = matches!(ty, Type::Array(..));
                let id = self.new_var(Var {
                    name,
                    ty,
                    storage: Storage::Global { is_static },
                    function: None,
                    unit: self.unit,
                    span,
                    address_taken: is_array,
                    is_volatile: has_volatile(specifiers),
                    scope_end: u32::MAX,
                });
                self.program.globals.push(id);
                if !is_static {
                    self.external_vars.insert(name, id);
                }
                id
            }
        };
        self.bind(name, Binding::Var(id));
        id
    }

    fn declare_function(
        &mut self,
        name: Symbol,
        ty: FunctionType,
        is_static: bool,
        span: Span,
    ) -> FuncId {
        if let Some(Binding::Func(existing)) = self.lookup(name).cloned() {
            return existing;
        }
        let existing = if is_static {
            None
        } else {
            self.external_funcs.get(&name).copied()
        };
        let id = existing.unwrap_or_else(|| {
            let id = FuncId(self.program.functions.len() as u32);
            self.program.functions.push(Function {
                name,
                ty,
                params: Vec::new(),
                locals: Vec::new(),
                body: None,
                is_static,
                address_taken: false,
                unit: self.unit,
                span,
            });
            if !is_static {
                self.external_funcs.insert(name, id);
            }
            id
        });
        self.bind(name, Binding::Func(id));
        id
    }

    fn function_def(&mut self, f: &ast::FunctionDef) {
        let Some((name, span)) = f.declarator.name() else {
            return;
        };
        let base = self.base_type(&f.specifiers);
        let ty = self.declarator_type(&f.declarator, base);
        let Type::Function(fn_ty) = ty else {
            return;
        };
        let is_static = storage_class(&f.specifiers) == Some(ast::StorageClass::Static);
        self.program.runs_before_main |= is_constructor(&f.specifiers, &[]);
        let id = self.declare_function(name, (*fn_ty).clone(), is_static, span);
        self.note_access_summary(id, &f.specifiers, &[]);
        {
            let function = &mut self.program.functions[id.index()];
            if function.body.is_some() {
                // A second definition (in another unit): keep the first.
                return;
            }
            function.ty = *fn_ty;
            function.unit = self.unit;
            function.span = f.span;
        }
        self.current_function = Some(id);
        self.push_scope();
        let params = self.parameters(&f.declarator, &f.old_style_params);
        if !f.old_style_params.is_empty() {
            // The identifier list gave every parameter `int`; the
            // declarations after it say otherwise.
            let types = params
                .iter()
                .map(|&p| self.program.var(p).ty.clone())
                .collect();
            self.program.functions[id.index()].ty.params = types;
        }
        self.program.functions[id.index()].params = params;
        let body = control::build_body(self, &f.body, f.body_id);
        self.pop_scope_at(f.span.hi);
        self.program.functions[id.index()].body = Some(body);
        self.current_function = None;
    }

    /// Declares the parameters of a function definition in the current
    /// scope; an old-style definition's come with their declarations
    /// (`old_style`), and those it does not declare are `int`.
    fn parameters(
        &mut self,
        declarator: &ast::Declarator,
        old_style: &[ast::Declaration],
    ) -> Vec<VarId> {
        let Some(params) = declarator.function_params() else {
            return Vec::new();
        };
        let mut ids = Vec::new();
        match params {
            ast::FunctionParams::Prototype { params, .. } => {
                for p in params {
                    let base = self.base_type(&p.specifiers);
                    let ty = self.declarator_type(&p.declarator, base);
                    if ty == Type::Void && params.len() == 1 {
                        break;
                    }
                    // Parameters of array type are pointers, but keep the
                    // array type: its extents describe the caller's array.
                    let (name, span) = p.declarator.name().unwrap_or((Symbol::intern(""), p.span));
                    let id = self.local_var(name, ty, Storage::Param, &p.specifiers, span);
                    if p.declarator.first_dimension_is_static() {
                        self.program.static_extent_params.insert(id);
                    }
                    ids.push(id);
                }
            }
            ast::FunctionParams::Identifiers(names) => {
                for &(name, span) in names {
                    let id = match ast::old_style_declaration(old_style, name) {
                        Some((specifiers, d)) => {
                            let base = self.base_type(specifiers);
                            let ty = self.declarator_type(d, base);
                            let span = d.name().map_or(span, |(_, s)| s);
                            self.local_var(name, ty, Storage::Param, specifiers, span)
                        }
                        None => self.local_var(name, Type::int(), Storage::Param, &[], span),
                    };
                    ids.push(id);
                }
            }
        }
        ids
    }

    /// Declares a parameter or a block-scope variable.
    fn local_var(
        &mut self,
        name: Symbol,
        ty: Type,
        storage: Storage,
        specifiers: &[ast::DeclSpecifier],
        span: Span,
    ) -> VarId {
        let is_array = matches!(ty, Type::Array(..)) && storage != Storage::Param;
        let id = self.new_var(Var {
            name,
            ty,
            storage,
            function: self.current_function,
            unit: self.unit,
            span,
            address_taken: is_array,
            is_volatile: has_volatile(specifiers),
            scope_end: u32::MAX,
        });
        if let Some(f) = self.current_function
            && storage != Storage::Param
        {
            self.program.functions[f.index()].locals.push(id);
        }
        if !name.as_str().is_empty() {
            self.bind(name, Binding::Var(id));
        }
        id
    }

    /// Marks what `&e` (or an array decaying to a pointer) exposes.
    fn mark_address_taken(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Var(v) => self.program.vars[v.index()].address_taken = true,
            ExprKind::Func(f) => self.program.functions[f.index()].address_taken = true,
            ExprKind::Member {
                base, arrow: false, ..
            } => self.mark_address_taken(base),
            ExprKind::Index(base, _) if base.ty.is_pointer_like() => {
                if let ExprKind::Var(_) = base.kind
                    && matches!(base.ty, Type::Array(..))
                {
                    self.mark_address_taken(base)
                }
            }
            _ => {}
        }
    }
}

fn storage_class(specifiers: &[ast::DeclSpecifier]) -> Option<ast::StorageClass> {
    specifiers.iter().find_map(|s| match s {
        ast::DeclSpecifier::Storage(ast::StorageClass::ThreadLocal(_)) => None,
        ast::DeclSpecifier::Storage(sc) => Some(*sc),
        _ => None,
    })
}

/// `__attribute__((constructor))` among a function's specifiers or the
/// attributes after its declarator: it runs before `main`.
fn is_constructor(specifiers: &[ast::DeclSpecifier], attributes: &[ast::Attribute]) -> bool {
    attributes_of(specifiers, attributes).any(|a| a.text.as_str().contains("constructor"))
}

/// A declaration's GNU attributes: those after its declarator, then those
/// among its specifiers.
fn attributes_of<'d>(
    specifiers: &'d [ast::DeclSpecifier],
    attributes: &'d [ast::Attribute],
) -> impl Iterator<Item = &'d ast::Attribute> {
    attributes
        .iter()
        .chain(specifiers.iter().filter_map(|s| match s {
            ast::DeclSpecifier::Attribute(a) => Some(a),
            _ => None,
        }))
}

/// `g` in an attribute's text that holds `pencil_access(g)`.
fn pencil_access_name(text: &str) -> Option<&str> {
    let after = &text[text.find("pencil_access")? + "pencil_access".len()..];
    let inside = after.trim_start().strip_prefix('(')?;
    let name = inside[..inside.find(')')?].trim();
    let identifier = name
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_alphanumeric() || c == '_');
    identifier.then_some(name)
}

fn has_volatile(specifiers: &[ast::DeclSpecifier]) -> bool {
    specifiers.iter().any(|s| {
        matches!(
            s,
            ast::DeclSpecifier::Qualifier(ast::TypeQualifier::Volatile(_))
        )
    })
}
