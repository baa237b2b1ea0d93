//! The bundled headers: they parse, declare exactly the catalogue, and give the same
//! types and values as glibc's (a program built against each prints the same).

use super::testutil::scratch_dir;
use super::*;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

fn have_cc() -> bool {
    Command::new("cc").arg("--version").output().is_ok()
}

fn headers_dir() -> tempfile::TempDir {
    let d = scratch_dir();
    write_headers(d.path()).unwrap();
    d
}

const ALL: &str = "#include <assert.h>\n#include <ctype.h>\n#include <errno.h>\n#include <float.h>\n\
#include <limits.h>\n#include <math.h>\n#include <stdarg.h>\n#include <stdbool.h>\n#include <stddef.h>\n\
#include <stdint.h>\n#include <inttypes.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\
#include <assert.h>\n#include <stdio.h>\n#include <time.h>\n#include <strings.h>\n#include <memory.h>\n\
#include <wchar.h>\n#include <unistd.h>\n#include <getopt.h>\n#include <sys/types.h>\n\
#include <sys/stat.h>\n#include <sys/time.h>\n#include <fcntl.h>\n#include <dirent.h>\n\
#include <locale.h>\n#include <signal.h>\n#include <pthread.h>\n#include <malloc.h>\n";

/// Builds `src` with our headers (`ours`) or the system's and returns (stdout, stderr,
/// exit status, signal).
fn build_run(
    src: &str,
    ours: Option<&Path>,
    extra: &[&str],
) -> (String, String, Option<i32>, Option<i32>) {
    let tmp = scratch_dir();
    let dir = tmp.path();
    let c = dir.join("t.c");
    std::fs::write(&c, src).unwrap();
    let exe = dir.join("prog");
    let mut cmd = Command::new("cc");
    cmd.args([
        "-std=gnu11",
        "-O0",
        "-Wall",
        "-Wextra",
        "-Werror",
        "-Wno-unused",
    ]);
    if let Some(inc) = ours {
        cmd.arg("-nostdinc").arg("-isystem").arg(inc);
    }
    // A relative source path, so __FILE__ is the same in every build.
    cmd.current_dir(dir)
        .args(extra)
        .arg("-o")
        .arg(&exe)
        .arg("t.c")
        .arg("-lm");
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "cc failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // csmith programs may run for very long: bound every run (exit status 124).
    let run = Command::new("timeout")
        .arg("20")
        .arg(&exe)
        .current_dir(dir)
        .output()
        .unwrap();
    use std::os::unix::process::ExitStatusExt;
    (
        String::from_utf8_lossy(&run.stdout).into_owned(),
        String::from_utf8_lossy(&run.stderr).into_owned(),
        run.status.code(),
        run.status.signal(),
    )
}

#[test]
fn headers_preprocess_and_compile_alone() {
    if !have_cc() {
        return;
    }
    let inc = headers_dir();
    let tmp = scratch_dir();
    let dir = tmp.path();
    let c = dir.join("all.c");
    std::fs::write(
        &c,
        format!("{ALL}int main(void) {{ assert(1); return 0; }}\n"),
    )
    .unwrap();
    let pp = Command::new("cc")
        .arg("-E")
        .arg("-P")
        .arg("-nostdinc")
        .arg("-isystem")
        .arg(inc.path())
        .arg(&c)
        .output()
        .unwrap();
    assert!(
        pp.status.success(),
        "{}",
        String::from_utf8_lossy(&pp.stderr)
    );
    let i = dir.join("all.i");
    std::fs::write(&i, &pp.stdout).unwrap();
    let chk = Command::new("gcc")
        .args([
            "-std=gnu11",
            "-Wall",
            "-Wextra",
            "-pedantic",
            "-Werror",
            "-fsyntax-only",
            "-x",
            "c",
        ])
        .arg(&i)
        .output()
        .unwrap();
    assert!(
        chk.status.success(),
        "{}",
        String::from_utf8_lossy(&chk.stderr)
    );
    // Nothing of glibc's headers may leak in.
    let text = String::from_utf8_lossy(&pp.stdout);
    assert!(!text.contains("/usr/include"), "system header used");
}

