use super::super::testutil::{c_str, run_c, Rng, C_PRELUDE};
use super::*;

fn random_int_text(r: &mut Rng) -> Vec<u8> {
    let mut s = Vec::new();
    for _ in 0..r.below(3) {
        s.push(r.pick(b" \t\n\x0b\x0c\r"));
    }
    if r.chance(40) {
        s.push(r.pick(b"+-"));
    }
    if r.chance(10) {
        s.push(r.pick(b"+- "));
    }
    if r.below(5) == 0 {
        s.extend_from_slice(r.pick(&[&b"0x"[..], b"0X", b"0", b"00", b"0b"]));
    }
    let alphabet: &[u8] = r.pick(&[
        &b"0123456789"[..],
        b"01234567",
        b"0123456789abcdefABCDEF",
        b"0123456789xyzXYZ",
        b"9",
    ]);
    let n = match r.below(4) {
        0 => r.below(4),
        1 => r.range(17, 24) as u64,
        _ => r.below(12),
    };
    for _ in 0..n {
        s.push(r.pick(alphabet));
    }
    if r.chance(30) {
        s.extend_from_slice(r.pick(&[&b" 1"[..], b"x", b"g", b".5", b"-"]));
    }
    s
}

#[test]
fn integers_without_gcc() {
    let p = strtol_like(b"  -0xg", 0, IntKind::Strtol);
    assert_eq!((p.value, p.consumed), (0, 4));
    let p = strtol_like(b"-1", 10, IntKind::Strtoul);
    assert_eq!((p.value, p.overflow), (u64::MAX, false));
    let p = strtol_like(b"99999999999", 10, IntKind::Atoi);
    assert_eq!(p.value as i64, 1215752191);
    let p = strtol_like(b"99999999999999999999", 10, IntKind::Atoi);
    assert_eq!((p.value as i64, p.overflow), (-1, true));
    let p = strtol_like(b"12", 37, IntKind::Strtol);
    assert!(p.invalid_base && p.consumed == 0);
}

