package import AuthTrail

/// A value read back from a trail as one of the library's own types (`TrailEvent.AcquisitionKind`,
/// `TrailEvent.Outcome`, `RecommendedAction`). A value the library does not know, from a newer writer or another
/// tool, is kept as written, so the report still counts and shows it.
package enum RecordedValue<Known>: RawRepresentable, Hashable, Sendable
where Known: RawRepresentable & Hashable & Sendable, Known.RawValue == String {
    case known(Known)
    case other(String)

    package init(rawValue: String) {
        self = Known(rawValue: rawValue).map(Self.known) ?? .other(rawValue)
    }

    package var rawValue: String {
        switch self {
        case .known(let value): value.rawValue
        case .other(let text): text
        }
    }

    /// The library's value; nil for one it does not know.
    package var known: Known? {
        if case .known(let value) = self { value } else { nil }
    }

    /// What the report shows for an attempt without the field: a value of its own, `unknown`.
    package static var missing: Self { .other("unknown") }
}

/// The library's enums a trail records, with their spellings as bytes: the scanner matches a field's bytes against
/// them without making a `String` (converting a `String` through `init(rawValue:)` was about 3 % of a report; perf).
package protocol RecordedCases: CaseIterable, RawRepresentable, Hashable, Sendable where RawValue == String {
    static var spellings: RecordedSpellings<Self> { get }
}

/// The UTF-8 spellings of `Known`'s cases, in one buffer.
package struct RecordedSpellings<Known: Sendable>: Sendable {
    private let bytes: [UInt8]
    private let entries: [(start: Int, count: Int, value: Known)]

    init(_ spelled: [(spelling: String, value: Known)]) {
        var bytes: [UInt8] = []
        var entries: [(start: Int, count: Int, value: Known)] = []
        for (spelling, value) in spelled {
            entries.append((bytes.count, spelling.utf8.count, value))
            bytes += spelling.utf8
        }
        self.bytes = bytes
        self.entries = entries
    }

    /// The case spelled by the `count` bytes at `start`; nil when none is.
    func match(_ start: UnsafePointer<UInt8>, count: Int) -> Known? {
        bytes.withUnsafeBufferPointer { spelled in
            for index in entries.indices where entries[index].count == count {
                if ByteSearch.equal(spelled.baseAddress! + entries[index].start, start, count: count) {
                    return entries[index].value
                }
            }
            return nil
        }
    }
}

extension TrailEvent.AcquisitionKind: RecordedCases {
    package static let spellings = RecordedSpellings(allCases.map { ($0.rawValue, $0) })
}

extension TrailEvent.Outcome: RecordedCases {
    package static let spellings = RecordedSpellings(allCases.map { ($0.rawValue, $0) })
}

extension RecommendedAction: RecordedCases {
    package static let spellings = RecordedSpellings(allCases.map { ($0.rawValue, $0) })
}

/// `acquisition.kind` as read.
package typealias RecordedKind = RecordedValue<TrailEvent.AcquisitionKind>
/// `outcome` as read.
package typealias RecordedOutcome = RecordedValue<TrailEvent.Outcome>
/// `error.action` as read.
package typealias RecordedAction = RecordedValue<RecommendedAction>

extension Severity {
    /// `severity_text` as the library spells it (`INFO`, `WARN`, ...).
    static let spellings = RecordedSpellings(allCases.map { ($0.text, $0) })

    /// A line's level: its `severity_number`'s when that names one, else its `severity_text`'s.
    static func recorded(byNumber number: Severity?, byText text: Severity?) -> Severity? { number ?? text }

    /// The level an OpenTelemetry `severity_number` (1-24) falls in: the library's highest level at or below it,
    /// so 11 (INFO3) is INFO2 and 14 (WARN2) is WARN, and `--severity` keeps what it kept by number. Nil outside 1-24.
    init?(recordedNumber number: Int) {
        guard (1...24).contains(number), let level = Self.allCases.last(where: { $0.number <= number }) else {
            return nil
        }
        self = level
    }
}

extension RecordedValue where Known == TrailEvent.Outcome {
    /// Neither succeeded nor was cancelled (the user's choice, not a fault): what the report counts as failed.
    package var countsAsFailure: Bool { self != .known(.success) && self != .known(.cancelled) }
}
