import AuthTrailTestSupport
import Foundation
import Testing

/// Tools/manifest-6.0-check.py, run for real: the manifest as Swift 6.0 (Xcode 16.0-16.2) reads it, each dependency
/// read from its repository's tags (on this machine git serves github.com from /opt/swift-packages), and SwiftPM 6.0's
/// choice of manifest per tag, on real git repositories made here.
@Suite("the package resolves on Swift 6.0, checked from the dependencies' repositories")
struct SwiftSixZeroResolutionTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let script = repository.appendingPathComponent("Tools/manifest-6.0-check.py").path
    static let propertyBased = #".package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),"#

    static func check(_ manifest: String) throws -> ProcessOutput {
        try ProcessRunner.run("python3", [script, "--manifest", manifest], timeLimit: 600)
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    static func git(_ folder: URL, _ arguments: [String]) throws {
        let output = try ProcessRunner.run(
            "git", ["-C", folder.path, "-c", "user.name=test", "-c", "user.email=test@example.invalid"] + arguments)
        try #require(output.status == 0, "git \(arguments.joined(separator: " ")): \(output.standardError)")
    }

    /// A git repository with one commit and tag per entry, each holding exactly the given manifests.
    static func repository(at folder: URL, tags: [(tag: String, manifests: [String: String])]) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try git(folder, ["init", "--quiet"])
        for (tag, manifests) in tags {
            let previous = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            for name in previous where name.hasPrefix("Package") {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
            for (name, text) in manifests { try write(text, to: folder.appendingPathComponent(name)) }
            try git(folder, ["add", "-A"])
            try git(folder, ["commit", "--quiet", "-m", tag])
            try git(folder, ["tag", tag])
        }
    }

    static func manifest(tools: String, name: String, dependencies: String = "") -> String {
        """
        // swift-tools-version: \(tools)
        import PackageDescription

        let package = Package(name: "\(name)", dependencies: [\(dependencies)], targets: [])

        """
    }

    @Test("the manifest resolves on Swift 6.0, without swift-property-based")
    func currentManifestResolves() throws {
        let output = try Self.check(Self.repository.appendingPathComponent("Package.swift").path)
        #expect(output.status == 0, "\(output.text)\(output.standardError)")
        #expect(output.text.contains("apple/swift-argument-parser 1.5.0..<2.0.0: 1.8.2 usable on Swift 6.0"))
        #expect(output.text.contains("apple/swift-crypto 4.0.0..<5.0.0:"))
        #expect(!output.text.contains("swift-property-based"))
        #expect(!output.text.contains("swift-log"))
    }

    @Test("the manifest as it was, swift-property-based declared for every toolchain, fails and names it")
    func propertyBasedForEveryToolchainFails() throws {
        let current = try String(
            contentsOf: Self.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        let lines = current.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Back to the declaration before the fix: out of the Swift 6.2 branch, into the list every toolchain reads.
        let declared = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == Self.propertyBased })
        var before = lines
        before.remove(at: declared)
        let common = try #require(before.firstIndex { $0.hasPrefix("    ] + zstdPackages + swiftLog,") })
        before.insert("        " + Self.propertyBased, at: common)
        let folder = try TemporaryDirectory("authtrail-manifest-6.0")
        defer { folder.remove() }
        let manifest = folder.url.appendingPathComponent("Package.swift")
        try Self.write(before.joined(separator: "\n"), to: manifest)

        let output = try Self.check(manifest.path)
        #expect(output.status == 1, "\(output.text)\(output.standardError)")
        #expect(
            output.standardError.contains(
                "FAIL x-sheep/swift-property-based 2.0.0..<3.0.0 (from the manifest): no version Swift 6.0 reads; "
                    + "tags in range: 2.0.1 needs 6.1"), "\(output.standardError)")
        #expect(output.standardError.contains("does not resolve on Swift 6.0"))
    }

    @Test("a tag is usable when the manifest SwiftPM 6.0 picks reads on 6.0, and dependencies are followed")
    func manifestChoicePerTagAndDependencies() throws {
        let folder = try TemporaryDirectory("authtrail-manifest-6.0")
        defer { folder.remove() }
        let first = folder.url.appendingPathComponent("first")
        let second = folder.url.appendingPathComponent("second")
        try Self.repository(
            at: second, tags: [("1.0.0", ["Package.swift": Self.manifest(tools: "6.1", name: "Second")])])
        try Self.repository(
            at: first,
            tags: [
                // Package.swift needs 6.1; Package@swift-6.0.swift is the one 6.0 loads.
                (
                    "1.0.0",
                    [
                        "Package.swift": Self.manifest(tools: "6.1", name: "First"),
                        "Package@swift-6.0.swift": Self.manifest(tools: "6.0", name: "First"),
                    ]
                ),
                // The version-specific manifest declares a higher tools version than Package.swift, so 6.0 loads it,
                // and it needs 6.1: reading only Package.swift would call this tag usable.
                (
                    "1.0.1",
                    [
                        "Package.swift": Self.manifest(tools: "5.9", name: "First"),
                        "Package@swift-6.swift": Self.manifest(tools: "6.1", name: "First"),
                    ]
                ),
                // Only manifests for 6.1 and later.
                (
                    "1.1.0",
                    [
                        "Package.swift": Self.manifest(tools: "6.1", name: "First"),
                        "Package@swift-6.1.swift": Self.manifest(tools: "6.1", name: "First"),
                    ]
                ),
                // The manifest for 6.2 is not 6.0's; Package.swift is, and it depends on `second`.
                (
                    "1.2.0",
                    [
                        "Package.swift": Self.manifest(
                            tools: "5.9", name: "First",
                            dependencies: #".package(url: "\#(second.path)", from: "1.0.0")"#),
                        "Package@swift-6.2.swift": Self.manifest(tools: "6.2", name: "First"),
                    ]
                ),
                ("1.3.0", ["Package.swift": Self.manifest(tools: "6.2", name: "First")]),
                ("2.0.0", ["Package.swift": Self.manifest(tools: "5.9", name: "First")]),
            ])
        let root = folder.url.appendingPathComponent("root/Package.swift")
        try Self.write(
            Self.manifest(tools: "6.0", name: "Root", dependencies: #".package(url: "\#(first.path)", from: "1.0.0")"#),
            to: root)

        let output = try Self.check(root.path)
        #expect(output.status == 1, "\(output.text)\(output.standardError)")
        let firstKey = first.pathComponents.suffix(2).joined(separator: "/").lowercased()
        let secondKey = second.pathComponents.suffix(2).joined(separator: "/").lowercased()
        #expect(
            output.text.contains(
                "\(firstKey) 1.0.0..<2.0.0: 1.0.0, 1.2.0 usable on Swift 6.0 (on hand in range; refused: "
                    + "1.0.1 needs 6.1, 1.1.0 needs 6.1, 1.3.0 needs 6.2)"), "\(output.text)")
        #expect(
            output.standardError.contains(
                "FAIL \(secondKey) 1.0.0..<2.0.0 (from \(firstKey) 1.2.0): no version Swift 6.0 reads; "
                    + "tags in range: 1.0.0 needs 6.1"), "\(output.standardError)")
    }
}
