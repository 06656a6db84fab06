import Foundation
import Testing

/// Apple builds take zstd from facebook/zstd's own package, which nothing on Linux resolves by URL. These tests hold the
/// names our manifest and `ZstdCalls.swift` use against the ones upstream declares, read from its source: Debian's
/// libzstd source package, which carries upstream's `Package.swift` and `lib/module.modulemap` unchanged
/// (`Tools/setup.sh --tests` unpacks it into `.build-zstd-source/zstd`; `AUTHTRAIL_ZSTD_PACKAGE` names another checkout).
@Suite("the names our manifest uses for facebook/zstd's package are the ones it declares")
struct UpstreamZstdNamesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let upstream: URL = {
        if let folder = ProcessInfo.processInfo.environment["AUTHTRAIL_ZSTD_PACKAGE"], !folder.isEmpty {
            return URL(fileURLWithPath: folder)
        }
        return repository.appendingPathComponent(".build-zstd-source/zstd")
    }()

    static var upstreamIsPresent: Bool {
        FileManager.default.fileExists(atPath: upstream.appendingPathComponent("Package.swift").path)
    }

    static func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// What upstream's `Package.swift` and `lib/module.modulemap` declare.
    static func upstreamNames() throws -> ZstdNames.Upstream {
        try ZstdNames.upstream(
            manifest: read(upstream.appendingPathComponent("Package.swift")),
            moduleMap: read(upstream.appendingPathComponent("lib/module.modulemap")))
    }

    @Test(
        "our product and module names are declared by upstream's Package.swift and module map",
        .enabled(if: upstreamIsPresent, "no facebook/zstd source: run Tools/setup.sh --tests")
    )
    func namesMatchUpstream() throws {
        let ours = try ZstdNames.ours(
            manifest: Self.read(Self.repository.appendingPathComponent("Package.swift")),
            calls: Self.read(Self.repository.appendingPathComponent("Sources/AuthTrail/Codec/ZstdCalls.swift")))
        let theirs = try Self.upstreamNames()
        // What upstream declared when this was written; a change there should be read, not absorbed.
        #expect(theirs.products == ["libzstd"])
        #expect(theirs.module == "libzstd")
        #expect(theirs.submodules == ["dictbuilder", "errors"])
        #expect(ZstdNames.mismatches(ours: ours, theirs: theirs) == [])
    }

    @Test(
        "the names the Apple branch shipped with (product and module `zstd`) are caught",
        .enabled(if: upstreamIsPresent, "no facebook/zstd source: run Tools/setup.sh --tests")
    )
    func oldNamesAreCaught() throws {
        let theirs = try Self.upstreamNames()
        let old = ZstdNames.Ours(product: "zstd", imports: ["zstd"])
        #expect(
            ZstdNames.mismatches(ours: old, theirs: theirs) == [
                "product 'zstd' is not declared by upstream (it declares libzstd)",
                "module 'zstd' is not upstream's module (libzstd)",
            ])
        let missingSubmodule = ZstdNames.Ours(product: "libzstd", imports: ["libzstd", "libzstd.common"])
        #expect(
            ZstdNames.mismatches(ours: missingSubmodule, theirs: theirs) == [
                "submodule 'libzstd.common' is not declared by upstream (it declares dictbuilder, errors)"
            ])
    }

    @Test("the names are read from the texts as written")
    func parsing() throws {
        let ours = try ZstdNames.ours(
            manifest: #"let upstreamZstdProduct = "libzstd"\n"#,
            calls: """
                #if AUTHTRAIL_UPSTREAM_ZSTD
                internal import libzstd
                internal import libzstd.errors
                #else
                internal import CZstd
                #endif
                """)
        #expect(ours == ZstdNames.Ours(product: "libzstd", imports: ["libzstd", "libzstd.errors"]))
        let theirs = try ZstdNames.upstream(
            manifest: """
                products: [
                    .library(
                        name: "libzstd",
                        targets: [ "libzstd" ])
                ],
                """,
            moduleMap: """
                module libzstd [extern_c] {
                    header "zstd.h"
                    module dictbuilder [extern_c] { header "zdict.h" }
                    module errors [extern_c] {
                        header "zstd_errors.h"
                    }
                }
                """)
        #expect(
            theirs
                == ZstdNames.Upstream(products: ["libzstd"], module: "libzstd", submodules: ["dictbuilder", "errors"]))
    }
}

/// The names on each side, read from source text.
enum ZstdNames {
    struct Ours: Equatable {
        /// The product Package.swift asks facebook/zstd's package for.
        var product: String
        /// The modules ZstdCalls.swift imports in its upstream branch (`libzstd`, `libzstd.errors`).
        var imports: [String]
    }

    struct Upstream: Equatable {
        var products: [String]
        var module: String
        var submodules: [String]
    }

    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    static func ours(manifest: String, calls: String) throws -> Ours {
        guard let product = firstCapture(#"let upstreamZstdProduct = "([^"]+)""#, in: manifest) else {
            throw Unreadable(description: "Package.swift: no `let upstreamZstdProduct = \"…\"`")
        }
        guard let start = calls.range(of: "#if AUTHTRAIL_UPSTREAM_ZSTD"),
            let end = calls.range(of: "#else", range: start.upperBound..<calls.endIndex)
        else { throw Unreadable(description: "ZstdCalls.swift: no `#if AUTHTRAIL_UPSTREAM_ZSTD … #else` branch") }
        let branch = String(calls[start.upperBound..<end.lowerBound])
        return Ours(product: product, imports: allCaptures(#"import\s+([A-Za-z_][A-Za-z0-9_.]*)"#, in: branch))
    }

    static func upstream(manifest: String, moduleMap: String) throws -> Upstream {
        let products = allCaptures(#"\.library\(\s*name:\s*"([^"]+)""#, in: manifest)
        // Depth by braces: the top-level module, then the modules declared directly inside it.
        var depth = 0
        var module: String?
        var submodules: [String] = []
        for line in moduleMap.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let name = firstCapture(#"^\s*(?:explicit\s+)?module\s+([A-Za-z_][A-Za-z0-9_]*)"#, in: line) {
                if depth == 0, module == nil { module = name } else if depth == 1 { submodules.append(name) }
            }
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
        }
        guard let module, !products.isEmpty else {
            throw Unreadable(description: "upstream's Package.swift or module map declares no product or module")
        }
        return Upstream(products: products, module: module, submodules: submodules.sorted())
    }

    /// One line per name we use that upstream does not declare.
    static func mismatches(ours: Ours, theirs: Upstream) -> [String] {
        var problems: [String] = []
        if !theirs.products.contains(ours.product) {
            problems.append(
                "product '\(ours.product)' is not declared by upstream (it declares \(theirs.products.joined(separator: ", ")))"
            )
        }
        for name in ours.imports {
            let parts = name.split(separator: ".").map(String.init)
            if parts[0] != theirs.module {
                problems.append("module '\(parts[0])' is not upstream's module (\(theirs.module))")
            } else if parts.count > 1, !theirs.submodules.contains(parts[1]) {
                problems.append(
                    "submodule '\(name)' is not declared by upstream (it declares \(theirs.submodules.joined(separator: ", ")))"
                )
            }
        }
        return problems
    }

    private static func allCaptures(_ pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    private static func firstCapture(_ pattern: String, in text: String) -> String? {
        allCaptures(pattern, in: text).first
    }
}
