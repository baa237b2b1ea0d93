use std::collections::BTreeMap;

use super::*;
use crate::diffctx::{apply, hunks, FileChange};

fn tree(files: &[(&str, &str)]) -> BTreeMap<String, String> {
    files
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect()
}

/// A judge from a predicate on the patched tree's concatenated text: fail when `fail`
/// holds, unresolved when `broken` does, else pass. Counts its calls.
struct Pred<F: Fn(&str) -> Outcome> {
    f: F,
    calls: usize,
}

impl<F: Fn(&str) -> Outcome> Judge for Pred<F> {
    fn judge(&mut self, files: &BTreeMap<String, String>) -> Judged {
        self.calls += 1;
        let all: String = files.iter().map(|(p, t)| format!("@{p}\n{t}")).collect();
        (self.f)(&all).into()
    }
}

fn lines(n: usize, tag: &str) -> String {
    (0..n).map(|i| format!("{tag}{i}\n")).collect()
}

#[test]
fn every_hunk_applied_gives_the_bad_tree_and_none_the_good() {
    let good = tree(&[
        ("a.c", &lines(30, "a")),
        ("gone.h", "x\ny\n"),
        ("b.c", "1\n2\n3"),
    ]);
    let mut a = lines(30, "a");
    a = a
        .replace("a3\n", "A3\n")
        .replace("a4\n", "")
        .replace("a20\n", "a20\nnew\nnew2\n");
    let bad = tree(&[("a.c", &a), ("new.h", "n\n"), ("b.c", "1\n2\n3\n")]);
    let hs = hunks(&good, &bad);
    // a.c: lines 3-4 together (adjacent), the insertion after 20; new.h, gone.h, b.c.
    assert_eq!(hs.len(), 5, "{hs:#?}");
    assert_eq!(hs.iter().filter(|h| h.file == FileChange::Added).count(), 1);
    assert_eq!(
        hs.iter().filter(|h| h.file == FileChange::Removed).count(),
        1
    );
    let all: Vec<&Hunk> = hs.iter().collect();
    assert_eq!(apply(&good, &all), bad);
    assert_eq!(apply(&good, &[]), good);
    // Any single hunk changes only its own part.
    let one = apply(&good, &[&hs[1]]);
    assert_eq!(one.len(), 3);
    assert!(one["a.c"].contains("new\nnew2\n") && one["a.c"].contains("a3\na4\n"));
}

#[test]
fn pieces_of_a_hunk_rebuild_it_in_any_subset_order() {
    let good = tree(&[("f.c", "a\nb\nc\nd\n")]);
    let bad = tree(&[("f.c", "a\nB\nC\nX\nY\nZ\nd\n")]);
    let hs = hunks(&good, &bad);
    assert_eq!(hs.len(), 1);
    let ps = pieces(&hs[0]);
    assert_eq!(ps.len(), 5);
    let refs: Vec<&Hunk> = ps.iter().collect();
    assert_eq!(apply(&good, &refs), bad);
    let some = apply(&good, &[&ps[0], &ps[3]]);
    assert_eq!(some["f.c"], "a\nB\nc\nY\nd\n");
    assert_eq!(coalesce(ps.clone()), hs);
}

#[test]
fn pieces_pair_a_rewritten_line_with_its_rewrite() {
    // A table rewritten to designated initialisers, with a row inserted first: each
    // old row is one piece with its own rewrite, not with the row at its offset.
    let good = tree(&[(
        "t.c",
        "int t[][3] = {\n{5000, 5, 25},\n{10000, 6, 30},\n};\n",
    )]);
    let bad = tree(&[(
        "t.c",
        "int t[][3] = {\n{.f = 2350, .l = 4, .t = 20},\n{.f = 5000, .l = 5, .t = 20},\n{.f = 10000, .l = 6, .t = 30},\n};\n",
    )]);
    let hs = hunks(&good, &bad);
    assert_eq!(hs.len(), 1);
    let ps = pieces(&hs[0]);
    assert_eq!(ps.len(), 3);
    let refs: Vec<&Hunk> = ps.iter().collect();
    assert_eq!(apply(&good, &refs), bad);
    let row = ps
        .iter()
        .find(|p| p.old.first().is_some_and(|l| l.contains("5000")))
        .expect("a piece for the 5000 row");
    assert!(row.new[0].contains(".f = 5000"), "{:?}", row.new);
    assert_eq!(row.bad_range(), (3, 3));
    assert_eq!(
        apply(&good, &[row])["t.c"],
        "int t[][3] = {\n{.f = 5000, .l = 5, .t = 20},\n{10000, 6, 30},\n};\n"
    );
    assert_eq!(coalesce(ps.clone()), hs);
}

