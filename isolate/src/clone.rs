//! Functions called from an isolated statement: cloned when they receive
//! isolated arrays (Listing 1.5 of the paper: one offset parameter per
//! dimension of each such array; the original stays for other callers),
//! checked otherwise.

use crate::fresh::Fresh;
use crate::rewrite::{CloneRequest, Context, DeviceVar, GlobalUse, Refusal, Rewriter};
use crate::transfer::own_dims;
use ferry_hcfg::Analyses;
use ferry_hcfg::ir::{FuncId, Storage, Type, VarId};
use ferry_parser::ParsedFile;
use ferry_parser::ast::{
    BuiltinType, Declaration, ExternalDecl, FunctionDef, FunctionParams, ParamDecl,
};
use ferry_parser::ast::{Declarator, InitDeclarator};
use ferry_parser::build::{self, ident};
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
use ferry_regions::RegionsAnalysis;
use ferry_regions::entity::Step;
use std::collections::{BTreeMap, HashMap, HashSet};

/// Pure functions of the C library (no memory touched but their
/// arguments' values): they may run on the accelerator.
/// The memory functions of the C library: the regions know the runs they
/// touch (`ferry_regions::runs`), and a call passes them the device
/// addresses of the elements its pointers designate.
pub(crate) const MEMORY_FUNCTIONS: &[&str] = &["memcpy", "memmove", "memset", "memcmp"];

const PURE_LIBRARY: &[&str] = &[
    "abs",
    "labs",
    "llabs",
    "fabs",
    "fabsf",
    "fabsl",
    "sqrt",
    "sqrtf",
    "sqrtl",
    "cbrt",
    "cbrtf",
    "exp",
    "expf",
    "exp2",
    "exp2f",
    "expm1",
    "log",
    "logf",
    "log2",
    "log2f",
    "log10",
    "log10f",
    "log1p",
    "pow",
    "powf",
    "sin",
    "sinf",
    "cos",
    "cosf",
    "tan",
    "tanf",
    "asin",
    "asinf",
    "acos",
    "acosf",
    "atan",
    "atanf",
    "atan2",
    "atan2f",
    "sinh",
    "cosh",
    "tanh",
    "tanhf",
    "floor",
    "floorf",
    "ceil",
    "ceilf",
    "round",
    "roundf",
    "trunc",
    "truncf",
    "fmod",
    "fmodf",
    "fmin",
    "fminf",
    "fmax",
    "fmaxf",
    "hypot",
    "hypotf",
    "erf",
    "erff",
    "copysign",
    "copysignf",
];

pub struct Cloner<'a> {
    parsed: &'a ParsedFile,
    /// Every file of the program: a callee defined in another one is
    /// cloned from there (`foreign.rs` says when it may be).
    files: &'a [ParsedFile],
    /// The names declared at file scope in `parsed`: what a foreign
    /// clone, and the globals a callee is passed, may name here.
    file_scope: HashSet<String>,
    analyses: &'a Analyses,
    regions: &'a RegionsAnalysis,
    unit: usize,
    fresh: &'a mut Fresh,
    clones: HashMap<CloneRequest, Symbol>,
    /// Functions being cloned (a recursive call would need its own clone
    /// while the first is not finished).
    in_progress: HashSet<Symbol>,
    /// New functions: each goes right after the item (index in the unit)
    /// of the function it clones.
    pub definitions: Vec<(usize, FunctionDef)>,
}

impl<'a> Cloner<'a> {
    pub fn new(
        parsed: &'a ParsedFile,
        files: &'a [ParsedFile],
        analyses: &'a Analyses,
        regions: &'a RegionsAnalysis,
        unit: usize,
        fresh: &'a mut Fresh,
    ) -> Self {
        Cloner {
            parsed,
            files,
            file_scope: crate::foreign::file_scope_names(&parsed.unit),
            analyses,
            regions,
            unit,
            fresh,
            clones: HashMap::new(),
            in_progress: HashSet::new(),
            definitions: Vec::new(),
        }
    }

