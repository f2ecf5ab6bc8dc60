//! The front end on the SQLite amalgamation (sqlite3.c, 270k lines), against
//! the system compiler on the same preprocessed text, in the same run.
//!
//!     cargo bench -p ferry-parser --bench parse_sqlite
//!
//! sqlite3.c is preprocessed once with `cc -E`; then each step runs
//! `RUNS` times and its median is reported:
//! - lex: the ferry lexer alone over the text (a fresh `Scopes`, so no
//!   typedef feedback from the parser),
//! - parse: `parse_preprocessed` (lexing included),
//! - print: `print_translation_unit` on the parsed tree,
//! - cc: `cc -fsyntax-only -x cpp-output` on the preprocessed text in a
//!   temporary file: the compiler's parsing and semantic checks, without
//!   preprocessing (cpp-output) or code generation (-fsyntax-only).
//!
//! Memory: a counting global allocator records the bytes live before and
//! after `parse_preprocessed` while the tree is kept alive. The difference,
//! less the source map (measured by dropping it), is the AST; divided by the
//! size of the preprocessed text it gives bytes of tree per byte of source.
//! The first parse of the process also fills the global interner (names and
//! literal spellings, kept for the whole run) and builds the parse tables:
//! that one is reported apart.
//!
//! sqlite3.c is found as the tests find it: `cargo metadata` on
//! `corpus/Cargo.toml`. The lookup lives in the test crate
//! (`tests/src/corpus.rs`); it uses only `std`, and is included here by path
//! because `ferry-parser` cannot depend on `ferry-tests`.

#[allow(dead_code, unused_imports)]
#[path = "../../tests/src/corpus.rs"]
mod corpus;

use ferry_parser::lexer::Lexer;
use ferry_parser::preprocess::c_compiler;
use ferry_parser::scope::Scopes;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::RefCell;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const RUNS: usize = 5;

/// The system allocator, counting the bytes currently allocated and the
/// most ever allocated at once.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            grew(layout.size());
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            grew(layout.size());
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        new
    }
}

