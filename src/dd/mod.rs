//! Delta debugging on the diff's hunks inside the interpreter (Zeller, "Yesterday, my
//! program worked. Today, it does not. Why?", ESEC/FSE'99). Each subset of the hunks of
//! GOOD -> BAD is applied to GOOD's tree in a private temporary directory, lowered by the
//! front end and run on the test; the oracle judges it against the good run: pass, the
//! same failure as BAD, or unresolved (does not lower, or fails another way). ddmin
//! over groups of dependent hunks gives a 1-minimal failure-inducing set; large hunks of
//! it are then cut into single-line pieces and minimised again.

mod ddmin;
mod group;
mod merge;
mod units;

pub use ddmin::{ddmin, Outcome, Probe};
pub use group::{group, rename, renames};
pub use merge::merge;
pub use units::UnitCache;

use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::time::Instant;

use crate::cache::{Cache, Key, Kind};
use crate::diffctx::{self, Hunk};
use crate::exec::{self, Limits, Outcome as RunOutcome, RunResult};
use crate::oracle::{self, Divergence, Test, Verdict};

/// Hunks larger than this (lines on either side) are minimised below hunk level.
pub const LARGE_HUNK: usize = 3;

/// A patched tree: path -> text.
pub type Tree = BTreeMap<String, String>;

/// Decides the outcome of patched trees.
pub trait Judge {
    fn judge(&mut self, files: &Tree) -> Judged;
    /// How many trees this judge decides at once (its workers).
    fn width(&self) -> usize {
        1
    }
    /// Several trees, in order: the same judgements as one by one, made at once by a
    /// judge with several workers.
    fn judge_all(&mut self, trees: &[&Tree]) -> Vec<Judged> {
        trees.iter().map(|t| self.judge(t)).collect()
    }
}

/// One tree's outcome, and how the judge reached it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judged {
    pub outcome: Outcome,
    pub how: How,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// The test ran on the tree, lowered from spliced text or through the preprocessor.
    Ran { spliced: bool },
    /// The analysis cache knew the outcome.
    Cached,
    /// Loading or running the tree panicked (a regcause bug): unresolved.
    Panicked,
    /// The analysis budget was spent: unresolved without running.
    Unjudged,
}

impl From<Outcome> for Judged {
    fn from(outcome: Outcome) -> Judged {
        Judged {
            outcome,
            how: How::Ran { spliced: false },
        }
    }
}

/// How the trees the search asked about were judged. Trees a wide judge decided ahead
/// of the search and that it never asked about are only counted in `ahead_unused`, so
/// the other counts are those of a judge deciding one tree at a time (but for
/// `spliced`: whether the splicer makes a pair for a tree depends on how many it was
/// asked for before).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub cache_hits: usize,
    pub spliced: usize,
    pub panicked: usize,
    pub unjudged: usize,
    /// Trees judged ahead that the search did not ask about.
    pub ahead_unused: usize,
}

/// What the hunk search found, and what it cost.
#[derive(Clone, Debug, Default)]
pub struct Search {
    /// Hunks of the diff, and groups of dependent hunks ddmin worked on.
    pub hunks: usize,
    pub groups: usize,
    /// Distinct subsets (patched trees) judged, and how many were unresolved.
    pub tested: usize,
    pub unresolved: usize,
    /// The 1-minimal failure-inducing hunks (pieces of large hunks merged back into
    /// contiguous hunks), in path and line order.
    pub minimal: Vec<Hunk>,
    /// Changed lines of the whole diff (see [`changed_lines`]).
    pub lines_total: usize,
    pub ms: u64,
    /// How the subsets were judged, and by how many workers at once.
    pub tally: Tally,
    pub workers: usize,
}

impl Search {
    /// Changed lines of the minimal hunks.
    pub fn lines_minimal(&self) -> usize {
        changed_lines(&self.minimal)
    }

    /// Whether the search narrowed the change: it kept at most half of the changed
    /// lines. A search that keeps more was mostly blind (a rewrite cut into pieces
    /// that do not build without each other, say): its "minimal" set says little the
    /// diff did not, and must not reorder the candidates. (On the sample corpus,
    /// trusting such sets named the wrong lines; narrowed ones kept the ground truth.)
    pub fn narrowed(&self) -> bool {
        !self.minimal.is_empty() && self.lines_minimal() * 2 <= self.lines_total
    }
}

