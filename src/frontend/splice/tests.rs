use super::*;

/// Whether a C compiler is there to compare with (these tests need `cc -E`).
fn have_cc() -> bool {
    std::process::Command::new("cc")
        .arg("--version")
        .output()
        .is_ok()
}

fn names(list: &[&str]) -> HashSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn scan_finds_seams_outside_comments_continuations_and_macro_calls() {
    let text = "int a;\n/* one\n two */ int b;\n#define F(x) \\\n  (x)\nint c = F(1,\n  2);\nint d = g(1,\n  2);\n";
    let info = scan(text, &names(&["F"]));
    let (c, m, n) = (Seam::Clean, Seam::Comment, Seam::Never);
    let seams: Vec<(Seam, Seam)> = info.iter().map(|i| (i.start, i.end)).collect();
    assert_eq!(
        seams,
        vec![
            (c, c), // int a;
            (c, m), // /* one
            (m, c), // two */ int b;
            (c, n), // #define ... \
            (n, c), //   (x)
            (c, n), // int c = F(1,
            (n, c), //   2);
            (c, c), // int d = g(1,   (g is no macro)
            (c, c), //   2);
        ]
    );
    let dirs: Vec<u32> = info.iter().map(|i| i.dirs_before).collect();
    assert_eq!(dirs, vec![0, 0, 0, 0, 1, 2, 2, 2, 2]);
    // A continuation line is part of its directive (a change there changes the macro).
    assert!(info[3].directive && info[4].directive && !info[5].directive);
}

#[test]
fn scan_keeps_strings_and_line_comments_apart_from_code() {
    let text = "char *s = \"/* not a comment\"; // F(\nint x = F\n  (1);\n";
    let info = scan(text, &names(&["F"]));
    assert_eq!(info[0].end, Seam::Clean, "{info:?}");
    assert_eq!(
        (info[1].end, info[2].start),
        (Seam::Never, Seam::Never),
        "{info:?}"
    );
}

#[test]
fn markers_keep_their_quoted_name_and_flags() {
    assert_eq!(
        marker("# 12 \"a \\\"b\\\".c\" 1 3 4"),
        Some((12, "\"a \\\"b\\\".c\"", " 1 3 4"))
    );
    assert_eq!(marker("# 5 \"x.c\""), Some((5, "\"x.c\"", "")));
    assert_eq!(marker("#pragma pack(1)"), None);
}

/// A quoted marker name with any temporary tree's directory taken off, so trees in
/// different places compare equal.
fn untemp(quoted: &str) -> String {
    let tmp = std::env::temp_dir();
    let tmp = tmp.to_string_lossy();
    let name = quoted.trim_matches('"');
    let name = match name.strip_prefix(tmp.as_ref()) {
        Some(rest) => rest
            .trim_start_matches('/')
            .split_once('/')
            .map_or(rest, |(_, r)| r),
        None => name,
    };
    // LineMap reads `./x.h` as `x.h`.
    name.strip_prefix("./").unwrap_or(name).to_string()
}

/// (file, line, text) of every non-blank line: what a parse of the text sees.
fn located(text: &str, name: &dyn Fn(&str) -> String) -> Vec<(String, u32, String)> {
    let mut file = String::new();
    let mut line = 1;
    let mut out = Vec::new();
    for l in text.lines() {
        if let Some((n, quoted, _)) = marker(l) {
            file = name(quoted);
            line = n;
            continue;
        }
        if !l.trim().is_empty() {
            out.push((file.clone(), line, l.to_string()));
        }
        line += 1;
    }
    out
}

fn write_tree(dir: &Path, files: &BTreeMap<String, String>) {
    for (p, t) in files {
        let path = dir.join(p);
        if let Some(d) = path.parent() {
            std::fs::create_dir_all(d).expect("mkdir");
        }
        std::fs::write(path, t).expect("write");
    }
}

fn tree(files: &[(&str, &str)]) -> BTreeMap<String, String> {
    files
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect()
}

