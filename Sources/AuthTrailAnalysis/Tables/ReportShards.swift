import AuthTrail

/// What counting the report's shards gave: one builder holding every shard, merged in shard order.
struct CountedShards {
    var builder: ReportBuilder
    var problems: [InputFiles.Problem] = []
    var releasedEarly = 0
    /// `InstallTimeOrder.installsHoldingOthers` of every shard.
    var installsHoldingOthers: Set<String> = []

    mutating func add(_ shard: Self) {
        builder.merge(shard.builder)
        problems += shard.problems
        releasedEarly += shard.releasedEarly
        installsHoldingOthers.formUnion(shard.installsHoldingOthers)
    }
}

extension InstallShards {
    /// Counts every shard, each by a builder of its own, on `threads` threads as memory allows (`pacer`), and merges
    /// them in shard order as they finish (`ReportBuilder.merge`).
    /// - Parameter deferred: events read from files holding several installs, counted with their install's shard.
    func count(
        filter: EventFilter, deferred: InstallTimeOrder<ReportBuilder>.DeferredEvents, threads: Int, pacer: MemoryPacer
    ) -> CountedShards {
        read(
            into: CountedShards(builder: ReportBuilder(filter: filter)), threads: threads, pacer: pacer,
            each: { index, pacing, reader in
                var (order, problems, _) = read(
                    index, into: ReportBuilder(filter: filter), deferred: deferred, pacing: pacing, with: &reader)
                let (builder, releasedEarly) = order.finishCounting()
                return CountedShards(
                    builder: builder, problems: problems, releasedEarly: releasedEarly,
                    installsHoldingOthers: order.installsHoldingOthers)
            },
            merge: { $0.add($1) })
    }
}
