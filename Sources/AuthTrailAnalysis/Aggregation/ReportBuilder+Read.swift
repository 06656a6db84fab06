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
    /// input, merged in shard order (`ReportShards`).
    /// - Parameter threads: how many installs' files are read at once; nil for one per active processor.
    public static func build(
        paths: [String], filter: EventFilter = EventFilter(), threads: Int? = nil
    ) -> (report: Report, problems: [InputFiles.Problem]) {
        let expanded = InputFiles.expand(paths)
        var problems = expanded.problems
        let threads = threads ?? ProcessInfo.processInfo.activeProcessorCount
        let plan = InputOrder.plan(expanded.files, threads: threads)
        var mixed = InstallTimeOrder(ReportBuilder(filter: filter))
        var reader = SegmentReader()
        for file in plan.mixed {
            if let problem = mixed.read(file, with: &reader) { problems.append(problem) }
        }
        let deferred = mixed.takeDeferred()
        var (builder, releasedEarly) = mixed.finishCounting()
        let shards = ReportShards(plan.installs, deferredInstalls: deferred.installs)
        let counted = shards.count(filter: filter, deferred: deferred, threads: threads)
        builder.merge(counted.builder)
        problems += counted.problems
        return (InstallTimeOrder.finish(&builder, releasedEarly: releasedEarly + counted.releasedEarly), problems)
    }
}

extension InstallTimeOrder {
    /// Reads the file at `path` (`start` and `nextStart` as `beginFile` takes them) and adds its summary; returns
    /// why it could not be read, if it could not.
    mutating func read(
        _ path: String, start: Int64? = nil, nextStart: Int64? = nil, with reader: inout SegmentReader
    ) -> InputFiles.Problem? {
        beginFile(path, start: start, nextStart: nextStart)
        do {
            // The summary is added right after each input, so the builder can name the file its out-of-range values
            // came from.
            add(try reader.read(path: path, into: &self))
            return nil
        } catch {
            return InputFiles.Problem(path: path, reason: error.reason)
        }
    }

    /// Reads `install`'s files in order and counts its events, with those waiting for it; returns the files that
    /// could not be read.
    mutating func read(_ install: InputOrder.InstallFiles, with reader: inout SegmentReader) -> [InputFiles.Problem] {
        beginInstall(install.installID)
        let files = install.files
        // The earliest start of the files still to read: the files are in start order except where a start is
        // unknown or written differently.
        var nextStarts = [Int64?](repeating: nil, count: files.count)
        var earliest: Int64?
        for index in files.indices.reversed() {
            nextStarts[index] = earliest
            if let start = files[index].startMilliseconds { earliest = min(earliest ?? start, start) }
        }
        var problems: [InputFiles.Problem] = []
        for (file, nextStart) in zip(files, nextStarts) {
            if let problem = read(file.path, start: file.startMilliseconds, nextStart: nextStart, with: &reader) {
                problems.append(problem)
            }
        }
        endInstall()
        return problems
    }
}
