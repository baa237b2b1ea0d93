//! Stages of `git regcause GOOD BAD -- TEST` after DARWIN: the data slices that filter
//! value-level candidates, the chain from the top candidate to the failing output, and
//! the notes on undefined-behaviour assumptions. `analyze` wires them together.

use std::collections::HashSet;

use crate::analysis::Facts;
use crate::darwin::value::{stmt_loc, DataSlices};
use crate::diffctx::TreeDiff;
use crate::exec::numbers::{Answers, LineValues, Questions, Want, WholeRun};
use crate::exec::trace::Trace;
use crate::exec::RunResult;
use crate::finding::{self, Evidence, Finding, Line, LineNote, Origin};
use crate::ir::{FileId, Loc, Program, Rvalue, StmtId, StmtKind};
use crate::report::{ChainStep, Note, Report};
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

/// Where a run's slice starts: a stdout byte, a byte of a file the run wrote
/// (`--compare-file`), or how the run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start<'d> {
    Byte(usize),
    FileByte(&'d str, usize),
    Ending,
}

/// The criterion of a run at `start`: for a file's byte, the write that left it there
/// (or the last write into the file, when the run's file is shorter), else how the run
/// ended.
pub fn criterion_at(r: &TracedRun, start: Start) -> anyhow::Result<Criterion> {
    match start {
        Start::Byte(n) => criterion(r, Some(n)),
        Start::Ending => criterion(r, None),
        Start::FileByte(path, off) => {
            let ev = r
                .result
                .file_event_at(path, off)
                .or_else(|| r.result.last_file_event(path));
            match ev {
                Some(e) if (e.entry as usize) < r.trace.len() => Ok(Criterion {
                    entries: vec![e.entry],
                }),
                _ => criterion(r, None),
            }
        }
    }
}

/// The data slice (data dependence only) and the full tree (data and control) of a run
/// from its criterion.
pub struct Trees {
    /// The data slice's statements, each as its instance nearest the criterion, nearest
    /// first ([`Slicer::data_statements`]).
    pub data: Vec<u32>,
    /// Empty when not asked for ([`trees_of`]'s `full`).
    pub full: Tree,
    /// Relevant slice members (potential dependence too): the statements that can
    /// affect the criterion ([`crate::slice::BitSet::iter_rev`]: nearest it first).
    pub relevant: crate::slice::BitSet,
    /// The initialiser entries (static data) the relevant slice read.
    pub static_data: Vec<crate::ir::Loc>,
}

/// The forward index of a run's trace, from which every slice of the run is taken.
pub fn slicer<'a>(r: &TracedRun<'a>) -> anyhow::Result<Slicer<'a>> {
    Slicer::new(r.prog, &Facts::new(r.prog), r.trace)
}

pub fn trees(r: &TracedRun, slicer: &Slicer, byte: Option<usize>) -> anyhow::Result<Trees> {
    let crit = criterion(r, byte)?;
    let set = slicer.close(&crit, true)?;
    let static_data = slicer.static_data(&set);
    trees_of(slicer, &crit, &set, static_data, true)
}

/// [`trees`] of `crit` whose relevant slice `set` (and its static data) is already known;
/// without `full`, [`Trees::full`] is left empty (a closure over most of a long trace
/// that only some runs' readers need).
pub fn trees_of(
    slicer: &Slicer,
    crit: &Criterion,
    set: &crate::slice::BitSet,
    static_data: Vec<Loc>,
    full: bool,
) -> anyhow::Result<Trees> {
    let relevant = set.clone();
    Ok(Trees {
        data: slicer.data_statements(crit)?,
        full: match full {
            true => slicer.close_tree(crit, true)?,
            false => Tree::empty(),
        },
        relevant,
        static_data,
    })
}

/// Statements of slice members, in the order given, each once.
fn statements(members: impl IntoIterator<Item = u32>, trace: &Trace) -> Vec<StmtId> {
    // Asked once per slice member (millions): a dense table of the program's statements.
    let mut seen = vec![false; trace.stmt_count()];
    members
        .into_iter()
        .filter(|&i| match trace.stmt_number(i as usize) {
            Some(k) => !std::mem::replace(&mut seen[k], true),
            // Not the program's statement: the trace does not fit it; left out.
            None => false,
        })
        .map(|i| trace.entry(i as usize).stmt)
        .collect()
}

/// The data slices of both runs for [`crate::darwin::value::candidates`].
pub fn data_slices(good: &TracedRun, gt: &Trees, bad: &TracedRun, bt: &Trees) -> DataSlices {
    let bad_initial_globals = bt
        .full
        .initial_reads
        .iter()
        .filter_map(|&a| bad.trace.allocs.get(a as usize)?.var)
        .filter(|v| v.0 == crate::exec::trace::NONE)
        .map(|v| v.1)
        .collect();
    DataSlices {
        bad: statements(bt.relevant.iter_rev(), bad.trace),
        good: statements(gt.relevant.iter_rev(), good.trace),
        bad_initial_globals,
        bad_static_data: bt
            .static_data
            .iter()
            .map(|&l| (bad.prog.file_name(l).to_string(), l.line))
            .collect(),
    }
}

/// Most candidates in unchanged code that [`exposed`] adds.
const EXPOSED: usize = 3;

/// Whether a statement brings a value in rather than moving one: a computation, a call,
/// or a copy of a constant (`best = 0`).
fn is_origin(prog: &Program, id: StmtId) -> bool {
    if !is_copy(prog, id) {
        return true;
    }
    let Some(s) = prog.stmt(id) else {
        return false;
    };
    matches!(
        &s.kind,
        StmtKind::Store {
            val: crate::ir::Operand::Const(_),
            ..
        } | StmtKind::Assign(_, Rvalue::Use(crate::ir::Operand::Const(_)))
    )
}

/// Library calls that write the program's output.
const OUTPUT_CALLS: &[&str] = &[
    "printf", "puts", "putchar", "fputs", "fprintf", "fputc", "putc", "fwrite",
];

/// Whether `id` is a call of a library function that writes output: it prints values
/// (constants, or values computed elsewhere, each by its own statement) and computes
/// none, so a line that only prints explains nothing although its bytes differ (the
/// branch that reached it, or the line that computed what it prints, does).
fn output_call(prog: &Program, id: StmtId) -> bool {
    match prog.stmt(id).map(|s| &s.kind) {
        Some(StmtKind::Call {
            callee: crate::ir::Callee::Builtin(b),
            ..
        }) => prog
            .builtins
            .get(*b as usize)
            .is_some_and(|n| OUTPUT_CALLS.contains(&n.as_str())),
        _ => false,
    }
}

