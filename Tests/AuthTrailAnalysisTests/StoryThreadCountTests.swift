import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@testable import AuthTrailAnalysis

@Suite("show reads the report's shards on several threads and tells the same stories on any number")
struct StoryThreadCountTests {
    /// `collect` on 1, 2 and 3 threads for each selection: the same stories, counts and warnings. The pacer's budget
    /// is lifted: this process is far past it, and shards would run one at a time.
    func checkSameOnAnyThreadCount(_ paths: [String], selections: [(StorySelection, Int)]) -> [StoryCollection] {
        selections.map { selection, limit in
            let one = OperationStory.collect(paths: paths, selection: selection, limit: limit, threads: 1)
            for threads in [2, 3] {
                let many = OperationStory.collect(
                    paths: paths, selection: selection, limit: limit, threads: threads, budgetBytes: .max)
                #expect(many.stories == one.stories, "limit \(limit), \(threads) threads")
                #expect(many.matched == one.matched && many.events == one.events)
                #expect(many.warnings == one.warnings && many.problems.isEmpty && one.problems.isEmpty)
            }
            return one
        }
    }

    @Test("a generated fleet with raw MSAL logs beside it (each an install of its own)")
    func fleetWithRawLogs() throws {
        let fleet = try GeneratedFleet(installs: 40)
        defer { fleet.remove() }
        let pastes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Pastes/msal-logs")
        let rawLogs = [
            "05-objc-2187-console-app.txt", "10-objc-1260-silent-invalid-grant.txt", "21-objc-1109-broker-flow.txt",
        ]
        .map { pastes.appendingPathComponent($0).path }
        let paths = [fleet.directory.path] + rawLogs
        let plan = Report.buildWithInputs(paths: paths).inputs.plan
        let installs = plan.installs.map(\.installID)
        #expect(installs.count == 43 && installs.filter { $0.hasPrefix("raw:") }.count == 3)

        var byCode = StorySelection()
        byCode.codes = ["-50002"]
        var byInstall = StorySelection()
        byInstall.installIDs = Set(
            installs.filter { !$0.hasPrefix("raw:") }.enumerated().filter { $0.offset % 7 == 0 }.map(\.1))
        let told = checkSameOnAnyThreadCount(
            paths, selections: [(StorySelection(), 1_000_000), (StorySelection(), 7), (byCode, 5), (byInstall, 50)])
        let all = told[0]
        #expect(all.matched > 300 && all.stories.count == all.matched)
        #expect(all.stories.contains { $0.operation.installID.hasPrefix("raw:") }, "the raw logs' operations")
        #expect(told[1].stories == Array(all.stories.prefix(7)))
        #expect(told[2].matched > 5 && told[2].stories.count == 5)
        #expect(Set(told[3].stories.map(\.operation.installID)) == byInstall.installIDs)

        // The second read reads again only the shards of the stories told: one install's, or those of the earliest 7;
        // of all stories, every shard but those of installs without an operation (a raw log of none).
        let files = plan.installs.reduce(0) { $0 + $1.files.count }
        let storied = Set(all.stories.map(\.operation.installID))
        let shardsTold = InstallShards(plan.installs, deferredInstalls: []).shards.filter {
            $0.contains { storied.contains($0.installID) }
        }
        #expect(storied.count < installs.count)
        #expect(all.filesReadToTell == shardsTold.joined().reduce(0) { $0 + $1.files.count })
        let oneInstall = try #require(plan.installs.first { !$0.installID.hasPrefix("raw:") })
        var byOneInstall = StorySelection()
        byOneInstall.installIDs = [oneInstall.installID]
        let one = OperationStory.collect(paths: paths, selection: byOneInstall, limit: 5, threads: 2)
        #expect(one.matched > 0 && one.filesReadToTell == oneInstall.files.count)
        #expect(told[1].filesReadToTell < files / 4, "the earliest 7 of \(all.matched)")
    }

    @Test("a bundle read whole (bytes after its last frame): past what may wait, events are told out of order alike")
    func bundleReadWhole() throws {
        let (directory, _, bundle) = try BundleSectionsTests.fixture()
        defer { directory.remove() }
        let tailed = directory.url.appendingPathComponent("tailed.zst").path
        try Data(try BundleSectionsTests.bytes(bundle) + Array("garbage".utf8)).write(to: URL(fileURLWithPath: tailed))
        #expect(Report.buildWithInputs(paths: [tailed]).inputs.plan.unsectionedMixed == [tailed])
        var byCode = StorySelection()
        byCode.codes = ["-1009"]
        let told = checkSameOnAnyThreadCount([tailed], selections: [(StorySelection(), 1_000_000), (byCode, 30)])
        #expect(told[0].events == 19_206 && told[0].matched > 0)
        #expect(told[0].warnings.contains { $0.contains("counted before the events around them in time") })
        #expect(told[1].stories.count == 30)
    }

