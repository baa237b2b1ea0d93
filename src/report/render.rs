//! Renderers of a [`Report`]: text for the terminal, Markdown for a ticket, SARIF 2.1.0
//! for code-scanning tools (JSON is serde's own form of the model).

use std::fmt::Write;

use comfy_table::{presets::UTF8_FULL_CONDENSED, ContentArrangement, Table};
use serde_json::{json, Value};

use super::{Candidate, Report};

/// What to say of an alternative input both revisions run alike on: the flip undoes
/// the regression only when the replay took the predicted path.
fn agreement(a: &super::Alternative) -> Option<&'static str> {
    match (a.revisions_agree, a.undoes_regression()) {
        (true, true) => {
            Some("both revisions agree on this input: flipping the decision undoes the regression")
        }
        (true, false) => Some(
            "both revisions agree on this input, but its replay left the predicted path: no proof the flip undoes the regression",
        ),
        _ => None,
    }
}

/// A replay's compared file: its text quoted, or that the replay did not write it.
fn written(w: &Option<String>) -> String {
    match w {
        Some(t) => format!("{t:?}"),
        None => "nothing (the file was not written)".into(),
    }
}

fn short(c: &str) -> &str {
    &c[..c.len().min(10)]
}

fn kind(c: &Candidate) -> &'static str {
    c.explanation.name()
}

fn headline(r: &Report) -> String {
    match r.verdict {
        super::VerdictKind::Regression => format!(
            "Regression: the test passes at {} ({}) and fails at {} ({}).",
            r.good.rev,
            short(&r.good.commit),
            r.bad.rev,
            short(&r.bad.commit)
        ),
        _ => format!(
            "Nothing to explain: {}.",
            r.reason.as_deref().unwrap_or("no regression")
        ),
    }
}

/// Whether `c` is one of the lines the report names as the root cause.
fn is_named(r: &Report, c: &Candidate) -> bool {
    r.root_cause.iter().any(|l| c.is_at(l))
}

/// The named lines in their order, one per line: `file:line`, kind, whether changed,
/// source. A line named from a failure-inducing hunk that holds no candidate is a
/// changed `hunk` line without source.
fn named_lines(r: &Report) -> Vec<(String, &'static str, bool, String)> {
    r.root_cause
        .iter()
        .map(|l| {
            let at = format!("{}:{}", l.file, l.line);
            match r.candidates.iter().find(|c| c.is_at(l)) {
                Some(c) => (at, kind(c), c.changed, c.source.trim().to_string()),
                None => (at, "hunk", true, String::new()),
            }
        })
        .collect()
}

fn stats_line(r: &Report) -> String {
    let s = &r.stats;
    format!(
        "Condition {}: {} at good, {} at bad; {}; {} ms in all.",
        r.condition,
        count(s.good_constraints, "constraint"),
        s.bad_constraints,
        solving(s),
        s.total_ms
    )
}

/// What DARWIN's solving did, for the statistics line.
fn solving(s: &super::Stats) -> String {
    // Every query posed: given to the solver or answered by the analysis cache.
    let queries = s.solver_calls + s.cache_hits;
    // Flips refuted by their bounds reach neither the cache nor z3.
    let bounds = match s.solver.by_bounds {
        0 => String::new(),
        n => format!(" ({n} by their bounds)"),
    };
    let answers = format!(
        "{} sat, {} unsat{bounds}, {} unknown; {} skipped",
        s.sat, s.unsat, s.unknown, s.skipped
    );
    if s.from_cache {
        format!(
            "read from the analysis cache, nothing run or solved now (when computed: {} ({answers}))",
            count(queries, "query")
        )
    } else if s.cache_hits > 0 {
        format!(
            "{} ({} answered by the analysis cache; {answers}) in {} ms",
            count(queries, "query"),
            s.cache_hits,
            s.solving_ms
        )
    } else {
        format!(
            "{} ({answers}) in {} ms",
            count(s.solver_calls, "solver call"),
            s.solving_ms
        )
    }
}

/// Bytes that are not UTF-8 as a quoted string with `\xNN` escapes: exact, unlike
/// the text with U+FFFD the JSON shows beside their base64.
fn escaped(bytes: &[u8]) -> String {
    let body: String = bytes
        .iter()
        .flat_map(|&b| std::ascii::escape_default(b))
        .map(char::from)
        .collect();
    format!("\"{body}\"")
}