/// Missing output (issue 29, kind 2): the first differing stdout byte was written in the
/// good run by a statement that did not write it in the bad run (a loop that no longer
/// runs, a branch no longer taken), so the bad run's writer of that byte, an unchanged
/// statement, only comes next. The decision that skipped the good run's writer is the
/// last branch instance of the bad run before the byte was written, in the writer's
/// function, whose untaken side reaches the writer while its taken side does not
/// (except through the branch again): the output stream's position depended on it
/// although no value did. A candidate at that decision's line, or `None` when the same
/// line wrote the byte in both runs.
pub fn missing_output(good: &TracedRun, bad: &TracedRun, diff: &TreeDiff) -> Option<Finding> {
    let (gout, bout) = (&good.result.stdout, &bad.result.stdout);
    let off = crate::oracle::first_difference(gout, bout);
    let writer = |r: &TracedRun| {
        r.result
            .events
            .iter()
            .find(|e| e.stream == 0 && e.start <= off && off < e.start + e.len)
            .map(|e| (e.entry, e.loc))
    };
    let (gentry, gloc) = writer(good)?;
    let file = good.prog.file_name(gloc).to_string();
    let fd = diff.file(&file)?;
    // The good writer's line in the bad revision, when the diff kept it.
    let kept = (1..)
        .take_while(|&l| fd.line_text(l).is_some())
        .find(|&l| fd.good_line(l) == Some(gloc.line));
    // The good writer's call: its function's and its callee's names.
    let gstmt = good.trace.get(gentry as usize)?.stmt;
    let names = |p: &Program, id: StmtId| -> Option<(String, String)> {
        let f = p.functions.get(id.func.index())?;
        let StmtKind::Call { callee, .. } = &p.stmt(id)?.kind else {
            return None;
        };
        let callee = match callee {
            crate::ir::Callee::Func(g) => p.functions.get(g.index())?.name.clone(),
            crate::ir::Callee::Builtin(b) => p.builtins.get(*b as usize)?.clone(),
            crate::ir::Callee::Indirect(_) => return None,
        };
        Some((f.name.clone(), callee))
    };
    let gnames = names(good.prog, gstmt)?;
    // Where the bad run wrote that byte, or its last entry when it wrote nothing there.
    let (limit, bloc) = match writer(bad) {
        Some((e, l)) => (e, Some(l)),
        None => (bad.trace.len().checked_sub(1)? as u32, None),
    };
    // The good writer in the bad revision: the same call in the same function, on the
    // kept line when the diff kept it (else the line changed: any such call).
    let targets: Vec<StmtId> = bad
        .prog
        .stmt_locs()
        .filter(|(id, l)| {
            bad.prog.file_name(*l) == file
                && kept.is_none_or(|k| l.line == k)
                && names(bad.prog, *id).as_ref() == Some(&gnames)
        })
        .map(|(id, _)| id)
        .collect();
    let line = stmt_loc(bad.prog, *targets.first()?)?.line;
    if bloc.is_some_and(|l| bad.prog.file_name(l) == file && l.line == line) {
        return None;
    }
    let decision = skipping_decision(bad, &targets, limit)?;
    let dloc = stmt_loc(bad.prog, decision).filter(|l| l.line > 0)?;
    let dfile = bad.prog.file_name(dloc).to_string();
    let source = diff
        .file(&dfile)
        .and_then(|f| f.line_text(dloc.line))
        .unwrap_or_default()
        .to_string();
    Some(Finding {
        notes: vec![LineNote::OutputWentMissing {
            good_writer: Line::new(good.prog.file_name(gloc), gloc.line),
            offset: off,
            bad_writer: bloc.map(|l| Line::new(bad.prog.file_name(l), l.line)),
        }],
        ..Finding::new(
            Line::new(dfile.clone(), dloc.line),
            diff.is_changed(&dfile, dloc.line),
            source,
            Evidence::MissingOutput {
                writer: Line::new(file, line),
            },
        )
    })
}

/// The last branch instance of the bad run before entry `limit`, in the function of
/// `targets` (the good writer's statements in the bad revision), whose untaken side
/// reaches a target while its taken side does not: the decision that skipped the
/// writer. `None` when a target ran after it (it was not skipped) or there is none.
fn skipping_decision(bad: &TracedRun, targets: &[StmtId], limit: u32) -> Option<StmtId> {
    let func = targets.first()?.func;
    let blocks = &bad.prog.functions.get(func.index())?.blocks;
    // Whether control can go from `from` to a target block without passing `avoid`.
    let reaches = |from: crate::ir::BlockId, avoid: crate::ir::BlockId| {
        let mut seen = vec![false; blocks.len()];
        let mut work = vec![from];
        while let Some(b) = work.pop() {
            if b == avoid || std::mem::replace(&mut seen[b.index()], true) {
                continue;
            }
            if targets.iter().any(|t| t.block == b) {
                return true;
            }
            work.extend(
                blocks
                    .get(b.index())
                    .map(|x| x.term.successors())
                    .unwrap_or_default(),
            );
        }
        false
    };
    // Backwards from the byte: the good writer running after the decision means it was
    // not skipped (it wrote something else), and the search ends without a decision.
    let mut ran = false;
    (0..limit).rev().find_map(|i| {
        let e = bad.trace.get(i as usize)?;
        ran |= targets.contains(&e.stmt);
        if ran {
            return Some(None);
        }
        let block = blocks
            .get(e.stmt.block.index())
            .filter(|_| e.stmt.func == func)?;
        let succ = block.term.successors();
        let is_branch = e.stmt.index as usize == block.stmts.len() && succ.len() >= 2;
        let taken = crate::ir::BlockId::new(e.aux);
        let skipped = is_branch
            && !reaches(taken, e.stmt.block)
            && succ.iter().any(|&s| s != taken && reaches(s, e.stmt.block));
        skipped.then_some(Some(e.stmt))
    })?
}

/// Value-level candidates in unchanged code that the change exposes: lines whose values
/// reach the failing output in the bad run's data slice while the same line's values do
/// not reach it in the good run's (an initial value no longer overwritten, a default
/// branch now taken). A fault a change exposes sits on such a line: the diff cannot
/// point at it. At most [`EXPOSED`], nearest the output first, origins of values only
/// (no copies, no output calls). Before them, the decision where output went
/// missing ([`missing_output`]), when it did.
pub fn exposed(
    good: &TracedRun,
    gt: &Trees,
    bad: &TracedRun,
    bt: &Trees,
    diff: &TreeDiff,
) -> Vec<Finding> {
    let line_of = |prog: &Program, id: StmtId| {
        stmt_loc(prog, id)
            .filter(|l| l.line > 0)
            .map(|l| (prog.file_name(l).to_string(), l.line))
    };
    // Per statement, not per entry: a loop's statement has millions of instances.
    let good_lines: HashSet<(String, u32)> = statements(gt.data.iter().copied(), good.trace)
        .into_iter()
        .filter_map(|id| line_of(good.prog, id))
        .collect();
    // First the decision where output went missing, when it did (kind 2 of issue 29).
    let mut out: Vec<Finding> = missing_output(good, bad, diff).into_iter().collect();
    // Each statement's first instance in the tree's order: what is decided below
    // depends on the statement alone (and on `out`, which only grows by lines).
    for id in statements(bt.data.iter().copied(), bad.trace) {
        let Some((file, line)) = line_of(bad.prog, id) else {
            continue;
        };
        let Some(fd) = diff.file(&file) else { continue };
        let (Some(old), Some(text)) = (fd.good_line(line), fd.line_text(line)) else {
            continue;
        };
        if good_lines.contains(&(file.clone(), old))
            || !fd.is_code_line(line)
            || !is_origin(bad.prog, id)
            || output_call(bad.prog, id)
            || out.iter().any(|c| c.line.is(&file, line))
        {
            continue;
        }
        out.push(Finding {
            notes: vec![LineNote::ExposedByChange { was: old }],
            ..Finding::new(
                Line::new(file, line),
                false,
                text.to_string(),
                Evidence::Exposed,
            )
        });
        if out
            .iter()
            .filter(|c| c.evidence == Evidence::Exposed)
            .count()
            == EXPOSED
        {
            break;
        }
    }
    out
}

