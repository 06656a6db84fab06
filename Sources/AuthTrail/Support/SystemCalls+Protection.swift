import Foundation

extension SystemCalls {
    /// Gives `path` the data-protection class `protection` on Apple platforms; elsewhere files rely on their mode.
    ///
    /// Best effort: a volume without data protection (an external disk on a Mac) refuses the attribute, and the file
    /// is then as protected as its volume allows.
    package static func applyProtection(_ protection: FileProtection, to path: String) {
        #if canImport(Darwin)
        let type: FileProtectionType =
            switch protection {
            case .complete: .complete
            case .completeUnlessOpen: .completeUnlessOpen
            case .completeUntilFirstUserAuthentication: .completeUntilFirstUserAuthentication
            case .none: .none
            }
        try? FileManager.default.setAttributes([.protectionKey: type], ofItemAtPath: path)
        #endif
    }
}
