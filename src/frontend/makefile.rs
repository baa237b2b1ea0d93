//! What a tree's Makefile says about a program automatic mode could not find: the rule
//! building it, its `.c` files and its `-D`/`-U`/`-I` flags, offered as a hint (never
//! applied: make's language is far larger than this reading of it, and a guessed
//! configuration would be a silent one).
//!
//! antirez/sds builds `sds-test` from `sds.c` with `-DSDS_TEST_MAIN`: a user naming
//! `-- ./sds-test` was told only that no program has that name, and naming `./sds` that
//! no file defines `main`.

use std::collections::HashMap;
use std::path::Path;

/// The rule of a Makefile that builds a program.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Rule {
    /// The Makefile's path in the tree.
    pub makefile: String,
    /// The program it builds, as the rule names it.
    pub target: String,
    /// The `.c` files its prerequisites and recipe name, relative to the tree root.
    pub sources: Vec<String>,
    /// Its `-D`, `-U` and `-I` flags, one token each (`-DNAME=1`, `-Iinclude`), the
    /// `-I` directories relative to the tree root.
    pub flags: Vec<String>,
}

/// The Makefiles looked at: the root's and those one directory down (`test/Makefile`).
fn makefiles(root: &Path) -> Vec<String> {
    const NAMES: [&str; 3] = ["GNUmakefile", "makefile", "Makefile"];
    let mut found: Vec<String> = NAMES
        .iter()
        .filter(|n| root.join(n).is_file())
        .map(|n| n.to_string())
        .collect();
    let mut dirs: Vec<String> = std::fs::read_dir(root)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|d| !d.starts_with('.'))
        .collect();
    dirs.sort();
    for d in dirs {
        for n in NAMES {
            if root.join(&d).join(n).is_file() {
                found.push(format!("{d}/{n}"));
            }
        }
    }
    found
}

