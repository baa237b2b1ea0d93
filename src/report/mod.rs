//! The report of `git regcause GOOD BAD -- TEST`: a plain data model (serde) and its
//! renderers. The JSON form is versioned (`schema`) and documented in
//! `docs/report-json.md`; every other format is rendered from the same value.

pub mod build;
pub mod bytes;
mod notes;
mod render;

pub use build::{build, Analysis};
pub use notes::{line_note, Divergence, Killed, Located, Note, Verdict, Writer};
pub use render::{markdown, sarif, text};

use serde::{Deserialize, Serialize};

/// Value of [`Report::schema`]; bump the number on any incompatible change.
pub const SCHEMA: &str = "regcause-report/1";

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Report {
    pub schema: String,
    pub tool: Tool,
    pub good: Revision,
    pub bad: Revision,
    pub test: TestDesc,
    /// `regression`, `passes-at-bad` or `fails-at-good`.
    pub verdict: VerdictKind,
    /// Why there is nothing to explain (with the two `nothing` verdicts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub divergence: Option<DivergenceDesc>,
    /// `pc` or `rsc`: which condition of each run was composed.
    pub condition: String,
    pub stats: Stats,
    /// The lines the report names as the root cause, best first, at most three: the
    /// head of `candidates` (see `analyze::naming` for how they are chosen).
    #[serde(default)]
    pub root_cause: Vec<Location>,
    /// The kind of evidence that named `root_cause` (absent when nothing is named).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root_cause_evidence: Option<Evidence>,
    /// Best first: the named lines, then the other candidates.
    pub candidates: Vec<Candidate>,
    /// Branch lines the solver could not decide (timeout): possibly causes, unproven.
    pub undecided: Vec<Location>,
    /// Precision notes that concern the whole analysis.
    pub notes: Vec<String>,
    /// The failure-inducing hunks from delta debugging (absent with `--no-dd`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dd: Option<DdSection>,
    /// The runs differ only because the bad run continued past undefined behaviour
    /// (see `notes`): no line is blamed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ub_only: bool,
}

/// What the oracle decided of the test at the two revisions.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum VerdictKind {
    /// Passes at good, fails at bad: the report explains it.
    #[default]
    Regression,
    /// Nothing to explain: the bad revision passes too.
    PassesAtBad,
    /// Nothing to explain: the good revision already fails.
    FailsAtGood,
}

/// Delta debugging on the diff's hunks, combined with the candidates.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct DdSection {
    /// Hunks of the diff, and groups of dependent hunks that ddmin worked on.
    pub hunks_total: usize,
    /// Changed lines of the diff and of the minimal hunks (the longer side of each).
    #[serde(default)]
    pub changed_lines: usize,
    #[serde(default)]
    pub minimal_lines: usize,
    /// The minimal hunks keep at most half of the changed lines. When not, the
    /// search was mostly blind: its hunks neither rank the candidates nor report lines.
    #[serde(default)]
    pub narrowed: bool,
    pub groups: usize,
    /// Distinct subsets tested, unresolved ones, and those answered by the cache.
    pub subsets_tested: usize,
    pub unresolved: usize,
    pub cache_hits: usize,
    /// Subsets lowered from text spliced out of the two revisions' preprocessed
    /// sources, without running the preprocessor.
    #[serde(default)]
    pub subsets_spliced: usize,
    /// Workers judging subsets at once (`--jobs`), and the subsets they judged ahead
    /// that the search then did not need (the price of judging ahead; not counted in
    /// `subsets_tested`).
    #[serde(default)]
    pub workers: usize,
    #[serde(default)]
    pub subsets_judged_ahead: usize,
    pub search_ms: u64,
    /// The minimal failure-inducing hunks, in path and line order.
    pub hunks: Vec<FailureHunk>,
    /// The lines the combined analysis points at, best first: candidates inside the
    /// hunks, else the hunks' lines in the bad run's relevant slice (then the best
    /// candidate outside when the hunks only expose a fault).
    pub reported: Vec<Location>,
    /// No candidate lies inside the hunks while one lies in unchanged code: the change
    /// only exposes a fault there.
    pub exposes_only: bool,
}

/// One failure-inducing hunk.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct FailureHunk {
    pub file: String,
    /// 1-based first and last line in the bad revision (a pure deletion: the line after
    /// it, twice).
    pub start: u32,
    pub end: u32,
    /// The hunk in unified format, no context.
    pub text: String,
    /// Lines of the hunk that hold candidates, best first.
    pub candidate_lines: Vec<u32>,
    /// Lines of the hunk in the bad run's relevant slice.
    pub slice_lines: Vec<u32>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Tool {
    pub name: String,
    pub version: String,
}

