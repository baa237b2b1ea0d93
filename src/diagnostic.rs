//! The one place where faults, outcomes and verdicts become text. The interpreter and
//! the oracle produce data (`RuntimeError`, `Outcome`, `Verdict`); `run`/`exec`, the
//! oracle's consumers and the report render it here, with the `Program` that names
//! files and functions.

use std::fmt;

use crate::exec::{Frame, Note, Outcome, RuntimeError};
use crate::ir::{Loc, Program};
use crate::oracle::GoodFailure;

/// `kind at file:line:col: message`, then the notes and the call stack, one per line.
pub struct FaultText<'a> {
    prog: &'a Program,
    e: &'a RuntimeError,
}

pub fn fault<'a>(prog: &'a Program, e: &'a RuntimeError) -> FaultText<'a> {
    FaultText { prog, e }
}

impl fmt::Display for FaultText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (p, e) = (self.prog, self.e);
        write!(
            f,
            "{} at {}: {}",
            e.kind.slug(),
            p.fmt_loc(e.loc),
            e.message
        )?;
        for n in &e.notes {
            write!(f, "\n  note: {}", note(p, n))?;
        }
        for fr in &e.stack {
            write!(f, "\n  {}", frame(p, fr, "in "))?;
        }
        Ok(())
    }
}

/// A note with its place: "allocated at file:line:col".
pub fn note(p: &Program, n: &Note) -> String {
    match n.loc {
        Some(l) => format!("{} at {}", n.text, p.fmt_loc(l)),
        None => n.text.clone(),
    }
}

/// One line of a call stack: `{prefix}func at file:line:col`, or the count of frames
/// left out.
pub fn frame(p: &Program, fr: &Frame, prefix: &str) -> String {
    match fr {
        Frame::Call { func, loc } => {
            let name = p
                .functions
                .get(func.index())
                .map_or("?", |f| f.name.as_str());
            format!("{prefix}{name} at {}", p.fmt_loc(*loc))
        }
        Frame::Elided(n) => format!("... {n} more frames"),
    }
}

/// A call stack, one line per frame, as the oracle's report shows it.
pub fn stack(p: &Program, frames: &[Frame]) -> Vec<String> {
    frames.iter().map(|fr| frame(p, fr, "")).collect()
}

/// `file:line:col`.
pub fn loc(p: &Program, l: Loc) -> String {
    p.fmt_loc(l)
}

/// How a run ended, in a few words ("exit status 1", "runtime error: ... at ...").
pub fn outcome(p: &Program, o: &Outcome) -> String {
    match o {
        Outcome::Exit(n) => format!("exit status {n}"),
        Outcome::Signal(6) => "killed by SIGABRT (abort)".into(),
        Outcome::Signal(s) => format!("killed by signal {s}"),
        Outcome::Fault(e) => format!("runtime error: {} at {}", e.kind.slug(), p.fmt_loc(e.loc)),
    }
}

/// Why the good revision already fails, as the report's reason says it.
pub fn good_failure(good: &Program, g: &GoodFailure) -> String {
    match g {
        GoodFailure::Fault(e) => format!(
            "the good revision itself stops at {} ({}: {})",
            good.fmt_loc(e.loc),
            e.kind.slug(),
            e.message
        ),
        GoodFailure::Expectation {
            offset,
            actual_line,
            expected_line,
        } => format!(
            "the good revision's output already differs from the expected output at byte {offset} (line {actual_line:?}, expected {expected_line:?})"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::FaultKind;
    use crate::ir::FuncId;

    fn prog() -> Program {
        let dir = tempfile::tempdir().expect("tempdir");
        let c = dir.path().join("t.c");
        std::fs::write(&c, "int f(void){return 0;}\nint main(void){return f();}\n").expect("write");
        crate::frontend::load_files(&[c], &[], &[]).expect("load")
    }

    #[test]
    fn renders_faults_with_names_from_the_program() {
        let p = prog();
        let main = p
            .functions
            .iter()
            .position(|f| f.name == "main")
            .expect("main") as u32;
        let f = p.functions.iter().position(|f| f.name == "f").expect("f") as u32;
        let at = |line| Loc {
            file: 0,
            line,
            col: 3,
        };
        let e = RuntimeError {
            kind: FaultKind::UseAfterFree,
            message: "use after free of a heap block".into(),
            loc: at(1),
            stmt: None,
            stack: vec![
                Frame::Call {
                    func: FuncId::new(f),
                    loc: at(1),
                },
                Frame::Elided(7),
                Frame::Call {
                    func: FuncId::new(main),
                    loc: at(2),
                },
            ],
            notes: vec![
                Note::at("allocated", at(2)),
                Note {
                    text: "bare".into(),
                    loc: None,
                },
            ],
        };
        let t = fault(&p, &e).to_string();
        let name = p.fmt_loc(at(1));
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(
            lines[0],
            format!("use-after-free at {name}: use after free of a heap block")
        );
        assert_eq!(
            lines[1],
            format!("  note: allocated at {}", p.fmt_loc(at(2)))
        );
        assert_eq!(lines[2], "  note: bare");
        assert_eq!(lines[3], format!("  in f at {name}"));
        assert_eq!(lines[4], "  ... 7 more frames");
        assert_eq!(lines[5], format!("  in main at {}", p.fmt_loc(at(2))));
        assert_eq!(
            outcome(&p, &Outcome::Fault(e)),
            format!("runtime error: use-after-free at {name}")
        );
        assert_eq!(
            stack(
                &p,
                &[Frame::Call {
                    func: FuncId::new(main),
                    loc: at(2)
                }]
            ),
            vec![format!("main at {}", p.fmt_loc(at(2)))]
        );
    }
}
