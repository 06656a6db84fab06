import ArgumentParser
import AuthTrail
import Foundation

/// What classifying a failure costs on the app's thread (`attempt.failed(error)` classifies before it enqueues),
/// against the anchor every app already pays: formatting the error as text, as Microsoft's sample does with
/// `print("Failed with error \(error)")`.
struct ClassifyBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classify",
        abstract: "Time FailureDetails(classifying:) on the article's errors against String(describing: error).")

    @Option(help: "Errors classified per run.")
    var iterations = 100_000

    @Option(help: "Runs; the fastest is reported.")
    var runs = 5

    func run() {
        let errors = Self.articleErrors
        var sink = 0
        let classify = Self.fastest(runs: runs) {
            for index in 0..<iterations {
                sink &+= FailureDetails(classifying: errors[index % errors.count]).code
            }
        }
        let describe = Self.fastest(runs: runs) {
            for index in 0..<iterations {
                sink &+= String(describing: errors[index % errors.count]).utf8.count
            }
        }
        let classifyNanoseconds = Self.nanoseconds(classify) / Double(iterations)
        let describeNanoseconds = Self.nanoseconds(describe) / Double(iterations)
        print("errors: \(errors.count) article cases, \(iterations) per run, fastest of \(runs) runs")
        print(String(format: "classify  FailureDetails(classifying:)  %8.0f ns/error", classifyNanoseconds))
        print(String(format: "anchor    String(describing: error)     %8.0f ns/error", describeNanoseconds))
        print(
            String(format: "ratio     classify / anchor             %8.2f", classifyNanoseconds / describeNanoseconds))
        if sink == 42 { print("") }  // keeps the loops from being optimised away
    }

    private static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }

    private static func fastest(runs: Int, _ body: () -> Void) -> Duration {
        (0..<max(1, runs)).map { _ in ContinuousClock().measure(body) }.min()!
    }

    /// The article's cases as MSAL returns them (see Tests/AuthTrailTests/ErrorModel/ClassificationTests.swift).
    static let articleErrors: [NSError] = {
        let msal = "MSALErrorDomain"
        return [
            NSError(
                domain: msal, code: -50002,
                userInfo: [
                    "MSALOAuthErrorKey": "invalid_grant", "MSALOAuthSubErrorKey": "basic_action",
                    "MSALSTSErrorCodesKey": [50076],
                    "MSALCorrelationIDKey": "5E3A2F0E-7B0C-4A53-9F7A-2D3C1B0A9E11",
                    "MSALErrorDescriptionKey":
                        "AADSTS50076: you must use multi-factor authentication to access 'Microsoft Graph'.",
                    NSUnderlyingErrorKey: NSError(
                        domain: msal, code: -50000, userInfo: ["MSALInternalErrorCodeKey": -42004]),
                ]),
            NSError(
                domain: msal, code: -50003,
                userInfo: [
                    "MSALGrantedScopesKey": ["User.Read"], "MSALDeclinedScopesKey": ["Calendars.Read"],
                ]),
            NSError(domain: msal, code: -50004, userInfo: ["MSALOAuthSubErrorKey": "protection_policy_required"]),
            NSError(
                domain: msal, code: -50005,
                userInfo: ["MSALErrorDescriptionKey": "User cancelled the authorization session."]),
            NSError(domain: msal, code: -50000, userInfo: ["MSALInternalErrorCodeKey": -42011]),
            NSError(domain: NSURLErrorDomain, code: -1009),
            NSError(
                domain: msal, code: -50000,
                userInfo: [
                    "MSALInternalErrorCodeKey": -42007, "MSALHTTPResponseCodeKey": "429",
                    "MSALHTTPHeadersKey": ["Retry-After": "30"],
                ]),
        ]
    }()
}
