//! The main command and `run` on repositories shaped like real projects rather than like
//! the sample corpus: a unit-test framework with several `main`s, a CMake build
//! directory outside the tree, tests reading data files beside them, headers found
//! through include directories and relative paths, configuration kept out of the
//! analysed revisions. Each test would have caught one of the silent wrong answers of
//! issue 27.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::*;

/// A repository at `dir/repo` with one commit per entry (files written over the
/// previous commit's, `None` deletes), each tagged with its name.
/// A commit: its tag, and its files as (path, new content or `None` to delete).
pub(crate) type Commit<'a> = (&'a str, &'a [(&'a str, Option<&'a [u8]>)]);

pub(crate) fn history(dir: &Path, commits: &[Commit]) -> PathBuf {
    let repo = dir.join("repo");
    std::fs::create_dir_all(&repo).expect("mkdir");
    git(&repo, &["init", "-q", "-b", "main"]);
    for (tag, files) in commits {
        for (path, content) in *files {
            let p = repo.join(path);
            match content {
                Some(c) => {
                    std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
                    std::fs::write(&p, c).expect("write");
                }
                None => std::fs::remove_file(&p).expect("remove"),
            }
        }
        git(&repo, &["add", "-A"]);
        git(&repo, &["commit", "-q", "-m", tag]);
        git(&repo, &["tag", tag]);
    }
    repo
}

/// A CMake-like `compile_commands.json` in `dir/build`, outside the tree: one entry per
/// (target, file, flags), every path absolute, `-I` the repository's `include`, as
/// CMake writes them. Returns the database's path.
fn cmake_db(dir: &Path, repo: &Path, units: &[(&str, &str, &str)]) -> String {
    let build = dir.join("build");
    std::fs::create_dir_all(&build).expect("mkdir");
    let r = std::fs::canonicalize(repo).expect("canonical");
    let r = r.display();
    let b = std::fs::canonicalize(&build).expect("canonical");
    let b = b.display();
    let entries: Vec<String> = units
        .iter()
        .map(|(target, file, flags)| {
            format!(
                r#"{{"directory": "{b}", "command": "/usr/bin/cc {flags} -I{r}/include -isystem /usr/include -o CMakeFiles/{target}.dir/{file}.o -c {r}/{file}", "file": "{r}/{file}", "output": "CMakeFiles/{target}.dir/{file}.o"}}"#
            )
        })
        .collect();
    let path = build.join("compile_commands.json");
    std::fs::write(&path, format!("[\n{}\n]\n", entries.join(",\n"))).expect("write db");
    path.to_str().expect("utf-8").to_string()
}

fn ok(o: &Output) -> String {
    assert!(
        o.status.success(),
        "exit {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status.code(),
        text(&o.stdout),
        text(&o.stderr)
    );
    text(&o.stdout)
}

/// The main command's JSON report (exit 0: a regression explained).
fn explain_json(repo: &Path, args: &[&str]) -> serde_json::Value {
    let mut all = vec!["--format", "json", "--no-cache"];
    all.extend_from_slice(args);
    checked_report(&git_regcause(repo, &all))
}

/// The report's root-cause lines as `file:line`.
fn root_cause(v: &serde_json::Value) -> Vec<String> {
    v["root_cause"]
        .as_array()
        .expect("root_cause")
        .iter()
        .map(|l| format!("{}:{}", l["file"].as_str().unwrap_or("?"), l["line"]))
        .collect()
}

/// Every `"file"` of a report, wherever it is.
fn files_named(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x) {
                    ("file", serde_json::Value::String(s)) => out.push(s.clone()),
                    _ => files_named(x, out),
                }
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| files_named(x, out)),
        _ => {}
    }
}

const LIST_C_GOOD: &[u8] = b"#include \"list.h\"\n\
int list_sum(const int *v, int n) {\n\
    int s = 0;\n\
    for (int i = 0; i < n; i++)\n\
        s += v[i];\n\
    return s;\n\
}\n";

const LIST_C_BAD: &[u8] = b"#include \"list.h\"\n\
int list_sum(const int *v, int n) {\n\
    int s = 0;\n\
    for (int i = 1; i < n; i++)\n\
        s += v[i];\n\
    return s;\n\
}\n";

/// A unit-test framework's layout: every test file has a `main`, each behind a macro
/// the build defines for the one it links (and one behind a calling-convention macro,
/// as cJSON's tests write `int CJSON_CDECL main(void)`).
const SUITE_C: &[u8] = b"#include <stdio.h>\n\
#include \"list.h\"\n\
#define TEST_CDECL\n\
#ifdef SUITE_MAIN\n\
int TEST_CDECL main(void) {\n\
    int v[] = {4, 5, 6};\n\
    printf(\"sum %d\\n\", list_sum(v, 3));\n\
    return 0;\n\
}\n\
#endif\n";

const BENCH_C: &[u8] = b"#include <stdio.h>\n\
#include \"list.h\"\n\
#ifndef SUITE_MAIN\n\
int main(void) {\n\
    int v[] = {1, 1};\n\
    printf(\"bench %d\\n\", list_sum(v, 2));\n\
    return 0;\n\
}\n\
#endif\n";

const LIST_H: &[u8] = b"int list_sum(const int *v, int n);\n";

fn unit_test_repo(dir: &Path) -> PathBuf {
    history(
        dir,
        &[
            (
                "good",
                &[
                    ("src/list.c", Some(LIST_C_GOOD)),
                    ("src/list.h", Some(LIST_H)),
                    ("tests/suite.c", Some(SUITE_C)),
                    ("tests/bench.c", Some(BENCH_C)),
                ],
            ),
            ("bad", &[("src/list.c", Some(LIST_C_BAD))]),
        ],
    )
}

#[test]
fn a_define_chooses_the_main_of_a_unit_test_framework() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = unit_test_repo(dir.path());
    // Without the define, `suite` has no main: an error naming the one that exists.
    let o = git_regcause(&repo, &["run", "good", "--", "./suite"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(4), "{err}");
    assert!(
        err.contains("no program `suite`") && err.contains("tests/bench.c"),
        "{err}"
    );
    assert!(!err.contains("/tmp"), "{err}");
    let out = ok(&git_regcause(
        &repo,
        &["run", "good", "-D", "SUITE_MAIN", "--", "./suite"],
    ));
    assert_eq!(out, "sum 15\n");
    // The other program of the same tree, chosen by its name and the same defines.
    let out = ok(&git_regcause(&repo, &["run", "good", "--", "./bench"]));
    assert_eq!(out, "bench 2\n");
    let v = explain_json(&repo, &["good", "bad", "-D", "SUITE_MAIN", "--", "./suite"]);
    assert_eq!(root_cause(&v), ["src/list.c:4"], "{v:#}");
    assert_eq!(v["test"]["config"]["defines"][0], "SUITE_MAIN", "{v:#}");
}

