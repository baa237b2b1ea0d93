//! The test oracle of `git regcause <good> <bad> -- <test>`: runs the test at both
//! revisions, decides whether it is a regression, and finds where the runs first part.
//! The divergence's output event (or failing statement) is the slicing criterion of the
//! later stages.

use std::path::Path;
use std::sync::Arc;

use crate::config::Config;
use crate::exec::{self, Limits, Outcome, OutputEvent, RunInput, RunResult, RuntimeError};
use crate::frontend::{self, FrontendError, SourceError};
use crate::ir::Program;
use crate::repo::{Repo, RepoError};

/// A test: the program as named after `--`, its arguments and input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Test {
    pub program: String,
    pub args: Vec<String>,
    pub stdin: Vec<u8>,
    /// The program's environment (NAME, VALUE): all that `getenv` sees.
    pub env: Vec<(Vec<u8>, Vec<u8>)>,
    /// Expected stdout; without it, the good revision's stdout is the reference.
    pub expect: Option<Vec<u8>>,
    /// The configuration from outside the revisions, the same for every tree.
    pub config: Arc<Config>,
}

impl Test {
    /// A test of `program` with no arguments, input or configuration.
    pub fn named(program: &str) -> Test {
        Test {
            program: program.to_string(),
            ..Test::default()
        }
    }

    /// The configuration as cache-key bytes: results computed under one configuration
    /// must not answer for another (empty without one, so old keys stay valid).
    pub fn config_key(&self) -> String {
        if self.config.is_empty() {
            return String::new();
        }
        serde_json::to_string(&*self.config).unwrap_or_default()
    }

    /// The program's name in cache keys: with the configuration when there is one.
    pub fn cache_name(&self) -> String {
        match self.config_key() {
            k if k.is_empty() => self.program.clone(),
            k => format!("{}\0{k}", self.program),
        }
    }

