use super::super::testutil::{c_str, run_c, Rng, C_PRELUDE};
use super::*;

struct Bytes<'a> {
    s: &'a [u8],
    pos: usize,
}

impl ScanInput for Bytes<'_> {
    fn peek(&mut self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }
    fn next(&mut self) -> Option<u8> {
        let c = self.s.get(self.pos).copied();
        if c.is_some() {
            self.pos += 1;
        }
        c
    }
}

#[derive(Default)]
struct Sink(Vec<ScanValue>);

impl ScanSink for Sink {
    fn store(&mut self, v: ScanValue) -> Result<(), FormatError> {
        self.0.push(v);
        Ok(())
    }
}

fn run(input: &str, fmt: &str) -> (i32, Vec<ScanValue>, usize) {
    let mut inp = Bytes {
        s: input.as_bytes(),
        pos: 0,
    };
    let mut sink = Sink::default();
    let r = scan(fmt.as_bytes(), &mut inp, &mut sink).unwrap();
    (r, sink.0, inp.pos)
}

fn int(v: i64, size: u8, text: &str) -> ScanValue {
    let bits = match size {
        1 => v as u8 as u64,
        2 => v as u16 as u64,
        4 => v as u32 as u64,
        _ => v as u64,
    };
    ScanValue::Int {
        bits,
        size,
        signed: true,
        text: text.as_bytes().to_vec(),
    }
}

#[test]
fn basics_without_gcc() {
    assert_eq!(run("", "%d"), (-1, vec![], 0));
    assert_eq!(run("abc", "%d"), (0, vec![], 0));
    assert_eq!(run("-x", "%d"), (0, vec![], 1));
    assert_eq!(run("5", "%*d%d"), (-1, vec![], 1));
    assert_eq!(run("ab", "abc"), (-1, vec![], 2));
    assert_eq!(
        run(" 12 x", "%d%n"),
        (1, vec![int(12, 4, "12"), ScanValue::Count(3)], 3)
    );
    assert_eq!(
        run("99999999999", "%d"),
        (1, vec![int(1215752191, 4, "99999999999")], 11)
    );
    assert_eq!(
        run("-99999999999999999999", "%d").1,
        vec![int(0, 4, "-99999999999999999999")]
    );
    assert_eq!(run("300", "%hhd").1, vec![int(44, 1, "300")]);
    assert_eq!(run("0xg", "%x").2, 2);
    assert_eq!(
        run("1ex", "%lf"),
        (
            1,
            vec![ScanValue::Float {
                value: 1.0,
                size: 8
            }],
            2
        )
    );
    assert_eq!(run("infx", "%lf").2, 3);
    assert_eq!(run("inx", "%lf"), (0, vec![], 3));
    assert_eq!(run("0x", "%lf"), (0, vec![], 2));
    assert_eq!(
        run("abc", "%5c"),
        (1, vec![ScanValue::Bytes(b"abc".to_vec())], 3)
    );
    assert_eq!(
        run("bd-f", "%[a-c-e]").1,
        vec![ScanValue::Bytes(b"bd".to_vec())]
    );
    assert_eq!(
        scan(b"%p", &mut Bytes { s: b"1", pos: 0 }, &mut Sink::default()),
        Err(FormatError::Unsupported("%p".into()))
    );
}

/// What one directive stores, to declare the C variable.
#[derive(Clone, Copy, Debug)]
enum Dest {
    Int(u8, bool),
    /// 4 `float`, 8 `double`, 16 `long double` (10 bytes compared).
    Float(u8),
    /// `%c`: no NUL added.
    Chars,
    /// `%s`, `%[`: NUL added.
    Str,
    Count,
}

