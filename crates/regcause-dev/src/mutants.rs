//! A second regression corpus of the contest shape (issue 29): small correct programs
//! written for it (`mutants/*.c`), each with tests, and one mutation per bad revision
//! (an operator swapped, a constant off by one, a statement or `break` deleted, a loop
//! bound moved, a cast added, a condition negated, two arguments swapped). A mutant is
//! kept only when gcc shows one of its program's tests failing at it, and never when it
//! does not build or does not end; the choice is deterministic for a given seed.
//!
//! Each regression is written as a sample folder (the format of `sample-repos/`), so
//! the sample builder, its gcc oracle and the root-cause benchmark take it as they take
//! the hand-written samples: `regcause-dev mutants OUT` writes them.

use std::fs;
use std::path::Path;
use std::time::Duration;

use crate::samples::{self, CommitSpec, Manifest, Regression, RootCause, SampleError, TestSpec};

/// A program of the corpus and its tests (argv[1..], stdin).
pub struct Program {
    pub name: &'static str,
    pub source: &'static str,
    pub tests: &'static [(&'static [&'static str], &'static str)],
}

/// The correct programs the mutants come from.
pub const PROGRAMS: &[Program] = &[
    Program {
        name: "isort",
        source: include_str!("../mutants/isort.c"),
        tests: &[(&[], "5 -2 9 0 3 3\n"), (&[], "4 1\n")],
    },
    Program {
        name: "parsenum",
        source: include_str!("../mutants/parsenum.c"),
        tests: &[(&[], "12 -7 x300\n45\n"), (&[], "-0 9 10\n")],
    },
    Program {
        name: "vowels",
        source: include_str!("../mutants/vowels.c"),
        tests: &[(&[], "Hello World\nAeiou xyz\n\n")],
    },
    Program {
        name: "series",
        source: include_str!("../mutants/series.c"),
        tests: &[(&["3", "4", "5"], ""), (&["10", "-3", "4"], "")],
    },
    Program {
        name: "grid",
        source: include_str!("../mutants/grid.c"),
        tests: &[(&[], "UURRRDLLLLLX\n"), (&[], "DDDDRU\n")],
    },
    Program {
        name: "gcd",
        source: include_str!("../mutants/gcd.c"),
        tests: &[(&[], "12 18\n7 5\n100 75\n")],
    },
    Program {
        name: "sieve",
        source: include_str!("../mutants/sieve.c"),
        tests: &[(&["50"], ""), (&["2"], "")],
    },
    Program {
        name: "rle",
        source: include_str!("../mutants/rle.c"),
        tests: &[(&[], "aaabccddddx\n"), (&[], "zz")],
    },
    Program {
        name: "brackets",
        source: include_str!("../mutants/brackets.c"),
        tests: &[(&[], "f(a[1], {b}) (x)\n"), (&[], "((]\n"), (&[], "{[\n")],
    },
    Program {
        name: "bsearch",
        source: include_str!("../mutants/bsearch.c"),
        tests: &[(&[], "2 13 144 7 200 0 55\n")],
    },
    Program {
        name: "caesar",
        source: include_str!("../mutants/caesar.c"),
        tests: &[(&["3"], "Hello, xyz!\n"), (&["-1"], "Ab\n")],
    },
    Program {
        name: "minmax",
        source: include_str!("../mutants/minmax.c"),
        tests: &[(&[], "4 -3 10 7\n"), (&[], "5\n")],
    },
    Program {
        name: "palin",
        source: include_str!("../mutants/palin.c"),
        tests: &[(&[], "121 123 4004 10\n")],
    },
    Program {
        name: "bubble",
        source: include_str!("../mutants/bubble.c"),
        tests: &[(&[], "3 1 2 5 4\n"), (&[], "1 2 3\n")],
    },
    Program {
        name: "firstneg",
        source: include_str!("../mutants/firstneg.c"),
        tests: &[(&[], "3 4 -1 5\n4 1 2 3 4\n2 -5 1\n")],
    },
    Program {
        name: "checksum",
        source: include_str!("../mutants/checksum.c"),
        tests: &[(&[], "hello\nworld, again\n")],
    },
    Program {
        name: "wordlen",
        source: include_str!("../mutants/wordlen.c"),
        tests: &[(&[], "a bb ccc dd extraordinarily long, x\n")],
    },
];

