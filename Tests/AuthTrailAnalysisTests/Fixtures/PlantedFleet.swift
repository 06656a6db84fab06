import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation

/// Three devices' segments, written by the real `Trail`, with planted behaviour whose counts are known by
/// construction (see `PlantedFleetTests` for the expected numbers and how they follow from the plan):
///
/// - every device: 4 silent successes; 2 silent interactionRequired failures (AADSTS50076) that fall back to an
///   interactive success 1 s later; 1 such failure whose interactive fallback is cancelled; 1 HTTP 429
///   (Retry-After 30 s) retried 31 s later (compliant); device i has i+1 HTTP 429s retried only 2 s later (violations).
/// - device 1: one operation that fails 6 times with no network, 1 s apart, then succeeds (an operation storm).
/// - device 0: 25 silent successes 2 s apart (a device storm).
/// - device 2: its segment gets an extra frame with a non-JSON line, a schema-2 event with an unknown nested field, a
///   `store.dropped` line reporting 7 lost events, then a torn frame (half a frame: no complete block).
///
/// Every attempt takes 200 ms; operations are 10 minutes apart; device i's user is `user-i` (`enduser.id`).
struct PlantedFleet {
    let directory: TemporaryDirectory
    /// One folder per device.
    let deviceFolders: [String]
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// - Parameter damaged: false to leave device 2's segment as written (no extra frame, no torn tail).
    init(damaged: Bool = true) throws {
        directory = try TemporaryDirectory("planted-fleet")
        var folders: [String] = []
        for device in 0..<3 {
            let folder = directory.url.appendingPathComponent("device-\(device)")
            folders.append(folder.path)
            try Self.writeDevice(device, to: folder)
        }
        deviceFolders = folders
        if damaged { try Self.damageSegment(in: folders[2]) }
    }

    func remove() { directory.remove() }

    /// A support bundle of the first two devices, written beside them (the third stays loose segments).
    func bundleOfTwoDevices() throws -> String {
        let bundle = directory.path + "/two.bundle.zst"
        _ = try BundleWriter(toolVersion: "test").write(paths: Array(deviceFolders.prefix(2)), to: bundle, force: false)
        return bundle
    }

    /// All segment files, in reverse name order (readers must not depend on the order they are given).
    func segmentFiles() throws -> [String] {
        try deviceFolders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".zst") }.map {
                "\(folder)/\($0)"
            }
        }.sorted().reversed()
    }

    private static let interactionRequired = FailureDetails(
        domain: "MSALErrorDomain", code: -50002, codeName: "interactionRequired", oauthError: "invalid_grant",
        stsErrorCodes: [50076], action: .acquireInteractively)
    private static let throttled = FailureDetails(
        domain: "MSALErrorDomain", code: -50000, codeName: "internal", subcode: -42007, httpStatus: 429,
        retryAfterSeconds: 30, action: .retryAfter)
    private static let offline = FailureDetails(
        domain: "NSURLErrorDomain", code: -1009, codeName: "notConnectedToInternet", action: .waitForConnectivity)
    private static let cancelled = FailureDetails(
        domain: "MSALErrorDomain", code: -50005, codeName: "userCanceled", action: .userCancelled)

    private struct Step {
        var kind: TrailEvent.AcquisitionKind
        var failure: FailureDetails?
        var outcome: TrailEvent.Outcome
        /// Wait after the previous attempt's end, in milliseconds.
        var gap: Int = 0
    }

    private static func writeDevice(_ device: Int, to folder: URL) throws {
        let clock = ManualTrailClock(start: start)
        let trail = try Trail(
            configuration: TrailConfiguration(
                directory: folder, app: AppInfo(identifier: "com.contoso.fleet", version: "3.\(device)"), clock: clock))
        var time = start.addingTimeInterval(60)
        let user = "user-\(device)"
        func operation(_ steps: [Step]) {
            let id = OperationID()
            var attemptStart = time
            for (index, step) in steps.enumerated() {
                attemptStart = attemptStart.addingTimeInterval(Double(step.gap) / 1000)
                let end = attemptStart.addingTimeInterval(0.2)
                trail.record(
                    TrailEvent(
                        name: .acquisitionStart, severity: .debug, timestamp: attemptStart, operationID: id,
                        attempt: index + 1,
                        kind: step.kind, scopes: ["User.Read"], attributes: ["enduser.id": user]))
                trail.record(
                    TrailEvent(
                        name: .acquisitionEnd, severity: step.failure == nil ? .info : .error, timestamp: end,
                        operationID: id,
                        attempt: index + 1, kind: step.kind, scopes: ["User.Read"], correlationID: UUID().uuidString,
                        duration: .milliseconds(200), outcome: step.outcome, failure: step.failure,
                        attributes: ["enduser.id": user]))
                attemptStart = end
            }
            time = time.addingTimeInterval(600)
        }
        for _ in 0..<4 { operation([Step(kind: .silent, outcome: .success)]) }
        for _ in 0..<2 {
            operation([
                Step(kind: .silent, failure: interactionRequired, outcome: .failure),
                Step(kind: .interactive, outcome: .success, gap: 1000),
            ])
        }
        operation([
            Step(kind: .silent, failure: interactionRequired, outcome: .failure),
            Step(kind: .interactive, failure: cancelled, outcome: .cancelled, gap: 1000),
        ])
        operation([
            Step(kind: .silent, failure: throttled, outcome: .failure),
            Step(kind: .silent, outcome: .success, gap: 31_000),
        ])
        for _ in 0...device {
            operation([
                Step(kind: .silent, failure: throttled, outcome: .failure),
                Step(kind: .silent, outcome: .success, gap: 2_000),
            ])
        }
        if device == 1 {
            operation(
                (0..<6).map { _ in Step(kind: .silent, failure: offline, outcome: .failure, gap: 1000) }
                    + [Step(kind: .silent, outcome: .success, gap: 1000)])
        }
        if device == 0 {
            for index in 0..<25 {
                time = start.addingTimeInterval(30_000 + Double(index) * 2)
                operation([Step(kind: .silent, outcome: .success)])
            }
        }
        trail.shutdown(timeout: .testWait)
    }

    private static func damageSegment(in folder: String) throws {
        let segment = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".zst") }
            .sorted()[0]
        let path = "\(folder)/\(segment)"
        let time = Timestamp.string(start.addingTimeInterval(120))
        let extra = """
            this line is not JSON
            {"timestamp":"\(time)","schema":2,"event.name":"log","future.field":{"nested":[1,{"a":"}"}]}}
            {"timestamp":"\(time)","schema":1,"event.name":"store.dropped","dropped.total":7}

            """
        let compressor = try ZstdCompressor()
        var bytes = try SystemCalls.readFile(path)
        try compressor.write(Array(extra.utf8), into: &bytes)
        try compressor.endFrame(into: &bytes)
        // A torn frame: the first half of a one-block frame, so nothing in it decodes.
        var torn = [UInt8]()
        let tornCompressor = try ZstdCompressor()
        try tornCompressor.write(
            Array(String(repeating: "{\"event.name\":\"log\",\"body\":\"lost\"}\n", count: 50).utf8), into: &torn)
        try tornCompressor.endFrame(into: &torn)
        bytes += torn.prefix(torn.count / 2)
        try FileManager.default.removeItem(atPath: path)
        try SystemCalls.createFile(path, bytes: bytes)
    }
}
