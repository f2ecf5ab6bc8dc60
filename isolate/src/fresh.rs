//! Names for what ferry adds to a file: never a name the file already
//! contains (as any part of an identifier, so that the suffixes ferry
//! appends stay clear too), never twice the same.

use std::collections::HashSet;

pub struct Fresh {
    /// The preprocessed text of the unit (every name its code can see).
    text: String,
    used: HashSet<String>,
}

impl Fresh {
    pub fn new(text: &str) -> Fresh {
        Fresh {
            text: text.to_string(),
            used: HashSet::new(),
        }
    }

    /// `base`, or `base2`, `base3`... the first that neither the file nor
    /// an earlier name uses.
    pub fn name(&mut self, base: &str) -> String {
        let mut n = 1;
        loop {
            let candidate = if n == 1 {
                base.to_string()
            } else {
                format!("{base}{n}")
            };
            let taken = self.text.contains(&candidate)
                || self.used.iter().any(|u| u.starts_with(&candidate));
            if !taken {
                self.used.insert(candidate.clone());
                return candidate;
            }
            n += 1;
        }
    }
}
