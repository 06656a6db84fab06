import AuthTrail

extension Report {
    /// Reads `paths` (files, directories, bundles, "-") and builds the report over the events `filter` keeps.
    /// Returns the report and the paths that could not be read.
    ///
    /// The report does not depend on the order of `paths`, on which files carry a metadata frame, or on how an
    /// install's events are split across files and processes: files holding several installs are read first (their
    /// events wait for their install's turn), then each install's files in order of their start, merged in time
    /// order (`InstallTimeOrder`).
    public static func build(paths: [String], filter: EventFilter = EventFilter()) -> (
        report: Report, problems: [InputFiles.Problem]
    ) {
        var merge = InstallTimeOrder(ReportBuilder(filter: filter))
        let expanded = InputFiles.expand(paths)
        var problems = expanded.problems
        var reader = SegmentReader()
        // The summary is added right after each input, so the builder can name the file its out-of-range values
        // came from.
        func read(_ file: String, start: Int64? = nil, nextStart: Int64? = nil) {
            merge.beginFile(file, start: start, nextStart: nextStart)
            do {
                let summary = try reader.read(path: file, into: &merge)
                merge.add(summary)
            } catch {
                problems.append(InputFiles.Problem(path: file, reason: error.reason))
            }
        }
        let plan = InputOrder.plan(expanded.files)
        for file in plan.mixed { read(file) }
        let files = Dictionary(uniqueKeysWithValues: plan.installs.map { ($0.installID, $0.files) })
        for install in Set(files.keys).union(merge.deferredInstalls).sorted() {
            merge.beginInstall(install)
            let files = files[install] ?? []
            // The earliest start of the files still to read: the files are in start order except where a start is
            // unknown or written differently.
            var nextStarts = [Int64?](repeating: nil, count: files.count)
            var earliest: Int64?
            for index in files.indices.reversed() {
                nextStarts[index] = earliest
                if let start = files[index].startMilliseconds { earliest = min(earliest ?? start, start) }
            }
            for (file, nextStart) in zip(files, nextStarts) {
                read(file.path, start: file.startMilliseconds, nextStart: nextStart)
            }
            merge.endInstall()
        }
        return (merge.finish(), problems)
    }
}
