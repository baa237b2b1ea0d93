//! The same failure gives the same documented exit code and a clear message in every
//! subcommand (`cli::Error::code` is the one mapping): not a repository, an unknown
//! revision, an unreadable `--stdin`, a program that cannot be found, unsupported C.

use std::path::{Path, PathBuf};

use crate::common::*;
use regcause::cli::code;

fn commit(dir: &Path, tag: &str) {
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-qm", tag]);
    git(dir, &["tag", tag]);
}

const GOOD: &str = "#include <stdio.h>\nint main(void) {\n  int c = getchar();\n  printf(\"%d\\n\", c);\n  return 0;\n}\n";
const ASM: &str = "#include <stdio.h>\nint main(void) {\n  __asm__(\"nop\");\n  printf(\"1\\n\");\n  return 0;\n}\n";

/// A repository whose tags are `nomain` (no C program), `good` (a program reading
/// stdin) and `asm` (the program with inline assembly).
fn repo(dir: &Path) -> PathBuf {
    let r = dir.join("repo");
    std::fs::create_dir(&r).expect("mkdir");
    git(&r, &["init", "-q"]);
    std::fs::write(r.join("README"), "no program yet\n").expect("write");
    commit(&r, "nomain");
    std::fs::write(r.join("main.c"), GOOD).expect("write");
    commit(&r, "good");
    std::fs::write(r.join("main.c"), ASM).expect("write");
    commit(&r, "asm");
    r
}

/// The commands that take one revision, with the revision and extra arguments spliced.
fn rev_commands(rev: &str, extra: &[&str]) -> Vec<Vec<String>> {
    ["run", "pc", "slice", "ir"]
        .iter()
        .filter(|c| extra.is_empty() || **c != "ir")
        .map(|c| {
            let mut v = vec![c.to_string(), rev.to_string()];
            v.extend(extra.iter().map(|s| s.to_string()));
            v.extend(["--".to_string(), "./main".to_string()]);
            v
        })
        .collect()
}

fn explain(good: &str, bad: &str, extra: &[&str]) -> Vec<String> {
    let mut v = vec![good.to_string(), bad.to_string()];
    v.extend(extra.iter().map(|s| s.to_string()));
    v.extend(["--".to_string(), "./main".to_string()]);
    v
}

/// Run each command in `dir`; each must exit with `want` and say `says` on stderr,
/// after the `git-regcause: ` prefix.
fn expect_all(dir: &Path, cmds: &[Vec<String>], want: i32, says: &str) {
    let mut failures = Vec::new();
    for c in cmds {
        let o = git_regcause(dir, c);
        let err = text(&o.stderr);
        if o.status.code() != Some(want) || !err.contains(says) || !err.contains("git-regcause: ") {
            failures.push(format!(
                "git regcause {}: exit {:?} (want {want}), stderr:\n{err}",
                c.join(" "),
                o.status.code()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn not_a_repository_is_code_3_everywhere() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut cmds = rev_commands("good", &[]);
    cmds.push(explain("good", "asm", &[]));
    cmds.push(vec!["cache".into(), "stats".into()]);
    expect_all(dir.path(), &cmds, code::REPOSITORY, "not a git repository");
}

#[test]
fn unknown_revision_is_code_3_everywhere() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = repo(dir.path());
    let mut cmds = rev_commands("no-such-rev", &[]);
    cmds.push(explain("good", "no-such-rev", &[]));
    expect_all(
        &r,
        &cmds,
        code::REPOSITORY,
        "unknown revision `no-such-rev`",
    );
}

#[test]
fn unreadable_stdin_is_code_2_everywhere() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = repo(dir.path());
    let missing = dir.path().join("missing.txt");
    let m = missing.to_str().expect("utf-8 path");
    let mut cmds = rev_commands("good", &["--stdin", m]);
    cmds.push(explain("good", "asm", &["--stdin", m]));
    let main = r.join("main.c");
    cmds.push(vec![
        "exec".into(),
        main.to_string_lossy().into_owned(),
        "--stdin".into(),
        m.into(),
    ]);
    expect_all(&r, &cmds, code::USAGE, "cannot read --stdin file");
    // Outside a repository too: the command line is checked before the repository.
    expect_all(
        dir.path(),
        &cmds[..1],
        code::USAGE,
        "cannot read --stdin file",
    );
}

#[test]
fn program_not_found_is_code_4_everywhere() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = repo(dir.path());
    let mut cmds = rev_commands("nomain", &[]);
    cmds.push(explain("nomain", "good", &[]));
    expect_all(&r, &cmds, code::PROGRAM, "no C source file defines `main`");
    let gone = dir.path().join("gone.c");
    let exec = vec!["exec".to_string(), gone.to_string_lossy().into_owned()];
    expect_all(&r, &[exec], code::PROGRAM, "gone.c");
}

#[test]
fn unsupported_c_is_code_5_everywhere() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = repo(dir.path());
    let mut cmds = rev_commands("asm", &[]);
    cmds.push(explain("good", "asm", &[]));
    std::fs::write(dir.path().join("asm.c"), ASM).expect("write");
    cmds.push(vec![
        "exec".into(),
        dir.path().join("asm.c").to_string_lossy().into_owned(),
    ]);
    expect_all(
        &r,
        &cmds,
        code::UNSUPPORTED,
        "unsupported: inline assembly at",
    );
}

/// The codes are documented once, in `--help` (and so the man page): each code the
/// mapping can produce appears there.
#[test]
fn every_code_is_documented_in_help() {
    let dir = tempfile::tempdir().expect("tempdir");
    let o = git_regcause(dir.path(), &["--help"]);
    let help = text(&o.stdout);
    for c in [
        code::NOTHING_TO_EXPLAIN,
        code::USAGE,
        code::REPOSITORY,
        code::PROGRAM,
        code::UNSUPPORTED,
        code::RUNTIME_ERROR,
        code::INTERNAL,
    ] {
        assert!(
            help.lines()
                .any(|l| l.trim_start().starts_with(&format!("{c} ")))
                || help.contains(&format!(" {c} when")),
            "exit code {c} is not documented in --help:\n{help}"
        );
    }
}

/// Runaway runs stop at a resource limit with a located runtime error (code 124):
/// an endless printing loop at the output limit, before its output exhausts memory;
/// a silent one at the step limit.
#[test]
fn runaway_runs_stop_at_a_located_resource_limit() {
    let dir = tempfile::tempdir().expect("tempdir");
    let prints = dir.path().join("prints.c");
    std::fs::write(
        &prints,
        "#include <stdio.h>\nint main(void) {\n  for (;;)\n    printf(\"tick\\n\");\n}\n",
    )
    .expect("write");
    let spins = dir.path().join("spins.c");
    std::fs::write(
        &spins,
        "int main(void) {\n  volatile int x = 0;\n  for (;;)\n    x++;\n}\n",
    )
    .expect("write");
    let cases = [
        (
            &prints,
            "--max-output",
            "4096",
            "output limit of 4096 bytes reached",
            "prints.c:4",
        ),
        (
            &spins,
            "--max-steps",
            "100000",
            "step limit of 100000 executed statements reached",
            "spins.c:",
        ),
    ];
    for (file, flag, value, says, at) in cases {
        let o = git_regcause(dir.path(), &["exec", &file.to_string_lossy(), flag, value]);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(code::RUNTIME_ERROR), "{flag}: {err}");
        assert!(err.contains(says) && err.contains(at), "{flag}: {err}");
    }
}