fn alt_input(a: &super::Alternative) -> String {
    // A unit test's alternative is a source edit of the test; its argv, the test's
    // own, is shown only when there is one.
    let edits: Vec<String> = a
        .literals
        .iter()
        .map(|e| format!("{} → {} at {}", e.from, e.to, e.at))
        .collect();
    let mut s = edits.join("; ");
    if edits.is_empty() || !a.args.is_empty() {
        if !s.is_empty() {
            s.push_str(", ");
        }
        match &a.args_base64 {
            Some(_) => {
                let args: Vec<String> = a.args_bytes().iter().map(|x| escaped(x)).collect();
                let _ = write!(s, "args [{}]", args.join(", "));
            }
            None => {
                let _ = write!(s, "args {:?}", a.args);
            }
        }
    }
    match &a.stdin_base64 {
        Some(_) => {
            let _ = write!(s, ", stdin {}", escaped(&a.stdin_bytes()));
        }
        None if !a.stdin.is_empty() => {
            let _ = write!(s, ", stdin {:?}", a.stdin);
        }
        None => {}
    }
    for e in &a.env {
        match &e.value_base64 {
            Some(_) => {
                let _ = write!(s, ", --env {}={}", e.name, escaped(&e.value_bytes()));
            }
            None => {
                let _ = write!(s, ", --env {}={:?}", e.name, e.value);
            }
        }
    }
    for f in &a.files {
        let _ = write!(s, ", {} changed as below", f.path);
    }
    s
}

/// The line saying which inputs were symbolic: why DARWIN had something (or nothing)
/// to vary.
fn inputs_line(r: &Report) -> String {
    format!(
        "Symbolic inputs of the bad run: {}.",
        r.stats.symbolic_inputs.summary()
    )
}

