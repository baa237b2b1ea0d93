//! The memory ceiling: how many bytes regcause itself holds, and the default limit.
//!
//! A traced run keeps its trace, the program's heap, its output records and its symbolic
//! state; the analysis after it keeps both runs' and more. Rather than estimate each of
//! these, the process counts what it has allocated (a thin counting wrapper around the
//! system allocator), and the interpreter compares that count with `Limits::max_memory`
//! every few thousand statements, so a run that would exhaust the host stops with a
//! located `out-of-memory` limit outcome instead of an allocation failure (an abort).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// The system allocator, counting the bytes live in it.
pub struct Counting;

static LIVE: AtomicU64 = AtomicU64::new(0);

// SAFETY: every method forwards to `System` with the caller's arguments unchanged; the
// counter is only arithmetic beside it.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: same contract as the caller's.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            LIVE.fetch_add(layout.size() as u64, Ordering::Relaxed);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: same contract as the caller's.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            LIVE.fetch_add(layout.size() as u64, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size() as u64, Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: same contract as the caller's.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            LIVE.fetch_add(new_size as u64, Ordering::Relaxed);
            LIVE.fetch_sub(layout.size() as u64, Ordering::Relaxed);
        }
        p
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Bytes regcause holds on its heap now (all threads).
pub fn live_bytes() -> u64 {
    LIVE.load(Ordering::Relaxed)
}

/// The default memory ceiling: half of the machine's memory, and at most a quarter of
/// the process's address-space limit (`ulimit -v`), which also has to hold the
/// threads' stacks, the libraries, memory freed but kept by the allocator, and the
/// transient doubling of a growing trace arena; 2 GiB when neither can be read.
pub fn default_ceiling() -> u64 {
    static CEILING: OnceLock<u64> = OnceLock::new();
    *CEILING.get_or_init(|| {
        let mem = std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|t| meminfo_total(&t));
        let as_limit = std::fs::read_to_string("/proc/self/limits")
            .ok()
            .and_then(|t| address_space_limit(&t));
        ceiling_of(mem, as_limit)
    })
}

/// Fallback when neither the machine's memory nor a limit is known.
const FALLBACK: u64 = 4 << 30;

fn ceiling_of(mem: Option<u64>, as_limit: Option<u64>) -> u64 {
    match (mem, as_limit) {
        (Some(m), Some(l)) => (m / 2).min(l / 4),
        (Some(m), None) => m / 2,
        (None, Some(l)) => l / 4,
        (None, None) => FALLBACK / 2,
    }
}

/// `MemTotal` of `/proc/meminfo`, in bytes.
fn meminfo_total(text: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The soft "Max address space" of `/proc/self/limits`, in bytes (None: unlimited).
fn address_space_limit(text: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with("Max address space"))?;
    line.trim_start_matches("Max address space")
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// A size given on the command line: bytes, or a number with `K`, `M`, `G` or `T`
/// (binary multiples: `512M`, `2G`).
pub fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let (num, shift) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let shift = match c.to_ascii_uppercase() {
                'K' => 10,
                'M' => 20,
                'G' => 30,
                'T' => 40,
                _ => return Err(format!("`{s}`: the unit must be K, M, G or T")),
            };
            (&t[..i], shift)
        }
        _ => (t, 0),
    };
    let n: u64 = num
        .parse()
        .map_err(|_| format!("`{s}` is not a size (bytes, or a number with K, M, G or T)"))?;
    n.checked_mul(1u64 << shift)
        .ok_or_else(|| format!("`{s}` is too large"))
}

/// Keep 64 MiB at the top of each heap when it grows and shrinks. DARWIN gives each
/// query a z3 context of its own (so its model depends on the query alone), and glibc
/// would hand the heap's top back to the kernel when a context is dropped and fault it
/// in again for the next: a run of 70 queries spent three quarters of its time in page
/// faults. Call before any thread starts.
pub fn keep_heap_top() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn mallopt(param: std::ffi::c_int, value: std::ffi::c_int) -> std::ffi::c_int;
        }
        // glibc's <malloc.h>.
        const M_TOP_PAD: std::ffi::c_int = -2;
        // SAFETY: mallopt only sets a tuning parameter of glibc's allocator; called on
        // the main thread before any other thread allocates.
        unsafe {
            mallopt(M_TOP_PAD, 64 << 20);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_take_binary_units() {
        assert_eq!(parse_size("4096"), Ok(4096));
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("2g"), Ok(2 << 30));
        assert!(parse_size("2X").is_err());
        assert!(parse_size("lots").is_err());
        assert!(parse_size("99999999999T").is_err());
    }

    #[test]
    fn ceiling_is_half_the_memory_and_a_quarter_of_the_address_space() {
        let meminfo = "MemTotal:       24000000 kB\nMemFree:        100 kB\n";
        assert_eq!(meminfo_total(meminfo), Some(24_000_000 * 1024));
        let limits =
            "Limit                     Soft Limit           Hard Limit           Units     \n\
Max stack size            8388608              unlimited            bytes     \n\
Max address space         4294967296           unlimited            bytes     \n";
        assert_eq!(address_space_limit(limits), Some(4 << 30));
        let unlimited =
            "Max address space         unlimited            unlimited            bytes     \n";
        assert_eq!(address_space_limit(unlimited), None);
        assert_eq!(ceiling_of(Some(24 << 30), Some(4 << 30)), 1 << 30);
        assert_eq!(ceiling_of(Some(1 << 30), Some(4 << 30)), 512 << 20);
        assert_eq!(ceiling_of(Some(8 << 30), None), 4 << 30);
        assert_eq!(ceiling_of(None, Some(8 << 30)), 2 << 30);
        assert_eq!(ceiling_of(None, None), 2 << 30);
    }

    #[test]
    fn allocations_are_counted() {
        // Other tests allocate concurrently, so only a large block's own effect is
        // certain in one direction.
        let v: Vec<u8> = Vec::with_capacity(16 << 20);
        assert!(live_bytes() >= 16 << 20);
        drop(v);
    }
}
