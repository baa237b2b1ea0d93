//! The one place the analysis's typed notes become the report's English text: the notes
//! on a line ([`LineNote`], a candidate's `notes`) and on the whole analysis ([`Note`],
//! the report's `notes`).

use crate::finding::{Line, LineNote, ValueReason};

/// " (was line N)" for an unchanged line the change moved from line `was` to `line`;
/// nothing when it did not move.
fn moved(was: u32, line: u32) -> String {
    if was == line {
        String::new()
    } else {
        format!(" (was line {was})")
    }
}

/// The note of a hunk-search deletion at its place.
pub fn deleted(code: &str) -> String {
    format!("deleted here: `{code}`; deleting these lines alone from the good revision makes the test fail the bad revision's way (hunk search)")
}

/// The text of note `n` on the candidate at `at`.
pub fn line_note(n: &LineNote, at: &Line) -> String {
    match n {
        LineNote::Concretised(list) => format!(
            "precision lost before this branch (concretised: {}); the flip may not be the only way to leave the path here",
            list.join("; ")
        ),
        LineNote::ReplaySurprise(s) => format!("the replay did not behave as predicted: {s}"),
        LineNote::WritesFirstDifference => "writes the first differing output".into(),
        LineNote::ValueReason(r) => value_reason(*r).into(),
        LineNote::ExpandsChangedMacro(m) => format!(
            "{} `{m}`: its text did not change, the code it expands to did",
            crate::diffctx::EXPANDS_CHANGED_MACRO
        ),
        LineNote::OutputWentMissing {
            good_writer,
            offset,
            bad_writer,
        } => {
            let instead = bad_writer.as_ref().map_or_else(
                || "the bad run wrote nothing there".to_string(),
                |l| format!("{l} wrote it instead"),
            );
            format!("output went missing here: in the good run {good_writer} wrote stdout byte {offset}; in the bad run this decision skipped it and {instead}")
        }
        LineNote::ExposedByChange { was } => format!(
            "unchanged, and exposed by the change: its value reaches the failing output in the bad run, while in the good run this line's values did not reach that output{}",
            moved(*was, at.line)
        ),
        LineNote::FirstDifferentValue { was, decision } => format!(
            "unchanged, and the first line in the failing slice where the bad run computes another value than the good run did here{}; the decision at {decision} in unchanged code of the same function flips: the change may expose a latent fault here",
            moved(*was, at.line)
        ),
        LineNote::LatentFault { was } => format!(
            "unchanged, and the first line in the failing slice where the bad run computes another value than the good run did here{}: it computes numbers it never computed in the good run, in a function the change did not touch but calls, with values it never saw: a latent fault the change may expose",
            moved(*was, at.line)
        ),
        LineNote::NewValues => {
            "it computed a number the good run never computed: a wrong value may arise here".into()
        }
        LineNote::IntroducesUb(u) => format!(
            "the change introduces undefined behaviour here, which the failing output depends on: {u}"
        ),
        LineNote::DependsOnUb(list) => format!(
            "the failing output depends on an undefined-behaviour assumption of the bad run ({list}); the analysis assumed zero"
        ),
        LineNote::DefinesMacro {
            name,
            continues,
            used_at,
            user,
        } => {
            let what = match continues {
                None => format!("defines the macro `{name}`"),
                Some(d) => format!("changes the definition of the macro `{name}` ({d})"),
            };
            format!(
                "{what} used at {used_at}, a {} candidate: the preprocessor puts the statement on that line, so the run never shows this one",
                user.name()
            )
        }
        LineNote::Deleted(code) => deleted(code),
        LineNote::CompiledIn => "a changed declaration: no statement here runs, its effect (a constant, a type, a size or a layout) is compiled into the lines that use it; the hunk search found this change alone makes the test fail".into(),
        LineNote::Unread => "a changed line that runs, outside the failing output's slice: no data or control dependence the analysis sees leads from it to the output (a store gone to another place, state kept inside the C library, an argument passed elsewhere); the hunk search found this change alone makes the test fail".into(),
        LineNote::NotNamed { from } => {
            format!("not named: its value comes from {from}, which is named")
        }
        LineNote::NamedLatentFault { by } => {
            format!("named as a latent fault in unchanged code, exposed by the change at {by}")
        }
        LineNote::NamedExposingChange { faults } => {
            let f: Vec<String> = faults.iter().map(Line::to_string).collect();
            format!(
                "named as the change that exposes the latent fault at {}",
                f.join(", ")
            )
        }
    }
}