    pub fn fresh_name(&mut self, base: &str) -> String {
        self.fresh.name(base)
    }

    /// Prototypes of the clones, to put before their first use.
    pub fn prototypes(&self) -> Vec<ExternalDecl> {
        self.definitions
            .iter()
            .map(|(_, def)| {
                ExternalDecl::Declaration(Declaration::Normal {
                    specifiers: def.specifiers.clone(),
                    declarators: vec![InitDeclarator {
                        declarator: def.declarator.clone(),
                        asm_label: None,
                        attributes: Vec::new(),
                        initializer: None,
                    }],
                    span: def.span,
                })
            })
            .collect()
    }

    /// The definitions in the other files of the functions a call in this
    /// unit reaches (external ones: another file's static functions are
    /// not this unit's to call), each with its file: what device code may
    /// call besides the unit's own functions.
    pub fn foreign_definitions(&self) -> Vec<(FunctionDef, &'a ParsedFile)> {
        let program = &self.analyses.program;
        // Only what this unit's functions may reach: a command line of a
        // whole codebase would otherwise copy every function of it for
        // each statement.
        let own: Vec<FuncId> = program
            .function_ids()
            .filter(|&f| program.function(f).unit == self.unit)
            .collect();
        let reachable = self.analyses.calls.callees_of(&own);
        let files = self.files;
        program
            .function_ids()
            .filter(|&f| reachable.contains(f) && program.function(f).unit != self.unit)
            .filter_map(|f| self.definition(program.function(f).name))
            .filter(|&(unit, _)| unit != self.unit)
            .filter_map(|(unit, item)| match &files[unit].unit.items[item] {
                ExternalDecl::FunctionDef(def) => Some((def.clone(), &files[unit])),
                _ => None,
            })
            .collect()
    }

    /// The function named `name` that a call in this unit reaches.
    fn function(&self, name: Symbol) -> Option<FuncId> {
        let program = &self.analyses.program;
        program.function_ids().find(|&f| {
            let func = program.function(f);
            func.name == name && (func.unit == self.unit || !func.is_static)
        })
    }

    /// Refuses the clone `def` of `callee` (`f`), a function of another
    /// file, where a name it uses would not mean here what it meant there:
    /// every name must be the clone's own (its parameters, the original's
    /// locals, the clones it calls, itself) or declared at file scope here.
    fn check_foreign_names(
        &self,
        callee: Symbol,
        f: FuncId,
        def: &FunctionDef,
    ) -> Result<(), String> {
        let program = &self.analyses.program;
        let params = match def.declarator.function_params() {
            Some(FunctionParams::Prototype { params, .. }) => params.as_slice(),
            _ => &[],
        };
        let own: HashSet<String> = params
            .iter()
            .filter_map(|p| p.declarator.name())
            .chain(def.declarator.name())
            .map(|(n, _)| n)
            .chain(
                program
                    .function(f)
                    .locals
                    .iter()
                    .map(|&v| program.var(v).name),
            )
            .chain(self.clones.values().copied())
            .map(|n| n.as_str().to_string())
            .collect();
        let mut text = String::new();
        ferry_parser::printer::print_external_decl(
            &mut text,
            &ExternalDecl::FunctionDef(def.clone()),
        );
        let Some(unknown) = crate::foreign::unresolved_name(&text, &own, &self.file_scope) else {
            return Ok(());
        };
        let what = match unknown.as_str() {
            "struct" | "union" | "enum" => "a structure, union or enumeration type, which ferry \
                                            cannot tell is this file's too"
                .to_string(),
            "goto" => "a label".to_string(),
            _ => format!("`{unknown}`, which this file does not declare"),
        };
        Err(format!(
            "`{callee}` is defined in another file, and its clone here would use {what}"
        ))
    }

    /// Why a call in this unit reaches no function named `name`.
    fn unknown_function(&self, name: Symbol) -> String {
        let program = &self.analyses.program;
        let elsewhere = program
            .function_ids()
            .any(|f| program.function(f).name == name);
        match elsewhere {
            true => format!("`{name}` is static in another file: this file cannot call it"),
            false => format!("`{name}` is not a known function"),
        }
    }