/// A program's output as a C string literal would write it: `\n`, `\t`, `\r`, `\\`
/// and `\"` escaped, other control characters in octal (`\033` for the escape of a
/// terminal colour), everything else as it is. Rust's own quoting (`\u{1b}`) reads
/// oddly to a C programmer.
fn c_quoted(s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 2);
    o.push('"');
    for c in s.chars() {
        match c {
            '\n' => o.push_str("\\n"),
            '\t' => o.push_str("\\t"),
            '\r' => o.push_str("\\r"),
            '\\' => o.push_str("\\\\"),
            '"' => o.push_str("\\\""),
            c if (c as u32) < 0x20 || c == '\x7f' => o.push_str(&format!("\\{:03o}", c as u32)),
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

/// Plain text for a terminal: a table of the candidates, then the evidence of each.
pub fn text(r: &Report) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "{}", headline(r));
    if r.verdict != super::VerdictKind::Regression {
        return o;
    }
    if let Some(d) = &r.divergence {
        let _ = writeln!(o, "{}", d.summary);
        if let (Some(e), Some(a)) = (&d.expected_line, &d.actual_line) {
            let _ = writeln!(
                o,
                "  expected: {}\n  actual:   {}",
                c_quoted(e),
                c_quoted(a)
            );
        }
        for l in &d.details {
            let _ = writeln!(o, "{l}");
        }
    }
    let _ = writeln!(o, "{}", inputs_line(r));
    let named = named_lines(r);
    if !named.is_empty() {
        let _ = writeln!(o, "\nRoot cause at {}:", r.bad.rev);
        for (at, k, changed, src) in &named {
            let _ = writeln!(
                o,
                "  {at}  {src}  ({k}, {})",
                if *changed { "changed" } else { "unchanged" }
            );
        }
        let _ = writeln!(o);
    }
    if r.candidates.is_empty() {
        let _ = writeln!(o, "No root-cause candidate found.");
    } else {
        let mut t = Table::new();
        t.load_preset(UTF8_FULL_CONDENSED)
            .set_header(vec!["#", "line", "kind", "changed", "source", "n"]);
        t.set_content_arrangement(arrangement(t.width()));
        for c in &r.candidates {
            t.add_row(vec![
                c.rank.to_string(),
                format!("{}:{}", c.file, c.line),
                kind(c).to_string(),
                if c.changed { "yes" } else { "no" }.to_string(),
                c.source.trim().to_string(),
                c.instances.to_string(),
            ]);
        }
        let _ = writeln!(o, "Root-cause candidates at {}:\n{t}", r.bad.rev);
        for c in &r.candidates {
            let _ = writeln!(
                o,
                "\n{}. {}:{} ({} explanation{})",
                c.rank,
                c.file,
                c.line,
                kind(c),
                if c.changed {
                    ", changed line"
                } else {
                    ", unchanged line"
                }
            );
            if let Some(f) = &c.flipped {
                let _ = writeln!(o, "   flips: {f}");
            }
            if let Some(a) = &c.alternative {
                let _ = writeln!(o, "   alternative input: {}", alt_input(a));
                for f in &a.files {
                    for l in f.diff.lines() {
                        let _ = writeln!(o, "     {l}");
                    }
                }
                let _ = writeln!(
                    o,
                    "   good prints {} ({})",
                    c_quoted(&a.good_stdout),
                    a.good_ending
                );
                let _ = writeln!(
                    o,
                    "   bad prints  {} ({})",
                    c_quoted(&a.bad_stdout),
                    a.bad_ending
                );
                for w in &a.written {
                    let _ = writeln!(o, "   good writes {}: {}", w.path, written(&w.good));
                    let _ = writeln!(o, "   bad writes  {}: {}", w.path, written(&w.bad));
                }
                if let Some(w) = agreement(a) {
                    let _ = writeln!(o, "   {w}");
                }
                if let Some(s) = &a.surprise {
                    let _ = writeln!(o, "   not as predicted: {s}");
                }
            }
            if !c.chain.is_empty() {
                let _ = writeln!(o, "   chain to the failing output:");
                for st in &c.chain {
                    let _ = writeln!(o, "     {}:{} [{}] {}", st.file, st.line, st.via, st.source);
                }
            }
            for n in &c.notes {
                let _ = writeln!(o, "   note: {n}");
            }
            if let Some(h) = &c.hunk {
                for l in h.lines() {
                    let _ = writeln!(o, "   | {l}");
                }
            }
        }
    }
    text_dd(r, &mut o);
    for u in &r.undecided {
        let _ = writeln!(
            o,
            "Undecided (solver timeout): {}:{} may also be a cause.",
            u.file, u.line
        );
    }
    for n in &r.notes {
        let _ = writeln!(o, "Note: {n}");
    }
    let _ = writeln!(o, "{}", stats_line(r));
    o
}

/// Narrower than this, a terminal's width is taken as unknown.
const MIN_TABLE_WIDTH: u16 = 20;

/// How the candidates' table fits the terminal: wrapped to its width when known. A
/// terminal that reports a width of 0 (a pseudo-terminal nobody sized, as `script`
/// or a CI runner's makes) is not known: wrapped to it, the table was a column per
/// character.
fn arrangement(width: Option<u16>) -> ContentArrangement {
    match width {
        Some(w) if w >= MIN_TABLE_WIDTH => ContentArrangement::Dynamic,
        _ => ContentArrangement::Disabled,
    }
}

/// `text` with every line indented two spaces (a block inside a Markdown list item).
fn indent_block(text: &str) -> String {
    text.lines().map(|l| format!("  {l}\n")).collect()
}

/// `n` and the noun, plural unless `n` is 1.
fn count(n: usize, noun: &str) -> String {
    match (n, noun.strip_suffix('y')) {
        (1, _) => format!("{n} {noun}"),
        (_, Some(stem)) => format!("{n} {stem}ies"),
        _ => format!("{n} {noun}s"),
    }
}

fn dd_summary(d: &super::DdSection) -> String {
    format!(
        "{} of {} in {} ({}, {}, in the diff){}; {} tested ({} unresolved, {} from the cache, {} without the preprocessor) in {} ms",
        d.minimal_lines,
        count(d.changed_lines, "changed line"),
        count(d.hunks.len(), "hunk"),
        count(d.hunks_total, "hunk"),
        count(d.groups, "group"),
        if d.narrowed { "" } else { ": not narrowed" },
        count(d.subsets_tested, "subset"),
        d.unresolved,
        d.cache_hits,
        d.subsets_spliced,
        d.search_ms
    )
}

