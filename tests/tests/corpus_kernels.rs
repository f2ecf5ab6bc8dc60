//! `ferry validate FILE --function KERNEL` on a loop kernel inside a large
//! file of the corpus: SQLite's ChaCha20 block function (`chacha_block`)
//! in the 270,000 lines of `sqlite3.c`. Isolating one function needs the
//! analyses of that function and its callees only (its callers, almost
//! two thousand functions, are not analysed: it is analysed as if
//! anything could call it), and the isolated kernel must then behave as
//! the original when the whole amalgamation is built and run with
//! poisoned device buffers: the generator's bytes, seeded, are printed.

use ferry_tests::corpus::library_files;
use ferry_tests::{run_ferry, scratch_dir};

/// Seeds SQLite's generator (`SQLITE_TESTCTRL_PRNG_SEED`, 28) and prints
/// a digest of 1,200 of its bytes, drawn in 4 rounds: 19 calls of
/// `chacha_block`.
const PRNG_DRIVER: &str = r#"#include <stdio.h>

int sqlite3_test_control(int op, ...);
void sqlite3_randomness(int n, void *p);

int main(void)
{
    unsigned char bytes[300];
    sqlite3_test_control(28, 12345, (void *)0);
    for (int round = 0; round < 4; round++) {
        sqlite3_randomness((int)sizeof bytes, bytes);
        unsigned long sum = 0;
        for (unsigned i = 0; i < sizeof bytes; i++)
            sum = sum * 31 + bytes[i];
        printf("%d %02x%02x %lu\n", round, bytes[0], bytes[299], sum);
    }
    return 0;
}
"#;

#[test]
fn sqlite_chacha_block_isolates_and_runs_the_same() {
    let files = library_files("sqlite").unwrap_or_else(|e| panic!("no SQLite source: {e}"));
    let sqlite = &files.first().expect("sqlite3.c in the corpus").path;
    let scratch = scratch_dir("corpus-kernels");
    let driver = scratch.join("prng_driver.c");
    std::fs::write(&driver, PRNG_DRIVER).expect("scratch folder is writable");
    let output = run_ferry([
        "validate".as_ref(),
        sqlite.as_os_str(),
        driver.as_os_str(),
        "--function".as_ref(),
        "chacha_block".as_ref(),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && stdout.contains("verdict: same"),
        "ferry validate sqlite3.c --function chacha_block: {}\nstdout:\n{stdout}\nstderr:\n{stderr}",
        output.status
    );
    // The kernel did run on its device copies: 19 calls, each copying
    // the 64-byte state in and the 64-byte block out.
    assert!(
        stdout.contains("1216 bytes in 19 transfers to the accelerator")
            && stdout.contains("1216 bytes in 19 transfers back"),
        "expected 19 copies of 64 bytes each way:\n{stdout}"
    );
    let _ = std::fs::remove_dir_all(&scratch);
}
