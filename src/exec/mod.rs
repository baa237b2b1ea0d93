//! The interpreter: runs an IR program on concrete inputs and reports what it printed,
//! how it ended, and (later stages) its trace. It never touches git or SQLite.

pub mod ceiling;
pub mod concolic;
pub mod hooks;
mod interp;
mod io;
mod long_double;
pub mod memory;
pub mod numbers;
pub mod shims;
pub mod trace;

use crate::ir::{FuncId, Loc, Program, StmtId};
use hooks::{First, Whole};
pub use interp::Machine;
pub use io::{InPos, InputSource, Io, WrittenFile, FILE_SYMBOLIC_BYTES, FIRST_FILE_STREAM};

/// The input of one run: what `main` gets and what the program may read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunInput {
    /// argv, including argv[0].
    pub argv: Vec<Vec<u8>>,
    pub stdin: Vec<u8>,
    /// Directory that relative paths given to `fopen` resolve against.
    pub cwd: Option<std::path::PathBuf>,
    /// The tree the run sees: every path it opens must resolve inside it (`cwd` may be
    /// a directory of it, `--cwd`). None: `cwd` is the tree.
    pub root: Option<std::path::PathBuf>,
    /// The program's environment (NAME, VALUE), in order: all that `getenv` sees (the
    /// host's environment never leaks in, so runs are reproducible).
    pub env: Vec<(Vec<u8>, Vec<u8>)>,
    /// Files of the tree with other contents for this run (path relative to `root`,
    /// bytes): an alternative input's variants of fixtures, kept in the run's overlay
    /// (never written to disk).
    pub files: Vec<(String, Vec<u8>)>,
    /// New values of the test's literals (`Program::literals`), by name: the bytes of
    /// an integer's kind (little-endian), or a string's bytes (at most its length; a
    /// NUL may end it early). A name the program does not have is ignored.
    pub literals: Vec<(String, Vec<u8>)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub max_steps: u64,
    /// Bytes a run may write to stdout and stderr together. The interpreter keeps all
    /// output (and where each write came from), so an endless printing loop would
    /// otherwise exhaust memory long before the step limit stops it.
    pub max_output: u64,
    /// Native stack budget (gcc's default 8 MiB), against estimated frame sizes.
    pub stack_bytes: u64,
    /// Bytes regcause itself may hold (`ceiling::live_bytes`: the program's memory, the
    /// trace, output records, symbolic state, and whatever the analysis holds besides).
    /// A run that would go above it stops with an `out-of-memory` limit outcome, checked
    /// at each allocation of the program and every few thousand statements.
    pub max_memory: u64,
    /// Stop at the first undefined behaviour, even where the run could continue under a
    /// documented assumption (an uninitialised read reads zero, the value of a fresh
    /// page). Off by default: such reads become located warnings.
    pub strict: bool,
    /// Continue past an out-of-bounds read a few bytes beside its object (an index one
    /// past an array's end), reading zero, with a located warning. Off by default: such
    /// a read stops the run where it happens, the best place to see the bug. The main
    /// command turns it on when the good revision stops on such a read, which its
    /// native build survives (issue 29, kind 7). Ignored under `strict`.
    pub near_reads: bool,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_steps: DEFAULT_MAX_STEPS,
            max_output: DEFAULT_MAX_OUTPUT,
            stack_bytes: 8 << 20,
            max_memory: ceiling::default_ceiling(),
            strict: false,
            near_reads: false,
        }
    }
}

/// Default step limit: 2 * 10^10 statements, about a minute and a half of
/// interpretation. A test that natively runs for seconds (10^9 statements and more)
/// must finish; an endless loop still stops, with a message naming `--max-steps`.
pub const DEFAULT_MAX_STEPS: u64 = 20_000_000_000;

/// Default output limit: 64 MiB of stdout and stderr together, far above what a test
/// compares, well below what the per-write records of an endless loop would cost.
pub const DEFAULT_MAX_OUTPUT: u64 = 64 << 20;

/// Below this many steps, a derived budget is never smaller (start-up and a little
/// more cost nothing).
const BUDGET_FLOOR: u64 = 1_000_000;

