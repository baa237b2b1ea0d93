//! Execution of `long double` statements (`ir::LdStmt`): the values are read from and
//! written to memory (10 bytes each) and computed with `libc::f80`. The results are
//! concrete: a symbolic byte read here is recorded as a concretisation.

use std::cmp::Ordering;

use super::hooks::Hooks;
use super::interp::{Machine, Stop, X};
use crate::ir::*;
use crate::libc::f80::F80;

/// x87 `fist` with truncation: the integer of `bits` bits, or the "integer indefinite"
/// (only the top bit set) when it does not fit, as gcc's conversions produce.
fn fist(x: F80, bits: u32) -> u64 {
    x.to_int(bits, true).unwrap_or(1u64 << (bits - 1))
}

/// C's conversion of a `long double` to a scalar kind, with gcc's instruction choice
/// for out-of-range values (undefined in C): `char`s and `short` go through a 16-bit
/// `fist`, `unsigned short` and `int` a 32-bit one, `unsigned int` and `long` a 64-bit
/// one, and `unsigned long` subtracts 2^63 first when the value is at least that.
pub fn ld_to_scalar(x: F80, to: Scalar) -> u64 {
    let v = match to {
        Scalar::F32 => return u64::from(x.to_f32().to_bits()),
        Scalar::F64 => return x.to_f64().to_bits(),
        Scalar::I8 | Scalar::U8 | Scalar::I16 => fist(x, 16),
        Scalar::U16 | Scalar::I32 => fist(x, 32),
        Scalar::U32 | Scalar::I64 => fist(x, 64),
        Scalar::U64 | Scalar::Ptr => {
            let two63 = F80::from_u64(1 << 63);
            match x.compare(two63) {
                Some(Ordering::Greater | Ordering::Equal) => fist(x.minus(two63), 64) ^ (1 << 63),
                _ => fist(x, 64),
            }
        }
    };
    to.canon(v)
}

/// A scalar of kind `from` (canonical 64-bit value) as a `long double`: always exact.
pub fn scalar_to_ld(v: u64, from: Scalar) -> F80 {
    match from {
        Scalar::F32 => F80::from_f32(f32::from_bits(v as u32)),
        Scalar::F64 => F80::from_f64(f64::from_bits(v)),
        s if s.is_signed() => F80::from_i64(s.canon(v) as i64),
        s => F80::from_u64(s.canon(v)),
    }
}

/// The result of [`ld_binop`].
pub enum LdResult {
    Value(F80),
    /// A comparison's `int`.
    Truth(u64),
}

/// `a op b` for an arithmetic operator; a comparison gives 0 or 1 (false for NaNs,
/// but `!=`).
pub fn ld_binop(op: BinOp, a: F80, b: F80) -> LdResult {
    let ord = || a.compare(b);
    LdResult::Truth(match op {
        BinOp::Add => return LdResult::Value(a.plus(b)),
        BinOp::Sub => return LdResult::Value(a.minus(b)),
        BinOp::Mul => return LdResult::Value(a.times(b)),
        BinOp::Div => return LdResult::Value(a.divide(b)),
        BinOp::Eq => u64::from(ord() == Some(Ordering::Equal)),
        BinOp::Ne => u64::from(ord() != Some(Ordering::Equal)),
        BinOp::Lt => u64::from(ord() == Some(Ordering::Less)),
        BinOp::Le => u64::from(matches!(ord(), Some(Ordering::Less | Ordering::Equal))),
        BinOp::Gt => u64::from(ord() == Some(Ordering::Greater)),
        BinOp::Ge => u64::from(matches!(ord(), Some(Ordering::Greater | Ordering::Equal))),
        // The front end emits no other operator on long double.
        BinOp::Rem | BinOp::Shl | BinOp::Shr | BinOp::And | BinOp::Or | BinOp::Xor => 0,
    })
}

impl Machine<'_> {
    /// Read `size` bytes at `p` (1 to 8) as the interpreter's own loads do.
    fn ld_read<H: Hooks>(&self, p: u64, size: u32, loc: Loc) -> X<u64> {
        match self.mem.load_as(p, size, H::WATCH) {
            Ok(v) => Ok(v),
            Err(e) => self.mem_fault_or_zero(e, p, size, loc),
        }
    }

    fn ld_write<H: Hooks>(&mut self, p: u64, size: u32, v: u64, loc: Loc) -> X<()> {
        self.mem
            .store_as(p, size, v, H::WATCH)
            .map_err(|e| Stop::Fault(Box::new(self.mem_error(e, loc))))
    }

    fn ld_load<H: Hooks>(&self, p: u64, loc: Loc) -> X<F80> {
        let m = self.ld_read::<H>(p, 8, loc)?;
        let se = self.ld_read::<H>(p.wrapping_add(8), 2, loc)?;
        Ok(F80 { se: se as u16, m })
    }

    fn ld_store<H: Hooks>(&mut self, p: u64, x: F80, loc: Loc) -> X<()> {
        self.ld_write::<H>(p, 8, x.m, loc)?;
        self.ld_write::<H>(p.wrapping_add(8), 2, u64::from(x.se), loc)
    }

    /// Whether any of the `n` bytes at `p` is symbolic (concolic runs only).
    fn ld_sym(&self, p: u64, n: u32) -> bool {
        self.sym.is_some() && (0..u64::from(n)).any(|k| self.mem.byte_sym(p + k).is_some())
    }

    /// Execute one `long double` statement.
    #[inline(never)]
    pub(super) fn long_double<H: Hooks>(
        &mut self,
        l: &LdStmt,
        rb: usize,
        loc: Loc,
        func: &Function,
    ) -> X<()> {
        let dst = self.op(&l.dst, rb, loc, func)?;
        let a = self.op(&l.a, rb, loc, func)?;
        let b = match &l.b {
            Some(b) => Some(self.op(b, rb, loc, func)?),
            None => None,
        };
        if H::ON {
            let (ra, rbn, _) = l.access_sizes();
            if self.ld_sym(a, ra) || b.is_some_and(|b| self.ld_sym(b, rbn)) {
                H::input_concretised(
                    self,
                    "long double arithmetic on an input-derived value",
                    loc,
                );
            }
        }
        match l.op {
            LdOp::Bin(op) => {
                let x = self.ld_load::<H>(a, loc)?;
                let y = self.ld_load::<H>(b.unwrap_or(a), loc)?;
                match ld_binop(op, x, y) {
                    LdResult::Value(r) => self.ld_store::<H>(dst, r, loc),
                    LdResult::Truth(truth) => self.ld_write::<H>(dst, 4, truth, loc),
                }
            }
            LdOp::Neg => {
                let x = self.ld_load::<H>(a, loc)?;
                self.ld_store::<H>(dst, x.negate(), loc)
            }
            LdOp::From(k) => {
                let v = self.ld_read::<H>(a, k.size(), loc)?;
                self.ld_store::<H>(dst, scalar_to_ld(v, k), loc)
            }
            LdOp::To(k) => {
                let x = self.ld_load::<H>(a, loc)?;
                self.ld_write::<H>(dst, k.size(), ld_to_scalar(x, k), loc)
            }
        }
    }
}
