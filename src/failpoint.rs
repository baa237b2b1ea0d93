//! Fault injection for the containment tests: `REGCAUSE_FAILPOINTS=name,name` makes
//! [`hit`] panic at the named places, so a test can check that a panic inside a stage
//! or a hunk-search subset still gives a report. Unset (always, outside those tests),
//! a hit is one read of a value computed once.

use std::sync::OnceLock;

static ARMED: OnceLock<Vec<String>> = OnceLock::new();

fn armed() -> &'static [String] {
    ARMED.get_or_init(|| {
        std::env::var("REGCAUSE_FAILPOINTS")
            .map(|v| v.split(',').map(|s| s.trim().to_string()).collect())
            .unwrap_or_default()
    })
}

/// Panic here when the failpoint `name` is armed.
pub fn hit(name: &str) {
    if armed().iter().any(|a| a == name) {
        panic!("failpoint `{name}` (REGCAUSE_FAILPOINTS)");
    }
}
