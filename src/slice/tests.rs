use super::synth::Synth;
use super::*;
use crate::analysis::tests::{branch_at, func, lower, FIG1};
use crate::ir::{BlockId, FuncId, StmtId};
use crate::sym::ExprId;

/// A trace of `main` where the branch on line L goes to its then side iff `(L, true)`
/// is in `picks` (branches not listed take the else side).
fn trace_of(p: &Program, picks: &[(u32, bool)]) -> Trace {
    let mut choose = |s: StmtId, _k: u32, succs: &[BlockId]| {
        let line = p.functions[s.func.index()].blocks[s.block.index()]
            .term_loc
            .line;
        let then = picks.iter().any(|&(l, t)| l == line && t);
        if then {
            succs[0]
        } else {
            succs[1]
        }
    };
    Synth::run(p, &mut choose, 100_000)
}

/// The entry of the last call statement on `line`.
fn last_on_line(p: &Program, t: &Trace, line: u32) -> u32 {
    (0..t.len() as u32)
        .rev()
        .find(|&i| entry_loc(p, t, i).is_some_and(|l| l.line == line))
        .expect("an entry on that line")
}

/// The branch instance entry of the branch on `line` in `fname`.
fn branch_entry(p: &Program, t: &Trace, fname: &str, line: u32) -> u32 {
    let (fid, f) = func(p, fname);
    let b = branch_at(f, line);
    (0..t.len() as u32)
        .find(|&i| {
            let s = t.entry(i as usize).stmt;
            s.func == fid && s.block == b && s.index as usize == f.blocks[b.index()].stmts.len()
        })
        .expect("the branch ran")
}

fn slice_from(p: &Program, t: &Trace, entries: Vec<u32>) -> Slice {
    let facts = Facts::new(p);
    slice(p, &facts, t, &Criterion { entries }).expect("slices")
}

fn fake_branches(entries: &[u32]) -> Vec<BranchRec> {
    entries
        .iter()
        .map(|&e| BranchRec {
            stmt: StmtId {
                func: FuncId::new(0),
                block: BlockId::new(0),
                index: 0,
            },
            loc: Loc::default(),
            taken: false,
            cond: ExprId(0),
            dest: 0,
            concretised_before: 0,
            entry: e,
        })
        .collect()
}

#[test]
fn figure_1_relevant_slice_has_only_the_second_branch() {
    let p = lower(FIG1);
    // Input -5 2 3: x > y false, x + y > 0 false, z * z > 0 true.
    let t = trace_of(&p, &[(7, true)]);
    assert!(!t.truncated);
    let out = last_on_line(&p, &t, 9);
    let s = slice_from(&p, &t, vec![out]);
    let (b1, b2, b3) = (
        branch_entry(&p, &t, "main", 5),
        branch_entry(&p, &t, "main", 6),
        branch_entry(&p, &t, "main", 7),
    );
    assert!(s.relevant.contains(b2));
    assert!(!s.relevant.contains(b1) && !s.relevant.contains(b3));
    assert!(![b1, b2, b3].iter().any(|&b| s.dynamic.contains(b)));
    // As conditions: PC has three constraints, DSC none (true), RSC the second branch.
    let c = s.conditions(&fake_branches(&[b1, b2, b3]));
    assert_eq!(c.pc, vec![0, 1, 2]);
    assert!(c.dsc.is_empty());
    assert_eq!(c.rsc, vec![1]);
    // The relevant slice reads x and y (scanf, line 4) for the branch; the dynamic slice
    // is `b = 0`, `out = b` and the printf only.
    let rl: Vec<u32> = s.lines(&p, &t).iter().map(|(l, _)| l.line).collect();
    assert_eq!(rl, vec![3, 4, 6, 8, 9]);
    let dl: Vec<u32> = lines_of(&s.dynamic, &p, &t)
        .iter()
        .map(|(l, _)| l.line)
        .collect();
    assert_eq!(dl, vec![3, 8, 9]);
    // The relevant slice alone (what an analysis computes) is the same set, RSC and
    // lines.
    let facts = Facts::new(&p);
    let crit = Criterion { entries: vec![out] };
    let r = Slicer::new(&p, &facts, &t)
        .expect("indexes")
        .relevant(&crit)
        .expect("slices");
    assert_eq!(
        r.set.iter().collect::<Vec<_>>(),
        s.relevant.iter().collect::<Vec<_>>()
    );
    assert_eq!(r.rsc(&fake_branches(&[b1, b2, b3])), c.rsc);
    assert_eq!(r.lines(&p, &t), s.lines(&p, &t));
    assert_eq!(r.static_data, s.static_data);
}

#[test]
fn figure_1_other_path_takes_the_data_dependence() {
    let p = lower(FIG1);
    // Input 5 2 3: both first branches true; out = b = a = x.
    let t = trace_of(&p, &[(5, true), (6, true), (7, true)]);
    let s = slice_from(&p, &t, vec![last_on_line(&p, &t, 9)]);
    let (b1, b2, b3) = (
        branch_entry(&p, &t, "main", 5),
        branch_entry(&p, &t, "main", 6),
        branch_entry(&p, &t, "main", 7),
    );
    assert!(s.dynamic.contains(b1) && s.dynamic.contains(b2));
    assert!(!s.relevant.contains(b3));
}

