package import AuthTrail
import Foundation

/// Turns raw MSAL log text, as pasted into a ticket, into AuthTrail events: one line at a time in, NDJSON event
/// lines out, so `report`, `cat` and `bundle` read it through the same scanner and consumers as a segment.
///
/// - A line holding an MSAL callback line (found by `MSALLogLine`, the parser the app-side bridge uses, behind any
///   prefix) starts a record; the lines after it that start with white space or a closing bracket, or that come
///   while a bracket MSAL opened is still open, continue it (arrays and dictionaries MSAL prints over several lines).
///   Every other line is counted and dropped.
/// - Each record becomes a `log` event with MSAL's fields. Its message is read for failures (`MSALLogFacts`); the
///   facts of one correlation id make one request, and when the lines say what the API returned (or at the end of
///   the input, when they only say that something failed) the request becomes an `acquisition.end` record, so the
///   report's patterns, STS codes and chains work on a ticket with no AuthTrail segment. docs/SCHEMA.md ("Events
///   read from raw MSAL logs") says how ids, times and operations are chosen.
/// - Everything is redacted with the library's `Redactor` at `maskAllPII` before it becomes an event, as
///   `authtrail redact` does with no key file: a key made for this run, so pseudonyms match within one run only.
///
/// Memory is bounded: a record holds at most `maximumRecordBytes`, at most `maximumOpenRequests` requests are open
/// (past that, the least recently seen half is ended), and only `listedRequests` are listed in the summary.
package struct RawLogReader {
    /// Longer lines are skipped (and counted); a record stops growing at this size.
    package static let maximumRecordBytes = 1 << 20
    package static let maximumOpenRequests = 4096
    package static let listedRequests = 100
    /// The value of `input.kind` on every event this reader makes.
    package static let inputKind = "raw-msal-log"

    /// One key for the whole run, as `authtrail redact` makes one per run: pseudonyms agree across inputs.
    private static let runRedactor = Redactor(level: .maskAllPII, key: .random())

    package private(set) var summary: RawLogInput
    private let redactor: Redactor
    private var lineNumber = 0
    private var record: Record?
    private var requests: [String: Request] = [:]
    /// Correlation ids whose request has ended (lines logged after the API returned, or pasted newest first, are
    /// not a second request).
    private var ended = Set<String>()
    private var lastRequestOnThread: [Int: String] = [:]
    /// The last failed silent request, which the next interactive request continues.
    private var failedSilent: (operationID: String, attempt: Int)?
    private var touches = 0

    /// - Parameters:
    ///   - path: the input's name as given ("-" for standard input).
    ///   - fileName: the name it is known by (`StandardInput.fileName`); redacted, it names the install.
    ///   - redactor: the run's redactor unless a test gives its own.
    package init(path: String, fileName name: String, redactor: Redactor? = nil) {
        let redactor = redactor ?? Self.runRedactor
        self.redactor = redactor
        summary = RawLogInput(path: redactor.redact(text: path), installID: "raw:" + redactor.redact(text: name))
    }

    /// Reads one line (without its line end); returns the event lines it completes (without line ends).
    package mutating func line(_ bytes: UnsafeRawBufferPointer) -> [[UInt8]] {
        lineNumber += 1
        guard bytes.count <= Self.maximumRecordBytes else {
            summary.oversizedLines += 1
            return finishRecord()
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let line = MSALLogLine(parsing: text)
        if line.hasHeader {
            let events = finishRecord()
            summary.msalLines += 1
            record = Record(line: line, firstLine: lineNumber, depth: max(0, Self.depthChange(line.message)))
            return events
        }
        if let depth = record?.depth, Self.continues(bytes, depth: depth) {
            summary.continuationLines += 1
            // In place: a copy of the record per line would copy its message each time.
            if record!.line.message.utf8.count + bytes.count < Self.maximumRecordBytes {
                record!.line.message += "\n"
                record!.line.message += text
                record!.depth = max(0, depth + Self.depthChange(text))
            }
            return []
        }
        summary.otherLines += 1
        return finishRecord()
    }

    /// Ends the record being read, unless a bracket MSAL opened in it is still open: the writer has paused (a console
    /// log followed live), so its last record is whole. Requests stay open. A line that would have continued the
    /// record, written after the pause, is counted as another line.
    package mutating func settle() -> [[UInt8]] {
        guard record?.depth == 0 else { return [] }
        return finishRecord()
    }

    /// Ends the input: the last record, then every open request that logged a failure.
    package mutating func finish() -> [[UInt8]] {
        var events = finishRecord()
        for (key, request) in requests.sorted(by: { $0.value.lastTouch < $1.value.lastTouch }) {
            events += end(request, correlationID: key, result: nil)
        }
        requests.removeAll()
        return events
    }

    // MARK: Records

    private struct Record {
        var line: MSALLogLine
        var firstLine: Int
        /// Brackets opened and not yet closed in the message.
        var depth: Int
    }

    private mutating func finishRecord() -> [[UInt8]] {
        guard let record else { return [] }
        self.record = nil
        let line = record.line
        let time = Self.date(line.loggedAt)
        let facts = MSALLogFacts(message: line.message)
        var attributes = ["log.source": "msal", "input.kind": Self.inputKind]
        attributes["msal.thread_id"] = line.threadID.map(String.init)
        attributes["msal.thread"] = line.thread
        if line.product != "MSAL" { attributes["msal.product"] = line.product }
        attributes["msal.version"] = line.libraryVersion
        attributes["msal.os"] = line.operatingSystem
        attributes["msal.logged_at"] = line.loggedAt
        attributes["msal.component"] = line.component
        var events = [
            encode(
                TrailEvent(
                    name: .log, severity: facts.recordsFailure ? .error : .info, timestamp: time,
                    correlationID: line.correlationID, message: line.message, attributes: attributes),
                sequence: record.firstLine)
        ]
        events += request(facts, line: line, time: time, sequence: record.firstLine)
        return events
    }

    // MARK: Requests

    private struct Request {
        var kind: TrailEvent.AcquisitionKind?
        var failures: [MSALLogFacts.Failure] = []
        var oauthError: String?
        var oauthSuberror: String?
        var stsErrorCodes: [Int] = []
        var description: String?
        var time: Date
        var sequence: Int
        var lastTouch: Int
    }

    /// Adds one record's facts to its request; returns the failure records that ends.
    private mutating func request(_ facts: MSALLogFacts, line: MSALLogLine, time: Date, sequence: Int) -> [[UInt8]] {
        // Lines logged outside a request (no correlation id) belong to the request last seen on their thread.
        let key = line.correlationID ?? line.threadID.flatMap { lastRequestOnThread[$0] }
        guard let key, line.correlationID != nil || !ended.contains(key) else {
            return standalone(facts, line: line, time: time, sequence: sequence)
        }
        // The request's own lines after it returned (or before, pasted newest first) are not a second request.
        guard !ended.contains(key) else { return [] }
        if let correlationID = line.correlationID, let thread = line.threadID {
            if lastRequestOnThread.count >= Self.maximumOpenRequests { lastRequestOnThread.removeAll() }
            lastRequestOnThread[thread] = correlationID
        }
        touches += 1
        var request =
            requests[key] ?? Request(time: time, sequence: sequence, lastTouch: touches)
        request.lastTouch = touches
        request.time = time
        request.sequence = sequence
        if let kind = facts.kind, request.kind == nil || facts.result != nil { request.kind = kind }
        for failure in facts.internalFailures where request.failures.count < 8 && !request.failures.contains(failure) {
            request.failures.append(failure)
        }
        if let status = facts.keychainStatus, request.failures.count < 8 {
            request.failures.append(MSALLogFacts.Failure(domain: "NSOSStatusErrorDomain", code: status))
        }
        request.oauthError = request.oauthError ?? facts.oauthError
        request.oauthSuberror = request.oauthSuberror ?? facts.oauthSuberror
        for code in facts.stsErrorCodes where !request.stsErrorCodes.contains(code) && request.stsErrorCodes.count < 8 {
            request.stsErrorCodes.append(code)
        }
        request.description = request.description ?? facts.errorDescription
        guard let result = facts.result else {
            let events = requests[key] == nil && requests.count >= Self.maximumOpenRequests ? endLeastRecentHalf() : []
            requests[key] = request
            return events
        }
        requests[key] = nil
        return end(request, correlationID: key, result: result)
    }

    /// Ends the least recently seen half of the open requests (those that logged a failure become records): one sort
    /// per `maximumOpenRequests / 2` new requests, however many correlation ids the input holds.
    private mutating func endLeastRecentHalf() -> [[UInt8]] {
        let oldest = requests.sorted { $0.value.lastTouch < $1.value.lastTouch }.prefix(requests.count / 2)
        var events: [[UInt8]] = []
        for (key, request) in oldest {
            requests[key] = nil
            events += end(request, correlationID: key, result: nil)
        }
        return events
    }

    /// A failure MSAL logged outside any request (a keychain status, an MSID error): a record of its own, with no
    /// operation.
    private mutating func standalone(_ facts: MSALLogFacts, line: MSALLogLine, time: Date, sequence: Int) -> [[UInt8]] {
        let failure: MSALLogFacts.Failure
        if case .failed(let returned) = facts.result {
            failure = returned
        } else if let status = facts.keychainStatus {
            failure = MSALLogFacts.Failure(domain: "NSOSStatusErrorDomain", code: status)
        } else if let first = facts.internalFailures.first {
            failure = first
        } else {
            return []
        }
        var details = FailureDetails(
            domain: domain(failure.domain), code: failure.code, oauthError: facts.oauthError,
            oauthSuberror: facts.oauthSuberror,
            stsErrorCodes: facts.stsErrorCodes, message: facts.errorDescription, correlationID: line.correlationID)
        details.annotateFromCatalog()
        summary.failureRecords += 1
        return [
            encode(
                TrailEvent(
                    name: .acquisitionEnd, severity: .error, timestamp: time, kind: facts.kind,
                    correlationID: line.correlationID, outcome: outcome(details), failure: details,
                    attributes: ["input.kind": Self.inputKind]),
                sequence: sequence)
        ]
    }

    /// The request's `acquisition.end`: with what the API returned, or (`result` nil) the first failure it logged;
    /// nothing for a request that neither returned nor failed.
    private mutating func end(_ request: Request, correlationID: String, result: MSALLogFacts.Result?) -> [[UInt8]] {
        var failure: FailureDetails?
        switch result {
        case .succeeded: break
        case .failed(let returned):
            failure = details(request, main: returned, correlationID: correlationID)
        case nil:
            guard let first = request.failures.first else { return [] }
            failure = details(request, main: first, correlationID: correlationID)
        }
        if ended.count >= Self.maximumOpenRequests * 4 { ended.removeAll() }
        ended.insert(correlationID)
        let outcome = failure.map(outcome) ?? .success
        // A failed silent request and the interactive request after it are one operation.
        var operationID = correlationID.lowercased()
        var attempt = 1
        if request.kind == .interactive, let previous = failedSilent {
            operationID = previous.operationID
            attempt = previous.attempt + 1
        }
        failedSilent = nil
        if request.kind == .silent, outcome == .failure { failedSilent = (operationID, attempt) }
        if outcome != .success { summary.failureRecords += 1 }
        let listed = RawLogRequest(
            correlationID: correlationID, operationID: operationID, attempt: attempt, kind: request.kind?.rawValue,
            outcome: outcome.rawValue, domain: failure?.domain, code: failure?.code, codeName: failure?.codeName,
            underlying: failure?.underlying ?? [], oauthError: failure?.oauthError,
            stsErrorCodes: failure?.stsErrorCodes ?? [], endedAt: ReportTime(request.time))
        if summary.requests.count < Self.listedRequests {
            summary.requests.append(listed)
        } else {
            summary.requestsNotListed += 1
        }
        return [
            encode(
                TrailEvent(
                    name: .acquisitionEnd, severity: outcome == .failure ? .error : .info, timestamp: request.time,
                    operationID: OperationID(rawValue: operationID), attempt: attempt, kind: request.kind,
                    correlationID: correlationID, outcome: outcome, failure: failure,
                    attributes: ["input.kind": Self.inputKind]),
                sequence: request.sequence)
        ]
    }

    private func details(_ request: Request, main: MSALLogFacts.Failure, correlationID: String) -> FailureDetails {
        var details = FailureDetails(
            domain: domain(main.domain), code: main.code, oauthError: request.oauthError,
            oauthSuberror: request.oauthSuberror, stsErrorCodes: request.stsErrorCodes,
            underlying: request.failures.filter { $0 != main }.map { "\(domain($0.domain)):\($0.code)" },
            message: request.description, correlationID: correlationID)
        details.annotateFromCatalog()
        return details
    }

    /// Error domains are written unredacted (they are codes, not text), so one read from text is kept only when it
    /// is short and the redactor finds nothing in it.
    private func domain(_ text: String) -> String {
        text.utf8.count <= 128 && redactor.redact(text: text) == text ? text : "(redacted domain)"
    }

    private func outcome(_ details: FailureDetails) -> TrailEvent.Outcome {
        details.action == .userCancelled ? .cancelled : .failure
    }

    // MARK: Encoding

    /// The event, redacted, as one NDJSON line. `seq` is the line the record starts on in the input.
    private func encode(_ event: TrailEvent, sequence: Int) -> [UInt8] {
        var event = event
        redactor.redact(&event)
        var writer = JSONLineWriter(capacity: 1024)
        event.encode(into: &writer, context: EventContext(installID: summary.installID, sequence: sequence))
        // Without its line end (`dropLast()` would be `Sequence`'s, a copy byte by byte).
        var line = writer.bytes
        line.removeLast()
        return line
    }

    // MARK: Text

    /// Whether a line without an MSAL header continues the record: it starts with white space or a closing
    /// bracket, or a bracket is still open.
    private static func continues(_ bytes: UnsafeRawBufferPointer, depth: Int) -> Bool {
        guard let first = bytes.first else { return false }
        switch first {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
            return true
        default:
            return depth > 0
        }
    }

    /// Brackets opened minus brackets closed.
    private static func depthChange(_ text: String) -> Int {
        var depth = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return depth
    }

    /// MSAL's `yyyy-MM-dd HH:mm:ss` (UTC) as a date; the epoch when absent (never: a header has one).
    private static func date(_ loggedAt: String?) -> Date {
        guard let loggedAt else { return Date(timeIntervalSince1970: 0) }
        var bytes = Array(loggedAt.utf8)
        if bytes.count == 19 { bytes[10] = UInt8(ascii: "T") }
        return Timestamp.parse(bytes + Array("Z".utf8)) ?? Date(timeIntervalSince1970: 0)
    }
}
