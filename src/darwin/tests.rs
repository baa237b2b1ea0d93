use super::*;
use crate::exec::DEFAULT_MAX_STEPS;
use crate::ir::{BlockId, FuncId};

struct Rev {
    dir: tempfile::TempDir,
    prog: Program,
}

fn rev(src: &str) -> Rev {
    let dir = tempfile::tempdir().expect("tempdir");
    let p = dir.path().join("t.c");
    std::fs::write(&p, src).expect("write");
    let prog =
        crate::oracle::load(dir.path(), &crate::oracle::Test::named("t"), "test").expect("load");
    Rev { dir, prog }
}

fn input(r: &Rev, stdin: &str) -> RunInput {
    RunInput {
        argv: vec![b"./t".to_vec()],
        stdin: stdin.as_bytes().to_vec(),
        cwd: Some(r.dir.path().to_path_buf()),
        root: None,
        env: Vec::new(),
        files: Vec::new(),
        literals: Vec::new(),
    }
}

fn limits() -> Limits {
    Limits {
        max_steps: DEFAULT_MAX_STEPS,
        ..Limits::default()
    }
}

const GOOD: &str = "#include <stdio.h>\nint main(void) {\n  int q;\n  if (scanf(\"%d\", &q) != 1) return 1;\n  if (q > 5)\n    printf(\"bulk %d\\n\", q);\n  else\n    printf(\"full %d\\n\", q);\n  return 0;\n}\n";

fn analyse(good_src: &str, bad_src: &str, stdin: &str) -> (Analysis, Rev, Rev) {
    let g = rev(good_src);
    let b = rev(bad_src);
    let (gi, bi) = (input(&g, stdin), input(&b, stdin));
    let gr = exec::run_concolic(&g.prog, &gi, limits());
    let br = exec::run_concolic(&b.prog, &bi, limits());
    let good = Side {
        prog: &g.prog,
        run: &gr,
        input: &gi,
        cond: pc(&gr),
        whole_path: true,
    };
    let bad = Side {
        prog: &b.prog,
        run: &br,
        input: &bi,
        cond: pc(&br),
        whole_path: true,
    };
    let files: Vec<String> = b.prog.files.clone();
    let diff = TreeDiff::between(g.dir.path(), b.dir.path(), &files);
    let cache = std::cell::RefCell::new(crate::cache::Cache::disabled());
    let opts = Options {
        timeout_ms: 10_000,
        limits: limits(),
        cache: &cache,
        budget: &crate::budget::Budget::unlimited(),
        compare_files: &[],
        jobs: 1,
    };
    let a = explain(&good, &bad, &diff, &opts, |_, _| {}).expect("explain");
    (a, g, b)
}

fn pc(run: &ConcolicRun) -> Vec<usize> {
    let no_crit = |_: &exec::RunResult, _: &Trace| -> anyhow::Result<Criterion> {
        unreachable!("a path condition needs no criterion")
    };
    condition(ConditionKind::Pc, &Program::default(), run, None, no_crit).expect("pc")
}

#[test]
fn conditions_are_the_whole_path_or_the_relevant_slice() {
    // Two independent decisions; the output line printed first depends on the first only.
    let src = "#include <stdio.h>\nint main(void) {\n  int a, b;\n  if (scanf(\"%d %d\", &a, &b) != 2) return 1;\n  if (a > 5) printf(\"A\\n\"); else printf(\"a\\n\");\n  if (b > 5) printf(\"B\\n\"); else printf(\"b\\n\");\n  return 0;\n}\n";
    let g = rev(src);
    let gi = input(&g, "7 1\n");
    let t = exec::run_traced(&g.prog, &gi, limits(), true);
    let run = ConcolicRun {
        result: t.result,
        sym: t.sym.expect("concolic"),
    };
    assert_eq!(pc(&run).len(), run.sym.branches.len());
    assert!(run.sym.branches.len() >= 2);
    let first_byte = |r: &exec::RunResult, tr: &Trace| {
        crate::slice::criterion_of(r, tr, crate::slice::Spec::Byte(0))
    };
    let rsc = condition(
        ConditionKind::Rsc,
        &g.prog,
        &run,
        Some(&t.trace),
        first_byte,
    )
    .expect("rsc");
    let lines: Vec<u32> = rsc.iter().map(|&i| run.sym.branches[i].loc.line).collect();
    assert_eq!(
        lines,
        vec![5],
        "only the first decision is relevant to byte 0"
    );
    // Without a trace there is no relevant slice condition, and no silent fallback.
    assert!(matches!(
        condition(ConditionKind::Rsc, &g.prog, &run, None, first_byte),
        Err(DarwinError::RscUnavailable)
    ));
}