fn hunk_lines(h: &super::FailureHunk) -> String {
    let mut s = String::new();
    if !h.candidate_lines.is_empty() {
        let _ = write!(s, "candidates at lines {:?}", h.candidate_lines);
    } else if !h.slice_lines.is_empty() {
        let _ = write!(
            s,
            "no candidate inside; lines in the relevant slice {:?}",
            h.slice_lines
        );
    } else {
        s.push_str("no candidate inside and no line in the relevant slice");
    }
    s
}

/// The last line of the dd section: that an unnarrowed search ranks nothing, or the
/// lines a narrowed one points at (`loc` formats one). None when there is nothing to say.
fn dd_tail(d: &super::DdSection, loc: impl Fn(&super::Location) -> String) -> Option<String> {
    if !d.narrowed {
        return Some(
            "The search did not narrow the change: its hunks are the diff's own and rank nothing."
                .into(),
        );
    }
    let lines: Vec<String> = d.reported.iter().map(loc).collect();
    (!lines.is_empty()).then(|| format!("Lines the hunk search points at: {}", lines.join(", ")))
}

fn text_dd(r: &Report, o: &mut String) {
    let Some(d) = &r.dd else { return };
    let _ = writeln!(
        o,
        "\nFailure-inducing change (delta debugging): {}.",
        dd_summary(d)
    );
    // An unnarrowed search kept the diff itself: it says so first, and its hunks, the
    // diff's own, are listed without their text.
    if !d.narrowed {
        if let Some(t) = dd_tail(d, |l| format!("{}:{}", l.file, l.line)) {
            let _ = writeln!(o, "{t}");
        }
    }
    for h in &d.hunks {
        let _ = writeln!(o, "{}:{}-{} ({})", h.file, h.start, h.end, hunk_lines(h));
        if d.narrowed {
            for l in h.text.lines() {
                let _ = writeln!(o, "   | {l}");
            }
        }
    }
    if d.exposes_only {
        let _ = writeln!(o, "The failure-inducing change only exposes the fault: the candidates lie in unchanged code.");
    }
    if d.narrowed {
        if let Some(t) = dd_tail(d, |l| format!("{}:{}", l.file, l.line)) {
            let _ = writeln!(o, "{t}");
        }
    }
}

fn markdown_dd(r: &Report, o: &mut String) {
    let Some(d) = &r.dd else { return };
    let _ = writeln!(o, "\n### Failure-inducing change\n\n{}.\n", dd_summary(d));
    let tail = dd_tail(d, |l| format!("`{}:{}`", l.file, l.line));
    if let (false, Some(t)) = (d.narrowed, &tail) {
        let _ = writeln!(o, "{t}\n");
    }
    for h in &d.hunks {
        let _ = write!(
            o,
            "- `{}:{}-{}`: {}\n\n",
            h.file,
            h.start,
            h.end,
            hunk_lines(h)
        );
        if d.narrowed {
            let _ = writeln!(o, "```diff\n{}```\n", h.text);
        }
    }
    if d.exposes_only {
        let _ = writeln!(o, "The failure-inducing change only exposes the fault: the candidates lie in unchanged code.\n");
    }
    if let (true, Some(t)) = (d.narrowed, tail) {
        let _ = writeln!(o, "{t}");
    }
}

fn md_cell(s: &str) -> String {
    s.replace('|', "\\|").replace('`', "'")
}

