//! From solver models back to runs: building a concrete, runnable test from a model of
//! a run's symbolic inputs, replaying it, and checking that path conditions are sound
//! (every satisfiable flipped prefix, replayed, takes the other side where it should).

use crate::exec::concolic::{InputOrigin, InputVar};
use crate::exec::{self, InputSource, Limits, RunInput};
use crate::ir::Program;
use crate::solver::{Chain, Layers};
use crate::sym::{ExprId, Model, SolveResult};

/// The text a C program reads back as `value` for an input of this kind.
pub fn value_text(input: &InputVar, value: u64) -> String {
    let w = input.width;
    let v = if w >= 64 {
        value
    } else {
        value & ((1u64 << w) - 1)
    };
    let signed_v = if w >= 64 {
        v as i64
    } else {
        ((v << (64 - w)) as i64) >> (64 - w)
    };
    let radix = match input.origin {
        InputOrigin::Scan {
            conv: b'x' | b'X', ..
        } => 16,
        InputOrigin::Scan { conv: b'o', .. } => 8,
        InputOrigin::Arg { base: 16, .. } => 16,
        InputOrigin::Arg { base: 8, .. } => 8,
        _ => 10,
    };
    match radix {
        16 => format!("{v:x}"),
        8 => format!("{v:o}"),
        _ if input.signed => signed_v.to_string(),
        _ => v.to_string(),
    }
}

/// A new test: `orig` with every input the model assigns replaced by the model's value.
/// Inputs the model leaves out keep their values. Files of the tree and environment
/// variables the model changes are read from `orig.root` (or `orig.files`) and carried
/// whole in `files` and `env`.
pub fn build_input(orig: &RunInput, inputs: &[InputVar], model: &Model) -> RunInput {
    let mut out = orig.clone();
    let mut stdin = orig.stdin.clone();
    // Edits per input: byte overwrites, and number texts spliced over byte ranges.
    let mut bytes: Vec<(Option<&InputSource>, usize, u8)> = Vec::new();
    let mut ranges: Vec<(Option<&InputSource>, usize, usize, String)> = Vec::new();
    out.literals = literal_values(orig, inputs, model);
    // Bytes of arguments, and arguments a converted number replaces whole (it wins).
    let mut arg_bytes: Vec<(usize, usize, u8)> = Vec::new();
    let mut whole_args: Vec<usize> = Vec::new();
    for i in inputs {
        let Some(v) = model.get(i.var) else { continue };
        match &i.origin {
            InputOrigin::StdinByte { offset } => bytes.push((None, *offset, v as u8)),
            InputOrigin::Scan {
                stdin: Some((s, e)),
                ..
            } => ranges.push((None, *s, *e, value_text(i, v))),
            InputOrigin::Scan { stdin: None, .. } => {}
            InputOrigin::Arg { index, .. } => {
                if let Some(a) = out.argv.get_mut(*index) {
                    *a = value_text(i, v).into_bytes();
                    whole_args.push(*index);
                }
            }
            InputOrigin::ArgByte { index, offset } => arg_bytes.push((*index, *offset, v as u8)),
            // Gathered by `literal_values`.
            InputOrigin::Literal { .. } => {}
            InputOrigin::SourceByte { source, offset } => {
                bytes.push((Some(source), *offset, v as u8))
            }
            InputOrigin::SourceScan {
                source,
                range: (s, e),
                ..
            } => ranges.push((Some(source), *s, *e, value_text(i, v))),
        }
    }
    // A NUL stays in the argument: the interpreter lays the bytes out as given, so the
    // program sees the argument end there (as it would end when run for real) and the
    // replay has the same inputs as the run; reports show the argument up to it.
    for (k, j, b) in arg_bytes {
        if whole_args.contains(&k) {
            continue;
        }
        if let Some(slot) = out.argv.get_mut(k).and_then(|a| a.get_mut(j)) {
            *slot = b;
        }
    }
    let mut sources: Vec<&InputSource> = bytes
        .iter()
        .filter_map(|b| b.0)
        .chain(ranges.iter().filter_map(|r| r.0))
        .collect();
    sources.dedup();
    let mut contents: Vec<(&InputSource, Vec<u8>)> = Vec::new();
    for s in sources {
        if contents.iter().any(|(x, _)| *x == s) {
            continue;
        }
        if let Some(c) = source_contents(orig, s) {
            contents.push((s, c));
        }
    }
    for (src, at, b) in bytes {
        let buf = match src {
            None => Some(&mut stdin),
            Some(s) => contents.iter_mut().find(|(x, _)| *x == s).map(|(_, c)| c),
        };
        if let Some(slot) = buf.and_then(|c| c.get_mut(at)) {
            *slot = b;
        }
    }
    // Splice numbers from the end so earlier offsets stay valid.
    ranges.sort_by_key(|r| std::cmp::Reverse(r.1));
    for (src, s, e, text) in ranges {
        let buf = match src {
            None => Some(&mut stdin),
            Some(x) => contents.iter_mut().find(|(y, _)| *y == x).map(|(_, c)| c),
        };
        if let Some(buf) = buf.filter(|b| s <= e && e <= b.len()) {
            buf.splice(s..e, text.into_bytes());
        }
    }
    out.stdin = stdin;
    for (s, c) in contents {
        match s {
            InputSource::File(p) => match out.files.iter_mut().find(|(q, _)| q == p) {
                Some(f) => f.1 = c,
                None => out.files.push((p.clone(), c)),
            },
            InputSource::Env(n) => {
                // A value cannot hold a NUL: the program, reading the C string, saw
                // the value end there.
                let mut c = c;
                if let Some(z) = c.iter().position(|&b| b == 0) {
                    c.truncate(z);
                }
                if let Some(var) = out.env.iter_mut().find(|(k, _)| k == n.as_bytes()) {
                    var.1 = c;
                }
            }
        }
    }
    out
}

