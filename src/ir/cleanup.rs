//! IR passes run after lowering.
//!
//! `remove_dead_blocks`: lowering leaves blocks no control reaches (the code after a
//! `return`, `break` or `goto`, the join block of an `if` whose both arms return). They
//! are removed so that analyses (post-dominators, control dependence, may-def sets) and
//! IR snapshots see only reachable code. Block 0 stays the entry.

use super::{BlockId, Function, Program, Terminator};

/// Remove the unreachable blocks of every function, renumbering the rest in order.
pub fn remove_dead_blocks(prog: &mut Program) {
    for f in &mut prog.functions {
        remove_dead_blocks_of(f);
    }
}

fn remove_dead_blocks_of(f: &mut Function) {
    let n = f.blocks.len();
    if n == 0 {
        return;
    }
    let mut live = vec![false; n];
    let mut work = vec![BlockId::new(0)];
    live[0] = true;
    while let Some(b) = work.pop() {
        for s in f.blocks[b.index()].term.successors() {
            if let Some(l) = live.get_mut(s.index()) {
                if !*l {
                    *l = true;
                    work.push(s);
                }
            }
        }
    }
    if live.iter().all(|l| *l) {
        return;
    }
    // New number of each live block: its rank among the live ones, so order is kept.
    let mut new_id = vec![BlockId::new(u32::MAX); n];
    let mut next = 0;
    for (i, l) in live.iter().enumerate() {
        if *l {
            new_id[i] = BlockId::new(next);
            next += 1;
        }
    }
    let old = std::mem::take(&mut f.blocks);
    f.blocks = old
        .into_iter()
        .zip(&live)
        .filter(|(_, l)| **l)
        .map(|(mut b, _)| {
            renumber(&mut b.term, &new_id);
            b
        })
        .collect();
}

fn renumber(t: &mut Terminator, new_id: &[BlockId]) {
    let map = |b: &mut BlockId| *b = new_id[b.index()];
    match t {
        Terminator::Goto(b) => map(b),
        Terminator::Branch {
            then_bb, else_bb, ..
        }
        | Terminator::BranchCmp {
            then_bb, else_bb, ..
        } => {
            map(then_bb);
            map(else_bb);
        }
        Terminator::Switch { cases, default, .. } => {
            for (_, b) in cases {
                map(b);
            }
            map(default);
        }
        Terminator::Return(_) | Terminator::Unreachable => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::display;

    fn load(src: &str) -> Program {
        let dir = tempfile::tempdir().expect("tempdir");
        let c = dir.path().join("t.c");
        std::fs::write(&c, src).expect("write");
        crate::frontend::load_files(&[c], &[], &[]).expect("load")
    }

    fn reachable_everywhere(p: &Program) {
        for f in &p.functions {
            let mut seen = vec![false; f.blocks.len()];
            let mut work = vec![BlockId::new(0)];
            while let Some(b) = work.pop() {
                if std::mem::replace(&mut seen[b.index()], true) {
                    continue;
                }
                work.extend(f.blocks[b.index()].term.successors());
            }
            assert!(
                seen.iter().all(|s| *s),
                "{}: dead block left\n{}",
                f.name,
                display::program(p)
            );
        }
    }

    #[test]
    fn code_after_return_break_and_goto_is_removed() {
        let p = load(
            "int f(int x) {\n  if (x) return 1; else return 2;\n  x = 3;\n  return x;\n}\n\
             int g(int x) {\n  while (1) { break; x++; }\n  goto out;\n  x = 7;\nout:\n  return x;\n}\n\
             int main(void) { return f(0) + g(1); }\n",
        );
        reachable_everywhere(&p);
        let f = p.functions.iter().find(|f| f.name == "f").expect("f");
        // entry with the branch, and the two returning arms: the join block and the
        // assignment after it are gone.
        assert_eq!(f.blocks.len(), 3, "{}", display::program(&p));
    }

    #[test]
    fn successors_are_renumbered_consistently() {
        let p = load(
            "int main(void) {\n  int s = 0;\n  for (int i = 0; i < 3; i++) {\n    switch (i) { case 0: s += 1; break; case 1: continue; default: s += 5; }\n    if (s > 100) { return 9; s = 1; }\n  }\n  return s;\n}\n",
        );
        reachable_everywhere(&p);
        for f in &p.functions {
            for b in &f.blocks {
                for s in b.term.successors() {
                    assert!(s.index() < f.blocks.len());
                }
            }
        }
        let r = crate::exec::run(
            &p,
            &crate::exec::RunInput::default(),
            crate::exec::Limits::default(),
        );
        assert_eq!(r.outcome, crate::exec::Outcome::Exit(6));
    }
}