/// The logical lines of a Makefile: continuations joined, comments dropped, recipe
/// lines keeping their leading tab.
fn logical_lines(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    for raw in text.lines() {
        let line = match raw.find('#') {
            Some(k) if !raw[..k].ends_with('\\') => &raw[..k],
            _ => raw,
        };
        match line.strip_suffix('\\') {
            Some(head) => {
                cur.push_str(head);
                cur.push(' ');
            }
            None => {
                cur.push_str(line);
                out.push(std::mem::take(&mut cur));
            }
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// `text` with `$(NAME)` and `${NAME}` replaced by the variables' values (a few
/// levels deep; an unknown variable by nothing, as make does).
fn expand(text: &str, vars: &HashMap<String, String>, depth: usize) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(k) = rest.find('$') {
        out.push_str(&rest[..k]);
        let after = &rest[k + 1..];
        let close = match after.chars().next() {
            Some('(') => ')',
            Some('{') => '}',
            _ => {
                // `$@`, `$<`, `$$`: automatic variables, kept as they are.
                out.push('$');
                rest = after;
                continue;
            }
        };
        match after.find(close) {
            Some(end) => {
                let name = after[1..end].trim();
                if let Some(v) = vars.get(name).filter(|_| depth > 0) {
                    out.push_str(&expand(v, vars, depth - 1));
                }
                rest = &after[end + 1..];
            }
            None => {
                out.push_str(&rest[k..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The path `p`, written in a Makefile in directory `dir` of the tree, relative to the
/// tree root.
fn in_tree(dir: &str, p: &str) -> String {
    let mut parts: Vec<&str> = dir.split('/').filter(|c| !c.is_empty()).collect();
    for c in p.split('/') {
        match c {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            c => parts.push(c),
        }
    }
    parts.join("/")
}

/// The rule of `text` (a Makefile in directory `dir`) whose target is `name` (or a
/// path ending in it), if any.
fn rule_in(text: &str, dir: &str, name: &str) -> Option<(Vec<String>, Vec<String>)> {
    let lines = logical_lines(text);
    let mut vars: HashMap<String, String> = HashMap::new();
    for l in lines.iter().filter(|l| !l.starts_with('\t')) {
        let Some(eq) = l.find('=') else { continue };
        if l[..eq].contains(':') && !l[..eq].ends_with(':') {
            continue; // a rule with `=` in its prerequisites, or a target-specific one
        }
        let (lhs, op_append) = match l[..eq].trim_end() {
            s if s.ends_with("+") => (s.trim_end_matches('+'), true),
            s => (s.trim_end_matches([':', '?', '!']), false),
        };
        let key = lhs
            .trim()
            .trim_start_matches("override ")
            .trim()
            .to_string();
        if key.is_empty() || key.contains(char::is_whitespace) {
            continue;
        }
        let val = l[eq + 1..].trim().to_string();
        match (op_append, vars.get_mut(&key)) {
            (true, Some(v)) => {
                v.push(' ');
                v.push_str(&val);
            }
            _ => {
                vars.insert(key, val);
            }
        }
    }
    for (k, l) in lines.iter().enumerate() {
        let Some(colon) = rule_colon(l) else { continue };
        let targets = expand(&l[..colon], &vars, 4);
        let ours = targets.split_whitespace().any(|t| {
            let t = t.strip_prefix("./").unwrap_or(t);
            t == name || t.rsplit('/').next() == Some(name)
        });
        if !ours {
            continue;
        }
        let mut words: Vec<String> = expand(&l[colon + 1..], &vars, 4)
            .split_whitespace()
            .map(str::to_string)
            .collect();
        for r in lines[k + 1..].iter().take_while(|r| r.starts_with('\t')) {
            words.extend(expand(r, &vars, 4).split_whitespace().map(str::to_string));
        }
        let mut sources: Vec<String> = Vec::new();
        let mut flags: Vec<String> = Vec::new();
        let mut it = words.iter();
        while let Some(w) = it.next() {
            let w = w.trim_matches(['"', '\'']);
            if w.ends_with(".c") && !w.starts_with('-') && !w.contains('$') {
                let s = in_tree(dir, w);
                if !sources.contains(&s) {
                    sources.push(s);
                }
                continue;
            }
            for (flag, dirlike) in [("-D", false), ("-U", false), ("-I", true)] {
                let Some(v) = w.strip_prefix(flag) else {
                    continue;
                };
                let v = match v.is_empty() {
                    true => it.next().map(|s| s.as_str()).unwrap_or(""),
                    false => v,
                };
                if v.is_empty() || v.contains('$') {
                    break;
                }
                let v = match dirlike {
                    true => in_tree(dir, v),
                    false => v.to_string(),
                };
                let f = format!("{flag}{v}");
                if !flags.contains(&f) {
                    flags.push(f);
                }
                break;
            }
        }
        return Some((sources, flags));
    }
    None
}

/// Where the colon of rule line `l` is: not a recipe line, a variable assignment or
/// a `:=` one.
fn rule_colon(l: &str) -> Option<usize> {
    if l.starts_with('\t') {
        return None;
    }
    let colon = l.find(':')?;
    (!l[..colon].contains('=') && !l[colon..].starts_with(":=")).then_some(colon)
}

/// A Makefile of the tree, read once: its path in the tree and its text.
struct Makefile {
    path: String,
    text: String,
}

/// The rule of one of the tree's Makefiles building program `name` from `.c` files;
/// else the rule building a program from `name.c` (the user named the file, the
/// build another program).
pub(crate) fn rule_for(root: &Path, name: &str) -> Option<Rule> {
    let mfs: Vec<Makefile> = makefiles(root)
        .into_iter()
        .filter_map(|path| {
            let text = std::fs::read(root.join(&path)).ok()?;
            let text = String::from_utf8_lossy(&text).into_owned();
            Some(Makefile { path, text })
        })
        .collect();
    rule_named(&mfs, name).or_else(|| {
        let all: Vec<String> = mfs.iter().flat_map(|m| targets(&m.text)).collect();
        all.iter().filter(|t| t.as_str() != name).find_map(|t| {
            rule_named(&mfs, t).filter(|r| {
                r.sources
                    .iter()
                    .any(|s| Path::new(s).file_stem().is_some_and(|x| x == name))
            })
        })
    })
}

/// The plain targets of a Makefile's rules (no variables, no patterns, no `.PHONY`).
fn targets(text: &str) -> Vec<String> {
    logical_lines(text)
        .iter()
        .filter_map(|l| Some(&l[..rule_colon(l)?]))
        .flat_map(|t| t.split_whitespace())
        .filter(|t| !t.contains(['$', '%']) && !t.starts_with('.'))
        .map(|t| t.rsplit('/').next().unwrap_or(t).to_string())
        .collect()
}

fn rule_named(mfs: &[Makefile], name: &str) -> Option<Rule> {
    mfs.iter().find_map(|m| {
        let dir = Path::new(&m.path)
            .parent()
            .map(|d| d.to_string_lossy().into_owned())
            .unwrap_or_default();
        let (sources, flags) = rule_in(&m.text, &dir, name)?;
        (!sources.is_empty()).then(|| Rule {
            makefile: m.path.clone(),
            target: name.to_string(),
            sources,
            flags,
        })
    })
}

impl Rule {
    /// What to tell the user: the command-line flags and program name that run the
    /// rule's program when it is one `.c` file, else a `regcause.toml` entry.
    pub(crate) fn hint(&self) -> String {
        let name = &self.target;
        let spaced: Vec<String> = self
            .flags
            .iter()
            .map(|f| format!("{} {}", &f[..2], &f[2..]))
            .collect();
        let with = match self.flags.is_empty() {
            true => String::new(),
            false => format!(" with {}", self.flags.join(" ")),
        };
        let head = format!(
            "{} builds `{name}` from {}{with}",
            self.makefile,
            self.sources.join(", ")
        );
        if let [one] = self.sources.as_slice() {
            let program = one.strip_suffix(".c").unwrap_or(one);
            let mut args = spaced.clone();
            args.push(format!("-- ./{program}"));
            return format!("{head}: run it as `{}`", args.join(" "));
        }
        let list = |v: Vec<String>| {
            v.iter()
                .map(|s| format!("\"{s}\""))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let by = |flag: &str| -> Vec<String> {
            self.flags
                .iter()
                .filter_map(|f| f.strip_prefix(flag).map(str::to_string))
                .collect()
        };
        let mut toml = format!(
            "[[program]]\n    name = \"{name}\"\n    sources = [{}]",
            list(self.sources.clone())
        );
        for (key, flag) in [("include", "-I"), ("defines", "-D"), ("undefines", "-U")] {
            let v = by(flag);
            if !v.is_empty() {
                toml.push_str(&format!("\n    {key} = [{}]", list(v)));
            }
        }
        format!("{head}: describe it in regcause.toml (in the working tree, or --config FILE):\n    {toml}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_gives_its_sources_and_flags() {
        // antirez/sds's Makefile.
        let sds = "all: sds-test\n\nsds-test: sds.c sds.h testhelp.h sdsalloc.h\n\
\t$(CC) -o sds-test sds.c -Wall -std=c99 -pedantic -O2 -DSDS_TEST_MAIN\n\
\t@echo \">>> Type ./sds-test to run the sds.c unit tests.\"\n\nclean:\n\trm -f sds-test\n";
        assert_eq!(
            rule_in(sds, "", "sds-test"),
            Some((vec!["sds.c".into()], vec!["-DSDS_TEST_MAIN".into()]))
        );
        assert_eq!(rule_in(sds, "", "other"), None);
        // Variables, continuations, a Makefile one directory down, `-I dir` apart.
        let test = "CFLAGS = -I ../src -DALLOC_TESTING \\\n  -O0\nSRC := ../src/list.c\n\
# a comment: with a colon\ntest-list: test-list.c $(SRC) framework.c\n\t$(CC) $(CFLAGS) -o $@ $^\n";
        assert_eq!(
            rule_in(test, "test", "test-list"),
            Some((
                vec![
                    "test/test-list.c".into(),
                    "src/list.c".into(),
                    "test/framework.c".into()
                ],
                vec!["-Isrc".into(), "-DALLOC_TESTING".into()]
            ))
        );
    }

    #[test]
    fn the_hint_is_a_command_line_or_a_config_entry() {
        let one = Rule {
            makefile: "Makefile".into(),
            target: "sds-test".into(),
            sources: vec!["sds.c".into()],
            flags: vec!["-DSDS_TEST_MAIN".into()],
        };
        assert_eq!(
            one.hint(),
            "Makefile builds `sds-test` from sds.c with -DSDS_TEST_MAIN: run it as `-D SDS_TEST_MAIN -- ./sds`"
        );
        let two = Rule {
            makefile: "test/Makefile".into(),
            target: "t".into(),
            sources: vec!["test/t.c".into(), "src/l.c".into()],
            flags: vec!["-Isrc".into(), "-DX=1".into()],
        };
        assert_eq!(
            two.hint(),
            "test/Makefile builds `t` from test/t.c, src/l.c with -Isrc -DX=1: describe it in regcause.toml (in the working tree, or --config FILE):\n    [[program]]\n    name = \"t\"\n    sources = [\"test/t.c\", \"src/l.c\"]\n    include = [\"src\"]\n    defines = [\"X=1\"]"
        );
    }
}
