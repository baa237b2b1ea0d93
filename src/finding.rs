//! What the analysis stages find about the lines of the bad revision: typed findings,
//! each a line and the kind of evidence that points at it. The stages (DARWIN, the value
//! stage, the hunk search) return findings in their rank order and never build the
//! report; `report::build` merges several findings on one line into one candidate and
//! renders their notes (`report::notes`), and `analyze::naming` chooses the named lines
//! over them.

use crate::report::Alternative;

/// A line of the bad revision (or, for a deletion, where the deleted code was).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Line {
    /// Relative to the repository.
    pub file: String,
    pub line: u32,
}

impl Line {
    pub fn new(file: impl Into<String>, line: u32) -> Line {
        Line {
            file: file.into(),
            line,
        }
    }

    /// Whether this is `file`:`line`.
    pub fn is(&self, file: &str, line: u32) -> bool {
        self.line == line && self.file == file
    }
}

impl std::fmt::Display for Line {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// One thing a stage found about a line.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub line: Line,
    /// Whether the diff between the revisions touched the line.
    pub changed: bool,
    /// The line's text at the bad revision (a deletion: the deleted code).
    pub source: String,
    /// The diff hunk around the line (unified format).
    pub hunk: Option<String>,
    pub evidence: Evidence,
    /// What else is known about the line (precision lost, how a value arose, ...).
    pub notes: Vec<LineNote>,
}

/// The kinds of evidence a line can have. `report::build` gives each its
/// `report::Explanation`; `analyze::naming` documents the order in which they name.
#[derive(Clone, Debug, PartialEq)]
pub enum Evidence {
    /// A branch of the bad run that flips while the good run keeps its condition
    /// (DARWIN), with the constraint that flips and the replayed alternative input.
    Decision(Box<Decision>),
    /// A statement (or initialiser) whose value reaches the failing output, with where
    /// its value came from.
    Value(Origin),
    /// An unchanged line whose values reach the failing output only in the bad run: the
    /// change exposes it.
    Exposed,
    /// The first unchanged line where the bad run computes another value than the good
    /// run, in a function whose unchanged decision at `decision` flips.
    FirstDifference { decision: Line },
    /// A latent fault: the first unchanged line computing another value, which computes
    /// numbers it never computed in the good run, in an untouched function the change
    /// calls with new values.
    LatentFault,
    /// A decision that skipped the good run's writer of the first differing byte, which
    /// is at `writer` in the bad revision: output went missing here.
    MissingOutput { writer: Line },
    /// The place of a failure-inducing deletion (the hunk search); `source` is the
    /// deleted code.
    Deletion,
    /// A failure-inducing hunk (the hunk search) of code the bad run never executed: a
    /// declaration (a constant, a type, a size, a layout) whose effect is compiled into
    /// the lines that use it.
    Declaration,
    /// A failure-inducing hunk (the hunk search) of code the bad run executed, none of
    /// it in the failing output's relevant slice: no dependence the trace shows leads
    /// from it to the output (a store gone to another place, state kept inside the C
    /// library).
    Unread,
    /// A changed `#define` (or a continuation line of one) expanded at `used_at`, a
    /// line holding a finding; `decision` when that finding is a decision.
    MacroDefinition { used_at: Line, decision: bool },
}

/// A decision's flip and its proof.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The constraint that flips here, as C over the test's inputs.
    pub flipped: String,
    /// The input that takes the other side, replayed at both revisions.
    pub alternative: Alternative,
    /// Branch instances of the bad run on this line.
    pub instances: usize,
}

/// Where a value line's values came from (filled by `explain::link_values` for the
/// changed value lines of the failing slice).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Origin {
    /// The other changed value lines whose values this line's computation reads.
    pub computed_from: Vec<Line>,
    /// The line computed a number the good run never computed.
    pub new_values: bool,
}

/// A note on one line, rendered to text by `report::notes`.
#[derive(Clone, Debug, PartialEq)]
pub enum LineNote {
    /// Precision lost before a flipped branch: the concretisations (`what at file:line:col`).
    Concretised(Vec<String>),
    /// The replay did not follow the predicted path.
    ReplaySurprise(String),
    /// The line writes the first differing output (the criterion's statement).
    WritesFirstDifference,
    /// Why a changed line is a value-level finding.
    ValueReason(ValueReason),
    /// The line expands the changed macro of that name.
    ExpandsChangedMacro(String),
    /// Output went missing here: the good run's writer `good_writer` wrote stdout byte
    /// `offset`; the bad run's writer of it (none: it wrote nothing there).
    OutputWentMissing {
        good_writer: Line,
        offset: usize,
        bad_writer: Option<Line>,
    },
    /// An unchanged line the change exposes (`was`: its line at the good revision).
    ExposedByChange { was: u32 },
    /// The first other value in unchanged code, beside a flipping unchanged decision.
    FirstDifferentValue { was: u32, decision: Line },
    /// The first other value, new numbers in an untouched function the change calls.
    LatentFault { was: u32 },
    /// The line computed a number the good run never computed.
    NewValues,
    /// The change introduces the undefined behaviour (`ub`) the failing output depends on.
    IntroducesUb(String),
    /// The failing output depends on these undefined-behaviour assumptions.
    DependsOnUb(String),
    /// A changed macro definition expanded at `used_at` by a finding of kind `user`.
    DefinesMacro {
        name: String,
        /// The `#define` line, when the change is on a continuation line.
        continues: Option<Line>,
        used_at: Line,
        user: crate::report::Explanation,
    },
    /// The code deleted at this place, restored by the hunk search.
    Deleted(String),
    /// A changed declaration no statement of the bad run executes, which the hunk
    /// search found failure-inducing: its effect is compiled into the lines using it.
    CompiledIn,
    /// A changed line the bad run executed, outside the failing output's slice, which
    /// the hunk search found failure-inducing.
    Unread,
    /// Not named: the value comes from the named line.
    NotNamed { from: Line },
    /// Named as a latent fault exposed by the change at the line.
    NamedLatentFault { by: Line },
    /// Named as the change that exposes the latent faults at these lines.
    NamedExposingChange { faults: Vec<Line> },
}