    /// The globals `f`'s summary accesses (its callees' included).
    fn globals_used(&self, f: FuncId, at: Span) -> Result<Vec<GlobalUse>, Refusal> {
        let program = &self.analyses.program;
        let Some(summary) = &self.regions.summaries[f.index()] else {
            return Ok(Vec::new());
        };
        let refuse = |message: String| Refusal { span: at, message };
        let callee = program.function(f).name;
        let mut uses: BTreeMap<Symbol, bool> = BTreeMap::new();
        for (map, written) in [(&summary.read, false), (&summary.write, true)] {
            for entity in map.keys() {
                let Some(v) = entity.root_var().filter(|&v| program.var(v).is_global()) else {
                    continue;
                };
                let name = program.var(v).name;
                // The call passes it: this file must see it as the callee
                // does (a callee of another file may use a global this one
                // never declares, or a static one of its own file). A
                // member variable (`cfg.gain`) is seen through its
                // structure.
                let mut root = v;
                while let Some(m) = program.members.get(&root) {
                    root = m.structure;
                }
                let root_name = program.var(root).name;
                if !self.file_scope.contains(root_name.as_str())
                    || self.global(root_name) != Some(root)
                {
                    return Err(refuse(format!(
                        "`{callee}` uses the global `{root_name}`, which this file does not see: \
                         ferry passes the globals of the functions an isolated statement calls \
                         from the call, so this file must declare it (`extern`)"
                    )));
                }
                // A member of a global structure that every function uses
                // member by member is a variable of its own (`cfg.n`,
                // `cfg.data`, `hcfg::scalar_fields`): the clone takes it as
                // it takes a global scalar or pointer. A field reached
                // along the path of the structure's own entity is not.
                let structure = match program.members.get(&v) {
                    Some(_) => None,
                    None => entity
                        .path
                        .iter()
                        .any(|s| matches!(s, Step::Field(_)))
                        .then_some(name),
                };
                if let Some(name) = structure {
                    return Err(refuse(format!(
                        "`{callee}` accesses a field of the global `{name}`: ferry passes \
                         globals to the functions an isolated statement calls as whole arrays \
                         or values, not structures"
                    )));
                }
                let elements = !entity.path.is_empty();
                if !elements && written && !matches!(program.var(v).ty, Type::Array(..)) {
                    return Err(refuse(format!(
                        "`{callee}` assigns the global `{name}`: ferry passes the globals of \
                         the functions an isolated statement calls as parameters, and a value \
                         parameter cannot carry an assignment back"
                    )));
                }
                *uses.entry(name).or_default() |= elements;
            }
        }
        Ok(uses
            .into_iter()
            .map(|(name, elements)| GlobalUse { name, elements })
            .collect())
    }

    /// The global named `name` that this unit sees: its own, else one
    /// another unit exports.
    fn global(&self, name: Symbol) -> Option<VarId> {
        let program = &self.analyses.program;
        let named = || {
            program
                .globals
                .iter()
                .copied()
                .filter(move |&v| program.var(v).name == name)
        };
        named()
            .find(|&v| program.var(v).unit == self.unit)
            .or_else(|| {
                named().find(|&v| {
                    !matches!(program.var(v).storage, Storage::Global { is_static: true })
                })
            })
    }

    /// The definition of `name` a call in this unit reaches: the unit
    /// holding it and its item index there.
    fn definition(&self, name: Symbol) -> Option<(usize, usize)> {
        let f = self.function(name)?;
        let unit = self.analyses.program.function(f).unit;
        let file = self.files.get(unit)?;
        let item = file.unit.items.iter().position(|item| {
            matches!(item, ExternalDecl::FunctionDef(d)
                if d.declarator.name().map(|(n, _)| n) == Some(name))
        })?;
        Some((unit, item))
    }
}

