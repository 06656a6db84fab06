import AuthTrail
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
    /// (`InstallTimeOrder`), in the same shards (`InstallShards`), delimited by the same rules (`OperationTracker`).
    ///
    /// Reads the inputs twice: first to find the earliest `limit` matching operations and their correlation ids
    /// (keeping no more than that), then to tell only those, with the `log` events of those correlation ids, reading
    /// again only the shards that hold them. The shards are read on `threads` threads (nil: one per active
    /// processor) as memory allows, and merged in their order, so the stories do not depend on the number. Standard
    /// input is copied to a temporary file first, so it can be read twice.
    package static func collect(
        paths: [String], selection: StorySelection, limit: Int = 20, threads: Int? = nil
    ) -> StoryCollection {
        let copy: StandardInput.Copy
        switch StandardInput.copy(in: paths) {
        case .success(let made): copy = made
        case .failure(let problem):
            var collection = StoryCollection()
            collection.problems = [problem]
            return collection
        }
        defer { copy.remove() }

        let threads = threads ?? ProcessInfo.processInfo.activeProcessorCount
        var input = InputReader(paths: copy.paths, threads: threads)
        // Part 0 is the files of several installs, read first; shard i is part i + 1.
        var mixed = InstallTimeOrder(StoryFinder(selection: selection, limit: limit))
        input.readMixed(into: &mixed)
        let deferred = mixed.takeDeferred()
        let (mixedFinder, mixedReleasedEarly) = mixed.finishCounting()
        let shards = InstallShards(input.plan.installs, deferredInstalls: deferred.installs)
        var found = shards.read(
            into: FoundParts(finder: mixedFinder, problems: input.problems, releasedEarly: mixedReleasedEarly),
            threads: threads, pacer: MemoryPacer(threads: threads),
            each: { index, pacing, reader in
                let finder = StoryFinder(selection: selection, limit: limit, part: index + 1)
                var (order, problems, _) = shards.read(
                    index, into: finder, deferred: deferred, pacing: pacing, with: &reader)
                let (found, releasedEarly) = order.finishCounting()
                return FoundParts(finder: found, problems: problems, releasedEarly: releasedEarly)
            },
            merge: { $0.add($1) })
        let finished = InstallTimeOrder<StoryFinder>.finish(&found.finder, releasedEarly: found.releasedEarly)
        var collection = StoryCollection()
        collection.problems = found.problems.map(copy.named)
        collection.matched = finished.matched
        collection.events = finished.events
        collection.warnings = finished.warnings.map(copy.named)
        guard !finished.matches.isEmpty else { return collection }
        collection.stories = tell(finished.matches, input: &input, shards: shards, threads: threads)
        return collection
    }

    /// The second read of `collect`: the stories of `matches`, in their order, reading again the files of several
    /// installs (whose events wait for the same shards' turns as in the first read) and the shards that hold matches.
    private static func tell(
        _ matches: [StoryFinder.Match], input: inout InputReader, shards: InstallShards, threads: Int
    ) -> [OperationStory] {
        let byPart = Dictionary(grouping: matches, by: \.part)
        var mixed = InstallTimeOrder(StoryCollector(matches: byPart[0] ?? []))
        input.readMixed(into: &mixed)
        let deferred = mixed.takeDeferred()
        let indices = byPart.keys.filter { $0 > 0 }.sorted().map { $0 - 1 }
        let told = shards.read(
            indices, into: [0: mixed.finish()], threads: threads, pacer: MemoryPacer(threads: threads),
            each: { index, pacing, reader in
                let collector = StoryCollector(matches: byPart[index + 1] ?? [])
                var (order, _, _) = shards.read(
                    index, into: collector, deferred: deferred, pacing: pacing, with: &reader)
                return (index + 1, order.finish())
            },
            merge: { told, shard in told[shard.0] = shard.1 })
        return matches.compactMap { told[$0.part]?[$0.serial] }
    }

    /// What the first read of `collect` found in the files of several installs, then in each shard.
    private struct FoundParts {
        var finder: StoryFinder
        var problems: [InputFiles.Problem]
        var releasedEarly: Int

        mutating func add(_ shard: Self) {
            finder.merge(shard.finder)
            problems += shard.problems
            releasedEarly += shard.releasedEarly
        }
    }

    /// The stories of the earliest `limit` operations of `keys` (by their first attempt's start), as `collect` tells
    /// them with a selection of those (non-empty) keys, but without log lines, in one read: the HTML report's
    /// timelines, which draw no log line. Earliest first; problems reading the inputs are not kept.
    ///
    /// It reads the inputs of a report again, in the report's shards, on `threads` threads as memory allows: the files
    /// of several installs, then the shards holding one of `installs` (nil for all), in which it reads the own files
    /// of `installs` only. `installs` must hold every install of `keys` and every install whose files hold others'
    /// (`InputsRead.installsToRead`). Also returns how many files (or bundles' segments) it read.
    static func collectEarliest(
        _ inputs: InputsRead, installs: Set<String>?, keys: Set<OperationKey>, limit: Int, threads: Int
    ) -> (stories: [OperationStory], filesRead: Int) {
        var input = InputReader(inputs)
        var mixed = InstallTimeOrder(StoryCollector(earliest: limit, of: keys))
        input.readMixed(into: &mixed)
        let deferred = mixed.takeDeferred()
        var (collector, _) = mixed.finishCounting()
        let shards = inputs.shards
        let indices = shards.shards.indices.filter { index in
            installs.map { installs in shards.shards[index].contains { installs.contains($0.installID) } } ?? true
        }
        let told = shards.read(
            indices, into: (told: collector.finishEarliest(), filesRead: input.filesRead), threads: threads,
            pacer: MemoryPacer(threads: threads),
            each: { index, pacing, reader in
                let collector = StoryCollector(earliest: limit, of: keys)
                var read = shards.read(
                    index, into: collector, deferred: deferred, pacing: pacing, installs: installs, with: &reader)
                var (finished, _) = read.order.finishCounting()
                let told = finished.finishEarliest().map { told in
                    var told = told
                    told.place.part = index + 1
                    return told
                }
                return (told, read.filesRead)
            },
            merge: { all, shard in
                all.told += shard.0
                all.filesRead += shard.1
            })
        let earliest = told.told.sorted { $0.place < $1.place }.prefix(limit).map(\.story)
        return (earliest, told.filesRead)
    }
}
