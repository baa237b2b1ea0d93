//! The integration and end-to-end tests, as one test binary. Test binaries run one after
//! another, so separate ones left a core idle behind each long test; in one binary the
//! harness overlaps them, and the library is linked once instead of once per file.
//! (`differential` and `ir_snapshots` have their own harness and stay apart.)
//!
//! Run one part with a filter: `cargo test --release --test integration -- concolic::`.

#[path = "../common/mod.rs"]
mod common;

mod architecture;
mod cache_cli;
mod cache_e2e;
mod cli_errors;
mod concolic;
mod containment;
mod dd_e2e;
mod explore;
mod inputs_e2e;
mod libc_e2e;
mod limits_e2e;
mod literals_e2e;
mod naming_e2e;
mod realrepo_e2e;
mod rootcause_e2e;
mod samples_e2e;
mod sealed_run;
mod slice;
mod slice_cli;
mod trace;
mod ub_policy;
mod written_e2e;
