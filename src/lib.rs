//! regcause: regression root-cause analysis for C programs kept in git.
//!
//! The stages, each in its own module (see ARCHITECTURE.md): `repo` materialises
//! revisions, `frontend` turns a source tree into `ir`, `exec` runs it (its observers
//! record the concolic state and the slicing trace), `analysis` holds static facts of
//! the IR, `slice` the relevant slicer and the slice conditions, `sym` symbolic
//! expressions, `libc` the pure algorithms of the library models, `cache` the on-disk
//! store of results, `analyze` one root-cause analysis (the main command's stages in
//! order), and `cli` the command line. Development-only code (the
//! sample-repository builder, the native gcc runner) lives in `crates/regcause-dev`.

pub mod analysis;
pub mod analyze;
pub mod budget;
pub mod cache;
pub mod cli;
pub mod config;
pub mod darwin;
pub mod dd;
pub mod diagnostic;
pub mod diffctx;
pub mod exec;
pub mod explain;
pub mod explore;
pub mod failpoint;
pub mod finding;
pub mod frontend;
pub mod ir;
pub mod libc;
pub mod oracle;
pub mod replay;
pub mod repo;
pub mod report;
pub mod scratch;
pub mod slice;
pub mod solver;
mod sparse;
pub mod sym;
mod unionfind;