/// What a mutation did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Operator,
    Constant,
    LoopBound,
    Deleted,
    Break,
    Cast,
    Negated,
    SwapArgs,
}

impl Kind {
    pub const ALL: [Kind; 8] = [
        Kind::Operator,
        Kind::Constant,
        Kind::LoopBound,
        Kind::Deleted,
        Kind::Break,
        Kind::Cast,
        Kind::Negated,
        Kind::SwapArgs,
    ];

    /// The name used in regression ids (`KIND-LINE`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Operator => "operator",
            Kind::Constant => "constant",
            Kind::LoopBound => "loop-bound",
            Kind::Deleted => "deleted",
            Kind::Break => "break",
            Kind::Cast => "cast",
            Kind::Negated => "negated",
            Kind::SwapArgs => "swapped-args",
        }
    }
}

/// One mutation of a program: line `line` (0-based) becomes `new` (`None`: deleted).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mutation {
    pub line: usize,
    pub kind: Kind,
    pub new: Option<String>,
    pub what: String,
}

impl Mutation {
    /// The mutated source.
    pub fn apply(&self, source: &str) -> String {
        let mut out = String::with_capacity(source.len() + 16);
        for (i, l) in source.lines().enumerate() {
            if i == self.line {
                match &self.new {
                    Some(n) => out.push_str(n),
                    None => continue,
                }
            } else {
                out.push_str(l);
            }
            out.push('\n');
        }
        out
    }

    /// The ground-truth line in the mutant (1-based): the mutated line, or for a
    /// deleted line the line now where it was.
    pub fn ground_truth(&self) -> u32 {
        self.line as u32 + 1
    }
}

/// Which bytes of `line` are code, not inside a string or character literal (the
/// quotes themselves count as literal).
fn code_mask(line: &str) -> Vec<bool> {
    let b = line.as_bytes();
    let mut mask = vec![true; b.len()];
    let mut quote: Option<u8> = None;
    let mut i = 0;
    while i < b.len() {
        match quote {
            Some(q) => {
                mask[i] = false;
                if b[i] == b'\\' && i + 1 < b.len() {
                    mask[i + 1] = false;
                    i += 1;
                } else if b[i] == q {
                    quote = None;
                }
            }
            None if b[i] == b'"' || b[i] == b'\'' => {
                quote = Some(b[i]);
                mask[i] = false;
            }
            None => {}
        }
        i += 1;
    }
    mask
}

/// Lines that hold a statement or condition to mutate: not comments, directives,
/// blank lines or lone braces.
fn is_code(line: &str) -> bool {
    let t = line.trim();
    !(t.is_empty()
        || t.starts_with("/*")
        || t.starts_with('*')
        || t.starts_with("//")
        || t.starts_with('#')
        || t.chars().all(|c| "{};".contains(c)))
}

const TYPES: &[&str] = &[
    "int", "char", "long", "short", "unsigned", "signed", "void", "const", "static", "double",
];

fn starts_with_type(t: &str) -> bool {
    let first = t
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .next();
    first.is_some_and(|w| TYPES.contains(&w))
}

fn ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The byte range of a `for` header's condition (between its two `;`), if `line`
/// opens a `for`, or of a `while` condition.
fn loop_condition(line: &str) -> Option<(usize, usize)> {
    let t = line.trim_start();
    let off = line.len() - t.len();
    if t.starts_with("for (") {
        let first = line.find(';')?;
        let second = first + 1 + line[first + 1..].find(';')?;
        Some((first, second))
    } else if t.starts_with("while (") {
        let open = off + "while ".len();
        Some((open, matching_paren(line, open)?))
    } else {
        None
    }
}

