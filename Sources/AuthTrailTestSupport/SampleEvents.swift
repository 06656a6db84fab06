package import AuthTrail
package import Foundation

/// Realistic events for tests and benchmarks: a mix of silent and interactive attempts, the article's failures,
/// retries with Retry-After, and log lines.
package enum SampleEvents {
    /// `count` events with deterministic content (same seed, same events).
    package static func make(
        count: Int, seed: UInt64 = 42, start: Date = Date(timeIntervalSince1970: 1_795_000_000)
    ) -> [TrailEvent] {
        var random = SplitMix64(seed: seed)
        var events = [TrailEvent]()
        events.reserveCapacity(count)
        var time = start
        while events.count < count {
            let operation = OperationID(rawValue: random.uuid())
            let kind: TrailEvent.AcquisitionKind = random.next() % 5 == 0 ? .interactive : .silent
            let scopes = [["User.Read"], ["User.Read", "Mail.Read"], ["Files.ReadWrite.All"]][Int(random.next() % 3)]
            time = time.addingTimeInterval(Double(random.next() % 5000) / 1000)
            events.append(
                TrailEvent(
                    name: .acquisitionStart, severity: .debug, timestamp: time, operationID: operation, attempt: 1,
                    kind: kind,
                    scopes: scopes, authorityHost: "login.microsoftonline.com"))
            let milliseconds = 80 + Int(random.next() % 900)
            time = time.addingTimeInterval(Double(milliseconds) / 1000)
            let failure = failures[Int(random.next() % UInt64(failures.count))]
            events.append(
                TrailEvent(
                    name: .acquisitionEnd, severity: failure == nil ? .info : .error, timestamp: time,
                    operationID: operation,
                    attempt: 1, kind: kind, scopes: scopes, authorityHost: "login.microsoftonline.com",
                    correlationID: random.uuid().uppercased(), duration: .milliseconds(milliseconds),
                    outcome: failure == nil ? .success : .failure, failure: failure))
        }
        return Array(events.prefix(count))
    }

    private static let failures: [FailureDetails?] = [
        nil, nil, nil, nil, nil,
        FailureDetails(
            domain: "MSALErrorDomain", code: -50002, codeName: "interactionRequired", oauthError: "invalid_grant",
            oauthSuberror: "basic_action", stsErrorCodes: [50076], action: .acquireInteractively),
        FailureDetails(
            domain: "MSALErrorDomain", code: -50000, codeName: "internal", subcode: -42007, httpStatus: 429,
            retryAfterSeconds: 30, action: .retryAfter),
        FailureDetails(
            domain: "NSURLErrorDomain", code: -1009, codeName: "notConnectedToInternet", action: .waitForConnectivity),
    ]
}

/// A small deterministic random generator (SplitMix64) so generated data is the same on every run.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
    package mutating func uuid() -> String {
        let high = next()
        let low = next()
        let hex = String(format: "%016llx%016llx", high, low)
        let characters = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }
}
