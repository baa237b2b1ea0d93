//! Preprocessed text of trees that mix two revisions line by line, without running the
//! preprocessor again.
//!
//! The hunk search lowers hundreds of trees, each GOOD with some of the diff's lines
//! replaced by BAD's, and `cc -E` costs more than parsing, lowering and running together.
//! A line's expansion depends only on its text, the preprocessor's state where it
//! starts (inside a comment, inside the arguments of a macro call), the directives
//! before it, and, through `__LINE__`, its line number. Take the mixed tree's directive
//! lines into GOOD and into BAD: the two trees that result (a pair) have the mixed
//! tree's directives in its order, so the expansion of each of its lines is one that
//! the pair's preprocessed text already holds. [`Splicer`] assembles the mixed tree's
//! text from the pair's, with line markers for the mixed tree's own line numbers; most
//! mixed trees of a search share a few pairs.
//!
//! Every condition that argument needs is checked, per tree or once per pair:
//! - both trees of a pair have the same files, program spec and directive lines, and
//!   no file uses what depends on position in ways a line number cannot show
//!   (`__COUNTER__`, `_Pragma`, `__INCLUDE_LEVEL__`, `__LINE__` in `#if`);
//! - where the mixed tree switches from one revision's lines to the other's, both
//!   sides of the seam are in the same state (top level, or inside a block comment),
//!   never in a continued line or a macro call;
//! - a line whose expansion changes with its number (found by preprocessing both
//!   revisions again shifted by [`SHIFT`] lines) keeps its number.
//!
//! A line in neither revision whose tokens are those of the revision line it stands
//! for (a replaced run of the same length) except for renamed identifiers, and words in
//! comments, is that line with the renames applied to its expansion. The hunk search
//! makes such lines when it applies a rename to lines the diff did not touch. It holds
//! only when the preprocessor passes each renamed identifier through once: neither
//! name may be a macro, and the expansion must hold each old name exactly as often as
//! the line's code does (a macro that stringifies, pastes or repeats it fails this).
//!
//! A tree that fails a check gets `None`, and the caller preprocesses it as usual.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

use super::{lower_units, preprocess, FrontendError, ProgramSpec};
use crate::ir::Program;

/// Lines a shifted preprocessing moves every changed file by: large and odd, so a
/// line-dependent expansion shows as changed text.
const SHIFT: u32 = 100_003;

/// Identifiers whose presence anywhere makes an expansion depend on more than the line.
const POSITION_DEPENDENT: &[&str] = &["__COUNTER__", "_Pragma", "__INCLUDE_LEVEL__"];

/// Function-like and special names gcc defines itself.
const BUILTIN_MACROS: &[&str] = &[
    "_Pragma",
    "__has_include",
    "__has_include_next",
    "__has_attribute",
    "__has_builtin",
    "__has_c_attribute",
    "defined",
    "__LINE__",
    "__FILE__",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Good,
    Bad,
}

/// What one preprocessed line held, owned by the source line gcc attributed it to.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Item {
    /// A non-empty output line.
    Text(String),
    /// A line marker with flags (`3 4`: the tokens come from a system header).
    Sync(String),
    /// An included file, by its index in the segment's children.
    Child(usize),
}

/// The output of one file's inclusion (or of the translation unit itself).
#[derive(Clone, Debug, Default)]
struct Seg {
    /// The file name as gcc printed it, quoted and escaped.
    name: String,
    /// The name relative to the tree root, for tree files.
    rel: Option<String>,
    enter_flags: String,
    return_flags: String,
    lines: BTreeMap<u32, Vec<Item>>,
    children: Vec<Seg>,
    /// Lines whose expansion changes with their line number.
    dep: HashSet<u32>,
}

/// One translation unit preprocessed at both revisions.
struct Unit {
    preamble: String,
    good: Seg,
    bad: Seg,
}

/// The state of the preprocessor between two lines, as far as seams care.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Seam {
    /// Between tokens, at the top level.
    #[default]
    Clean,
    /// Inside a block comment: what comes next is comment until `*/` whatever it is.
    Comment,
    /// A continued line, or a macro name waiting for or reading its arguments: the
    /// expansion depends on what follows.
    Never,
}

/// Why a pair cannot give a tree's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Miss {
    /// Some line of the tree is in neither tree of the pair: another pair may have it.
    Lines,
    /// A seam or a moved line-dependent line: no pair helps.
    Unsafe,
}

/// What a scan of a file's lines says about seams.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct LineInfo {
    /// The preprocessor's state where the line starts and where it ends: a seam may
    /// join two lines whose states agree, unless `Seam::Never`.
    start: Seam,
    end: Seam,
    directive: bool,
    /// Directive lines before this one.
    dirs_before: u32,
}

/// A changed file at both revisions.
struct Changed {
    good: Vec<String>,
    bad: Vec<String>,
    good_info: Vec<LineInfo>,
    bad_info: Vec<LineInfo>,
    /// Whether the program's sources are found by looking for `main`.
    main_good: bool,
    /// Every macro name of the trees, regcause's headers and the flags.
    macros: Arc<HashSet<String>>,
    /// A number per distinct line of both revisions, and each revision's lines as
    /// those numbers: a tree's lines are diffed as numbers (comparing lines as text
    /// was most of what splicing a tree cost).
    ids: HashMap<String, u32>,
    good_ids: Vec<u32>,
    bad_ids: Vec<u32>,
}

/// Identifiers renamed in a line taken from a revision's line of the same shape: the
/// dd's trees with a rename applied to lines the diff did not touch (`dd::group`).
/// Each entry: the old name, the new one, and how often the old one occurs in the
/// line's code (outside comments and literals).
type Renames = Arc<Vec<(String, String, usize)>>;

/// The lines of a tree's file: a revision's line each, some with identifiers renamed.
struct View {
    lines: Vec<(Side, u32)>,
    renamed: HashMap<usize, Renames>,
}

/// Two trees with the same directives, preprocessed, for splicing trees between them.
struct Pair {
    units: Vec<Unit>,
    changed: HashMap<String, Changed>,
    /// The good tree's files; those in `changed` differ in the bad tree.
    files: BTreeMap<String, String>,
    /// The spec came from finding `main` (no configuration file).
    by_main: bool,
}

