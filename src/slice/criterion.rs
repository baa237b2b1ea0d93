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
    /// The statements that wrote bytes `start..end` (end exclusive, `usize::MAX`: to the
    /// end) of stdout (`stream` 0) or stderr (1).
    Range {
        stream: u8,
        start: usize,
        end: usize,
    },
}

const SPEC_HELP: &str =
    "expected output, exit, byte:N, bytes:N..M, stderr, stderr:N or stderr:N..M";

/// `N` (one byte) or `N..M` (end exclusive; `N..` to the end).
fn byte_range(s: &str) -> Option<(usize, usize)> {
    match s.split_once("..") {
        None => {
            let n: usize = s.parse().ok()?;
            Some((n, n.checked_add(1)?))
        }
        Some((a, "")) => Some((a.parse().ok()?, usize::MAX)),
        Some((a, b)) => {
            let (a, b): (usize, usize) = (a.parse().ok()?, b.parse().ok()?);
            (a < b).then_some((a, b))
        }
    }
}

impl std::str::FromStr for Spec {
    type Err = String;
    fn from_str(s: &str) -> Result<Spec, String> {
        let range = |stream: u8, r: &str| {
            byte_range(r).map(|(start, end)| Spec::Range { stream, start, end })
        };
        let spec = match s {
            "output" => Some(Spec::Output),
            "exit" => Some(Spec::Exit),
            "stderr" => range(1, "0.."),
            _ => {
                if let Some(n) = s.strip_prefix("byte:") {
                    n.parse().ok().map(Spec::Byte)
                } else if let Some(r) = s.strip_prefix("bytes:") {
                    range(0, r)
                } else if let Some(r) = s.strip_prefix("stderr:") {
                    range(1, r)
                } else {
                    None
                }
            }
        };
        spec.ok_or_else(|| format!("unknown criterion {s:?}: {SPEC_HELP}"))
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
        Spec::Range { stream, start, end } => {
            let (name, len) = match stream {
                0 => ("stdout", result.stdout.len()),
                _ => ("stderr", result.stderr.len()),
            };
            let hits: Vec<u32> = result
                .events
                .iter()
                .filter(|e| e.stream == stream && e.start < end && start < e.start + e.len)
                .map(|e| e.entry)
                .collect();
            if hits.is_empty() {
                let want = if end == usize::MAX {
                    format!("from byte {start}")
                } else {
                    format!("in bytes {start}..{end}")
                };
                bail!("the run wrote {len} bytes to {name}: nothing {want}");
            }
            hits
        }
        Spec::Exit => match trace.len() {
            0 => bail!("the run executed nothing"),
            n => vec![n as u32 - 1],
        },
    };
    if entries
        .iter()
        .any(|e| *e == NONE || *e as usize >= trace.len())
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

/// [`criterion_of`] for a criterion given as text (`output`, `exit`, `byte:N`,
/// `bytes:N..M`, `stderr`, `stderr:N..M`).
pub fn criterion(result: &RunResult, trace: &Trace, spec: &str) -> Result<Criterion> {
    let spec: Spec = spec.parse().map_err(anyhow::Error::msg)?;
    criterion_of(result, trace, spec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_form() {
        let p = |s: &str| s.parse::<Spec>();
        assert_eq!(p("output"), Ok(Spec::Output));
        assert_eq!(p("exit"), Ok(Spec::Exit));
        assert_eq!(p("byte:7"), Ok(Spec::Byte(7)));
        let r = |stream, start, end| Ok(Spec::Range { stream, start, end });
        assert_eq!(p("bytes:3..9"), r(0, 3, 9));
        assert_eq!(p("bytes:4"), r(0, 4, 5));
        assert_eq!(p("bytes:4.."), r(0, 4, usize::MAX));
        assert_eq!(p("stderr"), r(1, 0, usize::MAX));
        assert_eq!(p("stderr:2..5"), r(1, 2, 5));
        for bad in [
            "bytes:5..5",
            "bytes:9..3",
            "byte:",
            "stderr:x",
            "all",
            "bytes:1..2..3",
        ] {
            assert!(p(bad).is_err(), "{bad} must be refused");
        }
    }
}
