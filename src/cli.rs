//! The command line: argument definitions (the one source of `--help` and the man page),
//! exit codes, and wiring of the stages. Everything else lives in the library modules.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{CommandFactory, Parser, Subcommand};

use crate::diagnostic;
use crate::exec::{self, Limits, Outcome, RunInput, DEFAULT_MAX_OUTPUT, DEFAULT_MAX_STEPS};
use crate::frontend;
use crate::oracle::{self, Divergence, OracleError, Test, Verdict};
use crate::repo::Repo;

/// Exit codes, the same in every subcommand (documented in --help, the man page and the
/// README). `Error::code` is the one place a failure becomes one of them.
pub mod code {
    /// The test is a regression; its root-cause candidates were reported.
    pub const REGRESSION: i32 = 0;
    /// Nothing to explain: the test passes at `bad`, or already fails at `good`.
    pub const NOTHING_TO_EXPLAIN: i32 = 1;
    /// Bad command line (clap's own code).
    pub const USAGE: i32 = 2;
    /// Not a git repository, unknown revision, no bisect, a file missing from a revision.
    pub const REPOSITORY: i32 = 3;
    /// The program's sources cannot be found, preprocessed or parsed.
    pub const PROGRAM: i32 = 4;
    /// The program uses C or libc that regcause does not support.
    pub const UNSUPPORTED: i32 = 5;
    /// `run`/`exec`: the program stopped on a runtime error (undefined behaviour, a limit).
    pub const RUNTIME_ERROR: i32 = 124;
    /// The main command stopped at its time budget (`--budget`) or memory ceiling
    /// (`--max-memory`): the report says what was established and what was not done.
    pub const INCOMPLETE: i32 = 6;
    /// regcause itself failed (an internal error, not the program's or the user's).
    pub const INTERNAL: i32 = 125;
}

const AFTER_HELP: &str = "\
Exit status, the same for the same failure in every subcommand:
  0  done (the main command: a regression, its root-cause candidates reported)
  1  nothing to explain: the test passes at <bad> or already fails at <good>
     (`pc --check`: a replay went wrong; `slice`: no such criterion in the run)
  2  bad command line, or a file it names (--stdin, --expect, --output) cannot be
     read or written
  3  not a git repository, an unknown revision, no `git bisect` to take revisions
     from, or an --expect-file missing from a revision's tree
  4  the program's sources cannot be found, preprocessed or parsed
  5  the program uses C or library functions regcause does not support
  6  the main command reached its time budget (--budget) or memory ceiling
     (--max-memory) before the end: the report says what was established and
     what was not done
 125 regcause itself failed
`run` and `exec` otherwise exit with the program's own status (128+N when killed by
signal N), and 124 when it stops on a runtime error (undefined behaviour, a limit).
`explore` exits 0 when it explored (complete or not; the output says which),
`signature-diff` 0 when some witness behaves differently at the two revisions and 1
when none does; both use 2-5 as above and 125 when the exploration itself fails.";

#[derive(Parser, Debug)]
#[command(
    name = "git-regcause",
    bin_name = "git regcause",
    version,
    about = "Explain a regression of a C program between two git revisions",
    long_about = "Runs a test at a revision where it passes and one where it fails, inside \
regcause's own C interpreter, composes the two runs' conditions with Z3 (DARWIN) and \
reports the lines of the bad revision that caused the regression, each proven by an \
alternative input replayed at both revisions. Without revisions, takes the first bad \
commit of `git bisect` and its parent.",
    after_help = AFTER_HELP,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub explain: ExplainArgs,
}

#[derive(clap::Args, Debug, Default)]
pub struct ExplainArgs {
    /// A revision where the test passes (tag, branch, commit, HEAD~3, ...). Without
    /// GOOD and BAD: the parent of the first bad commit of `git bisect`.
    pub good: Option<String>,
    /// A revision where the test fails. Without GOOD and BAD: `refs/bisect/bad`.
    pub bad: Option<String>,
    #[command(flatten)]
    pub input: InputArgs,
    /// Expected stdout of the test (default: what the good revision prints).
    #[arg(long, value_name = "FILE", conflicts_with = "expect_file")]
    pub expect: Option<PathBuf>,
    /// Read the expected stdout from PATH inside each revision's own tree: the good
    /// revision must pass its own expectation, the bad one is judged against its own.
    #[arg(long, value_name = "PATH")]
    pub expect_file: Option<String>,
    /// The condition of each run that DARWIN composes: `rsc`, relevant slice conditions
    /// (the constraints that can affect the failing output); `pc`, whole path conditions
    /// (the original DARWIN, for comparison).
    #[arg(long, value_enum, default_value = "rsc")]
    pub condition: crate::darwin::ConditionKind,
    /// Report format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: crate::report::Format,
    /// Write the report to FILE instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Give up on one solver query after SECS seconds (the line is then reported as
    /// undecided; 0: no limit).
    #[arg(long, value_name = "SECS", default_value_t = 30)]
    pub timeout: u64,
    /// Time budget of the whole analysis, in seconds (decimals allowed; 0: none). The
    /// two runs of the test always finish (bounded by --max-steps and --max-memory);
    /// the stages after them stop between units of work once it is spent, and the
    /// report says what was not done (exit status 6).
    #[arg(long, value_name = "SECS", default_value_t = crate::budget::DEFAULT_BUDGET_SECS)]
    pub budget: f64,
    /// Neither read nor write the analysis cache.
    #[arg(long, conflicts_with = "cache")]
    pub no_cache: bool,
    /// Skip delta debugging on the diff's hunks (the failure-inducing change).
    #[arg(long)]
    pub no_dd: bool,
    /// The analysis cache database (default: $REGCAUSE_CACHE, else
    /// .git/regcause/cache.sqlite in the repository).
    #[arg(long, value_name = "PATH")]
    pub cache: Option<PathBuf>,
    /// The test: the program as it is run, then its arguments.
    #[arg(last = true, value_name = "PROGRAM [ARGS]")]
    pub test: Vec<String>,
}

#[derive(clap::Args, Debug, Default, Clone)]
pub struct InputArgs {
    /// File whose contents are the program's standard input.
    #[arg(long, value_name = "FILE")]
    pub stdin: Option<PathBuf>,
    /// Stop a run after this many executed statements.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STEPS)]
    pub max_steps: u64,
    /// Stop a run after it has written this many bytes to stdout and stderr together.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_OUTPUT)]
    pub max_output: u64,
    /// Memory ceiling of regcause (the program's memory, the trace, the analysis), in
    /// bytes or with K, M, G (default: half of the smaller of the machine's memory and
    /// the address-space limit, `ulimit -v`). A run reaching it stops with an
    /// out-of-memory limit outcome instead of exhausting the host.
    #[arg(long, value_name = "SIZE", value_parser = crate::exec::ceiling::parse_size)]
    pub max_memory: Option<u64>,
    /// Stop at the first undefined behaviour. By default a read of uninitialised memory
    /// continues, reading zero (as a fresh page does), with a located warning.
    #[arg(long)]
    pub strict: bool,
    /// Set NAME to VALUE in the program's environment (repeatable). The program sees
    /// only these: the environment regcause itself runs in never leaks into a run.
    #[arg(long = "env", value_name = "NAME=VALUE", value_parser = parse_env_var)]
    pub env: Vec<String>,
}

/// An `--env` value: `NAME=VALUE` with a non-empty NAME (VALUE may be empty or hold `=`).
fn parse_env_var(s: &str) -> Result<String, String> {
    match s.split_once('=') {
        Some((name, _)) if !name.is_empty() => Ok(s.to_string()),
        _ => Err(format!("`{s}` is not NAME=VALUE")),
    }
}

