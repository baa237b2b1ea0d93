//! Value-level explanations: when no decision of the bad run can be flipped while the
//! good run keeps its condition, the fault is in a computed value (a wrong constant,
//! operator or initial value). The candidates are the bad revision's statements whose
//! values reach the criterion (the bad run's data slice), on lines the diff changed,
//! minus those whose code equals a statement in the good run's data slice (a moved or
//! reformatted assignment computes the same value as before). A global's initial value
//! read by the slice brings in the changed lines of its initialiser (tables and
//! constants have no statement).
//!
//! Without a data slice (the runs were not traced), the changed lines stand in for it,
//! and the criterion's own statement closes the list.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;

use crate::diffctx::TreeDiff;
use crate::finding::{Evidence, Finding, Line, LineNote, ValueReason};
use crate::ir::{Callee, Loc, Operand, Program, Rvalue, StmtId, StmtKind, Terminator};

/// The slices of both runs from their criteria, as DARWIN's value level needs them:
/// data and control dependence (a wrong comparison of values that do not depend on the
/// inputs is a value fault too), no potential dependence.
#[derive(Clone, Debug, Default)]
pub struct DataSlices {
    /// Statements of the bad run's slice, nearest the criterion first, each once.
    pub bad: Vec<StmtId>,
    /// Statements of the good run's slice.
    pub good: Vec<StmtId>,
    /// Globals of the bad revision whose initial value the bad run's data and control
    /// closure reads.
    pub bad_initial_globals: Vec<u32>,
    /// The exact initialiser lines (file, line) of the static data the bad run's
    /// relevant slice read (`slice::Slice::static_data`).
    pub bad_static_data: Vec<(String, u32)>,
}

/// Lines holding statements (not terminators) of `prog`, with whether `keep` accepts
/// one of the line's statements.
fn statement_lines(prog: &Program, keep: impl Fn(StmtId) -> bool) -> BTreeSet<(String, u32)> {
    // Terminators count too: a branch on a wrong computed value is a value fault when
    // the value does not depend on the inputs.
    prog.stmt_locs()
        .filter(|&(id, loc)| loc.line > 0 && keep(id))
        .map(|(_, loc)| (prog.file_name(loc).to_string(), loc.line))
        .collect()
}

/// The source location of statement `id` (terminators included).
pub(crate) fn stmt_loc(prog: &Program, id: StmtId) -> Option<Loc> {
    let b = prog
        .functions
        .get(id.func.index())?
        .blocks
        .get(id.block.index())?;
    Some(match b.stmts.get(id.index as usize) {
        Some(s) => s.loc,
        None => b.term_loc,
    })
}

