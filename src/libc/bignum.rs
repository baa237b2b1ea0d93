//! Just enough arbitrary-precision unsigned arithmetic for exact decimal <-> binary
//! conversion of doubles (printf's exact expansion, strtod's subnormal rounding).

use std::cmp::Ordering;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct BigUint {
    /// Little-endian base-2^32 limbs, no trailing zero limbs (zero is empty).
    limbs: Vec<u32>,
}

impl BigUint {
    pub(super) fn from_u64(v: u64) -> Self {
        let mut b = BigUint {
            limbs: vec![v as u32, (v >> 32) as u32],
        };
        b.trim();
        b
    }

    /// From decimal digit values (0..=9), most significant first.
    pub(super) fn from_digits(d: &[u8]) -> Self {
        let mut b = BigUint { limbs: Vec::new() };
        // Nine digits at a time keep this quadratic with a small constant.
        for chunk in d.chunks(9) {
            let mut v = 0u32;
            for &x in chunk {
                v = v * 10 + x as u32;
            }
            b.mul_small(10u32.pow(chunk.len() as u32));
            b.add_small(v);
        }
        b
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    pub(super) fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    pub(super) fn mul_small(&mut self, m: u32) {
        let mut carry: u64 = 0;
        for l in self.limbs.iter_mut() {
            let p = *l as u64 * m as u64 + carry;
            *l = p as u32;
            carry = p >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
        self.trim();
    }

    fn add_small(&mut self, a: u32) {
        let mut carry = a as u64;
        for l in self.limbs.iter_mut() {
            if carry == 0 {
                break;
            }
            let s = *l as u64 + carry;
            *l = s as u32;
            carry = s >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
    }

    pub(super) fn mul_pow5(&mut self, mut k: u32) {
        // 5^13 is the largest power of 5 below 2^32.
        while k >= 13 {
            self.mul_small(1_220_703_125);
            k -= 13;
        }
        if k > 0 {
            self.mul_small(5u32.pow(k));
        }
    }

    pub(super) fn shl(&mut self, bits: u32) {
        if self.is_zero() {
            return;
        }
        let words = (bits / 32) as usize;
        let b = bits % 32;
        if b != 0 {
            let mut carry = 0u32;
            for l in self.limbs.iter_mut() {
                let nl = (*l << b) | carry;
                carry = *l >> (32 - b);
                *l = nl;
            }
            if carry != 0 {
                self.limbs.push(carry);
            }
        }
        if words > 0 {
            let mut v = vec![0u32; words];
            v.extend_from_slice(&self.limbs);
            self.limbs = v;
        }
    }

    pub(super) fn bit_len(&self) -> u32 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => (self.limbs.len() as u32 - 1) * 32 + (32 - top.leading_zeros()),
        }
    }

    fn cmp_big(&self, o: &BigUint) -> Ordering {
        self.limbs
            .len()
            .cmp(&o.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(o.limbs.iter().rev()))
    }

    /// self -= o; requires self >= o.
    fn sub_assign(&mut self, o: &BigUint) {
        let mut borrow = 0i64;
        for (i, l) in self.limbs.iter_mut().enumerate() {
            let d = *l as i64 - o.limbs.get(i).copied().unwrap_or(0) as i64 - borrow;
            if d < 0 {
                *l = (d + (1i64 << 32)) as u32;
                borrow = 1;
            } else {
                *l = d as u32;
                borrow = 0;
            }
        }
        self.trim();
    }

    /// floor(self / d) (which must be below 2^128) and whether the remainder is non-zero.
    pub(super) fn div_small_quotient(&self, d: &BigUint) -> (u128, bool) {
        let mut rem = self.clone();
        let mut q: u128 = 0;
        let (la, ld) = (rem.bit_len(), d.bit_len());
        if la >= ld {
            let mut i = la - ld + 1;
            while i > 0 {
                i -= 1;
                let mut t = d.clone();
                t.shl(i);
                if rem.cmp_big(&t) != Ordering::Less {
                    rem.sub_assign(&t);
                    q |= 1u128 << i.min(127);
                }
            }
        }
        (q, !rem.is_zero())
    }

    /// Decimal ASCII digits without leading zeros ("0" for zero).
    pub(super) fn to_decimal(&self) -> Vec<u8> {
        let mut limbs = self.limbs.clone();
        let mut chunks: Vec<u32> = Vec::new();
        loop {
            while limbs.last() == Some(&0) {
                limbs.pop();
            }
            if limbs.is_empty() {
                break;
            }
            let mut rem: u64 = 0;
            for l in limbs.iter_mut().rev() {
                let cur = (rem << 32) | *l as u64;
                *l = (cur / 1_000_000_000) as u32;
                rem = cur % 1_000_000_000;
            }
            chunks.push(rem as u32);
        }
        let mut s = Vec::new();
        match chunks.pop() {
            None => s.push(b'0'),
            Some(top) => {
                s.extend_from_slice(top.to_string().as_bytes());
                while let Some(c) = chunks.pop() {
                    s.extend_from_slice(format!("{c:09}").as_bytes());
                }
            }
        }
        s
    }
}