impl Pair {
    /// Preprocess every translation unit of both trees, twice each (once shifted), and
    /// check what splicing needs. `Err` says why the pair cannot be spliced.
    /// `known`: per side, the root and preprocessed units of the revision the side's
    /// tree equals (its preprocessor runs are not repeated).
    fn new(
        good_root: &Path,
        bad_root: &Path,
        good: &BTreeMap<String, String>,
        bad: &BTreeMap<String, String>,
        program: &str,
        config: &crate::config::Config,
        known: [Option<(&Path, &super::UnitTexts)>; 2],
    ) -> Result<Pair, String> {
        let changed_names: Vec<&String> = good.keys().filter(|k| good[*k] != bad[*k]).collect();
        let spec_g = super::find_program(good_root, config, program).map_err(|e| e.to_string())?;
        let spec_b = super::find_program(bad_root, config, program).map_err(|e| e.to_string())?;
        if relative_spec(&spec_g, good_root) != relative_spec(&spec_b, bad_root) {
            return Err("the program's sources differ".into());
        }
        let by_main = config.compile_commands.is_none()
            && config.programs.is_empty()
            && !good
                .keys()
                .any(|k| k.ends_with("regcause.toml") || k.ends_with("compile_commands.json"));
        // The build's per-unit `-D`s are macros in force too.
        let mut defines = spec_g.defines.clone();
        defines.extend(
            spec_g
                .unit_flags
                .iter()
                .flatten()
                .filter_map(|f| f.strip_prefix("-D"))
                .map(str::to_string),
        );
        let macros = Arc::new(macro_names(good.values().chain(bad.values()), &defines));
        let mut changed = HashMap::new();
        for k in changed_names {
            let (g, b) = (&good[k], &bad[k]);
            let good_info = scan(g, &macros);
            let bad_info = scan(b, &macros);
            let dirs = |t: &str, i: &[LineInfo]| -> Vec<String> {
                split(t)
                    .into_iter()
                    .zip(i)
                    .filter(|(_, i)| i.directive)
                    .map(|(l, _)| l)
                    .collect()
            };
            if dirs(g, &good_info) != dirs(b, &bad_info) {
                return Err(format!("a directive line of {k} changed"));
            }
            changed.insert(
                k.clone(),
                Changed::new(
                    split(g),
                    split(b),
                    [good_info, bad_info],
                    super::sources::defines_main(g),
                    macros.clone(),
                ),
            );
        }
        // Preprocessing shifted copies finds the lines whose expansion follows their
        // number; needed only where a changed line names a macro that can expand to
        // `__LINE__`.
        let line_macros = line_macros(good.values().chain(bad.values()));
        let shift = changed.values().any(|c| {
            c.good
                .iter()
                .chain(&c.bad)
                .any(|l| identifiers(l).any(|w| line_macros.contains(w)))
        });
        let names: Vec<&String> = changed.keys().collect();
        let shifted = if shift {
            Some((write_tree(good, &names)?, write_tree(bad, &names)?))
        } else {
            None
        };
        // `None`: a unit the program does without here, as `load` leaves it out.
        let side = |root: &Path, rel: &Path| -> Result<Option<(String, Seg)>, String> {
            let spec = respec(&spec_g, good_root, root);
            let file = root.join(rel);
            match preprocess(root, &file, &spec) {
                // An optional unit that does not parse is left out too (`load`); only
                // those are parsed here.
                Ok(text)
                    if spec.optional.contains(&file)
                        && super::parse_preprocessed(text.clone())
                            .is_err_and(|e| spec.does_without(&file, &e)) =>
                {
                    Ok(None)
                }
                Ok(text) => parse_output(&text, root).map(Some),
                Err(e) if spec.does_without(&file, &e) => Ok(None),
                Err(e) => Err(e.to_string()),
            }
        };
        let rels = spec_g
            .sources
            .iter()
            .map(|src| src.strip_prefix(good_root).map_err(|e| e.to_string()))
            .collect::<Result<Vec<&Path>, String>>()?;
        // Each unit's two sides: a revision's own text where known, else a preprocessor
        // run; the runs of every unit and side are independent, so they go at once.
        let sides: Vec<[SideResult; 2]> = std::thread::scope(|sc| {
            let pending: Vec<[_; 2]> = rels
                .iter()
                .map(|&rel| {
                    [(good_root, known[0]), (bad_root, known[1])].map(|(root, k)| match k {
                        Some((r, u)) => SideText::Ready(Box::new(match unit_text(u, rel) {
                            Some(text) => parse_output(text, r).map(Some),
                            // The revision's load left the unit out: not again here.
                            None => Ok(None),
                        })),
                        None => SideText::Running(sc.spawn(move || side(root, rel))),
                    })
                })
                .collect();
            pending
                .into_iter()
                .map(|pair| {
                    pair.map(|p| match p {
                        SideText::Ready(r) => *r,
                        SideText::Running(run) => run
                            .join()
                            .unwrap_or_else(|_| Err("the preprocessor thread panicked".into())),
                    })
                })
                .collect()
        });
        let mut units = Vec::new();
        for (&rel, [g, b]) in rels.iter().zip(sides) {
            let ((preamble, mut g), (pb, mut b)) = match (g?, b?) {
                (Some(g), Some(b)) => (g, b),
                (None, None) => continue,
                _ => {
                    return Err(format!(
                        "{} preprocesses at one revision only",
                        rel.display()
                    ))
                }
            };
            if preamble != pb {
                return Err("the preprocessor's preamble differs".into());
            }
            if !same_shape(&g, &b) {
                return Err("the revisions include different files".into());
            }
            if let Some((gs, bs)) = &shifted {
                let shifted_side = |root: &Path| {
                    side(root, rel)?.ok_or_else(|| "a shifted unit does not preprocess".to_string())
                };
                let (_, g2) = shifted_side(gs.path())?;
                let (_, b2) = shifted_side(bs.path())?;
                if !same_shape(&g, &g2) || !same_shape(&b, &b2) {
                    return Err("the shifted trees include different files".into());
                }
                mark_dependent(&mut g, &g2, &changed);
                mark_dependent(&mut b, &b2, &changed);
            }
            units.push(Unit {
                preamble,
                good: g,
                bad: b,
            });
        }
        Ok(Pair {
            units,
            changed,
            files: good.clone(),
            by_main,
        })
    }

