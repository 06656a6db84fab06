package import AuthTrail

/// What `authtrail tail` writes to: each event as a line (`TailLineWriter`) or each operation as it closes
/// (`TailOperationWriter`).
package protocol TailWriter: LogConsumer {
    /// Every event read, before the filter.
    var eventsRead: Int { get }
    /// The first write error; writing stops after it.
    var writeError: SystemError? { get }
    /// Writes the lines kept so far (`-n`) and every later line as it comes.
    mutating func writeKeptLines()
    /// Nothing more will be read (`tail` without `-f`, or `-f` stopped by a signal): writes what waited for a later
    /// event.
    mutating func endOfInput()
    /// Writes what is buffered.
    mutating func flush()
}

extension TailLineWriter: TailWriter {
    package mutating func endOfInput() {}
}

extension TailOperationWriter: TailWriter {
    package mutating func endOfInput() { closeOpenOperations() }
}
