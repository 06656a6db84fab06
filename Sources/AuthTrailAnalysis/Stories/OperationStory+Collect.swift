import Foundation

/// The stories `OperationStory.collect` found.
package struct StoryCollection: Sendable {
    /// Earliest first (by their first attempt's start, then key), at most the limit asked for.
    package var stories: [OperationStory] = []
    /// Operations that matched, the stories included: `matched - stories.count` more were not told.
    package var matched = 0
    /// Events read.
    package var events = 0
    /// Inputs that could not be read.
    package var problems: [InputFiles.Problem] = []
    /// Damage stepped over while reading (the report's decode warnings), one line each.
    package var warnings: [String] = []
}

extension OperationStory {
    /// Tells the stories of the operations `selection` matches in `paths` (files, directories, bundles, raw MSAL
    /// logs, "-" for standard input), the same operations the report counts: read in the same install time order
    /// (`InstallTimeOrder`), delimited by the same rules (`OperationTracker`).
    ///
    /// Reads the inputs twice: first to find the earliest `limit` matching operations and their correlation ids
    /// (keeping no more than that), then to tell only those, with the `log` events of those correlation ids.
    /// Standard input is copied to a temporary file first, so it can be read twice.
    package static func collect(paths: [String], selection: StorySelection, limit: Int = 20) -> StoryCollection {
        var paths = paths
        var spooled: URL?
        if paths.contains("-") {
            switch spoolStandardInput() {
            case .success(let url):
                spooled = url
                paths = paths.map { $0 == "-" ? url.path : $0 }
            case .failure(let problem):
                var collection = StoryCollection()
                collection.problems = [problem]
                return collection
            }
        }
        defer { if let spooled { try? FileManager.default.removeItem(at: spooled.deletingLastPathComponent()) } }
        func named(_ problem: InputFiles.Problem) -> InputFiles.Problem {
            guard let spooled, problem.path == spooled.path else { return problem }
            return InputFiles.Problem(path: "-", reason: problem.reason)
        }

        var find = InstallTimeOrder(StoryFinder(selection: selection, limit: limit))
        var input = InputReader(paths: paths)
        input.read(into: &find)
        var collection = StoryCollection()
        collection.problems = input.problems.map(named)
        let found = find.finish()
        collection.matched = found.matched
        collection.events = found.events
        collection.warnings = found.warnings.map { line in
            spooled.map { line.replacingOccurrences(of: $0.path, with: "-") } ?? line
        }
        guard !found.matches.isEmpty else { return collection }
        var tell = InstallTimeOrder(StoryCollector(matches: found.matches))
        // The same files in the same order; what could not be read is known already.
        input.read(into: &tell)
        let stories = tell.finish()
        collection.stories = found.matches.compactMap { stories[$0.serial] }
        return collection
    }

    /// Copies standard input to `stdin` in a new private temporary folder (the name a raw MSAL log read from
    /// standard input takes its install id from, `raw:stdin`, as in the report).
    private static func spoolStandardInput() -> Result<URL, InputFiles.Problem> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authtrail-show-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        let url = folder.appendingPathComponent("stdin")
        guard
            (try? FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: false,
                attributes: [.posixPermissions: 0o700])) != nil,
            FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let output = try? FileHandle(forWritingTo: url)
        else {
            try? FileManager.default.removeItem(at: folder)
            return .failure(InputFiles.Problem(path: "-", reason: "cannot create a temporary copy of standard input"))
        }
        defer { try? output.close() }
        do {
            // In chunks, so memory stays bounded whatever standard input holds.
            while let chunk = try FileHandle.standardInput.read(upToCount: 1 << 20), !chunk.isEmpty {
                try output.write(contentsOf: chunk)
            }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            return .failure(InputFiles.Problem(path: "-", reason: "cannot copy standard input: \(error)"))
        }
        return .success(url)
    }
}
