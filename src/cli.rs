//! The command line: argument definitions (the one source of `--help` and the man page),
//! exit codes, and wiring of the stages. Everything else lives in the library modules.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{CommandFactory, Parser, Subcommand};

use crate::exec::{self, Limits, Outcome, RunInput, DEFAULT_MAX_STEPS};
use crate::frontend;
use crate::oracle::{self, Divergence, OracleError, Test, Verdict};
use crate::repo::Repo;

/// Exit codes of `git regcause <good> <bad>` (documented in --help and the man page).
pub mod code {
    /// The test is a regression; its root-cause candidates were reported.
    pub const REGRESSION: i32 = 0;
    /// Nothing to explain: the test passes at `bad`, or already fails at `good`.
    pub const NOTHING_TO_EXPLAIN: i32 = 1;
    /// Bad command line (clap's own code).
    pub const USAGE: i32 = 2;
    /// Not a git repository, unknown revision.
    pub const REPOSITORY: i32 = 3;
    /// The program's sources cannot be found, preprocessed or parsed.
    pub const PROGRAM: i32 = 4;
    /// The program uses C or libc that regcause does not support.
    pub const UNSUPPORTED: i32 = 5;
    /// `run`/`exec`: the program stopped on a runtime error (undefined behaviour, a limit).
    pub const RUNTIME_ERROR: i32 = 124;
    /// `run`/`exec`: regcause could not run the program at all.
    pub const CANNOT_RUN: i32 = 125;
}

const AFTER_HELP: &str = "\
Exit status of `git regcause <good> <bad> -- <test>`:
  0  the test is a regression; its divergence and root-cause candidates were reported
  1  nothing to explain: the test passes at <bad> or already fails at <good>
  2  bad command line (also: --condition rsc in a build without the slicer)
  3  not a git repository, an unknown revision, no `git bisect` to take revisions
     from, or an --expect-file missing from a revision's tree
  4  the program's sources cannot be found, preprocessed or parsed
  5  the program uses C or library functions regcause does not support
`run` and `exec` exit with the program's own status (128+N when killed by signal N),
124 when it stops on a runtime error, and 125 when regcause cannot run it.";

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
    /// Neither read nor write the analysis cache.
    #[arg(long, conflicts_with = "cache")]
    pub no_cache: bool,
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
        /// What to slice for: all of stdout, how the run ended, or stdout byte N.
        #[arg(long, value_name = "output|exit|byte:N", default_value = "output")]
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

fn eprint_err(msg: impl std::fmt::Display) {
    eprintln!("git-regcause: {msg}");
}

fn read_stdin_file(p: &Option<PathBuf>) -> Result<Vec<u8>, String> {
    match p {
        None => Ok(Vec::new()),
        Some(p) => {
            std::fs::read(p).map_err(|e| format!("cannot read --stdin file {}: {e}", p.display()))
        }
    }
}

fn limits(i: &InputArgs) -> Limits {
    Limits {
        max_steps: i.max_steps,
        strict: i.strict,
        ..Limits::default()
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
    match cli.command {
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
        Some(Command::Cache { action, path }) => cmd_cache(action, path.as_deref()),
        Some(Command::Man { dir }) => cmd_man(&dir),
        None => cmd_explain(&cli.explain),
    }
}

/// Print a run's output and turn its ending into the exit status of `run`/`exec`.
fn finish_run(r: &exec::RunResult) -> i32 {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(&r.stdout);
    let _ = out.flush();
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(&r.stderr);
    for w in &r.warnings {
        let _ = writeln!(
            err,
            "git-regcause: warning: undefined behaviour, continued (reads as zero; --strict stops here): {w}"
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
                "git-regcause: the program stopped with a runtime error: {e}"
            );
            if e.kind == exec::FaultKind::Unsupported {
                code::CANNOT_RUN
            } else {
                code::RUNTIME_ERROR
            }
        }
    }
}

