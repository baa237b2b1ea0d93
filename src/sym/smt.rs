//! SMT-LIB2 text. Every value is a bitvector; width-1 values are `(_ BitVec 1)`
//! and comparisons become `(ite (bvult a b) #b1 #b0)`. Subterms shared inside
//! the printed DAG are bound once (`let` in a term, `define-fun` in a script),
//! so the text stays linear in the DAG size. Printing is iterative.

use std::fmt::Write;

use super::{BinOp, CmpOp, ExprId, ExprPool, FxHashMap, FxHashSet, Node, UnOp, VarId};

/// The SMT-LIB symbol of a variable: its name, quoted.
pub(crate) fn smt_var_name(pool: &ExprPool, v: VarId) -> String {
    let name = &pool.var_info(v).name;
    if name.is_empty() || name.contains(['|', '\\']) {
        // Quoted symbols cannot contain `|` or `\`.
        let clean: String = name
            .chars()
            .map(|c| if c == '|' || c == '\\' { '_' } else { c })
            .collect();
        format!("|{clean}#{}|", v.0)
    } else {
        format!("|{name}|")
    }
}

fn bv_const(v: u64, w: u32) -> String {
    if w == 1 {
        format!("#b{v}")
    } else {
        format!("(_ bv{v} {w})")
    }
}

fn sort(w: u32) -> String {
    format!("(_ BitVec {w})")
}

fn bin_name(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "bvadd",
        BinOp::Sub => "bvsub",
        BinOp::Mul => "bvmul",
        BinOp::UDiv => "bvudiv",
        BinOp::SDiv => "bvsdiv",
        BinOp::URem => "bvurem",
        BinOp::SRem => "bvsrem",
        BinOp::Shl => "bvshl",
        BinOp::LShr => "bvlshr",
        BinOp::AShr => "bvashr",
        BinOp::And => "bvand",
        BinOp::Or => "bvor",
        BinOp::Xor => "bvxor",
    }
}

fn cmp_name(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq | CmpOp::Ne => "=",
        CmpOp::Ult => "bvult",
        CmpOp::Ule => "bvule",
        CmpOp::Ugt => "bvugt",
        CmpOp::Uge => "bvuge",
        CmpOp::Slt => "bvslt",
        CmpOp::Sle => "bvsle",
        CmpOp::Sgt => "bvsgt",
        CmpOp::Sge => "bvsge",
    }
}

enum Item {
    Node(ExprId),
    Text(&'static str),
    Owned(String),
}

/// Writes terms over a fixed set of "bound" nodes (printed by name).
struct Writer<'p> {
    pool: &'p ExprPool,
    bound: FxHashSet<ExprId>,
}

fn bound_name(e: ExprId) -> String {
    format!("?e{}", e.0)
}

impl Writer<'_> {
    /// The text of `e`'s own operator over its operands (bound operands by name).
    fn write_def(&self, e: ExprId, out: &mut String) {
        let mut stack = vec![Item::Node(e)];
        let mut top = true;
        while let Some(item) = stack.pop() {
            match item {
                Item::Text(s) => out.push_str(s),
                Item::Owned(s) => out.push_str(&s),
                Item::Node(x) => {
                    if !top && self.bound.contains(&x) {
                        out.push_str(&bound_name(x));
                        continue;
                    }
                    top = false;
                    let mut parts: Vec<Item> = Vec::with_capacity(8);
                    self.plan(x, &mut parts);
                    stack.extend(parts.into_iter().rev());
                }
            }
        }
    }

    fn plan(&self, e: ExprId, parts: &mut Vec<Item>) {
        let p = self.pool;
        match p.node(e) {
            Node::Const { value, width } => parts.push(Item::Owned(bv_const(value, width as u32))),
            Node::Var(v) => parts.push(Item::Owned(smt_var_name(p, v))),
            Node::Unary(op, a) => {
                parts.push(Item::Text(match op {
                    UnOp::Neg => "(bvneg ",
                    UnOp::Not => "(bvnot ",
                }));
                parts.push(Item::Node(a));
                parts.push(Item::Text(")"));
            }
            Node::Binary(op, a, b) => {
                parts.push(Item::Owned(format!("({} ", bin_name(op))));
                parts.push(Item::Node(a));
                parts.push(Item::Text(" "));
                parts.push(Item::Node(b));
                parts.push(Item::Text(")"));
            }
            Node::Cmp(op, a, b) => {
                parts.push(Item::Owned(format!("(ite ({} ", cmp_name(op))));
                parts.push(Item::Node(a));
                parts.push(Item::Text(" "));
                parts.push(Item::Node(b));
                parts.push(Item::Text(if op == CmpOp::Ne {
                    ") #b0 #b1)"
                } else {
                    ") #b1 #b0)"
                }));
            }
            Node::ZExt(a, to) => {
                let k = to as u32 - p.width(a);
                parts.push(Item::Owned(format!("((_ zero_extend {k}) ")));
                parts.push(Item::Node(a));
                parts.push(Item::Text(")"));
            }
            Node::SExt(a, to) => {
                let k = to as u32 - p.width(a);
                parts.push(Item::Owned(format!("((_ sign_extend {k}) ")));
                parts.push(Item::Node(a));
                parts.push(Item::Text(")"));
            }
            Node::Extract { e: a, hi, lo } => {
                parts.push(Item::Owned(format!("((_ extract {hi} {lo}) ")));
                parts.push(Item::Node(a));
                parts.push(Item::Text(")"));
            }
            Node::Concat(h, l) => {
                parts.push(Item::Text("(concat "));
                parts.push(Item::Node(h));
                parts.push(Item::Text(" "));
                parts.push(Item::Node(l));
                parts.push(Item::Text(")"));
            }
            Node::Ite(c, a, b) => {
                parts.push(Item::Text("(ite (= "));
                parts.push(Item::Node(c));
                parts.push(Item::Text(" #b1) "));
                parts.push(Item::Node(a));
                parts.push(Item::Text(" "));
                parts.push(Item::Node(b));
                parts.push(Item::Text(")"));
            }
        }
    }
}

