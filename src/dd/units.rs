//! Preprocessed translation units kept across the subsets of one hunk search, for the
//! trees the splicer cannot assemble. A unit's `cc -E` output depends only on the flags,
//! the bundled headers and the text of the files it read, which its line markers name;
//! a later subset whose copies of those files have the same text takes the output
//! again instead of running the preprocessor. In a program of several files most
//! subsets change one of them, so the others' units are taken again.

use std::collections::{BTreeMap, HashMap};
use std::path::{Component, Path, PathBuf};

use crate::frontend::{self, hash_of, ProgramSpec};
use crate::ir::Program;

/// What makes preprocessed text stale without showing in the files a unit read.
const UNCACHEABLE: &[&str] = &["__has_include", "__TIME__", "__DATE__", "__TIMESTAMP__"];

/// One preprocessing of a unit: the tree files it read with their text's hash, and its
/// output.
type Preprocessed = (Vec<(String, u64)>, String);

#[derive(Default)]
pub struct UnitCache {
    /// Per unit (path relative to the tree) and hash of the flags.
    entries: HashMap<(String, u64), Vec<Preprocessed>>,
    /// Units whose preprocessed text was taken again.
    pub reused: usize,
    /// Units preprocessed (`cc -E` runs).
    pub preprocessed: usize,
    /// Declarations parsed in earlier subsets, for this and the spliced texts.
    pub parse: frontend::ParseCache,
}