/// Every mix of the hunks of good -> bad: either no splice, or exactly the text `cc -E`
/// gives for the mixed tree. Returns (spliced, not spliced).
fn check_every_mix(
    good: &BTreeMap<String, String>,
    bad: &BTreeMap<String, String>,
) -> (usize, usize) {
    if !have_cc() {
        return (0, 0);
    }
    let (gd, bd) = (
        tempfile::tempdir().expect("tmp"),
        tempfile::tempdir().expect("tmp"),
    );
    write_tree(gd.path(), good);
    write_tree(bd.path(), bad);
    let s = Splicer::new(good, bad, "prog", &Default::default()).expect("splicer");
    // The same, given the revisions' own preprocessed units (as the hunk search is): it
    // makes the revisions' pair without the preprocessor and must splice alike.
    let units = |d: &Path| -> crate::frontend::UnitTexts {
        let spec = crate::frontend::find_program(d, &Default::default(), "prog").expect("spec");
        spec.sources
            .iter()
            .map(|src| {
                let rel = src.strip_prefix(d).expect("under the root").to_path_buf();
                (rel, preprocess(d, src, &spec).expect("cc -E"))
            })
            .collect()
    };
    let seeded = Splicer::new(good, bad, "prog", &Default::default())
        .expect("splicer")
        .with_revisions(crate::frontend::Revisions {
            good_root: gd.path().to_path_buf(),
            good: units(gd.path()),
            bad_root: bd.path().to_path_buf(),
            bad: units(bd.path()),
        });
    let hunks = crate::diffctx::hunks(good, bad);
    assert!(hunks.len() <= 10, "too many hunks for every subset");
    let (mut spliced, mut not) = (0, 0);
    for mask in 0u32..(1 << hunks.len()) {
        let chosen: Vec<&crate::diffctx::Hunk> = hunks
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, h)| h)
            .collect();
        let mixed = crate::diffctx::apply(good, &chosen);
        let from_seeded = seeded.preprocessed(&mixed);
        let Some(texts) = s.preprocessed(&mixed) else {
            assert!(
                from_seeded.is_none(),
                "mix {mask:b}: only the seeded splicer splices"
            );
            not += 1;
            continue;
        };
        let from_seeded = from_seeded.expect("the seeded splicer splices it too");
        for (a, b) in texts.iter().zip(&from_seeded) {
            assert_eq!(located(a, &untemp), located(b, &untemp), "mix {mask:b}");
        }
        spliced += 1;
        let md = tempfile::tempdir().expect("tmp");
        write_tree(md.path(), &mixed);
        let spec =
            crate::frontend::find_program(md.path(), &Default::default(), "prog").expect("spec");
        for (src, text) in spec.sources.iter().zip(&texts) {
            let real = preprocess(md.path(), src, &spec).expect("cc -E");
            assert_eq!(
                located(text, &untemp),
                located(&real, &untemp),
                "mix {mask:b} of {} hunks",
                hunks.len()
            );
        }
    }
    (spliced, not)
}

const GOOD: &str = r#"/* prog: sums doubled numbers.
 * Usage: prog
 *   no options
 */
#include <stdio.h>
#include <assert.h>
#define TWICE(x) ((x) * 2)
#define LIMIT 10

/* Sums the first n
   doubled numbers. */
static int sum(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += TWICE(i);
    return s;
}

int main(void)
{
    int n = LIMIT;
    assert(n > 0);
    printf("%d\n",
           sum(n));
    fprintf(stderr, "done\n");
    return 0;
}
"#;

const BAD: &str = r#"/* prog: sums doubled numbers.
 * Usage: prog
 *   no options (none at all)
 */
#include <stdio.h>
#include <assert.h>
#define TWICE(x) ((x) * 2)
#define LIMIT 10

/* Sums the first n doubled
   numbers, skipping none. */
static int sum(int n)
{
    int s = 1;
    int i;
    for (i = 1; i <= n; i++)
        s += TWICE(
            i);
    return s;
}

int main(void)
{
    int n = LIMIT - 1;
    assert(n > 0);
    printf("%d\n",
           sum(n) + 0);
    fprintf(stderr, "finished\n");
    return 0;
}
"#;

#[test]
fn every_mix_of_one_file_is_spliced_exactly_or_not_at_all() {
    let (spliced, not) = check_every_mix(&tree(&[("prog.c", GOOD)]), &tree(&[("prog.c", BAD)]));
    // The assert below a hunk that adds a line cannot move, and a macro call split over
    // two lines cannot be cut: some mixes are refused, most are spliced.
    if spliced + not > 0 {
        assert!(spliced > not, "spliced {spliced}, refused {not}");
        assert!(not > 0, "the line-dependent assert must refuse some mixes");
    }
}

