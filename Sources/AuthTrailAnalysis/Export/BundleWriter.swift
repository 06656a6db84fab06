package import AuthTrail
package import Foundation

/// `authtrail bundle`'s inputs, fed to the bundle format's one writer (`SupportBundleWriter`, in the library): the
/// paths a user names expanded (files, folders, `-`) and ordered by device and time (`InputReader`), each read by
/// the analysis reader while its bytes are hashed (`DigestingSource`).
///
/// Every input streams through once, so memory stays within the reader's buffers and the writer's 1 MB buffers,
/// whatever the inputs' size (docs/RELIABILITY.md, "Streaming commands"). A refused or failed bundle leaves nothing
/// behind.
package struct BundleWriter {
    /// An output that could not be written.
    package struct WriteError: Error, Sendable {
        package var path: String
        package var cause: String
        package var message: String { "\(path): cannot write the bundle: \(cause)" }
    }

    package var toolVersion: String
    package var now: Date

    package init(toolVersion: String, now: Date = Date()) {
        self.toolVersion = toolVersion
        self.now = now
    }

    /// Bundles `paths` into `output`. With findings, writes nothing unless `force`. Returns what the bundle holds and
    /// the inputs that could not be read.
    package func write(
        paths: [String], to output: String, force: Bool
    ) throws(WriteError) -> (bundle: SupportBundleWriter.Outcome, problems: [InputFiles.Problem]) {
        var bundle: SupportBundleWriter
        do {
            bundle = try SupportBundleWriter(output: output, toolVersion: toolVersion, now: now)
        } catch {
            throw WriteError(path: error.path, cause: error.cause)
        }
        var input = InputReader(paths: paths)
        input.forEachFile { file, reader in
            let input: OpenInput
            do throws(SystemError) {
                input = try OpenInput(path: file)
            } catch {
                return InputFiles.Problem(path: file, reason: error.reason)
            }
            var source = DigestingSource(input.source)
            bundle.beginFile(name: StandardInput.fileName(file), path: file)
            let summary = reader.read(from: &source, name: file, into: &bundle)
            input.close()
            bundle.endFile(sha256: source.hexDigest(), bytes: source.byteCount, warnings: summary.warnings)
            // The events before a failed read are bundled; the input still counts as not read.
            return source.readError.map { InputFiles.Problem(path: file, reason: $0.reason) }
        }
        if !bundle.recordedSetups.isEmpty {
            bundle.setupFindings = bundle.recordedSetups.flatMap { setup in
                let judged = JudgedSetup(setup)
                return judged.findings.map(judged.reportFinding)
            }
        }
        do {
            return (try bundle.finish(force: force), input.problems)
        } catch {
            throw WriteError(path: error.path, cause: error.cause)
        }
    }
}
