//! Stages of `git regcause GOOD BAD -- TEST` after DARWIN: the data slices that filter
//! value-level candidates, the chain from the top candidate to the failing output, and
//! the notes on undefined-behaviour assumptions. `analyze` wires them together.

use std::collections::HashSet;

use crate::analysis::Facts;
use crate::darwin::value::{stmt_loc, DataSlices};
use crate::diffctx::TreeDiff;
use crate::exec::trace::Trace;
use crate::exec::RunResult;
use crate::ir::{FileId, Loc, Program, Rvalue, StmtId, StmtKind};
use crate::report::{Alternative, Candidate, ChainStep, Evidence, Explanation, Location, Report};
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
    trees_of(slicer, &crit, &set, static_data)
}

/// [`trees`] of `crit` whose relevant slice `set` (and its static data) is already known.
pub fn trees_of(
    slicer: &Slicer,
    crit: &Criterion,
    set: &crate::slice::BitSet,
    static_data: Vec<Loc>,
) -> anyhow::Result<Trees> {
    let mut relevant: Vec<u32> = set.iter().collect();
    relevant.reverse();
    Ok(Trees {
        data: slicer.close_tree(crit, false)?,
        full: slicer.close_tree(crit, true)?,
        relevant,
        static_data,
    })
}

/// Statements of slice members, in the order given, each once.
fn statements(members: &[u32], trace: &Trace) -> Vec<StmtId> {
    // Asked once per slice member: a fast hash (statement ids are small integers).
    let mut seen: crate::sym::FxHashSet<StmtId> = Default::default();
    members
        .iter()
        .filter_map(|&i| trace.entries.get(i as usize).map(|e| e.stmt))
        .filter(|s| seen.insert(*s))
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
        bad: statements(&bt.relevant, bad.trace),
        good: statements(&gt.relevant, good.trace),
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

/// " (was line N)" for an unchanged line the change moved from line `old` to `line`;
/// nothing when it did not move.
fn moved(old: u32, line: u32) -> String {
    if old == line {
        String::new()
    } else {
        format!(" (was line {old})")
    }
}

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
pub fn missing_output(good: &TracedRun, bad: &TracedRun, diff: &TreeDiff) -> Option<Candidate> {
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
    let gstmt = good.trace.entries.get(gentry as usize)?.stmt;
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
        None => (bad.trace.entries.len().checked_sub(1)? as u32, None),
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
    let decision = (0..limit).rev().find_map(|i| {
        let e = bad.trace.entries.get(i as usize)?;
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
    })??;
    let dloc = stmt_loc(bad.prog, decision).filter(|l| l.line > 0)?;
    let dfile = bad.prog.file_name(dloc).to_string();
    let instead = bloc.map_or_else(
        || "the bad run wrote nothing there".to_string(),
        |l| format!("{}:{} wrote it instead", bad.prog.file_name(l), l.line),
    );
    Some(Candidate {
        source: diff
            .file(&dfile)
            .and_then(|f| f.line_text(dloc.line))
            .unwrap_or_default()
            .to_string(),
        missing_output: Some(Location { file, line }),
        notes: vec![format!(
            "output went missing here: in the good run {}:{} wrote stdout byte {off}; in the bad run this decision skipped it and {instead}",
            good.prog.file_name(gloc),
            gloc.line
        )],
        ..Candidate::new(
            dfile.clone(),
            dloc.line,
            Explanation::MissingOutput,
            diff.is_changed(&dfile, dloc.line),
        )
    })
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
) -> Vec<Candidate> {
    let line_of = |prog: &Program, id: StmtId| {
        stmt_loc(prog, id)
            .filter(|l| l.line > 0)
            .map(|l| (prog.file_name(l).to_string(), l.line))
    };
    let good_lines: HashSet<(String, u32)> = gt
        .data
        .order
        .iter()
        .filter_map(|&i| good.trace.entries.get(i as usize))
        .filter_map(|e| line_of(good.prog, e.stmt))
        .collect();
    // First the decision where output went missing, when it did (kind 2 of issue 29).
    let mut out: Vec<Candidate> = missing_output(good, bad, diff).into_iter().collect();
    for &i in &bt.data.order {
        let Some(e) = bad.trace.entries.get(i as usize) else {
            continue;
        };
        let Some((file, line)) = line_of(bad.prog, e.stmt) else {
            continue;
        };
        let Some(fd) = diff.file(&file) else { continue };
        let (Some(old), Some(text)) = (fd.good_line(line), fd.line_text(line)) else {
            continue;
        };
        if good_lines.contains(&(file.clone(), old))
            || !fd.is_code_line(line)
            || !is_origin(bad.prog, e.stmt)
            || output_call(bad.prog, e.stmt)
            || out.iter().any(|c| c.file == file && c.line == line)
        {
            continue;
        }
        out.push(Candidate {
            source: text.to_string(),
            exposed: true,
            notes: vec![format!(
                "unchanged, and exposed by the change: its value reaches the failing output in the bad run, while in the good run this line's values did not reach that output{}",
                moved(old, line)
            )],
            ..Candidate::new(file, line, Explanation::Value, false)
        });
        if out.iter().filter(|c| c.exposed).count() == EXPOSED {
            break;
        }
    }
    out
}

/// Whether the value an entry of `id` records is a computed number both revisions can
/// be compared on: arithmetic on non-pointer operands, or a constant stored. Pointers
/// differ between revisions with the layout, and copies only pass values on.
fn compared_value(prog: &Program, id: StmtId) -> bool {
    use crate::ir::{Operand, Scalar};
    let Some(s) = prog.stmt(id) else {
        return false;
    };
    match &s.kind {
        StmtKind::Assign(_, rv) => match rv {
            Rvalue::Bin(_, ty, ..) | Rvalue::Un(_, ty, _) => *ty != Scalar::Ptr,
            Rvalue::PtrDiff { .. } | Rvalue::Use(Operand::Const(_)) => true,
            _ => false,
        },
        StmtKind::Store {
            val: Operand::Const(_),
            ty,
            ..
        } => *ty != Scalar::Ptr,
        _ => false,
    }
}

/// [`compared_value`], remembered per statement in a dense table (a trace visits few
/// statements often, and it is asked once per trace entry).
fn compared_values(prog: &Program) -> impl FnMut(StmtId) -> bool + '_ {
    let index = crate::slice::StmtIndex::new(prog);
    // 0: not asked yet, 1: no, 2: yes.
    let mut known = vec![0u8; index.len()];
    move |id| match index.index(id).and_then(|k| known.get_mut(k)) {
        Some(k) if *k != 0 => *k == 2,
        Some(k) => {
            let yes = compared_value(prog, id);
            *k = 1 + u8::from(yes);
            yes
        }
        None => compared_value(prog, id),
    }
}

