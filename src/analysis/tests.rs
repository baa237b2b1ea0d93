use super::*;
use crate::ir::{BlockId, Function, GlobalId, LocalId, Program, Reg};

/// Lowers a C program given as text (written to a scratch directory).
pub(crate) fn lower(src: &str) -> Program {
    let dir = tempfile::tempdir().expect("scratch directory");
    let path = dir.path().join("t.c");
    std::fs::write(&path, src).expect("write C source");
    crate::frontend::load_files(&[path], &[], &[]).expect("test program lowers")
}

pub(crate) fn func<'p>(p: &'p Program, name: &str) -> (FuncId, &'p Function) {
    let id = func_by_name(p, name).expect("function exists");
    (id, &p.functions[id.index()])
}

/// The branch block whose condition is on `line`.
pub(crate) fn branch_at(f: &Function, line: u32) -> BlockId {
    f.blocks
        .iter()
        .position(|b| b.term.is_branch() && b.term_loc.line == line)
        .map(BlockId::from_index)
        .expect("a branch on that line")
}

pub(crate) fn reg_named(f: &Function, name: &str) -> Reg {
    f.regs
        .iter()
        .position(|r| r.name.as_deref() == Some(name))
        .map(Reg::from_index)
        .expect("register variable")
}

pub(crate) fn local_named(f: &Function, name: &str) -> LocalId {
    f.locals
        .iter()
        .position(|l| l.name == name)
        .map(LocalId::from_index)
        .expect("addressable local")
}

fn side(ff: &FuncFacts, b: BlockId, which: usize) -> &MaySet {
    &ff.sides[b.index()][which].1
}

pub(crate) const FIG1: &str = r#"#include <stdio.h>
int main(void) {
  int x, y, z, a, b = 0, out;
  scanf("%d %d %d", &x, &y, &z);
  if (x > y) a = x; else a = y;
  if (x + y > 0) b = a;
  if (z * z > 0) printf("square\n"); else printf("not\n");
  out = b;
  printf("%d\n", out);
  return 0;
}
"#;

#[test]
fn post_dominators_and_control_dependence_of_figure_1() {
    let p = lower(FIG1);
    let facts = Facts::new(&p);
    let (m, f) = func(&p, "main");
    let ff = &facts.funcs[m.index()];
    let b1 = branch_at(f, 5);
    let b2 = branch_at(f, 6);
    let b3 = branch_at(f, 7);
    // The block of the second `if` post-dominates the first branch and rejoins it.
    let join1 = ff.ipdom[b1.index()];
    assert_eq!(join1, b2.raw(), "the first if rejoins at the second");
    // Both arms of the first if depend on it, each on its own side; the join does not.
    for &t in &ff.succs[b1.index()] {
        assert_eq!(ff.cd[t.index()], vec![(b1, t)]);
    }
    assert!(ff.cd[b2.index()].is_empty());
    assert!(ff.cd[b3.index()].is_empty());
    // The return post-dominates everything: the entry's ipdom chain reaches EXIT.
    let mut r = 0u32;
    let mut steps = 0;
    while r != EXIT {
        r = ff.ipdom[r as usize];
        steps += 1;
        assert!(steps < 100, "ipdom chain must end at the exit");
    }
}

#[test]
fn may_def_of_branch_sides() {
    let p = lower(FIG1);
    let facts = Facts::new(&p);
    let (m, f) = func(&p, "main");
    let ff = &facts.funcs[m.index()];
    let (a, b) = (reg_named(f, "a"), reg_named(f, "b"));
    let b1 = branch_at(f, 5);
    let b2 = branch_at(f, 6);
    let b3 = branch_at(f, 7);
    // then-side of `if (x > y)` defines a, not b; neither side writes memory.
    assert!(side(ff, b1, 0).regs.contains(&a));
    assert!(!side(ff, b1, 0).regs.contains(&b));
    assert!(!side(ff, b1, 1).any_mem && side(ff, b1, 1).locals.is_empty());
    // `if (x + y > 0) b = a;`: then defines b, the (empty) else nothing.
    assert!(side(ff, b2, 0).regs.contains(&b));
    assert!(side(ff, b2, 1).is_empty());
    // Untaken when going to the else side = the then side.
    let else2 = ff.sides[b2.index()][1].0;
    assert_eq!(ff.untaken_of(b2, else2), Some(side(ff, b2, 0)));
    // printf writes no memory.
    assert!(!side(ff, b3, 0).any_mem && side(ff, b3, 0).locals.is_empty());
}