impl Default for Tool {
    fn default() -> Self {
        Tool {
            name: "regcause".into(),
            version: env!("CARGO_PKG_VERSION").into(),
        }
    }
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Revision {
    /// As the user named it.
    pub rev: String,
    pub commit: String,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct TestDesc {
    pub program: String,
    pub args: Vec<String>,
    /// Lossy UTF-8 of the test's standard input.
    pub stdin: String,
    /// The standard input exactly, in base64, when it is not UTF-8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stdin_base64: Option<String>,
    /// The configuration given from outside the revisions (command line, working-tree
    /// `regcause.toml`, `--compile-commands`), when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<crate::config::Config>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct DivergenceDesc {
    /// One sentence: where the runs part.
    pub summary: String,
    /// Further lines: the statement and call stack at the criterion.
    #[serde(default)]
    pub details: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stdout_offset: Option<usize>,
    /// A written file that differs (`--compare-file`; stdout is then the same), and the
    /// offset of its first differing byte.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_offset: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_line: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actual_line: Option<String>,
    /// The bad revision's statement at the criterion (`file:line:col`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Stats {
    /// Branch instances in the good run's condition (f) and the bad run's (ψ1..ψm).
    pub good_constraints: usize,
    pub bad_constraints: usize,
    /// Queries given to the solver; those answered by the analysis cache are counted
    /// in `cache_hits` instead.
    pub solver_calls: usize,
    /// Solver queries answered by the analysis cache.
    #[serde(default)]
    pub cache_hits: usize,
    pub sat: usize,
    pub unsat: usize,
    pub unknown: usize,
    /// ψi not solved because their line was already proven.
    pub skipped: usize,
    pub solving_ms: u64,
    /// SMT-LIB2 bytes of the queries posed (cache hits included): the size of what the
    /// condition gives the solver.
    #[serde(default)]
    pub formula_bytes: usize,
    /// How the solver chain answered DARWIN's queries, per layer (`crate::solver`).
    #[serde(default)]
    pub solver: crate::solver::Counts,
    pub total_ms: u64,
    /// Runs of the interpreter this invocation did (the test at both revisions, the
    /// replays of alternative inputs); 0 when the whole analysis came from the cache.
    #[serde(default)]
    pub executions: usize,
    /// Whether this report was read from the analysis cache (nothing was run or
    /// solved; the other figures are those of the analysis that computed it).
    #[serde(default)]
    pub from_cache: bool,
    /// The bad run's symbolic inputs by kind: what DARWIN could vary.
    #[serde(default)]
    pub symbolic_inputs: SymbolicInputs,
}

/// How many symbolic inputs of each kind a run had (input variables: a byte, or a
/// number converted from input text).
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct SymbolicInputs {
    pub argv: usize,
    pub stdin: usize,
    /// From files of the tree the test read.
    pub files: usize,
    /// Those files, relative to the repository.
    #[serde(default)]
    pub file_paths: Vec<String>,
    /// From environment variables (`getenv`).
    pub env: usize,
    #[serde(default)]
    pub env_names: Vec<String>,
    /// Constants of the test's own source.
    #[serde(default)]
    pub literals: usize,
}

impl SymbolicInputs {
    /// The counts of a run's inputs.
    pub fn of(inputs: &[crate::exec::concolic::InputVar]) -> SymbolicInputs {
        use crate::exec::concolic::InputKind;
        let mut s = SymbolicInputs::default();
        for i in inputs {
            match i.origin.kind() {
                InputKind::Argv => s.argv += 1,
                InputKind::Stdin => s.stdin += 1,
                InputKind::File(p) => {
                    s.files += 1;
                    if !s.file_paths.iter().any(|q| q == p) {
                        s.file_paths.push(p.to_string());
                    }
                }
                InputKind::Env(n) => {
                    s.env += 1;
                    if !s.env_names.iter().any(|q| q == n) {
                        s.env_names.push(n.to_string());
                    }
                }
                InputKind::Literal => s.literals += 1,
            }
        }
        s
    }

    /// One line: `14 from files (tests/a.ini), 0 argv, 0 stdin, 0 environment, 0 literals`.
    pub fn summary(&self) -> String {
        let named = |n: usize, what: &str, names: &[String]| {
            if names.is_empty() {
                format!("{n} {what}")
            } else {
                format!("{n} {what} ({})", names.join(", "))
            }
        };
        format!(
            "{}, {} argv, {} stdin, {}, {} literals",
            named(self.files, "from files", &self.file_paths),
            self.argv,
            self.stdin,
            named(self.env, "environment", &self.env_names),
            self.literals
        )
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Location {
    pub file: String,
    pub line: u32,
}

/// Where a candidate comes from.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Explanation {
    /// A branch of the bad revision that can be flipped while the good revision keeps
    /// the test's behaviour (DARWIN).
    Decision,
    /// No decision differs: a statement of the bad revision computing a value that
    /// reaches the failing output.
    Value,
    /// The place of deleted code (a failure-inducing hunk that only deletes lines): the
    /// line now where the deleted lines were; `source` shows the deleted code.
    Deletion,
    /// A changed declaration the bad run never executes (a constant, a type, a size, a
    /// layout), found failure-inducing by the hunk search.
    Declaration,
    /// A changed line the bad run executes, outside the failing output's relevant
    /// slice (no dependence the trace shows leads from it to the output: a store gone
    /// to another place, state kept inside the C library), found failure-inducing by the
    /// hunk search.
    Unread,
    /// A decision of the bad run that skipped the statement that wrote the first
    /// differing byte in the good run (`missing_output`): output went missing here.
    MissingOutput,
}

impl Explanation {
    /// The word the reports use for it.
    pub fn name(self) -> &'static str {
        match self {
            Explanation::Decision => "decision",
            Explanation::Value => "value",
            Explanation::Deletion => "deletion",
            Explanation::Declaration => "declaration",
            Explanation::Unread => "unread",
            Explanation::MissingOutput => "missing-output",
        }
    }
}

/// The kind of evidence that named the root cause: the first kind of
/// `analyze::naming`'s documented order that yields a line.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Evidence {
    /// The hunk search narrowed the change to these lines.
    HunkSearch,
    /// Changed decisions whose flip is proved by replaying an input.
    Decision,
    /// A changed decision that skipped the good run's writer of the first differing
    /// byte (`Explanation::MissingOutput`).
    MissingOutput,
    /// Changed lines whose value reaches the failing output.
    Value,
    /// Unchanged lines the change exposes: their values reach the output only in the
    /// bad run, and no changed line computed a number the good run never did.
    Exposed,
    /// The best candidate, in unchanged code.
    Candidate,
}

impl Evidence {
    /// The words the reports use for it.
    pub fn name(self) -> &'static str {
        match self {
            Evidence::HunkSearch => "the hunk search",
            Evidence::Decision => "a changed decision",
            Evidence::MissingOutput => "a changed decision that skipped output",
            Evidence::Value => "a changed value",
            Evidence::Exposed => "unchanged lines the change exposes",
            Evidence::Candidate => "the best candidate",
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Candidate {
    /// 1 = best.
    pub rank: usize,
    pub file: String,
    pub line: u32,
    /// The line's text at the bad revision (for a `deletion`, the deleted code).
    pub source: String,
    pub explanation: Explanation,
    /// Whether the diff between the revisions touched the line.
    pub changed: bool,
    /// Branch instances of the bad run on this line (a loop yields many).
    pub instances: usize,
    /// The constraint that flips here, as C over the test's inputs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flipped: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alternative: Option<Alternative>,
    /// The diff hunk around the line (unified format).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hunk: Option<String>,
    /// How this line reaches the failing output, from the line itself to the statement
    /// the criterion names: a few steps of data and control dependence in the bad run,
    /// copies skipped. Given for the top candidate only; empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chain: Vec<ChainStep>,
    /// Value-level candidates: the other changed value-level candidate lines whose
    /// values this line's computation reads in the bad run (data dependence, in either
    /// direction alone: lines feeding each other in a loop are not listed). A line
    /// computed from a named line only carries its value on and is not named itself.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub computed_from: Vec<Location>,
    /// Value-level candidates: in the bad run's slice the line computed a number (not
    /// an address) that the good run never computed anywhere: a value that arose here.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub new_values: bool,
    /// An unchanged line the change exposes: its values reach the failing output in the
    /// bad run, while in the good run that line's values did not.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exposed: bool,
    /// A missing-output candidate: the line (of the bad revision) of the statement that
    /// wrote the first differing byte in the good run and that this decision skipped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missing_output: Option<Location>,
    /// A changed `#define` candidate: the candidate line the macro expands at (through
    /// unchanged macros). The two are one statement to the run, named once: the line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub used_at: Option<Location>,
    /// Precision lost near this candidate (concretisations, replay surprises).
    pub notes: Vec<String>,
}

impl Candidate {
    /// Whether the candidate is at `l`.
    pub fn is_at(&self, l: &Location) -> bool {
        self.file == l.file && self.line == l.line
    }

    /// Where the candidate is.
    pub fn location(&self) -> Location {
        Location {
            file: self.file.clone(),
            line: self.line,
        }
    }
}

/// One step of a candidate's chain to the failing output.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ChainStep {
    pub file: String,
    pub line: u32,
    /// The line's text at the bad revision.
    pub source: String,
    /// How this step reaches the next: `data` (the next step uses a value computed
    /// here), `control` (the next step runs because of a decision here), `elided`
    /// (steps left out in between), or `output` for the last step (the criterion).
    pub via: String,
}

/// An input proving a decision candidate, replayed at both revisions.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Alternative {
    pub args: Vec<String>,
    pub stdin: String,
    pub good_stdout: String,
    pub good_ending: String,
    pub bad_stdout: String,
    pub bad_ending: String,
    /// Whether the replays took the paths the solver predicted.
    pub as_predicted: bool,
    /// Whether both revisions print the same and end alike for this input: the flip
    /// undoes the regression, the strongest sign the decision is where it comes from.
    #[serde(default)]
    pub revisions_agree: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub surprise: Option<String>,
    /// The arguments exactly, in base64, when one of them is not UTF-8 (`args` then
    /// shows them with U+FFFD).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub args_base64: Option<Vec<String>>,
    /// Stdin exactly, in base64, when it is not UTF-8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stdin_base64: Option<String>,
    /// Files of the tree the alternative input changes (fixtures the test reads).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<AltFile>,
    /// Environment variables the alternative input gives another value.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env: Vec<AltEnv>,
    /// The test's literals this input changes: a source edit of the test.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub literals: Vec<LiteralEdit>,
    /// The compared files (`--compare-file`) as each replay left them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub written: Vec<AltWritten>,
}

/// A compared file as the replays of an alternative input left it at each revision
/// (shown like the replays' stdout; `None`: the replay did not write it).
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct AltWritten {
    pub path: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub good: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bad: Option<String>,
}

/// A file of the tree as an alternative input has it: the variant of a fixture.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct AltFile {
    /// Relative to the repository.
    pub path: String,
    /// Unified diff of the test's file against the variant (`a/PATH`, `b/PATH`).
    pub diff: String,
    /// The variant's contents.
    pub content: String,
    /// The contents exactly, in base64, when they are not UTF-8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_base64: Option<String>,
}

