//! The table's memory: taken zeroed and fallibly, given back off the
//! caller's thread.
//!
//! A table of any size is ready at once: a zeroed allocation of more than
//! a few megabytes is a fresh mapping from the operating system, whose
//! pages cost nothing until the search first touches them (the kernel
//! zeroes each on first use). Writing the zeroes ourselves would make the
//! process resident in the whole table before `readyok` (16 GB took 36 s).
//! Handing gigabytes of touched pages back to the system also takes a
//! while, so a big table is freed on a short-lived thread of its own.

use super::entry::Bucket;

/// From this size on, a cleared table is a fresh allocation rather than
/// memory overwritten with zeroes, and a dropped one is freed on another
/// thread. Above glibc's largest mmap threshold (32 MB), so such an
/// allocation is always a fresh mapping.
pub(super) const BIG_TABLE_BYTES: usize = 64 * 1024 * 1024;

/// `count` empty buckets, or `None` when the system will not give the memory.
///
/// One zeroed allocation (`calloc`; all-zero atomics are valid and are
/// empty entries), asked for fallibly: on Linux the kernel's overcommit
/// check refuses a mapping that can never fit in memory and swap, and a
/// size past the address space is refused before asking.
pub(super) fn zeroed_buckets(count: usize) -> Option<Box<[Bucket]>> {
    let buckets = bytemuck::allocation::try_zeroed_slice_box(count).ok()?;
    advise_huge_pages(&buckets);
    Some(buckets)
}

/// Asks Linux to back `buckets` with transparent huge pages where it can
/// (their whole 2 MB runs), before the search first touches them. A probe
/// lands on a random bucket: with 4 KB pages nearly every one misses the
/// TLB and waits for a page walk on top of the memory access. Only a hint;
/// where the system says no, nothing changes.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn advise_huge_pages(buckets: &[Bucket]) {
    const PAGE: usize = 4096;
    let address = buckets.as_ptr() as usize;
    let start = address.next_multiple_of(PAGE);
    let end = (address + bytes(buckets.len())) / PAGE * PAGE;
    if end > start {
        // SAFETY: madvise with MADV_HUGEPAGE changes neither the contents
        // nor the validity of the memory; the range lies inside the
        // allocation and is page-aligned, as the call requires.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_buckets: &[Bucket]) {}

/// Empties `buckets` by writing zeroes (a small table, or one for which no
/// fresh memory could be had). Exclusive access makes this one `memset`
/// rather than an atomic store per word, several times faster.
pub(super) fn fill_with_zeroes(buckets: &mut [Bucket]) {
    bytemuck::fill_zeroes(buckets);
}

/// The size in bytes of `count` buckets.
pub(super) fn bytes(count: usize) -> usize {
    count.saturating_mul(core::mem::size_of::<Bucket>())
}

/// Frees `buckets`: a big table on a thread of its own, so the caller does
/// not wait while the system takes its pages back.
pub(super) fn release(buckets: Box<[Bucket]>) {
    if bytes(buckets.len()) < BIG_TABLE_BYTES {
        return;
    }
    // If no thread can be started, the closure (and the table) is dropped here.
    let _ = std::thread::Builder::new().name("bb-tt-free".into()).spawn(move || drop(buckets));
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::sync::atomic::Ordering::Relaxed;

    #[test]
    fn zeroed_buckets_are_empty_and_an_impossible_size_is_refused() {
        let buckets = zeroed_buckets(1000).expect("a small table");
        assert_eq!(buckets.len(), 1000);
        assert!(buckets.iter().flatten().flatten().all(|word| word.load(Relaxed) == 0));
        assert!(zeroed_buckets(usize::MAX / 64).is_none(), "capacity overflow is a refusal");
        // More than any 64-bit machine has: the allocation fails, nothing
        // aborts. (On 32-bit targets the capacity overflow above is the
        // test.) `black_box`, or the optimiser removes an allocation that
        // is never used and takes it as granted.
        #[cfg(target_pointer_width = "64")]
        assert!(std::hint::black_box(zeroed_buckets(1 << 50)).is_none());
    }
}