/// The index of the `)` matching the `(` at `open`.
fn matching_paren(line: &str, open: usize) -> Option<usize> {
    let mask = code_mask(line);
    let mut depth = 0;
    for (i, c) in line.bytes().enumerate().skip(open) {
        if !mask[i] {
            continue;
        }
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

fn splice(line: &str, at: usize, len: usize, with: &str) -> String {
    format!("{}{}{}", &line[..at], with, &line[at + len..])
}

/// Every mutation of `source` the generator knows, in source order.
pub fn mutations(source: &str) -> Vec<Mutation> {
    let lines: Vec<&str> = source.lines().collect();
    let mut out = Vec::new();
    let mut prev_code = "";
    for (n, &line) in lines.iter().enumerate() {
        if !is_code(line) {
            continue;
        }
        let t = line.trim();
        let mask = code_mask(line);
        let b = line.as_bytes();
        let bound = loop_condition(line);
        let in_bound = |i: usize| bound.is_some_and(|(s, e)| s < i && i < e);
        let mut push = |kind: Kind, new: Option<String>, what: String| {
            out.push(Mutation {
                line: n,
                kind,
                new,
                what,
            })
        };
        // Relational, equality and logical operators.
        let mut i = 0;
        while i < b.len() {
            if !mask[i] {
                i += 1;
                continue;
            }
            // Bytes, not chars: a non-ASCII character next to an operator is no operator.
            let two = line.get(i..i + 2).unwrap_or("");
            let prev = if i > 0 { b[i - 1] } else { b' ' };
            let next = b.get(i + 1).copied().unwrap_or(b' ');
            let swap: Option<(usize, &str)> = match two {
                "<=" => Some((2, "<")),
                ">=" => Some((2, ">")),
                "==" => Some((2, "!=")),
                "!=" => Some((2, "==")),
                "&&" => Some((2, "||")),
                "||" => Some((2, "&&")),
                _ => match b[i] {
                    b'<' if next != b'<' && prev != b'<' => Some((1, "<=")),
                    b'>' if next != b'>' && prev != b'>' && prev != b'-' => Some((1, ">=")),
                    _ => None,
                },
            };
            if let Some((len, with)) = swap {
                let kind = if in_bound(i) && !["&&", "||"].contains(&with) {
                    Kind::LoopBound
                } else {
                    Kind::Operator
                };
                let old = &line[i..i + len];
                push(
                    kind,
                    Some(splice(line, i, len, with)),
                    format!("`{old}` became `{with}`"),
                );
                i += len;
                continue;
            }
            // Binary + and - (not ++, --, +=, -=, ->, unary).
            if (b[i] == b'+' || b[i] == b'-') && !starts_with_type(t) {
                let before = line[..i].trim_end().bytes().last();
                let binary = before.is_some_and(|c| ident_char(c) || c == b')' || c == b']');
                let glued =
                    matches!(next, b'+' | b'-' | b'=' | b'>') || matches!(prev, b'+' | b'-');
                if binary && !glued {
                    let with = if b[i] == b'+' { "-" } else { "+" };
                    push(
                        Kind::Operator,
                        Some(splice(line, i, 1, with)),
                        format!("`{}` became `{with}`", b[i] as char),
                    );
                }
            }
            i += 1;
        }
        // Integer constants, one more and one less.
        let mut i = 0;
        while i < b.len() {
            if mask[i] && b[i].is_ascii_digit() && (i == 0 || !ident_char(b[i - 1])) {
                let end = (i..b.len())
                    .find(|&k| !b[k].is_ascii_digit())
                    .unwrap_or(b.len());
                let literal = end == b.len() || !(ident_char(b[end]) || b[end] == b'.');
                let value: Option<i64> = line[i..end].parse().ok();
                if let (true, Some(v)) = (literal, value) {
                    let kind = if in_bound(i) {
                        Kind::LoopBound
                    } else {
                        Kind::Constant
                    };
                    for w in [v + 1, v - 1] {
                        if w >= 0 {
                            push(
                                kind,
                                Some(splice(line, i, end - i, &w.to_string())),
                                format!("`{v}` became `{w}`"),
                            );
                        }
                    }
                }
                i = end;
            } else {
                i += 1;
            }
        }
        // Negated conditions.
        for key in ["if (", "while ("] {
            if let Some(k) = line.find(key) {
                if mask[k] && (k == 0 || !ident_char(b[k - 1])) {
                    let open = k + key.len() - 1;
                    if let Some(close) = matching_paren(line, open) {
                        let cond = &line[open + 1..close];
                        let new = format!("{}(!({cond})){}", &line[..open], &line[close + 1..]);
                        push(Kind::Negated, Some(new), format!("`{cond}` negated"));
                    }
                }
            }
        }
        // Deleted statements and breaks: a whole simple statement on its own line.
        // The only statement of an unbraced `if`/loop body becomes an empty statement
        // instead (deleting the line would make the next line the body).
        let unbraced_body = {
            let p = prev_code.trim();
            p.ends_with(')') || p == "else"
        };
        let simple = t.ends_with(';')
            && !starts_with_type(t)
            && !["return", "for", "if", "while", "else", "}", "case", "do"]
                .iter()
                .any(|k| t.starts_with(k));
        if (simple || t == "break;") && n + 1 < lines.len() {
            let kind = if t == "break;" {
                Kind::Break
            } else {
                Kind::Deleted
            };
            let indent = &line[..line.len() - line.trim_start().len()];
            let new = unbraced_body.then(|| format!("{indent};"));
            push(kind, new, format!("`{t}` deleted"));
        }
        // A cast to `char` of an assignment's value.
        if t.ends_with(';') && !t.starts_with("for") && !t.starts_with("return") {
            if let Some(eq) = line.find(" = ") {
                let rhs = &line[eq + 3..line.len() - 1];
                if mask[eq + 1] && !rhs.trim().starts_with('{') && !rhs.contains('"') {
                    let new = format!("{} = (char)({rhs});", &line[..eq]);
                    push(
                        Kind::Cast,
                        Some(new),
                        format!("`{}` cast to char", rhs.trim()),
                    );
                }
            }
        }
        // Two neighbouring simple arguments of a call swapped.
        for (open, _) in line.match_indices('(').filter(|(k, _)| mask[*k]) {
            let callee = line[..open].bytes().last().is_some_and(ident_char);
            let word = line[..open]
                .rsplit(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                .next()
                .unwrap_or("");
            if !callee || ["if", "while", "for", "sizeof", "return"].contains(&word) {
                continue;
            }
            let Some(close) = matching_paren(line, open) else {
                continue;
            };
            let inner = &line[open + 1..close];
            if inner.contains('(') {
                continue;
            }
            let args: Vec<&str> = inner.split(',').map(str::trim).collect();
            for k in 0..args.len().saturating_sub(1) {
                let (a, c) = (args[k], args[k + 1]);
                // Not a string (a format), nor a parameter declaration.
                let plain = |x: &str| !x.is_empty() && !x.contains('"') && !starts_with_type(x);
                if !plain(a) || !plain(c) || a == c {
                    continue;
                }
                let mut swapped = args.clone();
                swapped.swap(k, k + 1);
                let new = format!(
                    "{}{}{}",
                    &line[..open + 1],
                    swapped.join(", "),
                    &line[close..]
                );
                push(
                    Kind::SwapArgs,
                    Some(new),
                    format!("arguments `{a}` and `{c}` of `{word}` swapped"),
                );
            }
        }
        prev_code = line;
    }
    out
}

/// A small deterministic generator (xorshift64*), so a seed names one corpus.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            v.swap(i, j);
        }
    }
}