#[test]
fn renames_and_new_declarations_are_grouped_moves_too() {
    let good = tree(&[
        (
            "a.c",
            "int count(int n);\nint x;\nint main(){ return count(1); }\n",
        ),
        ("b.c", "int count(int n){ return n; }\n\nint y;\n"),
    ]);
    let bad = tree(&[
        (
            "a.c",
            "int tally(int n);\nint x;\nint main(){ return tally(1); }\n",
        ),
        ("b.c", "int tally(int n){ return n; }\n\nint z;\n"),
    ]);
    let hs = hunks(&good, &bad);
    assert_eq!(hs.len(), 4);
    let g = group(&hs, &good, &bad);
    // The three hunks of the rename together; `int y` -> `int z` alone.
    assert_eq!(g.len(), 2, "{g:?}");
    assert!(g.iter().any(|x| x.len() == 3));
    let body = "int f(int a) {\n  int s = 0;\n  s += a;\n  return s;\n}\n";
    let good = tree(&[("m.c", &format!("{body}int k;\nint m;\nint q;\n"))]);
    let bad = tree(&[("m.c", &format!("int k;\nint m;\nint q;\n{body}"))]);
    let hs = hunks(&good, &bad);
    assert_eq!(hs.len(), 2);
    assert_eq!(group(&hs, &good, &bad), vec![vec![0, 1]]);
}

/// A changed line starting with `*` is code when no comment covers it: its use of a
/// new function ties it to the function's hunk. Inside a block comment it is not.
#[test]
fn star_lines_are_code_unless_a_comment_covers_them() {
    let common = "int k;\nint m;\nint q;\nint r;\nint s;\n";
    let good = tree(&[(
        "p.c",
        &format!("void f(int *p)\n{{\n    *p = 0;\n}}\n{common}/*\n * old words\n */\n"),
    )]);
    let bad = tree(&[(
        "p.c",
        &format!(
            "int twice(int x) {{ return 2 * x; }}\nvoid f(int *p)\n{{\n    *p = twice(*p);\n}}\n{common}/*\n * twice the words\n */\n"
        ),
    )]);
    let hs = hunks(&good, &bad);
    assert_eq!(hs.len(), 3, "{hs:?}");
    // The new function and its use together; the comment's words name no code.
    assert_eq!(group(&hs, &good, &bad), vec![vec![0, 1], vec![2]]);
}

/// A removed `#include` goes with the same file's removed macro that used a name from
/// it (`INT_MAX`, declared by no file of the tree); another file's hunk stays apart.
#[test]
fn an_include_goes_with_the_files_changed_macros() {
    let good = tree(&[
        (
            "t.h",
            "#ifndef T_H\n#define T_H\n\n#include <limits.h>\n\n#define N 8\n#define END INT_MAX\n\nint f(int x);\n#endif\n",
        ),
        (
            "t.c",
            "#include \"t.h\"\nint f(int x) { return x < END; }\nint a;\nint b;\nint c;\nint d;\nint g;\n",
        ),
    ]);
    let bad = tree(&[
        (
            "t.h",
            "#ifndef T_H\n#define T_H\n\n#define N 8\n\nint f(int x);\n#endif\n",
        ),
        (
            "t.c",
            "#include \"t.h\"\nint f(int x) { return x < N; }\nint a;\nint b;\nint c;\nint d;\nint h;\n",
        ),
    ]);
    let hs = hunks(&good, &bad);
    let g = group(&hs, &good, &bad);
    let header: Vec<usize> = (0..hs.len()).filter(|&k| hs[k].path == "t.h").collect();
    assert_eq!(header.len(), 2, "{hs:?}");
    assert!(
        g.iter().any(|x| header.iter().all(|k| x.contains(k))),
        "{g:?}"
    );
    let other = (0..hs.len())
        .find(|&k| hs[k].old.iter().any(|l| l.contains("int g")))
        .expect("the int g hunk");
    assert!(g.contains(&vec![other]), "{g:?}");
}

