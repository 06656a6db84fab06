package import AuthTrail

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads segments and bundles — any sequence of zstd frames holding NDJSON events — and streams their events to a
/// `LogConsumer`, so memory does not grow with the input.
///
/// One reader keeps its decoder, buffers and scanner memory from file to file: a reader per file grew a fresh frame
/// buffer from nothing each time (page faults and copies on every file).
package struct SegmentReader {
    /// The newest event schema this reader knows.
    package static let knownSchema = 1

    private let decoder: Result<ZstdStreamReader, ZstdError>
    private var memory = EventScannerCache()
    /// What `readLive` keeps from one read of a growing file to the next.
    private var live = LiveState()

    /// - Parameter limits: the decoder's (`ZstdStreamReader.Limits`).
    package init(limits: ZstdStreamReader.Limits = ZstdStreamReader.Limits()) {
        decoder = Result { () throws(ZstdError) in try ZstdStreamReader(limits: limits) }
    }

    /// Reads the file at `path` ("-" for standard input), or its bytes in `range` (a bundle's segment,
    /// `BundleSections`), into `consumer`.
    package mutating func read(
        path: String, range: Range<Int>? = nil, into consumer: inout some LogConsumer
    ) throws(SystemError)
        -> InputSummary
    {
        let input = try OpenInput(path: path)
        defer { input.close() }
        var source = input.source
        guard let range else { return read(from: &source, name: path, into: &consumer) }
        guard lseek(source.descriptor, off_t(range.lowerBound), SEEK_SET) == range.lowerBound else {
            throw SystemError(errno: errno, operation: "lseek")
        }
        var section = ByteLimitedSource(source, limit: range.count)
        var summary = read(from: &section, name: path, into: &consumer)
        summary.issues = summary.issues.shifted(by: range.lowerBound)
        return summary
    }

    /// Reads bytes already in memory into `consumer`.
    package mutating func read(bytes: [UInt8], name: String, into consumer: inout some LogConsumer) -> InputSummary {
        var source = MemorySource(bytes)
        return read(from: &source, name: name, into: &consumer)
    }

    package mutating func read<Consumer: LogConsumer>(
        from source: inout some ByteSource, name: String, into consumer: inout Consumer
    ) -> InputSummary {
        let decoder: ZstdStreamReader
        switch self.decoder {
        case .success(let reader): decoder = reader
        case .failure(let error):
            var summary = InputSummary(path: name)
            summary.issues.add(DecodeIssue(kind: .readError, offset: 0, cause: "\(error)"))
            return summary
        }
        // Raw MSAL log text is read as well as segments and bundles (RawLogInputDetection tells them apart).
        let firstBytes = RawLogInputDetection.firstBytes(of: &source)
        let shortenedBefore = memory.shortenedValues
        return withUnsafeMutablePointer(to: &consumer) { consumer in
            withUnsafeMutablePointer(to: &memory) { memory in
                var sink = Sink(summary: InputSummary(path: name), consumer: consumer, memory: memory)
                if let error = firstBytes.error {
                    sink.issue(DecodeIssue(kind: .readError, offset: firstBytes.bytes.count, cause: error.description))
                } else if firstBytes.bytes.count < 4 {
                    // The input ended within its first bytes: not read again, since a terminal that gave its end
                    // (Ctrl-D) waits for more text at the next read.
                    sink.text = RawLogReader(path: name, fileName: StandardInput.fileName(name))
                    var ended = MemorySource([])
                    var splitter = TextLineSplitter()
                    let total = splitter.read(from: &ended, firstBytes: firstBytes.bytes, into: &sink)
                    sink.finishText(plainBytes: total)
                } else if RawLogInputDetection.isText(firstBytes.bytes) {
                    sink.text = RawLogReader(path: name, fileName: StandardInput.fileName(name))
                    var splitter = TextLineSplitter()
                    let total = splitter.read(from: &source, firstBytes: firstBytes.bytes, into: &sink)
                    sink.finishText(plainBytes: total)
                } else {
                    var replay = ReplayingSource(head: firstBytes.bytes, base: source)
                    decoder.read(from: &replay, into: &sink)
                    source = replay.base
                    sink.finishText(plainBytes: nil)
                }
                sink.summary.shortenedValues = memory.pointee.shortenedValues - shortenedBefore
                return sink.summary
            }
        }
    }

    /// `read(path:into:)` with a reader of its own.
    package static func read(path: String, into consumer: inout some LogConsumer) throws(SystemError) -> InputSummary {
        var reader = SegmentReader()
        return try reader.read(path: path, into: &consumer)
    }

    /// Why this reader cannot decode (creating libzstd's context failed), nil when it can.
    package var unavailable: ZstdError? {
        if case .failure(let error) = decoder { return error }
        return nil
    }

    /// Bytes `readLive` has taken from its source so far.
    package var bytesRead: Int {
        switch live.kind {
        case .zstd?: (try? decoder.get())?.bytesRead ?? 0
        case .text?: live.splitter.offset
        case nil: live.head.count
        }
    }

    /// Whether the last `readLive` ended with nothing unfinished: between two frames (`ZstdStreamReader`), or after a
    /// line end in text.
    package var endsBetweenFrames: Bool {
        switch live.kind {
        case .zstd?: (try? decoder.get())?.endsBetweenFrames ?? false
        case .text?: live.splitter.endsBetweenLines && live.splitter.offset > 0
        case nil: false
        }
    }

    /// Whether `readLive` found plain text (an MSAL log as an app's console writes it), which has no end to wait for.
    package var readsText: Bool { live.kind == .text }

    /// Reads what `source` holds now of a file its writer may still be appending to, through the same sink as
    /// `read`: zstd (a segment, MSAL log text compressed) or plain MSAL log text, told apart by the first four bytes
    /// as `read` does. A frame or line left unfinished waits for the next call, whose source goes on from the same
    /// offset (`ZstdStreamReader.readLive`, `TextLineSplitter`). One reader per followed file (`FollowedFile`).
    ///
    /// Events written without an `install.id` are given their segment's (its metadata frame's), since a live view
    /// names each event's install.
    /// - Parameters:
    ///   - final: the file will not grow any more: what is left unfinished is reported as `read` reports it (a torn
    ///     tail, a cut line), and raw log text read from it ends.
    ///   - summary: what the reads of the file found so far, added to.
    package mutating func readLive<Consumer: LogConsumer>(
        from source: inout some ByteSource, final: Bool, into consumer: inout Consumer, summary: inout InputSummary
    ) {
        guard case .success(let decoder) = self.decoder else { return }
        if live.kind == nil {
            live.head += Self.bytes(upTo: 4 - live.head.count, from: &source)
            // Fewer than four bytes are text only once nothing more can come (as in `read`).
            guard live.head.count == 4 || final else { return }
            live.kind = RawLogInputDetection.isText(live.head) ? .text : .zstd
        }
        let shortenedBefore = memory.shortenedValues
        withUnsafeMutablePointer(to: &consumer) { consumer in
            withUnsafeMutablePointer(to: &memory) { memory in
                var sink = Sink(summary: summary, consumer: consumer, memory: memory)
                (sink.text, sink.sawFrameOrLine) = (live.text, live.sawFrameOrLine)
                sink.live = LiveState(installID: live.installID)
                if live.kind == .text {
                    if sink.text == nil {
                        sink.text = RawLogReader(path: summary.path, fileName: StandardInput.fileName(summary.path))
                    }
                    live.head.withUnsafeBytes { live.splitter.take($0, into: &sink) }
                    live.splitter.read(from: &source, into: &sink)
                    if final {
                        live.splitter.finish(into: &sink)
                        sink.finishText(plainBytes: live.splitter.offset)
                    }
                } else {
                    var replay = ReplayingSource(head: live.head, base: source)
                    decoder.readLive(from: &replay, into: &sink, final: final)
                    source = replay.base
                    if final { sink.finishText(plainBytes: nil) }
                }
                live.head = []
                (live.text, live.sawFrameOrLine, live.installID) = (
                    sink.text, sink.sawFrameOrLine, sink.live?.installID
                )
                sink.summary.shortenedValues += memory.pointee.shortenedValues - shortenedBefore
                summary = sink.summary
            }
        }
    }

    /// Up to `count` bytes from `source`, fewer only at its end (or on an error, which the next read meets again).
    private static func bytes(upTo count: Int, from source: inout some ByteSource) -> [UInt8] {
        var head = [UInt8](repeating: 0, count: max(count, 0))
        var filled = 0
        while filled < head.count {
            let read = head.withUnsafeMutableBytes { bytes in
                try? source.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[filled...]))
            }
            guard let read, read > 0 else { break }
            filled += read
        }
        return Array(head[..<filled])
    }

    /// `read(bytes:name:into:)` with a reader of its own.
    package static func read(bytes: [UInt8], name: String, into consumer: inout some LogConsumer) -> InputSummary {
        var reader = SegmentReader()
        return reader.read(bytes: bytes, name: name, into: &consumer)
    }

    /// Gives the record `readLive` holds of plain text that has stopped growing, instead of waiting for the next
    /// record to start (`RawLogReader.settle`): a console's last line shows while the app is idle. Nothing when the
    /// text ends inside a line or a bracket, or the file is not text.
    package mutating func settleText<Consumer: LogConsumer>(into consumer: inout Consumer, summary: inout InputSummary)
    {
        guard live.kind == .text, live.text != nil, live.splitter.endsBetweenLines else { return }
        let shortenedBefore = memory.shortenedValues
        withUnsafeMutablePointer(to: &consumer) { consumer in
            withUnsafeMutablePointer(to: &memory) { memory in
                var sink = Sink(summary: summary, consumer: consumer, memory: memory)
                (sink.text, sink.sawFrameOrLine) = (live.text, live.sawFrameOrLine)
                sink.settleText()
                live.text = sink.text
                sink.summary.shortenedValues += memory.pointee.shortenedValues - shortenedBefore
                summary = sink.summary
            }
        }
    }

    /// What a live read keeps between two reads of one file.
    private struct LiveState {
        enum Kind { case zstd, text }
        /// Nil until the first four bytes are read.
        var kind: Kind?
        /// The first bytes, read to tell the kind, not yet given to the decoder or the splitter.
        var head: [UInt8] = []
        var splitter = TextLineSplitter()
        var text: RawLogReader?
        var sawFrameOrLine = false
        /// The install the file's metadata frame names.
        var installID: String?
    }

    // The sink lives only inside a read (`read`, `readLive`), so it holds the consumer and the scanner's memory by pointer instead of
    // copying them. It fills one record in place line after line and lends it to the consumer: a record returned
    // per line was copied three times on its way, each copy retaining and releasing every string in it.
    private struct Sink<Consumer: LogConsumer>: DecodedStreamSink {
        var summary: InputSummary
        let consumer: UnsafeMutablePointer<Consumer>
        let memory: UnsafeMutablePointer<EventScannerCache>
        var record = LogRecord(eventName: "")
        /// Set once the input reads as raw MSAL log text: plain text, or decoded frames whose first line is not an
        /// event and come after no metadata frame.
        var text: RawLogReader?
        var sawFrameOrLine = false
        /// Set by `readLive` only: its `installID`, the install of the file's metadata frame, is given to events
        /// written without one.
        var live: LiveState?
        /// Read once: looked up per line, the consumer's property cost a generic call each time when the
        /// consumer's type lives in another module.
        let fields: LogRecord.StringFields
        let readsSegmentHeaders = Consumer.readsSegmentHeaders

        init(
            summary: InputSummary, consumer: UnsafeMutablePointer<Consumer>,
            memory: UnsafeMutablePointer<EventScannerCache>
        ) {
            self.summary = summary
            self.consumer = consumer
            self.memory = memory
            fields = consumer.pointee.stringFields
        }

        mutating func skippableFrame(variant: UInt8, payload: UnsafeRawBufferPointer, offset: Int) {
            sawFrameOrLine = true
            guard variant == SkippableFrame.authTrailVariant, readsSegmentHeaders || live != nil,
                let header = SegmentHeader(payload: payload)
            else { return }
            if live != nil { live!.installID = header.installID ?? live!.installID }
            guard readsSegmentHeaders else { return }
            summary.segments.append(header)
            consumer.pointee.segment(header, path: summary.path)
        }

        mutating func line(_ bytes: UnsafeRawBufferPointer) {
            if text != nil { consumer.pointee.textLine(bytes) }
            guard !bytes.isEmpty else { return }
            if text != nil {
                // AuthTrail events among the text (a `cat` output, say) are read as events.
                if bytes.first == UInt8(ascii: "{"),
                    EventScanner.record(bytes, into: &record, memory: &memory.pointee, fields: fields)
                {
                    deliver(bytes)
                    return
                }
                for line in text!.line(bytes) { line.withUnsafeBytes { event($0) } }
                return
            }
            if !sawFrameOrLine {
                sawFrameOrLine = true
                guard EventScanner.record(bytes, into: &record, memory: &memory.pointee, fields: fields) else {
                    text = RawLogReader(path: summary.path, fileName: StandardInput.fileName(summary.path))
                    return line(bytes)
                }
                deliver(bytes)
                return
            }
            event(bytes)
        }

        /// Gives the events of the record raw-text reading holds, if it is whole (`RawLogReader.settle`).
        mutating func settleText() {
            for line in text?.settle() ?? [] { line.withUnsafeBytes { event($0) } }
        }

        /// Ends raw-text reading: the last events, and the input's raw-log summary; with no MSAL line at all, the
        /// input is reported as before: plain bytes as `not zstd data` at byte 0, decoded lines as invalid lines.
        mutating func finishText(plainBytes: Int?) {
            guard text != nil else { return }
            for line in text!.finish() { line.withUnsafeBytes { event($0) } }
            let raw = text!.summary
            text = nil
            summary.textWasCompressed = plainBytes == nil
            guard raw.msalLines == 0 else {
                summary.rawLog = raw
                return
            }
            let otherLines = raw.otherLines + raw.continuationLines + raw.oversizedLines
            if let plainBytes, summary.events == 0 {
                if plainBytes > 0 {
                    summary.issues.add(
                        DecodeIssue(
                            kind: .notZstd, offset: 0, bytesLost: plainBytes, cause: "nor text holding an MSAL log line"
                        ))
                }
            } else if otherLines > 0 {
                // Not echoed: the text may hold anything.
                summary.invalidLines += otherLines
                summary.invalidLineSample = "(a line of text that is neither an event nor an MSAL log line; not shown)"
            }
        }

        /// Scans one event line and hands it to the consumer, or counts it as invalid.
        private mutating func event(_ bytes: UnsafeRawBufferPointer) {
            guard EventScanner.record(bytes, into: &record, memory: &memory.pointee, fields: fields) else {
                return summary.countInvalidLine(bytes)
            }
            deliver(bytes)
        }

        /// Hands the event just scanned into `record` to the consumer.
        private mutating func deliver(_ bytes: UnsafeRawBufferPointer) {
            summary.countEvent(schema: record.schema)
            if record.installID == nil, let install = live?.installID { record.installID = install }
            consumer.pointee.event(record, line: bytes)
        }

        mutating func issue(_ issue: DecodeIssue) { summary.issues.add(issue) }
    }
}
