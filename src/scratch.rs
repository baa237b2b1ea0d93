//! The process's scratch directories: revisions' trees, the hunk search's subset trees,
//! spliced and preprocessed text. Each is removed when dropped; the ones alive when the
//! process is interrupted (SIGINT, SIGTERM, SIGHUP: a Ctrl-C, `timeout`, a closed
//! terminal) are removed by the handler [`remove_on_signal`] installs; and the ones a
//! killed or aborted process left (SIGKILL, an allocation failure) are swept by the next
//! process's [`sweep_stale`], since their names carry the pid of the process that made
//! them.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Every name starts with this, then the kind, then the owner's pid: `regcause-tree-4242-XXXXXX`.
const PREFIX: &str = "regcause-";

/// The kinds of scratch directory, the second word of their names.
const KINDS: &[&str] = &["tree", "dd", "splice"];

/// The directories alive in this process, for the signal handler.
static LIVE: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());

/// A scratch directory of this process, removed on drop.
#[derive(Debug)]
pub struct ScratchDir {
    dir: Option<tempfile::TempDir>,
}

impl ScratchDir {
    pub fn path(&self) -> &Path {
        match &self.dir {
            Some(d) => d.path(),
            None => Path::new(""),
        }
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        if let Some(d) = self.dir.take() {
            forget(d.path());
            // TempDir's own drop removes it.
        }
    }
}

fn forget(p: &Path) {
    if let Ok(mut live) = LIVE.lock() {
        live.remove(p);
    }
}

/// A fresh scratch directory of `kind` (one of [`KINDS`]) in the system's temporary
/// directory.
pub fn dir(kind: &'static str) -> std::io::Result<ScratchDir> {
    debug_assert!(KINDS.contains(&kind), "unknown scratch kind {kind}");
    let d = tempfile::Builder::new()
        .prefix(&format!("{PREFIX}{kind}-{}-", std::process::id()))
        .tempdir()?;
    if let Ok(mut live) = LIVE.lock() {
        live.insert(d.path().to_path_buf());
    }
    Ok(ScratchDir { dir: Some(d) })
}

/// Remove every scratch directory alive in this process (the signal handler's work).
fn remove_live() {
    // A handler may run while the main thread holds the lock; never wait for it long.
    let paths: Vec<PathBuf> = match LIVE.try_lock() {
        Ok(live) => live.iter().cloned().collect(),
        Err(_) => return,
    };
    for p in paths {
        let _ = std::fs::remove_dir_all(p);
    }
}

/// Install the handler that removes this process's scratch directories on SIGINT,
/// SIGTERM and SIGHUP, then exits with 130 (the shell's code for an interrupted
/// command). Installing twice is harmless.
pub fn remove_on_signal() {
    let _ = ctrlc::set_handler(|| {
        remove_live();
        std::process::exit(130);
    });
}

/// The pid in a scratch directory's name, when it is one of ours.
fn owner(name: &str) -> Option<u32> {
    let rest = name.strip_prefix(PREFIX)?;
    let (kind, rest) = rest.split_once('-')?;
    if !KINDS.contains(&kind) {
        return None;
    }
    rest.split_once('-')?.0.parse().ok()
}

fn alive(pid: u32) -> bool {
    // Linux: a live process has a /proc entry. Elsewhere, assume it lives (keep the dir).
    if !Path::new("/proc/self").exists() {
        return true;
    }
    Path::new(&format!("/proc/{pid}")).exists()
}

/// Remove the scratch directories in `tmp` whose owner process no longer exists (a
/// killed or aborted run's). Returns how many were removed.
pub fn sweep_stale_in(tmp: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(tmp) else {
        return 0;
    };
    let mut removed = 0;
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(pid) = name.to_str().and_then(owner) else {
            continue;
        };
        if pid != std::process::id() && !alive(pid) && std::fs::remove_dir_all(e.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// [`sweep_stale_in`] the system's temporary directory.
pub fn sweep_stale() -> usize {
    sweep_stale_in(&std::env::temp_dir())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_carry_kind_and_owner() {
        assert_eq!(owner("regcause-tree-4242-abc123"), Some(4242));
        assert_eq!(owner("regcause-dd-7-x"), Some(7));
        assert_eq!(owner("regcause-include-12-x"), None, "not a scratch kind");
        assert_eq!(owner("regcause-tree-abc"), None);
        assert_eq!(owner("other-tree-1-x"), None);
    }

    #[test]
    fn a_dead_owners_directories_are_swept_and_live_ones_kept() {
        let tmp = tempfile::tempdir().expect("tempdir");
        // No process has pid 0x7ffffffe on Linux (pid_max is at most 2^22).
        let dead = tmp.path().join("regcause-tree-2147483646-abc");
        let mine = tmp
            .path()
            .join(format!("regcause-dd-{}-abc", std::process::id()));
        let other = tmp.path().join("unrelated-dir");
        for d in [&dead, &mine, &other] {
            std::fs::create_dir_all(d.join("sub")).expect("mkdir");
        }
        assert_eq!(sweep_stale_in(tmp.path()), 1);
        assert!(!dead.exists());
        assert!(mine.exists() && other.exists());
    }

    #[test]
    fn a_scratch_dir_is_live_until_dropped() {
        let d = dir("tree").expect("scratch");
        let p = d.path().to_path_buf();
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        assert_eq!(owner(name), Some(std::process::id()));
        assert!(LIVE.lock().expect("lock").contains(&p));
        drop(d);
        assert!(!p.exists());
        assert!(!LIVE.lock().expect("lock").contains(&p));
    }
}