#[test]
fn search_finds_the_culprit_hunk_then_its_line() {
    let good = tree(&[("p.c", &lines(40, "l"))]);
    // Ten separate edits; the one at line 21 is a large rewrite with one bad line.
    let mut bad = lines(40, "l");
    for i in [2, 6, 10, 14, 18, 28, 30, 34, 38] {
        bad = bad.replace(&format!("l{i}\n"), &format!("L{i}\n"));
    }
    bad = bad.replace("l21\nl22\nl23\nl24\nl25\n", "r21\nr22\nBUG\nr24\nr25\n");
    let bad = tree(&[("p.c", &bad)]);
    let mut j = Pred {
        f: |t: &str| {
            if t.contains("BUG") {
                Outcome::Fail
            } else {
                Outcome::Pass
            }
        },
        calls: 0,
    };
    let s = search(&good, &bad, &mut j).expect("search");
    assert_eq!(s.hunks, 10);
    assert_eq!(s.minimal.len(), 1);
    assert_eq!(s.minimal[0].new, vec!["BUG\n".to_string()]);
    assert_eq!(s.minimal[0].bad_range(), (24, 24));
    assert_eq!(s.tested, j.calls, "each tree judged once");
    assert_eq!(s.unresolved, 0);
}

#[test]
fn search_keeps_hunks_needed_together_and_counts_unresolved() {
    let good = tree(&[("p.c", &lines(20, "l"))]);
    let bad = lines(20, "l")
        .replace("l3\n", "USE\n")
        .replace("l9\n", "x9\n")
        .replace("l15\n", "DECL\n");
    let bad = tree(&[("p.c", &bad)]);
    // A use without its declaration does not lower; both together fail.
    let mut j = Pred {
        f: |t: &str| match (t.contains("USE"), t.contains("DECL")) {
            (true, false) => Outcome::Unresolved,
            (true, true) => Outcome::Fail,
            _ => Outcome::Pass,
        },
        calls: 0,
    };
    let s = search(&good, &bad, &mut j).expect("search");
    let got: Vec<&str> = s.minimal.iter().map(|h| h.new[0].as_str()).collect();
    assert_eq!(got, vec!["USE\n", "DECL\n"]);
    assert!(s.unresolved > 0);
}

/// A [`Pred`] deciding trees several at a time, counting the batches it was given.
struct Wide<F: Fn(&str) -> Outcome> {
    pred: Pred<F>,
    width: usize,
    batches: usize,
}

impl<F: Fn(&str) -> Outcome> Judge for Wide<F> {
    fn judge(&mut self, files: &BTreeMap<String, String>) -> Judged {
        self.pred.judge(files)
    }
    fn width(&self) -> usize {
        self.width
    }
    fn judge_all(&mut self, trees: &[&BTreeMap<String, String>]) -> Vec<Judged> {
        assert!(trees.len() <= self.width);
        self.batches += 1;
        trees.iter().map(|t| self.pred.judge(t)).collect()
    }
}

/// A judge deciding several trees at once finds what one deciding them one by one
/// finds, with the same counts of trees asked about and unresolved; the trees it
/// decided ahead and was never asked about are counted apart.
#[test]
fn a_wide_judge_finds_what_a_narrow_one_does() {
    let good = tree(&[("p.c", &lines(60, "l"))]);
    let mut bad = lines(60, "l");
    for i in [2, 6, 10, 14, 18, 28, 30, 34, 38, 44, 50, 57] {
        bad = bad.replace(&format!("l{i}\n"), &format!("L{i}\n"));
    }
    bad = bad
        .replace("l21\nl22\nl23\nl24\nl25\n", "r21\nr22\nUSE\nr24\nr25\n")
        .replace("l47\n", "DECL\n");
    let bad = tree(&[("p.c", &bad)]);
    let f = |t: &str| match (t.contains("USE"), t.contains("DECL"), t.contains("L30")) {
        (true, false, _) => Outcome::Unresolved,
        (true, true, _) => Outcome::Fail,
        (false, _, true) => Outcome::Unresolved,
        _ => Outcome::Pass,
    };
    let mut narrow = Pred { f, calls: 0 };
    let one = search(&good, &bad, &mut narrow).expect("search");
    assert_eq!(one.tally, Tally::default());
    for width in [2, 3, 4] {
        let mut wide = Wide {
            pred: Pred { f, calls: 0 },
            width,
            batches: 0,
        };
        let s = search(&good, &bad, &mut wide).expect("search");
        assert_eq!(s.minimal, one.minimal, "width {width}");
        assert_eq!((s.tested, s.unresolved), (one.tested, one.unresolved));
        assert!(wide.batches > 0, "width {width}: nothing judged ahead");
        assert_eq!(
            wide.pred.calls,
            s.tested + s.tally.ahead_unused,
            "width {width}: each tree judged once"
        );
        assert!(s.tally.ahead_unused > 0);
    }
}

#[test]
fn search_refuses_a_diff_that_does_not_fail() {
    let good = tree(&[("p.c", "a\n")]);
    let bad = tree(&[("p.c", "b\n")]);
    let mut j = Pred {
        f: |_: &str| Outcome::Pass,
        calls: 0,
    };
    assert!(search(&good, &bad, &mut j).is_err());
    assert!(search(&good, &good, &mut j).is_err());
}

