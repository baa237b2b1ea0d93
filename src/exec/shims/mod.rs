//! libc models ("shims"): one dispatcher by name, one file per header. A library
//! function that is not here loads, and a call of it stops the run with a located
//! `unsupported:` fault (see `Machine::no_body`).

/// Unwrap a memory access, turning a fault into a located runtime error.
macro_rules! try_mem {
    ($m:expr, $e:expr) => {
        match $e {
            Ok(v) => v,
            Err(f) => return Err($m.stop_mem(f)),
        }
    };
}

mod ctype;
mod math;
mod posix;
mod setjmp;
mod stdio;
mod stdlib;
mod string;
mod time;
mod unistd;
pub(crate) mod vprintf;

pub(crate) use stdlib::set_env as set_env_var;

use super::hooks::Observer;
use super::interp::{Machine, Stop, X};
use super::FaultKind;
use crate::ir::{Loc, Scalar};
use crate::libc::f80::F80;

/// Arguments as evaluated at the call: (value, kind, by-value struct size).
pub type Args<'a> = &'a [(u64, Scalar, Option<u32>)];

pub use crate::libc::catalogue::{is_libc_name, resolve, Shim, NAMES};

/// The file of models a shim lives in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Module {
    Stdio,
    Stdlib,
    String,
    Ctype,
    Math,
    Time,
    Unistd,
    Posix,
    Vprintf,
    Setjmp,
}

/// Where each shim is modelled. Exhaustive on purpose (no `_` arm): a new shim that is
/// not routed does not compile, instead of falling through to another header's model.
fn module_of(s: Shim) -> Module {
    use Shim::*;
    match s {
        printf | fprintf | sprintf | snprintf | puts | fputs | putchar | fputc | putc | getchar
        | getc | fgetc | ungetc | fgets | gets | getline | getdelim | scanf | fscanf | sscanf
        | fopen | fclose | fread | fwrite | feof | ferror | fflush | perror | remove | rename
        | tmpfile | fseek | ftell | rewind | fgetpos | fsetpos | clearerr | setvbuf | setbuf
        | setbuffer | setlinebuf => Module::Stdio,
        malloc | alloca | calloc | realloc | free | atoi | atol | atoll | strtol | strtoll
        | strtoul | strtoull | atof | strtod | strtof | strtold | abs | labs | llabs | div
        | ldiv | lldiv | exit | abort | _Exit | _exit | atexit | getenv | setenv | unsetenv
        | putenv | qsort | bsearch | rand | srand | random | srandom | drand48 | lrand48
        | mrand48 | srand48 | __errno_location | __assert_fail => Module::Stdlib,
        strlen | strnlen | strcpy | strncpy | strcat | strncat | strcmp | strncmp | strchr
        | strrchr | strstr | strspn | strcspn | strpbrk | strtok | strtok_r | strsep | strdup
        | strndup | strerror | memcpy | memmove | memset | memcmp | memchr | strcasecmp
        | strncasecmp | bzero | bcopy | bcmp | index | rindex | wcslen | wcscmp | wcscpy
        | wcsncmp | wcschr | wcsrchr | wcscat | wcsncpy => Module::String,
        isalpha | isdigit | isalnum | isspace | isupper | islower | isprint | ispunct
        | isxdigit | iscntrl | isgraph | isblank | toupper | tolower => Module::Ctype,
        sqrt | pow | fabs | fabsf | floor | ceil | fmod | exp | log | log10 | sin | cos | tan
        | asin | acos | atan | atan2 | sinh | cosh | tanh | round | trunc | fmin | fmax | hypot
        | cbrt | log2 | exp2 | sqrtl | fabsl | floorl | ceill | truncl | roundl | fmodl
        | lround | llround | sqrtf | floorf | ceilf | expf | logf | log10f | log2f | exp2f
        | sinf | cosf | tanf | asinf | acosf | atanf | sinhf | coshf | tanhf | roundf | truncf
        | cbrtf | powf | fmodf | atan2f | fminf | fmaxf | hypotf | copysignf | expm1 | log1p
        | rint | nearbyint | copysign | fdim | frexp | frexpf | ldexp | ldexpf | modf | modff
        | erf | erff | erfc | erfcf | tgamma | tgammaf | lgamma | lgammaf | nextafter
        | nextafterf | remainder | remainderf | fma | fmaf | fdimf | scalbn | scalbnf | ilogb
        | ilogbf | logb | logbf | asinh | asinhf | acosh | acoshf | atanh | atanhf | lroundf
        | llroundf | __fpclassify | __fpclassifyf | __fpclassifyl | __isinf | __isinff
        | __isinfl | __signbit | __signbitf | __signbitl | __regcause_fpcompare => Module::Math,
        time | clock | difftime | gmtime | localtime | strftime | mktime | gettimeofday
        | clock_gettime | getrusage | times | sleep | usleep | nanosleep => Module::Time,
        getopt | getopt_long | __regcause_optarg | __regcause_optind | __regcause_opterr
        | __regcause_optopt | __regcause_environ | read | write | isatty | open | close | lseek
        | fileno | fdopen | creat | fcntl | dup | dup2 | rmdir | sysconf | getpagesize => {
            Module::Unistd
        }
        stat | lstat | fstat | access | unlink | mkdir | signal | raise | setlocale
        | localeconv | getcwd | chdir | opendir | readdir | closedir | rewinddir => Module::Posix,
        vprintf | vfprintf | vsprintf | vsnprintf => Module::Vprintf,
        setjmp | longjmp | sigsetjmp | siglongjmp => Module::Setjmp,
    }
}