#[test]
fn mixes_of_a_changed_header_are_spliced_exactly() {
    let h_good = "#ifndef UTIL_H\n#define UTIL_H\nint scale(int v);\nstatic inline int clamp(int v) { return v < 0 ? 0 : v; }\n#endif\n";
    let h_bad = "#ifndef UTIL_H\n#define UTIL_H\nint scale(int v);\n\nstatic inline int clamp(int v)\n{\n    return v <= 0 ? 0 : v;\n}\n#endif\n";
    let c_good = "#include \"util.h\"\nint scale(int v) { return clamp(v) * 3; }\n";
    let c_bad = "#include \"util.h\"\n\nint scale(int v)\n{\n    return clamp(v) * 4;\n}\n";
    let m = "#include <stdio.h>\n#include \"util.h\"\nint main(void) { printf(\"%d\\n\", scale(-2)); return 0; }\n";
    let good = tree(&[
        ("src/util.h", h_good),
        ("src/util.c", c_good),
        ("src/prog.c", m),
    ]);
    let bad = tree(&[
        ("src/util.h", h_bad),
        ("src/util.c", c_bad),
        ("src/prog.c", m),
    ]);
    let (spliced, not) = check_every_mix(&good, &bad);
    if spliced + not > 0 {
        assert_eq!(not, 0, "nothing here needs the preprocessor again");
    }
}

#[test]
fn mixes_of_changed_directives_are_spliced_exactly() {
    let good = "#include <stdio.h>\n#define N 3\n#define M 1\n\nint twice(int v) { return 2 * v; }\n\nint main(void)\n{\n    printf(\"%d\\n\", twice(N));\n    return M;\n}\n";
    let bad = "#include <stdio.h>\n#include <string.h>\n#define N 4\n#define M 1\n\nint twice(int v) { return v + v; }\n\nint main(void)\n{\n    printf(\"%d\\n\", twice(N) + (int)strlen(\"x\"));\n    return M;\n}\n";
    let (spliced, not) = check_every_mix(&tree(&[("prog.c", good)]), &tree(&[("prog.c", bad)]));
    if spliced + not > 0 {
        assert!(spliced >= 3, "spliced {spliced}, refused {not}");
    }
}

#[test]
fn a_file_using_counter_refuses_the_pair() {
    let good = tree(&[("prog.c", "int main(void) { return __COUNTER__; }\n")]);
    let bad = tree(&[("prog.c", "int main(void) { return 1 + __COUNTER__; }\n")]);
    let err = Splicer::new(&good, &bad, "prog", &Default::default())
        .err()
        .expect("refused");
    assert!(err.contains("__COUNTER__"), "{err}");
}

#[test]
fn line_macros_follow_definitions_to_line() {
    let t = "#define A(x) B(x)\n#define B(x) f(x, \\\n  __LINE__)\n#define C 3\n".to_string();
    let m = line_macros(std::iter::once(&t));
    assert!(m.contains("A") && m.contains("B") && m.contains("__LINE__"));
    assert!(!m.contains("C"));
    // regcause's own assert reports its line.
    assert!(m.contains("assert"));
}

/// The tree of a sample's commit tagged `tag` (its directory under `sample-repos`).
fn sample_tree(sample: &Path, tag: &str) -> Option<BTreeMap<String, String>> {
    let toml: toml::Value =
        toml::from_str(&std::fs::read_to_string(sample.join("sample.toml")).ok()?).ok()?;
    let commit = toml.get("commit")?.as_array()?.iter().find(|c| {
        c.get("tags")
            .and_then(|t| t.as_array())
            .is_some_and(|t| t.iter().any(|x| x.as_str() == Some(tag)))
    })?;
    let dir = sample.join(commit.get("dir")?.as_str()?);
    Some(crate::diffctx::tree_files(&dir))
}

