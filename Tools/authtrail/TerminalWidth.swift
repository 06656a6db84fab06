import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The width text output should fit: the terminal's, only when standard output is one.
enum TerminalWidth {
    /// `COLUMNS` when set to a number, else the terminal's own size (`TIOCGWINSZ`); nil when standard output is
    /// not a terminal (piped, redirected), so piped output keeps full-width tables.
    static var ofStandardOutput: Int? {
        guard isatty(1) == 1 else { return nil }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 {
            return columns
        }
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
