//! The symbolic half of the interpreter: inputs become symbolic variables, values derived
//! from them carry expressions beside their concrete values, and every branch on a
//! symbolic value records its constraint. [`SymState`] is the concolic observer
//! (`observer.rs`; the machine is generic over its observer, so a concrete run pays
//! nothing for this).
//!
//! Register expressions are 64 bits wide, mirroring the canonical concrete form (an
//! `int` register holds `sext(e, 64)`); operations extract the low bits they work on and
//! extend their result again. Memory shadows hold the stored width (see `shadow`).

mod library;
mod observer;
mod shadow;

pub use library::literal_inputs;
pub use shadow::Shadow;

use crate::exec::io::InputSource;
use crate::ir::{BinOp, Loc, Scalar, StmtId, UnOp};
use crate::sym::{self, CmpOp, ExprId, ExprPool, VarId};

/// Where a symbolic input came from, to rebuild a concrete test from a model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputOrigin {
    /// The k-th numeric conversion of the scanf family; `stdin` is the byte range of its
    /// text in stdin when known (scanf on stdin, or sscanf of bytes read from stdin).
    Scan {
        conv: u8,
        stdin: Option<(usize, usize)>,
    },
    /// `atoi`/`strtol`-family conversion of `argv[index]`.
    Arg { index: usize, base: u32 },
    /// One byte of stdin read character-wise.
    StdinByte { offset: usize },
    /// Byte `offset` of the program argument `argv[index]` (all but its NUL).
    ArgByte { index: usize, offset: usize },
    /// A literal of the test's source passed to the code under test (`ir::Literal`,
    /// named `literal`): the whole integer, or byte `byte` of a string.
    Literal {
        literal: String,
        byte: Option<usize>,
    },
    /// Byte `offset` of a file of the tree or of an environment variable's value.
    SourceByte { source: InputSource, offset: usize },
    /// The k-th numeric conversion (`fscanf`, `atoi` of text read from a file or the
    /// environment) of the bytes `range` of `source`.
    SourceScan {
        conv: u8,
        source: InputSource,
        range: (usize, usize),
    },
}

impl InputOrigin {
    /// The kind of input it is, for the report's count of symbolic inputs.
    pub fn kind(&self) -> InputKind<'_> {
        match self {
            InputOrigin::Arg { .. } | InputOrigin::ArgByte { .. } => InputKind::Argv,
            InputOrigin::StdinByte { .. } | InputOrigin::Scan { .. } => InputKind::Stdin,
            InputOrigin::Literal { .. } => InputKind::Literal,
            InputOrigin::SourceByte { source, .. } | InputOrigin::SourceScan { source, .. } => {
                match source {
                    InputSource::File(p) => InputKind::File(p),
                    InputSource::Env(n) => InputKind::Env(n),
                }
            }
        }
    }
}

/// What kind of input a symbolic input is (see [`InputOrigin::kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind<'a> {
    Argv,
    Stdin,
    /// A file of the tree, by its path relative to the repository.
    File(&'a str),
    /// An environment variable, by name.
    Env(&'a str),
    /// A literal of the test's source.
    Literal,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputVar {
    pub var: VarId,
    pub name: String,
    /// Concrete value in this run.
    pub value: u64,
    pub width: u32,
    pub signed: bool,
    pub origin: InputOrigin,
    pub loc: Loc,
}

/// One branch instance whose condition depends on inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BranchRec {
    pub stmt: StmtId,
    pub loc: Loc,
    /// Which way the run went (for `switch`: whether a case was taken, see `cond`).
    pub taken: bool,
    /// The constraint that held on this run (width 1).
    pub cond: ExprId,
    /// The block control went to.
    pub dest: u32,
    /// Number of concretisations recorded before this branch.
    pub concretised_before: u32,
    /// Index of the branch's entry in the run's slicing trace (`trace::NONE` when the
    /// run records no trace).
    pub entry: u32,
}

/// A place where a symbolic value was replaced by its concrete value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Concretisation {
    pub loc: Loc,
    pub what: String,
}

/// One argument of an output call, as [`SymOutput`] keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutArg {
    /// Concrete value in this run.
    pub value: u64,
    pub ty: Scalar,
    /// Its expression at the width of `ty`, when input-derived.
    pub expr: Option<ExprId>,
    /// The C string a pointer argument points to (a format, a string to print), unless
    /// it is a stream.
    pub text: Option<Vec<u8>>,
    /// Whether that string holds input-derived bytes (printed concretely).
    pub sym_text: bool,
}

/// A library call that wrote to stdout (printf, putchar, ...), with its arguments'
/// expressions: the run's symbolic output, call by call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymOutput {
    pub loc: Loc,
    pub func: String,
    pub args: Vec<OutArg>,
    /// Indices into the run's output events (`RunResult::events`) that it wrote.
    pub events: std::ops::Range<usize>,
}

