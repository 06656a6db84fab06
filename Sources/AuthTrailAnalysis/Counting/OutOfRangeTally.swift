import AuthTrail

/// Values of one input that fell outside `ReportBounds`' ranges and were ignored: counted per field, with the first
/// one kept as an example (a number, never an identifier), for one warning line per field and file.
struct OutOfRangeTally: Sendable {
    enum Field: Int, CaseIterable, Sendable {
        case timestamp, duration, retryAfter, droppedCount, attempt, httpStatus, stsCode, setupValue

        /// The field's JSON key.
        var key: String {
            switch self {
            case .timestamp: FieldName.timestamp.name
            case .duration: FieldName.durationMilliseconds.name
            case .retryAfter: FieldName.retryAfterSeconds.name
            case .droppedCount: FieldName.droppedTotal
            case .attempt: FieldName.attempt.name
            case .httpStatus: FieldName.httpStatus.name
            case .stsCode: FieldName.stsErrorCodes.name
            case .setupValue: TrailEvent.Name.appConfiguration.rawValue
            }
        }

        /// The accepted range, and what an ignored value means for the report.
        var accepted: String {
            switch self {
            case .timestamp: "outside years 0000-9999 (the event counts, without a time)"
            case .duration:
                "outside 0...\(ReportBounds.durationMilliseconds.upperBound) ms (the attempt counts, without latency)"
            case .retryAfter:
                "outside 0...\(Int(ReportBounds.retryAfterSeconds.upperBound)) s (the failure counts as without a hint)"
            case .droppedCount:
                "outside 0...\(ReportBounds.droppedCount.upperBound) (the report counts as 1 lost event)"
            case .attempt: "outside 1...\(ReportBounds.attempt.upperBound) (numbered by its order in the operation)"
            case .httpStatus: "outside 100...599 (left out of the failure pattern)"
            case .stsCode: "outside 1...\(ReportBounds.stsCode.upperBound) (left out of the STS patterns)"
            case .setupValue:
                "longer than \(ReportBounds.stringBytes) bytes, or lists past \(LongValue.setupListEntries) entries "
                    + "(kept shortened: the first bytes and a hash of the whole, the first entries)"
            }
        }
    }

    private var counts = [Int](repeating: 0, count: Field.allCases.count)
    private var examples = [String?](repeating: nil, count: Field.allCases.count)
    /// Values noted since `init`, all fields.
    private(set) var total = 0

    /// Counts `count` ignored (for `setupValue`, shortened) values of `field`; `example` is evaluated for the first
    /// only.
    mutating func note(_ field: Field, _ example: @autoclosure () -> String, count: Int = 1) {
        counts[field.rawValue] += count
        total += count
        if examples[field.rawValue] == nil { examples[field.rawValue] = example() }
    }

    /// One line per field with ignored values, naming the file.
    func messages(file: String) -> [String] {
        Field.allCases.compactMap { field in
            let count = counts[field.rawValue]
            guard count > 0 else { return nil }
            let values = count == 1 ? "value" : "values"
            return
                "\(file): \(count) \(field.key) \(values) \(field.accepted), for example \(examples[field.rawValue] ?? "")"
        }
    }
}