fn open_repo() -> Result<Repo, i32> {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    Repo::discover(&cwd).map_err(|e| {
        eprint_err(e);
        code::REPOSITORY
    })
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

fn cmd_run(rev: &str, input: &InputArgs, test: &[String]) -> i32 {
    let repo = match open_repo() {
        Ok(r) => r,
        Err(_) => return code::CANNOT_RUN,
    };
    let stdin = match read_stdin_file(&input.stdin) {
        Ok(s) => s,
        Err(e) => {
            eprint_err(e);
            return code::CANNOT_RUN;
        }
    };
    let t = Test {
        program: test[0].clone(),
        args: test[1..].to_vec(),
        stdin,
        env: run_env(input),
        expect: None,
    };
    match oracle::run_at(&repo, rev, &t, limits(input)) {
        Ok(r) => {
            eprint_warnings(&r.program, None);
            finish_run(&r.result)
        }
        Err(e) => {
            eprint_err(e);
            code::CANNOT_RUN
        }
    }
}

fn cmd_exec(
    files: &[PathBuf],
    include: &[PathBuf],
    define: &[String],
    input: &InputArgs,
    args: &[String],
) -> i32 {
    let stdin = match read_stdin_file(&input.stdin) {
        Ok(s) => s,
        Err(e) => {
            eprint_err(e);
            return code::CANNOT_RUN;
        }
    };
    let prog = match frontend::load_files(files, include, define) {
        Ok(p) => p,
        Err(e) => {
            eprint_err(e);
            return code::CANNOT_RUN;
        }
    };
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
    finish_run(&r)
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

fn rev_setup(rev: &str, input: &InputArgs, test: &[String]) -> Result<RevSetup, i32> {
    let repo = open_repo()?;
    let stdin = read_stdin_file(&input.stdin).map_err(|e| {
        eprint_err(e);
        code::USAGE
    })?;
    let tree = repo.materialise(rev).map_err(|e| {
        eprint_err(e);
        code::REPOSITORY
    })?;
    let prog = oracle::load(tree.path(), &test[0], rev).map_err(|e| {
        eprint_err(&e);
        oracle_code(&e)
    })?;
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
) -> i32 {
    let RevSetup {
        tree: _tree,
        prog,
        input: run_input,
    } = match rev_setup(rev, input, test) {
        Ok(x) => x,
        Err(c) => return c,
    };
    let run = exec::run_concolic(&prog, &run_input, limits(input));
    let sy = &run.sym;
    let mut o = std::io::stdout().lock();
    if smt2 {
        let conds: Vec<_> = sy.branches.iter().map(|b| b.cond).collect();
        let _ = write!(o, "{}", sy.pool.smt2_script(&conds));
        return 0;
    }
    let _ = writeln!(
        o,
        "Run of {} at {rev}: {}",
        test[0],
        oracle::describe_outcome(&run.result.outcome)
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
            return code::NOTHING_TO_EXPLAIN;
        }
    }
    0
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
) -> i32 {
    let RevSetup {
        tree,
        prog,
        input: run_input,
    } = match rev_setup(rev, input, test) {
        Ok(x) => x,
        Err(c) => return c,
    };
    let run = exec::run_traced(&prog, &run_input, limits(input), true);
    if let Outcome::Fault(e) = &run.result.outcome {
        if e.kind == exec::FaultKind::Unsupported {
            eprint_err(format!("{rev}: {e}"));
            return code::UNSUPPORTED;
        }
    }
    let crit = match crate::slice::criterion_of(&run.result, &run.trace, spec) {
        Ok(c) => c,
        Err(e) => {
            eprint_err(format!("{rev}: slicing criterion: {e:#}"));
            return code::NOTHING_TO_EXPLAIN;
        }
    };
    let facts = crate::analysis::Facts::new(&prog);
    let sl = match crate::slice::slice(&prog, &facts, &run.trace, &crit) {
        Ok(s) => s,
        Err(e) => {
            eprint_err(format!("{rev}: slicing: {e:#}"));
            return code::UNSUPPORTED;
        }
    };
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
        outcome: oracle::describe_outcome(&run.result.outcome),
        criterion_entries: crit.entries.len(),
        trace_entries: run.trace.entries.len(),
        lines,
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
        match serde_json::to_string_pretty(&report) {
            Ok(j) => {
                let _ = writeln!(o, "{j}");
            }
            Err(e) => {
                eprint_err(format!("cannot write the slice as JSON: {e}"));
                return code::CANNOT_RUN;
            }
        }
        return 0;
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
    0
}

fn cmd_ir(rev: &str, test: &[String]) -> i32 {
    let repo = match open_repo() {
        Ok(r) => r,
        Err(c) => return c,
    };
    let tree = match repo.materialise(rev) {
        Ok(t) => t,
        Err(e) => {
            eprint_err(e);
            return code::REPOSITORY;
        }
    };
    match oracle::load(tree.path(), &test[0], rev) {
        Ok(p) => {
            print!("{}", crate::ir::display::program(&p));
            0
        }
        Err(e) => {
            eprint_err(&e);
            if e.is_unsupported() {
                code::UNSUPPORTED
            } else {
                code::PROGRAM
            }
        }
    }
}

fn cmd_cache(action: CacheAction, path: Option<&Path>) -> i32 {
    use crate::cache::{self, Cache};
    let path = match path {
        Some(p) => p.to_path_buf(),
        None if std::env::var_os(cache::ENV_VAR).is_some_and(|v| !v.is_empty()) => {
            cache::location(None, Path::new(""))
        }
        None => match open_repo() {
            Ok(repo) => cache::location(None, &repo.git_dir()),
            Err(c) => return c,
        },
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
            0
        }
        CacheAction::Clear => match c.clear() {
            Ok(()) => {
                println!("cache cleared: {}", path.display());
                0
            }
            Err(e) => {
                eprint_err(e);
                code::CANNOT_RUN
            }
        },
    }
}

