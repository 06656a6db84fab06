package import AuthTrail

/// `authtrail tail --operations`: assembles the events a filter keeps into operations (`OperationAssembler`, the
/// report's rules) and writes each as one `TailLine` when it closes, or, while `lastLines` is set, keeps only the
/// last that many. An operation still open when reading stops is written by `closeOpenOperations()` (the end of a
/// `tail` without `-f`); with `-f` it waits for its closing attempt, or for the idle sweep.
package struct TailOperationWriter: LogConsumer {
    package let filter: EventFilter
    package let colour: Bool
    private var operations = OperationAssembler()
    private var kept: LastLines<Operation>?
    private var output: OutputBuffer
    package private(set) var linesWritten = 0
    /// Every event read, before the filter.
    package private(set) var eventsRead = 0
    /// The first write error; writing stops after it.
    package var writeError: SystemError? { output.writeError }

    /// - Parameter lastLines: keep the last this many operations until `writeKeptLines()`; nil writes each.
    package init(filter: EventFilter, colour: Bool, descriptor: Int32 = 1, lastLines: Int? = nil) {
        self.filter = filter
        self.colour = colour
        output = OutputBuffer(descriptor: descriptor)
        kept = lastLines.map { LastLines(limit: $0) }
    }

    package mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        eventsRead += 1
        guard writeError == nil, filter.accepts(record) else { return }
        let time = OperationTracker<Never>.checkedTime(record)
        operations.clock(install: record.installID, time: time)
        guard let time else { return }
        let number = OperationTracker<Never>.checkedAttempt(record.attempt)
        switch record.eventName {
        case .acquisitionStart:
            guard let operationID = record.operationID else { return }
            operations.start(installID: record.installID, operationID: operationID, attempt: number, time: time)
        case .acquisitionEnd:
            let outcome = record.outcome ?? .missing
            let error = AttemptError(of: record, details: outcome == .known(.success) ? nil : EventDetails(line: line))
            let duration = Operation.Attempt.checkedDuration(record)
            operations.end(
                Operation.Attempt(
                    number: number ?? 1, kind: record.kind ?? .missing, outcome: outcome,
                    start: time - (duration ?? 0), end: time, durationMilliseconds: duration,
                    retryAfterSeconds: outcome == .known(.success) ? nil : error?.retryAfterSeconds,
                    correlationID: record.correlationID, error: error),
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
        var closed: [Operation] = []
        operations.takeClosed { closed.append($0) }
        for operation in closed {
            if kept != nil {
                kept!.append(operation)
            } else {
                output.append(line: TailLine.format(operation, colour: colour).utf8)
                linesWritten += 1
            }
        }
        if output.count >= 64 << 10 { flush() }
    }

    /// Writes the operations kept so far and writes every later one as it closes.
    package mutating func writeKeptLines() {
        guard let operations = kept?.elements else { return }
        kept = nil
        for operation in operations {
            output.append(line: TailLine.format(operation, colour: colour).utf8)
            linesWritten += 1
        }
        flush()
    }

    /// Writes what is buffered.
    package mutating func flush() { output.flush() }
}
