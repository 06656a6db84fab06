import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

@Suite("operation stories tell what was planted")
struct OperationStoryTests {
    func story(_ id: OperationID, in fleet: StoryFleet) throws -> OperationStory {
        var selection = StorySelection()
        selection.operationIDs = [id.rawValue]
        let collection = OperationStory.collect(paths: [fleet.directory.path], selection: selection)
        #expect(collection.problems.isEmpty)
        #expect(collection.matched == 1)
        return try #require(collection.stories.first)
    }

    @Test("silent interaction required then interactive success: both attempts, the wait, the logs, no fix needed")
    func fallback() throws {
        let fleet = try StoryFleet()
        defer { fleet.remove() }
        let story = try story(fleet.fallback, in: fleet)
        #expect(story.operation.attempts.map(\.kind.rawValue) == ["silent", "interactive"])
        #expect(story.operation.attempts.map(\.outcome.rawValue) == ["failure", "success"])
        #expect(story.operation.attempts.map(\.durationMilliseconds) == [200, 200])
        let error = try #require(story.operation.attempts[0].error)
        #expect(error.code == -50002 && error.codeName == "interactionRequired" && error.stsCodes == [50076])
        #expect(error.oauthError == "invalid_grant" && error.oauthSuberror == "basic_action")
        #expect(error.action == .acquireInteractively)
        #expect(story.waits.map(\.milliseconds) == [1000] && story.waits[0].honoursRetryAfter == nil)
        // Three MSAL lines over the two correlation ids, in time order, the user's e-mail redacted by the trail.
        #expect(story.logs.count == 3)
        #expect(story.logs.map(\.source) == ["msal", "msal", "msal"])
        #expect(story.logs.compactMap(\.time) == story.logs.compactMap(\.time).sorted())
        #expect(story.logs.last?.correlationID == fleet.fallbackInteractiveCorrelation)
        #expect(story.logs.allSatisfy { !$0.message.contains(StoryFleet.email) })
        #expect(story.logs[0].message.hasPrefix("acquireTokenSilent for "))
        #expect(story.verdict.finding == .fellBackToInteractive)
    }

    @Test("a 429 with Retry-After 30 s retried after 2 s: the wait did not honour it, and the verdict says wait")
    func ignoredRetryAfter() throws {
        let fleet = try StoryFleet()
        defer { fleet.remove() }
        let story = try story(fleet.ignoredRetryAfter, in: fleet)
        #expect(story.operation.attempts.map(\.outcome.rawValue) == ["failure", "success"])
        #expect(
            story.operation.attempts[0].error?.httpStatus == 429
                && story.operation.attempts[0].error?.retryAfterSeconds == 30)
        let wait = try #require(story.waits.first)
        #expect(wait.milliseconds == 2000 && wait.retryAfterSeconds == 30 && wait.honoursRetryAfter == false)
        #expect(wait.announcedMilliseconds == 2000 && wait.reason == "retryAfter")
        #expect(story.verdict.finding == .retryAfterIgnored)
        #expect(story.verdict.summary.contains("30 s") && story.verdict.summary.contains("2 s"))
    }

    @Test("six failures a second apart are a storm; a cancelled fallback needs nothing; claims and no fallback")
    func otherVerdicts() throws {
        let fleet = try StoryFleet()
        defer { fleet.remove() }
        let storm = try story(fleet.storm, in: fleet)
        #expect(storm.operation.attempts.count == 6 && storm.waits.count == 5)
        #expect(storm.verdict.finding == .retryStorm)
        let cancelled = try story(fleet.cancelled, in: fleet)
        #expect(cancelled.operation.attempts.map(\.outcome.rawValue) == ["failure", "cancelled"])
        #expect(cancelled.verdict.finding == .userCancelled && !cancelled.verdict.needsAction)
        let claims = try story(fleet.claims, in: fleet)
        #expect(claims.operation.attempts.allSatisfy { $0.error?.claimsChallenge == true })
        #expect(claims.verdict.finding == .claimsNotPassed && claims.verdict.summary.contains("pass"))
        let noFallback = try story(fleet.noFallback, in: fleet)
        #expect(noFallback.verdict.finding == .noInteractiveFallback)
        #expect(noFallback.verdict.summary.contains("interactive"))
    }

    @Test("selecting by key, by correlation id and by install and time finds the same operation")
    func selectors() throws {
        let fleet = try StoryFleet()
        defer { fleet.remove() }
        let expected = try story(fleet.fallback, in: fleet)
        var byKey = StorySelection()
        byKey.keys = [expected.operation.key]
        var byCorrelation = StorySelection()
        byCorrelation.correlationIDs = [fleet.fallbackInteractiveCorrelation.lowercased()]
        var byInstall = StorySelection()
        byInstall.installIDs = [expected.operation.installID]
        byInstall.since = expected.operation.start
        byInstall.until = expected.operation.start + 2_000
        for selection in [byKey, byCorrelation, byInstall] {
            let collection = OperationStory.collect(paths: [fleet.directory.path], selection: selection)
            #expect(collection.matched == 1)
            #expect(collection.stories == [expected])
        }
    }

    @Test("a raw MSAL log paste tells the refused silent request and the cancelled interactive one, with its lines")
    func rawLog() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = "\(directory.path)/ticket.txt"
        // The reader's own paste, with the account's e-mail on the first line (the reader must redact it).
        let paste = RawLogReaderTests.fallbackPaste.replacingOccurrences(
            of: "acquireTokenSilentWithParameters:(", with: "acquireTokenSilent account:\(StoryFleet.email) (")
        #expect(paste.contains(StoryFleet.email))
        try Data(paste.utf8).write(to: URL(fileURLWithPath: path))
        var selection = StorySelection()
        selection.correlationIDs = ["66666666-7777-8888-9999-AAAAAAAAAAAA"]
        let collection = OperationStory.collect(paths: [path], selection: selection)
        #expect(collection.problems.isEmpty)
        let story = try #require(collection.stories.first)
        #expect(story.operation.attempts.map(\.kind.rawValue) == ["silent", "interactive"])
        #expect(story.operation.attempts.map(\.outcome.rawValue) == ["failure", "cancelled"])
        #expect(story.operation.attempts[0].error?.code == -50002)
        #expect(story.logs.count >= 4)
        #expect(story.logs.allSatisfy { !$0.message.contains(StoryFleet.email) })
        #expect(story.verdict.finding == .userCancelled)
    }
}

