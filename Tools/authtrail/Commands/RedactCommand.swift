import ArgumentParser
import AuthTrail
import Foundation

struct RedactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redact",
        abstract: "Redact raw logs (MSAL log lines, JSON, HTTP traces) before they go into a ticket.",
        discussion: """
            Reads each FILE (standard input when none is given) and writes it to standard output with secrets \
            removed and end-user identifiers replaced by keyed pseudonyms, using the same engine as the library.

            Pseudonyms are keyed: with --key-file (for example an install's .redaction-key) they match the ones in \
            that install's segments; without it a random key is made for this run, so the same user gets the same \
            pseudonym within the output but nothing links it to any other output.

            Exit status: 0 when every input was read, 66 when an input could not be opened (the readable ones are \
            still written), 64 on a bad option or an unusable key file.
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

    @Option(help: "A file holding the pseudonym key (at least 16 bytes), such as an install's .redaction-key.")
    var keyFile: String?

    @Argument(help: "Text files to redact; standard input when none.")
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
        let redactor = Redactor(level: level, key: key)
        let output = FileHandle.standardOutput
        guard !files.isEmpty else {
            let input = FileHandle.standardInput.readDataToEndOfFile()
            output.write(Data(redactor.redact(text: String(decoding: input, as: UTF8.self)).utf8))
            return
        }
        var failed = false
        for file in files {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
                printError("authtrail: \(file): is a directory")
                failed = true
                continue
            }
            let bytes: [UInt8]
            do {
                bytes = try SystemCalls.readFile(file)
            } catch {
                printError("authtrail: \(file): \(error.reason)")
                failed = true
                continue
            }
            output.write(Data(redactor.redact(text: String(decoding: bytes, as: UTF8.self)).utf8))
        }
        if failed { throw ExitStatus.noInput }
    }
}