fn value_reason(r: ValueReason) -> &'static str {
    match r {
        ValueReason::NewInSlice => "a changed line in the bad run's slice computing what the good run's slice did not: its value reaches the failing output",
        ValueReason::SameCode => "a changed line in the bad run's slice whose code equals a statement of the good run's slice",
        ValueReason::StaticData => "a changed initialiser entry whose value the bad run's slice reads (static data, not a statement)",
        ValueReason::Initialiser => "a changed initialiser whose initial value the bad run's data slice reads",
        ValueReason::Unproven => "a changed line; without a data slice its flow into the output is not proven",
    }
}

/// A note on the whole analysis (the report's `notes`), rendered by [`Note::text`].
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    /// The good run stopped on an out-of-bounds read at `at` just beside an object; both
    /// revisions were run again continuing past such reads.
    NearReads { at: String },
    /// A stage panicked (`stage`: its name); the report holds what the others found.
    StageFailed {
        stage: &'static str,
        message: String,
    },
    /// DARWIN could not compose the two runs' conditions.
    DarwinFailed(String),
    /// Branch instances DARWIN did not solve for its per-line caps.
    Capped {
        instances: usize,
        per_line: usize,
        unknown_per_line: usize,
        hard_per_line: usize,
        secs_per_line: u64,
    },
    /// The solver gave up (timeout) on `unknown` of `calls` queries.
    SolverGaveUp { unknown: usize, calls: usize },
    /// A run (`side`) concretised symbolic values at these places (`what at loc`),
    /// through these library functions.
    Concretised {
        side: &'static str,
        places: Vec<String>,
        functions: Vec<String>,
    },
    /// No data slice for the value-level explanations.
    NoDataSlice(String),
    /// No decision flips: the candidates are value-level explanations.
    ValuesOnly,
    /// Changed value lines follow the decisions.
    ValuesFollow,
    /// The value lines could not be linked.
    NotLinked(String),
    /// The failing output depends on undefined behaviour on a changed line (the list).
    UbOnChangedLine(String),
    /// The runs differ only through the bad run's undefined-behaviour assumption.
    UbOnly(String),
    /// The same, and the hunk search isolated the change that introduces it (named).
    UbIntroducedByChange(String),
    /// The failing output depends on undefined behaviour continued as zero.
    UbContinued(String),
    /// The hunk search could not run.
    HunkSearchImpossible(String),
    /// Subsets of the hunk search that panicked.
    SubsetsPanicked(usize),
    /// The failure-inducing hunks hold no candidate; the best one, unchanged, is at the line.
    ExposesOnly(Line),
    /// The hunk search kept `kept` of `total` changed lines.
    NotNarrowed {
        kept: usize,
        total: usize,
        unresolved: usize,
        tested: usize,
    },
    /// How the bad revision's explored suite fares (`explore::stored::corroborate`).
    Suite(String),
    /// What the budget left undone (`Budget::notes`).
    NotDone(String),
    /// Runs traced only up to their first differing stdout byte: per run, (trace
    /// entries, statements of the whole run).
    /// Per run traced in part: (entries traced, statements run, whether the run was
    /// followed to its end: else it ran at least that many).
    TracedInPart {
        good: Option<(u64, u64, bool)>,
        bad: Option<(u64, u64, bool)>,
    },
}