/// The bundled headers declare exactly the catalogue's functions, each in the header
/// the catalogue names, with the arity it names, as the front end reads them.
#[test]
fn headers_declare_exactly_the_catalogue() {
    use super::catalogue::{lookup, ENTRIES};
    use std::collections::BTreeMap;
    let mut declared_in: BTreeMap<String, BTreeSet<&str>> = BTreeMap::new();
    for (header, _) in HEADERS {
        for (name, fixed, variadic) in crate::frontend::header_functions(header)
            .unwrap_or_else(|e| panic!("<{header}> does not load: {e}"))
        {
            // Unmodelled library functions may be declared: calling one stops the run
            // with `unsupported:`.
            if super::catalogue::is_libc_name(&name) {
                continue;
            }
            let entry = lookup(&name).unwrap_or_else(|| {
                panic!("<{header}> declares `{name}`, neither in the catalogue nor glibc's")
            });
            assert_eq!(
                (entry.arity.fixed, entry.arity.variadic),
                (fixed, variadic),
                "`{name}`: <{header}> declares {fixed} parameters (variadic: {variadic}), \
                 the catalogue says {}",
                entry.arity
            );
            declared_in.entry(name).or_default().insert(header);
        }
    }
    for e in ENTRIES {
        let headers = declared_in.get(e.name);
        assert!(
            headers.is_some_and(|h| h.contains(e.header)),
            "the catalogue puts `{}` in <{}>, but it is declared in {headers:?}",
            e.name,
            e.header
        );
    }
    assert_eq!(declared_in.len(), ENTRIES.len());
}

