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

#[cfg(test)]
mod tests {
    use super::super::testutil::run_c;
    use super::*;

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