/// Changed lines of `hs`: the longer side of each hunk.
pub fn changed_lines(hs: &[Hunk]) -> usize {
    hs.iter().map(Hunk::size).sum()
}

/// The bytes naming a patched tree, for memo and cache keys.
pub fn tree_hash(files: &BTreeMap<String, String>) -> String {
    let mut b = Vec::new();
    for (p, t) in files {
        b.extend_from_slice(p.as_bytes());
        b.push(0);
        b.extend_from_slice(t.len().to_string().as_bytes());
        b.push(0);
        b.extend_from_slice(t.as_bytes());
    }
    crate::cache::hash_hex(&b)
}

/// `h` cut into single-line pieces that together are `h`, in any subset order. Old and
/// new lines are paired by similarity, in order (see [`align`]): a rewritten line is
/// one piece with its rewrite, not with whatever line stands at the same offset; an
/// unpaired old line is a deletion, an unpaired new line an insertion.
fn pieces(h: &Hunk) -> Vec<Hunk> {
    let (mut oi, mut nj) = (0, 0);
    align(&h.old, &h.new)
        .into_iter()
        .map(|(o, n)| {
            let piece = Hunk {
                path: h.path.clone(),
                old_start: h.old_start + o.unwrap_or(oi),
                old: o.map(|i| h.old[i].clone()).into_iter().collect(),
                new_start: h.new_start + n.unwrap_or(nj),
                new: n.map(|j| h.new[j].clone()).into_iter().collect(),
                file: h.file,
            };
            if let Some(i) = o {
                oi = i + 1;
            }
            if let Some(j) = n {
                nj = j + 1;
            }
            piece
        })
        .collect()
}

/// Largest hunk (old lines times new lines) aligned by similarity; larger ones pair
/// lines by offset.
const ALIGN_CELLS: usize = 250_000;

/// Lines sharing less than this fraction of their words (Jaccard) are not paired.
const MIN_SIMILARITY: f64 = 0.25;

/// The words of a line: identifiers and numbers.
fn words(line: &str) -> BTreeSet<&str> {
    group::tokens(line)
        .into_iter()
        .filter(|t| t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'))
        .collect()
}

fn similarity(a: &BTreeSet<&str>, b: &BTreeSet<&str>) -> f64 {
    let shared = a.intersection(b).count();
    let all = a.len() + b.len() - shared;
    if all == 0 {
        0.0
    } else {
        shared as f64 / all as f64
    }
}

/// An order-preserving pairing of `old` and `new` lines: the pairs of similar lines
/// maximising their total similarity (dynamic programming, as for a longest common
/// subsequence), and between two such pairs the remaining lines paired by offset. Each
/// step is a pair `(Some(i), Some(j))`, a deletion `(Some(i), None)` or an insertion
/// `(None, Some(j))`, in order.
fn align(old: &[String], new: &[String]) -> Vec<(Option<usize>, Option<usize>)> {
    let mut out = Vec::new();
    let (mut gap_old, mut gap_new) = (Vec::new(), Vec::new());
    let flush = |out: &mut Vec<_>, go: &mut Vec<usize>, gn: &mut Vec<usize>| {
        for k in 0..go.len().max(gn.len()) {
            out.push((go.get(k).copied(), gn.get(k).copied()));
        }
        go.clear();
        gn.clear();
    };
    for step in similar_pairs(old, new) {
        match step {
            (Some(i), None) => gap_old.push(i),
            (None, Some(j)) => gap_new.push(j),
            pair => {
                flush(&mut out, &mut gap_old, &mut gap_new);
                out.push(pair);
            }
        }
    }
    flush(&mut out, &mut gap_old, &mut gap_new);
    out
}

/// The similar pairs of [`align`], every other line a deletion or an insertion.
fn similar_pairs(old: &[String], new: &[String]) -> Vec<(Option<usize>, Option<usize>)> {
    let (n, m) = (old.len(), new.len());
    if n.saturating_mul(m) > ALIGN_CELLS {
        return (0..n.max(m))
            .map(|k| ((k < n).then_some(k), (k < m).then_some(k)))
            .collect();
    }
    let ow: Vec<_> = old.iter().map(|l| words(l)).collect();
    let nw: Vec<_> = new.iter().map(|l| words(l)).collect();
    // best[i][j]: best total for old[i..] and new[j..].
    let mut best = vec![vec![0.0f64; m + 1]; n + 1];
    let mut sim = vec![vec![0.0f64; m]; n];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            sim[i][j] = similarity(&ow[i], &nw[j]);
            let pair = if sim[i][j] >= MIN_SIMILARITY {
                sim[i][j] + best[i + 1][j + 1]
            } else {
                f64::MIN
            };
            best[i][j] = pair.max(best[i + 1][j]).max(best[i][j + 1]);
        }
    }
    let mut out = Vec::with_capacity(n.max(m));
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        if i < n
            && j < m
            && sim[i][j] >= MIN_SIMILARITY
            && best[i][j] == sim[i][j] + best[i + 1][j + 1]
        {
            out.push((Some(i), Some(j)));
            i += 1;
            j += 1;
        } else if i < n && (j == m || best[i][j] == best[i + 1][j]) {
            out.push((Some(i), None));
            i += 1;
        } else {
            out.push((None, Some(j)));
            j += 1;
        }
    }
    out
}

