import AuthTrail

/// One operation as the HTML report draws it in a swimlane: its attempts, the app version and the verdict of its
/// story.
package struct OperationTimeline: Sendable, Hashable {
    package var operation: Operation
    package var appVersion: String?
    /// What went wrong and what the app should have done, in one sentence.
    package var verdict: String?

    package init(_ operation: Operation, appVersion: String? = nil, verdict: String? = nil) {
        self.operation = operation
        self.appVersion = appVersion
        self.verdict = verdict
    }

    /// The first attempt's start and the last end.
    var span: (start: Int64, end: Int64)? {
        operation.attempts.isEmpty ? nil : (operation.start, max(operation.end, operation.start))
    }

    /// The Retry-After a lane marks after `attempt`: its own, else the one an attempt of its number carried.
    func retryAfterSeconds(of attempt: Operation.Attempt) -> Double? {
        attempt.retryAfterSeconds ?? operation.retryAfterSeconds(afterAttempt: attempt.number)
    }
}

extension Operation.Attempt {
    /// The classified error as a person reads it (`MSALErrorDomain -50002 interactionRequired, AADSTS50076, HTTP
    /// 400`); nil on a success.
    var laneError: String? {
        guard outcome != .known(.success), let error else { return nil }
        var label: String? = Report.patternLabel(
            domain: error.domain, code: error.code, codeName: error.codeName, subcode: error.subcode,
            subcodeName: error.subcodeName)
        if !error.stsCodes.isEmpty {
            label = [label, error.stsCodes.map { "AADSTS\($0)" }.joined(separator: " ")].compactMap { $0 }
                .filter { !$0.isEmpty }.joined(separator: ", ")
        }
        if let status = error.httpStatus { label = (label.map { $0 + ", " } ?? "") + "HTTP \(status)" }
        return label
    }

    /// The failure pattern key (`PatternKey.text`: `domain|code|subcode`) the page's filters match; nil on a success.
    var lanePattern: String? {
        guard outcome != .known(.success), let error, let domain = error.domain else { return nil }
        return Report.patternKeyText(domain: domain, code: error.code, subcode: error.subcode)
    }
}

/// The timelines the HTML report draws, by (install id, operation id), or why there are none.
package struct OperationTimelines: Sendable {
    package var operations: [String: OperationTimeline]
    /// Said in the page when timelines could not be gathered (standard input cannot be read twice).
    package var unavailableReason: String?

    package init(_ operations: [OperationTimeline] = [], unavailableReason: String? = nil) {
        self.operations = Dictionary(
            operations.map { (Self.key($0.operation.installID, $0.operation.operationID ?? ""), $0) },
            uniquingKeysWith: { first, _ in first })
        self.unavailableReason = unavailableReason
    }

    static func key(_ installID: String, _ operationID: String) -> String { installID + "\u{1F}" + operationID }

    subscript(installID: String, operationID: String) -> OperationTimeline? {
        operations[Self.key(installID, operationID)]
    }
}
