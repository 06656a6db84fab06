import AuthTrailDoctor
import Foundation
import Testing

/// Built `.app` folders: iOS's flat layout and macOS's `Contents/`, with binary Info.plists and the entitlements a
/// code signature embeds in the executable.
@Suite("the doctor on built .app folders")
struct AppBundleTests {
    /// An executable stand-in: bytes, then a signature's entitlements blob (magic 0xfade7171, big-endian length, XML).
    static func executable(entitlements: [String: Any]) throws -> Data {
        let xml = try PropertyListSerialization.data(fromPropertyList: entitlements, format: .xml, options: 0)
        let length = UInt32(8 + xml.count)
        var bytes = [UInt8](repeating: 0, count: 3 << 20)  // past the reader's first 1 MiB chunk
        bytes += [0xFA, 0xDE, 0x71, 0x71] + withUnsafeBytes(of: length.bigEndian, Array.init) + [UInt8](xml)
        return Data(bytes)
    }

    static func app(macOS: Bool, info: [String: Any], entitlements: [String: Any]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-app-\(UUID())")
            .appendingPathComponent("Sample.app")
        let base = macOS ? root.appendingPathComponent("Contents") : root
        let binaryFolder = macOS ? base.appendingPathComponent("MacOS") : base
        try FileManager.default.createDirectory(at: binaryFolder, withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: info, format: .binary, options: 0)
            .write(to: base.appendingPathComponent("Info.plist"))
        try executable(entitlements: entitlements).write(to: binaryFolder.appendingPathComponent("Sample"))
        return root.path
    }

    @Test("a Mac app sandboxed without network access: the sandbox finding, read from the signature")
    func macSandbox() throws {
        let path = try Self.app(
            macOS: true,
            info: ["CFBundleIdentifier": "com.microsoft.identitysample.MSALMacOS", "CFBundleExecutable": "Sample"],
            entitlements: [
                "com.apple.security.app-sandbox": true,
                "keychain-access-groups": ["UBF8T346G9.com.microsoft.identity.universalstorage"],
            ])
        let result = try SampleApps.report([path]).results[0]
        #expect(result.setup.platform == .macOS)
        #expect(result.findings.map(\.rule.rawValue) == ["sandbox-network-client-missing"])
        #expect(result.findings.first?.location.file == path + "/Contents/MacOS/Sample")
        #expect(result.passed.contains("keychain-group-missing"))
    }

    @Test("an iOS app with the right groups and schemes gives no finding")
    func iOSApp() throws {
        let path = try Self.app(
            macOS: false,
            info: [
                "CFBundleIdentifier": "com.contoso.app", "CFBundleExecutable": "Sample",
                "CFBundleURLTypes": [["CFBundleURLSchemes": ["msauth.com.contoso.app"]]],
                "LSApplicationQueriesSchemes": ["msauthv2", "msauthv3"],
            ],
            entitlements: ["keychain-access-groups": ["UBF8T346G9.com.microsoft.adalcache"]])
        let result = try SampleApps.report([path]).results[0]
        #expect(result.setup.platform == .iOS)
        #expect(result.findings == [])
        #expect(result.passed.count == 3, "\(result.passed)")
    }
}
