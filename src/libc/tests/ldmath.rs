//! The `long double` math models against glibc on special values and random operands
//! (exact squares and their neighbours, halfway fractions, subnormals, huge values).

use super::*;
use crate::libc::testutil::{run_c, Rng};

fn random_value(r: &mut Rng) -> F80 {
    let sign = if r.chance(50) { 0x8000 } else { 0 };
    let m = (1u64 << 63) | r.next();
    match r.below(6) {
        // Around 1: fractions with few bits (halfway cases of roundl).
        0 => F80 {
            se: sign | (16383 + r.range(-3, 5) as u16),
            m: m & !((1u64 << r.range(40, 62)) - 1) | (1 << 63),
        },
        // Exact squares of integers and their neighbours.
        1 => {
            let k = r.range(1, 1 << 30) as u64;
            let v = F80::from_u64(k * k);
            F80 {
                se: v.se,
                m: v.m.wrapping_add(r.range(-1, 1) as u64) | (1 << 63),
            }
        }
        2 => F80 {
            se: 0,
            m: r.next() >> r.range(0, 63),
        },
        3 => F80 {
            se: sign | (16383 + r.range(-60, 70) as u16),
            m,
        },
        4 => F80 {
            se: sign | r.range(1, 0x7ffe) as u16,
            m,
        },
        _ => r.pick(&[
            F80::ZERO,
            F80::zero(true),
            F80::inf(false),
            F80::inf(true),
            F80::INDEFINITE,
            F80::from_u64(2),
            F80::from_u64(3).negate(),
        ]),
    }
}

fn hex(x: F80) -> String {
    format!("{:04x}{:016x}", x.se, x.m)
}

#[test]
fn differential_math() {
    let mut r = Rng(31337);
    let pairs: Vec<(F80, F80)> = (0..1500)
        .map(|_| (random_value(&mut r), random_value(&mut r)))
        .collect();
    let src = r#"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static long double parse(const char *s)
{
    char se[5] = {0};
    memcpy(se, s, 4);
    unsigned short e = strtoul(se, 0, 16);
    unsigned long long m = strtoull(s + 4, 0, 16);
    long double x = 0;
    memcpy(&x, &m, 8);
    memcpy((char *)&x + 8, &e, 2);
    return x;
}
static void put(long double x)
{
    unsigned short e;
    unsigned long long m;
    memcpy(&m, &x, 8);
    memcpy(&e, (char *)&x + 8, 2);
    printf(" %04x%016llx", e, m);
}
int main(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i += 2) {
        long double x = parse(argv[i]), y = parse(argv[i + 1]);
        put(sqrtl(x));
        put(floorl(x));
        put(ceill(x));
        put(truncl(x));
        put(roundl(x));
        put(fmodl(x, y));
        put(fabsl(x));
        printf("\n");
    }
    return 0;
}
"#;
    let args: Vec<String> = pairs.iter().flat_map(|(x, y)| [hex(*x), hex(*y)]).collect();
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let Some(out) = run_c(src, &argv) else {
        return;
    };
    let out = String::from_utf8(out).unwrap_or_default();
    let mut bad = Vec::new();
    for ((x, y), want) in pairs.iter().zip(out.lines()) {
        let got: String = [
            sqrt(*x),
            to_integral(*x, ToInt::Floor),
            to_integral(*x, ToInt::Ceil),
            to_integral(*x, ToInt::Trunc),
            to_integral(*x, ToInt::Round),
            fmod(*x, *y),
            x.abs(),
        ]
        .iter()
        .map(|v| format!(" {}", hex(*v)))
        .collect();
        if got != want {
            bad.push(format!(
                "x={} y={}:\n  got  {got}\n  want {want}",
                hex(*x),
                hex(*y)
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches (sqrt floor ceil trunc round fmod fabs):\n{}",
        bad.len(),
        bad[..bad.len().min(10)].join("\n")
    );
}
