//! Stages of `git regcause GOOD BAD -- TEST` after DARWIN: the data slices that filter
//! value-level candidates, the chain from the top candidate to the failing output, and
//! the notes on undefined-behaviour assumptions. `cli::explain` wires them together.

use std::collections::HashSet;

use crate::analysis::Facts;
use crate::darwin::value::{stmt_loc, DataSlices};
use crate::diffctx::TreeDiff;
use crate::exec::trace::Trace;
use crate::exec::RunResult;
use crate::ir::{Program, Rvalue, StmtId, StmtKind};
use crate::report::{Candidate, ChainStep, Report};
use crate::slice::{Criterion, Slicer, Spec, Tree, Via};

/// One traced run, as the stages below need it.
pub struct TracedRun<'a> {
    pub prog: &'a Program,
    pub trace: &'a Trace,
    pub result: &'a RunResult,
}

/// The criterion of a run: stdout byte `byte` where the run wrote it, else how it ended.
pub fn criterion(r: &TracedRun, byte: Option<usize>) -> anyhow::Result<Criterion> {
    let spec = match byte {
        Some(n) if n < r.result.stdout.len() => Spec::Byte(n),
        _ => Spec::Exit,
    };
    crate::slice::criterion_of(r.result, r.trace, spec)
}

/// The data tree (data dependence only) and the full tree (data and control) of a run
/// from its criterion.
pub struct Trees {
    pub data: Tree,
    pub full: Tree,
    /// Relevant slice members (potential dependence too), descending: the statements
    /// that can affect the criterion, nearest it first.
    pub relevant: Vec<u32>,
}

pub fn trees(r: &TracedRun, byte: Option<usize>) -> anyhow::Result<Trees> {
    let crit = criterion(r, byte)?;
    let slicer = Slicer::new(r.prog, &Facts::new(r.prog), r.trace)?;
    let mut relevant: Vec<u32> = slicer.close(&crit, true)?.iter().collect();
    relevant.reverse();
    Ok(Trees {
        data: slicer.close_tree(&crit, false)?,
        full: slicer.close_tree(&crit, true)?,
        relevant,
    })
}

/// Statements of slice members, in the order given, each once.
fn statements(members: &[u32], trace: &Trace) -> Vec<StmtId> {
    let mut seen = HashSet::new();
    members
        .iter()
        .filter_map(|&i| trace.entries.get(i as usize).map(|e| e.stmt))
        .filter(|s| seen.insert(*s))
        .collect()
}

/// The data slices of both runs for [`crate::darwin::value::candidates`].
pub fn data_slices(good: &TracedRun, gt: &Trees, bad: &TracedRun, bt: &Trees) -> DataSlices {
    let bad_initial_globals = bt
        .data
        .initial_reads
        .iter()
        .filter_map(|&a| bad.trace.allocs.get(a as usize)?.var)
        .filter(|v| v.0 == crate::exec::trace::NONE)
        .map(|v| v.1)
        .collect();
    DataSlices {
        bad: statements(&bt.relevant, bad.trace),
        good: statements(&gt.relevant, good.trace),
        bad_initial_globals,
    }
}

/// Most steps a chain shows; a longer one keeps its start and end around an elision.
const CHAIN_STEPS: usize = 6;

/// Whether a statement only moves a value (a copy: no computation, no decision).
fn is_copy(prog: &Program, id: StmtId) -> bool {
    let Some(b) = prog
        .functions
        .get(id.func as usize)
        .and_then(|f| f.blocks.get(id.block as usize))
    else {
        return false;
    };
    match b.stmts.get(id.index as usize).map(|s| &s.kind) {
        Some(StmtKind::Assign(_, rv)) => matches!(
            rv,
            Rvalue::Use(_)
                | Rvalue::Load(..)
                | Rvalue::Cast { .. }
                | Rvalue::AddrLocal(_)
                | Rvalue::AddrGlobal(_)
        ),
        Some(StmtKind::Store { .. } | StmtKind::Copy { .. } | StmtKind::StorageLive(_)) => true,
        // Terminators (decisions) and calls are never copies.
        _ => false,
    }
}