/// The environment of a run, from the `--env` values (checked by `parse_env_var`).
fn run_env(i: &InputArgs) -> Vec<(Vec<u8>, Vec<u8>)> {
    i.env
        .iter()
        .filter_map(|s| s.split_once('='))
        .map(|(n, v)| (n.as_bytes().to_vec(), v.as_bytes().to_vec()))
        .collect()
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run a program of revision REV in the interpreter, as `gcc -O0` would run it.
    Run {
        /// The revision to run.
        rev: String,
        #[command(flatten)]
        input: InputArgs,
        /// The program as it is run, then its arguments.
        #[arg(last = true, required = true, value_name = "PROGRAM [ARGS]")]
        test: Vec<String>,
    },
    /// Run C source files directly in the interpreter (no git involved).
    Exec {
        /// The C files of the program.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Add a directory to the include path.
        #[arg(short = 'I', value_name = "DIR")]
        include: Vec<PathBuf>,
        /// Define a macro (NAME or NAME=VALUE).
        #[arg(short = 'D', value_name = "DEF")]
        define: Vec<String>,
        #[command(flatten)]
        input: InputArgs,
        /// Arguments of the program (argv[1]...).
        #[arg(last = true, value_name = "ARGS")]
        args: Vec<String>,
    },
    /// Print a run's symbolic inputs and its path condition (revision REV).
    Pc {
        /// The revision to run.
        rev: String,
        #[command(flatten)]
        input: InputArgs,
        /// Print the path condition as an SMT-LIB2 script instead.
        #[arg(long)]
        smt2: bool,
        /// Check the path condition: solve each flipped prefix, replay the model, and
        /// require that the replay takes the other side of that branch.
        #[arg(long)]
        check: bool,
        /// With --check: check at most this many branch instances.
        #[arg(long, value_name = "N", default_value_t = 500)]
        max_branches: usize,
        /// The program as it is run, then its arguments.
        #[arg(last = true, required = true, value_name = "PROGRAM [ARGS]")]
        test: Vec<String>,
    },
    /// Slice a run of revision REV: the relevant slice's source lines and the chosen
    /// condition (relevant slice, dynamic slice or path condition).
    Slice {
        /// The revision to run.
        rev: String,
        #[command(flatten)]
        input: InputArgs,
        /// What to slice for: all of stdout, how the run ended, stdout byte N or bytes
        /// N..M (end exclusive, `N..` to the end), or stderr (all, or a byte range).
        #[arg(
            long,
            value_name = "output|exit|byte:N|bytes:N..M|stderr[:N..M]",
            default_value = "output"
        )]
        criterion: crate::slice::Spec,
        /// The condition to print.
        #[arg(long, value_enum, default_value_t = CondKind::Rsc)]
        condition: CondKind,
        /// Output format.
        #[arg(long, value_enum, default_value_t = SliceFormat::Text)]
        format: SliceFormat,
        /// The program as it is run, then its arguments.
        #[arg(last = true, required = true, value_name = "PROGRAM [ARGS]")]
        test: Vec<String>,
    },
    /// Explore the paths of a program of revision REV from a test: one test per
    /// relevant slice condition (every path with --strategy dart), printed as the
    /// program's semantic signature (each condition with its symbolic output).
    Explore(ExploreArgs),
    /// Compare the semantic signatures of revisions GOOD and BAD: the partitions whose
    /// output changed, appeared or disappeared, each with a witness test replayed at
    /// both revisions.
    SignatureDiff(SigDiffArgs),
    /// Print the intermediate representation of a program of revision REV.
    Ir {
        rev: String,
        #[arg(last = true, required = true, value_name = "PROGRAM")]
        test: Vec<String>,
    },
    /// Show or clear the analysis cache of this repository.
    Cache {
        #[command(subcommand)]
        action: CacheAction,
        /// The cache database (default: $REGCAUSE_CACHE, else
        /// .git/regcause/cache.sqlite in the repository).
        #[arg(long, value_name = "FILE", global = true)]
        path: Option<PathBuf>,
    },
    /// Write the man page to DIR/git-regcause.1.
    #[command(hide = true)]
    Man { dir: PathBuf },
}

/// Bounds and settings shared by `explore` and `signature-diff`.
#[derive(clap::Args, Debug, Clone)]
pub struct ExploreBounds {
    /// What the output is: all of stdout and how the run ended (`output`), how the run
    /// ended (`exit`), or the output call that wrote stdout byte N.
    #[arg(long, value_name = "output|exit|byte:N", default_value = "output")]
    pub criterion: crate::slice::Spec,
    /// Negate constraints only up to this position of a run's condition.
    #[arg(long, value_name = "N", default_value_t = 64)]
    pub max_depth: usize,
    /// Stop after this many executions (per revision).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub max_tests: usize,
    /// Stop exploring after SECS seconds in total, per revision (0: no limit);
    /// signature-diff gives the comparison of the two signatures as long again, and
    /// says when it stopped there.
    #[arg(long, value_name = "SECS", default_value_t = 300)]
    pub timeout: u64,
    /// Neither read nor write the analysis cache.
    #[arg(long, conflicts_with = "cache")]
    pub no_cache: bool,
    /// The analysis cache database (default: $REGCAUSE_CACHE, else
    /// .git/regcause/cache.sqlite in the repository).
    #[arg(long, value_name = "PATH")]
    pub cache: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct ExploreArgs {
    /// The revision to explore.
    pub rev: String,
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub bounds: ExploreBounds,
    /// `rsc`: one path per relevant slice condition; `dart`: every path (the baseline).
    #[arg(long, value_enum, default_value_t = crate::explore::Strategy::Rsc)]
    pub strategy: crate::explore::Strategy,
    /// Write the test suite to DIR: one directory per partition with `args` (one per
    /// line), `stdin`, `expected_stdout`, `expected_ending` and `symbolic`.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SliceFormat::Text)]
    pub format: SliceFormat,
    /// The starting test: the program as it is run, then its arguments.
    #[arg(last = true, required = true, value_name = "PROGRAM [ARGS]")]
    pub test: Vec<String>,
}

#[derive(clap::Args, Debug)]
pub struct SigDiffArgs {
    /// The older revision.
    pub good: String,
    /// The newer revision.
    pub bad: String,
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub bounds: ExploreBounds,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SliceFormat::Text)]
    pub format: SliceFormat,
    /// The starting test: the program as it is run, then its arguments.
    #[arg(last = true, required = true, value_name = "PROGRAM [ARGS]")]
    pub test: Vec<String>,
}

/// Which condition `slice` prints.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CondKind {
    /// Relevant slice condition.
    Rsc,
    /// Dynamic slice condition.
    Dsc,
    /// Path condition.
    Pc,
}

/// Output format of `slice`.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SliceFormat {
    Text,
    Json,
}

#[derive(Subcommand, Debug, Clone, Copy)]
pub enum CacheAction {
    /// Print the entries and bytes held per kind.
    Stats,
    /// Remove every entry (and start afresh if the database is corrupt).
    Clear,
}

