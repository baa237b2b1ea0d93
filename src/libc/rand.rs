//! glibc's `rand`/`srand`: `rand()` is `random()`, the default TYPE_3 additive lagged
//! Fibonacci generator (degree 31, separation 3) over 32-bit words.

/// The state of glibc's `random()`; `rand()` and `srand()` share it.
#[derive(Debug, Clone)]
pub struct GlibcRand {
    /// The 31 state words. Each step adds the word at `rear` into the word at `front`
    /// (mod 2^32) and outputs it; both indices then advance around the ring, `front`
    /// staying 3 ahead: the recurrence r[i] = r[i-31] + r[i-3].
    ring: [u32; 31],
    front: usize,
    rear: usize,
}

impl Default for GlibcRand {
    fn default() -> Self {
        Self::new()
    }
}

impl GlibcRand {
    /// The state at program start: as if `srand(1)` had been called.
    pub fn new() -> Self {
        let mut g = GlibcRand {
            ring: [0; 31],
            front: 3,
            rear: 0,
        };
        g.srand(1);
        g
    }

    /// `srand(seed)`; a seed of 0 is taken as 1.
    pub fn srand(&mut self, seed: u32) {
        let seed = if seed == 0 { 1 } else { seed };
        // The seed becomes a signed 32-bit word; the next 30 words follow
        // r[i] = 16807 * r[i-1] mod (2^31 - 1), computed with Schrage's method on
        // signed values (C division truncates toward zero, so a negative first word
        // stays negative through the first step).
        let mut word = seed as i32;
        self.ring[0] = word as u32;
        for i in 1..31 {
            let w = word as i64;
            let hi = w / 127_773;
            let lo = w % 127_773;
            let mut next = 16_807 * lo - 2_836 * hi;
            if next < 0 {
                next += 2_147_483_647;
            }
            word = next as i32;
            self.ring[i] = word as u32;
        }
        self.front = 3;
        self.rear = 0;
        // The first 310 outputs are discarded.
        for _ in 0..310 {
            self.step();
        }
    }

    fn step(&mut self) -> u32 {
        let v = self.ring[self.front].wrapping_add(self.ring[self.rear]);
        self.ring[self.front] = v;
        self.front = (self.front + 1) % 31;
        self.rear = (self.rear + 1) % 31;
        v
    }

    /// `rand()`: the next word without its least significant bit, in 0..=RAND_MAX.
    pub fn rand(&mut self) -> i32 {
        (self.step() >> 1) as i32
    }
}

/// glibc's `drand48` family: one 48-bit linear congruential generator,
/// x' = (0x5DEECE66D x + 0xB) mod 2^48, that `srand48` seeds and `drand48`, `lrand48`
/// and `mrand48` step, each returning its own slice of the new x.
/// Its `Default` is glibc's state before any seeding: zero (not the 0x1234ABCD330E
/// other libraries start from).
#[derive(Debug, Clone, Default)]
pub struct Rand48 {
    x: u64,
}

impl Rand48 {
    const MASK: u64 = (1 << 48) - 1;

    /// `srand48(seed)`: the seed's low 32 bits above 0x330E.
    pub fn seed(&mut self, seed: i64) {
        self.x = ((seed as u64 & 0xffff_ffff) << 16) | 0x330E;
    }

    fn step(&mut self) -> u64 {
        self.x = (self.x.wrapping_mul(0x5_DEEC_E66D).wrapping_add(0xB)) & Self::MASK;
        self.x
    }

    /// `drand48()`: x / 2^48, in [0, 1) (exact: 48 bits fit a double's mantissa).
    pub fn drand(&mut self) -> f64 {
        self.step() as f64 / (1u64 << 48) as f64
    }

    /// `lrand48()`: the high 31 bits, in [0, 2^31).
    pub fn lrand(&mut self) -> i64 {
        (self.step() >> 17) as i64
    }

    /// `mrand48()`: the high 32 bits as a signed word, in [-2^31, 2^31).
    pub fn mrand(&mut self) -> i64 {
        (self.step() >> 16) as u32 as i32 as i64
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::run_c;
    use super::*;

    /// The drand48 family against glibc's build: the unseeded state, then seeds of
    /// every sign and width (only the low 32 bits count), each function interleaved.
    #[test]
    fn rand48_differential() {
        let seeds: [i64; 6] = [0, 1, 42, -1, 0x7fff_ffff, 0x1_2345_6789];
        let mut src = String::from(
            "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\nint main(void) {\n",
        );
        // Sequenced: the order of a call's argument evaluation is unspecified.
        let block = "for (int i = 0; i < 50; i++) { double d = drand48(); long l = lrand48(); long m = mrand48(); unsigned long long b; memcpy(&b, &d, 8); printf(\"%llx %ld %ld\\n\", b, l, m); }\n";
        src.push_str(block);
        for s in seeds {
            src.push_str(&format!("srand48({s}L);\n{block}"));
        }
        src.push_str("return 0; }\n");
        let Some(out) = run_c(&src, &[]) else { return };
        let want = String::from_utf8(out).unwrap();
        let mut got = String::new();
        let mut block = |g: &mut Rand48| {
            for _ in 0..50 {
                let (d, l, m) = (g.drand(), g.lrand(), g.mrand());
                got.push_str(&format!("{:x} {l} {m}\n", d.to_bits()));
            }
        };
        let mut g = Rand48::default();
        block(&mut g);
        for s in seeds {
            g.seed(s);
            block(&mut g);
        }
        assert_eq!(got, want);
    }

    #[test]
    fn known_first_values_without_gcc() {
        // glibc's well-known first outputs with the default seed.
        let mut g = GlibcRand::new();
        assert_eq!(g.rand(), 1804289383);
        assert_eq!(g.rand(), 846930886);
        assert_eq!(g.rand(), 1681692777);
    }

    #[test]
    fn differential_seeds() {
        let seeds: [u32; 9] = [
            0,
            1,
            2,
            42,
            12345,
            0x7fff_ffff,
            0x8000_0000,
            0xffff_ffff,
            127_773,
        ];
        let mut src = String::from("#include <stdio.h>\n#include <stdlib.h>\nint main(void) {\n");
        // The default state first (no srand), then each seed, then a re-seed midway.
        src.push_str("for (int i = 0; i < 400; i++) printf(\"%d\\n\", rand());\n");
        for s in seeds {
            src.push_str(&format!(
                "srand({s}u); for (int i = 0; i < 400; i++) printf(\"%d\\n\", rand());\n"
            ));
        }
        src.push_str("return 0; }\n");
        let Some(out) = run_c(&src, &[]) else { return };
        let want: Vec<i32> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| l.parse().unwrap())
            .collect();
        let mut got = Vec::new();
        let mut g = GlibcRand::new();
        got.extend((0..400).map(|_| g.rand()));
        for s in seeds {
            g.srand(s);
            got.extend((0..400).map(|_| g.rand()));
        }
        assert_eq!(got, want);
    }
}
