//! The catalogue of the C library functions regcause knows: the modelled ones (their
//! `Shim` identity, used by the front end to accept a call, by the interpreter to
//! dispatch it, by the analyses for their memory effects: [`writes`]) and the ones it
//! knows of but does not model (refused with a located `unsupported:`). The front end
//! reads only this, never the interpreter. One line per function: adding one is an
//! entry here (and in its header) plus its model in `exec::shims`.

macro_rules! catalogue {
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

catalogue!(
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
    gets,
    getline,
    getdelim,
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
    atexit,
    getenv,
    setenv,
    unsetenv,
    putenv,
    qsort,
    bsearch,
    rand,
    srand,
    // errno.h
    __errno_location,
    // string.h, strings.h
    strlen,
    strnlen,
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
    strtok_r,
    strdup,
    strndup,
    strerror,
    memcpy,
    memmove,
    memset,
    memcmp,
    memchr,
    strcasecmp,
    strncasecmp,
    bzero,
    bcopy,
    bcmp,
    index,
    rindex,
    // wchar.h
    wcslen,
    wcscmp,
    wcscpy,
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
    fabsf,
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
    // time.h
    time,
    clock,
    difftime,
    gmtime,
    localtime,
    mktime,
    strftime,
    // unistd.h, getopt.h
    getopt,
    getopt_long,
    __regcause_optarg,
    __regcause_optind,
    __regcause_opterr,
    __regcause_optopt,
    read,
    write,
    isatty,
    // assert.h
    // setjmp.h
    setjmp,
    longjmp,
    sigsetjmp,
    siglongjmp,
    // assert.h
    __assert_fail,
);

/// Whether `name` has a model.
pub fn is_modelled(name: &str) -> bool {
    resolve(name).is_some()
}

/// Names of C library functions regcause knows of but does not model, so that a call
/// is reported as a tool limit rather than a bug of the program.
pub fn is_libc_name(name: &str) -> bool {
    const OTHER: &[&str] = &[
        "system",
        "popen",
        "fork",
        "exec",
        "execv",
        "execvp",
        "signal",
        "raise",
        "vprintf",
        "vfprintf",
        "vsprintf",
        "vsnprintf",
        "sleep",
        "usleep",
        "open",
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
        "strcoll",
        "strxfrm",
        "mbstowcs",
        "wcstombs",
        "setlocale",
        "localeconv",
        "rename",
        "puts_unlocked",
        "alloca",
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
        "ctime",
        "asctime",
        "getopt_long_only",
        "on_exit",
        "quick_exit",
        "at_quick_exit",
        "_exit",
        "_Exit",
        "wcscat",
        "wcsncpy",
        "wcschr",
        "mbrtowc",
        "wcrtomb",
        "btowc",
        "wctob",
        "fwprintf",
        "wprintf",
        "swprintf",
        "strsep",
        // `long double` (x87 80-bit) is not modelled yet: its functions are refused.
        "strtold",
        "wcstold",
        "sqrtl",
        "fabsl",
        "powl",
        "expl",
        "logl",
        "log10l",
        "sinl",
        "cosl",
        "tanl",
        "atan2l",
        "floorl",
        "ceill",
        "fmodl",
        "roundl",
        "truncl",
        "frexpl",
        "ldexpl",
        "modfl",
        "fmaxl",
        "fminl",
        "strsignal",
        "memrchr",
        "memmem",
        "stpcpy",
        "clock_gettime",
        "gettimeofday",
        "nanosleep",
        "timegm",
        "getpid",
        "getcwd",
        "chdir",
        "unlink",
        "pipe",
        "dup",
        "dup2",
        "ffs",
    ];
    OTHER.contains(&name)
}

/// What a library function writes through its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Writes {
    Nothing,
    /// The objects the listed arguments point to.
    Args(&'static [usize]),
    /// The objects every argument from this index on points to (`scanf` family).
    From(usize),
    /// Any memory (`strtok`'s saved pointer, `getline`'s reallocated buffer).
    AnyMem,
    /// Unknown function: every pointer argument's object.
    PtrArgs,
}

/// The memory a library model may write, by name (the may-def analysis reads it).
pub fn writes(name: &str) -> Writes {
    match name {
        "scanf" => Writes::From(1),
        "fscanf" | "sscanf" => Writes::From(2),
        "sprintf" | "snprintf" | "strcpy" | "strncpy" | "strcat" | "strncat" | "memcpy"
        | "memmove" | "memset" | "fgets" | "fread" | "gets" | "qsort" => Writes::Args(&[0]),
        "strtol" | "strtoll" | "strtoul" | "strtoull" | "strtod" | "strtof" => Writes::Args(&[1]),
        "vsprintf" | "vsnprintf" | "bzero" | "wcscpy" | "strftime" | "time" => Writes::Args(&[0]),
        "bcopy" | "read" => Writes::Args(&[1]),
        // Hidden state the program can reach: `strtok_r`'s save pointer, `getopt`'s
        // permutation of argv and `optarg`, the static `struct tm` of `gmtime`.
        "strtok" | "strtok_r" | "getline" | "getdelim" | "getopt" | "getopt_long" | "gmtime"
        | "localtime" => Writes::AnyMem,
        // `setjmp` fills its buffer; `mktime` normalises its `struct tm`; the environment
        // is hidden state that `getenv`'s pointers reach.
        "setjmp" | "sigsetjmp" | "mktime" => Writes::Args(&[0]),
        "setenv" | "unsetenv" | "putenv" => Writes::AnyMem,
        "longjmp" | "siglongjmp" => Writes::Nothing,
        "vprintf" | "vfprintf" | "strnlen" | "strndup" | "strcasecmp" | "strncasecmp" | "bcmp"
        | "index" | "rindex" | "wcslen" | "wcscmp" | "strerror" | "clock" | "difftime"
        | "write" | "isatty" | "atexit" | "getenv" | "__errno_location" | "__regcause_optarg"
        | "__regcause_optind" | "__regcause_opterr" | "__regcause_optopt" => Writes::Nothing,
        "printf" | "fprintf" | "puts" | "fputs" | "putchar" | "fputc" | "putc" | "getchar"
        | "getc" | "fgetc" | "ungetc" | "fopen" | "fclose" | "feof" | "ferror" | "fflush"
        | "perror" | "remove" | "fwrite" | "malloc" | "calloc" | "realloc" | "free" | "atoi"
        | "atol" | "atoll" | "atof" | "abs" | "labs" | "llabs" | "div" | "ldiv" | "lldiv"
        | "exit" | "abort" | "rand" | "srand" | "bsearch" | "strlen" | "strcmp" | "strncmp"
        | "strchr" | "strrchr" | "strstr" | "strspn" | "strcspn" | "strpbrk" | "strdup"
        | "memcmp" | "memchr" | "__assert_fail" => Writes::Nothing,
        n if n.starts_with("is") || n.starts_with("to") => Writes::Nothing,
        "sqrt" | "pow" | "fabs" | "fabsf" | "floor" | "ceil" | "fmod" | "exp" | "log" | "log10"
        | "sin" | "cos" | "tan" | "asin" | "acos" | "atan" | "atan2" | "sinh" | "cosh" | "tanh"
        | "round" | "trunc" | "fmin" | "fmax" | "hypot" | "cbrt" | "log2" | "exp2" => {
            Writes::Nothing
        }
        _ => Writes::PtrArgs,
    }
}