impl AltFile {
    /// The variant's bytes exactly.
    pub fn bytes(&self) -> Vec<u8> {
        bytes::exact(&self.content, self.content_base64.as_deref())
    }
}

/// An environment variable as an alternative input sets it (`--env NAME=VALUE`).
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct AltEnv {
    pub name: String,
    pub value: String,
    /// The value exactly, in base64, when it is not UTF-8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_base64: Option<String>,
}

impl AltEnv {
    pub fn value_bytes(&self) -> Vec<u8> {
        bytes::exact(&self.value, self.value_base64.as_deref())
    }
}

/// One literal of the test's source given another value, as C source text.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiteralEdit {
    /// `file:line:col` of the literal.
    pub at: String,
    pub from: String,
    pub to: String,
}

impl Alternative {
    /// The input's stdin exactly.
    pub fn stdin_bytes(&self) -> Vec<u8> {
        bytes::exact(&self.stdin, self.stdin_base64.as_deref())
    }

    /// The input's arguments (argv[1]...) exactly.
    pub fn args_bytes(&self) -> Vec<Vec<u8>> {
        match &self.args_base64 {
            Some(b) if b.len() == self.args.len() => self
                .args
                .iter()
                .zip(b)
                .map(|(a, b)| bytes::exact(a, Some(b)))
                .collect(),
            _ => self.args.iter().map(|a| a.as_bytes().to_vec()).collect(),
        }
    }

