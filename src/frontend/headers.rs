//! regcause's own libc headers, embedded in the binary and written once per process
//! to a private directory that `cc -E -nostdinc -isystem` points at.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::FrontendError;

include!(concat!(env!("OUT_DIR"), "/headers.rs"));

static DIR: OnceLock<Result<(tempfile::TempDir, PathBuf), String>> = OnceLock::new();

pub fn dir() -> Result<&'static Path, FrontendError> {
    let r = DIR.get_or_init(|| {
        let td = tempfile::Builder::new()
            .prefix("regcause-include-")
            .tempdir()
            .map_err(|e| e.to_string())?;
        for (name, bytes) in HEADERS {
            std::fs::write(td.path().join(name), bytes).map_err(|e| e.to_string())?;
        }
        let p = td.path().to_path_buf();
        Ok((td, p))
    });
    match r {
        Ok((_, p)) => Ok(p.as_path()),
        Err(e) => Err(FrontendError::Preprocess {
            file: "<regcause headers>".into(),
            stderr: format!("cannot write regcause's libc headers to a temporary directory: {e}"),
        }),
    }
}