/// Decision findings of `p.c` at `lines` (changed or not).
fn findings(lines: &[(u32, bool)]) -> Vec<crate::finding::Finding> {
    use crate::finding::{Decision, Evidence, Finding, Line};
    lines
        .iter()
        .map(|&(line, changed)| {
            let d = Decision {
                flipped: String::new(),
                alternative: Default::default(),
                instances: 1,
            };
            Finding::new(
                Line::new("p.c", line),
                changed,
                String::new(),
                Evidence::Decision(Box::new(d)),
            )
        })
        .collect()
}

fn lines_of(fs: &[crate::finding::Finding]) -> Vec<u32> {
    fs.iter().map(|f| f.line.line).collect()
}

#[test]
fn merge_ranks_candidates_inside_the_hunks_first() {
    use crate::report::Note;
    let good = tree(&[("p.c", &lines(20, "l"))]);
    let bad = tree(&[("p.c", &lines(20, "l").replace("l9\n", "x9\n"))]);
    // The diff had five changed lines; the search kept one.
    let s = Search {
        minimal: hunks(&good, &bad),
        lines_total: 5,
        ..Search::default()
    };
    let mut fs = findings(&[(3, true), (10, true), (12, false)]);
    let (d, _) = merge(&mut fs, &s, &[("p.c".into(), 10), ("p.c".into(), 4)], None);
    assert_eq!(lines_of(&fs), [10, 3, 12]);
    assert_eq!(d.reported.len(), 1);
    assert_eq!((d.hunks[0].start, d.hunks[0].end), (10, 10));
    assert_eq!(d.hunks[0].candidate_lines, [10]);
    assert!(!d.exposes_only);
    // No candidate inside, the best one unchanged: the hunk only exposes the fault.
    let mut fs = findings(&[(12, false)]);
    let (d, notes) = merge(&mut fs, &s, &[("p.c".into(), 10)], None);
    assert!(d.exposes_only);
    let got: Vec<u32> = d.reported.iter().map(|l| l.line).collect();
    assert_eq!(got, vec![10, 12]);
    assert!(matches!(&notes[..], [Note::ExposesOnly(l)] if l.line == 12));
    // A search that kept every changed line of a one-line diff kept as little as it
    // can: that line ranks first and is reported.
    let whole = Search {
        lines_total: 1,
        ..s.clone()
    };
    let mut fs = findings(&[(3, true), (10, true)]);
    let (d, _) = merge(&mut fs, &whole, &[("p.c".into(), 10)], None);
    assert!(d.narrowed && !d.exposes_only);
    assert_eq!(
        d.reported.iter().map(|l| l.line).collect::<Vec<_>>(),
        vec![10]
    );
    assert_eq!(lines_of(&fs), [10, 3]);
    // One that kept every line of a larger change neither ranks nor reports, and says so.
    let four = tree(&[(
        "p.c",
        &lines(20, "l").replace("l9\nl10\nl11\nl12\n", "x9\nx10\nx11\nx12\n"),
    )]);
    let blind = Search {
        minimal: hunks(&good, &four),
        lines_total: 4,
        ..Search::default()
    };
    let mut fs = findings(&[(3, true), (10, true)]);
    let (d, notes) = merge(&mut fs, &blind, &[("p.c".into(), 10)], None);
    assert!(!d.narrowed && d.reported.is_empty() && !d.exposes_only);
    assert_eq!(lines_of(&fs), [3, 10]);
    assert!(notes.iter().any(|n| n.text().contains("could not narrow")));
}

