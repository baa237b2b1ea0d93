//! Which translation units are the test's own source (a unit test's file), whose
//! literals passed to the code under test become inputs (`ir::Literal`).
//!
//! The rule: the units whose path (relative to the tree root) matches one of the
//! configured globs (`tests = [...]` in `regcause.toml`, `--test-files`); without any
//! configured, the unit defining `main` when the program has other units (a test
//! driver linked with the code it tests), with every unit under the test directory it
//! sits in (`tests/`, `test/`, ...: a vendored framework such as cJSON's
//! `tests/unity/src/unity.c`, a shared fixture, an allocation shim are the test's own
//! code, so the expected values and `__LINE__`s its assertion macros pass them are
//! constants, not inputs), or when that unit alone includes a header of
//! the tree defining a function with external linkage (a header-only library's test,
//! as jsmn's: the code under test comes with the header). Otherwise a program of one
//! file has no test file: its `main` sits beside the code under test, and a header of
//! only `static` functions holds the test's own helpers, whose literal arguments are
//! expected values. (`oracle` turns the default off for a test given arguments or
//! stdin: that `main` drives a program.)

use std::path::Path;

use super::lower::{defined_functions, includes_a_library, ParsedUnit};

/// For each unit, its tree-relative path when it is a test file (`None` otherwise).
pub(crate) fn select(
    root: &Path,
    sources: &[std::path::PathBuf],
    units: &[ParsedUnit],
    globs: Option<&[String]>,
) -> Vec<Option<String>> {
    let rel: Vec<String> = sources
        .iter()
        .map(|f| {
            f.strip_prefix(root)
                .unwrap_or(f)
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    match globs {
        Some(globs) => rel
            .into_iter()
            .map(|r| globs.iter().any(|g| glob_match(g, &r)).then_some(r))
            .collect(),
        None if units.len() >= 2 => {
            let mains: Vec<bool> = units
                .iter()
                .map(|u| defined_functions(u).iter().any(|f| f == "main"))
                .collect();
            let harness: Vec<String> = (0..units.len())
                .filter(|&i| mains[i])
                .filter_map(|i| test_dir(&rel[i]))
                .collect();
            rel.into_iter()
                .zip(mains)
                .map(|(r, main)| {
                    let under = harness.iter().any(|d| r.starts_with(d.as_str()));
                    (main || under).then_some(r)
                })
                .collect()
        }
        None => match (units, rel.as_slice()) {
            ([u], [r])
                if defined_functions(u).iter().any(|f| f == "main") && includes_a_library(u, r) =>
            {
                vec![Some(r.clone())]
            }
            _ => vec![None; units.len()],
        },
    }
}

/// The test directory holding the test file at `rel` (up to its first directory named
/// as test directories are, with a trailing `/`), if it sits in one.
fn test_dir(rel: &str) -> Option<String> {
    const NAMES: [&str; 8] = [
        "test",
        "tests",
        "testing",
        "t",
        "unittest",
        "unittests",
        "unit_tests",
        "unit-tests",
    ];
    let parent = std::path::Path::new(rel).parent()?;
    let mut dir = String::new();
    for c in parent.components() {
        let c = c.as_os_str().to_string_lossy();
        dir.push_str(&c);
        dir.push('/');
        if NAMES.contains(&c.to_ascii_lowercase().as_str()) {
            return Some(dir);
        }
    }
    None
}

/// Whether `path` matches `glob`: `*` any characters but `/`, `**` any characters, `?`
/// one character but `/`; a leading `./` of the glob is ignored.
pub fn glob_match(glob: &str, path: &str) -> bool {
    let g = glob.strip_prefix("./").unwrap_or(glob).as_bytes();
    matches_from(g, path.as_bytes())
}

fn matches_from(g: &[u8], p: &[u8]) -> bool {
    match g {
        [] => p.is_empty(),
        [b'*', b'*', rest @ ..] => {
            // `**/` also matches no directory at all.
            let rest_no_slash = rest.strip_prefix(b"/").unwrap_or(rest);
            (0..=p.len()).any(|k| matches_from(rest, &p[k..])) || matches_from(rest_no_slash, p)
        }
        [b'*', rest @ ..] => {
            let mut k = 0;
            loop {
                if matches_from(rest, &p[k..]) {
                    return true;
                }
                if k == p.len() || p[k] == b'/' {
                    return false;
                }
                k += 1;
            }
        }
        [b'?', rest @ ..] => p.first().is_some_and(|c| *c != b'/') && matches_from(rest, &p[1..]),
        [c, rest @ ..] => p.first() == Some(c) && matches_from(rest, &p[1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::{glob_match, test_dir};

    #[test]
    fn a_test_files_test_directory_is_its_first_named_so() {
        assert_eq!(test_dir("tests/parse_number.c").as_deref(), Some("tests/"));
        assert_eq!(test_dir("lib/Test/unit/t.c").as_deref(), Some("lib/Test/"));
        assert_eq!(test_dir("test_main.c"), None);
        assert_eq!(test_dir("src/test_list.c"), None);
        assert_eq!(test_dir("testsuite/x.c"), None);
    }

    #[test]
    fn globs_match_paths_as_documented() {
        assert!(glob_match("tests/*.c", "tests/t_parse.c"));
        assert!(!glob_match("tests/*.c", "tests/unit/t_parse.c"));
        assert!(glob_match("tests/**/*.c", "tests/unit/t_parse.c"));
        assert!(glob_match("tests/**/*.c", "tests/t_parse.c"));
        assert!(glob_match("**/test_*.c", "a/b/test_x.c"));
        assert!(glob_match("./test?.c", "test1.c"));
        assert!(!glob_match("test?.c", "test12.c"));
        assert!(!glob_match("*.c", "src/lib.c"));
        assert!(glob_match("test.c", "test.c"));
    }
}
