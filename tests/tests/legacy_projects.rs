//! Whole projects printed back, and isolated with `--auto` through a
//! compilation database (`ferry isolate -p`): every C file of zlib, Lua
//! 5.4, bzip2 and LZ4 through `ferry parse`, with the flags their own
//! builds use, then the printed files compiled and linked together into a
//! program that uses the library (a driver this test writes), run beside
//! the same program built from the original files. Both must print the
//! same thing.
//!
//! `legacy.rs` checks that each printed file compiles on its own; this
//! checks that the printed project still agrees with itself across units
//! (types, declarations and macros every file sees the same way) and keeps
//! the library's behaviour, which `-fsyntax-only` cannot see.

use ferry_tests::corpus::CorpusFile;
use ferry_tests::projects::{library_units, write_project};
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

/// Compresses and decompresses a buffer with bzip2's one-shot interface
/// at three block sizes, in both decompression modes, and writes and reads
/// back a `.bz2` file (its path is the first argument).
const BZIP2_DRIVER: &str = r#"#include <stdio.h>
#include <string.h>
#include "bzlib.h"

int main(int argc, char **argv)
{
    static char text[60000], packed[70000], unpacked[60000];
    unsigned i;
    for (i = 0; i < sizeof text; i++)
        text[i] = (char)("ferry moves arrays "[i % 19] + (i / 977) % 3);
    int level;
    for (level = 1; level <= 9; level += 4) {
        unsigned packed_len = sizeof packed, unpacked_len = sizeof unpacked;
        if (BZ2_bzBuffToBuffCompress(packed, &packed_len, text, sizeof text, level, 0, 30) != BZ_OK)
            return 1;
        if (BZ2_bzBuffToBuffDecompress(unpacked, &unpacked_len, packed, packed_len, level == 5, 0)
            != BZ_OK)
            return 2;
        unsigned long sum = 0;
        for (i = 0; i < packed_len; i++)
            sum = (sum * 31 + (unsigned char)packed[i]) % 1000000007UL;
        printf("level %d: %u bytes, sum %lu, same %d\n", level, packed_len, sum,
               unpacked_len == sizeof text && memcmp(text, unpacked, sizeof text) == 0);
    }
    if (argc > 1) {
        int error;
        FILE *f = fopen(argv[1], "wb");
        BZFILE *b = BZ2_bzWriteOpen(&error, f, 9, 0, 0);
        BZ2_bzWrite(&error, b, text, sizeof text);
        unsigned in_lo, out_lo;
        BZ2_bzWriteClose(&error, b, 0, &in_lo, &out_lo);
        fclose(f);
        f = fopen(argv[1], "rb");
        b = BZ2_bzReadOpen(&error, f, 0, 0, NULL, 0);
        int n = BZ2_bzRead(&error, b, unpacked, sizeof unpacked);
        BZ2_bzReadClose(&error, b);
        fclose(f);
        printf("file: %u in, %u out, %d read, same %d\n", in_lo, out_lo, n,
               memcmp(text, unpacked, sizeof text) == 0);
    }
    return 0;
}
"#;

/// Compresses and decompresses a buffer with LZ4's block (fast and HC)
/// and frame interfaces.
const LZ4_DRIVER: &str = r#"#include <stdio.h>
#include <string.h>
#include "lz4.h"
#include "lz4hc.h"
#include "lz4frame.h"

static unsigned long sum(const char *p, size_t n)
{
    unsigned long s = 0;
    size_t i;
    for (i = 0; i < n; i++)
        s = (s * 31 + (unsigned char)p[i]) % 1000000007UL;
    return s;
}

