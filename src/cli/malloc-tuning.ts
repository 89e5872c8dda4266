/**
 * Keeps memory the process freed instead of handing it back to the kernel at once.
 *
 * glibc's malloc gives memory back as soon as 128 KiB lie free at the top of a heap, and maps
 * blocks of 128 KiB or more on their own, unmapping them when they are freed. V8's compiler and
 * garbage-collector threads free and allocate such blocks all the time, so the same memory is
 * faulted in again and again. A page fault is cheap on bare metal, but costs about 20 µs on
 * the sandboxed 2-CPU benchmark machine: a `check` of 10k documents took 6,000 faults (about
 * 120 ms) more than it needed (DOCKET-SPEC-006 §2.11).
 *
 * `GLIBC_TUNABLES=glibc.malloc.trim_threshold=...` would fix it, but a process cannot set its
 * own tunables. glibc raises both thresholds by itself when it frees a block it had mapped
 * (mallopt(3), "dynamic mmap threshold"): the mapping threshold to that block's size, the
 * trimming threshold to twice that. So one block of about 2 MiB is allocated and dropped: none
 * of its pages is ever written (nothing is faulted in, the address space is only reserved),
 * and the first garbage collection frees it. Measured at 10k documents (no reading thread):
 * 18,800 faults without, 14,600 with 1 MiB, 12,500 with 2 MiB, and no fewer with up to 32 MiB,
 * which only let each thread's heap keep more (100k NDJSON: 166 MB peak without, 178 with
 * 2 MiB, 187 with 32 MiB). Elsewhere (musl, macOS, Windows) the block is reserved and freed,
 * and nothing else happens.
 */

/** The block: 2 MiB less malloc's header and rounding, above the 128 KiB default threshold. */
const TUNING_BYTES = 2 * 1024 * 1024 - 64 * 1024;

/** Whether the block was allocated (Linux, and not turned off with DOCKET_MALLOC_TUNING=0). */
export function keepFreedMemory(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux' || env.DOCKET_MALLOC_TUNING === '0') return false;
  try {
    // allocUnsafe: malloc without zero-filling, so no page of the block is touched.
    Buffer.allocUnsafe(TUNING_BYTES);
    return true;
  } catch {
    return false; // no address space for it (a strict overcommit policy): run as before
  }
}