/// Contiguous pieces of one file merged back into hunks.
fn coalesce(mut hs: Vec<Hunk>) -> Vec<Hunk> {
    hs.sort_by(|a, b| {
        (&a.path, a.old_start, a.new_start).cmp(&(&b.path, b.old_start, b.new_start))
    });
    let mut out: Vec<Hunk> = Vec::new();
    for h in hs {
        if let Some(last) = out.last_mut() {
            if last.path == h.path
                && last.file == h.file
                && last.old_start + last.old.len() == h.old_start
                && last.new_start + last.new.len() == h.new_start
            {
                last.old.extend(h.old);
                last.new.extend(h.new);
                continue;
            }
        }
        out.push(h);
    }
    out
}

/// Memoised judging of hunk sets; the trees the search asked about are counted from the
/// memo at the end ([`Tester::counts`]).
struct Tester<'a> {
    good: &'a Tree,
    judge: &'a mut dyn Judge,
    /// Judgements by tree hash, and whether the search asked for each (a tree judged
    /// ahead may never be).
    memo: HashMap<String, (Judged, bool)>,
}

impl<'a> Tester<'a> {
    fn new(good: &'a Tree, judge: &'a mut dyn Judge) -> Tester<'a> {
        Tester {
            good,
            judge,
            memo: HashMap::new(),
        }
    }

    fn test(&mut self, hs: &[&Hunk]) -> Outcome {
        let files = diffctx::apply(self.good, hs);
        self.test_files(&files)
    }

    fn test_files(&mut self, files: &Tree) -> Outcome {
        let slot = match self.memo.entry(tree_hash(files)) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => e.insert((self.judge.judge(files), false)),
        };
        slot.1 = true;
        slot.0.outcome
    }

    /// The trees asked about, the unresolved ones among them, and how they were judged.
    fn counts(&self) -> (usize, usize, Tally) {
        let (mut tested, mut unresolved, mut tally) = (0, 0, Tally::default());
        for (judged, asked) in self.memo.values() {
            if !asked {
                tally.ahead_unused += 1;
                continue;
            }
            tested += 1;
            unresolved += usize::from(judged.outcome == Outcome::Unresolved);
            match judged.how {
                How::Ran { spliced } => tally.spliced += usize::from(spliced),
                How::Cached => tally.cache_hits += 1,
                How::Panicked => tally.panicked += 1,
                How::Unjudged => tally.unjudged += 1,
            }
        }
        (tested, unresolved, tally)
    }

    /// Trees the search may ask about next, judged together (those not known yet).
    fn ahead(&mut self, trees: &[Tree]) {
        let mut keys = HashSet::new();
        let (keys, fresh): (Vec<String>, Vec<&Tree>) = trees
            .iter()
            .map(|t| (tree_hash(t), t))
            .filter(|(k, _)| !self.memo.contains_key(k) && keys.insert(k.clone()))
            .unzip();
        if fresh.is_empty() {
            return;
        }
        for (k, j) in keys.into_iter().zip(self.judge.judge_all(&fresh)) {
            self.memo.insert(k, (j, false));
        }
    }

    /// ddmin over subsets of changes whose trees `tree` gives.
    fn ddmin(&mut self, n: usize, tree: impl Fn(&[usize]) -> Tree) -> Vec<usize> {
        ddmin(n, &mut Trees { t: self, tree })
    }
}

