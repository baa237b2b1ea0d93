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
    #[error("cannot materialise revision `{rev}`: {msg}")]
    Materialise { rev: String, msg: String },
}

pub struct Repo {
    repo: Repository,
}

/// A revision's tree written to a private temporary directory (removed on drop).
pub struct Materialised {
    pub rev: String,
    pub commit: String,
    pub summary: String,
    dir: tempfile::TempDir,
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
            Ok(repo) => Ok(Repo { repo }),
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

    /// Resolve a revision (tag, branch, hash, `HEAD~2`, ...) to a commit id.
    pub fn resolve(&self, rev: &str) -> Result<git2::Oid, RepoError> {
        let obj = self
            .repo
            .revparse_single(rev)
            .map_err(|e| RepoError::UnknownRevision {
                rev: rev.to_string(),
                msg: e.message().to_string(),
            })?;
        let commit = obj.peel_to_commit().map_err(|_| RepoError::NotACommit {
            rev: rev.to_string(),
        })?;
        Ok(commit.id())
    }

    /// Write the tree of `rev` to a fresh temporary directory.
    pub fn materialise(&self, rev: &str) -> Result<Materialised, RepoError> {
        let oid = self.resolve(rev)?;
        let err = |msg: String| RepoError::Materialise {
            rev: rev.to_string(),
            msg,
        };
        let commit = self
            .repo
            .find_commit(oid)
            .map_err(|e| err(e.message().to_string()))?;
        let tree = commit.tree().map_err(|e| err(e.message().to_string()))?;
        let dir = tempfile::Builder::new()
            .prefix("regcause-tree-")
            .tempdir()
            .map_err(|e| err(e.to_string()))?;
        let root = dir.path().to_path_buf();
        let mut failure: Option<String> = None;
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
                    let blob = match self.repo.find_blob(entry.id()) {
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
                // Submodules (commits) and anything else are left out.
                _ => {}
            }
            TreeWalkResult::Ok
        })
        .map_err(|e| err(e.message().to_string()))?;
        if let Some(f) = failure {
            return Err(err(f));
        }
        Ok(Materialised {
            rev: rev.to_string(),
            commit: oid.to_string(),
            summary: commit.summary().unwrap_or("").to_string(),
            dir,
        })
    }
}