/// The test's arguments (after the program's name) as a user passes them: each up to
/// its first NUL, where the program sees it end (an alternative's bytes keep the rest).
pub fn args_as_passed(input: &RunInput) -> Vec<&[u8]> {
    input
        .argv
        .iter()
        .skip(1)
        .map(|a| &a[..a.iter().position(|&b| b == 0).unwrap_or(a.len())])
        .collect()
}

/// The bytes of an input source as the test gives them: a file of its tree (its
/// variant in `files` if it has one), an environment variable's value.
pub fn source_contents(input: &RunInput, s: &InputSource) -> Option<Vec<u8>> {
    match s {
        InputSource::File(p) => match input.files.iter().find(|(q, _)| q == p) {
            Some((_, c)) => Some(c.clone()),
            None => std::fs::read(input.root.as_ref().or(input.cwd.as_ref())?.join(p)).ok(),
        },
        InputSource::Env(n) => input
            .env
            .iter()
            .find(|(k, _)| k == n.as_bytes())
            .map(|(_, v)| v.clone()),
    }
}

/// The test's literals under `model`: every literal one of whose inputs the model
/// assigns, with its whole new value (an integer's bytes, a string's bytes from all its
/// byte inputs, model values over the run's), after `orig`'s own overrides of others.
pub fn literal_values(
    orig: &RunInput,
    inputs: &[InputVar],
    model: &Model,
) -> Vec<(String, Vec<u8>)> {
    let mut out = orig.literals.clone();
    let mut changed: Vec<&str> = Vec::new();
    for i in inputs {
        if let InputOrigin::Literal { literal, .. } = &i.origin {
            if model.get(i.var).is_some_and(|v| v != i.value)
                && !changed.contains(&literal.as_str())
            {
                changed.push(literal);
            }
        }
    }
    for lit in changed {
        let mut bytes: Vec<u8> = Vec::new();
        for i in inputs {
            let InputOrigin::Literal { literal, byte } = &i.origin else {
                continue;
            };
            if literal != lit {
                continue;
            }
            let v = model.get(i.var).unwrap_or(i.value);
            match byte {
                None => bytes = v.to_le_bytes()[..(i.width as usize).div_ceil(8)].to_vec(),
                Some(k) => {
                    if bytes.len() <= *k {
                        bytes.resize(k + 1, 0);
                    }
                    bytes[*k] = v as u8;
                }
            }
        }
        out.retain(|(n, _)| n != lit);
        out.push((lit.to_string(), bytes));
    }
    out
}

/// The literal edits `new` (from [`literal_values`]) makes, as C source text:
/// (location, old text, new text), the old value read from the run's inputs.
pub fn literal_edits(
    inputs: &[InputVar],
    new: &[(String, Vec<u8>)],
) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for (name, bytes) in new {
        let mine: Vec<&InputVar> = inputs
            .iter()
            .filter(
                |i| matches!(&i.origin, InputOrigin::Literal { literal, .. } if literal == name),
            )
            .collect();
        let Some(first) = mine.first() else { continue };
        let (from, to) = match first.origin {
            InputOrigin::Literal { byte: None, .. } => {
                let mut v = [0u8; 8];
                let n = bytes.len().min(8);
                v[..n].copy_from_slice(&bytes[..n]);
                (
                    value_text(first, first.value),
                    value_text(first, u64::from_le_bytes(v)),
                )
            }
            _ => {
                let mut old = Vec::new();
                for i in &mine {
                    if let InputOrigin::Literal { byte: Some(k), .. } = i.origin {
                        if old.len() <= k {
                            old.resize(k + 1, 0);
                        }
                        old[k] = i.value as u8;
                    }
                }
                (c_string(&old), c_string(bytes))
            }
        };
        if from != to {
            out.push((name.clone(), from, to));
        }
    }
    out
}