    /// The preprocessed text of each translation unit of `tree` (a tree between the two
    /// of the pair), or why it cannot be assembled safely.
    fn preprocessed(&self, tree: &BTreeMap<String, String>) -> Result<Vec<String>, Miss> {
        if tree.keys().ne(self.files.keys()) {
            return Err(Miss::Unsafe);
        }
        // A file the pair's trees share is spliced as theirs: the tree must have it too.
        let differs = |(k, t): (&String, &String)| !self.changed.contains_key(k) && tree[k] != *t;
        if self.files.iter().any(differs) {
            return Err(Miss::Lines);
        }
        let mut views: HashMap<&str, View> = HashMap::new();
        for (name, c) in &self.changed {
            let text = tree.get(name).ok_or(Miss::Unsafe)?;
            if self.by_main && super::sources::defines_main(text) != c.main_good {
                return Err(Miss::Unsafe);
            }
            views.insert(name, c.view(text)?);
        }
        self.units
            .iter()
            .map(|u| {
                let mut out = u.preamble.clone();
                if emit(&u.good, &u.bad, &views, &mut out) {
                    Ok(out)
                } else {
                    Err(Miss::Unsafe)
                }
            })
            .collect()
    }
}

/// One side of a unit while a pair is made: known already, or a preprocessor run.
/// A unit's side: its preamble and segments, `None` when the program does without it.
type SideResult = Result<Option<(String, Seg)>, String>;

enum SideText<'s> {
    Ready(Box<SideResult>),
    Running(std::thread::ScopedJoinHandle<'s, SideResult>),
}

/// Pairs made for one set of directive lines; `None` for one that could not be made.
type Pairs = Vec<Option<Arc<Pair>>>;

/// Assembles preprocessed text for trees between two revisions; see the module docs.
///
/// A tree that mixes changed directives (a `#define` from BAD, an `#include` from GOOD)
/// is spliced from a pair of its own: GOOD and BAD each given the tree's directive
/// lines. Pairs are made on demand and kept; making one costs two runs of the
/// preprocessor per unit (four where `__LINE__` can be involved), so new pairs stop
/// being made when they would outnumber a quarter of the trees asked for.
pub struct Splicer {
    good: BTreeMap<String, String>,
    bad: BTreeMap<String, String>,
    program: String,
    config: crate::config::Config,
    changed: Vec<String>,
    /// Pairs made so far; the hunk search's workers share them.
    made: Mutex<Made>,
    revisions: Option<Revisions>,
}

/// The pairs a splicer made, by the directive lines of the trees they serve, and how
/// many trees it was asked for and pairs it made.
#[derive(Default)]
struct Made {
    pairs: HashMap<Vec<String>, Pairs>,
    asked: usize,
    made: usize,
}

/// What the pairs known for a tree's directive lines say about it.
enum Tried {
    Texts(Vec<String>),
    /// No pair holds all of the tree's lines: a new pair may.
    LinesMissing,
    /// A pair could not be made, or a seam no pair can cross: none will do.
    Unsafe,
}

impl Tried {
    /// What `Splicer::preprocessed` answers, unless a new pair may still help.
    fn decided(self) -> Option<Option<Vec<String>>> {
        match self {
            Tried::Texts(texts) => Some(Some(texts)),
            Tried::Unsafe => Some(None),
            Tried::LinesMissing => None,
        }
    }
}

fn try_pairs(pairs: &[Option<Arc<Pair>>], tree: &BTreeMap<String, String>) -> Tried {
    let mut tried = Tried::LinesMissing;
    for p in pairs {
        match p.as_ref().map(|p| p.preprocessed(tree)) {
            Some(Ok(texts)) => return Tried::Texts(texts),
            Some(Err(Miss::Lines)) => {}
            None | Some(Err(Miss::Unsafe)) => tried = Tried::Unsafe,
        }
    }
    tried
}

/// The two revisions' trees as loaded for the test's runs: their roots and each unit's
/// preprocessed text (`frontend::load_keeping_text`).
pub struct Revisions {
    pub good_root: std::path::PathBuf,
    pub good: super::UnitTexts,
    pub bad_root: std::path::PathBuf,
    pub bad: super::UnitTexts,
}

impl Splicer {
    /// Checks that hold for every tree between `good` and `bad`; `Err` says why no tree
    /// between them can be spliced.
    pub fn new(
        good: &BTreeMap<String, String>,
        bad: &BTreeMap<String, String>,
        program: &str,
        config: &crate::config::Config,
    ) -> Result<Splicer, String> {
        if good.keys().ne(bad.keys()) {
            return Err("the revisions have different files".into());
        }
        let changed: Vec<String> = good
            .keys()
            .filter(|k| good[*k] != bad[*k])
            .cloned()
            .collect();
        for k in &changed {
            let base = k.rsplit('/').next().unwrap_or(k);
            if base == "regcause.toml" || base == "compile_commands.json" {
                return Err(format!("{k} changed"));
            }
        }
        for text in good.values().chain(bad.values()) {
            if let Some(w) = POSITION_DEPENDENT.iter().find(|w| text.contains(**w)) {
                return Err(format!("a file uses {w}"));
            }
            if text
                .lines()
                .any(|l| is_conditional_directive(l) && l.contains("__LINE__"))
            {
                return Err("a file uses __LINE__ in #if".into());
            }
        }
        Ok(Splicer {
            good: good.clone(),
            bad: bad.clone(),
            program: program.to_string(),
            config: config.clone(),
            changed,
            made: Mutex::new(Made::default()),
            revisions: None,
        })
    }

