//! A run sees only its revision's tree and the environment it is given (issue 27):
//! through the real binary on a git repository, a program reading `/etc/passwd`,
//! `/proc/self/environ`, a file outside the tree by absolute path or by `..`, or a
//! committed symbolic link to one gets none of their contents, and regcause's own environment
//! (a secret, say) reaches neither `getenv` nor `envp`. Files inside the tree stay
//! readable, and what the program writes never reaches the disk.

use std::path::{Path, PathBuf};

use crate::common::*;
use regcause::cli::code;

/// Prints the file named by argv[1] (or says why it cannot), then the environment.
const CAT: &str = r#"#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv, char **envp)
{
    if (argc > 1) {
        FILE *f = fopen(argv[1], "r");
        if (!f) {
            printf("cannot open %s\n", argv[1]);
        } else {
            int c;
            while ((c = fgetc(f)) != EOF)
                putchar(c);
            fclose(f);
        }
    }
    FILE *out = fopen("written.txt", "w");
    fputs("never on disk\n", out);
    fclose(out);
    for (char **e = envp; *e; e++)
        printf("envp: %s\n", *e);
    const char *s = getenv("REGCAUSE_TEST_SECRET");
    printf("getenv: %s\n", s ? s : "(unset)");
    return 0;
}
"#;

const SECRET: &str = "s3cr3t-value-that-must-not-leak";

/// A repository with the program, a data file, and a symbolic link out of the tree
/// (to `outside`, a file holding the secret).
fn repo(dir: &Path, outside: &Path) -> PathBuf {
    let r = dir.join("repo");
    std::fs::create_dir_all(r.join("data")).expect("mkdir");
    git(&r, &["init", "-q"]);
    std::fs::write(r.join("main.c"), CAT).expect("write");
    std::fs::write(r.join("data/in.txt"), "inside the tree\n").expect("write");
    std::os::unix::fs::symlink(outside, r.join("data/link.txt")).expect("symlink");
    git(&r, &["add", "-A"]);
    git(&r, &["commit", "-qm", "cat"]);
    r
}

fn run(repo: &Path, args: &[&str]) -> std::process::Output {
    let mut v = vec!["run", "HEAD", "--", "./main"];
    v.extend(args);
    std::process::Command::new(bin())
        .args(&v)
        .current_dir(repo)
        .env("REGCAUSE_TEST_SECRET", SECRET)
        .output()
        .expect("run git-regcause")
}

#[test]
fn a_run_reads_only_its_tree() {
    let dir = tempfile::tempdir().expect("tempdir");
    let outside = dir.path().join("secret.txt");
    std::fs::write(&outside, format!("{SECRET}\n")).expect("write");
    let r = repo(dir.path(), &outside);

    // Inside the tree: read as natively; the secret in regcause's environment reaches
    // neither getenv nor envp.
    let o = run(&r, &["data/in.txt"]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    assert!(out.starts_with("inside the tree\n"), "{out}");
    assert!(out.contains("getenv: (unset)"), "{out}");
    assert!(
        !out.contains("envp:"),
        "the host's environment leaked: {out}"
    );
    assert!(!out.contains(SECRET), "{out}");
    assert!(
        !r.join("written.txt").exists(),
        "the run wrote to the working tree"
    );

    let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    let first_passwd_line = passwd.lines().next().unwrap_or("root:x:0:0").to_string();
    let outside_abs = outside.to_string_lossy().into_owned();
    for path in [
        "/etc/passwd",
        "/proc/self/environ",
        outside_abs.as_str(),
        "../secret.txt",
        "data/../../secret.txt",
        "/dev/stdin",
    ] {
        let o = run(&r, &[path]);
        let (out, err) = (text(&o.stdout), text(&o.stderr));
        let both = format!("{out}{err}");
        assert!(!both.contains(SECRET), "{path}: the secret leaked:\n{both}");
        assert!(
            !both.contains(&first_passwd_line),
            "{path}: /etc/passwd leaked:\n{both}"
        );
        assert_eq!(
            o.status.code(),
            Some(code::UNSUPPORTED),
            "{path}: exit {:?}\n{both}",
            o.status.code()
        );
        // A located refusal naming the path and the rule.
        assert!(
            err.contains("unsupported at main.c:7:")
                && err.contains(&format!("`{path}`"))
                && err.contains("outside the revision's tree"),
            "{path}: {err}"
        );
    }

    // A committed symbolic link is written into the revision's tree as the file git
    // stores (its target's text), so it cannot lead out (io.rs tests a real link).
    let o = run(&r, &["data/link.txt"]);
    let both = format!("{}{}", text(&o.stdout), text(&o.stderr));
    assert!(
        !both.contains(SECRET),
        "the link leaked the secret:\n{both}"
    );

    // /dev/null is the one device: empty to read.
    let o = run(&r, &["/dev/null"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).starts_with("getenv: (unset)"));
}

/// `--env` gives the run exactly its environment, in `getenv` and in `envp`.
#[test]
fn envp_is_the_given_environment() {
    let dir = tempfile::tempdir().expect("tempdir");
    let outside = dir.path().join("secret.txt");
    std::fs::write(&outside, "x\n").expect("write");
    let r = repo(dir.path(), &outside);
    let o = std::process::Command::new(bin())
        .args([
            "run",
            "HEAD",
            "--env",
            "A=1",
            "--env",
            "REGCAUSE_TEST_SECRET=given",
            "--",
            "./main",
        ])
        .current_dir(&r)
        .env("REGCAUSE_TEST_SECRET", SECRET)
        .output()
        .expect("run git-regcause");
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    assert_eq!(
        out,
        "envp: A=1\nenvp: REGCAUSE_TEST_SECRET=given\ngetenv: given\n"
    );
}
