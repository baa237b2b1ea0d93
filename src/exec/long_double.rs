//! Execution of `long double` statements (`ir::LdStmt`): the values are read from and
//! written to memory (10 bytes each) and computed with `libc::f80`. The results are
//! concrete: a symbolic byte read here is recorded as a concretisation.

use super::hooks::Hooks;
use super::interp::{Machine, Stop, X};
use crate::ir::arith::{ld_binop, ld_to_scalar, scalar_to_ld, LdResult};
use crate::ir::*;
use crate::libc::f80::F80;

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
                if !k.is_float() && !crate::ir::arith::ld_fits(x, k) {
                    let shown = format!("{}", x.to_f64());
                    self.out_of_range_conversion(&shown, k, loc)?;
                }
                self.ld_write::<H>(dst, k.size(), ld_to_scalar(x, k), loc)
            }
        }
    }
}