#[derive(Default)]
pub struct SymState {
    /// Output calls that wrote to stdout, in order (see [`SymOutput`]).
    pub outputs: Vec<SymOutput>,
    /// Output events already attributed to a library call.
    pub events_seen: usize,
    pub pool: ExprPool,
    /// Expressions of registers, parallel to the interpreter's register stack.
    pub regs: Vec<Option<ExprId>>,
    pub branches: Vec<BranchRec>,
    pub concretisations: Vec<Concretisation>,
    pub inputs: Vec<InputVar>,
    numeric: u32,
    /// Set by a shim for the value it returns; moved to the call's destination.
    pub ret: Option<ExprId>,
    /// Expressions of the arguments of the call being made (for interpreted callees).
    pub args: Vec<Option<ExprId>>,
    /// Concrete values of the variables, indexed by `VarId`.
    pub values: Vec<u64>,
    /// Self-check (tests): every symbolic value must evaluate to the concrete one.
    pub check: bool,
    /// First self-check failure, if any.
    pub check_failure: Option<String>,
    /// Allocation slots of the argv strings (index = argument number).
    pub argv_slots: Vec<usize>,
    /// Arguments whose characters the program read directly.
    argv_read: Vec<bool>,
    /// Where each argument's string starts, and the arguments whose bytes are inputs
    /// already (made at their first read, `library::argv_bytes`).
    pub argv_ptrs: Vec<u64>,
    pub argv_made: Vec<bool>,
    /// `inputs` index of each variable (by `VarId` index), so looking an input up
    /// does not scan them all (a fixture makes thousands).
    input_at: Vec<usize>,
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

fn sbits(s: Scalar) -> u32 {
    s.bits()
}

impl SymState {
    pub fn concretise(&mut self, loc: Loc, what: impl Into<String>) {
        let what = what.into();
        // One record per place and reason is enough for reports.
        if !self
            .concretisations
            .iter()
            .any(|c| c.loc == loc && c.what == what)
        {
            self.concretisations.push(Concretisation { loc, what });
        }
    }

    /// A 64-bit register expression from an expression of kind `s` (width `s.bits()`).
    pub fn widen(&mut self, e: ExprId, s: Scalar) -> ExprId {
        let w = self.pool.width(e);
        if w >= 64 {
            return e;
        }
        if s.is_signed() {
            self.pool.sext(e, 64)
        } else {
            self.pool.zext(e, 64)
        }
    }

    /// The low `bits` of a 64-bit register expression.
    pub fn narrow(&mut self, e: ExprId, bits: u32) -> ExprId {
        let w = self.pool.width(e);
        if w <= bits {
            return e;
        }
        self.pool.extract(e, bits - 1, 0)
    }

    /// Expression of an operand at width `bits`: its register's expression, or the
    /// constant (`concrete` is the operand's concrete value).
    pub fn at_width(&mut self, e: Option<ExprId>, concrete: u64, bits: u32) -> ExprId {
        match e {
            Some(e) => self.narrow(e, bits),
            None => self.pool.constant(concrete & mask(bits), bits),
        }
    }

    /// Register a new symbolic input; returns its variable expression (width `width`).
    pub fn new_input(
        &mut self,
        name: String,
        width: u32,
        signed: bool,
        value: u64,
        origin: InputOrigin,
        loc: Loc,
    ) -> ExprId {
        // The same argument converted again the same way is the same input; converted
        // differently (another base or width, another value) it is a new one.
        let mut name = name;
        if let Some(v) = self.pool.var_by_name(&name) {
            let same = self.input_of(v).is_some_and(|i| {
                i.width == width
                    && i.signed == signed
                    && i.value == value & mask(width)
                    && i.origin == origin
            });
            if same {
                return self.pool.var(v);
            }
            let mut k = 2;
            while self.pool.var_by_name(&format!("{name}#{k}")).is_some() {
                k += 1;
            }
            name = format!("{name}#{k}");
        }
        let var = match self.pool.new_var(&name, width, signed) {
            Ok(v) => v,
            Err(_) => return self.pool.constant(value & mask(width), width),
        };
        if let InputOrigin::Arg { index, .. } = origin {
            if self.argv_read.get(index).copied().unwrap_or(false) {
                self.concretise(loc, format!("argv[{index}] is read character by character as well as converted to a number"));
            }
        }
        if self.values.len() <= var.index() {
            self.values.resize(var.index() + 1, 0);
        }
        if self.input_of(var).is_none() {
            self.values[var.index()] = value & mask(width);
            if self.input_at.len() <= var.index() {
                self.input_at.resize(var.index() + 1, usize::MAX);
            }
            self.input_at[var.index()] = self.inputs.len();
            self.inputs.push(InputVar {
                var,
                name,
                value: value & mask(width),
                width,
                signed,
                origin,
                loc,
            });
        }
        self.pool.var(var)
    }

