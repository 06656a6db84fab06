import AuthTrail
import Crypto
public import Foundation

/// Writes a support bundle: one valid `.zst` file holding a manifest skippable frame, then for every bundled segment
/// its metadata frame and one checksummed zstd frame of its complete event lines.
///
/// Events go to a temporary file beside the output while the inputs are read (memory stays bounded), the manifest
/// is written once everything is known, and the finished file is renamed into place, so a refused or failed bundle
/// leaves nothing behind.
public struct BundleWriter {
    /// What writing a bundle did.
    public struct Result: Sendable {
        public var manifest: BundleManifest
        /// Residual personal data or secrets found in the events.
        public var findings: [PIIFinding]
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
        var warnings: [String] = []
        var problems: [InputFiles.Problem] = InputFiles.expand(paths).problems
        for file in InputOrder.sorted(InputFiles.expand(paths).files) {
            let bytes: [UInt8]
            do {
                bytes = try file == "-" ? Self.readStandardInput() : SystemCalls.readFile(file)
            } catch {
                problems.append(InputFiles.Problem(path: file, reason: error.reason))
                continue
            }
            sink.beginFile(name: file == "-" ? "stdin" : URL(fileURLWithPath: file).lastPathComponent, bytes: bytes)
            let summary = SegmentReader.read(bytes: bytes, name: file, into: &sink)
            sink.endSection()
            warnings += summary.warnings
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
            manifest: manifest, findings: sink.findings, problems: problems, warnings: warnings,
            written: sink.findings.isEmpty || force)
        guard result.written else {
            SystemCalls.unlink(temporary)
            return result
        }
        do {
            let events = try SystemCalls.readFile(temporary)
            let final = "\(output).final-\(SystemCalls.processID)"
            SystemCalls.unlink(final)
            try SystemCalls.createFile(final, bytes: SkippableFrame.encode(manifest.encoded()) + events, mode: 0o600)
            SystemCalls.unlink(temporary)
            try SystemCalls.rename(final, to: output)
        } catch {
            SystemCalls.unlink(temporary)
            throw WriteError(path: output, cause: error.description)
        }
        return result
    }

    private static func readStandardInput() throws(SystemError) -> [UInt8] {
        var source = FileDescriptorSource(descriptor: 0)
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try chunk.withUnsafeMutableBytes { buffer in
                Swift.Result { () throws(SystemError) in try source.read(into: buffer) }
            }.get()
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Receives each input's frames and lines and writes the bundle's sections.
    private struct Sink: LogConsumer {
        let descriptor: Int32
        let compressor: ZstdCompressor
        let scanner = ResidualPIIScanner()
        var output: [UInt8] = []
        var error: String?
        var entries: [BundleManifest.Segment] = []
        var findings: [PIIFinding] = []
        var first: Int64?
        var last: Int64?
        var apps = Set<String>()
        var operatingSystems = Set<String>()
        var redactionLevels = Set<String>()
        // The current file and section.
        var fileName = ""
        var fileHash = ""
        var fileBytes = 0
        var path = ""
        var section: (entry: BundleManifest.Segment, hasher: SHA256)?
        var lineNumber = 0

        init(descriptor: Int32) throws(ZstdError) {
            self.descriptor = descriptor
            compressor = try ZstdCompressor(level: 3, checksum: true)
        }

        mutating func beginFile(name: String, bytes: [UInt8]) {
            fileName = name
            fileHash = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
            fileBytes = bytes.count
            lineNumber = 0
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
                    name: fileName, sha256: fileHash, bytes: fileBytes, installID: info.installID, events: 0,
                    contentSHA256: ""),
                SHA256()
            )
        }

        mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
            lineNumber += 1
            if section == nil {
                // Lines before any metadata frame (a foreign file): a section with a minimal header of its own.
                output += SkippableFrame.encode(Array(#"{"format":"authtrail-segment","source":"foreign"}"#.utf8))
                section = (
                    BundleManifest.Segment(
                        name: fileName, sha256: fileHash, bytes: fileBytes, events: 0, contentSHA256: ""),
                    SHA256()
                )
            }
            for kind in scanner.findings(in: line) {
                findings.append(PIIFinding(path: path.isEmpty ? fileName : path, line: lineNumber, kind: kind))
            }
            section!.entry.events += 1
            section!.hasher.update(bufferPointer: line)
            section!.hasher.update(data: [UInt8(ascii: "\n")])
            if let time = record.timestampMilliseconds {
                first = min(first ?? time, time)
                last = max(last ?? time, time)
                section!.entry.firstEvent = min(
                    section!.entry.firstEvent ?? ReportTime.string(time), ReportTime.string(time))
                section!.entry.lastEvent = max(
                    section!.entry.lastEvent ?? ReportTime.string(time), ReportTime.string(time))
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
            entry.contentSHA256 = current.hasher.finalize().map { String(format: "%02x", $0) }.joined()
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
