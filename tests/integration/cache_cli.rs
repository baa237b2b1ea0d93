//! `git regcause cache stats|clear` through the real binary: the default location in the
//! git dir, the overrides, and a corrupt database reported and bypassed, never fatal.

use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

use crate::common::*;
use regcause::cache::{Cache, Key, Kind};

fn git_regcause(dir: &Path, args: &[&str], env: Option<&Path>) -> Output {
    let mut c = Command::new(bin());
    c.args(args).current_dir(dir).env_remove("REGCAUSE_CACHE");
    if let Some(p) = env {
        c.env("REGCAUSE_CACHE", p);
    }
    c.output().expect("run git-regcause")
}

fn new_repo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    git2::Repository::init(dir.path()).unwrap();
    dir
}

#[test]
fn stats_and_clear_use_the_git_dir_by_default() {
    let repo = new_repo();
    let db = repo.path().join(".git/regcause/cache.sqlite");
    // Run from a subdirectory: the repository is discovered upwards.
    let sub = repo.path().join("src");
    std::fs::create_dir(&sub).unwrap();
    let o = git_regcause(&sub, &["cache", "stats"], None);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("regcause/cache.sqlite"), "{out}");
    assert!(out.contains("run") && out.contains("solver"), "{out}");
    assert!(db.exists());

    // Entries written by another build (this test binary) are counted as stale.
    let mut c = Cache::open_for_engine(&db, "some other build", Duration::from_secs(5));
    c.put(Kind::Run, &Key::new(b"prog", b"test"), b"blob");
    c.put(Kind::Solver, &Key::formula("(check-sat)"), b"sat");
    drop(c);
    let o = git_regcause(repo.path(), &["cache", "stats"], None);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        text(&o.stdout).contains("2 entries of other regcause builds"),
        "{}",
        text(&o.stdout)
    );

    let o = git_regcause(repo.path(), &["cache", "clear"], None);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let mut c = Cache::open_for_engine(&db, "some other build", Duration::from_secs(5));
    assert_eq!(c.get(Kind::Run, &Key::new(b"prog", b"test")), None);
    assert_eq!(c.stats().stale_entries, 0);
}

#[test]
fn corrupt_cache_is_a_warning_and_clear_repairs_it() {
    let repo = new_repo();
    let db = repo.path().join(".git/regcause/cache.sqlite");
    std::fs::create_dir_all(db.parent().unwrap()).unwrap();
    std::fs::write(&db, vec![0xa5u8; 4096]).unwrap();
    let o = git_regcause(repo.path(), &["cache", "stats"], None);
    assert_eq!(o.status.code(), Some(0), "a corrupt cache is never fatal");
    let err = text(&o.stderr);
    assert!(
        err.contains("warning") && err.contains("not a database"),
        "{err}"
    );
    assert!(text(&o.stdout).contains("unusable, bypassed"));

    let o = git_regcause(repo.path(), &["cache", "clear"], None);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let o = git_regcause(repo.path(), &["cache", "stats"], None);
    assert_eq!(o.status.code(), Some(0));
    assert!(text(&o.stderr).is_empty(), "{}", text(&o.stderr));
    assert!(!text(&o.stdout).contains("bypassed"));
}

#[test]
fn path_option_and_environment_override_the_location() {
    // Outside any repository, an explicit location is all that is needed.
    let dir = tempfile::tempdir().unwrap();
    let explicit = dir.path().join("explicit.sqlite");
    let o = git_regcause(
        dir.path(),
        &["cache", "stats", "--path", explicit.to_str().unwrap()],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(explicit.exists());

    let from_env = dir.path().join("env.sqlite");
    let o = git_regcause(dir.path(), &["cache", "stats"], Some(&from_env));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(from_env.exists());
    assert!(text(&o.stdout).contains("env.sqlite"));

    // Without either, outside a repository: the documented repository error.
    let o = git_regcause(dir.path(), &["cache", "stats"], None);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("not a git repository"));
}

/// A cache that cannot be cleared (here a directory where the database should be; a
/// read-only file for a user without root) is the user's to fix: a clear message and
/// the usage exit code, not an internal error.
#[test]
fn a_cache_that_cannot_be_cleared_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    std::fs::create_dir(&db).unwrap();
    let path = db.display().to_string();
    let o = git_regcause(dir.path(), &["cache", "clear", "--path", &path], None);
    assert_eq!(
        o.status.code(),
        Some(regcause::cli::code::USAGE),
        "{}",
        text(&o.stderr)
    );
    let err = text(&o.stderr);
    assert!(
        err.contains("cannot clear the cache") && err.contains("is it writable?"),
        "{err}"
    );
}
