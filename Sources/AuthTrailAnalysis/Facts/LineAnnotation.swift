import AuthTrail

/// What a consumer reads from an event's line beyond `LogRecord`'s fields. It is taken before the event may wait for
/// its install's turn (`InstallTimeOrder`), since a waiting event loses its line. Boxed, so the record every event
/// copies stays small: one reference instead of about a hundred bytes.
package final class LineAnnotation: Sendable, Hashable {
    /// Fields only operation stories read (OAuth error, log body, …).
    package let details: EventDetails?
    /// On `app.configuration`: the set-up it records.
    let setup: RecordedAppConfiguration?
    /// Values of `setup` that were too long, and lists cut, when it was read (`LongValue`), for the report's warning.
    let setupValuesShortened: Int

    init(details: EventDetails? = nil, setup: RecordedAppConfiguration? = nil, setupValuesShortened: Int = 0) {
        self.details = details
        self.setup = setup
        self.setupValuesShortened = setupValuesShortened
    }

    package static func == (left: LineAnnotation, right: LineAnnotation) -> Bool {
        left.details == right.details && left.setup == right.setup
            && left.setupValuesShortened == right.setupValuesShortened
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(details)
        hasher.combine(setup)
        hasher.combine(setupValuesShortened)
    }
}