/// Every failure of a subcommand. Commands return it with `?`; `main` prints it and
/// exits with `code()`, the one mapping from failures to exit codes.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A bad command line that clap cannot see (a combination, a missing test).
    #[error("{0}")]
    Usage(String),
    /// A file named on the command line cannot be read.
    #[error("cannot read {what} file {}: {source}", path.display())]
    Read {
        what: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
    /// A file named on the command line cannot be written.
    #[error("cannot write {what} {}: {source}", path.display())]
    Write {
        what: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Repo(#[from] crate::repo::RepoError),
    #[error(transparent)]
    Oracle(#[from] OracleError),
    #[error(transparent)]
    Frontend(#[from] frontend::FrontendError),
    /// Something regcause does not model, met while running or analysing.
    #[error("{0}")]
    Unsupported(String),
    /// The question has no answer for this run (no such slicing criterion, a path
    /// condition whose replays disagree).
    #[error("{0}")]
    NothingToExplain(String),
    #[error("{0}")]
    Internal(String),
}

impl Error {
    pub fn code(&self) -> i32 {
        match self {
            Error::Usage(_) | Error::Read { .. } | Error::Write { .. } => code::USAGE,
            Error::Repo(_) => code::REPOSITORY,
            Error::Oracle(OracleError::Repo(_) | OracleError::ExpectFile { .. }) => {
                code::REPOSITORY
            }
            Error::Oracle(e) if e.is_unsupported() => code::UNSUPPORTED,
            Error::Oracle(_) => code::PROGRAM,
            Error::Frontend(e) if e.is_unsupported() => code::UNSUPPORTED,
            Error::Frontend(_) => code::PROGRAM,
            Error::Unsupported(_) => code::UNSUPPORTED,
            Error::NothingToExplain(_) => code::NOTHING_TO_EXPLAIN,
            Error::Internal(_) => code::INTERNAL,
        }
    }
}

/// What a subcommand returns: its exit code when it ran (0, 1 with a report, the
/// program's own status), else the failure.
type Res = Result<i32, Error>;

fn eprint_err(msg: impl std::fmt::Display) {
    eprintln!("git-regcause: {msg}");
}

fn read_stdin_file(p: &Option<PathBuf>) -> Result<Vec<u8>, Error> {
    match p {
        None => Ok(Vec::new()),
        Some(p) => std::fs::read(p).map_err(|source| Error::Read {
            what: "--stdin",
            path: p.clone(),
            source,
        }),
    }
}

fn limits(i: &InputArgs) -> Limits {
    let d = Limits::default();
    Limits {
        max_steps: i.max_steps,
        max_output: i.max_output,
        max_memory: i.max_memory.unwrap_or(d.max_memory),
        strict: i.strict,
        ..d
    }
}

pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { code::USAGE } else { 0 };
        }
    };
    let r = match cli.command {
        Some(Command::Run { rev, input, test }) => cmd_run(&rev, &input, &test),
        Some(Command::Exec {
            files,
            include,
            define,
            input,
            args,
        }) => cmd_exec(&files, &include, &define, &input, &args),
        Some(Command::Ir { rev, test }) => cmd_ir(&rev, &test),
        Some(Command::Pc {
            rev,
            input,
            smt2,
            check,
            max_branches,
            test,
        }) => cmd_pc(&rev, &input, smt2, check, max_branches, &test),
        Some(Command::Slice {
            rev,
            input,
            criterion,
            condition,
            format,
            test,
        }) => cmd_slice(&rev, &input, criterion, condition, format, &test),
        Some(Command::Explore(a)) => cmd_explore(&a),
        Some(Command::SignatureDiff(a)) => cmd_signature_diff(&a),
        Some(Command::Cache { action, path }) => cmd_cache(action, path.as_deref()),
        Some(Command::Man { dir }) => cmd_man(&dir),
        None => explain(&cli.explain),
    };
    match r {
        Ok(c) => c,
        Err(e) => {
            eprint_err(&e);
            e.code()
        }
    }
}

/// Print a run's output and turn its ending into the exit status of `run`/`exec`.
fn finish_run(prog: &crate::ir::Program, r: &exec::RunResult) -> i32 {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(&r.stdout);
    let _ = out.flush();
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(&r.stderr);
    for w in &r.warnings {
        // The documented assumption each kind of continued undefined behaviour runs on.
        let assumed = match w.kind {
            exec::FaultKind::UninitialisedRead => "reads as zero",
            // Each message says what the run does (an empty array, the conversion
            // instruction's value): what gcc's code does at run time.
            _ => "as gcc's code does",
        };
        let _ = writeln!(
            err,
            "git-regcause: warning: undefined behaviour, continued ({assumed}; --strict stops here): {}",
            diagnostic::fault(prog, w)
        );
    }
    for n in &r.notes {
        let _ = writeln!(err, "git-regcause: note: {n}");
    }
    match &r.outcome {
        Outcome::Exit(n) => *n,
        Outcome::Signal(s) => 128 + s,
        Outcome::Fault(e) => {
            let _ = writeln!(
                err,
                "git-regcause: the program stopped with a runtime error: {}",
                diagnostic::fault(prog, e)
            );
            if e.kind == exec::FaultKind::Unsupported {
                code::UNSUPPORTED
            } else {
                code::RUNTIME_ERROR
            }
        }
    }
}

fn open_repo() -> Result<Repo, Error> {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    Ok(Repo::discover(&cwd)?)
}

/// The front end's warnings (what gcc accepts with a warning), on stderr before the
/// run's own output; `rev` names the revision when two are compared.
fn eprint_warnings(prog: &crate::ir::Program, rev: Option<&str>) {
    for w in &prog.warnings {
        match rev {
            Some(r) => eprintln!("git-regcause: {r}: {w}"),
            None => eprintln!("git-regcause: {w}"),
        }
    }
}

fn cmd_run(rev: &str, input: &InputArgs, test: &[String]) -> Res {
    let stdin = read_stdin_file(&input.stdin)?;
    let repo = open_repo()?;
    let t = Test {
        program: test[0].clone(),
        args: test[1..].to_vec(),
        stdin,
        env: run_env(input),
        expect: None,
    };
    let r = oracle::run_at(&repo, rev, &t, limits(input))?;
    eprint_warnings(&r.program, None);
    Ok(finish_run(&r.program, &r.result))
}

fn cmd_exec(
    files: &[PathBuf],
    include: &[PathBuf],
    define: &[String],
    input: &InputArgs,
    args: &[String],
) -> Res {
    let stdin = read_stdin_file(&input.stdin)?;
    let prog = frontend::load_files(files, include, define)?;
    eprint_warnings(&prog, None);
    let name = files
        .first()
        .and_then(|f| f.file_stem())
        .map(|s| format!("./{}", s.to_string_lossy()))
        .unwrap_or_else(|| "./a.out".into());
    let mut argv = vec![name.into_bytes()];
    argv.extend(args.iter().map(|a| a.clone().into_bytes()));
    let r = exec::run(
        &prog,
        &RunInput {
            argv,
            stdin,
            cwd: std::env::current_dir().ok(),
            env: run_env(input),
        },
        limits(input),
    );
    Ok(finish_run(&prog, &r))
}

fn origin_text(prog: &crate::ir::Program, i: &crate::exec::concolic::InputVar) -> String {
    use crate::exec::concolic::InputOrigin;
    let at = prog.fmt_loc(i.loc);
    match &i.origin {
        InputOrigin::Scan {
            conv,
            stdin: Some((s, e)),
        } => format!(
            "%{} conversion at {at}, stdin bytes {s}..{e}",
            *conv as char
        ),
        InputOrigin::Scan { conv, stdin: None } => format!("%{} conversion at {at}", *conv as char),
        InputOrigin::Arg { index, .. } => format!("conversion of argv[{index}] at {at}"),
        InputOrigin::StdinByte { offset } => format!("stdin byte {offset}, read at {at}"),
    }
}

fn c_type_name(width: u32, signed: bool) -> &'static str {
    match (width, signed) {
        (8, false) => "unsigned char",
        (8, true) => "char",
        (16, true) => "short",
        (16, false) => "unsigned short",
        (32, true) => "int",
        (32, false) => "unsigned",
        (64, true) => "long",
        _ => "unsigned long",
    }
}

/// What `pc` and `slice` share: revision REV materialised, its program loaded and the
/// test's input built (the tree is kept so its files stay readable).
struct RevSetup {
    tree: crate::repo::Materialised,
    prog: crate::ir::Program,
    input: RunInput,
}

fn rev_setup(rev: &str, input: &InputArgs, test: &[String]) -> Result<RevSetup, Error> {
    let stdin = read_stdin_file(&input.stdin)?;
    let repo = open_repo()?;
    let tree = repo.materialise(rev)?;
    let prog = oracle::load(tree.path(), &test[0], rev)?;
    let t = Test {
        program: test[0].clone(),
        args: test[1..].to_vec(),
        stdin,
        env: run_env(input),
        expect: None,
    };
    let input = t.input(tree.path());
    Ok(RevSetup { tree, prog, input })
}

