#if os(Linux)
import Foundation
import Glibc

/// Lets the calling process grow its data segment (heap and private mappings, `RLIMIT_DATA`) by a set amount while
/// `body` runs; beyond it malloc fails and Swift traps. Meant for exit tests (`#expect(processExitsWith:)`), whose
/// child process then shows a bound on the memory a piece of code takes. Linux only: it reads `VmData` from
/// /proc/self/status.
package enum HeapLimit {
    /// Runs `body` with at most `megabytes` MiB more data segment than the process has now, then restores the limit.
    package static func allowing<Result>(megabytes: Int, _ body: () async throws -> Result) async rethrows -> Result {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmData:") } ?? ""
        let dataKilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        let resource = __rlimit_resource_t(RLIMIT_DATA.rawValue)
        var original = rlimit()
        getrlimit(resource, &original)
        var limit = original
        limit.rlim_cur = rlim_t((dataKilobytes + megabytes * 1024) * 1024)
        setrlimit(resource, &limit)
        defer { setrlimit(resource, &original) }
        return try await body()
    }
}
#endif
