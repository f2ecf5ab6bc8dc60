//! The corpus's libraries as projects: their folders with a
//! compilation database, for `ferry isolate -p` (the legacy project tests
//! and the scaling bench).

use crate::corpus::{CorpusFile, library_files};
use std::path::Path;

/// The units of `library`'s own build: its files but the programs beside
/// it.
pub fn library_units(library: &str) -> Result<Vec<CorpusFile>, String> {
    let mut files = library_files(library)?;
    files.retain(|f| !f.is_program());
    Ok(files)
}

/// `library`'s folder copied into `dir` with a `compile_commands.json`
/// of its C files, each compiled with its build's flags, as a build tool
/// would write it (`ferry isolate -p dir`); the files, as in the corpus.
pub fn write_project(library: &str, dir: &Path) -> Result<Vec<CorpusFile>, String> {
    let files = library_units(library)?;
    let source_dir = files
        .first()
        .and_then(|f| f.path.parent())
        .ok_or_else(|| format!("no {library} file found"))?;
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let entries = std::fs::read_dir(source_dir).map_err(|e| format!("{e}"))?;
    for entry in entries.flatten() {
        if entry.path().is_file() {
            std::fs::copy(entry.path(), dir.join(entry.file_name()))
                .map_err(|e| format!("{}: {e}", entry.path().display()))?;
        }
    }
    let database: Vec<serde_json::Value> = files
        .iter()
        .map(|f| {
            let name = f
                .path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let mut arguments = vec!["cc".to_string(), "-c".to_string()];
            arguments.extend(f.cflags.iter().cloned());
            arguments.push(name.clone());
            serde_json::json!({
                "directory": dir.display().to_string(),
                "arguments": arguments,
                "file": name,
            })
        })
        .collect();
    let path = dir.join("compile_commands.json");
    std::fs::write(&path, serde_json::Value::Array(database).to_string())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(files)
}

/// `library`'s project as [`write_project`] writes it, with `driver` as
/// one more unit, `driver.c`, which defines `main`: the project of one
/// program, for `--program driver.c`. The library's files, as in the
/// corpus.
pub fn write_program(library: &str, dir: &Path, driver: &str) -> Result<Vec<CorpusFile>, String> {
    let files = write_project(library, dir)?;
    let driver_file = dir.join("driver.c");
    std::fs::write(&driver_file, driver).map_err(|e| format!("{}: {e}", driver_file.display()))?;
    let path = dir.join("compile_commands.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut database: Vec<serde_json::Value> =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut arguments = vec!["cc".to_string(), "-c".to_string()];
    arguments.extend(files.first().map(|f| f.cflags.clone()).unwrap_or_default());
    arguments.push("driver.c".to_string());
    database.push(serde_json::json!({
        "directory": dir.display().to_string(),
        "arguments": arguments,
        "file": "driver.c",
    }));
    std::fs::write(&path, serde_json::Value::Array(database).to_string())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(files)
}

/// libwebp's decoder, encoder, filters and utilities (`src/{dec,dsp,enc,
/// utils}`, `sharpyuv/`) copied into `dir` with `driver` as `driver.c`,
/// and a `compile_commands.json` of every unit: `-DHAVE_CONFIG_H` with an
/// empty `config.h`, as a configured build without SIMD (the plain C
/// versions of the filters run, not their SSE2 twins, whatever the
/// machine). Returns the units' paths relative to `dir`.
pub fn write_webp_project(dir: &Path, driver: &str) -> Result<Vec<String>, String> {
    let vendor = crate::corpus::webp_dir()?;
    for folder in [
        "src/dec",
        "src/dsp",
        "src/enc",
        "src/utils",
        "src/webp",
        "sharpyuv",
    ] {
        crate::copy_tree(&vendor.join(folder), &dir.join(folder));
    }
    let io = |path: &Path, e: std::io::Error| format!("{}: {e}", path.display());
    let config = dir.join("src/webp/config.h");
    std::fs::write(&config, "").map_err(|e| io(&config, e))?;
    let driver_file = dir.join("driver.c");
    std::fs::write(&driver_file, driver).map_err(|e| io(&driver_file, e))?;
    let mut units = Vec::new();
    for folder in ["src/dec", "src/dsp", "src/enc", "src/utils", "sharpyuv"] {
        let entries = std::fs::read_dir(dir.join(folder)).map_err(|e| io(&dir.join(folder), e))?;
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".c") {
                units.push(format!("{folder}/{name}"));
            }
        }
    }
    units.sort();
    units.push("driver.c".to_string());
    let database: Vec<serde_json::Value> = units
        .iter()
        .map(|unit| {
            serde_json::json!({
                "directory": dir.display().to_string(),
                "arguments": ["cc", "-DHAVE_CONFIG_H", "-I.", "-c", unit],
                "file": unit,
            })
        })
        .collect();
    let path = dir.join("compile_commands.json");
    std::fs::write(&path, serde_json::Value::Array(database).to_string())
        .map_err(|e| io(&path, e))?;
    Ok(units)
}