fn cmd_pc(
    rev: &str,
    input: &InputArgs,
    smt2: bool,
    check: bool,
    max_branches: usize,
    test: &[String],
) -> Res {
    let RevSetup {
        tree: _tree,
        prog,
        input: run_input,
    } = rev_setup(rev, input, test)?;
    let run = exec::run_concolic(&prog, &run_input, limits(input));
    let sy = &run.sym;
    let mut o = std::io::stdout().lock();
    if smt2 {
        let conds: Vec<_> = sy.branches.iter().map(|b| b.cond).collect();
        let _ = write!(o, "{}", sy.pool.smt2_script(&conds));
        return Ok(0);
    }
    let _ = writeln!(
        o,
        "Run of {} at {rev}: {}",
        test[0],
        diagnostic::outcome(&prog, &run.result.outcome)
    );
    let _ = writeln!(o, "Symbolic inputs ({}):", sy.inputs.len());
    let namew = sy.inputs.iter().map(|i| i.name.len()).max().unwrap_or(0);
    for i in &sy.inputs {
        let shown = crate::replay::value_text(i, i.value);
        let _ = writeln!(
            o,
            "  {:<namew$}  {:<13} = {:<8} {}",
            i.name,
            c_type_name(i.width, i.signed),
            shown,
            origin_text(&prog, i)
        );
    }
    let _ = writeln!(
        o,
        "Path condition ({} branch instances):",
        sy.branches.len()
    );
    let texts: Vec<String> = sy.branches.iter().map(|b| sy.pool.to_c(b.cond)).collect();
    let tw = texts.iter().map(|t| t.len()).max().unwrap_or(0).min(60);
    for (k, (b, t)) in sy.branches.iter().zip(&texts).enumerate() {
        let _ = writeln!(o, "  {:>3}. {:<tw$}  {}", k + 1, t, prog.fmt_loc(b.loc));
    }
    if !sy.concretisations.is_empty() {
        let _ = writeln!(o, "Concretised (precision lost):");
        for c in &sy.concretisations {
            let _ = writeln!(o, "  {} at {}", c.what, prog.fmt_loc(c.loc));
        }
    }
    if check {
        let r = crate::replay::check_path_condition(
            &prog,
            &run_input,
            limits(input),
            max_branches,
            10_000,
        );
        let _ = writeln!(
            o,
            "Check: {} of {} branch instances checked: {} satisfiable flips ({} replayed as predicted, {} explained by concretisation, {} wrong), {} unsatisfiable, {} unknown",
            r.checked,
            r.branches,
            r.sat(),
            r.agreed,
            r.excused,
            r.disagreed.len(),
            r.unsat,
            r.unknown
        );
        for d in &r.disagreed {
            let _ = writeln!(o, "  wrong: {d}");
        }
        if !r.disagreed.is_empty() {
            return Err(Error::NothingToExplain(format!(
                "{} flipped branch instances did not replay as predicted",
                r.disagreed.len()
            )));
        }
    }
    Ok(0)
}

/// One source line of a slice, as `slice --format json` prints it.
#[derive(serde::Serialize)]
struct SliceLine {
    file: String,
    line: u32,
    instances: u32,
    text: String,
}

/// One constraint of a condition, located.
#[derive(serde::Serialize)]
struct SliceConstraint {
    c: String,
    at: String,
}

#[derive(serde::Serialize)]
struct Concretised {
    what: String,
    at: String,
}

/// Everything `slice` reports, in either format.
#[derive(serde::Serialize)]
struct SliceReport {
    rev: String,
    outcome: String,
    criterion_entries: usize,
    trace_entries: usize,
    lines: Vec<SliceLine>,
    /// Static initialisers (or declarations of zero-initialised globals) whose data
    /// the relevant slice read before any statement wrote it.
    static_data: Vec<SliceLine>,
    condition: &'static str,
    constraints: Vec<SliceConstraint>,
    pc: usize,
    dsc: usize,
    rsc: usize,
    concretised: Vec<Concretised>,
}

/// The source text of `line` of `file` in the materialised tree ("" when unreadable:
/// a system header, or a file the preprocessor named differently).
fn source_line(
    cache: &mut std::collections::HashMap<String, Vec<String>>,
    root: &Path,
    file: &str,
    line: u32,
) -> String {
    let lines = cache.entry(file.to_string()).or_insert_with(|| {
        std::fs::read_to_string(root.join(file))
            .map(|t| t.lines().map(str::to_string).collect())
            .unwrap_or_default()
    });
    (line as usize)
        .checked_sub(1)
        .and_then(|i| lines.get(i))
        .map(|l| l.trim().to_string())
        .unwrap_or_default()
}

fn cmd_slice(
    rev: &str,
    input: &InputArgs,
    spec: crate::slice::Spec,
    cond: CondKind,
    format: SliceFormat,
    test: &[String],
) -> Res {
    let RevSetup {
        tree,
        prog,
        input: run_input,
    } = rev_setup(rev, input, test)?;
    let run = exec::run_traced(&prog, &run_input, limits(input), true);
    if let Outcome::Fault(e) = &run.result.outcome {
        if e.kind == exec::FaultKind::Unsupported {
            let e = diagnostic::fault(&prog, e);
            return Err(Error::Unsupported(format!("{rev}: {e}")));
        }
    }
    let crit = crate::slice::criterion_of(&run.result, &run.trace, spec)
        .map_err(|e| Error::NothingToExplain(format!("{rev}: slicing criterion: {e:#}")))?;
    let facts = crate::analysis::Facts::new(&prog);
    let sl = crate::slice::slice(&prog, &facts, &run.trace, &crit)
        .map_err(|e| Error::Unsupported(format!("{rev}: slicing: {e:#}")))?;
    let sym = run.sym.unwrap_or_default();
    let conds = sl.conditions(&sym.branches);
    let (chosen, name) = match cond {
        CondKind::Rsc => (&conds.rsc, "rsc"),
        CondKind::Dsc => (&conds.dsc, "dsc"),
        CondKind::Pc => (&conds.pc, "pc"),
    };
    let mut cache = std::collections::HashMap::new();
    let lines = sl
        .lines(&prog, &run.trace)
        .into_iter()
        .map(|(loc, n)| {
            let file = prog.file_name(loc).to_string();
            let text = source_line(&mut cache, tree.path(), &file, loc.line);
            SliceLine {
                file,
                line: loc.line,
                instances: n,
                text,
            }
        })
        .collect();
    let static_data = sl
        .static_data
        .iter()
        .map(|&loc| {
            let file = prog.file_name(loc).to_string();
            let text = source_line(&mut cache, tree.path(), &file, loc.line);
            SliceLine {
                file,
                line: loc.line,
                instances: 0,
                text,
            }
        })
        .collect();
    let constraints = chosen
        .iter()
        .filter_map(|&i| sym.branches.get(i))
        .map(|b| SliceConstraint {
            c: sym.pool.to_c(b.cond),
            at: prog.fmt_loc(b.loc),
        })
        .collect();
    let report = SliceReport {
        rev: rev.to_string(),
        outcome: diagnostic::outcome(&prog, &run.result.outcome),
        criterion_entries: crit.entries.len(),
        trace_entries: run.trace.entries.len(),
        lines,
        static_data,
        condition: name,
        constraints,
        pc: conds.pc.len(),
        dsc: conds.dsc.len(),
        rsc: conds.rsc.len(),
        concretised: sym
            .concretisations
            .iter()
            .map(|c| Concretised {
                what: c.what.clone(),
                at: prog.fmt_loc(c.loc),
            })
            .collect(),
    };
    let mut o = std::io::stdout().lock();
    if format == SliceFormat::Json {
        let j = serde_json::to_string_pretty(&report)
            .map_err(|e| Error::Internal(format!("cannot write the slice as JSON: {e}")))?;
        let _ = writeln!(o, "{j}");
        return Ok(0);
    }
    let _ = writeln!(
        o,
        "Run of {} at {rev}: {} ({} trace entries, criterion: {} entries)",
        test[0], report.outcome, report.trace_entries, report.criterion_entries
    );
    let _ = writeln!(o, "Relevant slice ({} source lines):", report.lines.len());
    let lw = report
        .lines
        .iter()
        .map(|l| l.file.len() + 1 + l.line.to_string().len())
        .max()
        .unwrap_or(0);
    for l in &report.lines {
        let at = format!("{}:{}", l.file, l.line);
        let _ = writeln!(o, "  {at:<lw$}  {:>6}x  {}", l.instances, l.text);
    }
    if !report.static_data.is_empty() {
        let _ = writeln!(
            o,
            "Static data it read, as initialised ({} source lines):",
            report.static_data.len()
        );
        for l in &report.static_data {
            let at = format!("{}:{}", l.file, l.line);
            let _ = writeln!(o, "  {at:<lw$}  {:>7}  {}", "", l.text);
        }
    }
    let _ = writeln!(
        o,
        "Condition {} ({} constraints; PC {}, DSC {}, RSC {}):",
        name.to_uppercase(),
        report.constraints.len(),
        report.pc,
        report.dsc,
        report.rsc
    );
    let tw = report
        .constraints
        .iter()
        .map(|c| c.c.len())
        .max()
        .unwrap_or(0)
        .min(60);
    for (k, c) in report.constraints.iter().enumerate() {
        let _ = writeln!(o, "  {:>3}. {:<tw$}  {}", k + 1, c.c, c.at);
    }
    if !report.concretised.is_empty() {
        let _ = writeln!(o, "Concretised (precision lost):");
        for c in &report.concretised {
            let _ = writeln!(o, "  {} at {}", c.what, c.at);
        }
    }
    Ok(0)
}