    /// The preprocessed text of each translation unit of `tree` (a tree between the two
    /// revisions), or `None` when it cannot be assembled safely.
    pub fn preprocessed(&self, tree: &BTreeMap<String, String>) -> Option<Vec<String>> {
        // Trees with the same directive lines share pairs.
        let mut key = Vec::new();
        for name in &self.changed {
            let t = tree.get(name)?;
            key.extend(
                t.lines()
                    .filter(|l| l.trim_start().starts_with('#'))
                    .map(str::to_string),
            );
            key.push(String::new());
        }
        let known: Pairs = {
            let mut made = self.made();
            made.asked += 1;
            made.pairs.get(&key).cloned().unwrap_or_default()
        };
        // Splicing from a known pair needs no lock: another worker may splice at once.
        if let Some(decided) = try_pairs(&known, tree).decided() {
            return decided;
        }
        // Making a pair holds the lock: a worker asking for the same directive lines
        // meanwhile waits for it instead of making its own.
        let mut made = self.made();
        let now = made.pairs.get(&key).cloned().unwrap_or_default();
        if let Some(decided) = try_pairs(now.get(known.len()..).unwrap_or_default(), tree).decided()
        {
            return decided;
        }
        if now.len() >= 3 || made.made >= 2 + made.asked / 4 {
            return None;
        }
        // A line in neither revision is in no pair either, unless it is a renamed copy
        // of one (`Changed::renames`): let the pair decide.
        made.made += 1;
        let (mut gc, mut bc) = (self.good.clone(), self.bad.clone());
        for name in &self.changed {
            let t = split(tree.get(name)?);
            gc.insert(
                name.clone(),
                with_directives_of(&split(&self.good[name]), &t),
            );
            bc.insert(
                name.clone(),
                with_directives_of(&split(&self.bad[name]), &t),
            );
        }
        let pair = self.make_pair(&gc, &bc).map(Arc::new);
        made.pairs.entry(key).or_default().push(pair.clone());
        drop(made);
        pair?.preprocessed(tree).ok()
    }

    /// The pairs made so far (a worker that panicked while holding them left them
    /// whole: a pair is added only once made).
    fn made(&self) -> MutexGuard<'_, Made> {
        self.made.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Parse and lower `tree` from spliced text; `None` when it cannot be spliced.
    /// Declarations seen in earlier trees are taken from `cache` instead of parsed.
    pub fn load(
        &self,
        tree: &BTreeMap<String, String>,
        cache: &mut super::ParseCache,
    ) -> Option<Result<Program, FrontendError>> {
        let texts = self.preprocessed(tree)?;
        let units: Result<Vec<_>, _> = texts
            .into_iter()
            .map(|t| super::parse_preprocessed_with(t, cache))
            .collect();
        Some(units.and_then(|u| lower_units(&u)))
    }

    fn make_pair(
        &self,
        good: &BTreeMap<String, String>,
        bad: &BTreeMap<String, String>,
    ) -> Option<Pair> {
        let (gd, bd) = (write_tree(good, &[]).ok()?, write_tree(bad, &[]).ok()?);
        // A side equal to its revision (a tree with that revision's directive lines)
        // takes the revision's own preprocessed units.
        let r = self.revisions.as_ref();
        let known = [
            r.filter(|_| *good == self.good)
                .map(|r| (r.good_root.as_path(), &r.good)),
            r.filter(|_| *bad == self.bad)
                .map(|r| (r.bad_root.as_path(), &r.bad)),
        ];
        Pair::new(
            gd.path(),
            bd.path(),
            good,
            bad,
            &self.program,
            &self.config,
            known,
        )
        .ok()
    }

    /// The revisions' own preprocessed units (from loading them for the runs): a pair
    /// side equal to a revision is then made without the preprocessor.
    pub fn with_revisions(mut self, r: Revisions) -> Splicer {
        self.revisions = Some(r);
        self
    }
}

/// The preprocessed text of the unit at `rel` (relative to its tree's root).
fn unit_text<'a>(units: &'a super::UnitTexts, rel: &Path) -> Option<&'a str> {
    units
        .iter()
        .find(|(p, _)| p == rel)
        .map(|(_, t)| t.as_str())
}

/// `base` with the changes that `mixed` makes to its directive lines (whole changed
/// blocks that hold a directive line on either side), the rest of `base` kept.
fn with_directives_of(base: &[String], mixed: &[String]) -> String {
    let is_dir = |l: &String| l.trim_start().starts_with('#');
    let mut out = String::new();
    for op in similar::capture_diff_slices(similar::Algorithm::Myers, base, mixed) {
        let (o, n) = (op.old_range(), op.new_range());
        let take_new = !matches!(op, similar::DiffOp::Equal { .. })
            && (base[o.clone()].iter().any(is_dir) || mixed[n.clone()].iter().any(is_dir));
        let lines = if take_new { &mixed[n] } else { &base[o] };
        for l in lines {
            out.push_str(l);
            out.push('\n');
        }
    }
    out
}

/// `tree` written to a new temporary directory; the files named in `shift` start with
/// a `#line` directive that moves their lines by [`SHIFT`].
fn write_tree(
    tree: &BTreeMap<String, String>,
    shift: &[&String],
) -> Result<crate::scratch::ScratchDir, String> {
    let dir = crate::scratch::dir("splice").map_err(|e| e.to_string())?;
    for (p, t) in tree {
        let path = dir.path().join(p);
        if let Some(d) = path.parent() {
            std::fs::create_dir_all(d).map_err(|e| e.to_string())?;
        }
        let text = if shift.contains(&p) {
            format!("#line {}\n{t}", SHIFT + 1)
        } else {
            t.clone()
        };
        std::fs::write(&path, super::source_bytes(&text)).map_err(|e| e.to_string())?;
    }
    Ok(dir)
}

impl Changed {
    fn new(
        good: Vec<String>,
        bad: Vec<String>,
        [good_info, bad_info]: [Vec<LineInfo>; 2],
        main_good: bool,
        macros: Arc<HashSet<String>>,
    ) -> Changed {
        let mut ids = HashMap::new();
        let mut number = |lines: &[String]| -> Vec<u32> {
            lines
                .iter()
                .map(|l| {
                    let next = ids.len() as u32;
                    *ids.entry(l.clone()).or_insert(next)
                })
                .collect()
        };
        let (good_ids, bad_ids) = (number(&good), number(&bad));
        Changed {
            good,
            bad,
            good_info,
            bad_info,
            main_good,
            macros,
            ids,
            good_ids,
            bad_ids,
        }
    }

