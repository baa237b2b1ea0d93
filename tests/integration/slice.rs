//! Relevant slicing on real traced runs, as data: each `tests/slice/NAME.c` has a
//! `NAME.toml` with the test's stdin, the slicing criterion, and the expected path
//! condition size and dynamic and relevant slice conditions (as `pc` prints them, in
//! trace order). These include the paper's examples and the cases where potential
//! dependence goes through a pointer store, a call and a library function that writes
//! memory, and one where the conservative may-def analysis over-approximates.

use crate::common::*;
use regcause::analysis::Facts;
use regcause::exec::{self, Limits, RunInput};
use regcause::frontend;
use regcause::slice;

#[derive(serde::Deserialize)]
struct Expect {
    stdin: String,
    criterion: String,
    pc: usize,
    dsc: Vec<String>,
    rsc: Vec<String>,
    /// Source lines the relevant slice must contain.
    #[serde(default)]
    lines: Vec<u32>,
    /// Exactly the static data lines the relevant slice reads (initialisers, or
    /// declarations of zero-initialised globals), when given.
    static_data: Option<Vec<u32>>,
}

#[test]
fn slice_conditions_match_the_expected_ones() {
    let dir = root().join("tests/slice");
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 7, "tests/slice has its cases");
    let mut failures = Vec::new();
    for c in &cases {
        let name = c.file_stem().unwrap().to_string_lossy().into_owned();
        let spec: Expect =
            toml::from_str(&std::fs::read_to_string(c.with_extension("toml")).unwrap())
                .unwrap_or_else(|e| panic!("{name}.toml: {e}"));
        let prog = frontend::load_files(std::slice::from_ref(c), &[], &[]).expect("loads");
        let input = RunInput {
            argv: vec![b"./prog".to_vec()],
            stdin: spec.stdin.into_bytes(),
            cwd: None,
            root: None,
            env: Vec::new(),
            files: Vec::new(),
            literals: Vec::new(),
        };
        let run = exec::run_traced(&prog, &input, Limits::default(), true);
        let sym = run.sym.as_ref().expect("concolic state");
        let crit = slice::criterion(&run.result, &run.trace, &spec.criterion)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let facts = Facts::new(&prog);
        let s = slice::slice(&prog, &facts, &run.trace, &crit).expect("slices");
        let conds = s.conditions(&sym.branches);
        let in_slice: Vec<u32> = s
            .lines(&prog, &run.trace)
            .iter()
            .map(|(l, _)| l.line)
            .collect();
        for l in &spec.lines {
            if !in_slice.contains(l) {
                failures.push(format!(
                    "{name}: line {l} is not in the relevant slice {in_slice:?}"
                ));
            }
        }
        if let Some(want) = &spec.static_data {
            let got: Vec<u32> = s.static_data.iter().map(|l| l.line).collect();
            if &got != want {
                failures.push(format!(
                    "{name}: static data lines {got:?}, expected {want:?}"
                ));
            }
        }
        let text = |idx: &[usize]| -> Vec<String> {
            idx.iter()
                .map(|&i| sym.pool.to_c(sym.branches[i].cond))
                .collect()
        };
        if conds.pc.len() != spec.pc {
            failures.push(format!(
                "{name}: path condition has {} constraints, expected {}",
                conds.pc.len(),
                spec.pc
            ));
        }
        if text(&conds.dsc) != spec.dsc {
            failures.push(format!(
                "{name}: DSC {:?}, expected {:?}",
                text(&conds.dsc),
                spec.dsc
            ));
        }
        if text(&conds.rsc) != spec.rsc {
            failures.push(format!(
                "{name}: RSC {:?}, expected {:?}",
                text(&conds.rsc),
                spec.rsc
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
