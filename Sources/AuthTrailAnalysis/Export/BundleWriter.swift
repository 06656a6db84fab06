import AuthTrail
import Crypto
public import Foundation

/// Writes a support bundle: one valid `.zst` file holding a manifest skippable frame, then for every bundled segment
/// its metadata frame and one checksummed zstd frame of its complete event lines.
///
/// Every input streams through once: its bytes are hashed as they are read, its events compressed into a temporary
/// file beside the output and their section digest kept as they are written. The manifest, known only at the end,
/// is written first into the final file, the events are copied after it a megabyte at a time, and the finished file
/// is renamed into place, so a refused or failed bundle leaves nothing behind. Memory stays within the reader's
/// buffers and the 1 MB output buffers, whatever the inputs' size (docs/RELIABILITY.md, "Streaming commands").
public struct BundleWriter {
    /// What writing a bundle did.
    public struct Result: Sendable {
        public var manifest: BundleManifest
        /// Residual personal data or secrets found in the events: the first 100, in input order.
        public var findings: [PIIFinding]
        /// How many findings there were in all.
        public var findingCount: Int
        /// Inputs that could not be read.
        public var problems: [InputFiles.Problem]
        /// Damage skipped while reading (torn tails, corrupt frames), one line each.
        public var warnings: [String]
        /// False when the bundle was refused because of findings.
        public var written: Bool
    }

    /// An output that could not be written.
    public struct WriteError: Error, Sendable {
        public var path: String
        public var cause: String
        public var message: String { "\(path): cannot write the bundle: \(cause)" }
    }

    public var toolVersion: String
    public var now: Date

    public init(toolVersion: String, now: Date = Date()) {
        self.toolVersion = toolVersion
        self.now = now
    }

    /// Bundles `paths` into `output`. With findings, writes nothing unless `force`.
    public func write(paths: [String], to output: String, force: Bool) throws(WriteError) -> Result {
        let temporary = "\(output).partial-\(SystemCalls.processID)"
        let descriptor: Int32
        do {
            descriptor = try SystemCalls.open(temporary, write: true, create: true, exclusive: true, mode: 0o600)
        } catch {
            throw WriteError(path: output, cause: error.description)
        }
        var sink: Sink
        do {
            sink = try Sink(descriptor: descriptor)
        } catch {
            SystemCalls.close(descriptor)
            SystemCalls.unlink(temporary)
            throw WriteError(path: output, cause: "\(error)")
        }
        let expanded = InputFiles.expand(paths)
        var problems = expanded.problems
        var warnings: [String] = []
        var reader = SegmentReader()
        for file in InputOrder.sorted(expanded.files) {
            let input: Int32
            do {
                input = file == "-" ? 0 : try SystemCalls.open(file, write: false)
            } catch {
                problems.append(InputFiles.Problem(path: file, reason: error.reason))
                continue
            }
            var source = DigestingSource(FileDescriptorSource(descriptor: input))
            sink.beginFile(name: file == "-" ? "stdin" : URL(fileURLWithPath: file).lastPathComponent)
            let summary = reader.read(from: &source, name: file, into: &sink)
            if file != "-" { SystemCalls.close(input) }
            sink.endFile(sha256: source.hexDigest(), bytes: source.byteCount)
            warnings += summary.warnings
            if let error = source.readError {
                // The events before the failed read are bundled; the input still counts as not read.
                problems.append(InputFiles.Problem(path: file, reason: error.reason))
            }
        }
        sink.flush()
        SystemCalls.close(descriptor)
        if let error = sink.error {
            SystemCalls.unlink(temporary)
            throw WriteError(path: output, cause: error)
        }

        var manifest = BundleManifest(toolVersion: toolVersion, createdAt: Timestamp.string(now))
        manifest.segments = sink.entries
        manifest.events = sink.entries.map(\.events).reduce(0, +)
        manifest.firstEvent = sink.first.map(ReportTime.string)
        manifest.lastEvent = sink.last.map(ReportTime.string)
        manifest.apps = sink.apps.sorted()
        manifest.operatingSystems = sink.operatingSystems.sorted()
        manifest.redactionLevels = sink.redactionLevels.sorted()
        manifest.forcedWithFindings = force ? sink.findings.count : 0
        let result = Result(
            manifest: manifest, findings: sink.findings.retained, findingCount: sink.findings.count,
            problems: problems, warnings: warnings, written: sink.findings.count == 0 || force)
        guard result.written else {
            SystemCalls.unlink(temporary)
            return result
        }
        let final = "\(output).final-\(SystemCalls.processID)"
        do {
            SystemCalls.unlink(final)
            try Self.assemble(manifest: manifest, events: temporary, into: final)
            SystemCalls.unlink(temporary)
            try SystemCalls.rename(final, to: output)
        } catch {
            SystemCalls.unlink(temporary)
            SystemCalls.unlink(final)
            throw WriteError(path: output, cause: error.description)
        }
        return result
    }