impl Note {
    /// The note's text in the report.
    pub fn text(&self) -> String {
        match self {
            Note::NearReads { at } => format!(
                "the good revision stops on an out-of-bounds read at {at}, which its native build may survive (it reads what lies beside the object); both revisions were run again continuing past such reads as if they read zero: the analysis holds under that assumption"
            ),
            Note::StageFailed { stage, message } => format!(
                "the {stage} stage stopped on an internal error (a regcause bug; please report it): {message}; the report holds what the other stages found"
            ),
            Note::DarwinFailed(e) => format!(
                "DARWIN could not compose the two runs' conditions: {e}; the candidates come from the other stages"
            ),
            Note::Capped {
                instances,
                per_line,
                unknown_per_line,
                hard_per_line,
                secs_per_line,
            } => format!(
                "{instances} branch instances were not solved: each line gets at most {per_line} queries and {secs_per_line} s of solving, and none after {unknown_per_line} the solver gave up on or {hard_per_line} hard one it proved unsatisfiable"
            ),
            Note::SolverGaveUp { unknown, calls } => format!(
                "the solver gave up on {unknown} of {calls} queries (timeout); their lines are listed as undecided"
            ),
            Note::Concretised {
                side,
                places,
                functions,
            } => {
                let by = if functions.is_empty() {
                    String::new()
                } else {
                    format!("; library functions: {}", functions.join(", "))
                };
                let n = places.len();
                format!(
                    "the {side} run concretised symbolic values at {n} {} (precision lost{by}): {}",
                    if n == 1 { "place" } else { "places" },
                    places.join("; ")
                )
            }
            Note::NoDataSlice(e) => {
                format!("no data slice for the value-level explanations: {e}")
            }
            Note::TracedInPart { good, bad } => {
                let runs: Vec<String> = [("good", good), ("bad", bad)]
                    .iter()
                    .filter_map(|(side, part)| {
                        let (traced, all, ended) = (**part)?;
                        Some(match ended {
                            true => format!("the {side} run's first {traced} of {all} statements"),
                            false => format!(
                                "the {side} run's first {traced} of more than {all} statements (a run longer than a trace could hold, not followed to its end)"
                            ),
                        })
                    })
                    .collect();
                format!(
                    "traced only up to the first differing output byte, since nothing after it can affect it: {}; the symbolic inputs and concretisations are those read before it, and what the value-level stage asks of a whole run is answered by running the test again",
                    runs.join(", ")
                )
            }
            Note::ValuesOnly => "no decision of the bad run can be flipped while the good run keeps its condition: the fault is in a computed value; the candidates are value-level explanations".into(),
            Note::ValuesFollow => "changed lines whose values reach the failing output follow the decisions as value-level explanations".into(),
            Note::NotLinked(e) => format!(
                "value-level lines are not linked to the lines they are computed from: {e}"
            ),
            Note::UbOnChangedLine(list) => format!(
                "the bad run's failing output depends on undefined behaviour on a changed line: {list}"
            ),
            Note::UbOnly(list) => format!(
                "the good and bad runs differ because of an undefined-behaviour assumption of the bad run ({list}): it continued as if the value were zero, which a native run does not promise; no line is blamed, fix the undefined behaviour first"
            ),
            Note::UbIntroducedByChange(list) => format!(
                "the good and bad runs differ because of an undefined-behaviour assumption of the bad run ({list}): it continued as if the value were zero, which a native run does not promise; the hunk search isolated the change that introduces it, named as the root cause: fix the undefined behaviour there"
            ),
            Note::UbContinued(list) => format!(
                "the bad run's failing output depends on undefined behaviour continued as zero: {list}"
            ),
            Note::HunkSearchImpossible(e) => {
                format!("delta debugging on the hunks was not possible: {e}")
            }
            Note::SubsetsPanicked(n) => format!(
                "{n} subset(s) of the hunk search stopped on an internal error (a regcause bug; please report it) and count as unresolved"
            ),
            Note::ExposesOnly(l) => format!(
                "the failure-inducing hunks only expose the fault: no candidate lies inside them, and the best candidate, {l}, is in unchanged code"
            ),
            Note::NotNarrowed {
                kept,
                total,
                unresolved,
                tested,
            } => format!(
                "delta debugging could not narrow the change (it kept {kept} of {total} changed lines; {unresolved} of {tested} subsets did not build or failed another way), so its hunks do not rank the candidates"
            ),
            Note::Suite(s) | Note::NotDone(s) => s.clone(),
        }
    }
}

