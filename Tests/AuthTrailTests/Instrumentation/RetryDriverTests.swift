import AuthTrail
import Foundation
import Testing

/// Stands in for MSAL: answers each call with the next scripted error, or a token when the script is done.
private struct ScriptedMSAL {
    var script: [NSError]
    var requests: [AcquisitionRequest] = []

    mutating func call(_ request: AcquisitionRequest) throws -> String {
        requests.append(request)
        if !script.isEmpty { throw script.removeFirst() }
        return "token-\(request.kind.rawValue)"
    }
}

private let msal = "MSALErrorDomain"
private let interactionRequired = NSError(domain: msal, code: -50002, userInfo: ["MSALOAuthErrorKey": "invalid_grant"])
private let noInternet = NSError(domain: NSURLErrorDomain, code: -1009)
private let timedOut = NSError(domain: NSURLErrorDomain, code: -1001)
private func throttled(retryAfter: String?) -> NSError {
    var info: [String: Any] = ["MSALInternalErrorCodeKey": -42007, "MSALHTTPResponseCodeKey": "429"]
    if let retryAfter { info["MSALHTTPHeadersKey"] = ["Retry-After": retryAfter] }
    return NSError(domain: msal, code: -50000, userInfo: info)
}

/// Jitter fixed at its midpoint so waits are exact: equal jitter gives 3/4 of the capped exponential delay.
private let midpoint = RetryPolicy(randomFraction: { 0.5 })

@Suite("the retry driver follows the MSAL guidance")
struct RetryDriverTests {
    @Test("interaction required on the silent call falls back to interactive under the same operation id")
    func interactiveFallback() async throws {
        let recorded = try RecordedTrail()
        var msal = ScriptedMSAL(script: [interactionRequired])
        let token = try await RetryDriver(trail: recorded.trail, policy: midpoint).acquire(scopes: ["User.Read"]) {
            try msal.call($0)
        }
        #expect(token == "token-interactive")
        #expect(msal.requests.map(\.kind) == [.silent, .interactive])
        #expect(msal.requests[1].previousFailure?.codeName == "interactionRequired")

        let events = try recorded.events()
        let ends = events.named("acquisition.end")
        #expect(ends.values("acquisition.kind") == ["silent", "interactive"])
        #expect(ends.values("outcome") == ["failure", "success"])
        #expect(ends.values("attempt") == ["1", "2"])
        #expect(Set(events.values("operation.id")).count == 1)
        #expect(events.named("retry.wait").isEmpty)
    }

    @Test("declined scopes on an interactive sign-in continue silently with the granted scopes")
    func grantedScopesAfterInteractive() async throws {
        let recorded = try RecordedTrail()
        let declined = NSError(
            domain: msal, code: -50003,
            userInfo: ["MSALGrantedScopesKey": ["User.Read"], "MSALDeclinedScopesKey": ["Mail.Send"]])
        var msal = ScriptedMSAL(script: [declined])
        let token = try await RetryDriver(trail: recorded.trail).acquire(
            scopes: ["User.Read", "Mail.Send"], startingWith: .interactive
        ) { try msal.call($0) }
        #expect(token == "token-silent")
        #expect(msal.requests.map(\.kind) == [.interactive, .silent])
        #expect(msal.requests.map(\.scopes) == [["User.Read", "Mail.Send"], ["User.Read"]])
    }