/// The chain from `cand`'s line to the criterion in the bad run's full tree: one step
/// per source line, lines that only copy a value skipped, at most [`CHAIN_STEPS`].
pub fn chain(bad: &TracedRun, full: &Tree, diff: &TreeDiff, cand: &Candidate) -> Vec<ChainStep> {
    let on_line = |i: u32| {
        bad.trace
            .entries
            .get(i as usize)
            .and_then(|e| stmt_loc(bad.prog, e.stmt))
            .is_some_and(|l| l.line == cand.line && bad.prog.file_name(l) == cand.file)
    };
    // The member on the candidate's line nearest the criterion.
    let Some(&start) = full.order.iter().find(|&&i| on_line(i)) else {
        return Vec::new();
    };
    // (file, line, via, whether every entry of the step is a copy)
    let mut steps: Vec<(String, u32, Via, bool)> = Vec::new();
    for (i, via) in full.chain(start) {
        let Some(e) = bad.trace.entries.get(i as usize) else {
            continue;
        };
        let Some(loc) = stmt_loc(bad.prog, e.stmt).filter(|l| l.line > 0) else {
            continue;
        };
        let file = bad.prog.file_name(loc).to_string();
        let copy = is_copy(bad.prog, e.stmt);
        match steps.last_mut() {
            Some(s) if s.0 == file && s.1 == loc.line => {
                s.2 = via;
                s.3 &= copy;
            }
            _ => steps.push((file, loc.line, via, copy)),
        }
    }
    let n = steps.len();
    let mut kept: Vec<(String, u32, String)> = steps
        .into_iter()
        .enumerate()
        .filter(|(k, s)| *k == 0 || *k + 1 == n || !s.3)
        .map(|(_, s)| {
            let via = match s.2 {
                Via::Data => "data",
                Via::Control => "control",
                Via::Criterion => "output",
            };
            (s.0, s.1, via.to_string())
        })
        .collect();
    if kept.len() > CHAIN_STEPS {
        let tail = kept.split_off(kept.len() - 2);
        kept.truncate(CHAIN_STEPS - 2);
        if let Some(last) = kept.last_mut() {
            last.2 = "elided".into();
        }
        kept.extend(tail);
    }
    kept.into_iter()
        .map(|(file, line, via)| ChainStep {
            source: diff
                .file(&file)
                .and_then(|d| d.line_text(line))
                .unwrap_or("")
                .trim()
                .to_string(),
            file,
            line,
            via,
        })
        .collect()
}

/// Undefined behaviour the run continued past whose statement is in `tree`: the
/// failing output depends on the assumption (`at` strings).
pub fn ub_in(run: &TracedRun, tree: &Tree) -> Vec<String> {
    run.result
        .warnings
        .iter()
        .filter(|w| {
            tree.order.iter().any(|&i| {
                run.trace
                    .entries
                    .get(i as usize)
                    .and_then(|e| stmt_loc(run.prog, e.stmt))
                    == Some(w.loc)
            })
        })
        .map(|w| format!("{} at {}", w.message, w.at))
        .collect()
}

/// Adds the undefined-behaviour notes to `report`: when the bad run's failing output
/// depends on a continued undefined behaviour that the good run's does not, the runs
/// differ because of the assumption and no line is blamed; otherwise each candidate
/// whose chain or line touches it says so.
pub fn note_ub(report: &mut Report, good_ub: &[String], bad_ub: &[String]) {
    if bad_ub.is_empty() {
        return;
    }
    let only_bad = bad_ub.iter().any(|u| !good_ub.contains(u));
    let list = bad_ub.join("; ");
    if only_bad && good_ub.is_empty() {
        report.candidates.clear();
        report.ub_only = true;
        report.notes.push(format!(
            "the good and bad runs differ because of an undefined-behaviour assumption of the bad run ({list}): it continued as if the value were zero, which a native run does not promise; no line is blamed, fix the undefined behaviour first"
        ));
        return;
    }
    for c in &mut report.candidates {
        c.notes.push(format!(
            "the failing output depends on an undefined-behaviour assumption of the bad run ({list}); the analysis assumed zero"
        ));
    }
    report.notes.push(format!(
        "the bad run's failing output depends on undefined behaviour continued as zero: {list}"
    ));
}
