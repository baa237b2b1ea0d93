//! A readable listing of the IR (`git regcause ir`), for debugging and snapshot tests.

use std::fmt::Write as _;

use super::*;

fn op(o: &Operand) -> String {
    match o {
        Operand::Reg(r) => format!("r{r}"),
        Operand::Const(c) => format!("{}", *c as i64),
    }
}

fn rvalue(prog: &Program, rv: &Rvalue) -> String {
    match rv {
        Rvalue::Use(o) => op(o),
        Rvalue::Load(a, s) => format!("load.{} {}", s.c_name(), op(a)),
        Rvalue::LoadRaw(a, s) => format!("load_raw.{} {}", s.c_name(), op(a)),
        Rvalue::LoadIdx {
            base,
            index,
            scale,
            ty,
        } => format!(
            "load.{} {}[{} * {}]",
            ty.c_name(),
            op(base),
            op(index),
            scale
        ),
        Rvalue::Bin(b, s, x, y) => format!("{} {} {} ({})", op(x), b.c_symbol(), op(y), s.c_name()),
        Rvalue::Un(u, s, x) => format!("{:?}.{} {}", u, s.c_name(), op(x)),
        Rvalue::Cast { from, to, val } => {
            format!("({} <- {}) {}", to.c_name(), from.c_name(), op(val))
        }
        Rvalue::PtrAdd { base, index, scale } => {
            format!("{} + {} * {}", op(base), op(index), scale)
        }
        Rvalue::PtrDiff { a, b, scale } => format!("({} - {}) / {}", op(a), op(b), scale),
        Rvalue::AddrLocal(l) => format!("&local{l}"),
        Rvalue::AddrGlobal(g) => format!(
            "&{}",
            prog.globals
                .get(g.index())
                .map(|g| g.name.as_str())
                .unwrap_or("?")
        ),
        Rvalue::AddrFunc(f) => format!(
            "&{}",
            prog.functions
                .get(f.index())
                .map(|f| f.name.as_str())
                .unwrap_or("?")
        ),
        Rvalue::AddrBuiltin(b) => format!(
            "&{}",
            prog.builtins
                .get(*b as usize)
                .map(String::as_str)
                .unwrap_or("?")
        ),
    }
}

/// The whole program as text.
pub fn program(prog: &Program) -> String {
    let mut s = String::new();
    for f in &prog.functions {
        if f.blocks.is_empty() {
            continue;
        }
        let _ = writeln!(
            s,
            "fn {} ({} regs, {} locals) @ {}",
            f.name,
            f.regs.len(),
            f.locals.len(),
            prog.fmt_loc(f.loc)
        );
        for (bi, b) in f.blocks.iter().enumerate() {
            let _ = writeln!(s, "  bb{bi}:");
            for st in &b.stmts {
                let text = match &st.kind {
                    StmtKind::Assign(r, rv) => format!("r{r} = {}", rvalue(prog, rv)),
                    StmtKind::Store { addr, val, ty } => {
                        format!("store.{} {} <- {}", ty.c_name(), op(addr), op(val))
                    }
                    StmtKind::StoreIdx {
                        base,
                        index,
                        scale,
                        val,
                        ty,
                    } => {
                        format!(
                            "store.{} {}[{} * {}] <- {}",
                            ty.c_name(),
                            op(base),
                            op(index),
                            scale,
                            op(val)
                        )
                    }
                    StmtKind::Copy { dst, src, size } => {
                        format!("copy {} <- {} ({size} bytes)", op(dst), op(src))
                    }
                    StmtKind::Zero { dst, size } => format!("zero {} ({size} bytes)", op(dst)),
                    StmtKind::Call {
                        dst, callee, args, ..
                    } => {
                        let c = match callee {
                            Callee::Func(f) => prog.functions[f.index()].name.clone(),
                            Callee::Builtin(b) => prog.builtins[*b as usize].clone(),
                            Callee::Indirect(o) => format!("*{}", op(o)),
                        };
                        let a: Vec<String> = args.iter().map(|a| op(&a.val)).collect();
                        match dst {
                            Some((r, _)) => format!("r{r} = call {c}({})", a.join(", ")),
                            None => format!("call {c}({})", a.join(", ")),
                        }
                    }
                    StmtKind::StorageLive(l) => format!("live local{l}"),
                    StmtKind::StorageLiveSized(l, n) => format!("live local{l} ({} bytes)", op(n)),
                    StmtKind::LongDouble(l) => {
                        let what = match (l.op, &l.b) {
                            (LdOp::Bin(o), Some(b)) => {
                                format!("{} {} {}", op(&l.a), o.c_symbol(), op(b))
                            }
                            (LdOp::Neg, _) => format!("-{}", op(&l.a)),
                            (LdOp::From(k), _) => format!("from.{} {}", k.c_name(), op(&l.a)),
                            (LdOp::To(k), _) => format!("to.{} {}", k.c_name(), op(&l.a)),
                            (LdOp::Bin(o), None) => format!("{} {}", o.c_symbol(), op(&l.a)),
                        };
                        format!("ld {} <- {what}", op(&l.dst))
                    }
                };
                let _ = writeln!(s, "    {text:<48} ; {}:{}", st.loc.line, st.loc.col);
            }
            let t = match &b.term {
                Terminator::Goto(x) => format!("goto bb{x}"),
                Terminator::Branch {
                    cond,
                    then_bb,
                    else_bb,
                    ..
                } => format!("if {} then bb{then_bb} else bb{else_bb}", op(cond)),
                Terminator::BranchCmp {
                    op: o,
                    a,
                    b,
                    then_bb,
                    else_bb,
                    ..
                } => format!(
                    "if {} {} {} then bb{then_bb} else bb{else_bb}",
                    op(a),
                    o.c_symbol(),
                    op(b)
                ),
                Terminator::Switch {
                    val,
                    cases,
                    default,
                    ..
                } => {
                    let c: Vec<String> = cases
                        .iter()
                        .map(|(v, b)| format!("{}: bb{b}", *v as i64))
                        .collect();
                    format!("switch {} [{}] default bb{default}", op(val), c.join(", "))
                }
                Terminator::Return(v) => {
                    format!("return {}", v.as_ref().map(op).unwrap_or_default())
                }
                Terminator::Unreachable => "unreachable".into(),
            };
            let _ = writeln!(s, "    {t:<48} ; {}:{}", b.term_loc.line, b.term_loc.col);
        }
    }
    s
}