/// Why a changed line is a value-level finding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueReason {
    /// In the bad run's slice, computing what the good run's slice did not.
    NewInSlice,
    /// In the bad run's slice, with code equal to a statement of the good run's slice.
    SameCode,
    /// A changed initialiser entry the bad run's slice reads (static data).
    StaticData,
    /// A changed initialiser whose initial value the bad run's data slice reads.
    Initialiser,
    /// Without a data slice: only changed.
    Unproven,
}

impl Finding {
    /// A finding with no hunk or notes yet.
    pub fn new(line: Line, changed: bool, source: String, evidence: Evidence) -> Finding {
        Finding {
            line,
            changed,
            source,
            hunk: None,
            evidence,
            notes: Vec::new(),
        }
    }

    /// A finding at `line` of the bad revision with what `diff` says of it: its text,
    /// whether the change touched it, the hunk around it.
    pub fn in_diff(diff: &crate::diffctx::TreeDiff, line: Line, evidence: Evidence) -> Finding {
        let fd = diff.file(&line.file);
        Finding {
            changed: diff.is_changed(&line.file, line.line),
            source: fd
                .and_then(|d| d.line_text(line.line))
                .unwrap_or("")
                .to_string(),
            hunk: fd.and_then(|d| d.hunk_around(line.line, &line.file)),
            ..Finding::new(line, false, String::new(), evidence)
        }
    }

    /// Whether the finding is at `l`.
    pub fn is_at(&self, l: &Line) -> bool {
        self.line == *l
    }

    /// Where the finding is.
    pub fn location(&self) -> Line {
        self.line.clone()
    }

    pub fn is_decision(&self) -> bool {
        matches!(self.evidence, Evidence::Decision(_))
    }

    /// The decision's proof, for a decision.
    pub fn decision(&self) -> Option<&Decision> {
        match &self.evidence {
            Evidence::Decision(d) => Some(d),
            _ => None,
        }
    }

    /// A value line's origin.
    pub fn origin(&self) -> Option<&Origin> {
        match &self.evidence {
            Evidence::Value(o) => Some(o),
            _ => None,
        }
    }

    /// The line computed a number the good run never computed (a linked value line,
    /// or a latent fault).
    pub fn new_values(&self) -> bool {
        match &self.evidence {
            Evidence::Value(o) => o.new_values,
            Evidence::LatentFault => true,
            _ => false,
        }
    }

    /// An unchanged line the change exposes (a latent fault is one).
    pub fn exposed(&self) -> bool {
        matches!(self.evidence, Evidence::Exposed | Evidence::LatentFault)
    }

    /// The line a macro definition is expanded at.
    pub fn used_at(&self) -> Option<&Line> {
        match &self.evidence {
            Evidence::MacroDefinition { used_at, .. } => Some(used_at),
            _ => None,
        }
    }

    /// The other value lines this one is computed from.
    pub fn computed_from(&self) -> &[Line] {
        self.origin().map_or(&[], |o| &o.computed_from)
    }

    /// The report's word for the finding's kind.
    pub fn explanation(&self) -> crate::report::Explanation {
        use crate::report::Explanation as X;
        match &self.evidence {
            Evidence::Decision(_) | Evidence::MacroDefinition { decision: true, .. } => X::Decision,
            Evidence::Value(_)
            | Evidence::Exposed
            | Evidence::FirstDifference { .. }
            | Evidence::LatentFault
            | Evidence::MacroDefinition { .. } => X::Value,
            Evidence::MissingOutput { .. } => X::MissingOutput,
            Evidence::Deletion => X::Deletion,
            Evidence::Declaration => X::Declaration,
            Evidence::Unread => X::Unread,
        }
    }
}

/// What the naming decided (`analyze::naming::name`): the lines named, the kind of
/// evidence that named them, and the notes it adds to lines (which is the latent fault,
/// which the change, which line is not named).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Naming {
    pub lines: Vec<Line>,
    pub evidence: Option<crate::report::Evidence>,
    /// Added to the candidate of the line, in order, after its findings' notes.
    pub notes: Vec<(Line, LineNote)>,
}

/// Most lines a report names as the root cause.
pub const NAMED: usize = 3;

impl Naming {
    /// The line the report shows first: the first named, else the best finding.
    pub fn top(&self, findings: &[Finding]) -> Option<Line> {
        self.lines
            .first()
            .cloned()
            .or_else(|| findings.first().map(Finding::location))
    }

    /// Where a finding at `l` goes among the candidates: the named lines first, in
    /// their order, then the rest in theirs.
    pub fn position(&self, l: &Line) -> usize {
        self.lines.iter().position(|n| n == l).unwrap_or(NAMED)
    }
}

/// The findings as candidates see them: the first finding of each line, in order.
/// Later findings on a line add to that line's candidate only what `report::build`
/// merges (a deletion's note); every stage reading earlier findings reads these.
pub fn primary(findings: &[Finding]) -> Vec<&Finding> {
    primary_indices(findings)
        .into_iter()
        .filter_map(|i| findings.get(i))
        .collect()
}

/// The positions of [`primary`]'s findings.
pub fn primary_indices(findings: &[Finding]) -> Vec<usize> {
    let mut seen = std::collections::HashSet::new();
    (0..findings.len())
        .filter(|&i| seen.insert(&findings[i].line))
        .collect()
}
