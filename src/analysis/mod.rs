//! Static analyses on the IR for the slicer: per-function CFG, post-dominators, static
//! control dependence, and for each side of each branch the locations it may define
//! before the branches rejoin (its immediate post-dominator).
//!
//! Choices and their over-approximations:
//!
//! - Post-dominators are computed with a virtual exit that every `Return` and
//!   `Unreachable` reaches, and that a block calling a library function that never
//!   returns (`exit`, `abort`, `__assert_fail`) reaches *instead of* its successor.
//!   Blocks with no path to the exit (endless loops) are connected to it explicitly:
//!   repeatedly the highest-numbered block that still cannot reach the exit gets a
//!   virtual edge to it. Inside such a loop post-dominance is therefore coarser.
//! - Stores through pointers use a simple points-to: per function, flow-insensitive,
//!   one target per register. A register whose every definition is `&local`, `&global`,
//!   a copy/cast of such a register or pointer arithmetic on one points into that
//!   object; any other register (loaded, returned, a parameter, mixed) points to "any
//!   memory". A store through it may define every byte of every allocation.
//! - Calls use interprocedural mod summaries (fixpoint over the call graph): the globals
//!   a function may write and whether it may write any memory. A callee's own locals
//!   are left out (fresh in every activation). Indirect calls may write any memory.
//!   Library functions use [`builtin_writes`]; an unknown one may write through every
//!   pointer argument.
//!
//! Matching a static location against the trace: a register of the function is
//! `(frame of the branch instance, register)`; an addressable local `l` of function `f`
//! is every allocation whose `AllocRec::var` is `Some((f, l))` (in any frame of `f`:
//! recursion over-approximates); a global `g` is the allocation with
//! `var == Some((NONE, g))`; "any memory" is every allocation, heap blocks included.

use crate::ir::{
    BlockId, Callee, FuncId, Function, GlobalId, LocalId, Operand, Program, Reg, Rvalue, StmtKind,
};

/// The virtual exit in [`FuncFacts::ipdom`].
pub const EXIT: u32 = u32::MAX;

/// What a pointer register may point into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Local(LocalId),
    Global(GlobalId),
}

/// Points-to fact of one register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prov {
    /// No pointer definition seen (constants such as NULL): writes through it fault.
    Unset,
    To(Target),
    Any,
}

impl Prov {
    fn join(self, o: Prov) -> Prov {
        match (self, o) {
            (Prov::Unset, x) | (x, Prov::Unset) => x,
            (Prov::To(a), Prov::To(b)) if a == b => Prov::To(a),
            _ => Prov::Any,
        }
    }
}

/// A set of locations that may be defined.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MaySet {
    /// Registers of the function (sorted).
    pub regs: Vec<Reg>,
    /// Addressable locals of the function (sorted).
    pub locals: Vec<LocalId>,
    /// Globals (sorted).
    pub globals: Vec<GlobalId>,
    /// May write any memory (a store through an unknown pointer, an unknown callee).
    pub any_mem: bool,
}

impl MaySet {
    pub fn is_empty(&self) -> bool {
        self.regs.is_empty() && self.locals.is_empty() && self.globals.is_empty() && !self.any_mem
    }
    fn add_prov(&mut self, p: Prov) {
        match p {
            Prov::Unset => {}
            Prov::To(Target::Local(l)) => self.locals.push(l),
            Prov::To(Target::Global(g)) => self.globals.push(g),
            Prov::Any => self.any_mem = true,
        }
    }
    fn union(&mut self, o: &MaySet) {
        self.regs.extend_from_slice(&o.regs);
        self.locals.extend_from_slice(&o.locals);
        self.globals.extend_from_slice(&o.globals);
        self.any_mem |= o.any_mem;
    }
    fn normalize(&mut self) {
        fn sort<T: Ord>(v: &mut Vec<T>) {
            v.sort_unstable();
            v.dedup();
        }
        sort(&mut self.regs);
        sort(&mut self.locals);
        sort(&mut self.globals);
    }
    /// Whether the set may define the memory of local `l`.
    pub fn may_def_local(&self, l: LocalId) -> bool {
        self.any_mem || self.locals.binary_search(&l).is_ok()
    }
    /// Whether the set may define the memory of global `g`.
    pub fn may_def_global(&self, g: GlobalId) -> bool {
        self.any_mem || self.globals.binary_search(&g).is_ok()
    }
}

