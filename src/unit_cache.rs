//! The cache of a project's units (`isolate -p`): each unit's outcome as
//! JSON, stored under a key made of everything the outcome depends on —
//! ferry's own binary, the unit's path and preprocessed text (so its
//! headers and flags too), the selection and the options. A rerun after
//! editing one file recomputes only that unit: units are analysed alone,
//! so no other unit's outcome depends on it.
//!
//! The cache is a folder of files named by key; a file that cannot be
//! read or written is a miss, never an error (the run then computes).

use serde_json::Value;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    pub fn at(dir: PathBuf) -> Cache {
        Cache { dir }
    }

    /// The key of `parts` with ferry's binary: 128 bits of two hashes.
    pub fn key(parts: &[&str]) -> String {
        static BINARY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        let binary = BINARY.get_or_init(binary_identity);
        let half = |salt: u8| {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            salt.hash(&mut h);
            binary.hash(&mut h);
            for part in parts {
                part.hash(&mut h);
            }
            h.finish()
        };
        format!("{:016x}{:016x}", half(1), half(2))
    }

    fn path(&self, key: &str) -> PathBuf {
        self.dir.join(format!("{key}.json"))
    }

    pub fn load(&self, key: &str) -> Option<Value> {
        let text = std::fs::read_to_string(self.path(key)).ok()?;
        serde_json::from_str(&text).ok()
    }

    /// Stores `value` under `key`, written aside and renamed, so that a
    /// reader never sees half a file.
    pub fn store(&self, key: &str, value: &Value) {
        if std::fs::create_dir_all(&self.dir).is_err() {
            return;
        }
        let partial = self.dir.join(format!(".{key}.{}", std::process::id()));
        if std::fs::write(&partial, value.to_string()).is_ok() {
            let _ = std::fs::rename(&partial, self.path(key));
        }
    }
}

/// ferry's executable by its size and modification time: a rebuilt ferry
/// may transform differently, and must not read an older one's outcomes.
fn binary_identity() -> String {
    let metadata = std::env::current_exe().and_then(std::fs::metadata);
    match metadata {
        Ok(m) => {
            let modified = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            format!("{}:{}:{modified}", env!("CARGO_PKG_VERSION"), m.len())
        }
        // Unknown: a key no other run shares.
        Err(_) => format!("{}", std::process::id()),
    }
}

/// The cache of the project whose database is `database`: a hidden
/// folder beside it (the build folder), which the output's mirror leaves
/// out.
pub fn beside(database: &Path) -> Cache {
    let folder = database.parent().unwrap_or(Path::new("."));
    Cache::at(folder.join(".ferry-cache"))
}
