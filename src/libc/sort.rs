//! The order in which glibc 2.36's `qsort` and `bsearch` call the comparator, and the
//! resulting permutation, so that comparators with side effects (call counters,
//! printing) and unstable orders of equal elements agree with glibc.
//!
//! glibc 2.36 `qsort` is a top-down merge sort whenever its temporary buffer can be
//! had (on the stack below 1024 bytes, else `malloc`; it falls back to an in-place
//! quicksort only when the array is larger than a quarter of physical memory or
//! `malloc` fails, which regcause does not model). Elements larger than 32 bytes are
//! sorted indirectly through an array of pointers, with the same comparator calls.
//! The comparator always receives pointers to element *values*; in glibc they point
//! into the array (or to the original elements, for indirect sorting) at positions
//! that change as runs are merged: a model may pass pointers to a copy of each
//! original element, as only the pointed-to values are observable in sane C.

use std::cmp::Ordering;

/// Returns the permutation glibc's `qsort` produces for `n` elements: entry `k` is the
/// original index of the element that ends at position `k`. `cmp(a, b)` must compare
/// the elements with ORIGINAL indices `a` and `b` (i.e. call the program's comparator
/// with the first element as its first argument); it is called in exactly glibc's order.
/// Merging takes the left element when `cmp <= 0` (so equal elements keep their order).
pub fn glibc_qsort_order<E>(
    n: usize,
    cmp: &mut dyn FnMut(usize, usize) -> Result<Ordering, E>,
) -> Result<Vec<usize>, E> {
    let mut perm: Vec<usize> = (0..n).collect();
    let mut tmp: Vec<usize> = Vec::with_capacity(n);
    msort(&mut perm, &mut tmp, cmp)?;
    Ok(perm)
}

fn msort<E>(
    b: &mut [usize],
    tmp: &mut Vec<usize>,
    cmp: &mut dyn FnMut(usize, usize) -> Result<Ordering, E>,
) -> Result<(), E> {
    let n = b.len();
    if n <= 1 {
        return Ok(());
    }
    let n1 = n / 2;
    msort(&mut b[..n1], tmp, cmp)?;
    msort(&mut b[n1..], tmp, cmp)?;
    tmp.clear();
    let (mut i, mut j) = (0, n1);
    while i < n1 && j < n {
        if cmp(b[i], b[j])? != Ordering::Greater {
            tmp.push(b[i]);
            i += 1;
        } else {
            tmp.push(b[j]);
            j += 1;
        }
    }
    // What is left of the right run is already in place.
    tmp.extend_from_slice(&b[i..n1]);
    let k = tmp.len();
    b[..k].copy_from_slice(tmp);
    Ok(())
}