    @Test("an attempt in a file of another install: show tells the operations the report counts, as it splits them")
    func attemptInAnotherInstallsFile() throws {
        let folder = try TemporaryDirectory("story-threads")
        defer { folder.remove() }
        // The report counts each install in its own shard, so the attempt in the other install's file is counted
        // where that file is read, apart from the drawn install's own attempts.
        let (drawn, _) = try EndEventFiles.writeAttemptInAnotherInstallsFile(in: folder.path)
        let report = Report.build(paths: [folder.path]).report
        #expect(report.retries.operations == 3)
        for threads in [1, 2] {
            let all = OperationStory.collect(
                paths: [folder.path], selection: StorySelection(), limit: 100, threads: threads)
            #expect(all.matched == report.retries.operations)
            var histogram: [Int: Int] = [:]
            for story in all.stories { histogram[story.operation.attempts.count, default: 0] += 1 }
            #expect(
                histogram.sorted { $0.key < $1.key }.map { [$0.key, $0.value] }
                    == report.retries.attemptsHistogram.map { [$0.attempts, $0.operations] })
            let drawnAttempts = all.stories.filter { $0.operation.installID == drawn }.map {
                $0.operation.attempts.map(\.number)
            }
            #expect(drawnAttempts == [[1], [2, 3]])
        }
    }

    @Test("a file of several installs read whole: an operation's log lines are told though they waited for its turn")
    func logLinesInAnotherPart() throws {
        let directory = try TemporaryDirectory("story-threads")
        defer { directory.remove() }
        // One install, 3,000 operations of a failed attempt with a log line of its correlation id between its start
        // and end: 9,000 events, more than may wait for their install's turn in a file of several installs. Bundled,
        // with bytes after the last frame, the bundle is such a file: the first 8,192 events wait for the install's
        // shard, the others are told at once, and one operation's end is told apart from its start and log line.
        let install = "00000000-0000-4000-8000-000000000000"
        var lines: [String] = []
        for operation in 0..<3_000 {
            let (id, correlation) = ("op-\(operation)", String(format: "%08d-1111-4000-8000-000000000000", operation))
            let time = { (second: Int) in BundleSectionsTests.time(operation * 3 + second) }
            let common = #""install.id":"\#(install)","operation.id":"\#(id)","msal.correlation_id":"\#(correlation)""#
            lines.append(
                #"{"timestamp":"\#(time(0))","event.name":"acquisition.start",\#(common),"attempt":1,"acquisition.kind":"silent"}"#
            )
            lines.append(#"{"timestamp":"\#(time(1))","event.name":"log",\#(common),"body":"line of \#(id)"}"#)
            lines.append(
                #"{"timestamp":"\#(time(2))","event.name":"acquisition.end",\#(common),"attempt":1,"acquisition.kind":"silent","outcome":"failure","duration_ms":120,"error.domain":"MSALErrorDomain","error.code":-50002}"#
            )
        }
        let folder = directory.url.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try BundleSectionsTests.writeSegment(
            folder.appendingPathComponent("segment.jsonl.zst").path, lines: lines,
            metadata: [
                "format": "authtrail-segment", "install.id": install, "segment.created_at": BundleSectionsTests.time(0),
            ])
        let bundle = directory.url.appendingPathComponent("ticket.authtrail.zst").path
        // Forced: the residual-PII scan takes the made-up correlation ids for object ids.
        let written = try BundleWriter(toolVersion: "test").write(paths: [folder.path], to: bundle, force: true)
        try #require(written.bundle.written)
        try Data(try BundleSectionsTests.bytes(bundle) + Array("garbage".utf8)).write(to: URL(fileURLWithPath: bundle))
        #expect(Report.buildWithInputs(paths: [bundle]).inputs.plan.unsectionedMixed == [bundle])

        var byCode = StorySelection()
        byCode.codes = ["-50002"]
        // The operation told apart (its end the 8,193rd event) alone: its shard holds no other match.
        var byCorrelation = StorySelection()
        byCorrelation.correlationIDs = ["00002730-1111-4000-8000-000000000000"]
        let told = checkSameOnAnyThreadCount([bundle], selections: [(byCode, 10_000), (byCorrelation, 10)])
        #expect(told[0].matched == 3_000 && told[0].stories.count == 3_000)
        let withoutLog = told[0].stories.filter {
            $0.logs.map(\.message) != ["line of \($0.operation.operationID ?? "")"]
        }.map(\.operation.operationID)
        #expect(withoutLog.isEmpty, "\(withoutLog)")
        #expect(told[1].stories.map(\.logs.count) == [1] && told[1].stories.first?.operation.operationID == "op-2730")
    }
}
