import AuthTrail
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `authtrail-stress lifecycle DIR ROLE`: a process of a platform that suspends apps (iOS), playing an app or an
/// extension, driven line by line by a test that plays the system: it posts the real lifecycle notifications
/// through `NotificationCenter`, grants background time on request and takes it back on `expire`, and stops the
/// process (SIGSTOP) where iOS would suspend it. The trail follows the lifecycle by itself: no call here pauses it.
///
/// Input lines: `post NAME` (a notification, posted on this thread as UIKit posts on the main thread), `record N`
/// (N events from another thread, as a background task does), `attempt OPERATION ATTEMPT KIND OUTCOME` (one
/// `acquisition.end`, as an app's token request ends), `health`, `expire` (the system takes every open
/// assertion back), `rotate` (seal the segment), `shutdown`. End of input ends the process without a shutdown (iOS ending a suspended app).
/// Output lines: `time begin ID`, `time end ID open=N`, `time expired ID open=N`, `expired N`, `posted NAME`, `recorded TOTAL`,
/// `attempted OPERATION ATTEMPT`, `health …`.
enum AppShape {
    static func run(directory: URL, role: String) {
        let time = ScriptedBackgroundTime()
        var configuration = TrailConfiguration(
            directory: directory,
            app: AppInfo(
                identifier: role == "extension" ? "com.example.stress.share" : "com.example.stress", version: "1.0"))
        configuration.lifecycle = ProcessLifecycle(
            isSuspendable: true, isExtension: role == "extension",
            backgroundExecution: BackgroundExecution(begin: time.begin))
        guard let trail = try? Trail(configuration: configuration) else { exit(70) }
        var recorded = 0
        while let line = readLine() {
            let words = line.split(separator: " ").map(String.init)
            switch words.first {
            case "post":
                NotificationCenter.default.post(name: Notification.Name(words[1]), object: nil)
                StressEvents.say("posted \(words[1])")
            case "record":
                let count = Int(words[1]) ?? 0
                let first = recorded
                let thread = Thread {
                    for index in first..<(first + count) { trail.record(StressEvents.event(thread: 0, index: index)) }
                }
                thread.start()
                while !thread.isFinished { usleep(1000) }
                recorded += count
                StressEvents.say("recorded \(recorded)")
            case "attempt" where words.count == 5:
                trail.record(StressEvents.attempt(words[1...]))
                StressEvents.say("attempted \(words[1]) \(words[2])")
            case "health":
                let health = trail.health
                StressEvents.printHealth(trail, recorded: recorded)
                StressEvents.say(
                    "activity \(health.activity.rawValue) paused-before=\(health.lastPause != nil)")
            case "expire":
                StressEvents.say("expired \(time.expireAll())")
            case "rotate":
                // Closes the segment (sealed); the next event opens a new one.
                trail.shutdown(timeout: .seconds(120))
                StressEvents.say("rotated")
            case "shutdown":
                trail.shutdown(timeout: .seconds(120))
                StressEvents.printHealth(trail, recorded: recorded)
                exit(0)
            default:
                StressEvents.say("unknown \(line)")
            }
        }
        exit(0)
    }
}

/// Background time as the test grants it: every assertion is announced on standard output when it begins and ends,
/// so the test knows when the process holds none and may be suspended.
final class ScriptedBackgroundTime: Sendable {
    private let open = Locked<(next: Int, expiring: [Int: @Sendable () -> Void])>((0, [:]))

    @Sendable func begin(_ expired: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        let id = open.withLock { state in
            state.next += 1
            state.expiring[state.next] = expired
            return state.next
        }
        StressEvents.say("time begin \(id)")
        return { [open] in
            let left = open.withLock { $0.expiring.removeValue(forKey: id) == nil ? nil : $0.expiring.count }
            if let left { StressEvents.say("time end \(id) open=\(left)") }
        }
    }

    /// Takes every open assertion back, each on a thread of its own as the system does; returns once every
    /// `expired` call has returned, with how many there were.
    func expireAll() -> Int {
        let expiring = open.withLock { state in
            defer { state.expiring = [:] }
            return state.expiring
        }
        let group = DispatchGroup()
        for (id, expired) in expiring.sorted(by: { $0.key < $1.key }) {
            DispatchQueue.global().async(group: group) {
                expired()
                StressEvents.say("time expired \(id) open=0")
            }
        }
        group.wait()
        return expiring.count
    }
}
