//! Helpers for the differential tests: compile a C program with the system `cc`
//! (gcc -O0 against glibc), run it, and compare with the Rust models.

use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// Compiles `src` with `cc -O0` and runs it with `args`, returning its stdout.
/// Returns `None` (and says so) when no C compiler is available, so the test is skipped
/// rather than failed on a machine without gcc.
pub fn run_c(src: &str, args: &[&str]) -> Option<Vec<u8>> {
    let tmp = scratch_dir();
    let dir = tmp.path();
    let c = dir.join("t.c");
    let exe = dir.join("t");
    std::fs::write(&c, src).unwrap();
    // REGCAUSE_LIBC_SANITIZE=1 checks the generated programs themselves once in a while.
    let sanitize: &[&str] = if std::env::var_os("REGCAUSE_LIBC_SANITIZE").is_some() {
        &["-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
    } else {
        &[]
    };
    let status = Command::new("cc")
        .args(["-std=gnu11", "-O0", "-w"])
        .args(sanitize)
        .arg("-o")
        .arg(&exe)
        .arg(&c)
        .arg("-lm")
        .status();
    match status {
        Err(e) => {
            eprintln!("skipping differential test: cannot run cc: {e}");
            return None;
        }
        Ok(s) => assert!(s.success(), "cc failed on {}", c.display()),
    }
    let out = Command::new(&exe)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "C test program failed: {:?}", out);
    Some(out.stdout)
}

/// A fresh directory for one C build, removed when dropped (also when the test fails),
/// so test runs leave nothing in the temporary directory.
pub fn scratch_dir() -> tempfile::TempDir {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    tempfile::Builder::new()
        .prefix(&format!("regcause-libc-test-{n}-"))
        .tempdir()
        .unwrap()
}

/// A C string literal for arbitrary bytes (octal escapes for anything unusual, so
/// neither hex-escape run-on nor trigraphs can bite).
pub fn c_str(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    for &b in bytes {
        if b.is_ascii_graphic() && b != b'"' && b != b'\\' && b != b'?' || b == b' ' {
            s.push(b as char);
        } else {
            s.push_str(&format!("\\{:03o}", b));
        }
    }
    s.push('"');
    s
}

/// Marks a record whose call returned a negative count.
pub const ERR_MARK: &[u8] = b"<ERR>";

/// Splits output made of records `<len>\n<bytes>\n` written by `rec` of `C_PRELUDE`
/// (a record of a failed call is prefixed with `ERR_MARK`).
pub fn records(out: &[u8]) -> Vec<Vec<u8>> {
    let mut v = Vec::new();
    let mut i = 0;
    let mut err = false;
    while i < out.len() {
        let nl = i + out[i..].iter().position(|&c| c == b'\n').unwrap();
        if &out[i..nl] == b"-1" {
            err = true;
            i = nl + 1;
            continue;
        }
        let n: usize = std::str::from_utf8(&out[i..nl]).unwrap().parse().unwrap();
        let mut r = if err { ERR_MARK.to_vec() } else { Vec::new() };
        err = false;
        r.extend_from_slice(&out[nl + 1..nl + 1 + n]);
        v.push(r);
        i = nl + 1 + n + 1;
    }
    v
}

/// C helpers shared by the generated programs: `rec(p, n)` writes one record,
/// `dbl(bits)` builds a double from its bit pattern.
pub const C_PRELUDE: &str = r#"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <math.h>
static void rec(const char *p, int n) { if (n < 0) { printf("-1\n"); n = (int)strlen(p); } printf("%d\n", n); fwrite(p, 1, n, stdout); putchar('\n'); }
static void recs(const char *p) { rec(p, (int)strlen(p)); }
static double dbl(unsigned long long b) { double x; memcpy(&x, &b, 8); return x; }
static long double ldbl(unsigned long m, unsigned short se) { long double v = 0; memcpy(&v, &m, 8); memcpy((char *)&v + 8, &se, 2); return v; }
static char buf[65536];
"#;

/// Small deterministic generator (splitmix64) so cases are reproducible by seed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}