pub use crate::libc::catalogue::{writes as builtin_writes, Writes};

/// Library functions that never return.
pub fn builtin_noreturn(name: &str) -> bool {
    matches!(
        name,
        "exit" | "abort" | "__assert_fail" | "longjmp" | "siglongjmp"
    )
}

/// Facts about one function.
#[derive(Clone, Debug, Default)]
pub struct FuncFacts {
    /// Successors used by the analyses (a block calling a no-return function goes to
    /// the virtual exit only; [`EXIT`] is not listed).
    pub succs: Vec<Vec<BlockId>>,
    pub preds: Vec<Vec<BlockId>>,
    /// Immediate post-dominator of each block ([`EXIT`] for the virtual exit).
    pub ipdom: Vec<u32>,
    /// Static control dependence: block -> (branch block, successor taken) it depends on.
    pub cd: Vec<Vec<(BlockId, BlockId)>>,
    /// Per branch block: for each distinct successor, what that side may define before
    /// the branch's immediate post-dominator. Empty for other blocks.
    pub sides: Vec<Vec<(BlockId, MaySet)>>,
    /// Per branch block: for each successor taken, what the sides *not* taken may define
    /// (the union of the other entries of `sides`).
    pub untaken: Vec<Vec<(BlockId, MaySet)>>,
    /// Points-to fact of each register.
    pub prov: Vec<Prov>,
}

impl FuncFacts {
    /// What the sides of branch block `b` not taken may define when it went to `dest`.
    pub fn untaken_of(&self, b: BlockId, dest: BlockId) -> Option<&MaySet> {
        self.untaken
            .get(b.index())?
            .iter()
            .find(|(t, _)| *t == dest)
            .map(|(_, m)| m)
    }
}

/// Static facts of a whole program.
#[derive(Clone, Debug, Default)]
pub struct Facts {
    pub funcs: Vec<FuncFacts>,
    /// Mod summary of each function: the globals it (or its callees) may write and
    /// whether it may write any memory. Registers and its own locals are left out.
    pub summaries: Vec<MaySet>,
}

impl Facts {
    pub fn new(prog: &Program) -> Facts {
        Facts::with(prog, true)
    }

    /// The facts with every register an untaken side may define kept, dead or not: the
    /// reference the tests compare the live-only sets with (see `keep_live_registers`).
    #[cfg(test)]
    pub(crate) fn keeping_dead_registers(prog: &Program) -> Facts {
        Facts::with(prog, false)
    }

    fn with(prog: &Program, live_only: bool) -> Facts {
        let prov: Vec<Vec<Prov>> = prog.functions.iter().map(points_to).collect();
        let summaries = mod_summaries(prog, &prov);
        let funcs = prog
            .functions
            .iter()
            .zip(prov)
            .map(|(f, p)| func_facts(prog, f, p, &summaries, live_only))
            .collect();
        Facts { funcs, summaries }
    }
}