int main(void)
{
    static char text[60000], packed[80000], unpacked[60000];
    unsigned i;
    for (i = 0; i < sizeof text; i++)
        text[i] = (char)("ferry moves arrays "[i % 19] + (i / 977) % 3);
    int n = LZ4_compress_default(text, packed, sizeof text, sizeof packed);
    int m = LZ4_decompress_safe(packed, unpacked, n, sizeof unpacked);
    printf("fast: %d bytes, sum %lu, same %d\n", n, sum(packed, n),
           m == (int)sizeof text && memcmp(text, unpacked, sizeof text) == 0);
    int level;
    for (level = 3; level <= 12; level += 9) {
        n = LZ4_compress_HC(text, packed, sizeof text, sizeof packed, level);
        m = LZ4_decompress_safe(packed, unpacked, n, sizeof unpacked);
        printf("hc %d: %d bytes, sum %lu, same %d\n", level, n, sum(packed, n),
               m == (int)sizeof text && memcmp(text, unpacked, sizeof text) == 0);
    }
    size_t framed = LZ4F_compressFrame(packed, sizeof packed, text, sizeof text, NULL);
    LZ4F_dctx *d;
    LZ4F_createDecompressionContext(&d, LZ4F_VERSION);
    size_t out = sizeof unpacked, in = framed;
    LZ4F_decompress(d, unpacked, &out, packed, &in, NULL);
    LZ4F_freeDecompressionContext(d);
    printf("frame: %zu bytes, sum %lu, %zu out, same %d\n", framed, sum(packed, framed), out,
           memcmp(text, unpacked, sizeof text) == 0);
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

#[test]
fn bzip2_printed_by_ferry_builds_and_behaves_the_same() {
    check_project("bzip2", BZIP2_DRIVER);
}

#[test]
fn lz4_printed_by_ferry_builds_and_behaves_the_same() {
    check_project("lz4", LZ4_DRIVER);
}

/// zlib, Lua, bzip2 and LZ4 through their compilation databases with `--auto`
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

#[test]
fn bzip2_isolated_with_auto_builds_and_behaves_the_same() {
    check_auto_project("bzip2", BZIP2_DRIVER, 3);
}

/// bzip2 isolated with `--auto`, then built by its own `Makefile` (with
/// the runtime added as `ferry_rte/BUILD` says: its folder on the include
/// path, its objects on the link line) and checked by its own `make
/// test`: bzip2 compresses its three samples at two block sizes and
/// decompresses them, and `cmp` compares each with the reference file
/// the release ships. The isolated loops run on poisoned buffers; the
/// last run's `FERRY_STATS` shows that they moved data.
#[test]
fn bzip2_isolated_with_auto_passes_its_own_make_test() {
    let scratch = scratch_dir("auto-bzip2-make");
    let project = scratch.join("project");
    write_project("bzip2", &project).unwrap_or_else(|e| panic!("bzip2's project: {e}"));
    assert!(
        project.join("Makefile").is_file() && project.join("sample1.ref").is_file(),
        "the corpus's bzip2 comes with its Makefile and samples"
    );
    let out = scratch.join("auto");
    let output = isolate_auto(&project, &out);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout
            .lines()
            .filter(|l| l.starts_with("isolated "))
            .count()
            >= 3,
        "{stdout}"
    );
    let runtime = out.join("ferry_rte");
    let mut objects = Vec::new();
    for source in ["ferry_rte.c", "ferry_rte_host.c"] {
        let object = runtime.join(source).with_extension("o");
        let status = Command::new("cc")
            .args(["-O2", "-c"])
            .arg(runtime.join(source))
            .arg("-o")
            .arg(&object)
            .status()
            .expect("cc runs");
        assert!(status.success(), "the runtime compiles");
        objects.push(object.display().to_string());
    }
    let stats = scratch.join("stats.json");
    let make = Command::new("make")
        .current_dir(&out)
        .arg("test")
        .arg(format!(
            "CFLAGS=-Wall -Winline -O2 -g -D_FILE_OFFSET_BITS=64 -I{}",
            runtime.display()
        ))
        .arg(format!("LDFLAGS={}", objects.join(" ")))
        .env("FERRY_STATS", &stats)
        .output()
        .expect("make runs");
    let log = format!(
        "{}\n{}",
        String::from_utf8_lossy(&make.stdout),
        String::from_utf8_lossy(&make.stderr)
    );
    assert!(make.status.success(), "make test failed:\n{log}");
    assert!(!log.contains("differ"), "{log}");
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&stats).expect("FERRY_STATS written"))
            .expect("JSON");
    assert!(stats["bytes_to_accel"].as_u64() > Some(0), "{stats}");
    let _ = std::fs::remove_dir_all(&scratch);
}

