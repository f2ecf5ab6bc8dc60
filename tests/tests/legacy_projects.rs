//! Whole projects printed back, and isolated with `--auto` through a
//! compilation database (`ferry isolate -p`): every C file of zlib and of
//! Lua 5.4 through `ferry parse`, with the flags their own builds use, then the
//! printed files compiled and linked together into a program that uses the
//! library (a driver this test writes), run beside the same program built
//! from the original files. Both must print the same thing.
//!
//! `legacy.rs` checks that each printed file compiles on its own; this
//! checks that the printed project still agrees with itself across units
//! (types, declarations and macros every file sees the same way) and keeps
//! the library's behaviour, which `-fsyntax-only` cannot see.

use ferry_tests::corpus::{CorpusFile, library_files};
use ferry_tests::projects::write_project;
use ferry_tests::{run_ferry, run_with_timeout, scratch_dir};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Compresses a buffer with zlib's one-shot and streaming interfaces,
/// writes and reads back a gzip file (its path is the first argument), and
/// prints what a change in behaviour would change: lengths, checksums,
/// round-trip equality.
const ZLIB_DRIVER: &str = r#"#include <stdio.h>
#include <string.h>
#include "zlib.h"

int main(int argc, char **argv)
{
    static unsigned char text[20000], packed[30000], unpacked[20000];
    unsigned long i;
    for (i = 0; i < sizeof text; i++)
        text[i] = (unsigned char)("ferry moves arrays "[i % 19] + (i / 977) % 3);
    uLongf packed_len = sizeof packed, unpacked_len = sizeof unpacked;
    int level;
    for (level = 1; level <= 9; level += 4) {
        packed_len = sizeof packed;
        unpacked_len = sizeof unpacked;
        if (compress2(packed, &packed_len, text, sizeof text, level) != Z_OK)
            return 1;
        if (uncompress(unpacked, &unpacked_len, packed, packed_len) != Z_OK)
            return 2;
        printf("level %d: %lu bytes, crc %08lx, same %d\n", level, (unsigned long)packed_len,
               crc32(0L, packed, packed_len), memcmp(text, unpacked, sizeof text) == 0);
    }
    printf("adler32 %08lx crc32 %08lx\n", adler32(1L, text, sizeof text),
           crc32(0L, text, sizeof text));
    z_stream s;
    memset(&s, 0, sizeof s);
    if (deflateInit2(&s, 6, Z_DEFLATED, 15 + 16, 8, Z_FILTERED) != Z_OK)
        return 3;
    s.next_in = text;
    s.avail_in = sizeof text;
    s.next_out = packed;
    s.avail_out = sizeof packed;
    while (deflate(&s, Z_FINISH) != Z_STREAM_END)
        ;
    printf("stream: %lu bytes\n", s.total_out);
    deflateEnd(&s);
    if (argc > 1) {
        gzFile f = gzopen(argv[1], "wb9");
        gzwrite(f, text, sizeof text);
        gzprintf(f, "%s %d\n", "end", 42);
        gzclose(f);
        f = gzopen(argv[1], "rb");
        int n = gzread(f, unpacked, sizeof unpacked);
        char line[32] = {0};
        gzgets(f, line, sizeof line);
        gzclose(f);
        printf("gz: %d bytes, same %d, tail %s", n, memcmp(text, unpacked, sizeof text) == 0,
               line);
    }
    return 0;
}
"#;

/// Runs a Lua script through the C API: the interpreter's core (parser,
/// code generator, virtual machine, collector) and the standard libraries.
const LUA_DRIVER: &str = r#"#include <stdio.h>
#include "lua.h"
#include "lauxlib.h"
#include "lualib.h"

static const char script[] =
    "local t = {}\n"
    "for i = 1, 200 do t[i] = (i * 7919) % 211 end\n"
    "table.sort(t, function(a, b) return a > b end)\n"
    "print(t[1], t[100], t[200], #t)\n"
    "local s = string.format('%5.2f|%d|%s|%q', math.pi, 7 // 2, 'x', 'a\\nb')\n"
    "print(s, ('ferry'):rep(3, '-'):upper())\n"
    "print(('a1b22c333'):gsub('%d+', function(d) return '<' .. #d .. '>' end))\n"
    "local co = coroutine.wrap(function(a) for i = 1, 3 do a = coroutine.yield(a * i) end end)\n"
    "print(co(2), co(5), co(7))\n"
    "local ok, e = pcall(error, {code = 42}) print(ok, e.code, select('#', pcall(error)))\n"
    "local fib; fib = function(n) if n < 2 then return n end return fib(n-1) + fib(n-2) end\n"
    "print(fib(20), 2^53, math.maxinteger // 3, 7.5 % 2, utf8.char(233, 8364))\n"
    "local parts = {} for w in ('one two  three'):gmatch('%a+') do parts[#parts+1] = w end\n"
    "print(table.concat(parts, ','), tostring(nil), tonumber('0x1p4'), #string.rep('ab', 1000))\n"
    "collectgarbage() print(type(collectgarbage('count')))\n";

int main(void)
{
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    if (luaL_dostring(L, script) != LUA_OK) {
        printf("error: %s\n", lua_tostring(L, -1));
        return 1;
    }
    lua_close(L);
    return 0;
}
"#;

#[test]
fn zlib_printed_by_ferry_builds_and_behaves_the_same() {
    check_project("zlib", ZLIB_DRIVER);
}

#[test]
fn lua_printed_by_ferry_builds_and_behaves_the_same() {
    check_project("lua", LUA_DRIVER);
}

/// zlib and Lua through their compilation databases with `--auto`
/// (`ferry isolate -p`): every parallel loop nest ferry can isolate runs
/// on poisoned buffers, and the library behaves as the original does.
#[test]
fn zlib_isolated_with_auto_builds_and_behaves_the_same() {
    check_auto_project("zlib", ZLIB_DRIVER, 2);
}