/// A failure-inducing hunk of code the bad run never executed (an enumeration
/// constant) is a declaration finding at its first code line, inside the hunks, so
/// reported and not "only exposing" the unchanged line that prints the constant; a
/// hunk the run executed, or any hunk without a trace, gives none.
#[test]
fn a_changed_declaration_is_named_at_its_line() {
    use crate::finding::{Evidence, LineNote};
    use std::collections::HashSet;
    let good = tree(&[("p.c", &lines(12, "l"))]);
    let bad = tree(&[(
        "p.c",
        &lines(12, "l").replace("l4\n", "// size\nenum { N = 9 };\n"),
    )]);
    let s = Search {
        minimal: hunks(&good, &bad),
        lines_total: 2,
        ..Search::default()
    };
    let ran: HashSet<(String, u32)> = [("p.c".to_string(), 12)].into();
    let mut fs = findings(&[(12, false)]);
    let (d, notes) = merge(&mut fs, &s, &[("p.c".into(), 12)], Some(&ran));
    let c = &fs[0];
    assert_eq!(
        (c.line.line, &c.evidence, c.changed, c.source.as_str()),
        (6, &Evidence::Declaration, true, "enum { N = 9 };")
    );
    assert_eq!(c.notes, [LineNote::CompiledIn]);
    assert!(c.hunk.is_some());
    assert!(!d.exposes_only && notes.is_empty(), "{notes:?}");
    assert_eq!(d.reported.iter().map(|l| l.line).collect::<Vec<_>>(), [6]);
    // Executed: the hunk's line ran, so it is no declaration.
    let ran: HashSet<(String, u32)> = [("p.c".to_string(), 6)].into();
    let mut fs = findings(&[(12, false)]);
    merge(&mut fs, &s, &[], Some(&ran));
    assert!(
        fs.iter().all(|f| f.evidence != Evidence::Declaration),
        "{fs:?}"
    );
    // No trace: nothing is known of what ran.
    let mut fs = findings(&[(12, false)]);
    let (d, _) = merge(&mut fs, &s, &[], None);
    assert!(d.exposes_only && fs.len() == 1);
    // Beside a hunk of code that ran (a prototype kept with a moved function), the
    // declaration is not the cause.
    let two = tree(&[(
        "p.c",
        &lines(12, "l")
            .replace("l4\n", "enum { N = 9 };\n")
            .replace("l9\n", "x9\n"),
    )]);
    let s = Search {
        minimal: hunks(&good, &two),
        lines_total: 2,
        ..Search::default()
    };
    let ran: HashSet<(String, u32)> = [("p.c".to_string(), 10)].into();
    let mut fs = Vec::new();
    merge(&mut fs, &s, &[], Some(&ran));
    assert!(fs.is_empty(), "{fs:?}");
}

/// A failure-inducing hunk of code the bad run executed, none of it in the failing
/// output's relevant slice (a store gone to another place), is an unread finding at
/// its first executed line, reported, and not "only exposing" the unchanged line the
/// output's slice holds; a hunk line in the slice, a finding inside, a hunk that did
/// not run or no trace gives none.
#[test]
fn a_changed_line_outside_the_slice_is_named_unread() {
    use crate::finding::{Evidence, LineNote};
    use std::collections::HashSet;
    let good = tree(&[("p.c", &lines(12, "l"))]);
    let bad = tree(&[("p.c", &lines(12, "l").replace("l4\n", "// now\nx4\n"))]);
    let s = Search {
        minimal: hunks(&good, &bad),
        lines_total: 2,
        ..Search::default()
    };
    let ran: HashSet<(String, u32)> = [5, 6, 13].map(|l| ("p.c".to_string(), l)).into();
    let slice = [("p.c".to_string(), 13)];
    let mut fs = findings(&[(13, false)]);
    let (d, notes) = merge(&mut fs, &s, &slice, Some(&ran));
    let c = &fs[0];
    assert_eq!(
        (c.line.line, &c.evidence, c.changed, c.source.as_str()),
        (6, &Evidence::Unread, true, "x4")
    );
    assert_eq!(c.notes, [LineNote::Unread]);
    assert!(c.hunk.is_some());
    assert!(!d.exposes_only && notes.is_empty(), "{notes:?}");
    assert_eq!(d.reported.iter().map(|l| l.line).collect::<Vec<_>>(), [6]);
    // The hunk's line in the slice: the slice's lines in the hunk say more.
    let slice = [("p.c".to_string(), 6), ("p.c".to_string(), 13)];
    let mut fs = findings(&[(13, false)]);
    let (d, _) = merge(&mut fs, &s, &slice, Some(&ran));
    assert!(d.exposes_only && fs.len() == 1, "{fs:?}");
    assert_eq!(
        d.reported.iter().map(|l| l.line).collect::<Vec<_>>(),
        [6, 13]
    );
    // A finding inside the hunk is the candidate.
    let mut fs = findings(&[(6, true), (13, false)]);
    merge(&mut fs, &s, &[], Some(&ran));
    assert_eq!(fs.len(), 2);
    assert_eq!(fs[0].line.line, 6);
    assert_ne!(fs[0].evidence, Evidence::Unread);
    // No trace: nothing is known of what ran.
    let mut fs = findings(&[(13, false)]);
    let (d, _) = merge(&mut fs, &s, &[], None);
    assert!(d.exposes_only && fs.len() == 1);
}

