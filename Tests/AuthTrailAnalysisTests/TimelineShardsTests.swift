import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@testable import AuthTrailAnalysis

@Suite("the HTML report's timelines read the report's shards on several threads, and tell what one thread tells")
struct TimelineShardsTests {
    /// The read of some installs' files on 2 and 3 threads against the same on one thread and a read of every file,
    /// for every key and every third key, at each limit: the same stories in the same order.
    func checkSameStories(_ paths: [String], limits: [Int]) throws {
        let built = Report.buildWithInputs(paths: paths)
        let all = OperationStory.collect(paths: paths, selection: StorySelection(), limit: 1_000_000)
        let keys = all.stories.filter { $0.operation.operationID != nil }.map(\.operation.key)
        try #require(Set(keys.map(\.installID)).count >= 3)
        for chosen in [Set(keys), Set(keys.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))] {
            let installs = try #require(built.inputs.installsToRead(for: Set(chosen.map(\.installID))))
            for limit in limits {
                let oneThread = OperationStory.collectEarliest(
                    built.inputs, installs: installs, keys: chosen, limit: limit, threads: 1)
                #expect(!oneThread.stories.isEmpty)
                let everyFile = OperationStory.collectEarliest(
                    built.inputs, installs: nil, keys: chosen, limit: limit, threads: 1)
                #expect(everyFile.stories == oneThread.stories && everyFile.filesRead >= oneThread.filesRead)
                for threads in [2, 3] {
                    // The pacer's budget lifted: this process is far past it, and shards would run one at a time.
                    let sharded = OperationStory.collectEarliest(
                        built.inputs, installs: installs, keys: chosen, limit: limit, threads: threads,
                        budgetBytes: .max)
                    #expect(
                        sharded.stories == oneThread.stories, "\(chosen.count) keys, limit \(limit), \(threads) threads"
                    )
                    #expect(sharded.filesRead == oneThread.filesRead)
                }
            }
        }
        let timelines = OperationTimelines.collect(built.inputs, for: built.report, threads: 1)
        #expect(!timelines.operations.isEmpty)
        #expect(
            OperationTimelines.collect(built.inputs, for: built.report, threads: 2).operations == timelines.operations)
    }

    @Test("over a generated fleet, with limits below and above the number of operations")
    func generatedFleet() throws {
        let fleet = try GeneratedFleet(installs: 40)
        defer { fleet.remove() }
        try checkSameStories([fleet.directory.path], limits: [1, 7, 70, 100_000])
    }

    @Test("installs whose ids are used again after their operations closed, with equal starts across installs")
    func reusedKeysAcrossInstalls() throws {
        let folder = try TemporaryDirectory("timeline-shards")
        defer { folder.remove() }
        for index in 0..<4 {
            let install = "0000000\(index)-2222-3333-4444-555555555555"
            var lines: [String] = []
            // Every install starts its operations at the same seconds: only the key orders them.
            for (operation, second) in [("reused", 0), ("other", 1), ("reused", 3_600), ("late", 3_601)] {
                lines.append(EndEventFiles.line(install, operation, attempt: 1, second: second, failed: true))
                lines.append(EndEventFiles.line(install, operation, attempt: 2, second: second + 2, failed: false))
            }
            try EndEventFiles.write(lines, to: folder.path + "/install-\(index).jsonl")
        }
        try checkSameStories([folder.path], limits: [1, 5, 9, 100])
    }
}