/// Functions returning a struct or a `long double` by value: the interpreter passes the
/// result buffer as an extra first argument.
fn returns_struct(s: Shim) -> bool {
    use Shim::*;
    matches!(
        s,
        div | ldiv | lldiv | strtold | sqrtl | fabsl | floorl | ceill | truncl | roundl | fmodl
    )
}

/// The `long double` argument `i` (passed by address, see `ir::CallArg`).
pub(crate) fn arg_ld<O: Observer>(m: &Machine<'_, O>, args: Args, i: usize) -> X<F80> {
    let p = arg(args, i);
    let b = try_mem!(m, m.mem.init_bytes(p, 10));
    let mut v = [0u8; 10];
    v.copy_from_slice(b);
    Ok(F80::from_bytes(v))
}

/// Write a `long double` result into the result buffer at `p`.
pub(crate) fn ret_ld<O: Observer>(m: &mut Machine<'_, O>, p: u64, v: F80) -> X<u64> {
    try_mem!(m, m.mem.write_bytes(p, &v.to_bytes()));
    Ok(0)
}

/// How many arguments each shim needs: its catalogue arity, plus the result buffer of
/// a struct result. The front end refuses direct calls with fewer; this catches calls
/// through function pointers, so no model reads a missing argument as 0.
fn min_args(s: Shim) -> usize {
    s.entry().arity.fixed + returns_struct(s) as usize
}

/// Functions whose result does not carry input values further (output, memory
/// management, program exit): calling them on input-derived values loses nothing.
pub fn is_output_only(s: Shim) -> bool {
    use Shim::*;
    matches!(
        s,
        printf
            | fprintf
            | puts
            | fputs
            | putchar
            | fputc
            | putc
            | fflush
            | fclose
            | free
            | exit
            | abort
            | _Exit
            | _exit
            | setvbuf
            | setbuf
            | setbuffer
            | setlinebuf
            | __assert_fail
            | perror
            | fwrite
            | srand
            | srandom
            | srand48
            | qsort
            | memcpy
            | memmove
            | memset
            | strcpy
            | strncpy
            | strcat
            | strncat
            | sprintf
            | snprintf
            | atexit
            | bzero
            | bcopy
            | write
            | wcscpy
            | wcscat
            | wcsncpy
    )
}

/// The integer conversions of text (`atoi` and `strtol` kinds), whose result from a
/// whole program argument is the input `argv[k]`.
pub fn converts_integer(s: Shim) -> bool {
    use Shim::*;
    matches!(
        s,
        atoi | atol | atoll | strtol | strtoll | strtoul | strtoull
    )
}

