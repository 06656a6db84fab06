import AuthTrail

/// What a consumer reads from an event's line beyond `LogRecord`'s fields. It is taken before the event may wait for
/// its install's turn (`InstallTimeOrder`), since a waiting event loses its line. Boxed, so the record every event
/// copies stays small: one reference instead of about a hundred bytes.
package final class LineAnnotation: Sendable, Hashable {
    /// Fields only operation stories read (OAuth error, log body, …).
    package let details: EventDetails?
    /// On `app.configuration`: the set-up it records.
    let setup: RecordedAppConfiguration?

    init(details: EventDetails? = nil, setup: RecordedAppConfiguration? = nil) {
        self.details = details
        self.setup = setup
    }

    package static func == (left: LineAnnotation, right: LineAnnotation) -> Bool {
        left.details == right.details && left.setup == right.setup
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(details)
        hasher.combine(setup)
    }
}