/// The order in which mutations of `source` are tried: kinds taken in turn (so every
/// kind a program offers is tried early), each kind's mutations shuffled by `seed`.
pub fn order(source: &str, seed: u64) -> Vec<Mutation> {
    let mut rng = Rng(seed | 1);
    let all = mutations(source);
    let mut groups: Vec<Vec<Mutation>> = Kind::ALL
        .iter()
        .map(|k| all.iter().filter(|m| m.kind == *k).cloned().collect())
        .collect();
    for g in &mut groups {
        rng.shuffle(g);
        g.reverse();
    }
    let mut out = Vec::new();
    while groups.iter().any(|g| !g.is_empty()) {
        for g in &mut groups {
            out.extend(g.pop());
        }
    }
    out
}

/// What `generate` wrote.
#[derive(Debug, Default)]
pub struct Summary {
    /// Sample folders written (one regression each).
    pub written: Vec<String>,
    /// Mutants tried and left out: they did not build, did not end, or passed every test.
    pub rejected: usize,
}

const BUILD: &str = "gcc -std=gnu11 -O0 -w -o {out} ";

fn test_spec(p: &Program, k: usize, expected: &samples::NativeRun) -> TestSpec {
    let (args, stdin) = p.tests[k];
    TestSpec {
        program: p.name.into(),
        args: args.iter().map(|a| a.to_string()).collect(),
        stdin: Some(stdin.into()),
        stdin_file: None,
        expected_stdout: String::from_utf8_lossy(&expected.stdout).into_owned(),
        expected_exit: expected.exit.unwrap_or(-1),
    }
}

