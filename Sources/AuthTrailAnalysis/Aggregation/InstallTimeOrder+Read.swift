import AuthTrail

extension InstallTimeOrder {
    /// Reads `paths` (files, directories, bundles, "-") in the order that makes the result independent of how the
    /// events were split into files: files holding several installs first (their events wait for their install's
    /// turn), then each install's files in order of their start. Returns the paths that could not be read; call
    /// `finish()` afterwards.
    package mutating func read(paths: [String]) -> [InputFiles.Problem] {
        let expanded = InputFiles.expand(paths)
        var problems = expanded.problems
        var reader = SegmentReader()
        // The summary is added right after each input, so the builder can name the file its out-of-range values
        // came from.
        func read(_ file: String, start: Int64? = nil, nextStart: Int64? = nil) {
            beginFile(file, start: start, nextStart: nextStart)
            do {
                let summary = try reader.read(path: file, into: &self)
                add(summary)
            } catch {
                problems.append(InputFiles.Problem(path: file, reason: error.reason))
            }
        }
        let plan = InputOrder.plan(expanded.files)
        for file in plan.mixed { read(file) }
        let files = Dictionary(uniqueKeysWithValues: plan.installs.map { ($0.installID, $0.files) })
        for install in Set(files.keys).union(deferredInstalls).sorted() {
            beginInstall(install)
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
            endInstall()
        }
        return problems
    }
}
