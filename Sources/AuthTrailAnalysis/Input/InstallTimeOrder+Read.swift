import AuthTrail

extension InstallTimeOrder {
    /// Reads the file at `path`, or its bytes in `range` (`start` and `nextStart` as `beginFile` takes them), and
    /// adds its summary; returns why it could not be read, if it could not.
    mutating func read(
        _ path: String, range: Range<Int>? = nil, countsAsFile: Bool = true, start: Int64? = nil,
        nextStart: Int64? = nil, with reader: inout SegmentReader
    ) -> InputFiles.Problem? {
        beginFile(path, start: start, nextStart: nextStart)
        do {
            // The summary is added right after each input, so the builder can name the file its out-of-range values
            // came from.
            var summary = try reader.read(path: path, range: range, into: &self)
            summary.countsAsFile = countsAsFile
            add(summary)
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
            if let problem = read(
                file.path, range: file.range, countsAsFile: file.countsAsFile, start: file.startMilliseconds,
                nextStart: nextStart, with: &reader)
            {
                problems.append(problem)
            }
        }
        endInstall()
        return problems
    }
}
