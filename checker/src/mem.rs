//! Large buffers in transparent huge pages where the system offers them on request.
//!
//! A long kernel's token lists are tens of megabytes, written once from start to end. Mapped
//! in 4 KiB pages that is thousands of page faults, and for a whole `clasp check` process on a
//! large file those faults cost more time than the lexer. Asking for huge pages (2 MiB) cuts
//! them 512-fold. It is advice: without it, or where the kernel declines, nothing changes.

/// Below this a buffer is left alone: a huge page would be mostly unused.
const HUGE: usize = 4 << 20;

/// Advises huge pages for the spare capacity of `v` (call it before writing there).
pub(crate) fn advise_huge<T>(v: &Vec<T>) {
    let bytes = v.capacity() * std::mem::size_of::<T>();
    if bytes < HUGE {
        return;
    }
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 2 << 20;
        let start = v.as_ptr() as usize;
        // The whole huge pages inside the buffer: madvise wants an aligned start.
        let from = start.next_multiple_of(PAGE);
        let to = (start + bytes) & !(PAGE - 1);
        if to > from {
            // SAFETY: the range lies inside `v`'s allocation, and MADV_HUGEPAGE changes
            // neither its contents nor its mapping, only how later faults are served.
            unsafe {
                libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
            }
        }
    }
}

thread_local! {
    /// Token lists of this thread's earlier checks, emptied, for the next ones to fill: a
    /// list freed at the top of the heap is given back to the system, and the next check's
    /// would be paged in again (about 1,000 page faults per check of a 300 KB kernel).
    static SPARE: std::cell::RefCell<Vec<Vec<crate::token::Token>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// How many lists are kept, and the largest kept (bytes): one huge input must not pin its
/// memory for the thread's life.
const KEEP_LISTS: usize = 4;
const KEEP_BYTES: usize = 64 << 20;

/// An empty token list with room for `n` tokens, reusing a kept one when there is one.
pub(crate) fn token_list(n: usize) -> Vec<crate::token::Token> {
    let mut v = SPARE.with_borrow_mut(|s| s.pop()).unwrap_or_default();
    if v.capacity() < n {
        v = Vec::with_capacity(n);
        advise_huge(&v);
    }
    v
}

/// Keeps `v`'s memory for a later [`token_list`].
pub(crate) fn keep_token_list(mut v: Vec<crate::token::Token>) {
    if v.capacity() * std::mem::size_of::<crate::token::Token>() > KEEP_BYTES {
        return;
    }
    v.clear();
    SPARE.with_borrow_mut(|s| {
        if s.len() < KEEP_LISTS {
            s.push(v);
            // Largest last, so that `pop` hands out the roomiest.
            s.sort_by_key(Vec::capacity);
        }
    });
}
