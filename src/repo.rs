//! git: resolving revisions and materialising their trees into scratch directories.
//! Nothing here writes to the user's repository: no checkout, no index, no HEAD.

use std::path::{Path, PathBuf};

use git2::{ObjectType, Repository, TreeWalkMode, TreeWalkResult};

#[derive(Debug, thiserror::Error)]
pub enum RepoError {
    #[error("not a git repository (or any parent up to the filesystem root): {path}")]
    NotARepo { path: String },
    #[error("unknown revision `{rev}`: {msg}")]
    UnknownRevision { rev: String, msg: String },
    #[error("`{rev}` does not name a commit")]
    NotACommit { rev: String },
    #[error("{path} is in revision `{rev}`: an overlay is for a file the revisions lack (a header the build generates), not one they hold")]
    OverlayTracked { path: String, rev: String },
    #[error("cannot materialise revision `{rev}`: {msg}")]
    Materialise { rev: String, msg: String },
    #[error("the repository has no commits yet, so there is no revision `{rev}` to analyse")]
    NoCommits { rev: String },
    #[error("no revisions given and no `git bisect` in progress or finished here (refs/bisect/bad does not exist): give GOOD and BAD, or run `git bisect` first")]
    NoBisect,
    #[error("the first bad commit {commit} has no parent to compare it with")]
    NoParent { commit: String },
}

pub struct Repo {
    repo: Repository,
    /// Working-tree files laid over every tree written ([`Repo::lay_over`]).
    overlays: std::cell::RefCell<Vec<crate::config::Overlay>>,
}

/// A revision's tree written to a private temporary directory (removed on drop).
pub struct Materialised {
    pub rev: String,
    pub commit: String,
    /// The commit's tree id (see [`Repo::ids`]).
    pub tree: String,
    pub summary: String,
    dir: crate::scratch::ScratchDir,
}

impl Materialised {
    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

impl Repo {
    /// Open the repository containing `path`.
    pub fn discover(path: &Path) -> Result<Repo, RepoError> {
        match Repository::discover(path) {
            Ok(repo) => Ok(Repo {
                repo,
                overlays: Default::default(),
            }),
            Err(_) => Err(RepoError::NotARepo {
                path: path.display().to_string(),
            }),
        }
    }

    /// The repository's git directory (`.git`), where regcause keeps its cache.
    pub fn git_dir(&self) -> PathBuf {
        self.repo.path().to_path_buf()
    }

    pub fn workdir(&self) -> Option<PathBuf> {
        self.repo.workdir().map(Path::to_path_buf)
    }

    /// Whether the working tree's file at `rel` is the one committed at HEAD, unchanged
    /// (then it is each revision's own file, not configuration from outside them).
    pub fn committed_unchanged(&self, rel: &str) -> bool {
        let (Some(workdir), Ok(head)) = (self.repo.workdir(), self.repo.head()) else {
            return false;
        };
        let Ok(entry) = head.peel_to_tree().and_then(|t| t.get_path(Path::new(rel))) else {
            return false;
        };
        git2::Oid::hash_file(ObjectType::Blob, workdir.join(rel)).is_ok_and(|oid| oid == entry.id())
    }

    /// Whether the object database holds any commit (an unborn HEAD alone does not
    /// make a repository empty: commits may exist without a branch). Only asked when a
    /// revision fails to resolve; stops at the first commit.
    fn has_commits(&self) -> bool {
        let Ok(odb) = self.repo.odb() else {
            return true;
        };
        let mut found = false;
        let _ = odb.foreach(|oid| {
            found = odb
                .read_header(*oid)
                .is_ok_and(|(_, kind)| kind == ObjectType::Commit);
            !found
        });
        found
    }

    /// The commit a revision (tag, branch, hash, `HEAD~2`, ...) names.
    fn commit(&self, rev: &str) -> Result<git2::Commit<'_>, RepoError> {
        let obj = self.repo.revparse_single(rev).map_err(|e| {
            if self.repo.is_empty().unwrap_or(false) && !self.has_commits() {
                RepoError::NoCommits {
                    rev: rev.to_string(),
                }
            } else {
                RepoError::UnknownRevision {
                    rev: rev.to_string(),
                    msg: e.message().to_string(),
                }
            }
        })?;
        obj.peel_to_commit().map_err(|_| RepoError::NotACommit {
            rev: rev.to_string(),
        })
    }

    /// Resolve a revision to a commit id.
    pub fn resolve(&self, rev: &str) -> Result<git2::Oid, RepoError> {
        Ok(self.commit(rev)?.id())
    }

