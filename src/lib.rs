//! regcause: regression root-cause analysis for C programs kept in git.
//!
//! The stages, each in its own module (see ARCHITECTURE.md): `repo` materialises
//! revisions, `frontend` turns a source tree into `ir`, `exec` runs it, `sym` holds
//! symbolic expressions, `libc` the pure algorithms of the library models, `samples`
//! the regression corpus builder, and `cli` the command line.

pub mod cli;
pub mod darwin;
pub mod diffctx;
pub mod exec;
pub mod frontend;
pub mod ir;
pub mod libc;
pub mod oracle;
pub mod replay;
pub mod repo;
pub mod report;
pub mod samples;
pub mod sym;