/// Per source line (file id, line) of the run's program, the entries on it that keep
/// their values (the compared ones, `exec::trace::keeps_value`), in run order.
fn values_by_line(r: &TracedRun) -> std::collections::HashMap<(FileId, u32), Vec<u32>> {
    // Lines get dense slots through a per-statement table, so the trace's entries are
    // grouped without hashing each one.
    // Per statement: its line's slot + 1 (0: not asked yet), or u32::MAX: not grouped.
    let mut slot_of = vec![0u32; r.trace.stmt_count()];
    let mut lines: Vec<((FileId, u32), Vec<u32>)> = Vec::new();
    let mut slot_by_line: std::collections::HashMap<(FileId, u32), u32> =
        std::collections::HashMap::new();
    for i in 0..r.trace.len() {
        let Some(k) = r.trace.stmt_number(i) else {
            continue;
        };
        if slot_of[k] == 0 {
            let stmt = r.trace.entry(i).stmt;
            slot_of[k] = match stmt_loc(r.prog, stmt).filter(|l| l.line > 0) {
                Some(loc) if r.trace.value(i).is_some() => {
                    let key = (loc.file, loc.line);
                    *slot_by_line.entry(key).or_insert_with(|| {
                        lines.push((key, Vec::new()));
                        lines.len() as u32
                    })
                }
                _ => u32::MAX,
            };
        }
        if let Some((_, es)) = lines.get_mut(slot_of[k].wrapping_sub(1) as usize) {
            es.push(i as u32);
        }
    }
    lines.into_iter().collect()
}

/// Values per line of a run ([`values_by_line`]).
type ValuesByLine = std::collections::HashMap<(FileId, u32), Vec<u32>>;

/// The values a good run computed on one line, in order: its trace's entries on the
/// line, or, for a run whose trace is cut, the values a whole run of it computed there.
enum GoodLine<'a> {
    Traced(&'a [u32]),
    Probed(&'a [u64]),
}

impl GoodLine<'_> {
    fn len(&self) -> usize {
        match self {
            GoodLine::Traced(es) => es.len(),
            GoodLine::Probed(vs) => vs.len(),
        }
    }

    fn value(&self, good: &TracedRun, k: usize) -> Option<u64> {
        match self {
            GoodLine::Traced(es) => good.trace.value(*es.get(k)? as usize),
            GoodLine::Probed(vs) => vs.get(k).copied(),
        }
    }
}

/// The first entry of the bad run, in its failing slice (`bt`), where an unchanged line
/// computes another value than the good run did at that line and execution: the
/// entry, the line's file and number, and its number at the good revision. The good
/// run's values per line are `good_lines`, or `probed` (from a whole run) when its
/// trace is cut.
fn first_other_value(
    good: &TracedRun,
    bad: &TracedRun,
    bt: &Trees,
    diff: &TreeDiff,
    (good_lines, probed): (&ValuesByLine, Option<&Answers>),
    bad_lines: &ValuesByLine,
) -> Option<(u32, (String, u32, u32))> {
    let mut first: Option<(u32, (String, u32, u32))> = None;
    for (&(file, line), entries) in bad_lines {
        let Some((name, old, gfile)) = compared_line(good, bad, diff, (file, line)) else {
            continue;
        };
        let g = match probed {
            Some(a) => match a.lines.get(&(gfile, old)) {
                Some(LineValues::First(vs)) => GoodLine::Probed(vs),
                _ => continue,
            },
            None => match good_lines.get(&(gfile, old)) {
                Some(es) => GoodLine::Traced(es),
                None => continue,
            },
        };
        let hit = entries.iter().take(g.len()).enumerate().find(|&(k, &b)| {
            bad.trace.value(b as usize) != g.value(good, k) && bt.full.contains(b)
        });
        if let Some((_, &b)) = hit {
            if first.as_ref().is_none_or(|(f, _)| b < *f) {
                first = Some((b, (name.to_string(), line, old)));
            }
        }
    }
    first
}

/// A bad run's line whose values [`first_other_value`] compares: its file's name, and
/// the line and file id it has in the good revision (an unchanged code line).
fn compared_line<'p>(
    good: &TracedRun,
    bad: &'p TracedRun,
    diff: &TreeDiff,
    (file, line): (FileId, u32),
) -> Option<(&'p str, u32, FileId)> {
    let name = bad.prog.file_name(Loc { file, line, col: 0 });
    let fd = diff.file(name)?;
    let old = fd.good_line(line).filter(|_| fd.is_code_line(line))?;
    let gfile = good.prog.files.iter().position(|f| f == name)? as FileId;
    Some((name, old, gfile))
}

