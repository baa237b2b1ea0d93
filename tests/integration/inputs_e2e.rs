//! Files of the tree and environment variables as symbolic inputs, through the binary
//! (issue 28): an alternative input that changes a fixture is shown as a diff of it and
//! replays (committed as a user would save it) with the reported outcomes; one that
//! changes an environment variable is an `--env`; input bytes that are not UTF-8 are
//! kept exactly in JSON, also when the report comes back from the cache.

use std::path::{Path, PathBuf};

use crate::common::*;
use regcause::report::bytes::base64_decode;

/// A repository at `dir/repo` with the commits `good` and then `bad` (files written
/// over the previous commit's), each tagged with its name.
fn good_bad(dir: &Path, good: &[(&str, &[u8])], bad: &[(&str, &[u8])]) -> PathBuf {
    let repo = dir.join("repo");
    std::fs::create_dir_all(&repo).expect("mkdir");
    git(&repo, &["init", "-q", "-b", "main"]);
    for (tag, files) in [("good", good), ("bad", bad)] {
        for (path, content) in files {
            let p = repo.join(path);
            std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
            std::fs::write(&p, content).expect("write");
        }
        git(&repo, &["add", "-A"]);
        git(&repo, &["commit", "-q", "-m", tag]);
        git(&repo, &["tag", tag]);
    }
    repo
}

/// `good_bad` where the bad commit changes `from` into `to` in the good `prog.c`.
fn one_change(dir: &Path, prog: &[u8], extra: &[(&str, &[u8])], from: &str, to: &str) -> PathBuf {
    let bad_c = text(prog).replace(from, to);
    assert_ne!(bad_c.as_bytes(), prog, "{from} is in the program");
    let mut good = vec![("prog.c", prog)];
    good.extend_from_slice(extra);
    good_bad(dir, &good, &[("prog.c", bad_c.as_bytes())])
}

/// The alternative input of the decision candidate at `file:line`.
fn alternative_at<'a>(v: &'a serde_json::Value, file: &str, line: u64) -> &'a serde_json::Value {
    v["candidates"]
        .as_array()
        .expect("candidates")
        .iter()
        .find(|c| c["file"] == file && c["line"] == line && c["explanation"] == "decision")
        .map(|c| &c["alternative"])
        .unwrap_or_else(|| panic!("no decision candidate at {file}:{line}: {v:#}"))
}

/// The exact bytes of a field shown as text with an optional `NAME_base64`.
fn exact(obj: &serde_json::Value, name: &str) -> Vec<u8> {
    match obj[format!("{name}_base64")].as_str() {
        Some(b) => base64_decode(b).expect("valid base64"),
        None => obj[name].as_str().expect(name).as_bytes().to_vec(),
    }
}

/// `git regcause run REV -- PROGRAM` with extra options, its stdout.
fn run_at(repo: &Path, rev: &str, opts: &[&str], program: &str) -> String {
    let mut args = vec!["run", rev];
    args.extend_from_slice(opts);
    args.extend_from_slice(&["--", program]);
    let o = git_regcause(repo, &args);
    text(&o.stdout)
}

const FIXTURE_GOOD: &[u8] = b"#include <stdio.h>\n\
int main(void) {\n\
    FILE *f = fopen(\"tests/data/in.txt\", \"r\");\n\
    int n = 0;\n\
    if (!f || fscanf(f, \"limit=%d\", &n) != 1) { puts(\"bad fixture\"); return 2; }\n\
    if (n > 10) puts(\"big\"); else puts(\"small\");\n\
    return 0;\n\
}\n";

/// The fixture holds a Latin-1 byte (not UTF-8) after the number.
const FIXTURE: &[u8] = b"limit=10\n# caf\xe9\n";

