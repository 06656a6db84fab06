import AuthTrail
import Dispatch
import Foundation

/// The installs of a report split into shards that are counted in parallel and merged in a fixed order, so the
/// report is the same on any number of threads.
///
/// Shards are contiguous runs of the installs sorted by id, cut so each holds about `ReportShards.count`-th of the
/// files: the split depends on the input only, never on the thread count. Each shard is counted by its own
/// `ReportBuilder` through its own `InstallTimeOrder`; as installs never span two shards, operations, storms and
/// version breakdowns are complete within one, and the finished builders are merged in shard order
/// (`ReportBuilder.merge`). One thread counts the same shards one after another and merges them the same way.
struct ReportShards: Sendable {
    /// Shards the installs are split into (fewer when there are fewer installs): enough that two threads or eight
    /// stay busy while one finishes a large shard, few enough that merging them costs little.
    static let count = 64

    /// The shards, each a run of installs in id order.
    let shards: [[InputOrder.InstallFiles]]

    /// Splits `installs` (sorted by id) and `deferredInstalls` (installs known only from files holding several,
    /// which get no files of their own) into shards.
    init(_ installs: [InputOrder.InstallFiles], deferredInstalls: [String]) {
        var all = installs
        let known = Set(installs.map(\.installID))
        all += deferredInstalls.filter { !known.contains($0) }.map { InputOrder.InstallFiles(installID: $0, files: []) }
        all.sort { $0.installID < $1.installID }
        let weights = all.map { max($0.files.count, 1) }
        let total = weights.reduce(0, +)
        var shards: [[InputOrder.InstallFiles]] = []
        var current: [InputOrder.InstallFiles] = []
        var counted = 0
        for (install, weight) in zip(all, weights) {
            current.append(install)
            counted += weight
            if counted * Self.count >= (shards.count + 1) * total {
                shards.append(current)
                current = []
            }
        }
        if !current.isEmpty { shards.append(current) }
        self.shards = shards
    }

    /// What counting the shards gave: one builder holding every shard, merged in shard order.
    struct Counted {
        var builder: ReportBuilder
        var problems: [InputFiles.Problem] = []
        var releasedEarly = 0
        /// `InstallTimeOrder.installsHoldingOthers` of every shard.
        var installsHoldingOthers: Set<String> = []
    }

    /// Counts every shard on `threads` threads, as memory allows (`pacer`), and merges them in shard order as they
    /// finish.
    /// - Parameter deferred: events read from files holding several installs, counted with their install's shard.
    func count(
        filter: EventFilter, deferred: InstallTimeOrder<ReportBuilder>.DeferredEvents, threads: Int, pacer: MemoryPacer
    ) -> Counted {
        let merged = Locked(ShardMerge(Counted(builder: ReportBuilder(filter: filter))))
        let shards = self.shards
        let work = { @Sendable in
            // The thread's reader, dropped while the thread waits for memory: its buffers are a shard's first cost.
            var reader: SegmentReader?
            // Counted in a function of its own, so that nothing of the shard is left when the pacer hears it is done.
            func count(_ index: Int) {
                var order = InstallTimeOrder(
                    ReportBuilder(filter: filter), deferred: deferred, for: shards[index].map(\.installID))
                order.pacing = MemoryPacer.Shard(pacer, index: index)
                var shardReader = reader.take() ?? SegmentReader()
                var problems: [InputFiles.Problem] = []
                for install in shards[index] { problems += order.read(install, with: &shardReader) }
                reader = shardReader
                let (builder, releasedEarly) = order.finishCounting()
                let shard = Counted(
                    builder: builder, problems: problems, releasedEarly: releasedEarly,
                    installsHoldingOthers: order.installsHoldingOthers)
                merged.withLock { $0.add(shard, at: index) }
            }
            while let index = pacer.claim(below: shards.count, whileWaiting: { reader = nil }) {
                count(index)
                pacer.finished(index)
            }
        }
        Self.run(work, threads: max(1, min(threads, shards.count)))
        return merged.withLock { $0.result }
    }

    /// Runs `work` on `threads` threads, the caller's among them. Threads of their own rather than
    /// `DispatchQueue.concurrentPerform`, which runs no more at once than there are cores: `--threads` means the
    /// same on every machine, and the pacer's waits hold no thread of a shared pool.
    private static func run(_ work: @escaping @Sendable () -> Void, threads: Int) {
        let done = DispatchGroup()
        for _ in 1..<threads {
            done.enter()
            Thread {
                work()
                done.leave()
            }.start()
        }
        work()
        done.wait()
    }
}

/// Merges finished shards in shard order: a shard that finishes before an earlier one waits for it.
private struct ShardMerge {
    private(set) var result: Counted
    private var waiting: [Int: ReportShards.Counted] = [:]
    private var nextIndex = 0

    typealias Counted = ReportShards.Counted

    init(_ empty: Counted) { result = empty }

    mutating func add(_ shard: Counted, at index: Int) {
        waiting[index] = shard
        while let shard = waiting.removeValue(forKey: nextIndex) {
            result.builder.merge(shard.builder)
            result.problems += shard.problems
            result.releasedEarly += shard.releasedEarly
            result.installsHoldingOthers.formUnion(shard.installsHoldingOthers)
            nextIndex += 1
        }
    }
}