impl Limits {
    /// Limits for a run of the same test on a changed input or a patched tree (an
    /// alternative input being replayed, a subset of hunks): such a run can loop where
    /// the original `reference_steps`-long runs did not, so it gets twenty times their
    /// length (at least a million steps) instead of the user's whole limit, and one
    /// runaway costs about as much as a few ordinary runs. When the reference run
    /// itself hit the limit, the limit stays, so the derived run can end the same way.
    pub fn relative_to(self, reference_steps: u64) -> Limits {
        if reference_steps >= self.max_steps {
            return self;
        }
        let budget = reference_steps.saturating_mul(20).max(BUDGET_FLOOR);
        Limits {
            max_steps: budget.min(self.max_steps),
            ..self
        }
    }
}

/// A fault of a run, as data: what went wrong, where, and through which calls. Text is
/// made in one place, `crate::diagnostic`, which has the `Program` for file and function
/// names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuntimeError {
    pub kind: FaultKind,
    pub message: String,
    pub loc: Loc,
    /// The statement of the innermost function at `loc` (the first one lowered from that
    /// source position); `None` outside any statement (global set-up).
    pub stmt: Option<StmtId>,
    /// Innermost first.
    pub stack: Vec<Frame>,
    /// Extra facts with their places ("allocated at ...", "freed at ...").
    pub notes: Vec<Note>,
}

impl RuntimeError {
    pub fn category(&self) -> FaultCategory {
        self.kind.category()
    }
}

/// One line of a call stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Frame {
    /// An activation of `func`, at the call it made (or, innermost, the current place).
    Call { func: FuncId, loc: Loc },
    /// This many frames left out of a deep stack (runaway recursion).
    Elided(usize),
}

/// A located fact attached to a fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Says what happened ("allocated", "`buf` was created"); the renderer adds the place.
    pub text: String,
    pub loc: Option<Loc>,
}

impl Note {
    pub fn at(text: impl Into<String>, loc: Loc) -> Note {
        Note {
            text: text.into(),
            loc: Some(loc),
        }
    }
}

/// Whose problem a fault is, as Miri separates them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaultCategory {
    /// The program has undefined behaviour (or misuses the library): a bug of the program.
    UndefinedBehaviour,
    /// The program does something regcause does not model: a limit of regcause.
    Unsupported,
    /// A resource ran out: steps, stack or memory.
    Resource,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaultKind {
    OutOfBounds,
    UseAfterFree,
    DoubleFree,
    InvalidFree,
    NullDereference,
    InvalidPointer,
    DivisionByZero,
    DivisionOverflow,
    ShiftOutOfRange,
    UninitialisedRead,
    WriteToReadOnly,
    StackOverflow,
    StepLimit,
    OutputLimit,
    OutOfMemory,
    MissingReturn,
    BadCall,
    /// Undefined behaviour the run cannot give a native meaning to, such as a printf
    /// conversion given an argument of another type.
    UndefinedBehaviour,
    /// A library function was called with arguments regcause cannot model
    /// (e.g. an unsupported printf conversion).
    Unsupported,
}

