//! The on-disk cache: a SQLite database of blobs keyed by (engine version, program
//! source hash, test hash, kind), so a repeated analysis, or one that shares a revision
//! with an earlier one (as bisection steps do), skips the runs and the solving it has
//! already done. What a blob holds (a serialised run, conditions as SMT-LIB2 plus branch
//! metadata, a solver answer) is the caller's business; the cache only stores bytes.
//!
//! The cache is an optimisation, never a reason to fail: a database that is corrupt,
//! locked for longer than the busy timeout or otherwise unusable is recorded as a
//! warning and the cache becomes a no-op for the rest of the process. Concurrent
//! processes share it safely: WAL journal, a busy timeout, and writes in `IMMEDIATE`
//! transactions (a deferred transaction upgrading to a write can fail at once in WAL
//! mode instead of waiting).
//!
//! Location: an explicit path (the CLI's `--cache`), else `$REGCAUSE_CACHE`, else
//! `.git/regcause/cache.sqlite` in the repository's git dir (see [`location`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};

/// Environment variable naming the cache file (overrides the default location).
pub const ENV_VAR: &str = "REGCAUSE_CACHE";

/// Version of the table layout and of what the blobs mean; bump when either changes.
const FORMAT: u32 = 1;

/// How long a write waits for another process's transaction before giving up. Writes
/// are single short statements, so contention clears in milliseconds; a lock held
/// longer than this means something is wrong and the cache is bypassed.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// What a blob is. Part of the key, and the unit of `stats`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// A run's serialised outcome and outputs.
    Run,
    /// A run's conditions: SMT-LIB2 plus branch metadata.
    Conditions,
    /// A solver answer, keyed by the formula's hash (see [`Key::formula`]).
    Solver,
    /// The outcome of a subset of the diff's hunks (delta debugging), keyed by the
    /// patched tree's hash and the test.
    Subset,
    /// A whole analysis of two revisions (the report model as JSON), keyed by both
    /// revisions' source hashes and the test with everything the analysis depends on.
    Report,
    /// An explored test suite with its conditions and symbolic outputs (`explore`).
    Explore,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::Run,
        Kind::Conditions,
        Kind::Solver,
        Kind::Subset,
        Kind::Explore,
        Kind::Report,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Run => "run",
            Kind::Conditions => "conditions",
            Kind::Solver => "solver",
            Kind::Subset => "subset",
            Kind::Explore => "explore",
            Kind::Report => "report",
        }
    }
}

/// The part of the key that names the program and the test, as hex hashes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Key {
    pub program: String,
    pub test: String,
}

impl Key {
    /// A key from the program's source bytes (e.g. its preprocessed translation units)
    /// and the test's bytes (argv and stdin, serialised by the caller).
    pub fn new(program_source: &[u8], test: &[u8]) -> Key {
        Key {
            program: hash_hex(program_source),
            test: hash_hex(test),
        }
    }

    /// A key for a solver answer: only the formula counts, so revisions that produce
    /// the same query share the answer.
    pub fn formula(smt2: &str) -> Key {
        Key {
            program: String::new(),
            test: hash_hex(smt2.as_bytes()),
        }
    }
}

/// 128-bit FNV-1a of `bytes`, in hex. A cache key only needs to avoid accidental
/// collisions, which at 128 bits do not happen in practice.
pub fn hash_hex(bytes: &[u8]) -> String {
    const OFFSET: u128 = 0x6c62272e07bb014262b821756295c58d;
    const PRIME: u128 = 0x0000000001000000000000000000013B;
    let mut h = OFFSET;
    for &b in bytes {
        h ^= u128::from(b);
        h = h.wrapping_mul(PRIME);
    }
    format!("{h:032x}")
}

/// The engine version the cache keys on: the crate version, the cache format, and a
/// fingerprint of the running executable (size and modification time), so any rebuild
/// of regcause invalidates what an older build computed.
pub fn engine_version() -> String {
    let exe = std::env::current_exe()
        .and_then(std::fs::metadata)
        .map(|m| {
            let mtime = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map(|d| d.as_nanos())
                .unwrap_or(0);
            format!("{}-{mtime}", m.len())
        })
        .unwrap_or_else(|_| "unknown".to_string());
    format!("{}/f{FORMAT}/{exe}", env!("CARGO_PKG_VERSION"))
}