#[test]
fn a_program_name_that_matches_nothing_is_an_error_not_another_program() {
    let dir = tempfile::tempdir().expect("tempdir");
    let prog = b"#include <stdio.h>\nint main(void) { puts(\"prog\"); return 0; }\n";
    let other = b"#include <stdio.h>\nint main(void) { puts(\"other\"); return 0; }\n";
    let repo = history(
        dir.path(),
        &[
            ("good", &[("prog.c", Some(&prog[..]))]),
            ("bad", &[("other.c", Some(&other[..]))]),
        ],
    );
    let o = git_regcause(&repo, &["run", "good", "--", "./nosuchprog"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(4), "{err}");
    assert!(
        err.contains("no program `nosuchprog`") && err.contains("prog.c"),
        "{err}"
    );
    // `other` exists only at bad: the good revision is an error, not prog.c.
    let o = git_regcause(&repo, &["--no-cache", "good", "bad", "--", "./other"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(4), "{err}\n{}", text(&o.stdout));
    assert!(
        err.contains("at good") && err.contains("no program `other`"),
        "{err}"
    );
}

#[test]
fn a_cmake_build_directory_outside_the_tree_is_read_from_each_revision() {
    let dir = tempfile::tempdir().expect("tempdir");
    let calc_good = b"#include <stdio.h>\n#include \"util.h\"\n\
int main(void) {\n    printf(\"%d\\n\", scale(7) + OFFSET);\n    return 0;\n}\n";
    let util_good = b"#include \"util.h\"\nint scale(int x) {\n    return x * SCALE;\n}\n";
    let util_bad = b"#include \"util.h\"\nint scale(int x) {\n    return x * SCALE - 1;\n}\n";
    let util_h = b"int scale(int x);\n";
    let other = b"int main(void) { return 3; }\n";
    let repo = history(
        dir.path(),
        &[
            (
                "good",
                &[
                    ("app/calc.c", Some(&calc_good[..])),
                    ("lib/util.c", Some(&util_good[..])),
                    ("include/util.h", Some(&util_h[..])),
                    ("tools/other.c", Some(&other[..])),
                ],
            ),
            ("bad", &[("lib/util.c", Some(&util_bad[..]))]),
        ],
    );
    // The working tree has the fix, uncommitted: a run of `bad` must not see it.
    std::fs::write(repo.join("lib/util.c"), util_good).expect("write");
    let cc = cmake_db(
        dir.path(),
        &repo,
        &[
            ("calc", "app/calc.c", "-DOFFSET=100"),
            ("util", "lib/util.c", "-DSCALE=3"),
            ("other", "tools/other.c", ""),
        ],
    );
    let cc = cc.as_str();
    // Each unit's own flags: OFFSET only in calc.c, SCALE only in util.c.
    let out = ok(&git_regcause(
        &repo,
        &["run", "good", "--compile-commands", cc, "--", "./calc"],
    ));
    assert_eq!(out, "121\n");
    let out = ok(&git_regcause(
        &repo,
        &["run", "bad", "--compile-commands", cc, "--", "./calc"],
    ));
    assert_eq!(
        out, "120\n",
        "the bad revision's util.c, not the working tree's"
    );
    let v = explain_json(
        &repo,
        &["good", "bad", "--compile-commands", cc, "--", "./calc"],
    );
    assert_eq!(root_cause(&v), ["lib/util.c:3"], "{v:#}");
    // A target that does not exist lists nothing silently.
    let o = git_regcause(
        &repo,
        &["run", "good", "--compile-commands", cc, "--", "./nosuch"],
    );
    assert_eq!(o.status.code(), Some(4), "{}", text(&o.stderr));
}

#[test]
fn a_test_reads_its_data_files_relative_to_its_own_directory() {
    let dir = tempfile::tempdir().expect("tempdir");
    let test_c = b"#include <stdio.h>\n\
int main(void) {\n\
    FILE *f = fopen(\"data.ini\", \"r\");\n\
    char line[64];\n\
    if (!f) { puts(\"no data.ini\"); return 2; }\n\
    while (fgets(line, sizeof line, f))\n\
        fputs(line, stdout);\n\
    fclose(f);\n\
    f = fopen(\"../top.txt\", \"r\");\n\
    if (f && fgets(line, sizeof line, f)) fputs(line, stdout);\n\
    return 0;\n\
}\n";
    let repo = history(
        dir.path(),
        &[(
            "good",
            &[
                ("tests/test_ini.c", Some(&test_c[..])),
                ("tests/data.ini", Some(&b"[a]\nx=1\n"[..])),
                // Above the test's directory but inside the tree: readable.
                ("top.txt", Some(&b"top\n"[..])),
            ],
        )],
    );
    let o = git_regcause(&repo, &["run", "good", "--", "./test_ini"]);
    assert_eq!(text(&o.stdout), "no data.ini\n");
    let out = ok(&git_regcause(
        &repo,
        &["run", "good", "--cwd", "tests", "--", "./test_ini"],
    ));
    assert_eq!(out, "[a]\nx=1\ntop\n");
    // The same from an untracked regcause.toml in the working tree.
    std::fs::write(repo.join("regcause.toml"), "cwd = \"tests\"\n").expect("write");
    let out = ok(&git_regcause(&repo, &["run", "good", "--", "./test_ini"]));
    assert_eq!(out, "[a]\nx=1\ntop\n");
    let o = git_regcause(
        &repo,
        &["run", "good", "--cwd", "nosuchdir", "--", "./test_ini"],
    );
    assert!(text(&o.stderr).contains("nosuchdir"), "{}", text(&o.stderr));
    assert_ne!(o.status.code(), Some(0));
}

#[test]
fn headers_through_include_dirs_and_relative_paths_are_named_in_the_tree() {
    let dir = tempfile::tempdir().expect("tempdir");
    let main_c = b"#include <stdio.h>\n#include \"../lib.h\"\n#include \"conf.h\"\n\
int main(void) {\n    printf(\"%d %d\\n\", twice(LIMIT), twice(2));\n    return 0;\n}\n";
    let lib_h = b"static int twice(int x) {\n    return 2 * x;\n}\n";
    let conf_good = b"#define UNUSED 0\n#define LIMIT 10\n";
    let conf_bad = b"#define UNUSED 0\n#define LIMIT 11\n";
    let repo = history(
        dir.path(),
        &[
            (
                "good",
                &[
                    ("src/main.c", Some(&main_c[..])),
                    ("lib.h", Some(&lib_h[..])),
                    ("include/conf.h", Some(&conf_good[..])),
                ],
            ),
            ("bad", &[("include/conf.h", Some(&conf_bad[..]))]),
        ],
    );
    let v = explain_json(&repo, &["good", "bad", "--", "./main"]);
    let mut files = Vec::new();
    files_named(&v, &mut files);
    assert!(!files.is_empty(), "{v:#}");
    for f in &files {
        assert!(
            !f.starts_with('/') && !f.contains(".."),
            "a path outside the repository's terms: {f}\n{v:#}"
        );
    }
    let cands = v["candidates"].as_array().expect("candidates");
    let conf = cands
        .iter()
        .find(|c| c["file"] == "include/conf.h" && c["line"] == 2)
        .unwrap_or_else(|| panic!("the changed #define is a candidate: {v:#}"));
    assert_eq!(conf["changed"], true, "{v:#}");
    // An error inside a header included as "../lib.h" names it in the tree's terms.
    let broken = b"static int twice(int x) {\n    return 2 * x\n}\n";
    std::fs::write(repo.join("lib.h"), broken).expect("write");
    git(&repo, &["commit", "-qam", "broken"]);
    let o = git_regcause(&repo, &["run", "HEAD", "--", "./main"]);
    let err = text(&o.stderr);
    assert!(err.contains("at lib.h:3"), "{err}");
    assert!(
        err.contains("expected `;`") && !err.contains("/tmp"),
        "{err}"
    );
}

#[test]
fn a_working_tree_config_applies_to_revisions_that_lack_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = unit_test_repo(dir.path());
    // Untracked: neither revision has it.
    std::fs::write(
        repo.join("regcause.toml"),
        "defines = [\"SUITE_MAIN\"]\n\n[[program]]\nname = \"suite\"\n\
         sources = [\"tests/suite.c\", \"src/list.c\"]\ninclude = [\"src\"]\n",
    )
    .expect("write");
    let v = explain_json(&repo, &["good", "bad", "--", "./suite"]);
    assert_eq!(root_cause(&v), ["src/list.c:4"], "{v:#}");
    assert_eq!(
        v["test"]["config"]["from"][0], "regcause.toml (working tree)",
        "{v:#}"
    );
    // -v prints the effective configuration.
    let o = git_regcause(&repo, &["run", "good", "-v", "--", "./suite"]);
    assert!(
        text(&o.stderr).contains("defines: SUITE_MAIN"),
        "{}",
        text(&o.stderr)
    );
    // and, with the main command, the time each stage took, in their order.
    let o = git_regcause(&repo, &["good", "bad", "-v", "--no-cache", "--", "./suite"]);
    let err = text(&o.stderr);
    let times = err
        .lines()
        .find_map(|l| l.strip_prefix("git-regcause: time per stage: "))
        .unwrap_or_else(|| panic!("no time per stage: {err}"));
    let stages: Vec<&str> = times
        .split(", ")
        .map(|t| t.rsplitn(3, ' ').nth(2).unwrap_or(t))
        .collect();
    assert_eq!(
        stages,
        [
            "loading and running the test",
            "slicing",
            "DARWIN",
            "value-level",
            "hunk search",
            "naming"
        ],
        "{times}"
    );
    // A configured source the revision lacks: an error naming the file and revision.
    std::fs::write(
        repo.join("regcause.toml"),
        "[[program]]\nname = \"suite\"\nsources = [\"tests/suite.c\", \"src/gone.c\"]\n",
    )
    .expect("write");
    let o = git_regcause(&repo, &["run", "good", "--", "./suite"]);
    let err = text(&o.stderr);
    assert!(
        err.contains("at good") && err.contains("src/gone.c"),
        "{err}"
    );
}

#[test]
fn sources_that_are_not_utf8_run_as_gcc_runs_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = b"#include <stdio.h>\n/* caf\xe9 */\nint main(void) {\n\
    const char *s = \"\xff\";\n    printf(\"%02X\\n\", (unsigned char)s[0]);\n    return 0;\n}\n";
    let bad = b"#include <stdio.h>\n/* caf\xe9 */\nint main(void) {\n\
    const char *s = \"\xfe\";\n    printf(\"%02X\\n\", (unsigned char)s[0]);\n    return 0;\n}\n";
    let repo = history(
        dir.path(),
        &[
            ("good", &[("latin.c", Some(&src[..]))]),
            ("bad", &[("latin.c", Some(&bad[..]))]),
        ],
    );
    assert_eq!(
        ok(&git_regcause(&repo, &["run", "good", "--", "./latin"])),
        "FF\n"
    );
    let v = explain_json(&repo, &["good", "bad", "--", "./latin"]);
    assert_eq!(root_cause(&v), ["latin.c:4"], "{v:#}");
}