/// Functions that read C strings their pointer arguments point to.
pub fn reads_strings(s: Shim) -> bool {
    use Shim::*;
    matches!(
        s,
        strlen
            | strcmp
            | strncmp
            | strchr
            | strrchr
            | strstr
            | strspn
            | strcspn
            | strpbrk
            | strtok
            | strdup
            | strndup
            | strnlen
            | strtok_r
            | strcasecmp
            | strncasecmp
            | index
            | rindex
            | bcmp
            | getenv
            | memcmp
            | memchr
            | atof
            | strtod
            | strtold
            | strtof
            | fopen
    )
}

/// State of the modelled library that persists between calls. Pointers are 0 until
/// the object they name is first needed.
#[derive(Default)]
pub struct LibcState {
    pub argv: Vec<Vec<u8>>,
    /// `rand`'s and `random`'s generator (one in glibc: `rand` is `random`).
    pub rand: Option<crate::libc::rand::GlibcRand>,
    /// The `drand48` family's generator, shared by its functions.
    pub rand48: crate::libc::rand::Rand48,
    pub strtok_next: u64,
    /// The `int` that `errno` names.
    pub errno_ptr: u64,
    /// The controlled environment `getenv` reads: `RunInput::env`, then what the
    /// program's `setenv`/`unsetenv`/`putenv` made of it (the host's environment never
    /// leaks in).
    pub env: Vec<EnvVar>,
    /// `atexit` handlers (function pointers), in registration order.
    pub atexit: Vec<u64>,
    getopt: crate::libc::getopt::GetoptState,
    /// optarg, optind, opterr, optopt.
    getopt_vars: [u64; 4],
    /// strerror's strings by errno value, and glibc's shared "Unknown error" buffer.
    strerror_ptrs: std::collections::HashMap<i32, u64>,
    strerror_unknown: u64,
    /// The static `struct tm` of gmtime/localtime and the zone names it points to.
    tm_ptr: u64,
    /// Microseconds the program slept (`sleep`, `usleep`, `nanosleep`): they pass at
    /// once, and the real-time and monotonic clocks count them on top of statements.
    pub(crate) slept_us: u64,
    zone_ptrs: [u64; 2],
    /// `signal` handlers by signal number (absent: SIG_DFL).
    pub signal_handlers: std::collections::HashMap<i32, u64>,
    /// `setlocale`'s "C" and `localeconv`'s struct.
    locale_name: u64,
    lconv: u64,
    /// `stat`'s inode numbers, by path.
    inodes: std::collections::HashMap<std::path::PathBuf, u64>,
    /// `environ`'s variable, and the environment its array was last built from.
    environ: u64,
    environ_built: Option<Vec<Vec<u8>>>,
    /// Open directory streams by their `DIR *`.
    dirs: std::collections::HashMap<u64, posix::DirStream>,
    /// Where the run read a value regcause fixed to keep runs deterministic (`time`,
    /// `clock`): its output may depend on it, and reports should say so.
    pub nondeterministic: Vec<(Loc, String)>,
}

/// One variable of the controlled environment.
pub enum EnvVar {
    /// NAME=VALUE kept by the library (`--env`, `setenv`); `ptr` is its value's copy
    /// in the program's memory, made by the first `getenv` (0 before).
    Owned {
        name: Vec<u8>,
        value: Vec<u8>,
        ptr: u64,
        /// Given to the run (`RunInput::env`), not set by the program: its value is
        /// an input.
        input: bool,
    },
    /// A `putenv` string: the program's own "NAME=VALUE" at `ptr`, which stays part of
    /// the environment (later changes to it show through `getenv`, as in glibc).
    User { name: Vec<u8>, ptr: u64 },
}

impl EnvVar {
    pub fn name(&self) -> &[u8] {
        match self {
            EnvVar::Owned { name, .. } | EnvVar::User { name, .. } => name,
        }
    }
}

