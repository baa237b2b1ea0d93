use super::*;

#[test]
fn c_string_escapes_what_c_needs_escaped() {
    assert_eq!(c_string(b"%d\n"), "\"%d\\n\"");
    assert_eq!(c_string(b"a\"b\\c\td"), "\"a\\\"b\\\\c\\td\"");
    assert_eq!(c_string(&[0x01, b'x', 0xff]), "\"\\001x\\377\"");
}

#[test]
fn query_timeout_is_what_is_left_of_the_budget() {
    let now = Instant::now();
    assert_eq!(query_timeout(None, now), 30_000);
    let t = query_timeout(Some(Duration::from_secs(5)), now);
    assert!(t > 0 && t <= 5_000, "{t}");
    // A spent budget still gives the solver a moment rather than no limit (0).
    assert_eq!(query_timeout(Some(Duration::ZERO), now), 1);
}

#[test]
fn stats_average_formula_size() {
    let mut s = Stats::default();
    assert_eq!(s.avg_formula_bytes(), 0.0);
    s.solver_calls = 4;
    s.formula_bytes = 100;
    assert_eq!(s.avg_formula_bytes(), 25.0);
}

#[test]
fn strategy_names_match_the_command_line() {
    use clap::ValueEnum;
    for s in Strategy::value_variants() {
        let pv = s.to_possible_value().expect("visible");
        assert_eq!(pv.get_name(), s.name());
    }
}