/// Per source line (file id, line) of the run's program, the entries on it whose values
/// [`compared_value`] accepts, in run order.
fn values_by_line(r: &TracedRun) -> std::collections::HashMap<(FileId, u32), Vec<u32>> {
    // Lines get dense slots through a per-statement table, so the trace's entries are
    // grouped without hashing each one.
    let index = crate::slice::StmtIndex::new(r.prog);
    let mut accepted = compared_values(r.prog);
    // Per statement: its line's slot + 1 (0: not asked yet), or u32::MAX: not grouped.
    let mut slot_of = vec![0u32; index.len()];
    let mut lines: Vec<((FileId, u32), Vec<u32>)> = Vec::new();
    let mut slot_by_line: std::collections::HashMap<(FileId, u32), u32> =
        std::collections::HashMap::new();
    for (i, e) in r.trace.entries.iter().enumerate() {
        let Some(k) = index.index(e.stmt) else {
            continue;
        };
        if slot_of[k] == 0 {
            slot_of[k] = match stmt_loc(r.prog, e.stmt).filter(|l| l.line > 0) {
                Some(loc) if accepted(e.stmt) => {
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

/// The first place, in the bad run, where unchanged code computes another value than
/// the good run did at the same line and execution: the k-th value computed on an
/// unchanged line differs from the k-th value computed on that line in the good run,
/// and the entry is in the bad run's slice of the failure. That is where the change's
/// effect enters unchanged code; when the failure's decisions are in unchanged code of
/// the same function (DARWIN flipped them there), a latent fault there is the likely
/// cause (a bound computed one too small, which only a new caller's argument exposes).
/// None unless a decision candidate in unchanged code shares the entry's function.
pub fn value_divergence(
    good: &TracedRun,
    bad: &TracedRun,
    bt: &Trees,
    diff: &TreeDiff,
    candidates: &[Candidate],
) -> Option<Candidate> {
    let unchanged_decision = |c: &&Candidate| c.explanation == Explanation::Decision && !c.changed;
    let good_lines = values_by_line(good);
    let bad_lines = values_by_line(bad);
    let mut first: Option<(u32, (String, u32, u32))> = None;
    for (&(file, line), entries) in &bad_lines {
        let name = bad.prog.file_name(Loc { file, line, col: 0 });
        let Some(fd) = diff.file(name) else { continue };
        let Some(old) = fd.good_line(line).filter(|_| fd.is_code_line(line)) else {
            continue;
        };
        let Some(gentries) = good
            .prog
            .files
            .iter()
            .position(|f| f == name)
            .and_then(|g| good_lines.get(&(g as FileId, old)))
        else {
            continue;
        };
        let hit = entries.iter().zip(gentries).find(|&(&b, &g)| {
            let (bv, gv) = (
                bad.trace.values.get(b as usize),
                good.trace.values.get(g as usize),
            );
            bv != gv && bt.full.contains(b)
        });
        if let Some((&b, _)) = hit {
            if first.as_ref().is_none_or(|(f, _)| b < *f) {
                first = Some((b, (name.to_string(), line, old)));
            }
        }
    }
    let (entry, (file, line, old)) = first?;
    let func = bad.trace.entries.get(entry as usize)?.stmt.func;
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
        .find(|c| in_func.contains(&(c.file.clone(), c.line)));
    let Some(decided) = decided else {
        // No decision flips there; still a latent fault (kind 6 of issue 29) when the
        // function is one the change did not touch and the line computes, in the bad
        // run, numbers it never computed in the good run: the change calls unchanged
        // code with arguments it never saw before.
        let untouched = in_func.iter().all(|(f, l)| !diff.is_changed(f, *l));
        // Called on a changed line: the change hands it values (a value merely
        // returned to an untouched caller is no new argument).
        let called_from_change = bad.prog.stmt_locs().any(|(id, l)| {
            matches!(
                bad.prog.stmt(id).map(|s| &s.kind),
                Some(StmtKind::Call { callee: crate::ir::Callee::Func(f), .. }) if *f == func
            ) && diff.is_changed(bad.prog.file_name(l), l.line)
        });
        let values =
            |r: &TracedRun, lines: &std::collections::HashMap<(FileId, u32), Vec<u32>>, at| {
                lines
                    .get(&at)
                    .map(|es| {
                        es.iter()
                            .filter_map(|&e| r.trace.values.get(e as usize).copied())
                            .collect::<HashSet<u64>>()
                    })
                    .unwrap_or_default()
            };
        let bfile = stmt_loc(bad.prog, bad.trace.entries.get(entry as usize)?.stmt)?.file;
        let gfile = good.prog.files.iter().position(|f| *f == file)? as FileId;
        let seen = values(good, &good_lines, (gfile, old));
        let new = values(bad, &bad_lines, (bfile, line))
            .iter()
            .any(|v| !seen.contains(v));
        return (untouched && called_from_change && new).then(|| Candidate {
            source,
            exposed: true,
            new_values: true,
            notes: vec![format!(
                "unchanged, and the first line in the failing slice where the bad run computes another value than the good run did here{}: it computes numbers it never computed in the good run, in a function the change did not touch but calls, with values it never saw: a latent fault the change may expose",
                moved(old, line)
            )],
            ..Candidate::new(file, line, Explanation::Value, false)
        });
    };
    Some(Candidate {
        source,
        notes: vec![format!(
            "unchanged, and the first line in the failing slice where the bad run computes another value than the good run did here{}; the decision at {}:{} in unchanged code of the same function flips: the change may expose a latent fault here",
            moved(old, line),
            decided.file, decided.line
        )],
        ..Candidate::new(file, line, Explanation::Value, false)
    })
}

/// Fill `computed_from` and `new_values` of the changed value-level candidates:
/// the other such lines whose values reach theirs through data dependence alone in the
/// bad run, and whether the line computed a number the good run never computed
/// (entries of the failure's slice only). Lines that feed each other (a loop's running
/// total and its step) list neither: neither is where the value arose.
pub fn link_values(
    good: &TracedRun,
    bad: &TracedRun,
    slicer: &Slicer,
    bt: &Trees,
    cands: &mut [Candidate],
) -> anyhow::Result<()> {
    let is_value = |c: &Candidate| c.changed && c.explanation == Explanation::Value;
    let mut lines: Vec<Location> = Vec::new();
    for c in cands.iter().filter(|c| is_value(c)) {
        if !lines.iter().any(|l| c.is_at(l)) {
            lines.push(c.location());
        }
    }
    if lines.is_empty() {
        return Ok(());
    }
    // The slice's entries on each candidate line.
    let mut on_line: Vec<Vec<u32>> = vec![Vec::new(); lines.len()];
    for &i in &bt.relevant {
        let Some(loc) = bad
            .trace
            .entries
            .get(i as usize)
            .and_then(|e| stmt_loc(bad.prog, e.stmt))
        else {
            continue;
        };
        let file = bad.prog.file_name(loc);
        if let Some(k) = lines
            .iter()
            .position(|l| l.line == loc.line && l.file == file)
        {
            on_line[k].push(i);
        }
    }
    let known = numbers(good);
    let mut compared = compared_values(bad.prog);
    let new_values: Vec<bool> = on_line
        .iter()
        .map(|es| {
            es.iter().any(|&i| {
                compared(bad.trace.entries[i as usize].stmt)
                    && bad
                        .trace
                        .values
                        .get(i as usize)
                        .is_some_and(|&v| !known.contains(&crate::slice::spread(v)))
            })
        })
        .collect();
    // reads[x][y]: line x's values are computed from line y's (one line has no other),
    // for all lines in one pass over the trace.
    let reads = if lines.len() > 1 {
        slicer.data_reach(&on_line)?
    } else {
        vec![vec![false; lines.len()]; lines.len()]
    };
    for c in cands.iter_mut() {
        if !is_value(c) {
            continue;
        }
        let Some(k) = lines.iter().position(|l| c.is_at(l)) else {
            continue;
        };
        c.new_values = new_values[k];
        if c.new_values {
            c.notes.push(
                "it computed a number the good run never computed: a wrong value may arise here"
                    .into(),
            );
        }
        c.computed_from = (0..lines.len())
            .filter(|&y| reads[k][y] && !reads[y][k])
            .map(|y| lines[y].clone())
            .collect();
    }
    Ok(())
}

/// Every number a run computed ([`compared_value`] entries), each `slice::spread`.
fn numbers(r: &TracedRun) -> crate::sym::FxHashSet<u64> {
    let mut compared = compared_values(r.prog);
    r.trace
        .entries
        .iter()
        .zip(&r.trace.values)
        .filter(|(e, _)| compared(e.stmt))
        .map(|(_, &v)| crate::slice::spread(v))
        .collect()
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

/// Adds the undefined-behaviour notes to `report`. When the undefined behaviour the
/// bad run's failing output depends on is on a changed line that is a candidate, the
/// change introduced it (a narrowing conversion, say): that line keeps its place and
/// says so. Otherwise, when the bad run's failing output depends on a continued
/// undefined behaviour that the good run's does not, the runs differ because of the
/// assumption and no line is blamed; else each candidate whose chain or line touches it
/// says so.
pub fn note_ub(report: &mut Report, good_ub: &[String], bad_ub: &[String]) {
    if bad_ub.is_empty() {
        return;
    }
    let only_bad = bad_ub.iter().any(|u| !good_ub.contains(u));
    let mut introduced = false;
    for u in bad_ub.iter().filter(|u| !good_ub.contains(u)) {
        let Some((file, line)) = ub_line(u) else {
            continue;
        };
        for c in report
            .candidates
            .iter_mut()
            .filter(|c| c.changed && c.file == file && c.line == line)
        {
            introduced = true;
            c.notes.push(format!(
                "the change introduces undefined behaviour here, which the failing output depends on: {u}"
            ));
        }
    }
    let list = bad_ub.join("; ");
    if introduced {
        report.notes.push(format!(
            "the bad run's failing output depends on undefined behaviour on a changed line: {list}"
        ));
        return;
    }
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

/// Candidates for the changed macro definitions the candidates' lines use, each right
/// after the first candidate that uses it (macros used by those macros follow theirs).
/// The preprocessor gives every statement the line where a macro is used, so a wrong
/// `#define` would otherwise only show as the lines using it.
pub fn add_macro_definitions(r: &mut Report, diff: &TreeDiff) {
    let macros = diff.macros();
    if !macros.iter().any(|m| m.changed()) {
        return;
    }
    let mut out: Vec<Candidate> = Vec::with_capacity(r.candidates.len());
    let mut added: HashSet<(String, u32)> = r
        .candidates
        .iter()
        .map(|c| (c.file.clone(), c.line))
        .collect();
    for c in std::mem::take(&mut r.candidates) {
        let user = c.clone();
        out.push(c);
        // Macros the line uses, then those their definitions use.
        let mut work: Vec<(String, Location)> = crate::diffctx::identifiers(&user.source)
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
                    Location {
                        file: m.file.clone(),
                        line: m.changed_line.unwrap_or(m.line),
                    }
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
                let what = if at == m.line {
                    format!("defines the macro `{}`", m.name)
                } else {
                    format!(
                        "changes the definition of the macro `{}` ({}:{})",
                        m.name, m.file, m.line
                    )
                };
                let note = format!(
                    "{what} used at {}:{}, a {} candidate: the preprocessor puts the statement on that line, so the run never shows this one",
                    used_at.file,
                    used_at.line,
                    user.explanation.name()
                );
                out.push(Candidate {
                    used_at: Some(used_at.clone()),
                    // Without the continuation's backslash and the spaces before it.
                    source: fd
                        .and_then(|d| d.line_text(at))
                        .map(|t| t.trim_end().trim_end_matches('\\').trim_end())
                        .unwrap_or("")
                        .to_string(),
                    hunk: fd.and_then(|d| d.hunk_around(at, &m.file)),
                    notes: vec![note],
                    // A definition is no decision that skipped output, nor a deletion.
                    ..Candidate::new(
                        m.file.clone(),
                        at,
                        match user.explanation {
                            Explanation::Decision => Explanation::Decision,
                            _ => Explanation::Value,
                        },
                        true,
                    )
                });
            }
        }
    }
    r.candidates = out;
    crate::report::rerank(&mut r.candidates);
}

/// Most lines a report names as the root cause.
pub const NAMED: usize = 3;

/// Choose the lines the report names, and put them first among the candidates. The
/// first kind of evidence that yields any line decides, at most [`NAMED`] lines of it:
///
/// 1. what delta debugging points at when it narrowed the change, or kept no more
///    than a few lines (candidates inside the failure-inducing hunks, the place of a
///    deletion among them, only their proven decisions when they hold any; else the
///    hunks' lines in the relevant slice, and the best candidate when it only exposes a
///    latent fault);
/// 2. changed lines whose decision flips, each proved by a replayed alternative input,
///    and changed decisions that skipped the good run's writer of the first differing
///    byte (missing output: the byte the bad run wrote there comes from an unchanged
///    output statement that only comes next);
/// 3. changed lines whose value reaches the failing output; but when none of them
///    computed a number the good run never computed and the change exposes unchanged
///    lines (their values reach the output only in the bad run; a line that only
///    prints is never one), those lines, each noted as a latent fault
///    exposed by the first changed line, and that changed line after them when there
///    is room (noted as the change that exposes them);
/// 4. the best candidate (a fault in unchanged code: only reached when no changed line
///    is a candidate, so a changed line is never named after an unchanged one but for
///    the evidence of kinds 1 and 3 that the unchanged line is wrong).
///
/// Decisions come before values because a flip is proved by running an input; a
/// value-level line is an inference from the slices. Within the kind chosen, a value
/// line computed from another of its lines and a macro definition expanded on one of
/// its lines are left out (the value arose upstream; the definition is that line's
/// statement), and the lines holding a decision whose alternative input makes both
/// revisions agree (the flip undoes the regression), when there are any, are named
/// alone.
pub fn name_root_cause(r: &mut Report) {
    // Whether a candidate at `l` satisfies `p` (a line may hold two candidates).
    fn any_at(cs: &[Candidate], l: &Location, p: impl Fn(&Candidate) -> bool) -> bool {
        cs.iter().any(|c| c.is_at(l) && p(c))
    }
    let cs = &r.candidates;
    let is_decision = |c: &Candidate| c.explanation == Explanation::Decision;
    // A decision whose replay took the predicted paths: a flip proved by running it.
    let is_proven = |l: &Location| {
        any_at(cs, l, |c| {
            is_decision(c) && c.alternative.as_ref().is_some_and(|a| a.as_predicted)
        })
    };
    // A line where a number arose that the good run never computed.
    let arose = |l: &Location| any_at(cs, l, |c| c.new_values);
    let mut from_dd: Vec<Location> =
        r.dd.as_ref()
            .filter(|d| d.narrowed)
            .map(|d| d.reported.clone())
            .unwrap_or_default();
    // As for the whole change below: proven decisions, when there are any, before and
    // instead of the values. Otherwise the values, when there are any: a decision
    // whose flip no replay bore out is weaker evidence than a value the slices trace
    // to the output.
    // The search points only at unchanged decisions that skipped output: they say where
    // output went missing, not that they are wrong; the narrowed change's own lines
    // (the first line of each failure-inducing hunk) are named instead.
    let missing = |c: &Candidate| c.explanation == Explanation::MissingOutput;
    let only_missing = |l: &Location| {
        any_at(cs, l, |c| !c.changed && missing(c)) && !any_at(cs, l, |c| !missing(c))
    };
    if !from_dd.is_empty() && from_dd.iter().all(only_missing) {
        from_dd =
            r.dd.iter()
                .flat_map(|d| &d.hunks)
                .map(|h| Location {
                    file: h.file.clone(),
                    line: h.start,
                })
                .collect();
    }
    if from_dd.iter().any(is_proven) {
        from_dd.retain(is_proven);
    } else if from_dd.iter().any(|l| !any_at(cs, l, is_decision)) {
        from_dd.retain(|l| !any_at(cs, l, is_decision));
    }
    let pick = |f: &dyn Fn(&Candidate) -> bool| -> Vec<Location> {
        cs.iter()
            .filter(|c| f(c))
            .map(Candidate::location)
            .collect()
    };
    let tiers = [
        from_dd,
        pick(&|c| c.changed && (is_decision(c) || missing(c))),
        pick(&|c| c.changed),
        cs.first().map(Candidate::location).into_iter().collect(),
    ];
    let (tier, mut named) = tiers
        .into_iter()
        .enumerate()
        .find(|(_, t)| !t.is_empty())
        .unwrap_or_default();
    let mut evidence = [
        Evidence::HunkSearch,
        Evidence::Decision,
        Evidence::Value,
        Evidence::Candidate,
    ][tier];
    if tier == 1 && named.first().is_some_and(|l| any_at(cs, l, missing)) {
        evidence = Evidence::MissingOutput;
    }
    // Changed values of which none computed a number the good run never did, while
    // unchanged lines now reach the output: the change only routes an old value there
    // (a latent fault it exposes), so the exposed lines are named.
    let exposed = pick(&|c| c.exposed);
    let mut exposed_by = None;
    if tier == 2 && !exposed.is_empty() && !named.iter().any(arose) {
        // The exposed lines first, then, when there is room, the changed line that
        // exposes them: which is which is said in their notes.
        exposed_by = named.first().cloned();
        named = exposed;
        if named.len() < NAMED {
            named.extend(exposed_by.clone());
        }
        evidence = Evidence::Exposed;
    } else if tier == 0 && !cs.iter().any(|c| c.changed && c.new_values) {
        // The hunk search found the change, which computes nothing new itself, while
        // unchanged code it calls computes numbers it never computed before (the first
        // value the runs compute differently, in a function the change did not touch,
        // see `value_divergence`): a latent fault, named first, the change after it.
        let latent = pick(&|c| c.exposed && c.new_values && !c.changed);
        if !latent.is_empty() {
            exposed_by = named.first().cloned();
            named = latent.into_iter().chain(named).collect();
            evidence = Evidence::Exposed;
        }
    }
    // A line can hold more than one candidate (a decision and a value): named once.
    let mut seen = HashSet::new();
    named.retain(|l| seen.insert((l.file.clone(), l.line)));
    // A line whose text did not change but expands a changed macro does not hold the
    // change: the definition does, so it stays named beside the line.
    let macro_only = |l: &Location| {
        any_at(cs, l, |c| {
            c.notes
                .iter()
                .any(|n| n.starts_with(crate::diffctx::EXPANDS_CHANGED_MACRO))
        })
    };
    // A named definition of a macro whose text is all that changed acts on the line
    // that expands it: that line is named after it, never a line further on.
    let mut i = 0;
    while i < named.len() {
        let use_at = cs.iter().find_map(|c| {
            c.used_at
                .as_ref()
                .filter(|u| c.is_at(&named[i]) && macro_only(u) && !named.contains(u))
        });
        if let Some(u) = use_at {
            named.insert(i + 1, u.clone());
        }
        i += 1;
    }
    // A value line computed from another named line only carries that value on, and a
    // macro definition expanded on a named line is part of that line's statement: the
    // line the value arose on is named, once.
    let carried_on = |c: &Candidate| {
        let among = |u: &Location| named.contains(u);
        c.used_at.as_ref().is_some_and(|u| among(u) && !macro_only(u))
            || c.computed_from.iter().any(|u| among(u) && arose(u))
            // Or a line computing nothing new from one changed line alone, a named one.
            || (!c.new_values && c.computed_from.len() == 1 && c.computed_from.iter().any(among))
    };
    let carried: Vec<Location> = named
        .iter()
        .filter(|l| any_at(cs, l, carried_on))
        .cloned()
        .collect();
    if carried.len() < named.len() {
        named.retain(|l| !carried.contains(l));
        for c in r.candidates.iter_mut() {
            if !carried.iter().any(|l| c.is_at(l)) {
                continue;
            }
            let from = c
                .used_at
                .iter()
                .chain(&c.computed_from)
                .find(|u| named.contains(u));
            if let Some(u) = from {
                c.notes.push(format!(
                    "not named: its value comes from {}:{}, which is named",
                    u.file, u.line
                ));
            }
        }
    }
    // A decision whose alternative input makes the revisions agree is proof the
    // regression passes through it; the tier's other lines are then only listed.
    let undoes = |l: &Location| {
        any_at(&r.candidates, l, |c| {
            c.alternative
                .as_ref()
                .is_some_and(Alternative::undoes_regression)
        })
    };
    if named.iter().any(undoes) {
        named.retain(undoes);
    }
    named.truncate(NAMED);
    // Which is which: the unchanged lines named are a latent fault, the change exposed it.
    if let Some(by) = &exposed_by {
        for c in r
            .candidates
            .iter_mut()
            .filter(|c| !c.changed && named.iter().any(|l| c.is_at(l)))
        {
            c.notes.push(format!(
                "named as a latent fault in unchanged code, exposed by the change at {}:{}",
                by.file, by.line
            ));
        }
        let faults: Vec<String> = named
            .iter()
            .filter(|l| any_at(&r.candidates, l, |c| !c.changed))
            .map(|l| format!("{}:{}", l.file, l.line))
            .collect();
        if named.contains(by) && !faults.is_empty() {
            if let Some(c) = r.candidates.iter_mut().find(|c| c.is_at(by) && c.changed) {
                c.notes.push(format!(
                    "named as the change that exposes the latent fault at {}",
                    faults.join(", ")
                ));
            }
        }
    }
    // The named lines first, in their order; then the rest in theirs.
    let pos = |c: &Candidate| named.iter().position(|l| c.is_at(l)).unwrap_or(NAMED);
    r.candidates.sort_by_key(pos);
    crate::report::rerank(&mut r.candidates);
    r.root_cause_evidence = (!named.is_empty()).then_some(evidence);
    r.root_cause = named;
}

/// The chain of the top candidate (after naming, so it explains the line shown first).
pub fn add_chain(r: &mut Report, bad: &TracedRun, bt: &Trees, diff: &TreeDiff) {
    let Some(top) = r.candidates.first() else {
        return;
    };
    let ch = chain(bad, &bt.full, diff, top);
    if let Some(top) = r.candidates.first_mut() {
        top.chain = ch;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_keys_separate_their_parts() {
        let a = report_key("g", "b", &[b"ab", b"c"]);
        assert_ne!(a, report_key("g", "b", &[b"a", b"bc"]));
        assert_ne!(a, report_key("b", "g", &[b"ab", b"c"]));
        assert_eq!(a, report_key("g", "b", &[b"ab", b"c"]));
    }

    fn cand(line: u32, explanation: Explanation, changed: bool) -> Candidate {
        Candidate::new("p.c".into(), line, explanation, changed)
    }

    fn alt(agree: bool, predicted: bool) -> crate::report::Alternative {
        crate::report::Alternative {
            args: Vec::new(),
            stdin: String::new(),
            good_stdout: "a".into(),
            good_ending: "exit status 0".into(),
            bad_stdout: if agree { "a" } else { "b" }.into(),
            bad_ending: "exit status 0".into(),
            as_predicted: predicted,
            revisions_agree: agree,
            surprise: None,
            ..Default::default()
        }
    }

    /// A changed decision candidate with a replayed alternative.
    fn with(line: u32, a: crate::report::Alternative) -> Candidate {
        Candidate {
            alternative: Some(a),
            ..cand(line, Explanation::Decision, true)
        }
    }

    fn empty_report() -> Report {
        Report::new(
            Default::default(),
            Default::default(),
            Default::default(),
            "rsc",
        )
    }

    fn named(r: &Report) -> Vec<u32> {
        r.root_cause.iter().map(|l| l.line).collect()
    }

    #[test]
    fn a_decision_whose_flip_undoes_the_regression_is_named_alone() {
        let mut r = empty_report();
        r.candidates = vec![with(3, alt(false, true)), with(6, alt(true, true))];
        name_root_cause(&mut r);
        assert_eq!(named(&r), vec![6]);
        assert_eq!(r.candidates[0].line, 6);
        // Agreement from a replay that left the predicted path proves nothing.
        r.candidates = vec![with(3, alt(false, true)), with(6, alt(true, false))];
        name_root_cause(&mut r);
        assert_eq!(named(&r), vec![3, 6]);
    }

    fn with_dd(r: &mut Report, reported: &[u32], hunk: (u32, u32)) {
        r.dd = Some(crate::report::DdSection {
            narrowed: true,
            reported: reported
                .iter()
                .map(|&line| Location {
                    file: "p.c".into(),
                    line,
                })
                .collect(),
            hunks: vec![crate::report::FailureHunk {
                file: "p.c".into(),
                start: hunk.0,
                end: hunk.1,
                text: String::new(),
                candidate_lines: Vec::new(),
                slice_lines: Vec::new(),
            }],
            ..Default::default()
        });
    }

    /// Issue 29's kinds in the naming rule: a changed decision that skipped output
    /// before changed values; unchanged decisions that skipped output are no evidence
    /// against themselves (the narrowed hunk is named); a latent fault (unchanged, new
    /// numbers) comes before the change the hunk search found, which follows it.
    #[test]
    fn missing_output_and_latent_faults_in_the_naming_order() {
        use Explanation::{MissingOutput, Value};
        let mut r = empty_report();
        r.candidates = vec![cand(9, Value, true), cand(5, MissingOutput, true)];
        name_root_cause(&mut r);
        assert_eq!(named(&r), vec![5]);
        assert_eq!(r.root_cause_evidence, Some(Evidence::MissingOutput));
        let mut r = empty_report();
        r.candidates = vec![cand(22, MissingOutput, false)];
        with_dd(&mut r, &[22], (9, 9));
        name_root_cause(&mut r);
        assert_eq!(named(&r), vec![9]);
        assert_eq!(r.root_cause_evidence, Some(Evidence::HunkSearch));
        let latent = Candidate {
            exposed: true,
            new_values: true,
            ..cand(5, Value, false)
        };
        let mut r = empty_report();
        r.candidates = vec![cand(17, Value, true), latent.clone()];
        with_dd(&mut r, &[17], (17, 17));
        name_root_cause(&mut r);
        assert_eq!(named(&r), vec![5, 17]);
        assert_eq!(r.root_cause_evidence, Some(Evidence::Exposed));
        assert!(r.candidates[0].notes[0].ends_with("exposed by the change at p.c:17"));
        assert_eq!(
            r.candidates[1].notes,
            ["named as the change that exposes the latent fault at p.c:5"]
        );
        // A change that computes a number of its own is no mere exposer.
        let mut r = empty_report();
        r.candidates = vec![
            Candidate {
                new_values: true,
                ..cand(17, Value, true)
            },
            latent,
        ];
        with_dd(&mut r, &[17], (17, 17));
        name_root_cause(&mut r);
        assert_eq!(named(&r), vec![17]);
    }

    #[test]
    fn the_first_kind_of_evidence_with_a_line_is_named() {
        use Explanation::{Decision, Value};
        let mut r = empty_report();
        // Changed decisions before changed values, unchanged lines left out.
        r.candidates = vec![
            cand(5, Value, true),
            cand(7, Decision, false),
            cand(9, Decision, true),
            cand(11, Value, true),
        ];
        name_root_cause(&mut r);
        assert_eq!(named(&r), vec![9]);
        let order: Vec<u32> = r.candidates.iter().map(|c| c.line).collect();
        assert_eq!(order, vec![9, 5, 7, 11], "named first, the rest in order");
        assert_eq!(
            r.candidates.iter().map(|c| c.rank).collect::<Vec<_>>(),
            vec![1, 2, 3, 4]
        );
        // No changed decision: changed values, at most three.
        r.candidates = (1..=5).map(|l| cand(l, Value, true)).collect();
        name_root_cause(&mut r);
        assert_eq!(named(&r), vec![1, 2, 3]);
        // Only unchanged code: the best candidate.
        r.candidates = vec![cand(4, Value, false), cand(6, Decision, false)];
        name_root_cause(&mut r);
        assert_eq!(named(&r), vec![4]);
        // A narrowed hunk search decides: its lines in its order, or only its proven
        // decisions when it holds any.
        r.candidates = vec![
            cand(3, Decision, true),
            cand(8, Value, true),
            cand(10, Decision, true),
        ];
        r.dd = Some(crate::report::DdSection {
            narrowed: true,
            reported: [8, 10]
                .iter()
                .map(|&line| Location {
                    file: "p.c".into(),
                    line,
                })
                .collect(),
            ..Default::default()
        });
        name_root_cause(&mut r);
        assert_eq!(named(&r), vec![8], "an unproven flip yields to the values");
        for c in r.candidates.iter_mut().filter(|c| c.line == 10) {
            c.alternative = Some(alt(false, true));
        }
        name_root_cause(&mut r);
        assert_eq!(named(&r), vec![10]);
        // One that did not narrow the change is not evidence.
        if let Some(d) = r.dd.as_mut() {
            d.narrowed = false;
        }
        name_root_cause(&mut r);
        assert_eq!(named(&r), vec![10, 3]);
        // Nothing to name without candidates.
        r.candidates.clear();
        r.dd = None;
        name_root_cause(&mut r);
        assert!(r.root_cause.is_empty());
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
        let mut r = empty_report();
        let mut c2 = cand(2, Explanation::Decision, false);
        c2.source = "  if (x & F_AB)".into();
        let mut c4 = cand(4, Explanation::Value, false);
        c4.source = "  return x & F_B; /* F_A */".into();
        r.candidates = vec![c2, c4];
        add_macro_definitions(&mut r, &diff);
        let got: Vec<(String, u32, bool)> = r
            .candidates
            .iter()
            .map(|c| (c.file.clone(), c.line, c.changed))
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
        assert_eq!(r.candidates[1].explanation, Explanation::Decision);
        assert!(r.candidates[1].notes[0].contains("`F_B` used at p.c:2"));
        assert_eq!(r.candidates[2].rank, 3);
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
            .map(|c| c.line)
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
            (m.line, m.changed, m.explanation),
            (5, true, Explanation::MissingOutput)
        );
        assert_eq!(m.missing_output.as_ref().map(|l| l.line), Some(6));
        assert!(
            m.notes[0].contains("t.c:7 wrote it instead"),
            "{:?}",
            m.notes
        );
        let got = exposed(&gr, &gt, &br, &bt, &diff);
        assert_eq!(got[0].line, 5);
        assert!(got.iter().all(|c| c.line != 7), "{got:?}");
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
        let mut r = empty_report();
        r.candidates = vec![cand(21, Explanation::Value, true)];
        note_ub(&mut r, &[], &ub);
        assert!(!r.ub_only);
        assert_eq!(r.candidates.len(), 1);
        assert!(
            r.candidates[0].notes[0].starts_with("the change introduces undefined behaviour here")
        );
        let mut r = empty_report();
        r.candidates = vec![cand(20, Explanation::Value, true)];
        note_ub(&mut r, &[], &ub);
        assert!(r.ub_only && r.candidates.is_empty());
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
                .entries
                .iter()
                .zip(&r.trace.values)
                .filter(|(e, _)| {
                    stmt_loc(r.prog, e.stmt).is_some_and(|l| l.line == 3)
                        && compared_value(r.prog, e.stmt)
                })
                .map(|(_, v)| *v)
                .collect()
        };
        assert!(
            hi(&gr).contains(&3) && hi(&br).contains(&2),
            "{:?} {:?}",
            hi(&gr),
            hi(&br)
        );
        let byte = gr
            .result
            .stdout
            .iter()
            .zip(&br.result.stdout)
            .position(|(a, b)| a != b);
        let bt = trees(&br, &slicer(&br).expect("slicer"), byte).expect("bad");
        let diff = p.diff();
        let decision = |line: u32, changed: bool| Candidate {
            file: "t.c".into(),
            ..cand(line, Explanation::Decision, changed)
        };
        let got =
            value_divergence(&gr, &br, &bt, &diff, &[decision(7, false)]).expect("a candidate");
        assert_eq!((got.line, got.changed), (3, false), "{got:?}");
        assert!(got.notes[0].contains("t.c:7"), "{:?}", got.notes);
        // Without a flipped decision in unchanged code of that function: still the line,
        // as a latent fault, since find() is untouched and the bound is a number it
        // never computed in the good run.
        let got = value_divergence(&gr, &br, &bt, &diff, &[decision(13, true)]).expect("latent");
        assert_eq!(
            (got.line, got.exposed, got.new_values),
            (3, true, true),
            "{got:?}"
        );
        assert!(got.notes[0].contains("latent fault"), "{:?}", got.notes);
        // A function the change touched is no latent fault's: nothing then.
        let q = Pair::new(
            &src("4"),
            &src("3").replace("int lo = 0,", "int lo = 0 ,"),
            "10 30\n",
        );
        let (gr, br) = q.printing("0\n2\n", "0\n-1\n");
        let bt = trees(&br, &slicer(&br).expect("slicer"), byte).expect("bad");
        assert!(value_divergence(&gr, &br, &bt, &q.diff(), &[decision(13, true)]).is_none());
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
        let value = |line: u32| Candidate {
            file: "t.c".into(),
            ..cand(line, Explanation::Value, true)
        };
        let mut r = empty_report();
        r.candidates = vec![value(6), value(5)];
        link_values(&gr, &br, &bs, &bt, &mut r.candidates).expect("link");
        let at = |line: u32| Location {
            file: "t.c".into(),
            line,
        };
        assert_eq!(r.candidates[0].computed_from, vec![at(5)]);
        assert!(r.candidates[1].computed_from.is_empty());
        assert!(r.candidates[0].new_values && r.candidates[1].new_values);
        name_root_cause(&mut r);
        assert_eq!(r.root_cause, vec![at(5)]);
        assert!(
            r.candidates[1]
                .notes
                .iter()
                .any(|n| n.contains("from t.c:5")),
            "{:?}",
            r.candidates[1].notes
        );
    }

    #[test]
    fn exposed_lines_are_named_when_no_changed_line_computed_a_new_number() {
        use Explanation::Value;
        let mut r = empty_report();
        let mut e = cand(30, Value, false);
        e.exposed = true;
        r.candidates = vec![cand(5, Value, true), cand(6, Value, true), e.clone()];
        name_root_cause(&mut r);
        // The exposed line, then the first changed line, which exposes it.
        assert_eq!(named(&r), vec![30, 5]);
        // A changed line where a new number arose is named instead.
        let mut n = cand(5, Value, true);
        n.new_values = true;
        r.candidates = vec![n, cand(6, Value, true), e.clone()];
        name_root_cause(&mut r);
        assert_eq!(named(&r), vec![5, 6]);
        // A changed decision comes first regardless.
        r.candidates = vec![
            cand(4, Explanation::Decision, true),
            cand(6, Value, true),
            e,
        ];
        name_root_cause(&mut r);
        assert_eq!(named(&r), vec![4]);
    }

    #[test]
    fn carried_lines_and_macro_definitions_leave_the_naming() {
        use Explanation::Value;
        let at = |line: u32| Location {
            file: "p.c".into(),
            line,
        };
        let mut r = empty_report();
        // 2 defines a macro expanded on 5; 6 computes nothing new from 5 alone; 8 is
        // computed from 5 and from 7, neither where a new number arose; 9 from 8, which
        // is.
        let mut c5 = cand(5, Value, true);
        c5.new_values = false;
        let mut c2 = cand(2, Value, true);
        c2.used_at = Some(at(5));
        let mut c6 = cand(6, Value, true);
        c6.computed_from = vec![at(5)];
        let mut c8 = cand(8, Value, true);
        c8.computed_from = vec![at(5), at(7)];
        c8.new_values = true;
        let mut c9 = cand(9, Value, true);
        c9.computed_from = vec![at(8)];
        c9.new_values = true;
        r.candidates = vec![c5, c2, c6, cand(7, Value, true), c8, c9];
        name_root_cause(&mut r);
        assert_eq!(named(&r), vec![5, 7, 8]);
        // Never all of them: a cycle of carried lines names its lines.
        let mut a = cand(1, Value, true);
        a.computed_from = vec![at(3)];
        let mut b = cand(3, Value, true);
        b.computed_from = vec![at(1)];
        r.candidates = vec![a, b];
        name_root_cause(&mut r);
        assert_eq!(named(&r), vec![1, 3]);
    }

    /// A definition whose use changed only by expanding it holds the change: it stays
    /// named, with that use right after it (even when the search named the definition
    /// alone), and a later printing line is not.
    #[test]
    fn a_changed_macro_is_named_with_the_line_expanding_it() {
        use Explanation::Value;
        let at = |line: u32| Location {
            file: "p.c".into(),
            line,
        };
        let mut r = empty_report();
        let mut use5 = cand(5, Value, true);
        use5.notes.push(format!(
            "{} `SCALE`: its text did not change",
            crate::diffctx::EXPANDS_CHANGED_MACRO
        ));
        let mut def2 = cand(2, Value, true);
        def2.used_at = Some(at(5));
        r.candidates = vec![use5.clone(), def2.clone(), cand(9, Value, false)];
        name_root_cause(&mut r);
        assert_eq!(named(&r), vec![5, 2]);
        // The hunk search named the definition only.
        r.candidates = vec![def2.clone(), use5.clone(), cand(9, Value, false)];
        with_dd(&mut r, &[2], (1, 3));
        name_root_cause(&mut r);
        assert_eq!(named(&r), vec![2, 5]);
        // A use whose own text changed holds the change: the definition is left out.
        r.dd = None;
        use5.notes.clear();
        r.candidates = vec![use5, def2];
        name_root_cause(&mut r);
        assert_eq!(named(&r), vec![5]);
    }

    #[test]
    fn an_unchanged_line_is_said_to_have_moved_only_when_it_did() {
        assert_eq!(moved(401, 401), "");
        assert_eq!(moved(398, 401), " (was line 398)");
    }
}
