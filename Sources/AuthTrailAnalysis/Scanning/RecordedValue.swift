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

/// `acquisition.kind` as read.
package typealias RecordedKind = RecordedValue<TrailEvent.AcquisitionKind>
/// `outcome` as read.
package typealias RecordedOutcome = RecordedValue<TrailEvent.Outcome>
/// `error.action` as read.
package typealias RecordedAction = RecordedValue<RecommendedAction>

extension RecordedValue where Known == TrailEvent.Outcome {
    /// Neither succeeded nor was cancelled (the user's choice, not a fault): what the report counts as failed.
    package var countsAsFailure: Bool { self != .known(.success) && self != .known(.cancelled) }
}