fn cmd_ir(rev: &str, test: &[String]) -> Res {
    let repo = open_repo()?;
    let tree = repo.materialise(rev)?;
    let p = oracle::load(tree.path(), &test[0], rev)?;
    print!("{}", crate::ir::display::program(&p));
    Ok(0)
}

fn cmd_cache(action: CacheAction, path: Option<&Path>) -> Res {
    use crate::cache::{self, Cache};
    let path = match path {
        Some(p) => p.to_path_buf(),
        None if std::env::var_os(cache::ENV_VAR).is_some_and(|v| !v.is_empty()) => {
            cache::location(None, Path::new(""))
        }
        None => cache::location(None, &open_repo()?.git_dir()),
    };
    let mut c = Cache::open(&path);
    for w in c.warnings() {
        eprint_err(format_args!("warning: {w}"));
    }
    match action {
        CacheAction::Stats => {
            let s = c.stats();
            let state = if s.enabled {
                ""
            } else {
                " (unusable, bypassed)"
            };
            println!("cache: {}{state}", path.display());
            println!("{:<12} {:>8} {:>12}", "kind", "entries", "bytes");
            for (kind, k) in &s.per_kind {
                println!("{kind:<12} {:>8} {:>12}", k.entries, k.bytes);
            }
            if s.stale_entries > 0 {
                println!(
                    "{} entries of other regcause builds (unused; `cache clear` removes them)",
                    s.stale_entries
                );
            }
            Ok(0)
        }
        CacheAction::Clear => {
            c.clear().map_err(|e| Error::Internal(e.to_string()))?;
            println!("cache cleared: {}", path.display());
            Ok(0)
        }
    }
}

fn cmd_man(dir: &Path) -> Res {
    let man = clap_mangen::Man::new(Cli::command());
    let mut buf = Vec::new();
    man.render(&mut buf)
        .map_err(|e| Error::Internal(format!("cannot render the man page: {e}")))?;
    let path = dir.join("git-regcause.1");
    std::fs::write(&path, buf).map_err(|source| Error::Write {
        what: "the man page",
        path,
        source,
    })?;
    Ok(0)
}

/// Progress on stderr for the solving loop; hidden unless stderr is a terminal.
fn progress_bar(total: usize) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() || total < 2 {
        return indicatif::ProgressBar::hidden();
    }
    let pb = indicatif::ProgressBar::new(total as u64);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "solving {bar:30} {pos}/{len} branch instances ({elapsed})",
    ) {
        pb.set_style(style);
    }
    pb
}

/// The revisions to compare: as given, or from a `git bisect` session.
fn revisions(a: &ExplainArgs, repo: &Repo) -> Result<(String, String), Error> {
    match (&a.good, &a.bad) {
        (Some(g), Some(b)) => Ok((g.clone(), b.clone())),
        (None, None) => Ok(repo.bisect_pair()?),
        _ => Err(Error::Usage("give both a good and a bad revision, or neither (after `git bisect`): git regcause [<GOOD> <BAD>] -- <PROGRAM> [ARGS...]".into())),
    }
}

/// One revision, materialised, loaded and run concolically on the test.
struct Loaded {
    rev: String,
    tree: crate::repo::Materialised,
    prog: crate::ir::Program,
    input: RunInput,
    run: exec::ConcolicRun,
    /// The run's slicing trace (recorded for `--condition rsc`).
    trace: Option<crate::exec::trace::Trace>,
    /// Each unit's preprocessed text: the hunk search splices from it.
    units: crate::frontend::UnitTexts,
}

fn materialise(repo: &Repo, rev: &str) -> Result<crate::repo::Materialised, Error> {
    Ok(repo.materialise(rev)?)
}

fn load_rev(
    tree: crate::repo::Materialised,
    rev: &str,
    test: &Test,
    lim: Limits,
    traced: bool,
) -> Result<Loaded, Error> {
    let (prog, units) = oracle::load_keeping_text(tree.path(), &test.program, rev)?;
    let input = test.input(tree.path());
    let (run, trace) = if traced {
        let t = exec::run_traced(&prog, &input, lim, true);
        let run = exec::ConcolicRun {
            result: t.result,
            sym: t.sym.unwrap_or_default(),
        };
        (run, Some(t.trace))
    } else {
        (exec::run_concolic(&prog, &input, lim), None)
    };
    Ok(Loaded {
        rev: rev.to_string(),
        tree,
        prog,
        input,
        run,
        trace,
        units,
    })
}

/// Expected stdout of the good and the bad revision (none: good's output is the
/// reference).
type Expectations = (Option<Vec<u8>>, Option<Vec<u8>>);

fn read_expect(a: &ExplainArgs, g: &Loaded, b: &Loaded) -> Result<Expectations, Error> {
    if let Some(p) = &a.expect {
        let e = std::fs::read(p).map_err(|source| Error::Read {
            what: "--expect",
            path: p.clone(),
            source,
        })?;
        return Ok((Some(e.clone()), Some(e)));
    }
    if let Some(p) = &a.expect_file {
        let read = |l: &Loaded| oracle::read_expect_file(l.tree.path(), p, &l.rev);
        return Ok((Some(read(g)?), Some(read(b)?)));
    }
    Ok((None, None))
}

fn divergence_desc(d: &Divergence, g: &Loaded, b: &Loaded) -> crate::report::DivergenceDesc {
    use crate::report::DivergenceDesc;
    match d {
        Divergence::Stdout {
            offset,
            expected_line,
            actual_line,
            event,
            last_event,
        } => {
            let mut details = Vec::new();
            let mut at = None;
            match (event, last_event) {
                (Some(e), _) => {
                    let l = diagnostic::loc(&b.prog, e.loc);
                    details.push(format!("Written at {l} by:"));
                    details.extend(
                        diagnostic::stack(&b.prog, &e.stack)
                            .into_iter()
                            .map(|f| format!("  {f}")),
                    );
                    at = Some(l);
                }
                (None, Some(e)) => {
                    let l = diagnostic::loc(&b.prog, e.loc);
                    details.push(format!(
                        "The bad revision's output ends early; its last output was written at {l}"
                    ));
                    at = Some(l);
                }
                _ => details.push("The bad revision printed nothing.".into()),
            }
            if let Outcome::Fault(e) = &b.run.result.outcome {
                details.push(format!(
                    "The bad revision stopped with a runtime error: {}",
                    diagnostic::fault(&b.prog, e)
                ));
            }
            DivergenceDesc {
                summary: format!("First divergence: stdout byte {offset}"),
                details,
                stdout_offset: Some(*offset),
                expected_line: Some(expected_line.clone()),
                actual_line: Some(actual_line.clone()),
                at,
            }
        }
        Divergence::Ending { good, bad } => {
            let mut details = Vec::new();
            let mut fault_at = None;
            if let Outcome::Fault(e) = bad {
                let l = diagnostic::loc(&b.prog, e.loc);
                details.push(format!("Failing statement: {l}"));
                details.extend(
                    diagnostic::stack(&b.prog, &e.stack)
                        .into_iter()
                        .map(|f| format!("  {f}")),
                );
                fault_at = Some(l);
            }
            DivergenceDesc {
                summary: format!(
                    "Same output, different ending: {} at {}, {} at {}",
                    diagnostic::outcome(&g.prog, good),
                    g.rev,
                    diagnostic::outcome(&b.prog, bad),
                    b.rev
                ),
                details,
                stdout_offset: None,
                expected_line: None,
                actual_line: None,
                at: fault_at,
            }
        }
    }
}

fn emit(report: &crate::report::Report, a: &ExplainArgs) -> Result<(), Error> {
    let text = crate::report::render(report, a.format);
    match &a.output {
        Some(p) => std::fs::write(p, text).map_err(|source| Error::Write {
            what: "--output file",
            path: p.clone(),
            source,
        }),
        None => {
            let mut o = std::io::stdout().lock();
            let _ = o.write_all(text.as_bytes());
            let _ = o.flush();
            Ok(())
        }
    }
}

