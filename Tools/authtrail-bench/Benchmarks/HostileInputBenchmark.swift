import ArgumentParser
import AuthTrail
import AuthTrailTestSupport
import Foundation

/// `authtrail-bench hostile`: builds inputs designed to break `authtrail report` (a value that trapped it, variety that
/// exhausted memory, damage that flooded stderr, and more) and runs the release binary on each as a child process,
/// measuring wall time and peak RSS. Goals: peak RSS under 64 MB on every input, the 40,000-variety input
/// reported in under 2 s.
struct HostileInputBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hostile",
        abstract: "Run `authtrail report` on hostile inputs and print wall time and peak RSS for each.")

    @Option(
        help:
            "Folder for the generated inputs (reused when it already holds them; a folder of other files is refused, untouched)."
    )
    var data: String?

    @Option(help: "The authtrail binary to run (default: the one next to this benchmark).")
    var binary: String?

    @Option(help: "Only these inputs (repeatable); see the table for their names.")
    var only: [String] = []

    /// One hostile input: a name, what it is, and how to write it into a folder.
    struct Input: Sendable {
        var name: String
        var summary: String
        /// `--threads` for the report; nil for the default (one per active processor).
        var threads: Int? = nil
        /// The file the report is given instead of the folder (a raw log: in folders only `*.zst` files are read).
        var file: String? = nil
        var write: @Sendable (String) throws -> Void
    }

    func run() throws {
        let folder = data ?? "\(FileManager.default.temporaryDirectory.path)/authtrail-bench-hostile"
        let binary = self.binary ?? ProcessRunner.productsDirectory.appendingPathComponent("authtrail").path
        let inputs = Self.inputs.filter { only.isEmpty || only.contains($0.name) }
        print("binary: \(binary)")
        print("")
        print("| input | what | on disk | wall time | peak RSS | exit |")
        print("|---|---|---:|---:|---:|---|")
        var verdicts: [String] = []
        for input in inputs {
            let path = "\(folder)/\(input.name)"
            try BenchData.prepare(path) { try input.write(path) }
            // A file of the bench's own, never `-o /dev/null`: a binary that replaced its target would replace the
            // machine's /dev/null when the bench runs as root.
            let report = "\(FileManager.default.temporaryDirectory.path)/authtrail-bench-hostile-\(getpid()).json"
            defer { try? FileManager.default.removeItem(atPath: report) }
            let threads = input.threads.map { ["--threads", "\($0)"] } ?? []
            let measured = try Self.measure(
                binary,
                ["report", "--format", "json", "-o", report] + threads + [input.file.map { "\(path)/\($0)" } ?? path])
            let size = Self.compressedBytes(path)
            print(
                "| `\(input.name)` | \(input.summary) | \(String(format: "%.1f MB", Double(size) / 1e6)) | "
                    + "\(String(format: "%.2f s", measured.seconds)) | \(String(format: "%.1f MB", measured.peakMegabytes)) | "
                    + "\(measured.exit) |")
            // Exit 65 is `report` finding no event (the damage-only inputs); anything else but 0 is a failure.
            let finished = measured.exit == "0" || measured.exit == "65"
            verdicts.append(
                "\(input.name): " + (finished ? "" : "\(measured.exit), ")
                    + "RSS < 64 MB \(finished && measured.peakMegabytes < 64 ? "met" : "NOT met")"
                    + (input.name == "variety" ? ", < 2 s \(finished && measured.seconds < 2 ? "met" : "NOT met")" : "")
            )
        }
        print("")
        print("goals: " + verdicts.joined(separator: "; "))
    }

    /// Runs `executable` under `/usr/bin/time`, which reads the child's peak RSS from its own `wait4`: the child
    /// is forked by `time`, so the benchmark's memory never counts.
    static func measure(
        _ executable: String, _ arguments: [String]
    ) throws -> (
        seconds: Double, peakMegabytes: Double, exit: String
    ) {
        let output = "\(FileManager.default.temporaryDirectory.path)/authtrail-bench-hostile-\(getpid()).time"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try ProcessRunner.run(
            "/usr/bin/time", ["-f", "%M %x", "-o", output, executable] + arguments, timeLimit: 600)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let fields = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(
            whereSeparator: \.isWhitespace)
        // GNU time writes "Command terminated by signal N" before the figures when the child crashed.
        let kilobytes = fields.dropLast().last.flatMap { Double($0) } ?? 0
        let status = fields.last.map(String.init) ?? "?"
        let exit = result.timedOut ? "timed out" : fields.contains("signal") ? "crashed (signal)" : status
        return (seconds, kilobytes / 1024, exit)
    }

    /// The bytes of the input's files: compressed segments, or a raw log's plain text.
    static func compressedBytes(_ folder: String) -> Int {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".zst") || $0.hasSuffix(".log") }.reduce(0) { total, name in
            total + ((try? FileManager.default.attributesOfItem(atPath: "\(folder)/\(name)")[.size] as? Int) ?? 0)
        }
    }

    // MARK: Inputs

    static let inputs: [Input] = [
        Input(name: "duration-1e300", summary: "100,000 normal attempts and one `\"duration_ms\":1e300` (trapped)") {
            folder in
            try writeLines(to: "\(folder)/input.zst", count: 100_001) { index in
                normalAttempt(index, duration: index == 50_000 ? "1e300" : "\(100 + index % 900)")
            }
        },
        Input(name: "variety", summary: "40,000 attempts, each with its own `acquisition.kind` and `outcome` (18.8 GB)")
        {
            folder in
            try writeLines(to: "\(folder)/input.zst", count: 40_000) { index in
                #"{"timestamp":"\#(time(index))","event.name":"acquisition.end","install.id":"d1","operation.id":"op-\#(index)","acquisition.kind":"kind-\#(index)","outcome":"outcome-\#(index)","duration_ms":\#(index % 60_000)}"#
            }
        },
        Input(
            name: "bogus-frame-starts", summary: "10 MB of zstd magic numbers followed by garbage (2 million warnings)"
        ) {
            folder in
            var random = SplitMix64(seed: 19)
            var bytes = [UInt8]()
            bytes.reserveCapacity(10_000_000)
            while bytes.count < 10_000_000 {
                bytes += [0x28, 0xB5, 0x2F, 0xFD] + (0..<4).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            }
            try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/input.zst"))
        },
        Input(name: "damaged-files", summary: "2,000 files of 4 KiB of bogus frame starts (warnings per file add up)") {
            folder in
            var random = SplitMix64(seed: 20)
            for file in 0..<2_000 {
                var bytes = [UInt8]()
                while bytes.count < 4_096 {
                    bytes += [0x28, 0xB5, 0x2F, 0xFD] + (0..<4).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                }
                try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/input-\(file).zst"))
            }
        },
        Input(name: "error-domains", summary: "100,000 failures, each with its own `error.domain`") { folder in
            try writeLines(to: "\(folder)/input.zst", count: 100_000) { index in
                #"{"timestamp":"\#(time(index))","event.name":"acquisition.end","install.id":"d\#(index % 100)","operation.id":"op-\#(index)","acquisition.kind":"silent","outcome":"failure","duration_ms":120,"error.domain":"Domain-\#(index)","error.code":-\#(index)}"#
            }
        },
        Input(name: "sts-codes", summary: "100,000 failures, each with its own AADSTS code") { folder in
            try writeLines(to: "\(folder)/input.zst", count: 100_000) { index in
                #"{"timestamp":"\#(time(index))","event.name":"acquisition.end","install.id":"d\#(index % 100)","operation.id":"op-\#(index)","acquisition.kind":"silent","outcome":"failure","duration_ms":120,"sts.error_codes":[\#(1_000_000 + index)]}"#
            }
        },
        Input(name: "millennia", summary: "1,000,000 attempts at random minutes over 9,000 years") { folder in
            var random = SplitMix64(seed: 21)
            try writeLines(to: "\(folder)/input.zst", count: 1_000_000) { index in
                let year = 500 + Int(random.next() % 9_000)
                let stamp = String(
                    format: "%04d-%02d-%02dT%02d:%02d:00.000Z", year, 1 + Int(random.next() % 12),
                    1 + Int(random.next() % 28), Int(random.next() % 24), Int(random.next() % 60))
                return
                    #"{"timestamp":"\#(stamp)","event.name":"acquisition.end","install.id":"d1","acquisition.kind":"silent","outcome":"success","duration_ms":50}"#
            }
        },
        Input(name: "open-operations", summary: "1,000,000 operations that fail once and are never closed") { folder in
            try writeLines(to: "\(folder)/input.zst", count: 1_000_000) { index in
                failedAttempt(install: "d1", operation: uuid(index), attempt: 1, second: index / 1_000)
            }
        },
        Input(name: "open-retries", summary: "40,000 operations that fail 25 times each, in turn, never closed") {
            folder in
            try writeLines(to: "\(folder)/input.zst", count: 1_000_000) { index in
                failedAttempt(
                    install: "d1", operation: uuid(index % 40_000), attempt: index / 40_000 + 1, second: index / 1_000)
            }
        },
        Input(
            name: "open-operations-twice",
            summary: "two installs of 500,000 operations that fail once, never closed, a file each (two shards at once)"
        ) {
            folder in
            for install in 1...2 {
                try writeLines(to: "\(folder)/d\(install).zst", count: 500_000) { index in
                    failedAttempt(install: "d\(install)", operation: uuid(index), attempt: 1, second: index / 1_000)
                }
            }
        },
        Input(name: "long-ids", summary: "2,000 operations with ids of 1 MB each (zstd shrinks them to nothing)") {
            folder in
            let padding = String(repeating: "a", count: 1 << 20)
            try writeLines(to: "\(folder)/input.zst", count: 2_000) { index in
                #"{"timestamp":"\#(time(index))","event.name":"acquisition.end","install.id":"d1","operation.id":"\#(padding)-\#(index)","attempt":1,"acquisition.kind":"silent","outcome":"failure","duration_ms":120,"error.domain":"NSURLErrorDomain","error.code":-1009}"#
            }
        },
        Input(name: "long-setups", summary: "100 installs' recorded set-ups with a 1 MB bundle id and URL scheme") {
            folder in
            let padding = String(repeating: "s", count: 1 << 20)
            try writeLines(to: "\(folder)/input.zst", count: 200) { index in
                index.isMultiple(of: 2)
                    ? #"{"timestamp":"\#(time(index))","event.name":"app.configuration","install.id":"d\#(index)","app.bundle_id":"com.example.\#(padding)\#(index)","os.name":"iOS","app.url_schemes":"msauth.com.example,\#(padding)\#(index)"}"#
                    : normalAttempt(index, duration: "120")
            }
        },
        Input(name: "starts-without-ends", summary: "one operation with 1,000,000 `acquisition.start` events") {
            folder in
            try writeLines(to: "\(folder)/input.zst", count: 1_000_000) { index in
                #"{"timestamp":"\#(time(index / 1_000))","event.name":"acquisition.start","install.id":"d1","operation.id":"loop","attempt":\#(index + 1),"acquisition.kind":"silent"}"#
            }
        },
        Input(name: "devices", summary: "1,000,000 attempts, each on its own install") { folder in
            try writeLines(to: "\(folder)/input.zst", count: 1_000_000) { deviceAttempt($0, second: $0 / 1_000) }
        },
        Input(
            name: "devices-twice",
            summary: "two files of 500,000 attempts, each on its own install (two shards at once)"
        ) {
            folder in
            for file in 0..<2 {
                try writeLines(to: "\(folder)/d\(file + 1).zst", count: 500_000) { index in
                    deviceAttempt(file * 500_000 + index, second: index / 1_000)
                }
            }
        },
        Input(
            name: "open-operations-eight",
            summary:
                "eight installs of 250,000 operations that fail once, a file each, on `--threads 8` (as on an 8-core Mac)",
            threads: 8
        ) {
            folder in
            for install in 1...8 {
                try writeLines(to: "\(folder)/d\(install).zst", count: 250_000) { index in
                    failedAttempt(install: "d\(install)", operation: uuid(index), attempt: 1, second: index / 1_000)
                }
            }
        },
        Input(
            name: "devices-eight",
            summary: "eight files of 250,000 attempts, each on its own install, on `--threads 8`",
            threads: 8
        ) {
            folder in
            for file in 0..<8 {
                try writeLines(to: "\(folder)/d\(file + 1).zst", count: 250_000) { index in
                    deviceAttempt(file * 250_000 + index, second: index / 1_000)
                }
            }
        },
        Input(name: "large-durations", summary: "1,000,000 attempts with distinct durations from 1 min to 10^12 ms") {
            folder in
            var random = SplitMix64(seed: 22)
            try writeLines(to: "\(folder)/input.zst", count: 1_000_000) { index in
                normalAttempt(index, duration: "\(60_000 + random.next() % 1_000_000_000_000)")
            }
        },
        Input(
            name: "raw-msal-log",
            summary: "a ticket's 30 MB plain-text MSAL log: 34,000 silent requests, a third refused (invalid_grant)",
            file: "msal.log"
        ) { folder in
            var random = SplitMix64(seed: 35)
            var text = ""
            for request in 0..<34_000 {
                text += rawRequest(request, refused: random.next() % 3 == 0)
            }
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(folder)/msal.log"))
        },
    ]

    /// One silent request as MSAL's log callback prints it behind NSLog's prefix: the call with its scopes over
    /// three lines, the account lookup (with a user name for the redactor), a keychain read and the result.
    static func rawRequest(_ index: Int, refused: Bool) -> String {
        let second = index % 86_400
        let clock = String(format: "%02d:%02d:%02d", second / 3_600, second / 60 % 60, second % 60)
        let prefix =
            "2026-11-22 \(clock).100 App[812:2904] MSAL log: TID=7 MSAL 1.3.3 iOS 17.5.1 "
            + "[2026-11-22 \(clock) - \(uuid(index).uppercased())] "
        let result =
            refused
            ? prefix + "Processing an AAD error with error code -51412, error invalid_grant, suberror bad_token, "
                + "description AADSTS700082: The refresh token has expired due to inactivity.\n" + prefix
                + "[MSAL] acquireTokenSilent returning with error: (MSALErrorDomain, -50002) Masked(not-null)\n"
            : prefix + "[MSAL] acquireTokenSilent returning with at: Masked(not-null), account Masked(not-null)\n"
        return prefix
            + "[MSAL] -[MSALPublicClientApplication acquireTokenSilentWithParameters:(\n    \"User.Read\"\n)]\n"
            + prefix + "[MSAL] Silent flow started, looking up the account of user\(index % 500)@contoso.com\n"
            + prefix + "Keychain find status: 0\n" + result
    }

    static func normalAttempt(_ index: Int, duration: String) -> String {
        #"{"timestamp":"\#(time(index))","event.name":"acquisition.end","install.id":"d\#(index % 10)","operation.id":"op-\#(index)","attempt":1,"acquisition.kind":"\#(index % 3 == 0 ? "interactive" : "silent")","outcome":"\#(index % 7 == 0 ? "failure" : "success")","duration_ms":\#(duration)}"#
    }

    /// A silent attempt that failed for want of a network, left open: the next attempt may retry it.
    static func failedAttempt(install: String, operation: String, attempt: Int, second: Int) -> String {
        #"{"timestamp":"\#(time(second))","event.name":"acquisition.end","install.id":"\#(install)","operation.id":"\#(operation)","attempt":\#(attempt),"acquisition.kind":"silent","outcome":"failure","duration_ms":120,"error.domain":"NSURLErrorDomain","error.code":-1009}"#
    }

    /// The one attempt of install `index`, by a user of its own.
    static func deviceAttempt(_ index: Int, second: Int) -> String {
        #"{"timestamp":"\#(time(second))","event.name":"acquisition.end","install.id":"\#(uuid(index))","acquisition.kind":"silent","outcome":"failure","duration_ms":120,"error.domain":"NSURLErrorDomain","error.code":-1009,"enduser.id":"<username:\#(index)>"}"#
    }

    /// A time `second` seconds after 2026-11-22T00:00:00Z (wrapping after a day).
    static func time(_ second: Int) -> String {
        String(format: "2026-11-22T%02d:%02d:%02d.000Z", second / 3_600 % 24, second / 60 % 60, second % 60)
    }

    /// A UUID-shaped id unique to `index`, as operation and install ids are.
    static func uuid(_ index: Int) -> String {
        String(format: "%08lx-0000-4000-8000-%012lx", index, index &* 2_654_435_761 & 0xFFFF_FFFF_FFFF)
    }

    /// Writes `count` lines from `line` as one zstd stream, compressed a megabyte at a time.
    static func writeLines(to path: String, count: Int, _ line: (Int) -> String) throws {
        let compressor = try ZstdCompressor(level: 3)
        var text = [UInt8]()
        var out = [UInt8]()
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        for index in 0..<count {
            text += Array(line(index).utf8)
            text.append(UInt8(ascii: "\n"))
            if text.count >= 1 << 20 || index == count - 1 {
                try compressor.write(text, into: &out)
                text.removeAll(keepingCapacity: true)
                if index == count - 1 { try compressor.endFrame(into: &out) }
                try handle.write(contentsOf: out)
                out.removeAll(keepingCapacity: true)
            }
        }
    }
}
