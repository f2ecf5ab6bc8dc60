//! Which identifiers are typedef names, scope by scope: the feedback from the
//! parser to the lexer that C's grammar needs.
//!
//! The lexer opens a scope at every `{` and closes it at every `}` (scopes of
//! struct bodies and initialiser lists are harmless: nothing is declared in
//! them). The parser declares each name when it reduces its declarator, so a
//! typedef name is known from the token right after its declarator, as C's
//! scoping rules say. Ordinary declarations are recorded too, because a
//! variable shadows a typedef name of an enclosing scope.
//!
//! Known imprecision: a declaration in a `for` header, and the parameters of
//! a prototype, are recorded in the enclosing block scope. Only a program that
//! reuses a typedef name as a variable and then as a type in the same block
//! would notice.

use crate::ast::{DeclSpecifier, Declarator, FunctionParams, StorageClass};
use crate::intern::Symbol;
use std::collections::HashMap;

pub struct Scopes {
    /// For each open scope, the names declared in it and whether each is a typedef.
    scopes: Vec<HashMap<Symbol, bool>>,
    /// For each declaration being parsed (they nest through statement
    /// expressions), whether its specifiers include `typedef`.
    declarations: Vec<bool>,
}

impl Default for Scopes {
    fn default() -> Self {
        Self::new()
    }
}

impl Scopes {
    pub fn new() -> Scopes {
        let mut file_scope = HashMap::new();
        // Typedef names GCC predefines.
        for name in ["__int128_t", "__uint128_t", "__builtin_ms_va_list"] {
            file_scope.insert(Symbol::intern(name), true);
        }
        Scopes {
            scopes: vec![file_scope],
            declarations: Vec::new(),
        }
    }

    pub fn is_typedef(&self, name: Symbol) -> bool {
        self.scopes
            .iter()
            .rev()
            .find_map(|scope| scope.get(&name).copied())
            .unwrap_or(false)
    }

    pub fn push(&mut self) {
        self.scopes.push(HashMap::new());
    }

    pub fn pop(&mut self) {
        // An unbalanced `}` is a syntax error the parser reports; the file scope stays.
        if self.scopes.len() > 1 {
            self.scopes.pop();
        }
    }

    fn declare(&mut self, depth_from_top: usize, name: Symbol, is_typedef: bool) {
        let index = self.scopes.len().saturating_sub(1 + depth_from_top);
        self.scopes[index].insert(name, is_typedef);
    }

    /// Called when the specifiers of a declaration have been parsed.
    pub fn begin_declaration(&mut self, specifiers: &[DeclSpecifier]) {
        let is_typedef = specifiers
            .iter()
            .any(|s| matches!(s, DeclSpecifier::Storage(StorageClass::Typedef)));
        self.declarations.push(is_typedef);
    }

    pub fn end_declaration(&mut self) {
        self.declarations.pop();
    }

    /// Called when a declarator of the current declaration has been parsed.
    pub fn declare_declarator(&mut self, declarator: &Declarator) {
        if let Some((name, _)) = declarator.name() {
            let is_typedef = self.declarations.last().copied().unwrap_or(false);
            self.declare(0, name, is_typedef);
        }
    }

    /// An enumeration constant is an ordinary identifier of the scope around
    /// the enumeration (the innermost scope is the one the lexer opened at
    /// the enumeration's `{`).
    pub fn declare_enumerator(&mut self, name: Symbol) {
        self.declare(1, name, false);
    }

    /// Called when the declarator of a function definition has been parsed,
    /// with the `{` of its body already read (and its scope opened): the
    /// function's name belongs to the enclosing scope, its parameters to the
    /// body's.
    /// Called when the declarator of an old-style definition has been
    /// parsed, before its parameters' declarations: no scope is open for the
    /// body yet, so the function's name goes to the current one, and so do
    /// the parameters as their declarations come (they are identifiers,
    /// not typedef names, or the identifier list would not have parsed).
    pub fn begin_old_style_function(&mut self, declarator: &Declarator) {
        self.declarations.pop();
        if let Some((name, _)) = declarator.name() {
            self.declare(0, name, false);
        }
    }

    pub fn begin_function(&mut self, declarator: &Declarator) {
        self.declarations.pop();
        if let Some((name, _)) = declarator.name() {
            self.declare(1, name, false);
        }
        if let Some(params) = declarator.function_params() {
            match params {
                FunctionParams::Prototype { params, .. } => {
                    for param in params {
                        if let Some((name, _)) = param.declarator.name() {
                            self.declare(0, name, false);
                        }
                    }
                }
                FunctionParams::Identifiers(names) => {
                    for &(name, _) in names {
                        self.declare(0, name, false);
                    }
                }
            }
        }
    }
}