#[test]
fn an_empty_repository_says_it_has_no_commits() {
    let dir = tempfile::tempdir().expect("tempdir");
    git(dir.path(), &["init", "-q"]);
    let o = git_regcause(dir.path(), &["run", "HEAD", "--", "./x"]);
    let err = text(&o.stderr);
    assert!(err.contains("the repository has no commits"), "{err}");
}

/// `scripts/install` puts the man page where `man` finds it, so `git regcause --help`
/// (git turns it into `man git-regcause`) shows regcause's manual.
#[test]
fn the_install_script_makes_git_help_work() {
    let dir = tempfile::tempdir().expect("tempdir");
    let man1 = dir.path().join("man/man1");
    let o = std::process::Command::new(root().join("scripts/install"))
        .env("NO_BUILD", "1")
        .env("MANDIR", &man1)
        .output()
        .expect("run scripts/install");
    ok(&o);
    let installed = std::fs::read(man1.join("git-regcause.1")).expect("installed man page");
    assert_eq!(
        installed,
        std::fs::read(root().join("man/git-regcause.1")).expect("man page")
    );
    let bin_dir = bin().parent().expect("bin dir").to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let o = std::process::Command::new("git")
        .args(["regcause", "--help"])
        .current_dir(dir.path())
        .env("PATH", path)
        .env("MANPATH", dir.path().join("man"))
        .env("MANPAGER", "cat")
        .env("PAGER", "cat")
        .env("MANWIDTH", "100")
        .output()
        .expect("run git regcause --help");
    let out = ok(&o);
    assert!(
        out.contains("--compile-commands"),
        "the manual of this build: {out}"
    );
}

/// A change in a header included as `"../lib.h"`: the hunk search narrows to it (it
/// failed there when line markers read `src/../lib.h`, a file of no diff).
#[test]
fn a_change_in_a_header_included_by_a_relative_path_is_narrowed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let lib = |extra: &str| {
        format!(
            "static int twice(int x) {{\n    return 2 * x;\n}}\n\
             static int add(int a, int b) {{\n    return a + b{extra};\n}}\n"
        )
    };
    let main_c = "#include <stdio.h>\n#include \"../lib.h\"\nint main(void) {\n\
    int a = twice(3);\n    int b = add(a, 1);\n    printf(\"%d %d\\n\", a, b);\n    return 0;\n}\n";
    let main_bad = format!("{main_c}/* unrelated */\n");
    let (good_lib, bad_lib) = (lib(""), lib(" + 1"));
    let repo = history(
        dir.path(),
        &[
            (
                "good",
                &[
                    ("src/main.c", Some(main_c.as_bytes())),
                    ("lib.h", Some(good_lib.as_bytes())),
                ],
            ),
            (
                "bad",
                &[
                    ("src/main.c", Some(main_bad.as_bytes())),
                    ("lib.h", Some(bad_lib.as_bytes())),
                ],
            ),
        ],
    );
    let v = explain_json(&repo, &["good", "bad", "--", "./main"]);
    assert_eq!(root_cause(&v), ["lib.h:5"], "{v:#}");
    let dd = &v["dd"];
    assert_eq!(dd["narrowed"], true, "{v:#}");
    assert_eq!(dd["hunks"][0]["file"], "lib.h", "{v:#}");
    assert_eq!(dd["hunks"].as_array().map(Vec::len), Some(1), "{v:#}");
}