impl FaultKind {
    /// A stable, short name used in messages, JSON and the fail tests.
    pub fn slug(self) -> &'static str {
        match self {
            FaultKind::OutOfBounds => "out-of-bounds",
            FaultKind::UseAfterFree => "use-after-free",
            FaultKind::DoubleFree => "double-free",
            FaultKind::InvalidFree => "invalid-free",
            FaultKind::NullDereference => "null-dereference",
            FaultKind::InvalidPointer => "invalid-pointer",
            FaultKind::DivisionByZero => "division-by-zero",
            FaultKind::DivisionOverflow => "division-overflow",
            FaultKind::ShiftOutOfRange => "shift-out-of-range",
            FaultKind::UninitialisedRead => "uninitialised-read",
            FaultKind::WriteToReadOnly => "write-to-read-only",
            FaultKind::StackOverflow => "stack-overflow",
            FaultKind::StepLimit => "step-limit",
            FaultKind::OutputLimit => "output-limit",
            FaultKind::OutOfMemory => "out-of-memory",
            FaultKind::MissingReturn => "missing-return",
            FaultKind::BadCall => "bad-call",
            FaultKind::UndefinedBehaviour => "undefined-behaviour",
            FaultKind::Unsupported => "unsupported",
        }
    }
    pub fn category(self) -> FaultCategory {
        match self {
            FaultKind::Unsupported => FaultCategory::Unsupported,
            FaultKind::StackOverflow
            | FaultKind::StepLimit
            | FaultKind::OutputLimit
            | FaultKind::OutOfMemory => FaultCategory::Resource,
            FaultKind::OutOfBounds
            | FaultKind::UseAfterFree
            | FaultKind::DoubleFree
            | FaultKind::InvalidFree
            | FaultKind::NullDereference
            | FaultKind::InvalidPointer
            | FaultKind::DivisionByZero
            | FaultKind::DivisionOverflow
            | FaultKind::ShiftOutOfRange
            | FaultKind::UninitialisedRead
            | FaultKind::WriteToReadOnly
            | FaultKind::MissingReturn
            | FaultKind::BadCall
            | FaultKind::UndefinedBehaviour => FaultCategory::UndefinedBehaviour,
        }
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `exit(n)` or return from `main` (status modulo 256).
    Exit(i32),
    /// Killed by a signal, as `abort()` (6) does after a failed `assert`.
    Signal(i32),
    Fault(RuntimeError),
}