impl ExprPool {
    /// Non-leaf nodes used more than once within the DAG of `roots`, in
    /// post-order (operands first), and the whole post-order.
    fn shared_nodes(&self, roots: &[ExprId]) -> (Vec<ExprId>, Vec<ExprId>) {
        let order = self.post_order(roots);
        let mut uses: FxHashMap<ExprId, u32> = FxHashMap::default();
        for &e in &order {
            self.node(e)
                .for_each_child(|c| *uses.entry(c).or_insert(0) += 1);
        }
        let shared = order
            .iter()
            .copied()
            .filter(|&e| {
                !matches!(self.node(e), Node::Const { .. } | Node::Var(_))
                    && uses.get(&e).copied().unwrap_or(0) > 1
            })
            .collect();
        (shared, order)
    }

    /// `e` as one SMT-LIB2 term (a bitvector of `width(e)` bits); shared
    /// subterms are bound with `let`.
    pub fn to_smt2(&self, e: ExprId) -> String {
        let (shared, _) = self.shared_nodes(&[e]);
        let mut wr = Writer {
            pool: self,
            bound: FxHashSet::default(),
        };
        let mut out = String::new();
        for &s in &shared {
            let _ = write!(out, "(let (({} ", bound_name(s));
            wr.write_def(s, &mut out);
            out.push_str(")) ");
            wr.bound.insert(s);
        }
        wr.write_def(e, &mut out);
        for _ in &shared {
            out.push(')');
        }
        out
    }

    /// A complete SMT-LIB2 script: one `declare-fun` per variable, one
    /// `define-fun` per shared subterm, one assert per width-1 constraint
    /// (asserted as `(= c #b1)`), and `(check-sat)`.
    pub fn smt2_script(&self, constraints: &[ExprId]) -> String {
        let mut out = String::from("(set-logic QF_BV)\n");
        for v in self.vars_of_all(constraints) {
            let _ = writeln!(
                out,
                "(declare-fun {} () {})",
                smt_var_name(self, v),
                sort(self.var_info(v).width)
            );
        }
        let (shared, _) = self.shared_nodes(constraints);
        let mut wr = Writer {
            pool: self,
            bound: FxHashSet::default(),
        };
        for &s in &shared {
            let _ = write!(
                out,
                "(define-fun {} () {} ",
                bound_name(s),
                sort(self.width(s))
            );
            wr.write_def(s, &mut out);
            out.push_str(")\n");
            wr.bound.insert(s);
        }
        for &c in constraints {
            let w = self.width(c);
            // Width-1 constraints must be 1; wider ones (C truth) non-zero.
            out.push_str(if w == 1 {
                "(assert (= "
            } else {
                "(assert (not (= "
            });
            if wr.bound.contains(&c) {
                out.push_str(&bound_name(c));
            } else {
                wr.write_def(c, &mut out);
            }
            if w == 1 {
                out.push_str(" #b1))\n");
            } else {
                let _ = writeln!(out, " {})))", bv_const(0, w));
            }
        }
        out.push_str("(check-sat)\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::*;

    #[test]
    fn term_text() {
        let mut p = ExprPool::new();
        let x = p.new_var("in1", 32, true).unwrap();
        let x = p.var(x);
        let one = p.constant(1, 32);
        let s = p.add(x, one);
        let c = p.cmp(CmpOp::Slt, s, x);
        assert_eq!(
            p.to_smt2(c),
            "(ite (bvslt (bvadd |in1| (_ bv1 32)) |in1|) #b1 #b0)"
        );
    }

    #[test]
    fn shared_subterms_are_bound_once() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", 8, false).unwrap();
        let x = p.var(x);
        let mut acc = x;
        for _ in 0..40 {
            acc = p.mul(acc, acc); // 2^40 leaves as a tree
        }
        let t = p.to_smt2(acc);
        assert!(t.len() < 4000, "{}", t.len());
        assert!(t.starts_with("(let ((?e"));
    }

    #[test]
    fn script_declares_and_asserts() {
        let mut p = ExprPool::new();
        let a = p.new_var("argv[1]", 32, true).unwrap();
        let a = p.var(a);
        let k = p.constant(5, 32);
        let c = p.cmp(CmpOp::Sgt, a, k);
        let s = p.smt2_script(&[c]);
        assert!(
            s.contains("(declare-fun |argv[1]| () (_ BitVec 32))"),
            "{s}"
        );
        assert!(
            s.contains("(assert (= (ite (bvsgt |argv[1]| (_ bv5 32)) #b1 #b0) #b1))"),
            "{s}"
        );
    }
}