/// The paper's `inp1, inp2` program: the RSC of output x has no constraint on inp2.
#[test]
fn independent_branch_is_not_in_the_condition() {
    let p = lower(
        r#"#include <stdio.h>
int main(void) {
  int inp1, inp2, x, y;
  scanf("%d %d", &inp1, &inp2);
  if (inp1 > 0) x = inp1 + 1; else x = inp1 - 1;
  if (inp2 > 0) y = inp2 + 1; else y = inp2 - 1;
  printf("%d\n", x);
  printf("%d\n", y);
  return 0;
}
"#,
    );
    let t = trace_of(&p, &[(5, true), (6, true)]);
    let s = slice_from(&p, &t, vec![last_on_line(&p, &t, 7)]);
    let (b1, b2) = (
        branch_entry(&p, &t, "main", 5),
        branch_entry(&p, &t, "main", 6),
    );
    let c = s.conditions(&fake_branches(&[b1, b2]));
    assert_eq!(c.rsc, vec![0]);
    assert_eq!(c.dsc, vec![0]);
}

/// The path-condition program of the paper: the assignment to x before the branch is
/// in the relevant slice (its effect shows in the condition), through the branch that
/// was not taken.
#[test]
fn assignment_before_untaken_branch_is_relevant() {
    let p = lower(
        r#"#include <stdio.h>
int main(void) {
  int x, a = 0;
  scanf("%d", &x);
  x = x + 2;
  if (x > 10) a = 1;
  printf("%d\n", a);
  return 0;
}
"#,
    );
    let t = trace_of(&p, &[]);
    let s = slice_from(&p, &t, vec![last_on_line(&p, &t, 7)]);
    let lines: Vec<u32> = s.lines(&p, &t).iter().map(|(l, _)| l.line).collect();
    assert_eq!(lines, vec![3, 4, 5, 6, 7]);
    assert!(!s.dynamic.contains(branch_entry(&p, &t, "main", 6)));
}

fn potential_only(src: &str, branch_line: u32, out_line: u32) -> (bool, bool) {
    let p = lower(src);
    let t = trace_of(&p, &[]);
    let s = slice_from(&p, &t, vec![last_on_line(&p, &t, out_line)]);
    let b = branch_entry(&p, &t, "main", branch_line);
    (s.relevant.contains(b), s.dynamic.contains(b))
}

#[test]
fn potential_dependence_through_pointer_store() {
    let src = r#"#include <stdio.h>
int main(void) {
  int a = 0, c;
  int *p = &a;
  scanf("%d", &c);
  if (c > 0) *p = 5;
  printf("%d\n", a);
  return 0;
}
"#;
    assert_eq!(potential_only(src, 6, 7), (true, false));
}

#[test]
fn potential_dependence_through_call() {
    let src = r#"#include <stdio.h>
int g, other;
void set(void) { g = 7; }
int main(void) {
  int c;
  scanf("%d", &c);
  if (c > 0) set();
  if (c > 1) other = 3;
  printf("%d\n", g);
  return 0;
}
"#;
    assert_eq!(potential_only(src, 7, 9), (true, false));
    // The branch that may write `other` only is not relevant to printing g.
    assert_eq!(potential_only(src, 8, 9), (false, false));
}

#[test]
fn potential_dependence_through_library_write() {
    let src = r#"#include <stdio.h>
#include <string.h>
int main(void) {
  char buf[8] = "no";
  int c;
  scanf("%d", &c);
  if (c > 0) strcpy(buf, "yes");
  printf("%s\n", buf);
  return 0;
}
"#;
    assert_eq!(potential_only(src, 7, 8), (true, false));
}

/// Documented over-approximation (see `analysis`): the store through `p` is taken to
/// possibly write `z`, so the branch guarding it enters the relevant slice of z.
#[test]
fn over_approximated_may_def_enters_the_relevant_slice() {
    let src = r#"#include <stdio.h>
int main(void) {
  int a = 0, b = 0, z, c;
  scanf("%d %d", &c, &z);
  int *p = c > 5 ? &a : &b;
  if (c > 0) *p = 1;
  printf("%d\n", z);
  return 0;
}
"#;
    assert_eq!(potential_only(src, 6, 7), (true, false));
}

#[test]
fn callee_entries_depend_on_the_call() {
    let p = lower(
        r#"#include <stdio.h>
int twice(int v) { return v * 2; }
int main(void) {
  int c, r = 0;
  scanf("%d", &c);
  if (c > 0) r = twice(c);
  printf("%d\n", r);
  return 0;
}
"#,
    );
    let t = trace_of(&p, &[(6, true)]);
    let ret = last_on_line(&p, &t, 2);
    let s = slice_from(&p, &t, vec![ret]);
    let call = (0..t.len() as u32)
        .find(|&i| {
            t.entry(i as usize).aux != NONE
                && entry_loc(&p, &t, i).is_some_and(|l| l.line == 6)
                && !t.frames.is_empty()
                && t.entry(i as usize).stmt.index
                    < p.functions[(t.entry(i as usize).stmt.func).index()].blocks
                        [(t.entry(i as usize).stmt.block).index()]
                    .stmts
                    .len() as u32
        })
        .expect("the call entry");
    assert!(s.dynamic.contains(call));
    assert!(s.dynamic.contains(branch_entry(&p, &t, "main", 6)));
    // And the output depends on the callee's return through the caller's register.
    let s = slice_from(&p, &t, vec![last_on_line(&p, &t, 7)]);
    assert!(s.dynamic.contains(ret));
}

