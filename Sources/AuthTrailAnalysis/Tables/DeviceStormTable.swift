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
            current = (install, windows.removeValue(forKey: install) ?? DeviceWindow(size: threshold))
        }
        current!.window.add(time, install: install, window: windowMilliseconds, started: &started, ended: &ended)
        if started { count += 1 }
        if let ended, floor.map({ Report.Storm.larger(ended, $0) }) ?? true {
            storms.append(ended)
            trim()
        }
    }

    /// Ends the storms still going on: every event of the install being read has been given.
    mutating func endInstall() {
        if let storm = current?.window.storm { storms.append(storm) }
        current = nil
        for install in windows.keys.sorted() {
            if let storm = windows[install]?.storm { storms.append(storm) }
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
            if let storm = window.storm { storms.append(storm) }
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
        for (_, window) in windows.sorted(by: { $0.key < $1.key }) {
            if let storm = window.storm { storms.append(storm) }
        }
        report.retries.deviceStorms = Report.StormSummary(
            threshold: threshold, windowSeconds: Int(windowMilliseconds / 1000), count: count,
            examples: Array(storms.sorted(by: Report.Storm.larger).prefix(10)))
    }
}

/// The last `size` attempt times of one install (a ring), and the storm it is in, if any.
private struct DeviceWindow {
    var times: [Int64]
    var next = 0
    var count = 0
    var storm: Report.Storm?
    var stormStart: Int64 = 0
    /// When the table last switched away from this install (for closing the least recently used windows).
    var lastUse = 0

    init(size: Int) { times = [Int64](repeating: 0, count: max(size, 1)) }

    mutating func add(_ time: Int64, install: String, window: Int64, started: inout Bool, ended: inout Report.Storm?) {
        // Times only move forward here, so no window or duration can be negative.
        let time = count == 0 ? time : max(time, times[(next + times.count - 1) % times.count])
        times[next] = time
        next = (next + 1) % times.count
        count = min(count + 1, times.count)
        // When full, `next` points at the oldest of the last `size` times.
        let oldest = times[next % times.count]
        if count == times.count, time - oldest <= window {
            if storm == nil {
                started = true
                stormStart = oldest
                storm = Report.Storm(
                    installID: install, operationID: nil, start: ReportTime(milliseconds: oldest),
                    attempts: times.count,
                    durationMilliseconds: time - oldest)
            } else {
                storm!.attempts += 1
                storm!.durationMilliseconds = time - stormStart
            }
        } else if let current = storm {
            ended = current
            storm = nil
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