#[test]
fn names_the_changed_threshold_and_proves_it() {
    let bad = GOOD.replace("q > 5", "q > 10");
    let (a, _g, _b) = analyse(GOOD, &bad, "7\n");
    assert_eq!(a.findings.len(), 1, "{:#?}", a.findings);
    let c = &a.findings[0];
    assert_eq!((c.line.line, c.changed), (5, true));
    assert_eq!(c.explanation(), crate::report::Explanation::Decision);
    assert!(c.source.contains("q > 10"), "{}", c.source);
    assert!(c
        .hunk
        .as_deref()
        .is_some_and(|h| h.contains("+  if (q > 10)")));
    let alt = &c.decision().expect("a decision").alternative;
    assert!(alt.as_predicted, "{alt:?}");
    // The model keeps good's path (q > 5) and flips bad's (q > 10): both say bulk.
    assert!(alt.good_stdout.starts_with("bulk"), "{alt:?}");
    assert!(alt.bad_stdout.starts_with("bulk"), "{alt:?}");
    assert!(a.stats.solver_calls >= 1 && a.stats.sat == 1);
}

#[test]
fn a_loop_line_is_reported_once_with_its_count() {
    let good = "#include <stdio.h>\nint main(void) {\n  int q, n = 0;\n  while (scanf(\"%d\", &q) == 1) {\n    if (q > 5) n++;\n  }\n  printf(\"%d\\n\", n);\n  return 0;\n}\n";
    let bad = good.replace("q > 5", "q >= 7");
    let (a, _g, _b) = analyse(good, &bad, "6 9 8 7\n");
    let c = a
        .findings
        .iter()
        .find(|c| c.line.line == 5)
        .expect("the threshold line");
    assert_eq!(c.decision().map(|d| d.instances), Some(4));
    assert_eq!(a.findings.iter().filter(|c| c.line.line == 5).count(), 1);
    assert!(a.stats.skipped > 0 || a.stats.sat == 1);
}