#[test]
fn criterion_outside_the_trace_is_an_error() {
    let p = lower(FIG1);
    let t = trace_of(&p, &[]);
    let facts = Facts::new(&p);
    let c = Criterion {
        entries: vec![t.len() as u32 + 5],
    };
    assert!(slice(&p, &facts, &t, &c).is_err());
}

/// Figure of the paper's reorder procedure: b1..b6 with b6 -> {b1, b3}, b3 -> {b1},
/// b5 -> {b2, b4}, b4 -> {b2} (an arrow from bj to bi: bi is in bj's relevant slice).
#[test]
fn reorder_matches_the_paper() {
    let deps: &[(u32, &[u32])] = &[(6, &[1, 3]), (3, &[1]), (5, &[2, 4]), (4, &[2])];
    let mut in_slice = |pivot: u32, x: u32| deps.iter().any(|&(p, d)| p == pivot && d.contains(&x));
    assert_eq!(
        reorder(&[1, 2, 3, 4, 5, 6], &mut in_slice),
        vec![1, 3, 6, 2, 4, 5]
    );
    assert!(reorder::<u32>(&[], &mut in_slice).is_empty());
}

/// A chain (each element in the slice of every later one, as a loop-carried value
/// makes it) keeps its order, however long, on a small stack.
#[test]
fn reorder_of_a_long_chain_needs_no_deep_stack() {
    let n = 5_000u32;
    let seq: Vec<u32> = (0..n).collect();
    let r = std::thread::Builder::new()
        .stack_size(128 << 10)
        .spawn(move || reorder(&seq, &mut |pivot: u32, x: u32| x < pivot))
        .expect("thread")
        .join()
        .expect("no overflow");
    assert_eq!(r, (0..n).collect::<Vec<_>>());
    // The reverse dependence sends every rest after its pivot: reversed order.
    let seq: Vec<u32> = (0..1000).collect();
    let r = reorder(&seq, &mut |_, _| false);
    assert_eq!(r, (0..1000).rev().collect::<Vec<_>>());
}

#[test]
fn reorder_branches_on_a_trace() {
    let p = lower(FIG1);
    let t = trace_of(&p, &[(5, true), (6, true), (7, true)]);
    let facts = Facts::new(&p);
    let sl = Slicer::new(&p, &facts, &t).expect("index");
    let (b1, b2, b3) = (
        branch_entry(&p, &t, "main", 5),
        branch_entry(&p, &t, "main", 6),
        branch_entry(&p, &t, "main", 7),
    );
    assert_eq!(sl.branch_entries(), &[b1, b2, b3]);
    // b3 (z) depends on neither, b2's condition does not read a (set under b1): no
    // branch is in another's slice, so each pivot sends the rest after it.
    let r = reorder_branches(&sl, &[b1, b2, b3], &[]).expect("reorders");
    assert_eq!(r, vec![b3, b2, b1]);
}

#[test]
fn malformed_traces_are_errors_not_panics() {
    let p = lower(FIG1);
    let facts = Facts::new(&p);
    let good = trace_of(&p, &[]);
    let mut t = good.clone();
    t.frames[0].call_entry = 3;
    assert!(Slicer::new(&p, &facts, &t).is_err());
    let mut t = good.clone();
    t.set(
        1,
        crate::exec::trace::Entry {
            frame: 99,
            ..t.entry(1)
        },
    );
    assert!(Slicer::new(&p, &facts, &t).is_err());
    let mut t = good.clone();
    let mut e = t.entry(2);
    e.stmt.block = BlockId::new(1000);
    t.set(2, e);
    assert!(Slicer::new(&p, &facts, &t).is_err());
    let mut t = good.clone();
    if let Some((k, l)) = t.locs.iter().enumerate().find(|(_, l)| !l.is_mem()) {
        t.locs.set(k, crate::exec::trace::Location { b: 5000, ..l });
    }
    assert!(Slicer::new(&p, &facts, &t).is_err());
    let mut t = good;
    if let Some((k, l)) = t.locs.iter().enumerate().find(|(_, l)| l.is_mem()) {
        t.locs
            .set(k, crate::exec::trace::Location { a: 12345, ..l });
    }
    assert!(Slicer::new(&p, &facts, &t).is_err());
}