/// The first place, in the bad run, where unchanged code computes another value than
/// the good run did at the same line and execution: the k-th value computed on an
/// unchanged line differs from the k-th value computed on that line in the good run,
/// and the entry is in the bad run's slice of the failure. That is where the change's
/// effect enters unchanged code; when the failure's decisions are in unchanged code of
/// the same function (DARWIN flipped them there), a latent fault there is the likely
/// cause (a bound computed one too small, which only a new caller's argument exposes).
/// None unless a decision candidate in unchanged code shares the entry's function.
/// A run whose trace is cut ([`crate::exec::trace::Trace::cut`]) answers for its whole
/// run through `whole` (the good run's and the bad run's).
pub(crate) fn value_divergence(
    good: &TracedRun,
    bad: &TracedRun,
    bt: &Trees,
    diff: &TreeDiff,
    candidates: &[Finding],
    whole: (WholeRun, WholeRun),
) -> Option<Finding> {
    let unchanged_decision = |c: &&Finding| c.is_decision() && !c.changed;
    // Only a decision in unchanged code, or an untouched function a changed line calls,
    // can make the first other value a finding: without either, the values (a pass
    // over both traces, and runs again when a trace is cut) are not looked at.
    let latent = latent_callees(bad.prog, diff);
    if !candidates.iter().any(|c| unchanged_decision(&c)) && latent.is_empty() {
        return None;
    }
    // A cut trace's values are not read: its whole run answers (below).
    let good_lines = match good.trace.cut {
        true => ValuesByLine::new(),
        false => values_by_line(good),
    };
    let bad_lines = values_by_line(bad);
    // The good run's values on the lines compared, up to as many as the bad run's
    // trace holds, from a whole run when its own trace stops early.
    let probed = good.trace.cut.then(|| {
        let mut asked = Questions::default();
        for (&at, entries) in &bad_lines {
            if let Some((_, old, gfile)) = compared_line(good, bad, diff, at) {
                let want = asked.lines.entry((gfile, old)).or_insert(Want::First(0));
                if let Want::First(n) = want {
                    *n = (*n).max(entries.len());
                }
            }
        }
        (whole.0)(asked)
    });
    let (entry, (file, line, old)) = first_other_value(
        good,
        bad,
        bt,
        diff,
        (&good_lines, probed.as_ref()),
        &bad_lines,
    )?;
    let func = bad.trace.get(entry as usize)?.stmt.func;
    // The lines of that function, to find the decisions in unchanged code within it.
    let in_func: HashSet<(String, u32)> = bad
        .prog
        .stmt_locs()
        .filter(|(id, l)| id.func == func && l.line > 0)
        .map(|(_, l)| (bad.prog.file_name(l).to_string(), l.line))
        .collect();
    let source = diff.file(&file)?.line_text(line)?.to_string();
    let decided = candidates
        .iter()
        .filter(unchanged_decision)
        .find(|c| in_func.contains(&(c.line.file.clone(), c.line.line)));
    let Some(decided) = decided else {
        // No decision flips there; still a latent fault (kind 6 of issue 29) when the
        // function is one the change did not touch and the line computes, in the bad
        // run, numbers it never computed in the good run: the change calls unchanged
        // code with arguments it never saw before.
        // The values only when the rest holds: a line of a long loop keeps millions.
        if !latent.contains(&func) {
            return None;
        }
        let bfile = stmt_loc(bad.prog, bad.trace.get(entry as usize)?.stmt)?.file;
        let gfile = good.prog.files.iter().position(|f| *f == file)? as FileId;
        let seen = all_values(good, &good_lines, (gfile, old), whole.0);
        let new = all_values(bad, &bad_lines, (bfile, line), whole.1)
            .iter()
            .any(|v| !seen.contains(v));
        return new.then(|| Finding {
            notes: vec![LineNote::LatentFault { was: old }],
            ..Finding::new(Line::new(file, line), false, source, Evidence::LatentFault)
        });
    };
    let decision = decided.location();
    Some(Finding {
        notes: vec![LineNote::FirstDifferentValue {
            was: old,
            decision: decision.clone(),
        }],
        ..Finding::new(
            Line::new(file, line),
            false,
            source,
            Evidence::FirstDifference { decision },
        )
    })
}

/// The functions of the bad revision that a changed line calls while none of their own
/// lines changed: the change hands unchanged code arguments (a value merely returned
/// to an untouched caller is no new argument).
fn latent_callees(prog: &Program, diff: &TreeDiff) -> HashSet<crate::ir::FuncId> {
    let called: HashSet<crate::ir::FuncId> = prog
        .stmt_locs()
        .filter_map(|(id, l)| match prog.stmt(id).map(|s| &s.kind) {
            Some(StmtKind::Call {
                callee: crate::ir::Callee::Func(f),
                ..
            }) if diff.is_changed(prog.file_name(l), l.line) => Some(*f),
            _ => None,
        })
        .collect();
    let touched: HashSet<crate::ir::FuncId> = prog
        .stmt_locs()
        .filter(|(id, l)| called.contains(&id.func) && l.line > 0)
        .filter(|(_, l)| diff.is_changed(prog.file_name(*l), l.line))
        .map(|(id, _)| id.func)
        .collect();
    called.difference(&touched).copied().collect()
}

/// Every distinct value a run computed on line `at` ((file id, line)): from its trace,
/// or from a whole run (`whole`) when its trace is cut.
fn all_values(
    r: &TracedRun,
    lines: &ValuesByLine,
    at: (FileId, u32),
    whole: WholeRun,
) -> crate::sym::FxHashSet<u64> {
    if r.trace.cut {
        let mut asked = Questions::default();
        asked.lines.insert(at, Want::All);
        return match whole(asked).lines.remove(&at) {
            Some(LineValues::All(vs)) => vs,
            _ => Default::default(),
        };
    }
    lines
        .get(&at)
        .map(|es| {
            es.iter()
                .filter_map(|&e| r.trace.value(e as usize))
                .collect()
        })
        .unwrap_or_default()
}

/// The origins of the changed value-level findings (`cands`: the primary findings):
/// the other such lines whose values reach theirs through data dependence alone in the
/// bad run, and whether the line computed a number the good run never computed
/// (entries of the failure's slice only). Lines that feed each other (a loop's running
/// total and its step) list neither: neither is where the value arose. When the good
/// run's trace is cut ([`crate::exec::trace::Trace::cut`]), the numbers its trace does
/// not hold are looked for in its whole run (`good_whole`).
pub(crate) fn link_values(
    good: &TracedRun,
    bad: &TracedRun,
    slicer: &Slicer,
    bt: &Trees,
    cands: &[&Finding],
    good_whole: WholeRun,
) -> anyhow::Result<Vec<(Line, Origin)>> {
    let is_value = |c: &Finding| c.changed && matches!(c.evidence, Evidence::Value(_));
    let mut lines: Vec<Line> = Vec::new();
    for c in cands.iter().filter(|c| is_value(c)) {
        if !lines.iter().any(|l| c.is_at(l)) {
            lines.push(c.location());
        }
    }
    if lines.is_empty() {
        return Ok(Vec::new());
    }
    // The slice's entries on each candidate line.
    let mut on_line: Vec<Vec<u32>> = vec![Vec::new(); lines.len()];
    // Per statement (number): the candidate line it is on, worked out once (the slice
    // is often most of a long trace).
    let mut line_of: Vec<Option<Option<usize>>> = vec![None; bad.trace.stmt_count()];
    for i in bt.relevant.iter_rev() {
        let k = match bad.trace.stmt_number(i as usize) {
            Some(n) => *line_of[n].get_or_insert_with(|| {
                let loc = stmt_loc(bad.prog, bad.trace.entry(i as usize).stmt)?;
                let file = bad.prog.file_name(loc);
                lines
                    .iter()
                    .position(|l| l.line == loc.line && l.file == file)
            }),
            None => None,
        };
        if let Some(k) = k {
            on_line[k].push(i);
        }
    }
    // The numbers the candidate lines computed (few), then which of them the good run
    // computed too: one pass over the good trace without a table of all its numbers.
    let line_values: Vec<Vec<u64>> = on_line
        .iter()
        .map(|es| {
            es.iter()
                .filter_map(|&i| bad.trace.value(i as usize))
                .collect()
        })
        .collect();
    let asked: crate::sym::FxHashSet<u64> = line_values
        .iter()
        .flatten()
        .map(|&v| crate::slice::spread(v))
        .collect();
    let mut known = numbers_among(good, &asked);
    if good.trace.cut && known.len() < asked.len() {
        let numbers = asked.difference(&known).copied().collect();
        known.extend(
            good_whole(Questions {
                numbers,
                ..Default::default()
            })
            .numbers,
        );
    }
    let new_values: Vec<bool> = line_values
        .iter()
        .map(|vs| {
            vs.iter()
                .any(|&v| !known.contains(&crate::slice::spread(v)))
        })
        .collect();
    // reads[x][y]: line x's values are computed from line y's (one line has no other),
    // for all lines in one pass over the trace.
    let reads = if lines.len() > 1 {
        slicer.data_reach(&on_line)?
    } else {
        vec![vec![false; lines.len()]; lines.len()]
    };
    Ok((0..lines.len())
        .map(|k| {
            let origin = Origin {
                new_values: new_values[k],
                computed_from: (0..lines.len())
                    .filter(|&y| reads[k][y] && !reads[y][k])
                    .map(|y| lines[y].clone())
                    .collect(),
            };
            (lines[k].clone(), origin)
        })
        .collect())
}

