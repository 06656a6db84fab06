import AuthTrail
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The events the stress child records and the lines it prints.
enum StressEvents {
    /// One event that says who wrote it and in which order, in structured fields (operation id `<pid>-t<thread>`,
    /// attempt = index + 1) that redaction leaves alone, so the child measures the store rather than the redactor.
    static func event(thread: Int, index: Int, severity: Severity = .info) -> TrailEvent {
        TrailEvent(
            name: .log, severity: severity, operationID: OperationID(rawValue: "\(getpid())-t\(thread)"),
            attempt: index + 1)
    }

    /// An `acquisition.end` stamped now, from `OPERATION ATTEMPT KIND OUTCOME` (`silent failure`, `interactive
    /// success`, …).
    static func attempt(_ fields: ArraySlice<String>) -> TrailEvent {
        let fields = Array(fields)
        let outcome = TrailEvent.Outcome(rawValue: fields[3]) ?? .failure
        return TrailEvent(
            name: .acquisitionEnd, severity: outcome == .failure ? .error : .info,
            operationID: OperationID(rawValue: fields[0]), attempt: Int(fields[1]),
            kind: fields[2] == "interactive" ? .interactive : .silent, duration: .milliseconds(5), outcome: outcome)
    }

    /// Writes `line` to standard output at once (no buffering: the parent reads it while the child still runs).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func printHealth(_ trail: Trail, recorded: Int) {
        let health = trail.health
        say(
            "health written=\(health.eventsWritten) dropped=\(health.eventsDropped) lost=\(health.eventsLost) "
                + "failures=\(health.failures) recorded=\(recorded) status=\(health.status.rawValue)")
    }

    #if canImport(Glibc)
    static let fileSizeResource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
    #else
    static let fileSizeResource = RLIMIT_FSIZE
    #endif
}