/// A C string literal holding `bytes` up to the first NUL.
pub fn c_string(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    let text: Vec<u8> = bytes.iter().copied().take_while(|b| *b != 0).collect();
    for (k, &b) in text.iter().enumerate() {
        // A hex escape takes every hex digit after it: split the literal there.
        let split = text.get(k + 1).is_some_and(u8::is_ascii_hexdigit);
        match b {
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            b'\n' => s.push_str("\\n"),
            b'\t' => s.push_str("\\t"),
            b'\r' => s.push_str("\\r"),
            0x20..=0x7e => s.push(b as char),
            _ if split => s.push_str(&format!("\\x{b:02x}\"\"")),
            _ => s.push_str(&format!("\\x{b:02x}")),
        }
    }
    s.push('"');
    s
}

/// Outcome of checking one run's path condition.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PcCheck {
    /// Branch instances in the path condition (all of them, even past the cap).
    pub branches: usize,
    /// How many were checked (the first `max` ones).
    pub checked: usize,
    pub unsat: usize,
    pub unknown: usize,
    /// Satisfiable flips whose replay followed the prefix and took the other side.
    pub agreed: usize,
    /// Satisfiable flips whose replay did not, after a recorded concretisation.
    pub excused: usize,
    /// Satisfiable flips whose replay did not, with no concretisation to explain it.
    pub disagreed: Vec<String>,
}

impl PcCheck {
    pub fn sat(&self) -> usize {
        self.agreed + self.excused + self.disagreed.len()
    }
}

/// For each of the first `max` branch instances i of the run's path condition, solve
/// `ψ1 ∧ … ∧ ψ(i-1) ∧ ¬ψi`, build a test from the model and replay it: it must follow
/// the same branches up to i and go the other way at i.
pub fn check_path_condition(
    prog: &Program,
    input: &RunInput,
    limits: Limits,
    max: usize,
    timeout_ms: u32,
) -> PcCheck {
    let mut orig = exec::run_concolic(prog, input, limits);
    // A flipped input can loop where the original did not.
    let limits = limits.relative_to(orig.result.steps);
    let mut report = PcCheck {
        branches: orig.sym.branches.len(),
        ..PcCheck::default()
    };
    let mut no_cache = crate::cache::Cache::disabled();
    let mut solver = Chain::new(&mut no_cache, Layers::NONE);
    let n = orig.sym.branches.len().min(max);
    for i in 0..n {
        report.checked += 1;
        let mut cs: Vec<ExprId> = orig.sym.branches[..i].iter().map(|b| b.cond).collect();
        let flipped = orig.sym.pool.negate(orig.sym.branches[i].cond);
        cs.push(flipped);
        let model = match solver.check(&orig.sym.pool, &cs, &[], timeout_ms) {
            SolveResult::Sat(m) => m,
            SolveResult::Unsat => {
                report.unsat += 1;
                continue;
            }
            SolveResult::Unknown(_) => {
                report.unknown += 1;
                continue;
            }
        };
        let new_input = build_input(input, &orig.sym.inputs, &model);
        let replay = exec::run_concolic(prog, &new_input, limits);
        let want = &orig.sym.branches;
        let got = &replay.sym.branches;
        let prefix_ok = got.len() > i
            && (0..i).all(|j| got[j].stmt == want[j].stmt && got[j].dest == want[j].dest);
        let flipped_ok = prefix_ok && got[i].stmt == want[i].stmt && got[i].dest != want[i].dest;
        if flipped_ok {
            report.agreed += 1;
        } else if want[i].concretised_before > 0 || !replayable(&orig.sym.inputs) {
            report.excused += 1;
        } else {
            let at = prog.fmt_loc(want[i].loc);
            let why = if !prefix_ok {
                let j = (0..i.min(got.len()))
                    .find(|&j| got[j].stmt != want[j].stmt || got[j].dest != want[j].dest);
                match j {
                    Some(j) => format!(
                        "left the path at branch {} ({})",
                        j + 1,
                        prog.fmt_loc(got[j].loc)
                    ),
                    None => "ended before reaching it".to_string(),
                }
            } else {
                "took the same side".to_string()
            };
            report.disagreed.push(format!(
                "branch {} at {at}: the replayed input ({}) {why}",
                i + 1,
                describe_input(&new_input)
            ));
        }
    }
    report
}