/// Where the cache lives: `explicit` if given, else `$REGCAUSE_CACHE` if set and not
/// empty, else `GIT_DIR/regcause/cache.sqlite`.
pub fn location(explicit: Option<&Path>, git_dir: &Path) -> PathBuf {
    if let Some(p) = explicit {
        return p.to_path_buf();
    }
    match std::env::var_os(ENV_VAR) {
        Some(v) if !v.is_empty() => PathBuf::from(v),
        _ => git_dir.join("regcause").join("cache.sqlite"),
    }
}

#[derive(Debug, thiserror::Error)]
pub enum CacheError {
    #[error("cache {path}: {what}: {source}")]
    Sqlite {
        path: String,
        what: &'static str,
        source: rusqlite::Error,
    },
    #[error("cache {path}: {what}: {source}")]
    Io {
        path: String,
        what: &'static str,
        source: std::io::Error,
    },
}

/// Entries and bytes of one kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KindStats {
    pub entries: u64,
    pub bytes: u64,
}

/// What the cache holds for the current engine version, what older versions left
/// behind, and how this process used it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    pub per_kind: BTreeMap<&'static str, KindStats>,
    /// Entries written by other engine versions (never read; removed by `clear`).
    pub stale_entries: u64,
    pub hits: u64,
    pub misses: u64,
    /// Whether the database is in use (false: bypassed or disabled).
    pub enabled: bool,
}

pub struct Cache {
    path: PathBuf,
    engine: String,
    conn: Option<Connection>,
    hits: u64,
    misses: u64,
    warnings: Vec<String>,
}

/// A row of the per-kind statistics query: kind, entries, bytes.
type KindRow = (String, u64, u64);

const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS entries (
    engine  TEXT NOT NULL,
    program TEXT NOT NULL,
    test    TEXT NOT NULL,
    kind    TEXT NOT NULL,
    value   BLOB NOT NULL,
    PRIMARY KEY (engine, program, test, kind)
) WITHOUT ROWID;";

impl Cache {
    /// Opens (creating if needed) the cache at `path` for this build's engine version.
    /// Never fails: an unusable database gives a bypassed cache with a warning.
    pub fn open(path: &Path) -> Cache {
        Cache::open_for_engine(path, &engine_version(), BUSY_TIMEOUT)
    }

    /// As [`Cache::open`], with an explicit engine version and busy timeout.
    pub fn open_for_engine(path: &Path, engine: &str, busy: Duration) -> Cache {
        let mut cache = Cache {
            path: path.to_path_buf(),
            engine: engine.to_string(),
            conn: None,
            hits: 0,
            misses: 0,
            warnings: Vec::new(),
        };
        match connect(path, busy) {
            Ok(conn) => cache.conn = Some(conn),
            Err(e) => cache.bypass(e),
        }
        cache
    }