/// The environment as `NAME=VALUE` strings, in order (`main`'s `envp`). At the start
/// of a run every variable is one the run was given.
pub fn env_strings<O: Observer>(m: &Machine<'_, O>) -> Vec<Vec<u8>> {
    m.libc
        .env
        .iter()
        .filter_map(|v| match v {
            EnvVar::Owned { name, value, .. } => {
                let mut s = name.clone();
                s.push(b'=');
                s.extend_from_slice(value);
                Some(s)
            }
            EnvVar::User { .. } => None,
        })
        .collect()
}

/// The value of a variable the run was given, copied at `p` by the library (`getenv`'s
/// string, `envp`, `environ`): its bytes are the input `env(NAME)`.
pub(crate) fn mark_env_value<O: Observer>(
    m: &mut Machine<'_, O>,
    name: &[u8],
    p: u64,
    value: &[u8],
    loc: Loc,
) -> X<()> {
    let name = String::from_utf8_lossy(name).into_owned();
    let src = m.io.source_index(super::io::InputSource::Env(name));
    let offs: Vec<Option<super::io::InPos>> = (0..value.len())
        .map(|off| Some(super::io::InPos::Source { src, off }))
        .collect();
    try_mem!(
        m,
        O::input_bytes(m, super::hooks::Whole, p, value, &offs, loc)
    );
    Ok(())
}

/// `envp` or `environ` at `arr`, just made from [`env_strings`]: the values of the
/// variables the run was given are inputs, as `getenv`'s are (one the program set is
/// not).
pub(crate) fn mark_env_array<O: Observer>(m: &mut Machine<'_, O>, arr: u64, loc: Loc) -> X<()> {
    let given: Vec<(usize, Vec<u8>, Vec<u8>)> = m
        .libc
        .env
        .iter()
        .filter_map(|v| match v {
            EnvVar::Owned {
                name, value, input, ..
            } => Some((name, value, *input)),
            EnvVar::User { .. } => None,
        })
        .enumerate()
        .filter(|(_, (_, _, input))| *input)
        .map(|(i, (n, v, _))| (i, n.clone(), v.clone()))
        .collect();
    for (i, name, value) in given {
        let s = try_mem!(m, m.mem.load(arr + 8 * i as u64, 8));
        mark_env_value(m, &name, s + name.len() as u64 + 1, &value, loc)?;
    }
    Ok(())
}

/// A runtime object of the library (errno, getopt's globals, strerror's strings),
/// created on first use with `init` as its contents; `slot` remembers it.
pub(crate) fn lib_object<O: Observer>(
    m: &mut Machine<'_, O>,
    slot: fn(&mut LibcState) -> &mut u64,
    init: &[u8],
    name: &str,
    loc: Loc,
) -> X<u64> {
    let cur = *slot(&mut m.libc);
    if cur != 0 {
        return Ok(cur);
    }
    let p = try_mem!(
        m,
        m.mem.alloc(
            init.len(),
            super::memory::AllocKind::Runtime,
            true,
            name,
            loc
        )
    );
    try_mem!(m, m.mem.write_bytes(p, init));
    *slot(&mut m.libc) = p;
    Ok(p)
}

/// `errno = v`.
pub(crate) fn set_errno<O: Observer>(m: &mut Machine<'_, O>, v: i32, loc: Loc) -> X<()> {
    let p = lib_object(m, |l| &mut l.errno_ptr, &[0; 4], "errno", loc)?;
    try_mem!(m, m.mem.store(p, 4, v as u32 as u64));
    Ok(())
}

/// A string the library owns (strerror's messages, getenv's values), read-only.
pub(crate) fn lib_string<O: Observer>(
    m: &mut Machine<'_, O>,
    text: &[u8],
    name: &str,
    loc: Loc,
) -> X<u64> {
    let mut bytes = text.to_vec();
    bytes.push(0);
    let p = try_mem!(
        m,
        m.mem.alloc(
            bytes.len(),
            super::memory::AllocKind::Runtime,
            true,
            name,
            loc
        )
    );
    try_mem!(m, m.mem.write_bytes(p, &bytes));
    Ok(p)
}

/// Run the `atexit` handlers, last registered first, as `exit` and a return from
/// `main` do (before stdio is flushed). A handler may itself call `exit`: the rest
/// still run, as in glibc, because each is removed before it is called.
pub fn run_atexit<O: Observer>(m: &mut Machine<'_, O>, loc: Loc) -> X<()> {
    while let Some(f) = m.libc.atexit.pop() {
        m.call_pointer(f, &[], loc)?;
    }
    Ok(())
}

