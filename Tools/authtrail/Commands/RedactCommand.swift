import ArgumentParser
import AuthTrail
import AuthTrailAnalysis
import Foundation

struct RedactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redact",
        abstract: "Redact raw logs (MSAL log lines, JSON, HTTP traces) before they go into a ticket.",
        discussion: """
            Reads each FILE (standard input when none is given, or for -) and writes it to standard output with secrets \
            removed and end-user identifiers replaced by keyed pseudonyms, using the same engine as the library.

            Pseudonyms are keyed: with --key-file (a key you hold, such as a test install's key file on Linux) they \
            match the ones in segments written with that key; without it a random key is made for this run, so the \
            same user gets the same pseudonym within the output but nothing links it to any other output. An app's \
            key never leaves its device: to match an app's pseudonyms, redact inside the app (Trail.redact(text:)).

            Input streams through line by line, so any size can be redacted in bounded memory. A line longer than \
            16 MiB (or a PEM block, which is redacted as one piece, longer than that) is written as <line:removed> \
            with a warning naming the file and line: it is never held whole, and none of it is written in clear.

            Exit status: 0 when every input was read (warnings go to standard error), 66 when an input could not be \
            opened or read or when --key-file cannot be read (the readable inputs are still written), 64 on a bad \
            option or a key file shorter than 16 bytes, 73 when standard output could not be written, 141 when \
            standard output is a pipe whose reader has gone. Any bytes are text to redact: an empty or binary file \
            is not an error.
            """
    )

    @Option(
        help: "maskAllPII (default), maskEUIIOnly or maskSecretsOnly.",
        transform: { text in
            guard let level = RedactionLevel(rawValue: text) else {
                throw ValidationError("unknown level \(text): use maskAllPII, maskEUIIOnly or maskSecretsOnly")
            }
            return level
        }
    )
    var level: RedactionLevel = .maskAllPII

    @Option(help: "A file holding the pseudonym key (at least 16 bytes), such as a test install's <install id>.key.")
    var keyFile: String?

    @Argument(help: "Text files to redact; - or none for standard input.")
    var files: [String] = []

    func run() throws {
        let key: RedactionKey
        if let keyFile {
            guard let bytes = FileManager.default.contents(atPath: keyFile) else {
                printError("authtrail: \(keyFile): cannot read the key file")
                throw ExitStatus.noInput
            }
            guard bytes.count >= 16 else {
                printError("authtrail: \(keyFile): a key file needs at least 16 bytes, it has \(bytes.count)")
                throw ExitStatus.usage
            }
            key = RedactionKey(bytes: Array(bytes))
        } else {
            key = .random()
        }
        let redactor = StreamRedactor(redactor: Redactor(level: level, key: key))
        let inputs = files.isEmpty ? [StandardInput.path] : files
        StandardInput.announceIfTerminal(inputs, command: "redact")
        var failed = false
        for file in inputs {
            var isDirectory: ObjCBool = false
            if file != StandardInput.path,
                FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue
            {
                printError("authtrail: \(file): is a directory")
                failed = true
                continue
            }
            let opened: OpenInput
            do {
                opened = try OpenInput(path: file)
            } catch {
                printError("authtrail: \(file): \(error.reason)")
                failed = true
                continue
            }
            defer { opened.close() }
            var input = opened.source
            let name = file == StandardInput.path ? "standard input" : file
            if !(try redact(&input, named: name, with: redactor)) { failed = true }
        }
        if failed { throw ExitStatus.noInput }
    }

    /// Streams `input` to standard output; false when it could not be read to its end.
    private func redact(
        _ input: inout FileDescriptorSource, named name: String, with redactor: StreamRedactor
    ) throws
        -> Bool
    {
        do {
            try redactor.redact(from: &input, to: 1) { record in
                let lines =
                    record.firstLine == record.lastLine
                    ? "line \(record.firstLine)" : "lines \(record.firstLine)-\(record.lastLine) (a PEM block)"
                printError(
                    "authtrail: warning: \(name): \(lines): longer than \(redactor.recordLimit) bytes, written as "
                        + StreamRedactor.placeholder)
            }
            return true
        } catch .read(let error) {
            printError("authtrail: \(name): \(error.reason)")
            return false
        } catch .write(let error) {
            try StandardOutput.fail(error)
        }
    }
}