/// Figure 1 on input 5 2 3: the data slice of the output is out = b = a = x, without
/// the branches; with control dependence the branch `b = a` depends on joins it, and
/// the chain from `a = x` to the output passes through `b = a` and `out = b`.
#[test]
fn data_tree_leaves_out_branches_and_chains_to_the_output() {
    let p = lower(FIG1);
    let t = trace_of(&p, &[(5, true), (6, true), (7, true)]);
    let out = last_on_line(&p, &t, 9);
    let slicer = Slicer::new(&p, &Facts::new(&p), &t).expect("index");
    let crit = Criterion { entries: vec![out] };
    let data = slicer.close_tree(&crit, false).expect("data tree");
    let b2 = branch_entry(&p, &t, "main", 6);
    assert!(!data.contains(b2));
    let lines: std::collections::BTreeSet<u32> = data
        .order
        .iter()
        .filter_map(|&i| entry_loc(&p, &t, i).map(|l| l.line))
        .collect();
    for l in [5, 6, 8, 9] {
        assert!(lines.contains(&l), "line {l} in {lines:?}");
    }
    assert!(!lines.contains(&7), "{lines:?}");
    // Every member of the data tree is in the dynamic slice.
    let s = slice_from(&p, &t, vec![out]);
    assert!(data.order.iter().all(|&i| s.dynamic.contains(i)));
    let full = slicer.close_tree(&crit, true).expect("tree");
    assert!(full.contains(b2) && full.via(b2) == Some(Via::Control));
    // The chain from the assignment on line 5 ends at the criterion, through 6 and 8.
    let a = (0..t.len() as u32)
        .find(|&i| data.contains(i) && entry_loc(&p, &t, i).is_some_and(|l| l.line == 5))
        .expect("a = x in the data slice");
    let chain: Vec<u32> = data
        .chain(a)
        .iter()
        .filter_map(|&(i, _)| entry_loc(&p, &t, i).map(|l| l.line))
        .collect();
    assert_eq!(chain.first(), Some(&5));
    assert_eq!(chain.last(), Some(&9));
    let mut steps = chain.clone();
    steps.dedup();
    assert_eq!(steps, vec![5, 6, 8, 9], "{chain:?}");
    assert_eq!(data.chain(a).last().map(|x| x.1), Some(Via::Criterion));
}

/// A program whose lines feed each other in loops, through memory, a pointer and a call.
const REACH: &str = r#"#include <stdio.h>
int twice(int v) { return v * 2; }
int main(void) {
    int a[8];
    int total = 0;
    int step = 1;
    for (int i = 0; i < 8; i++) {
        a[i] = twice(i) + step;
        step = step + 1;
    }
    int *p = &a[3];
    *p = *p + 7;
    for (int i = 0; i < 8; i++)
        total += a[i];
    int unused = step * 3;
    printf("%d %d\n", total, unused);
    return 0;
}
"#;

/// `data_reach` against its definition: group x reaches group y when an entry of y is in
/// the data tree of x's entries.
fn reach_by_trees(slicer: &Slicer, groups: &[Vec<u32>]) -> Vec<Vec<bool>> {
    groups
        .iter()
        .enumerate()
        .map(|(x, g)| {
            let tree = (!g.is_empty()).then(|| {
                let crit = Criterion { entries: g.clone() };
                slicer.close_tree(&crit, false).expect("data tree")
            });
            groups
                .iter()
                .enumerate()
                .map(|(y, h)| {
                    y != x
                        && tree
                            .as_ref()
                            .is_some_and(|t| h.iter().any(|&i| t.contains(i)))
                })
                .collect()
        })
        .collect()
}

#[test]
fn data_reach_is_the_data_trees_of_each_group() {
    let p = lower(REACH);
    // Each loop runs four times, then leaves.
    let mut choose = |_s: StmtId, k: u32, succs: &[BlockId]| succs[usize::from(k >= 4)];
    let t = Synth::run(&p, &mut choose, 100_000);
    assert!(!t.truncated);
    let slicer = Slicer::new(&p, &Facts::new(&p), &t).expect("index");
    let on_line = |line: u32| -> Vec<u32> {
        (0..t.len() as u32)
            .filter(|&i| entry_loc(&p, &t, i).is_some_and(|l| l.line == line))
            .collect()
    };
    // Per source line (an empty group included: line 1 runs nothing).
    let lines: Vec<u32> = (1..=17).collect();
    let groups: Vec<Vec<u32>> = lines.iter().map(|&l| on_line(l)).collect();
    let reach = slicer.data_reach(&groups).expect("reach");
    assert_eq!(reach, reach_by_trees(&slicer, &groups));
    let at = |x: u32, y: u32| reach[x as usize - 1][y as usize - 1];
    // The total is computed from the array, which `twice` and the step fill; the step
    // feeds itself and the array, not the other way round; `unused` only the output.
    assert!(at(14, 8) && at(8, 2) && at(8, 9) && at(14, 9) && at(12, 11));
    assert!(!at(9, 8) && !at(9, 14) && !at(14, 15) && at(16, 15) && at(15, 9));
    assert!(reach[0].iter().all(|&r| !r) && reach.iter().all(|r| !r[0]));
    // Single entries as groups: more than one pass of 32 groups, in any order.
    let mut groups: Vec<Vec<u32>> = (0..t.len() as u32).map(|i| vec![i]).collect();
    groups.reverse();
    assert!(groups.len() > 64, "{} groups", groups.len());
    assert_eq!(
        slicer.data_reach(&groups).expect("reach"),
        reach_by_trees(&slicer, &groups)
    );
    let outside = vec![vec![t.len() as u32]];
    assert!(slicer.data_reach(&outside).is_err());
}