/// A failure-inducing hunk that only deletes a line, or comments it out, gives a
/// finding at its place showing the deleted code, reported by the search; a finding
/// already there stays the line's candidate and says what was deleted.
#[test]
fn a_deleted_line_is_named_at_its_place() {
    use crate::finding::{Evidence, LineNote};
    let good = tree(&[("p.c", &lines(12, "l"))]);
    for (bad, line) in [
        (lines(12, "l").replace("l5\n", ""), 6),
        (lines(12, "l").replace("l5\n", "// l5\n"), 6),
    ] {
        let bad = tree(&[("p.c", &bad)]);
        let s = Search {
            minimal: hunks(&good, &bad),
            lines_total: 1,
            ..Search::default()
        };
        let mut fs = Vec::new();
        let (d, _) = merge(&mut fs, &s, &[], None);
        let c = &fs[0];
        assert_eq!(
            (c.line.line, &c.evidence, c.changed),
            (line, &Evidence::Deletion, true)
        );
        assert_eq!(c.source, "l5");
        assert_eq!(c.notes, [LineNote::Deleted("l5".into())]);
        assert_eq!(
            d.reported.iter().map(|l| l.line).collect::<Vec<_>>(),
            vec![line]
        );
        // A decision already at the place: one candidate, the decision's, with the note.
        let mut fs = findings(&[(line, true)]);
        merge(&mut fs, &s, &[], None);
        let r = crate::report::build(crate::report::Analysis {
            findings: fs,
            ..Default::default()
        });
        assert_eq!(r.candidates.len(), 1);
        assert_eq!(
            r.candidates[0].explanation,
            crate::report::Explanation::Decision
        );
        assert!(r.candidates[0].notes[0].starts_with("deleted here: `l5`"));
    }
}

#[test]
fn a_moved_block_is_looked_into() {
    let body = "int f(int a) {\n  int s = 0;\n  if (s < a)\n    s += a;\n  return s;\n}\n";
    let rest = lines(12, "g");
    let good = tree(&[("m.c", &format!("{body}{rest}"))]);
    let moved = body.replace("s < a", "s <= a BUG");
    let bad_rest = rest.replace("g3\n", "G3\n").replace("g8\n", "G8\n");
    let bad = tree(&[("m.c", &format!("{bad_rest}{moved}"))]);
    // A partial move (one half only) does not lower; the comparison is the fault.
    let mut j = Pred {
        f: |t: &str| {
            if t.matches("int f(").count() != 1 {
                Outcome::Unresolved
            } else if t.contains("BUG") {
                Outcome::Fail
            } else {
                Outcome::Pass
            }
        },
        calls: 0,
    };
    let s = search(&good, &bad, &mut j).expect("search");
    assert_eq!(s.minimal.len(), 1, "{:#?}", s.minimal);
    assert!(s.minimal[0].new[0].contains("BUG"));
    let (line, _) = s.minimal[0].bad_range();
    assert_eq!(
        bad["m.c"].lines().nth(line as usize - 1),
        Some("  if (s <= a BUG)")
    );
}

#[test]
fn renames_are_found_and_looked_through() {
    let good = tree(&[
        ("t.h", "struct t { int n; };\nint tab_find(struct t *t);\n"),
        ("t.c", "int tab_find(struct t *t)\n{\n    for (int i = 0; i < t->n; i++)\n        ;\n    return t->n;\n}\n"),
        ("m.c", "int main(void) { struct t x; x.n = 1; return tab_find(&x); }\n"),
    ]);
    let bad = tree(&[
        ("t.h", "struct t { int count; };\nint sym_find(struct t *t);\n"),
        ("t.c", "int sym_find(struct t *t)\n{\n    for (int i = 1; i < t->count; i++)\n        ;\n    return t->count;\n}\n"),
        ("m.c", "int main(void) { struct t x; x.count = 1; return sym_find(&x); }\n"),
    ]);
    let hs = hunks(&good, &bad);
    let map = group::renames(&hs, &good);
    assert_eq!(map.get("n").map(String::as_str), Some("count"));
    assert_eq!(map.get("tab_find").map(String::as_str), Some("sym_find"));
    assert_eq!(group::rename("x.n = n1 + 2n;", &map), "x.count = n1 + 2n;");
    assert_eq!(
        group::rename("printf(\"%d n\\n\", n);", &map),
        "printf(\"%d n\\n\", count);"
    );
    // Every hunk shares a renamed name: one group; the judge only accepts consistent
    // names, and the loop's start is the fault.
    assert_eq!(group(&hs, &good, &bad).len(), 1);
    let mut j = Pred {
        f: |t: &str| {
            let old =
                t.contains("int n;") && t.matches("tab_find").count() == 3 && !t.contains("count");
            let new = t.contains("int count;")
                && t.matches("sym_find").count() == 3
                && !t.contains("->n")
                && !t.contains(".n ");
            match (old || new, t.contains("i = 1")) {
                (false, _) => Outcome::Unresolved,
                (true, true) => Outcome::Fail,
                (true, false) => Outcome::Pass,
            }
        },
        calls: 0,
    };
    let s = search(&good, &bad, &mut j).expect("search");
    assert_eq!(s.minimal.len(), 1, "{:#?}", s.minimal);
    assert_eq!(s.minimal[0].path, "t.c");
    assert_eq!(s.minimal[0].bad_range(), (3, 3));
    assert_eq!(
        s.minimal[0].new,
        vec!["    for (int i = 1; i < t->count; i++)\n".to_string()]
    );
}