#[inline]
pub(crate) fn arg(args: Args, i: usize) -> u64 {
    args.get(i).map(|a| a.0).unwrap_or(0)
}

pub(crate) fn arg_f64(args: Args, i: usize) -> f64 {
    match args.get(i) {
        Some((v, Scalar::F32, _)) => f32::from_bits(*v as u32) as f64,
        Some((v, _, _)) => f64::from_bits(*v),
        None => 0.0,
    }
}

pub(crate) fn ret_f64(v: f64) -> u64 {
    v.to_bits()
}

/// Bits of a C `int` result.
pub(crate) fn ret_int(v: i64) -> u64 {
    Scalar::I32.canon(v as u64)
}

/// Remember that the run read a value regcause chose (once per call site).
pub(crate) fn note_fixed<O: Observer>(m: &mut Machine<'_, O>, loc: Loc, what: &str) {
    if !m.libc.nondeterministic.iter().any(|(l, _)| *l == loc) {
        m.libc.nondeterministic.push((loc, what.to_string()));
    }
}

/// The note of a random device opened (file index `idx`) at `loc`.
pub(crate) fn note_random<O: Observer>(m: &mut Machine<'_, O>, idx: usize, loc: Loc) {
    if matches!(
        m.io.files.get(idx).map(|f| &f.kind),
        Some(crate::exec::io::FileKind::Random)
    ) {
        note_fixed(
            m,
            loc,
            "a random device gives a fixed pseudo-random stream, the same at both revisions",
        );
    }
}

pub(crate) fn unsupported<O: Observer>(m: &Machine<'_, O>, what: String, loc: Loc) -> Stop {
    m.fault(FaultKind::Unsupported, what, loc)
}

pub fn call<O: Observer>(m: &mut Machine<'_, O>, s: Shim, args: Args, loc: Loc) -> X<u64> {
    let need = min_args(s);
    if args.len() < need {
        return Err(m.fault(
            FaultKind::BadCall,
            format!(
                "`{s:?}` called with {} argument(s); it takes {need}",
                args.len()
            ),
            loc,
        ));
    }
    match module_of(s) {
        Module::Stdio => stdio::call(m, s, args, loc),
        Module::Stdlib => stdlib::call(m, s, args, loc),
        Module::String => string::call(m, s, args, loc),
        Module::Ctype => ctype::call(m, s, args, loc),
        Module::Math => math::call(m, s, args, loc),
        Module::Time => time::call(m, s, args, loc),
        Module::Unistd => unistd::call(m, s, args, loc),
        Module::Posix => posix::call(m, s, args, loc),
        Module::Vprintf => self::vprintf::call(m, s, args, loc),
        Module::Setjmp => self::setjmp::call(m, s, args, loc),
    }
}