/// Types (by _Generic) and values of every macro and typedef, with our headers and with
/// glibc's.
#[test]
fn macros_and_types_match_glibc() {
    if !have_cc() {
        return;
    }
    let mut src = String::from(ALL);
    src.push_str(
        "#define TN(x) _Generic((x), _Bool: \"bool\", char: \"char\", signed char: \"schar\", unsigned char: \"uchar\", \
         short: \"short\", unsigned short: \"ushort\", int: \"int\", unsigned: \"uint\", long: \"long\", \
         unsigned long: \"ulong\", long long: \"llong\", unsigned long long: \"ullong\", float: \"float\", \
         double: \"double\", long double: \"ldouble\", default: \"other\")\n\
         #define PI(x) printf(#x \" %s %llx\\n\", TN(x), (unsigned long long)(x))\n\
         #define PF(x) printf(#x \" %s %a\\n\", TN(x), (double)(x))\n\
         #define PS(x) printf(#x \" [%s]\\n\", x)\n\
         #define TY(t) printf(#t \" %zu %d\\n\", sizeof(t), (int)((t)-1 < (t)0))\n\
         struct S { char c; double d; int i; };\n\
         int main(void) {\n",
    );
    for m in [
        "CHAR_BIT",
        "MB_LEN_MAX",
        "SCHAR_MIN",
        "SCHAR_MAX",
        "UCHAR_MAX",
        "CHAR_MIN",
        "CHAR_MAX",
        "SHRT_MIN",
        "SHRT_MAX",
        "USHRT_MAX",
        "INT_MIN",
        "INT_MAX",
        "UINT_MAX",
        "LONG_MIN",
        "LONG_MAX",
        "ULONG_MAX",
        "LLONG_MIN",
        "LLONG_MAX",
        "ULLONG_MAX",
        "SSIZE_MAX",
        "INT8_MIN",
        "INT16_MIN",
        "INT32_MIN",
        "INT64_MIN",
        "INT8_MAX",
        "INT16_MAX",
        "INT32_MAX",
        "INT64_MAX",
        "UINT8_MAX",
        "UINT16_MAX",
        "UINT32_MAX",
        "UINT64_MAX",
        "INT_LEAST8_MIN",
        "INT_LEAST16_MIN",
        "INT_LEAST32_MIN",
        "INT_LEAST64_MIN",
        "INT_LEAST8_MAX",
        "INT_LEAST16_MAX",
        "INT_LEAST32_MAX",
        "INT_LEAST64_MAX",
        "UINT_LEAST8_MAX",
        "UINT_LEAST16_MAX",
        "UINT_LEAST32_MAX",
        "UINT_LEAST64_MAX",
        "INT_FAST8_MIN",
        "INT_FAST16_MIN",
        "INT_FAST32_MIN",
        "INT_FAST64_MIN",
        "INT_FAST8_MAX",
        "INT_FAST16_MAX",
        "INT_FAST32_MAX",
        "INT_FAST64_MAX",
        "UINT_FAST8_MAX",
        "UINT_FAST16_MAX",
        "UINT_FAST32_MAX",
        "UINT_FAST64_MAX",
        "INTPTR_MIN",
        "INTPTR_MAX",
        "UINTPTR_MAX",
        "INTMAX_MIN",
        "INTMAX_MAX",
        "UINTMAX_MAX",
        "PTRDIFF_MIN",
        "PTRDIFF_MAX",
        "SIZE_MAX",
        "SIG_ATOMIC_MIN",
        "SIG_ATOMIC_MAX",
        "WCHAR_MIN",
        "WCHAR_MAX",
        "WINT_MIN",
        "WINT_MAX",
        "INT8_C(5)",
        "INT16_C(5)",
        "INT32_C(5)",
        "INT64_C(5)",
        "UINT8_C(5)",
        "UINT16_C(5)",
        "UINT32_C(5)",
        "UINT64_C(5)",
        "INTMAX_C(5)",
        "UINTMAX_C(5)",
        "FLT_RADIX",
        "FLT_ROUNDS",
        "FLT_EVAL_METHOD",
        "DECIMAL_DIG",
        "FLT_MANT_DIG",
        "FLT_DIG",
        "FLT_DECIMAL_DIG",
        "FLT_MIN_EXP",
        "FLT_MIN_10_EXP",
        "FLT_MAX_EXP",
        "FLT_MAX_10_EXP",
        "FLT_HAS_SUBNORM",
        "DBL_MANT_DIG",
        "DBL_DIG",
        "DBL_DECIMAL_DIG",
        "DBL_MIN_EXP",
        "DBL_MIN_10_EXP",
        "DBL_MAX_EXP",
        "DBL_MAX_10_EXP",
        "DBL_HAS_SUBNORM",
        "EOF",
        "BUFSIZ",
        "RAND_MAX",
        "EXIT_SUCCESS",
        "EXIT_FAILURE",
        "EPERM",
        "ENOENT",
        "EINTR",
        "EIO",
        "EBADF",
        "ENOMEM",
        "EACCES",
        "EEXIST",
        "ENOTDIR",
        "EISDIR",
        "EINVAL",
        "EMFILE",
        "ENOSPC",
        "ESPIPE",
        "EDOM",
        "ERANGE",
        "EILSEQ",
        "true",
        "false",
        "CLOCKS_PER_SEC",
        "WEOF",
        "STDIN_FILENO",
        "STDOUT_FILENO",
        "STDERR_FILENO",
        "no_argument",
        "required_argument",
        "optional_argument",
        "sizeof(struct tm)",
        "offsetof(struct tm, tm_isdst)",
        "offsetof(struct tm, tm_gmtoff)",
        "offsetof(struct tm, tm_zone)",
        "sizeof(struct option)",
        "offsetof(struct option, flag)",
        "offsetof(struct option, val)",
        "sizeof(lldiv_t)",
        "offsetof(lldiv_t, rem)",
        "offsetof(struct S, i)",
        "offsetof(struct S, d)",
        "sizeof(struct S)",
        "sizeof(pthread_t)",
        "sizeof(pthread_mutex_t)",
        "sizeof(pthread_cond_t)",
        "sizeof(pthread_rwlock_t)",
        "sizeof(pthread_attr_t)",
        "sizeof(pthread_once_t)",
        "FP_NAN",
        "FP_INFINITE",
        "FP_ZERO",
        "FP_SUBNORMAL",
        "FP_NORMAL",
        "F_DUPFD",
        "F_DUPFD_CLOEXEC",
        "LDBL_MANT_DIG",
        "LDBL_DIG",
        "LDBL_MIN_EXP",
        "LDBL_MAX_EXP",
        "LDBL_MIN_10_EXP",
        "LDBL_MAX_10_EXP",
    ] {
        src.push_str(&format!("PI({m});\n"));
    }
    for m in [
        "FLT_MAX",
        "FLT_MIN",
        "FLT_EPSILON",
        "FLT_TRUE_MIN",
        "DBL_MAX",
        "DBL_MIN",
        "DBL_EPSILON",
        "DBL_TRUE_MIN",
        "HUGE_VAL",
        "HUGE_VALF",
        "INFINITY",
        "M_E",
        "M_LOG2E",
        "M_LOG10E",
        "M_LN2",
        "M_LN10",
        "M_PI",
        "M_PI_2",
        "M_PI_4",
        "M_1_PI",
        "M_2_PI",
        "M_2_SQRTPI",
        "M_SQRT2",
        "M_SQRT1_2",
    ] {
        src.push_str(&format!("PF({m});\n"));
    }
    for p in [
        "PRId8",
        "PRId16",
        "PRId32",
        "PRId64",
        "PRIi8",
        "PRIi16",
        "PRIi32",
        "PRIi64",
        "PRIo8",
        "PRIo16",
        "PRIo32",
        "PRIo64",
        "PRIu8",
        "PRIu16",
        "PRIu32",
        "PRIu64",
        "PRIx8",
        "PRIx16",
        "PRIx32",
        "PRIx64",
        "PRIX8",
        "PRIX16",
        "PRIX32",
        "PRIX64",
        "PRIdLEAST8",
        "PRIdLEAST16",
        "PRIdLEAST32",
        "PRIdLEAST64",
        "PRIuLEAST8",
        "PRIuLEAST16",
        "PRIuLEAST32",
        "PRIuLEAST64",
        "PRIxLEAST8",
        "PRIxLEAST16",
        "PRIxLEAST32",
        "PRIxLEAST64",
        "PRIdFAST8",
        "PRIdFAST16",
        "PRIdFAST32",
        "PRIdFAST64",
        "PRIuFAST8",
        "PRIuFAST16",
        "PRIuFAST32",
        "PRIuFAST64",
        "PRIxFAST8",
        "PRIxFAST16",
        "PRIxFAST32",
        "PRIxFAST64",
        "PRIdMAX",
        "PRIiMAX",
        "PRIoMAX",
        "PRIuMAX",
        "PRIxMAX",
        "PRIXMAX",
        "PRIdPTR",
        "PRIiPTR",
        "PRIoPTR",
        "PRIuPTR",
        "PRIxPTR",
        "PRIXPTR",
        "SCNd8",
        "SCNd16",
        "SCNd32",
        "SCNd64",
        "SCNi8",
        "SCNi16",
        "SCNi32",
        "SCNi64",
        "SCNo8",
        "SCNo16",
        "SCNo32",
        "SCNo64",
        "SCNu8",
        "SCNu16",
        "SCNu32",
        "SCNu64",
        "SCNx8",
        "SCNx16",
        "SCNx32",
        "SCNx64",
        "SCNdMAX",
        "SCNiMAX",
        "SCNoMAX",
        "SCNuMAX",
        "SCNxMAX",
        "SCNdPTR",
        "SCNiPTR",
        "SCNoPTR",
        "SCNuPTR",
        "SCNxPTR",
    ] {
        src.push_str(&format!("PS({p});\n"));
    }
    for t in [
        "size_t",
        "ptrdiff_t",
        "ssize_t",
        "wchar_t",
        "int8_t",
        "int16_t",
        "int32_t",
        "int64_t",
        "uint8_t",
        "uint16_t",
        "uint32_t",
        "uint64_t",
        "int_least8_t",
        "int_least16_t",
        "int_least32_t",
        "int_least64_t",
        "uint_least8_t",
        "uint_least16_t",
        "uint_least32_t",
        "uint_least64_t",
        "int_fast8_t",
        "int_fast16_t",
        "int_fast32_t",
        "int_fast64_t",
        "uint_fast8_t",
        "uint_fast16_t",
        "uint_fast32_t",
        "uint_fast64_t",
        "intptr_t",
        "uintptr_t",
        "intmax_t",
        "uintmax_t",
        "time_t",
        "clock_t",
        "wint_t",
    ] {
        src.push_str(&format!(
            "TY({t}); {{ {t} v = 0; printf(\"%s\\n\", TN(v)); }}\n"
        ));
    }
    src.push_str(
        "{ float n = NAN; unsigned u; memcpy(&u, &n, 4); printf(\"NAN %s %x\\n\", TN(NAN), u); }\n\
         { static float sn = NAN; unsigned u; memcpy(&u, &sn, 4); printf(\"static NAN %x\\n\", u); }\n\
         printf(\"NULL %d %zu\\n\", NULL == (void *)0, sizeof(NULL));\n\
         printf(\"bool %zu %s\\n\", sizeof(bool), TN((bool)1));\n\
         errno = 0; strtol(\"99999999999999999999\", 0, 10); printf(\"errno %d\\n\", errno);\n\
         { div_t d = div(7, -2); ldiv_t l = ldiv(-7L, 2L); printf(\"div %d %d %ld %ld\\n\", d.quot, d.rem, l.quot, l.rem); }\n\
         printf(\"stdio %d %d\\n\", stdout != stdin, stderr != stdout);\n\
         return 0; }\n",
    );
    let inc = headers_dir();
    let ours = build_run(&src, Some(inc.path()), &["-w"]);
    let sys = build_run(&src, None, &["-w"]);
    let (o, s) = (
        ours.0.lines().collect::<Vec<_>>(),
        sys.0.lines().collect::<Vec<_>>(),
    );
    assert_eq!(o.len(), s.len());
    for (a, b) in o.iter().zip(&s) {
        assert_eq!(a, b, "ours vs glibc");
    }
}