    /// During or after `git bisect`: the first bad commit (`refs/bisect/bad`) and its
    /// first parent, as (good, bad) commit ids.
    pub fn bisect_pair(&self) -> Result<(String, String), RepoError> {
        let bad = self
            .repo
            .find_reference("refs/bisect/bad")
            .map_err(|_| RepoError::NoBisect)?;
        let commit = bad.peel_to_commit().map_err(|_| RepoError::NoBisect)?;
        let parent = commit.parent_id(0).map_err(|_| RepoError::NoParent {
            commit: commit.id().to_string(),
        })?;
        Ok((parent.to_string(), commit.id().to_string()))
    }

    /// The ids of `rev`'s commit and of its tree, as (commit, tree). The tree id names
    /// the tree's contents exactly, so it keys cached results without writing the tree
    /// out (a warm run materialises nothing).
    pub fn ids(&self, rev: &str) -> Result<(String, String), RepoError> {
        let c = self.commit(rev)?;
        Ok((c.id().to_string(), c.tree_id().to_string()))
    }

    /// The working tree's files named `name` (a header cc did not find, `tests.h` or
    /// `sub/x.h`) that HEAD does not hold: files the build generated, which an overlay
    /// can lay over the revisions. Relative to the working tree, sorted.
    pub fn untracked_named(&self, name: &str) -> Vec<String> {
        let (Some(workdir), Ok(head)) = (self.repo.workdir(), self.repo.head()) else {
            return Vec::new();
        };
        let Ok(tree) = head.peel_to_tree() else {
            return Vec::new();
        };
        crate::diffctx::tree_paths(workdir)
            .into_iter()
            .filter(|p| p == name || p.ends_with(&format!("/{name}")))
            .filter(|p| tree.get_path(Path::new(p)).is_err())
            .collect()
    }

    /// The submodule of HEAD's tree that a header cc did not find (`picotest/picotest.h`)
    /// lies in, when this clone lacks that submodule's commit (it was never checked
    /// out): its path.
    pub fn absent_submodule_of(&self, header: &str) -> Option<String> {
        let tree = self.repo.head().ok()?.peel_to_tree().ok()?;
        let mut prefix = String::new();
        for part in header.split('/') {
            prefix.push_str(part);
            let entry = tree.get_path(Path::new(&prefix)).ok()?;
            if entry.kind() == Some(ObjectType::Commit) {
                let held = submodule_repo(&self.repo, &prefix)
                    .is_some_and(|r| r.find_commit(entry.id()).is_ok());
                return (!held).then_some(prefix);
            }
            prefix.push('/');
        }
        None
    }

    /// Lay `files` over every tree [`Repo::materialise`] writes from now on: the
    /// configuration's overlays, files of the working tree that no revision holds.
    pub fn lay_over(&self, files: &[crate::config::Overlay]) {
        self.overlays.borrow_mut().clone_from(&files.to_vec());
    }

    /// Write the tree of `rev` to a fresh temporary directory, with the overlays.
    pub fn materialise(&self, rev: &str) -> Result<Materialised, RepoError> {
        let commit = self.commit(rev)?;
        let oid = commit.id();
        let err = |msg: String| RepoError::Materialise {
            rev: rev.to_string(),
            msg,
        };
        let tree = commit.tree().map_err(|e| err(e.message().to_string()))?;
        let dir = crate::scratch::dir("tree").map_err(|e| err(e.to_string()))?;
        let root = dir.path().to_path_buf();
        write_tree(&self.repo, &tree, &root).map_err(err)?;
        for o in self.overlays.borrow().iter() {
            if tree.get_path(Path::new(&o.path)).is_ok() {
                return Err(RepoError::OverlayTracked {
                    path: o.path.clone(),
                    rev: rev.to_string(),
                });
            }
            let path = root.join(&o.path);
            let written = match path.parent() {
                Some(d) => std::fs::create_dir_all(d).and_then(|_| std::fs::write(&path, &o.bytes)),
                None => std::fs::write(&path, &o.bytes),
            };
            written.map_err(|e| err(format!("{}: {e}", o.path)))?;
        }
        Ok(Materialised {
            rev: rev.to_string(),
            commit: oid.to_string(),
            tree: tree.id().to_string(),
            summary: commit.summary().unwrap_or("").to_string(),
            dir,
        })
    }
}

/// The repository of `repo`'s submodule at `path`: where `git submodule update` keeps
/// it (`.git/modules/PATH`), else where the working tree's `.gitmodules` says.
fn submodule_repo(repo: &Repository, path: &str) -> Option<Repository> {
    Repository::open(repo.path().join("modules").join(path))
        .or_else(|_| repo.find_submodule(path).and_then(|s| s.open()))
        .ok()
}