/// Distances from `crit` by a breadth-first search over the index, the definition the
/// trees' sweep must agree with (`NONE`: unreached).
fn distances_by_search(slicer: &Slicer, crit: &[u32], control: bool) -> Vec<u32> {
    let mut dist = vec![NONE; slicer.len()];
    let mut queue = std::collections::VecDeque::new();
    for &c in crit {
        dist[c as usize] = 0;
        queue.push_back(c);
    }
    while let Some(e) = queue.pop_front() {
        let p = slicer.parent(e);
        let mut next: Vec<u32> = slicer.uses_of(e).map(|u| u.def).collect();
        next.extend((control && p != NONE).then_some(p));
        for x in next.into_iter().filter(|&x| x != NONE) {
            if dist[x as usize] == NONE {
                dist[x as usize] = dist[e as usize] + 1;
                queue.push_back(x);
            }
        }
    }
    dist
}

/// The trees' sweep gives every member its shortest distance from the criterion (a
/// parent one step nearer, which needs it), lists members nearest first, and the data
/// statements are the data tree's order with later instances of a statement left out.
#[test]
fn trees_are_shortest_paths_and_data_statements_their_first_instances() {
    let p = lower(REACH);
    let mut choose = |_s: StmtId, k: u32, succs: &[BlockId]| succs[usize::from(k >= 4)];
    let t = Synth::run(&p, &mut choose, 100_000);
    let slicer = Slicer::new(&p, &Facts::new(&p), &t).expect("index");
    let outs = (0..t.len() as u32).filter(|&i| entry_loc(&p, &t, i).is_some_and(|l| l.line == 16));
    let crits: Vec<Vec<u32>> = vec![outs.collect(), vec![t.len() as u32 / 2]];
    for crit in crits {
        for control in [false, true] {
            let tree = slicer
                .close_tree(
                    &Criterion {
                        entries: crit.clone(),
                    },
                    control,
                )
                .expect("tree");
            let dist = distances_by_search(&slicer, &crit, control);
            let members: Vec<u32> = (0..t.len() as u32)
                .filter(|&i| dist[i as usize] != NONE)
                .collect();
            assert!(members.len() > crit.len(), "{crit:?}");
            assert!(members.iter().all(|&i| tree.contains(i)));
            assert_eq!(tree.order.len(), members.len());
            for &x in &members {
                let d = dist[x as usize];
                assert_eq!(tree.chain(x).len() as u32, d + 1, "entry {x}");
                let parent = tree.parent(x).expect("member");
                if d == 0 {
                    assert_eq!((parent, tree.via(x)), (x, Some(Via::Criterion)));
                    continue;
                }
                assert_eq!(dist[parent as usize] + 1, d, "entry {x}");
                let needs = match tree.via(x) {
                    Some(Via::Data) => slicer.uses_of(parent).any(|u| u.def == x),
                    Some(Via::Control) => control && slicer.parent(parent) == x,
                    _ => false,
                };
                assert!(needs, "entry {x} from {parent}");
            }
            let ds: Vec<u32> = tree.order.iter().map(|&i| dist[i as usize]).collect();
            assert!(ds.windows(2).all(|w| w[0] <= w[1]), "{ds:?}");
            if control {
                let set = slicer
                    .close(
                        &Criterion {
                            entries: crit.clone(),
                        },
                        false,
                    )
                    .expect("closure");
                assert_eq!(set.iter().collect::<Vec<_>>(), members);
                continue;
            }
            let mut seen = std::collections::HashSet::new();
            let firsts: Vec<u32> = tree
                .order
                .iter()
                .copied()
                .filter(|&i| t.stmt_number(i as usize).is_some_and(|k| seen.insert(k)))
                .collect();
            let statements = slicer.data_statements(&Criterion {
                entries: crit.clone(),
            });
            assert_eq!(statements.expect("statements"), firsts);
        }
    }
}

