//! regcause's own libc headers, embedded in the binary and written to a directory that
//! `cc -E -nostdinc -isystem` points at. The directory is named by the headers'
//! content (and the user), so runs reuse it instead of leaving one per process behind;
//! its files are checked byte for byte before use.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::FrontendError;

include!(concat!(env!("OUT_DIR"), "/headers.rs"));

static DIR: OnceLock<Result<PathBuf, String>> = OnceLock::new();

fn content_key() -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for (name, bytes) in HEADERS {
        name.hash(&mut h);
        bytes.hash(&mut h);
    }
    h.finish()
}

fn user_id() -> String {
    std::env::var("USER")
        .or_else(|_| std::env::var("LOGNAME"))
        .unwrap_or_else(|_| "user".into())
}

/// Whether `dir` holds exactly our headers.
fn is_current(dir: &Path) -> bool {
    HEADERS.iter().all(|(name, bytes)| {
        std::fs::read(dir.join(name))
            .map(|b| b == *bytes)
            .unwrap_or(false)
    })
}

fn prepare() -> Result<PathBuf, String> {
    let dir = std::env::temp_dir().join(format!(
        "regcause-include-{}-{:016x}",
        user_id(),
        content_key()
    ));
    if is_current(&dir) {
        return Ok(dir);
    }
    // Write into a private directory, then move it into place; if another process won
    // the race (or the name is taken by something else), use the private one.
    let td = tempfile::Builder::new()
        .prefix("regcause-include-")
        .tempdir()
        .map_err(|e| e.to_string())?;
    for (name, bytes) in HEADERS {
        let path = td.path().join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
        }
        std::fs::write(path, bytes).map_err(|e| e.to_string())?;
    }
    let private = td.keep();
    if std::fs::rename(&private, &dir).is_ok() || is_current(&dir) {
        let _ = std::fs::remove_dir_all(&private);
        if is_current(&dir) {
            return Ok(dir);
        }
    }
    Ok(private)
}

pub fn dir() -> Result<&'static Path, FrontendError> {
    match DIR.get_or_init(prepare) {
        Ok(p) => Ok(p.as_path()),
        Err(e) => Err(FrontendError::Preprocess {
            file: "<regcause headers>".into(),
            stderr: format!("cannot write regcause's libc headers to a temporary directory: {e}"),
        }),
    }
}

/// The text of every bundled header.
pub fn texts() -> impl Iterator<Item = &'static [u8]> {
    HEADERS.iter().map(|(_, bytes)| *bytes)
}