/// Mixes of the hunks `from` -> `to` (each alone, all but each, and some chosen by the
/// generator `seed`), each spliced by `s` compared with `cc -E` of the mixed tree.
/// Returns (spliced, tried).
fn check_mixes(
    s: &Splicer,
    from: &BTreeMap<String, String>,
    to: &BTreeMap<String, String>,
    prog: &str,
    seed: &mut u64,
    what: &str,
) -> (usize, usize) {
    let (mut spliced, mut total) = (0, 0);
    let hunks = crate::diffctx::hunks(from, to);
    let n = hunks.len();
    let mut masks: Vec<Vec<bool>> = Vec::new();
    for i in 0..n.min(4) {
        masks.push((0..n).map(|k| k == i).collect());
        masks.push((0..n).map(|k| k != i).collect());
    }
    for _ in 0..4 {
        masks.push(
            (0..n)
                .map(|_| {
                    *seed ^= *seed << 13;
                    *seed ^= *seed >> 7;
                    *seed ^= *seed << 17;
                    *seed & 1 == 1
                })
                .collect(),
        );
    }
    for mask in masks {
        let chosen: Vec<&crate::diffctx::Hunk> = hunks
            .iter()
            .zip(&mask)
            .filter(|(_, m)| **m)
            .map(|(h, _)| h)
            .collect();
        let mixed = crate::diffctx::apply(from, &chosen);
        total += 1;
        let Some(texts) = s.preprocessed(&mixed) else {
            continue;
        };
        spliced += 1;
        let md = tempfile::tempdir().expect("tmp");
        write_tree(md.path(), &mixed);
        let Ok(spec) = crate::frontend::find_program(md.path(), &Default::default(), prog) else {
            continue;
        };
        for (src, text) in spec.sources.iter().zip(&texts) {
            let Ok(real) = preprocess(md.path(), src, &spec) else {
                panic!("{what}: spliced a mix cc -E refuses");
            };
            assert_eq!(
                located(text, &untemp),
                located(&real, &untemp),
                "{what}: mix {mask:?}"
            );
        }
    }
    (spliced, total)
}

