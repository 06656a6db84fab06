import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@testable import AuthTrailAnalysis

@Suite("the HTML report's timelines read the files of the installs they draw, and of those holding others' events")
struct TimelineInstallsTests {
    @Test("over a generated fleet: fewer files read, the same stories as a read of every file")
    func generatedFleet() throws {
        let fleet = try GeneratedFleet(installs: 40)
        defer { fleet.remove() }
        let built = Report.buildWithInputs(paths: [fleet.directory.path])
        #expect(built.inputs.installsHoldingOthers.isEmpty)
        try checkFewerFilesSameStories(built)
    }

    @Test(
        "a support bundle beside other installs' segments: read as files, or whole when damaged; the stories the same",
        arguments: [false, true])
    func bundleBesideSegments(damaged: Bool) throws {
        let fleet = try PlantedFleet()
        defer { fleet.remove() }
        let generated = try GeneratedFleet(installs: 40)
        defer { generated.remove() }
        let bundle = try fleet.bundleOfTwoDevices()
        if damaged {
            // Bytes that are no frame after the last: the bundle's frames cannot all be walked.
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: bundle))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("garbage".utf8))
            try handle.close()
        }
        let built = Report.buildWithInputs(paths: [bundle, generated.directory.path])
        #expect(built.inputs.plan.unsectionedMixed == (damaged ? [bundle] : []))
        let sectionsFiled = built.inputs.plan.installs.filter { $0.files.contains { $0.path == bundle } }.count
        #expect(sectionsFiled == (damaged ? 0 : 2))
        #expect(built.inputs.installsHoldingOthers.isEmpty)
        try checkFewerFilesSameStories(built)
    }

    /// The report's drawn operations told from the files of their installs (and the mixed files): fewer files than
    /// all, and the same stories as a read of every file.
    private func checkFewerFilesSameStories(
        _ built: (report: Report, problems: [InputFiles.Problem], inputs: InputsRead)
    ) throws {
        let keys = Set(
            built.report.timelineOperations.map { OperationKey(installID: $0.installID, operationID: $0.operationID) })
        try #require(keys.count >= 5)
        let installs = try #require(built.inputs.installsToRead(for: Set(keys.map(\.installID))))
        #expect(installs == Set(keys.map(\.installID)).union(built.inputs.installsHoldingOthers))

        let some = OperationStory.collectEarliest(
            built.inputs, installs: installs, keys: keys, limit: 2 * keys.count, threads: 1)
        let every = OperationStory.collectEarliest(
            built.inputs, installs: nil, keys: keys, limit: 2 * keys.count, threads: 1)
        #expect(!some.stories.isEmpty)
        #expect(some.stories == every.stories)
        // Files, and bundles' segments, read.
        let mixed = built.inputs.plan.unsectionedMixed.count
        #expect(every.filesRead == built.inputs.plan.installs.reduce(mixed) { $0 + $1.files.count })
        let ownFiles = built.inputs.plan.installs.filter { installs.contains($0.installID) }.map(\.files.count)
        #expect(some.filesRead == ownFiles.reduce(0, +) + mixed)
        #expect(some.filesRead < every.filesRead)

        let timelines = OperationTimelines.collect(built.inputs, for: built.report, threads: 1)
        #expect(timelines.operations.count == built.report.timelineOperations.count)
        // On two threads, the shards read at once: the same timelines.
        let twoThreads = OperationTimelines.collect(built.inputs, for: built.report, threads: 2)
        #expect(twoThreads.operations == timelines.operations)
    }

    @Test("a file of an install not drawn that holds a drawn install's attempt is read too")
    func fileHoldingAnotherInstall() throws {
        let folder = try TemporaryDirectory("timeline-installs")
        defer { folder.remove() }
        let (drawn, other) = try EndEventFiles.writeAttemptInAnotherInstallsFile(in: folder.path)

        let built = Report.buildWithInputs(paths: [folder.path])
        #expect(built.inputs.plan.installs.map(\.installID) == [other, drawn])
        #expect(built.inputs.installsHoldingOthers == [other])
        let keys: Set = [OperationKey(installID: drawn, operationID: "drawn-1")]
        #expect(Set(built.report.timelineOperations.map(\.installID)) == [drawn])
        #expect(built.inputs.installsToRead(for: [drawn]) == [drawn, other])
        #expect(built.inputs.installsToRead(for: [drawn, ""]) == nil)

        // The report counts the attempt in the other install's file where it reads that file, in the other
        // install's shard: drawn-1 is two operations, and the timelines find both, and tell the one the report drew.
        #expect(built.report.retries.operations == 3)
        let both = OperationStory.collectEarliest(
            built.inputs, installs: [drawn, other], keys: keys, limit: 4, threads: 2)
        #expect(both.stories.map { $0.operation.attempts.map(\.number) } == [[1], [2, 3]])
        let drawnAt = try #require(built.report.timelineOperations.first { $0.installID == drawn }).at.milliseconds
        let timelines = OperationTimelines.collect(built.inputs, for: built.report, threads: 2)
        let told = try #require(timelines[drawn, "drawn-1"])
        #expect((told.operation.start...told.operation.end).contains(drawnAt))
        #expect(told.operation.attempts.map(\.number) == [1])  // the earliest failure of the pattern
        // Its own files alone would miss the first attempt.
        let fromOwn = OperationStory.collectEarliest(
            built.inputs, installs: [drawn], keys: keys, limit: 2, threads: 1
        ).stories
        #expect(fromOwn.map { $0.operation.attempts.map(\.number) } == [[2, 3]])
    }
}
