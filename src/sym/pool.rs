//! The expression arena: interning, variables, accessors and the public
//! constructors (which simplify; see `simplify.rs`).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, PoisonError, RwLock, RwLockReadGuard};

use super::{mask, BinOp, CmpOp, ExprId, FxHashMap, FxHashSet, Node, SymError, UnOp, VarId};

/// A registered symbolic input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarInfo {
    /// Name by input position, e.g. `in3`, `argv[1]`, `stdin[4]`.
    pub name: String,
    pub width: u32,
    /// C signedness of the input, used only to print readable C.
    pub signed: bool,
    /// The `Var` node of this variable.
    pub expr: ExprId,
}

static NEXT_POOL_ID: AtomicU64 = AtomicU64::new(1);

/// Arena of hash-consed expression nodes. Append-only: ids stay valid for the
/// pool's lifetime.
pub struct ExprPool {
    /// Distinguishes pools so a [`super::Solver`] can keep its translation
    /// cache across checks on the same pool.
    uid: u64,
    nodes: Vec<Node>,
    widths: Vec<u8>,
    intern: FxHashMap<Node, ExprId>,
    vars: Vec<VarInfo>,
    var_by_name: HashMap<String, VarId>,
    /// Behind a lock, not a `RefCell`, so a pool can be shared read-only by threads
    /// (DARWIN's solving on `--jobs` threads).
    vars_cache: RwLock<FxHashMap<ExprId, Arc<[VarId]>>>,
    /// Ids of the constants 0..SMALL of each width (u32::MAX: not yet made):
    /// most constants in programs are small, and this skips the hash lookup.
    small_consts: Vec<u32>,
}

const SMALL: u64 = 16;

impl Default for ExprPool {
    fn default() -> Self {
        Self::new()
    }
}

impl Clone for ExprPool {
    fn clone(&self) -> Self {
        ExprPool {
            uid: NEXT_POOL_ID.fetch_add(1, Ordering::Relaxed),
            nodes: self.nodes.clone(),
            widths: self.widths.clone(),
            intern: self.intern.clone(),
            vars: self.vars.clone(),
            var_by_name: self.var_by_name.clone(),
            vars_cache: RwLock::new(self.vars_cache().clone()),
            small_consts: self.small_consts.clone(),
        }
    }
}

impl std::fmt::Debug for ExprPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExprPool")
            .field("nodes", &self.nodes.len())
            .field("vars", &self.vars.len())
            .finish()
    }
}

#[inline]
fn check_width(w: u32) {
    assert!(
        (1..=64).contains(&w),
        "symbolic width {w} out of range 1..=64"
    );
}

impl ExprPool {
    pub fn new() -> Self {
        Self::with_capacity(0)
    }

    /// A pool with room for `nodes` nodes before it grows.
    pub fn with_capacity(nodes: usize) -> Self {
        let mut intern = FxHashMap::default();
        intern.reserve(nodes);
        ExprPool {
            uid: NEXT_POOL_ID.fetch_add(1, Ordering::Relaxed),
            nodes: Vec::with_capacity(nodes),
            widths: Vec::with_capacity(nodes),
            intern,
            vars: Vec::new(),
            var_by_name: HashMap::new(),
            vars_cache: RwLock::new(FxHashMap::default()),
            small_consts: vec![u32::MAX; 65 * SMALL as usize],
        }
    }

    pub(crate) fn uid(&self) -> u64 {
        self.uid
    }

    /// Number of interned nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    #[inline]
    pub fn node(&self, e: ExprId) -> Node {
        self.nodes[e.index()]
    }

    /// Bit width of `e` (1..=64; 1 for conditions).
    #[inline]
    pub fn width(&self, e: ExprId) -> u32 {
        self.widths[e.index()] as u32
    }

    /// The value of `e` if it is a constant.
    #[inline]
    pub fn is_const(&self, e: ExprId) -> Option<u64> {
        match self.nodes[e.index()] {
            Node::Const { value, .. } => Some(value),
            _ => None,
        }
    }

    /// The variable of `e` if `e` is a bare variable.
    #[inline]
    pub fn is_var(&self, e: ExprId) -> Option<VarId> {
        match self.nodes[e.index()] {
            Node::Var(v) => Some(v),
            _ => None,
        }
    }

    pub fn var_info(&self, v: VarId) -> &VarInfo {
        &self.vars[v.index()]
    }

    pub fn num_vars(&self) -> usize {
        self.vars.len()
    }

    /// All registered variables, in registration order (index = `VarId`).
    pub fn vars(&self) -> &[VarInfo] {
        &self.vars
    }