    /// The replay took the predicted paths and both revisions ran alike on it: the flip
    /// undoes the regression, the strongest evidence a decision can have.
    pub fn undoes_regression(&self) -> bool {
        self.as_predicted && self.revisions_agree
    }
}

impl Report {
    /// An empty report for a run that has nothing to explain, or to be filled in.
    pub fn new(good: Revision, bad: Revision, test: TestDesc, condition: &str) -> Report {
        Report {
            schema: SCHEMA.into(),
            tool: Tool::default(),
            good,
            bad,
            test,
            verdict: VerdictKind::Regression,
            reason: None,
            divergence: None,
            condition: condition.into(),
            stats: Stats::default(),
            root_cause: Vec::new(),
            root_cause_evidence: None,
            candidates: Vec::new(),
            undecided: Vec::new(),
            notes: Vec::new(),
            dd: None,
            ub_only: false,
        }
    }

    pub fn json(&self) -> String {
        // A value of plain data always serialises.
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }
}

/// Output formats of the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    #[default]
    Text,
    Markdown,
    Json,
    Sarif,
}

pub fn render(r: &Report, f: Format) -> String {
    match f {
        Format::Text => text(r),
        Format::Markdown => markdown(r),
        Format::Json => {
            let mut s = r.json();
            s.push('\n');
            s
        }
        Format::Sarif => {
            let mut s = serde_json::to_string_pretty(&sarif(r)).unwrap_or_default();
            s.push('\n');
            s
        }
    }
}
