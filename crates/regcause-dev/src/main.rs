//! `regcause-dev sample DIR DEST`: builds the sample regression repository of DIR (a
//! folder of sample-repos/) as a real git repository at DEST. Used by scripts/demo.

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
        _ => {
            eprintln!("usage: regcause-dev sample SAMPLE_DIR DEST");
            2
        }
    };
    std::process::exit(code);
}