#[test]
fn differential_integers() {
    let mut r = Rng(4242);
    let mut cases: Vec<(Vec<u8>, u32, IntKind)> = Vec::new();
    for k in 0..3000 {
        let s = random_int_text(&mut r);
        let kind = r.pick(&[
            IntKind::Strtol,
            IntKind::Strtoll,
            IntKind::Strtoul,
            IntKind::Strtoull,
            IntKind::Atoi,
            IntKind::Atol,
            IntKind::Atoll,
        ]);
        let base = match kind {
            IntKind::Atoi | IntKind::Atol | IntKind::Atoll => 10,
            _ => r.pick(&[
                0,
                0,
                10,
                16,
                8,
                2,
                36,
                1,
                37,
                if k % 7 == 0 { 3 } else { 10 },
            ]),
        };
        cases.push((s, base, kind));
    }
    let mut src = String::from(C_PRELUDE);
    src.push_str(
        "static void T(int k, const char *s, int base) { char *e = 0; errno = 0; long v; unsigned long u;\n\
         switch (k) { case 0: v = strtol(s, &e, base); break; case 1: v = strtoll(s, &e, base); break;\n\
         case 2: u = strtoul(s, &e, base); v = (long)u; break; case 3: u = strtoull(s, &e, base); v = (long)u; break;\n\
         case 4: v = atoi(s); break; case 5: v = atol(s); break; default: v = atoll(s); }\n\
         printf(\"%lx %ld %d\\n\", (unsigned long)v, e ? (long)(e - s) : -1L, errno); }\n\
         int main(void) {\n",
    );
    for (s, base, kind) in &cases {
        src.push_str(&format!("T({}, {}, {});\n", *kind as u8, c_str(s), base));
    }
    src.push_str("return 0; }\n");
    let Some(out) = run_c(&src, &[]) else { return };
    let out = String::from_utf8(out).unwrap();
    let mut bad = Vec::new();
    for ((s, base, kind), line) in cases.iter().zip(out.lines()) {
        let p = strtol_like(s, *base, *kind);
        let is_ato = matches!(kind, IntKind::Atoi | IntKind::Atol | IntKind::Atoll);
        let errno = if p.invalid_base {
            22
        } else if p.overflow {
            34
        } else {
            0
        };
        let consumed = if is_ato || p.invalid_base {
            -1
        } else {
            p.consumed as i64
        };
        let ours = format!("{:x} {} {}", p.value, consumed, errno);
        if ours != line {
            bad.push(format!(
                "{kind:?} base {base} {:?}: glibc {line}, ours {ours}",
                String::from_utf8_lossy(s)
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} differ:\n{}",
        bad.len(),
        bad[..bad.len().min(30)].join("\n")
    );
}

fn random_float_text(r: &mut Rng) -> Vec<u8> {
    let mut s = Vec::new();
    if r.chance(20) {
        s.push(r.pick(b" \t\n"));
    }
    if r.chance(40) {
        s.push(r.pick(b"+-"));
    }
    match r.below(12) {
        0 => s.extend_from_slice(r.pick(&[
            &b"inf"[..],
            b"INF",
            b"infinity",
            b"Infinit",
            b"infinityx",
            b"nan",
            b"NaN(123)",
            b"nan(0x5)",
            b"nan(abc)",
            b"nan(1",
            b"nan()",
            b"nan(-1)",
            b"nan(12abc)",
            b"in",
            b"na",
            b"nan(0xfffffffffffff)",
            b"nan(0x1ffffffffffffffff)",
            b"nan(_x_)",
        ])),
        1 | 2 => {
            s.extend_from_slice(r.pick(&[&b"0x"[..], b"0X"]));
            for _ in 0..r.below(20) {
                s.push(r.pick(b"0123456789abcdefABCDEF0000ffff."));
            }
            if r.chance(60) {
                s.push(r.pick(b"pP"));
                if r.chance(50) {
                    s.push(r.pick(b"+-"));
                }
                s.extend_from_slice(r.range(0, 1200).to_string().as_bytes());
            }
        }
        3 => {
            // Around the subnormal/normal boundary and the overflow threshold.
            let v: &[u8] = r.pick(&[
                &b"2.2250738585072011e-308"[..],
                b"2.2250738585072014e-308",
                b"2.225073858507201136057409796709131975934819546351645648e-308",
                b"2.2250738585072013e-308",
                b"4.9406564584124654e-324",
                b"2.4703282292062327e-324",
                b"2.4703282292062328e-324",
                b"1.7976931348623157e308",
                b"1.7976931348623158e308",
                b"1.797693134862315807937e308",
                b"1e-310",
                b"1.17549435e-38",
                b"1.1754942e-38",
                b"3.4028235e38",
                b"3.40282357e38",
                b"1.4e-45",
                b"7e-46",
                b"0x1.fffffffffffffp-1023",
                b"0x1.ffffffffffffffp-1023",
                b"0x1p-1075",
                b"0x1.0000000000001p-1075",
                b"0x1p-1074",
                b"0x1.fffffep-127",
                b"0x1.ffffffp-127",
                b"0x1p-150",
                b"0x1.000001p-150",
                b"0x1.fffffffffffff8p1023",
                b"0x1.fffffffffffff7ffp1023",
                b"0x1.00000000000008p-1075",
                b"0x1.8p-150",
                b"0x1.0000008p-149",
                b"0x2.000002p-151",
                b"0x0.8000008p-149",
                b"0x1.0000000000000001p-150",
                b"0x1.00000000000008p-1076",
            ]);
            s.extend_from_slice(v);
        }
        _ => {
            let n = r.below(25);
            let mut dot = false;
            for _ in 0..n {
                if !dot && r.chance(10) {
                    s.push(b'.');
                    dot = true;
                } else {
                    s.push(r.pick(b"01234567890000059999"));
                }
            }
            if r.chance(50) {
                s.push(r.pick(b"eE"));
                if r.chance(50) {
                    s.push(r.pick(b"+-"));
                }
                if r.chance(90) {
                    s.extend_from_slice(r.range(0, 400).to_string().as_bytes());
                }
            }
        }
    }
    if r.chance(20) {
        s.extend_from_slice(r.pick(&[&b"x"[..], b"e", b".", b" 5", b"p3", b"e+"]));
    }
    s
}

#[test]
fn floats_without_gcc() {
    let p = strtod_like(b"0x1.fffffffffffffp-1023");
    assert_eq!((p.value, p.underflow), (f64::MIN_POSITIVE, true));
    let p = strtod_like(b"0x1.ffffffffffffffp-1023");
    assert_eq!((p.value, p.underflow), (f64::MIN_POSITIVE, false));
    let p = strtod_like(b"  -0x.p1");
    assert_eq!(p.consumed, 4);
    assert_eq!(strtod_like(b"nan(123)").value.to_bits(), 0x7ff800000000007b);
    assert_eq!(strtod_like(b"1e+").consumed, 1);
    assert_eq!(strtof_like(b"1.00000005960464477539062499").value, 1.0);
}

#[test]
fn differential_floats() {
    let mut r = Rng(777);
    let cases: Vec<(Vec<u8>, bool)> = (0..4000)
        .map(|_| (random_float_text(&mut r), r.chance(30)))
        .collect();
    let mut src = String::from(C_PRELUDE);
    src.push_str(
        "static void D(const char *s) { char *e; errno = 0; double v = strtod(s, &e); unsigned long long b; memcpy(&b, &v, 8);\n\
         printf(\"%llx %ld %d\\n\", b, (long)(e - s), errno); }\n\
         static void F(const char *s) { char *e; errno = 0; float v = strtof(s, &e); unsigned b; memcpy(&b, &v, 4);\n\
         printf(\"%x %ld %d\\n\", b, (long)(e - s), errno); }\n\
         int main(void) {\n",
    );
    for (s, is_f) in &cases {
        src.push_str(&format!(
            "{}({});\n",
            if *is_f { "F" } else { "D" },
            c_str(s)
        ));
    }
    src.push_str("return 0; }\n");
    let Some(out) = run_c(&src, &[]) else { return };
    let out = String::from_utf8(out).unwrap();
    let mut bad = Vec::new();
    for ((s, is_f), line) in cases.iter().zip(out.lines()) {
        let p = if *is_f {
            strtof_like(s)
        } else {
            strtod_like(s)
        };
        let bits = if *is_f {
            (p.value as f32).to_bits() as u64
        } else {
            p.value.to_bits()
        };
        let ours = format!(
            "{:x} {} {}",
            bits,
            p.consumed,
            if p.erange() { 34 } else { 0 }
        );
        if ours != line {
            bad.push(format!(
                "{} {:?}: glibc {line}, ours {ours}",
                if *is_f { "strtof" } else { "strtod" },
                String::from_utf8_lossy(s)
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} differ:\n{}",
        bad.len(),
        bad[..bad.len().min(30)].join("\n")
    );
}

/// Decimal text of mant × 2^e, exactly, then cut or extended to land just below or above.
fn decimal_text(mant: u64, e: i32, tweak: u8) -> Vec<u8> {
    let (d, point) = super::super::printf::exact_decimal_parts(mant, e);
    let mut digits: Vec<u8> = d.iter().map(|x| b'0' + x).collect();
    match tweak {
        0 => {}
        1 => digits.extend_from_slice(b"0000000000000000000001"),
        _ => {
            digits.pop();
        }
    }
    let mut s = b"0.".to_vec();
    s.extend_from_slice(&digits);
    s.extend_from_slice(format!("e{point}").as_bytes());
    s
}

#[test]
fn differential_float_ties() {
    // Exact decimal expansions of midpoints between adjacent doubles and floats
    // (hundreds of digits), at, just above and just below the tie.
    let mut r = Rng(31337);
    let mut cases: Vec<(Vec<u8>, bool)> = Vec::new();
    let mut meta = Vec::new();
    for _ in 0..1200 {
        let is_f = r.chance(40);
        let bits = if is_f { 25 } else { 54 };
        let m = (r.next() >> (64 - bits)) | 1 | (if r.chance(70) { 1 << (bits - 1) } else { 0 });
        let e = if is_f {
            r.range(-175, 100) as i32
        } else {
            r.range(-1130, 950) as i32
        };
        let e = if r.chance(50) {
            if is_f {
                -150 - r.range(-3, 25) as i32
            } else {
                -1075 - r.range(-3, 54) as i32
            }
        } else {
            e
        };
        let tw = r.below(3) as u8;
        cases.push((decimal_text(m, e, tw), is_f));
        meta.push((m, e, tw));
        let m2 = m << r.below(9) | (if r.chance(30) { 1 } else { 0 });
        cases.push((format!("0x{m2:x}p{e}").into_bytes(), is_f));
        meta.push((m2, e, 9));
    }
    let mut src = String::from(C_PRELUDE);
    src.push_str(
        "static void D(const char *s) { char *e; errno = 0; double v = strtod(s, &e); unsigned long long b; memcpy(&b, &v, 8);\n\
         printf(\"%llx %ld %d\\n\", b, (long)(e - s), errno); }\n\
         static void F(const char *s) { char *e; errno = 0; float v = strtof(s, &e); unsigned b; memcpy(&b, &v, 4);\n\
         printf(\"%x %ld %d\\n\", b, (long)(e - s), errno); }\n\
         int main(void) {\n",
    );
    for (s, is_f) in &cases {
        src.push_str(&format!(
            "{}({});\n",
            if *is_f { "F" } else { "D" },
            c_str(s)
        ));
    }
    src.push_str("return 0; }\n");
    let Some(out) = run_c(&src, &[]) else { return };
    let out = String::from_utf8(out).unwrap();
    let mut bad = Vec::new();
    for (((s, is_f), line), (m, e, tw)) in cases.iter().zip(out.lines()).zip(&meta) {
        let p = if *is_f {
            strtof_like(s)
        } else {
            strtod_like(s)
        };
        let bits = if *is_f {
            (p.value as f32).to_bits() as u64
        } else {
            p.value.to_bits()
        };
        let ours = format!(
            "{:x} {} {}",
            bits,
            p.consumed,
            if p.erange() { 34 } else { 0 }
        );
        if ours != line {
            bad.push(format!(
                "{} {m:#x} * 2^{e} tweak {tw}: glibc {line}, ours {ours}",
                if *is_f { "strtof" } else { "strtod" }
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} differ:\n{}",
        bad.len(),
        bad[..bad.len().min(10)].join("\n")
    );
}

mod props {
    use super::super::super::printf::{format, FormatError, PrintfArgs};
    use super::*;
    use proptest::prelude::*;

    struct OneDouble(f64);
    impl PrintfArgs for OneDouble {
        fn next_int(&mut self, _: u8) -> Result<u64, FormatError> {
            Err(FormatError::Arg("int".into()))
        }
        fn next_double(&mut self) -> Result<f64, FormatError> {
            Ok(self.0)
        }
        fn next_str(&mut self, _: Option<usize>) -> Result<Vec<u8>, FormatError> {
            Err(FormatError::Arg("str".into()))
        }
        fn next_ptr(&mut self) -> Result<u64, FormatError> {
            Err(FormatError::Arg("ptr".into()))
        }
    }

    fn printf1(f: &str, v: f64) -> Vec<u8> {
        format(f.as_bytes(), &mut OneDouble(v)).unwrap()
    }

    proptest! {
        /// printf's %.17g and %a round-trip through strtod for every finite double
        /// (decimal and hex parsing, subnormals included).
        #[test]
        fn printf_strtod_round_trip(bits in any::<u64>()) {
            let v = f64::from_bits(bits);
            prop_assume!(v.is_finite());
            for f in ["%.17g", "%a", "%.40e", "%.1074f"] {
                let text = printf1(f, v);
                let p = strtod_like(&text);
                prop_assert_eq!(p.value.to_bits(), v.to_bits(), "{}", String::from_utf8_lossy(&text));
                prop_assert_eq!(p.consumed, text.len());
            }
        }

        /// strtol of the decimal text of any long is that long, without overflow.
        #[test]
        fn strtol_round_trip(v in any::<i64>(), base in prop::sample::select(vec![8u32, 10, 16])) {
            let text = match base {
                8 => if v < 0 { format!("-{:o}", v.unsigned_abs()) } else { format!("{v:o}") },
                16 => if v < 0 { format!("-0x{:x}", v.unsigned_abs()) } else { format!("0X{v:X}") },
                _ => v.to_string(),
            };
            let p = strtol_like(text.as_bytes(), base, IntKind::Strtol);
            prop_assert_eq!((p.value as i64, p.consumed, p.overflow), (v, text.len(), false));
        }
    }
}