/// Give the changed value findings among the primary ones of `findings` their origins
/// from [`link_values`] (and a note where a new number arose).
pub fn set_origins(findings: &mut [Finding], origins: Vec<(Line, Origin)>) {
    for i in finding::primary_indices(findings) {
        let Some(c) = findings.get_mut(i) else {
            continue;
        };
        if !c.changed || !matches!(c.evidence, Evidence::Value(_)) {
            continue;
        }
        let Some((_, o)) = origins.iter().find(|(l, _)| c.is_at(l)) else {
            continue;
        };
        if o.new_values {
            c.notes.push(LineNote::NewValues);
        }
        c.evidence = Evidence::Value(o.clone());
    }
}

/// The numbers of `asked` (each `slice::spread`) that a run computed
/// (the values its trace keeps).
fn numbers_among(r: &TracedRun, asked: &crate::sym::FxHashSet<u64>) -> crate::sym::FxHashSet<u64> {
    let mut found = crate::sym::FxHashSet::default();
    if asked.is_empty() {
        return found;
    }
    for v in r.trace.kept_values() {
        let k = crate::slice::spread(v);
        if asked.contains(&k) && !found.contains(&k) {
            found.insert(k);
        }
    }
    found
}

/// Most steps a chain shows; a longer one keeps its start and end around an elision.
const CHAIN_STEPS: usize = 6;

/// Whether a statement only moves a value (a copy: no computation, no decision).
fn is_copy(prog: &Program, id: StmtId) -> bool {
    match prog.stmt(id).map(|s| &s.kind) {
        Some(StmtKind::Assign(_, rv)) => matches!(
            rv,
            Rvalue::Use(_)
                | Rvalue::Load(..)
                | Rvalue::Cast { .. }
                | Rvalue::AddrLocal(_)
                | Rvalue::AddrGlobal(_)
        ),
        Some(
            StmtKind::Store { .. }
            | StmtKind::Copy { .. }
            | StmtKind::StorageLive(_)
            | StmtKind::StorageLiveSized(..),
        ) => true,
        // Terminators (decisions) and calls are never copies.
        _ => false,
    }
}

/// The chain from `cand`'s line to the criterion in the bad run's full tree: one step
/// per source line, lines that only copy a value skipped, at most [`CHAIN_STEPS`].
pub fn chain(bad: &TracedRun, full: &Tree, diff: &TreeDiff, cand: &Line) -> Vec<ChainStep> {
    let on_line = |i: u32| {
        bad.trace
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
        let Some(e) = bad.trace.get(i as usize) else {
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
                    .get(i as usize)
                    .and_then(|e| stmt_loc(run.prog, e.stmt))
                    == Some(w.loc)
            })
        })
        .map(|w| {
            format!(
                "{} at {}",
                w.message,
                crate::diagnostic::loc(run.prog, w.loc)
            )
        })
        .collect()
}

/// The file and line of an undefined-behaviour note of [`ub_in`] (`... at FILE:LINE:COL`).
fn ub_line(note: &str) -> Option<(&str, u32)> {
    let (_, at) = note.rsplit_once(" at ")?;
    let mut parts = at.rsplitn(3, ':');
    let (_col, line, file) = (parts.next()?, parts.next()?, parts.next()?);
    Some((file, line.parse().ok()?))
}

/// The undefined-behaviour notes, on the (primary) findings and on the analysis. When
/// the undefined behaviour the bad run's failing output depends on is on a changed line
/// that is a finding, the change introduced it (a narrowing conversion, say): that line
/// keeps its place and says so. Otherwise, when the bad run's failing output depends on
/// a continued undefined behaviour that the good run's does not, the runs differ because
/// of the assumption and no line is blamed (the findings are cleared; returns true);
/// else each finding says its chain or line may touch it.
pub fn note_ub(
    findings: &mut Vec<Finding>,
    notes: &mut Vec<Note>,
    good_ub: &[String],
    bad_ub: &[String],
) -> bool {
    if bad_ub.is_empty() {
        return false;
    }
    let only_bad = bad_ub.iter().any(|u| !good_ub.contains(u));
    let primary = finding::primary_indices(findings);
    let mut introduced = false;
    for u in bad_ub.iter().filter(|u| !good_ub.contains(u)) {
        let Some((file, line)) = ub_line(u) else {
            continue;
        };
        for &i in &primary {
            let Some(c) = findings
                .get_mut(i)
                .filter(|c| c.changed && c.line.is(file, line))
            else {
                continue;
            };
            introduced = true;
            c.notes.push(LineNote::IntroducesUb(u.clone()));
        }
    }
    let list = bad_ub.join("; ");
    if introduced {
        notes.push(Note::UbOnChangedLine(list));
        return false;
    }
    if only_bad && good_ub.is_empty() {
        findings.clear();
        notes.push(Note::UbOnly(list));
        return true;
    }
    for &i in &primary {
        if let Some(c) = findings.get_mut(i) {
            c.notes.push(LineNote::DependsOnUb(list.clone()));
        }
    }
    notes.push(Note::UbContinued(list));
    false
}

/// The cache key of a whole analysis: both trees, and the test with every option the
/// report depends on (`parts`, length-prefixed so no two lists serialise alike).
pub fn report_key(good_tree: &str, bad_tree: &str, parts: &[&[u8]]) -> crate::cache::Key {
    let mut t = Vec::new();
    for p in parts {
        t.extend_from_slice(&(p.len() as u64).to_le_bytes());
        t.extend_from_slice(p);
    }
    crate::cache::Key::new(format!("{good_tree}:{bad_tree}").as_bytes(), &t)
}

