//! The invariants of ARCHITECTURE.md, checked on the source tree: each test fails when
//! code crosses a boundary it must not. Comments are ignored; test code (`tests.rs`,
//! `testutil.rs`, `tests/` folders, and everything after a file's `#[cfg(test)]`) is
//! exempt where a rule says so.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `src/`, as (path relative to the crate, code without comments).
fn sources() -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).expect("read src").flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let root = crate::common::root();
    let mut files = Vec::new();
    walk(&root.join("src"), &mut files);
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("read source");
            let rel = p
                .strip_prefix(&root)
                .expect("under the root")
                .to_string_lossy()
                .replace('\\', "/");
            (rel, strip_comments(&text))
        })
        .collect()
}

/// The text without `//` comments (doc comments included), line by line.
fn strip_comments(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            // A `//` inside a string literal ("http://") is kept: only count it as a
            // comment when an even number of quotes precede it.
            Some(i) if l[..i].matches('"').count() % 2 == 0 => &l[..i],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The part of a file that is product code: every item marked `#[cfg(test)]` (a test
/// module, a test-only helper in the middle of a file) blanked out, line breaks kept so
/// line numbers stay; nothing of files that exist only for tests.
fn product_part(path: &str, code: &str) -> String {
    if path.ends_with("/tests.rs") || path.ends_with("/testutil.rs") || path.contains("/tests/") {
        return String::new();
    }
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(i) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..i]);
        let item = &rest[i..];
        let end = test_item_end(item);
        out.extend(item[..end].chars().filter(|&c| c == '\n'));
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

/// The length of the item `text` starts with (its attribute first): up to the `;` of a
/// declaration without a body, or the `}` closing its first `{`. Braces and quotes in
/// string, raw string, byte and character literals are skipped; a lifetime is not a
/// character literal.
fn test_item_end(text: &str) -> usize {
    let b = text.as_bytes();
    let (mut depth, mut i) = (0usize, 0usize);
    while i < b.len() {
        match b[i] {
            b'"' => i = string_end(b, i + 1),
            b'r' => {
                if let Some((hashes, open)) = raw_start(b, i) {
                    i = raw_end(b, open + 1, hashes);
                }
            }
            b'\'' => i = char_end(text, i),
            b';' if depth == 0 => return i + 1,
            b'{' => depth += 1,
            b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// The index of the `"` closing an ordinary (or byte) string whose text starts at `i`.
fn string_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'"' => return i,
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// At `r` (of `r"`, `r#"`, `br#"`, ... not inside an identifier): its number of `#`s and
/// the index of its opening `"`.
fn raw_start(b: &[u8], i: usize) -> Option<(usize, usize)> {
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let before = match i.checked_sub(1).map(|k| b[k]) {
        Some(b'b') => i.checked_sub(2).map(|k| b[k]),
        other => other,
    };
    if before.is_some_and(ident) {
        return None;
    }
    let mut j = i + 1;
    while b.get(j) == Some(&b'#') {
        j += 1;
    }
    (b.get(j) == Some(&b'"')).then_some((j - i - 1, j))
}

/// The index of the last character of a raw string (text from `i`, `hashes` `#`s).
fn raw_end(b: &[u8], mut i: usize, hashes: usize) -> usize {
    while i < b.len() {
        if b[i] == b'"'
            && b[i + 1..]
                .iter()
                .take(hashes)
                .filter(|&&c| c == b'#')
                .count()
                == hashes
        {
            return i + hashes;
        }
        i += 1;
    }
    b.len()
}

/// At a `'`: the index of the `'` closing a character literal (`'x'`, `'\''`, `'é'`,
/// `'\u{7b}'`), or `i` itself for a lifetime (`'a`).
fn char_end(text: &str, i: usize) -> usize {
    let b = text.as_bytes();
    if b.get(i + 1) == Some(&b'\\') {
        // An escape: the literal ends at the first `'` after the escaped character.
        return b[i + 3..]
            .iter()
            .position(|&c| c == b'\'')
            .map_or(b.len(), |k| i + 3 + k);
    }
    match text.get(i + 1..).and_then(|t| t.chars().next()) {
        Some(c) if b.get(i + 1 + c.len_utf8()) == Some(&b'\'') => i + 1 + c.len_utf8(),
        _ => i,
    }
}

/// Files (outside `allowed`) whose code mentions any of `needles`.
fn offenders(needles: &[&str], allowed: impl Fn(&str) -> bool, product_only: bool) -> Vec<String> {
    sources()
        .into_iter()
        .filter(|(p, _)| !allowed(p))
        .filter(|(p, code)| {
            let code = if product_only {
                product_part(p, code)
            } else {
                code.clone()
            };
            needles.iter().any(|n| code.contains(n))
        })
        .map(|(p, _)| p)
        .collect()
}

#[test]
fn only_repo_uses_git2() {
    let bad = offenders(&["git2::", "use git2"], |p| p == "src/repo.rs", false);
    assert!(bad.is_empty(), "git2 used outside src/repo.rs: {bad:?}");
}

#[test]
fn only_frontend_lower_uses_lang_c() {
    let bad = offenders(
        &["lang_c::", "use lang_c"],
        |p| p.starts_with("src/frontend/lower/"),
        false,
    );
    assert!(
        bad.is_empty(),
        "lang_c used outside src/frontend/lower: {bad:?}"
    );
}

#[test]
fn the_ir_knows_nothing_of_lang_c_or_the_interpreter() {
    let bad = offenders(
        &["lang_c", "crate::exec"],
        |p| !p.starts_with("src/ir/"),
        true,
    );
    assert!(bad.is_empty(), "src/ir uses lang_c or exec: {bad:?}");
}

#[test]
fn the_front_end_does_not_use_the_interpreter() {
    let bad = offenders(
        &["crate::exec", "super::exec", "exec::shims"],
        |p| !p.starts_with("src/frontend/"),
        true,
    );
    assert!(bad.is_empty(), "the front end uses exec: {bad:?}");
}

#[test]
fn the_slicer_does_not_use_the_interpreter_loop() {
    let bad = offenders(
        &["exec::interp", "exec::Machine", "exec::run", "exec::shims"],
        |p| !p.starts_with("src/slice/"),
        true,
    );
    assert!(bad.is_empty(), "the slicer uses the interpreter: {bad:?}");
}

/// Library models report what they read from the input through the hook layer
/// (`Observer::input_*`); only observers know the symbolic state.
#[test]
fn library_models_do_not_know_the_symbolic_state() {
    let bad = offenders(&["sym"], |p| !p.starts_with("src/exec/shims/"), false);
    assert!(
        bad.is_empty(),
        "library models reach into the symbolic state (use the hooks): {bad:?}"
    );
}

/// The machine is generic over its observer: the interpreter, its memory, the hook
/// layer and the library models name no observer's types (the symbolic state, its
/// expressions and memory shadows, the trace recorder); observers keep their state and
/// per-allocation extras themselves and see a run only through the hooks.
#[test]
fn the_machine_names_no_observer() {
    let machine = |p: &str| {
        [
            "src/exec/interp.rs",
            "src/exec/memory.rs",
            "src/exec/hooks.rs",
            "src/exec/long_double.rs",
            "src/exec/io.rs",
        ]
        .contains(&p)
            || p.starts_with("src/exec/shims/")
    };
    let observer_types = [
        "sym::", "ExprId", "ExprPool", "SymState", "concolic", "Concolic", "Shadow", "Recorder",
        "Traced", "trace::",
    ];
    let bad = offenders(&observer_types, |p| !machine(p), true);
    assert!(
        bad.is_empty(),
        "the machine names an observer's types (add a hook instead): {bad:?}"
    );
}

#[test]
fn the_product_does_not_use_regcause_dev() {
    let bad = offenders(&["regcause_dev"], |_| false, false);
    assert!(bad.is_empty(), "product code uses regcause_dev: {bad:?}");
    let manifest =
        std::fs::read_to_string(crate::common::root().join("Cargo.toml")).expect("read Cargo.toml");
    let deps = manifest
        .split("[dependencies]")
        .nth(1)
        .and_then(|d| d.split("\n[").next())
        .expect("a [dependencies] table");
    assert!(
        !deps.contains("regcause-dev"),
        "regcause-dev must stay a dev-dependency"
    );
}

/// `unwrap()` in product code: none outside this list, each with its reason.
const UNWRAP_ALLOWED: &[(&str, &str)] = &[];

#[test]
fn no_unwrap_in_product_code() {
    let mut bad = Vec::new();
    for (p, code) in sources() {
        if UNWRAP_ALLOWED.iter().any(|(f, _)| *f == p) {
            continue;
        }
        for (i, l) in product_part(&p, &code).lines().enumerate() {
            if l.contains(".unwrap()") {
                bad.push(format!("{p}:{}: {}", i + 1, l.trim()));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "unwrap() in product code (handle the error, or add the file to UNWRAP_ALLOWED with a reason):\n{}",
        bad.join("\n")
    );
}

/// The checks themselves: a planted violation is found.
#[test]
fn the_checks_see_violations() {
    let code = strip_comments("use git2::Repository; // lang_c::x\nlet s = \"a//b\";");
    assert!(code.contains("git2::"));
    assert!(!code.contains("lang_c"));
    assert!(code.contains("a//b"));
    assert_eq!(
        product_part(
            "src/x.rs",
            "a.unwrap()\n#[cfg(test)]\nmod tests {\n b.unwrap()\n}"
        ),
        "a.unwrap()\n\n\n\n"
    );
    // A test-only helper in the middle of a file hides only itself.
    let mid =
        "#[cfg(test)]\nfn helper() { let s = \"}\"; x.unwrap() }\nfn product() { y.unwrap() }";
    assert_eq!(
        product_part("src/x.rs", mid),
        "\n\nfn product() { y.unwrap() }"
    );
    assert_eq!(
        product_part("src/x.rs", "#[cfg(test)]\nuse a::b;\nz.unwrap()"),
        "\n\nz.unwrap()"
    );
    assert_eq!(product_part("src/analysis/tests.rs", "a.unwrap()"), "");
    // Literals holding braces, quotes or semicolons do not end a test item early, and a
    // lifetime is not a character literal.
    let literals = "#[cfg(test)]\nmod t {\n fn f<'a>(x: &'a str) { let _ = (r#\"}\"; \"#, '}', '\\'', b'{', \"\\\"}\"); }\n}\nfn product() { y.unwrap() }";
    assert_eq!(
        product_part("src/x.rs", literals),
        "\n\n\n\nfn product() { y.unwrap() }"
    );
    // Product code after a test module (the loader and `lower_program` of the front end
    // come after test modules in their files) stays under the product-only rules.
    let after = "fn a() {}\n#[cfg(test)]\nmod tests {\n}\npub fn lower_program() { x.unwrap() }";
    assert!(product_part("src/x.rs", after).contains("lower_program() { x.unwrap() }"));
}

/// The binary parses arguments, calls the analysis, renders and maps errors to exit
/// codes: the main command's stages and the policy that joins them live in
/// `src/analyze/`, never in `cli.rs`.
#[test]
fn the_cli_holds_no_analysis_policy() {
    let policy = [
        "explain::",
        "darwin::explain",
        "darwin::value",
        "dd::",
        "rerank",
        "Candidate",
        "naming::",
        "finding::",
        "judge_each",
        "catch_unwind",
    ];
    let bad: Vec<_> = sources()
        .into_iter()
        .filter(|(p, _)| p == "src/cli.rs" || p == "src/main.rs")
        .flat_map(|(p, code)| {
            let code = product_part(&p, &code);
            policy
                .iter()
                .filter(|n| code.contains(**n))
                .map(|n| format!("{p}: {n}"))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(bad.is_empty(), "analysis policy in the binary: {bad:?}");
}

/// The stages return typed findings (`src/finding.rs`); `report::build` alone turns
/// them into the serialisable report's candidates and ranks them.
#[test]
fn only_the_report_builds_candidates() {
    let bad = offenders(
        &["Candidate {", "Candidate::new", ".rank = ", "root_cause = "],
        |p| p.starts_with("src/report/"),
        true,
    );
    assert!(
        bad.is_empty(),
        "candidates built outside src/report: {bad:?}"
    );
}

/// Every satisfiability question goes through the solver chain (`src/solver/`): its
/// layers and counters, not a z3 solver of a user's own.
#[test]
fn only_the_solver_chain_makes_a_z3_solver() {
    let bad = offenders(
        &["Solver::new", "z3::Solver", "z3::ast"],
        |p| p.starts_with("src/solver/") || p == "src/sym/solve.rs",
        true,
    );
    assert!(bad.is_empty(), "a z3 solver outside src/solver: {bad:?}");
}