/// A sweep's distance table is written and read only on the pages where a member is: a
/// small slice at the end of a long run touches a few pages, not a word per entry of
/// the run.
#[test]
fn a_sweeps_distances_are_kept_only_where_its_members_are() {
    let p = lower(
        r#"#include <stdio.h>
int main(void) {
    int x = 5;
    int junk = 0;
    for (int i = 0; i < 10; i++)
        junk = junk + i;
    printf("%d\n", x);
    return junk;
}
"#,
    );
    // The loop goes round 20,000 times: about a hundred pages of entries.
    let mut choose = |_s: StmtId, k: u32, succs: &[BlockId]| succs[usize::from(k >= 20_000)];
    let t = Synth::run(&p, &mut choose, 1_000_000);
    let slicer = Slicer::new(&p, &Facts::new(&p), &t).expect("index");
    let out = (0..t.len() as u32)
        .rev()
        .find(|&i| entry_loc(&p, &t, i).is_some_and(|l| l.line == 7))
        .expect("the printf ran");
    assert!(t.len() > 50 * Distances::PAGE, "a short run: {}", t.len());
    let mid = t.len() as u32 / 2;
    for (crit, control) in [(vec![out], false), (vec![out], true), (vec![mid], true)] {
        let dist = distances_by_search(&slicer, &crit, control);
        let sweep = slicer
            .sweep(
                &Criterion {
                    entries: crit.clone(),
                },
                control,
                |_, _, _| {},
            )
            .expect("sweep");
        let Distances { words, pages, skew } = &sweep.dist;
        let mut want: Vec<u32> = (0..dist.len())
            .filter(|&i| dist[i] != NONE)
            .map(|i| ((i + skew) / Distances::PAGE) as u32)
            .collect();
        want.dedup();
        let mut marked: Vec<u32> = pages.iter().collect();
        marked.sort_unstable();
        assert_eq!(marked, want, "{crit:?} control {control}");
        // The words are the distances, plus one, where the search found them.
        for (i, &d) in dist.iter().enumerate().take(words.len()) {
            assert_eq!(words[i], d.wrapping_add(1), "entry {i}");
        }
        if crit == [out] {
            assert!(marked.len() <= 2, "{crit:?}: pages {marked:?}");
        }
    }
}

#[test]
fn statement_index_is_dense_and_in_stmt_locs_order() {
    let p = lower(REACH);
    let index = StmtIndex::new(&p);
    let ids: Vec<StmtId> = p.stmt_locs().map(|(id, _)| id).collect();
    assert_eq!(index.len(), ids.len());
    for (k, &id) in ids.iter().enumerate() {
        assert_eq!(index.index(id), Some(k));
    }
    let last = ids[ids.len() - 1];
    let past = StmtId {
        index: last.index + 1,
        ..last
    };
    assert_eq!(index.index(past), None);
    let first = ids[0];
    let beyond = StmtId {
        index: p.functions[first.func.index()].blocks[0].stmts.len() as u32 + 1,
        ..first
    };
    assert_eq!(index.index(beyond), None);
}

/// A real traced run (calls, recursion, a struct return, a library callback, stores
/// through pointers, potential dependence) records only what the IR does not imply, and
/// the slicer's per-statement table gives the same locations as `Trace::locations`: the
/// trace rewritten with every location recorded slices identically, tree order
/// included (it decides the chains of a report).
#[test]
fn implied_locations_slice_as_recorded_ones() {
    let src = r#"#include <stdio.h>
#include <stdlib.h>
struct P { int x, y; };
static struct P mk(int a) { struct P p = { a, a * 2 }; return p; }
static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
int g;
int main(int argc, char **argv) {
  int v[5] = { 4, 1, 3, 5, 2 };
  int *q = &v[2];
  qsort(v, 5, sizeof v[0], cmp);
  if (argc > 3) *q = 9;
  if (argc > 4) g = 1;
  struct P p = mk(fact(v[4]));
  for (int i = 0; i < 5; i++) g += v[i] * p.y;
  printf("%d %d\n", g, p.x);
  return 0;
}
"#;
    let p = lower(src);
    let run = crate::exec::run_traced(
        &p,
        &crate::exec::RunInput::default(),
        crate::exec::Limits::default(),
        false,
    );
    let t = run.trace;
    assert!(t.iter().filter(|e| e.implied()).count() * 10 > t.len() * 9);
    let mut explicit = t.clone();
    explicit.locs.clear();
    let mut buf = Vec::new();
    for i in 0..t.len() {
        t.locations(&p, i, &mut buf).expect("locations");
        explicit.locs.extend(buf.iter().copied());
        explicit.set_loc_end(i, explicit.locs.len() as u32);
    }
    assert!(
        t.locs.len() * 3 < explicit.locs.len(),
        "{} of {}",
        t.locs.len(),
        explicit.locs.len()
    );
    let facts = Facts::new(&p);
    let (a, b) = (
        Slicer::new(&p, &facts, &t).expect("implied"),
        Slicer::new(&p, &facts, &explicit).expect("explicit"),
    );
    let out = last_on_line(&p, &t, 16);
    let crit = Criterion { entries: vec![out] };
    assert_eq!(a.slice(&crit).expect("a"), b.slice(&crit).expect("b"));
    let (ta, tb) = (
        a.close_tree(&crit, true).expect("a"),
        b.close_tree(&crit, true).expect("b"),
    );
    // Same members, reached in the same order from the same entries the same way.
    let links = |t: &Tree| {
        let link = |&i: &u32| (i, t.parent(i), t.via(i));
        t.order.iter().map(link).collect::<Vec<_>>()
    };
    assert_eq!(links(&ta), links(&tb));
    // The struct return, the recursion and the callback are in the data slice.
    let lines: Vec<u32> = a
        .slice(&crit)
        .expect("a")
        .lines(&p, &t)
        .iter()
        .map(|(l, _)| l.line)
        .collect();
    for line in [4, 5, 6, 11, 14, 15] {
        assert!(lines.contains(&line), "line {line} not in {lines:?}");
    }
    // An implied entry whose statement does not exist is an error.
    let mut bad = t.clone();
    if let Some(i) = (0..bad.len()).find(|&i| bad.entry(i).implied()) {
        let mut e = bad.entry(i);
        e.stmt.index = 10_000;
        bad.set(i, e);
    }
    assert!(Slicer::new(&p, &facts, &bad).is_err());
}

