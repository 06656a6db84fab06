import AuthTrail

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps shards counted in parallel within a memory budget, on any number of cores: while the process's resident
/// memory is over `budgetBytes`, no new shard starts and every running shard but the oldest (the lowest index) waits
/// at its next checkpoint, until memory is back under the budget or it is the oldest. The oldest never waits, so the
/// shards always finish; at worst they are counted one at a time. Pacing changes when a shard is counted, never what
/// it counts: shards are merged in their order (`InstallShards`), so the report is the same.
///
/// A shard at its bounds holds about 17 MB (RELIABILITY.md, "Memory bounds of the report"): without the pacer,
/// `--threads 8` on eight such files took 162-170 MB; with it, 55-63 MB (docs/BENCHMARKS.md, "Hostile inputs").
final class MemoryPacer: Sendable {
    /// Resident memory past which shards wait on `threads` threads: the report's 64 MB goal less what one shard can
    /// still add at its bounds after the others stopped (about 17 MiB), and a margin, 41 MiB on up to two threads.
    /// Reports of ordinary inputs stay under it there (the bench's large segments peak at 38.5 MiB), so they are never
    /// held back. Each thread past two takes 1 MiB off (down to 34): a shard waiting on one holds its reader's
    /// buffers, and glibc reuses what a thread freed only on the threads of its arena (eight files of 250,000 installs
    /// on `--threads 8` peaked at 61-67 MiB with 41 for all).
    static func budgetBytes(threads: Int) -> Int { (41 - min(7, max(0, threads - 2))) << 20 }
    /// Events a shard counts between two checkpoints (each reads the resident size once, about 2 µs on Linux).
    static let eventsPerCheckpoint = 512
    /// Events before a shard's first checkpoint: by then its reader's buffers (zstd's window, a frame's lines held
    /// for its checksum, a block) show in the resident size, and the next shard may start.
    static let eventsBeforeFirstCheckpoint = 256

    let budgetBytes: Int
    private let resident: @Sendable () -> Int?
    private let release: @Sendable () -> Void
    private let state = Locked(State())

    private struct State {
        var next = 0
        /// The shards being counted, and whether each has reached its first checkpoint.
        var running: [Int: Bool] = [:]
    }

    /// - Parameters:
    ///   - resident: the process's resident bytes now; nil means unknown, and never holds a shard back.
    ///   - release: gives free memory back to the system (called when a shard finishes over the budget).
    init(
        budgetBytes: Int, resident: (@Sendable () -> Int?)? = nil,
        release: (@Sendable () -> Void)? = nil
    ) {
        // Opened only when a closure is not given (a test's pacer holds no file).
        let memory = resident == nil || release == nil ? ResidentMemory() : nil
        self.budgetBytes = budgetBytes
        self.resident = resident ?? { memory?.bytes() }
        self.release = release ?? { memory?.releaseFreePages() }
    }

    /// The index of the next shard below `count` to count, once memory allows one more: when none is running, or
    /// when memory is under the budget and every running shard has reached its first checkpoint (threads that all
    /// started at once would each add a reader and a shard's first events before the resident size could say so).
    /// Nil when no shard is left. `whileWaiting` runs before each wait.
    func claim(below count: Int, whileWaiting: () -> Void = {}) -> Int? {
        while true {
            let over = isOverBudget()
            let claimed: Int?? = state.withLock { state in
                guard state.next < count else { return .some(nil) }
                guard state.running.isEmpty || (!over && !state.running.values.contains(false)) else { return nil }
                defer { state.next += 1 }
                state.running[state.next] = false
                return .some(state.next)
            }
            if let claimed { return claimed }
            whileWaiting()
            pause()
        }
    }

    /// A pacer for one read of shards on `threads` threads, with their budget (`budgetBytes(threads:)`) unless
    /// `budgetBytes` is given (tests, whose process is far past it, give `.max` to run shards at once).
    convenience init(threads: Int, budgetBytes: Int? = nil) {
        self.init(budgetBytes: budgetBytes ?? Self.budgetBytes(threads: threads))
    }

    /// Returns at once when memory is under the budget or `shard` is the oldest running; else waits for one of them.
    func checkpoint(_ shard: Int) {
        state.withLock { $0.running[shard] = true }
        while !isOldest(shard) && isOverBudget() { pause() }
    }

    /// `shard` is counted and its memory released (merged or dropped).
    func finished(_ shard: Int) {
        _ = state.withLock { $0.running.removeValue(forKey: shard) }
        if isOverBudget() { release() }
    }

    private func isOldest(_ shard: Int) -> Bool { state.withLock { $0.running.keys.min() == shard } }

    private func isOverBudget() -> Bool { (resident() ?? 0) > budgetBytes }

    /// Long enough that a waiting shard costs nothing, short enough that it resumes soon after memory is freed.
    private func pause() { usleep(2_000) }
}

extension MemoryPacer {
    /// Calls `checkpoint` for one shard every `eventsPerCheckpoint` events (`InstallTimeOrder.pacing`).
    struct Shard {
        let pacer: MemoryPacer
        let index: Int
        private var countdown = MemoryPacer.eventsBeforeFirstCheckpoint

        init(_ pacer: MemoryPacer, index: Int) {
            self.pacer = pacer
            self.index = index
        }

        mutating func event() {
            countdown -= 1
            guard countdown == 0 else { return }
            countdown = MemoryPacer.eventsPerCheckpoint
            pacer.checkpoint(index)
        }
    }
}
