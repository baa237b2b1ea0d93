//! Development-only code of regcause, kept out of the product's library: the builder of
//! the sample regression repositories (`samples`), the generator of the mutation corpus
//! (`mutants`) and the native gcc runner the tests compare the interpreter against
//! (`native`). Used by the integration tests and by
//! `scripts/demo` (through the `regcause-dev` binary).

pub mod mutants;
pub mod native;
pub mod samples;

/// The binary the benches measure: `$REGCAUSE_BENCH_BIN` (a saved build, to compare
/// two), else the workspace's release build.
pub fn bench_binary() -> std::path::PathBuf {
    std::env::var_os("REGCAUSE_BENCH_BIN")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../target/release/git-regcause")
        })
}
