import AuthTrailTestSupport
import Foundation
import Testing

@testable import AuthTrail

/// A clock the test sets to any reading, NaN and the far future included, and that never really waits.
private final class SettableClock: TrailClock {
    private let reading: Locked<Date>

    init(_ reading: Date) { self.reading = Locked(reading) }

    func now() -> Date { reading.withLock { $0 } }

    func set(_ date: Date) { reading.withLock { $0 = date } }

    func sleep(for duration: Duration) async throws {}
}

private let start = Date(timeIntervalSince1970: 1_795_000_000)

private func throttled(retryAfter: String) -> NSError {
    NSError(
        domain: "MSALErrorDomain", code: -50000,
        userInfo: [
            "MSALInternalErrorCodeKey": -42007, "MSALHTTPResponseCodeKey": "429",
            "MSALHTTPHeadersKey": ["Retry-After": retryAfter],
        ])
}

private func decision(retryAfterSeconds: Double, budget: Duration = .seconds(200_000)) throws -> RetryDriver.Decision {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let trail = try Trail(configuration: TrailConfiguration(directory: directory.url))
    defer { trail.shutdown(timeout: .testWait) }
    let driver = RetryDriver(trail: trail, policy: RetryPolicy(maximumTotalDuration: budget))
    var failure = FailureDetails(domain: "HTTP", code: 429, retryAfterSeconds: retryAfterSeconds)
    failure.action = .retryAfter
    let request = AcquisitionRequest(kind: .silent, scopes: ["User.Read"], attempt: 1, operationID: OperationID())
    return driver.decide(after: failure, of: request, elapsed: .zero)
}

@Suite("waits and durations stay valid Durations whatever the server or the clock says")
struct ClockAndServerBoundsTests {
    @Test("the driver waits at most a day for any Retry-After it is handed, and never less than nothing")
    func retryAfterWaitIsClamped() throws {
        let retry = { (wait: Duration) in
            RetryDriver.Decision.retry(kind: .silent, scopes: ["User.Read"], wait: .fixed(wait, reason: .retryAfter))
        }
        #expect(try decision(retryAfterSeconds: 100_000) == retry(.seconds(86_400)))
        #expect(try decision(retryAfterSeconds: -5) == retry(.zero))
        #expect(try decision(retryAfterSeconds: 30) == retry(.seconds(30)))
        // Within the default two-minute budget a day-long wait is not started.
        #expect(try decision(retryAfterSeconds: 100_000, budget: .seconds(120)) == .stop)
    }

    @Test("a clock that jumps back does not stretch the chain's time budget")
    func clockJumpingBack() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = SettableClock(start)
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url, clock: clock))
        var attempts = 0
        await #expect(throws: NSError.self) {
            try await RetryDriver(trail: trail).acquire(scopes: ["User.Read"]) { _ -> String in
                attempts += 1
                // The chain started, then the clock is set back two hours before the attempt fails.
                clock.set(start.addingTimeInterval(-7200))
                throw throttled(retryAfter: "600")
            }
        }
        // Elapsed time was -2 h: counted as none, 600 s exceeds the 120 s budget, so no retry (before: 7,320 s left).
        #expect(attempts == 1)
        #expect(await trail.shutdown(timeout: .testWait))
    }

    @Test("an attempt's recorded duration is at most a year, whatever the clock jumped")
    func recordedDurationIsClamped() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = SettableClock(start)
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url, clock: clock))
        let attempt = trail.beginAcquisition(.silent, scopes: ["User.Read"])
        clock.set(start.addingTimeInterval(3 * 366 * 86_400))
        attempt.succeeded()
        #expect(trail.shutdown(timeout: .testWait))
        let path = try #require(try directory.files(withSuffix: ".jsonl.zst").first)
        let lines = try CollectingSink.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path)))).lines
        let end = try #require(lines.first { $0.contains(#""event.name":"acquisition.end""#) })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(end.utf8)) as? [String: Any])
        let aYear: Double = 366 * 86_400 * 1000
        #expect(object["duration_ms"] as? Double == aYear)
    }

    @Test("backoff is never negative, and a retry count past the cap stays at the cap")
    func backoffBounds() {
        let negative = RetryPolicy(initialBackoff: .seconds(-1), randomFraction: { 1 })
        #expect(negative.backoff(beforeRetry: 3) == .zero)
        let usual = RetryPolicy(randomFraction: { .nan })
        #expect(usual.backoff(beforeRetry: .max) == .seconds(15), "half of the 30 s cap, no jitter for NaN")
    }

    @Test("timestamps of dates no clock should give are the nearest writable instant")
    func timestampRange() {
        #expect(Timestamp.string(Date(timeIntervalSince1970: 3e11)) == "9999-12-31T23:59:59.999Z")
        #expect(Timestamp.string(Date(timeIntervalSince1970: -1e11)) == "0000-01-01T00:00:00.000Z")
        #expect(Timestamp.string(Date(timeIntervalSince1970: 253_402_300_799.999_5)) == "9999-12-31T23:59:59.999Z")
        #expect(Timestamp.string(Date(timeIntervalSince1970: -62_167_219_200)) == "0000-01-01T00:00:00.000Z")
        #expect(Timestamp.string(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
    }

    // Each of these trapped (inside the app) before the bounds; an exit test runs them in a child process so a trap
    // fails the test instead of the test run.
    @Test("a 1e300, infinite or NaN Retry-After, retry count or clock reading never traps")
    func hostileNumbersDoNotTrap() async {
        await #expect(processExitsWith: .success) {
            for seconds in [1e300, .infinity, -.infinity, .nan, -1e300] {
                let decided = try decision(retryAfterSeconds: seconds)
                guard case .retry(_, _, .fixed(let wait, _)?) = decided, wait >= .zero, wait <= .seconds(86_400)
                else { exit(1) }
            }
            let policy = RetryPolicy(initialBackoff: .seconds(Int64.max / 2), maximumBackoff: .seconds(Int64.max))
            for retry in [Int.min, -1, 0, 1, 64, Int.max] where policy.backoff(beforeRetry: retry) < .zero { exit(2) }
            let huge = RetryPolicy(
                initialBackoff: .seconds(Int64.max), maximumBackoff: .seconds(Int64.max), randomFraction: { 1 })
            guard huge.backoff(beforeRetry: 40) == .seconds(Int64.max) else { exit(2) }
            for seconds in [1e300, -1e300, .nan, .infinity, -.infinity] {
                guard Timestamp.string(Date(timeIntervalSince1970: seconds)).utf8.count == Timestamp.length else {
                    exit(3)
                }
            }
            // A clock that jumps to the far future, then reads NaN, through a whole driver chain and the writer.
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let clock = SettableClock(start)
            let trail = try Trail(configuration: TrailConfiguration(directory: directory.url, clock: clock))
            let readings = [1e300, .nan, -1e300, .infinity].map { Date(timeIntervalSince1970: $0) }
            var next = readings.makeIterator()
            _ = try? await RetryDriver(trail: trail, policy: RetryPolicy(maximumAttempts: 5)).acquire(
                scopes: ["User.Read"]
            ) { _ -> String in
                if let reading = next.next() { clock.set(reading) }
                throw throttled(retryAfter: "1")
            }
            let recorder = trail.beginAcquisition(.silent, scopes: ["User.Read"], attempt: .max)
            recorder.nextAttempt(.interactive).succeeded()
            trail.record(
                TrailEvent(name: .log, attempt: .min, duration: .seconds(Int64.max), wait: .seconds(-Int64.max)))
            guard await trail.shutdown(timeout: .testWait) else { exit(4) }
        }
    }
}
