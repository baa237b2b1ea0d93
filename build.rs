// Embeds regcause's own libc headers (src/libc/include/*.h) into the binary, so the
// tool needs no installed files besides itself.
use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new("src/libc/include");
    println!("cargo:rerun-if-changed=src/libc/include");
    println!("cargo:rerun-if-changed=src/libc/include/sys");
    // The headers and those of `sys/` (POSIX's <sys/types.h>, <sys/stat.h>, ...).
    let mut names: Vec<String> = Vec::new();
    for sub in ["", "sys/"] {
        if let Ok(rd) = std::fs::read_dir(dir.join(sub)) {
            names.extend(
                rd.filter_map(|e| e.ok())
                    .map(|e| format!("{sub}{}", e.file_name().to_string_lossy()))
                    .filter(|n| n.ends_with(".h")),
            );
        }
    }
    names.sort();
    let mut out = String::from("pub static HEADERS: &[(&str, &[u8])] = &[\n");
    for n in &names {
        println!("cargo:rerun-if-changed=src/libc/include/{n}");
        let _ = writeln!(
            out,
            "    ({n:?}, include_bytes!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/src/libc/include/{n}\"))),"
        );
    }
    out.push_str("];\n");
    let dest =
        Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("headers.rs");
    if let Err(e) = std::fs::write(&dest, out) {
        panic!("cannot write {}: {e}", dest.display());
    }
}
