/// Receives the events and metadata frames of the inputs a `SegmentReader` reads, in input order.
package protocol LogConsumer {
    /// A segment's or bundle's metadata frame; events after it belong to that segment.
    mutating func segment(_ info: SegmentInfo, path: String)
    /// One event and its line as written (without the newline; valid only during the call).
    mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer)
}