impl Dest {
    fn c_type(self) -> &'static str {
        match self {
            Dest::Int(1, true) => "signed char",
            Dest::Int(1, false) => "unsigned char",
            Dest::Int(2, true) => "short",
            Dest::Int(2, false) => "unsigned short",
            Dest::Int(4, true) => "int",
            Dest::Int(4, false) => "unsigned",
            Dest::Int(_, true) => "long long",
            Dest::Int(_, false) => "unsigned long long",
            Dest::Float(4) => "float",
            Dest::Float(16) => "long double",
            Dest::Float(_) => "double",
            Dest::Chars | Dest::Str => "char",
            Dest::Count => "int",
        }
    }
    fn bytes(self) -> usize {
        match self {
            Dest::Float(16) => 10,
            Dest::Int(n, _) | Dest::Float(n) => n as usize,
            Dest::Chars | Dest::Str => 40,
            Dest::Count => 4,
        }
    }
}

fn random_directive(r: &mut Rng, fmt: &mut Vec<u8>, dests: &mut Vec<Dest>) {
    if r.chance(25) {
        let lit: &[u8] = r.pick(&[
            &b" "[..],
            b"  ",
            b"\t",
            b"x",
            b"ab",
            b",",
            b"-",
            b"%%",
            b" %%",
            b" x",
            b"\n",
        ]);
        fmt.extend_from_slice(lit);
        return;
    }
    fmt.push(b'%');
    let suppress = r.chance(12);
    if suppress {
        fmt.push(b'*');
    }
    if r.chance(25) {
        fmt.extend_from_slice(r.range(0, 6).to_string().as_bytes());
    }
    let kind = r.below(10);
    let dest = match kind {
        0..=3 => {
            let conv = r.pick(b"diuoxXdi");
            let (len, size): (&[u8], u8) = r.pick(&[
                (&b""[..], 4),
                (b"", 4),
                (b"hh", 1),
                (b"h", 2),
                (b"l", 8),
                (b"ll", 8),
                (b"j", 8),
                (b"z", 8),
            ]);
            fmt.extend_from_slice(len);
            fmt.push(conv);
            Dest::Int(size, conv == b'd' || conv == b'i')
        }
        4 | 5 => {
            let conv = r.pick(b"fegaEFGA");
            let size = r.pick(&[4, 8, 8, 16, 16]);
            match size {
                8 => fmt.push(b'l'),
                16 => fmt.push(b'L'),
                _ => {}
            }
            fmt.push(conv);
            Dest::Float(size)
        }
        6 => {
            fmt.push(b's');
            Dest::Str
        }
        7 => {
            fmt.push(b'c');
            Dest::Chars
        }
        8 => {
            let set: &[u8] = r.pick(&[
                &b"[a-z]"[..],
                b"[^ ]",
                b"[]a]",
                b"[^]a]",
                b"[a-]",
                b"[-a]",
                b"[z-a]",
                b"[a-c-e]",
                b"[0-9x]",
                b"[^0-9]",
                b"[]-a]",
                b"[^-]",
                b"[ab",
                b"[^\n]",
                b"[.-]",
            ]);
            fmt.extend_from_slice(set);
            Dest::Str
        }
        _ => {
            fmt.push(b'n');
            Dest::Count
        }
    };
    if !suppress {
        dests.push(dest);
    }
}

fn random_input(r: &mut Rng) -> Vec<u8> {
    let mut s = Vec::new();
    for _ in 0..r.range(0, 4) {
        let tok: &[u8] = r.pick(&[
            &b"12"[..],
            b"-5",
            b"+7",
            b"0x1f",
            b"0X",
            b"0x",
            b"0xg",
            b"-0x1A",
            b"017",
            b"09",
            b"0",
            b"99999999999",
            b"-99999999999999999999",
            b"4294967296",
            b"300",
            b"-1",
            b"-",
            b"+",
            b"1.5",
            b"-.5",
            b".",
            b"1e5",
            b"1e",
            b"1e+",
            b"2.5E-3",
            b"1.5.3",
            b"inf",
            b"INFINITY",
            b"infinit",
            b"in",
            b"nan",
            b"NaN(12)",
            b"na",
            b"0x1p3",
            b"0x1.8p",
            b"0x.8",
            b"0xp1",
            b"1e400",
            b"1e-400",
            b"abc",
            b"x",
            b"]a]",
            b"b-c",
            b"%",
            b"%5",
            b"z",
            b",",
            b"-x",
            b"3.4028236e38",
            b"1e-45",
            // long double ranges and roundings
            b"0.1",
            b"1e4932",
            b"1.2e4932",
            b"3.6e-4951",
            b"1e-4951",
            b"0x1.fffffffffffffffffp0",
            b"1.00000000000000000005421010862427522170037264004349708557128906250",
        ]);
        s.extend_from_slice(tok);
        if r.chance(60) {
            s.extend_from_slice(r.pick(&[&b" "[..], b"  ", b"\t", b"\n", b""]));
        }
    }
    s
}