#[test]
fn lua_isolated_with_auto_builds_and_behaves_the_same() {
    check_auto_project("lua", LUA_DRIVER, 1);
}

/// The library's folder copied with a `compile_commands.json` of its
/// files (each with its build's flags), isolated with `--auto`; at least
/// `least` units must be transformed, none may fail, and the transformed
/// library must build (with `ferry_rte/`, as its `BUILD` says) and run
/// the driver as the original does.
fn check_auto_project(library: &str, driver: &str, least: usize) {
    let scratch = scratch_dir(&format!("auto-{library}"));
    let project = scratch.join("project");
    let files = write_project(library, &project)
        .unwrap_or_else(|e| panic!("cannot write {library}'s project: {e}"));
    let out = scratch.join("auto");
    let output = run_ferry([
        "isolate".as_ref(),
        "-p".as_ref(),
        project.as_os_str(),
        "--auto".as_ref(),
        "--quiet".as_ref(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "ferry isolate -p {library} --auto failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let isolated = stdout
        .lines()
        .filter(|l| l.starts_with("isolated "))
        .count();
    assert!(isolated >= least, "{isolated} units isolated:\n{stdout}");
    let driver_file = scratch.join("driver.c");
    std::fs::write(&driver_file, driver).unwrap();
    let named = |dir: &Path| -> Vec<PathBuf> {
        files
            .iter()
            .map(|f| dir.join(f.path.file_name().expect("a name")))
            .collect()
    };
    let original = build(
        &named(&project),
        &driver_file,
        &project,
        &files[0].cflags,
        &scratch.join("original"),
    );
    let runtime = out.join("ferry_rte");
    let mut sources = named(&out);
    sources.push(runtime.join("ferry_rte.c"));
    sources.push(runtime.join("ferry_rte_host.c"));
    let mut cflags = files[0].cflags.clone();
    cflags.push(format!("-I{}", runtime.display()));
    let transformed = build(
        &sources,
        &driver_file,
        &out,
        &cflags,
        &scratch.join("transformed"),
    );
    let expected = run(&original, &scratch.join("original.gz"));
    let got = run(&transformed, &scratch.join("transformed.gz"));
    assert_eq!(
        got,
        expected,
        "{library} isolated with --auto behaves differently (files kept in {})",
        scratch.display()
    );
    let _ = std::fs::remove_dir_all(&scratch);
}

fn check_project(library: &str, driver: &str) {
    let files =
        library_files(library).unwrap_or_else(|e| panic!("cannot locate {library}'s sources: {e}"));
    assert!(!files.is_empty(), "no {library} file found");
    let scratch = scratch_dir(&format!("project-{library}"));
    let printed_dir = scratch.join("printed");
    std::fs::create_dir_all(&printed_dir).unwrap();
    let driver_file = scratch.join("driver.c");
    std::fs::write(&driver_file, driver).unwrap();
    let mut printed = Vec::new();
    for file in &files {
        printed.push(print(file, &printed_dir));
    }
    let originals: Vec<PathBuf> = files.iter().map(|f| f.path.clone()).collect();
    let include = files[0].path.parent().expect("a folder").to_path_buf();
    let cflags = &files[0].cflags;
    let original = build(
        &originals,
        &driver_file,
        &include,
        cflags,
        &scratch.join("original"),
    );
    let transformed = build(
        &printed,
        &driver_file,
        &include,
        cflags,
        &scratch.join("printed.exe"),
    );
    let expected = run(&original, &scratch.join("original.gz"));
    let got = run(&transformed, &scratch.join("printed.gz"));
    assert!(
        expected.lines().count() >= 4,
        "the driver printed too little:\n{expected}"
    );
    assert_eq!(
        got,
        expected,
        "{library} printed by ferry behaves differently (files kept in {})",
        scratch.display()
    );
    let _ = std::fs::remove_dir_all(&scratch);
}

/// `ferry parse FILE CFLAGS` into `dir`, under the file's name.
fn print(file: &CorpusFile, dir: &Path) -> PathBuf {
    let mut args = vec!["parse".into(), file.path.clone().into_os_string()];
    args.extend(file.cflags.iter().map(Into::into));
    let output = run_ferry(&args);
    assert!(
        output.status.success(),
        "`ferry parse {}` failed:\n{}",
        file.name,
        String::from_utf8_lossy(&output.stderr)
    );
    let out = dir.join(file.path.file_name().expect("a file name"));
    std::fs::write(&out, &output.stdout).unwrap();
    out
}

/// Compiles and links `sources` and the driver, the original folder on the
/// include path (the printed files keep their `#include "..."` lines).
fn build(
    sources: &[PathBuf],
    driver: &Path,
    include: &Path,
    cflags: &[String],
    exe: &Path,
) -> PathBuf {
    let cc = ferry_parser::preprocess::c_compiler();
    let output = Command::new(&cc)
        .args(["-O0", "-w"])
        .args(cflags)
        .arg(format!("-I{}", include.display()))
        .args(sources)
        .arg(driver)
        .arg("-o")
        .arg(exe)
        .args(["-lm", "-ldl"])
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cc}: {e}"));
    assert!(
        output.status.success(),
        "{} does not build:\n{}",
        exe.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    exe.to_path_buf()
}

fn run(exe: &Path, gz: &Path) -> String {
    let output = run_with_timeout(Command::new(exe).arg(gz), Duration::from_secs(60))
        .unwrap_or_else(|e| panic!("{} did not run: {e:?}", exe.display()));
    assert!(output.status.success(), "{} failed", exe.display());
    String::from_utf8(output.stdout).expect("UTF-8")
}
