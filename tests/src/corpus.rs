//! The legacy C corpus: real C sources (zlib, Lua 5.4, the SQLite
//! amalgamation) carried by crates.io packages that `corpus/Cargo.toml` pins.
//!
//! Nothing is vendored and nothing is built: `cargo metadata` on that
//! manifest downloads the packages into the cargo registry (on a clean
//! machine) and says where each one's `Cargo.toml` lies; the C files sit next
//! to it. No path of a particular machine is written anywhere.
//!
//! This file uses only `std`, so that the parser's benchmark can include it
//! with `#[path]` (the parser cannot depend on `ferry-tests`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// One C file of the corpus and the flags to preprocess and compile it with.
/// Files of a library's folder that are programs of their own (a `main`),
/// not units of the library: round-tripped, but left out of the library's
/// project builds.
const PROGRAMS: &[&str] = &[
    "bzip2-1.0.8/bzip2.c",
    "bzip2-1.0.8/bzip2recover.c",
    "bzip2-1.0.8/dlltest.c",
    "bzip2-1.0.8/mk251.c",
    "bzip2-1.0.8/spewG.c",
    "bzip2-1.0.8/unzcrash.c",
];

#[derive(Debug, Clone)]
pub struct CorpusFile {
    /// The library: `"zlib"`, `"lua"` or `"sqlite"`.
    pub library: &'static str,
    /// A short name for reports: `"zlib/inflate.c"`, `"lua-5.4.9/lvm.c"`.
    pub name: String,
    /// The file in the cargo registry.
    pub path: PathBuf,
    /// The flags the crate's own build script compiles it with on Linux.
    pub cflags: Vec<String>,
}

/// The libraries of the corpus, in the order [`corpus_files`] lists them.
pub const LIBRARIES: [&str; 5] = ["zlib", "lua", "sqlite", "bzip2", "lz4"];

/// `corpus/Cargo.toml`, relative to the workspace root.
impl CorpusFile {
    /// A program of its own beside the library (see [`PROGRAMS`]).
    pub fn is_program(&self) -> bool {
        PROGRAMS.contains(&self.name.as_str())
    }
}

fn corpus_manifest() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate sits in the workspace root")
        .join("corpus")
        .join("Cargo.toml")
}

/// Every file of the corpus: the 15 `.c` files of zlib, the `.c` files of
/// Lua 5.4, and `sqlite3.c`. Runs `cargo metadata` once per process.
pub fn corpus_files() -> Result<Vec<CorpusFile>, String> {
    static FILES: OnceLock<Result<Vec<CorpusFile>, String>> = OnceLock::new();
    FILES.get_or_init(find_corpus_files).clone()
}

/// The files of one library of [`LIBRARIES`].
pub fn library_files(library: &str) -> Result<Vec<CorpusFile>, String> {
    Ok(corpus_files()?
        .into_iter()
        .filter(|f| f.library == library)
        .collect())
}

fn find_corpus_files() -> Result<Vec<CorpusFile>, String> {
    let dirs = package_dirs()?;
    let dir_of = |package: &str| {
        dirs.iter()
            .find(|(name, _)| name == package)
            .map(|(_, dir)| dir.clone())
            .ok_or_else(|| {
                format!("`cargo metadata` on corpus/Cargo.toml does not list `{package}`")
            })
    };
    let mut files = Vec::new();

    // libz-sys's build.rs compiles zlib with `STDC` and `_LARGEFILE64_SOURCE`
    // defined; without the latter, zconf.h does not include <unistd.h> and
    // the gz*.c files call `read`/`lseek` undeclared.
    let zlib = dir_of("libz-sys")?.join("src").join("zlib");
    for path in c_files_in(&zlib)? {
        files.push(CorpusFile {
            library: "zlib",
            name: format!("zlib/{}", file_name(&path)),
            path,
            cflags: vec!["-DSTDC".to_owned(), "-D_LARGEFILE64_SOURCE".to_owned()],
        });
    }

    // lua-src carries Lua 5.1 to 5.5; take the 5.4 release it has. Its build
    // defines LUA_USE_LINUX on Linux (POSIX and dlopen code paths); the
    // sources also compile without it, but this is the configuration used.
    let lua_src = dir_of("lua-src")?;
    let mut lua54: Vec<PathBuf> = std::fs::read_dir(&lua_src)
        .map_err(|e| format!("cannot list {}: {e}", lua_src.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.is_dir() && file_name(p).starts_with("lua-5.4."))
        .collect();
    lua54.sort();
    let lua_dir = lua54
        .pop()
        .ok_or_else(|| format!("no lua-5.4.* folder in {}", lua_src.display()))?;
    let lua_version = file_name(&lua_dir);
    for path in c_files_in(&lua_dir)? {
        files.push(CorpusFile {
            library: "lua",
            name: format!("{lua_version}/{}", file_name(&path)),
            path,
            cflags: vec!["-DLUA_USE_LINUX".to_owned()],
        });
    }

    // The amalgamation needs no flag (libsqlite3-sys only adds SQLITE_*
    // feature switches).
    // bzip2's Makefile builds with large-file offsets.
    let bzip2 = dir_of("bzip2-sys")?.join("bzip2-1.0.8");
    for path in c_files_in(&bzip2)? {
        files.push(CorpusFile {
            library: "bzip2",
            name: format!("bzip2-1.0.8/{}", file_name(&path)),
            path,
            cflags: vec!["-D_FILE_OFFSET_BITS=64".to_owned()],
        });
    }

    let lz4 = dir_of("lz4-sys")?.join("liblz4").join("lib");
    for path in c_files_in(&lz4)? {
        files.push(CorpusFile {
            library: "lz4",
            name: format!("lz4/{}", file_name(&path)),
            path,
            cflags: Vec::new(),
        });
    }

    let sqlite = dir_of("libsqlite3-sys")?.join("sqlite3").join("sqlite3.c");
    if !sqlite.is_file() {
        return Err(format!("{} is missing", sqlite.display()));
    }
    files.push(CorpusFile {
        library: "sqlite",
        name: "sqlite3.c".to_owned(),
        path: sqlite,
        cflags: Vec::new(),
    });
    Ok(files)
}

/// libwebp's sources (`vendor/` of libwebp-sys: `src/` and `sharpyuv/`).
/// Not one of [`LIBRARIES`]: its folders nest, and only the OpenCL test
/// of `legacy_projects.rs` uses it.
pub fn webp_dir() -> Result<PathBuf, String> {
    let dirs = package_dirs()?;
    let vendor = dirs
        .iter()
        .find(|(name, _)| name == "libwebp-sys")
        .map(|(_, dir)| dir.join("vendor"))
        .ok_or("`cargo metadata` on corpus/Cargo.toml does not list `libwebp-sys`")?;
    match vendor.join("src/webp/encode.h").is_file() {
        true => Ok(vendor),
        false => Err(format!("{} holds no libwebp", vendor.display())),
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

/// The `.c` files directly in `dir`, sorted.
fn c_files_in(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot list {}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|ext| ext == "c"))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!("no .c file in {}", dir.display()));
    }
    Ok(files)
}