    pub fn var_by_name(&self, name: &str) -> Option<VarId> {
        self.var_by_name.get(name).copied()
    }

    /// Registers a symbolic input, or returns the existing one of that name
    /// (the same name means the same input, e.g. across two revisions).
    pub fn new_var(&mut self, name: &str, width: u32, signed: bool) -> Result<VarId, SymError> {
        if !(1..=64).contains(&width) {
            return Err(SymError::BadWidth(width));
        }
        if let Some(&v) = self.var_by_name.get(name) {
            let existing = self.vars[v.index()].width;
            if existing != width {
                return Err(SymError::VarWidthConflict {
                    name: name.to_string(),
                    existing,
                    requested: width,
                });
            }
            return Ok(v);
        }
        let v = VarId(self.vars.len() as u32);
        let expr = self.intern(Node::Var(v), width);
        self.vars.push(VarInfo {
            name: name.to_string(),
            width,
            signed,
            expr,
        });
        self.var_by_name.insert(name.to_string(), v);
        Ok(v)
    }

    /// The expression of variable `v`.
    #[inline]
    pub fn var(&self, v: VarId) -> ExprId {
        self.vars[v.index()].expr
    }

    /// Interns `node` (already simplified, width already checked).
    #[inline]
    pub(crate) fn intern(&mut self, node: Node, width: u32) -> ExprId {
        if let Some(&id) = self.intern.get(&node) {
            return id;
        }
        let id = ExprId(self.nodes.len() as u32);
        assert!(self.nodes.len() < u32::MAX as usize, "expression pool full");
        self.nodes.push(node);
        self.widths.push(width as u8);
        self.intern.insert(node, id);
        id
    }

    /// A constant of `width` bits (the value is masked).
    #[inline]
    pub fn constant(&mut self, value: u64, width: u32) -> ExprId {
        check_width(width);
        let value = value & mask(width);
        let slot = (value < SMALL).then(|| (width as u64 * SMALL + value) as usize);
        if let Some(s) = slot {
            let id = self.small_consts[s];
            if id != u32::MAX {
                return ExprId(id);
            }
        }
        let id = self.intern(
            Node::Const {
                value,
                width: width as u8,
            },
            width,
        );
        if let Some(s) = slot {
            self.small_consts[s] = id.0;
        }
        id
    }

    pub fn bool_const(&mut self, b: bool) -> ExprId {
        self.constant(b as u64, 1)
    }

    /// Width of `node` if it is well formed over this pool's ids.
    pub(crate) fn node_width(&self, node: &Node) -> Result<u32, String> {
        let ok = |e: ExprId| -> Result<u32, String> {
            if e.index() < self.nodes.len() {
                Ok(self.width(e))
            } else {
                Err(format!("unknown expression id {}", e.0))
            }
        };
        match *node {
            Node::Const { width, .. } => {
                if (1..=64).contains(&width) {
                    Ok(width as u32)
                } else {
                    Err(format!("bad constant width {width}"))
                }
            }
            Node::Var(v) => self
                .vars
                .get(v.index())
                .map(|i| i.width)
                .ok_or_else(|| format!("unknown variable {}", v.0)),
            Node::Unary(_, a) => ok(a),
            Node::Binary(op, a, b) => {
                let (wa, wb) = (ok(a)?, ok(b)?);
                if wa != wb {
                    return Err(format!("{op:?} of widths {wa} and {wb}"));
                }
                Ok(wa)
            }
            Node::Cmp(op, a, b) => {
                let (wa, wb) = (ok(a)?, ok(b)?);
                if wa != wb {
                    return Err(format!("{op:?} of widths {wa} and {wb}"));
                }
                Ok(1)
            }
            Node::ZExt(a, to) | Node::SExt(a, to) => {
                let wa = ok(a)?;
                if (to as u32) < wa || to > 64 {
                    return Err(format!("extension of width {wa} to {to}"));
                }
                Ok(to as u32)
            }
            Node::Extract { e, hi, lo } => {
                let w = ok(e)?;
                if lo > hi || hi as u32 >= w {
                    return Err(format!("extract [{hi}:{lo}] of width {w}"));
                }
                Ok((hi - lo) as u32 + 1)
            }
            Node::Concat(h, l) => {
                let w = ok(h)? + ok(l)?;
                if w > 64 {
                    return Err(format!("concat of total width {w}"));
                }
                Ok(w)
            }
            Node::Ite(c, a, b) => {
                let (wc, wa, wb) = (ok(c)?, ok(a)?, ok(b)?);
                if wc != 1 || wa != wb {
                    return Err(format!("ite of widths {wc}, {wa}, {wb}"));
                }
                Ok(wa)
            }
        }
    }