/// Writes `tree` of `repo` under `root`, and each submodule's tree at the commit the
/// tree records for it, from the submodule's own repository (`.git/modules/PATH`, as
/// `git submodule update` leaves it): a test that includes a header of a vendored
/// test framework needs it. A submodule whose repository or commit this clone lacks is
/// left out (an empty directory); a header cc then misses in it gets the hint of
/// [`Repo::absent_submodule_of`].
fn write_tree(repo: &Repository, tree: &git2::Tree, root: &Path) -> Result<(), String> {
    let mut failure: Option<String> = None;
    let mut submodules: Vec<(String, git2::Oid)> = Vec::new();
    tree.walk(TreeWalkMode::PreOrder, |parent, entry| {
        let name = match entry.name() {
            Some(n) => n,
            None => return TreeWalkResult::Skip,
        };
        let path = root.join(parent).join(name);
        match entry.kind() {
            Some(ObjectType::Tree) => {
                if let Err(e) = std::fs::create_dir_all(&path) {
                    failure = Some(format!("{}: {e}", path.display()));
                    return TreeWalkResult::Abort;
                }
            }
            Some(ObjectType::Blob) => {
                let blob = match repo.find_blob(entry.id()) {
                    Ok(b) => b,
                    Err(e) => {
                        failure = Some(e.message().to_string());
                        return TreeWalkResult::Abort;
                    }
                };
                if let Err(e) = std::fs::write(&path, blob.content()) {
                    failure = Some(format!("{}: {e}", path.display()));
                    return TreeWalkResult::Abort;
                }
            }
            Some(ObjectType::Commit) => submodules.push((format!("{parent}{name}"), entry.id())),
            _ => {}
        }
        TreeWalkResult::Ok
    })
    .map_err(|e| e.message().to_string())?;
    if let Some(f) = failure {
        return Err(f);
    }
    for (path, commit) in submodules {
        let dir = root.join(&path);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let sub = submodule_repo(repo, &path);
        let sub_tree = sub.as_ref().and_then(|r| {
            let c = r.find_commit(commit).ok()?;
            c.tree().ok().map(|t| (r, t))
        });
        if let Some((r, t)) = sub_tree {
            write_tree(r, &t, &dir)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn commit(repo: &Repository, msg: &str, parents: &[&git2::Commit]) -> git2::Oid {
        let sig =
            git2::Signature::new("t", "t@example.com", &git2::Time::new(0, 0)).expect("signature");
        let tree_id = repo
            .treebuilder(None)
            .and_then(|tb| tb.write())
            .expect("tree");
        let tree = repo.find_tree(tree_id).expect("tree");
        repo.commit(None, &sig, &sig, msg, &tree, parents)
            .expect("commit")
    }

    /// A repository of two commits of the empty tree, b the child of a.
    fn two_commits() -> (tempfile::TempDir, Repository, git2::Oid, git2::Oid, Repo) {
        let dir = tempfile::tempdir().expect("tempdir");
        let repo = Repository::init(dir.path()).expect("init");
        let a = commit(&repo, "a", &[]);
        let b = {
            let ca = repo.find_commit(a).expect("a");
            commit(&repo, "b", &[&ca])
        };
        let r = Repo::discover(dir.path()).expect("discover");
        (dir, repo, a, b, r)
    }

    #[test]
    fn tree_ids_follow_contents_not_commits() {
        let (_dir, _repo, a, b, r) = two_commits();
        let (ia, ib) = (
            r.ids(&a.to_string()).expect("ids"),
            r.ids(&b.to_string()).expect("ids"),
        );
        assert_eq!((ia.0, ib.0.clone()), (a.to_string(), b.to_string()));
        assert_eq!(ia.1, ib.1, "two commits of one (empty) tree");
        let tb = ib.1;
        let m = r.materialise(&b.to_string()).expect("materialise");
        assert_eq!(m.tree, tb);
        assert!(matches!(
            r.ids("no-such-rev"),
            Err(RepoError::UnknownRevision { .. })
        ));
    }

    #[test]
    fn bisect_pair_is_the_first_bad_commit_and_its_parent() {
        let (_dir, repo, a, b, r) = two_commits();
        assert!(matches!(r.bisect_pair(), Err(RepoError::NoBisect)));
        repo.reference("refs/bisect/bad", b, true, "test")
            .expect("ref");
        assert_eq!(
            r.bisect_pair().expect("pair"),
            (a.to_string(), b.to_string())
        );
        repo.reference("refs/bisect/bad", a, true, "test")
            .expect("ref");
        assert!(matches!(r.bisect_pair(), Err(RepoError::NoParent { .. })));
    }
}