/// A tree like a macro library's test folder: many `main`s, and a main-less file of
/// another example that includes `<pthread.h>`. Automatic mode links that file too,
/// so it must load; its pthread calls stop only the program that makes them.
#[test]
fn a_file_including_pthread_loads_and_its_calls_stop_at_run_time() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cache_c = b"#include <pthread.h>\n\
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;\n\
static int hits;\n\
int cache_hit(void) {\n\
    pthread_mutex_lock(&lock);\n\
    hits++;\n\
    pthread_mutex_unlock(&lock);\n\
    return hits;\n\
}\n";
    let test1 = b"#include <stdio.h>\n#include \"hash.h\"\n\
int main(void) { printf(\"%d\\n\", HASH_TWICE(21)); return 0; }\n";
    let test2 = b"#include <stdio.h>\nint cache_hit(void);\n\
int main(void) { printf(\"%d\\n\", cache_hit()); return 0; }\n";
    let repo = history(
        dir.path(),
        &[(
            "good",
            &[
                (
                    "src/hash.h",
                    Some(&b"#define HASH_TWICE(x) ((x) * 2)\n"[..]),
                ),
                ("tests/test1.c", Some(&test1[..])),
                ("tests/test2.c", Some(&test2[..])),
                ("tests/lru_cache/cache.c", Some(&cache_c[..])),
            ],
        )],
    );
    let out = ok(&git_regcause(
        &repo,
        &["run", "good", "-I", "src", "--", "./test1"],
    ));
    assert_eq!(out, "42\n");
    let o = git_regcause(&repo, &["run", "good", "-I", "src", "--", "./test2"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(5), "{err}");
    assert!(
        err.contains("pthread_mutex_lock") && err.contains("tests/lru_cache/cache.c:5"),
        "{err}"
    );
}

/// CMake compiles each unit by its absolute path, so `__FILE__` (which unit-test
/// frameworks print on every line) is that path natively: `run` prints the same, in
/// the unit and in a header found through the database's absolute `-I`, while the
/// report's locations stay relative to the repository.
#[test]
fn file_names_are_the_build_s_own_under_a_cmake_database() {
    let dir = tempfile::tempdir().expect("tempdir");
    let test_c = b"#include <stdio.h>\n#include \"where.h\"\n\
int main(void) {\n    printf(\"%s\\n%s\\n\", __FILE__, header_file());\n    return 0;\n}\n";
    let where_h = b"static const char *header_file(void) { return __FILE__; }\n";
    let repo = history(
        dir.path(),
        &[(
            "good",
            &[
                ("tests/test_where.c", Some(&test_c[..])),
                ("include/where.h", Some(&where_h[..])),
            ],
        )],
    );
    let cc = cmake_db(
        dir.path(),
        &repo,
        &[("test_where", "tests/test_where.c", "")],
    );
    let r = std::fs::canonicalize(&repo).expect("canonical");
    let r = r.display();
    let out = ok(&git_regcause(
        &repo,
        &[
            "run",
            "good",
            "--compile-commands",
            &cc,
            "--",
            "./test_where",
        ],
    ));
    assert_eq!(
        out,
        format!("{r}/tests/test_where.c\n{r}/include/where.h\n"),
        "as gcc's build prints them"
    );
    // Without a database the unit is named relative to the root, as `cc tests/x.c`.
    let out = ok(&git_regcause(
        &repo,
        &["run", "good", "-I", "include", "--", "./test_where"],
    ));
    assert_eq!(out, "tests/test_where.c\ninclude/where.h\n");
}

/// A test that prints as it goes and checks with `assert` (semver.c's shape): the bad
/// revision's failed assertion aborts with its output still in stdio's buffer, which
/// natively never reaches a pipe. The divergence says so instead of naming a writer of
/// bytes the run does not have, and the report still names the changed line.
#[test]
fn an_assert_that_aborts_with_buffered_output_is_described_as_lost_output() {
    let dir = tempfile::tempdir().expect("tempdir");
    let lib = |op: &str| format!("int cmp(int a, int b) {{\n    return a {op} b;\n}}\n");
    let test = "#include <assert.h>\n#include <stdio.h>\nint cmp(int a, int b);\n\
                int main(void) {\n    printf(\"# cmp\\n\");\n    assert(cmp(2, 3) == 1);\n\
                printf(\"OK\\n\");\n    return 0;\n}\n";
    let (good, bad) = (lib("<"), lib(">"));
    let repo = history(
        dir.path(),
        &[
            (
                "good",
                &[
                    ("test.c", Some(test.as_bytes())),
                    ("cmp.c", Some(good.as_bytes())),
                ],
            ),
            ("bad", &[("cmp.c", Some(bad.as_bytes()))]),
        ],
    );
    let o = git_regcause(&repo, &["good", "bad", "--", "./test"]);
    let out = ok(&o);
    assert!(
        out.contains("The bad revision's output is empty.")
            && out.contains("killed by SIGABRT")
            && out.contains("6 printed bytes still in stdio's buffer")
            && out.contains("Its last line on stderr: \"test: test.c:6: main: Assertion `cmp(2, 3) == 1' failed.\""),
        "{out}"
    );
    assert!(!out.contains("Written at"), "{out}");
    let v = explain_json(&repo, &["good", "bad", "--", "./test"]);
    assert_eq!(root_cause(&v), ["cmp.c:2"], "{v:#}");
}