    /// Interns `node` exactly as given, without simplification (for tests).
    ///
    /// # Panics
    /// If the node is ill-formed (mismatched widths, unknown ids).
    pub fn raw(&mut self, node: Node) -> ExprId {
        match self.try_raw(node) {
            Ok(e) => e,
            Err(err) => panic!("{err}"),
        }
    }

    /// Interns `node` exactly as given, without simplification, checking it
    /// (for reloading stored expressions verbatim).
    pub fn try_raw(&mut self, node: Node) -> Result<ExprId, SymError> {
        let w = self.node_width(&node).map_err(SymError::IllFormed)?;
        let node = match node {
            Node::Const { value, width } => Node::Const {
                value: value & mask(width as u32),
                width,
            },
            n => n,
        };
        Ok(self.intern(node, w))
    }

    /// Builds `node` through the simplifying constructors.
    ///
    /// # Panics
    /// If the node is ill-formed.
    pub fn mk(&mut self, node: Node) -> ExprId {
        if let Err(msg) = self.node_width(&node) {
            panic!("ill-formed expression node: {msg}");
        }
        match node {
            Node::Const { value, width } => self.constant(value, width as u32),
            Node::Var(v) => self.var(v),
            Node::Unary(op, a) => self.unary(op, a),
            Node::Binary(op, a, b) => self.binary(op, a, b),
            Node::Cmp(op, a, b) => self.cmp(op, a, b),
            Node::ZExt(a, to) => self.zext(a, to as u32),
            Node::SExt(a, to) => self.sext(a, to as u32),
            Node::Extract { e, hi, lo } => self.extract(e, hi as u32, lo as u32),
            Node::Concat(h, l) => self.concat(h, l),
            Node::Ite(c, a, b) => self.ite(c, a, b),
        }
    }

    // ----- conveniences over the simplifying constructors -----

    /// C conversion of `e` to `to` bits: truncation, or zero/sign extension
    /// by the signedness of the source type.
    pub fn cast(&mut self, e: ExprId, to: u32, from_signed: bool) -> ExprId {
        let w = self.width(e);
        if to < w {
            self.extract(e, to - 1, 0)
        } else if to > w {
            if from_signed {
                self.sext(e, to)
            } else {
                self.zext(e, to)
            }
        } else {
            e
        }
    }

    /// Width-1 truth value of `e` (`e != 0`), as C's conditions test it.
    pub fn truth(&mut self, e: ExprId) -> ExprId {
        if self.width(e) == 1 {
            return e;
        }
        let z = self.constant(0, self.width(e));
        self.cmp(CmpOp::Ne, e, z)
    }

    /// Logical negation of a width-1 condition (`!(a < b)` becomes `a >= b`).
    ///
    /// # Panics
    /// If `cond` is not of width 1.
    pub fn negate(&mut self, cond: ExprId) -> ExprId {
        assert_eq!(self.width(cond), 1, "negate of a non-condition");
        self.unary(UnOp::Not, cond)
    }

    pub fn bool_and(&mut self, a: ExprId, b: ExprId) -> ExprId {
        assert_eq!(self.width(a), 1, "bool_and of a non-condition");
        self.binary(BinOp::And, a, b)
    }

    pub fn bool_or(&mut self, a: ExprId, b: ExprId) -> ExprId {
        assert_eq!(self.width(a), 1, "bool_or of a non-condition");
        self.binary(BinOp::Or, a, b)
    }

    /// Conjunction of width-1 conditions (true for none).
    pub fn all(&mut self, conds: &[ExprId]) -> ExprId {
        let mut acc = self.bool_const(true);
        for &c in conds {
            acc = self.bool_and(acc, c);
        }
        acc
    }

    pub fn add(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.binary(BinOp::Add, a, b)
    }
    pub fn sub(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.binary(BinOp::Sub, a, b)
    }
    pub fn mul(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.binary(BinOp::Mul, a, b)
    }
    pub fn eq(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.cmp(CmpOp::Eq, a, b)
    }
    pub fn ne(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.cmp(CmpOp::Ne, a, b)
    }

    // ----- variables of an expression -----

