package import AuthTrail

extension Locked where Value == Int {
    /// The counter's value, and one more for the next caller: how threads sharing a list of work each take the next
    /// index (the timelines' installs, the benchmarks' files; the report's shards go through `MemoryPacer.claim`).
    package func claim() -> Int {
        withLock { next in
            defer { next += 1 }
            return next
        }
    }
}
