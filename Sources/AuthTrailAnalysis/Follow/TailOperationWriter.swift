package import AuthTrail

/// `authtrail tail --operations`: assembles the events a filter keeps into operations (`OperationAssembler`, the
/// report's rules) and writes each as one `TailLine` when it closes, or, while `lastLines` is set, keeps only the
/// last that many. An operation still open when reading stops is written by `closeOpenOperations()` (the end of a
/// `tail` without `-f`); with `-f` it waits for its closing attempt, or for the idle sweep.
package struct TailOperationWriter: LogConsumer {
    package let filter: EventFilter
    private var operations = OperationAssembler()
    private var output: TailOutput<Operation>
    /// Every event read, before the filter.
    package private(set) var eventsRead = 0
    /// The first write error; writing stops after it.
    package var writeError: SystemError? { output.writeError }

    /// - Parameter lastLines: keep the last this many operations until `writeKeptLines()`; nil writes each.
    package init(filter: EventFilter, colour: Bool, descriptor: Int32 = 1, lastLines: Int? = nil) {
        self.filter = filter
        output = TailOutput(descriptor: descriptor, lastLines: lastLines) { TailLine.format($0, colour: colour) }
    }

    package mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        eventsRead += 1
        guard writeError == nil, filter.accepts(record) else { return }
        let time = OperationTracker<Never>.checkedTime(record)
        operations.clock(install: record.installID, time: time)
        guard let time else { return }
        let number = OperationTracker<Never>.checkedAttempt(record.attempt)
        switch record.event {
        case .acquisitionStart:
            guard let operationID = record.operationID else { return }
            operations.start(installID: record.installID, operationID: operationID, attempt: number, time: time)
        case .acquisitionEnd:
            let details = record.outcome == .known(.success) ? nil : EventDetails(line: line)
            operations.end(
                Operation.Attempt(ended: record, at: time, start: nil, details: details),
                installID: record.installID, operationID: record.operationID, writtenNumber: number)
        default: return
        }
        writeClosed()
    }

    /// Closes the operations still open and writes them (nothing more will be read).
    package mutating func closeOpenOperations() {
        operations.closeAll()
        writeClosed()
    }

    private mutating func writeClosed() {
        operations.takeClosed { output.add($0) }
    }

    /// Writes the operations kept so far and writes every later one as it closes.
    package mutating func writeKeptLines() { output.writeKeptLines() }

    /// Writes what is buffered.
    package mutating func flush() { output.flush() }
}
