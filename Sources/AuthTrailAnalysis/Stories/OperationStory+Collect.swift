import AuthTrail
import Dispatch
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
        let copy: StandardInput.Copy
        switch StandardInput.copy(in: paths) {
        case .success(let made): copy = made
        case .failure(let problem):
            var collection = StoryCollection()
            collection.problems = [problem]
            return collection
        }
        defer { copy.remove() }

        var find = InstallTimeOrder(StoryFinder(selection: selection, limit: limit))
        var input = InputReader(paths: copy.paths)
        input.read(into: &find)
        var collection = StoryCollection()
        collection.problems = input.problems.map(copy.named)
        let found = find.finish()
        collection.matched = found.matched
        collection.events = found.events
        collection.warnings = found.warnings.map(copy.named)
        guard !found.matches.isEmpty else { return collection }
        var tell = InstallTimeOrder(StoryCollector(matches: found.matches))
        // The same files in the same order; what could not be read is known already.
        input.read(into: &tell)
        let stories = tell.finish()
        collection.stories = found.matches.compactMap { stories[$0.serial] }
        return collection
    }

    /// The stories of the earliest `limit` operations of `keys` (by their first attempt's start), as `collect` tells
    /// them with a selection of those (non-empty) keys, but without log lines, in one read: the HTML report's
    /// timelines, which draw no log line. Earliest first; problems reading the inputs are not kept. It reads from
    /// `input` the own files of `installs` only (nil for all), which must hold every install of `keys` and every
    /// install whose files hold others' (`InputsRead.installsToRead`).
    static func collectEarliest(
        _ input: inout InputReader, installs: Set<String>?, keys: Set<OperationKey>, limit: Int
    ) -> [OperationStory] {
        var tell = InstallTimeOrder(StoryCollector(earliest: limit, of: keys))
        input.read(into: &tell, installs: installs)
        var (collector, _) = tell.finishCounting()
        return collector.finishEarliest().map(\.story)
    }

    /// `collectEarliest` of the own files of `installs`, on up to `threads` threads, for inputs whose installs can be
    /// read apart (`InputsRead.installsReadApart`): each install's operations are then delimited by its own events
    /// alone, so the stories, and their order, are those of one read of the same files (`TimelineShardsTests`).
    static func collectEarliest(
        _ inputs: InputsRead, installs: Set<String>, keys: Set<OperationKey>, limit: Int, threads: Int
    ) -> [OperationStory] {
        let work = inputs.plan.installs.filter { installs.contains($0.installID) }
        let next = Locked(0)
        let told = Locked([StoryCollector.Told]())
        // Each install is told on its own, so any thread may take any install: the next one left.
        DispatchQueue.concurrentPerform(iterations: max(1, min(threads, work.count))) { _ in
            var reader = SegmentReader()
            while true {
                let index = next.claim()
                guard index < work.count else { break }
                var tell = InstallTimeOrder(StoryCollector(earliest: limit, of: keys))
                _ = tell.read(work[index], with: &reader)
                var (collector, _) = tell.finishCounting()
                let stories = collector.finishEarliest()
                told.withLock { $0 += stories }
            }
        }
        // A key belongs to one install, so serials are compared only within one install's read.
        let earliest = told.withLock { $0 }.sorted { $0.place < $1.place }
        return earliest.prefix(limit).map(\.story)
    }
}
