//! Building both programs with the system compiler.

use crate::error::Error;
use std::path::{Path, PathBuf};
use std::process::Command;

pub use ferry_parser::preprocess::c_compiler;

/// Flags of both builds, before the user's own (which can override them).
///
/// - `-O1`: the test kernels loop a lot; `-O0` makes them several times
///   slower, while `-O2`'s more aggressive use of undefined behaviour could
///   make the two programs differ for reasons that are not ferry's.
/// - `-ffp-contract=off`: no fused multiply-add. Whether the compiler
///   contracts `a*b+c` depends on the shape of the code around it, which
///   the transformation changes; floating-point results must be comparable
///   bit for bit.
/// - `-w`: the user's warnings are not ours to report, and a build that
///   fails still prints its errors.
pub const BASE_FLAGS: &[&str] = &["-O1", "-ffp-contract=off", "-w"];

/// Builds the original program from its sources.
pub fn original(sources: &[PathBuf], cflags: &[String], exe: &Path) -> Result<(), Error> {
    let mut cc = Command::new(c_compiler());
    cc.args(BASE_FLAGS).args(cflags).args(sources);
    link(&mut cc, exe);
    match compile(&mut cc)? {
        None => Ok(()),
        Some(messages) => Err(Error::OriginalBuild {
            command: describe(&cc),
            messages,
        }),
    }
}

/// Builds the transformed program: every `*.c` of `dir` (the runtime
/// included), with `dir` searched for `ferry_rte.h`.
pub fn transformed(
    dir: &Path,
    sources: &[PathBuf],
    cflags: &[String],
    link_flags: &[String],
    exe: &Path,
) -> Result<(), Error> {
    let files = c_files(dir)?;
    let kernels = files_with_extension(dir, "cu")?;
    if files.is_empty() {
        return Err(Error::TransformedBuild {
            command: String::new(),
            messages: format!("{} holds no C file", dir.display()),
        });
    }
    // CUDA kernels: nvcc builds and links everything, handing the `.c`
    // files to the host C compiler with the flags `cc` would get.
    let mut cc = if kernels.is_empty() {
        let mut cc = Command::new(c_compiler());
        cc.args(BASE_FLAGS);
        cc
    } else {
        let mut cc = Command::new(cuda_compiler());
        cc.arg("-O1")
            .arg("--fmad=false")
            .arg("-Xcompiler")
            .arg(BASE_FLAGS[1..].join(","));
        cc
    };
    if kernels.is_empty() {
        cc.args(cflags);
    } else {
        cc.args(cflags.iter().flat_map(|f| nvcc_flag(f)));
    }
    cc.arg("-I").arg(dir);
    // A transformed file keeps its `#include "local.h"` lines, but it no
    // longer sits next to those headers: search the originals' folders for
    // quoted includes, after the output folder (the file's own). nvcc has
    // no `-iquote`: there the folders are searched for every include, still
    // after the output folder.
    let quote = if kernels.is_empty() { "-iquote" } else { "-I" };
    for folder in source_folders(sources) {
        cc.arg(quote).arg(folder);
    }
    cc.args(&files).args(&kernels);
    link(&mut cc, exe);
    cc.args(link_flags);
    match compile(&mut cc)? {
        None => Ok(()),
        Some(messages) => Err(Error::TransformedBuild {
            command: describe(&cc),
            messages,
        }),
    }
}

/// A C flag as nvcc takes it: the C dialect (`-std=gnu89`) is the host
/// compiler's, which builds the `.c` files (nvcc's own `-std` names C++
/// dialects); the others (`-D`, `-I`, `-U`, `-include`) nvcc takes as cc
/// does.
pub fn nvcc_flag(flag: &str) -> Vec<String> {
    if flag.starts_with("-std=") {
        vec!["-Xcompiler".to_string(), flag.to_string()]
    } else {
        vec![flag.to_string()]
    }
}

fn link(cc: &mut Command, exe: &Path) {
    // -lm last: the linker resolves libraries after the objects that use them.
    cc.arg("-o").arg(exe).arg("-lm");
}

/// Runs the compiler: `None` when it succeeds, its messages when it fails.
fn compile(cc: &mut Command) -> Result<Option<String>, Error> {
    let output = cc.output().map_err(|e| {
        Error::Usage(format!(
            "cannot run the C compiler `{}`: {e}",
            cc.get_program().to_string_lossy()
        ))
    })?;
    if output.status.success() {
        return Ok(None);
    }
    let mut messages = String::from_utf8_lossy(&output.stderr).into_owned();
    messages.push_str(&String::from_utf8_lossy(&output.stdout));
    Ok(Some(messages))
}

/// The command as a shell line, to reproduce the build by hand.
fn describe(cc: &Command) -> String {
    std::iter::once(cc.get_program())
        .chain(cc.get_args())
        .map(|a| a.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The CUDA compiler: `$NVCC`, else `nvcc`.
pub fn cuda_compiler() -> String {
    std::env::var("NVCC")
        .ok()
        .filter(|c| !c.is_empty())
        .unwrap_or_else(|| "nvcc".to_owned())
}

/// What a program whose CUDA objects nvcc compiled needs when the C
/// compiler links it: the CUDA runtime, static as nvcc links it, from
/// the toolkit nvcc belongs to (`lib64/` of an installed toolkit, `lib/`
/// of PyPI's), and the libraries it uses (C++'s among them: nvcc's host
/// code is C++). Without such a folder, `-lcudart` from the linker's
/// own search path.
pub fn cuda_libraries() -> Vec<String> {
    let nvcc = PathBuf::from(cuda_compiler());
    let nvcc = if nvcc.components().count() > 1 {
        Some(nvcc)
    } else {
        std::env::var_os("PATH").and_then(|path| {
            std::env::split_paths(&path)
                .map(|dir| dir.join(&nvcc))
                .find(|candidate| candidate.is_file())
        })
    };
    let toolkit = nvcc
        .and_then(|n| std::fs::canonicalize(n).ok())
        .and_then(|n| Some(n.parent()?.parent()?.to_path_buf()));
    let static_runtime = toolkit.and_then(|t| {
        ["lib64", "lib"]
            .into_iter()
            .map(|lib| t.join(lib))
            .find(|lib| lib.join("libcudart_static.a").is_file())
    });
    let mut libraries = match static_runtime {
        Some(lib) => vec![
            format!("-L{}", lib.display()),
            "-lcudart_static".to_string(),
            "-ldl".to_string(),
            "-lpthread".to_string(),
            "-lrt".to_string(),
        ],
        None => vec!["-lcudart".to_string()],
    };
    libraries.push("-lstdc++".to_string());
    libraries
}

/// The `*.c` files directly in `dir`, sorted (a stable command line).
fn c_files(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    files_with_extension(dir, "c")
}

fn files_with_extension(dir: &Path, extension: &str) -> Result<Vec<PathBuf>, Error> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| Error::Io(format!("cannot read {}: {e}", dir.display())))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| Error::Io(format!("cannot read {}: {e}", dir.display())))?
            .path();
        if path.is_file() && path.extension().is_some_and(|ext| ext == extension) {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// The folders of the original sources, each once, in order.
fn source_folders(sources: &[PathBuf]) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = Vec::new();
    for source in sources {
        let folder = match source.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
            _ => PathBuf::from("."),
        };
        if !folders.contains(&folder) {
            folders.push(folder);
        }
    }
    folders
}