    /// A cache that stores nothing (`--no-cache`).
    pub fn disabled() -> Cache {
        Cache {
            path: PathBuf::new(),
            engine: String::new(),
            conn: None,
            hits: 0,
            misses: 0,
            warnings: Vec::new(),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Another connection to the same database, for a stage on another thread (a
    /// disabled or bypassed cache gives a disabled one); [`Cache::absorb`] takes its
    /// counts back.
    pub fn another(&self) -> Cache {
        match self.conn {
            Some(_) => Cache::open_for_engine(&self.path, &self.engine, BUSY_TIMEOUT),
            None => Cache::disabled(),
        }
    }

    /// Adds the hits, misses and warnings of `other` (from [`Cache::another`]); a
    /// warning both connections gave (a corrupt database) is kept once.
    pub fn absorb(&mut self, other: Cache) {
        self.hits += other.hits;
        self.misses += other.misses;
        for w in other.warnings {
            if !self.warnings.contains(&w) {
                self.warnings.push(w);
            }
        }
    }

    pub fn is_enabled(&self) -> bool {
        self.conn.is_some()
    }

    /// Why the cache was bypassed, one message per problem, for the caller to print.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    fn bypass(&mut self, e: CacheError) {
        self.conn = None;
        self.warnings.push(format!(
            "{e}; continuing without the cache (`git regcause cache clear` resets it)"
        ));
    }

    fn sqlite_err(&self, what: &'static str) -> impl FnOnce(rusqlite::Error) -> CacheError {
        let path = self.path.display().to_string();
        move |source| CacheError::Sqlite { path, what, source }
    }

    pub fn get(&mut self, kind: Kind, key: &Key) -> Option<Vec<u8>> {
        let conn = self.conn.as_ref()?;
        let r = conn
            .query_row(
                "SELECT value FROM entries
                 WHERE engine = ?1 AND program = ?2 AND test = ?3 AND kind = ?4",
                params![self.engine, key.program, key.test, kind.as_str()],
                |row| row.get::<_, Vec<u8>>(0),
            )
            .optional();
        match r {
            Ok(Some(v)) => {
                self.hits += 1;
                Some(v)
            }
            Ok(None) => {
                self.misses += 1;
                None
            }
            Err(e) => {
                self.misses += 1;
                let e = (self.sqlite_err("cannot read"))(e);
                self.bypass(e);
                None
            }
        }
    }

    pub fn put(&mut self, kind: Kind, key: &Key, value: &[u8]) {
        let Some(conn) = self.conn.as_mut() else {
            return;
        };
        let r = (|| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            tx.execute(
                "INSERT OR REPLACE INTO entries (engine, program, test, kind, value)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![self.engine, key.program, key.test, kind.as_str(), value],
            )?;
            tx.commit()
        })();
        if let Err(e) = r {
            let e = (self.sqlite_err("cannot write"))(e);
            self.bypass(e);
        }
    }

    pub fn stats(&mut self) -> Stats {
        let mut stats = Stats {
            hits: self.hits,
            misses: self.misses,
            ..Stats::default()
        };
        for k in Kind::ALL {
            stats.per_kind.insert(k.as_str(), KindStats::default());
        }
        let Some(conn) = self.conn.as_ref() else {
            return stats;
        };
        let r = (|| -> rusqlite::Result<(Vec<KindRow>, u64)> {
            let mut st = conn.prepare(
                "SELECT kind, COUNT(*), COALESCE(SUM(LENGTH(value)), 0)
                 FROM entries WHERE engine = ?1 GROUP BY kind",
            )?;
            let rows = st
                .query_map([&self.engine], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            let stale = conn.query_row(
                "SELECT COUNT(*) FROM entries WHERE engine <> ?1",
                [&self.engine],
                |r| r.get(0),
            )?;
            Ok((rows, stale))
        })();
        match r {
            Ok((rows, stale)) => {
                for (kind, entries, bytes) in rows {
                    if let Some(k) = Kind::ALL.iter().find(|k| k.as_str() == kind) {
                        stats
                            .per_kind
                            .insert(k.as_str(), KindStats { entries, bytes });
                    }
                }
                stats.stale_entries = stale;
                stats.enabled = true;
            }
            Err(e) => {
                let e = (self.sqlite_err("cannot read statistics"))(e);
                self.bypass(e);
            }
        }
        stats
    }

    /// Removes every entry, of every engine version. A database that cannot be opened
    /// (corrupt) is deleted and created anew, which is the way out of a bypassed cache.
    pub fn clear(&mut self) -> Result<(), CacheError> {
        if let Some(conn) = self.conn.as_mut() {
            let r = (|| {
                let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
                tx.execute("DELETE FROM entries", [])?;
                tx.commit()?;
                conn.execute_batch("VACUUM")
            })();
            return r.map_err(self.sqlite_err("cannot clear"));
        }
        if self.path.as_os_str().is_empty() {
            return Ok(());
        }
        // Bypassed: start over with a fresh file (and its WAL and shared-memory files).
        for suffix in ["", "-wal", "-shm"] {
            let mut p = self.path.clone().into_os_string();
            p.push(suffix);
            let p = PathBuf::from(p);
            match std::fs::remove_file(&p) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(source) => {
                    return Err(CacheError::Io {
                        path: p.display().to_string(),
                        what: "cannot remove",
                        source,
                    })
                }
            }
        }
        let conn = connect(&self.path, BUSY_TIMEOUT)?;
        self.conn = Some(conn);
        self.warnings.clear();
        Ok(())
    }
}

/// Opens the database and sets it up for concurrent use. Entries of other engine
/// versions are kept (never read) until `clear`, so two builds used side by side, as
/// during development, do not erase each other's work.
fn connect(path: &Path, busy: Duration) -> Result<Connection, CacheError> {
    let shown = path.display().to_string();
    let sql = |what: &'static str| {
        let path = shown.clone();
        move |source| CacheError::Sqlite { path, what, source }
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| CacheError::Io {
            path: dir.display().to_string(),
            what: "cannot create the cache directory",
            source,
        })?;
    }
    let conn = Connection::open(path).map_err(sql("cannot open"))?;
    // The timeout first: switching to WAL and creating the table take locks too.
    conn.busy_timeout(busy).map_err(sql("cannot set up"))?;
    // SQLite answers "busy" at once, without waiting on the timeout, while another
    // connection is switching a new file to WAL: processes (or threads) opening a fresh
    // cache together retry the set-up until the same timeout has passed.
    let deadline = std::time::Instant::now() + busy;
    loop {
        match set_up(&conn) {
            Ok(()) => return Ok(conn),
            Err((_, e)) if is_busy(&e) && std::time::Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(5));
            }
            Err((what, e)) => return Err(sql(what)(e)),
        }
    }
}

