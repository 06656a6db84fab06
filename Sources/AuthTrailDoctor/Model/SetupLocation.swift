/// Where a fact about an app's set-up was read: a file, and in it a key path (plists, build settings) or a line
/// (sources, project files).
package struct SetupLocation: Sendable, Hashable, Codable {
    /// The file as the user named it, or as found under a folder the user named.
    package var file: String
    /// `CFBundleURLTypes[0].CFBundleURLSchemes`, `keychain-access-groups`, `PRODUCT_BUNDLE_IDENTIFIER`.
    package var keyPath: String?
    /// 1-based line in a source or text file.
    package var line: Int?

    package init(file: String, keyPath: String? = nil, line: Int? = nil) {
        self.file = file
        self.keyPath = keyPath
        self.line = line
    }

    /// `Info.plist: CFBundleURLTypes`, `AppDelegate.swift:90`.
    package var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let keyPath { text += ": \(keyPath)" }
        return text
    }
}

/// A value read from the app together with where it was read.
package struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    package var value: Value
    package var location: SetupLocation

    package init(_ value: Value, at location: SetupLocation) {
        self.value = value
        self.location = location
    }
}