#[test]
fn a_fixture_alternative_is_a_diff_that_replays_at_both_revisions() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = one_change(
        dir.path(),
        FIXTURE_GOOD,
        &[("tests/data/in.txt", FIXTURE)],
        "n > 10",
        "n >= 10",
    );
    let o = git_regcause(
        &repo,
        &[
            "--format",
            "json",
            "--no-cache",
            "good",
            "bad",
            "--",
            "./prog",
        ],
    );
    let v = checked_report(&o);
    let inputs = &v["stats"]["symbolic_inputs"];
    assert!(inputs["files"].as_u64().unwrap_or(0) > 0, "{inputs:#}");
    assert_eq!(inputs["file_paths"][0], "tests/data/in.txt", "{inputs:#}");
    assert_eq!(
        (inputs["argv"].as_u64(), inputs["stdin"].as_u64()),
        (Some(0), Some(0))
    );
    assert!(v["root_cause"]
        .as_array()
        .expect("root_cause")
        .iter()
        .any(|l| l["file"] == "prog.c" && l["line"] == 6));
    let alt = alternative_at(&v, "prog.c", 6);
    assert_eq!(alt["revisions_agree"], true, "{alt:#}");
    let f = &alt["files"][0];
    assert_eq!(f["path"], "tests/data/in.txt", "{alt:#}");
    let diff = f["diff"].as_str().expect("diff");
    assert!(
        diff.contains("--- a/tests/data/in.txt") && diff.contains("-limit=10\n"),
        "{diff}"
    );
    assert!(diff.contains("\n+limit="), "{diff}");
    // The variant is exact: only the number changed, the Latin-1 byte kept.
    let variant = exact(f, "content");
    assert!(f["content_base64"].is_string(), "{f:#}");
    assert!(variant.starts_with(b"limit=") && variant.ends_with(b"\n# caf\xe9\n"));
    let n: i64 = text(&variant[6..variant.iter().position(|&b| b == b'\n').expect("line")])
        .parse()
        .expect("a number");
    assert!(n < 10, "{n}");

    // Saved as a new test, as a user would: the variant committed over each revision.
    for (rev, want) in [("bad", &alt["bad_stdout"]), ("good", &alt["good_stdout"])] {
        git(&repo, &["checkout", "-q", rev]);
        std::fs::write(repo.join("tests/data/in.txt"), &variant).expect("write");
        git(&repo, &["commit", "-q", "-am", "variant"]);
        let out = run_at(&repo, "HEAD", &[], "./prog");
        assert_eq!(Some(out.as_str()), want.as_str(), "{rev} with the variant");
    }
    git(&repo, &["checkout", "-q", "main"]);

    // The text and Markdown reports show the diff and the counts.
    let o = git_regcause(&repo, &["--no-cache", "good", "bad", "--", "./prog"]);
    let t = text(&o.stdout);
    assert!(t.contains("tests/data/in.txt changed as below"), "{t}");
    assert!(t.contains("-limit=10"), "{t}");
    assert!(t.contains("Symbolic inputs of the bad run: "), "{t}");
    assert!(
        t.contains("from files (tests/data/in.txt), 0 argv, 0 stdin"),
        "{t}"
    );
    let o = git_regcause(
        &repo,
        &[
            "--format",
            "markdown",
            "--no-cache",
            "good",
            "bad",
            "--",
            "./prog",
        ],
    );
    let md = text(&o.stdout);
    assert!(md.contains("```diff") && md.contains("-limit=10"), "{md}");
}

const ENV_GOOD: &[u8] = b"#include <stdio.h>\n\
#include <stdlib.h>\n\
int main(void) {\n\
    const char *m = getenv(\"LEVEL\");\n\
    if (!m) { puts(\"unset\"); return 0; }\n\
    if (m[0] > '5') puts(\"high\"); else puts(\"low\");\n\
    return 0;\n\
}\n";

