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
    /// Files (and bundles' segments) the second read, which tells the stories, read again.
    var filesReadToTell = 0
}

extension OperationStory {
    /// Tells the stories of the operations `selection` matches in `paths` (files, directories, bundles, raw MSAL
    /// logs, "-" for standard input), the same operations the report counts: read in the same install time order
    /// (`InstallTimeOrder`), in the same shards (`InstallShards`), delimited by the same rules (`OperationTracker`).
    ///
    /// Reads the inputs twice: first to find the earliest `limit` matching operations and their correlation ids
    /// (keeping no more than that), then to tell only those, with the `log` events of those correlation ids, reading
    /// again only the shards that hold them. The shards are read on `threads` threads (nil: one per active
    /// processor) as memory allows (`budgetBytes`: `MemoryPacer`'s), and merged in their order, so the stories do not
    /// depend on the number. Standard input is copied to a temporary file first, so it can be read twice.
    package static func collect(
        paths: [String], selection: StorySelection, limit: Int = 20, threads: Int? = nil, budgetBytes: Int? = nil
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
            threads: threads, pacer: MemoryPacer(threads: threads, budgetBytes: budgetBytes),
            each: { index, pacing, reader in
                let finder = StoryFinder(selection: selection, limit: limit, part: index + 1)
                var (order, problems, _) = shards.read(
                    index, into: finder, deferred: deferred, pacing: pacing, with: &reader)
                let (found, releasedEarly) = order.finishCounting()
                return (found.counted, problems, releasedEarly)
            },
            merge: { $0.add($1) })
        let finished = InstallTimeOrder<StoryFinder>.finish(&found.finder, releasedEarly: found.releasedEarly)
        var collection = StoryCollection()
        collection.problems = found.problems.map(copy.named)
        collection.matched = finished.matched
        collection.events = finished.events
        collection.warnings = finished.warnings.map(copy.named)
        guard !finished.matches.isEmpty else { return collection }
        (collection.stories, collection.filesReadToTell) = tell(
            finished.matches, input: &input, shards: shards,
            pacer: MemoryPacer(threads: threads, budgetBytes: budgetBytes), threads: threads)
        return collection
    }

    /// The second read of `collect`: the stories of `matches`, in their order, and the files it read. It reads again
    /// the files of several installs (whose events wait for the same shards' turns as in the first read), the shards
    /// that hold matches, and those holding the installs of matches in the files of several installs (their log lines
    /// may have waited for their turn).
    private static func tell(
        _ matches: [StoryFinder.Match], input: inout InputReader, shards: InstallShards, pacer: MemoryPacer,
        threads: Int
    ) -> (stories: [OperationStory], filesRead: Int) {
        let chosen = StoryCollector.Chosen(matches)
        var mixed = InstallTimeOrder(StoryCollector(chosen, part: 0))
        input.readMixed(into: &mixed)
        let deferred = mixed.takeDeferred()
        var shardOfInstall: [String: Int] = [:]
        for (index, shard) in shards.shards.enumerated() {
            for install in shard { shardOfInstall[install.installID] = index }
        }
        let indices = Set(
            matches.compactMap { $0.part > 0 ? $0.part - 1 : shardOfInstall[$0.key.installID] }
        ).sorted()
        let read = shards.read(
            indices, into: (parts: [0: mixed.finish()], filesRead: input.filesRead), threads: threads, pacer: pacer,
            each: { index, pacing, reader in
                let collector = StoryCollector(chosen, part: index + 1)
                var (order, _, filesRead) = shards.read(
                    index, into: collector, deferred: deferred, pacing: pacing, with: &reader)
                return (index + 1, order.finish(), filesRead)
            },
            merge: { read, shard in
                read.parts[shard.0] = shard.1
                read.filesRead += shard.2
            })
        return (matches.compactMap { StoryCollector.Drafted.story(of: $0, in: read.parts) }, read.filesRead)
    }

    /// What the first read of `collect` found: the files of several installs' finder, with what each shard found
    /// added (only that: a finished shard waiting for an earlier one keeps no tracker).
    private struct FoundParts {
        var finder: StoryFinder
        var problems: [InputFiles.Problem]
        var releasedEarly: Int

        mutating func add(_ shard: (found: StoryFinder.Found, problems: [InputFiles.Problem], releasedEarly: Int)) {
            finder.merge(shard.found)
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
    /// - Parameter budgetBytes: `MemoryPacer`'s, nil for the default.
    static func collectEarliest(
        _ inputs: InputsRead, installs: Set<String>?, keys: Set<OperationKey>, limit: Int, threads: Int,
        budgetBytes: Int? = nil
    ) -> (stories: [OperationStory], filesRead: Int) {
        var input = InputReader(inputs)
        var mixed = InstallTimeOrder(StoryCollector(earliest: limit, of: keys))
        input.readMixed(into: &mixed)
        let deferred = mixed.takeDeferred()
        var (collector, _) = mixed.finishCounting()
        // The report's shards. An install that waited here but is in none (the report's filter kept none of its
        // events) has no operation drawn; its events are left.
        let shards = inputs.shards
        let indices = shards.shards.indices.filter { index in
            installs.map { installs in shards.shards[index].contains { installs.contains($0.installID) } } ?? true
        }
        let told = shards.read(
            indices, into: (told: collector.finishEarliest(), filesRead: input.filesRead), threads: threads,
            pacer: MemoryPacer(threads: threads, budgetBytes: budgetBytes),
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