#[test]
fn radix_sort_of_definers_matches_a_full_sort() {
    // Definers come by ascending branch entry with keys in any order, as the forward
    // pass pushes them; keys of 1 to 30 bits, so one to three passes run.
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for max_key in [0u32, 1, 7, 4095, 4096, 70_000, (1 << 30) - 1] {
        let mut pot = Vec::new();
        for branch in 0..3000u32 {
            for _ in 0..next() % 4 {
                let key = (next() % (max_key as u64 + 1)) as u32;
                pot.push(pot_pack(key, branch));
            }
        }
        let mut want = pot.clone();
        want.sort_unstable();
        sort_by_key(&mut pot, max_key);
        assert_eq!(pot, want, "keys up to {max_key}");
    }
}

#[test]
fn an_index_up_to_the_criterion_slices_as_the_whole_one() {
    let p = lower(FIG1);
    let t = trace_of(&p, &[(7, true)]);
    let facts = Facts::new(&p);
    let whole = Slicer::new(&p, &facts, &t).expect("indexes");
    let out = last_on_line(&p, &t, 9);
    let crit = Criterion { entries: vec![out] };
    let part = Slicer::upto(&p, &facts, &t, out as usize + 1).expect("indexes");
    assert_eq!(part.len(), out as usize + 1);
    assert!(part.len() < t.len(), "the run goes on after the criterion");
    let (a, b) = (
        whole.relevant(&crit).expect("slices"),
        part.relevant(&crit).expect("slices"),
    );
    assert_eq!(
        a.set.iter().collect::<Vec<_>>(),
        b.set.iter().collect::<Vec<_>>()
    );
    assert_eq!(a.static_data, b.static_data);
    for control in [false, true] {
        let (ta, tb) = (
            whole.close_tree(&crit, control).expect("closes"),
            part.close_tree(&crit, control).expect("closes"),
        );
        assert_eq!(ta.order, tb.order);
        assert_eq!(ta.initial_reads, tb.initial_reads);
    }
    let groups = vec![vec![out], b.set.iter().take(2).collect()];
    assert_eq!(
        whole.data_reach(&groups).expect("reaches"),
        part.data_reach(&groups).expect("reaches")
    );
    // A criterion after the indexed part is refused, not sliced wrong.
    let later = Criterion {
        entries: vec![out + 1],
    };
    assert!(part.relevant(&later).is_err());
    assert!(part.close_tree(&later, true).is_err());
}

#[test]
fn bit_sets_iterate_both_ways() {
    let mut s = BitSet::new(200);
    let members = [0, 1, 63, 64, 65, 127, 128, 199];
    for &i in &members {
        assert!(s.insert(i));
    }
    assert!(!s.insert(64));
    assert_eq!(s.iter().collect::<Vec<_>>(), members);
    let mut down = members.to_vec();
    down.reverse();
    assert_eq!(s.iter_rev().collect::<Vec<_>>(), down);
    assert_eq!(BitSet::new(10).iter_rev().count(), 0);
}

/// Uses take a byte or a few (their distance back to the definition), four more when
/// the closures need their location (a search among potential definers, or memory
/// nothing in the trace wrote), and read back as pushed, whatever the distance;
/// rewriting the locations touches only them.
#[test]
fn uses_keep_a_location_only_where_the_closures_read_it() {
    let i = 1_000_000u32;
    let pushed = [
        UseRec::reg(i - 1, 7, false),
        UseRec::reg(NONE, 7, false),
        UseRec::reg(i - 200, 9, true),
        UseRec::mem(5, 2, false),
        UseRec::mem(NONE, 2, false),
        UseRec::mem(6, 3, true),
        UseRec::reg(0, 1, false),
        // Refused by the sweeps, but read back as itself, not as another entry.
        UseRec::reg(i, 1, false),
        UseRec::reg(i + 3, 1, false),
        UseRec::reg(NONE - 1, 1, false),
    ];
    let mut uses = Uses::default();
    pushed.iter().for_each(|&u| uses.push(i as usize, u));
    let sizes = [1, 1, 2 + 4, 3, 1 + 4, 3 + 4, 3, 1, 5, 3];
    assert_eq!(uses.bytes.len(), sizes.iter().sum::<usize>());
    let read: Vec<(u32, Option<u32>)> = Uses::read(&uses.bytes, i)
        .map(|u| {
            (
                u.def,
                (u.has_potential() || u.def == NONE && u.is_mem()).then_some(u.loc),
            )
        })
        .collect();
    let want: Vec<(u32, Option<u32>)> = vec![
        (i - 1, None),
        (NONE, None),
        (i - 200, Some(9 | POT)),
        (5, None),
        (NONE, Some(2 | MEM)),
        (6, Some(3 | MEM | POT)),
        (0, None),
        (i, None),
        (i + 3, None),
        (NONE - 1, None),
    ];
    assert_eq!(read, want);
    let mut locs = Vec::new();
    uses.map_locations(|l| {
        locs.push(l);
        l & !POT
    });
    assert_eq!(locs, vec![9 | POT, 2 | MEM, 3 | MEM | POT]);
    let defs: Vec<u32> = Uses::read(&uses.bytes, i).map(|u| u.def).collect();
    assert_eq!(defs, pushed.iter().map(|u| u.def).collect::<Vec<_>>());
    assert!(Uses::read(&uses.bytes, i).all(|u| !u.has_potential()));
}

