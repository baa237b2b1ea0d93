//! Which branch sides may write output. With all of stdout as the criterion, stdout is
//! a variable that every output call uses and redefines and the run's end uses, so a
//! branch instance whose untaken side may print (or end the run) is a potential
//! dependence of the criterion, just as one whose untaken side may assign a variable
//! the output reads. The slicer's may-def facts cover memory, not the output stream;
//! this adds the stream.
//!
//! The same walk with only the functions that end the run (`MayPrint::ending`) tells
//! which branch instances may stop the run on their untaken side: every later branch
//! instance executes only if they go the way they went, even after their function has
//! returned, where the slicer's intraprocedural control dependence no longer sees it.

use std::collections::HashMap;

use crate::analysis::{Facts, EXIT};
use crate::ir::{Callee, Program, StmtKind};

/// Library functions that end the run.
const ENDING: &[&str] = &["exit", "_exit", "_Exit", "abort", "assert", "__assert_fail"];

/// Library functions that write output or end the run.
const OUTPUT: &[&str] = &[
    "printf",
    "fprintf",
    "vprintf",
    "vfprintf",
    "puts",
    "fputs",
    "putchar",
    "fputc",
    "putc",
    "fwrite",
    "write",
    "perror",
    "exit",
    "_exit",
    "_Exit",
    "abort",
    "assert",
    "__assert_fail",
];

pub struct MayPrint<'a> {
    prog: &'a Program,
    facts: &'a Facts,
    /// The library functions that count.
    names: &'static [&'static str],
    /// Whether each function (or a callee) may call one of `names`.
    funcs: Vec<bool>,
    memo: HashMap<(u32, u32, u32), bool>,
}

impl<'a> MayPrint<'a> {
    /// Sides that may print or end the run.
    pub fn new(prog: &'a Program, facts: &'a Facts) -> MayPrint<'a> {
        MayPrint::of(prog, facts, OUTPUT)
    }

    /// Sides that may end the run (exit, abort, a failed assert).
    pub fn ending(prog: &'a Program, facts: &'a Facts) -> MayPrint<'a> {
        MayPrint::of(prog, facts, ENDING)
    }

    fn of(prog: &'a Program, facts: &'a Facts, names: &'static [&'static str]) -> MayPrint<'a> {
        let mut funcs = vec![false; prog.functions.len()];
        // Fixpoint over the call graph; indirect calls may reach anything.
        loop {
            let mut changed = false;
            for (i, f) in prog.functions.iter().enumerate() {
                if funcs[i] {
                    continue;
                }
                let p = f
                    .blocks
                    .iter()
                    .flat_map(|b| &b.stmts)
                    .any(|s| stmt_prints(prog, &s.kind, &funcs, names));
                if p {
                    funcs[i] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        MayPrint {
            prog,
            facts,
            names,
            funcs,
            memo: HashMap::new(),
        }
    }

    /// Whether the sides of branch block `block` of `func` other than `taken` may call
    /// one of the functions that count (print, or end the run) before the branch's
    /// immediate post-dominator.
    pub fn untaken_may(&mut self, func: u32, block: u32, taken: u32) -> bool {
        if let Some(&v) = self.memo.get(&(func, block, taken)) {
            return v;
        }
        let v = self.walk(func, block, taken);
        self.memo.insert((func, block, taken), v);
        v
    }

    fn walk(&self, func: u32, block: u32, taken: u32) -> bool {
        let (Some(f), Some(ff)) = (
            self.prog.functions.get(func as usize),
            self.facts.funcs.get(func as usize),
        ) else {
            return true;
        };
        let stop = ff.ipdom.get(block as usize).copied().unwrap_or(EXIT);
        let Some(succs) = ff.succs.get(block as usize) else {
            return true;
        };
        let mut seen = vec![false; f.blocks.len()];
        let mut work: Vec<u32> = succs
            .iter()
            .map(|s| s.raw())
            .filter(|&s| s != taken)
            .collect();
        while let Some(b) = work.pop() {
            if b == stop || b == EXIT || seen.get(b as usize).copied().unwrap_or(true) {
                continue;
            }
            seen[b as usize] = true;
            let bb = &f.blocks[b as usize];
            if bb
                .stmts
                .iter()
                .any(|s| stmt_prints(self.prog, &s.kind, &self.funcs, self.names))
            {
                return true;
            }
            work.extend(ff.succs[b as usize].iter().map(|s| s.raw()));
        }
        false
    }
}

fn stmt_prints(prog: &Program, s: &StmtKind, funcs: &[bool], names: &[&str]) -> bool {
    match s {
        StmtKind::Call { callee, .. } => match callee {
            Callee::Builtin(i) => prog
                .builtins
                .get(*i as usize)
                .is_none_or(|n| names.contains(&n.as_str())),
            Callee::Func(f) => funcs.get(f.index()).copied().unwrap_or(true),
            Callee::Indirect(_) => true,
        },
        _ => false,
    }
}