/// One C file's good and bad revision, run on no input, and a judge of subsets.
struct Fixture {
    test: crate::oracle::Test,
    lim: exec::Limits,
    good: exec::RunResult,
    bad: exec::RunResult,
    class: FailClass,
    cache: std::cell::RefCell<Cache>,
    budget: crate::budget::Budget,
}

impl Fixture {
    fn new(good: &str, bad: &str) -> Fixture {
        let test = crate::oracle::Test::named("t");
        let lim = exec::Limits {
            max_steps: exec::DEFAULT_MAX_STEPS,
            ..exec::Limits::default()
        };
        let (g, b) = (
            Fixture::run_of(&test, lim, good),
            Fixture::run_of(&test, lim, bad),
        );
        let Verdict::Regression(d) = oracle::judge_each(&g, &b, None, None) else {
            panic!("not a regression");
        };
        Fixture {
            class: FailClass::of(&d, &b),
            test,
            lim,
            good: g,
            bad: b,
            cache: std::cell::RefCell::new(Cache::disabled()),
            budget: crate::budget::Budget::unlimited(),
        }
    }

    fn run_of(test: &crate::oracle::Test, lim: exec::Limits, text: &str) -> exec::RunResult {
        let d = tempfile::tempdir().expect("tempdir");
        std::fs::write(d.path().join("t.c"), text).expect("write");
        let p = oracle::load(d.path(), &crate::oracle::Test::named("t"), "rev").expect("load");
        exec::run(&p, &test.input(d.path()), lim)
    }

    fn judge(&self) -> InterpJudge<'_> {
        InterpJudge {
            run: SubsetRun {
                program: "t",
                test: &self.test,
                limits: self.lim,
                good: &self.good,
                expect_good: None,
                expect_bad: None,
                bad: self.class,
                ub_allowed: 0,
                splicer: None,
                main_file: None,
            },
            cache: &self.cache,
            budget: &self.budget,
            units: InterpJudge::workers(1),
        }
    }
}

/// A subset that leaves a function without its `return` (the hunk holding it left out)
/// only "fails" through undefined behaviour the interpreter continued past: it is
/// unresolved, not a failure, so the search keeps the `return` line.
#[test]
fn a_subset_resting_on_undefined_behaviour_is_unresolved() {
    let good = "#include <stdio.h>\nint main(void) {\n  int c = 'Z';\n  if (c >= 'A' && c <= 'Z')\n    puts(\"upper\");\n  else\n    puts(\"other\");\n  return 0;\n}\n";
    let bad = "#include <stdio.h>\nstatic int upper(int c) {\n  return c >= 'A' && c < 'Z';\n}\nint main(void) {\n  int c = 'Z';\n  if (upper(c))\n    puts(\"upper\");\n  else\n    puts(\"other\");\n  return 0;\n}\n";
    let no_return = bad.replace("  return c >= 'A' && c < 'Z';\n", "");
    let j = Fixture::new(good, bad);
    let mut judge = j.judge();
    assert_eq!(judge.judge(&tree(&[("t.c", bad)])).outcome, Outcome::Fail);
    assert_eq!(judge.judge(&tree(&[("t.c", good)])).outcome, Outcome::Pass);
    assert_eq!(
        judge.judge(&tree(&[("t.c", &no_return)])).outcome,
        Outcome::Unresolved
    );
}