    /// The input variable `v` is, if it is one.
    pub fn input_of(&self, v: VarId) -> Option<&InputVar> {
        let fast = self
            .input_at
            .get(v.index())
            .and_then(|&k| self.inputs.get(k))
            .filter(|i| i.var == v);
        // (`inputs` is public: fall back to a scan for one pushed from outside.)
        fast.or_else(|| self.inputs.iter().find(|i| i.var == v))
    }

    /// The next numeric input name, `in1`, `in2`, ...
    pub fn next_numeric_name(&mut self) -> String {
        self.numeric += 1;
        format!("in{}", self.numeric)
    }

    /// Self-check: `e` (of `bits` significant bits) must evaluate to `concrete`.
    pub fn verify(&mut self, e: ExprId, concrete: u64, what: &str, loc: Loc) {
        if !self.check || self.check_failure.is_some() {
            return;
        }
        let w = self.pool.width(e);
        let got = self.pool.eval(e, &self.values[..]);
        if got & mask(w) != concrete & mask(w) {
            self.check_failure = Some(format!(
                "{what} at {loc:?}: expression {} evaluates to {got:#x} but the concrete value is {concrete:#x}",
                self.pool.to_c(e)
            ));
        }
    }

    /// The program read characters of argument `k`. Argument characters are concrete; if
    /// the argument is also a symbolic number, the two views are not linked.
    pub fn note_argv_read(&mut self, k: usize, loc: Loc) {
        if self.argv_read.len() <= k {
            self.argv_read.resize(k + 1, false);
        }
        if self.argv_read[k] {
            return;
        }
        self.argv_read[k] = true;
        if self
            .inputs
            .iter()
            .any(|i| matches!(i.origin, InputOrigin::Arg { index, .. } if index == k))
        {
            self.concretise(
                loc,
                format!(
                    "argv[{k}] is read character by character as well as converted to a number"
                ),
            );
        }
    }

    /// The argument a slot holds, if it is one of argv's strings.
    pub fn argv_of_slot(&self, slot: usize) -> Option<usize> {
        self.argv_slots.iter().position(|s| *s == slot)
    }

    /// Memory held by the symbolic trace: branch records and expression nodes (with
    /// their share of the interning table), an estimate for benchmarks.
    pub fn trace_bytes(&self) -> usize {
        self.branches.len() * std::mem::size_of::<BranchRec>()
            + self.pool.len() * 48
            + self.inputs.len() * std::mem::size_of::<InputVar>()
    }

    /// The stdin offset of an expression that is an input byte `stdin[i]`.
    pub fn stdin_offset_of(&self, e: ExprId) -> Option<usize> {
        let v = self.pool.is_var(e)?;
        self.input_of(v).and_then(|i| match i.origin {
            InputOrigin::StdinByte { offset } => Some(offset),
            _ => None,
        })
    }

    /// The input byte `offset` of `source`, named `file(PATH)[offset]` or
    /// `env(NAME)[offset]`.
    pub fn source_byte(
        &mut self,
        source: &InputSource,
        offset: usize,
        value: u8,
        loc: Loc,
    ) -> ExprId {
        let name = match source {
            InputSource::File(p) => format!("file({p})[{offset}]"),
            InputSource::Env(n) => format!("env({n})[{offset}]"),
        };
        self.new_input(
            name,
            8,
            false,
            value as u64,
            InputOrigin::SourceByte {
                source: source.clone(),
                offset,
            },
            loc,
        )
    }

    /// The input an expression is, when it is one input byte variable.
    pub fn byte_input_of(&self, e: ExprId) -> Option<&InputOrigin> {
        let v = self.pool.is_var(e)?;
        self.input_of(v)
            .filter(|i| i.width == 8)
            .map(|i| &i.origin)
            .filter(|o| {
                matches!(
                    o,
                    InputOrigin::StdinByte { .. } | InputOrigin::SourceByte { .. }
                )
            })
    }

    pub fn stdin_byte(&mut self, offset: usize, value: u8, loc: Loc) -> ExprId {
        self.new_input(
            format!("stdin[{offset}]"),
            8,
            false,
            value as u64,
            InputOrigin::StdinByte { offset },
            loc,
        )
    }

    /// Both operands of a binary operation at the width of kind `s`, or `None` when
    /// both are concrete or the operation is on floats (then concretised as `what`).
    #[allow(clippy::too_many_arguments)]
    fn operands(
        &mut self,
        s: Scalar,
        a: Option<ExprId>,
        av: u64,
        b: Option<ExprId>,
        bv: u64,
        loc: Loc,
        what: &str,
    ) -> Option<(ExprId, ExprId)> {
        if a.is_none() && b.is_none() {
            return None;
        }
        if s.is_float() {
            self.concretise(loc, what);
            return None;
        }
        let bits = sbits(s);
        // Shift counts arrive as 64-bit values; C makes them < bits (checked concretely).
        Some((self.at_width(a, av, bits), self.at_width(b, bv, bits)))
    }