#[test]
fn value_faults_get_value_candidates() {
    let good = "#include <stdio.h>\nint main(void) {\n  int q = 0;\n  scanf(\"%d\", &q);\n  int r = q * 2;\n  printf(\"%d\\n\", r);\n  return 0;\n}\n";
    let bad = good.replace("q * 2", "q * 3");
    let (a, g, b) = analyse(good, &bad, "7\n");
    assert!(a.findings.is_empty(), "{:#?}", a.findings);
    let files = b.prog.files.clone();
    let g2 = rev(good);
    let diff = TreeDiff::between(g2.dir.path(), b.dir.path(), &files);
    let file = b.prog.files.iter().position(|f| f == "t.c").expect("t.c") as crate::ir::FileId;
    let crit = Loc {
        file,
        line: 6,
        col: 3,
    };
    let v = value::candidates(&b.prog, &g.prog, &diff, Some(crit), None);
    assert_eq!(v.len(), 2, "{v:#?}");
    assert_eq!((v[0].line.line, v[0].changed), (5, true));
    assert_eq!(v[0].explanation(), crate::report::Explanation::Value);
    assert_eq!((v[1].line.line, v[1].changed), (6, false));
    // With a slice, only its changed statements count: an empty slice gives nothing
    // but the criterion; the whole of main gives the changed line only, whose code
    // (q * 3) the good slice (q * 2) does not compute.
    let v2 = value::candidates(
        &b.prog,
        &g.prog,
        &diff,
        None,
        Some(&value::DataSlices::default()),
    );
    assert!(v2.is_empty());
    let all = |p: &crate::ir::Program| -> Vec<crate::ir::StmtId> {
        let f = &p.functions[p
            .functions
            .iter()
            .position(|f| f.name == "main")
            .expect("main")];
        let fi = p
            .functions
            .iter()
            .position(|f| f.name == "main")
            .expect("main") as u32;
        f.blocks
            .iter()
            .enumerate()
            .flat_map(|(bi, bb)| {
                (0..=bb.stmts.len()).map(move |si| crate::ir::StmtId {
                    func: FuncId::new(fi),
                    block: BlockId::from_index(bi),
                    index: si as u32,
                })
            })
            .collect()
    };
    let sl = value::DataSlices {
        bad: all(&b.prog),
        good: all(&g.prog),
        bad_initial_globals: Vec::new(),
        bad_static_data: Vec::new(),
    };
    let v3 = value::candidates(&b.prog, &g.prog, &diff, Some(crit), Some(&sl));
    assert_eq!(
        v3.iter().map(|c| c.line.line).collect::<Vec<_>>(),
        vec![5],
        "{v3:#?}"
    );
}

/// A string literal read by the slice is no declaration: the changed lines after it are
/// not its initialiser and must not become candidates through it.
#[test]
fn a_string_literal_brings_in_no_following_lines() {
    let good = "#include <stdio.h>\nint main(void) {\n  int n = 1;\n  printf(\"%d\\n\", n);\n  return 0;\n}\n";
    let bad = "#include <stdio.h>\nint main(void) {\n  int n = 1;\n  printf(\"n=%d\\n\",\n    n);\n  n++;\n  return 0;\n}\n";
    let g = rev(good);
    let b = rev(bad);
    let diff = TreeDiff::between(g.dir.path(), b.dir.path(), &b.prog.files.clone());
    let lit = b
        .prog
        .globals
        .iter()
        .position(|gl| gl.name.starts_with('<') && gl.loc.line == 4)
        .expect("the format string") as u32;
    let sl = value::DataSlices {
        bad_initial_globals: vec![lit],
        ..value::DataSlices::default()
    };
    let v = value::candidates(&b.prog, &g.prog, &diff, None, Some(&sl));
    assert!(
        v.iter().all(|c| c.line.line != 5 && c.line.line != 6),
        "lines after the literal came in: {v:#?}"
    );
}

/// A model that changes no input replays the test itself: never an alternative "as
/// predicted", whatever paths the replays take.
#[test]
fn a_model_that_changes_nothing_is_not_an_alternative() {
    let bad_src = GOOD.replace("q > 5", "q > 10");
    let (g, b) = (rev(GOOD), rev(&bad_src));
    let (gi, bi) = (input(&g, "7\n"), input(&b, "7\n"));
    let gr = exec::run_concolic(&g.prog, &gi, limits());
    let br = exec::run_concolic(&b.prog, &bi, limits());
    let side = |prog, run, input| Side {
        prog,
        run,
        input,
        cond: pc(run),
        whole_path: true,
    };
    let (good, bad) = (side(&g.prog, &gr, &gi), side(&b.prog, &br, &bi));
    let replay = Replay {
        limits: limits(),
        compare_files: &[],
    };
    let inputs = br.sym.inputs.clone();
    let alt = replay_alternative(&good, &bad, &inputs, &Model::default(), 0, &replay);
    assert!(!alt.as_predicted, "{alt:?}");
    assert!(
        alt.surprise
            .as_deref()
            .is_some_and(|s| s.contains("the alternative input is the test itself")),
        "{alt:?}"
    );
}
