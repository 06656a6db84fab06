import AuthTrail
package import Foundation

/// Many installs' segments, written by the real `Trail`: each install runs two processes (two app launches on the same
/// folder, a day apart, so two segments with their metadata frames), each recording a random mix of what the report's
/// tables count. Deterministic for a seed. Unlike `PlantedFleet` the totals are not known by construction: the fleet
/// tests compare the SQL of docs/FLEET.md with `authtrail report` on it, and `authtrail-bench fleet` times both.
///
/// Operations: silent successes; silent interactionRequired failures (AADSTS50076, sometimes with 50079 and a repeated
/// code) falling back to an interactive attempt that succeeds, is cancelled or fails; HTTP 429 with Retry-After of 1, 5
/// or 30 s retried after 50 ms to 40 s; offline retries of 3 to 7 attempts whose gaps are immediate, growing, constant
/// or irregular (operation storms among them); attempts without `operation.id`; attempts without their
/// `acquisition.start`; durations with fractions (half milliseconds among them). One install in 50 also has a burst
/// of 22 to 30 quick successes (a device storm); four in five set a user, shared by ten installs.
///
/// One install in three has its segments re-packed by the `zstd` tool, as a collector that recompresses uploads would:
/// plain zstd frames, without the metadata and seal skippable frames the writer puts around them. Each re-packed
/// segment also gains a `store.dropped` report (with `dropped.total` on every other one, without on the rest, so it
/// counts as one), an event of a newer schema and a line that is not JSON: health counts SQL can see, and one it
/// cannot.
package struct GeneratedFleet: Sendable {
    package let directory: TemporaryDirectory
    package static let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// Writes `installs` installs into a new temporary folder.
    package init(installs: Int, seed: UInt64 = 17) throws {
        directory = try TemporaryDirectory("generated-fleet")
        try Self.write(installs: installs, seed: seed, into: directory.url)
    }

    /// Writes `installs` installs, one folder each (`install-N`), into `folder`.
    package static func write(installs: Int, seed: UInt64 = 17, into folder: URL) throws {
        var random = SplitMix64(seed: seed)
        var repacked: [String] = []
        for install in 0..<installs {
            let installFolder = folder.appendingPathComponent("install-\(install)")
            let user = random.next() % 5 == 0 ? nil : "user-\(install / 10)"
            let storm = random.next() % 50 == 0
            for process in 0..<2 {
                let launch = start.addingTimeInterval(Double(install) * 7 + Double(process) * 86_400)
                let trail = try Trail(
                    configuration: TrailConfiguration(
                        directory: installFolder,
                        app: AppInfo(identifier: "com.contoso.fleet", version: "4.\(process)"),
                        clock: ManualTrailClock(start: launch)))
                var recorder = Recorder(trail: trail, time: launch, user: user)
                for _ in 0..<(2 + Int(random.next() % 4)) { recorder.operation(&random) }
                if storm && process == 0 { recorder.storm(&random) }
                trail.shutdown(timeout: .testWait)
                guard trail.health.eventsLost == 0 else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSDebugDescriptionErrorKey: "events lost"])
                }
            }
            if install % 3 == 2 {
                repacked += try FileManager.default.contentsOfDirectory(atPath: installFolder.path)
                    .filter { $0.hasSuffix(".zst") }.map { installFolder.appendingPathComponent($0).path }
            }
        }
        try repack(repacked)
    }

    /// Decompresses `segments` with `zstd -d` (which steps over skippable frames), appends the health lines to each
    /// and compresses them again with `zstd`: two processes for all the files, not two per file.
    private static func repack(_ segments: [String]) throws {
        guard !segments.isEmpty else { return }
        try zstd(["-d", "-q", "--rm", "--"] + segments)
        let texts = segments.map { String($0.dropLast(".zst".count)) }
        for (index, path) in texts.enumerated() {
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            // The first line (`segment.start`) gives the install id and a time within the segment.
            let first = try handle.read(upToCount: 4_096)?.split(separator: UInt8(ascii: "\n")).first ?? Data()
            let line = try JSONSerialization.jsonObject(with: first) as? [String: Any] ?? [:]
            let install = line["install.id"] as? String ?? ""
            let time = line["timestamp"] as? String ?? ""
            let dropped = index % 2 == 0 ? ",\"dropped.total\":\"\(1 + index % 7)\"" : ""
            let lines = """
                {"timestamp":"\(time)","schema":1,"seq":100000,"event.name":"store.dropped",\
                "severity_text":"WARN","severity_number":13,"install.id":"\(install)"\(dropped)}
                {"timestamp":"\(time)","schema":2,"seq":100001,"event.name":"log","severity_text":"INFO",\
                "severity_number":9,"install.id":"\(install)","body":"an event of a newer writer"}
                a line a collector damaged

                """
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(lines.utf8))
        }
        try zstd(["-q", "--rm", "--"] + texts)
    }

    private static func zstd(_ arguments: [String]) throws {
        let run = try ProcessRunner.run("zstd", arguments)
        guard run.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSDebugDescriptionErrorKey: "zstd: \(run.standardError)"])
        }
    }

    package func remove() { directory.remove() }
}

/// Writes one process's operations, advancing its own time.
private struct Recorder {
    let trail: Trail
    var time: Date
    let user: String?

