//! Byte offsets in preprocessed text -> (file, line, column) of the original source.
//! lang-c's own lookup rescans the text for every query; this index is built once.

pub struct LineMap {
    /// Start offset of each preprocessed line, with the file index and original line.
    starts: Vec<(usize, u32, u32)>,
    files: Vec<String>,
}

impl LineMap {
    /// `header_dir` is the directory of regcause's bundled headers: locations inside it
    /// are shown as `<stdio.h>` rather than a temporary path.
    pub fn new(text: &str, header_dir: &str) -> LineMap {
        let mut starts = Vec::new();
        let mut files: Vec<String> = Vec::new();
        let mut cur_file = 0u32;
        let mut cur_line = 1u32;
        let mut off = 0usize;
        files.push(String::from("<input>"));
        for line in text.split_inclusive('\n') {
            if let Some((l, f)) = parse_marker(line) {
                let name = if let Some(rest) = f.strip_prefix(header_dir) {
                    format!("<{}>", rest.trim_start_matches('/'))
                } else {
                    f.strip_prefix("./").unwrap_or(&f).to_string()
                };
                cur_file = match files.iter().position(|x| *x == name) {
                    Some(i) => i as u32,
                    None => {
                        files.push(name);
                        (files.len() - 1) as u32
                    }
                };
                cur_line = l;
                starts.push((off, u32::MAX, 0));
            } else {
                starts.push((off, cur_file, cur_line));
                cur_line += 1;
            }
            off += line.len();
        }
        LineMap { starts, files }
    }

    /// (file, line, column) for a byte offset.
    pub fn locate(&self, offset: usize) -> (&str, u32, u32) {
        let i = match self.starts.binary_search_by(|s| s.0.cmp(&offset)) {
            Ok(i) => i,
            Err(0) => 0,
            Err(i) => i - 1,
        };
        let (start, file, line) = self.starts.get(i).copied().unwrap_or((0, 0, 1));
        let file = if file == u32::MAX { 0 } else { file };
        let name = self
            .files
            .get(file as usize)
            .map(String::as_str)
            .unwrap_or("?");
        (name, line, (offset.saturating_sub(start) + 1) as u32)
    }
}

/// `# 12 "file.c" 1 3` -> (12, "file.c")
fn parse_marker(line: &str) -> Option<(u32, String)> {
    let rest = line.strip_prefix("# ")?;
    let mut it = rest.splitn(2, ' ');
    let num: u32 = it.next()?.trim().parse().ok()?;
    let tail = it.next()?.trim_end();
    let q = tail.strip_prefix('"')?;
    let end = q.find('"')?;
    Some((num, q[..end].to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_offsets_through_markers() {
        let t = "# 1 \"a.c\"\nint x;\n# 5 \"/h/stdio.h\" 1\nint y;\n# 3 \"a.c\" 2\n  int z;\n";
        let m = LineMap::new(t, "/h");
        let off_x = t.find("int x").unwrap();
        assert_eq!(m.locate(off_x), ("a.c", 1, 1));
        let off_y = t.find("int y").unwrap();
        assert_eq!(m.locate(off_y), ("<stdio.h>", 5, 1));
        let off_z = t.find("int z").unwrap();
        assert_eq!(m.locate(off_z), ("a.c", 3, 3));
    }
}