/// `p` relative to `root`, with `.` and `..` resolved by name (as the preprocessor
/// names an included file: `src/../include/x.h`); None outside the tree.
fn tree_relative(root: &Path, p: &Path) -> Option<String> {
    let rel = if p.is_absolute() {
        p.strip_prefix(root).ok()?
    } else {
        p
    };
    let mut parts: Vec<String> = Vec::new();
    for c in rel.components() {
        match c {
            Component::Normal(s) => parts.push(s.to_str()?.to_string()),
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(parts.join("/"))
}

/// The files of the tree that preprocessed `text` read (from its line markers), with
/// their text's hash; None when one cannot be named or makes the text uncacheable.
fn read_files(
    root: &Path,
    text: &str,
    files: &BTreeMap<String, String>,
) -> Option<Vec<(String, u64)>> {
    let mut deps: BTreeMap<String, u64> = BTreeMap::new();
    for line in text.lines() {
        let Some((_, quoted, _)) = frontend::line_marker(line) else {
            continue;
        };
        let Some(name) = quoted.strip_prefix('"').and_then(|t| t.strip_suffix('"')) else {
            continue;
        };
        // gcc's own pseudo-files, and headers outside the tree (regcause's bundled
        // headers, which do not change during a search).
        if name.starts_with('<')
            || (Path::new(name).is_absolute() && !name.starts_with(&*root.to_string_lossy()))
        {
            continue;
        }
        let rel = tree_relative(root, Path::new(name))?;
        if deps.contains_key(&rel) {
            continue;
        }
        let t = files.get(&rel)?;
        if UNCACHEABLE.iter().any(|w| t.contains(w)) {
            return None;
        }
        deps.insert(rel, hash_of(t));
    }
    Some(deps.into_iter().collect())
}

impl UnitCache {
    /// Load `program` from the tree written at `root`, whose files are `files`.
    pub fn load(
        &mut self,
        root: &Path,
        files: &BTreeMap<String, String>,
        program: &str,
        config: &crate::config::Config,
    ) -> Option<Program> {
        let spec: ProgramSpec = frontend::find_program(root, config, program).ok()?;
        let rel_dirs: Vec<Option<String>> = spec
            .includes
            .iter()
            .map(|p| tree_relative(root, p).or_else(|| p.to_str().map(str::to_string)))
            .collect();
        let flags = hash_of(&(rel_dirs, &spec.defines, &spec.undefines, &spec.unit_flags));
        let mut units = Vec::with_capacity(spec.sources.len());
        for f in &spec.sources {
            let rel = tree_relative(root, f).unwrap_or_else(|| f.display().to_string());
            let key = (rel, flags);
            let known = self.entries.get(&key).and_then(|es| {
                es.iter().find(|(deps, _)| {
                    deps.iter()
                        .all(|(p, h)| files.get(p).is_some_and(|t| hash_of(t) == *h))
                })
            });
            let text = match known {
                Some((_, text)) => {
                    self.reused += 1;
                    text.clone()
                }
                None => {
                    self.preprocessed += 1;
                    let text = match frontend::preprocess(root, &PathBuf::from(f), &spec) {
                        Ok(t) => t,
                        // A unit the program does without, as `frontend::load` leaves it.
                        Err(e) if spec.does_without(f, &e) => continue,
                        Err(_) => return None,
                    };
                    if let Some(deps) = read_files(root, &text, files) {
                        self.entries
                            .entry(key)
                            .or_default()
                            .push((deps, text.clone()));
                    }
                    text
                }
            };
            match frontend::parse_preprocessed_with(text, &mut self.parse) {
                Ok(u) => units.push(u),
                Err(e) if spec.does_without(f, &e) => {}
                Err(_) => return None,
            }
        }
        frontend::lower_units(&units).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_named_inside_the_tree() {
        let root = Path::new("/tmp/t");
        assert_eq!(
            tree_relative(root, Path::new("src/../include/x.h")).as_deref(),
            Some("include/x.h")
        );
        assert_eq!(
            tree_relative(root, Path::new("/tmp/t/./a.c")).as_deref(),
            Some("a.c")
        );
        assert_eq!(tree_relative(root, Path::new("/usr/include/x.h")), None);
        assert_eq!(tree_relative(root, Path::new("../x.h")), None);
    }

    /// A unit is taken again only while every file it read keeps its text: a changed
    /// header is preprocessed again, an unrelated file is not looked at.
    #[test]
    fn units_are_reused_while_the_files_they_read_are_unchanged() {
        let write = |files: &BTreeMap<String, String>| {
            let d = tempfile::tempdir().expect("tempdir");
            for (p, t) in files {
                std::fs::write(d.path().join(p), t).expect("write");
            }
            d
        };
        let mut files = BTreeMap::new();
        files.insert("v.h".to_string(), "#define V 1\n".to_string());
        files.insert(
            "main.c".to_string(),
            "#include \"v.h\"\nint f(void);\nint main(void) { return V + f(); }\n".to_string(),
        );
        files.insert("f.c".to_string(), "int f(void) { return 2; }\n".to_string());
        files.insert("notes.txt".to_string(), "one\n".to_string());
        let mut c = UnitCache::default();
        let exit = |p: &Program, d: &Path| {
            let input = crate::exec::RunInput {
                argv: vec![b"main".to_vec()],
                stdin: Vec::new(),
                cwd: Some(d.to_path_buf()),
                root: None,
                env: Vec::new(),
                files: Vec::new(),
                literals: Vec::new(),
            };
            match crate::exec::run(p, &input, crate::exec::Limits::default()).outcome {
                crate::exec::Outcome::Exit(n) => Some(n),
                _ => None,
            }
        };
        let d = write(&files);
        let p = c
            .load(d.path(), &files, "main", &Default::default())
            .expect("loads");
        assert_eq!(exit(&p, d.path()), Some(3));
        assert_eq!(c.reused, 0);
        files.insert("notes.txt".to_string(), "two\n".to_string());
        let d = write(&files);
        let p = c
            .load(d.path(), &files, "main", &Default::default())
            .expect("loads");
        assert_eq!(exit(&p, d.path()), Some(3));
        assert_eq!(c.reused, 2, "both units taken again");
        files.insert("v.h".to_string(), "#define V 5\n".to_string());
        let d = write(&files);
        let p = c
            .load(d.path(), &files, "main", &Default::default())
            .expect("loads");
        assert_eq!(exit(&p, d.path()), Some(7), "the changed header is read");
        assert_eq!(c.reused, 3, "only f.c taken again");
    }
}
