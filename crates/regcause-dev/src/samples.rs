//! The sample corpus: small C programs with known regressions, kept as folders of
//! snapshots under `sample-repos/` (format: SAMPLES-FORMAT.md) and turned into real git
//! repositories on demand, so end-to-end tests run regcause exactly as a user would.
//!
//! Building is deterministic (fixed signature, fixed dates, sorted trees), so the same
//! sample always yields the same commit ids and test expectations can name them.

use std::collections::{BTreeMap, HashSet};
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use git2::{FileMode, ObjectType, Oid, Repository, RepositoryInitOptions, Signature, Time};
use serde::{Deserialize, Serialize};

/// Author and committer of every sample commit.
pub const SIGNATURE_NAME: &str = "Regcause Samples";
pub const SIGNATURE_EMAIL: &str = "samples@regcause.invalid";
/// 2024-01-01T12:00:00Z; commit k (1-based) is dated this plus k days.
pub const EPOCH_BASE: i64 = 1_704_110_400;
const DAY: i64 = 86_400;
/// The branch every sample repository is built on.
pub const BRANCH: &str = "main";

#[derive(Debug, thiserror::Error)]
pub enum SampleError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path}: invalid manifest: {source}")]
    Manifest {
        path: PathBuf,
        #[source]
        source: toml::de::Error,
    },
    #[error("sample `{sample}`: {message}")]
    Invalid { sample: String, message: String },
    #[error("sample `{sample}`: git: {context}: {source}")]
    Git {
        sample: String,
        context: String,
        #[source]
        source: git2::Error,
    },
    #[error("{0}: destination exists and is not an empty directory")]
    DestinationNotEmpty(PathBuf),
    #[error("sample `{sample}` at `{rev}`: native build failed ({status}):\n{stderr}")]
    Build {
        sample: String,
        rev: String,
        status: String,
        stderr: String,
    },
    #[error("{program}: timed out after {seconds} s")]
    Timeout { program: PathBuf, seconds: u64 },
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> SampleError + '_ {
    move |source| SampleError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// `sample.toml`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub description: String,
    /// Native build command with `{out}` for the output path, run at the tree root.
    #[serde(default)]
    pub build: Option<String>,
    #[serde(rename = "commit")]
    pub commits: Vec<CommitSpec>,
    #[serde(rename = "regression", default)]
    pub regressions: Vec<Regression>,
    /// `[[extra_test]]`: further tests of the last commit (which they must pass), used
    /// by the large samples to pin behaviour beyond the regressions.
    #[serde(rename = "extra_test", default)]
    pub extra_tests: Vec<TestSpec>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommitSpec {
    pub dir: String,
    pub message: String,
    #[serde(default)]
    pub tags: Vec<String>,
    /// Overrides the top-level build command for this commit.
    #[serde(default)]
    pub build: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Regression {
    pub id: String,
    pub good: String,
    pub bad: String,
    pub why: String,
    pub test: TestSpec,
    #[serde(rename = "root_cause")]
    pub root_causes: Vec<RootCause>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestSpec {
    pub program: String,
    #[serde(default)]
    pub args: Vec<String>,
    #[serde(default)]
    pub stdin: Option<String>,
    /// Relative to the sample folder (not part of any commit).
    #[serde(default)]
    pub stdin_file: Option<String>,
    pub expected_stdout: String,
    #[serde(default)]
    pub expected_exit: i32,
}

impl TestSpec {
    /// The test's standard input, or `None` when it has none.
    pub fn stdin_bytes(&self, sample_dir: &Path) -> Result<Option<Vec<u8>>, SampleError> {
        match (&self.stdin, &self.stdin_file) {
            (Some(_), Some(_)) => Err(SampleError::Invalid {
                sample: sample_dir.display().to_string(),
                message: format!(
                    "test of `{}` gives both `stdin` and `stdin_file`",
                    self.program
                ),
            }),
            (Some(text), None) => Ok(Some(text.as_bytes().to_vec())),
            (None, Some(file)) => {
                let path = sample_dir.join(file);
                fs::read(&path).map(Some).map_err(io_err(&path))
            }
            (None, None) => Ok(None),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RootCause {
    /// Path in the tree of the bad revision.
    pub file: String,
    /// 1-based line in the bad revision.
    pub line: u32,
}

/// A loaded and validated sample.
#[derive(Debug, Clone)]
pub struct Sample {
    pub name: String,
    pub dir: PathBuf,
    pub manifest: Manifest,
}

impl Sample {
    /// The commit spec carrying tag `tag`.
    pub fn commit_of_tag(&self, tag: &str) -> Option<&CommitSpec> {
        self.manifest
            .commits
            .iter()
            .find(|c| c.tags.iter().any(|t| t == tag))
    }

    /// Folder of the snapshot that `rev` (a tag or a commit folder name) names.
    pub fn snapshot_dir(&self, rev: &str) -> Option<PathBuf> {
        self.resolve(rev).map(|c| self.dir.join(&c.dir))
    }

    /// The native build command at `rev` (a tag or a commit folder name).
    pub fn build_command(&self, rev: &str) -> Result<&str, SampleError> {
        let commit = self
            .resolve(rev)
            .ok_or_else(|| self.invalid(format!("no commit or tag named `{rev}`")))?;
        commit
            .build
            .as_deref()
            .or(self.manifest.build.as_deref())
            .ok_or_else(|| self.invalid(format!("no build command for commit `{}`", commit.dir)))
    }

    fn resolve(&self, rev: &str) -> Option<&CommitSpec> {
        self.manifest
            .commits
            .iter()
            .find(|c| c.dir == rev)
            .or_else(|| self.commit_of_tag(rev))
    }

    fn invalid(&self, message: String) -> SampleError {
        SampleError::Invalid {
            sample: self.name.clone(),
            message,
        }
    }
}

/// Reads `sample_dir/sample.toml` and checks it against the snapshots.
pub fn load(sample_dir: &Path) -> Result<Sample, SampleError> {
    let name = sample_dir
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default()
        .to_string();
    let manifest_path = sample_dir.join("sample.toml");
    let text = fs::read_to_string(&manifest_path).map_err(io_err(&manifest_path))?;
    let manifest: Manifest = toml::from_str(&text).map_err(|source| SampleError::Manifest {
        path: manifest_path.clone(),
        source,
    })?;
    let sample = Sample {
        name,
        dir: sample_dir.to_path_buf(),
        manifest,
    };
    validate(&sample)?;
    Ok(sample)
}

/// Every sample folder under `samples_root` (those holding a `sample.toml`), by name.
pub fn all(samples_root: &Path) -> Result<Vec<Sample>, SampleError> {
    let mut dirs = Vec::new();
    for entry in fs::read_dir(samples_root).map_err(io_err(samples_root))? {
        let entry = entry.map_err(io_err(samples_root))?;
        let path = entry.path();
        let hidden = entry.file_name().to_string_lossy().starts_with('.');
        if path.is_dir() && !hidden {
            dirs.push(path);
        }
    }
    dirs.sort();
    let mut samples = Vec::new();
    for dir in dirs {
        if !dir.join("sample.toml").is_file() {
            return Err(SampleError::Invalid {
                sample: dir.display().to_string(),
                message: "folder has no sample.toml".into(),
            });
        }
        samples.push(load(&dir)?);
    }
    Ok(samples)
}

fn validate(sample: &Sample) -> Result<(), SampleError> {
    let m = &sample.manifest;
    let bad = |message: String| Err(sample.invalid(message));
    let name_ok = !sample.name.is_empty()
        && sample
            .name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !name_ok {
        return bad("folder name must be lower-case letters, digits and dashes".into());
    }
    if m.commits.is_empty() {
        return bad("no [[commit]]".into());
    }
    let mut dirs = HashSet::new();
    let mut tags = HashSet::new();
    for commit in &m.commits {
        if !dirs.insert(commit.dir.as_str()) {
            return bad(format!("commit folder `{}` listed twice", commit.dir));
        }
        if commit.message.trim().is_empty() {
            return bad(format!("commit `{}` has an empty message", commit.dir));
        }
        let snapshot = sample.dir.join(&commit.dir);
        if !snapshot.is_dir() {
            return bad(format!("commit folder `{}` does not exist", commit.dir));
        }
        // Walk now so that unsupported entries surface at load time, not mid-build.
        snapshot_files(sample, &snapshot)?;
        for tag in &commit.tags {
            if !git2::Reference::is_valid_name(&format!("refs/tags/{tag}")) {
                return bad(format!("`{tag}` is not a valid tag name"));
            }
            if !tags.insert(tag.as_str()) {
                return bad(format!("tag `{tag}` used twice"));
            }
        }
        sample.build_command(&commit.dir)?;
    }
    for test in &m.extra_tests {
        if test.program.is_empty() {
            return bad("extra_test with an empty program".into());
        }
        test.stdin_bytes(&sample.dir)?;
    }
    let mut ids = HashSet::new();
    for reg in &m.regressions {
        if !ids.insert(reg.id.as_str()) {
            return bad(format!("regression id `{}` used twice", reg.id));
        }
        for tag in [&reg.good, &reg.bad] {
            if !tags.contains(tag.as_str()) {
                return bad(format!("regression `{}`: no tag `{tag}`", reg.id));
            }
        }
        if reg.good == reg.bad {
            return bad(format!(
                "regression `{}`: good and bad are the same",
                reg.id
            ));
        }
        if reg.test.program.is_empty() {
            return bad(format!("regression `{}`: empty test program", reg.id));
        }
        reg.test.stdin_bytes(&sample.dir)?;
        if reg.root_causes.is_empty() {
            return bad(format!("regression `{}`: no root_cause", reg.id));
        }
        let bad_dir = sample.snapshot_dir(&reg.bad).unwrap_or_default();
        for rc in &reg.root_causes {
            let path = bad_dir.join(&rc.file);
            if !path.is_file() || rc.file.contains("..") {
                return bad(format!(
                    "regression `{}`: root cause file `{}` is not in `{}`",
                    reg.id, rc.file, reg.bad
                ));
            }
            let text = fs::read(&path).map_err(io_err(&path))?;
            let lines = count_lines(&text);
            if rc.line == 0 || rc.line as usize > lines {
                return bad(format!(
                    "regression `{}`: {}:{} is outside the file ({} lines)",
                    reg.id, rc.file, rc.line, lines
                ));
            }
        }
    }
    Ok(())
}

fn count_lines(text: &[u8]) -> usize {
    let newlines = text.iter().filter(|&&b| b == b'\n').count();
    match text.last() {
        Some(b'\n') | None => newlines,
        Some(_) => newlines + 1,
    }
}

/// Files of a snapshot as (path relative to the snapshot with `/` separators, full
/// path), sorted. Only regular files and non-empty directories are allowed, since git
/// would silently drop anything else.
fn snapshot_files(sample: &Sample, root: &Path) -> Result<Vec<(String, PathBuf)>, SampleError> {
    let mut out = Vec::new();
    walk(sample, root, "", &mut out)?;
    out.sort();
    Ok(out)
}

fn walk(
    sample: &Sample,
    dir: &Path,
    prefix: &str,
    out: &mut Vec<(String, PathBuf)>,
) -> Result<(), SampleError> {
    let mut any = false;
    for entry in fs::read_dir(dir).map_err(io_err(dir))? {
        let entry = entry.map_err(io_err(dir))?;
        let path = entry.path();
        let Some(name) = entry.file_name().to_str().map(str::to_string) else {
            return Err(sample.invalid(format!("{}: non-UTF-8 file name", path.display())));
        };
        if name == ".git" {
            return Err(sample.invalid(format!("{}: snapshots hold no .git", path.display())));
        }
        let rel = if prefix.is_empty() {
            name
        } else {
            format!("{prefix}/{name}")
        };
        let ftype = fs::symlink_metadata(&path)
            .map_err(io_err(&path))?
            .file_type();
        if ftype.is_dir() {
            walk(sample, &path, &rel, out)?;
        } else if ftype.is_file() {
            out.push((rel, path));
        } else {
            return Err(sample.invalid(format!("{}: not a regular file", path.display())));
        }
        any = true;
    }
    if !any {
        return Err(sample.invalid(format!("{}: empty directory", dir.display())));
    }
    Ok(())
}

/// Creates a git repository at `dest` (absent or empty) holding the sample's history on
/// branch `main`, its tags, and a worktree checked out at the last commit.
pub fn build_repo(sample: &Sample, dest: &Path) -> Result<(), SampleError> {
    if dest.exists() {
        let mut entries = fs::read_dir(dest).map_err(io_err(dest))?;
        if entries.next().is_some() {
            return Err(SampleError::DestinationNotEmpty(dest.to_path_buf()));
        }
    }
    let git = |context: String| {
        let name = sample.name.clone();
        move |source| SampleError::Git {
            sample: name,
            context,
            source,
        }
    };
    let mut opts = RepositoryInitOptions::new();
    opts.initial_head(BRANCH).mkpath(true);
    let repo = Repository::init_opts(dest, &opts).map_err(git("init".into()))?;
    let main_ref = format!("refs/heads/{BRANCH}");
    let mut parent: Option<Oid> = None;
    for (k, commit) in sample.manifest.commits.iter().enumerate() {
        let tree_id = write_tree(sample, &repo, &sample.dir.join(&commit.dir))?;
        let tree = repo
            .find_tree(tree_id)
            .map_err(git(format!("tree of {}", commit.dir)))?;
        let time = Time::new(EPOCH_BASE + (k as i64 + 1) * DAY, 0);
        let sig = Signature::new(SIGNATURE_NAME, SIGNATURE_EMAIL, &time)
            .map_err(git("signature".into()))?;
        let parents = match parent {
            Some(id) => vec![repo.find_commit(id).map_err(git("parent".into()))?],
            None => Vec::new(),
        };
        let parent_refs: Vec<&git2::Commit> = parents.iter().collect();
        let id = repo
            .commit(
                Some(&main_ref),
                &sig,
                &sig,
                &clean_message(&commit.message),
                &tree,
                &parent_refs,
            )
            .map_err(git(format!("commit {}", commit.dir)))?;
        let object = repo
            .find_object(id, Some(ObjectType::Commit))
            .map_err(git(format!("commit {}", commit.dir)))?;
        for tag in &commit.tags {
            repo.tag_lightweight(tag, &object, false)
                .map_err(git(format!("tag {tag}")))?;
        }
        parent = Some(id);
    }
    repo.set_head(&main_ref).map_err(git("set HEAD".into()))?;
    let mut checkout = git2::build::CheckoutBuilder::new();
    checkout.force();
    repo.checkout_head(Some(&mut checkout))
        .map_err(git("checkout".into()))?;
    Ok(())
}

/// Like `git commit`'s default cleanup: no trailing blank lines, one final newline.
fn clean_message(message: &str) -> String {
    let mut text = message.trim_end().to_string();
    text.push('\n');
    text
}

fn write_tree(sample: &Sample, repo: &Repository, root: &Path) -> Result<Oid, SampleError> {
    let git = |context: String| {
        let name = sample.name.clone();
        move |source| SampleError::Git {
            sample: name,
            context,
            source,
        }
    };
    // Group files by directory; build trees bottom-up (longest paths first).
    let files = snapshot_files(sample, root)?;
    let mut dirs: BTreeMap<String, Vec<(String, Oid, FileMode)>> = BTreeMap::new();
    dirs.entry(String::new()).or_default();
    for (rel, path) in files {
        let bytes = fs::read(&path).map_err(io_err(&path))?;
        let blob = repo.blob(&bytes).map_err(git(format!("blob {rel}")))?;
        let (parent, name) = split_parent(&rel);
        dirs.entry(parent.to_string())
            .or_default()
            .push((name.to_string(), blob, FileMode::Blob));
        // Register every ancestor so that each gets a tree entry in its own parent.
        let mut dir = parent.to_string();
        while !dir.is_empty() {
            let (up, _) = split_parent(&dir);
            dirs.entry(up.to_string()).or_default();
            dirs.entry(dir.clone()).or_default();
            dir = up.to_string();
        }
    }
    let mut order: Vec<String> = dirs.keys().cloned().collect();
    order.sort_by_key(|d| std::cmp::Reverse(d.matches('/').count() + usize::from(!d.is_empty())));
    let mut built: BTreeMap<String, Oid> = BTreeMap::new();
    for dir in order {
        let mut builder = repo.treebuilder(None).map_err(git("treebuilder".into()))?;
        for (name, oid, mode) in &dirs[&dir] {
            builder
                .insert(name, *oid, (*mode).into())
                .map_err(git(format!("tree entry {dir}/{name}")))?;
        }
        let prefix = if dir.is_empty() {
            String::new()
        } else {
            format!("{dir}/")
        };
        for (sub, oid) in &built {
            if let Some(rest) = sub.strip_prefix(&prefix) {
                if !rest.is_empty() && !rest.contains('/') {
                    builder
                        .insert(rest, *oid, FileMode::Tree.into())
                        .map_err(git(format!("tree entry {sub}")))?;
                }
            }
        }
        let oid = builder.write().map_err(git(format!("tree {dir}")))?;
        built.insert(dir, oid);
    }
    built
        .get("")
        .copied()
        .ok_or_else(|| sample.invalid("empty snapshot".into()))
}

fn split_parent(rel: &str) -> (&str, &str) {
    match rel.rfind('/') {
        Some(i) => (&rel[..i], &rel[i + 1..]),
        None => ("", rel),
    }
}

/// Writes the tree of `rev` (any revision git understands) of `repo` into `dest`.
pub fn export_tree(repo: &Repository, rev: &str, dest: &Path) -> Result<(), SampleError> {
    let git = |context: String| {
        move |source| SampleError::Git {
            sample: repo.path().display().to_string(),
            context,
            source,
        }
    };
    let tree = repo
        .revparse_single(rev)
        .and_then(|o| o.peel_to_tree())
        .map_err(git(format!("resolve {rev}")))?;
    let mut failure: Option<SampleError> = None;
    tree.walk(git2::TreeWalkMode::PreOrder, |root, entry| {
        let Some(name) = entry.name() else {
            return git2::TreeWalkResult::Ok;
        };
        let path = dest.join(root).join(name);
        let result = match entry.kind() {
            Some(ObjectType::Tree) => fs::create_dir_all(&path).map_err(io_err(&path)),
            Some(ObjectType::Blob) => repo
                .find_blob(entry.id())
                .map_err(git(format!("blob {}", path.display())))
                .and_then(|blob| {
                    if let Some(parent) = path.parent() {
                        fs::create_dir_all(parent).map_err(io_err(parent))?;
                    }
                    fs::write(&path, blob.content()).map_err(io_err(&path))
                }),
            _ => Ok(()),
        };
        match result {
            Ok(()) => git2::TreeWalkResult::Ok,
            Err(e) => {
                failure = Some(e);
                git2::TreeWalkResult::Abort
            }
        }
    })
    .or_else(|e| if failure.is_some() { Ok(()) } else { Err(e) })
    .map_err(git(format!("walk {rev}")))?;
    match failure {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Builds the program of `tree` (a snapshot of revision `rev`, a tag or commit folder
/// name) with the manifest's native build command, run by `sh` at the tree root, plus
/// `extra_flags` appended (e.g. sanitizers). Returns the compiler's diagnostics.
pub fn build_native(
    sample: &Sample,
    rev: &str,
    tree: &Path,
    out: &Path,
    extra_flags: &[&str],
) -> Result<String, SampleError> {
    let template = sample.build_command(rev)?;
    let mut command = template.replace("{out}", &shell_quote(&out.display().to_string()));
    for flag in extra_flags {
        command.push(' ');
        command.push_str(&shell_quote(flag));
    }
    let output = Command::new("sh")
        .arg("-c")
        .arg(&command)
        .current_dir(tree)
        .output()
        .map_err(io_err(tree))?;
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    if !output.status.success() {
        return Err(SampleError::Build {
            sample: sample.name.clone(),
            rev: rev.to_string(),
            status: output.status.to_string(),
            stderr,
        });
    }
    Ok(stderr)
}

fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// What a native run of a test produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NativeRun {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// `None` when killed by a signal.
    pub exit: Option<i32>,
}

/// Runs `exe` with the test's arguments and stdin, in `cwd`, for at most `timeout`.
pub fn run_native(
    exe: &Path,
    test: &TestSpec,
    sample_dir: &Path,
    cwd: &Path,
    timeout: Duration,
) -> Result<NativeRun, SampleError> {
    let stdin = test.stdin_bytes(sample_dir)?.unwrap_or_default();
    let mut child = Command::new(exe)
        .args(&test.args)
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(io_err(exe))?;
    // Feed stdin and drain the pipes on threads so a chatty program cannot deadlock us.
    let mut input = child.stdin.take();
    let writer = std::thread::spawn(move || {
        if let Some(pipe) = input.as_mut() {
            // A program may exit without reading all its input; that is not an error.
            let _ = pipe.write_all(&stdin);
        }
    });
    let mut out_pipe = child.stdout.take();
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(pipe) = out_pipe.as_mut() {
            let _ = pipe.read_to_end(&mut buf);
        }
        buf
    });
    let mut err_pipe = child.stderr.take();
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(pipe) = err_pipe.as_mut() {
            let _ = pipe.read_to_end(&mut buf);
        }
        buf
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(io_err(exe))? {
            break status;
        }
        if start.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            return Err(SampleError::Timeout {
                program: exe.to_path_buf(),
                seconds: timeout.as_secs(),
            });
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = writer.join();
    let stdout = reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    Ok(NativeRun {
        stdout,
        stderr,
        exit: status.code(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples_root() -> PathBuf {
        if let Ok(dir) = std::env::var("REGCAUSE_SAMPLES") {
            return PathBuf::from(dir);
        }
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../sample-repos"))
    }

    fn head_chain(repo: &Repository) -> Vec<Oid> {
        let mut ids = Vec::new();
        let mut commit = repo.head().unwrap().peel_to_commit().unwrap();
        loop {
            ids.push(commit.id());
            match commit.parents().next() {
                Some(p) => commit = p,
                None => break,
            }
        }
        ids.reverse();
        ids
    }

    #[test]
    fn every_sample_loads_and_builds_deterministically() {
        let samples = all(&samples_root()).unwrap();
        assert!(!samples.is_empty(), "no samples under {:?}", samples_root());
        let names: Vec<&str> = samples.iter().map(|s| s.name.as_str()).collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted);
        for sample in &samples {
            let a = tempfile::tempdir().unwrap();
            let b = tempfile::tempdir().unwrap();
            build_repo(sample, a.path()).unwrap();
            build_repo(sample, &b.path().join("nested/clone")).unwrap();
            let repo_a = Repository::open(a.path()).unwrap();
            let repo_b = Repository::open(b.path().join("nested/clone")).unwrap();
            let chain = head_chain(&repo_a);
            assert_eq!(
                chain.len(),
                sample.manifest.commits.len(),
                "{}",
                sample.name
            );
            assert_eq!(
                chain,
                head_chain(&repo_b),
                "{}: not deterministic",
                sample.name
            );
            assert_eq!(repo_a.head().unwrap().shorthand(), Some(BRANCH));
            for (k, spec) in sample.manifest.commits.iter().enumerate() {
                let commit = repo_a.find_commit(chain[k]).unwrap();
                assert_eq!(commit.time().seconds(), EPOCH_BASE + (k as i64 + 1) * DAY);
                assert_eq!(commit.author().email(), Some(SIGNATURE_EMAIL));
                for tag in &spec.tags {
                    let target = repo_a.revparse_single(&format!("refs/tags/{tag}")).unwrap();
                    assert_eq!(target.id(), chain[k], "{}: tag {tag}", sample.name);
                }
                // The snapshot round-trips through git unchanged.
                let out = tempfile::tempdir().unwrap();
                export_tree(&repo_a, &chain[k].to_string(), out.path()).unwrap();
                let want = snapshot_files(sample, &sample.dir.join(&spec.dir)).unwrap();
                let got = snapshot_files(sample, out.path()).unwrap();
                let rel = |v: &Vec<(String, PathBuf)>| -> Vec<String> {
                    v.iter().map(|(r, _)| r.clone()).collect()
                };
                assert_eq!(rel(&want), rel(&got), "{} {}", sample.name, spec.dir);
                for ((_, w), (_, g)) in want.iter().zip(&got) {
                    assert_eq!(fs::read(w).unwrap(), fs::read(g).unwrap());
                }
            }
            // The worktree is a clean checkout of the last commit.
            let statuses = repo_a.statuses(None).unwrap();
            assert_eq!(statuses.len(), 0, "{}: dirty worktree", sample.name);
            let last = sample.manifest.commits.last().unwrap();
            for (rel, path) in snapshot_files(sample, &sample.dir.join(&last.dir)).unwrap() {
                assert_eq!(
                    fs::read(a.path().join(&rel)).unwrap(),
                    fs::read(path).unwrap()
                );
            }
        }
    }

    #[test]
    fn build_repo_refuses_a_non_empty_destination() {
        let samples = all(&samples_root()).unwrap();
        let dest = tempfile::tempdir().unwrap();
        fs::write(dest.path().join("x"), "y").unwrap();
        assert!(matches!(
            build_repo(&samples[0], dest.path()),
            Err(SampleError::DestinationNotEmpty(_))
        ));
    }

    #[test]
    fn load_rejects_a_root_cause_outside_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("tiny");
        fs::create_dir_all(root.join("c01")).unwrap();
        fs::create_dir_all(root.join("c02")).unwrap();
        fs::write(root.join("c01/m.c"), "int main(void){return 0;}\n").unwrap();
        fs::write(root.join("c02/m.c"), "int main(void){return 1;}\n").unwrap();
        let manifest = |line: u32| {
            format!(
                "description = \"d\"\nbuild = \"gcc -o {{out}} m.c\"\n\
                 [[commit]]\ndir = \"c01\"\nmessage = \"a\"\ntags = [\"g\"]\n\
                 [[commit]]\ndir = \"c02\"\nmessage = \"b\"\ntags = [\"b\"]\n\
                 [[regression]]\nid = \"r\"\ngood = \"g\"\nbad = \"b\"\nwhy = \"w\"\n\
                 [regression.test]\nprogram = \"m\"\nexpected_stdout = \"\"\n\
                 [[regression.root_cause]]\nfile = \"m.c\"\nline = {line}\n"
            )
        };
        fs::write(root.join("sample.toml"), manifest(1)).unwrap();
        load(&root).unwrap();
        fs::write(root.join("sample.toml"), manifest(2)).unwrap();
        assert!(matches!(load(&root), Err(SampleError::Invalid { .. })));
    }

    fn sanitizer_report(stderr: &[u8]) -> bool {
        let text = String::from_utf8_lossy(stderr);
        text.contains("runtime error") || text.contains("Sanitizer")
    }

    /// Exports `git_rev` of `repo`, builds it as revision `rev` of the sample and returns
    /// the executable (inside `work`); compiler warnings are recorded as failures.
    #[allow(clippy::too_many_arguments)]
    fn build_at(
        sample: &Sample,
        repo: &Repository,
        git_rev: &str,
        rev: &str,
        program: &str,
        work: &Path,
        extra_flags: &[&str],
        failures: &mut Vec<String>,
    ) -> (PathBuf, PathBuf) {
        let tree = work.join("tree");
        fs::create_dir_all(&tree).unwrap();
        export_tree(repo, git_rev, &tree).unwrap();
        let exe = work.join(program);
        let diagnostics =
            build_native(sample, rev, &tree, &exe, extra_flags).unwrap_or_else(|e| panic!("{e}"));
        if diagnostics.contains("warning:") {
            failures.push(format!(
                "{} at {rev}: compiler warnings:\n{diagnostics}",
                sample.name
            ));
        }
        (exe, tree)
    }

    fn run_checked(
        exe: &Path,
        test: &TestSpec,
        sample: &Sample,
        tree: &Path,
        what: &str,
        failures: &mut Vec<String>,
    ) -> Result<NativeRun, SampleError> {
        let run = run_native(exe, test, &sample.dir, tree, Duration::from_secs(20));
        if let Ok(r) = &run {
            if sanitizer_report(&r.stderr) {
                failures.push(format!("{what}: {}", String::from_utf8_lossy(&r.stderr)));
            }
        }
        run
    }

    fn expect_pass(
        run: &Result<NativeRun, SampleError>,
        test: &TestSpec,
        what: &str,
    ) -> Option<String> {
        match run {
            Err(e) => Some(format!("{what}: {e}")),
            Ok(r)
                if r.stdout != test.expected_stdout.as_bytes()
                    || r.exit != Some(test.expected_exit) =>
            {
                Some(format!(
                    "{what}: prints {:?} (exit {:?}), expected {:?} (exit {})",
                    String::from_utf8_lossy(&r.stdout),
                    r.exit,
                    test.expected_stdout,
                    test.expected_exit
                ))
            }
            Ok(_) => None,
        }
    }

    /// Samples whose revisions read one element past an array on purpose (issue 29's
    /// kind 7: undefined behaviour a native build survives), so a sanitizer stops them.
    const UNDEFINED_BY_DESIGN: &[&str] = &["order-ids", "peaks"];

    /// The corpus's own oracle: with gcc, good passes the test and bad fails it, and the
    /// last commit passes every extra test.
    fn check_with_gcc(extra_flags: &[&str]) {
        let mut samples = all(&samples_root()).unwrap();
        if !extra_flags.is_empty() {
            samples.retain(|s| !UNDEFINED_BY_DESIGN.contains(&s.name.as_str()));
        }
        let mut failures = Vec::new();
        for sample in &samples {
            let repo_dir = tempfile::tempdir().unwrap();
            build_repo(sample, repo_dir.path()).unwrap();
            let repo = Repository::open(repo_dir.path()).unwrap();
            for reg in &sample.manifest.regressions {
                let tag = format!("{}/{}", sample.name, reg.id);
                let mut runs = Vec::new();
                for rev in [&reg.good, &reg.bad] {
                    let work = tempfile::tempdir().unwrap();
                    let (exe, tree) = build_at(
                        sample,
                        &repo,
                        &format!("refs/tags/{rev}"),
                        rev,
                        &reg.test.program,
                        work.path(),
                        extra_flags,
                        &mut failures,
                    );
                    let what = format!("{tag} at {rev}");
                    runs.push(run_checked(
                        &exe,
                        &reg.test,
                        sample,
                        &tree,
                        &what,
                        &mut failures,
                    ));
                }
                if let Some(f) = expect_pass(&runs[0], &reg.test, &format!("{tag} good")) {
                    failures.push(f);
                }
                match (&runs[0], &runs[1]) {
                    // A hang in the bad revision is a failure of the test too.
                    (_, Err(SampleError::Timeout { .. })) => {}
                    (_, Err(e)) => failures.push(format!("{tag}: bad run: {e}")),
                    (Ok(good), Ok(bad)) => {
                        if bad.stdout == good.stdout && bad.exit == good.exit {
                            failures.push(format!("{tag}: bad revision passes the test"));
                        }
                    }
                    (Err(_), Ok(_)) => {}
                }
            }
            if let Some(last) = sample.manifest.commits.last() {
                for (i, test) in sample.manifest.extra_tests.iter().enumerate() {
                    let work = tempfile::tempdir().unwrap();
                    let (exe, tree) = build_at(
                        sample,
                        &repo,
                        "HEAD",
                        &last.dir,
                        &test.program,
                        work.path(),
                        extra_flags,
                        &mut failures,
                    );
                    let what = format!("{} extra_test {i}", sample.name);
                    let run = run_checked(&exe, test, sample, &tree, &what, &mut failures);
                    if let Some(f) = expect_pass(&run, test, &what) {
                        failures.push(f);
                    }
                }
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn every_regression_reproduces_with_gcc() {
        check_with_gcc(&[]);
    }

    /// Slow; run with `cargo test -- --ignored` when samples change.
    #[test]
    #[ignore]
    fn every_regression_is_sanitizer_clean() {
        check_with_gcc(&["-fsanitize=address,undefined", "-fno-sanitize-recover=all"]);
    }
}