/// Builds `source` as program `name` in `dir` with gcc and runs each test of `p`; `None`
/// when it does not build, or a run does not end within two seconds.
fn native_runs(
    p: &Program,
    source: &str,
    dir: &Path,
) -> Result<Option<Vec<samples::NativeRun>>, SampleError> {
    let file = format!("{}.c", p.name);
    fs::write(dir.join(&file), source).map_err(|source| SampleError::Io {
        path: dir.join(&file),
        source,
    })?;
    let exe = dir.join(p.name);
    let built = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{}{}", BUILD.replace("{out}", p.name), file))
        .current_dir(dir)
        .output()
        .map_err(|source| SampleError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
    if !built.status.success() {
        return Ok(None);
    }
    let mut runs = Vec::new();
    for (args, stdin) in p.tests {
        let spec = TestSpec {
            program: p.name.into(),
            args: args.iter().map(|a| a.to_string()).collect(),
            stdin: Some(stdin.to_string()),
            stdin_file: None,
            expected_stdout: String::new(),
            expected_exit: 0,
        };
        match samples::run_native(&exe, &spec, dir, dir, Duration::from_secs(2)) {
            Ok(r) => runs.push(r),
            Err(SampleError::Timeout { .. }) => return Ok(None),
            Err(e) => return Err(e),
        }
    }
    Ok(Some(runs))
}

/// Writes up to `per_program` regressions of each program into `out` (one sample
/// folder `PROGRAM-KIND-LINE` each), trying mutations in `order(source, seed)` and
/// keeping those gcc shows failing a test.
pub fn generate(out: &Path, seed: u64, per_program: usize) -> Result<Summary, SampleError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| SampleError::Io { path, source }
    };
    fs::create_dir_all(out).map_err(io(out))?;
    let work = out.join(".work");
    fs::create_dir_all(&work).map_err(io(&work))?;
    let mut summary = Summary::default();
    for p in PROGRAMS {
        let Some(expected) = native_runs(p, p.source, &work)? else {
            return Err(SampleError::Invalid {
                sample: p.name.into(),
                message: "the correct program does not build or does not end".into(),
            });
        };
        let mut kept = 0;
        let mut seen = std::collections::HashSet::new();
        for m in order(p.source, seed) {
            if kept == per_program {
                break;
            }
            let mutant = m.apply(p.source);
            if mutant == p.source || !seen.insert(mutant.clone()) {
                continue;
            }
            let failing = native_runs(p, &mutant, &work)?.and_then(|runs| {
                runs.iter()
                    .zip(&expected)
                    .position(|(r, e)| r.stdout != e.stdout || r.exit != e.exit)
            });
            let Some(k) = failing else {
                summary.rejected += 1;
                continue;
            };
            let name = format!("{}-{}-{}", p.name, m.kind.name(), m.line + 1);
            write_sample(
                &out.join(&name),
                p,
                &m,
                &mutant,
                test_spec(p, k, &expected[k]),
            )?;
            summary.written.push(name);
            kept += 1;
        }
    }
    fs::remove_dir_all(&work).map_err(io(&work))?;
    Ok(summary)
}

