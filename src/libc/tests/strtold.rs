//! `strtold_like` against known bit patterns (from gcc/glibc on x86-64) and against
//! glibc's `strtold` on random input: short and long decimals over the whole exponent
//! range, exact halfway cases between neighbouring values and just above them,
//! subnormals, overflow, hex input.

use super::*;
use crate::libc::testutil::{run_c, Rng};

fn bits(s: &str) -> (u16, u64, usize, bool) {
    let p = strtold_like(s.as_bytes());
    (p.value.se, p.value.m, p.consumed, p.erange())
}

#[test]
fn known_bit_patterns() {
    let cases: &[(&str, u16, u64, usize, bool)] = &[
        ("0.1", 0x3ffb, 0xcccccccccccccccd, 3, false),
        ("1e4932", 0x7ffe, 0xd72cb2a95c7ef6cd, 6, false),
        (
            "1.18973149535723176502e+4932",
            0x7ffe,
            0xffffffffffffffff,
            28,
            false,
        ),
        ("1.2e4932", 0x7fff, 0x8000000000000000, 8, true),
        ("3.6e-4951", 0, 1, 9, true),
        ("1e-4951", 0, 0, 7, true),
        ("1.8e-4951", 0, 0, 9, true),
        ("0x1p-16446", 0, 0, 10, true),
        ("0x1.8p-16446", 0, 1, 12, true),
        ("2.5e-4951", 0, 1, 9, true),
        ("-0", 0x8000, 0, 2, false),
        ("nan", 0x7fff, 0xc000000000000000, 3, false),
        ("nan(0x123)", 0x7fff, 0xc000000000000123, 10, false),
        ("-inf", 0xffff, 0x8000000000000000, 4, false),
        (
            "0x1.fffffffffffffffffp0",
            0x4000,
            0x8000000000000000,
            23,
            false,
        ),
        (
            "3.3621031431120935063e-4932",
            0x0001,
            0x8000000000000000,
            27,
            false,
        ),
        (
            "18446744073709551615",
            0x403e,
            0xffffffffffffffff,
            20,
            false,
        ),
        (
            "123456789012345678901234567890",
            0x405f,
            0xc77487fb61b9f077,
            30,
            false,
        ),
        (" +12.5e-3xyz", 0x3ff8, 0xcccccccccccccccd, 9, false),
        ("1e-5000", 0, 0, 7, true),
        ("x", 0, 0, 0, false),
    ];
    for &(s, se, m, n, erange) in cases {
        assert_eq!(bits(s), (se, m, n, erange), "strtold({s:?})");
    }
}

/// The exact decimal of `(2m + 1) × 2^(e - 1)`: the midpoint between `m × 2^e` and the
/// next value up.
fn midpoint_text(m: u64, e: i64) -> String {
    let odd = (u128::from(m) << 1) | 1;
    let digits: Vec<u8> = odd.to_string().bytes().map(|c| c - b'0').collect();
    let mut b = BigUint::from_digits(&digits);
    let e = e - 1;
    if e >= 0 {
        b.shl(e as u32);
        String::from_utf8(b.to_decimal()).unwrap_or_default()
    } else {
        b.mul_pow5((-e) as u32);
        let d = String::from_utf8(b.to_decimal()).unwrap_or_default();
        format!("{d}e{e}")
    }
}

fn random_input(r: &mut Rng) -> String {
    let digits = |r: &mut Rng, n: usize| -> String {
        (0..n)
            .map(|i| {
                let lo = if i == 0 { 1 } else { 0 };
                char::from(b'0' + r.range(lo, 9) as u8)
            })
            .collect()
    };
    match r.below(7) {
        0 => {
            let n = r.range(1, 21) as usize;
            format!("{}e{}", digits(r, n), r.range(-40, 40))
        }
        1 => {
            let n = r.range(1, 40) as usize;
            format!("0.{}e{}", digits(r, n), r.range(-4960, 4940))
        }
        2 => {
            // Halfway between two values (normal, subnormal or near the largest), or
            // just above it.
            let m = (1u64 << 63) | r.next();
            let choices = [
                r.range(-200, 200),
                r.range(-16445, -16300),
                r.range(16300, 16320),
            ];
            let e = r.pick(&choices);
            let e = if e < -16445 { -16445 } else { e };
            let m = if e == -16445 && r.chance(50) {
                m >> r.range(1, 62)
            } else {
                m
            };
            let t = midpoint_text(m, e);
            if r.chance(30) {
                match t.split_once('e') {
                    Some((d, x)) => format!("{d}000001e{}", x.parse::<i64>().unwrap_or(0) - 6),
                    None => format!("{t}.000001"),
                }
            } else {
                t
            }
        }
        3 => {
            let n = r.range(1, 17) as usize;
            let hex: String = (0..n)
                .map(|_| char::from(b"0123456789abcdef"[r.below(16) as usize]))
                .collect();
            format!("0x{}.{}p{}", &hex[..1], &hex[1..], r.range(-16500, 16400))
        }
        4 => format!("{}e{}", digits(r, 3), r.range(-4960, -4925)),
        5 => format!("{}e{}", digits(r, 25), r.range(4900, 4935)),
        _ => {
            let n = r.range(100, 400) as usize;
            format!("{}e-{}", digits(r, n), r.range(0, 5300))
        }
    }
}

#[test]
fn differential_strtold() {
    let mut r = Rng(4242);
    let inputs: Vec<String> = (0..1500).map(|_| random_input(&mut r)).collect();
    let src = r#"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        char *end;
        errno = 0;
        long double x = strtold(argv[i], &end);
        unsigned char b[16];
        memcpy(b, &x, 16);
        printf("%02x%02x ", b[9], b[8]);
        for (int k = 7; k >= 0; k--)
            printf("%02x", b[k]);
        printf(" %d %d\n", (int)(end - argv[i]), errno != 0);
    }
    return 0;
}
"#;
    let args: Vec<&str> = inputs.iter().map(String::as_str).collect();
    let Some(out) = run_c(src, &args) else {
        return;
    };
    let out = String::from_utf8(out).unwrap_or_default();
    let mut bad = Vec::new();
    for (s, want) in inputs.iter().zip(out.lines()) {
        let p = strtold_like(s.as_bytes());
        let got = format!(
            "{:04x} {:016x} {} {}",
            p.value.se,
            p.value.m,
            p.consumed,
            u8::from(p.erange())
        );
        if got != want {
            bad.push(format!("{s}: got {got}, glibc {want}"));
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
}
