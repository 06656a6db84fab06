import AuthTrail
import Foundation

extension StoryCollection {
    /// The stories as pretty-printed JSON with sorted snake_case keys: the schema in docs/SHOW-JSON.md. Times are
    /// RFC 3339 UTC with milliseconds; a key is absent when the events do not say it.
    package func renderJSON() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let document = Document(
            showSchema: 1, matched: matched, shown: stories.count, stories: stories.map(StoryJSON.init),
            warnings: warnings)
        // Encoding plain structs of strings and numbers cannot fail.
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private struct Document: Encodable {
        var showSchema: Int
        var matched: Int
        var shown: Int
        var stories: [StoryJSON]
        var warnings: [String]
    }

    private struct StoryJSON: Encodable {
        var installId: String
        var operationId: String?
        var start: String
        var end: String
        var attempts: [AttemptJSON]
        var waits: [WaitJSON]
        var logs: [LogJSON]
        var attemptsNotKept: Int
        var logsNotKept: Int
        var verdict: VerdictJSON
        /// Omitted when the recorded set-up explains nothing.
        var causes: [Report.SetupCause]?

        init(_ story: OperationStory) {
            installId = story.operation.installID
            operationId = story.operation.operationID
            start = ReportTime.string(story.operation.start)
            end = ReportTime.string(story.operation.end)
            attempts = story.operation.attempts.map(AttemptJSON.init)
            waits = story.waits.map(WaitJSON.init)
            logs = story.logs.map(LogJSON.init)
            attemptsNotKept = story.attemptsNotKept
            logsNotKept = story.logsNotKept
            verdict = VerdictJSON(finding: story.verdict.finding.rawValue, summary: story.verdict.summary)
            causes = story.causes.isEmpty ? nil : story.causes
        }
    }

    private struct AttemptJSON: Encodable {
        var attempt: Int
        var kind: String
        var outcome: String
        var start: String
        var end: String
        var durationMilliseconds: Int64?
        var correlationId: String?
        var error: ErrorJSON?

        init(_ attempt: Operation.Attempt) {
            self.attempt = attempt.number
            kind = attempt.kind.rawValue
            outcome = attempt.outcome.rawValue
            start = ReportTime.string(attempt.start)
            end = ReportTime.string(attempt.end)
            durationMilliseconds = attempt.durationMilliseconds
            correlationId = attempt.correlationID
            error = attempt.error.map(ErrorJSON.init)
        }
    }

    private struct ErrorJSON: Encodable {
        var domain: String?
        var code: Int?
        var codeName: String?
        var subcode: Int?
        var subcodeName: String?
        var oauthError: String?
        var oauthSuberror: String?
        var stsErrorCodes: [Int]?
        var httpStatus: Int?
        var retryAfterSeconds: Double?
        var action: String?
        var actionSummary: String?
        var claimsChallenge: Bool?
        var throttled: Bool?
        var underlying: [String]?

        init(_ error: AttemptError) {
            domain = error.domain
            code = error.code
            codeName = error.codeName
            subcode = error.subcode
            subcodeName = error.subcodeName
            oauthError = error.oauthError
            oauthSuberror = error.oauthSuberror
            stsErrorCodes = error.stsCodes.isEmpty ? nil : error.stsCodes
            httpStatus = error.httpStatus
            retryAfterSeconds = error.retryAfterSeconds
            action = error.action?.rawValue
            actionSummary = error.action?.summary
            claimsChallenge = error.claimsChallenge ? true : nil
            throttled = error.throttled ? true : nil
            underlying = error.underlying.isEmpty ? nil : error.underlying
        }
    }

    private struct WaitJSON: Encodable {
        var afterAttempt: Int
        var from: String
        var until: String
        var milliseconds: Int64
        var announcedMilliseconds: Int64?
        var reason: String?
        var retryAfterSeconds: Double?
        var honoursRetryAfter: Bool?

        init(_ wait: OperationStory.Wait) {
            afterAttempt = wait.afterAttempt
            from = ReportTime.string(wait.from)
            until = ReportTime.string(wait.until)
            milliseconds = wait.milliseconds
            announcedMilliseconds = wait.announcedMilliseconds
            reason = wait.reason
            retryAfterSeconds = wait.retryAfterSeconds
            honoursRetryAfter = wait.honoursRetryAfter
        }
    }

    private struct LogJSON: Encodable {
        var time: String?
        var source: String?
        var severity: String?
        var correlationId: String?
        var message: String

        init(_ line: OperationStory.LogLine) {
            time = line.time.map(ReportTime.string)
            source = line.source
            severity = line.severity?.text
            correlationId = line.correlationID
            message = line.message
        }
    }

    private struct VerdictJSON: Encodable {
        var finding: String
        var summary: String
    }
}
