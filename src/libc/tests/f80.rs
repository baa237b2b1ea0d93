//! The soft x87 arithmetic against gcc's `long double` (the real x87 unit) on random
//! operands: exponents close together (cancellation, rounding ties), far apart (sticky
//! bits), subnormals, values near the overflow threshold, zeros of both signs,
//! infinities, quiet and signalling NaNs with payloads, unnormals.

use super::*;
use crate::libc::testutil::{run_c, Rng};

fn random_f80(r: &mut Rng, near: Option<F80>) -> F80 {
    let sign = if r.chance(50) { 0x8000 } else { 0 };
    let m = match r.below(4) {
        0 => INT_BIT | r.next(),
        // Short significands make ties and exact results common.
        1 => INT_BIT | (r.next() << r.range(40, 63)),
        2 => INT_BIT | (r.below(16) << r.range(0, 60)),
        _ => INT_BIT | (r.next() >> r.range(0, 63)),
    };
    let biased = |r: &mut Rng| -> u16 {
        match near {
            Some(x) if r.chance(70) && x.biased() != 0 && x.biased() != MAX_BIASED => {
                (i64::from(x.biased()) + r.range(-3, 3)).clamp(1, 0x7ffe) as u16
            }
            Some(x) if r.chance(30) && x.biased() != MAX_BIASED => {
                (i64::from(x.biased()) + r.range(-140, 140)).clamp(1, 0x7ffe) as u16
            }
            _ => match r.below(6) {
                0 => r.range(1, 0x7ffe) as u16,
                1 => r.range(1, 80) as u16,
                2 => r.range(0x7ffe - 80, 0x7ffe) as u16,
                _ => r.range(16383 - 70, 16383 + 70) as u16,
            },
        }
    };
    match r.below(40) {
        0 => F80 { se: sign, m: 0 },
        1 => F80 {
            se: sign | MAX_BIASED,
            m: INT_BIT,
        },
        // Quiet and signalling NaNs with payloads.
        2 => F80 {
            se: sign | MAX_BIASED,
            m: INT_BIT | (1 << 62) | (r.next() >> r.range(2, 63)),
        },
        3 => F80 {
            se: sign | MAX_BIASED,
            m: INT_BIT | (r.next() >> r.range(2, 63)).max(1),
        },
        // Subnormals.
        4 | 5 => F80 {
            se: sign,
            m: (r.next() >> r.range(1, 63)).max(1),
        },
        6 => F80 {
            se: sign | biased(r),
            m: r.next() >> 1, // unnormal
        },
        _ => F80 {
            se: sign | biased(r),
            m,
        },
    }
}

fn hex(x: F80) -> String {
    format!("{:04x}{:016x}", x.se, x.m)
}

fn f80_lit(x: F80) -> String {
    format!("{{0x{:x}UL,0x{:x}}}", x.m, x.se)
}