/// What the C side prints for one destination after the call.
fn render(d: Dest, v: Option<&ScanValue>) -> String {
    let mut bytes = vec![0xa5u8; d.bytes()];
    match (d, v) {
        (_, None) => {}
        (Dest::Int(n, _), Some(ScanValue::Int { bits, .. })) => {
            bytes.copy_from_slice(&bits.to_le_bytes()[..n as usize]);
        }
        (Dest::Float(4), Some(ScanValue::Float { value, .. })) => {
            bytes.copy_from_slice(&(*value as f32).to_le_bytes());
        }
        (Dest::Float(16), Some(ScanValue::LongDouble(x))) => {
            bytes.copy_from_slice(&x.to_bytes());
        }
        (Dest::Float(8), Some(ScanValue::Float { value, .. })) => {
            bytes.copy_from_slice(&value.to_le_bytes());
        }
        (Dest::Chars | Dest::Str, Some(ScanValue::Bytes(b))) => {
            let mut b = b.clone();
            if matches!(d, Dest::Str) {
                b.push(0);
            }
            let n = b.len().min(bytes.len());
            bytes[..n].copy_from_slice(&b[..n]);
        }
        (Dest::Count, Some(ScanValue::Count(n))) => {
            bytes.copy_from_slice(&(*n as u32).to_le_bytes());
        }
        (d, Some(v)) => return format!("type mismatch {d:?} {v:?}"),
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn differential(cases: &[(Vec<u8>, Vec<u8>, Vec<Dest>)]) {
    let mut src = String::from(C_PRELUDE);
    src.push_str(
        "static void hex(const void *p, int n) { const unsigned char *c = p; for (int i = 0; i < n; i++) printf(\"%02x\", c[i]); printf(\"|\"); }\n\
         static void rest(FILE *f) { int c; while ((c = fgetc(f)) != EOF) printf(\"%02x\", c); printf(\"\\n\"); }\n\
         int main(void) {\n",
    );
    for (k, (input, fmt, dests)) in cases.iter().enumerate() {
        src.push_str(&format!("{{ /* case {k} */\n"));
        let mut args = String::new();
        for (j, d) in dests.iter().enumerate() {
            let arr = if matches!(d, Dest::Chars | Dest::Str) {
                "[128]"
            } else {
                ""
            };
            src.push_str(&format!(
                "{} v{j}{arr}; memset(&v{j}, 0xa5, sizeof v{j});\n",
                d.c_type()
            ));
            args.push_str(&format!(", {}v{j}", if arr.is_empty() { "&" } else { "" }));
        }
        src.push_str(&format!(
            "const char *in = {}; FILE *f = fmemopen((void *)in, strlen(in), \"r\");\n\
             int r = fscanf(f, {}{args}); printf(\"%d|\", r);\n",
            c_str(input),
            c_str(fmt)
        ));
        for (j, d) in dests.iter().enumerate() {
            src.push_str(&format!("hex(&v{j}, {});\n", d.bytes()));
        }
        src.push_str("rest(f); fclose(f); }\n");
    }
    src.push_str("return 0; }\n");
    let Some(out) = run_c(&src, &[]) else { return };
    let out = String::from_utf8(out).unwrap();
    let mut bad = Vec::new();
    for ((input, fmt, dests), want) in cases.iter().zip(out.lines()) {
        let mut inp = Bytes { s: input, pos: 0 };
        let mut sink = Sink::default();
        let got = match scan(fmt, &mut inp, &mut sink) {
            Err(e) => format!("error {e}"),
            Ok(r) => {
                let mut g = format!("{r}|");
                for (j, d) in dests.iter().enumerate() {
                    g.push_str(&render(*d, sink.0.get(j)));
                    g.push('|');
                }
                for b in &input[inp.pos..] {
                    g.push_str(&format!("{b:02x}"));
                }
                g
            }
        };
        if got != want {
            bad.push(format!(
                "input {:?} fmt {:?}:\n  glibc {want}\n  ours  {got}",
                String::from_utf8_lossy(input),
                String::from_utf8_lossy(fmt)
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} differ:\n{}",
        bad.len(),
        cases.len(),
        bad[..bad.len().min(25)].join("\n")
    );
}

#[test]
fn differential_random() {
    let mut r = Rng(2024);
    let mut cases = Vec::new();
    for _ in 0..3000 {
        let mut fmt = Vec::new();
        let mut dests = Vec::new();
        for _ in 0..r.range(1, 4) {
            random_directive(&mut r, &mut fmt, &mut dests);
        }
        cases.push((random_input(&mut r), fmt, dests));
    }
    differential(&cases);
}

#[test]
fn differential_edge_cases() {
    use Dest::*;
    let i4 = Int(4, true);
    let d8 = Float(8);
    let list: Vec<(&str, &str, Vec<Dest>)> = vec![
        ("", "%d", vec![i4]),
        ("   ", "%d", vec![i4]),
        ("5", "%d %d", vec![i4, i4]),
        ("", "%n", vec![Count]),
        ("", "abc", vec![]),
        ("", "", vec![]),
        (" ", " ", vec![]),
        ("- 5", "%d", vec![i4]),
        ("0x1f", "%3x", vec![Int(4, false)]),
        ("0x1f", "%2x", vec![Int(4, false)]),
        ("0x1f", "%1x", vec![Int(4, false)]),
        ("-0x1f", "%2x", vec![Int(4, false)]),
        ("-123", "%2d", vec![i4]),
        ("-123", "%1d", vec![i4]),
        ("0xz", "%i", vec![i4]),
        ("-0x1f", "%i", vec![i4]),
        ("0x1", "%2lf", vec![d8]),
        ("0x1", "%3lf", vec![d8]),
        ("0x.p1", "%lf", vec![d8]),
        ("1.5e3", "%3lf", vec![d8]),
        ("1e+5", "%3lf", vec![d8]),
        ("-5", "%1lf", vec![d8]),
        ("nan", "%2lf", vec![d8]),
        ("infinity", "%4lf", vec![d8]),
        ("infinity", "%8lf", vec![d8]),
        ("infinity", "%3lf", vec![d8]),
        ("1,5", "%lf", vec![d8]),
        ("3.4028236e38", "%f", vec![Float(4)]),
        ("1.00000005960464477539062499", "%f", vec![Float(4)]),
        ("0x1.000001p-150", "%f", vec![Float(4)]),
        ("abc", "%0s", vec![Str]),
        ("abc", "%0c", vec![Chars]),
        ("  %", " %%", vec![]),
        ("%5", "%%%d", vec![i4]),
        ("5", "%z", vec![]),
        ("5", "%", vec![]),
        ("5", "%5", vec![]),
        (" 5", "%y", vec![]),
        ("5", "%d%y", vec![i4]),
        ("a]b", "%[]-a]", vec![Str]),
        ("^-]", "%[]-^]", vec![Str]),
        ("ab", "%[ab", vec![Str]),
        ("  abc def", "%2s", vec![Str]),
        ("  12 x", " %d%n", vec![i4, Count]),
        ("12", "%d x%n", vec![i4, Count]),
        ("12 ", "%d ", vec![i4]),
        ("x\n\n y", "x %c", vec![Chars]),
        ("5\n", "%d\n", vec![i4]),
        ("1 2 3", "%*d %*d %d %n", vec![i4, Count]),
    ];
    let cases: Vec<_> = list
        .into_iter()
        .map(|(i, f, d)| (i.as_bytes().to_vec(), f.as_bytes().to_vec(), d))
        .collect();
    differential(&cases);
}
