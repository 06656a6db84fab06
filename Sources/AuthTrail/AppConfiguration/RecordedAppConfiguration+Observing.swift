import Foundation

extension RecordedAppConfiguration {
    /// MSAL's default keychain sharing group per platform (`MSALCacheConfig`): iOS-family platforms, Mac Catalyst
    /// included, use the ADAL-era group; macOS its own.
    static func defaultKeychainGroup(platform: String) -> String? {
        switch platform {
        case "iOS", "visionOS", "Mac Catalyst": "com.microsoft.adalcache"
        case "macOS": "com.microsoft.identity.universalstorage"
        default: nil
        }
    }

    /// What `source` shows of the running app, with the MSAL facts it passed; nil when there is nothing to record
    /// (no Info.plist and no `MSALSetup`: a command-line tool or a test process). Probes the Keychain: call it on the
    /// writer thread, once per process.
    package init?(observing source: AppConfigurationSource, msal: MSALSetup?) {
        let bundle = source.bundle()
        guard bundle != nil || msal != nil else { return nil }
        self.init(bundleID: bundle?.bundleID, platform: source.platform)
        switch source.platform {
        case "iOS", "visionOS": sandboxed = true
        case "macOS", "Mac Catalyst": sandboxed = source.environment()["APP_SANDBOX_CONTAINER_ID"] != nil
        default: sandboxed = nil
        }
        if let bundle {
            urlSchemes = bundle.urlSchemes.filter(Self.isScheme)
            let registered = Set(urlSchemes.map { $0.lowercased() })
            registersMSALScheme = bundle.bundleID.map { registered.contains("msauth.\($0.lowercased())") }
            let queried = Set(bundle.queriesSchemes.map { $0.lowercased() })
            queriesMSAuthV2 = queried.contains("msauthv2")
            queriesMSAuthV3 = queried.contains("msauthv3")
        }
        if let msal {
            msalVersion = msal.version
            authorityHosts = Self.hosts(of: msal.authorities)
            knownAuthorityHosts = Self.hosts(of: msal.knownAuthorities)
            redirectScheme = msal.redirectURI.flatMap(Self.scheme(of:))
        }
        guard let group = msal?.keychainGroup ?? Self.defaultKeychainGroup(platform: source.platform) else {
            if source.keychain == nil { keychainProbe = .notChecked(reason: KeychainGroupProbe.noKeychain) }
            return
        }
        let prefixed = Self.hasTeamPrefix(group) ? group : bundle?.appIdentifierPrefix.map { Self.join($0, group) }
        keychainGroup = prefixed ?? group
        if let keychain = source.keychain, let prefixed {
            keychainProbe = KeychainGroupProbe.probe(prefixed, with: keychain)
        } else {
            keychainProbe = .notChecked(
                reason: source.keychain == nil ? KeychainGroupProbe.noKeychain : KeychainGroupProbe.unknownPrefix)
        }
    }

    /// Hosts only, lower-cased and without repeats: the path names a tenant (a GUID, `contoso.onmicrosoft.com`) or a
    /// B2C policy, and a URL's user part could name a person; neither is ever read. A host that is not a plain DNS name
    /// is left out rather than written as free text.
    static func hosts(of urls: [URL]) -> [String] {
        var hosts: [String] = []
        for url in urls.prefix(AppBundleFacts.listLimit) {
            guard let host = url.host?.lowercased(), isHostName(host), !hosts.contains(host) else { continue }
            hosts.append(host)
        }
        return hosts
    }

    /// The scheme of a redirect URI (`msauth.com.contoso.app://auth` → `msauth.com.contoso.app`), lower-cased; nil
    /// when the text does not start with one.
    static func scheme(of uri: String) -> String? {
        guard let colon = uri.firstIndex(of: ":") else { return nil }
        let scheme = String(uri[..<colon])
        return isScheme(scheme) ? scheme.lowercased() : nil
    }

    /// RFC 3986 scheme syntax: a letter, then letters, digits, `+`, `-`, `.`.
    static func isScheme(_ text: String) -> Bool {
        guard let first = text.utf8.first, isLetter(first), text.utf8.count <= 255 else { return false }
        return text.utf8.allSatisfy {
            isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
    }

    /// Letters, digits, `-` and `.` only (no user part, port, path or IP literal brackets).
    static func isHostName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 253
            && text.utf8.allSatisfy {
                isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            }
    }

    /// A team (App ID) prefix: ten upper-case letters or digits and a dot, `ABCDE12345.com.microsoft.adalcache`.
    static func hasTeamPrefix(_ group: String) -> Bool {
        let parts = group.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, parts[0].utf8.count == 10 else { return false }
        return parts[0].utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || isDigit($0) }
    }

    private static func join(_ prefix: String, _ group: String) -> String {
        prefix.hasSuffix(".") ? prefix + group : prefix + "." + group
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
