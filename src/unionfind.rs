//! Disjoint sets over `0..n`: the grouping of hunks that share names (`dd::group`) and
//! of conjuncts that share variables (`explore::decide`).

use std::collections::HashMap;
use std::hash::Hash;

pub(crate) struct UnionFind {
    parent: Vec<usize>,
}

impl UnionFind {
    pub(crate) fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n).collect(),
        }
    }

    /// The representative of `i`'s set (path halving).
    pub(crate) fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }

    pub(crate) fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        self.parent[rb] = ra;
    }

    /// Join `i` with the first element that named `key` (`owner` remembers it).
    pub(crate) fn union_by_key<K: Eq + Hash>(
        &mut self,
        owner: &mut HashMap<K, usize>,
        i: usize,
        key: K,
    ) {
        match owner.get(&key) {
            Some(&j) => self.union(j, i),
            None => {
                owner.insert(key, i);
            }
        }
    }

    /// The sets, each ascending, in order of their smallest element.
    pub(crate) fn groups(&mut self) -> Vec<Vec<usize>> {
        let mut by_root: HashMap<usize, Vec<usize>> = HashMap::new();
        for i in 0..self.parent.len() {
            let r = self.find(i);
            by_root.entry(r).or_default().push(i);
        }
        let mut out: Vec<Vec<usize>> = by_root.into_values().collect();
        out.sort();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_sharing_a_key_end_in_one_set() {
        let mut u = UnionFind::new(5);
        let mut owner = HashMap::new();
        for (i, keys) in [vec!["a"], vec!["b"], vec!["c", "a"], vec![], vec!["b"]]
            .into_iter()
            .enumerate()
        {
            for k in keys {
                u.union_by_key(&mut owner, i, k);
            }
        }
        assert_eq!(u.groups(), vec![vec![0, 2], vec![1, 4], vec![3]]);
        u.union(3, 2);
        assert_eq!(u.groups(), vec![vec![0, 2, 3], vec![1, 4]]);
    }
}
