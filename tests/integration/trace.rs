//! The slicing trace: a traced run (alone or together with the concolic observer)
//! behaves exactly like a concrete run, and the trace it records is consistent: every
//! register use has an earlier definition in the same activation, every symbolic branch
//! names its terminator entry, every output event names the call that wrote it.

use crate::common::*;
use regcause::exec::trace::{Trace, NONE};
use regcause::exec::{self, Limits, RunInput};
use regcause::frontend;
use regcause::ir::{Program, Reg, StmtKind};

/// Problems of one traced run, as messages (empty when consistent).
fn check_trace(prog: &Program, t: &Trace) -> Vec<String> {
    let mut errs = Vec::new();
    // (frame, reg) pairs defined so far; `main`'s parameters are the run's input.
    let mut defined = std::collections::HashSet::new();
    for p in &prog.functions[prog.main.index()].params {
        if let regcause::ir::ParamKind::Reg(r, _) = p {
            defined.insert((0u32, *r));
        }
    }
    let mut locs = Vec::new();
    for (i, e) in t.iter().enumerate() {
        let f = &prog.functions[e.stmt.func.index()];
        let Some(block) = f.blocks.get(e.stmt.block.index()) else {
            errs.push(format!("entry {i}: no such block {:?}", e.stmt));
            continue;
        };
        if e.stmt.index as usize > block.stmts.len() {
            errs.push(format!("entry {i}: no such statement {:?}", e.stmt));
        }
        if (e.frame as usize) >= t.frames.len() || t.frames[e.frame as usize].func != e.stmt.func {
            errs.push(format!(
                "entry {i}: frame {} is not a frame of its function",
                e.frame
            ));
        }
        if t.locations(prog, i, &mut locs).is_none() {
            errs.push(format!(
                "entry {i}: its implied locations name what the program lacks"
            ));
            continue;
        }
        for l in locs.iter().filter(|l| !l.is_mem() && !l.is_def()) {
            if !defined.contains(&(l.a, Reg::new(l.b))) {
                errs.push(format!(
                    "entry {i} ({}): register {} of frame {} used before any definition",
                    prog.fmt_loc(stmt_loc(prog, e.stmt)),
                    l.b,
                    l.a
                ));
            }
        }
        for l in locs.iter().filter(|l| l.is_mem()) {
            if l.a == 0 || l.a as usize >= t.allocs.len() {
                errs.push(format!("entry {i}: memory of unknown allocation {}", l.a));
            }
        }
        for l in locs.iter().filter(|l| !l.is_mem() && l.is_def()) {
            defined.insert((l.a, Reg::new(l.b)));
        }
        if errs.len() > 5 {
            break;
        }
    }
    errs
}

fn stmt_loc(prog: &Program, s: regcause::ir::StmtId) -> regcause::ir::Loc {
    let b = &prog.functions[s.func.index()].blocks[s.block.index()];
    b.stmts
        .get(s.index as usize)
        .map(|st| st.loc)
        .unwrap_or(b.term_loc)
}

#[test]
fn traced_runs_are_faithful_and_consistent_on_the_corpus() {
    let limits = Limits {
        max_steps: 20_000_000,
        ..Limits::default()
    };
    let mut failures = Vec::new();
    let (mut runs, mut entries, mut linked) = (0usize, 0usize, 0usize);
    for p in corpus("pass") {
        let prog = frontend::load_files(&p.files, &[], &[]).expect("corpus program loads");
        for (ci, case) in p.cases.iter().enumerate() {
            let mut argv = vec![b"./prog".to_vec()];
            argv.extend(case.args.iter().map(|a| a.clone().into_bytes()));
            let input = |d: &tempfile::TempDir| RunInput {
                argv: argv.clone(),
                stdin: case.stdin.clone().into_bytes(),
                cwd: Some(d.path().to_path_buf()),
                root: None,
                env: Vec::new(),
                files: Vec::new(),
                literals: Vec::new(),
            };
            let (d1, d2, d3) = (
                tempfile::tempdir().unwrap(),
                tempfile::tempdir().unwrap(),
                tempfile::tempdir().unwrap(),
            );
            let concrete = exec::run(&prog, &input(&d1), limits);
            let traced = exec::run_traced(&prog, &input(&d2), limits, false);
            let both = exec::run_traced(&prog, &input(&d3), limits, true);
            runs += 1;
            let name = format!("{} case {ci}", p.name);
            for (what, r) in [("traced", &traced), ("traced concolic", &both)] {
                if r.result.stdout != concrete.stdout || r.result.outcome != concrete.outcome {
                    failures.push(format!(
                        "{name}: the {what} run differs from the concrete run"
                    ));
                }
                for e in check_trace(&prog, &r.trace) {
                    failures.push(format!("{name} ({what}): {e}"));
                }
                for ev in &r.result.events {
                    let Some(entry) = r.trace.get(ev.entry as usize) else {
                        failures.push(format!("{name}: output event without an entry"));
                        continue;
                    };
                    let b =
                        &prog.functions[entry.stmt.func.index()].blocks[entry.stmt.block.index()];
                    let is_call = matches!(
                        b.stmts.get(entry.stmt.index as usize).map(|s| &s.kind),
                        Some(StmtKind::Call { .. })
                    );
                    if !is_call {
                        failures.push(format!("{name}: output event's entry is not a call"));
                    }
                }
            }
            entries += both.trace.len();
            let sym = both.sym.as_ref().expect("concolic state");
            for b in &sym.branches {
                match both.trace.get(b.entry as usize) {
                    Some(e) if b.entry != NONE && e.stmt == b.stmt && e.aux == b.dest => {
                        linked += 1
                    }
                    _ => failures.push(format!(
                        "{name}: branch at {} does not name its trace entry",
                        prog.fmt_loc(b.loc)
                    )),
                }
            }
            if failures.len() > 20 {
                break;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(entries > 100_000, "the corpus should record a real trace");
    eprintln!("trace self-check: {runs} runs, {entries} entries, {linked} branch links");
}