/// A statement of the bad run with its call stack, as `diagnostic` renders them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Located {
    /// `file:line:col`.
    pub at: String,
    /// The call stack, innermost first.
    pub stack: Vec<String>,
}

/// Where the runs part, as the report describes it ([`Divergence::desc`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Divergence {
    /// The first differing stdout byte, or byte of the written file `file`
    /// (`--compare-file`).
    Stdout {
        file: Option<String>,
        offset: usize,
        expected_line: String,
        actual_line: String,
        /// Who wrote it in the bad run.
        writer: Writer,
        /// The bad run's runtime error, when it stopped on one.
        fault: Option<String>,
        /// When a signal killed the bad run (a failed `assert`, `abort()`).
        killed: Option<Killed>,
    },
    /// The same output, another ending (`good`, `bad`: each run's ending and revision).
    Ending {
        good: (String, String),
        bad: (String, String),
        /// The bad run's failing statement, when it faulted.
        failing: Option<Located>,
    },
}

/// How a signal ended the bad run, as the divergence tells it.
#[derive(Clone, Debug, PartialEq)]
pub struct Killed {
    /// How the run ended (`killed by SIGABRT (abort)`).
    pub ending: String,
    /// The bytes printed but still in stdio's buffer, which never left the process.
    pub lost: usize,
    /// The run's last line on stderr (a failed `assert` says where there).
    pub said: Option<String>,
}

/// The bad run's writer of the first differing byte.
#[derive(Clone, Debug, PartialEq)]
pub enum Writer {
    /// This statement wrote it.
    At(Located),
    /// The output ends early; the last output was written at `file:line:col`.
    EndsEarly(String),
    /// The bad run printed nothing.
    Nothing,
}

impl Divergence {
    /// The report's description.
    pub fn desc(&self) -> super::DivergenceDesc {
        let mut details = Vec::new();
        let located = |details: &mut Vec<String>, before: &str, after: &str, l: &Located| {
            details.push(format!("{before} {}{after}", l.at));
            details.extend(l.stack.iter().map(|f| format!("  {f}")));
            l.at.clone()
        };
        match self {
            Divergence::Stdout {
                file,
                offset,
                expected_line,
                actual_line,
                writer,
                fault,
                killed,
            } => {
                let at = match (writer, file) {
                    (Writer::At(l), _) => Some(located(&mut details, "Written at", " by:", l)),
                    (Writer::EndsEarly(l), None) => {
                        details.push(format!(
                            "The bad revision's output ends early; its last output was written at {l}"
                        ));
                        Some(l.clone())
                    }
                    (Writer::EndsEarly(l), Some(f)) => {
                        details.push(format!(
                            "The bad revision's {f} ends early; its last write into it was at {l}"
                        ));
                        Some(l.clone())
                    }
                    (Writer::Nothing, None) => {
                        details.push(match killed {
                            Some(k) if k.lost > 0 => "The bad revision's output is empty.".into(),
                            _ => "The bad revision printed nothing.".into(),
                        });
                        None
                    }
                    (Writer::Nothing, Some(f)) => {
                        details.push(format!("The bad revision did not write {f}."));
                        None
                    }
                };
                if let Some(f) = fault {
                    details.push(format!(
                        "The bad revision stopped with a runtime error: {f}"
                    ));
                }
                if let Some(k) = killed {
                    match (k.lost, file) {
                        (0, _) | (_, Some(_)) => {
                            details.push(format!("The bad revision was {}.", k.ending))
                        }
                        (n, None) => details.push(format!(
                            "The bad revision was {} with {n} printed bytes still in stdio's buffer: they never left the process, as when its native build prints to a pipe or a file.",
                            k.ending
                        )),
                    }
                    if let Some(l) = &k.said {
                        details.push(format!("Its last line on stderr: {l:?}"));
                    }
                }
                let (summary, stdout_offset, file_offset) = match file {
                    None => (
                        format!("First divergence: stdout byte {offset}"),
                        Some(*offset),
                        None,
                    ),
                    Some(f) => (
                        format!(
                            "First divergence: byte {offset} of the written file {f} (same stdout)"
                        ),
                        None,
                        Some(*offset),
                    ),
                };
                super::DivergenceDesc {
                    summary,
                    details,
                    stdout_offset,
                    file: file.clone(),
                    file_offset,
                    expected_line: Some(expected_line.clone()),
                    actual_line: Some(actual_line.clone()),
                    at,
                }
            }
            Divergence::Ending { good, bad, failing } => {
                let at = failing
                    .as_ref()
                    .map(|l| located(&mut details, "Failing statement:", "", l));
                super::DivergenceDesc {
                    summary: format!(
                        "Same output, different ending: {} at {}, {} at {}",
                        good.0, good.1, bad.0, bad.1
                    ),
                    details,
                    at,
                    ..Default::default()
                }
            }
        }
    }
}