    /// `lines` as the numbers of [`Changed::ids`]; a line neither revision has gets a
    /// number of its own.
    fn numbered(&self, lines: &[String]) -> Vec<u32> {
        let mut fresh = u32::MAX;
        lines
            .iter()
            .map(|l| {
                self.ids.get(l).copied().unwrap_or_else(|| {
                    fresh -= 1;
                    fresh
                })
            })
            .collect()
    }

    /// Which revision's line each line of `text` is, when every seam is clean.
    fn view(&self, text: &str) -> Result<View, Miss> {
        let lines = split(text);
        let whole = |side| View {
            lines: (1..=lines.len() as u32).map(|n| (side, n)).collect(),
            renamed: HashMap::new(),
        };
        if lines == self.good {
            return Ok(whole(Side::Good));
        }
        if lines == self.bad {
            return Ok(whole(Side::Bad));
        }
        let mut origin: Vec<Option<(Side, u32)>> = vec![None; lines.len()];
        // A line in a replaced run as long as the revision's: the line it may be a
        // renamed copy of.
        let mut shaped: Vec<Option<(Side, u32)>> = vec![None; lines.len()];
        let numbered = self.numbered(&lines);
        for (side, of) in [(Side::Good, &self.good_ids), (Side::Bad, &self.bad_ids)] {
            let diff = similar::capture_diff_slices(similar::Algorithm::Myers, of, &numbered);
            for op in diff {
                match op {
                    similar::DiffOp::Equal {
                        old_index,
                        new_index,
                        len,
                    } => {
                        for i in 0..len {
                            let slot = &mut origin[new_index + i];
                            if slot.is_none() {
                                *slot = Some((side, (old_index + i + 1) as u32));
                            }
                        }
                    }
                    similar::DiffOp::Replace {
                        old_index,
                        old_len,
                        new_index,
                        new_len,
                    } if old_len == new_len => {
                        for i in 0..new_len {
                            let slot = &mut shaped[new_index + i];
                            if slot.is_none() {
                                *slot = Some((side, (old_index + i + 1) as u32));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        let mut renamed = HashMap::new();
        let mut dirs = 0;
        let mut prev: Option<(Side, u32)> = None;
        let mut out = Vec::with_capacity(lines.len());
        for (i, slot) in origin.into_iter().enumerate() {
            // A line the diffs left unmatched (a copy of a line that occurs twice, say)
            // continues the previous line's side if it can, else is any equal line.
            let (side, n) = match slot {
                Some(o) => o,
                None => match self.find(&lines[i], prev, dirs) {
                    Some(o) => o,
                    None => {
                        // A renamed copy: of the line the diff set against it, else of
                        // the line after the previous one (a run the diff replaced
                        // with one of another length).
                        let next = prev.map(|(s, m)| (s, m + 1));
                        let (side, n, r) = shaped[i]
                            .into_iter()
                            .chain(next)
                            .find_map(|(s, m)| Some((s, m, self.renames(&lines[i], s, m)?)))
                            .ok_or(Miss::Lines)?;
                        renamed.insert(i, r);
                        (side, n)
                    }
                },
            };
            let info = self.info(side, n).ok_or(Miss::Lines)?;
            let contiguous = prev.is_some_and(|(s, m)| s == side && m + 1 == n);
            if !contiguous {
                let before = match prev {
                    Some((s, m)) => self.info(s, m).ok_or(Miss::Lines)?.end,
                    None => Seam::Clean,
                };
                if before != info.start || before == Seam::Never {
                    return Err(Miss::Unsafe);
                }
            }
            if info.dirs_before != dirs {
                return Err(Miss::Unsafe);
            }
            dirs += u32::from(info.directive);
            prev = Some((side, n));
            out.push((side, n));
        }
        Ok(View {
            lines: out,
            renamed,
        })
    }

    /// The renames that make `side`'s line `n` into `text`, when only identifiers in
    /// code (neither of them a macro) and words in comments differ, and the line is
    /// not a directive nor inside a macro call.
    fn renames(&self, text: &str, side: Side, n: u32) -> Option<Renames> {
        let info = self.info(side, n)?;
        if info.directive || info.start == Seam::Never || info.end == Seam::Never {
            return None;
        }
        let old = self.lines(side).get(n.checked_sub(1)? as usize)?;
        let in_comment = info.start == Seam::Comment;
        let (a, b) = (
            line_tokens(old, in_comment)?,
            line_tokens(text, in_comment)?,
        );
        if a.len() != b.len() {
            return None;
        }
        let mut map: Vec<(String, String, usize)> = Vec::new();
        // Code identifiers of the old line that stay as they are.
        let mut kept: HashSet<&str> = HashSet::new();
        for (x, y) in a.iter().zip(&b) {
            match (x, y) {
                (Tok::Ident(p, cx), Tok::Ident(q, cy)) if cx == cy => {
                    if *cx {
                        continue; // words in a comment expand to nothing
                    }
                    if p == q {
                        kept.insert(p);
                        continue;
                    }
                    if self.macros.contains(*p) || self.macros.contains(*q) {
                        return None;
                    }
                    match map.iter_mut().find(|(o, _, _)| o == p) {
                        Some((_, n, k)) if n == q => *k += 1,
                        Some(_) => return None,
                        None => map.push((p.to_string(), q.to_string(), 1)),
                    }
                }
                (Tok::Other(p), Tok::Other(q)) if p == q => {}
                _ => return None,
            }
        }
        if map.iter().any(|(o, _, _)| kept.contains(o.as_str())) {
            return None;
        }
        Some(Arc::new(map))
    }

    /// A line of either revision with this text, after `dirs` directive lines: the one
    /// after `prev` when it fits, else the first.
    fn find(&self, text: &str, prev: Option<(Side, u32)>, dirs: u32) -> Option<(Side, u32)> {
        if let Some((s, m)) = prev {
            if self.lines(s).get(m as usize).is_some_and(|t| t == text) {
                return Some((s, m + 1));
            }
        }
        [Side::Good, Side::Bad].into_iter().find_map(|side| {
            self.lines(side).iter().enumerate().find_map(|(k, l)| {
                let n = k as u32 + 1;
                (l == text && self.info(side, n)?.dirs_before == dirs).then_some((side, n))
            })
        })
    }

    fn lines(&self, side: Side) -> &[String] {
        match side {
            Side::Good => &self.good,
            Side::Bad => &self.bad,
        }
    }

    fn info(&self, side: Side, line: u32) -> Option<LineInfo> {
        let infos = match side {
            Side::Good => &self.good_info,
            Side::Bad => &self.bad_info,
        };
        infos.get(line.checked_sub(1)? as usize).copied()
    }
}

/// Write the output of `good`/`bad` (the same inclusion at both revisions) for the
/// lines `views` gives its file; false when a line-dependent line would move.
fn emit(good: &Seg, bad: &Seg, views: &HashMap<&str, View>, out: &mut String) -> bool {
    use std::fmt::Write as _;
    let own = good.rel.as_deref().and_then(|r| views.get(r));
    let view: Vec<(Side, u32)> = match own {
        Some(v) => v.lines.clone(),
        None => good.lines.keys().map(|n| (Side::Good, *n)).collect(),
    };
    let identity = own.is_none();
    let mut cur = 1u32;
    for (i, &(side, n)) in view.iter().enumerate() {
        let renames = own.and_then(|v| v.renamed.get(&i));
        // Occurrences of each old name renamed in this line's expansion.
        let mut seen = vec![0usize; renames.map_or(0, |r| r.len())];
        let t = if identity { n } else { i as u32 + 1 };
        let seg = match side {
            Side::Good => good,
            Side::Bad => bad,
        };
        let Some(items) = seg.lines.get(&n) else {
            continue;
        };
        if t != n && seg.dep.contains(&n) {
            return false;
        }
        for item in items {
            match item {
                Item::Text(s) => {
                    if cur != t {
                        let _ = writeln!(out, "# {t} {}", good.name);
                    }
                    match renames {
                        Some(r) => match rename_expansion(s, r, &mut seen) {
                            Some(x) => out.push_str(&x),
                            None => return false,
                        },
                        None => out.push_str(s),
                    }
                    out.push('\n');
                    cur = t + 1;
                }
                Item::Sync(flags) => {
                    let _ = writeln!(out, "# {t} {}{flags}", good.name);
                    cur = t;
                }
                Item::Child(k) => {
                    let (Some(cg), Some(cb)) = (good.children.get(*k), bad.children.get(*k)) else {
                        return false;
                    };
                    let _ = writeln!(out, "# 1 {}{}", cg.name, cg.enter_flags);
                    if !emit(cg, cb, views, out) {
                        return false;
                    }
                    let _ = writeln!(out, "# {} {}{}", t + 1, good.name, cg.return_flags);
                    cur = t + 1;
                }
            }
        }
        // Every occurrence of an old name in the line's code must have come out of the
        // preprocessor as itself, once: else a macro consumed or copied it.
        if renames.is_some_and(|r| r.iter().zip(&seen).any(|((_, _, k), s)| k != s)) {
            return false;
        }
    }
    true
}

/// A token of a source line for comparing shapes: an identifier (and whether it is in
/// a comment), or anything else (a literal or number whole, else one character).
#[derive(Debug, PartialEq)]
enum Tok<'a> {
    Ident(&'a str, bool),
    Other(&'a str),
}

/// The tokens of one line starting inside a block comment or not; None for a literal
/// left open (a continued line).
fn line_tokens(line: &str, mut in_comment: bool) -> Option<Vec<Tok<'_>>> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line_comment = false;
    while i < b.len() {
        let c = b[i];
        let s = i;
        let comment = in_comment || line_comment;
        if !comment && c == b'/' && b.get(i + 1) == Some(&b'*') {
            in_comment = true;
            i += 2;
        } else if !comment && c == b'/' && b.get(i + 1) == Some(&b'/') {
            line_comment = true;
            i += 2;
        } else if in_comment && c == b'*' && b.get(i + 1) == Some(&b'/') {
            in_comment = false;
            i += 2;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Ident(&line[s..i], comment));
            continue;
        } else if c.is_ascii_digit() {
            i = pp_number_end(b, i);
        } else if !comment && (c == b'"' || c == b'\'') {
            i += 1;
            while i < b.len() && b[i] != c {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            if i >= b.len() {
                return None;
            }
            i += 1;
        } else {
            i += line[i..].chars().next().map_or(1, char::len_utf8);
        }
        out.push(Tok::Other(&line[s..i]));
    }
    Some(out)
}

/// The end of a preprocessing number starting at `i` (digits, letters, `_`, `.`, and a
/// sign after an exponent letter).
fn pp_number_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        let c = b[i];
        let sign = (c == b'+' || c == b'-') && matches!(b[i - 1], b'e' | b'E' | b'p' | b'P');
        if !(sign || c.is_ascii_alphanumeric() || c == b'_' || c == b'.') {
            break;
        }
        i += 1;
    }
    i
}

/// Preprocessed text with the renames applied to its identifiers (not inside literals),
/// counting each old name's occurrences in `seen`; None for a literal left open.
fn rename_expansion(
    text: &str,
    renames: &[(String, String, usize)],
    seen: &mut [usize],
) -> Option<String> {
    let mut out = String::with_capacity(text.len() + 8);
    for t in line_tokens(text, false)? {
        match t {
            Tok::Ident(w, _) => match renames.iter().position(|(o, _, _)| o == w) {
                Some(k) => {
                    seen[k] += 1;
                    out.push_str(&renames[k].1);
                }
                None => out.push_str(w),
            },
            Tok::Other(w) => out.push_str(w),
        }
    }
    Some(out)
}

/// `# 12 "file.c" 1 3` -> (12, "\"file.c\"", " 1 3")
pub(crate) fn marker(line: &str) -> Option<(u32, &str, &str)> {
    let rest = line.strip_prefix("# ")?;
    let (num, tail) = rest.split_once(' ')?;
    let num: u32 = num.parse().ok()?;
    let b = tail.as_bytes();
    if b.first() != Some(&b'"') {
        return None;
    }
    let mut i = 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => break,
            _ => i += 1,
        }
    }
    let end = (i + 1).min(tail.len());
    Some((num, &tail[..end], &tail[end..]))
}

fn has_flag(flags: &str, f: &str) -> bool {
    flags.split_whitespace().any(|x| x == f)
}

/// Split gcc's output into the preamble (up to the marker that starts the unit's own
/// lines) and the tree of inclusions, each output line owned by its source line.
fn parse_output(text: &str, root: &Path) -> Result<(String, Seg), String> {
    let mut lines = text.lines();
    let mut preamble = String::new();
    let mut main_name: Option<String> = None;
    let mut root_seg = None;
    for l in lines.by_ref() {
        preamble.push_str(l);
        preamble.push('\n');
        if let Some((n, name, flags)) = marker(l) {
            let first = main_name.get_or_insert_with(|| name.to_string());
            if n == 1 && name == first && flags.is_empty() {
                root_seg = Some(Seg {
                    rel: relative_name(name, root),
                    name: name.to_string(),
                    ..Seg::default()
                });
                break;
            }
        }
    }
    let Some(top) = root_seg else {
        return Err("no line marker for the unit".into());
    };
    let mut stack: Vec<(Seg, u32)> = vec![(top, 1)];
    for l in lines {
        if let Some((n, name, flags)) = marker(l) {
            if has_flag(flags, "1") {
                stack.push((
                    Seg {
                        rel: relative_name(name, root),
                        name: name.to_string(),
                        enter_flags: flags.to_string(),
                        ..Seg::default()
                    },
                    n,
                ));
            } else if has_flag(flags, "2") {
                let (mut child, _) = stack.pop().ok_or("unbalanced line markers")?;
                child.return_flags = flags.to_string();
                let (parent, cur) = stack.last_mut().ok_or("unbalanced line markers")?;
                if parent.name != name {
                    return Err("a line marker returns to another file".into());
                }
                let owner = n.saturating_sub(1).max(1);
                parent.children.push(child);
                let k = parent.children.len() - 1;
                parent.lines.entry(owner).or_default().push(Item::Child(k));
                *cur = n;
            } else {
                let (seg, cur) = stack.last_mut().ok_or("unbalanced line markers")?;
                if seg.name != name {
                    return Err("a line marker names another file".into());
                }
                if !flags.trim().is_empty() {
                    seg.lines
                        .entry(n)
                        .or_default()
                        .push(Item::Sync(flags.to_string()));
                }
                *cur = n;
            }
            continue;
        }
        let (seg, cur) = stack.last_mut().ok_or("unbalanced line markers")?;
        if !l.trim().is_empty() {
            seg.lines
                .entry(*cur)
                .or_default()
                .push(Item::Text(l.to_string()));
        }
        *cur += 1;
    }
    if stack.len() != 1 {
        return Err("an inclusion does not end".into());
    }
    let (top, _) = stack.pop().ok_or("unbalanced line markers")?;
    Ok((preamble, top))
}

/// `"/tmp/x/src/a.h"` under root `/tmp/x` -> `src/a.h`; `"a.c"` -> `a.c`; files of
/// regcause's own headers -> None.
fn relative_name(quoted: &str, root: &Path) -> Option<String> {
    let name = quoted.strip_prefix('"')?.strip_suffix('"')?;
    if name.starts_with('<') {
        return None;
    }
    let path = Path::new(name);
    let rel = if path.is_absolute() {
        path.strip_prefix(root).ok()?
    } else {
        path
    };
    let s = rel.to_str()?;
    Some(s.strip_prefix("./").unwrap_or(s).to_string())
}

/// The same files included in the same order.
fn same_shape(a: &Seg, b: &Seg) -> bool {
    let same_name = match (&a.rel, &b.rel) {
        (Some(x), Some(y)) => x == y,
        (None, None) => a.name == b.name,
        _ => false,
    };
    same_name
        && a.children.len() == b.children.len()
        && a.children
            .iter()
            .zip(&b.children)
            .all(|(x, y)| same_shape(x, y))
}

/// Mark the lines of changed files whose output differs in the shifted preprocessing.
fn mark_dependent(seg: &mut Seg, shifted: &Seg, changed: &HashMap<String, Changed>) {
    if seg.rel.as_ref().is_some_and(|r| changed.contains_key(r)) {
        let norm = |items: Option<&Vec<Item>>| -> Vec<Item> {
            items
                .map(|v| {
                    v.iter()
                        .filter(|i| !matches!(i, Item::Child(_)))
                        .cloned()
                        .collect()
                })
                .unwrap_or_default()
        };
        let dep: Vec<u32> = seg
            .lines
            .iter()
            .filter(|(n, items)| norm(Some(items)) != norm(shifted.lines.get(&(**n + SHIFT))))
            .map(|(n, _)| *n)
            .collect();
        seg.dep.extend(dep);
    }
    for (c, s) in seg.children.iter_mut().zip(&shifted.children) {
        mark_dependent(c, s, changed);
    }
}

/// Identifiers of a line (words that start with a letter or `_`).
fn identifiers(line: &str) -> impl Iterator<Item = &str> {
    line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
}

/// `__LINE__` and every macro whose definition, in the trees or regcause's headers,
/// names one of these: the names whose expansion can depend on the line.
fn line_macros<'a>(texts: impl Iterator<Item = &'a String>) -> HashSet<String> {
    let mut defs: Vec<(String, String)> = Vec::new();
    let headers: Vec<String> = super::headers::texts()
        .map(|t| String::from_utf8_lossy(t).into_owned())
        .collect();
    let texts: Vec<&String> = texts.collect();
    for text in texts.into_iter().chain(headers.iter()) {
        let joined = text.replace("\\\n", " ");
        for l in joined.lines() {
            let Some(rest) = l.trim_start().strip_prefix('#') else {
                continue;
            };
            let Some(rest) = rest.trim_start().strip_prefix("define") else {
                continue;
            };
            let mut words = identifiers(rest);
            if let Some(name) = words.next() {
                defs.push((name.to_string(), rest.to_string()));
            }
        }
    }
    let mut out: HashSet<String> = HashSet::from(["__LINE__".to_string()]);
    loop {
        let before = out.len();
        for (name, body) in &defs {
            if !out.contains(name) && identifiers(body).skip(1).any(|w| out.contains(w)) {
                out.insert(name.clone());
            }
        }
        if out.len() == before {
            return out;
        }
    }
}

fn split(text: &str) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}