#[test]
fn an_environment_alternative_is_an_env_option_that_replays() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = one_change(dir.path(), ENV_GOOD, &[], "m[0] > '5'", "m[0] >= '5'");
    let args = ["--env", "LEVEL=5", "good", "bad", "--", "./prog"];
    let mut json_args = vec!["--format", "json", "--no-cache"];
    json_args.extend_from_slice(&args);
    let v = checked_report(&git_regcause(&repo, &json_args));
    assert_eq!(
        v["stats"]["symbolic_inputs"]["env_names"][0], "LEVEL",
        "{v:#}"
    );
    let alt = alternative_at(&v, "prog.c", 6);
    assert_eq!(alt["revisions_agree"], true, "{alt:#}");
    let e = &alt["env"][0];
    assert_eq!(e["name"], "LEVEL", "{alt:#}");
    // (A value the solver ends with a NUL is cut there, as the program read it.) `char`
    // is signed: a byte of 128 or more is below '5' too.
    let value = exact(e, "value");
    assert!(
        value.first().is_none_or(|&c| (c as i8) < b'5' as i8),
        "{value:?}"
    );
    // An unset variable stays unset: only LEVEL is an input.
    assert_eq!(alt["env"].as_array().map(Vec::len), Some(1));
    if let Ok(s) = std::str::from_utf8(&value) {
        let opt = format!("LEVEL={s}");
        for (rev, want) in [("bad", &alt["bad_stdout"]), ("good", &alt["good_stdout"])] {
            let out = run_at(&repo, rev, &["--env", &opt], "./prog");
            assert_eq!(Some(out.as_str()), want.as_str(), "{rev} with {opt}");
        }
        let mut text_args = vec!["--no-cache"];
        text_args.extend_from_slice(&args);
        let t = text(&git_regcause(&repo, &text_args).stdout);
        assert!(t.contains("--env LEVEL="), "{t}");
    }
}

const STDIN_GOOD: &[u8] = b"#include <stdio.h>\n\
int main(void) {\n\
    int a = getchar(), b = getchar(), c = getchar();\n\
    printf(\"%d %d\\n\", a, b);\n\
    if (c > 'M') puts(\"late\"); else puts(\"early\");\n\
    return 0;\n\
}\n";

#[test]
fn stdin_bytes_that_are_not_utf8_are_kept_exactly_in_json_and_the_cache() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = one_change(dir.path(), STDIN_GOOD, &[], "c > 'M'", "c >= 'M'");
    let input = dir.path().join("stdin.bin");
    std::fs::write(&input, b"\xff\xfeM\x80").expect("write");
    let stdin = input.to_str().expect("path");
    let args = [
        "--format", "json", "--stdin", stdin, "good", "bad", "--", "./prog",
    ];
    let first = checked_report(&git_regcause(&repo, &args));
    assert_eq!(exact(&first["test"], "stdin"), b"\xff\xfeM\x80");
    let alt = alternative_at(&first, "prog.c", 5);
    let bytes = exact(alt, "stdin");
    assert!(alt["stdin_base64"].is_string(), "{alt:#}");
    assert_eq!(bytes.len(), 4, "{bytes:?}");
    assert_eq!(
        (bytes[0], bytes[1], bytes[3]),
        (0xff, 0xfe, 0x80),
        "{bytes:?}"
    );
    assert!(bytes[2] < b'M');
    // Replayed from the exact bytes, both revisions print what the report says.
    let variant = dir.path().join("variant.bin");
    std::fs::write(&variant, &bytes).expect("write");
    let v = variant.to_str().expect("path");
    for (rev, want) in [("bad", &alt["bad_stdout"]), ("good", &alt["good_stdout"])] {
        let out = run_at(&repo, rev, &["--stdin", v], "./prog");
        assert_eq!(Some(out.as_str()), want.as_str(), "{rev}");
    }
    // The same report read back from the cache keeps the bytes.
    let again = checked_report(&git_regcause(&repo, &args));
    assert_eq!(again["stats"]["from_cache"], true);
    assert_eq!(exact(alternative_at(&again, "prog.c", 5), "stdin"), bytes);
}

const ARGV_GOOD: &[u8] = b"#include <stdio.h>\n\
int main(int argc, char **argv) {\n\
    if (argc < 2) return 2;\n\
    int upper = 0;\n\
    for (const char *p = argv[1]; *p; p++) upper += (*p >= 'A' && *p <= 'Z');\n\
    if (argv[1][0] == 'A') puts(\"shout\"); else puts(\"calm\");\n\
    printf(\"%d\\n\", upper);\n\
    return 0;\n\
}\n";

