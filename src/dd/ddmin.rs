//! Zeller and Hildebrandt's ddmin over a set of changes (by index): split the current
//! failure-inducing set into `n` parts, try each part, then each complement; on a
//! failure continue from that subset, else double the granularity until every part is
//! a single change. A subset that neither passes nor fails the same way ("unresolved":
//! it does not build, or fails differently) counts as not failing, as in the paper.

/// The outcome of testing one subset of the changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The test passes, as at the good revision.
    Pass,
    /// The test fails the way it fails at the bad revision.
    Fail,
    /// Neither: the subset does not lower, or the test fails another way.
    Unresolved,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Pass => "pass",
            Outcome::Fail => "fail",
            Outcome::Unresolved => "unresolved",
        }
    }

    pub fn parse(s: &[u8]) -> Option<Outcome> {
        match s {
            b"pass" => Some(Outcome::Pass),
            b"fail" => Some(Outcome::Fail),
            b"unresolved" => Some(Outcome::Unresolved),
            _ => None,
        }
    }
}

/// `c` cut into `n` contiguous parts of near-equal size (none empty when `n <= c.len()`).
fn split(c: &[usize], n: usize) -> Vec<Vec<usize>> {
    let mut parts = Vec::with_capacity(n);
    let mut start = 0;
    for i in 0..n {
        let end = start + (c.len() - start) / (n - i);
        parts.push(c[start..end].to_vec());
        start = end;
    }
    parts
}

/// What ddmin asks about subsets of the changes.
pub trait Probe {
    /// The outcome of one subset (sorted). Callers memoise it: ddmin repeats subsets.
    fn test(&mut self, s: &[usize]) -> Outcome;
    /// How many subsets are worth judging together: ddmin announces (with [`ahead`])
    /// that many of the subsets it may ask next, in the order it would ask them, so a
    /// prober with several workers judges them at once. 1: no announcements.
    ///
    /// [`ahead`]: Probe::ahead
    fn width(&self) -> usize {
        1
    }
    /// The subsets ddmin will ask next, in order, as long as none of them fails.
    fn ahead(&mut self, _next: &[Vec<usize>]) {}
}

impl<F: FnMut(&[usize]) -> Outcome> Probe for F {
    fn test(&mut self, s: &[usize]) -> Outcome {
        self(s)
    }
}