fn cmd_man(dir: &Path) -> i32 {
    let man = clap_mangen::Man::new(Cli::command());
    let mut buf = Vec::new();
    if let Err(e) = man.render(&mut buf) {
        eprint_err(e);
        return code::CANNOT_RUN;
    }
    let path = dir.join("git-regcause.1");
    match std::fs::write(&path, buf) {
        Ok(()) => 0,
        Err(e) => {
            eprint_err(format!("cannot write {}: {e}", path.display()));
            code::CANNOT_RUN
        }
    }
}

fn oracle_code(e: &OracleError) -> i32 {
    match e {
        OracleError::Repo(_) => code::REPOSITORY,
        _ if e.is_unsupported() => code::UNSUPPORTED,
        _ => code::PROGRAM,
    }
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
fn revisions(a: &ExplainArgs, repo: &Repo) -> Result<(String, String), i32> {
    match (&a.good, &a.bad) {
        (Some(g), Some(b)) => Ok((g.clone(), b.clone())),
        (None, None) => repo.bisect_pair().map_err(|e| {
            eprint_err(e);
            code::REPOSITORY
        }),
        _ => {
            eprint_err("give both a good and a bad revision, or neither (after `git bisect`): git regcause [<GOOD> <BAD>] -- <PROGRAM> [ARGS...]");
            Err(code::USAGE)
        }
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
}

fn load_rev(repo: &Repo, rev: &str, test: &Test, lim: Limits, traced: bool) -> Result<Loaded, i32> {
    let tree = repo.materialise(rev).map_err(|e| {
        eprint_err(e);
        code::REPOSITORY
    })?;
    let prog = oracle::load(tree.path(), &test.program, rev).map_err(|e| {
        eprint_err(&e);
        oracle_code(&e)
    })?;
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
    })
}

/// Expected stdout of the good and the bad revision (none: good's output is the
/// reference).
type Expectations = (Option<Vec<u8>>, Option<Vec<u8>>);