/// A statement's code with everything that only names it in one revision replaced:
/// registers numbered by first appearance, locals, globals and functions by name. Two
/// statements with the same signature compute the same value from the same inputs.
fn signature(prog: &Program, id: StmtId) -> Option<String> {
    let f = prog.functions.get(id.func.index())?;
    let block = f.blocks.get(id.block.index())?;
    let mut regs: HashMap<u32, usize> = HashMap::new();
    let mut reg = |r: u32| {
        let n = regs.len();
        format!("v{}", *regs.entry(r).or_insert(n))
    };
    let op = |o: &Operand, reg: &mut dyn FnMut(u32) -> String| match o {
        Operand::Reg(r) => reg(r.raw()),
        Operand::Const(c) => format!("{}", *c as i64),
    };
    let local = |l: u32| {
        f.locals
            .get(l as usize)
            .map_or_else(|| format!("local{l}"), |x| x.name.clone())
    };
    let global = |g: u32| {
        prog.globals
            .get(g as usize)
            .map_or_else(|| format!("global{g}"), |x| x.name.clone())
    };
    let func = |g: u32| {
        prog.functions
            .get(g as usize)
            .map_or_else(|| format!("func{g}"), |x| x.name.clone())
    };
    let builtin = |b: u32| {
        prog.builtins
            .get(b as usize)
            .cloned()
            .unwrap_or_else(|| format!("builtin{b}"))
    };
    let mut s = String::new();
    let Some(st) = block.stmts.get(id.index as usize) else {
        // A terminator: its decision or returned value (block numbers are not code).
        match &block.term {
            Terminator::Branch { cond, ty, .. } => {
                let _ = write!(s, "br {}.{ty:?}", op(cond, &mut reg));
            }
            Terminator::BranchCmp {
                op: o, ty, a, b, ..
            } => {
                let _ = write!(s, "br {} {o:?}.{ty:?} {}", op(a, &mut reg), op(b, &mut reg));
            }
            Terminator::Switch { val, ty, cases, .. } => {
                let vals: Vec<u64> = cases.iter().map(|c| c.0).collect();
                let _ = write!(s, "switch {}.{ty:?} {vals:?}", op(val, &mut reg));
            }
            Terminator::Return(Some(v)) => {
                let _ = write!(s, "ret {}", op(v, &mut reg));
            }
            Terminator::Goto(_) | Terminator::Return(None) | Terminator::Unreachable => {
                return None
            }
        }
        return Some(s);
    };
    match &st.kind {
        StmtKind::Assign(d, rv) => {
            let d = reg(d.raw());
            let r = match rv {
                Rvalue::Use(o) => op(o, &mut reg),
                Rvalue::Load(a, t) => format!("load.{t:?} {}", op(a, &mut reg)),
                Rvalue::LoadRaw(a, t) => format!("loadraw.{t:?} {}", op(a, &mut reg)),
                Rvalue::LoadIdx {
                    base,
                    index,
                    scale,
                    ty,
                } => format!(
                    "load.{ty:?} {}[{} * {scale}]",
                    op(base, &mut reg),
                    op(index, &mut reg)
                ),
                Rvalue::Bin(b, t, x, y) => {
                    format!("{} {b:?}.{t:?} {}", op(x, &mut reg), op(y, &mut reg))
                }
                Rvalue::Un(u, t, x) => format!("{u:?}.{t:?} {}", op(x, &mut reg)),
                Rvalue::Cast { from, to, val } => {
                    format!("({to:?} <- {from:?}) {}", op(val, &mut reg))
                }
                Rvalue::PtrAdd { base, index, scale } => {
                    format!("{} + {} * {scale}", op(base, &mut reg), op(index, &mut reg))
                }
                Rvalue::PtrDiff { a, b, scale } => {
                    format!("({} - {}) / {scale}", op(a, &mut reg), op(b, &mut reg))
                }
                Rvalue::AddrLocal(l) => format!("&{}", local(l.raw())),
                Rvalue::AddrGlobal(g) => format!("&{}", global(g.raw())),
                Rvalue::AddrFunc(g) => format!("&{}", func(g.raw())),
                Rvalue::AddrBuiltin(b) => format!("&{}", builtin(*b)),
            };
            let _ = write!(s, "{d} = {r}");
        }
        StmtKind::Store { addr, val, ty } => {
            let _ = write!(s, "*{} = {}.{ty:?}", op(addr, &mut reg), op(val, &mut reg));
        }
        StmtKind::StoreIdx {
            base,
            index,
            scale,
            val,
            ty,
        } => {
            let _ = write!(
                s,
                "{}[{} * {scale}] = {}.{ty:?}",
                op(base, &mut reg),
                op(index, &mut reg),
                op(val, &mut reg)
            );
        }
        StmtKind::Copy { dst, src, size } => {
            let _ = write!(
                s,
                "copy {} <- {} ({size})",
                op(dst, &mut reg),
                op(src, &mut reg)
            );
        }
        StmtKind::Zero { dst, size } => {
            let _ = write!(s, "zero {} ({size})", op(dst, &mut reg));
        }
        StmtKind::Call {
            dst,
            callee,
            args,
            sret,
        } => {
            if let Some((d, t)) = dst {
                let _ = write!(s, "{}.{t:?} = ", reg(d.raw()));
            }
            let c = match callee {
                Callee::Func(g) => func(g.raw()),
                Callee::Builtin(b) => builtin(*b),
                Callee::Indirect(o) => format!("(*{})", op(o, &mut reg)),
            };
            let _ = write!(s, "{c}(");
            for a in args {
                let _ = write!(
                    s,
                    "{}.{:?}.{:?}, ",
                    op(&a.val, &mut reg),
                    a.ty,
                    a.by_value_size
                );
            }
            if let Some(o) = sret {
                let _ = write!(s, "sret {}", op(o, &mut reg));
            }
            s.push(')');
        }
        StmtKind::StorageLive(l) => {
            let _ = write!(s, "live {}", local(l.raw()));
        }
        StmtKind::StorageLiveSized(l, n) => {
            let _ = write!(s, "live {} {}", local(l.raw()), op(n, &mut reg));
        }
        StmtKind::LongDouble(l) => {
            let _ = write!(
                s,
                "ld.{:?} {} <- {}",
                l.op,
                op(&l.dst, &mut reg),
                op(&l.a, &mut reg)
            );
            if let Some(b) = &l.b {
                let _ = write!(s, ", {}", op(b, &mut reg));
            }
        }
    }
    Some(s)
}

