//! How the server's memory goes back to the system after a large request. glibc's allocator
//! serves blocks of 128 KB and more with their own mapping, returned to the system when freed —
//! but after freeing one it raises that threshold (up to 32 MB), so the next large buffers (an
//! uploaded file, the text decoded from it, its rows) come from the heaps of the threads that
//! asked, and stay in the process when freed: a probe saw the server at 1.4 GB after a refused
//! upload and staying there. Fixing the threshold keeps every large block in its own mapping.

/// Blocks at least this large get their own mapping, given back to the system when freed.
pub const OWN_MAPPING_FROM: usize = 1024 * 1024;

/// Fixes glibc's threshold at [`OWN_MAPPING_FROM`] (the `mostrador` binary does it at start).
pub fn return_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes an allocator setting; it is called once, before the threads
    // that allocate start.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, OWN_MAPPING_FROM as libc::c_int);
    }
}
