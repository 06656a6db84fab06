/// `retries.device_storms`: installs with at least `threshold` attempts within one window, and the largest as
/// examples. Each install's attempts arrive in time order (`InstallTimeOrder`); an attempt earlier than its
/// install's latest counts at that latest time, so a storm's duration is never negative whatever the input.
struct DeviceStormTable: ReportTable {
    let threshold: Int
    let windowMilliseconds: Int64
    var count = 0
    var storms: [Report.Storm] = []
    /// The smallest of the ten storms kept at the last trim: a storm that is not larger can never be an example, so
    /// it is not stored (sorting the stored ones at every trim was about 1.5 % of a report; perf).
    private var floor: Report.Storm?
    private var windows: [String: DeviceWindow] = [:]
    /// The current install and its window, outside the dictionary: consecutive attempts share an install.
    private var current: (install: String, window: DeviceWindow)?
    /// Counts install switches, to close the least recently used windows first.
    private var uses = 0

    init(threshold: Int, windowMilliseconds: Int64) {
        self.threshold = threshold
        self.windowMilliseconds = windowMilliseconds
    }

    /// Device-storm windows kept, the current one included (for tests of the memory bound).
    var storedWindows: Int { windows.count + (current == nil ? 0 : 1) }

    mutating func add(install: String, at time: Int64) {
        var started = false
        var ended: Report.Storm?
        if install != current?.install {
            if var previous = current {
                uses += 1
                previous.window.lastUse = uses
                windows[previous.install] = previous.window
                if windows.count > ReportBounds.deviceWindows { closeLeastRecentWindows() }
            }
            current = (install, windows.removeValue(forKey: install) ?? DeviceWindow())
        }
        current!.window.add(
            time, install: install, size: threshold, window: windowMilliseconds, started: &started, ended: &ended)
        if started { count += 1 }
        if let ended, floor.map({ Report.Storm.larger(ended, $0) }) ?? true {
            storms.append(ended)
            trim()
        }
    }

    /// Ends the storms still going on: every event of the install being read has been given.
    mutating func endInstall() {
        if let current, let storm = current.window.storm(of: current.install) { storms.append(storm) }
        current = nil
        for install in windows.keys.sorted() {
            if let storm = windows[install]?.storm(of: install) { storms.append(storm) }
        }
        windows.removeAll()
        trim()
    }

    private mutating func trim() {
        if storms.count > 200 {
            storms = Array(storms.sorted(by: Report.Storm.larger).prefix(10))
            floor = storms.last
        }
    }

    /// Drops the least recently used half of the stored windows (past `ReportBounds.deviceWindows` installs),
    /// counting a storm still going on there as ended: only inputs interleaving that many installs lose storm
    /// history, as the reader otherwise reads one install's segments after another.
    private mutating func closeLeastRecentWindows() {
        var byUse: [(install: String, lastUse: Int)] = []
        byUse.reserveCapacity(windows.count)
        for (install, window) in windows { byUse.append((install, window.lastUse)) }
        byUse.sort { $0.lastUse < $1.lastUse }
        for (install, _) in byUse.prefix(byUse.count / 2) {
            guard let window = windows.removeValue(forKey: install) else { continue }
            if let storm = window.storm(of: install) { storms.append(storm) }
            trim()
        }
    }

    /// Both states must be between installs (`endInstall`), as `ReportBuilder.merge` requires.
    mutating func merge(_ other: Self) {
        count += other.count
        storms += other.storms
        trim()
    }

    func finish(into report: inout Report) {
        var storms = storms
        var windows = windows
        if let current { windows[current.install] = current.window }
        for (install, window) in windows.sorted(by: { $0.key < $1.key }) {
            if let storm = window.storm(of: install) { storms.append(storm) }
        }
        report.retries.deviceStorms = Report.StormSummary(
            threshold: threshold, windowSeconds: Int(windowMilliseconds / 1000), count: count,
            examples: Array(storms.sorted(by: Report.Storm.larger).prefix(10)))
    }
}

/// The last `size` attempt times of one install (a ring once full), and the storm it is in, if any. Small, as up to
/// `ReportBounds.deviceWindows` are kept: the times grow to `size` only for an install that has that many (a million
/// installs of one attempt each filled 16,384 windows of 20 times, 6.8 MB with the stored storms' install ids;
/// heaptrack, `authtrail-bench hostile`, devices).
private struct DeviceWindow {
    private var times: [Int64] = []
    /// Once full, where the next time goes: the oldest.
    private var next = 0
    /// The storm going on: its first attempt's time, its attempts (0: none) and its length.
    private var stormStart: Int64 = 0
    private var stormAttempts = 0
    private var stormMilliseconds: Int64 = 0
    /// When the table last switched away from this install (for closing the least recently used windows).
    var lastUse = 0

    /// The storm going on, if any, as the report shows it.
    func storm(of install: String) -> Report.Storm? {
        guard stormAttempts > 0 else { return nil }
        return Report.Storm(
            installID: install, operationID: nil, start: ReportTime(milliseconds: stormStart),
            attempts: stormAttempts, durationMilliseconds: stormMilliseconds)
    }

    /// Adds an attempt of `install` at `time`; `ended` is set to the storm it ended, if any.
    mutating func add(
        _ time: Int64, install: String, size: Int, window: Int64, started: inout Bool, ended: inout Report.Storm?
    ) {
        let size = max(size, 1)
        // Times only move forward here, so no window or duration can be negative.
        let time = times.isEmpty ? time : max(time, times[(next + times.count - 1) % times.count])
        if times.count < size {
            // Two places, then all `size`: most installs never reach a second attempt within a window.
            if times.count == times.capacity { times.reserveCapacity(times.isEmpty ? 2 : size) }
            times.append(time)
            next = times.count % size
        } else {
            times[next] = time
            next = (next + 1) % size
        }
        // When full, `next` points at the oldest of the last `size` times.
        if times.count == size, time - times[next] <= window {
            let oldest = times[next]
            if stormAttempts == 0 {
                started = true
                stormStart = oldest
                stormAttempts = size
            } else {
                stormAttempts += 1
            }
            stormMilliseconds = time - stormStart
        } else if stormAttempts > 0 {
            ended = storm(of: install)
            stormAttempts = 0
        }
    }
}

extension DeviceStormTable {
    static var facts: ReportFact.Kinds { [.attempt, .installEnded] }

    mutating func update(_ fact: ReportFact, record: borrowing LogRecord) {
        switch fact {
        case .attempt(let attempt):
            // An empty id is no install (as in an operation's key).
            if let install = record.installID, !install.isEmpty, let time = attempt.time {
                add(install: install, at: time)
            }
        case .installEnded: endInstall()
        default: break
        }
    }
}