/// The line of each statement and whether it computes what the good revision's data
/// slice computed somewhere (the same signature).
fn slice_lines(bad: &Program, good: &Program, slices: &DataSlices) -> Vec<((String, u32), bool)> {
    let good_sigs: HashSet<String> = slices
        .good
        .iter()
        .filter_map(|&id| signature(good, id))
        .collect();
    // Per line: whether every one of its slice statements equals one of good's.
    let mut lines: Vec<((String, u32), bool)> = Vec::new();
    let mut at: HashMap<(String, u32), usize> = HashMap::new();
    for &id in &slices.bad {
        let Some(loc) = stmt_loc(bad, id).filter(|l| l.line > 0) else {
            continue;
        };
        let key = (bad.file_name(loc).to_string(), loc.line);
        // Jumps have no signature: they compute nothing.
        let same = signature(bad, id).is_none_or(|s| good_sigs.contains(&s));
        match at.get(&key) {
            Some(&k) => lines[k].1 &= same,
            None => {
                at.insert(key.clone(), lines.len());
                lines.push((key, same));
            }
        }
    }
    lines
}

/// Changed lines of a global's initialiser: from its declaration to the end of the
/// declaration (the first line ending in `;`), those the diff touched.
fn initialiser_lines(bad: &Program, diff: &TreeDiff, g: u32) -> Vec<(String, u32)> {
    let Some(gl) = bad.globals.get(g as usize) else {
        return Vec::new();
    };
    // A string or compound literal sits inside a statement, not a declaration: the
    // lines after it are code, not its initialiser (its exact entries come from
    // `bad_static_data`).
    if gl.name.starts_with('<') {
        return Vec::new();
    }
    let file = bad.file_name(gl.loc).to_string();
    let Some(fd) = diff.file(&file) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut line = gl.loc.line;
    while let Some(t) = fd.line_text(line) {
        if diff.is_changed(&file, line) && fd.is_code_line(line) {
            out.push((file.clone(), line));
        }
        if t.trim_end().ends_with(';') || line > gl.loc.line + 200 {
            break;
        }
        line += 1;
    }
    out
}