    /// Writes a new file `path`: the manifest frame, then the events file's bytes copied a megabyte at a time.
    private static func assemble(manifest: BundleManifest, events: String, into path: String) throws(SystemError) {
        let output = try SystemCalls.open(path, write: true, create: true, exclusive: true, mode: 0o600)
        defer { SystemCalls.close(output) }
        try SystemCalls.writeAll(output, SkippableFrame.encode(manifest.encoded()))
        let input = try SystemCalls.open(events, write: false)
        defer { SystemCalls.close(input) }
        var source = FileDescriptorSource(descriptor: input)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = try chunk.withUnsafeMutableBytes { buffer in
                Swift.Result { () throws(SystemError) in try source.read(into: buffer) }
            }.get()
            if count == 0 { break }
            try chunk.withUnsafeBytes { bytes in
                Swift.Result { () throws(SystemError) in
                    try SystemCalls.writeAll(output, UnsafeRawBufferPointer(rebasing: bytes[..<count]))
                }
            }.get()
        }
        try SystemCalls.synchronize(output)
    }

    /// Receives each input's frames and lines and writes the bundle's sections.
    private struct Sink: LogConsumer {
        let descriptor: Int32
        let compressor: ZstdCompressor
        var output: [UInt8] = []
        var error: String?
        var entries: [BundleManifest.Segment] = []
        var findings = FindingCollector()
        var first: Int64?
        var last: Int64?
        var apps = Set<String>()
        var operatingSystems = Set<String>()
        var redactionLevels = Set<String>()
        // The current file and section.
        var fileName = ""
        /// The first entry of the current file: its hash is known only once the file is read.
        var fileFirstEntry = 0
        var path = ""
        var section: (entry: BundleManifest.Segment, digest: SectionDigest)?
        var lineNumber = 0

        init(descriptor: Int32) throws(ZstdError) {
            self.descriptor = descriptor
            compressor = try ZstdCompressor(level: 3, checksum: true)
        }

        mutating func beginFile(name: String) {
            fileName = name
            fileFirstEntry = entries.count
            lineNumber = 0
        }

        /// Ends the file's last section and gives its sections the file's hash and size.
        mutating func endFile(sha256: String, bytes: Int) {
            endSection()
            for index in fileFirstEntry..<entries.count {
                entries[index].sha256 = sha256
                entries[index].bytes = bytes
            }
        }

        mutating func segment(_ info: SegmentInfo, path: String) {
            self.path = path
            // A bundle given as input: its manifest is replaced by the new one; its segments are re-bundled.
            guard !info.isBundleManifest else { return }
            endSection()
            output += SkippableFrame.encode(Array(info.json.utf8))
            if let app = info.appID { apps.insert(info.appVersion.map { "\(app) \($0)" } ?? app) }
            if let os = info.osName { operatingSystems.insert(info.osVersion.map { "\(os) \($0)" } ?? os) }
            if let level = info.redactionLevel { redactionLevels.insert(level) }
            section = (
                BundleManifest.Segment(
                    name: fileName, sha256: "", bytes: 0, installID: info.installID, events: 0, contentSHA256: ""),
                SectionDigest()
            )
        }

        mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
            lineNumber += 1
            if section == nil {
                // Lines before any metadata frame (a foreign file): a section with a minimal header of its own.
                output += SkippableFrame.encode(Array(#"{"format":"authtrail-segment","source":"foreign"}"#.utf8))
                section = (
                    BundleManifest.Segment(name: fileName, sha256: "", bytes: 0, events: 0, contentSHA256: ""),
                    SectionDigest()
                )
            }
            findings.scan(line, path: path.isEmpty ? fileName : path, lineNumber: lineNumber)
            section!.digest.add(line: line)
            if let time = record.timestampMilliseconds {
                first = min(first ?? time, time)
                last = max(last ?? time, time)
                let text = ReportTime.string(time)
                section!.entry.firstEvent = min(section!.entry.firstEvent ?? text, text)
                section!.entry.lastEvent = max(section!.entry.lastEvent ?? text, text)
            }
            do {
                try compressor.write(line, into: &output)
                try compressor.write([UInt8(ascii: "\n")], into: &output)
            } catch {
                self.error = "\(error)"
            }
            if output.count >= 1 << 20 { flush() }
        }

        mutating func endSection() {
            guard let current = section else { return }
            section = nil
            var entry = current.entry
            do {
                try compressor.endFrame(into: &output)
            } catch {
                self.error = "\(error)"
            }
            entry.events = current.digest.events
            entry.contentSHA256 = current.digest.hexDigest()
            entries.append(entry)
        }

        mutating func flush() {
            guard error == nil, !output.isEmpty else { return }
            do {
                try SystemCalls.writeAll(descriptor, output)
            } catch {
                self.error = error.description
            }
            output.removeAll(keepingCapacity: true)
        }
    }
}