/// The JSON report (no cache) of `good bad` with the options `opts`, the test `test`.
fn report(repo: &Path, opts: &[&str], test: &[&str]) -> serde_json::Value {
    let mut args = vec!["--format", "json", "--no-cache"];
    args.extend_from_slice(opts);
    args.extend_from_slice(&["good", "bad", "--"]);
    args.extend_from_slice(test);
    checked_report(&git_regcause(repo, &args))
}

/// Run at each revision with `opts` and the test `test`, the alternative's `alt` prints
/// what the report says it prints there.
fn replays_as_reported(repo: &Path, alt: &serde_json::Value, opts: &[&str], test: &[&str]) {
    for (rev, want) in [("bad", &alt["bad_stdout"]), ("good", &alt["good_stdout"])] {
        let mut args = vec!["run", rev];
        args.extend_from_slice(opts);
        args.push("--");
        args.extend_from_slice(test);
        let out = text(&git_regcause(repo, &args).stdout);
        assert_eq!(Some(out.as_str()), want.as_str(), "{rev}: {args:?}");
    }
}

/// The characters of an argument are inputs (`argv[1][j]`): the decision on one of them
/// is proved by an alternative argument, replayed at both revisions through the test's
/// argv, of the original's length or shorter.
#[test]
fn an_argument_alternative_changes_its_characters_and_replays() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = one_change(
        dir.path(),
        ARGV_GOOD,
        &[],
        "argv[1][0] == 'A'",
        "argv[1][0] <= 'A'",
    );
    let v = report(&repo, &[], &["./prog", "-v"]);
    assert_eq!(v["stats"]["symbolic_inputs"]["argv"], 2, "{v:#}");
    let alt = alternative_at(&v, "prog.c", 6);
    assert_eq!(alt["revisions_agree"], true, "{alt:#}");
    let arg = exact_arg(alt);
    assert!(arg.len() <= 2 && arg != b"-v", "{alt:#}");
    // The first character is now above 'A': an empty argument (its NUL is below 'A')
    // would still make the bad revision shout.
    assert!(arg.first().is_some_and(|&c| c > b'A'), "{arg:?}");
    if let Ok(s) = std::str::from_utf8(&arg) {
        replays_as_reported(&repo, alt, &[], &["./prog", s]);
    }
}

/// The exact bytes of an alternative's single argument.
fn exact_arg(alt: &serde_json::Value) -> Vec<u8> {
    match alt["args_base64"][0].as_str() {
        Some(b) => base64_decode(b).expect("valid base64"),
        None => alt["args"][0]
            .as_str()
            .expect("an argument")
            .as_bytes()
            .to_vec(),
    }
}

const STRLEN_GOOD: &[u8] = b"#include <stdio.h>\n\
#include <string.h>\n\
int main(void) {\n\
    char line[64];\n\
    if (!fgets(line, sizeof line, stdin)) return 2;\n\
    if (strlen(line) > 8) puts(\"long\"); else puts(\"short\");\n\
    return 0;\n\
}\n";

/// `strlen` of a line read from stdin is an expression over its bytes: the decision on
/// the length is proved by an alternative stdin (a shorter line: a NUL inside it),
/// replayed at both revisions.
#[test]
fn a_decision_on_the_length_of_an_input_line_is_proved() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = one_change(
        dir.path(),
        STRLEN_GOOD,
        &[],
        "strlen(line) > 8",
        "strlen(line) >= 8",
    );
    let input = dir.path().join("stdin.txt");
    std::fs::write(&input, b"abcdefg\n").expect("write");
    let v = report(
        &repo,
        &["--stdin", input.to_str().expect("path")],
        &["./prog"],
    );
    assert!(
        v["stats"]["bad_constraints"].as_u64().unwrap_or(0) >= 1,
        "{v:#}"
    );
    let alt = alternative_at(&v, "prog.c", 6);
    assert_eq!(alt["revisions_agree"], true, "{alt:#}");
    let bytes = exact(alt, "stdin");
    let len = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    assert!(len < 8, "{bytes:?}");
    let variant = dir.path().join("variant.bin");
    std::fs::write(&variant, &bytes).expect("write");
    replays_as_reported(
        &repo,
        alt,
        &["--stdin", variant.to_str().expect("path")],
        &["./prog"],
    );
}