/// The verdict of the oracle as the report states it.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Verdict {
    /// Passes at good, fails at bad: the report explains it.
    #[default]
    Regression,
    /// The bad revision `rev` (commit `commit`) passes too, ending this way.
    PassesAtBad {
        rev: String,
        commit: String,
        ending: String,
    },
    /// The good revision `rev` already fails, for this reason.
    FailsAtGood {
        rev: String,
        commit: String,
        why: String,
    },
    /// The good revision's run stopped at regcause's own limit (its memory ceiling)
    /// before the test's outcome was known, for this reason: the report's kind is
    /// `FailsAtGood` (the analysis is incomplete, exit status 6), its words say that
    /// the test could not be judged.
    Unjudged {
        rev: String,
        commit: String,
        why: String,
    },
}

impl Verdict {
    /// The report's verdict and its reason (for the verdicts with nothing to explain).
    pub fn kind_and_reason(&self) -> (super::VerdictKind, Option<String>) {
        let short = |c: &str| c.get(..10).unwrap_or(c).to_string();
        match self {
            Verdict::Regression => (super::VerdictKind::Regression, None),
            Verdict::PassesAtBad {
                rev,
                commit,
                ending,
            } => (
                super::VerdictKind::PassesAtBad,
                Some(format!(
                    "the test passes at {rev} ({}) too: same output and {ending}",
                    short(commit)
                )),
            ),
            Verdict::FailsAtGood { rev, commit, why } => (
                super::VerdictKind::FailsAtGood,
                Some(format!(
                    "the test already fails at {rev} ({}): {why}",
                    short(commit)
                )),
            ),
            Verdict::Unjudged { rev, commit, why } => (
                super::VerdictKind::FailsAtGood,
                Some(format!(
                    "the test cannot be judged at {rev} ({}): {why}",
                    short(commit)
                )),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unchanged_line_is_said_to_have_moved_only_when_it_did() {
        assert_eq!(moved(401, 401), "");
        assert_eq!(moved(398, 401), " (was line 398)");
        let n = LineNote::ExposedByChange { was: 398 };
        assert!(line_note(&n, &Line::new("p.c", 401)).ends_with(" (was line 398)"));
    }

    #[test]
    fn concretisations_are_counted_in_the_singular_and_the_plural() {
        let note = |places: &[&str]| {
            Note::Concretised {
                side: "bad",
                places: places.iter().map(|p| p.to_string()).collect(),
                functions: vec!["malloc".into()],
            }
            .text()
        };
        assert_eq!(
            note(&["`malloc` of an input-derived value at a.c:8:11"]),
            "the bad run concretised symbolic values at 1 place (precision lost; library \
             functions: malloc): `malloc` of an input-derived value at a.c:8:11"
        );
        assert!(
            note(&["x", "y"]).starts_with("the bad run concretised symbolic values at 2 places")
        );
    }

    #[test]
    fn verdicts_say_why_there_is_nothing_to_explain() {
        let v = Verdict::PassesAtBad {
            rev: "HEAD".into(),
            commit: "0123456789abcdef".into(),
            ending: "exit status 0".into(),
        };
        assert_eq!(
            v.kind_and_reason(),
            (
                super::super::VerdictKind::PassesAtBad,
                Some(
                    "the test passes at HEAD (0123456789) too: same output and exit status 0"
                        .into()
                )
            )
        );
        assert_eq!(Verdict::Regression.kind_and_reason().1, None);
    }

    #[test]
    fn a_divergence_is_described_with_its_statement_and_stack() {
        let at = Located {
            at: "p.c:7:3".into(),
            stack: vec!["main at p.c:7:3".into()],
        };
        let d = Divergence::Stdout {
            file: None,
            offset: 4,
            expected_line: "a".into(),
            actual_line: "b".into(),
            writer: Writer::At(at.clone()),
            fault: None,
            killed: None,
        }
        .desc();
        assert_eq!(d.summary, "First divergence: stdout byte 4");
        assert_eq!(d.details, ["Written at p.c:7:3 by:", "  main at p.c:7:3"]);
        assert_eq!(d.at.as_deref(), Some("p.c:7:3"));
        let d = Divergence::Stdout {
            file: Some("out/r.txt".into()),
            offset: 9,
            expected_line: "total 3".into(),
            actual_line: "total 4".into(),
            writer: Writer::At(at.clone()),
            fault: None,
            killed: None,
        }
        .desc();
        assert_eq!(
            d.summary,
            "First divergence: byte 9 of the written file out/r.txt (same stdout)"
        );
        assert_eq!((d.stdout_offset, d.file_offset), (None, Some(9)));
        assert_eq!(d.file.as_deref(), Some("out/r.txt"));
        let d = Divergence::Stdout {
            file: Some("out/r.txt".into()),
            offset: 0,
            expected_line: "total 3".into(),
            actual_line: String::new(),
            writer: Writer::Nothing,
            fault: None,
            killed: None,
        }
        .desc();
        assert_eq!(d.details, ["The bad revision did not write out/r.txt."]);
        // Killed with its output still buffered: the output it printed is not there.
        // The bad run printed nothing where "ok" was expected, and was aborted.
        let aborted = |lost: usize, said: Option<&str>| {
            Divergence::Stdout {
                file: None,
                offset: 0,
                expected_line: "ok".into(),
                actual_line: String::new(),
                writer: Writer::Nothing,
                fault: None,
                killed: Some(Killed {
                    ending: "killed by SIGABRT (abort)".into(),
                    lost,
                    said: said.map(String::from),
                }),
            }
            .desc()
        };
        let d = aborted(3, None);
        assert_eq!(
            d.details,
            [
                "The bad revision's output is empty.",
                "The bad revision was killed by SIGABRT (abort) with 3 printed bytes still in stdio's buffer: they never left the process, as when its native build prints to a pipe or a file."
            ]
        );
        // Killed with nothing printed: how it ended, and what it said on stderr (a
        // failed `assert` names its line there).
        let d = aborted(0, Some("t: test.c:9: main: Assertion `x' failed."));
        assert_eq!(
            d.details,
            [
                "The bad revision printed nothing.",
                "The bad revision was killed by SIGABRT (abort).",
                "Its last line on stderr: \"t: test.c:9: main: Assertion `x' failed.\""
            ]
        );
        let d = Divergence::Ending {
            good: ("exit status 0".into(), "HEAD~1".into()),
            bad: ("exit status 1".into(), "HEAD".into()),
            failing: None,
        }
        .desc();
        assert_eq!(
            d.summary,
            "Same output, different ending: exit status 0 at HEAD~1, exit status 1 at HEAD"
        );
        assert!(d.details.is_empty() && d.at.is_none() && d.stdout_offset.is_none());
    }
}