@Suite("show finds the operations the report counts")
struct StoryReportAgreementTests {
    /// Every operation, with the report's counts computed from the stories.
    func allStories(_ paths: [String]) -> StoryCollection {
        OperationStory.collect(paths: paths, selection: StorySelection(), limit: 1_000_000)
    }

    /// - Parameter planted: whether the inputs hold retried operations, Retry-After violations and storms (so the
    ///   comparison below cannot pass with nothing compared).
    func checkAgreement(_ paths: [String], planted: Bool = true) throws {
        let (report, problems) = Report.build(paths: paths)
        #expect(problems.isEmpty)
        if planted {
            #expect(report.retries.retriedOperations > 0 && report.retries.retryAfter.violations > 0)
            #expect(report.retries.operationStorms.count > 0 && report.patterns.count > 2)
        }
        let all = allStories(paths)
        #expect(all.matched == report.retries.operations && all.stories.count == all.matched)
        var histogram: [Int: Int] = [:]
        for story in all.stories { histogram[story.operation.attempts.count, default: 0] += 1 }
        #expect(
            histogram.sorted { $0.key < $1.key }.map { [$0.key, $0.value] }
                == report.retries.attemptsHistogram.map { [$0.attempts, $0.operations] })
        let violations = all.stories.flatMap(\.waits).filter { $0.honoursRetryAfter == false }.count
        #expect(violations == report.retries.retryAfter.violations)
        #expect(all.stories.filter { $0.verdict.finding == .retryStorm }.count == report.retries.operationStorms.count)
        for pattern in report.patterns {
            let domain = try #require(pattern.domain)
            let code = try #require(pattern.code)
            var selection = StorySelection()
            selection.codes = ["\(domain):\(code)"]
            let found = OperationStory.collect(paths: paths, selection: selection, limit: 1_000_000)
            let attempts = found.stories.flatMap(\.operation.attempts).filter {
                $0.outcome != .known(.success) && $0.error?.domain == domain && $0.error?.code == code
            }
            // Patterns are per (domain, code, sub-code): add up the rows of this code.
            let counted = report.patterns.filter { $0.domain == domain && $0.code == code }.reduce(0) { $0 + $1.count }
            #expect(attempts.count == counted, "pattern \(domain):\(code)")
            #expect(found.stories.count == found.matched)
            #expect(Set(found.stories.map(\.self)).count == found.stories.count)
        }
    }

    @Test("over the story fleet")
    func storyFleet() throws {
        let fleet = try StoryFleet()
        defer { fleet.remove() }
        try checkAgreement([fleet.directory.path])
    }

    @Test("over a generated fleet of 40 installs, each split over two launches")
    func generatedFleet() throws {
        let fleet = try GeneratedFleet(installs: 40)
        defer { fleet.remove() }
        try checkAgreement([fleet.directory.path])
    }

    @Test("over a planted fleet split between processes and shuffled", arguments: [3, 4] as [UInt64])
    func resplitFleet(seed: UInt64) throws {
        let fleet = try PlantedFleet(damaged: false)
        defer { fleet.remove() }
        let folder = try TemporaryDirectory("story-resplit")
        defer { folder.remove() }
        let paths = try ResplitFleet(folders: fleet.deviceFolders).write(seed: seed, to: folder.url, processes: 2...3)
        try checkAgreement(paths)
    }

    @Test("--limit keeps the earliest stories and counts the others")
    func limit() throws {
        let fleet = try GeneratedFleet(installs: 20)
        defer { fleet.remove() }
        let all = allStories([fleet.directory.path])
        #expect(all.matched > 10)
        let limited = OperationStory.collect(paths: [fleet.directory.path], selection: StorySelection(), limit: 7)
        #expect(limited.matched == all.matched)
        let earliest = all.stories.sorted {
            ($0.operation.start, $0.operation.key) < ($1.operation.start, $1.operation.key)
        }.prefix(7)
        #expect(limited.stories == Array(earliest))
    }

    @Test("a bundle of the trail tells the same stories as the trail's folder")
    func bundle() throws {
        let fleet = try StoryFleet()
        defer { fleet.remove() }
        let bundle = fleet.directory.url.deletingLastPathComponent().appendingPathComponent(
            "story-\(UUID().uuidString).atbundle")
        defer { try? FileManager.default.removeItem(at: bundle) }
        let result = try ProcessRunner.authtrail(["bundle", fleet.directory.path, "-o", bundle.path])
        try #require(result.status == 0, "\(result.standardError)")
        let fromFolder = allStories([fleet.directory.path])
        let fromBundle = allStories([bundle.path])
        #expect(fromBundle.matched == fromFolder.matched && fromFolder.matched == 7)
        #expect(fromBundle.stories.map(\.verdict) == fromFolder.stories.map(\.verdict))
        #expect(fromBundle.stories.map(\.logs.count) == fromFolder.stories.map(\.logs.count))
    }
}