/// Markdown to paste into a ticket.
pub fn markdown(r: &Report) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "## regcause: {} → {}\n", r.good.rev, r.bad.rev);
    let _ = writeln!(o, "{}\n", headline(r));
    let mut cmd = vec![r.test.program.clone()];
    cmd.extend(r.test.args.iter().cloned());
    let _ = writeln!(o, "Test: `{}`", md_cell(&cmd.join(" ")));
    if !r.test.stdin.is_empty() {
        let _ = writeln!(o, "\nstdin:\n\n```\n{}\n```", r.test.stdin.trim_end());
    }
    if r.verdict != super::VerdictKind::Regression {
        return o;
    }
    if let Some(d) = &r.divergence {
        let _ = writeln!(o, "\n{}", d.summary);
        if let (Some(e), Some(a)) = (&d.expected_line, &d.actual_line) {
            let _ = writeln!(
                o,
                "\n- expected: `{}`\n- actual: `{}`",
                md_cell(e),
                md_cell(a)
            );
        }
    }
    let _ = writeln!(o, "\n{}", inputs_line(r));
    let named = named_lines(r);
    if !named.is_empty() {
        let _ = writeln!(o, "\n### Root cause\n");
        for (at, k, changed, src) in &named {
            let _ = writeln!(
                o,
                "- `{at}` `{}` ({k}, {})",
                md_cell(src),
                if *changed { "changed" } else { "unchanged" }
            );
        }
    }
    let _ = writeln!(o, "\n### Root-cause candidates\n");
    if r.candidates.is_empty() {
        let _ = writeln!(o, "None found.");
    } else {
        let _ = writeln!(o, "| # | line | kind | changed | source | instances |");
        let _ = writeln!(o, "|---|------|------|---------|--------|-----------|");
        for c in &r.candidates {
            let _ = writeln!(
                o,
                "| {} | `{}:{}` | {} | {} | `{}` | {} |",
                c.rank,
                c.file,
                c.line,
                kind(c),
                if c.changed { "yes" } else { "no" },
                md_cell(c.source.trim()),
                c.instances
            );
        }
        for c in &r.candidates {
            let _ = writeln!(o, "\n#### {}. `{}:{}`\n", c.rank, c.file, c.line);
            if let Some(f) = &c.flipped {
                let _ = writeln!(o, "- flips: `{}`", md_cell(f));
            }
            if let Some(a) = &c.alternative {
                let _ = writeln!(o, "- alternative input: {}", md_cell(&alt_input(a)));
                for f in &a.files {
                    let _ = writeln!(o, "\n  ```diff\n{}  ```\n", indent_block(&f.diff));
                }
                let _ = writeln!(
                    o,
                    "- good prints `{}` ({})",
                    c_quoted(&a.good_stdout),
                    a.good_ending
                );
                let _ = writeln!(
                    o,
                    "- bad prints `{}` ({})",
                    c_quoted(&a.bad_stdout),
                    a.bad_ending
                );
                for w in &a.written {
                    let _ = writeln!(o, "- good writes `{}`: `{}`", w.path, written(&w.good));
                    let _ = writeln!(o, "- bad writes `{}`: `{}`", w.path, written(&w.bad));
                }
                if let Some(w) = agreement(a) {
                    let _ = writeln!(o, "- {w}");
                }
                if let Some(s) = &a.surprise {
                    let _ = writeln!(o, "- **not as predicted**: {s}");
                }
            }
            if !c.chain.is_empty() {
                let _ = writeln!(o, "- chain to the failing output:");
                for st in &c.chain {
                    let _ = writeln!(
                        o,
                        "  - `{}:{}` ({}) `{}`",
                        st.file,
                        st.line,
                        st.via,
                        md_cell(&st.source)
                    );
                }
            }
            for n in &c.notes {
                let _ = writeln!(o, "- note: {n}");
            }
            if let Some(h) = &c.hunk {
                let _ = writeln!(o, "\n```diff\n{}```", h);
            }
        }
    }
    markdown_dd(r, &mut o);
    for n in &r.notes {
        let _ = writeln!(o, "\n> Note: {n}");
    }
    let _ = writeln!(o, "\n<sub>{}</sub>", stats_line(r));
    o
}

/// SARIF 2.1.0: one result per candidate, located at its line of the bad revision.
/// A repository path as a SARIF `artifactLocation.uri`: a relative URI reference, so
/// every byte but the unreserved ones and `/` is percent-encoded (a space, `#`, `%`, a
/// `:` that would read as a scheme, non-ASCII).
fn uri_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