fn write_sample(
    dir: &Path,
    p: &Program,
    m: &Mutation,
    mutant: &str,
    test: TestSpec,
) -> Result<(), SampleError> {
    let file = format!("{}.c", p.name);
    for (commit, text) in [("c01", p.source), ("c02", mutant)] {
        let d = dir.join(commit);
        fs::create_dir_all(&d).map_err(|source| SampleError::Io {
            path: d.clone(),
            source,
        })?;
        fs::write(d.join(&file), text).map_err(|source| SampleError::Io {
            path: d.join(&file),
            source,
        })?;
    }
    let manifest = Manifest {
        description: format!(
            "Mutant of the correct program {}: {} on line {} (issue 29's contest-shaped corpus).",
            p.name,
            m.what,
            m.line + 1
        ),
        build: Some(format!("{BUILD}{file}")),
        commits: vec![
            CommitSpec {
                dir: "c01".into(),
                message: format!("Add {}", p.name),
                tags: vec!["good".into()],
                build: None,
            },
            CommitSpec {
                dir: "c02".into(),
                message: format!("Change line {}", m.line + 1),
                tags: vec!["bad".into()],
                build: None,
            },
        ],
        regressions: vec![Regression {
            id: format!("{}-{}", m.kind.name(), m.line + 1),
            good: "good".into(),
            bad: "bad".into(),
            why: format!("mutation {}: {}", m.kind.name(), m.what),
            test,
            root_causes: vec![RootCause {
                file,
                line: m.ground_truth(),
            }],
        }],
        extra_tests: Vec::new(),
    };
    let text = toml::to_string(&manifest).map_err(|e| SampleError::Invalid {
        sample: dir.display().to_string(),
        message: format!("manifest does not serialise: {e}"),
    })?;
    let path = dir.join("sample.toml");
    fs::write(&path, text).map_err(|source| SampleError::Io { path, source })
}

