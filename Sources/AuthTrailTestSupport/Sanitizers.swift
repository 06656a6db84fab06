#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which sanitizer the running test binary was built with, if any (`Tools/sanitize.sh`).
package enum Sanitizers {
    /// `AddressSanitizer` or `ThreadSanitizer` when its runtime is loaded, else nil. Found by the runtime's entry point,
    /// so it holds however the binary was built.
    package static let active: String? = {
        // RTLD_DEFAULT, "every loaded image", is a macro Swift does not import: a null handle in glibc, -2 on Darwin.
        #if canImport(Darwin)
        let everyImage = UnsafeMutableRawPointer(bitPattern: -2)
        #else
        let everyImage: UnsafeMutableRawPointer? = nil
        #endif
        if dlsym(everyImage, "__asan_init") != nil { return "AddressSanitizer" }
        if dlsym(everyImage, "__tsan_init") != nil { return "ThreadSanitizer" }
        return nil
    }()

    /// Why a test that limits the heap of a child process cannot run under a sanitizer: the sanitizer's allocator
    /// keeps freed memory in quarantine and pads every block, so the heap a piece of code takes is no longer its own.
    package static let heapLimitReason =
        "a sanitizer's allocator pads and quarantines memory, so a heap limit measures it"

    /// Why the SQL engines' comparison on a large generated fleet does not run again under a sanitizer: its work is
    /// DuckDB and ClickHouse in Python, which are not instrumented; the report code it drives runs under the
    /// sanitizers in the thread-count, planted-fleet and smaller fleet-query suites.
    package static let uninstrumentedEnginesReason =
        "the engines compared here are not instrumented; the report's code runs under sanitizers in smaller suites"
}