/// ddmin's subsets as trees for the tester.
struct Trees<'t, 'a, F: Fn(&[usize]) -> Tree> {
    t: &'t mut Tester<'a>,
    tree: F,
}

impl<F: Fn(&[usize]) -> Tree> Probe for Trees<'_, '_, F> {
    fn test(&mut self, s: &[usize]) -> Outcome {
        let files = (self.tree)(s);
        self.t.test_files(&files)
    }

    fn width(&self) -> usize {
        self.t.judge.width()
    }

    fn ahead(&mut self, next: &[Vec<usize>]) {
        let trees: Vec<Tree> = next.iter().map(|s| (self.tree)(s)).collect();
        self.t.ahead(&trees);
    }
}

/// A moved block looked into: the tree with every hunk but the move's insertion, which
/// inserts the block as it was, must pass; then ddmin over the edits made inside the
/// moved block (the diff from that tree to the bad one). None when the plain move does
/// not pass.
fn inside_move(
    t: &mut Tester,
    all: &[Hunk],
    ins: usize,
    del: &Hunk,
    bad: &BTreeMap<String, String>,
) -> Option<Vec<Hunk>> {
    let plain = Hunk {
        new: del.old.clone(),
        ..all[ins].clone()
    };
    let mut hs: Vec<&Hunk> = all
        .iter()
        .enumerate()
        .filter(|(k, _)| *k != ins)
        .map(|(_, h)| h)
        .collect();
    hs.push(&plain);
    let moved = diffctx::apply(t.good, &hs);
    if t.test_files(&moved) != Outcome::Pass {
        return None;
    }
    let edits = diffctx::hunks(&moved, bad);
    if edits.is_empty() {
        return None;
    }
    let kept = t.ddmin(edits.len(), |s| {
        let e: Vec<&Hunk> = s.iter().map(|k| &edits[*k]).collect();
        diffctx::apply(&moved, &e)
    });
    Some(kept.into_iter().map(|k| edits[k].clone()).collect())
}

/// Renames looked through: when the result holds a hunk that renames and also edits,
/// the tree with only the renamed names applied (every hunk's old text renamed) must
/// pass; then ddmin over the edits left (the diff from that tree to the bad one).
/// Returns that tree and the failure-inducing edits.
fn inside_renames(
    t: &mut Tester,
    all: &[Hunk],
    chosen: &[usize],
    bad: &BTreeMap<String, String>,
) -> Option<(BTreeMap<String, String>, Vec<Hunk>)> {
    let map = group::renames(all, t.good);
    if map.is_empty() {
        return None;
    }
    let renamed =
        |h: &Hunk| -> Vec<String> { h.old.iter().map(|l| group::rename(l, &map)).collect() };
    // Only worth it when a hunk of the result is more than a rename.
    if !chosen.iter().any(|k| {
        let r = renamed(&all[*k]);
        r != all[*k].old && r != all[*k].new
    }) {
        return None;
    }
    let only: Vec<Hunk> = all
        .iter()
        .filter(|h| h.file == diffctx::FileChange::Modified)
        .map(|h| Hunk {
            new: renamed(h),
            ..h.clone()
        })
        .filter(|h| h.new != h.old)
        .collect();
    let refs: Vec<&Hunk> = only.iter().collect();
    let base = diffctx::apply(t.good, &refs);
    if t.test_files(&base) != Outcome::Pass {
        return None;
    }
    let edits = diffctx::hunks(&base, bad);
    if edits.is_empty() {
        return None;
    }
    let kept = t.ddmin(edits.len(), |s| {
        let e: Vec<&Hunk> = s.iter().map(|k| &edits[*k]).collect();
        diffctx::apply(&base, &e)
    });
    let found = kept.into_iter().map(|k| edits[k].clone()).collect();
    Some((base, found))
}

