//! Execution of `long double` statements (`ir::LdStmt`): the values are read from and
//! written to memory (10 bytes each) and computed with `libc::f80`. The results are
//! concrete: a symbolic byte read here is recorded as a concretisation.

use super::hooks::{Observer, Whole};
use super::interp::{Machine, Stop, X};
use crate::ir::arith::{ld_binop, ld_to_scalar, scalar_to_ld, LdResult};
use crate::ir::*;
use crate::libc::f80::F80;

impl<O: Observer> Machine<'_, O> {
    /// Read `size` bytes at `p` (1 to 8) as the interpreter's own loads do.
    fn ld_read(&self, p: u64, size: u32, loc: Loc) -> X<u64> {
        match self.mem.load_as(p, size, O::WATCH) {
            Ok(v) => Ok(v),
            Err(e) => self.mem_fault_or_zero(e, p, size, loc),
        }
    }

    fn ld_write(&mut self, p: u64, size: u32, v: u64, loc: Loc) -> X<()> {
        self.mem
            .store_as(p, size, v, O::WATCH)
            .map_err(|e| Stop::Fault(Box::new(self.mem_error(e, loc))))
    }

    fn ld_load(&self, p: u64, loc: Loc) -> X<F80> {
        let m = self.ld_read(p, 8, loc)?;
        let se = self.ld_read(p.wrapping_add(8), 2, loc)?;
        Ok(F80 { se: se as u16, m })
    }

    fn ld_store(&mut self, p: u64, x: F80, loc: Loc) -> X<()> {
        self.ld_write(p, 8, x.m, loc)?;
        self.ld_write(p.wrapping_add(8), 2, u64::from(x.se), loc)
    }

    /// Execute one `long double` statement.
    #[inline(never)]
    pub(super) fn long_double(
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
        if O::ON {
            let (ra, rbn, _) = l.access_sizes();
            let spans = [(a, ra), (b.unwrap_or(a), if b.is_some() { rbn } else { 0 })];
            let why = "long double arithmetic on an input-derived value";
            O::bytes_used_concretely(self, Whole, &spans, why, loc);
        }
        match l.op {
            LdOp::Bin(op) => {
                let x = self.ld_load(a, loc)?;
                let y = self.ld_load(b.unwrap_or(a), loc)?;
                match ld_binop(op, x, y) {
                    LdResult::Value(r) => self.ld_store(dst, r, loc),
                    LdResult::Truth(truth) => self.ld_write(dst, 4, truth, loc),
                }
            }
            LdOp::Neg => {
                let x = self.ld_load(a, loc)?;
                self.ld_store(dst, x.negate(), loc)
            }
            LdOp::From(k) => {
                let v = self.ld_read(a, k.size(), loc)?;
                self.ld_store(dst, scalar_to_ld(v, k), loc)
            }
            LdOp::To(k) => {
                let x = self.ld_load(a, loc)?;
                if !k.is_float() && !crate::ir::arith::ld_fits(x, k) {
                    let shown = format!("{}", x.to_f64());
                    self.out_of_range_conversion(&shown, k, loc)?;
                }
                self.ld_write(dst, k.size(), ld_to_scalar(x, k), loc)
            }
        }
    }
}