/// Two workers judge trees together, each tree on its own thread, as one judge does
/// them one by one; the cache answers a tree judged before, by either.
#[test]
fn workers_judge_trees_together_as_one_by_one() {
    let good = "#include <stdio.h>\nint main(void) {\n  int c = 'Z';\n  if (c >= 'A' && c <= 'Z')\n    puts(\"upper\");\n  else\n    puts(\"other\");\n  return 0;\n}\n";
    let bad = good.replace("c <= 'Z'", "c < 'Z'");
    let no_return = bad.replace("  return 0;\n", "  return;\n");
    let broken = bad.replace("int main", "int main(");
    let j = Fixture::new(good, &bad);
    let trees = [
        tree(&[("t.c", &bad)]),
        tree(&[("t.c", good)]),
        tree(&[("t.c", &no_return)]),
        tree(&[("t.c", &broken)]),
        tree(&[("t.c", good)]),
    ];
    let refs: Vec<&BTreeMap<String, String>> = trees.iter().collect();
    let mut alone = j.judge();
    let one_by_one: Vec<Outcome> = trees.iter().map(|t| alone.judge(t).outcome).collect();
    let dir = tempfile::tempdir().expect("tempdir");
    let cache = std::cell::RefCell::new(Cache::open(&dir.path().join("c.sqlite")));
    let mut two = j.judge();
    two.cache = &cache;
    two.units = InterpJudge::workers(2);
    let together = two.judge_all(&refs);
    let outcomes: Vec<Outcome> = together.iter().map(|j| j.outcome).collect();
    assert_eq!(outcomes, one_by_one);
    assert_eq!(
        one_by_one[..2],
        [Outcome::Fail, Outcome::Pass],
        "the fixture is not a regression"
    );
    assert!(together.iter().all(|j| matches!(j.how, How::Ran { .. })));
    // Both workers ran trees: each has preprocessed units of its own.
    assert!(two.units.iter().all(|u| u.preprocessed > 0));
    let again = two.judge_all(&refs);
    assert!(again.iter().all(|j| j.how == How::Cached));
    assert_eq!(
        again.iter().map(|j| j.outcome).collect::<Vec<_>>(),
        one_by_one
    );
}

/// A subset that fails another way than the bad revision (prints another wrong value
/// at the first difference, here a helper left returning its default) is unresolved:
/// ddmin must not slip from the bad revision's failure to a different one.
#[test]
fn a_subset_failing_another_way_is_unresolved() {
    let good = "#include <stdio.h>\nint main(void) {\n  int x = 7, y = 6;\n  printf(\"%d\\n\", x > y ? x : y);\n  return 0;\n}\n";
    let bad = "#include <stdio.h>\nstatic int larger(int x, int y) {\n  int a = 2;\n  if (x - y > 1) a = x; else a = y;\n  return a;\n}\nint main(void) {\n  int x = 7, y = 6;\n  printf(\"%d\\n\", larger(x, y));\n  return 0;\n}\n";
    // Without the decision's hunk: larger() returns its default, 2, not bad's 6.
    let default_only = bad.replace("  if (x - y > 1) a = x; else a = y;\n", "");
    let j = Fixture::new(good, bad);
    let other = Fixture::run_of(&j.test, j.lim, &default_only);
    assert_eq!(
        (
            j.good.stdout.as_slice(),
            j.bad.stdout.as_slice(),
            other.stdout.as_slice()
        ),
        (&b"7\n"[..], &b"6\n"[..], &b"2\n"[..])
    );
    let mut judge = j.judge();
    assert_eq!(judge.judge(&tree(&[("t.c", bad)])).outcome, Outcome::Fail);
    assert_eq!(
        judge.judge(&tree(&[("t.c", &default_only)])).outcome,
        Outcome::Unresolved
    );
}

/// A tree whose `main` lost part of its definition to a hunk (here its opening line) is
/// unresolved without running the preprocessor when both revisions define `main` in
/// plain text there; without that knowledge it is preprocessed, and fails to parse.
#[test]
fn a_tree_with_mains_definition_cut_is_not_preprocessed() {
    let good = "#include <stdio.h>\nint main(void) {\n  puts(\"a\");\n  return 0;\n}\n";
    let bad = "#include <stdio.h>\nint main(void) {\n  puts(\"b\");\n  return 0;\n}\n";
    let cut = "#include <stdio.h>\n  puts(\"b\");\n  return 0;\n}\nint x(void) { return main; }\n";
    let j = Fixture::new(good, bad);
    let mut judge = j.judge();
    judge.run.main_file = Some("t.c".into());
    assert_eq!(judge.judge(&tree(&[("t.c", bad)])).outcome, Outcome::Fail);
    assert_eq!(judge.units[0].preprocessed, 1);
    assert_eq!(
        judge.judge(&tree(&[("t.c", cut)])).outcome,
        Outcome::Unresolved
    );
    assert_eq!(
        judge.units[0].preprocessed, 1,
        "the cut tree was preprocessed"
    );
    let mut plain = j.judge();
    assert_eq!(
        plain.judge(&tree(&[("t.c", cut)])).outcome,
        Outcome::Unresolved
    );
    assert_eq!(plain.units[0].preprocessed, 1);
}
