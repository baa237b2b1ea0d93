//! libc models ("shims"): one dispatcher by name, one file per header. A name that is not
//! here is rejected by the front end before the program runs.

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
mod stdio;
mod stdlib;
mod string;
pub(crate) mod vprintf;

use super::interp::{Machine, Stop, X};
use super::FaultKind;
use crate::ir::{Loc, Scalar};

/// Arguments as evaluated at the call: (value, kind, by-value struct size).
pub type Args<'a> = &'a [(u64, Scalar, Option<u32>)];

macro_rules! shims {
    ($($name:ident),* $(,)?) => {
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Shim { $($name),* }

        /// The model of a libc function, by name.
        pub fn resolve(name: &str) -> Option<Shim> {
            match name {
                $(stringify!($name) => Some(Shim::$name),)*
                _ => None,
            }
        }

        /// Every modelled function.
        pub const NAMES: &[&str] = &[$(stringify!($name)),*];
    };
}

shims!(
    // stdio.h
    printf,
    vprintf,
    vfprintf,
    vsprintf,
    vsnprintf,
    fprintf,
    sprintf,
    snprintf,
    puts,
    fputs,
    putchar,
    fputc,
    putc,
    getchar,
    getc,
    fgetc,
    ungetc,
    fgets,
    scanf,
    fscanf,
    sscanf,
    fopen,
    fclose,
    fread,
    fwrite,
    feof,
    ferror,
    fflush,
    perror,
    remove,
    // stdlib.h
    malloc,
    calloc,
    realloc,
    free,
    atoi,
    atol,
    atoll,
    strtol,
    strtoll,
    strtoul,
    strtoull,
    atof,
    strtod,
    strtof,
    abs,
    labs,
    llabs,
    div,
    ldiv,
    lldiv,
    exit,
    abort,
    qsort,
    bsearch,
    rand,
    srand,
    // string.h
    strlen,
    strcpy,
    strncpy,
    strcat,
    strncat,
    strcmp,
    strncmp,
    strchr,
    strrchr,
    strstr,
    strspn,
    strcspn,
    strpbrk,
    strtok,
    strdup,
    memcpy,
    memmove,
    memset,
    memcmp,
    memchr,
    // ctype.h
    isalpha,
    isdigit,
    isalnum,
    isspace,
    isupper,
    islower,
    isprint,
    ispunct,
    isxdigit,
    iscntrl,
    isgraph,
    toupper,
    tolower,
    // math.h
    sqrt,
    pow,
    fabs,
    floor,
    ceil,
    fmod,
    exp,
    log,
    log10,
    sin,
    cos,
    tan,
    asin,
    acos,
    atan,
    atan2,
    sinh,
    cosh,
    tanh,
    round,
    trunc,
    fmin,
    fmax,
    hypot,
    cbrt,
    log2,
    exp2,
    // assert.h
    __assert_fail,
);

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
            | __assert_fail
            | perror
            | fwrite
            | srand
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
            | memcmp
            | memchr
            | atof
            | strtod
            | strtof
            | fopen
    )
}

pub fn is_supported(name: &str) -> bool {
    resolve(name).is_some()
}

/// Names of C library functions regcause knows of but does not model, so that a call
/// is reported as a tool limit rather than a bug of the program.
pub fn is_libc_name(name: &str) -> bool {
    const OTHER: &[&str] = &[
        "time",
        "clock",
        "getenv",
        "system",
        "popen",
        "fork",
        "exec",
        "execv",
        "execvp",
        "signal",
        "raise",
        "setjmp",
        "longjmp",
        "atexit",
        "getline",
        "getdelim",
        "vprintf",
        "vfprintf",
        "vsprintf",
        "vsnprintf",
        "localtime",
        "gmtime",
        "strftime",
        "mktime",
        "difftime",
        "sleep",
        "usleep",
        "open",
        "read",
        "write",
        "close",
        "lseek",
        "fseek",
        "ftell",
        "rewind",
        "fgetpos",
        "fsetpos",
        "tmpfile",
        "tmpnam",
        "setvbuf",
        "setbuf",
        "freopen",
        "fdopen",
        "fileno",
        "strerror",
        "strcoll",
        "strxfrm",
        "wcslen",
        "mbstowcs",
        "wcstombs",
        "setlocale",
        "localeconv",
        "rename",
        "puts_unlocked",
        "alloca",
        "strndup",
        "strcasecmp",
        "strncasecmp",
        "asprintf",
        "dprintf",
        "getc_unlocked",
        "frexp",
        "ldexp",
        "modf",
        "ceilf",
        "floorf",
        "sqrtf",
        "powf",
        "expf",
        "logf",
        "sinf",
        "cosf",
        "fabsf",
        "lround",
        "llround",
        "rint",
        "nearbyint",
        "isnan",
        "isinf",
        "realpath",
        "mkdir",
        "opendir",
        "readdir",
        "closedir",
        "stat",
        "access",
        "pthread_create",
        "qsort_r",
        "random",
        "srandom",
        "drand48",
    ];
    OTHER.contains(&name)
}

/// State of the modelled library that persists between calls.
#[derive(Default)]
pub struct LibcState {
    pub argv: Vec<Vec<u8>>,
    pub rand: Option<crate::libc::rand::GlibcRand>,
    pub strtok_next: u64,
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

pub(crate) fn unsupported(m: &Machine, what: String, loc: Loc) -> Stop {
    m.fault(FaultKind::Unsupported, what, loc)
}

pub fn call(m: &mut Machine, s: Shim, args: Args, loc: Loc) -> X<u64> {
    use Shim::*;
    match s {
        printf | fprintf | sprintf | snprintf | puts | fputs | putchar | fputc | putc | getchar
        | getc | fgetc | ungetc | fgets | scanf | fscanf | sscanf | fopen | fclose | fread
        | fwrite | feof | ferror | fflush | perror | remove => stdio::call(m, s, args, loc),
        vprintf | vfprintf | vsprintf | vsnprintf => self::vprintf::call(m, s, args, loc),
        malloc | calloc | realloc | free | atoi | atol | atoll | strtol | strtoll | strtoul
        | strtoull | atof | strtod | strtof | abs | labs | llabs | div | ldiv | lldiv | exit
        | abort | qsort | bsearch | rand | srand | __assert_fail => stdlib::call(m, s, args, loc),
        strlen | strcpy | strncpy | strcat | strncat | strcmp | strncmp | strchr | strrchr
        | strstr | strspn | strcspn | strpbrk | strtok | strdup | memcpy | memmove | memset
        | memcmp | memchr => string::call(m, s, args, loc),
        isalpha | isdigit | isalnum | isspace | isupper | islower | isprint | ispunct
        | isxdigit | iscntrl | isgraph | toupper | tolower => Ok(ctype::call(m, s, args)),
        _ => Ok(math::call(s, args)),
    }
}
