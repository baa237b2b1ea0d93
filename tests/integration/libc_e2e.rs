//! Unmodelled library functions, through the real binary on a git repository (issue
//! 27): a program calling one in code its test does not run loads, runs and is
//! analysed; a run that reaches the call stops there with a located `unsupported:`
//! naming the function and the call stack; the program's own definition of a library
//! name (`system`) runs instead of the library.

use std::path::{Path, PathBuf};

use crate::common::*;
use regcause::cli::code;

const GOOD: &str = r#"#include <stdio.h>
#include <stdlib.h>

static int shell(const char *command)
{
    return system(command);
}

int main(int argc, char **argv)
{
    int x = 2;
    if (argc > 1)
        return shell(argv[1]);
    printf("%d\n", x * 21);
    return 0;
}
"#;

const OWN_SYSTEM: &str = r#"#include <stdio.h>

int system(const char *command)
{
    printf("the program's own system(\"%s\")\n", command);
    return 3;
}

int main(int argc, char **argv)
{
    if (argc > 1)
        return system(argv[1]);
    return 0;
}
"#;

fn commit(dir: &Path, tag: &str) {
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-qm", tag]);
    git(dir, &["tag", tag]);
}

/// Tags: `good`, `bad` (the product's factor changed), `own` (defines `system`),
/// `calls` (good, calling `system` before it prints), `wrong-calls` (bad's wrong
/// product printed, then `system` called).
fn repo(dir: &Path) -> PathBuf {
    let r = dir.join("repo");
    std::fs::create_dir(&r).expect("mkdir");
    git(&r, &["init", "-q"]);
    std::fs::write(r.join("main.c"), GOOD).expect("write");
    commit(&r, "good");
    std::fs::write(r.join("main.c"), GOOD.replace("x * 21", "x * 20")).expect("write");
    commit(&r, "bad");
    std::fs::write(r.join("main.c"), OWN_SYSTEM).expect("write");
    commit(&r, "own");
    let printed = "    printf(\"%d\\n\", x * 21);\n";
    let calls = format!("    shell(\"true\");\n{printed}");
    std::fs::write(r.join("main.c"), GOOD.replace(printed, &calls)).expect("write");
    commit(&r, "calls");
    let wrong = format!("{}    shell(\"true\");\n", printed.replace("21", "20"));
    std::fs::write(r.join("main.c"), GOOD.replace(printed, &wrong)).expect("write");
    commit(&r, "wrong-calls");
    r
}

/// A run stopped at an unmodelled call says nothing of the test under gcc: the main
/// command does not turn it into a verdict ("already fails at good", or a regression
/// whose only difference is the stop) but says it cannot judge the test, with exit
/// code 5. A bad run that printed a wrong byte before it stopped is a regression.
#[test]
fn a_run_stopped_by_an_unmodelled_call_is_not_a_verdict() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = repo(dir.path());
    for (good, bad, args, rev) in [
        ("good", "bad", &["./main", "ls"][..], "good"),
        ("good", "calls", &["./main"][..], "calls"),
    ] {
        let o = git_regcause(&r, &[&[good, bad, "--"][..], args].concat());
        let err = text(&o.stderr);
        assert_eq!(
            o.status.code(),
            Some(code::UNSUPPORTED),
            "{good} {bad}: {err}"
        );
        assert!(
            err.contains(&format!("at {rev}: the test cannot be judged"))
                && err.contains("unsupported at main.c:6:")
                && err.contains("`system`"),
            "{good} {bad}: {err}"
        );
        assert!(o.stdout.is_empty(), "{}", text(&o.stdout));
    }
    names_the_changed_line(&r, &["good", "wrong-calls", "--", "./main"]);
}

#[test]
fn unmodelled_calls_fail_only_when_run() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = repo(dir.path());

    // Not called: the program runs as gcc's build does.
    let o = git_regcause(&r, &["run", "good", "--", "./main"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "42\n");

    // Called: a located fault naming the function, with the stack, exit code 5.
    let o = git_regcause(&r, &["run", "good", "--", "./main", "ls"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(code::UNSUPPORTED), "{err}");
    assert!(
        err.contains("unsupported at main.c:6:")
            && err.contains("`system`")
            && err.contains("in shell at main.c:6:")
            && err.contains("in main at main.c:13:"),
        "{err}"
    );

    // The main command analyses the regression although both revisions call an
    // unmodelled function in code the test does not run.
    names_the_changed_line(&r, &["good", "bad", "--", "./main"]);
}

/// The main command explains a regression and names the changed line, main.c:14.
fn names_the_changed_line(r: &Path, args: &[&str]) {
    let o = git_regcause(r, args);
    let out = text(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(code::REGRESSION),
        "{out}{}",
        text(&o.stderr)
    );
    assert!(
        out.contains("main.c:14"),
        "the changed line is not named:\n{out}"
    );
}

#[test]
fn the_programs_own_system_wins() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = repo(dir.path());
    let o = git_regcause(&r, &["run", "own", "--", "./main", "ls -l"]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "the program's own system(\"ls -l\")\n");
}