fn read_expect(a: &ExplainArgs, g: &Loaded, b: &Loaded) -> Result<Expectations, i32> {
    if let Some(p) = &a.expect {
        return match std::fs::read(p) {
            Ok(e) => Ok((Some(e.clone()), Some(e))),
            Err(e) => {
                eprint_err(format!("cannot read --expect file {}: {e}", p.display()));
                Err(code::USAGE)
            }
        };
    }
    if let Some(p) = &a.expect_file {
        let read = |l: &Loaded| {
            oracle::read_expect_file(l.tree.path(), p, &l.rev).map_err(|e| {
                eprint_err(e);
                code::REPOSITORY
            })
        };
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
                    details.push(format!("Written at {} by:", e.at));
                    details.extend(e.stack.iter().map(|(f, l)| format!("  {f} at {l}")));
                    at = Some(e.at.clone());
                }
                (None, Some(e)) => {
                    details.push(format!(
                        "The bad revision's output ends early; its last output was written at {}",
                        e.at
                    ));
                    at = Some(e.at.clone());
                }
                _ => details.push("The bad revision printed nothing.".into()),
            }
            if let Outcome::Fault(e) = &b.run.result.outcome {
                details.push(format!(
                    "The bad revision stopped with a runtime error: {e}"
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
        Divergence::Ending {
            good,
            bad,
            fault_at,
            stack,
        } => {
            let mut details = Vec::new();
            if let Some(at) = fault_at {
                details.push(format!("Failing statement: {at}"));
                details.extend(stack.iter().map(|(f, l)| format!("  {f} at {l}")));
            }
            DivergenceDesc {
                summary: format!(
                    "Same output, different ending: {good} at {}, {bad} at {}",
                    g.rev, b.rev
                ),
                details,
                stdout_offset: None,
                expected_line: None,
                actual_line: None,
                at: fault_at.clone(),
            }
        }
    }
}

fn emit(report: &crate::report::Report, a: &ExplainArgs) -> Result<(), i32> {
    let text = crate::report::render(report, a.format);
    match &a.output {
        Some(p) => std::fs::write(p, text).map_err(|e| {
            eprint_err(format!("cannot write --output file {}: {e}", p.display()));
            code::USAGE
        }),
        None => {
            let mut o = std::io::stdout().lock();
            let _ = o.write_all(text.as_bytes());
            let _ = o.flush();
            Ok(())
        }
    }
}

fn cmd_explain(a: &ExplainArgs) -> i32 {
    match explain(a) {
        Ok(c) | Err(c) => c,
    }
}

fn explain(a: &ExplainArgs) -> Result<i32, i32> {
    use crate::darwin::{self, Side};
    use crate::report::{Report, Revision, TestDesc};
    let started = std::time::Instant::now();
    if a.test.is_empty() {
        if a.good.is_none() && a.bad.is_none() {
            let _ = Cli::command().print_help();
            eprintln!();
        }
        eprint_err("no test given: add `-- <PROGRAM> [ARGS...]` after the revisions");
        return Err(code::USAGE);
    }
    let stdin = read_stdin_file(&a.input.stdin).map_err(|e| {
        eprint_err(e);
        code::USAGE
    })?;
    let repo = open_repo()?;
    let (good, bad) = revisions(a, &repo)?;
    // Resolve both revisions first so a typo is reported before any work.
    for r in [&good, &bad] {
        if let Err(e) = repo.resolve(r) {
            eprint_err(e);
            return Err(code::REPOSITORY);
        }
    }
    let test = Test {
        program: a.test[0].clone(),
        args: a.test[1..].to_vec(),
        stdin,
        env: run_env(&a.input),
        expect: None,
    };
    let lim = limits(&a.input);
    let traced = a.condition == darwin::ConditionKind::Rsc;
    let g = load_rev(&repo, &good, &test, lim, traced)?;
    let b = load_rev(&repo, &bad, &test, lim, traced)?;
    let (exp_g, exp_b) = read_expect(a, &g, &b)?;
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
                oracle::describe_outcome(&b.run.result.outcome)
            ));
            emit(&report, a)?;
            return Ok(code::NOTHING_TO_EXPLAIN);
        }
        Verdict::FailsAtGood(why) => {
            report.verdict = "fails-at-good".into();
            report.reason = Some(format!(
                "the test already fails at {} ({}): {why}",
                good,
                short(&g.tree.commit)
            ));
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
    let cond = |l: &Loaded| {
        let crit = |r: &exec::RunResult, t: &crate::exec::trace::Trace| {
            let spec = match byte {
                Some(n) if n < r.stdout.len() => crate::slice::Spec::Byte(n),
                _ => crate::slice::Spec::Exit,
            };
            crate::slice::criterion_of(r, t, spec)
        };
        darwin::condition(a.condition, &l.prog, &l.run, l.trace.as_ref(), crit).map_err(|e| {
            eprint_err(e);
            code::UNSUPPORTED
        })
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
    let diff = crate::diffctx::TreeDiff::between(g.tree.path(), b.tree.path(), &b.prog.files);
    let cache = if a.no_cache {
        crate::cache::Cache::disabled()
    } else {
        crate::cache::Cache::open(&crate::cache::location(a.cache.as_deref(), &repo.git_dir()))
    };
    let opts = darwin::Options {
        timeout_ms: (a.timeout.saturating_mul(1000)).min(u32::MAX as u64) as u32,
        limits: lim,
        cache: std::cell::RefCell::new(cache),
    };
    let pb = progress_bar(bs.cond.len());
    let analysis = darwin::explain(&gs, &bs, &diff, &opts, |n, _| pb.set_position(n as u64));
    pb.finish_and_clear();
    // A corrupt or locked cache is bypassed; say so once, not per query.
    for w in opts.cache.borrow().warnings() {
        eprintln!("warning: {w}");
    }
    let analysis = analysis.map_err(|e| {
        eprint_err(e);
        code::UNSUPPORTED
    })?;
    report.stats = analysis.stats;
    report.candidates = analysis.candidates;
    report.undecided = analysis.undecided;
    report.notes = analysis.notes;
    if report.candidates.is_empty() {
        let crit = oracle::criterion_loc(d, &b.run.result);
        report.candidates = darwin::value::candidates(&b.prog, &diff, crit, None);
        report.notes.push(
            "no decision of the bad run can be flipped while the good run keeps its condition: the fault is in a computed value; the candidates are value-level explanations".into(),
        );
    } else if !report.candidates.iter().any(|c| c.changed) {
        // Decisions in unchanged code only: a changed value may be what drives them.
        let extra = darwin::value::candidates(&b.prog, &diff, None, None);
        let n = report.candidates.len();
        for (i, mut c) in extra.into_iter().enumerate() {
            if report
                .candidates
                .iter()
                .any(|d| d.file == c.file && d.line == c.line)
            {
                continue;
            }
            c.rank = n + i + 1;
            report.candidates.push(c);
        }
        for (i, c) in report.candidates.iter_mut().enumerate() {
            c.rank = i + 1;
        }
        report.notes.push(
            "every decision candidate lies in unchanged code: the changed lines follow as value-level explanations (a changed value may drive those decisions)".into(),
        );
    }
    report.stats.total_ms = started.elapsed().as_millis() as u64;
    emit(&report, a)?;
    Ok(code::REGRESSION)
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