/// A cached report, marked as such: nothing was run or solved for it.
pub fn cached_report(cache: &mut crate::cache::Cache, key: &crate::cache::Key) -> Option<Report> {
    let blob = cache.get(crate::cache::Kind::Report, key)?;
    // An unreadable blob (another layout) is a miss; the analysis overwrites it.
    let mut r: Report = serde_json::from_slice(&blob).ok()?;
    // The figures of this invocation: every query was answered from the cache.
    r.stats.from_cache = true;
    r.stats.executions = 0;
    r.stats.cache_hits += r.stats.solver_calls;
    r.stats.solver_calls = 0;
    r.stats.solving_ms = 0;
    Some(r)
}

pub fn store_report(cache: &mut crate::cache::Cache, key: &crate::cache::Key, r: &Report) {
    if let Ok(b) = serde_json::to_vec(r) {
        cache.put(crate::cache::Kind::Report, key, &b);
    }
}

/// Findings for the changed macro definitions the (primary) findings' lines use, each
/// right after the first finding that uses it (macros used by those macros follow
/// theirs). The preprocessor gives every statement the line where a macro is used, so
/// a wrong `#define` would otherwise only show as the lines using it. A definition on a
/// line that already holds a finding is not added.
pub fn add_macro_definitions(findings: &mut Vec<Finding>, diff: &TreeDiff) {
    let macros = diff.macros();
    if !macros.iter().any(|m| m.changed()) {
        return;
    }
    let primary = finding::primary_indices(findings);
    let mut added: HashSet<(String, u32)> = findings
        .iter()
        .map(|c| (c.line.file.clone(), c.line.line))
        .collect();
    let mut out: Vec<Finding> = Vec::with_capacity(findings.len());
    for (i, user) in std::mem::take(findings).into_iter().enumerate() {
        let defs = if primary.contains(&i) {
            definitions(&user, &macros, diff, &mut added)
        } else {
            Vec::new()
        };
        out.push(user);
        out.extend(defs);
    }
    *findings = out;
}