#[test]
fn arithmetic_and_conversions_match_the_x87() {
    let mut r = Rng(80);
    let mut pairs = Vec::new();
    for _ in 0..3000 {
        let a = random_f80(&mut r, None);
        let b = random_f80(&mut r, Some(a));
        pairs.push((a, b));
    }
    let list: Vec<String> = pairs
        .iter()
        .map(|(a, b)| format!("{{{},{}}}", f80_lit(*a), f80_lit(*b)))
        .collect();
    let src = format!(
        r#"#include <stdio.h>
#include <string.h>
struct raw {{ unsigned long m; unsigned short se; }};
static const struct raw cs[][2] = {{{}}};
static long double ld(struct raw x) {{ long double v = 0; memcpy(&v, &x, 10); return v; }}
static void p(long double v) {{ struct raw x; memcpy(&x, &v, 10); printf("%04x%016lx ", x.se, x.m); }}
int main(void) {{
  for (unsigned i = 0; i < sizeof cs / sizeof cs[0]; i++) {{
    long double a = ld(cs[i][0]), b = ld(cs[i][1]);
    p(a + b); p(a - b); p(a * b); p(a / b); p(-a);
    printf("%d%d%d%d%d%d ", a < b, a <= b, a == b, a != b, a > b, a >= b);
    double d = (double)a; float f = (float)a;
    unsigned long db, fb = 0; memcpy(&db, &d, 8); memcpy(&fb, &f, 4);
    printf("%016lx %08lx ", db, fb);
    if (a > -9223372036854775809.0L && a < 9223372036854775808.0L) printf("%ld ", (long)a); else printf("- ");
    if (a > -2147483649.0L && a < 2147483648.0L) printf("%d ", (int)a); else printf("- ");
    if (a > -1.0L && a < 18446744073709551616.0L) printf("%lu ", (unsigned long)a); else printf("- ");
    long double back = (long double)d; p(back);
    p((long double)(long)db); p((long double)db);
    printf("\n");
  }}
  return 0;
}}
"#,
        list.join(",")
    );
    let Some(out) = run_c(&src, &[]) else { return };
    let out = String::from_utf8_lossy(&out);
    let mut lines = out.lines();
    for (k, (a, b)) in pairs.iter().enumerate() {
        let (a, b) = (*a, *b);
        let mut want = String::new();
        for v in [a.plus(b), a.minus(b), a.times(b), a.divide(b), a.negate()] {
            want.push_str(&hex(v));
            want.push(' ');
        }
        let c = a.compare(b);
        let bits = [
            c == Some(Ordering::Less),
            matches!(c, Some(Ordering::Less | Ordering::Equal)),
            c == Some(Ordering::Equal),
            c != Some(Ordering::Equal),
            c == Some(Ordering::Greater),
            matches!(c, Some(Ordering::Greater | Ordering::Equal)),
        ];
        for x in bits {
            want.push(if x { '1' } else { '0' });
        }
        want.push(' ');
        let d = a.to_f64();
        want.push_str(&format!(
            "{:016x} {:08x} ",
            d.to_bits(),
            a.to_f32().to_bits()
        ));
        // The C program's bounds, exactly: (-2^63 - 1, 2^63), (-2^31 - 1, 2^31), (-1, 2^64).
        let in_range = |lo: F80, hi: F80| {
            a.compare(lo) == Some(Ordering::Greater) && a.compare(hi) == Some(Ordering::Less)
        };
        let long_lo = F80 {
            se: 0x8000 | (BIAS + 63) as u16,
            m: INT_BIT | 1,
        };
        let two64 = F80 {
            se: (BIAS + 64) as u16,
            m: INT_BIT,
        };
        let l = in_range(long_lo, F80::from_u64(1 << 63))
            .then(|| a.to_int(64, true).map(|v| (v as i64).to_string()))
            .flatten();
        want.push_str(&format!("{} ", l.unwrap_or_else(|| "-".into())));
        let i = in_range(F80::from_i64(-2147483649), F80::from_i64(2147483648))
            .then(|| a.to_int(32, true).map(|v| (v as i32).to_string()))
            .flatten();
        want.push_str(&format!("{} ", i.unwrap_or_else(|| "-".into())));
        let u = in_range(F80::from_i64(-1), two64)
            .then(|| a.to_int(64, false).map(|v| v.to_string()))
            .flatten();
        want.push_str(&format!("{} ", u.unwrap_or_else(|| "-".into())));
        for v in [
            F80::from_f64(d),
            F80::from_i64(d.to_bits() as i64),
            F80::from_u64(d.to_bits()),
        ] {
            want.push_str(&hex(v));
            want.push(' ');
        }
        let got = lines.next().unwrap_or("");
        assert_eq!(got, want, "case {k}: a = {} b = {}", hex(a), hex(b));
    }
}

#[test]
fn edge_cases() {
    let one = F80::from_f64(1.0);
    let two = F80::from_i64(2);
    assert_eq!(one.plus(one), two);
    // 1 + 2^-64 is a tie between 1 and its successor: even is 1.
    let tiny = F80 {
        se: (BIAS - 64) as u16,
        m: INT_BIT,
    };
    assert_eq!(one.plus(tiny), one);
    // The largest finite value doubled overflows to infinity.
    let max = F80 {
        se: 0x7ffe,
        m: u64::MAX,
    };
    assert_eq!(max.plus(max), F80::inf(false));
    // The smallest subnormal halved is a tie with zero: rounds to (even) zero.
    let min_sub = F80 { se: 0, m: 1 };
    assert_eq!(min_sub.divide(two), F80::ZERO);
    assert_eq!(F80::ZERO.divide(F80::ZERO), F80::INDEFINITE);
    assert!(F80::INDEFINITE.is_negative());
    assert_eq!(
        F80::from_i64(i64::MIN).to_int(64, true),
        Some(i64::MIN as u64)
    );
    assert_eq!(F80::from_u64(u64::MAX).to_int(64, false), Some(u64::MAX));
    assert_eq!(F80::from_u64(u64::MAX).to_int(64, true), None);
    assert_eq!(F80::from_f64(-0.5).to_int(32, false), Some(0));
    assert_eq!(F80::from_f64(-1.5).to_int(32, true), Some((-1i64) as u64));
    assert_eq!(F80::from_bytes(max.to_bytes()), max);
}
