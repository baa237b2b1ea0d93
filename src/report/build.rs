//! [`build`]: the only place an analysis (its runs' revisions, verdict, findings,
//! naming, notes and statistics) becomes the serialisable [`Report`]. Several findings
//! on one line merge into that line's one candidate here.

use crate::finding::{Evidence, Finding, Line, LineNote, Naming};

use super::{notes, Candidate, ChainStep, DdSection, Location, Report, Revision, Stats, TestDesc};

/// What one analysis established, for [`build`].
#[derive(Debug, Default)]
pub struct Analysis {
    pub good: Revision,
    pub bad: Revision,
    pub test: TestDesc,
    /// `pc` or `rsc`.
    pub condition: String,
    pub verdict: super::Verdict,
    pub divergence: Option<super::Divergence>,
    pub stats: Stats,
    /// In rank order, several on a line possibly.
    pub findings: Vec<Finding>,
    pub naming: Naming,
    /// The chain of the candidate shown first ([`Naming::top`]).
    pub chain: Vec<ChainStep>,
    /// Branch lines the solver could not decide.
    pub undecided: Vec<Line>,
    pub notes: Vec<super::Note>,
    pub dd: Option<DdSection>,
    /// The runs differ only through undefined behaviour of the bad run.
    pub ub_only: bool,
}

/// The report of `a`.
pub fn build(a: Analysis) -> Report {
    let (verdict, reason) = a.verdict.kind_and_reason();
    Report {
        verdict,
        reason,
        divergence: a.divergence.as_ref().map(super::Divergence::desc),
        stats: a.stats,
        root_cause: a.naming.lines.iter().map(location).collect(),
        root_cause_evidence: a.naming.evidence,
        candidates: candidates(&a.findings, &a.naming, a.chain),
        undecided: a.undecided.iter().map(location).collect(),
        notes: a.notes.iter().map(super::Note::text).collect(),
        dd: a.dd,
        ub_only: a.ub_only,
        ..Report::new(a.good, a.bad, a.test, &a.condition)
    }
}

pub fn location(l: &Line) -> Location {
    Location {
        file: l.file.clone(),
        line: l.line,
    }
}

/// One candidate per line, from the line's first finding: a later deletion on the line
/// adds its deleted code to the notes, other later findings add nothing. Then the
/// naming's notes, the named lines first, ranks, and the top candidate's chain.
fn candidates(findings: &[Finding], naming: &Naming, chain: Vec<ChainStep>) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = Vec::new();
    for f in findings {
        match out.iter_mut().find(|c| f.line.is(&c.file, c.line)) {
            Some(c) if f.evidence == Evidence::Deletion => {
                c.notes.push(notes::deleted(&f.source));
            }
            Some(_) => {}
            None => out.push(candidate(f)),
        }
    }
    for (l, n) in &naming.notes {
        if let Some(c) = out.iter_mut().find(|c| l.is(&c.file, c.line)) {
            c.notes.push(notes::line_note(n, l));
        }
    }
    out.sort_by_key(|c| naming.position(&Line::new(c.file.clone(), c.line)));
    for (i, c) in out.iter_mut().enumerate() {
        c.rank = i + 1;
    }
    if let Some(top) = out.first_mut() {
        top.chain = chain;
    }
    out
}

/// The candidate of a line's first finding.
fn candidate(f: &Finding) -> Candidate {
    let d = f.decision();
    Candidate {
        rank: 0,
        file: f.line.file.clone(),
        line: f.line.line,
        source: f.source.clone(),
        explanation: f.explanation(),
        changed: f.changed,
        instances: d.map_or(1, |d| d.instances),
        flipped: d.map(|d| d.flipped.clone()),
        alternative: d.map(|d| d.alternative.clone()),
        hunk: f.hunk.clone(),
        chain: Vec::new(),
        computed_from: f.computed_from().iter().map(location).collect(),
        new_values: f.new_values(),
        exposed: f.exposed(),
        missing_output: match &f.evidence {
            Evidence::MissingOutput { writer } => Some(location(writer)),
            _ => None,
        },
        used_at: f.used_at().map(location),
        notes: f
            .notes
            .iter()
            .map(|n: &LineNote| notes::line_note(n, &f.line))
            .collect(),
    }
}