/// A test input's arguments (argv[1]...), as text.
pub fn args_of(t: &RunInput) -> Vec<String> {
    t.argv
        .iter()
        .skip(1)
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect()
}

/// A short description of a test input: its arguments and stdin.
pub fn describe_input(t: &RunInput) -> String {
    let mut s = format!("args {:?}", args_of(t));
    if !t.stdin.is_empty() {
        let text = String::from_utf8_lossy(&t.stdin);
        let short: String = text.chars().take(80).collect();
        s.push_str(&format!(", stdin {short:?}"));
    }
    s
}

/// Whether every input can be written back into a test (numbers whose text position
/// is unknown cannot).
fn replayable(inputs: &[InputVar]) -> bool {
    inputs
        .iter()
        .all(|i| !matches!(i.origin, InputOrigin::Scan { stdin: None, .. }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Edits read as C source: a hex escape never swallows a hex digit after it.
    #[test]
    fn string_literals_are_written_as_c_reads_them() {
        assert_eq!(
            super::c_string(b"a\x01b\x02\"\n\0z"),
            "\"a\\x01\"\"b\\x02\\\"\\n\""
        );
        assert_eq!(super::c_string(b"\x01"), "\"\\x01\"");
        assert_eq!(super::c_string(b""), "\"\"");
    }
    use crate::ir::Loc;
    use crate::sym::VarId;

    fn var(v: u32, width: u32, signed: bool, origin: InputOrigin) -> InputVar {
        InputVar {
            var: VarId(v),
            name: format!("v{v}"),
            value: 0,
            width,
            signed,
            origin,
            loc: Loc::default(),
        }
    }

    #[test]
    fn builds_tests_from_models() {
        let orig = RunInput {
            argv: vec![b"./p".to_vec(), b"12".to_vec()],
            stdin: b"3 40\nab".to_vec(),
            cwd: None,
            root: None,
            env: Vec::new(),
            files: Vec::new(),
            literals: Vec::new(),
        };
        let inputs = vec![
            var(0, 32, true, InputOrigin::Arg { index: 1, base: 10 }),
            var(
                1,
                32,
                true,
                InputOrigin::Scan {
                    conv: b'd',
                    stdin: Some((0, 1)),
                },
            ),
            var(
                2,
                32,
                true,
                InputOrigin::Scan {
                    conv: b'd',
                    stdin: Some((2, 4)),
                },
            ),
            var(3, 8, false, InputOrigin::StdinByte { offset: 5 }),
        ];
        let model = Model::from_pairs(vec![
            (VarId(0), (-7i32) as u32 as u64),
            (VarId(1), 1234),
            (VarId(2), 5),
            (VarId(3), b'z' as u64),
        ]);
        let t = build_input(&orig, &inputs, &model);
        assert_eq!(t.argv[1], b"-7");
        assert_eq!(t.stdin, b"1234 5\nzb");
    }

    /// Bytes of arguments are edited in place, a NUL too (the program sees the argument
    /// end there); a number converted from the whole argument replaces it and wins over
    /// its bytes.
    #[test]
    fn argument_bytes_edit_the_arguments() {
        let orig = RunInput {
            argv: vec![
                b"./p".to_vec(),
                b"-n".to_vec(),
                b"abc".to_vec(),
                b"12".to_vec(),
            ],
            ..Default::default()
        };
        let byte = |v: u32, index: usize, offset: usize| {
            var(v, 8, false, InputOrigin::ArgByte { index, offset })
        };
        let inputs = vec![
            byte(0, 1, 1),
            byte(1, 2, 1),
            byte(2, 3, 0),
            var(3, 32, true, InputOrigin::Arg { index: 3, base: 10 }),
        ];
        let model = Model::from_pairs(vec![
            (VarId(0), b'x' as u64),
            (VarId(1), 0),
            (VarId(2), b'9' as u64),
            (VarId(3), 40),
        ]);
        let t = build_input(&orig, &inputs, &model);
        assert_eq!(t.argv, [&b"./p"[..], b"-x", b"a\0c", b"40"]);
        assert_eq!(args_as_passed(&t), [&b"-x"[..], b"a", b"40"]);
    }
}
