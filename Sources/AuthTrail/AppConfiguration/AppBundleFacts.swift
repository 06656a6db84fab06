/// What an app's Info.plist says about its MSAL set-up: a pure reading of the dictionary, so tests feed real
/// Info.plist contents on any platform.
package struct AppBundleFacts: Sendable, Hashable {
    /// `CFBundleIdentifier`.
    package var bundleID: String?
    /// Every `CFBundleURLSchemes` entry of `CFBundleURLTypes`, in order.
    package var urlSchemes: [String]
    /// `LSApplicationQueriesSchemes`.
    package var queriesSchemes: [String]
    /// `AppIdentifierPrefix` (the team prefix with its dot, `ABCDE12345.`), which some apps add so code can name its
    /// keychain groups; Xcode does not add it.
    package var appIdentifierPrefix: String?

    /// Lists longer than this are cut: an Info.plist is the app's own, but nothing read into an event is unbounded.
    static let listLimit = 64

    package init(
        bundleID: String?, urlSchemes: [String] = [], queriesSchemes: [String] = [], appIdentifierPrefix: String? = nil
    ) {
        self.bundleID = bundleID
        self.urlSchemes = urlSchemes
        self.queriesSchemes = queriesSchemes
        self.appIdentifierPrefix = appIdentifierPrefix
    }

    /// Reads `Bundle.infoDictionary`'s shape; nil for an empty dictionary (a command-line tool, a Linux process).
    package init?(infoDictionary info: [String: Any]) {
        guard !info.isEmpty else { return nil }
        bundleID = info["CFBundleIdentifier"] as? String
        let types = info["CFBundleURLTypes"] as? [[String: Any]] ?? []
        urlSchemes = Array(types.flatMap { $0["CFBundleURLSchemes"] as? [String] ?? [] }.prefix(Self.listLimit))
        queriesSchemes = Array((info["LSApplicationQueriesSchemes"] as? [String] ?? []).prefix(Self.listLimit))
        appIdentifierPrefix = info["AppIdentifierPrefix"] as? String
    }
}
