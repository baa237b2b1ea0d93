//! The divergence as the report describes it: where the runs part, the bad revision's
//! statement there and its call stack (`report::Divergence`, rendered by the report).

use crate::diagnostic;
use crate::exec::{Outcome, OutputEvent};
use crate::oracle::Divergence;
use crate::report::{self, Located, Writer};

use super::RevisionRun;

/// The divergence `d` between the good run `g` and the bad run `b`, for the report.
pub fn describe(d: &Divergence, g: &RevisionRun, b: &RevisionRun) -> report::Divergence {
    let fault = match &b.run.result.outcome {
        Outcome::Fault(e) if b.ended() => Some(e),
        _ => None,
    };
    // Stdout and a compared file differ alike: at a byte some write of bad's left there.
    let (file, offset, expected_line, actual_line, event, last_event) = match d {
        Divergence::Stdout {
            offset,
            expected_line,
            actual_line,
            event,
            last_event,
        } => (None, offset, expected_line, actual_line, event, last_event),
        Divergence::File {
            path,
            offset,
            expected_line,
            actual_line,
            event,
            last_event,
            ..
        } => (
            Some(path),
            offset,
            expected_line,
            actual_line,
            event,
            last_event,
        ),
        Divergence::Ending { good, bad } => return ending((good, bad), g, b),
    };
    report::Divergence::Stdout {
        file: file.cloned(),
        offset: *offset,
        expected_line: expected_line.clone(),
        actual_line: actual_line.clone(),
        writer: writer(b, event, last_event),
        fault: fault.map(|e| diagnostic::fault(&b.prog, e).to_string()),
        killed: match &b.run.result.outcome {
            o @ Outcome::Signal(_) => Some(report::Killed {
                ending: diagnostic::outcome(&b.prog, o),
                lost: b.run.result.stdout_lost(),
                said: String::from_utf8_lossy(&b.run.result.stderr)
                    .lines()
                    .rev()
                    .find(|l| !l.trim().is_empty())
                    // A line, not a dump: a failed `assert`'s fits.
                    .map(|l| l.chars().take(300).collect()),
            }),
            _ => None,
        },
    }
}

/// [`describe`] of a different ending.
fn ending(
    (good, bad): (&Outcome, &Outcome),
    g: &RevisionRun,
    b: &RevisionRun,
) -> report::Divergence {
    report::Divergence::Ending {
        good: (diagnostic::outcome(&g.prog, good), g.rev.clone()),
        bad: (diagnostic::outcome(&b.prog, bad), b.rev.clone()),
        failing: match bad {
            Outcome::Fault(e) => Some(located(b, e.loc, &e.stack)),
            _ => None,
        },
    }
}

/// Who in the bad run wrote the first differing byte (`event`), or its last write to
/// that output when it wrote less (`last_event`).
fn writer(
    b: &RevisionRun,
    event: &Option<OutputEvent>,
    last_event: &Option<OutputEvent>,
) -> Writer {
    match (event, last_event) {
        (Some(e), _) => Writer::At(located(b, e.loc, &e.stack)),
        (None, Some(e)) => Writer::EndsEarly(diagnostic::loc(&b.prog, e.loc)),
        _ => Writer::Nothing,
    }
}

/// A statement of the bad run and its call stack, as text.
fn located(b: &RevisionRun, loc: crate::ir::Loc, stack: &[crate::exec::Frame]) -> Located {
    Located {
        at: diagnostic::loc(&b.prog, loc),
        stack: diagnostic::stack(&b.prog, stack),
    }
}
