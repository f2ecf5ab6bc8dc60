//! Interned strings for identifiers and literal spellings.
//!
//! One interner for the whole process, as in rustc: a [`Symbol`] is a `u32`
//! that every pass can print without threading a table around. Interned
//! strings live until the process ends, which is what a compiler run wants.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, OnceLock};

#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symbol(u32);

#[derive(Default)]
struct Interner {
    ids: HashMap<&'static str, Symbol>,
    strings: Vec<&'static str>,
}

fn interner() -> &'static Mutex<Interner> {
    static INTERNER: OnceLock<Mutex<Interner>> = OnceLock::new();
    INTERNER.get_or_init(Default::default)
}

impl Symbol {
    pub fn intern(text: &str) -> Symbol {
        let mut table = interner().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&sym) = table.ids.get(text) {
            return sym;
        }
        let leaked: &'static str = Box::leak(text.to_owned().into_boxed_str());
        let sym = Symbol(table.strings.len() as u32);
        table.strings.push(leaked);
        table.ids.insert(leaked, sym);
        sym
    }

    pub fn as_str(self) -> &'static str {
        let table = interner().lock().unwrap_or_else(|e| e.into_inner());
        table.strings[self.0 as usize]
    }
}

impl fmt::Debug for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