/// The fault of a shim routed to a module that has no case for it (a bug of regcause,
/// reported as a limit rather than a wrong answer).
pub(crate) fn no_model<O: Observer>(m: &Machine<'_, O>, s: Shim, loc: Loc) -> Stop {
    unsupported(m, format!("library function `{s:?}` has no model"), loc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::{Limits, RunInput};

    fn load(src: &str) -> Result<crate::ir::Program, crate::frontend::FrontendError> {
        let dir = tempfile::tempdir().expect("temp dir");
        let f = dir.path().join("walk.c");
        std::fs::write(&f, src).expect("write test program");
        crate::frontend::load_files(&[f], &[], &[])
    }

    const ALL_HEADERS: &str = "#include <assert.h>\n#include <ctype.h>\n#include <errno.h>\n\
        #include <getopt.h>\n#include <math.h>\n#include <memory.h>\n#include <stdio.h>\n\
        #include <stdlib.h>\n#include <string.h>\n#include <strings.h>\n#include <time.h>\n\
        #include <unistd.h>\n#include <wchar.h>\n";

    /// Every function the bundled headers declare has a model routed to a module that
    /// handles it, or is refused before the run with a located `unsupported:` message.
    #[test]
    fn every_declared_function_is_modelled_or_rejected() {
        let prog =
            load(&format!("{ALL_HEADERS}int main(void) {{ return 0; }}\n")).expect("headers load");
        let mut m = Machine::new(&prog, &RunInput::default(), Limits::default(), ());
        let mut rejected: Vec<&str> = Vec::new();
        for &name in NAMES {
            let Some(s) = resolve(name) else {
                assert!(
                    is_libc_name(name),
                    "`{name}` is declared but neither modelled nor known as unmodelled"
                );
                rejected.push(name);
                continue;
            };
            // Called with enough (null/zero) arguments, a model may fault on them, but
            // never for lack of a case in its module.
            let args = vec![(0u64, Scalar::Ptr, None); min_args(s) + 1];
            if let Err(Stop::Fault(e)) = call::<()>(&mut m, s, &args, Loc::default()) {
                assert!(
                    !e.message.contains("has no model"),
                    "`{name}` is routed to a module without a case for it: {}",
                    e.message
                );
            }
        }
        // Unmodelled library functions, declared by a header or by the program, load;
        // a call of one stops the run there with a located `unsupported:` fault.
        let own = ["strchrnul", "memrchr", "timegm"];
        for name in rejected.into_iter().chain(own).chain(["chmod"]) {
            let decl = if own.contains(&name) {
                format!("int {name}();")
            } else {
                String::new()
            };
            let src = format!(
                "{ALL_HEADERS}#include <sys/stat.h>\n#include <dirent.h>\n{decl} int main(int argc, char **argv) {{\n  if (argc > 1) return (int)(long){name}(0, 0);\n  return 0;\n}}\n"
            );
            let prog = load(&src).unwrap_or_else(|e| panic!("{name}: refused at load: {e}"));
            let quiet = crate::exec::run(&prog, &RunInput::default(), Limits::default());
            assert!(
                matches!(quiet.outcome, crate::exec::Outcome::Exit(0)),
                "{name}: a run that does not call it must not fail: {:?}",
                quiet.outcome
            );
            let input = RunInput {
                argv: vec![b"./walk".to_vec(), b"x".to_vec()],
                ..RunInput::default()
            };
            let r = crate::exec::run(&prog, &input, Limits::default());
            let crate::exec::Outcome::Fault(e) = &r.outcome else {
                panic!("{name}: the call did not stop the run: {:?}", r.outcome);
            };
            assert_eq!(e.kind, FaultKind::Unsupported, "{name}: {}", e.message);
            let text = crate::diagnostic::fault(&prog, e).to_string();
            assert!(text.contains(&format!("`{name}`")), "{text}");
            assert!(text.contains("walk.c:17:"), "{name}: not located: {text}");
            assert!(
                text.contains("\n  in main at ") && text.matches("walk.c:17:").count() == 2,
                "{name}: no stack: {text}"
            );
        }
    }

    /// A model needs its catalogue arity, plus the buffer of a struct result.
    #[test]
    fn min_args_follow_the_catalogue() {
        assert_eq!(min_args(Shim::strcmp), 2);
        assert_eq!(min_args(Shim::printf), 1);
        assert_eq!(min_args(Shim::qsort), 4);
        assert_eq!(min_args(Shim::getchar), 0);
        assert_eq!(min_args(Shim::lldiv), 3);
    }

    /// An unprototyped call with missing arguments is refused, not read as zeros.
    #[test]
    fn too_few_arguments_are_refused() {
        let prog = load("int main(void) { return 0; }\n").expect("load");
        let mut m = Machine::new(&prog, &RunInput::default(), Limits::default(), ());
        let r = call::<()>(
            &mut m,
            Shim::strcmp,
            &[(0, Scalar::Ptr, None)],
            Loc::default(),
        );
        match r {
            Err(Stop::Fault(e)) => {
                assert_eq!(e.kind, FaultKind::BadCall);
                assert!(e.message.contains("takes 2"), "{}", e.message);
            }
            _ => panic!("strcmp with one argument was accepted"),
        }
    }
}