impl Context for Cloner<'_> {
    fn check_call(&mut self, callee: Symbol, at: Span) -> Result<(), Refusal> {
        let Some(f) = self.function(callee) else {
            return Err(Refusal {
                span: at,
                message: self.unknown_function(callee),
            });
        };
        let program = &self.analyses.program;
        if program.function(f).body.is_none() {
            if PURE_LIBRARY.contains(&callee.as_str())
                || MEMORY_FUNCTIONS.contains(&callee.as_str())
            {
                return Ok(());
            }
            return Err(Refusal {
                span: at,
                message: format!(
                    "the statement calls `{callee}`, which has no body here (input/output or \
                     another library function): it cannot run on the accelerator"
                ),
            });
        }
        Ok(())
    }

    fn globals_of(&mut self, callee: Symbol, at: Span) -> Result<Vec<GlobalUse>, Refusal> {
        let f = match self.function(callee) {
            Some(f) if self.analyses.program.function(f).body.is_some() => f,
            _ => return Ok(Vec::new()),
        };
        self.globals_used(f, at)
    }

    fn clone_for(&mut self, request: &CloneRequest, at: Span) -> Result<Symbol, Refusal> {
        if let Some(&name) = self.clones.get(request) {
            return Ok(name);
        }
        let refuse = |message: String| Refusal { span: at, message };
        let callee = request.callee;
        let Some(f) = self.function(callee) else {
            return Err(refuse(self.unknown_function(callee)));
        };
        let analyses = self.analyses;
        let program = &analyses.program;
        if program.function(f).body.is_none() {
            return Err(refuse(format!(
                "the statement passes an isolated array to `{callee}`, which has no body here: \
                 ferry cannot make it use the accelerator's copy"
            )));
        }
        if self.in_progress.contains(&callee) {
            return Err(refuse(format!(
                "`{callee}` is recursive: ferry clones only non-recursive functions"
            )));
        }
        let Some((unit, item)) = self.definition(callee) else {
            return Err(refuse(format!(
                "`{callee}` has no definition ferry can clone"
            )));
        };
        let files = self.files;
        let ExternalDecl::FunctionDef(original) = &files[unit].unit.items[item] else {
            unreachable!("definition() finds function definitions");
        };
        let foreign = unit != self.unit;
        // A clone of another unit's function goes after this unit's last
        // item; the prototypes before the first use make it visible.
        let index = match foreign {
            true => self.parsed.unit.items.len().saturating_sub(1),
            false => item,
        };
        let mut def = build::prototyped(original);
        let params = program.function(f).params.clone();
        let param_names: Vec<Symbol> = params.iter().map(|&p| program.var(p).name).collect();
        let mut vars = HashMap::new();
        let mut extra = Vec::new();
        for &(pos, dims) in &request.arrays {
            let Some(&p) = params.get(pos) else {
                return Err(refuse(format!(
                    "`{callee}` takes fewer parameters than the call passes"
                )));
            };
            let var = program.var(p);
            // The clone is the user's code: its subscripts are the declared
            // type's, even where the analyses see a flat pointer with rows.
            let own = own_dims(ferry_hcfg::delinearise::declared_type(
                program,
                &analyses.views,
                p,
            ));
            if own != dims {
                return Err(refuse(format!(
                    "the call passes a {dims}-dimensional view of an isolated array to parameter \
                     `{}` of `{callee}`, which has {own} dimensions: ferry does not reshape \
                     isolated arrays across calls",
                    var.name
                )));
            }
            let base = self.fresh.name(&format!("{}_off", var.name));
            let offsets: Vec<String> = (1..=dims).map(|k| format!("{base}{k}")).collect();
            vars.insert(
                var.name,
                DeviceVar::Array {
                    device: var.name,
                    offsets: offsets.iter().map(|o| ident(Symbol::intern(o))).collect(),
                },
            );
            extra.extend(offsets);
        }
        // Then each global the callee uses, under its own name (shadowing
        // the host's), with the offsets of its device copy.
        let mut params: Vec<ParamDecl> = extra.iter().map(|n| long_param(n)).collect();
        for &(g, dims) in &request.globals {
            let Some(v) = self.global(g) else {
                return Err(refuse(format!(
                    "`{callee}` uses `{g}`, which is not a global here"
                )));
            };
            // The parameter takes the global's name: a parameter of the
            // callee with that name (the global reached through a function
            // it calls) would be declared twice. A member's variable
            // (`cfg.n`) is no identifier: its parameter gets a fresh name,
            // which the clone's accesses to the member become.
            let member = program.members.contains_key(&v);
            if !member && param_names.contains(&g) {
                return Err(refuse(format!(
                    "`{callee}` has a parameter named `{g}` and calls a function that uses the \
                     global `{g}`: its clone could not take both"
                )));
            }
            let ty = &program.var(v).ty;
            let passed = match (dims, ty) {
                (0, ty) => ty.clone(),
                (_, Type::Array(elem, _) | Type::Pointer(elem)) => Type::Pointer(elem.clone()),
                _ => return Err(refuse(format!("`{g}` is not an array"))),
            };
            let param = match member {
                true => Symbol::intern(&self.fresh.name(&g.as_str().replace(['.', '>', '-'], "_"))),
                false => g,
            };
            let Some((specifiers, declarator)) =
                crate::c_type(analyses, &passed, build::declarator(param))
            else {
                return Err(refuse(format!(
                    "ferry cannot spell the type of the global `{g}` for a parameter of the \
                     clone of `{callee}`"
                )));
            };
            params.push(build::parameter(specifiers, declarator));
            if dims == 0 {
                vars.insert(g, DeviceVar::Scalar { device: param });
                continue;
            }
            let base = self.fresh.name(&format!("{param}_off"));
            let offsets: Vec<String> = (1..=dims).map(|k| format!("{base}{k}")).collect();
            vars.insert(
                g,
                DeviceVar::Array {
                    device: param,
                    offsets: offsets.iter().map(|o| ident(Symbol::intern(o))).collect(),
                },
            );
            params.extend(offsets.iter().map(|n| long_param(n)));
        }
        let name = Symbol::intern(&self.fresh.name(&format!("{callee}_accel")));
        self.in_progress.insert(callee);
        let result = Rewriter::new(vars, self, None).callee(&param_names, &mut def.body);
        self.in_progress.remove(&callee);
        // A refusal inside another unit's function is told at the call:
        // its spans are into that unit's text.
        result.map_err(|r| match foreign {
            true => refuse(format!(
                "in `{callee}`, defined in another file: {}",
                r.message
            )),
            false => r,
        })?;
        rename(&mut def.declarator, name);
        append_params(&mut def.declarator, params).map_err(refuse)?;
        if foreign {
            self.check_foreign_names(callee, f, &def).map_err(refuse)?;
        }
        self.clones.insert(request.clone(), name);
        self.definitions.push((index, def));
        Ok(name)
    }
}

fn rename(d: &mut Declarator, name: Symbol) {
    match d {
        Declarator::Ident(n, _) => *n = name,
        Declarator::Abstract => {}
        Declarator::Pointer { inner, .. }
        | Declarator::Array { inner, .. }
        | Declarator::Function { inner, .. }
        | Declarator::Paren(inner) => rename(inner, name),
    }
}

/// `long NAME`.
fn long_param(name: &str) -> ParamDecl {
    build::parameter(
        vec![build::builtin(BuiltinType::Long)],
        build::declarator(Symbol::intern(name)),
    )
}

/// Adds parameters at the end of a function declarator (in place of
/// `void` for a function without any).
fn append_params(d: &mut Declarator, new: Vec<ParamDecl>) -> Result<(), String> {
    match d.function_params_mut() {
        Some(FunctionParams::Prototype { params, .. }) => {
            if params.len() == 1 && params[0].declarator == Declarator::Abstract {
                params.clear();
            }
            params.extend(new);
            Ok(())
        }
        _ => Err("the callee is declared without a prototype; ferry cannot clone it".into()),
    }
}