/// A 1-minimal failure-inducing subset of the changes `0..n` (every change of it is
/// needed: removing any one no longer fails), assuming all `n` together fail and none
/// passes. Returns the changes in ascending order. The subsets asked, and so the result,
/// do not depend on the probe's width: a wider probe only learns them sooner.
pub fn ddmin(n: usize, probe: &mut dyn Probe) -> Vec<usize> {
    let mut c: Vec<usize> = (0..n).collect();
    let mut gran = 2usize;
    let width = probe.width().max(1);
    while c.len() >= 2 {
        let parts = split(&c, gran.min(c.len()));
        // Each part, then (with more than two parts: with two, each complement is the
        // other part, already tested) each complement; the first that fails is kept.
        let mut asked: Vec<(Vec<usize>, usize)> = parts.iter().map(|p| (p.clone(), 2)).collect();
        if parts.len() > 2 {
            asked.extend(parts.iter().map(|p| {
                let comp: Vec<usize> = c.iter().copied().filter(|x| !p.contains(x)).collect();
                (comp, (gran - 1).max(2))
            }));
        }
        let mut next = None;
        'round: for window in asked.chunks(width) {
            if width > 1 {
                let subsets: Vec<Vec<usize>> = window.iter().map(|(s, _)| s.clone()).collect();
                probe.ahead(&subsets);
            }
            for (s, g) in window {
                if probe.test(s) == Outcome::Fail {
                    next = Some((s.clone(), *g));
                    break 'round;
                }
            }
        }
        match next {
            Some((sub, g)) => {
                c = sub;
                gran = g;
            }
            None if gran >= c.len() => break,
            None => gran = (gran * 2).min(c.len()),
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// Runs ddmin with `judge`, counting the distinct subsets it asked about.
    fn run(n: usize, judge: impl Fn(&BTreeSet<usize>) -> Outcome) -> (Vec<usize>, usize) {
        let mut seen = BTreeSet::new();
        let r = ddmin(n, &mut |s: &[usize]| {
            seen.insert(s.to_vec());
            judge(&s.iter().copied().collect())
        });
        (r, seen.len())
    }

    /// Removing any single change from `r` must no longer fail.
    fn one_minimal(r: &[usize], judge: impl Fn(&BTreeSet<usize>) -> Outcome) {
        for x in r {
            let s: BTreeSet<usize> = r.iter().copied().filter(|y| y != x).collect();
            assert_ne!(judge(&s), Outcome::Fail, "{r:?} without {x} still fails");
        }
    }

    #[test]
    fn single_culprit_anywhere() {
        for n in 1..=17 {
            for culprit in 0..n {
                let judge = |s: &BTreeSet<usize>| {
                    if s.contains(&culprit) {
                        Outcome::Fail
                    } else {
                        Outcome::Pass
                    }
                };
                let (r, tests) = run(n, judge);
                assert_eq!(r, vec![culprit], "n={n}");
                // Logarithmic, not linear, for a single culprit.
                assert!(
                    tests <= 2 * (usize::BITS - n.leading_zeros()) as usize + 2,
                    "n={n}: {tests}"
                );
            }
        }
    }

    #[test]
    fn two_culprits_needed_together() {
        for n in 2..=12 {
            for a in 0..n {
                for b in a + 1..n {
                    let judge = |s: &BTreeSet<usize>| {
                        if s.contains(&a) && s.contains(&b) {
                            Outcome::Fail
                        } else {
                            Outcome::Pass
                        }
                    };
                    let (r, _) = run(n, judge);
                    assert_eq!(r, vec![a, b], "n={n}");
                    one_minimal(&r, judge);
                }
            }
        }
    }

    #[test]
    fn unresolved_subsets_are_not_failures() {
        // Change 3 is the culprit, but it only lowers together with change 5 (a use and
        // its declaration); any subset holding 3 without 5 is unresolved.
        let judge = |s: &BTreeSet<usize>| match (s.contains(&3), s.contains(&5)) {
            (true, false) => Outcome::Unresolved,
            (true, true) => Outcome::Fail,
            _ => Outcome::Pass,
        };
        let (r, _) = run(8, judge);
        assert_eq!(r, vec![3, 5]);
        one_minimal(&r, judge);
        // Everything but the full set unresolved: nothing can be removed.
        let (r, _) = run(5, |s| {
            if s.len() == 5 {
                Outcome::Fail
            } else {
                Outcome::Unresolved
            }
        });
        assert_eq!(r, vec![0, 1, 2, 3, 4]);
    }

    /// A probe of some width that records what it was asked and announced.
    struct Wide<F: Fn(&BTreeSet<usize>) -> Outcome> {
        width: usize,
        judge: F,
        asked: Vec<Vec<usize>>,
        announced: BTreeSet<Vec<usize>>,
    }

    impl<F: Fn(&BTreeSet<usize>) -> Outcome> Probe for Wide<F> {
        fn test(&mut self, s: &[usize]) -> Outcome {
            assert!(
                self.width == 1 || self.announced.contains(s),
                "{s:?} asked before it was announced"
            );
            self.asked.push(s.to_vec());
            (self.judge)(&s.iter().copied().collect())
        }
        fn width(&self) -> usize {
            self.width
        }
        fn ahead(&mut self, next: &[Vec<usize>]) {
            assert!(
                next.len() <= self.width,
                "{next:?} is wider than {}",
                self.width
            );
            self.announced.extend(next.iter().cloned());
        }
    }

    /// The subsets asked, in order, and the result do not depend on the probe's width;
    /// a wider probe hears of each subset before it is asked about it.
    #[test]
    fn a_wide_probe_is_asked_what_a_narrow_one_is() {
        type Judge = Box<dyn Fn(&BTreeSet<usize>) -> Outcome>;
        let judges: Vec<(usize, Judge)> = vec![
            (
                13,
                Box::new(|s| {
                    if s.contains(&9) {
                        Outcome::Fail
                    } else {
                        Outcome::Pass
                    }
                }),
            ),
            (
                11,
                Box::new(|s| {
                    if s.contains(&2) && s.contains(&7) {
                        Outcome::Fail
                    } else {
                        Outcome::Pass
                    }
                }),
            ),
            (
                9,
                Box::new(|s| match (s.contains(&3), s.contains(&5)) {
                    (true, false) => Outcome::Unresolved,
                    (true, true) => Outcome::Fail,
                    _ => Outcome::Pass,
                }),
            ),
            (
                10,
                Box::new(|s| {
                    if s.len() >= 7 {
                        Outcome::Fail
                    } else if s.len() % 3 == 0 {
                        Outcome::Unresolved
                    } else {
                        Outcome::Pass
                    }
                }),
            ),
        ];
        for (n, judge) in &judges {
            let run = |width: usize| {
                let mut p = Wide {
                    width,
                    judge: |s: &BTreeSet<usize>| judge(s),
                    asked: Vec::new(),
                    announced: BTreeSet::new(),
                };
                let r = ddmin(*n, &mut p);
                (r, p.asked, p.announced.len())
            };
            let (r1, asked1, _) = run(1);
            for width in 2..=5 {
                let (r, asked, announced) = run(width);
                assert_eq!((&r, &asked), (&r1, &asked1), "n={n} width={width}");
                assert!(announced >= asked.iter().collect::<BTreeSet<_>>().len());
            }
        }
    }

    #[test]
    fn split_covers_without_empty_parts() {
        let c: Vec<usize> = (10..17).collect();
        for n in 1..=7 {
            let parts = split(&c, n);
            assert_eq!(parts.len(), n);
            assert!(parts.iter().all(|p| !p.is_empty()));
            assert_eq!(parts.concat(), c);
        }
    }
}