/// The result of ddmin (`chosen` hunks of `all`) refined: moved blocks looked into,
/// then large hunks cut into lines.
fn refine(
    t: &mut Tester,
    all: &[Hunk],
    chosen: &[usize],
    bad: &BTreeMap<String, String>,
) -> Vec<Hunk> {
    // Moved blocks of the result: the edits inside them replace the move's two hunks,
    // which stay applied (as `fixed`) while the other hunks are cut into lines.
    let mut fixed: Vec<Hunk> = Vec::new();
    let mut inner: Vec<Hunk> = Vec::new();
    let mut used: Vec<usize> = Vec::new();
    for &d in chosen {
        for &i in chosen {
            if used.contains(&d) || used.contains(&i) || !group::is_move(&all[d], &all[i]) {
                continue;
            }
            if !(all[d].new.is_empty() && all[i].old.is_empty()) {
                continue;
            }
            if let Some(edits) = inside_move(t, all, i, &all[d], bad) {
                used.extend([d, i]);
                fixed.extend([all[d].clone(), all[i].clone()]);
                inner.extend(edits);
            }
        }
    }
    let minimal: Vec<Hunk> = chosen
        .iter()
        .filter(|k| !used.contains(k))
        .map(|k| all[*k].clone())
        .collect();
    let good = t.good;
    let mut out = refine_large(t, good, minimal, &fixed);
    out.extend(inner);
    out.sort_by(|a, b| (&a.path, a.new_start).cmp(&(&b.path, b.new_start)));
    out
}

/// Below hunk level: each large hunk of `minimal` (hunks on `base`) cut into lines and
/// minimised with the rest of the result and `fixed` applied.
fn refine_large(
    t: &mut Tester,
    base: &BTreeMap<String, String>,
    mut minimal: Vec<Hunk>,
    fixed: &[Hunk],
) -> Vec<Hunk> {
    let mut i = 0;
    while i < minimal.len() {
        if minimal[i].size() <= LARGE_HUNK {
            i += 1;
            continue;
        }
        let big = minimal.remove(i);
        let ps = pieces(&big);
        let kept = t.ddmin(ps.len(), |s| {
            let mut hs: Vec<&Hunk> = minimal.iter().chain(fixed).collect();
            hs.extend(s.iter().map(|k| &ps[*k]));
            diffctx::apply(base, &hs)
        });
        // The pieces go after the hunks not yet looked at, so each is looked at once.
        minimal.extend(kept.into_iter().map(|k| ps[k].clone()));
    }
    let mut out = coalesce(minimal);
    out.sort_by(|a, b| (&a.path, a.new_start).cmp(&(&b.path, b.new_start)));
    out
}

/// ddmin over the hunks of `good` -> `bad` (path -> text), then below hunk level on the
/// large hunks of the result. Fails when the trees do not differ or when applying every
/// hunk does not fail as the bad revision does.
pub fn search(good: &Tree, bad: &Tree, judge: &mut dyn Judge) -> Result<Search, Impossible> {
    let started = Instant::now();
    let all = diffctx::hunks(good, bad);
    if all.is_empty() {
        return Err(Impossible {
            why: "the two revisions' trees do not differ".into(),
            tally: Tally::default(),
        });
    }
    let groups = group(&all, good, bad);
    let mut t = Tester::new(good, judge);
    let every: Vec<&Hunk> = all.iter().collect();
    if t.test(&every) != Outcome::Fail {
        return Err(Impossible {
            why: "the good tree with every hunk applied does not fail as the bad revision does"
                .into(),
            tally: t.counts().2,
        });
    }
    let chosen = t.ddmin(groups.len(), |s| {
        let hs: Vec<&Hunk> = s
            .iter()
            .flat_map(|g| groups[*g].iter().map(|k| &all[*k]))
            .collect();
        diffctx::apply(good, &hs)
    });
    let grouped = chosen.iter().any(|g| groups[*g].len() > 1);
    let mut chosen: Vec<usize> = chosen
        .iter()
        .flat_map(|g| groups[*g].iter().copied())
        .collect();
    // A rename that also edits: the edits alone, on the renamed tree.
    if let Some((base, edits)) = inside_renames(&mut t, &all, &chosen, bad) {
        let minimal = refine_large(&mut t, &base, edits, &[]);
        return Ok(finish(&t, &all, &groups, minimal, started));
    }
    // Grouping is a guess: try without the members a group does not need.
    if grouped {
        let kept = t.ddmin(chosen.len(), |s| {
            let hs: Vec<&Hunk> = s.iter().map(|k| &all[chosen[*k]]).collect();
            diffctx::apply(good, &hs)
        });
        chosen = kept.into_iter().map(|k| chosen[k]).collect();
    }
    let minimal = refine(&mut t, &all, &chosen, bad);
    Ok(finish(&t, &all, &groups, minimal, started))
}