#[test]
fn failed_assert_matches_glibc() {
    if !have_cc() {
        return;
    }
    let src = "#include <assert.h>\n#include <stdio.h>\n#define LIMIT 4\n\
               static int check(int x) { assert(x  <  LIMIT && \"too \\\"big\\\"\"); return x; }\n\
               int main(void) { printf(\"%d\\n\", check(1)); fflush(stdout); return check(9); }\n";
    let inc = headers_dir();
    let strict = ["-Wall", "-Wextra", "-Werror"];
    let ours = build_run(src, Some(inc.path()), &strict);
    let sys = build_run(src, None, &strict);
    assert_eq!(ours, sys);
    // The documented shape: the basename of argv[0] ("prog", run by its full path).
    let want = r#"prog: t.c:4: check: Assertion `x < LIMIT && "too \"big\""' failed."#;
    assert_eq!(sys.1, format!("{want}\n"));
    assert_eq!((sys.2, sys.3), (None, Some(6)));
    // NDEBUG turns it off.
    let ours = build_run(src, Some(inc.path()), &["-DNDEBUG"]);
    assert_eq!((ours.0.as_str(), ours.2), ("1\n", Some(9)));
}

/// csmith programs (which include stdint, string, float, math, limits, assert, stdio)
/// build against our headers and print the same checksum.
#[test]
#[ignore = "csmith campaigns run outside the suite: scripts/csmith-campaign.sh"]
fn csmith_programs_build_and_agree() {
    let csmith_inc = Path::new("/usr/include/csmith");
    let ok = have_cc()
        && csmith_inc.join("csmith.h").exists()
        && Command::new("csmith").arg("--version").output().is_ok();
    if !ok {
        eprintln!("skipping: csmith (with libcsmith-dev headers) not installed");
        return;
    }
    let inc = headers_dir();
    for seed in [1u32, 4, 5, 6, 7, 8] {
        let out = Command::new("csmith")
            .args([
                "--seed",
                &seed.to_string(),
                "--no-packed-struct",
                "--no-bitfields",
            ])
            .output()
            .unwrap();
        let src = String::from_utf8(out.stdout).unwrap();
        let extra = ["-I", "/usr/include/csmith", "-w"];
        let ours = build_run(&src, Some(inc.path()), &extra);
        let sys = build_run(&src, None, &extra);
        if sys.2 == Some(124) {
            eprintln!("csmith seed {seed}: program runs too long, skipped");
            continue;
        }
        assert_eq!(ours, sys, "csmith seed {seed}");
        assert!(sys.0.contains("checksum = "));
    }
}
