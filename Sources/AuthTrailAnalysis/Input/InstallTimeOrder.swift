import AuthTrail

/// Hands a `ReportBuilder` (or another `InstallOrderedConsumer`) each install's events in time order, however they are
/// split across files and processes:
/// operation chains, device storms, Retry-After and backoff are windows in time on one install, and an install's
/// files (an app and its extension write overlapping segments into one folder) interleave in time.
///
/// The caller reads an install's files one after another in order of their start (`InputOrder.plan`) and says
/// where it and the next one start. A process writes its events in time order, and none before its segment's start,
/// so an event no earlier than any event of another file given before and earlier than the next file's start goes
/// straight to the builder while nothing waits (an event out of order within its own file keeps its place there):
/// with one process, or files that do not overlap, nothing is copied. The others wait until neither the rest of the
/// file nor a file still to come can hold an earlier one, and go to the builder sorted by (time, `acquisition.start`
/// before other events, a hash of the line), an order that does not depend on how the events were split into files.
/// So only events that overlap in time wait, and memory follows the overlap, not the input, capped at `maxWaiting`
/// (past it the earliest half is released, and a warning says so).
///
/// Events of another install than the one being read (standard input, a file holding several installs, a bundle whose
/// frames could not be walked: `BundleSections`) wait, up to `maxDeferred`, for that install's turn, or for the end;
/// past the cap they are counted at once.
package struct InstallTimeOrder<Builder: InstallOrderedConsumer>: LogConsumer {
    /// Events of the install being read that may wait.
    static var maxWaiting: Int { 16_384 }
    /// Events of other installs that may wait for their turn. A shard keeps them packed (about 190 bytes each with
    /// their install's entry); 32,768 took 12.7 MB of each of two shards reading a million installs at once, and put
    /// the report at 85 MB of peak RSS (`authtrail-bench hostile`, devices-twice).
    static var maxDeferred: Int { 8_192 }
    /// Waiting events released at once when there is more to release (sorting fewer cost more per event).
    private static var releaseBatch: Int { 4_096 }

    typealias Waiting = TimeOrderedEvent

    package private(set) var builder: Builder
    /// The builder's filter, read once, and whether it keeps every event: read per event through the builder, it was
    /// copied (retaining its sets) each time, about 1 % of a report (perf).
    private let filter: EventFilter
    private let filterKeepsAll: Bool
    private var installID: String?
    private var waiting: [Waiting] = []
    private var releaseAt = InstallTimeOrder.releaseBatch
    private var nextFileStart = Int64.max
    /// The latest time of the current install in the file being read (at first, the file's start).
    private var latestInFile = Int64.min
    /// The latest time given to the builder for the current install, and the latest from other files than the one
    /// being read (events earlier than it must wait, so as to be counted in time order with those).
    private var lastGiven = Int64.min
    private var otherFilesGiven = Int64.min
    private var deferred: [String: PackedEvents] = [:]
    private var deferredCount = 0
    /// Events released before they could be known to be in time order (past `maxWaiting` or `maxDeferred`).
    private var releasedEarly = 0
    /// The inputs begun so far (`beginFile`), and the one whose events the builder was given last (for its
    /// warnings).
    private var files: [String] = []
    private var builderFile: Int?
    /// Installs whose own files held an event of another install, or of none: a read of some installs only
    /// (`OperationStory.collectEarliest`) must read their files too.
    package private(set) var installsHoldingOthers: Set<String> = []
    /// The shard's checkpoints when shards are counted in parallel (`InstallShards`): every so many events, it may
    /// wait for memory (`MemoryPacer`).
    var pacing: MemoryPacer.Shard?

    package init(_ builder: Builder) {
        self.builder = builder
        filter = builder.filter
        filterKeepsAll = builder.filter.isEmpty
    }

    package var stringFields: LogRecord.StringFields { builder.stringFields }

    /// Installs whose events wait for their turn, read from files holding several installs.
    package var deferredInstalls: [String] { Array(deferred.keys) }

    /// Events of other installs read so far that wait for their install's turn, with the inputs they came from (for
    /// their warnings), to be handed to the `InstallTimeOrder` that reads those installs (`InstallShards`).
    package struct DeferredEvents: Sendable {
        var files: [String] = []
        var byInstall: [String: PackedEvents] = [:]

        /// The installs with events waiting.
        package var installs: [String] { Array(byInstall.keys) }
    }

    /// Takes the events waiting for their install's turn; none wait here afterwards.
    package mutating func takeDeferred() -> DeferredEvents {
        defer {
            deferred = [:]
            deferredCount = 0
        }
        return DeferredEvents(files: files, byInstall: deferred)
    }

    /// An order that will read `installs` (among others), whose events in `deferred` wait for their turn as if this
    /// order had read the files that held them.
    package init(_ builder: Builder, deferred: DeferredEvents, for installs: some Sequence<String>) {
        self.init(builder)
        files = deferred.files
        for install in installs {
            guard let events = deferred.byInstall[install] else { continue }
            self.deferred[install] = events
            deferredCount += events.count
        }
    }

    /// Starts reading `install`'s files; its events deferred so far wait with the ones to come.
    package mutating func beginInstall(_ install: String) {
        endInstall()
        installID = install
        lastGiven = .min
        otherFilesGiven = .min
        if let earlier = deferred.removeValue(forKey: install) {
            deferredCount -= earlier.count
            waiting = earlier.unpacked()
        }
    }

    /// Starts reading the file at `path`. For a file of the current install, `start` is its start and `nextStart`
    /// the earliest start of the install's files still to read (nil when unknown, or for the last file).
    package mutating func beginFile(_ path: String, start: Int64? = nil, nextStart: Int64? = nil) {
        files.append(path)
        nextFileStart = nextStart ?? .max
        latestInFile = start ?? .min
        otherFilesGiven = lastGiven
        if !waiting.isEmpty { release(before: releaseLimit) }
    }

    /// Waiting events earlier than this can go: no later file holds one as early, nor the rest of this file (whose
    /// events are no earlier than its latest so far; ties there keep the file's order).
    private var releaseLimit: Int64 {
        min(nextFileStart, latestInFile == .max ? .max : latestInFile + 1)
    }

    /// Counts every waiting event of the current install and closes its operations.
    package mutating func endInstall() {
        guard installID != nil else { return }
        release(before: .max)
        installID = nil
        builder.endInstall()
    }

    package mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        pacing?.event()
        // The line is gone once an event waits: what the builder reads from it is read now (no copy otherwise).
        if let annotation = builder.annotation(of: record, line: line) {
            var annotated = record
            annotated.annotation = annotation
            order(annotated, line: line)
        } else {
            order(record, line: line)
        }
    }

    private mutating func order(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        guard filterKeepsAll || filter.accepts(record), let install = record.installID,
            let time = record.timestampMilliseconds, ReportBounds.timestampMilliseconds.contains(time)
        else {
            // No place in an install's time line (the builder counts what can be counted, and its warnings).
            if let current = installID, record.installID != current { installsHoldingOthers.insert(current) }
            attribute(to: files.count - 1)
            builder.event(record, line: line)
            return
        }
        if install == installID, waiting.isEmpty, time >= otherFilesGiven, time < nextFileStart {
            lastGiven = max(lastGiven, time)
            latestInFile = max(latestInFile, time)
            attribute(to: files.count - 1)
            builder.event(record, line: line)
            return
        }
        let item = Waiting(
            time: time, rank: record.event == .acquisitionStart ? 0 : 1, hash: ByteHash.ofWords(line),
            file: files.count - 1, record: record)
        guard install == installID else {
            if let current = installID { installsHoldingOthers.insert(current) }
            if deferredCount < Self.maxDeferred {
                deferred[install, default: PackedEvents()].append(item)
                deferredCount += 1
            } else {
                releasedEarly += 1
                attribute(to: files.count - 1)
                builder.event(record, line: line)
            }
            return
        }
        waiting.append(item)
        latestInFile = max(latestInFile, time)
        if waiting.count >= releaseAt { release(before: releaseLimit) }
    }

    /// Adds what reading one input found (see `ReportBuilder.add(_:)`); call it after each input.
    package mutating func add(_ summary: InputSummary) {
        attribute(to: nil)
        builder.add(summary)
    }

    /// Tells the builder which file the values it was given since the last change came from, when that changes.
    private mutating func attribute(to file: Int?) {
        guard file != builderFile else { return }
        if let builderFile, files.indices.contains(builderFile) { builder.flushOutOfRange(file: files[builderFile]) }
        builderFile = file
    }

    /// Counts every event still waiting (deferred installs in install order) and returns the builder's result.
    package mutating func finish() -> Builder.Result {
        var (builder, releasedEarly) = finishCounting()
        return Self.finish(&builder, releasedEarly: releasedEarly)
    }

    /// Counts every event still waiting (deferred installs in install order) and closes every operation; returns
    /// the builder, ready to `merge` or `finish`, and how many events were counted out of time order.
    package mutating func finishCounting() -> (builder: Builder, releasedEarly: Int) {
        endInstall()
        for install in deferred.keys.sorted() {
            beginInstall(install)
            endInstall()
        }
        // Operations of events without an install, or counted at once past `maxDeferred`.
        builder.endInstall()
        return (builder, releasedEarly)
    }

    /// The result of `builder`, warning about the `releasedEarly` events counted out of time order.
    package static func finish(_ builder: inout Builder, releasedEarly: Int) -> Builder.Result {
        if releasedEarly > 0 {
            builder.warn(
                "report: \(releasedEarly) events were counted before the events around them in time were read (more "
                    + "than \(Self.maxWaiting) of one install overlapped in time, or more than \(Self.maxDeferred) "
                    + "waited in a file of several installs or standard input); storms and retries around them may "
                    + "be miscounted")
        }
        return builder.finish()
    }

    /// Gives the builder, in order, the waiting events earlier than `limit`; past `maxWaiting`, the earliest half.
    private mutating func release(before limit: Int64) {
        waiting.sort(by: <)
        var count = limit == .max ? waiting.count : waiting.partitioningIndex { $0.time >= limit }
        if waiting.count - count > Self.maxWaiting {
            let forced = (waiting.count - count) / 2
            releasedEarly += forced
            count += forced
        }
        let empty = UnsafeRawBufferPointer(start: nil, count: 0)
        for index in 0..<count {
            attribute(to: waiting[index].file)
            builder.event(waiting[index].record, line: empty)
            lastGiven = max(lastGiven, waiting[index].time)
            if waiting[index].file != files.count - 1 { otherFilesGiven = max(otherFilesGiven, waiting[index].time) }
        }
        attribute(to: nil)
        waiting.removeFirst(count)
        releaseAt = max(Self.releaseBatch, waiting.count * 2)
    }
}

extension Array {
    /// The index of the first element for which `belongs` is true, in an array where those elements come last.
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// An event of `InstallTimeOrder` waiting for its turn. Outside the generic type, which it does not depend on: nested,
/// its array's metadata was instantiated on every event (`waiting.count`, about 2 % of a report; perf).
struct TimeOrderedEvent: Sendable {
    var time: Int64
    /// 0 for `acquisition.start`: an attempt's start and end in one millisecond are counted start first.
    var rank: UInt8
    var hash: UInt64
    /// Where it was read (an index into `files`), for the warnings about its values.
    var file: Int
    var record: LogRecord

    static func < (left: Self, right: Self) -> Bool {
        (left.time, left.rank, left.hash) < (right.time, right.rank, right.hash)
    }
}
