#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's resident memory, as `MemoryPacer` reads it many times a second: `/proc/self/statm`'s resident pages
/// where there is one (Linux; one `pread` of a file kept open, about 2 µs), else on Darwin the peak resident size so
/// far (`getrusage`), which never falls, so a pacer reading it only ever holds back more.
final class ResidentMemory: Sendable {
    private let statm: Int32
    private let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    init() { statm = open("/proc/self/statm", O_RDONLY | O_CLOEXEC) }

    deinit { if statm >= 0 { close(statm) } }

    /// Bytes resident now (or at the peak so far); nil when the system says neither.
    func bytes() -> Int? {
        if statm >= 0 { return residentPages().map { $0 * pageSize } }
        #if canImport(Darwin)
        var usage = rusage()
        return getrusage(RUSAGE_SELF, &usage) == 0 ? Int(usage.ru_maxrss) : nil  // bytes on Darwin
        #else
        return nil
        #endif
    }

    /// Gives the allocator's free pages back to the system, in every thread's arena (glibc's `malloc_trim`, looked up
    /// at run time: other C libraries have none, and Darwin's allocator shares its free memory between threads).
    /// With glibc, memory a thread freed is reused only by the threads of its arena, so the memory of a shard
    /// counted on one thread stayed resident while another thread's shard grew.
    func releaseFreePages() {
        _ = Self.mallocTrim?(0)
    }

    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()

    /// The second of statm's numbers ("size resident shared …", in pages).
    private func residentPages() -> Int? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer in
            let count = pread(statm, buffer.baseAddress, buffer.count, 0)
            guard count > 0 else { return nil }
            let fields = buffer.prefix(count).split(separator: UInt8(ascii: " "), maxSplits: 2)
            guard fields.count >= 2 else { return nil }
            return Int(String(decoding: fields[1], as: UTF8.self))
        }
    }
}
