//! Development-only code of regcause, kept out of the product's library: the builder of
//! the sample regression repositories (`samples`), the generator of the mutation corpus
//! (`mutants`) and the native gcc runner the tests compare the interpreter against
//! (`native`). Used by the integration tests and by
//! `scripts/demo` (through the `regcause-dev` binary).

pub mod mutants;
pub mod native;
pub mod samples;
