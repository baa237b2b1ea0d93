//! The divergence as the report describes it: where the runs part, the bad revision's
//! statement there and its call stack.

use crate::diagnostic;
use crate::exec::Outcome;
use crate::oracle::Divergence;
use crate::report::DivergenceDesc;

use super::RevisionRun;

/// The report's description of the divergence `d` between the good run `g` and the bad run `b`.
pub fn describe(d: &Divergence, g: &RevisionRun, b: &RevisionRun) -> DivergenceDesc {
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
                    at = Some(located(
                        &mut details,
                        "Written at",
                        " by:",
                        b,
                        e.loc,
                        &e.stack,
                    ));
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
                fault_at = Some(located(
                    &mut details,
                    "Failing statement:",
                    "",
                    b,
                    e.loc,
                    &e.stack,
                ));
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

/// Push `"{before} {loc}{after}"` and the call stack under it, indented; returns the
/// location's text.
fn located(
    details: &mut Vec<String>,
    before: &str,
    after: &str,
    b: &RevisionRun,
    loc: crate::ir::Loc,
    stack: &[crate::exec::Frame],
) -> String {
    let l = diagnostic::loc(&b.prog, loc);
    details.push(format!("{before} {l}{after}"));
    details.extend(
        diagnostic::stack(&b.prog, stack)
            .into_iter()
            .map(|f| format!("  {f}")),
    );
    l
}
