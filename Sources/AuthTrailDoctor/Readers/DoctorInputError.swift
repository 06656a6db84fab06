/// Why an input could not be read: one line for the user, naming the file and, where known, the offset or line.
package struct DoctorInputError: Error, Sendable, Hashable {
    package struct Code: RawRepresentable, Sendable, Hashable {
        package var rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// The path does not exist (exit status 66).
        package static let missing = Code(rawValue: "missing")
        /// The file exists but cannot be opened or read (exit status 66).
        package static let unreadable = Code(rawValue: "unreadable")
        /// The bytes are not what the file claims to be: a damaged plist, a zip that is not an app (exit status 65).
        package static let malformed = Code(rawValue: "malformed")
        /// Larger than the doctor reads for its kind (exit status 65).
        package static let tooLarge = Code(rawValue: "too-large")
        /// Nothing in it is part of an app's set-up (exit status 65).
        package static let unsupported = Code(rawValue: "unsupported")
    }

    package var code: Code
    package var file: String
    /// What is wrong, without the file name.
    package var message: String
    /// Byte offset in the file (zip, binary plist), when known.
    package var offset: Int?
    /// 1-based line (text plists, project files), when known.
    package var line: Int?

    package init(_ code: Code, file: String, _ message: String, offset: Int? = nil, line: Int? = nil) {
        self.code = code
        self.file = file
        self.message = message
        self.offset = offset
        self.line = line
    }

    /// `MyApp.ipa: at byte 1048: not a zip entry header`.
    package var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let offset { place += ": at byte \(offset)" }
        return "\(place): \(message)"
    }
}