fn is_conditional_directive(line: &str) -> bool {
    let t = line.trim_start();
    let Some(rest) = t.strip_prefix('#') else {
        return false;
    };
    let rest = rest.trim_start();
    rest.starts_with("if") || rest.starts_with("elif")
}

/// The spec with paths relative to its tree, to compare two trees' specs.
fn relative_spec(spec: &ProgramSpec, root: &Path) -> (Vec<String>, Vec<String>, Vec<String>) {
    let rel = |p: &Path| {
        p.strip_prefix(root)
            .unwrap_or(p)
            .to_string_lossy()
            .into_owned()
    };
    (
        spec.sources.iter().map(|p| rel(p)).collect(),
        spec.includes.iter().map(|p| rel(p)).collect(),
        spec.defines.clone(),
    )
}

/// `spec` (found under `from`) moved to the same places under `to`.
fn respec(spec: &ProgramSpec, from: &Path, to: &Path) -> ProgramSpec {
    let mv = |p: &Path| p.strip_prefix(from).map_or(p.to_path_buf(), |r| to.join(r));
    ProgramSpec {
        name: spec.name.clone(),
        sources: spec.sources.iter().map(|p| mv(p)).collect(),
        includes: spec.includes.iter().map(|p| mv(p)).collect(),
        defines: spec.defines.clone(),
        undefines: spec.undefines.clone(),
        unit_flags: spec.unit_flags.clone(),
        workdir: mv(&spec.workdir),
        tests: spec.tests.clone(),
        optional: spec.optional.iter().map(|p| mv(p)).collect(),
    }
}