    /// The variables occurring in `e`, sorted and without duplicates.
    /// Memoised per queried node; the traversal reuses earlier answers for
    /// shared sub-DAGs and is iterative.
    pub fn vars_of(&self, e: ExprId) -> Arc<[VarId]> {
        if let Node::Var(v) = self.node(e) {
            return Arc::from(vec![v]);
        }
        let cache = self.vars_cache();
        if let Some(hit) = cache.get(&e) {
            return hit.clone();
        }
        let mut seen: FxHashSet<ExprId> = FxHashSet::default();
        let mut out: Vec<VarId> = Vec::new();
        let mut stack = vec![e];
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            match self.node(x) {
                Node::Var(v) => out.push(v),
                Node::Const { .. } => {}
                n => {
                    if x != e {
                        if let Some(hit) = cache.get(&x) {
                            out.extend_from_slice(hit);
                            continue;
                        }
                    }
                    n.for_each_child(|c| stack.push(c));
                }
            }
        }
        drop(cache);
        out.sort_unstable();
        out.dedup();
        let res: Arc<[VarId]> = Arc::from(out);
        self.vars_cache
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(e, res.clone());
        res
    }

    /// The memo of [`ExprPool::vars_of`], read. A panic while it was held leaves it
    /// consistent (each entry is inserted whole), so a poisoned lock is still read.
    fn vars_cache(&self) -> RwLockReadGuard<'_, FxHashMap<ExprId, Arc<[VarId]>>> {
        self.vars_cache
            .read()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The variables of several expressions, sorted, no duplicates.
    pub fn vars_of_all(&self, es: &[ExprId]) -> Vec<VarId> {
        let mut out: Vec<VarId> = Vec::new();
        for &e in es {
            out.extend_from_slice(&self.vars_of(e));
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Number of distinct nodes in the DAG under `e` (including `e`).
    pub fn dag_size(&self, e: ExprId) -> usize {
        let mut seen: FxHashSet<ExprId> = FxHashSet::default();
        let mut stack = vec![e];
        while let Some(x) = stack.pop() {
            if seen.insert(x) {
                self.node(x).for_each_child(|c| stack.push(c));
            }
        }
        seen.len()
    }

    /// Post-order (operands first) of the distinct nodes under `roots`.
    pub(crate) fn post_order(&self, roots: &[ExprId]) -> Vec<ExprId> {
        let mut seen: FxHashSet<ExprId> = FxHashSet::default();
        let mut order = Vec::new();
        let mut stack: Vec<(ExprId, bool)> = roots.iter().rev().map(|&r| (r, false)).collect();
        while let Some((x, expanded)) = stack.pop() {
            if expanded {
                order.push(x);
                continue;
            }
            if !seen.insert(x) {
                continue;
            }
            stack.push((x, true));
            let (ch, n) = self.node(x).children();
            for &c in ch[..n].iter().rev() {
                if !seen.contains(&c) {
                    stack.push((c, false));
                }
            }
        }
        order
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_consing_shares_nodes() {
        let mut p = ExprPool::new();
        let x = p.new_var("in1", 32, true).unwrap();
        let xe = p.var(x);
        let one = p.constant(1, 32);
        let a = p.add(xe, one);
        let b = p.add(xe, one);
        assert_eq!(a, b);
        let n = p.len();
        let _ = p.add(xe, one);
        assert_eq!(p.len(), n);
    }

    #[test]
    fn vars_registry() {
        let mut p = ExprPool::new();
        let a = p.new_var("in1", 32, true).unwrap();
        assert_eq!(p.new_var("in1", 32, false).unwrap(), a);
        assert_eq!(
            p.new_var("in1", 8, false),
            Err(SymError::VarWidthConflict {
                name: "in1".into(),
                existing: 32,
                requested: 8
            })
        );
        assert_eq!(p.new_var("x", 0, false), Err(SymError::BadWidth(0)));
        assert_eq!(p.var_by_name("in1"), Some(a));
        assert_eq!(p.var_info(a).name, "in1");
    }

    #[test]
    fn vars_of_sorted_and_memoised() {
        let mut p = ExprPool::new();
        let a = p.new_var("a", 8, false).unwrap();
        let b = p.new_var("b", 8, false).unwrap();
        let c = p.new_var("c", 8, false).unwrap();
        let (ae, be, ce) = (p.var(a), p.var(b), p.var(c));
        let s = p.add(ce, ae);
        let t = p.mul(s, be);
        let u = p.binary(BinOp::Xor, t, s);
        assert_eq!(&*p.vars_of(s), &[a, c]);
        assert_eq!(&*p.vars_of(u), &[a, b, c]);
        assert_eq!(&*p.vars_of(u), &[a, b, c]);
        let k = p.constant(3, 8);
        assert!(p.vars_of(k).is_empty());
        assert_eq!(p.vars_of_all(&[s, be]), vec![a, b, c]);
    }

    #[test]
    #[should_panic(expected = "ill-formed")]
    fn raw_rejects_width_mismatch() {
        let mut p = ExprPool::new();
        let a = p.constant(1, 8);
        let b = p.constant(1, 16);
        p.raw(Node::Binary(BinOp::Add, a, b));
    }
}