fn explain(a: &ExplainArgs) -> Res {
    use crate::darwin::{self, Side};
    use crate::report::{Report, Revision, TestDesc};
    let started = std::time::Instant::now();
    if a.test.is_empty() {
        if a.good.is_none() && a.bad.is_none() {
            let _ = Cli::command().print_help();
            eprintln!();
        }
        return Err(Error::Usage(
            "no test given: add `-- <PROGRAM> [ARGS...]` after the revisions".into(),
        ));
    }
    let stdin = read_stdin_file(&a.input.stdin)?;
    let repo = open_repo()?;
    let (good, bad) = revisions(a, &repo)?;
    // Both revisions' commit and tree ids first, so a typo is reported before any work.
    let (gids, bids) = (repo.ids(&good)?, repo.ids(&bad)?);
    let test = Test {
        program: a.test[0].clone(),
        args: a.test[1..].to_vec(),
        stdin,
        env: run_env(&a.input),
        expect: None,
    };
    let lim = limits(&a.input);
    let budget = std::rc::Rc::new(crate::budget::Budget::new(a.budget, lim.max_memory));
    let traced = a.condition == darwin::ConditionKind::Rsc;
    let mut cache = if a.no_cache {
        crate::cache::Cache::disabled()
    } else {
        crate::cache::Cache::open(&crate::cache::location(a.cache.as_deref(), &repo.git_dir()))
    };
    // A repeated analysis of the same trees and test is read back whole: no run, no
    // solving.
    // The bad revision's explored suite, if `explore` cached one: the report counts its
    // failing tests, so it is part of the key.
    // Keyed by the commits' tree ids, so a hit writes neither tree out.
    let suite = crate::explore::stored::suite_bytes(&mut cache, &bids.1, &test.program);
    let key = report_cache_key(a, &test, &gids.1, &bids.1, &suite);
    if let Some(mut r) = key
        .as_ref()
        .and_then(|k| crate::explain::cached_report(&mut cache, k))
    {
        // The trees match; the commits may not (a reworded or rebased commit).
        r.good.rev = good.clone();
        r.good.commit = gids.0;
        r.bad.rev = bad.clone();
        r.bad.commit = bids.0;
        r.stats.total_ms = started.elapsed().as_millis() as u64;
        emit(&r, a)?;
        return Ok(if r.verdict == "regression" {
            code::REGRESSION
        } else {
            code::NOTHING_TO_EXPLAIN
        });
    }
    let (gtree, btree) = (materialise(&repo, &good)?, materialise(&repo, &bad)?);
    let g = load_rev(gtree, &good, &test, lim, traced)?;
    let b = load_rev(btree, &bad, &test, lim, traced)?;
    let (exp_g, exp_b) = read_expect(a, &g, &b)?;
    budget.after_runs(&[&g.run.result.outcome, &b.run.result.outcome]);
    let verdict = oracle::judge_each(
        &g.run.result,
        &b.run.result,
        exp_g.as_deref(),
        exp_b.as_deref(),
    );
    let mut report = Report::new(
        Revision {
            rev: good.clone(),
            commit: g.tree.commit.clone(),
        },
        Revision {
            rev: bad.clone(),
            commit: b.tree.commit.clone(),
        },
        TestDesc {
            program: test.program.clone(),
            args: test.args.clone(),
            stdin: String::from_utf8_lossy(&test.stdin).into_owned(),
        },
        a.condition.name(),
    );
    let d = match &verdict {
        Verdict::PassesAtBad => {
            report.verdict = "passes-at-bad".into();
            report.reason = Some(format!(
                "the test passes at {} ({}) too: same output and {}",
                bad,
                short(&b.tree.commit),
                diagnostic::outcome(&b.prog, &b.run.result.outcome)
            ));
            emit(&report, a)?;
            return Ok(code::NOTHING_TO_EXPLAIN);
        }
        Verdict::FailsAtGood(why) => {
            report.verdict = "fails-at-good".into();
            report.reason = Some(format!(
                "the test already fails at {} ({}): {}",
                good,
                short(&g.tree.commit),
                diagnostic::good_failure(&g.prog, why)
            ));
            // Stopped by regcause's own ceiling, the good run says nothing of the test.
            if crate::budget::ceiling_outcome(&g.run.result.outcome) {
                budget.stop(crate::budget::Spent::Memory);
                budget.not_done("the good revision's run (it reached the memory ceiling)");
                report.notes.extend(budget.notes());
                emit(&report, a)?;
                return Ok(code::INCOMPLETE);
            }
            emit(&report, a)?;
            return Ok(code::NOTHING_TO_EXPLAIN);
        }
        Verdict::Regression(d) => d,
    };
    eprint_warnings(&g.prog, Some(&good));
    eprint_warnings(&b.prog, Some(&bad));
    report.divergence = Some(divergence_desc(d, &g, &b));
    // The slicing criterion of each run: the first differing stdout byte where the run
    // has it, else how the run ended (the failing statement, `exit`, `main`'s return).
    let byte = match d {
        Divergence::Stdout { offset, .. } => Some(*offset),
        Divergence::Ending { .. } => None,
    };
    let skip_darwin = budget.spent().is_some();
    if skip_darwin {
        budget.not_done("DARWIN: the runs' conditions were not computed, no decision flipped");
    }
    let cond = |l: &Loaded| {
        if skip_darwin {
            return Ok(Vec::new());
        }
        let crit = |r: &exec::RunResult, t: &crate::exec::trace::Trace| {
            let spec = match byte {
                Some(n) if n < r.stdout.len() => crate::slice::Spec::Byte(n),
                _ => crate::slice::Spec::Exit,
            };
            crate::slice::criterion_of(r, t, spec)
        };
        darwin::condition(a.condition, &l.prog, &l.run, l.trace.as_ref(), crit)
            .map_err(|e| Error::Unsupported(e.to_string()))
    };
    let gs = Side {
        prog: &g.prog,
        run: &g.run,
        input: &g.input,
        cond: cond(&g)?,
    };
    let bs = Side {
        prog: &b.prog,
        run: &b.run,
        input: &b.input,
        cond: cond(&b)?,
    };
    // The program's files, and the headers of the tree: a header holding only macros
    // and declarations has no statement, so no location names it.
    let mut paths = b.prog.files.clone();
    for h in crate::diffctx::tree_paths(b.tree.path()) {
        if h.ends_with(".h") && !paths.contains(&h) {
            paths.push(h);
        }
    }
    let diff = crate::diffctx::TreeDiff::between(g.tree.path(), b.tree.path(), &paths);
    let opts = darwin::Options {
        timeout_ms: (a.timeout.saturating_mul(1000)).min(u32::MAX as u64) as u32,
        limits: lim,
        cache: std::cell::RefCell::new(cache),
        budget: budget.clone(),
    };
    let pb = progress_bar(bs.cond.len());
    let analysis = darwin::explain(&gs, &bs, &diff, &opts, |n, _| pb.set_position(n as u64));
    pb.finish_and_clear();
    // A corrupt or locked cache is bypassed; say so once, not per query.
    for w in opts.cache.borrow().warnings() {
        eprintln!("warning: {w}");
    }
    let analysis = analysis.map_err(|e| Error::Unsupported(e.to_string()))?;
    report.stats = analysis.stats;
    report.candidates = analysis.candidates;
    report.undecided = analysis.undecided;
    report.notes = analysis.notes;
    let crit = oracle::criterion_loc(d, &b.run.result);
    let bad_trees = if budget.spent().is_some() {
        budget.not_done("the value-level candidates and the chains of the candidates");
        None
    } else {
        add_value_level(&mut report, &g, &b, &diff, byte, crit)
    };
    // Before the hunk search, so a failure-inducing hunk in a header holds candidates.
    crate::explain::add_macro_definitions(&mut report, &diff);
    dd_step(
        a,
        &g,
        &b,
        d,
        &test,
        lim,
        (exp_g.as_deref(), exp_b.as_deref()),
        &opts.cache,
        &budget,
        &mut report,
    );
    if !suite.is_empty() {
        let lim = lim.relative_to(b.run.result.steps.max(g.run.result.steps));
        let note =
            crate::explore::stored::corroborate(&suite, &g.prog, &b.prog, &g.input, &b.input, lim);
        report.notes.extend(note);
    }
    crate::explain::name_root_cause(&mut report);
    if let (Some(bt), Some(t)) = (&bad_trees, &b.trace) {
        let br = crate::explain::TracedRun {
            prog: &b.prog,
            trace: t,
            result: &b.run.result,
        };
        crate::explain::add_chain(&mut report, &br, bt, &diff);
    }
    report.stats.total_ms = started.elapsed().as_millis() as u64;
    report.stats.executions += 2;
    if budget.incomplete() {
        // Not cached: with more time or memory the report would say more.
        report.notes.extend(budget.notes());
        emit(&report, a)?;
        return Ok(code::INCOMPLETE);
    }
    if let Some(k) = &key {
        crate::explain::store_report(&mut opts.cache.borrow_mut(), k, &report);
    }
    emit(&report, a)?;
    Ok(code::REGRESSION)
}

