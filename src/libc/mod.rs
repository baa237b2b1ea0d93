//! Pure models of the glibc 2.36 (x86_64, Debian 12) library functions that C programs
//! under test call, and regcause's own libc headers (`include/`).
//!
//! Nothing here touches interpreter memory: each engine talks to the interpreter through
//! a small trait (`printf::PrintfArgs`, `scanf::ScanInput`/`ScanSink`) or closures
//! (`sort`), so the models can be tested alone against real glibc (the unit tests compile
//! C programs with the system `cc` and compare byte for byte).
//!
//! # Conventions of glibc that the interpreter must reproduce
//!
//! ## Failed `assert`
//!
//! `assert(expr)` (see `include/assert.h`) calls
//! `__assert_fail(#expr, __FILE__, __LINE__, __func__)` when `expr` is 0. glibc then
//! writes to stderr exactly
//!
//! ```text
//! <progname>: <file>:<line>: <function>: Assertion `<expr>' failed.\n
//! ```
//!
//! - `<progname>` is the *basename* of `argv[0]` (glibc's `program_invocation_short_name`):
//!   `./build/prog` prints `prog`.
//! - `<file>` is `__FILE__`, the path exactly as it was given to the compiler (`src/a.c`
//!   when compiled as `gcc src/a.c`), so the interpreter must preprocess with the same
//!   relative path as the user's build.
//! - `<function>` is the bare name of the enclosing function (in C `__PRETTY_FUNCTION__`
//!   equals `__func__`, e.g. `main`), no return type or parameters.
//! - `<expr>` is the macro argument stringified *before* macro expansion, with the
//!   preprocessor's whitespace normalisation (`assert(x==MAX)` prints `x==MAX`,
//!   `assert( a  >  b )` prints `a > b`; string literals keep their escapes: `"a\n"`).
//! - The opening quote is a backquote and the closing one an apostrophe.
//!
//! After the message the process calls `abort()`: it dies by SIGABRT (a shell reports
//! exit status 134). glibc 2.36's `abort` does NOT flush stdio buffers, so output still
//! sitting in a fully buffered stdout (a pipe or a file, the usual case under a test
//! harness) is lost; on a terminal (line buffered) complete lines were already written.
//! The same holds for an explicit `abort()` call.
//!
//! ## Exit conventions
//!
//! - Returning `n` from `main` is `exit(n)`: stdio buffers are flushed, the exit status
//!   is `n & 0xff` (so `return -1` gives 255, `exit(256)` gives 0).
//! - stdout is line buffered on a terminal and fully buffered (4096-byte buffer on a pipe,
//!   `st_blksize` for files) otherwise; stderr is unbuffered. When a test captures both
//!   streams into one file, stderr text therefore appears *before* earlier stdout text
//!   unless stdout was flushed (by `fflush`, a full buffer, or exit).
//! - A crash (segfault, SIGFPE on integer division by zero) also loses buffered stdout.
//!
//! ## Floating-point NaN signs (x86_64 gcc -O0)
//!
//! `0.0/0.0` computed at run time is the x86 default NaN, which is *negative*
//! (`printf("%f")` prints `-nan`), but gcc folds the same expression in a static
//! initialiser to a *positive* NaN (`nan`). glibc's `NAN` is a positive float NaN, so
//! `include/math.h` defines it as `__builtin_nanf("")` (to be modelled as
//! `f32::from_bits(0x7fc0_0000)`), and `strtod("nan")` is positive, `"-nan"` negative.
//!
//! ## Where the models live and the quirks they keep
//!
//! - `printf`: [`printf::format`]. Unknown conversions are echoed normalised
//!   (`%-#08.3Q` prints `%#-8.3Q`); a format ending inside a directive (`"abc%"`,
//!   `"%5"`, `"%l"`) writes what came before and returns -1
//!   ([`FormatError::IncompleteDirective`]); `%s` of NULL prints `(null)` unless the
//!   precision is below 6 (then nothing); `%p` of NULL is `(nil)` (width applies,
//!   precision and `0` do not) and other pointers are `%#lx` where `+`/space still apply;
//!   `0` pads `inf`/`nan` with spaces; `%c` of 0 writes a NUL byte.
//! - `scanf` family: [`scanf::scan`]. `%d` is strtol of the scanned text truncated
//!   to int (`"99999999999"` gives 1215752191, `"-99999999999999999999"` gives 0,
//!   `"99999999999999999999"` gives -1); `%u` of `"-1"` is 4294967295. What is consumed
//!   on failure follows glibc exactly (see the module).
//! - `strtol` & co, `atoi`, `strtod`/`atof`: [`strconv`]. `atoi` is `(int)strtol`;
//!   with an invalid base `*endptr` is not written; hex floats rounding to a subnormal
//!   ignore one bit (glibc bug kept, see `strconv`).
//! - `rand`/`srand`: [`rand::GlibcRand`]; `qsort`/`bsearch`: [`sort`] (merge sort,
//!   comparator call order reproduced).
//! - `getopt`/`getopt_long`: [`getopt`], glibc's permutation, messages and globals.
//!   `optarg`, `optind`, `opterr`, `optopt` are macros over accessor functions (as
//!   glibc does for `errno`), so a program's own `extern int optind;` still declares
//!   the same object; a local variable named `optind` would not compile.
//! - `errno`, `strerror`, `perror`: [`errno`]. Models set errno where glibc does
//!   (the `strto*` family ERANGE/EINVAL, `fopen` the host's error, `calloc` ENOMEM,
//!   `read`/`write`/`isatty`). glibc's `perror` on a stderr that nothing has written
//!   to yet tries `fdopen(dup(2), "w+")`, which fails with EINVAL on a write-only
//!   pipe or file: after that first `perror`, errno is EINVAL. regcause models a test's
//!   streams as such pipes.
//! - `<time.h>`: [`time`]. Deterministic: `time()` is 1700000000, `clock()` counts
//!   interpreted statements (one microsecond per thousand), no `TZ` (localtime is
//!   UTC; `mktime` is its inverse, normalising the fields). Each call site that read
//!   such a value is listed in `exec::shims::LibcState::nondeterministic` and
//!   `RunResult::notes`, which `run`/`exec` print.
//! - The controlled environment: `getenv` sees only `LibcState::env`, filled from
//!   `RunInput::env` (`--env`) and changed by `setenv`/`unsetenv`/`putenv` as glibc
//!   does (a `putenv` string stays shared with the program); the host's environment
//!   never leaks in.
//! - `atexit` handlers run last-registered first at `exit` and at the return from
//!   `main`, before stdout is flushed.
//! - `read`/`write` work on the standard streams, files and their `dup`s; `write(1)`
//!   bypasses stdout's buffer (its bytes come before printf output still buffered);
//!   `read(0)` after stdio read stdin is refused (natively it depends on how the pipe
//!   delivered the bytes); `isatty` is 0 (ENOTTY, EBADF for a closed descriptor).
//! - `getline`/`getdelim`: a missing buffer gets 120 bytes, a line that does not fit
//!   grows it to max(needed, 2 * size), as glibc does when the line is in one stdio
//!   buffer.
//! - printf/scanf arguments of the wrong type (a `double` for `%d`, an `int` for
//!   `%s` or `%ld`, a non-pointer for a scanf conversion) are undefined behaviour,
//!   reported as [`FormatError::WrongType`] naming the directive and the argument.
//! - Headers: [`HEADERS`], [`write_headers`]. They declare exactly the functions of
//!   [`catalogue`], with its arities (a test parses them with the front end), and
//!   every one has a model (`exec::shims`), checked by a test that calls each one.