fn finish(
    t: &Tester,
    all: &[Hunk],
    groups: &[Vec<usize>],
    minimal: Vec<Hunk>,
    started: Instant,
) -> Search {
    let (tested, unresolved, tally) = t.counts();
    Search {
        hunks: all.len(),
        groups: groups.len(),
        tested,
        unresolved,
        minimal,
        lines_total: changed_lines(all),
        ms: started.elapsed().as_millis() as u64,
        tally,
        workers: t.judge.width(),
    }
}

/// Why the hunk search could not run, and how the trees it judged were judged.
#[derive(Debug)]
pub struct Impossible {
    pub why: String,
    pub tally: Tally,
}

/// How a run fails, as far as "the same failure" goes: where the runs first part
/// (stdout or the ending), what the failing run printed there, and whether it stopped
/// with a runtime error. A subset that fails another way (prints another wrong line,
/// or parts elsewhere) is not the bad revision's failure: ddmin would otherwise slip
/// to a different fault, such as a helper left returning its default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FailClass {
    pub stdout: bool,
    pub fault: bool,
    /// The run was stopped by the step limit (a regression that never ends).
    pub step_limit: bool,
    /// The stdout offset of the first difference (0 for a different ending).
    pub offset: usize,
    /// Hash of the failing run's line around that offset.
    pub line: u64,
}

impl FailClass {
    pub fn of(d: &Divergence, run: &RunResult) -> FailClass {
        let (offset, line) = match d {
            Divergence::Stdout {
                offset,
                actual_line,
                ..
            } => (*offset, crate::frontend::hash_of(actual_line.as_str())),
            // Another file's difference is another failure: the path is in the hash.
            Divergence::File {
                path,
                offset,
                actual_line,
                ..
            } => (
                *offset,
                crate::frontend::hash_of(format!("{path}\0{actual_line}").as_str()),
            ),
            Divergence::Ending { .. } => (0, 0),
        };
        FailClass {
            stdout: !matches!(d, Divergence::Ending { .. }),
            fault: matches!(run.outcome, RunOutcome::Fault(_)),
            step_limit: matches!(&run.outcome,
                RunOutcome::Fault(e) if e.kind == exec::FaultKind::StepLimit),
            offset,
            line,
        }
    }
}

/// What running the test on one subset needs; shared by the judge's workers.
pub struct SubsetRun<'a> {
    pub program: &'a str,
    pub test: &'a Test,
    pub limits: Limits,
    pub good: &'a RunResult,
    pub expect_good: Option<&'a [u8]>,
    pub expect_bad: Option<&'a [u8]>,
    pub bad: FailClass,
    /// Undefined behaviour a subset's run may continue past and still count: as many
    /// cases as the revisions' own runs had. A subset whose outcome rests on more (a
    /// function left without its `return` by a missing hunk, say) is unresolved, as a
    /// native build of it could do anything there.
    pub ub_allowed: usize,
    /// Preprocessed text assembled from the two revisions' (see
    /// [`crate::frontend::Splicer`]), when the pair allows it.
    pub splicer: Option<&'a crate::frontend::Splicer>,
    /// The tree file holding the test's `main`, when both revisions define it there in
    /// plain text (`frontend::defines_main`). A subset the splicer cannot assemble whose
    /// text of that file no longer shows the definition lost part of it to a hunk: it is
    /// unresolved without running the preprocessor (which then found a broken unit).
    pub main_file: Option<String>,
}

