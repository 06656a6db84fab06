import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@testable import AuthTrailAnalysis

@Suite("the HTML report's timelines read the inputs once and tell what show's two reads tell")
struct TimelineStoriesTests {
    /// `collectEarliest` against `collect` with the same keys and limit: the same stories, in the same order, but for
    /// the log lines, which only `collect` reads.
    func checkSameStories(_ paths: [String], limits: [Int], atLeast keysWanted: Int = 20) throws {
        let all = OperationStory.collect(paths: paths, selection: StorySelection(), limit: 1_000_000)
        let keys = all.stories.filter { $0.operation.operationID != nil }.map(\.operation.key)
        try #require(keys.count >= keysWanted)
        // Every key, and every third key (the HTML report asks for some operations, not all).
        for chosen in [Set(keys), Set(keys.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))] {
            var selection = StorySelection()
            selection.keys = chosen
            for limit in limits {
                let twoReads = OperationStory.collect(paths: paths, selection: selection, limit: limit).stories.map {
                    var story = $0
                    (story.logs, story.logsNotKept) = ([], 0)
                    return story
                }
                let oneRead = Self.collectEarliest(paths: paths, keys: chosen, limit: limit)
                #expect(!oneRead.isEmpty)
                #expect(oneRead == twoReads, "\(chosen.count) keys, limit \(limit)")
            }
        }
    }

    /// The HTML report's one read, of every file of `paths`, on one thread.
    static func collectEarliest(paths: [String], keys: Set<OperationKey>, limit: Int) -> [OperationStory] {
        let inputs = Report.buildWithInputs(paths: paths).inputs
        return OperationStory.collectEarliest(inputs, installs: nil, keys: keys, limit: limit, threads: 1).stories
    }

    @Test("over a generated fleet, with limits below and above the number of operations")
    func generatedFleet() throws {
        let fleet = try GeneratedFleet(installs: 40)
        defer { fleet.remove() }
        try checkSameStories([fleet.directory.path], limits: [1, 7, 70, 100_000])
    }

    @Test("over a planted fleet split between processes and shuffled")
    func resplitFleet() throws {
        let fleet = try PlantedFleet(damaged: false)
        defer { fleet.remove() }
        let folder = try TemporaryDirectory("timeline-resplit")
        defer { folder.remove() }
        let paths = try ResplitFleet(folders: fleet.deviceFolders).write(seed: 5, to: folder.url, processes: 2...3)
        try checkSameStories(paths, limits: [3, 200, 100_000])
    }

    @Test("an id used again after its operation closed, and an operation of more attempts than a story keeps")
    func reusedKeyAndLongOperation() throws {
        let folder = try TemporaryDirectory("timeline-shapes")
        defer { folder.remove() }
        var lines: [String] = []
        func end(_ operation: String, attempt: Int, second: Int, failed: Bool) {
            lines.append(
                EndEventFiles.line(
                    "11111111-2222-3333-4444-555555555555", operation, attempt: attempt, second: second, failed: failed)
            )
        }
        // `reused`: closed by its success, then the same id again an hour later: two operations of one key.
        end("reused", attempt: 1, second: 0, failed: true)
        end("reused", attempt: 2, second: 2, failed: false)
        // `long`: 250 failures a second apart, then a success; a story keeps the first 200 attempts.
        for attempt in 1...251 { end("long", attempt: attempt, second: 10 + attempt, failed: attempt < 251) }
        end("reused", attempt: 1, second: 3_600, failed: true)
        end("reused", attempt: 2, second: 3_602, failed: false)
        for index in 0..<3 { end("other-\(index)", attempt: 1, second: 5 + index, failed: true) }
        try EndEventFiles.write(lines, to: folder.path + "/trail.jsonl")
        try checkSameStories([folder.path], limits: [1, 2, 3, 10], atLeast: 5)
        let stories = Self.collectEarliest(
            paths: [folder.path],
            keys: [OperationKey(installID: "11111111-2222-3333-4444-555555555555", operationID: "reused")], limit: 2)
        #expect(stories.map(\.operation.attempts.count) == [2, 2])
        #expect(stories.count == 2 && stories[0].operation.start < stories[1].operation.start)
    }
}