fn grew(bytes: usize) {
    let live = LIVE.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn live() -> usize {
    LIVE.load(Ordering::Relaxed)
}

fn main() {
    // The parse tree of a whole amalgamation is deep in places; run on a
    // thread with a large stack, as the `ferry` command does.
    let worker = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(run)
        .expect("start the benchmark thread");
    if worker.join().is_err() {
        std::process::exit(1);
    }
}

fn run() {
    let files = corpus::corpus_files().unwrap_or_else(|e| panic!("cannot locate sqlite3.c: {e}"));
    let sqlite = files
        .iter()
        .find(|f| f.library == "sqlite")
        .expect("the corpus has sqlite3.c");
    let cc = c_compiler();
    let text = ferry_parser::preprocess::preprocess(&sqlite.path, &sqlite.cflags)
        .unwrap_or_else(|e| panic!("cannot preprocess sqlite3.c: {e}"));
    let scratch = std::env::temp_dir().join(format!("ferry-bench-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("create the scratch folder");
    let preprocessed = scratch.join("sqlite3.i");
    std::fs::write(&preprocessed, &text).expect("write the preprocessed text");
    println!(
        "sqlite3.c preprocessed with `{cc} -E`: {} bytes, {} lines",
        text.len(),
        text.lines().count()
    );

    // The first parse of the process: parse tables, interner, page faults.
    let owned = text.clone();
    let before = live();
    let first = parse(owned, &sqlite.path);
    let first_bytes = live() - before;
    let items = first.unit.items.len();
    drop(first);
    println!("{items} top-level declarations");

    let lex = median(RUNS, || {
        let scopes = RefCell::new(Scopes::new());
        let start = Instant::now();
        let mut tokens = 0usize;
        for token in Lexer::new(&text, &scopes) {
            token.expect("sqlite3.c lexes");
            tokens += 1;
        }
        let elapsed = start.elapsed();
        std::hint::black_box(tokens);
        elapsed
    });

    let parse_time = median(RUNS, || {
        let owned = text.clone();
        let start = Instant::now();
        let parsed = parse(owned, &sqlite.path);
        let elapsed = start.elapsed();
        drop(parsed);
        elapsed
    });

    // Memory, with the interner and the parse tables already warm.
    let owned = text.clone();
    let before = live();
    PEAK.store(before, Ordering::Relaxed);
    let parsed = parse(owned, &sqlite.path);
    let with_tree = live() - before;
    let peak = PEAK.load(Ordering::Relaxed) - before;
    let ferry_parser::ParsedFile {
        unit,
        source_map,
        text: kept_text,
        path: _,
    } = parsed;
    let before_drop = live();
    drop(source_map);
    let source_map_bytes = before_drop - live();
    let ast_bytes = with_tree - source_map_bytes;
    drop(kept_text);

    let print = median(RUNS, || {
        let start = Instant::now();
        let printed = ferry_parser::printer::print_translation_unit(&unit);
        let elapsed = start.elapsed();
        std::hint::black_box(printed.len());
        elapsed
    });
    let printed_len = ferry_parser::printer::print_translation_unit(&unit).len();

    let cc_time = median(RUNS, || {
        let start = Instant::now();
        let output = Command::new(&cc)
            .args(["-fsyntax-only", "-x", "cpp-output"])
            .args(&sqlite.cflags)
            .arg(&preprocessed)
            .output()
            .expect("run the C compiler");
        let elapsed = start.elapsed();
        assert!(
            output.status.success(),
            "`{cc} -fsyntax-only -x cpp-output` fails on the preprocessed text:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        elapsed
    });
    drop(unit);
    let _ = std::fs::remove_dir_all(&scratch);

    let secs = |d: Duration| d.as_secs_f64();
    println!();
    println!("median of {RUNS} runs:");
    println!("  lex                      {:8.3} s", secs(lex));
    println!("  parse (lex included)     {:8.3} s", secs(parse_time));
    println!(
        "  print                    {:8.3} s  ({printed_len} bytes of C)",
        secs(print)
    );
    println!("  {cc} -fsyntax-only        {:8.3} s", secs(cc_time));
    println!(
        "  parse / cc                 {:6.2}",
        secs(parse_time) / secs(cc_time)
    );
    println!(
        "  (lex + parse + print) / cc {:6.2}",
        (secs(lex) + secs(parse_time) + secs(print)) / secs(cc_time)
    );
    println!(
        "  (parse + print) / cc       {:6.2}  (parse includes lexing)",
        (secs(parse_time) + secs(print)) / secs(cc_time)
    );
    println!();
    let mib = |b: usize| b as f64 / (1024.0 * 1024.0);
    let per_byte = |b: usize| b as f64 / text.len() as f64;
    println!("memory (counting allocator):");
    println!(
        "  AST                      {:8.1} MiB = {:.2} bytes per preprocessed byte",
        mib(ast_bytes),
        per_byte(ast_bytes)
    );
    println!(
        "  source map               {:8.1} MiB",
        mib(source_map_bytes)
    );
    println!(
        "  peak during the parse    {:8.1} MiB (above what was live before)",
        mib(peak)
    );
    println!(
        "  first parse of the run   {:8.1} MiB = {:.2} bytes per preprocessed byte \
         (tree + source map + interner + parse tables)",
        mib(first_bytes),
        per_byte(first_bytes)
    );
}

/// Parses and checks that it worked.
fn parse(text: String, path: &Path) -> ferry_parser::ParsedFile {
    ferry_parser::parse_preprocessed(text, path).unwrap_or_else(|e| {
        panic!(
            "ferry cannot parse the preprocessed {}: {e}",
            path.display()
        )
    })
}

/// The median of `runs` measurements.
fn median(runs: usize, mut measure: impl FnMut() -> Duration) -> Duration {
    let mut times: Vec<Duration> = (0..runs).map(|_| measure()).collect();
    times.sort();
    times[runs / 2]
}