/// WAL journaling, the table, and a first read (which surfaces corruption at open rather
/// than at first use); `Err` says which step failed.
fn set_up(conn: &Connection) -> Result<(), (&'static str, rusqlite::Error)> {
    let step = |what: &'static str| move |e| (what, e);
    let mode: String = conn
        .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
        .map_err(step("cannot set up"))?;
    if !mode.eq_ignore_ascii_case("wal") {
        // Some file systems refuse WAL; rollback journaling with the busy timeout is
        // still safe for concurrent processes, only slower.
        conn.pragma_update(None, "journal_mode", "DELETE")
            .map_err(step("cannot set up"))?;
    }
    conn.pragma_update(None, "synchronous", "NORMAL")
        .map_err(step("cannot set up"))?;
    conn.execute_batch(SCHEMA)
        .map_err(step("cannot create the table"))?;
    conn.query_row("SELECT COUNT(*) FROM entries LIMIT 1", [], |r| {
        r.get::<_, i64>(0)
    })
    .map_err(step("cannot read"))?;
    Ok(())
}

fn is_busy(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUICK: Duration = Duration::from_millis(200);

    fn key(p: &str, t: &str) -> Key {
        Key::new(p.as_bytes(), t.as_bytes())
    }

    #[test]
    fn round_trip_per_kind_with_stats() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/cache.sqlite");
        let mut c = Cache::open_for_engine(&path, "e1", QUICK);
        assert!(c.is_enabled(), "{:?}", c.warnings());
        let k = key("int main(){}", "./a 1");
        assert_eq!(c.get(Kind::Run, &k), None);
        c.put(Kind::Run, &k, b"run blob");
        c.put(Kind::Conditions, &k, b"(assert true)");
        c.put(Kind::Solver, &Key::formula("(check-sat)"), b"sat");
        assert_eq!(c.get(Kind::Run, &k).as_deref(), Some(&b"run blob"[..]));
        assert_eq!(
            c.get(Kind::Conditions, &k).as_deref(),
            Some(&b"(assert true)"[..])
        );
        // Another test of the same program is another key.
        assert_eq!(c.get(Kind::Run, &key("int main(){}", "./a 2")), None);
        // Overwriting replaces.
        c.put(Kind::Run, &k, b"newer");
        drop(c);
        let mut c = Cache::open_for_engine(&path, "e1", QUICK);
        assert_eq!(c.get(Kind::Run, &k).as_deref(), Some(&b"newer"[..]));
        assert_eq!(
            c.get(Kind::Solver, &Key::formula("(check-sat)")).as_deref(),
            Some(&b"sat"[..])
        );
        assert_eq!(c.get(Kind::Solver, &Key::formula("(check-sat) ")), None);
        let s = c.stats();
        assert!(s.enabled);
        assert_eq!(
            s.per_kind["run"],
            KindStats {
                entries: 1,
                bytes: 5
            }
        );
        assert_eq!(
            s.per_kind["conditions"],
            KindStats {
                entries: 1,
                bytes: 13
            }
        );
        assert_eq!(
            s.per_kind["solver"],
            KindStats {
                entries: 1,
                bytes: 3
            }
        );
        assert_eq!((s.hits, s.misses), (2, 1));
        c.clear().unwrap();
        assert_eq!(c.get(Kind::Run, &k), None);
        assert_eq!(c.stats().per_kind["run"].entries, 0);
    }

    #[test]
    fn engine_version_change_invalidates() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.sqlite");
        let k = key("p", "t");
        let mut old = Cache::open_for_engine(&path, "0.1.0/old", QUICK);
        old.put(Kind::Run, &k, b"old result");
        drop(old);
        let mut new = Cache::open_for_engine(&path, "0.1.0/new", QUICK);
        assert_eq!(new.get(Kind::Run, &k), None);
        let s = new.stats();
        assert_eq!(s.per_kind["run"].entries, 0);
        assert_eq!(s.stale_entries, 1);
        new.put(Kind::Run, &k, b"new result");
        assert_eq!(new.get(Kind::Run, &k).as_deref(), Some(&b"new result"[..]));
    }

    /// A second connection reads and writes the same entries (from another thread),
    /// and its hits and misses count with the first's once absorbed.
    #[test]
    fn another_connection_shares_the_entries_and_its_counts() {
        let dir = tempfile::tempdir().unwrap();
        let mut c = Cache::open_for_engine(&dir.path().join("c.sqlite"), "e", QUICK);
        let k = key("p", "t");
        let other = c.another();
        let mut other = std::thread::spawn(move || {
            let mut o = other;
            assert_eq!(o.get(Kind::Run, &k), None);
            o.put(Kind::Run, &k, b"x");
            o
        })
        .join()
        .unwrap();
        let k = key("p", "t");
        assert_eq!(c.get(Kind::Run, &k).as_deref(), Some(&b"x"[..]));
        assert_eq!(other.get(Kind::Run, &k).as_deref(), Some(&b"x"[..]));
        c.absorb(other);
        let s = c.stats();
        assert_eq!((s.hits, s.misses), (2, 1));
        assert!(!Cache::disabled().another().is_enabled());
    }

    #[test]
    fn corrupt_file_is_bypassed_with_a_warning() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.sqlite");
        let garbage: Vec<u8> = (0..8192u32).map(|i| (i * 7 + 13) as u8).collect();
        std::fs::write(&path, &garbage).unwrap();
        let mut c = Cache::open_for_engine(&path, "e", QUICK);
        assert!(!c.is_enabled());
        assert_eq!(c.warnings().len(), 1);
        assert!(
            c.warnings()[0].contains("not a database"),
            "{:?}",
            c.warnings()
        );
        // Every operation is a no-op, not an error.
        let k = key("p", "t");
        c.put(Kind::Run, &k, b"x");
        assert_eq!(c.get(Kind::Run, &k), None);
        assert!(!c.stats().enabled);
        // The garbage is left alone until cleared; clearing starts a working cache.
        assert_eq!(std::fs::read(&path).unwrap(), garbage);
        c.clear().unwrap();
        assert!(c.is_enabled());
        c.put(Kind::Run, &k, b"x");
        assert_eq!(c.get(Kind::Run, &k).as_deref(), Some(&b"x"[..]));
    }

    #[test]
    fn locked_database_is_bypassed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.sqlite");
        let k = key("p", "t");
        let mut c = Cache::open_for_engine(&path, "e", QUICK);
        c.put(Kind::Run, &k, b"before");
        // Another process holds the write lock (BEGIN EXCLUSIVE; in WAL mode readers
        // still read) and does not let go.
        let mut other = Connection::open(&path).unwrap();
        let tx = other
            .transaction_with_behavior(TransactionBehavior::Exclusive)
            .unwrap();
        tx.execute("DELETE FROM entries", []).unwrap();
        let start = std::time::Instant::now();
        c.put(Kind::Run, &key("p", "u"), b"blocked");
        assert!(!c.is_enabled(), "a write under the lock must bypass");
        assert!(c.warnings()[0].contains("locked"), "{:?}", c.warnings());
        assert!(start.elapsed() < Duration::from_secs(3));
        // Bypassed for the rest of the process: no read either.
        assert_eq!(c.get(Kind::Run, &k), None);
        // Another process opening meanwhile still reads the committed data (WAL), and
        // is bypassed at its first write.
        let mut late = Cache::open_for_engine(&path, "e", QUICK);
        assert!(late.is_enabled(), "{:?}", late.warnings());
        assert_eq!(late.get(Kind::Run, &k).as_deref(), Some(&b"before"[..]));
        late.put(Kind::Run, &key("p", "v"), b"blocked too");
        assert!(!late.is_enabled());
        assert!(
            late.warnings()[0].contains("locked"),
            "{:?}",
            late.warnings()
        );
        tx.rollback().unwrap();
        drop(other);
        let mut after = Cache::open_for_engine(&path, "e", QUICK);
        assert_eq!(after.get(Kind::Run, &k).as_deref(), Some(&b"before"[..]));
    }

    #[test]
    fn concurrent_writers_do_not_corrupt() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.sqlite");
        let n = 150;
        let threads: Vec<_> = (0..3)
            .map(|t| {
                let path = path.clone();
                std::thread::spawn(move || {
                    let mut c = Cache::open_for_engine(&path, "e", BUSY_TIMEOUT);
                    for i in 0..n {
                        let k = key(&format!("prog{t}"), &format!("test{i}"));
                        c.put(Kind::Run, &k, format!("{t}:{i}").as_bytes());
                        // Everyone also writes the same shared key.
                        c.put(Kind::Solver, &Key::formula("shared"), b"sat");
                    }
                    c.warnings().to_vec()
                })
            })
            .collect();
        for t in threads {
            let w = t.join().unwrap();
            assert!(w.is_empty(), "{w:?}");
        }
        let mut c = Cache::open_for_engine(&path, "e", QUICK);
        let s = c.stats();
        assert_eq!(s.per_kind["run"].entries, 3 * n);
        assert_eq!(s.per_kind["solver"].entries, 1);
        for t in 0..3 {
            for i in 0..n {
                let k = key(&format!("prog{t}"), &format!("test{i}"));
                let want = format!("{t}:{i}");
                assert_eq!(c.get(Kind::Run, &k).as_deref(), Some(want.as_bytes()));
            }
        }
        let conn = Connection::open(&path).unwrap();
        let ok: String = conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .unwrap();
        assert_eq!(ok, "ok");
    }

    #[test]
    fn disabled_cache_stores_nothing() {
        let mut c = Cache::disabled();
        let k = key("p", "t");
        c.put(Kind::Run, &k, b"x");
        assert_eq!(c.get(Kind::Run, &k), None);
        assert!(c.warnings().is_empty());
        c.clear().unwrap();
    }

    #[test]
    fn location_prefers_explicit_then_env_then_git_dir() {
        let git = Path::new("/r/.git");
        assert_eq!(
            location(Some(Path::new("/x.db")), git),
            PathBuf::from("/x.db")
        );
        // The environment is process-wide; only this test touches ENV_VAR.
        std::env::set_var(ENV_VAR, "/env.db");
        assert_eq!(location(None, git), PathBuf::from("/env.db"));
        std::env::set_var(ENV_VAR, "");
        assert_eq!(
            location(None, git),
            PathBuf::from("/r/.git/regcause/cache.sqlite")
        );
        std::env::remove_var(ENV_VAR);
    }

    #[test]
    fn keys_hash_content() {
        assert_eq!(hash_hex(b"").len(), 32);
        assert_ne!(hash_hex(b"a"), hash_hex(b"b"));
        assert_eq!(hash_hex(b"abc"), hash_hex(b"abc"));
        assert_eq!(Key::formula("f"), Key::formula("f"));
        assert_ne!(key("p", "t"), key("p", "u"));
    }
}