/// The changed definitions `user`'s line expands (through unchanged macros), not yet in
/// `added`.
fn definitions(
    user: &Finding,
    macros: &[crate::diffctx::Macro],
    diff: &TreeDiff,
    added: &mut HashSet<(String, u32)>,
) -> Vec<Finding> {
    let mut out = Vec::new();
    // Macros the line uses, then those their definitions use.
    let mut work: Vec<(String, Line)> = crate::diffctx::identifiers(&user.source)
        .into_iter()
        .map(|n| (n, user.location()))
        .collect();
    work.reverse();
    // Macros already expanded for this line (a definition may use itself).
    let mut expanded: HashSet<(&str, u32)> = HashSet::new();
    while let Some((name, used_at)) = work.pop() {
        for m in macros.iter().filter(|m| m.name == *name) {
            if !expanded.insert((&m.file, m.line)) {
                continue;
            }
            // An unchanged macro passes its use on to the macros it uses.
            let via = if m.changed() {
                Line::new(m.file.clone(), m.changed_line.unwrap_or(m.line))
            } else {
                used_at.clone()
            };
            for n in crate::diffctx::identifiers(&m.text)
                .into_iter()
                .skip(2)
                .rev()
            {
                work.push((n, via.clone()));
            }
            // Named at its changed line: the `#define` line, or the continuation
            // line the change is on.
            let at = m.changed_line.unwrap_or(m.line);
            if !m.changed() || !added.insert((m.file.clone(), at)) {
                continue;
            }
            let fd = diff.file(&m.file);
            let note = LineNote::DefinesMacro {
                name: m.name.clone(),
                continues: (at != m.line).then(|| Line::new(m.file.clone(), m.line)),
                used_at: used_at.clone(),
                user: user.explanation(),
            };
            // Without the continuation's backslash and the spaces before it.
            let source = fd
                .and_then(|d| d.line_text(at))
                .map(|t| t.trim_end().trim_end_matches('\\').trim_end())
                .unwrap_or("")
                .to_string();
            out.push(Finding {
                hunk: fd.and_then(|d| d.hunk_around(at, &m.file)),
                notes: vec![note],
                ..Finding::new(
                    Line::new(m.file.clone(), at),
                    true,
                    source,
                    // A definition is no decision that skipped output, nor a deletion.
                    Evidence::MacroDefinition {
                        used_at: used_at.clone(),
                        decision: user.explanation() == crate::report::Explanation::Decision,
                    },
                )
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Explanation;

    /// A whole run that answers nothing: the tests' traces are never cut.
    fn none(_: Questions) -> Answers {
        Answers::default()
    }

    fn cand(line: u32, explanation: Explanation, changed: bool) -> Finding {
        let evidence = match explanation {
            Explanation::Decision => Evidence::Decision(Box::new(crate::finding::Decision {
                flipped: String::new(),
                alternative: Default::default(),
                instances: 1,
            })),
            _ => Evidence::Value(Origin::default()),
        };
        Finding::new(Line::new("p.c", line), changed, String::new(), evidence)
    }

    #[test]
    fn report_keys_separate_their_parts() {
        let a = report_key("g", "b", &[b"ab", b"c"]);
        assert_ne!(a, report_key("g", "b", &[b"a", b"bc"]));
        assert_ne!(a, report_key("b", "g", &[b"ab", b"c"]));
        assert_eq!(a, report_key("g", "b", &[b"ab", b"c"]));
    }

    /// A candidate line using a macro whose definition changed brings in the
    /// definition (and the changed macros that one uses), right after it, once.
    #[test]
    fn changed_macro_definitions_follow_the_lines_using_them() {
        let dir = |files: &[(&str, &str)]| {
            let d = tempfile::tempdir().expect("tempdir");
            for (p, t) in files {
                std::fs::write(d.path().join(p), t).expect("write");
            }
            d
        };
        let g = dir(&[
            (
                "f.h",
                "#define F_A 1\n#define F_B 2\n#define F_AB (F_A | F_B)\n",
            ),
            (
                "p.c",
                "int f(int x) {\n  if (x & F_AB)\n    return 1;\n  return x & F_B;\n}\n",
            ),
        ]);
        let b = dir(&[
            (
                "f.h",
                "#define F_A 1\n#define F_B 1\n#define F_AB (F_A | F_B)\n",
            ),
            (
                "p.c",
                "int f(int x) {\n  if (x & F_AB)\n    return 1;\n  return x & F_B;\n}\n",
            ),
        ]);
        let diff = TreeDiff::between(g.path(), b.path(), &["f.h".into(), "p.c".into()]);
        let mut c2 = cand(2, Explanation::Decision, false);
        c2.source = "  if (x & F_AB)".into();
        let mut c4 = cand(4, Explanation::Value, false);
        c4.source = "  return x & F_B; /* F_A */".into();
        let mut fs = vec![c2, c4];
        add_macro_definitions(&mut fs, &diff);
        let got: Vec<(String, u32, bool)> = fs
            .iter()
            .map(|c| (c.line.file.clone(), c.line.line, c.changed))
            .collect();
        // F_AB is unchanged but uses F_B, whose definition changed: it follows line 2,
        // and line 4's use of F_B adds nothing more.
        assert_eq!(
            got,
            vec![
                ("p.c".to_string(), 2, false),
                ("f.h".to_string(), 2, true),
                ("p.c".to_string(), 4, false),
            ]
        );
        assert_eq!(fs[1].explanation(), Explanation::Decision);
        let note = crate::report::line_note(&fs[1].notes[0], &fs[1].line);
        assert!(note.contains("`F_B` used at p.c:2"), "{note}");
    }

    /// Two revisions of `t.c`, each loaded and run traced on `stdin`.
    struct Pair {
        gd: tempfile::TempDir,
        bd: tempfile::TempDir,
        gp: Program,
        bp: Program,
        g: crate::exec::TracedRun,
        b: crate::exec::TracedRun,
    }

    impl Pair {
        fn new(good: &str, bad: &str, stdin: &str) -> Pair {
            let dir = |text: &str| {
                let d = tempfile::tempdir().expect("tempdir");
                std::fs::write(d.path().join("t.c"), text).expect("write");
                d
            };
            let (gd, bd) = (dir(good), dir(bad));
            let load = |d: &tempfile::TempDir| {
                crate::oracle::load(d.path(), &crate::oracle::Test::named("t"), "test")
                    .expect("load")
            };
            let (gp, bp) = (load(&gd), load(&bd));
            let input = crate::exec::RunInput {
                argv: vec![b"./t".to_vec()],
                stdin: stdin.as_bytes().to_vec(),
                cwd: None,
                root: None,
                env: Vec::new(),
                files: Vec::new(),
                literals: Vec::new(),
            };
            let lim = crate::exec::Limits {
                max_steps: crate::exec::DEFAULT_MAX_STEPS,
                ..crate::exec::Limits::default()
            };
            let g = crate::exec::run_traced(&gp, &input, lim, false);
            let b = crate::exec::run_traced(&bp, &input, lim, false);
            Pair {
                gd,
                bd,
                gp,
                bp,
                g,
                b,
            }
        }

        fn good(&self) -> TracedRun<'_> {
            TracedRun {
                prog: &self.gp,
                trace: &self.g.trace,
                result: &self.g.result,
            }
        }

        fn bad(&self) -> TracedRun<'_> {
            TracedRun {
                prog: &self.bp,
                trace: &self.b.trace,
                result: &self.b.result,
            }
        }

        fn diff(&self) -> TreeDiff {
            TreeDiff::between(self.gd.path(), self.bd.path(), &["t.c".into()])
        }

        /// Both runs, once they are checked to print `good` and `bad`.
        fn printing(&self, good: &str, bad: &str) -> (TracedRun<'_>, TracedRun<'_>) {
            let (gr, br) = (self.good(), self.bad());
            assert_eq!(
                (gr.result.stdout.as_slice(), br.result.stdout.as_slice()),
                (good.as_bytes(), bad.as_bytes())
            );
            (gr, br)
        }
    }

    /// The latent-fault shape: `best = 0` is overwritten in the good run (positive
    /// readings) and reaches the output in the bad run (the caller now passes negative
    /// ones). The unchanged initialisation is the exposed candidate; the loop's copy of
    /// a[i] (in both data slices) and the changed caller are not.
    #[test]
    fn an_unchanged_initial_value_the_change_exposes_is_a_candidate() {
        let src = |off: &str| {
            format!(
                "#include <stdio.h>\nint max_of(const int *a, int n) {{\n  int best = 0;\n  for (int i = 0; i < n; i++)\n    if (a[i] > best)\n      best = a[i];\n  return best;\n}}\nint main(void) {{\n  int a[2] = {{-5 {off}, -2 {off}}};\n  printf(\"%d\\n\", max_of(a, 2));\n  return 0;\n}}\n"
            )
        };
        let p = Pair::new(&src("+ 10"), &src(""), "");
        let (gr, br) = p.printing("8\n", "0\n");
        let (gt, bt) = (
            trees(&gr, &slicer(&gr).expect("slicer"), Some(0)).expect("good"),
            trees(&br, &slicer(&br).expect("slicer"), Some(0)).expect("bad"),
        );
        let got: Vec<u32> = exposed(&gr, &gt, &br, &bt, &p.diff())
            .iter()
            .map(|c| c.line.line)
            .collect();
        assert_eq!(got, vec![3]);
    }

    /// A loop written the wrong way round no longer runs: the good run's putchar wrote
    /// the first differing byte, the bad run's unchanged printf writes it instead. The
    /// loop's decision is the candidate, with the good writer's line; a line that only
    /// prints (the printf) is never an exposed one.
    #[test]
    fn the_decision_that_skipped_the_good_runs_output_is_a_candidate() {
        let src = |cond: &str| {
            format!(
                "#include <stdio.h>
int main(void) {{
  int n, k;
  if (scanf(\"%d\", &n) != 1) return 1;
  for (k = 0; {cond}; k++)
    putchar('*');
  printf(\" %d\\n\", n);
  return 0;
}}
"
            )
        };
        let p = Pair::new(&src("k < n"), &src("k > n"), "3\n");
        let (gr, br) = p.printing("*** 3\n", " 3\n");
        let (gt, bt) = (
            trees(&gr, &slicer(&gr).expect("slicer"), Some(0)).expect("good"),
            trees(&br, &slicer(&br).expect("slicer"), Some(0)).expect("bad"),
        );
        let diff = p.diff();
        let m = missing_output(&gr, &br, &diff).expect("missing output");
        assert_eq!(
            (m.line.line, m.changed, m.explanation()),
            (5, true, Explanation::MissingOutput)
        );
        assert_eq!(
            m.evidence,
            Evidence::MissingOutput {
                writer: Line::new("t.c", 6)
            }
        );
        let note = crate::report::line_note(&m.notes[0], &m.line);
        assert!(note.contains("t.c:7 wrote it instead"), "{note}");
        let got = exposed(&gr, &gt, &br, &bt, &diff);
        assert_eq!(got[0].line.line, 5);
        assert!(got.iter().all(|c| c.line.line != 7), "{got:?}");
        // The same writer in both runs (only its value differs): no missing output.
        let q = Pair::new(
            &src("k < n"),
            &src("k < n").replace(", n);", ", n + 1);"),
            "3\n",
        );
        let (gr, br) = q.printing("*** 3\n", "*** 4\n");
        assert!(missing_output(&gr, &br, &q.diff()).is_none());
    }

    /// Undefined behaviour on a changed candidate line: the change introduced it, the
    /// line stays and says so; on a line that is no changed candidate, no line is blamed.
    #[test]
    fn undefined_behaviour_a_change_introduces_is_not_ub_only() {
        let ub = vec![
            "conversion of 3e9 to int is out of range: undefined behaviour at p.c:21:5".to_string(),
        ];
        let (mut fs, mut notes) = (vec![cand(21, Explanation::Value, true)], Vec::new());
        assert!(!note_ub(&mut fs, &mut notes, &[], &ub));
        assert_eq!(fs.len(), 1);
        assert!(matches!(&fs[0].notes[0], LineNote::IntroducesUb(u) if *u == ub[0]));
        assert!(matches!(notes[..], [Note::UbOnChangedLine(_)]));
        let (mut fs, mut notes) = (vec![cand(20, Explanation::Value, true)], Vec::new());
        assert!(note_ub(&mut fs, &mut notes, &[], &ub));
        assert!(fs.is_empty());
        assert!(matches!(notes[..], [Note::UbOnly(_)]));
        assert_eq!(ub_line(&ub[0]), Some(("p.c", 21)));
    }

    #[test]
    fn the_first_other_value_in_unchanged_code_is_a_candidate_when_its_decisions_flip() {
        // find() treats hi as exclusive but starts it at n - 1 (line 3): harmless while
        // the caller searched one element past the codes (a sentinel), wrong once the
        // caller passes the number of codes (line 13, the change).
        let src = |n: &str| {
            format!(
                "#include <stdio.h>\nint find(const int *c, int n, int key) {{\n  int lo = 0, hi = n - 1;\n  while (lo < hi) {{\n    int mid = lo + (hi - lo) / 2;\n    if (c[mid] == key) return mid;\n    if (c[mid] < key) lo = mid + 1; else hi = mid;\n  }}\n  return -1;\n}}\nint main(void) {{\n  int c[4] = {{10, 20, 30, 99}}, k;\n  while (scanf(\"%d\", &k) == 1) printf(\"%d\\n\", find(c, {n}, k));\n  return 0;\n}}\n"
            )
        };
        let p = Pair::new(&src("4"), &src("3"), "10 30\n");
        let (gr, br) = p.printing("0\n2\n", "0\n-1\n");
        // Values are recorded: the bound's assignment holds n - 1 in each run.
        let hi = |r: &TracedRun| -> Vec<u64> {
            r.trace
                .iter()
                .enumerate()
                .filter(|(_, e)| stmt_loc(r.prog, e.stmt).is_some_and(|l| l.line == 3))
                .filter_map(|(i, _)| r.trace.value(i))
                .collect()
        };
        assert!(
            hi(&gr).contains(&3) && hi(&br).contains(&2),
            "{:?} {:?}",
            hi(&gr),
            hi(&br)
        );
        // The kept values in one pass are those read entry by entry.
        for r in [&gr, &br] {
            let by_entry: Vec<u64> = (0..r.trace.len())
                .filter_map(|i| r.trace.value(i))
                .collect();
            assert!(!by_entry.is_empty());
            assert_eq!(r.trace.kept_values().collect::<Vec<_>>(), by_entry);
        }
        let byte = gr
            .result
            .stdout
            .iter()
            .zip(&br.result.stdout)
            .position(|(a, b)| a != b);
        let bt = trees(&br, &slicer(&br).expect("slicer"), byte).expect("bad");
        let diff = p.diff();
        let decision = |line: u32, changed: bool| Finding {
            line: Line::new("t.c", line),
            ..cand(line, Explanation::Decision, changed)
        };
        let got = value_divergence(&gr, &br, &bt, &diff, &[decision(7, false)], (&none, &none))
            .expect("a candidate");
        assert_eq!((got.line.line, got.changed), (3, false), "{got:?}");
        assert_eq!(
            got.evidence,
            Evidence::FirstDifference {
                decision: Line::new("t.c", 7)
            }
        );
        // Without a flipped decision in unchanged code of that function: still the line,
        // as a latent fault, since find() is untouched and the bound is a number it
        // never computed in the good run.
        let got = value_divergence(&gr, &br, &bt, &diff, &[decision(13, true)], (&none, &none))
            .expect("latent");
        assert_eq!(
            (got.line.line, &got.evidence),
            (3, &Evidence::LatentFault),
            "{got:?}"
        );
        let note = crate::report::line_note(&got.notes[0], &got.line);
        assert!(note.contains("latent fault"), "{note}");
        // A function the change touched is no latent fault's: nothing then.
        let q = Pair::new(
            &src("4"),
            &src("3").replace("int lo = 0,", "int lo = 0 ,"),
            "10 30\n",
        );
        let (gr, br) = q.printing("0\n2\n", "0\n-1\n");
        let bt = trees(&br, &slicer(&br).expect("slicer"), byte).expect("bad");
        assert!(value_divergence(
            &gr,
            &br,
            &bt,
            &q.diff(),
            &[decision(13, true)],
            (&none, &none)
        )
        .is_none());
    }

    /// The rate is divided before it is multiplied (line 5): the pay on line 6 is
    /// computed from it and is wrong too, but the value arose on line 5.
    #[test]
    fn a_value_computed_from_a_named_line_where_it_arose_is_not_named() {
        let good = "#include <stdio.h>\nint main(void) {\n  long rate, mins;\n  if (scanf(\"%ld %ld\", &rate, &mins) != 2) return 1;\n  long pay = mins * rate / 60;\n  printf(\"%ld\\n\", pay);\n  return 0;\n}\n";
        let bad = "#include <stdio.h>\nint main(void) {\n  long rate, mins;\n  if (scanf(\"%ld %ld\", &rate, &mins) != 2) return 1;\n  long per = rate / 60;\n  long pay = mins * per;\n  printf(\"%ld\\n\", pay);\n  return 0;\n}\n";
        let p = Pair::new(good, bad, "1250 210\n");
        let (gr, br) = p.printing("4375\n", "4200\n");
        let bs = slicer(&br).expect("slicer");
        let bt = trees(&br, &bs, Some(1)).expect("bad");
        let value = |line: u32| Finding {
            line: Line::new("t.c", line),
            ..cand(line, Explanation::Value, true)
        };
        let mut fs = vec![value(6), value(5)];
        let origins = link_values(&gr, &br, &bs, &bt, &finding::primary(&fs), &none).expect("link");
        set_origins(&mut fs, origins);
        assert_eq!(fs[0].computed_from(), [Line::new("t.c", 5)]);
        assert!(fs[1].computed_from().is_empty());
        assert!(fs[0].new_values() && fs[1].new_values());
        assert_eq!(fs[0].notes, [LineNote::NewValues]);
        let n = crate::analyze::naming::name(&fs, None);
        assert_eq!(n.lines, [Line::new("t.c", 5)]);
        assert_eq!(
            n.notes,
            [(
                Line::new("t.c", 6),
                LineNote::NotNamed {
                    from: Line::new("t.c", 5)
                }
            )]
        );
    }
}
