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