/// (package name, package folder) for every package `cargo metadata` lists
/// for the corpus manifest.
fn package_dirs() -> Result<Vec<(String, PathBuf)>, String> {
    let manifest = corpus_manifest();
    // Under `cargo test` / `cargo bench`, `$CARGO` is the cargo running us.
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(&cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--locked",
            "--manifest-path",
        ])
        .arg(&manifest)
        .output()
        .map_err(|e| format!("cannot run `cargo metadata`: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "`cargo metadata --manifest-path {}` failed:\n{}",
            manifest.display(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let json = String::from_utf8_lossy(&output.stdout);
    let mut dirs = Vec::new();
    for manifest_path in json_string_values(&json, "manifest_path") {
        let manifest_path = PathBuf::from(manifest_path);
        // The package's own manifest says its name; reading it avoids
        // parsing the whole JSON document without a JSON crate.
        let Ok(toml) = std::fs::read_to_string(&manifest_path) else {
            continue;
        };
        if let (Some(name), Some(dir)) = (package_name(&toml), manifest_path.parent()) {
            dirs.push((name, dir.to_owned()));
        }
    }
    Ok(dirs)
}

/// The values of every `"key": "..."` string member in a JSON text.
fn json_string_values(json: &str, key: &str) -> Vec<String> {
    let needle = format!("\"{key}\":");
    let mut values = Vec::new();
    let mut rest = json;
    while let Some(at) = rest.find(&needle) {
        rest = rest[at + needle.len()..].trim_start();
        let Some(body) = rest.strip_prefix('"') else {
            continue;
        };
        let mut value = String::new();
        let mut chars = body.char_indices();
        let mut end = body.len();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    end = i + 1;
                    break;
                }
                '\\' => match chars.next().map(|(_, e)| e) {
                    Some('n') => value.push('\n'),
                    Some('t') => value.push('\t'),
                    Some('r') => value.push('\r'),
                    Some('b') => value.push('\u{8}'),
                    Some('f') => value.push('\u{c}'),
                    Some('u') => {
                        let hex: String = chars.by_ref().take(4).map(|(_, h)| h).collect();
                        let unit = u32::from_str_radix(&hex, 16).unwrap_or(0xFFFD);
                        value.push(char::from_u32(unit).unwrap_or('\u{FFFD}'));
                    }
                    Some(other) => value.push(other),
                    None => break,
                },
                c => value.push(c),
            }
        }
        values.push(value);
        rest = &body[end..];
    }
    values
}

/// The `name` of the `[package]` table of a Cargo manifest.
fn package_name(toml: &str) -> Option<String> {
    let mut in_package = false;
    for line in toml.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if in_package
            && let Some(value) = line
                .strip_prefix("name")
                .map(str::trim_start)
                .and_then(|r| r.strip_prefix('='))
        {
            return Some(value.trim().trim_matches('"').to_owned());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_json_strings_with_escapes() {
        let json = r#"{"a":1,"manifest_path":"/x/y\"z\\w/Cargo.toml","p":[{"manifest_path": "/q\u00e9/Cargo.toml"}]}"#;
        assert_eq!(
            json_string_values(json, "manifest_path"),
            vec![
                "/x/y\"z\\w/Cargo.toml".to_owned(),
                "/q\u{e9}/Cargo.toml".to_owned()
            ]
        );
    }

    #[test]
    fn reads_the_package_name() {
        let toml = "[workspace]\nname = \"no\"\n\n[package]\nedition = \"2021\"\nname = \"libz-sys\"\n[lib]\nname = \"z\"\n";
        assert_eq!(package_name(toml).as_deref(), Some("libz-sys"));
    }
}