/// Each entry's uses are found from its group's base and an 8-bit offset, or from the
/// side table when an entry's uses end too far from the base (a library call reading
/// a large buffer written piecemeal).
#[test]
fn entries_find_their_uses_near_and_far_from_their_base() {
    let count = |i: usize| match i {
        70 => 70_000,
        130 => 250,
        131 => 3,
        _ => i % 3,
    };
    let mut uses = Uses::default();
    let mut want = Vec::new();
    for i in 0..200 {
        let start = uses.bytes.len();
        for _ in 0..count(i) {
            uses.push(i, UseRec::reg(i as u32 - 1, 1, false));
        }
        uses.end_entry(i);
        want.push(start..uses.bytes.len());
    }
    assert!(!uses.big.is_empty());
    for (i, r) in want.iter().enumerate() {
        assert_eq!(uses.of(i).len(), r.len(), "entry {i}");
        let defs: Vec<u32> = Uses::read(uses.of(i), i as u32).map(|u| u.def).collect();
        assert_eq!(defs, vec![i as u32 - 1; count(i)], "entry {i}");
    }
}

/// Leaving out of the potential definers the registers that are dead where the branch
/// went (`analysis::keep_live_registers`) changes no relevant slice: on every passing
/// program of the C corpus and each of its cases, from the run's last entry and from
/// entries spread over it, the slice and its static data are those of the facts that
/// keep every register; and the corpus's potential definers shrink.
#[test]
fn dead_registers_leave_relevant_slices_unchanged_on_the_corpus() {
    let (mut runs, mut kept, mut all) = (0, 0, 0);
    for path in crate::exec::corpus::programs("pass") {
        let Ok(p) = crate::frontend::load_files(std::slice::from_ref(&path), &[], &[]) else {
            continue;
        };
        let (live, every) = (Facts::new(&p), Facts::keeping_dead_registers(&p));
        for input in crate::exec::corpus::cases(&path) {
            let limits = crate::exec::Limits {
                max_steps: 2_000_000,
                ..crate::exec::Limits::default()
            };
            let t = crate::exec::run_traced(&p, &input, limits, false).trace;
            if t.is_empty() {
                continue;
            }
            let what = path.display();
            let a = Slicer::new(&p, &live, &t).expect("indexes");
            let b = Slicer::new(&p, &every, &t).expect("indexes");
            kept += a.pot.len();
            all += b.pot.len();
            let n = t.len() as u32;
            for at in [n - 1, n / 2, n / 3, n / 5, n / 9] {
                let crit = Criterion { entries: vec![at] };
                let (x, y) = (
                    a.relevant(&crit).expect("slices"),
                    b.relevant(&crit).expect("slices"),
                );
                assert_eq!(
                    x.set.iter().collect::<Vec<_>>(),
                    y.set.iter().collect::<Vec<_>>(),
                    "{what}: relevant slice from entry {at}"
                );
                assert_eq!(x.static_data, y.static_data, "{what}: static data");
            }
            runs += 1;
        }
    }
    assert!(runs > 150, "only {runs} runs compared");
    assert!(kept * 2 < all, "{kept} of {all} potential definers kept");
}

/// The chunked byte shadow reads back what a dense one would, across chunk edges, and
/// a write at the end of a large block costs one chunk.
#[test]
fn byte_definers_read_back_as_a_dense_shadow() {
    let size = 3 * ByteDefs::CHUNK + 100;
    let mut dense = vec![NONE; size];
    let mut sh = ByteDefs::default();
    let mut seed = 7u64;
    let mut next = |m: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % m
    };
    for def in 0..400u32 {
        let lo = next(size);
        let hi = (lo + 1 + next(2 * ByteDefs::CHUNK)).min(size);
        if def % 3 == 0 {
            sh.set(lo, hi, size, def);
            dense[lo..hi].fill(def);
        }
        let mut got = Vec::new();
        sh.each(lo, hi, |d| got.push(d));
        assert_eq!(got, dense[lo..hi], "bytes {lo}..{hi} after {def}");
    }
    let mut last = ByteDefs::default();
    let mib = 1 << 20;
    last.set(mib - 1, mib, mib, 5);
    let held: usize = last.chunks.iter().map(|c| c.capacity()).sum();
    assert!(held <= ByteDefs::CHUNK, "{held} definers held for one byte");
    let mut got = Vec::new();
    last.each(mib - 2, mib, |d| got.push(d));
    assert_eq!(got, [NONE, 5]);
}