    @Test("declined scopes continue silently with the granted scopes")
    func grantedScopes() async throws {
        let recorded = try RecordedTrail()
        let declined = NSError(
            domain: msal, code: -50003,
            userInfo: [
                "MSALGrantedScopesKey": ["User.Read"], "MSALDeclinedScopesKey": ["Calendars.Read"],
            ])
        var msal = ScriptedMSAL(script: [declined])
        _ = try await RetryDriver(trail: recorded.trail).acquire(scopes: ["User.Read", "Calendars.Read"]) {
            try msal.call($0)
        }
        #expect(msal.requests.map(\.scopes) == [["User.Read", "Calendars.Read"], ["User.Read"]])
        #expect(msal.requests.map(\.kind) == [.silent, .silent])
        let starts = try recorded.events().named("acquisition.start")
        #expect(
            starts.map { $0["acquisition.scopes"] as? [String] ?? [] } == [
                ["User.Read", "Calendars.Read"], ["User.Read"],
            ])
    }

    @Test(
        "HTTP 429 waits for Retry-After on the trail's clock, recorded as a retry.wait",
        arguments: [
            ("30", 30_000.0), (nil, 60_000.0), ("not-a-date", 60_000.0),
        ] as [(String?, Double)])
    func retryAfter(header: String?, expectedMilliseconds: Double) async throws {
        let recorded = try RecordedTrail()
        var msal = ScriptedMSAL(script: [throttled(retryAfter: header)])
        _ = try await RetryDriver(trail: recorded.trail, policy: midpoint).acquire(scopes: ["User.Read"]) {
            try msal.call($0)
        }
        #expect(msal.requests.count == 2)
        let events = try recorded.events()
        let waits = events.named("retry.wait")
        #expect(waits.count == 1)
        #expect((waits.first?["retry.wait_ms"] as? Double) == expectedMilliseconds)
        #expect(waits.first?["retry.reason"] as? String == "retryAfter")
        #expect(waits.first?["attempt"] as? Int == 1)
        // The clock really moved: the second attempt starts a whole Retry-After after the first ended.
        #expect(recorded.clock.now().timeIntervalSince(RecordedTrail.start) >= expectedMilliseconds / 1000)
        #expect(events.named("acquisition.end").values("outcome") == ["failure", "success"])
    }

    @Test("no network without a connectivity monitor backs off with jitter")
    func offlineBackoff() async throws {
        let recorded = try RecordedTrail()
        var msal = ScriptedMSAL(script: [noInternet, noInternet])
        _ = try await RetryDriver(trail: recorded.trail, policy: midpoint).acquire(scopes: ["User.Read"]) {
            try msal.call($0)
        }
        let waits = try recorded.events().named("retry.wait")
        // 1 s then 2 s of exponential delay, each at 3/4 with the jitter at its midpoint.
        #expect(waits.map { $0["retry.wait_ms"] as? Double } == [750, 1500])
        #expect(waits.values("retry.reason") == ["waitForConnectivity", "waitForConnectivity"])
    }

    @Test("no network with a connectivity monitor waits for it and records how long it took")
    func connectivityMonitor() async throws {
        let recorded = try RecordedTrail()
        let clock = recorded.clock
        let timeouts = Timeouts()
        let driver = RetryDriver(trail: recorded.trail, policy: midpoint) { timeout in
            timeouts.append(timeout)
            clock.advance(by: .seconds(12))  // the network came back after 12 s
        }
        var msal = ScriptedMSAL(script: [noInternet])
        _ = try await driver.acquire(scopes: ["User.Read"]) { try msal.call($0) }
        #expect(timeouts.values == [.seconds(30)])
        let waits = try recorded.events().named("retry.wait")
        #expect(waits.map { $0["retry.wait_ms"] as? Double } == [12_000])
        #expect(waits.values("retry.reason") == ["waitForConnectivity"])
    }

    @Test("attempts are bounded: the last error is rethrown unchanged")
    func boundedAttempts() async throws {
        let recorded = try RecordedTrail()
        var msal = ScriptedMSAL(script: Array(repeating: timedOut, count: 10))
        let policy = RetryPolicy(maximumAttempts: 3, randomFraction: { 1 })
        await #expect(throws: NSError.self) {
            _ = try await RetryDriver(trail: recorded.trail, policy: policy).acquire(scopes: ["User.Read"]) {
                try msal.call($0)
            }
        }
        #expect(msal.requests.count == 3)
        let events = try recorded.events()
        #expect(events.named("retry.wait").map { $0["retry.wait_ms"] as? Double } == [1000, 2000])
        #expect(events.named("retry.wait").values("retry.reason") == ["retryWithBackoff", "retryWithBackoff"])
        #expect(events.named("acquisition.end").values("outcome") == ["failure", "failure", "failure"])
    }

    @Test("a wait that would overrun the total time budget is not started")
    func totalTimeBudget() async throws {
        let recorded = try RecordedTrail()
        var msal = ScriptedMSAL(script: [throttled(retryAfter: "600")])
        let policy = RetryPolicy(maximumTotalDuration: .seconds(120))
        do {
            _ = try await RetryDriver(trail: recorded.trail, policy: policy).acquire(scopes: ["User.Read"]) {
                try msal.call($0)
            }
            Issue.record("the driver succeeded past its budget")
        } catch {
            #expect((error as NSError).code == -50000)
        }
        #expect(msal.requests.count == 1)
        #expect(try recorded.events().named("retry.wait").isEmpty)
        #expect(recorded.clock.now() == RecordedTrail.start)
    }

    @Test(
        "cases the app must handle itself end the chain after one attempt",
        arguments: [
            NSError(domain: msal, code: -50005),
            NSError(domain: msal, code: -50004, userInfo: ["MSALOAuthSubErrorKey": "protection_policy_required"]),
            NSError(domain: msal, code: -50000, userInfo: ["MSALInternalErrorCodeKey": -42011]),
            NSError(domain: "NSOSStatusErrorDomain", code: -34018),
            NSError(domain: "com.contoso.unknown", code: 3),
        ])
    func terminal(thrown: NSError) async throws {
        let recorded = try RecordedTrail()
        var msal = ScriptedMSAL(script: [thrown])
        do {
            _ = try await RetryDriver(trail: recorded.trail).acquire(scopes: ["User.Read"]) { try msal.call($0) }
            Issue.record("the chain went on")
        } catch {
            #expect((error as NSError) === thrown, "the app must get the error unchanged")
        }
        #expect(msal.requests.count == 1)
        let events = try recorded.events()
        #expect(events.named("acquisition.end").count == 1)
        #expect(events.named("retry.wait").isEmpty)
    }

    @Test("an interactive attempt that needs interaction again is not repeated")
    func interactiveDoesNotLoop() async throws {
        let recorded = try RecordedTrail()
        var msal = ScriptedMSAL(script: [interactionRequired, interactionRequired, interactionRequired])
        await #expect(throws: NSError.self) {
            _ = try await RetryDriver(trail: recorded.trail).acquire(scopes: ["User.Read"]) { try msal.call($0) }
        }
        #expect(msal.requests.map(\.kind) == [.silent, .interactive])
    }

    @Test("a claims challenge falls back to interactive and hands the app the original error")
    func claimsChallenge() async throws {
        let recorded = try RecordedTrail()
        let challenge = NSError(
            domain: msal, code: -50002,
            userInfo: [
                "MSALHTTPHeadersKey": ["WWW-Authenticate": #"Bearer error="insufficient_claims", claims="e30=""#]
            ])
        var msal = ScriptedMSAL(script: [challenge])
        _ = try await RetryDriver(trail: recorded.trail).acquire(scopes: ["User.Read"]) { try msal.call($0) }
        #expect(msal.requests.map(\.kind) == [.silent, .interactive])
        #expect(msal.requests[1].previousFailure?.action == .interactiveWithClaims)
        #expect((msal.requests[1].previousError as? NSError) === challenge)
        let text = try recorded.decodedText()
        #expect(text.contains("\"error.claims_challenge\":true"))
        #expect(!text.contains("e30="), "the claims were written")
    }
}

/// Collects the timeouts a connectivity monitor was called with.
private final class Timeouts: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Duration] = []
    func append(_ value: Duration) { lock.withLock { stored.append(value) } }
    var values: [Duration] { lock.withLock { stored } }
}