#[test]
fn may_def_through_pointer_store_call_and_library() {
    let p = lower(
        r#"#include <stdio.h>
#include <string.h>
int g, h;
void set_g(void) { g = 1; }
void through(int *q) { *q = 2; }
void calls_set(void) { set_g(); }
int main(void) {
  int a = 0, c;
  int *p = &a;
  char buf[8];
  scanf("%d", &c);
  if (c > 0) *p = 5;
  if (c > 1) calls_set();
  if (c > 2) strcpy(buf, "yes");
  if (c > 3) through(&c);
  printf("%d %d %s\n", a, g, buf);
  return 0;
}
"#,
    );
    let facts = Facts::new(&p);
    let (m, f) = func(&p, "main");
    let ff = &facts.funcs[m.index()];
    let (la, lbuf) = (local_named(f, "a"), local_named(f, "buf"));
    let g = p
        .globals
        .iter()
        .position(|x| x.name == "g")
        .expect("global g") as u32;
    // Pointer store: p points to a only (simple points-to), so no "any memory".
    let s = side(ff, branch_at(f, 12), 0);
    assert_eq!(s.locals, vec![la]);
    assert!(!s.any_mem);
    // Call: the mod summary of calls_set includes set_g's write to g (fixpoint).
    let s = side(ff, branch_at(f, 13), 0);
    assert_eq!(s.globals, vec![GlobalId::new(g)]);
    assert!(!s.any_mem && s.may_def_global(GlobalId::new(g)));
    let h = p
        .globals
        .iter()
        .position(|x| x.name == "h")
        .expect("global h") as u32;
    assert!(!s.may_def_global(GlobalId::new(h)));
    // Library function writing memory through its first argument.
    let s = side(ff, branch_at(f, 14), 0);
    assert_eq!(s.locals, vec![lbuf]);
    // A callee storing through its pointer parameter: summarised as any memory.
    let (t, _) = func(&p, "through");
    assert!(facts.summaries[t.index()].any_mem);
    assert!(side(ff, branch_at(f, 15), 0).any_mem);
}

/// Documented over-approximation: `p` is assigned `&a` on one arm of `?:` and `&b` on
/// the other, so the one-target points-to gives up ("any memory"): the store through
/// `p` is taken to possibly define `z` as well, which it never can.
#[test]
fn conservative_may_def_over_approximates() {
    let p = lower(
        r#"#include <stdio.h>
int main(void) {
  int a = 0, b = 0, z, c;
  scanf("%d %d", &c, &z);
  int *p = c > 5 ? &a : &b;
  if (c > 0) *p = 1;
  printf("%d\n", z);
  return 0;
}
"#,
    );
    let facts = Facts::new(&p);
    let (m, f) = func(&p, "main");
    let ff = &facts.funcs[m.index()];
    let s = side(ff, branch_at(f, 6), 0);
    assert!(s.any_mem);
    assert!(
        s.may_def_local(LocalId::new((local_named(f, "z")).raw())),
        "over-approximation: z cannot be written"
    );
}

#[test]
fn exit_calls_and_endless_loops() {
    let p = lower(
        r#"#include <stdio.h>
#include <stdlib.h>
int spin(int v) {
  for (;;) {
    if (v > 3) v = v - 1; else v = v + 2;
  }
}
int main(void) {
  int x, y = 0;
  scanf("%d", &x);
  if (x < 0) exit(1);
  y = x + 1;
  printf("%d\n", y);
  if (x > 100) spin(x);
  return 0;
}
"#,
    );
    let facts = Facts::new(&p);
    let (m, f) = func(&p, "main");
    let ff = &facts.funcs[m.index()];
    let br = branch_at(f, 11);
    // The exit() block does not rejoin: the rest of main depends on `x >= 0`.
    assert_eq!(ff.ipdom[br.index()], EXIT);
    let after = f
        .blocks
        .iter()
        .position(|b| b.stmts.iter().any(|s| s.loc.line == 12))
        .expect("block of line 12");
    assert_eq!(ff.cd[after].len(), 1);
    assert_eq!(ff.cd[after][0].0, br);
    // A function with no path to its exit still gets post-dominators for every block.
    let (s, sf) = func(&p, "spin");
    let sff = &facts.funcs[s.index()];
    assert_eq!(sff.ipdom.len(), sf.blocks.len());
    assert!(sff
        .ipdom
        .iter()
        .all(|&d| d == EXIT || (d as usize) < sf.blocks.len()));
    let b = branch_at(sf, 5);
    assert_eq!(sff.sides[b.index()].len(), 2);
}

#[test]
fn builtin_table() {
    assert_eq!(builtin_writes("scanf"), Writes::From(1));
    assert_eq!(builtin_writes("sscanf"), Writes::From(2));
    assert_eq!(builtin_writes("memset"), Writes::Args(&[0]));
    assert_eq!(builtin_writes("strlen"), Writes::Nothing);
    assert_eq!(builtin_writes("some_unknown_fn"), Writes::PtrArgs);
    // Every modelled function is classified on purpose, not by the unknown default.
    for n in crate::exec::shims::NAMES {
        assert_ne!(builtin_writes(n), Writes::PtrArgs, "{n} needs an entry");
    }
}