pub fn sarif(r: &Report) -> Value {
    let results: Vec<Value> = r
        .candidates
        .iter()
        .map(|c| {
            let mut msg = format!(
                "Root-cause candidate #{} ({} explanation) of the regression {} → {}",
                c.rank,
                kind(c),
                r.good.rev,
                r.bad.rev
            );
            if let Some(f) = &c.flipped {
                let _ = write!(msg, "; flips `{f}`");
            }
            let loc = |file: &str, line: u32, text: &str| {
                json!({
                    "physicalLocation": {
                        "artifactLocation": { "uri": uri_path(file) },
                        "region": { "startLine": line, "snippet": { "text": text } }
                    }
                })
            };
            let mut res = json!({
                "ruleId": "regcause/root-cause",
                "level": if is_named(r, c) { "error" } else { "warning" },
                "rank": (100.0 / c.rank as f64),
                "message": { "text": msg },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": { "uri": uri_path(&c.file) },
                        "region": { "startLine": c.line, "snippet": { "text": c.source } }
                    }
                }],
                "properties": {
                    "explanation": kind(c),
                    "changed": c.changed,
                    "instances": c.instances,
                    "notes": c.notes,
                }
            });
            // The chain: related locations, and a code flow a viewer can step through.
            if !c.chain.is_empty() {
                let related: Vec<Value> = c
                    .chain
                    .iter()
                    .enumerate()
                    .map(|(i, st)| {
                        let mut l = loc(&st.file, st.line, &st.source);
                        l["id"] = json!(i);
                        l["message"] =
                            json!({ "text": format!("chain step {} ({})", i + 1, st.via) });
                        l
                    })
                    .collect();
                let flow: Vec<Value> = c
                    .chain
                    .iter()
                    .map(|st| {
                        let mut l = loc(&st.file, st.line, &st.source);
                        l["message"] = json!({ "text": st.via });
                        json!({ "location": l })
                    })
                    .collect();
                res["relatedLocations"] = json!(related);
                res["codeFlows"] = json!([{ "threadFlows": [{ "locations": flow }] }]);
            }
            res
        })
        .collect();
    let mut results = results;
    if let Some(d) = &r.dd {
        // One result per failure-inducing hunk, as a region of the bad revision.
        for h in &d.hunks {
            results.push(json!({
                "ruleId": "regcause/failure-inducing-hunk",
                "level": "note",
                "message": { "text": format!("Failure-inducing hunk of the regression {} → {} ({})", r.good.rev, r.bad.rev, hunk_lines(h)) },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": { "uri": uri_path(&h.file) },
                        "region": { "startLine": h.start, "endLine": h.end, "snippet": { "text": h.text } }
                    }
                }],
                "properties": {
                    "candidateLines": h.candidate_lines,
                    "sliceLines": h.slice_lines,
                    "exposesOnly": d.exposes_only,
                }
            }));
        }
    }
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "regcause",
                "version": r.tool.version,
                "informationUri": "https://example.invalid/regcause",
                "rules": [{
                    "id": "regcause/root-cause",
                    "shortDescription": { "text": "Root-cause candidate of a regression" }
                }, {
                    "id": "regcause/failure-inducing-hunk",
                    "shortDescription": { "text": "Minimal failure-inducing hunk (delta debugging)" }
                }]
            }},
            "properties": { "good": r.good.commit, "bad": r.bad.commit },
            "results": results,
        }]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A terminal of width 0 (an unsized pseudo-terminal) leaves the table unwrapped,
    /// as a pipe does; a terminal of a real width wraps it.
    #[test]
    fn the_candidates_table_ignores_a_terminal_width_of_zero() {
        assert!(matches!(arrangement(Some(0)), ContentArrangement::Disabled));
        assert!(matches!(arrangement(None), ContentArrangement::Disabled));
        assert!(matches!(arrangement(Some(80)), ContentArrangement::Dynamic));
        let mut t = Table::new();
        t.set_header(vec!["line", "source"])
            .add_row(vec!["sha256.c:64", "t2 = EP0(a) + MAJ(a,b,c);"])
            .set_width(0);
        t.set_content_arrangement(arrangement(t.width()));
        let text = t.to_string();
        assert!(text.contains("t2 = EP0(a) + MAJ(a,b,c);"), "{text}");
        assert_eq!(text.lines().count(), 5, "{text}");
    }

    /// Output is quoted as C writes it: the escape of a terminal colour reads `\033`,
    /// not Rust's `\u{1b}`.
    #[test]
    fn program_output_is_quoted_as_c_writes_it() {
        assert_eq!(
            c_quoted("\u{1b}[32mPASS\u{1b}[0m \"a\\b\"\tx\n\0é"),
            r#""\033[32mPASS\033[0m \"a\\b\"\tx\n\000é""#
        );
    }

    #[test]
    fn agreement_is_a_proof_only_on_the_predicted_path() {
        let mut a = super::super::Alternative {
            revisions_agree: true,
            as_predicted: true,
            ..Default::default()
        };
        assert!(agreement(&a).is_some_and(|w| w.ends_with("undoes the regression")));
        a.as_predicted = false;
        assert!(agreement(&a).is_some_and(|w| w.contains("no proof")));
        a.revisions_agree = false;
        assert_eq!(agreement(&a), None);
    }

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(uri_path("src/main.c"), "src/main.c");
        assert_eq!(uri_path("src/a file#1.c"), "src/a%20file%231.c");
        assert_eq!(uri_path("c:x/é.c"), "c%3Ax/%C3%A9.c");
    }

    /// The unsatisfiable flips the bounds refuted, without a solver call, are said.
    #[test]
    fn the_solving_summary_counts_the_flips_the_bounds_refuted() {
        let mut s = super::super::Stats {
            solver_calls: 76,
            sat: 3,
            unsat: 165,
            skipped: 95,
            solving_ms: 4800,
            ..Default::default()
        };
        s.solver.by_bounds = 95;
        assert_eq!(
            solving(&s),
            "76 solver calls (3 sat, 165 unsat (95 by their bounds), 0 unknown; 95 skipped) in 4800 ms"
        );
        s.solver.by_bounds = 0;
        assert!(
            solving(&s).starts_with("76 solver calls (3 sat,"),
            "{}",
            solving(&s)
        );
    }

    /// The hunk search's summary counts in words that agree with the numbers.
    #[test]
    fn the_hunk_summary_says_one_hunk_not_one_hunks() {
        let mut d = super::super::DdSection {
            changed_lines: 1,
            minimal_lines: 1,
            hunks_total: 1,
            groups: 1,
            subsets_tested: 1,
            narrowed: true,
            ..Default::default()
        };
        d.hunks.push(super::super::FailureHunk {
            file: "a.c".into(),
            start: 3,
            end: 3,
            text: String::new(),
            candidate_lines: Vec::new(),
            slice_lines: Vec::new(),
        });
        let s = dd_summary(&d);
        assert!(
            s.starts_with(
                "1 of 1 changed line in 1 hunk (1 hunk, 1 group, in the diff); 1 subset tested"
            ),
            "{s}"
        );
        d.changed_lines = 2;
        d.hunks_total = 3;
        assert!(
            dd_summary(&d).starts_with("1 of 2 changed lines in 1 hunk (3 hunks,"),
            "{}",
            dd_summary(&d)
        );
    }

    /// An alternative's input bytes that are not UTF-8 are shown exactly (escaped),
    /// environment variables as `--env`, changed files by path; a JSON round trip
    /// keeps every byte.
    #[test]
    fn alternative_inputs_are_shown_exactly() {
        use super::super::bytes::shown;
        let (stdin, stdin_base64) = shown(b"\xff\xfeA\n");
        let (value, value_base64) = shown(b"fast");
        let a = super::super::Alternative {
            args: vec!["x\u{fffd}".into()],
            args_base64: Some(vec![super::super::bytes::base64_encode(b"x\x80")]),
            stdin,
            stdin_base64,
            env: vec![super::super::AltEnv {
                name: "MODE".into(),
                value,
                value_base64,
            }],
            files: vec![super::super::AltFile {
                path: "tests/a.ini".into(),
                diff: "--- a/tests/a.ini\n+++ b/tests/a.ini\n".into(),
                content: "k=1\n".into(),
                content_base64: None,
            }],
            ..Default::default()
        };
        assert_eq!(
            alt_input(&a),
            "args [\"x\\x80\"], stdin \"\\xff\\xfeA\\n\", --env MODE=\"fast\", \
             tests/a.ini changed as below"
        );
        let json = serde_json::to_string(&a).expect("serialise");
        let back: super::super::Alternative = serde_json::from_str(&json).expect("parse");
        assert_eq!(back.stdin_bytes(), b"\xff\xfeA\n");
        assert_eq!(back.args_bytes(), [b"x\x80".to_vec()]);
        assert_eq!(back.files[0].bytes(), b"k=1\n");
        assert_eq!(back, a);
    }
}
