//! setjmp.h: non-local jumps. The jump itself is the statement loop's business (it
//! owns the frames); the models here only fill and read the `jmp_buf`.

use super::{arg, Args, Shim};
use crate::exec::hooks::Observer;
use crate::exec::interp::{Machine, X};
use crate::ir::Loc;

pub fn call<O: Observer>(m: &mut Machine<'_, O>, s: Shim, args: Args, loc: Loc) -> X<u64> {
    match s {
        Shim::setjmp | Shim::sigsetjmp => m.set_jump(arg(args, 0)),
        Shim::longjmp | Shim::siglongjmp => Err(m.jump_target(arg(args, 0), arg(args, 1), loc)),
        _ => Err(super::no_model(m, s, loc)),
    }
}
