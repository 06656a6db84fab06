/// A consumer that `InstallTimeOrder` feeds each install's events in time order: the report's builder, and the
/// story collector (`StoryCollector`), which must see the same operations the report counts.
package protocol InstallOrderedConsumer: LogConsumer, SendableMetatype {
    /// What `finish()` returns.
    associatedtype Result
    /// The events it counts; `InstallTimeOrder` orders only those.
    var filter: EventFilter { get }
    /// Every event of the install being read has been given.
    mutating func endInstall()
    /// What reading one input found; called after each input.
    mutating func add(_ summary: InputSummary)
    /// The values given since the last call came from `file` (for warnings naming it).
    mutating func flushOutOfRange(file: String)
    /// One warning line.
    mutating func warn(_ line: String)
    /// Every event has been given.
    mutating func finish() -> Result
    /// What it reads from `line` beyond what `LogRecord` holds, taken before the event may wait (a waiting event
    /// loses its line); nil when it needs nothing from this line (the record is then not copied). Mutating, so that
    /// what it works out for an event (a key) can serve the `event` call that follows.
    mutating func annotation(of record: LogRecord, line: UnsafeRawBufferPointer) -> LineAnnotation?
}

extension InstallOrderedConsumer {
    package func annotation(of record: LogRecord, line: UnsafeRawBufferPointer) -> LineAnnotation? { nil }
}