/// tiny-regex-c's layout: the library at the root (`re.h`, `re.c`), its tests in
/// `tests/` including `"re.h"`, which its Makefile finds with `-I.`. Automatic mode
/// searches the root (given to cc as an empty path it searched nothing); a header in
/// a directory no rule searches is an error whose hint names the `-I` to give.
#[test]
fn a_test_in_a_subdirectory_finds_the_roots_headers_and_a_missing_one_is_hinted() {
    let dir = tempfile::tempdir().expect("tempdir");
    let lib = |n: &str| format!("int twice(int x) {{ return {n} * x; }}\n");
    let test = "#include <stdio.h>\n#include \"re.h\"\nint main(void) {\n    printf(\"%d\\n\", twice(21));\n    return 0;\n}\n";
    let other = "#include \"deep.h\"\nint main(void) { return DEEP; }\n";
    let repo = history(
        dir.path(),
        &[
            (
                "v1",
                &[
                    ("re.h", Some(b"int twice(int x);\n".as_slice())),
                    ("re.c", Some(lib("2").as_bytes())),
                    ("tests/test1.c", Some(test.as_bytes())),
                    ("tests/other.c", Some(other.as_bytes())),
                    ("lib/deep/deep.h", Some(b"#define DEEP 0\n".as_slice())),
                ],
            ),
            ("v2", &[("re.c", Some(lib("3").as_bytes()))]),
        ],
    );
    let v = explain_json(&repo, &["v1", "v2", "--", "./test1"]);
    assert_eq!(root_cause(&v), ["re.c:1"], "{v:#}");
    let o = git_regcause(&repo, &["run", "v1", "--", "./other"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(4), "{err}");
    assert!(
        err.contains("deep.h: No such file or directory") && err.contains("-I lib/deep"),
        "{err}"
    );
}

/// A header the build generates into the source tree (CMake's `configure_file`, a
/// `config.h`) is in neither revision: the load stops with a hint naming `--overlay`,
/// which lays the working tree's file over both revisions, from the command line or the
/// working tree's regcause.toml. An overlay is never a revision's own file.
#[test]
fn a_header_the_build_generates_is_laid_over_both_revisions() {
    let dir = tempfile::tempdir().expect("tempdir");
    let lib =
        |op: &str| format!("#include \"config.h\"\nint scaled(int x) {{ return x {op} SCALE; }}\n");
    let test = "#include <stdio.h>\nint scaled(int x);\nint main(void) {\n    printf(\"%d\\n\", scaled(2));\n    return 0;\n}\n";
    let repo = history(
        dir.path(),
        &[
            (
                "v1",
                &[
                    (".gitignore", Some(b"/gen/\n".as_slice())),
                    ("lib.c", Some(lib("*").as_bytes())),
                    ("test.c", Some(test.as_bytes())),
                ],
            ),
            ("v2", &[("lib.c", Some(lib("+").as_bytes()))]),
        ],
    );
    std::fs::create_dir_all(repo.join("gen")).expect("mkdir");
    std::fs::write(repo.join("gen/config.h"), "#define SCALE 3\n").expect("write");

    let o = git_regcause(
        &repo,
        &["--no-cache", "v1", "v2", "-I", "gen", "--", "./test"],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(4), "{err}");
    assert!(
        err.contains("config.h: No such file or directory")
            && err.contains("the working tree has gen/config.h")
            && err.contains("--overlay gen/config.h"),
        "{err}"
    );

    let v = explain_json(
        &repo,
        &[
            "v1",
            "v2",
            "-I",
            "gen",
            "--overlay",
            "gen/config.h",
            "--",
            "./test",
        ],
    );
    assert_eq!(root_cause(&v), ["lib.c:2"], "{v:#}");
    assert_eq!(
        v["test"]["config"]["overlays"][0]["path"], "gen/config.h",
        "{v:#}"
    );

    std::fs::write(
        repo.join("regcause.toml"),
        "include = [\"gen\"]\noverlay = [\"gen/config.h\"]\n",
    )
    .expect("write");
    let v = explain_json(&repo, &["v1", "v2", "--", "./test"]);
    assert_eq!(root_cause(&v), ["lib.c:2"], "{v:#}");
    std::fs::remove_file(repo.join("regcause.toml")).expect("remove");

    // The file's contents are part of the cache key: a build that writes it anew (the
    // bug now fixed by the configuration) gives a new answer, never the cached one.
    let cached = [
        "v1",
        "v2",
        "-I",
        "gen",
        "--overlay",
        "gen/config.h",
        "--",
        "./test",
    ];
    let o = git_regcause(&repo, &cached);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    std::fs::write(
        repo.join("gen/config.h"),
        "#define SCALE 2
",
    )
    .expect("write");
    let o = git_regcause(&repo, &cached);
    let out = format!("{}{}", text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("the test passes at v2"), "{out}");

    let o = git_regcause(&repo, &["run", "v1", "--overlay", "lib.c", "--", "./test"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains("lib.c is in revision `v1`"), "{err}");

    let o = git_regcause(
        &repo,
        &["run", "v1", "--overlay", "gen/none.h", "--", "./test"],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("overlay gen/none.h is not a file of the working tree"),
        "{err}"
    );
}

/// Automatic mode links every other `.c` file of the tree; one that cannot preprocess
/// here for a reason the tree cannot fix (a binding's `<Python.h>`, a platform's
/// `#error`) is left out with a warning instead of stopping every run
/// (json-parser's bindings/python/wrap_json.c); a program that needs what only it
/// defines stops loading with an error naming it.
#[test]
fn a_unit_that_cannot_preprocess_here_is_left_out_with_a_warning() {
    let dir = tempfile::tempdir().expect("tempdir");
    let lib = |n: &str| format!("int twice(int x) {{ return {n} * x; }}\n");
    let test = "#include <stdio.h>\nint twice(int x);\nint main(void) {\n    printf(\"%d\\n\", twice(21));\n    return 0;\n}\n";
    let binding =
        "#include <Python.h>\nint twice(int x);\nint py_twice(int x) { return twice(x); }\n";
    let win = "#ifndef _WIN32\n#error \"windows only\"\n#endif\nint win_only(void) { return 1; }\n";
    let tty = "#include <termios.h>\nint raw_mode(void) { return 0; }\n";
    // glibc's `siginfo_t`, which regcause's <signal.h> lacks: a syntax error here.
    let sig = "#include <signal.h>\nstatic void on(int s, siginfo_t *i, void *c) { (void)s; (void)i; (void)c; }\nint has_on(void) { return on != 0; }\n";
    let repo = history(
        dir.path(),
        &[
            (
                "v1",
                &[
                    ("lib.c", Some(lib("2").as_bytes())),
                    ("test.c", Some(test.as_bytes())),
                    ("bindings/py.c", Some(binding.as_bytes())),
                    ("win.c", Some(win.as_bytes())),
                    ("tty.c", Some(tty.as_bytes())),
                    ("sig/handler.c", Some(sig.as_bytes())),
                ],
            ),
            ("v2", &[("lib.c", Some(lib("3").as_bytes()))]),
        ],
    );
    let o = git_regcause(&repo, &["run", "v1", "--", "./test"]);
    let err = text(&o.stderr);
    assert_eq!(text(&o.stdout), "42\n", "{err}");
    assert!(
        err.contains("warning: left out bindings/py.c (fatal error: Python.h: No such file or directory), sig/handler.c (syntax error at sig/handler.c:2:")
            && err.contains("), tty.c (unsupported: header <termios.h>")
            && err.contains(") and win.c (error: #error \"windows only\"), which cannot be loaded here; the program does not use what they define"),
        "{err}"
    );
    let v = explain_json(&repo, &["v1", "v2", "--", "./test"]);
    assert_eq!(root_cause(&v), ["lib.c:1"], "{v:#}");
    // The hunk search's trees do without it too (it could not splice them before).
    assert_eq!(v["dd"]["minimal_lines"], 1, "{v:#}");
    assert_eq!(v["dd"]["subsets_spliced"], 1, "{v:#}");

    // A change inside a macro that spans lines is judged through the preprocessor, not
    // spliced: those trees do without the same units (they were all unresolved).
    let lib_h = |n: &str| format!("#define SCALE(x) \\\n    ((x) * {n})\nint twice(int x);\n");
    let lib_m = "#include \"lib.h\"\nint twice(int x) { return SCALE(x); }\n";
    std::fs::write(repo.join("lib.h"), lib_h("2")).expect("write");
    std::fs::write(repo.join("lib.c"), lib_m).expect("write");
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-qm", "macro"]);
    git(&repo, &["tag", "m1"]);
    std::fs::write(repo.join("lib.h"), lib_h("3")).expect("write");
    git(&repo, &["commit", "-qam", "macro changed"]);
    git(&repo, &["tag", "m2"]);
    let v = explain_json(&repo, &["m1", "m2", "--", "./test"]);
    assert_eq!(v["dd"]["minimal_lines"], 1, "{v:#}");
    assert_eq!(v["dd"]["subsets_spliced"], 0, "{v:#}");
    assert_eq!(v["dd"]["unresolved"], 0, "{v:#}");

    let needs = "int win_only(void);\nint main(void) { return win_only(); }\n";
    std::fs::write(repo.join("test.c"), needs).expect("write");
    git(&repo, &["commit", "-qam", "v3"]);
    let o = git_regcause(&repo, &["run", "HEAD", "--", "./test"]);
    let err = text(&o.stderr);
    assert!(
        err.contains("function `win_only` is used but not defined")
            && err.contains("error: it was left out, as it cannot be loaded here (error: #error \"windows only\"); it may define what the program lacks at win.c"),
        "{err}"
    );
    assert_eq!(o.status.code(), Some(4), "{err}");
}

/// A test framework vendored as a git submodule (h2o/picohttpparser's picotest): each
/// revision's tree holds only the submodule's commit, which regcause reads from the
/// submodule's repository (`.git/modules`), so the test loads at both revisions. A clone
/// that never checked the submodule out gets the command that does as a hint.
#[test]
fn a_test_framework_in_a_git_submodule_is_read_at_its_recorded_commit() {
    let dir = tempfile::tempdir().expect("tempdir");
    let fw = dir.path().join("fw");
    std::fs::create_dir_all(&fw).expect("mkdir");
    git(&fw, &["init", "-q", "-b", "main"]);
    std::fs::write(
        fw.join("fw.h"),
        "#include <stdio.h>\n#define CHECK(c) fw_check((c), #c)\nvoid fw_check(int ok, const char *what);\nint fw_done(void);\n",
    )
    .expect("write");
    std::fs::write(
        fw.join("fw.c"),
        "#include \"fw.h\"\nstatic int failed;\nvoid fw_check(int ok, const char *what) {\n  printf(\"%s %s\\n\", ok ? \"ok\" : \"not ok\", what);\n  failed += !ok;\n}\nint fw_done(void) { return failed != 0; }\n",
    )
    .expect("write");
    git(&fw, &["add", "-A"]);
    git(&fw, &["commit", "-q", "-m", "framework"]);

    let lib = |bound: &str| {
        format!("int clamp(int x) {{\n  if (x > {bound})\n    return 10;\n  return x;\n}}\n")
    };
    let test = "#include \"vendor/fw/fw.h\"\nint clamp(int x);\nint main(void) {\n  CHECK(clamp(5) == 5);\n  CHECK(clamp(12) == 10);\n  return fw_done();\n}\n";
    let good_lib = lib("10");
    let repo = history(
        dir.path(),
        &[(
            "start",
            &[
                ("test.c", Some(test.as_bytes())),
                ("lib.c", Some(good_lib.as_bytes())),
            ],
        )],
    );
    let url = fw.to_str().expect("utf-8");
    git(
        &repo,
        &[
            "-c",
            "protocol.file.allow=always",
            "submodule",
            "add",
            "-q",
            url,
            "vendor/fw",
        ],
    );
    git(&repo, &["commit", "-q", "-m", "vendor the framework"]);
    git(&repo, &["tag", "good"]);
    std::fs::write(repo.join("lib.c"), lib("3")).expect("write");
    git(&repo, &["commit", "-q", "-am", "tighter clamp"]);
    git(&repo, &["tag", "bad"]);

    let run = git_regcause(&repo, &["run", "good", "--", "./test"]);
    assert_eq!(ok(&run), "ok clamp(5) == 5\nok clamp(12) == 10\n");
    let v = explain_json(&repo, &["good", "bad", "--", "./test"]);
    assert_eq!(
        root_cause(&v).first().map(String::as_str),
        Some("lib.c:2"),
        "{v:#}"
    );

    // A clone that never checked the submodule out.
    let clone = dir.path().join("clone");
    git(
        dir.path(),
        &[
            "clone",
            "-q",
            repo.to_str().expect("utf-8"),
            clone.to_str().expect("utf-8"),
        ],
    );
    let o = git_regcause(&clone, &["run", "good", "--", "./test"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(4), "{err}");
    assert!(
        err.contains("vendor/fw/fw.h")
            && err.contains("hint: vendor/fw is a git submodule this clone has not checked out: run `git submodule update --init`"),
        "{err}"
    );
}

/// A library shaped like cesanta/mjson: its escaper decodes into a scratch buffer from
/// `alloca` (declared by <stdlib.h>, as glibc's), its unit test draws data from
/// `srand48`/`drand48`. The bad commit swaps two letters of the escape table: the run
/// agrees with gcc, and the table's line is named, through the `alloca` block.
#[test]
fn a_library_using_alloca_and_drand48_is_analysed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let lib = |table: &str| {
        format!(
            "#include <stdlib.h>\n#include <string.h>\n#include \"esc.h\"\n\n\
static int unesc(int c) {{\n    const char *p, *from = \"{table}\", *to = \"\\b\\f\\n\\r\\t\";\n\
    for (p = from; *p; p++)\n        if (*p == c) return to[p - from];\n    return c;\n}}\n\n\
int esc_decode(const char *s, char *out) {{\n    size_t n = strlen(s);\n    char *tmp = alloca(n + 1);\n\
    int k = 0;\n    for (size_t i = 0; i < n; i++) {{\n        if (s[i] == '\\\\' && i + 1 < n) tmp[k++] = (char)unesc(s[++i]);\n\
        else tmp[k++] = s[i];\n    }}\n    memcpy(out, tmp, (size_t)k);\n    out[k] = '\\0';\n    return k;\n}}\n"
        )
    };
    let header =
        "#ifndef ESC_H\n#define ESC_H\nint esc_decode(const char *s, char *out);\n#endif\n";
    let test = "#include <stdio.h>\n#include <stdlib.h>\n#include \"esc.h\"\n\n\
int main(void) {\n    char out[64];\n    srand48(7);\n    int fails = 0;\n\
    for (int i = 0; i < 20; i++) {\n        const char *cases[] = {\"a\\\\nb\", \"\\\\tx1\", \"rr\\\\r\"};\n\
        int k = (int)(drand48() * 3);\n        int n = esc_decode(cases[k], out);\n\
        if (n != 3 || (k == 0 && out[1] != '\\n')) fails++;\n    }\n\
    printf(fails ? \"FAIL %d\\n\" : \"OK\\n\", fails);\n    return fails != 0;\n}\n";
    let (good, bad) = (lib("bfnrt"), lib("bfrnt"));
    let repo = history(
        dir.path(),
        &[
            (
                "good",
                &[
                    ("src/esc.c", Some(good.as_bytes())),
                    ("src/esc.h", Some(header.as_bytes())),
                    ("test/unit_test.c", Some(test.as_bytes())),
                ],
            ),
            ("bad", &[("src/esc.c", Some(bad.as_bytes()))]),
        ],
    );
    let run = git_regcause(
        &repo,
        &["run", "good", "-I", "src", "--", "./test/unit_test"],
    );
    assert_eq!(ok(&run), "OK\n");
    let v = explain_json(
        &repo,
        &["good", "bad", "-I", "src", "--", "./test/unit_test"],
    );
    assert_eq!(root_cause(&v), ["src/esc.c:6"], "{v:#}");
}

/// fragglet/c-algorithms' layout: the library in `src/`, one test program per module in
/// `test/` with its own framework, and an allocation-testing shim whose header redefines
/// `malloc` and `free` for the library too when the build defines `ALLOC_TESTING` (the
/// test Makefile's `-I` and `-D`). The define must reach every unit: without it the
/// library calls the C library's `malloc`, and the test's out-of-memory check fails.
#[test]
fn an_allocation_shim_selected_by_a_define_reaches_the_library_units() {
    let dir = tempfile::tempdir().expect("tempdir");
    let lib = |moved: &str| {
        format!(
            "#include <stdlib.h>\n#include <string.h>\n#include \"arraylist.h\"\n\
#ifdef ALLOC_TESTING\n#include \"alloc-testing.h\"\n#endif\n\
ArrayList *arraylist_new(unsigned int n) {{\n    ArrayList *a = malloc(sizeof(ArrayList));\n\
    if (a == NULL) return NULL;\n    a->data = malloc(n * sizeof(int));\n\
    if (a->data == NULL) {{ free(a); return NULL; }}\n    a->length = 0;\n    a->alloced = n;\n    return a;\n}}\n\
int arraylist_insert(ArrayList *a, unsigned int index, int v) {{\n\
    if (index > a->length || a->length == a->alloced) return 0;\n\
    memmove(&a->data[index + 1], &a->data[index],\n            ({moved}) * sizeof(int));\n\
    a->data[index] = v;\n    ++a->length;\n    return 1;\n}}\n\
void arraylist_free(ArrayList *a) {{\n    free(a->data);\n    free(a);\n}}\n"
        )
    };
    let header = "typedef struct { int *data; unsigned int length, alloced; } ArrayList;\n\
ArrayList *arraylist_new(unsigned int n);\n\
int arraylist_insert(ArrayList *a, unsigned int index, int v);\nvoid arraylist_free(ArrayList *a);\n";
    let shim_h = "#include <stddef.h>\nvoid *alloc_test_malloc(size_t n);\nvoid alloc_test_free(void *p);\n\
void alloc_test_set_limit(int n);\n#define malloc alloc_test_malloc\n#define free alloc_test_free\n";
    let shim_c = "#include <stdlib.h>\n#include <string.h>\nstatic int limit = -1;\n\
void alloc_test_set_limit(int n) { limit = n; }\n\
void *alloc_test_malloc(size_t n) {\n    if (limit == 0) return NULL;\n    if (limit > 0) --limit;\n\
    void *p = malloc(n);\n    if (p != NULL) memset(p, 0xbe, n);\n    return p;\n}\n\
void alloc_test_free(void *p) { free(p); }\n";
    let framework_h =
        "typedef void (*UnitTestFunction)(void);\nvoid run_tests(UnitTestFunction *tests);\n";
    let framework_c = "#include <stdio.h>\n#include \"framework.h\"\n\
void run_tests(UnitTestFunction *tests) {\n    for (int i = 0; tests[i] != NULL; ++i) tests[i]();\n\
    printf(\"%s\\n\", \"all passed\");\n}\n";
    let test = "#include <assert.h>\n#include <stdlib.h>\n#include \"arraylist.h\"\n\
#include \"alloc-testing.h\"\n#include \"framework.h\"\n\
static void test_new_free(void) {\n    alloc_test_set_limit(0);\n\
    assert(arraylist_new(4) == NULL);\n    alloc_test_set_limit(-1);\n}\n\
static void test_insert(void) {\n    ArrayList *a = arraylist_new(8);\n\
    for (int i = 0; i < 5; i++) assert(arraylist_insert(a, 0, i));\n\
    for (int i = 0; i < 5; i++) assert(a->data[i] == 4 - i);\n    arraylist_free(a);\n}\n\
static UnitTestFunction tests[] = {test_new_free, test_insert, NULL};\n\
int main(void) {\n    run_tests(tests);\n    return 0;\n}\n";
    let (good, bad) = (lib("a->length - index"), lib("a->length - index - 1"));
    let repo = history(
        dir.path(),
        &[
            (
                "good",
                &[
                    ("src/arraylist.c", Some(good.as_bytes())),
                    ("src/arraylist.h", Some(header.as_bytes())),
                    ("test/alloc-testing.h", Some(shim_h.as_bytes())),
                    ("test/alloc-testing.c", Some(shim_c.as_bytes())),
                    ("test/framework.h", Some(framework_h.as_bytes())),
                    ("test/framework.c", Some(framework_c.as_bytes())),
                    ("test/test-arraylist.c", Some(test.as_bytes())),
                ],
            ),
            ("bad", &[("src/arraylist.c", Some(bad.as_bytes()))]),
        ],
    );
    let flags = ["-I", "src", "-I", "test", "-D", "ALLOC_TESTING"];
    let mut run = vec!["run", "good"];
    run.extend(flags);
    run.extend(["--", "./test/test-arraylist"]);
    assert_eq!(ok(&git_regcause(&repo, &run)), "all passed\n");
    // Without the define, the library's `malloc` is the C library's: the limit does
    // not reach it and the first test's assertion fails.
    let plain = git_regcause(
        &repo,
        &[
            "run",
            "good",
            "-I",
            "src",
            "-I",
            "test",
            "--",
            "./test/test-arraylist",
        ],
    );
    assert_ne!(plain.status.code(), Some(0), "{}", text(&plain.stderr));
    assert!(
        text(&plain.stderr).contains("test_new_free"),
        "{}",
        text(&plain.stderr)
    );
    let mut args = vec!["good", "bad"];
    args.extend(flags);
    args.extend(["--", "./test/test-arraylist"]);
    let v = explain_json(&repo, &args);
    assert_eq!(root_cause(&v)[0], "src/arraylist.c:19", "{v:#}");
}

/// DaveGamble/cJSON's layout: the library at the root, tests in `tests/` linked with a
/// vendored Unity (`tests/unity/src`) that calls the test's own `setUp`/`tearDown`,
/// and Unity's examples and self-tests vendored with it: they define the same
/// functions in several directories, include headers only their own build's `-I`
/// finds, and `tests/unity_setup.c` defines `setUp` again for the tests that lack it.
/// Automatic mode links what the test needs, as the linker does, so the test runs with
/// no configuration; it failed to load on the examples' redefinitions and headers.
#[test]
fn a_vendored_frameworks_examples_are_not_linked_into_the_test() {
    let dir = tempfile::tempdir().expect("tempdir");
    let lib = |digit: &str| {
        format!(
            "#include \"cjson.h\"\nint parse_number(const char *s) {{\n    int v = 0;\n\
    while (*s >= '0' && *s <= '9') v = v * 10 + (*s++ - '{digit}');\n    return v;\n}}\n"
        )
    };
    let unity_h = "void setUp(void);\nvoid tearDown(void);\nvoid UnityBegin(const char *file);\n\
int UnityEnd(void);\nvoid UnityDefaultTestRun(void (*f)(void), const char *name, int line);\n\
void UnityAssertEqualNumber(long expected, long actual, int line);\n\
#define UNITY_BEGIN() (UnityBegin(__FILE__), 0)\n#define UNITY_END() UnityEnd()\n\
#define RUN_TEST(f) UnityDefaultTestRun(f, #f, __LINE__)\n\
#define TEST_ASSERT_EQUAL_INT(e, a) UnityAssertEqualNumber((e), (a), __LINE__)\n";
    let unity_c = "#include <stdio.h>\n#include \"unity.h\"\nstatic int tests, failures;\n\
static const char *current;\nvoid UnityBegin(const char *file) { (void)file; tests = failures = 0; }\n\
void UnityDefaultTestRun(void (*f)(void), const char *name, int line) {\n\
    (void)line;\n    current = name;\n    tests++;\n    setUp();\n    f();\n    tearDown();\n}\n\
void UnityAssertEqualNumber(long expected, long actual, int line) {\n\
    if (expected != actual) {\n        failures++;\n\
        printf(\"%s:%d: expected %ld was %ld\\n\", current, line, expected, actual);\n    }\n}\n\
int UnityEnd(void) {\n    printf(\"%d Tests %d Failures\\n\", tests, failures);\n    return failures;\n}\n";
    let test = "#include \"unity/src/unity.h\"\n#include \"../cjson.h\"\n\
void setUp(void) {}\nvoid tearDown(void) {}\n\
static void parse_number_should_parse_integers(void) {\n\
    TEST_ASSERT_EQUAL_INT(0, parse_number(\"0\"));\n    TEST_ASSERT_EQUAL_INT(42, parse_number(\"42\"));\n}\n\
int main(void) {\n    UNITY_BEGIN();\n    RUN_TEST(parse_number_should_parse_integers);\n    return UNITY_END();\n}\n";
    let setup = "void setUp(void) {}\nvoid tearDown(void) {}\n";
    let production = "#include \"ProductionCode.h\"\nint FindFunction(int x) { return x; }\n";
    let production_h = "int FindFunction(int x);\n";
    let example_test = "#include \"unity.h\"\n#include \"ProductionCode.h\"\n\
void setUp(void) {}\nvoid tearDown(void) {}\nvoid test_find(void) { TEST_ASSERT_EQUAL_INT(1, FindFunction(1)); }\n";
    let repo = history(
        dir.path(),
        &[
            (
                "good",
                &[
                    ("cjson.c", Some(lib("0").as_bytes())),
                    ("cjson.h", Some(b"int parse_number(const char *s);\n")),
                    ("tests/parse_number.c", Some(test.as_bytes())),
                    ("tests/unity_setup.c", Some(setup.as_bytes())),
                    ("tests/unity/src/unity.h", Some(unity_h.as_bytes())),
                    ("tests/unity/src/unity.c", Some(unity_c.as_bytes())),
                    (
                        "tests/unity/examples/example_1/src/ProductionCode.c",
                        Some(production.as_bytes()),
                    ),
                    (
                        "tests/unity/examples/example_1/src/ProductionCode.h",
                        Some(production_h.as_bytes()),
                    ),
                    (
                        "tests/unity/examples/example_1/test/TestProductionCode.c",
                        Some(example_test.as_bytes()),
                    ),
                    (
                        "tests/unity/examples/example_2/src/ProductionCode.c",
                        Some(production.as_bytes()),
                    ),
                    (
                        "tests/unity/examples/example_2/src/ProductionCode.h",
                        Some(production_h.as_bytes()),
                    ),
                    (
                        "tests/unity/examples/example_2/test/TestProductionCode.c",
                        Some(example_test.as_bytes()),
                    ),
                ],
            ),
            ("bad", &[("cjson.c", Some(lib("1").as_bytes()))]),
        ],
    );
    let o = git_regcause(&repo, &["run", "good", "--", "./tests/parse_number"]);
    let err = text(&o.stderr);
    assert_eq!(ok(&o), "1 Tests 0 Failures\n", "{err}");
    // The two example tests cannot find their header here; the program does not need
    // them, and the warning says so once (the hint of which -I would load them is kept
    // for a program that does).
    assert!(
        err.contains("warning: left out tests/unity/examples/example_1/test/TestProductionCode.c (fatal error: unity.h: No such file or directory) and tests/unity/examples/example_2/test/TestProductionCode.c (")
            && !err.contains("-I tests"),
        "{err}"
    );
    let v = explain_json(&repo, &["good", "bad", "--", "./tests/parse_number"]);
    assert_eq!(root_cause(&v), ["cjson.c:4"], "{v:#}");
    assert_eq!(v["dd"]["minimal_lines"], 1, "{v:#}");
    // The framework under tests/ is the test's own code: the strings the test passes
    // the library are inputs, the expected values and `__LINE__`s its assertion macro
    // passes Unity are not (each was an input, and flipping a line number explained
    // nothing).
    // (3 bytes: "0" and "42").
    assert_eq!(v["stats"]["symbolic_inputs"]["literals"], 3, "{v:#}");
}

/// antirez/sds's layout: one file holding the library and, behind `SDS_TEST_MAIN`, its
/// tests, which the Makefile builds as `sds-test`. Named as the build names it, or by
/// its file without the define, the program is not found; the error quotes the
/// Makefile's rule with the command line that runs it, and that command line works.
#[test]
fn a_makefile_rule_is_offered_when_the_program_is_not_found() {
    let dir = tempfile::tempdir().expect("tempdir");
    let sds = "#include <stdio.h>\nint sds_len(const char *s) { int n = 0; while (s[n]) n++; return n; }\n\
#ifdef SDS_TEST_MAIN\nint main(void) {\n    printf(\"len %d\\n\", sds_len(\"abc\"));\n    return 0;\n}\n#endif\n";
    let makefile = "all: sds-test\n\nsds-test: sds.c sds.h\n\
\t$(CC) -o sds-test sds.c -Wall -std=c99 -pedantic -O2 -DSDS_TEST_MAIN\n\nclean:\n\trm -f sds-test\n";
    let repo = history(
        dir.path(),
        &[(
            "v1",
            &[
                ("sds.c", Some(sds.as_bytes())),
                ("sds.h", Some(b"int sds_len(const char *s);\n")),
                ("Makefile", Some(makefile.as_bytes())),
            ],
        )],
    );
    let hint = "hint: Makefile builds `sds-test` from sds.c with -DSDS_TEST_MAIN: run it as `-D SDS_TEST_MAIN -- ./sds`";
    for named in ["./sds-test", "./sds"] {
        let o = git_regcause(&repo, &["run", "v1", "--", named]);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(4), "{named}: {err}");
        assert!(err.contains(hint), "{named}: {err}");
    }
    let o = git_regcause(&repo, &["run", "v1", "-D", "SDS_TEST_MAIN", "--", "./sds"]);
    assert_eq!(ok(&o), "len 3\n");
    // Without a Makefile, the file's own guard says which define selects its `main`.
    std::fs::remove_file(repo.join("Makefile")).expect("remove");
    git(&repo, &["commit", "-qam", "no makefile"]);
    let o = git_regcause(&repo, &["run", "HEAD", "--", "./sds"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(4), "{err}");
    assert!(
        err.contains("hint: sds.c defines `main` only when SDS_TEST_MAIN is defined: run it as `-D SDS_TEST_MAIN -- ./sds`"),
        "{err}"
    );
}