/// Flow-insensitive, one-target-per-register points-to of one function.
fn points_to(f: &Function) -> Vec<Prov> {
    let mut p = vec![Prov::Unset; f.regs.len()];
    let get = |p: &[Prov], o: &Operand| match o {
        Operand::Reg(r) => p.get(r.index()).copied().unwrap_or(Prov::Any),
        Operand::Const(_) => Prov::Unset,
    };
    for k in &f.params {
        if let crate::ir::ParamKind::Reg(r, _) = k {
            if let Some(x) = p.get_mut(r.index()) {
                *x = Prov::Any;
            }
        }
    }
    loop {
        let mut changed = false;
        for b in &f.blocks {
            for s in &b.stmts {
                let (r, v) = match &s.kind {
                    StmtKind::Assign(r, rv) => (
                        *r,
                        match rv {
                            Rvalue::AddrLocal(l) => Prov::To(Target::Local(*l)),
                            Rvalue::AddrGlobal(g) => Prov::To(Target::Global(*g)),
                            Rvalue::Use(o) | Rvalue::Cast { val: o, .. } => get(&p, o),
                            Rvalue::PtrAdd { base, .. } => match base {
                                Operand::Reg(_) => get(&p, base),
                                Operand::Const(_) => Prov::Any,
                            },
                            _ => Prov::Any,
                        },
                    ),
                    StmtKind::Call {
                        dst: Some((r, _)), ..
                    } => (*r, Prov::Any),
                    _ => continue,
                };
                if let Some(x) = p.get_mut(r.index()) {
                    let j = x.join(v);
                    if j != *x {
                        *x = j;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return p;
        }
    }
}

fn prov_of(prov: &[Prov], o: &Operand) -> Prov {
    match o {
        Operand::Reg(r) => prov.get(r.index()).copied().unwrap_or(Prov::Any),
        Operand::Const(_) => Prov::Unset,
    }
}

/// What one statement may define (registers included), given callee summaries.
fn stmt_may_def(prog: &Program, prov: &[Prov], k: &StmtKind, sums: &[MaySet], out: &mut MaySet) {
    if let Some(r) = k.def_reg() {
        out.regs.push(r);
    }
    if let Some(a) = k.written_addr() {
        out.add_prov(prov_of(prov, &a));
    }
    match k {
        StmtKind::StorageLive(l) | StmtKind::StorageLiveSized(l, _) => out.locals.push(*l),
        StmtKind::Call { callee, args, .. } => match callee {
            Callee::Func(g) => match sums.get(g.index()) {
                Some(s) => out.union(s),
                None => out.any_mem = true,
            },
            Callee::Indirect(_) => out.any_mem = true,
            Callee::Builtin(b) => {
                let name = prog
                    .builtins
                    .get(*b as usize)
                    .map(String::as_str)
                    .unwrap_or("");
                let w = builtin_writes(name);
                for (i, a) in args.iter().enumerate() {
                    let hit = match w {
                        Writes::Nothing => false,
                        Writes::Args(list) => list.contains(&i),
                        Writes::From(n) => i >= n,
                        Writes::AnyMem => {
                            out.any_mem = true;
                            false
                        }
                        Writes::PtrArgs => a.ty == crate::ir::Scalar::Ptr,
                    };
                    if hit {
                        out.add_prov(prov_of(prov, &a.val));
                    }
                }
            }
        },
        _ => {}
    }
}

/// Interprocedural mod summaries: a fixpoint over the call graph.
fn mod_summaries(prog: &Program, prov: &[Vec<Prov>]) -> Vec<MaySet> {
    let n = prog.functions.len();
    let mut sums = vec![MaySet::default(); n];
    loop {
        let mut changed = false;
        for (fi, f) in prog.functions.iter().enumerate() {
            let mut s = MaySet::default();
            for b in &f.blocks {
                for st in &b.stmts {
                    stmt_may_def(prog, &prov[fi], &st.kind, &sums, &mut s);
                }
            }
            // Registers and the function's own locals die with the activation.
            s.regs.clear();
            s.locals.clear();
            s.normalize();
            if s != sums[fi] {
                sums[fi] = s;
                changed = true;
            }
        }
        if !changed {
            return sums;
        }
    }
}

/// Whether one of `stmts` calls a library function whose name satisfies `named`.
fn calls_builtin<'s>(
    prog: &Program,
    stmts: impl IntoIterator<Item = &'s crate::ir::Stmt>,
    named: impl Fn(&str) -> bool,
) -> bool {
    stmts.into_iter().any(|s| match &s.kind {
        StmtKind::Call {
            callee: Callee::Builtin(i),
            ..
        } => prog.builtins.get(*i as usize).is_some_and(|n| named(n)),
        _ => false,
    })
}

fn calls_noreturn(prog: &Program, b: &crate::ir::Block) -> bool {
    calls_builtin(prog, &b.stmts, builtin_noreturn)
}

/// Immediate post-dominators (Cooper, Harvey and Kennedy's iterative algorithm on the
/// reverse CFG). `succs` may contain `n` (the virtual exit); the result uses `n` for it.
fn post_dominators(succs: &[Vec<u32>]) -> Vec<u32> {
    let n = succs.len();
    let exit = n as u32;
    // Reverse-graph successors of a node = its forward predecessors.
    let mut rsucc: Vec<Vec<u32>> = vec![Vec::new(); n + 1];
    for (b, ss) in succs.iter().enumerate() {
        for &s in ss {
            rsucc[s as usize].push(b as u32);
        }
    }
    // Postorder of the reverse graph from the exit (iterative DFS).
    let mut order = Vec::with_capacity(n + 1);
    let mut seen = vec![false; n + 1];
    let mut stack: Vec<(u32, usize)> = vec![(exit, 0)];
    seen[n] = true;
    while let Some(&mut (v, ref mut i)) = stack.last_mut() {
        if let Some(&w) = rsucc[v as usize].get(*i) {
            *i += 1;
            if !seen[w as usize] {
                seen[w as usize] = true;
                stack.push((w, 0));
            }
        } else {
            order.push(v);
            stack.pop();
        }
    }
    let mut po_num = vec![u32::MAX; n + 1];
    for (i, &v) in order.iter().enumerate() {
        po_num[v as usize] = i as u32;
    }
    const UNDEF: u32 = u32::MAX;
    let mut idom = vec![UNDEF; n + 1];
    idom[n] = exit;
    let intersect = |idom: &[u32], mut a: u32, mut b: u32| {
        while a != b {
            while po_num[a as usize] < po_num[b as usize] {
                a = idom[a as usize];
            }
            while po_num[b as usize] < po_num[a as usize] {
                b = idom[b as usize];
            }
        }
        a
    };
    let mut changed = true;
    while changed {
        changed = false;
        for &v in order.iter().rev() {
            if v == exit {
                continue;
            }
            let mut new = UNDEF;
            for &p in &succs[v as usize] {
                if idom[p as usize] == UNDEF {
                    continue;
                }
                new = if new == UNDEF {
                    p
                } else {
                    intersect(&idom, p, new)
                };
            }
            if new != UNDEF && idom[v as usize] != new {
                idom[v as usize] = new;
                changed = true;
            }
        }
    }
    idom.truncate(n);
    idom
}

fn func_facts(
    prog: &Program,
    f: &Function,
    prov: Vec<Prov>,
    sums: &[MaySet],
    live_only: bool,
) -> FuncFacts {
    let n = f.blocks.len();
    let exit = n as u32;
    let succs: Vec<Vec<BlockId>> = f
        .blocks
        .iter()
        .map(|b| {
            if calls_noreturn(prog, b) {
                Vec::new()
            } else {
                b.term
                    .successors()
                    .into_iter()
                    .filter(|&s| s.index() < n)
                    .collect()
            }
        })
        .collect();
    let mut preds = vec![Vec::new(); n];
    for (b, ss) in succs.iter().enumerate() {
        for &s in ss {
            preds[s.index()].push(BlockId::from_index(b));
        }
    }
    // Graph for post-dominance: no successor means the virtual exit.
    let mut pd: Vec<Vec<u32>> = succs
        .iter()
        .map(|ss| {
            if ss.is_empty() {
                vec![exit]
            } else {
                ss.iter().map(|s| s.raw()).collect()
            }
        })
        .collect();
    // Connect regions that cannot reach the exit (endless loops), one block at a time.
    loop {
        let mut reach = vec![false; n];
        let mut work: Vec<u32> = (0..n as u32)
            .filter(|&b| pd[b as usize].contains(&exit))
            .collect();
        for &b in &work {
            reach[b as usize] = true;
        }
        while let Some(b) = work.pop() {
            for &p in &preds[b as usize] {
                if !reach[p.index()] {
                    reach[p.index()] = true;
                    work.push(p.raw());
                }
            }
        }
        match (0..n).rev().find(|&b| !reach[b]) {
            Some(b) => pd[b].push(exit),
            None => break,
        }
    }
    let ipdom: Vec<u32> = post_dominators(&pd)
        .into_iter()
        .map(|d| if d == exit || d == u32::MAX { EXIT } else { d })
        .collect();

    // Control dependence (Ferrante et al.): for each branch edge A -> T, walk from T up
    // the post-dominator tree to ipdom(A).
    let mut cd = vec![Vec::new(); n];
    for a in 0..n {
        if !f.blocks[a].term.is_branch() || succs[a].len() < 2 {
            continue;
        }
        for &t in &succs[a] {
            let mut r = t;
            let mut guard = 0;
            while r != BlockId::new(ipdom[a]) && r != BlockId::new(EXIT) && guard <= n {
                cd[r.index()].push((BlockId::from_index(a), t));
                r = BlockId::new(ipdom[r.index()]);
                guard += 1;
            }
        }
    }

    // May-def of each block, then of each branch side (blocks reachable from the side's
    // first block without passing the branch's immediate post-dominator).
    let block_md: Vec<MaySet> = f
        .blocks
        .iter()
        .map(|b| {
            let mut m = MaySet::default();
            for s in &b.stmts {
                stmt_may_def(prog, &prov, &s.kind, sums, &mut m);
            }
            m
        })
        .collect();
    let mut sides = vec![Vec::new(); n];
    let mut untaken = vec![Vec::new(); n];
    let mut seen = vec![u32::MAX; n];
    let mut mark = 0u32;
    for a in 0..n {
        if !f.blocks[a].term.is_branch() || succs[a].len() < 2 {
            continue;
        }
        let stop = ipdom[a];
        let mut per_side = Vec::new();
        for &t in &succs[a] {
            let mut m = MaySet::default();
            if t != BlockId::new(stop) {
                mark += 1;
                let mut work = vec![t];
                seen[t.index()] = mark;
                while let Some(b) = work.pop() {
                    m.union(&block_md[b.index()]);
                    for &s in &succs[b.index()] {
                        if s != BlockId::new(stop) && seen[s.index()] != mark {
                            seen[s.index()] = mark;
                            work.push(s);
                        }
                    }
                }
            }
            m.normalize();
            per_side.push((t, m));
        }
        for (i, (t, _)) in per_side.iter().enumerate() {
            let mut m = MaySet::default();
            for (j, (_, o)) in per_side.iter().enumerate() {
                if i != j {
                    m.union(o);
                }
            }
            m.normalize();
            untaken[a].push((*t, m));
        }
        sides[a] = per_side;
    }
    if live_only {
        keep_live_registers(prog, f, &preds, &mut untaken);
    }
    FuncFacts {
        succs,
        preds,
        ipdom,
        cd,
        sides,
        untaken,
        prov,
    }
}

/// Drops from each untaken side's may-define set the registers that are dead on
/// entering the side taken: every path from there defines such a register before any
/// use reads it, so no use after the branch instance can read a definition older than
/// it, and the potential definer could never be found between a use and its definition.
/// The relevant slice is unchanged; the slicer's potential definers (one per register of
/// most branch instances, most of them temporaries) shrink.
///
/// A register counts as defined only where every run defines it: by an assignment or a
/// library call's result (an interpreted callee that falls off its end leaves the
/// destination as it was). A function that calls `setjmp` keeps every register: a
/// `longjmp` resumes it where no edge of its graph leads.
fn keep_live_registers(
    prog: &Program,
    f: &Function,
    preds: &[Vec<BlockId>],
    untaken: &mut [Vec<(BlockId, MaySet)>],
) {
    let stmts = f.blocks.iter().flat_map(|b| &b.stmts);
    if calls_builtin(prog, stmts, |n| n.contains("setjmp")) {
        return;
    }
    // The registers some untaken side may define, each with the sides that ask.
    let mut asked: Vec<Vec<(usize, usize)>> = vec![Vec::new(); f.regs.len()];
    for (a, sides) in untaken.iter().enumerate() {
        for (k, (_, m)) in sides.iter().enumerate() {
            for r in &m.regs {
                if let Some(x) = asked.get_mut(r.index()) {
                    x.push((a, k));
                }
            }
        }
    }
    let n = f.blocks.len();
    // Per asked register: the blocks that read it before defining it; per block, the
    // asked registers it surely defines (sorted).
    let mut exposed: Vec<Vec<u32>> = vec![Vec::new(); f.regs.len()];
    let mut kills: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (b, block) in f.blocks.iter().enumerate() {
        let defined = &mut kills[b];
        let mut read = |r: Reg, defined: &Vec<u32>| {
            if asked.get(r.index()).is_some_and(|x| !x.is_empty())
                && !defined.contains(&r.raw())
                && exposed[r.index()].last() != Some(&(b as u32))
            {
                exposed[r.index()].push(b as u32);
            }
        };
        for st in &block.stmts {
            st.kind.for_each_use(|r| read(r, defined));
            let kill = match &st.kind {
                StmtKind::Assign(d, _) => Some(*d),
                StmtKind::Call {
                    callee: Callee::Builtin(_),
                    dst: Some((d, _)),
                    ..
                } => Some(*d),
                _ => None,
            };
            if let Some(d) = kill.filter(|d| asked.get(d.index()).is_some_and(|x| !x.is_empty())) {
                defined.push(d.raw());
            }
        }
        block.term.for_each_use(|r| read(r, defined));
        defined.sort_unstable();
        defined.dedup();
    }
    // Register by register (ascending, so each side's kept list stays sorted): the
    // blocks it is live on entering, by a walk back from its exposed reads that stops
    // at the blocks defining it, stamped with the register.
    let mut kept: Vec<Vec<Vec<Reg>>> = untaken
        .iter()
        .map(|sides| vec![Vec::new(); sides.len()])
        .collect();
    let mut live_in = vec![u32::MAX; n];
    let mut work: Vec<u32> = Vec::new();
    for (r, reads) in exposed.iter().enumerate() {
        let r = r as u32;
        for &b in reads {
            live_in[b as usize] = r;
            work.push(b);
        }
        while let Some(b) = work.pop() {
            for p in &preds[b as usize] {
                let p = p.index();
                if live_in[p] != r && kills[p].binary_search(&r).is_err() {
                    live_in[p] = r;
                    work.push(p as u32);
                }
            }
        }
        for &(a, k) in &asked[r as usize] {
            if live_in.get(untaken[a][k].0.index()) == Some(&r) {
                kept[a][k].push(Reg::new(r));
            }
        }
    }
    for (sides, kept) in untaken.iter_mut().zip(kept) {
        for ((_, m), regs) in sides.iter_mut().zip(kept) {
            m.regs = regs;
        }
    }
}

/// Index of a function by name (for tests and tools).
pub fn func_by_name(prog: &Program, name: &str) -> Option<FuncId> {
    prog.functions
        .iter()
        .position(|f| f.name == name)
        .map(FuncId::from_index)
}

#[cfg(test)]
pub(crate) mod tests;
