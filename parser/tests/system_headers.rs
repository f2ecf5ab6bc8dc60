//! The C library's headers are the first real C every user's file brings in:
//! each must parse in every language mode users pick.

use ferry_parser::parse_file;
use std::path::PathBuf;

const HEADERS: &[&str] = &[
    "assert.h",
    "complex.h",
    "ctype.h",
    "errno.h",
    "fenv.h",
    "float.h",
    "inttypes.h",
    "iso646.h",
    "limits.h",
    "locale.h",
    "math.h",
    "setjmp.h",
    "signal.h",
    "stdalign.h",
    "stdarg.h",
    "stdatomic.h",
    "stdbool.h",
    "stddef.h",
    "stdint.h",
    "stdio.h",
    "stdlib.h",
    "stdnoreturn.h",
    "string.h",
    "tgmath.h",
    "threads.h",
    "time.h",
    "uchar.h",
    "wchar.h",
    "wctype.h",
    // POSIX and GNU headers legacy code includes.
    "fcntl.h",
    "unistd.h",
    "pthread.h",
    "sys/types.h",
    "sys/stat.h",
    "sys/mman.h",
    "sys/time.h",
    "dirent.h",
    "dlfcn.h",
    "sys/socket.h",
    "netinet/in.h",
    "poll.h",
    "sched.h",
    "semaphore.h",
    "strings.h",
    "sys/wait.h",
    "termios.h",
    "getopt.h",
    "malloc.h",
    "alloca.h",
    "immintrin.h",
];

fn write_source(name: &str, defines: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ferry-headers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let mut text = String::from(defines);
    for header in HEADERS {
        text.push_str(&format!("#include <{header}>\n"));
    }
    text.push_str("int main(void) { return 0; }\n");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn all_headers_parse_in_every_mode() {
    let mut failures = Vec::new();
    for (i, (mode, defines)) in [
        ("-std=gnu17", "#define _GNU_SOURCE\n"),
        ("-std=c99", "#define _POSIX_C_SOURCE 200809L\n"),
        ("-std=c11", ""),
        ("-std=gnu89", "#define _GNU_SOURCE\n"),
    ]
    .into_iter()
    .enumerate()
    {
        let path = write_source(&format!("headers{i}.c"), defines);
        if let Err(e) = parse_file(&path, &[mode.to_owned()]) {
            failures.push(format!("{mode}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
