#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM as a readable pipe (the self-pipe trick), so a command that waits between polls wakes at
/// once and stops cleanly: the handler only writes a byte, the one thing it may safely do, and the command finishes
/// its current line, flushes and exits 0. Portable POSIX: `poll` and `pipe` work alike on Linux and Apple platforms.
enum StopSignals {
    /// The pipe's read and write ends; created before a handler can run.
    private static let pipeEnds: (read: Int32, write: Int32) = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (-1, -1) }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        return (ends[0], ends[1])
    }()

    /// Catches SIGINT and SIGTERM, and ignores SIGPIPE (as `AuthTrailCommand.main` does for every command) so a
    /// closed standard output (`| head`) is a write error the command sees instead of a death by signal.
    static func install() {
        _ = pipeEnds
        signal(SIGPIPE, SIG_IGN)
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in
                var byte: UInt8 = 1
                _ = write(StopSignals.pipeEnds.write, &byte, 1)
            }
        }
        // A child started by Foundation's Process inherits its parent's blocked signals (a test runner blocks most).
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGINT)
        sigaddset(&unblocked, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// True once SIGINT or SIGTERM arrived.
    static var received: Bool { wait(milliseconds: 0) }

    /// Waits up to `milliseconds` for SIGINT or SIGTERM; true when one arrived.
    static func wait(milliseconds: Int32) -> Bool { wait(milliseconds: milliseconds, watching: nil) == .stopSignal }

    /// What ended a wait.
    enum WaitEnd: Equatable {
        case timeout, stopSignal
        /// The watched output's reader has gone (a pipe whose reader closed it, a terminal hung up).
        case outputClosed
    }

    /// Waits up to `milliseconds` for SIGINT or SIGTERM, or for `output` to be closed at its other end: a pipe's
    /// write end reports POLLERR once no reader is left, so `tail -f | head` ends when head does, not at the next
    /// event it writes. A regular file or a device never reports it.
    static func wait(milliseconds: Int32, watching output: Int32?) -> WaitEnd {
        var entries = [pollfd(fd: pipeEnds.read, events: Int16(POLLIN), revents: 0)]
        if let output { entries.append(pollfd(fd: output, events: 0, revents: 0)) }
        guard poll(&entries, nfds_t(entries.count), milliseconds) > 0 else { return .timeout }
        if entries[0].revents != 0 { return .stopSignal }
        return entries[1].revents & Int16(POLLERR | POLLHUP) != 0 ? .outputClosed : .timeout
    }
}