    /// Symbolic result (64-bit) of `a op b` on kind `s`; `None` when both are concrete.
    #[allow(clippy::too_many_arguments)]
    pub fn binop(
        &mut self,
        op: BinOp,
        s: Scalar,
        a: Option<ExprId>,
        av: u64,
        b: Option<ExprId>,
        bv: u64,
        loc: Loc,
    ) -> Option<ExprId> {
        let (x, y) = self.operands(
            s,
            a,
            av,
            b,
            bv,
            loc,
            "floating-point arithmetic on an input-derived value",
        )?;
        let signed = s.is_signed();
        if op.is_comparison() {
            let c = self.pool.cmp(cmp_op(op, signed), x, y);
            let i = self.pool.zext(c, 32);
            return Some(self.widen(i, Scalar::I32));
        }
        let sop = match op {
            BinOp::Add => sym::BinOp::Add,
            BinOp::Sub => sym::BinOp::Sub,
            BinOp::Mul => sym::BinOp::Mul,
            BinOp::Div if signed => sym::BinOp::SDiv,
            BinOp::Div => sym::BinOp::UDiv,
            BinOp::Rem if signed => sym::BinOp::SRem,
            BinOp::Rem => sym::BinOp::URem,
            BinOp::Shl => sym::BinOp::Shl,
            BinOp::Shr if signed => sym::BinOp::AShr,
            BinOp::Shr => sym::BinOp::LShr,
            BinOp::And => sym::BinOp::And,
            BinOp::Or => sym::BinOp::Or,
            BinOp::Xor => sym::BinOp::Xor,
            _ => return None,
        };
        let r = self.pool.binary(sop, x, y);
        Some(self.widen(r, s))
    }

    /// The branch constraint `a op b` (width 1) for a fused compare-and-branch.
    #[allow(clippy::too_many_arguments)]
    pub fn compare(
        &mut self,
        op: BinOp,
        s: Scalar,
        a: Option<ExprId>,
        av: u64,
        b: Option<ExprId>,
        bv: u64,
        loc: Loc,
    ) -> Option<ExprId> {
        let (x, y) = self.operands(
            s,
            a,
            av,
            b,
            bv,
            loc,
            "floating-point comparison of an input-derived value",
        )?;
        Some(self.pool.cmp(cmp_op(op, s.is_signed()), x, y))
    }

    /// `e != 0` for a branch on a value of kind `s`.
    pub fn truth(&mut self, e: ExprId, s: Scalar, loc: Loc) -> Option<ExprId> {
        if s.is_float() {
            self.concretise(loc, "floating-point condition on an input-derived value");
            return None;
        }
        let x = self.narrow(e, sbits(s));
        Some(self.pool.truth(x))
    }

    pub fn unop(&mut self, op: UnOp, s: Scalar, a: ExprId, loc: Loc) -> Option<ExprId> {
        if s.is_float() {
            self.concretise(loc, "floating-point arithmetic on an input-derived value");
            return None;
        }
        let bits = sbits(s);
        let x = self.narrow(a, bits);
        let r = match op {
            UnOp::Neg => self.pool.neg(x),
            UnOp::Not => self.pool.not(x),
            UnOp::LNot => {
                let z = self.pool.constant(0, bits);
                let c = self.pool.eq(x, z);
                let i = self.pool.zext(c, 32);
                return Some(self.widen(i, Scalar::I32));
            }
        };
        Some(self.widen(r, s))
    }

    pub fn cast(&mut self, from: Scalar, to: Scalar, a: ExprId, loc: Loc) -> Option<ExprId> {
        if from.is_float() || to.is_float() {
            self.concretise(
                loc,
                "conversion between an input-derived value and floating point",
            );
            return None;
        }
        let x = self.narrow(a, sbits(from));
        let y = self.pool.cast(x, sbits(to), from.is_signed());
        Some(self.widen(y, to))
    }
}

fn cmp_op(op: BinOp, signed: bool) -> CmpOp {
    match (op, signed) {
        (BinOp::Eq, _) => CmpOp::Eq,
        (BinOp::Ne, _) => CmpOp::Ne,
        (BinOp::Lt, true) => CmpOp::Slt,
        (BinOp::Lt, false) => CmpOp::Ult,
        (BinOp::Le, true) => CmpOp::Sle,
        (BinOp::Le, false) => CmpOp::Ule,
        (BinOp::Gt, true) => CmpOp::Sgt,
        (BinOp::Gt, false) => CmpOp::Ugt,
        (BinOp::Ge, true) => CmpOp::Sge,
        _ => CmpOp::Uge,
    }
}