mod bignum;
pub mod catalogue;
pub mod errno;
pub mod f80;
pub mod getopt;
pub mod ldmath;
pub mod printf;
pub mod rand;
pub mod scanf;
pub mod sort;
pub mod strconv;
pub mod strtold;
pub mod time;

#[cfg(test)]
mod testutil;

#[cfg(test)]
#[path = "tests/headers.rs"]
mod header_tests;

/// regcause's own libc headers as (file name, contents). Programs are preprocessed
/// against them alone (`cc -E -nostdinc -isystem <dir>`), see [`write_headers`].
pub const HEADERS: &[(&str, &str)] = &[
    (
        "_regcause_common.h",
        include_str!("include/_regcause_common.h"),
    ),
    ("alloca.h", include_str!("include/alloca.h")),
    ("assert.h", include_str!("include/assert.h")),
    ("ctype.h", include_str!("include/ctype.h")),
    ("errno.h", include_str!("include/errno.h")),
    (
        "_regcause_getopt.h",
        include_str!("include/_regcause_getopt.h"),
    ),
    ("float.h", include_str!("include/float.h")),
    ("getopt.h", include_str!("include/getopt.h")),
    ("inttypes.h", include_str!("include/inttypes.h")),
    ("limits.h", include_str!("include/limits.h")),
    ("math.h", include_str!("include/math.h")),
    ("memory.h", include_str!("include/memory.h")),
    ("malloc.h", include_str!("include/malloc.h")),
    ("iso646.h", include_str!("include/iso646.h")),
    ("setjmp.h", include_str!("include/setjmp.h")),
    ("stdarg.h", include_str!("include/stdarg.h")),
    ("stdbool.h", include_str!("include/stdbool.h")),
    ("stddef.h", include_str!("include/stddef.h")),
    ("stdint.h", include_str!("include/stdint.h")),
    ("stdio.h", include_str!("include/stdio.h")),
    ("stdlib.h", include_str!("include/stdlib.h")),
    ("string.h", include_str!("include/string.h")),
    ("strings.h", include_str!("include/strings.h")),
    ("time.h", include_str!("include/time.h")),
    (
        "_regcause_timespec.h",
        include_str!("include/_regcause_timespec.h"),
    ),
    ("unistd.h", include_str!("include/unistd.h")),
    ("wchar.h", include_str!("include/wchar.h")),
    ("sys/types.h", include_str!("include/sys/types.h")),
    ("sys/stat.h", include_str!("include/sys/stat.h")),
    ("sys/time.h", include_str!("include/sys/time.h")),
    ("sys/resource.h", include_str!("include/sys/resource.h")),
    ("sys/times.h", include_str!("include/sys/times.h")),
    ("sys/mman.h", include_str!("include/sys/mman.h")),
    ("stdatomic.h", include_str!("include/stdatomic.h")),
    ("fcntl.h", include_str!("include/fcntl.h")),
    ("dirent.h", include_str!("include/dirent.h")),
    ("locale.h", include_str!("include/locale.h")),
    ("signal.h", include_str!("include/signal.h")),
    ("pthread.h", include_str!("include/pthread.h")),
];

/// Writes [`HEADERS`] into `dir` (created if needed).
pub fn write_headers(dir: &std::path::Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (name, text) in HEADERS {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(path, text)?;
    }
    Ok(())
}

/// Errors of the formatted I/O engines (`printf`, `scanf`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// A conversion regcause does not model, named as written in the format
    /// (e.g. `%n`, `%ls`, `%Lf`, `%1$d`).
    #[error("unsupported conversion {0}")]
    Unsupported(String),
    /// An argument could not be read or a result could not be stored; the interpreter
    /// supplies the text.
    #[error("bad argument: {0}")]
    Arg(String),
    /// The format ends inside a directive (`"abc%"`, `"%5"`, `"%l"`): glibc writes the
    /// output produced so far (`written`), then the call returns -1 with errno EINVAL.
    #[error("format ends inside a conversion specification")]
    IncompleteDirective { written: Vec<u8> },
    /// A conversion was given an argument of another type (undefined behaviour: glibc
    /// reads whatever the register for the expected type holds). The text says which
    /// argument; [`printf::format`] prefixes the directive (`%d`).
    #[error("{0}")]
    WrongType(String),
}