    /// The run's input in the tree at `root`: it runs in the configured directory
    /// (`--cwd`, relative to the root), so the program's relative paths resolve there.
    pub fn input(&self, root: &Path) -> RunInput {
        let mut argv = vec![self.program.clone().into_bytes()];
        argv.extend(self.args.iter().map(|a| a.clone().into_bytes()));
        let cwd = match &self.config.cwd {
            Some(d) => root.join(d),
            None => root.to_path_buf(),
        };
        RunInput {
            argv,
            stdin: self.stdin.clone(),
            cwd: Some(cwd),
            root: Some(root.to_path_buf()),
            env: self.env.clone(),
            files: Vec::new(),
            literals: Vec::new(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum OracleError {
    #[error(transparent)]
    Repo(#[from] RepoError),
    #[error("at {rev}: {err}")]
    Sources { rev: String, err: SourceError },
    #[error("at {rev}: {err}")]
    Frontend { rev: String, err: FrontendError },
    #[error("at {rev}: cannot read the expected output {path} from the revision's tree: {msg}")]
    ExpectFile {
        rev: String,
        path: String,
        msg: String,
    },
}

impl OracleError {
    pub fn is_unsupported(&self) -> bool {
        matches!(self, OracleError::Frontend { err, .. } if err.is_unsupported())
    }
}

/// One revision's program and run.
pub struct RevRun {
    pub rev: String,
    pub commit: String,
    pub program: Program,
    pub result: RunResult,
}

/// Load the program named by the test from a source tree.
pub fn load(tree: &Path, test: &Test, rev: &str) -> Result<Program, OracleError> {
    load_with(tree, test, rev, frontend::load)
}

/// [`load`], also returning each unit's preprocessed text.
pub fn load_keeping_text(
    tree: &Path,
    test: &Test,
    rev: &str,
) -> Result<(Program, frontend::UnitTexts), OracleError> {
    load_with(tree, test, rev, frontend::load_keeping_text)
}

/// Find the test's program's sources in `tree` and load them with `load`, errors
/// naming `rev`.
fn load_with<T>(
    tree: &Path,
    test: &Test,
    rev: &str,
    load: impl FnOnce(&Path, &frontend::ProgramSpec) -> Result<T, FrontendError>,
) -> Result<T, OracleError> {
    let mut spec = frontend::find_program(tree, &test.config, &test.program).map_err(|err| {
        OracleError::Sources {
            rev: rev.to_string(),
            err,
        }
    })?;
    // Unconfigured, a test given arguments or stdin is a program's driver, not a unit
    // test: its `main`'s constants are its configuration, and its inputs come from
    // outside. Only a test that reads neither gets the default test file.
    if spec.tests.is_none() && (!test.args.is_empty() || !test.stdin.is_empty()) {
        spec.tests = Some(Vec::new());
    }
    if let Some(d) = &test.config.cwd {
        if !tree.join(d).is_dir() {
            return Err(OracleError::Sources {
                rev: rev.to_string(),
                err: SourceError::Missing {
                    file: format!("the directory {d}"),
                    from: "--cwd".into(),
                },
            });
        }
    }
    load(tree, &spec).map_err(|err| OracleError::Frontend {
        rev: rev.to_string(),
        err,
    })
}

/// Materialise `rev`, load the program and run the test on it.
pub fn run_at(repo: &Repo, rev: &str, test: &Test, limits: Limits) -> Result<RevRun, OracleError> {
    let tree = repo.materialise(rev)?;
    let program = load(tree.path(), test, rev)?;
    let result = exec::run(&program, &test.input(tree.path()), limits);
    Ok(RevRun {
        rev: rev.to_string(),
        commit: tree.commit.clone(),
        program,
        result,
    })
}

/// The expected output kept at `path` inside a revision's own tree (`--expect-file`).
pub fn read_expect_file(tree: &Path, path: &str, rev: &str) -> Result<Vec<u8>, OracleError> {
    let err = |msg: String| OracleError::ExpectFile {
        rev: rev.to_string(),
        path: path.to_string(),
        msg,
    };
    let rel = Path::new(path);
    // The file must lie inside the tree: no absolute paths, no way out through `..`.
    if rel.is_absolute()
        || rel
            .components()
            .any(|c| matches!(c, std::path::Component::ParentDir))
    {
        return Err(err(
            "the path must be relative to the repository root".into()
        ));
    }
    std::fs::read(tree.join(rel)).map_err(|e| err(e.to_string()))
}

/// The bad revision's statement at the slicing criterion: the output statement that
/// wrote the first differing byte (or its last output when it printed less), or the
/// failing statement.
pub fn criterion_loc(d: &Divergence, bad: &RunResult) -> Option<crate::ir::Loc> {
    match d {
        Divergence::Stdout {
            event, last_event, ..
        } => event.as_ref().or(last_event.as_ref()).map(|e| e.loc),
        Divergence::File {
            event, last_event, ..
        } => event.as_ref().or(last_event.as_ref()).map(|e| e.loc),
        Divergence::Ending { .. } => match &bad.outcome {
            Outcome::Fault(e) => Some(e.loc),
            _ => bad.events.last().map(|e| e.loc),
        },
    }
}

/// Where the bad run first differs from the reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Divergence {
    /// stdout differs first at byte `offset`.
    Stdout {
        offset: usize,
        /// The line of the reference output around the offset, and of bad's.
        expected_line: String,
        actual_line: String,
        /// The output statement of `bad` that wrote the first differing byte (none when
        /// bad's output ended early).
        event: Option<OutputEvent>,
        /// When bad printed less: the last output statement it executed.
        last_event: Option<OutputEvent>,
    },
    /// Same stdout, but the file at `path` (relative to the repository root, one of
    /// `Config::compare_files`) is left with other bytes: they differ first at byte
    /// `offset` of the file.
    File {
        path: String,
        offset: usize,
        expected_line: String,
        actual_line: String,
        /// Whether each run wrote the file at all (a file a run never changed, or
        /// removed, counts as empty).
        good_wrote: bool,
        bad_wrote: bool,
        /// The write of `bad` that left the first differing byte there (none when bad's
        /// file ends early).
        event: Option<OutputEvent>,
        /// When bad's file is shorter: the last write bad made into it.
        last_event: Option<OutputEvent>,
    },
    /// Same stdout, different way of ending (exit status, signal or runtime error; a
    /// fault of `bad` carries its statement and stack).
    Ending { good: Outcome, bad: Outcome },
}

/// Why the test already fails at the good revision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoodFailure {
    /// The good run itself stops on a runtime error.
    Fault(RuntimeError),
    /// Its stdout differs from the expected output first at `offset`.
    Expectation {
        offset: usize,
        actual_line: String,
        expected_line: String,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
// One verdict per analysis: the size of the largest variant does not matter.
#[allow(clippy::large_enum_variant)]
pub enum Verdict {
    Regression(Divergence),
    /// The test already fails at the good revision: nothing to explain.
    FailsAtGood(GoodFailure),
    /// The test passes at the bad revision: nothing to explain.
    PassesAtBad,
}

/// The line of `bytes` holding byte `offset` (the last line when it is past the end),
/// without its newline unless that newline is the byte: what a reader sees at a first
/// difference (an empty first line against no output read `""` and `""`).
pub fn line_around(bytes: &[u8], offset: usize) -> String {
    let start = bytes[..offset.min(bytes.len())]
        .iter()
        .rposition(|b| *b == b'\n')
        .map(|i| i + 1)
        .unwrap_or(0);
    let end = match bytes.get(offset) {
        Some(b'\n') => offset + 1,
        _ => bytes[start..]
            .iter()
            .position(|b| *b == b'\n')
            .map(|i| start + i)
            .unwrap_or(bytes.len()),
    };
    String::from_utf8_lossy(&bytes[start..end]).into_owned()
}

/// Decide whether `bad` fails where `good` passes, and where they part.
pub fn judge(good: &RunResult, bad: &RunResult, expect: Option<&[u8]>) -> Verdict {
    judge_each(good, bad, expect, expect)
}

/// As [`judge`], with an expectation per revision (`--expect-file`): good must pass its
/// own, and bad is judged against its own.
pub fn judge_each(
    good: &RunResult,
    bad: &RunResult,
    expect_good: Option<&[u8]>,
    expect_bad: Option<&[u8]>,
) -> Verdict {
    judge_files(good, bad, expect_good, expect_bad, &[])
}

/// As [`judge_each`], the files at `files` (`--compare-file`, paths relative to the
/// repository root) being outputs too: with the same stdout, a file bad leaves with
/// other bytes than good is a regression (before a different ending is).
pub fn judge_files(
    good: &RunResult,
    bad: &RunResult,
    expect_good: Option<&[u8]>,
    expect_bad: Option<&[u8]>,
    files: &[String],
) -> Verdict {
    if let Outcome::Fault(e) = &good.outcome {
        return Verdict::FailsAtGood(GoodFailure::Fault(e.clone()));
    }
    if let Some(exp) = expect_good {
        if good.stdout != exp {
            let offset = first_difference(&good.stdout, exp);
            return Verdict::FailsAtGood(GoodFailure::Expectation {
                offset,
                actual_line: line_around(&good.stdout, offset),
                expected_line: line_around(exp, offset),
            });
        }
    }
    let reference: &[u8] = expect_bad.unwrap_or(&good.stdout);
    if bad.stdout != reference {
        let offset = first_difference(reference, &bad.stdout);
        let event = bad.stdout_event_at(offset).cloned();
        let last_event = if event.is_none() {
            bad.last_stdout_event().cloned()
        } else {
            None
        };
        return Verdict::Regression(Divergence::Stdout {
            offset,
            expected_line: line_around(reference, offset),
            actual_line: line_around(&bad.stdout, offset),
            event,
            last_event,
        });
    }
    for path in files {
        if let Some(d) = file_divergence(good, bad, path) {
            return Verdict::Regression(d);
        }
    }
    if good.outcome != bad.outcome {
        return Verdict::Regression(Divergence::Ending {
            good: good.outcome.clone(),
            bad: bad.outcome.clone(),
        });
    }
    Verdict::PassesAtBad
}

/// Where bad leaves the file at `path` other than good does, if it does.
fn file_divergence(good: &RunResult, bad: &RunResult, path: &str) -> Option<Divergence> {
    let (g, b) = (good.written(path).flatten(), bad.written(path).flatten());
    let (gb, bb) = (g.unwrap_or_default(), b.unwrap_or_default());
    if gb == bb && g.is_some() == b.is_some() {
        return None;
    }
    let offset = first_difference(gb, bb);
    let event = bad.file_event_at(path, offset).cloned();
    let last_event = if event.is_none() {
        bad.last_file_event(path).cloned()
    } else {
        None
    };
    Some(Divergence::File {
        path: path.to_string(),
        offset,
        expected_line: line_around(gb, offset),
        actual_line: line_around(bb, offset),
        good_wrote: g.is_some(),
        bad_wrote: b.is_some(),
        event,
        last_event,
    })
}

/// The offset of the first byte where `a` and `b` differ (the shorter length when one
/// is a prefix of the other).
pub fn first_difference(a: &[u8], b: &[u8]) -> usize {
    a.iter()
        .zip(b.iter())
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn res(out: &str, o: Outcome) -> RunResult {
        RunResult {
            stdout: out.as_bytes().to_vec(),
            stderr: Vec::new(),
            outcome: o,
            steps: 0,
            events: Vec::new(),
            warnings: Vec::new(),
            notes: Vec::new(),
            files: Vec::new(),
        }
    }

    /// The excerpt at a first difference is its line; the newline is shown when it is
    /// the differing byte (an empty first line against no output is `"\n"` and `""`).
    #[test]
    fn the_excerpt_shows_a_newline_only_where_it_differs() {
        assert_eq!(line_around(b"\nRunning\n", 0), "\n");
        assert_eq!(line_around(b"", 0), "");
        assert_eq!(line_around(b"ab\ncd\n", 4), "cd");
        assert_eq!(line_around(b"ab\ncd\n", 5), "cd\n");
        assert_eq!(line_around(b"ab\ncd", 9), "cd");
        assert_eq!(line_around(b"ab\n\n", 3), "\n");
    }

    #[test]
    fn judges_runs() {
        let g = res("a\nb\n", Outcome::Exit(0));
        assert_eq!(judge(&g, &g, None), Verdict::PassesAtBad);
        let b = res("a\nc\n", Outcome::Exit(0));
        match judge(&g, &b, None) {
            Verdict::Regression(Divergence::Stdout {
                offset,
                expected_line,
                actual_line,
                ..
            }) => {
                assert_eq!(offset, 2);
                assert_eq!(expected_line, "b");
                assert_eq!(actual_line, "c");
            }
            v => panic!("{v:?}"),
        }
        let b2 = res("a\nb\n", Outcome::Exit(1));
        assert_eq!(
            judge(&g, &b2, None),
            Verdict::Regression(Divergence::Ending {
                good: Outcome::Exit(0),
                bad: Outcome::Exit(1)
            })
        );
        assert_eq!(
            judge(&g, &g, Some(b"a\nx\n")),
            Verdict::FailsAtGood(GoodFailure::Expectation {
                offset: 2,
                actual_line: "b".into(),
                expected_line: "x".into()
            })
        );
    }

    #[test]
    fn judges_each_revision_against_its_own_expectation() {
        let g = res("a\nb\n", Outcome::Exit(0));
        let b = res("a\nB\n", Outcome::Exit(0));
        // An intended change whose expectation was updated is no regression.
        assert_eq!(
            judge_each(&g, &b, Some(b"a\nb\n"), Some(b"a\nB\n")),
            Verdict::PassesAtBad
        );
        // Bad failing its own expectation is one, even where it matches good's.
        match judge_each(&g, &g, Some(b"a\nb\n"), Some(b"a\nc\n")) {
            Verdict::Regression(Divergence::Stdout { offset, .. }) => assert_eq!(offset, 2),
            v => panic!("{v:?}"),
        }
        assert!(matches!(
            judge_each(&g, &b, Some(b"x"), Some(b"a\nB\n")),
            Verdict::FailsAtGood(_)
        ));
    }

    fn with_file(mut r: RunResult, path: &str, bytes: Option<&str>) -> RunResult {
        r.files.push(crate::exec::WrittenFile {
            path: path.into(),
            bytes: bytes.map(|b| b.as_bytes().to_vec()),
        });
        r
    }

    /// A compared file is output: with the same stdout, bad leaving it with other bytes
    /// (or not writing it) is a regression at its first differing byte; files not
    /// compared, and files equal at both, are not.
    #[test]
    fn compared_files_are_output() {
        let ok = res("done\n", Outcome::Exit(0));
        let g = with_file(ok.clone(), "r.txt", Some("a 1\nb 2\n"));
        let b = with_file(ok.clone(), "r.txt", Some("a 1\nb 3\n"));
        let files = ["r.txt".to_string()];
        assert_eq!(judge_each(&g, &b, None, None), Verdict::PassesAtBad);
        assert_eq!(
            judge_files(&g, &g, None, None, &files),
            Verdict::PassesAtBad
        );
        match judge_files(&g, &b, None, None, &files) {
            Verdict::Regression(Divergence::File {
                path,
                offset,
                expected_line,
                actual_line,
                good_wrote: true,
                bad_wrote: true,
                ..
            }) => {
                assert_eq!((path.as_str(), offset), ("r.txt", 6));
                assert_eq!(
                    (expected_line.as_str(), actual_line.as_str()),
                    ("b 2", "b 3")
                );
            }
            v => panic!("{v:?}"),
        }
        // Not written at bad: a difference at byte 0, bad not having written it.
        assert!(matches!(
            judge_files(&g, &ok, None, None, &files),
            Verdict::Regression(Divergence::File {
                offset: 0,
                bad_wrote: false,
                ..
            })
        ));
        // Written empty at bad versus not written at good: still a difference.
        let empty = with_file(ok.clone(), "r.txt", Some(""));
        assert!(matches!(
            judge_files(&ok, &empty, None, None, &files),
            Verdict::Regression(Divergence::File {
                good_wrote: false,
                ..
            })
        ));
        // Stdout is judged first, and a file difference before a different ending.
        let b_out = with_file(res("oops\n", Outcome::Exit(1)), "r.txt", Some("x"));
        assert!(matches!(
            judge_files(&g, &b_out, None, None, &files),
            Verdict::Regression(Divergence::Stdout { .. })
        ));
        let b_end = with_file(res("done\n", Outcome::Exit(1)), "r.txt", Some("x"));
        assert!(matches!(
            judge_files(&g, &b_end, None, None, &files),
            Verdict::Regression(Divergence::File { .. })
        ));
    }

    #[test]
    fn expect_files_stay_inside_the_tree() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("exp.txt"), "ok\n").expect("write");
        assert_eq!(
            read_expect_file(dir.path(), "exp.txt", "v1").expect("read"),
            b"ok\n"
        );
        assert!(read_expect_file(dir.path(), "../exp.txt", "v1").is_err());
        assert!(read_expect_file(dir.path(), "/etc/passwd", "v1").is_err());
        let e = read_expect_file(dir.path(), "missing.txt", "v1").expect_err("missing");
        assert!(e.to_string().contains("missing.txt"), "{e}");
    }
}