/// Value-level candidates of the bad revision. `criterion` is the bad statement that
/// wrote the first differing output (or failed).
pub fn candidates(
    bad: &Program,
    good: &Program,
    diff: &TreeDiff,
    criterion: Option<Loc>,
    slices: Option<&DataSlices>,
) -> Vec<Finding> {
    let mut notes_of: HashMap<(String, u32), ValueReason> = HashMap::new();
    let mut keys: Vec<(String, u32)> = match slices {
        Some(sl) => {
            // Lines computing something the good run's slice did not come first; lines
            // whose code equals a statement of good's slice (moved, reformatted) follow.
            let mut k: Vec<(String, u32)> = Vec::new();
            let mut same_code: Vec<(String, u32)> = Vec::new();
            for (key, same) in slice_lines(bad, good, sl) {
                if !diff.is_changed(&key.0, key.1) {
                    continue;
                }
                // A line expanding a changed macro computes what its new body says,
                // however alike the statements look one by one.
                let note = if same && diff.macro_use(&key.0, key.1).is_none() {
                    same_code.push(key.clone());
                    ValueReason::SameCode
                } else {
                    k.push(key.clone());
                    ValueReason::NewInSlice
                };
                notes_of.insert(key, note);
            }
            for key in &sl.bad_static_data {
                if diff.is_changed(&key.0, key.1) && !k.contains(key) {
                    notes_of.insert(key.clone(), ValueReason::StaticData);
                    k.push(key.clone());
                }
            }
            for &g in &sl.bad_initial_globals {
                for key in initialiser_lines(bad, diff, g) {
                    if !k.contains(&key) {
                        notes_of.insert(key.clone(), ValueReason::Initialiser);
                        k.push(key);
                    }
                }
            }
            k.extend(same_code);
            k
        }
        None => {
            // Without a slice: the changed lines holding code, statements first, then
            // data (initialisers of tables and constants have no statement).
            let stmts = statement_lines(bad, |_| true);
            let code: Vec<(String, u32)> = diff
                .changed_lines()
                .into_iter()
                .filter(|(f, l)| diff.file(f).is_some_and(|d| d.is_code_line(*l)))
                .collect();
            let mut k: Vec<_> = code
                .iter()
                .filter(|x| stmts.contains(*x))
                .cloned()
                .collect();
            k.extend(code.iter().filter(|x| !stmts.contains(*x)).cloned());
            for key in &k {
                notes_of.insert(key.clone(), ValueReason::Unproven);
            }
            k
        }
    };
    // The criterion's own statement closes the list when nothing else explains the
    // value (with a slice) or always (without one).
    if let Some(c) = criterion {
        let k = (bad.file_name(c).to_string(), c.line);
        if !keys.contains(&k) && (slices.is_none() || keys.is_empty()) {
            keys.push(k);
        }
    }
    keys.into_iter()
        .map(|(file, line)| {
            let is_criterion =
                criterion.is_some_and(|c| bad.file_name(c) == file && c.line == line);
            let mut notes = Vec::new();
            if is_criterion {
                notes.push(LineNote::WritesFirstDifference);
            } else if let Some(&n) = notes_of.get(&(file.clone(), line)) {
                notes.push(LineNote::ValueReason(n));
            }
            if let Some(m) = diff.macro_use(&file, line) {
                notes.push(LineNote::ExpandsChangedMacro(m.to_string()));
            }
            Finding {
                notes,
                ..Finding::in_diff(
                    diff,
                    Line::new(file, line),
                    Evidence::Value(Default::default()),
                )
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::tests::lower;
    use crate::ir::{BlockId, FuncId};

    fn ids_on(p: &Program, line: u32) -> Vec<StmtId> {
        let mut out = Vec::new();
        for (fi, f) in p.functions.iter().enumerate() {
            for (bi, b) in f.blocks.iter().enumerate() {
                for (si, s) in b.stmts.iter().enumerate() {
                    if s.loc.line == line {
                        out.push(StmtId {
                            func: FuncId::from_index(fi),
                            block: BlockId::from_index(bi),
                            index: si as u32,
                        });
                    }
                }
            }
        }
        out
    }

    /// Signatures do not depend on register numbering or on where a statement sits,
    /// but do on its constants and operators.
    #[test]
    fn signatures_compare_code_not_numbering() {
        let a = lower("int main(void) {\n  int x = 3;\n  int y = x * 2 + 1;\n  return y;\n}\n");
        let b = lower(
            "int main(void) {\n  int w = 0;\n  int x = 3;\n  int y = x * 2 + 1;\n  return y + w;\n}\n",
        );
        let c = lower("int main(void) {\n  int x = 3;\n  int y = x * 2 - 1;\n  return y;\n}\n");
        let sig = |p: &Program, line: u32| -> Vec<String> {
            ids_on(p, line)
                .into_iter()
                .filter_map(|id| signature(p, id))
                .collect()
        };
        assert!(!sig(&a, 3).is_empty());
        assert_eq!(sig(&a, 3), sig(&b, 4));
        assert_ne!(sig(&a, 3), sig(&c, 3));
    }
}