/// The cache key of this analysis: both trees (`gh`, `bh`: their ids), the test, and
/// every option the report depends on. None when the expected-output file cannot be
/// read (the analysis is then not cached).
fn report_cache_key(
    a: &ExplainArgs,
    test: &Test,
    gh: &str,
    bh: &str,
    suite: &[u8],
) -> Option<crate::cache::Key> {
    let expect = match &a.expect {
        Some(p) => std::fs::read(p).ok()?,
        None => Vec::new(),
    };
    let args = test.args.join("\0");
    let env: Vec<u8> = test
        .env
        .iter()
        .flat_map(|(k, v)| [k.as_slice(), b"=", v.as_slice(), b"\0"].concat())
        .collect();
    let opts = format!(
        "{}|{}|{}|{}|{}|{:?}|{}",
        a.condition.name(),
        a.input.max_steps,
        a.input.max_output,
        a.input.strict,
        a.timeout,
        a.expect_file,
        a.no_dd
    );
    Some(crate::explain::report_key(
        gh,
        bh,
        &[
            test.program.as_bytes(),
            args.as_bytes(),
            &test.stdin,
            &env,
            &expect,
            opts.as_bytes(),
            suite,
        ],
    ))
}

/// Value-level candidates (from the data slices when both runs were traced) and the
/// undefined-behaviour notes. Returns the bad run's trees, for the chain.
fn add_value_level(
    report: &mut crate::report::Report,
    g: &Loaded,
    b: &Loaded,
    diff: &crate::diffctx::TreeDiff,
    byte: Option<usize>,
    crit: Option<crate::ir::Loc>,
) -> Option<crate::explain::Trees> {
    use crate::darwin::value;
    use crate::explain::{self as ex, TracedRun};
    fn traced(l: &Loaded) -> Option<TracedRun<'_>> {
        l.trace.as_ref().map(|t| TracedRun {
            prog: &l.prog,
            trace: t,
            result: &l.run.result,
        })
    }
    let (gr, br) = (traced(g), traced(b));
    let trees = match (&gr, &br) {
        (Some(gr), Some(br)) => {
            // The bad run's slicer serves its trees and the value links below.
            let both = || -> anyhow::Result<_> {
                let bs = ex::slicer(br)?;
                let gt = ex::trees(gr, &ex::slicer(gr)?, byte)?;
                let bt = ex::trees(br, &bs, byte)?;
                Ok((gt, bt, bs))
            };
            match both() {
                Ok(t) => Some(t),
                Err(e) => {
                    report.notes.push(format!(
                        "no data slice for the value-level explanations: {e:#}"
                    ));
                    None
                }
            }
        }
        _ => None,
    };
    let slices = match (&gr, &br, &trees) {
        (Some(gr), Some(br), Some((gt, bt, _))) => Some(ex::data_slices(gr, gt, br, bt)),
        _ => None,
    };
    let mut values = value::candidates(&b.prog, &g.prog, diff, crit, slices.as_ref());
    // Lines once: two statements of one line give one candidate.
    let mut seen = std::collections::HashSet::new();
    values.retain(|c| seen.insert((c.file.clone(), c.line)));
    if report.candidates.is_empty() {
        report.candidates = values;
        report.notes.push(
            "no decision of the bad run can be flipped while the good run keeps its condition: the fault is in a computed value; the candidates are value-level explanations".into(),
        );
    } else if !report.candidates.iter().any(|c| c.changed) || slices.is_some() {
        // Decisions in unchanged code only, or changed values the failing output reads:
        // a changed value may be what drives the decisions.
        let before = report.candidates.len();
        for c in values {
            let dup = report
                .candidates
                .iter()
                .any(|d| d.file == c.file && d.line == c.line);
            if !dup && (c.changed || slices.is_none()) {
                report.candidates.push(c);
            }
        }
        if report.candidates.len() > before {
            report.notes.push(
                "changed lines whose values reach the failing output follow the decisions as value-level explanations".into(),
            );
        }
    }
    if let (Some(gr), Some(br), Some((gt, bt, _))) = (&gr, &br, &trees) {
        // Last: a fault in unchanged code that the change exposes.
        let first = ex::value_divergence(gr, br, bt, diff, &report.candidates);
        for c in ex::exposed(gr, gt, br, bt, diff).into_iter().chain(first) {
            if !report
                .candidates
                .iter()
                .any(|d| d.file == c.file && d.line == c.line)
            {
                report.candidates.push(c);
            }
        }
    }
    crate::report::rerank(&mut report.candidates);
    if let (Some(gr), Some(br), Some((_, bt, bs))) = (&gr, &br, &trees) {
        if let Err(e) = ex::link_values(gr, br, bs, bt, &mut report.candidates) {
            report.notes.push(format!(
                "value-level lines are not linked to the lines they are computed from: {e:#}"
            ));
        }
    }
    if let (Some(gr), Some(br), Some((gt, bt, _))) = (&gr, &br, &trees) {
        let (gu, bu) = (ex::ub_in(gr, &gt.full), ex::ub_in(br, &bt.full));
        ex::note_ub(report, &gu, &bu);
    }
    trees.map(|(_, bt, _)| bt)
}

/// Delta debugging on the hunks GOOD -> BAD (unless `--no-dd`), merged into the report:
/// the failure-inducing hunks, candidates inside them first. A search that cannot run
/// (the hunks applied together do not reproduce the failure) becomes a note.
#[allow(clippy::too_many_arguments)]
fn dd_step(
    a: &ExplainArgs,
    g: &Loaded,
    b: &Loaded,
    d: &Divergence,
    test: &Test,
    lim: Limits,
    expect: (Option<&[u8]>, Option<&[u8]>),
    cache: &std::cell::RefCell<crate::cache::Cache>,
    budget: &crate::budget::Budget,
    report: &mut crate::report::Report,
) {
    if a.no_dd {
        return;
    }
    if budget.spent().is_some() {
        budget.not_done("the hunk search (delta debugging on the diff's hunks)");
        return;
    }
    let good = crate::diffctx::tree_files(g.tree.path());
    let bad = crate::diffctx::tree_files(b.tree.path());
    // Most subsets are spliced from the revisions' preprocessed text instead of running
    // `cc -E` (the search's time includes making those texts); a pair of revisions that
    // cannot be spliced preprocesses every subset.
    let splicer = crate::frontend::Splicer::new(&good, &bad, &test.program).map(|s| {
        s.with_revisions(crate::frontend::Revisions {
            good_root: g.tree.path().to_path_buf(),
            good: g.units.clone(),
            bad_root: b.tree.path().to_path_buf(),
            bad: b.units.clone(),
        })
    });
    let mut judge = crate::dd::InterpJudge {
        program: &test.program,
        test,
        limits: lim.relative_to(g.run.result.steps.max(b.run.result.steps)),
        good: &g.run.result,
        expect_good: expect.0,
        expect_bad: expect.1,
        bad: crate::dd::FailClass::of(d, &b.run.result),
        ub_allowed: g.run.result.warnings.len().max(b.run.result.warnings.len()),
        cache,
        cache_hits: 0,
        splicer: splicer.as_ref().ok(),
        spliced: 0,
        units: Default::default(),
        budget,
        unjudged: 0,
    };
    let searched = crate::dd::search(&good, &bad, &mut judge);
    if judge.unjudged > 0 {
        budget.not_done(format!(
            "the hunk search: {} subsets were not judged (the minimal hunks reported are not minimal)",
            judge.unjudged
        ));
    }
    match searched {
        Ok(s) => {
            let (hits, spliced) = (judge.cache_hits, judge.spliced);
            crate::dd::merge(report, &s, &bad_slice_lines(d, b), hits);
            if let Some(dd) = report.dd.as_mut() {
                dd.subsets_spliced = spliced;
            }
        }
        Err(e) => report.notes.push(format!(
            "delta debugging on the hunks was not possible: {e}"
        )),
    }
}

