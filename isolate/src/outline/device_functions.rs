//! Device functions: the program's functions that kernels call, made for
//! the device with their signatures.

use super::declarations::{array_shape, scalar_of, strip_declarator};
use super::kernels::FreeNames;
use super::typedefs::Typedefs;
use super::{DeviceArray, Element, Outliner, Refusal, refusal};
use ferry_parser::ast::{
    BuiltinType, DeclSpecifier, Declarator, Expr, FunctionDef, FunctionParams, TypeSpecifier,
};
use ferry_parser::build;
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
use ferry_targets::kernel::{DeviceFunction, Param, ParamKind, Scalar};
use std::collections::HashMap;

impl Outliner<'_> {
    /// Makes the device version of the program's function `name` (once),
    /// and of the functions it calls.
    pub(super) fn device_function(&mut self, name: Symbol, at: Span) -> Result<(), Refusal> {
        let device_name = DeviceFunction::name_of(name.as_str());
        if self
            .state
            .unit
            .functions
            .iter()
            .any(|f| f.name == device_name)
        {
            return Ok(());
        }
        if self.in_progress.contains(&name) {
            return Err(refusal(
                at,
                format!("`{name}` is recursive: a function on the device cannot call itself"),
            ));
        }
        let def = build::prototyped(&self.definitions.functions[&name]);
        let mut body = crate::body_statement(&def);
        if self.in_single && self.has_parallel_loop(&body) {
            self.state.serialised.push(name);
        }
        let (ret, params) = device_signature(&def, &self.definitions.typedefs)
            .map_err(|why| refusal(at, format!("`{name}` is called on the device, and {why}")))?;
        let (buffers, values) = parameter_frame(&params);
        let params: Vec<Param> = params.into_iter().map(|(p, _)| p).collect();
        // A refusal inside another file's function points at this call.
        let foreign = self.definitions.foreign.get(&name).copied();
        let inside = |r: Refusal| match foreign {
            Some(file) => refusal(
                at,
                format!(
                    "in `{name}`, defined in another file (at {}): {}",
                    file.position(r.span),
                    r.message
                ),
            ),
            None => r,
        };
        // The body sees its parameters only: its value parameters are its
        // outermost scope, and a free name is refused below.
        let mut free = FreeNames::default();
        let mut scopes = vec![values.keys().copied().collect()];
        self.in_function = true;
        let written = self.in_frame(buffers, HashMap::new(), |this| {
            this.kernel_stmt(&mut body, &mut scopes, &mut free)
        });
        self.in_function = false;
        written.map_err(inside)?;
        self.state.unit.memory_functions |= free.memory_functions;
        if let Some((outside, span)) = free
            .order
            .iter()
            .find(|(n, _)| !params.iter().any(|p| p.name == n.as_str()))
        {
            return Err(inside(refusal(
                *span,
                format!(
                    "`{name}` is called on the device and uses `{outside}`, which is not one of \
                     its parameters: device functions see only what they are passed"
                ),
            )));
        }
        self.in_progress.insert(name);
        let mut callees = Ok(());
        for (callee, span) in &free.calls {
            callees = self.device_function(*callee, *span);
            if callees.is_err() {
                break;
            }
        }
        self.in_progress.remove(&name);
        callees.map_err(inside)?;
        self.state.unit.functions.push(DeviceFunction {
            name: device_name,
            ret,
            params,
            body,
        });
        Ok(())
    }
}

/// A function's parameters (from `device_signature`) as the names code
/// inside it sees: its buffers (of unknown size) and its scalars.
pub(super) fn parameter_frame(
    params: &[(Param, Vec<Expr>)],
) -> (HashMap<Symbol, DeviceArray>, HashMap<Symbol, Scalar>) {
    let mut arrays = HashMap::new();
    let mut values = HashMap::new();
    for (p, row_lengths) in params {
        let name = Symbol::intern(&p.name);
        match p.kind {
            ParamKind::Buffer(element) => {
                arrays.insert(
                    name,
                    DeviceArray {
                        element: Element::Scalar(element),
                        host_sizes: Vec::new(),
                        row_lengths: row_lengths.clone(),
                        elements: None,
                    },
                );
            }
            ParamKind::Value(ty) => {
                values.insert(name, ty);
            }
            ParamKind::Extent
            | ParamKind::View(_)
            | ParamKind::Cell(_)
            | ParamKind::Reduction(..)
            | ParamKind::Private(_) => {}
        }
    }
    (arrays, values)
}

/// The return type and parameters of `def` on the device: scalars by
/// value, pointers and arrays of scalars as buffers (with their row
/// lengths); why not otherwise.
#[allow(clippy::type_complexity)]
pub(super) fn device_signature(
    def: &FunctionDef,
    typedefs: &Typedefs,
) -> Result<(Option<Scalar>, Vec<(Param, Vec<Expr>)>), String> {
    let is_void = def.specifiers.iter().any(|s| {
        matches!(
            s,
            DeclSpecifier::Type(TypeSpecifier::Builtin(BuiltinType::Void))
        )
    });
    let type_specifiers: Vec<DeclSpecifier> = def
        .specifiers
        .iter()
        .filter(|s| !matches!(s, DeclSpecifier::Function(_)))
        .cloned()
        .collect();
    let Declarator::Function { inner, params } = strip_declarator(&def.declarator) else {
        return Err("ferry cannot read its declaration".into());
    };
    let ret = match (&**inner, is_void) {
        (Declarator::Ident(..), true) => None,
        (Declarator::Ident(..), false) => Some(
            scalar_of(&type_specifiers, typedefs)
                .ok_or("it returns a type other than `void` or a basic arithmetic type")?,
        ),
        _ => return Err("it returns a pointer".into()),
    };
    let FunctionParams::Prototype { params, variadic } = params else {
        return Err("it is declared without a prototype".into());
    };
    if *variadic {
        return Err("it takes a variable number of arguments".into());
    }
    let mut out = Vec::new();
    for p in params {
        let no_void = p.specifiers.iter().any(|s| {
            matches!(
                s,
                DeclSpecifier::Type(TypeSpecifier::Builtin(BuiltinType::Void))
            )
        });
        if no_void && matches!(p.declarator, Declarator::Abstract) {
            continue; // `(void)`
        }
        let element = scalar_of(&p.specifiers, typedefs)
            .ok_or("one of its parameters is not of a basic arithmetic type or a pointer to one")?;
        let (name, kind, row_lengths) = match strip_declarator(&p.declarator) {
            Declarator::Ident(n, _) => (*n, ParamKind::Value(element), Vec::new()),
            array => {
                let (name, row_lengths) = array_shape(array).ok_or(
                    "one of its parameters is unnamed, a pointer to pointers, or an array whose \
                     row length is not given",
                )?;
                (name, ParamKind::Buffer(element), row_lengths)
            }
        };
        out.push((
            Param {
                name: name.as_str().to_string(),
                kind,
            },
            row_lengths,
        ));
    }
    Ok((ret, out))
}
