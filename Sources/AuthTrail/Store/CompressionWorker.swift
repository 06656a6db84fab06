import Foundation

/// Compresses a segment's serialized chunks on a thread of its own, so the writer thread redacts and serializes the
/// next chunk while this one compresses.
///
/// Hand-written pipelining, for the writer's throughput goal (80% of the `zstd -3` CLI, docs/BENCHMARKS.md): on one thread, redact +
/// serialize + compress cost about twice the CLI's time per event; split over two threads the slower stage sets the
/// pace (docs/BENCHMARKS.md). zstd's own worker threads (`ZSTD_c_nbWorkers`) do not fit: a flush waits for the whole
/// pending job, and the store flushes often.
///
/// One stream, as if compressed on the caller's thread. The worker flushes on its own every `flushBytes` of input, so
/// the size-triggered flush costs the writer no wait: `takeFlushed` hands over what is decodable so far. Flushes that
/// must be complete when they return (interval, error event, `flush()`, close) go through `drain`.
final class CompressionWorker: @unchecked Sendable {
    // @unchecked: every stored property is only touched with `condition` held; `compressor` is used by the worker
    // thread while a chunk is in hand, and by `drain` only once none is.
    private let condition = NSCondition()
    private let compressor: ZstdCompressor
    private let frameContentLimit: Int
    private let flushBytes: Int
    private var waiting: [(chunk: [UInt8], events: Int)] = []
    private var spare: [[UInt8]] = []
    private var compressing = false
    private var output: [UInt8] = []
    /// `output` up to here ends at a flush: it decodes on its own.
    private var flushedBytes = 0
    /// App events inside `output[..<flushedBytes]`.
    private var flushedEvents = 0
    private var inputSinceFlush = 0
    private var eventsSinceFlush = 0
    private var failure: ZstdError?
    private var stopped = false

    /// Chunks queued before `submit` waits.
    private static let depth = 2

    /// - Parameters:
    ///   - frameContentLimit: a frame ends after this many uncompressed bytes.
    ///   - flushBytes: the worker flushes after this many uncompressed bytes.
    init(level: Int32, frameContentLimit: Int, flushBytes: Int) throws(ZstdError) {
        compressor = try ZstdCompressor(level: level, checksum: true)
        self.frameContentLimit = frameContentLimit
        self.flushBytes = flushBytes
        let thread = Thread { [self] in run() }
        thread.name = "AuthTrail compressor"
        thread.qualityOfService = .utility
        thread.start()
    }

    /// Compressed bytes produced and not yet taken.
    var outputCount: Int { condition.withLock { output.count } }

    /// True when input was given since the last flush: a flush would make more decodable.
    var hasUnflushedInput: Bool { condition.withLock { !waiting.isEmpty || compressing || inputSinceFlush > 0 } }

    /// Queues a copy of `chunk`, which holds `events` app events. Waits only while `depth` chunks are queued.
    /// - Throws: the error an earlier chunk's compression failed with.
    func submit(_ chunk: UnsafeRawBufferPointer, events: Int) throws(ZstdError) {
        condition.lock()
        defer { condition.unlock() }
        while waiting.count >= Self.depth && failure == nil { condition.wait() }
        if let failure { throw failure }
        var buffer = spare.popLast() ?? []
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: chunk)
        waiting.append((buffer, events))
        condition.broadcast()
    }

    /// Takes the output up to the worker's last flush, and how many app events it holds. Never waits for the worker.
    func takeFlushed() throws(ZstdError) -> (bytes: [UInt8], events: Int) {
        condition.lock()
        defer { condition.unlock() }
        if let failure { throw failure }
        guard flushedBytes > 0 else { return ([], 0) }
        let taken = (Array(output[..<flushedBytes]), flushedEvents)
        output.removeFirst(flushedBytes)
        flushedBytes = 0
        flushedEvents = 0
        return taken
    }

    /// Waits until every queued chunk is compressed, lets `body` add to the output with the compressor (a flush, a
    /// frame end), and takes all the output.
    func drain(_ body: (ZstdCompressor, inout [UInt8]) throws(ZstdError) -> Void) throws(ZstdError) -> [UInt8] {
        condition.lock()
        defer { condition.unlock() }
        while (!waiting.isEmpty || compressing) && failure == nil { condition.wait() }
        if let failure { throw failure }
        try body(compressor, &output)
        defer {
            output.removeAll(keepingCapacity: true)
            (flushedBytes, flushedEvents, inputSinceFlush, eventsSinceFlush) = (0, 0, 0, 0)
        }
        return output
    }

    /// Ends the thread; queued chunks and output are dropped.
    func stop() {
        condition.withLock {
            stopped = true
            waiting.removeAll()
            output.removeAll()
            condition.broadcast()
        }
    }

    private func run() {
        var produced = [UInt8]()
        while true {
            condition.lock()
            while waiting.isEmpty && !stopped { condition.wait() }
            if stopped {
                condition.unlock()
                return
            }
            let (chunk, events) = waiting.removeFirst()
            let flushDue = inputSinceFlush + chunk.count >= flushBytes
            compressing = true
            condition.unlock()

            produced.removeAll(keepingCapacity: true)
            var error: ZstdError?
            var flushed = false
            do throws(ZstdError) {
                try compressor.write(chunk, into: &produced)
                if compressor.frameContentBytes >= frameContentLimit {
                    try compressor.endFrame(into: &produced)
                    flushed = true
                } else if flushDue {
                    try compressor.flush(into: &produced)
                    flushed = true
                }
            } catch let caught {
                error = caught
            }

            condition.lock()
            output.append(contentsOf: produced)
            inputSinceFlush += chunk.count
            eventsSinceFlush += events
            if flushed {
                flushedBytes = output.count
                flushedEvents += eventsSinceFlush
                (inputSinceFlush, eventsSinceFlush) = (0, 0)
            }
            if failure == nil { failure = error }
            spare.append(chunk)
            compressing = false
            condition.broadcast()
            condition.unlock()
        }
    }
}