/// (file, line) of the bad run's relevant slice from the divergence's criterion; empty
/// without a trace (`--condition pc`) or when slicing fails.
fn bad_slice_lines(d: &Divergence, b: &Loaded) -> Vec<(String, u32)> {
    let Some(trace) = b.trace.as_ref() else {
        return Vec::new();
    };
    let spec = match d {
        Divergence::Stdout { offset, .. } if *offset < b.run.result.stdout.len() => {
            crate::slice::Spec::Byte(*offset)
        }
        _ => crate::slice::Spec::Exit,
    };
    let facts = crate::analysis::Facts::new(&b.prog);
    let Ok(slice) = crate::slice::criterion_of(&b.run.result, trace, spec)
        .and_then(|c| crate::slice::slice(&b.prog, &facts, trace, &c))
    else {
        return Vec::new();
    };
    slice
        .lines(&b.prog, trace)
        .into_iter()
        .filter_map(|(l, _)| Some((b.prog.files.get(l.file as usize)?.clone(), l.line)))
        .collect()
}

/// Progress of an exploration on stderr; hidden unless stderr is a terminal.
fn explore_progress(rev: &str) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let pb = indicatif::ProgressBar::new_spinner();
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{spinner} exploring {msg} ({elapsed})")
    {
        pb.set_style(style);
    }
    pb.set_message(rev.to_string());
    pb
}

/// One revision explored: its tree (kept alive for the runs' files), program and result.
struct ExploredRev {
    _tree: crate::repo::Materialised,
    prog: crate::ir::Program,
    ex: crate::explore::Exploration,
}

fn explore_rev(
    repo: &Repo,
    rev: &str,
    test: &Test,
    input: &InputArgs,
    bounds: &ExploreBounds,
    strategy: crate::explore::Strategy,
    cache: &mut crate::cache::Cache,
) -> Result<ExploredRev, Error> {
    let tree = repo.materialise(rev)?;
    let prog = oracle::load(tree.path(), &test.program, rev)?;
    let opts = crate::explore::Options {
        strategy,
        criterion: bounds.criterion,
        limits: limits(input),
        max_depth: bounds.max_depth,
        max_tests: bounds.max_tests,
        timeout: (bounds.timeout > 0).then(|| std::time::Duration::from_secs(bounds.timeout)),
    };
    let pb = explore_progress(rev);
    let start = test.input(tree.path());
    // Keyed by the whole tree (files the program opens too), the test and the options.
    let key = crate::explore::stored::key(&tree.tree, &test.program, &start, &opts);
    let stored_as = (&key, tree.tree.as_str(), test.program.as_str());
    let ex = crate::explore::stored::explore_reusing(&prog, start, &opts, cache, stored_as, |p| {
        pb.set_message(format!(
            "{rev}: {} executions, {} partitions, {} pending",
            p.executions, p.partitions, p.pending
        ));
        pb.tick();
    });
    pb.finish_and_clear();
    let ex = ex.map_err(|e| Error::Internal(format!("exploring {rev}: {e:#}")))?;
    Ok(ExploredRev {
        _tree: tree,
        prog,
        ex,
    })
}

fn open_cache(bounds: &ExploreBounds, repo: &Repo) -> crate::cache::Cache {
    if bounds.no_cache {
        crate::cache::Cache::disabled()
    } else {
        crate::cache::Cache::open(&crate::cache::location(
            bounds.cache.as_deref(),
            &repo.git_dir(),
        ))
    }
}

fn explore_test(input: &InputArgs, test: &[String]) -> Result<Test, Error> {
    let stdin = read_stdin_file(&input.stdin)?;
    Ok(Test {
        program: test[0].clone(),
        args: test[1..].to_vec(),
        stdin,
        expect: None,
        env: run_env(input),
    })
}

fn print_out(text: &str) {
    let mut o = std::io::stdout().lock();
    let _ = o.write_all(text.as_bytes());
    let _ = o.flush();
}

fn cmd_explore(a: &ExploreArgs) -> Res {
    {
        let test = explore_test(&a.input, &a.test)?;
        let repo = open_repo()?;
        let mut cache = open_cache(&a.bounds, &repo);
        let r = explore_rev(
            &repo, &a.rev, &test, &a.input, &a.bounds, a.strategy, &mut cache,
        )?;
        for w in cache.warnings() {
            eprintln!("warning: {w}");
        }
        eprint_warnings(&r.prog, None);
        if let Some(dir) = &a.out {
            r.ex.write_suite(dir)
                .map_err(|e| Error::Internal(format!("{e:#}")))?;
        }
        match a.format {
            SliceFormat::Text => print_out(&r.ex.render_text()),
            SliceFormat::Json => {
                let json = serde_json::to_string_pretty(&r.ex.report())
                    .map_err(|e| Error::Internal(e.to_string()))?;
                print_out(&format!("{json}\n"));
            }
        }
        Ok(0)
    }
}

fn cmd_signature_diff(a: &SigDiffArgs) -> Res {
    {
        let test = explore_test(&a.input, &a.test)?;
        let repo = open_repo()?;
        for r in [&a.good, &a.bad] {
            repo.resolve(r)?;
        }
        let mut cache = open_cache(&a.bounds, &repo);
        let rsc = crate::explore::Strategy::Rsc;
        let g = explore_rev(&repo, &a.good, &test, &a.input, &a.bounds, rsc, &mut cache)?;
        let b = explore_rev(&repo, &a.bad, &test, &a.input, &a.bounds, rsc, &mut cache)?;
        eprint_warnings(&g.prog, Some(&a.good));
        eprint_warnings(&b.prog, Some(&a.bad));
        fn side<'a>(rev: &'a str, r: &'a ExploredRev) -> crate::explore::diff::Side<'a> {
            crate::explore::diff::Side {
                rev,
                prog: &r.prog,
                ex: &r.ex,
            }
        }
        let d = crate::explore::diff::diff(
            &side(&a.good, &g),
            &side(&a.bad, &b),
            limits(&a.input),
            &mut cache,
            crate::explore::diff::QUERY_TIMEOUT_MS,
            (a.bounds.timeout > 0).then(|| std::time::Duration::from_secs(a.bounds.timeout)),
        )
        .map_err(|e| Error::Unsupported(format!("{e:#}")))?;
        for w in cache.warnings() {
            eprintln!("warning: {w}");
        }
        match a.format {
            SliceFormat::Text => print_out(&d.render_text(&a.good, &a.bad)),
            SliceFormat::Json => {
                let json =
                    serde_json::to_string_pretty(&d).map_err(|e| Error::Internal(e.to_string()))?;
                print_out(&format!("{json}\n"));
            }
        }
        Ok(if d.behaviour_changed() {
            code::REGRESSION
        } else {
            code::NOTHING_TO_EXPLAIN
        })
    }
}

fn short(c: &str) -> &str {
    &c[..c.len().min(10)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    /// `--env` repeats, keeps everything after the first '=' as the value, and refuses
    /// a value without a name.
    #[test]
    fn env_options_become_the_run_environment() {
        let cli = Cli::try_parse_from([
            "git-regcause",
            "exec",
            "--env",
            "MODE=fast",
            "--env",
            "EQ=a=b",
            "--env",
            "EMPTY=",
            "p.c",
        ])
        .expect("--env parses");
        let Some(Command::Exec { input, .. }) = cli.command else {
            panic!("not parsed as exec");
        };
        let env = run_env(&input);
        let want: Vec<(Vec<u8>, Vec<u8>)> = [("MODE", "fast"), ("EQ", "a=b"), ("EMPTY", "")]
            .iter()
            .map(|(n, v)| (n.as_bytes().to_vec(), v.as_bytes().to_vec()))
            .collect();
        assert_eq!(env, want);
        for bad in ["NOVALUE", "=x"] {
            let r = Cli::try_parse_from(["git-regcause", "exec", "--env", bad, "p.c"]);
            assert!(r.is_err(), "--env {bad} was accepted");
        }
    }

    /// man/git-regcause.1 is generated from these definitions; regenerate it with
    /// `cargo run -- man man` when this fails.
    #[test]
    fn man_page_is_current() {
        let mut buf = Vec::new();
        clap_mangen::Man::new(Cli::command())
            .render(&mut buf)
            .unwrap();
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("man/git-regcause.1");
        let on_disk = std::fs::read(&path).unwrap_or_default();
        assert!(
            on_disk == buf,
            "man/git-regcause.1 is stale: run `cargo run -- man man`"
        );
    }
}
