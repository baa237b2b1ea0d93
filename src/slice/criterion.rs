//! Slicing criteria: which trace entries of a run a slice starts from.

use anyhow::{bail, Context, Result};

use super::Criterion;
use crate::exec::trace::{Trace, NONE};
use crate::exec::RunResult;

/// What to slice for, as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spec {
    /// Everything the run wrote to stdout.
    Output,
    /// How the run ended: the value `main` returned, the `exit` call, or the statement
    /// that stopped it (a runtime error, a failed `assert`, `abort`).
    Exit,
    /// The statement that wrote stdout byte N (0-based).
    Byte(usize),
}

impl std::str::FromStr for Spec {
    type Err = String;
    fn from_str(s: &str) -> Result<Spec, String> {
        match s {
            "output" => Ok(Spec::Output),
            "exit" => Ok(Spec::Exit),
            _ => match s.strip_prefix("byte:").map(str::parse::<usize>) {
                Some(Ok(n)) => Ok(Spec::Byte(n)),
                _ => Err(format!(
                    "unknown criterion {s:?}: expected output, exit or byte:N"
                )),
            },
        }
    }
}

/// The criterion `spec` of a traced run.
pub fn criterion_of(result: &RunResult, trace: &Trace, spec: Spec) -> Result<Criterion> {
    let mut entries: Vec<u32> = match spec {
        Spec::Output => result
            .events
            .iter()
            .filter(|e| e.stream == 0)
            .map(|e| e.entry)
            .collect(),
        Spec::Byte(n) => {
            let ev = result.stdout_event_at(n).with_context(|| {
                format!(
                    "the run wrote {} bytes to stdout: there is no byte {n}",
                    result.stdout.len()
                )
            })?;
            vec![ev.entry]
        }
        Spec::Exit => match trace.entries.len() {
            0 => bail!("the run executed nothing"),
            n => vec![n as u32 - 1],
        },
    };
    if entries
        .iter()
        .any(|e| *e == NONE || *e as usize >= trace.entries.len())
    {
        bail!("the run was not traced (output events name no trace entry)");
    }
    if entries.is_empty() {
        bail!("the run wrote nothing to stdout: use --criterion exit");
    }
    entries.sort_unstable();
    entries.dedup();
    Ok(Criterion { entries })
}

/// [`criterion_of`] for a criterion given as text (`output`, `exit`, `byte:N`).
pub fn criterion(result: &RunResult, trace: &Trace, spec: &str) -> Result<Criterion> {
    let spec: Spec = spec.parse().map_err(anyhow::Error::msg)?;
    criterion_of(result, trace, spec)
}