/// glibc's `bsearch` over `n` sorted elements: `cmp_key_with(i)` must return the
/// program's `compar(key, &base[i])` (key first). Probes `(l + u) / 2` with `l = 0,
/// u = n`, going left on `< 0` and right on `> 0`; returns the first index found equal.
pub fn glibc_bsearch<E>(
    n: usize,
    cmp_key_with: &mut dyn FnMut(usize) -> Result<Ordering, E>,
) -> Result<Option<usize>, E> {
    let (mut l, mut u) = (0usize, n);
    while l < u {
        let idx = (l + u) / 2;
        match cmp_key_with(idx)? {
            Ordering::Less => u = idx,
            Ordering::Greater => l = idx + 1,
            Ordering::Equal => return Ok(Some(idx)),
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{run_c, Rng};
    use super::*;
    use std::convert::Infallible;

    #[test]
    fn stable_without_gcc() {
        let keys = [3, 1, 3, 2, 1, 3];
        let order =
            glibc_qsort_order::<Infallible>(6, &mut |a, b| Ok(keys[a].cmp(&keys[b]))).unwrap();
        assert_eq!(order, vec![1, 4, 3, 0, 2, 5]);
        let sorted = [1, 3, 5, 7, 9];
        let mut probes = Vec::new();
        let found = glibc_bsearch::<Infallible>(5, &mut |i| {
            probes.push(i);
            Ok(7.cmp(&sorted[i]))
        })
        .unwrap();
        assert_eq!((found, probes), (Some(3), vec![2, 4, 3]));
    }

    /// Sorts arrays with many ties in C, logging every comparator call (by element id),
    /// for both direct (small elements) and indirect (> 32 bytes) sorting.
    #[test]
    fn differential_qsort_calls() {
        let mut r = Rng(5);
        let mut arrays: Vec<Vec<i32>> = vec![vec![], vec![7], vec![2, 1], vec![1, 1, 1]];
        for _ in 0..40 {
            let n = r.range(0, 150) as usize;
            let spread = r.range(1, 10);
            arrays.push((0..n).map(|_| r.range(0, spread) as i32).collect());
        }
        let mut src = String::from(
            "#include <stdio.h>\n#include <stdlib.h>\n\
             struct S { int key, id; }; struct B { int key, id; char pad[40]; };\n\
             static int cs(const void *a, const void *b) { const struct S *x = a, *y = b;\n\
               printf(\"c %d %d\\n\", x->id, y->id); return (x->key > y->key) - (x->key < y->key); }\n\
             static int cb(const void *a, const void *b) { const struct B *x = a, *y = b;\n\
               printf(\"c %d %d\\n\", x->id, y->id); return x->key - y->key; }\n\
             static int ck(const void *k, const void *e) { const struct S *y = e;\n\
               printf(\"b %d\\n\", y->id); return *(const int *)k - y->key; }\n\
             int main(void) {\n",
        );
        for (t, a) in arrays.iter().enumerate() {
            let n = a.len();
            let init: Vec<String> = a
                .iter()
                .enumerate()
                .map(|(i, k)| format!("{{{k}, {i}}}"))
                .collect();
            let big = t % 2 == 1;
            let (ty, f) = if big {
                ("struct B", "cb")
            } else {
                ("struct S", "cs")
            };
            src.push_str(&format!(
                "{{ {ty} a[{}] = {{{}}}; qsort(a, {n}, sizeof a[0], {f});\n\
                 printf(\"order\"); for (int i = 0; i < {n}; i++) printf(\" %d\", a[i].id); printf(\"\\n\");\n",
                n.max(1),
                if init.is_empty() { "{0, 0}".to_string() } else { init.join(", ") },
            ));
            if !big {
                for key in -1..4 {
                    src.push_str(&format!(
                        "{{ int k = {key}; struct S *p = bsearch(&k, a, {n}, sizeof a[0], ck); printf(\"found %d\\n\", p ? (int)(p - a) : -1); }}\n"
                    ));
                }
            }
            src.push_str("}\n");
        }
        src.push_str("return 0; }\n");
        let Some(out) = run_c(&src, &[]) else { return };
        let want = String::from_utf8(out).unwrap();
        let mut got = String::new();
        for (t, a) in arrays.iter().enumerate() {
            let order = glibc_qsort_order::<Infallible>(a.len(), &mut |x, y| {
                got.push_str(&format!("c {x} {y}\n"));
                Ok(a[x].cmp(&a[y]))
            })
            .unwrap();
            got.push_str("order");
            for i in &order {
                got.push_str(&format!(" {i}"));
            }
            got.push('\n');
            if t % 2 == 0 {
                let sorted: Vec<(i32, usize)> = order.iter().map(|&i| (a[i], i)).collect();
                for key in -1..4 {
                    let f = glibc_bsearch::<Infallible>(sorted.len(), &mut |i| {
                        got.push_str(&format!("b {}\n", sorted[i].1));
                        Ok(key.cmp(&sorted[i].0))
                    })
                    .unwrap();
                    got.push_str(&format!("found {}\n", f.map_or(-1, |i| i as i64)));
                }
            }
        }
        assert_eq!(got, want);
    }
}
