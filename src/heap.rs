//! The process heap in transparent huge pages, where the system offers them on request.
//!
//! A `clasp check` of a kernel with a few hundred KB of headers writes about 10 MB of token
//! lists, macro tables and trees, each once. In 4 KiB pages that is over 2,000 page faults,
//! which cost the process about as much system time as its own work takes user time. Here
//! glibc's heap is grown ahead of need in one piece, advised `MADV_HUGEPAGE` before anything
//! is written there, so later allocations are faulted in 2 MiB at a time. It is advice: where
//! the kernel declines, nothing changes but the reservation (address space, not memory).
//!
//! glibc applies this advice itself with `GLIBC_TUNABLES=glibc.malloc.hugetlb=1`, but only
//! when set before the process starts.

/// How far ahead the heap is grown (address space; only what is touched becomes memory).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const RESERVE: usize = 64 << 20;
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const HUGE_PAGE: usize = 2 << 20;

/// Grows the heap ahead and advises huge pages for it. For a process that checks files on
/// its main thread; call once, early.
pub fn advise_huge_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only changes glibc's thresholds. The two blocks are allocated and
    // never freed nor written, so nothing reads or frees them wrongly. `madvise` is given whole
    // pages between the end of the first block and the break that `sbrk(0)` reads, which lie
    // inside the heap that the first `malloc` grew; MADV_HUGEPAGE changes neither contents nor
    // mapping, only how later faults there are served. Where a guess about glibc's layout is
    // wrong, fewer pages are huge, nothing else.
    unsafe {
        // Grow by the reserve when the heap grows; keep blocks below 32 MiB (glibc's most) in
        // the heap rather than in mappings of their own; never give the heap back while
        // running, which would drop the advice.
        libc::mallopt(libc::M_TOP_PAD, RESERVE as i32);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, (2 * RESERVE) as i32);
        // More than the heap has free, so the heap grows now; glibc writes the header of the
        // rest of the heap right after this block, which is the last write before `madvise`.
        let first = libc::malloc(HUGE_PAGE) as usize;
        let end = libc::sbrk(0) as usize;
        if first == 0 || end == usize::MAX || end < first + HUGE_PAGE {
            return;
        }
        let rest = first + HUGE_PAGE;
        // The first huge page with nothing written in it yet.
        let start = (rest + 64).next_multiple_of(HUGE_PAGE);
        let stop = end & !(HUGE_PAGE - 1);
        if stop <= start {
            return;
        }
        libc::madvise(
            start as *mut libc::c_void,
            stop - start,
            libc::MADV_HUGEPAGE,
        );
        // A second block reaching up to `start`, so that later allocations begin there and
        // not in the 4 KiB pages below it (a block's header and size take 16 bytes).
        libc::malloc(start - rest - 32);
    }
}
