import Foundation

// Stand-ins for the Foundation API of Apple platforms that the documentation's folder samples use and Linux's
// Foundation lacks, so the samples compile unchanged on Linux (ChoosingAFolderTests.swift). On Apple platforms the
// real API is used.

/// Where the stand-in App Group containers of the current task live (nil outside `withValue`).
enum AppGroupContainers {
    @TaskLocal static var root: URL?

    /// True where the stand-in below replaces `containerURL` (everywhere but Apple platforms, which have the real one).
    static var areStandIns: Bool {
        #if canImport(Darwin)
        false
        #else
        true
        #endif
    }
}

#if !canImport(Darwin)
extension FileManager {
    /// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`: the group's folder under
    /// `AppGroupContainers.root`, or nil, as for a target without the App Group entitlement.
    func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        AppGroupContainers.root?.appendingPathComponent(groupIdentifier, isDirectory: true)
    }
}

extension URL {
    /// `URL.applicationSupportDirectory` (iOS 16, macOS 13): the user's Application Support folder, as
    /// `FileManager` names it on this platform.
    static var applicationSupportDirectory: URL {
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
    }
}
#endif
