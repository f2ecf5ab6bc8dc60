//! A compilation database, `compile_commands.json` as CMake, Meson and
//! Bear write it (clang's JSON Compilation Database format): the
//! translation units of a project, each with the flags it is built with.
//!
//! ferry keeps of each command what preprocessing depends on (include
//! folders, macros, the standard, forced includes), with paths made
//! absolute against the entry's `directory`, so that every unit is read
//! as its own build reads it, wherever ferry runs.

use ferry_parser::Diagnostic;
use ferry_parser::preprocess::{absolute_paths, flag_takes_value};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// One translation unit of the database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// The C file, absolute.
    pub file: PathBuf,
    /// The preprocessor's flags of its command, paths absolute.
    pub cflags: Vec<String>,
}

/// The database named by `-p`: a `compile_commands.json` file, or a
/// build folder holding one.
pub fn locate(given: &Path) -> PathBuf {
    if given.is_dir() {
        given.join("compile_commands.json")
    } else {
        given.to_path_buf()
    }
}

/// The C units of the database at `path`, each once (the first command
/// that compiles it), in the database's order. Entries for other
/// languages (C++, assembly) are left out.
pub fn read(path: &Path) -> Result<Vec<Unit>, Diagnostic> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        Diagnostic::error(format!(
            "cannot read the compilation database `{}`: {e}",
            path.display()
        ))
    })?;
    let bad = |why: String| {
        Diagnostic::error(format!(
            "`{}` is not a compilation database: {why}",
            path.display()
        ))
    };
    let entries: Vec<Value> = match serde_json::from_str(&text) {
        Ok(Value::Array(entries)) => entries,
        Ok(_) => return Err(bad("its top level is not an array of commands".into())),
        Err(e) => return Err(bad(format!("{e}"))),
    };
    let mut units: Vec<Unit> = Vec::new();
    for (k, entry) in entries.iter().enumerate() {
        let unit = unit_of(entry).map_err(|why| bad(format!("entry {}: {why}", k + 1)))?;
        if let Some(unit) = unit
            && !units.iter().any(|u| u.file == unit.file)
        {
            units.push(unit);
        }
    }
    if units.is_empty() {
        return Err(bad("it lists no C file".into()));
    }
    Ok(units)
}

/// The unit of one entry; `None` for a file that is not C.
fn unit_of(entry: &Value) -> Result<Option<Unit>, String> {
    let field = |name: &str| entry.get(name).and_then(Value::as_str);
    let directory = PathBuf::from(field("directory").ok_or("it has no `directory`")?);
    if !directory.is_absolute() {
        return Err(format!(
            "its `directory` `{}` is not absolute",
            directory.display()
        ));
    }
    let file = directory.join(field("file").ok_or("it has no `file`")?);
    if file.extension().and_then(|e| e.to_str()) != Some("c") {
        return Ok(None);
    }
    let words: Vec<String> = match (entry.get("arguments"), field("command")) {
        (Some(Value::Array(arguments)), _) => arguments
            .iter()
            .map(|a| a.as_str().map(str::to_string))
            .collect::<Option<_>>()
            .ok_or("its `arguments` are not all strings")?,
        (_, Some(command)) => {
            shlex::split(command).ok_or("its `command` is not a well-formed shell command line")?
        }
        _ => return Err("it has neither `arguments` nor `command`".into()),
    };
    // The first word is the compiler.
    let cflags = preprocessor_flags(words.get(1..).unwrap_or_default());
    Ok(Some(Unit {
        file: normalised(&file),
        cflags: absolute_paths(&cflags, &directory),
    }))
}

/// The flags of a compiler's command line that change what the
/// preprocessor produces, in their order (`-I`, `-D`, `-U`, `-include`,
/// `-imacros`, `-isystem`, `-iquote`, `-idirafter`, `-std=`, `-ansi`), each
/// with its value.
fn preprocessor_flags(words: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut words = words.iter();
    while let Some(word) = words.next() {
        if flag_takes_value(word) {
            if let Some(value) = words.next() {
                out.push(word.clone());
                out.push(value.clone());
            }
            continue;
        }
        let attached = ["-I", "-D", "-U"]
            .iter()
            .any(|p| word.starts_with(p) && word.len() > p.len());
        if attached || word.starts_with("-std=") || word == "-ansi" {
            out.push(word.clone());
        }
    }
    out
}

/// `path` without `.` and `..` components (a database writes
/// `../src/a.c` against a build folder), without reading links.
fn normalised(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_command_keeps_what_preprocessing_depends_on() {
        let entry = json!({
            "directory": "/p/build",
            "command": "cc -O2 -Wall -I../include -I /opt/x -DN=\"1 << 4\" -U M -std=c99 -c ../src/a.c -o a.o",
            "file": "../src/a.c",
        });
        let unit = unit_of(&entry).unwrap().unwrap();
        assert_eq!(unit.file, PathBuf::from("/p/src/a.c"));
        assert_eq!(
            unit.cflags,
            [
                "-I/p/build/../include",
                "-I",
                "/opt/x",
                "-DN=1 << 4",
                "-U",
                "M",
                "-std=c99"
            ]
        );
    }

    #[test]
    fn arguments_are_taken_as_given_and_other_languages_left_out() {
        let c = json!({
            "directory": "/p",
            "arguments": ["gcc", "-include", "cfg.h", "-c", "x.c"],
            "file": "x.c",
        });
        let unit = unit_of(&c).unwrap().unwrap();
        assert_eq!(unit.cflags, ["-include", "/p/cfg.h"]);
        let cpp = json!({"directory": "/p", "arguments": ["c++", "y.cc"], "file": "y.cc"});
        assert_eq!(unit_of(&cpp).unwrap(), None);
        let relative = json!({"directory": "p", "arguments": ["cc", "x.c"], "file": "x.c"});
        assert!(unit_of(&relative).unwrap_err().contains("not absolute"));
    }
}