/// On every sample regression, mixes of its hunks (each alone, all but each, and some
/// chosen by a fixed generator) are spliced to exactly the text `cc -E` gives, and
/// most are spliced at all.
#[test]
fn mixes_of_every_sample_regression_are_spliced_exactly() {
    if !have_cc() {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("sample-repos");
    let mut samples: Vec<_> = std::fs::read_dir(&root)
        .expect("sample-repos")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    samples.sort();
    let (mut spliced, mut total, mut renamed_spliced) = (0, 0, 0);
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for sample in samples {
        let Ok(text) = std::fs::read_to_string(sample.join("sample.toml")) else {
            continue;
        };
        let toml: toml::Value = toml::from_str(&text).expect("sample.toml");
        let program = |r: &toml::Value| -> Option<String> {
            Some(r.get("test")?.get("program")?.as_str()?.to_string())
        };
        for r in toml
            .get("regression")
            .and_then(|r| r.as_array())
            .into_iter()
            .flatten()
        {
            let (Some(g), Some(b), Some(prog)) = (
                r.get("good").and_then(|v| v.as_str()),
                r.get("bad").and_then(|v| v.as_str()),
                program(r),
            ) else {
                continue;
            };
            let (good, bad) = (
                sample_tree(&sample, g).expect("good tree"),
                sample_tree(&sample, b).expect("bad tree"),
            );
            let Ok(s) = Splicer::new(&good, &bad, &prog, &Default::default()) else {
                continue;
            };
            let mut mixes = |from: &BTreeMap<String, String>| {
                let (sp, tot) = check_mixes(
                    &s,
                    from,
                    &bad,
                    &prog,
                    &mut seed,
                    &format!("{} {g}..{b}", sample.display()),
                );
                spliced += sp;
                total += tot;
                (sp, tot)
            };
            mixes(&good);
            // The hunk search's trees with a rename applied to the old side of every
            // hunk (lines in neither revision), mixed with the bad revision's.
            let hunks = crate::diffctx::hunks(&good, &bad);
            let map = crate::dd::renames(&hunks, &good);
            if !map.is_empty() {
                let only: Vec<crate::diffctx::Hunk> = hunks
                    .iter()
                    .map(|h| crate::diffctx::Hunk {
                        new: h.old.iter().map(|l| crate::dd::rename(l, &map)).collect(),
                        ..h.clone()
                    })
                    .filter(|h| h.new != h.old)
                    .collect();
                let refs: Vec<&crate::diffctx::Hunk> = only.iter().collect();
                let base = crate::diffctx::apply(&good, &refs);
                let (sp, _) = mixes(&base);
                renamed_spliced += sp;
            }
        }
    }
    eprintln!("spliced {spliced} of {total} mixes ({renamed_spliced} with renamed lines)");
    assert!(renamed_spliced > 10, "mixes with renamed lines are spliced");
    assert!(total > 100, "only {total} mixes tried");
    assert!(spliced * 4 >= total * 3, "spliced {spliced} of {total}");
}

/// A renamed line (in neither revision: the bad one also edits it) is spliced from its
/// good line only when the preprocessor passes
/// each renamed identifier through once: a macro that stringifies, pastes or repeats
/// it, or a new name that is a macro, sends the tree to `cc -E`; what is spliced equals
/// what `cc -E` gives.
#[test]
fn renamed_lines_are_spliced_only_where_the_preprocessor_keeps_the_name() {
    if !have_cc() {
        return;
    }
    let head = "#include <stdio.h>\n#define S(x) #x\n#define TWICE(x) ((x) + (x))\n#define total 7\nint count = 3, sum = 4;\n";
    let good = tree(&[(
        "m.c",
        &format!("{head}int main(void) {{\n  printf(\"%d\\n\", count); /* count */\n  puts(S(count));\n  printf(\"%d\\n\", TWICE(count));\n  printf(\"%d\\n\", count + 1);\n  return 0;\n}}\n"),
    )]);
    let bad = tree(&[(
        "m.c",
        &format!("{head}int main(void) {{\n  printf(\"%d\\n\", sum); /* sum */ // v2\n  puts(S(sum)); // v2\n  printf(\"%d\\n\", TWICE(sum)); // v2\n  printf(\"%d\\n\", total + 1); // v2\n  return 1;\n}}\n"),
    )]);
    let s = Splicer::new(&good, &bad, "m", &Default::default()).expect("splicer");
    let g = &good["m.c"];
    let with = |from: &str, to: &str| {
        let mut t = good.clone();
        t.insert("m.c".into(), g.replacen(from, to, 1));
        t
    };
    let cases = [
        (with("count); /* count */", "sum); /* sum */"), true),
        (with("S(count)", "S(sum)"), false),
        (with("TWICE(count)", "TWICE(sum)"), false),
        (with("count + 1", "total + 1"), false),
    ];
    for (mixed, splices) in cases {
        let got = s.preprocessed(&mixed);
        assert_eq!(got.is_some(), splices, "{}", mixed["m.c"]);
        if let Some(texts) = got {
            let md = tempfile::tempdir().expect("tmp");
            write_tree(md.path(), &mixed);
            let spec =
                crate::frontend::find_program(md.path(), &Default::default(), "m").expect("spec");
            let real = preprocess(md.path(), &spec.sources[0], &spec).expect("cc -E");
            assert_eq!(located(&texts[0], &untemp), located(&real, &untemp));
        }
    }
}

/// A renamed copy of a line whose diff against its revision is a replaced run of
/// another length (a neighbour deleted with it) is found as the line after the
/// previous one, and spliced exactly; without that, the tree fell to `cc -E`.
#[test]
fn a_renamed_line_next_to_a_deletion_is_spliced() {
    if !have_cc() {
        return;
    }
    let good = tree(&[(
        "m.c",
        "#include <stdio.h>\nint count = 3;\nint spare = 1;\nint main(void) { printf(\"%d\\n\", count); return 0; }\n",
    )]);
    let bad = tree(&[(
        "m.c",
        "#include <stdio.h>\nint total = 3; /* v2 */\nint main(void) { printf(\"%d\\n\", total); return 0; }\n",
    )]);
    // What the hunk search's rename step makes: good's lines renamed, `spare` gone.
    let mixed = tree(&[(
        "m.c",
        "#include <stdio.h>\nint total = 3;\nint main(void) { printf(\"%d\\n\", total); return 0; }\n",
    )]);
    let s = Splicer::new(&good, &bad, "m", &Default::default()).expect("splicer");
    let texts = s.preprocessed(&mixed).expect("spliced");
    let md = tempfile::tempdir().expect("tmp");
    write_tree(md.path(), &mixed);
    let spec = crate::frontend::find_program(md.path(), &Default::default(), "m").expect("spec");
    let real = preprocess(md.path(), &spec.sources[0], &spec).expect("cc -E");
    assert_eq!(located(&texts[0], &untemp), located(&real, &untemp));
}