/// The interpreter as the judge: lowers each patched tree and runs the test on it,
/// with outcomes kept in the analysis cache. Trees judged together run on as many
/// workers as it has unit caches, each tree on its own thread; the cache is read and
/// written by the caller's thread only.
pub struct InterpJudge<'a> {
    pub run: SubsetRun<'a>,
    pub cache: &'a std::cell::RefCell<Cache>,
    /// The analysis budget: once it is spent, subsets are no longer run (unresolved).
    pub budget: &'a crate::budget::Budget,
    /// One per worker: preprocessed units and parsed declarations of the subsets that
    /// worker ran, for the trees the splicer cannot assemble.
    pub units: Vec<UnitCache>,
}

impl InterpJudge<'_> {
    /// Workers' unit caches for `jobs` workers (at least one).
    pub fn workers(jobs: usize) -> Vec<UnitCache> {
        (0..jobs.max(1)).map(|_| UnitCache::default()).collect()
    }
}

impl SubsetRun<'_> {
    fn test_bytes(&self) -> Vec<u8> {
        let mut b = b"dd-subset/3\0".to_vec();
        for a in std::iter::once(&self.test.program).chain(&self.test.args) {
            b.extend_from_slice(a.as_bytes());
            b.push(0);
        }
        b.extend_from_slice(&self.test.stdin);
        b.extend_from_slice(self.test.config_key().as_bytes());
        for e in [self.expect_good, self.expect_bad] {
            b.extend_from_slice(format!("\0{:?}", e.map(<[u8]>::len)).as_bytes());
            b.extend_from_slice(e.unwrap_or_default());
        }
        b.extend_from_slice(&self.good.stdout);
        b.extend_from_slice(
            format!(
                "\0{}\0{:?}\0{}",
                self.limits.max_steps, self.bad, self.ub_allowed
            )
            .as_bytes(),
        );
        b
    }

    /// The outcome of `files`, and whether its text was spliced.
    fn run(&self, units: &mut UnitCache, files: &Tree) -> (Outcome, bool) {
        let Ok(dir) = crate::scratch::dir("dd") else {
            return (Outcome::Unresolved, false);
        };
        for (p, t) in files {
            let path = dir.path().join(p);
            let made = path.parent().map_or(Ok(()), std::fs::create_dir_all);
            let bytes = crate::frontend::source_bytes(t);
            if made.and_then(|_| std::fs::write(&path, bytes)).is_err() {
                return (Outcome::Unresolved, false);
            }
        }
        // The tree is written even when its text is spliced: the run reads its files.
        let spliced = self.splicer.and_then(|s| s.load(files, &mut units.parse));
        let was_spliced = spliced.is_some();
        let loaded = match spliced {
            Some(p) => p.ok(),
            None if self
                .main_file
                .as_ref()
                .and_then(|f| files.get(f))
                .is_some_and(|t| !crate::frontend::defines_main(t)) =>
            {
                None
            }
            None => units.load(dir.path(), files, self.program, &self.test.config),
        };
        let Some(prog) = loaded else {
            return (Outcome::Unresolved, was_spliced);
        };
        (self.judge_run(&prog, dir.path()), was_spliced)
    }

    fn judge_run(&self, prog: &crate::ir::Program, dir: &std::path::Path) -> Outcome {
        let run = exec::run(prog, &self.test.input(dir), self.limits);
        // A subset that runs past the budget (a loop whose exit came with a hunk left
        // out, say) is neither the bad run's failure nor a pass.
        if matches!(&run.outcome, RunOutcome::Fault(e) if e.kind == exec::FaultKind::StepLimit)
            && !self.bad.step_limit
        {
            return Outcome::Unresolved;
        }
        // A subset that reaches a library function regcause does not model (one a
        // hunk left out defined, say) says nothing about the failure.
        if matches!(&run.outcome, RunOutcome::Fault(e) if e.kind == exec::FaultKind::Unsupported) {
            return Outcome::Unresolved;
        }
        if run.warnings.len() > self.ub_allowed {
            return Outcome::Unresolved;
        }
        let files = &self.test.config.compare_files;
        match oracle::judge_files(self.good, &run, self.expect_good, self.expect_bad, files) {
            Verdict::PassesAtBad => Outcome::Pass,
            Verdict::Regression(d) if FailClass::of(&d, &run) == self.bad => Outcome::Fail,
            _ => Outcome::Unresolved,
        }
    }

    /// [`run`](SubsetRun::run), with a panic (a bug of the front end or the interpreter
    /// on a mix of the revisions) costing that subset, not the analysis.
    fn guarded(&self, units: &mut UnitCache, files: &Tree) -> Judged {
        let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            crate::failpoint::hit("dd-subset");
            self.run(units, files)
        }));
        match ran {
            Ok((outcome, spliced)) => Judged {
                outcome,
                how: How::Ran { spliced },
            },
            Err(_) => Judged {
                outcome: Outcome::Unresolved,
                how: How::Panicked,
            },
        }
    }
}