    private static let interactionRequired = FailureDetails(
        domain: "MSALErrorDomain", code: -50002, codeName: "interactionRequired", oauthError: "invalid_grant",
        stsErrorCodes: [50076], action: .acquireInteractively)
    private static let interactionRequiredTwice = FailureDetails(
        domain: "MSALErrorDomain", code: -50002, codeName: "interactionRequired", oauthError: "invalid_grant",
        stsErrorCodes: [50079, 50076, 50079], action: .acquireInteractively)
    private static let offline = FailureDetails(
        domain: "NSURLErrorDomain", code: -1009, codeName: "notConnectedToInternet", action: .waitForConnectivity)
    private static let cancelled = FailureDetails(
        domain: "MSALErrorDomain", code: -50005, codeName: "userCanceled", action: .userCancelled)
    private static let serverError = FailureDetails(
        domain: "MSALErrorDomain", code: -50003, codeName: "serverError", httpStatus: 503, action: .retryWithBackoff)

    private static func throttled(_ seconds: Double) -> FailureDetails {
        FailureDetails(
            domain: "MSALErrorDomain", code: -50000, codeName: "internal", subcode: -42007, httpStatus: 429,
            retryAfterSeconds: seconds, action: .retryAfter)
    }

    struct Step {
        var kind: TrailEvent.AcquisitionKind = .silent
        var failure: FailureDetails?
        var outcome: TrailEvent.Outcome = .success
        /// Milliseconds after the previous attempt's end.
        var gap: Double = 0
    }

    mutating func operation(_ random: inout SplitMix64) {
        time.addTimeInterval(60 + Double(random.next() % 1_200))
        switch random.next() % 20 {
        case 0..<6: attempts([Step()], random: &random)
        case 6..<9:
            let ends: [(TrailEvent.Outcome, FailureDetails?)] = [
                (.success, nil), (.success, nil), (.cancelled, Self.cancelled), (.failure, Self.serverError),
            ]
            let (outcome, failure) = ends[Int(random.next() % 4)]
            let first = random.next() % 3 == 0 ? Self.interactionRequiredTwice : Self.interactionRequired
            attempts(
                [
                    Step(failure: first, outcome: .failure),
                    Step(kind: .interactive, failure: failure, outcome: outcome, gap: Double(random.next() % 5_000)),
                ], random: &random)
        case 9..<12:
            let hint = [1.0, 5, 30][Int(random.next() % 3)]
            attempts(
                [
                    Step(failure: Self.throttled(hint), outcome: .failure),
                    Step(gap: [50.0, 900, 4_000, 31_000, 40_000][Int(random.next() % 5)]),
                ], random: &random)
        case 12..<16:
            let count = 3 + Int(random.next() % 5)
            var steps: [Step] = []
            for index in 0..<count {
                let gap: Double =
                    switch random.next() % 4 {
                    case 0: 40
                    case 1: 1_000 * pow(2, Double(index))
                    case 2: 2_000
                    default: Double(random.next() % 20_000)
                    }
                steps.append(Step(failure: Self.offline, outcome: .failure, gap: index == 0 ? 0 : gap))
            }
            if random.next() % 3 != 0 { steps[count - 1] = Step(gap: 1_000) }
            attempts(steps, random: &random)
        case 16..<18:
            let failed = random.next() % 2 == 0
            attempts(
                [Step(failure: failed ? Self.offline : nil, outcome: failed ? .failure : .success)], random: &random,
                withOperationID: false)
        default:
            attempts([Step(kind: .interactive)], random: &random)
        }
    }

    /// 22 to 30 silent successes, one a second.
    mutating func storm(_ random: inout SplitMix64) {
        time.addTimeInterval(600)
        for _ in 0..<(22 + Int(random.next() % 9)) { attempts([Step(gap: 800)], random: &random) }
    }

    private mutating func attempts(
        _ steps: [Step], random: inout SplitMix64, withOperationID: Bool = true
    ) {
        let id = withOperationID ? OperationID(rawValue: random.uuid()) : nil
        let attributes = user.map { ["enduser.id": $0] } ?? [:]
        for (index, step) in steps.enumerated() {
            time.addTimeInterval(step.gap / 1000)
            // Whole, half (a rounding tie) and fractional milliseconds.
            let microseconds: Int64 =
                switch random.next() % 3 {
                case 0: Int64(50 + random.next() % 3_000) * 1_000
                case 1: Int64(50 + random.next() % 3_000) * 1_000 + 500
                default: Int64(50_000 + random.next() % 3_000_000)
                }
            let duration = Duration.microseconds(microseconds)
            if random.next() % 10 != 0 {
                trail.record(
                    TrailEvent(
                        name: .acquisitionStart, severity: .debug, timestamp: time, operationID: id,
                        attempt: index + 1, kind: step.kind, scopes: ["User.Read"], attributes: attributes))
            }
            time.addTimeInterval(Double(microseconds) / 1_000_000)
            trail.record(
                TrailEvent(
                    name: .acquisitionEnd, severity: step.failure == nil ? .info : .error, timestamp: time,
                    operationID: id, attempt: index + 1, kind: step.kind, scopes: ["User.Read"],
                    correlationID: random.uuid(), duration: duration, outcome: step.outcome, failure: step.failure,
                    attributes: attributes))
        }
    }
}
