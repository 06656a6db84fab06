public import Foundation

/// What the app tells MSAL about itself, passed on so that every segment records the set-up next to the failures it
/// may cause (the `app.configuration` event, docs/SCHEMA.md).
///
/// Only what identifies the app is written: authority and known-authority *hosts* (never their paths, which name a
/// tenant and may name a user), the redirect URI's *scheme*, the version and the keychain group.
///
/// ```swift
/// let setup = MSALSetup(
///     version: "2.1.0",  // the MSAL release the app ships
///     authorities: [URL(string: "https://login.microsoftonline.com/contoso.onmicrosoft.com")!],
///     redirectURI: "msauth.com.contoso.app://auth")
/// let trail = try Trail(configuration: TrailConfiguration(directory: logsFolder, msal: setup))
/// ```
public struct MSALSetup: Sendable, Hashable {
    /// MSAL's version, as the app ships it (`2.1.0`).
    public var version: String?
    /// The authorities the app signs in with (`MSALPublicClientApplicationConfig.authority`, B2C policies).
    public var authorities: [URL]
    /// `MSALPublicClientApplicationConfig.knownAuthorities`.
    public var knownAuthorities: [URL]
    /// The redirect URI the app registers with MSAL, for example `msauth.com.contoso.app://auth`.
    public var redirectURI: String?
    /// `MSALCacheConfig.keychainSharingGroup`; nil for MSAL's default (`com.microsoft.adalcache` on iOS,
    /// `com.microsoft.identity.universalstorage` on macOS). With or without the team prefix: without one, the prefix
    /// comes from an `AppIdentifierPrefix` key in Info.plist, else the group is not probed.
    public var keychainGroup: String?

    /// - Parameters:
    ///   - version: MSAL's version (none).
    ///   - authorities: the authorities the app signs in with (none).
    ///   - knownAuthorities: the config's known authorities (none).
    ///   - redirectURI: the redirect URI (none).
    ///   - keychainGroup: the keychain sharing group (MSAL's default).
    public init(
        version: String? = nil, authorities: [URL] = [], knownAuthorities: [URL] = [], redirectURI: String? = nil,
        keychainGroup: String? = nil
    ) {
        self.version = version
        self.authorities = authorities
        self.knownAuthorities = knownAuthorities
        self.redirectURI = redirectURI
        self.keychainGroup = keychainGroup
    }
}