impl Judge for InterpJudge<'_> {
    fn judge(&mut self, files: &Tree) -> Judged {
        self.judge_all(&[files])[0]
    }

    fn width(&self) -> usize {
        self.units.len().max(1)
    }

    fn judge_all(&mut self, trees: &[&Tree]) -> Vec<Judged> {
        if self.budget.spent().is_some() {
            // Not cached: with more budget, the trees would be judged.
            let unjudged = Judged {
                outcome: Outcome::Unresolved,
                how: How::Unjudged,
            };
            return vec![unjudged; trees.len()];
        }
        if self.units.is_empty() {
            self.units.push(UnitCache::default());
        }
        let test = self.run.test_bytes();
        let keys: Vec<Key> = trees
            .iter()
            .map(|t| Key::new(tree_hash(t).as_bytes(), &test))
            .collect();
        let mut out: Vec<Option<Judged>> = keys
            .iter()
            .map(|k| {
                let known = self.cache.borrow_mut().get(Kind::Subset, k);
                known
                    .and_then(|b| Outcome::parse(&b))
                    .map(|outcome| Judged {
                        outcome,
                        how: How::Cached,
                    })
            })
            .collect();
        let pending: Vec<usize> = (0..trees.len()).filter(|i| out[*i].is_none()).collect();
        let run = &self.run;
        let ran: Vec<(usize, Judged)> = match (pending.as_slice(), self.units.as_mut_slice()) {
            ([], _) => Vec::new(),
            // One tree, or one worker: on this thread.
            ([_], [units, ..]) | (_, [units]) => pending
                .iter()
                .map(|i| (*i, run.guarded(units, trees[*i])))
                .collect(),
            (_, workers) => {
                let width = workers.len();
                std::thread::scope(|sc| {
                    let handles: Vec<_> = workers
                        .iter_mut()
                        .enumerate()
                        .map(|(w, units)| {
                            let mine: Vec<usize> =
                                pending.iter().copied().skip(w).step_by(width).collect();
                            let handle = sc.spawn({
                                let mine = mine.clone();
                                move || {
                                    mine.into_iter()
                                        .map(|i| (i, run.guarded(units, trees[i])))
                                        .collect::<Vec<_>>()
                                }
                            });
                            (mine, handle)
                        })
                        .collect();
                    handles
                        .into_iter()
                        .flat_map(|(mine, h)| {
                            // `guarded` catches panics; a worker that still ended in
                            // one loses its trees, as a panicking subset does.
                            h.join().unwrap_or_else(|_| {
                                let lost = Judged {
                                    outcome: Outcome::Unresolved,
                                    how: How::Panicked,
                                };
                                mine.into_iter().map(|i| (i, lost)).collect()
                            })
                        })
                        .collect()
                })
            }
        };
        for (i, j) in ran {
            if j.how != How::Panicked {
                self.cache
                    .borrow_mut()
                    .put(Kind::Subset, &keys[i], j.outcome.as_str().as_bytes());
            }
            out[i] = Some(j);
        }
        out.into_iter()
            .map(|j| {
                j.unwrap_or(Judged {
                    outcome: Outcome::Unresolved,
                    how: How::Panicked,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
