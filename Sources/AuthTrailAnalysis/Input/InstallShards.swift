import AuthTrail
import Dispatch
import Foundation

/// The installs of an input split into shards that are read in parallel and merged in a fixed order, so what is made
/// of them (the report, `show`'s stories) is the same on any number of threads.
///
/// Shards are contiguous runs of the installs sorted by id, cut so each holds about `InstallShards.count`-th of the
/// files: the split depends on the input only, never on the thread count. Each shard is read through its own
/// `InstallTimeOrder`; as installs never span two shards, operations, storms and version breakdowns are complete within
/// one, and the shards are merged in shard order. One thread reads the same shards one after another and merges them
/// the same way.
struct InstallShards: Sendable {
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

    /// Reads the shards at `indices` (all by default) with `read`, on `threads` threads as memory allows (`pacer`),
    /// and merges what each gave into `result` in the order of `indices` as they finish: a shard that finishes before
    /// an earlier one waits for it. `read` gets the shard's index in `shards`, its memory checkpoints
    /// (for `InstallTimeOrder.pacing`) and the thread's reader.
    func read<Part, Result>(
        _ indices: [Int]? = nil, into result: Result, threads: Int, pacer: MemoryPacer,
        each read:
            @escaping @Sendable (_ shard: Int, _ pacing: MemoryPacer.Shard, _ reader: inout SegmentReader) -> Part,
        merge: @escaping @Sendable (inout Result, Part) -> Void
    ) -> Result {
        let indices = indices ?? Array(shards.indices)
        let merged = Locked(ShardMerge<Part, Result>(result, merge: merge))
        let work = { @Sendable in
            // The thread's reader, dropped while the thread waits for memory: its buffers are a shard's first cost.
            var reader: SegmentReader?
            // Read in a function of its own, so that nothing of the shard is left when the pacer hears it is done.
            func readShard(_ position: Int) {
                var shardReader = reader.take() ?? SegmentReader()
                let part = read(indices[position], MemoryPacer.Shard(pacer, index: position), &shardReader)
                reader = shardReader
                merged.withLock { $0.add(part, at: position) }
            }
            while let position = pacer.claim(below: indices.count, whileWaiting: { reader = nil }) {
                readShard(position)
                pacer.finished(position)
            }
        }
        Self.run(work, threads: max(1, min(threads, indices.count)))
        return merged.withLock { $0.result }
    }

    /// Reads shard `index` into `builder` through an `InstallTimeOrder` that holds the `deferred` events of its
    /// installs and stops at `pacing`'s checkpoints: the own files of `installs` (nil for all; the others still take
    /// their turn, so their events that other files held go as in a read of all). Returns the order, every file read
    /// into it but not finished, the files that could not be read, and how many files were read.
    func read<Builder>(
        _ index: Int, into builder: Builder, deferred: InstallTimeOrder<Builder>.DeferredEvents,
        pacing: MemoryPacer.Shard, installs: Set<String>? = nil, with reader: inout SegmentReader
    ) -> (order: InstallTimeOrder<Builder>, problems: [InputFiles.Problem], filesRead: Int) {
        var order = InstallTimeOrder(builder, deferred: deferred, for: shards[index].map(\.installID))
        order.pacing = pacing
        var problems: [InputFiles.Problem] = []
        var filesRead = 0
        for install in shards[index] {
            let own = installs?.contains(install.installID) ?? true
            let files = own ? install : InputOrder.InstallFiles(installID: install.installID, files: [])
            filesRead += files.files.count
            problems += order.read(files, with: &reader)
        }
        return (order, problems, filesRead)
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

/// Merges finished shards in order: a shard that finishes before an earlier one waits for it.
private struct ShardMerge<Part, Result> {
    private(set) var result: Result
    private let merge: (inout Result, Part) -> Void
    private var waiting: [Int: Part] = [:]
    private var next = 0

    init(_ empty: Result, merge: @escaping (inout Result, Part) -> Void) {
        result = empty
        self.merge = merge
    }

    mutating func add(_ part: Part, at position: Int) {
        waiting[position] = part
        while let part = waiting.removeValue(forKey: next) {
            merge(&result, part)
            next += 1
        }
    }
}