/// The same through `ferry validate -p`: the project isolated, built by its
/// own command in a copy of the original tree and in the transformed one
/// (the runtime reaching the build through `FERRY_RTE_CFLAGS` and
/// `FERRY_RTE_LIBS`), and each test command run in both and compared; the
/// report holds the runs.
#[test]
fn bzip2_validated_as_a_project_by_its_own_build_and_tests() {
    let scratch = scratch_dir("validate-p-bzip2");
    let project = scratch.join("project");
    write_project("bzip2", &project).unwrap_or_else(|e| panic!("bzip2's project: {e}"));
    let report = scratch.join("report");
    let output = run_ferry([
        "validate",
        "-p",
        project.to_str().expect("UTF-8"),
        "--auto",
        "--quiet",
        "--build",
        "make -s CFLAGS=\"-O2 -D_FILE_OFFSET_BITS=64 $FERRY_RTE_CFLAGS\" LDFLAGS=\"$FERRY_RTE_LIBS\" bzip2",
        "--run",
        "./bzip2 -1 < sample1.ref | ./bzip2 -d | cmp - sample1.ref && echo round trip",
        "--run",
        "./bzip2 -d < sample2.bz2 | cksum",
        "--run",
        "./bzip2 -9 < sample3.ref | cksum",
        "--report",
        report.to_str().expect("UTF-8"),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("verdict: same (all 3 runs behave identically)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("written to a temporary folder"),
        "no path that is gone by now: {stdout}"
    );
    let model: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(report.join("report.json")).expect("report.json"),
    )
    .expect("JSON");
    let runs = model["validation"]["runs"].as_array().expect("runs");
    assert_eq!(runs.len(), 3);
    for run in runs {
        assert_eq!(run["verdict"], "same", "{run}");
        // The isolated loops ran: the last bzip2 of each run moved data.
        assert!(run["stats"]["bytes_to_accel"].as_u64() > Some(0), "{run}");
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

/// No nest of LZ4 is isolated (none is parallel, or control leaves it):
/// every unit must come out untouched and still build.
#[test]
fn lz4_isolated_with_auto_builds_and_behaves_the_same() {
    check_auto_project("lz4", LZ4_DRIVER, 0);
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
    let output = isolate_auto(&project, &out);
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
        library_units(library).unwrap_or_else(|e| panic!("cannot locate {library}'s sources: {e}"));
    assert!(!files.is_empty(), "no {library} file found");
    let scratch = scratch_dir(&format!("project-{library}"));
    let printed_dir = scratch.join("printed");
    std::fs::create_dir_all(&printed_dir).unwrap();
    let driver_file = scratch.join("driver.c");
    std::fs::write(&driver_file, driver).unwrap();
    let mut printed = Vec::new();
    // Each printed file in a folder of its own: a file another includes
    // (LZ4's lz4hc.c includes lz4.c under other macros) must be found as
    // it was written, on the include path, not as printed for its own
    // configuration beside the includer.
    for file in &files {
        let own = printed_dir.join(file.path.file_stem().expect("a file name"));
        std::fs::create_dir_all(&own).unwrap();
        printed.push(print(file, &own));
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

/// `ferry isolate -p project --auto -o out`.
fn isolate_auto(project: &Path, out: &Path) -> std::process::Output {
    run_ferry([
        "isolate".as_ref(),
        "-p".as_ref(),
        project.as_os_str(),
        "--auto".as_ref(),
        "--quiet".as_ref(),
        "-o".as_ref(),
        out.as_os_str(),
    ])
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