/// The kind of a mutant regression, from its id (`KIND-LINE`).
pub fn kind_of(regression_id: &str) -> Option<Kind> {
    Kind::ALL.into_iter().find(|k| {
        regression_id
            .strip_prefix(k.name())
            .is_some_and(|r| r.starts_with('-'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = "int f(int a, int b)\n{\n    int s = 0;\n\n    for (i = 0; i < n; i++) {\n        s = s + a;\n        if (s >= 10)\n            break;\n        g(a, b);\n    }\n    printf(\"<%d>\", s);\n    return s;\n}\n";

    fn kinds_at(line: usize) -> Vec<(Kind, Option<String>)> {
        mutations(SRC)
            .into_iter()
            .filter(|m| m.line == line)
            .map(|m| (m.kind, m.new))
            .collect()
    }

    /// Non-ASCII text beside code (the C corpus's Latin-1 and UTF-8 strings, read as
    /// UTF-8 with replacement characters) offers the code's mutations, not a panic.
    #[test]
    fn non_ascii_text_beside_operators_is_not_cut() {
        let src = "static const char raw[] = \"\u{fffd}|\u{fffd}t\u{fffd}|\u{fffd}\";   /* \u{fffd} in a comment too */\nint f(int a) { return a <= 3 && a != 1; }\n";
        let ms = mutations(src);
        assert!(
            ms.iter()
                .any(|m| m.line == 1 && m.new.as_deref().is_some_and(|n| n.contains("a < 3"))),
            "{ms:?}"
        );
    }

    #[test]
    fn each_kind_of_mutation_is_offered_where_it_applies() {
        let bound = kinds_at(4);
        assert!(bound.contains(&(
            Kind::LoopBound,
            Some("    for (i = 0; i <= n; i++) {".into())
        )));
        assert!(bound.contains(&(Kind::Constant, Some("    for (i = 1; i < n; i++) {".into()))));
        let body = kinds_at(5);
        assert!(body.contains(&(Kind::Operator, Some("        s = s - a;".into()))));
        assert!(body.contains(&(Kind::Deleted, None)));
        assert!(body.contains(&(Kind::Cast, Some("        s = (char)(s + a);".into()))));
        let cond = kinds_at(6);
        assert!(cond.contains(&(Kind::Negated, Some("        if (!(s >= 10))".into()))));
        assert!(cond.contains(&(Kind::Operator, Some("        if (s > 10)".into()))));
        // The break is the unbraced body of the `if`: it becomes an empty statement.
        assert_eq!(
            kinds_at(7),
            vec![(Kind::Break, Some("            ;".into()))]
        );
        // Parameter declarations are not arguments.
        assert!(kinds_at(0).iter().all(|(k, _)| *k != Kind::SwapArgs));
        assert!(kinds_at(8).contains(&(Kind::SwapArgs, Some("        g(b, a);".into()))));
        // Nothing inside the string literal; `return` is not deleted.
        assert!(kinds_at(10).iter().all(|(k, _)| *k != Kind::Operator));
        assert!(kinds_at(11).iter().all(|(k, _)| *k != Kind::Deleted));
    }

    #[test]
    fn a_deletion_names_the_line_now_where_it_was() {
        let m = mutations(SRC)
            .into_iter()
            .find(|m| m.kind == Kind::Deleted && m.line == 5)
            .expect("deletion offered");
        let mutant = m.apply(SRC);
        let now: Vec<&str> = mutant.lines().collect();
        assert_eq!(now[m.ground_truth() as usize - 1].trim(), "if (s >= 10)");
    }

    #[test]
    fn the_order_is_fixed_by_the_seed() {
        for p in PROGRAMS {
            assert_eq!(order(p.source, 29), order(p.source, 29));
            assert_eq!(mutations(p.source).len(), order(p.source, 29).len());
        }
        assert_ne!(order(PROGRAMS[0].source, 29), order(PROGRAMS[0].source, 30));
        assert_eq!(kind_of("loop-bound-12"), Some(Kind::LoopBound));
        assert_eq!(kind_of("deleted-3"), Some(Kind::Deleted));
    }

    /// The corpus itself: at least 50 regressions, every kind represented, each a
    /// valid sample whose mutant gcc shows failing its test (checked again here
    /// through the samples' own loader and native runner).
    #[test]
    fn the_generated_corpus_has_fifty_failing_mutants_of_every_kind() {
        let dir = tempfile::tempdir().unwrap();
        let s = generate(dir.path(), 29, 5).unwrap();
        assert!(
            s.written.len() >= 50,
            "only {} regressions",
            s.written.len()
        );
        let all = samples::all(dir.path()).unwrap();
        assert_eq!(all.len(), s.written.len());
        for k in Kind::ALL {
            assert!(
                all.iter()
                    .any(|s| kind_of(&s.manifest.regressions[0].id) == Some(k)),
                "no mutant of kind {k:?}"
            );
        }
        for s in all.iter().take(8) {
            let r = &s.manifest.regressions[0];
            let work = tempfile::tempdir().unwrap();
            let exe = work.path().join("bad");
            let tree = s.snapshot_dir(&r.bad).unwrap();
            samples::build_native(s, &r.bad, &tree, &exe, &[]).unwrap();
            let run =
                samples::run_native(&exe, &r.test, &s.dir, work.path(), Duration::from_secs(5));
            let failed = match run {
                Ok(run) => {
                    run.stdout != r.test.expected_stdout.as_bytes()
                        || run.exit != Some(r.test.expected_exit)
                }
                Err(_) => true,
            };
            assert!(failed, "{}: the mutant passes its test", s.name);
        }
    }
}