/// Every name any `#define` in the trees or regcause's headers gives, plus gcc's own:
/// a superset of the macros that can be in force anywhere.
fn macro_names<'a>(texts: impl Iterator<Item = &'a String>, defines: &[String]) -> HashSet<String> {
    let mut names: HashSet<String> = BUILTIN_MACROS.iter().map(|s| s.to_string()).collect();
    let mut add = |text: &str| {
        for l in text.lines() {
            let t = l.trim_start();
            let Some(rest) = t.strip_prefix('#') else {
                continue;
            };
            let Some(rest) = rest.trim_start().strip_prefix("define") else {
                continue;
            };
            let name: String = rest
                .trim_start()
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                names.insert(name);
            }
        }
    };
    for t in texts {
        add(t);
    }
    for t in super::headers::texts() {
        add(&String::from_utf8_lossy(t));
    }
    for d in defines {
        let name: String = d
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        names.insert(name);
    }
    names
}

/// Per line: whether a seam may come before or after it, whether it is a directive.
/// A seam is clean outside comments and continued lines, and where no macro name is
/// waiting for its arguments or has them open. Conservative: any macro name counts,
/// object-like too (it may expand to a function-like one).
fn scan(text: &str, macros: &HashSet<String>) -> Vec<LineInfo> {
    let mut out = Vec::new();
    let mut in_comment = false;
    let mut in_line_comment = false;
    let mut continued = false;
    let mut in_directive = false;
    let mut pending = false;
    let mut parens: Vec<bool> = Vec::new();
    let mut dirs = 0u32;
    for line in text.lines() {
        let open_call = parens.iter().any(|m| *m);
        let start = if continued || in_line_comment || pending || open_call {
            Seam::Never
        } else if in_comment {
            Seam::Comment
        } else {
            Seam::Clean
        };
        if !continued {
            in_directive = false;
            in_line_comment = false;
        }
        // A continuation line of a directive is part of it: a changed line in the body
        // of a multi-line `#define` changes a directive, not code.
        let mut directive = continued && in_directive;
        let mut first = !continued;
        let b = line.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if in_line_comment {
                break;
            }
            if in_comment {
                if b[i..].starts_with(b"*/") {
                    in_comment = false;
                    i += 2;
                } else {
                    i += 1;
                }
                continue;
            }
            let c = b[i];
            if c.is_ascii_whitespace() {
                i += 1;
                continue;
            }
            if b[i..].starts_with(b"/*") {
                in_comment = true;
                i += 2;
                continue;
            }
            if b[i..].starts_with(b"//") {
                in_line_comment = true;
                break;
            }
            if first && c == b'#' {
                directive = true;
                in_directive = true;
            }
            first = false;
            let start = i;
            if c.is_ascii_alphabetic() || c == b'_' {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                if !in_directive {
                    pending = macros.contains(&line[start..i]);
                }
                continue;
            }
            if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) {
                i += 1;
                while i < b.len() {
                    let d = b[i];
                    let sign =
                        matches!(d, b'+' | b'-') && matches!(b[i - 1], b'e' | b'E' | b'p' | b'P');
                    if sign || d.is_ascii_alphanumeric() || d == b'_' || d == b'.' {
                        i += 1;
                    } else {
                        break;
                    }
                }
            } else if c == b'"' || c == b'\'' {
                i += 1;
                while i < b.len() && b[i] != c {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            } else {
                if !in_directive {
                    if c == b'(' {
                        parens.push(pending);
                    } else if c == b')' {
                        parens.pop();
                    }
                }
                i += 1;
            }
            if !in_directive {
                pending = false;
            }
        }
        continued = line.ends_with('\\');
        if !continued {
            in_line_comment = false;
        }
        let end = if continued || pending || parens.iter().any(|m| *m) {
            Seam::Never
        } else if in_comment {
            Seam::Comment
        } else {
            Seam::Clean
        };
        out.push(LineInfo {
            start,
            end,
            directive,
            dirs_before: dirs,
        });
        // Directive lines (a continued directive counts each of its lines, on both
        // sides alike, as `View` counts them).
        dirs += u32::from(directive);
    }
    out
}

#[cfg(test)]
mod tests;