impl Outcome {
    /// The status a shell would see: n, or 128 + signal.
    pub fn shell_status(&self) -> Option<i32> {
        match self {
            Outcome::Exit(n) => Some(*n),
            Outcome::Signal(s) => Some(128 + s),
            Outcome::Fault(_) => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunResult {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub outcome: Outcome,
    pub steps: u64,
    /// Output events in order: the slicing criteria of later stages.
    pub events: Vec<OutputEvent>,
    /// Undefined behaviour the run continued past, located (at most one per location
    /// and kind). Empty under `Limits::strict`, which stops at the first instead.
    pub warnings: Vec<RuntimeError>,
    /// Values regcause fixed to keep runs reproducible that the run read, one per kind,
    /// at its first call site: "time() returns the fixed value 1700000000 at f.c:12
    /// and 2 other places".
    pub notes: Vec<String>,
    /// The files the run changed, as they were when it ended (`--compare-file` compares
    /// them); the k-th one's writes are the events of stream `io::FIRST_FILE_STREAM + k`.
    pub files: Vec<io::WrittenFile>,
}

/// One write to stdout (stream 0), stderr (stream 1) or a file the run changed
/// (stream `io::FIRST_FILE_STREAM + k`, the k-th of `RunResult::files`) by the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputEvent {
    /// The trace entry of the statement that wrote it (`trace::NONE` in untraced runs).
    pub entry: u32,
    pub stream: u8,
    /// Byte range in the stream.
    pub start: usize,
    pub len: usize,
    /// About how many statements the run had executed at its first write and at its
    /// last (a plain run keeps one event for a loop's writes; the two are equal for
    /// one write). The fast path counts steps in its own loop, so a write from it may
    /// see the count of a little earlier.
    pub steps: (u64, u64),
    pub loc: Loc,
    /// Innermost first.
    pub stack: Vec<Frame>,
}

impl OutputEvent {
    /// About how many statements the run had executed when it wrote byte `offset` of
    /// its stream (one of the event's): between its first and last write, in
    /// proportion.
    pub fn step_at(&self, offset: usize) -> u64 {
        let (first, last) = self.steps;
        let into = offset.saturating_sub(self.start) as u128;
        let span = (last.saturating_sub(first)) as u128;
        first + (span * into / (self.len.max(1) as u128)) as u64
    }
}

impl RunResult {
    /// The stdout event that wrote byte `offset` of the run's stdout (none past its end:
    /// output still in stdio's buffer when a signal killed the run never left it).
    pub fn stdout_event_at(&self, offset: usize) -> Option<&OutputEvent> {
        if offset >= self.stdout.len() {
            return None;
        }
        self.events
            .iter()
            .find(|e| e.stream == 0 && e.start <= offset && offset < e.start + e.len)
    }

    /// The last stdout event some of whose bytes are in the run's stdout.
    pub fn last_stdout_event(&self) -> Option<&OutputEvent> {
        self.events
            .iter()
            .rev()
            .find(|e| e.stream == 0 && e.start < self.stdout.len())
    }

    /// How many bytes the program printed that are not in its stdout: still in stdio's
    /// buffer when a signal (`abort()`) killed it, so they never left the process.
    pub fn stdout_lost(&self) -> usize {
        let printed = self
            .events
            .iter()
            .filter(|e| e.stream == 0)
            .map(|e| e.start + e.len)
            .max()
            .unwrap_or(0);
        printed.saturating_sub(self.stdout.len())
    }

    /// The final contents of the file at `path` (relative to the tree's root), when the
    /// run changed it: `Some(None)` when it removed it, `None` when it left it alone.
    pub fn written(&self, path: &str) -> Option<Option<&[u8]>> {
        self.files
            .iter()
            .find(|f| f.path == path)
            .map(|f| f.bytes.as_deref())
    }

    /// The write that left byte `offset` of the changed file `path` as the run ended:
    /// the last one covering it (a later write over the same bytes replaces them).
    pub fn file_event_at(&self, path: &str, offset: usize) -> Option<&OutputEvent> {
        let k = self.files.iter().position(|f| f.path == path)?;
        let stream = u8::try_from(k).ok()?.checked_add(io::FIRST_FILE_STREAM)?;
        self.events
            .iter()
            .rev()
            .find(|e| e.stream == stream && e.start <= offset && offset < e.start + e.len)
    }

    /// The last write into the changed file `path`.
    pub fn last_file_event(&self, path: &str) -> Option<&OutputEvent> {
        let k = self.files.iter().position(|f| f.path == path)?;
        let stream = u8::try_from(k).ok()?.checked_add(io::FIRST_FILE_STREAM)?;
        self.events.iter().rev().find(|e| e.stream == stream)
    }
}

/// Run a program to completion on one input.
pub fn run(prog: &Program, input: &RunInput, limits: Limits) -> RunResult {
    let mut m = Machine::new(prog, input, limits, ());
    m.run_main()
}

/// A concolic run: the concrete run plus its symbolic inputs, path condition and the
/// places where values were concretised.
pub struct ConcolicRun {
    pub result: RunResult,
    pub sym: concolic::SymState,
}

/// Run a program with symbolic inputs (see `concolic`).
pub fn run_concolic(prog: &Program, input: &RunInput, limits: Limits) -> ConcolicRun {
    run_concolic_checked(prog, input, limits, false)
}

/// A concolic run that, with `self_check`, evaluates every symbolic value under the
/// run's concrete inputs and compares it with the concrete value (tests use this; the
/// first mismatch is in `sym.check_failure`).
pub fn run_concolic_checked(
    prog: &Program,
    input: &RunInput,
    limits: Limits,
    self_check: bool,
) -> ConcolicRun {
    let mut st = concolic::SymState::default();
    st.check = self_check;
    let mut m = Machine::new(prog, input, limits, st);
    concolic::literal_inputs(&mut m, Whole);
    let result = m.run_main();
    ConcolicRun { result, sym: m.obs }
}

/// A traced run: the concrete run, its slicing trace and, when asked for, its symbolic
/// state (both observers watch the same run, so branch records name their entries).
pub struct TracedRun {
    pub result: RunResult,
    pub trace: trace::Trace,
    pub sym: Option<concolic::SymState>,
}

/// Run a program recording its slicing trace, concolically when `concolic` is set.
pub fn run_traced(prog: &Program, input: &RunInput, limits: Limits, concolic: bool) -> TracedRun {
    run_traced_until(prog, input, limits, concolic, None)
}

/// [`run_traced`], recording only until the statement that writes stdout byte
/// `stop_after` (when given, and the run writes it): the trace is cut there
/// ([`trace::Trace::cut`]) and the run stops, its result and symbolic state those of
/// that prefix (a step-limit outcome saying why).
pub fn run_traced_until(
    prog: &Program,
    input: &RunInput,
    limits: Limits,
    concolic: bool,
    stop_after: Option<usize>,
) -> TracedRun {
    let until = |mut r: trace::Recorder| {
        if let Some(k) = stop_after {
            r.stop_after_stdout_byte(k);
        }
        r
    };
    let (result, mut trace, sym) = if concolic {
        let obs = (concolic::SymState::default(), trace::Recorder::default());
        let mut m = Machine::new(prog, input, limits, obs);
        concolic::literal_inputs(&mut m, First(Whole));
        m.obs.1 = until(trace::Recorder::start(&mut m));
        let result = m.run_main();
        let (sym, rec) = m.obs;
        (result, rec.trace, Some(sym))
    } else {
        let mut m = Machine::new(prog, input, limits, trace::Recorder::default());
        m.obs = until(trace::Recorder::start(&mut m));
        (m.run_main(), m.obs.trace, None)
    };
    // The arenas grow by doubling, so up to half their capacity is unused at the end;
    // a 10^7-entry trace would otherwise hold hundreds of MiB it never fills.
    trace.shrink_to_fit();
    TracedRun { result, trace, sym }
}

/// The C corpus (`tests/c`) for the library's own tests.
#[cfg(test)]
pub(crate) mod corpus {
    use super::RunInput;
    use std::path::{Path, PathBuf};

    /// The corpus's C files of one kind (`pass`, `fail`, `warn`, `reject`), sorted.
    pub(crate) fn programs(kind: &str) -> Vec<PathBuf> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c");
        let mut files: Vec<_> = std::fs::read_dir(root.join(kind))
            .expect("corpus folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "c"))
            .collect();
        files.sort();
        files
    }

    /// The inputs of corpus program `c_file`: its `[[case]]`s (arguments, stdin) in the
    /// `.toml` beside it, or one run without either.
    pub(crate) fn cases(c_file: &Path) -> Vec<RunInput> {
        let text = std::fs::read_to_string(c_file.with_extension("toml")).unwrap_or_default();
        let table: toml::Table = text.parse().unwrap_or_default();
        let mut out = Vec::new();
        let list = table.get("case").and_then(|c| c.as_array()).cloned();
        for case in list.unwrap_or_default() {
            let mut argv = vec![b"./prog".to_vec()];
            for a in case
                .get("args")
                .and_then(|a| a.as_array())
                .into_iter()
                .flatten()
            {
                argv.push(a.as_str().unwrap_or_default().as_bytes().to_vec());
            }
            let stdin = case.get("stdin").and_then(|s| s.as_str()).unwrap_or("");
            out.push(RunInput {
                argv,
                stdin: stdin.as_bytes().to_vec(),
                ..RunInput::default()
            });
        }
        if out.is_empty() {
            out.push(RunInput::default());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_runs_get_a_budget_unless_the_reference_never_ended() {
        let lim = Limits {
            max_steps: 1_000_000_000,
            ..Limits::default()
        };
        // Short runs: the floor.
        assert_eq!(lim.relative_to(20).max_steps, 1_000_000);
        // Longer runs: twenty times the reference.
        assert_eq!(lim.relative_to(3_000_000).max_steps, 60_000_000);
        // Never above the user's limit.
        assert_eq!(lim.relative_to(900_000_000).max_steps, 1_000_000_000);
        // A reference stopped by the limit keeps it, to end the same way.
        assert_eq!(lim.relative_to(1_000_000_000), lim);
        // Only the step limit changes.
        assert_eq!(lim.relative_to(20).max_output, lim.max_output);
    }

    fn load(src: &str) -> (tempfile::TempDir, Program) {
        let dir = tempfile::tempdir().expect("tempdir");
        let f = dir.path().join("t.c");
        std::fs::write(&f, src).expect("write");
        let prog = crate::frontend::load_files(&[f], &[], &[]).expect("load");
        (dir, prog)
    }

    /// A plain run keeps one output record per place and stack, however many writes
    /// it makes there (it kept one per write, about 170 bytes each, so 10^8 single-byte
    /// writes exhausted memory before the output limit); where the place or the calls
    /// change, a new record starts. Traced runs keep one record per write.
    #[test]
    fn repeated_writes_from_one_place_cost_one_record() {
        let (_d, prog) = load(
            "#include <stdio.h>\nvoid two(void) { putchar('b'); }\nint main(void) {\n  for (int i = 0; i < 100000; i++) putchar('a');\n  two();\n  for (int i = 0; i < 3; i++) putchar('a');\n  return 0;\n}\n",
        );
        let r = run(&prog, &RunInput::default(), Limits::default());
        assert_eq!(r.stdout.len(), 100_004);
        let spans: Vec<(usize, usize)> = r.events.iter().map(|e| (e.start, e.len)).collect();
        assert_eq!(spans, vec![(0, 100_000), (100_000, 1), (100_001, 3)]);
        assert_eq!(r.stdout_event_at(99_999).map(|e| e.loc.line), Some(4));
        assert_eq!(r.stdout_event_at(100_000).map(|e| e.loc.line), Some(2));
        // The merged record spans its writes' steps; a byte's step is in proportion.
        let (first, last) = r.events[0].steps;
        assert!(
            first < last && last < r.events[1].steps.0,
            "{:?}",
            r.events[0].steps
        );
        let mid = r.events[0].step_at(50_000);
        assert!(first < mid && mid < last && r.events[0].step_at(0) == first);
        let t = run_traced(&prog, &RunInput::default(), Limits::default(), false);
        assert_eq!(t.result.events.len(), 100_004);
    }

    /// A fixed value read at many places is one note, at its first place, counting the
    /// others (a test timing each case printed a note per case); another kind of
    /// value is a note of its own.
    #[test]
    fn fixed_values_are_noted_once_per_kind() {
        let (_d, prog) = load(
            "#include <stdio.h>\n#include <time.h>\nint main(void) {\n  long t = clock();\n  t += clock();\n  t += clock();\n  t += (long)time(0);\n  printf(\"%d\\n\", t > 0);\n  return 0;\n}\n",
        );
        let r = run(&prog, &RunInput::default(), Limits::default());
        let notes: Vec<&str> = r
            .notes
            .iter()
            .map(|n| n.rsplit('/').next().unwrap_or(n))
            .collect();
        assert_eq!(notes, ["t.c:4:12 and 2 other places", "t.c:7:14",]);
        assert!(r.notes[0].starts_with("clock() counts interpreted statements (1 µs per 1000) at "));
        assert!(r.notes[1].starts_with("time() returns the fixed value 1700000000 at "));
    }

    /// A sleep returns at once and advances the wall clocks by exactly the time slept
    /// (`time()` by whole seconds), on top of the statements' count; `clock()` (CPU
    /// time) does not move by it.
    #[test]
    fn sleeping_advances_the_wall_clocks_only() {
        let (_d, prog) = load(
            "#include <stdio.h>\n#include <time.h>\n#include <unistd.h>\n#include <sys/time.h>\n\
             int main(void) {\n  time_t t0 = time(0); clock_t c0 = clock();\n\
             struct timeval a, b; gettimeofday(&a, 0);\n\
             sleep(3); usleep(1500000);\n\
             gettimeofday(&b, 0);\n\
             long us = (b.tv_sec - a.tv_sec) * 1000000L + (b.tv_usec - a.tv_usec);\n\
             printf(\"%ld %d %d\\n\", (long)(time(0) - t0), us >= 4500000 && us < 4501000, clock() - c0 < 1000);\n\
             return 0;\n}\n",
        );
        let r = run(&prog, &RunInput::default(), Limits::default());
        assert_eq!(String::from_utf8_lossy(&r.stdout), "4 1 1\n");
    }

    /// A run traced until a stdout byte records up to the statement writing it and
    /// stops there: the trace is the whole run's prefix (its entries, values, branch
    /// records and the byte's writer as a full run has them), marked cut, and the
    /// run's own result says it stopped. Output events say when they were written.
    #[test]
    fn a_trace_cut_at_a_byte_is_the_whole_runs_prefix() {
        let (_d, prog) = load(
            "#include <stdio.h>\nint main(void) {\n  int c = getchar(), x = 7;\n  if (c == 'p') x++;\n  printf(\"%d\\n\", x);\n  long s = 0;\n  for (long i = 0; i < 5000; i++)\n    if (c + (i & 3) == 'q') s += i;\n  printf(\"%ld\\n\", s);\n  return 0;\n}\n",
        );
        let input = RunInput {
            argv: vec![b"prog".to_vec()],
            stdin: b"p".to_vec(),
            ..RunInput::default()
        };
        let whole = run_traced(&prog, &input, Limits::default(), true);
        let cut = run_traced_until(&prog, &input, Limits::default(), true, Some(1));
        assert!(cut.trace.cut && !whole.trace.cut);
        assert_eq!(whole.result.stdout, b"8\n3123750\n");
        // Recording stopped after the first printf: none of the loop is in the trace.
        let writer = cut
            .result
            .stdout_event_at(1)
            .expect("writer of byte 1")
            .entry;
        assert_eq!(writer as usize + 1, cut.trace.len());
        assert!(whole.trace.len() > 10 * cut.trace.len());
        for i in 0..cut.trace.len() {
            assert_eq!(cut.trace.entry(i), whole.trace.entry(i), "entry {i}");
            assert_eq!(cut.trace.value(i), whole.trace.value(i), "value {i}");
        }
        assert_eq!(
            whole.result.stdout_event_at(1).map(|e| e.entry),
            Some(writer)
        );
        // The run stopped there, saying why.
        assert_eq!(cut.result.stdout, b"8\n");
        match &cut.result.outcome {
            Outcome::Fault(e) => assert!(
                e.kind == FaultKind::StepLimit && e.message.contains("recording stopped"),
                "{e:?}"
            ),
            o => panic!("{o:?}"),
        }
        // The symbolic state up to the cut is the whole run's.
        let (cb, wb) = (
            &cut.sym.expect("concolic").branches,
            &whole.sym.expect("concolic").branches,
        );
        assert!(!cb.is_empty() && cb.len() < wb.len());
        assert!(cb
            .iter()
            .zip(wb)
            .all(|(c, w)| c.stmt == w.stmt && c.dest == w.dest));
        // Events say when they were written, in plain runs too.
        let plain = run(&prog, &input, Limits::default());
        let steps: Vec<(u64, u64)> = plain.events.iter().map(|e| e.steps).collect();
        assert!(
            steps[0].0 > 0 && steps[0].0 == steps[0].1 && steps[0].1 < steps[1].0,
            "{steps:?}"
        );
        assert!(steps[1].1 <= plain.steps, "{steps:?}");
    }

    /// Output still in stdio's buffer when `abort()` kills a run is not in its stdout, as
    /// natively (to a pipe): no event is its writer, and the run says how much was lost.
    #[test]
    fn output_lost_at_abort_has_no_writer() {
        let (_d, prog) = load(
            "#include <stdio.h>\n#include <stdlib.h>\nint main(void) {\n  printf(\"kept\\n\");\n  fflush(stdout);\n  printf(\"lost\\n\");\n  abort();\n}\n",
        );
        let r = run(&prog, &RunInput::default(), Limits::default());
        assert_eq!(r.outcome, Outcome::Signal(6));
        assert_eq!(r.stdout, b"kept\n");
        assert_eq!(r.stdout_event_at(0).map(|e| e.loc.line), Some(4));
        assert_eq!(r.stdout_event_at(5).map(|e| e.loc.line), None);
        assert_eq!(r.last_stdout_event().map(|e| e.loc.line), Some(4));
        assert_eq!(r.stdout_lost(), 5);
    }

    /// The files a run changes are in its result as they were when it ended, and each
    /// byte's writer is the last write over it: stdio, `write(2)` and a seek back
    /// that overwrites. A removed file is `None`; a `tmpfile` and an untouched file are
    /// not there; nothing reaches the disk.
    #[test]
    fn written_files_keep_final_bytes_and_their_last_writer() {
        let (d, prog) = load(concat!(
            "#include <stdio.h>\n#include <fcntl.h>\n#include <unistd.h>\n",
            "int main(void) {\n",
            "  FILE *f = fopen(\"out.txt\", \"w\");\n",
            "  fputs(\"abcdef\\n\", f);\n",
            "  fseek(f, 2, SEEK_SET);\n",
            "  fputc('X', f);\n",
            "  fclose(f);\n",
            "  int fd = open(\"raw.bin\", O_WRONLY | O_CREAT | O_TRUNC, 0644);\n",
            "  write(fd, \"zz\", 2);\n",
            "  close(fd);\n",
            "  FILE *t = tmpfile(); fputs(\"tmp\", t); fclose(t);\n",
            "  FILE *g = fopen(\"gone.txt\", \"w\"); fputs(\"x\", g); fclose(g);\n",
            "  remove(\"gone.txt\");\n",
            "  FILE *r = fopen(\"t.c\", \"r\"); fgetc(r); fclose(r);\n",
            "  puts(\"done\");\n",
            "  return 0;\n",
            "}\n",
        ));
        let input = RunInput {
            cwd: Some(d.path().to_path_buf()),
            ..RunInput::default()
        };
        for r in [
            run(&prog, &input, Limits::default()),
            run_traced(&prog, &input, Limits::default(), false).result,
        ] {
            assert_eq!(r.stdout, b"done\n");
            let paths: Vec<&str> = r.files.iter().map(|f| f.path.as_str()).collect();
            assert_eq!(paths, ["out.txt", "raw.bin", "gone.txt"]);
            assert_eq!(r.written("out.txt"), Some(Some(&b"abXdef\n"[..])));
            assert_eq!(r.written("raw.bin"), Some(Some(&b"zz"[..])));
            assert_eq!(r.written("gone.txt"), Some(None));
            assert_eq!(r.written("t.c"), None);
            let line = |path: &str, off: usize| r.file_event_at(path, off).map(|e| e.loc.line);
            assert_eq!(line("out.txt", 1), Some(6));
            assert_eq!(line("out.txt", 2), Some(8), "the overwrite wrote it");
            assert_eq!(line("out.txt", 3), Some(6));
            assert_eq!(line("out.txt", 7), None);
            assert_eq!(line("raw.bin", 0), Some(11));
            assert_eq!(r.last_file_event("out.txt").map(|e| e.loc.line), Some(8));
            // File writes are not stdout's: stdout's events stay as they were.
            assert_eq!(r.stdout_event_at(0).map(|e| e.loc.line), Some(17));
        }
        assert!(
            !d.path().join("out.txt").exists(),
            "a run never writes to disk"
        );
    }

    /// A run that holds more than the memory ceiling stops with a located out-of-memory
    /// limit outcome naming the option, whether the program's own allocations or the
    /// run's records pass it.
    #[test]
    fn the_memory_ceiling_stops_a_run_with_a_limit_outcome() {
        let (_d, prog) = load(
            "#include <stdlib.h>\nint main(void) {\n  for (;;) { char *p = malloc(1 << 20); if (!p) return 1; p[0] = 1; }\n}\n",
        );
        let lim = Limits {
            max_memory: crate::exec::ceiling::live_bytes() + (256 << 20),
            ..Limits::default()
        };
        let r = run(&prog, &RunInput::default(), lim);
        let Outcome::Fault(e) = &r.outcome else {
            panic!("{:?}", r.outcome)
        };
        assert_eq!((e.kind, e.loc.line), (FaultKind::OutOfMemory, 3));
        assert!(e.message.contains("--max-memory"), "{}", e.message);
        // An endless loop recording its trace reaches it too, long before its steps run out.
        let (_d, prog) = load("int main(void) {\n  int s = 0;\n  for (;;) s++;\n}\n");
        let t = run_traced(&prog, &RunInput::default(), lim, false);
        let Outcome::Fault(e) = &t.result.outcome else {
            panic!("{:?}", t.result.outcome)
        };
        assert_eq!(e.kind, FaultKind::OutOfMemory);
        assert!(t.trace.len() > 10_000);
    }
}
