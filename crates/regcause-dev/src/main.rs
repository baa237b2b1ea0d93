//! `regcause-dev sample DIR DEST`: builds the sample regression repository of DIR (a
//! folder of sample-repos/) as a real git repository at DEST. Used by scripts/demo.
//!
//! `regcause-dev mutants OUT [PER_PROGRAM [SEED]]`: writes the mutation corpus (one
//! sample folder per regression, see `mutants`) into OUT.

use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match args.as_slice() {
        [cmd, dir, dest] if cmd == "sample" => {
            let r = regcause_dev::samples::load(Path::new(dir))
                .and_then(|s| regcause_dev::samples::build_repo(&s, Path::new(dest)));
            match r {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("regcause-dev: {e}");
                    1
                }
            }
        }
        [cmd, out, rest @ ..] if cmd == "mutants" && rest.len() <= 2 => {
            let per = rest.first().map_or(Ok(5), |s| s.parse::<usize>());
            let seed = rest.get(1).map_or(Ok(29), |s| s.parse::<u64>());
            match (per, seed) {
                (Ok(per), Ok(seed)) => {
                    match regcause_dev::mutants::generate(Path::new(out), seed, per) {
                        Ok(s) => {
                            println!(
                                "{} regressions written to {out} ({} mutants left out: they passed every test, did not build or did not end)",
                                s.written.len(),
                                s.rejected
                            );
                            0
                        }
                        Err(e) => {
                            eprintln!("regcause-dev: {e}");
                            1
                        }
                    }
                }
                _ => {
                    eprintln!("regcause-dev: PER_PROGRAM and SEED are whole numbers");
                    2
                }
            }
        }
        _ => {
            eprintln!("usage: regcause-dev sample SAMPLE_DIR DEST\n       regcause-dev mutants OUT [PER_PROGRAM [SEED]]");
            2
        }
    };
    std::process::exit(code);
}
