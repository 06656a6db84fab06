import AuthTrail
import Foundation

extension Report {
    /// Reads `paths` (files, directories, bundles, "-") and builds the report over the events `filter` keeps.
    /// Returns the report and the paths that could not be read.
    ///
    /// The report does not depend on the order of `paths`, on which files carry a metadata frame, or on how an
    /// install's events are split across files and processes: files holding several installs are read first (their
    /// events wait for their install's turn), then each install's files in order of their start, merged in time
    /// order (`InstallTimeOrder`). Nor does it depend on `threads`: installs are counted in shards fixed by the
    /// input, merged in shard order (`InstallShards`).
    /// - Parameter threads: how many installs' files are read at once; nil for one per active processor.
    package static func build(
        paths: [String], filter: EventFilter = EventFilter(), threads: Int? = nil
    ) -> (report: Report, problems: [InputFiles.Problem]) {
        let built = buildWithInputs(paths: paths, filter: filter, threads: threads)
        return (built.report, built.problems)
    }

    /// As `build(paths:filter:threads:)`, with what the read learnt of the inputs, for a second read of some of
    /// their installs (the HTML report's timelines, `OperationTimelines.collect`).
    package static func buildWithInputs(
        paths: [String], filter: EventFilter = EventFilter(), threads: Int? = nil
    ) -> (report: Report, problems: [InputFiles.Problem], inputs: InputsRead) {
        let threads = threads ?? ProcessInfo.processInfo.activeProcessorCount
        return buildWithInputs(paths: paths, filter: filter, threads: threads, pacer: MemoryPacer(threads: threads))
    }

    /// As `buildWithInputs(paths:filter:threads:)`, with the shards paced by `pacer` (tests give their own).
    static func buildWithInputs(
        paths: [String], filter: EventFilter, threads: Int, pacer: MemoryPacer
    ) -> (report: Report, problems: [InputFiles.Problem], inputs: InputsRead) {
        var input = InputReader(paths: paths, threads: threads)
        var mixed = InstallTimeOrder(ReportBuilder(filter: filter))
        input.readMixed(into: &mixed)
        let deferred = mixed.takeDeferred()
        var (builder, releasedEarly) = mixed.finishCounting()
        let shards = InstallShards(input.plan.installs, deferredInstalls: deferred.installs)
        let counted = shards.count(filter: filter, deferred: deferred, threads: threads, pacer: pacer)
        builder.merge(counted.builder)
        let report = InstallTimeOrder<ReportBuilder>.finish(
            &builder, releasedEarly: releasedEarly + counted.releasedEarly)
        let inputs = InputsRead(
            plan: input.plan, shards: shards, installsHoldingOthers: counted.installsHoldingOthers, threads: threads)
        return (report, input.problems + counted.problems, inputs)
    }
}
