//! The command line: argument definitions (the one source of `--help` and the man page),
//! exit codes, and wiring of the stages. Everything else lives in the library modules.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::{CommandFactory, Parser, Subcommand};

use crate::analyze::AnalyzeError;
use crate::config::Config;
use crate::diagnostic;
use crate::exec::{self, Limits, Outcome, RunInput, DEFAULT_MAX_OUTPUT, DEFAULT_MAX_STEPS};
use crate::frontend;
use crate::oracle::{self, OracleError, Test};
use crate::repo::Repo;

/// Exit codes, the same in every subcommand (documented in --help, the man page and the
/// README). `Error::code` is the one place a failure becomes one of them.
pub mod code {
    /// The test is a regression; its root-cause candidates were reported.
    pub const REGRESSION: i32 = 0;
    /// Nothing to explain: the test passes at `bad`, or already fails at `good`.
    pub const NOTHING_TO_EXPLAIN: i32 = 1;
    /// Bad command line (clap's own code), or a file it names that cannot be read or
    /// written (`--stdin`, `--output`, the cache of `cache clear`).
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
  5  the program uses C or library functions regcause does not support (the main
     command: a run stops at one before the test's outcome is known)
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
    #[command(flatten)]
    pub config: ConfigArgs,
    /// Expected stdout of the test (default: what the good revision prints).
    #[arg(long, value_name = "FILE", conflicts_with = "expect_file")]
    pub expect: Option<PathBuf>,
    /// Read the expected stdout from PATH inside each revision's own tree: the good
    /// revision must pass its own expectation, the bad one is judged against its own.
    #[arg(long, value_name = "PATH")]
    pub expect_file: Option<String>,
    /// A file the test writes (relative to the repository root; repeatable): its final
    /// contents are output too, so with the same stdout a file the bad revision leaves
    /// with other bytes than the good one is a regression, explained from the write
    /// that left the first differing byte. Also `compare_files = [...]` in regcause.toml.
    #[arg(long, value_name = "PATH")]
    pub compare_file: Vec<String>,
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
    /// Workers judging the hunk search's subsets at once, and solving DARWIN's
    /// flips (default: the machine's cores). The subsets asked about and the flips
    /// solved, and so the report's findings and counts, are those of one worker; more
    /// workers judge the next few subsets ahead and solve several lines at once.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
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

/// Configuration from outside the revisions, applied to both (see the README's
/// "Configuration"; `config::Config` does the work).
#[derive(clap::Args, Debug, Default, Clone)]
pub struct ConfigArgs {
    /// Read the configuration from FILE instead of the working tree's regcause.toml.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// A build's compile_commands.json (or the build directory holding it), anywhere on
    /// disk: its paths are mapped into each revision's tree, each entry's
    /// -D/-U/-I/-include/-std are used, and the program after `--` picks its target.
    #[arg(long, value_name = "PATH")]
    pub compile_commands: Option<PathBuf>,
    /// Define a macro in every translation unit (NAME or NAME=VALUE; repeatable).
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub define: Vec<String>,
    /// Undefine a macro in every translation unit (repeatable).
    #[arg(short = 'U', value_name = "NAME")]
    pub undefine: Vec<String>,
    /// Add an include directory (a path of the working tree; repeatable).
    #[arg(short = 'I', value_name = "DIR")]
    pub include: Vec<String>,
    /// Run the test in DIR, relative to the repository root (the program's relative
    /// paths resolve there). Default: the root.
    #[arg(long, value_name = "DIR")]
    pub cwd: Option<String>,
    /// Lay this working-tree file over both revisions' trees: a file no revision holds
    /// that the build generates, such as a config.h (repeatable).
    #[arg(long, value_name = "PATH")]
    pub overlay: Vec<String>,
    /// The test's own source files (a glob relative to the repository root, `*` within
    /// a directory, `**` across; repeatable): integer, character and string literals
    /// they pass to the code under test are symbolic inputs. Default: the file holding
    /// `main`, when the program has other files (or includes a header of the tree
    /// defining a non-static function: a header-only library) and the test is given no
    /// arguments and no stdin. `--test-files none` turns it off.
    #[arg(long, value_name = "GLOB")]
    pub test_files: Vec<String>,
    /// Print the effective configuration on stderr.
    #[arg(short = 'v', long)]
    pub verbose: bool,
}

/// The configuration from outside the revisions for a command run in `repo`.
fn gather_config(c: &ConfigArgs, repo: &Repo) -> Result<Arc<Config>, Error> {
    gather_config_comparing(c, repo, &[])
}

/// [`gather_config`], with the files the main command compares (`--compare-file`).
fn gather_config_comparing(
    c: &ConfigArgs,
    repo: &Repo,
    compare: &[String],
) -> Result<Arc<Config>, Error> {
    let opts = crate::config::Options {
        config: c.config.clone(),
        compile_commands: c.compile_commands.clone(),
        defines: c.define.clone(),
        undefines: c.undefine.clone(),
        includes: c.include.clone(),
        cwd: c.cwd.clone(),
        test_files: c.test_files.clone(),
        overlays: c.overlay.clone(),
    };
    let mut config = Config::gather(&opts, repo.workdir().as_deref(), |f| {
        repo.committed_unchanged(f)
    })?;
    config.add_compare_files(compare)?;
    repo.lay_over(&config.overlays);
    if c.verbose {
        eprint!("git-regcause: {}", config.describe());
    }
    Ok(Arc::new(config))
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
        #[command(flatten)]
        config: ConfigArgs,
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
        #[command(flatten)]
        config: ConfigArgs,
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
        #[command(flatten)]
        config: ConfigArgs,
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
        #[command(flatten)]
        config: ConfigArgs,
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
    pub config: ConfigArgs,
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
    pub config: ConfigArgs,
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
    /// The cache cannot be changed as asked (read-only, locked, not a database).
    #[error("cannot clear the cache {}: {source} (is it writable?)", path.display())]
    Cache {
        path: PathBuf,
        source: crate::cache::CacheError,
    },
    #[error(transparent)]
    Repo(#[from] crate::repo::RepoError),
    #[error(transparent)]
    Oracle(#[from] OracleError),
    #[error(transparent)]
    Frontend(#[from] frontend::FrontendError),
    #[error(transparent)]
    Analyze(#[from] crate::analyze::AnalyzeError),
    #[error(transparent)]
    Config(#[from] crate::config::ConfigError),
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
    fn oracle_code(e: &OracleError) -> i32 {
        match e {
            OracleError::Repo(_) | OracleError::ExpectFile { .. } => code::REPOSITORY,
            e if e.is_unsupported() => code::UNSUPPORTED,
            _ => code::PROGRAM,
        }
    }

    pub fn code(&self) -> i32 {
        match self {
            Error::Usage(_)
            | Error::Read { .. }
            | Error::Write { .. }
            | Error::Cache { .. }
            | Error::Config(_) => code::USAGE,
            Error::Repo(_) => code::REPOSITORY,
            Error::Oracle(e) => Error::oracle_code(e),
            Error::Frontend(e) if e.is_unsupported() => code::UNSUPPORTED,
            Error::Frontend(_) => code::PROGRAM,
            Error::Analyze(e) => match e {
                AnalyzeError::Repo(_) => code::REPOSITORY,
                AnalyzeError::Oracle(e) => Error::oracle_code(e),
                AnalyzeError::Condition { .. } | AnalyzeError::Unsupported { .. } => {
                    code::UNSUPPORTED
                }
            },
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
    // Scratch trees go with the process, however it ends: on a signal here, after a
    // kill or an abort at the next start.
    crate::scratch::remove_on_signal();
    crate::scratch::sweep_stale();
    let r = match cli.command {
        Some(Command::Run {
            rev,
            input,
            config,
            test,
        }) => cmd_run(&rev, &input, &config, &test),
        Some(Command::Exec {
            files,
            include,
            define,
            input,
            args,
        }) => cmd_exec(&files, &include, &define, &input, &args),
        Some(Command::Ir { rev, config, test }) => cmd_ir(&rev, &config, &test),
        Some(Command::Pc {
            rev,
            input,
            config,
            smt2,
            check,
            max_branches,
            test,
        }) => cmd_pc(&rev, &input, &config, smt2, check, max_branches, &test),
        Some(Command::Slice {
            rev,
            input,
            config,
            criterion,
            condition,
            format,
            test,
        }) => cmd_slice(&rev, &input, &config, criterion, condition, format, &test),
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
            if let Some(h) = missing_header_hint(&e.to_string()) {
                eprintln!("{h}");
            }
            e.code()
        }
    }
}

/// For a header cc did not find: in a submodule this clone never checked out, the
/// command that does; held by the working tree and not by HEAD (one the build
/// generates, such as a config.h), the `--overlay` that lays it over the revisions.
/// Asked only when a load failed so.
fn missing_header_hint(msg: &str) -> Option<String> {
    let missing = frontend::missing_header(msg)?;
    let repo = Repo::discover(&std::env::current_dir().ok()?).ok()?;
    if let Some(sub) = repo.absent_submodule_of(missing) {
        return Some(format!(
            "hint: {sub} is a git submodule this clone has not checked out: run `git submodule update --init` (regcause then reads each revision's commit of it)"
        ));
    }
    let found = repo.untracked_named(missing);
    let flags: Vec<String> = found.iter().map(|f| format!("--overlay {f}")).collect();
    (!found.is_empty()).then(|| {
        format!(
            "hint: the working tree has {}, which the revisions lack (does the build generate it?): lay it over both with {}",
            found.join(", "),
            flags.join(" or ")
        )
    })
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

fn cmd_run(rev: &str, input: &InputArgs, config: &ConfigArgs, test: &[String]) -> Res {
    let stdin = read_stdin_file(&input.stdin)?;
    let repo = open_repo()?;
    let t = Test {
        program: test[0].clone(),
        args: test[1..].to_vec(),
        stdin,
        env: run_env(input),
        expect: None,
        config: gather_config(config, &repo)?,
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
            root: None,
            env: run_env(input),
            files: Vec::new(),
            literals: Vec::new(),
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
        InputOrigin::ArgByte { index, offset } => {
            format!("byte {offset} of argv[{index}], read at {at}")
        }
        InputOrigin::Literal {
            literal,
            byte: None,
        } => format!("literal at {literal} passed to the code under test"),
        InputOrigin::Literal {
            literal,
            byte: Some(k),
        } => format!("byte {k} of the string literal at {literal}"),
        InputOrigin::SourceByte { source, offset } => {
            format!("byte {offset} of {}, read at {at}", source_text(source))
        }
        InputOrigin::SourceScan {
            conv,
            source,
            range: (s, e),
        } => format!(
            "%{} conversion at {at}, bytes {s}..{e} of {}",
            *conv as char,
            source_text(source)
        ),
    }
}

fn source_text(s: &crate::exec::InputSource) -> String {
    match s {
        crate::exec::InputSource::File(p) => format!("file {p}"),
        crate::exec::InputSource::Env(n) => format!("environment variable {n}"),
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

fn rev_setup(
    rev: &str,
    input: &InputArgs,
    config: &ConfigArgs,
    test: &[String],
) -> Result<RevSetup, Error> {
    let stdin = read_stdin_file(&input.stdin)?;
    let repo = open_repo()?;
    let t = Test {
        program: test[0].clone(),
        args: test[1..].to_vec(),
        stdin,
        env: run_env(input),
        expect: None,
        config: gather_config(config, &repo)?,
    };
    let tree = repo.materialise(rev)?;
    let prog = oracle::load(tree.path(), &t, rev)?;
    let input = t.input(tree.path());
    Ok(RevSetup { tree, prog, input })
}

fn cmd_pc(
    rev: &str,
    input: &InputArgs,
    config: &ConfigArgs,
    smt2: bool,
    check: bool,
    max_branches: usize,
    test: &[String],
) -> Res {
    let RevSetup {
        tree: _tree,
        prog,
        input: run_input,
    } = rev_setup(rev, input, config, test)?;
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
    config: &ConfigArgs,
    spec: crate::slice::Spec,
    cond: CondKind,
    format: SliceFormat,
    test: &[String],
) -> Res {
    let RevSetup {
        tree,
        prog,
        input: run_input,
    } = rev_setup(rev, input, config, test)?;
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
        trace_entries: run.trace.len(),
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

fn cmd_ir(rev: &str, config: &ConfigArgs, test: &[String]) -> Res {
    let repo = open_repo()?;
    let t = Test {
        program: test[0].clone(),
        config: gather_config(config, &repo)?,
        ..Test::default()
    };
    let tree = repo.materialise(rev)?;
    let p = oracle::load(tree.path(), &t, rev)?;
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
            // A read-only or locked cache is the user's to fix, not an internal error.
            c.clear().map_err(|e| Error::Cache {
                path: path.clone(),
                source: e,
            })?;
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

/// The main command's progress on stderr: the stage under way with its elapsed time,
/// and a bar while DARWIN solves. Hidden unless stderr is a terminal.
struct Progress {
    bar: indicatif::ProgressBar,
    solving: bool,
    /// When each stage began, for `-v`'s time per stage (None: not asked).
    stages: Option<Vec<(&'static str, std::time::Instant)>>,
}

impl Progress {
    /// `timed`: print the time each stage took when the analysis ends (`-v`).
    fn new(timed: bool) -> Progress {
        use std::io::IsTerminal;
        let bar = if std::io::stderr().is_terminal() {
            indicatif::ProgressBar::new_spinner()
        } else {
            indicatif::ProgressBar::hidden()
        };
        if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {msg} ({elapsed})") {
            bar.set_style(style);
        }
        bar.enable_steady_tick(std::time::Duration::from_millis(120));
        Progress {
            bar,
            solving: false,
            stages: timed.then(Vec::new),
        }
    }

    fn update(&mut self, p: crate::analyze::Progress) {
        use crate::analyze::Progress as P;
        match p {
            P::Stage(s) => {
                if let Some(t) = &mut self.stages {
                    t.push((s.name(), std::time::Instant::now()));
                }
                self.solving = false;
                self.bar.set_message(s.name().to_string());
            }
            P::Solving { done, total } => {
                if !self.solving {
                    self.solving = true;
                    self.bar.set_length(total as u64);
                    if let Ok(style) = indicatif::ProgressStyle::with_template(
                        "solving {bar:30} {pos}/{len} branch instances ({elapsed})",
                    ) {
                        self.bar.set_style(style);
                    }
                }
                self.bar.set_position(done as u64);
            }
        }
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
        let Some(t) = self.stages.as_ref().filter(|t| !t.is_empty()) else {
            return;
        };
        let end = std::time::Instant::now();
        let took = t.iter().enumerate().map(|(i, (name, at))| {
            let next = t.get(i + 1).map_or(end, |n| n.1);
            format!("{name} {:.2} s", next.duration_since(*at).as_secs_f64())
        });
        eprintln!(
            "git-regcause: time per stage: {}",
            took.collect::<Vec<_>>().join(", ")
        );
    }
}

/// The revisions to compare: as given, or from a `git bisect` session.
fn revisions(a: &ExplainArgs, repo: &Repo) -> Result<(String, String), Error> {
    match (&a.good, &a.bad) {
        (Some(g), Some(b)) => Ok((g.clone(), b.clone())),
        (None, None) => Ok(repo.bisect_pair()?),
        _ => Err(Error::Usage("give both a good and a bad revision, or neither (after `git bisect`): git regcause [<GOOD> <BAD>] -- <PROGRAM> [ARGS...]".into())),
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
    use crate::analyze::{self, Expectation, Request};
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
    let expect = match (&a.expect, &a.expect_file) {
        (Some(p), _) => Expectation::Given(std::fs::read(p).map_err(|source| Error::Read {
            what: "--expect",
            path: p.clone(),
            source,
        })?),
        (None, Some(p)) => Expectation::InTree(p.clone()),
        (None, None) => Expectation::GoodOutput,
    };
    let repo = open_repo()?;
    let (good, bad) = revisions(a, &repo)?;
    let req = Request {
        good,
        bad,
        test: Test {
            program: a.test[0].clone(),
            args: a.test[1..].to_vec(),
            stdin,
            env: run_env(&a.input),
            expect: None,
            config: gather_config_comparing(&a.config, &repo, &a.compare_file)?,
        },
        condition: a.condition,
        timeout_secs: a.timeout,
        limits: limits(&a.input),
        hunk_search: !a.no_dd,
        expect,
        budget_secs: a.budget,
        jobs: a
            .jobs
            .map_or_else(crate::analyze::default_jobs, usize::from),
    };
    let cache = if a.no_cache {
        crate::cache::Cache::disabled()
    } else {
        crate::cache::Cache::open(&crate::cache::location(a.cache.as_deref(), &repo.git_dir()))
    };
    let mut shown = Progress::new(a.config.verbose);
    let done = analyze::analyze(&repo, &req, cache, &mut |p| shown.update(p));
    shown.finish();
    let done = done?;
    for w in &done.program_warnings {
        eprint_err(w);
    }
    for w in &done.cache_warnings {
        eprintln!("warning: {w}");
    }
    emit(&done.report, a)?;
    Ok(match done.report.verdict {
        _ if done.incomplete => code::INCOMPLETE,
        crate::report::VerdictKind::Regression => code::REGRESSION,
        _ => code::NOTHING_TO_EXPLAIN,
    })
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
    let prog = oracle::load(tree.path(), test, rev)?;
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
    let name = test.cache_name();
    let key = crate::explore::stored::key(&tree.tree, &name, &start, &opts);
    let stored_as = (&key, tree.tree.as_str(), name.as_str());
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

fn explore_test(
    input: &InputArgs,
    config: &ConfigArgs,
    repo: &Repo,
    test: &[String],
) -> Result<Test, Error> {
    let stdin = read_stdin_file(&input.stdin)?;
    Ok(Test {
        program: test[0].clone(),
        args: test[1..].to_vec(),
        stdin,
        expect: None,
        env: run_env(input),
        config: gather_config(config, repo)?,
    })
}

fn print_out(text: &str) {
    let mut o = std::io::stdout().lock();
    let _ = o.write_all(text.as_bytes());
    let _ = o.flush();
}

fn cmd_explore(a: &ExploreArgs) -> Res {
    {
        let repo = open_repo()?;
        let test = explore_test(&a.input, &a.config, &repo, &a.test)?;
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
        let repo = open_repo()?;
        let test = explore_test(&a.input, &a.config, &repo, &a.test)?;
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
