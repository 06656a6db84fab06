// swift-tools-version: 6.0
import Foundation
import PackageDescription

// zstd: Debian's libzstd-dev through the `CZstd` system library on Linux; facebook/zstd's own package, compiled from
// source, on Apple platforms, whose SDKs ship no libzstd. That package declares the product `libzstd` and its module
// map the module `libzstd` (submodules `errors`, `dictbuilder`), so in 1.5.4 to its main branch.
//
// AUTHTRAIL_ZSTD_PACKAGE=<a facebook/zstd checkout> takes that package from the folder instead, on any host: CI builds
// the Apple branch on Linux this way from Debian's libzstd source (Tools/upstream-zstd.sh), and
// Tests/AuthTrailTests/Packaging/UpstreamZstdNamesTests.swift checks these names against that source.
//
// The choice is made on the host (a Mac builds for Apple platforms) because SwiftPM resolves every declared package
// whatever `.when(platforms:)` says, and facebook/zstd is not reachable from the Linux machines. Only
// Sources/AuthTrail/Codec/ZstdCalls.swift imports the module.
let upstreamZstdProduct = "libzstd"
let upstreamZstdFolder = Context.environment["AUTHTRAIL_ZSTD_PACKAGE"].flatMap { $0.isEmpty ? nil : $0 }
let zstdPackages: [Package.Dependency]
let zstdTargets: [Target]
let zstd: Target.Dependency
let zstdSettings: [SwiftSetting]
#if canImport(Darwin)
let buildsUpstreamZstd = true
#else
let buildsUpstreamZstd = upstreamZstdFolder != nil
#endif
if buildsUpstreamZstd {
    if let folder = upstreamZstdFolder {
        // A local package's identity is its folder's name.
        let identity = URL(fileURLWithPath: folder).standardizedFileURL.lastPathComponent.lowercased()
        zstdPackages = [.package(path: folder)]
        zstd = .product(name: upstreamZstdProduct, package: identity)
    } else {
        zstdPackages = [.package(url: "https://github.com/facebook/zstd", from: "1.5.6")]
        zstd = .product(name: upstreamZstdProduct, package: "zstd")
    }
    zstdTargets = []
    zstdSettings = [.define("AUTHTRAIL_UPSTREAM_ZSTD")]
} else {
    zstdPackages = []
    zstdTargets = [.systemLibrary(name: "CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"])])]
    zstd = "CZstd"
    zstdSettings = []
}

// swift-log's `LogEvent` handler API (1.16), which the swift-log bridge implements, comes with a manifest for Swift 6.2
// (Xcode 26). Older toolchains (Xcode 16) get the package without that bridge (the `AuthTrailLogging` product), the
// bench and the library's tests, so that `AuthTrail` and the CLI resolve and build there. Every package only these
// targets use is declared here too: SwiftPM resolves every declared package, and swift-property-based (the library's
// tests) has no release that Swift 6.0 reads. Tools/manifest-6.0-check.py checks the rest from their repositories.
#if compiler(>=6.2)
let swiftLog: [Package.Dependency] = [
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
]
let logging: Target.Dependency? = .product(name: "Logging", package: "swift-log")
#else
let swiftLog: [Package.Dependency] = []
let logging: Target.Dependency? = nil
#endif

let package = Package(
    name: "AuthTrail",
    // As low as MSAL (macOS 11, iOS 16) allows, except that the public API measures time with Swift's `Duration`,
    // which needs macOS 13 / iOS 16 / visionOS 1. tvOS and watchOS are left out: MSAL does not run there. visionOS
    // stays: MSAL supports it (its SwiftPM framework has visionOS slices since early 2026) and nothing here is
    // iOS-only.
    platforms: [.macOS(.v13), .iOS(.v16), .visionOS(.v1)],
    products: [
        .library(name: "AuthTrail", targets: ["AuthTrail"]),
        .executable(name: "authtrail", targets: ["authtrail"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", "4.0.0"..<"5.0.0"),
    ] + zstdPackages + swiftLog,
    targets: zstdTargets + [
        // The library apps link. PrivacyInfo.xcprivacy is the privacy manifest App Store Connect reads
        // (Tests/AuthTrailTests/Packaging/PrivacyManifestTests.swift keeps it in step with the sources).
        .target(
            name: "AuthTrail",
            dependencies: [
                zstd,
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: zstdSettings
        ),
        // Reading, scanning, aggregating and rendering logs: shared by the CLI, the bench and the tests. It judges the
        // set-ups apps record with `authtrail doctor`'s rules.
        .target(
            name: "AuthTrailAnalysis",
            dependencies: [
                "AuthTrail",
                "AuthTrailDoctor",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // zlib's raw inflate for `authtrail doctor`'s .ipa reader: Debian's zlib1g-dev on Linux, the SDK's libz on
        // Apple platforms (the same module map serves both). Only Sources/AuthTrailDoctor/Readers/Inflater.swift
        // imports it.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // `authtrail doctor`: an app's MSAL set-up read from its files, judged by rules that read only the model.
        .target(name: "AuthTrailDoctor", dependencies: ["AuthTrail", "CZlib"]),
        .executableTarget(
            name: "authtrail",
            dependencies: [
                "AuthTrail",
                "AuthTrailAnalysis",
                "AuthTrailDoctor",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tools/authtrail"
        ),
        // A child process for the store's crash, concurrency and fault tests (Tests/AuthTrailTests/Store).
        .executableTarget(
            name: "authtrail-stress",
            dependencies: ["AuthTrail"],
            path: "Tools/authtrail-stress"
        ),
        // Helpers shared by the test targets (fixtures, temporary folders, running the binary); not a product.
        .target(
            name: "AuthTrailTestSupport",
            dependencies: ["AuthTrail", "AuthTrailAnalysis", "AuthTrailDoctor"]
        ),
        .testTarget(
            name: "AuthTrailAnalysisTests",
            dependencies: ["AuthTrail", "AuthTrailAnalysis", "AuthTrailTestSupport"]
        ),
        .testTarget(
            name: "AuthTrailDoctorTests",
            dependencies: ["AuthTrail", "AuthTrailDoctor", "AuthTrailTestSupport"]
        ),
        .testTarget(
            name: "AuthTrailCLITests",
            dependencies: ["AuthTrail", "AuthTrailAnalysis", "AuthTrailTestSupport"]
        ),
    ]
)

if let logging {
    package.products += [
        // The swift-log bridge, a product of its own (see `swiftLog` above).
        .library(name: "AuthTrailLogging", targets: ["AuthTrailLogging"]),
        .executable(name: "authtrail-bench", targets: ["authtrail-bench"]),
    ]
    package.targets += [
        // `TrailLogHandler`: the app's swift-log messages into the trail.
        .target(name: "AuthTrailLogging", dependencies: ["AuthTrail", logging]),
        .executableTarget(
            name: "authtrail-bench",
            dependencies: [
                "AuthTrail",
                "AuthTrailAnalysis",
                "AuthTrailTestSupport",
                logging,
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tools/authtrail-bench"
        ),
        .testTarget(
            name: "AuthTrailTests",
            dependencies: [
                "AuthTrail",
                "AuthTrailLogging",
                "AuthTrailTestSupport",
                logging,
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ]
}

// libFuzzer targets, built only by Tools/fuzz.sh (AUTHTRAIL_FUZZ=1, `--sanitize=fuzzer`, scratch path .build-fuzz), so
// normal builds, tests and CI never compile them. Their invariants live in AuthTrailTestSupport/Fuzzing, which the unit
// tests replay over the committed corpora.
if Context.environment["AUTHTRAIL_FUZZ"] != nil {
    package.targets += [
        .executableTarget(name: "fuzz-frame-reader", dependencies: ["AuthTrail"], path: "Tests/Fuzz/FrameReader"),
        .executableTarget(
            name: "fuzz-event-scanner",
            dependencies: ["AuthTrailTestSupport"],
            path: "Tests/Fuzz/EventScanner"
        ),
        .executableTarget(name: "fuzz-redactor", dependencies: ["AuthTrailTestSupport"], path: "Tests/Fuzz/Redactor"),
        .executableTarget(name: "fuzz-report", dependencies: ["AuthTrailTestSupport"], path: "Tests/Fuzz/Report"),
        .executableTarget(
            name: "fuzz-pasted-error",
            dependencies: ["AuthTrailTestSupport"],
            path: "Tests/Fuzz/PastedError"
        ),
        .executableTarget(
            name: "fuzz-retry-after",
            dependencies: ["AuthTrailTestSupport"],
            path: "Tests/Fuzz/RetryAfter"
        ),
        .executableTarget(name: "fuzz-raw-log", dependencies: ["AuthTrailTestSupport"], path: "Tests/Fuzz/RawLog"),
        .executableTarget(
            name: "fuzz-doctor-readers",
            dependencies: ["AuthTrailTestSupport"],
            path: "Tests/Fuzz/DoctorReaders"
        ),
    ]
}

// `swift package generate-documentation` (swift-docc-plugin), declared only when Tools/docs.sh sets AUTHTRAIL_DOCS=1,
// so an app that adds AuthTrail, `swift build` and CI never download or resolve the plugin.
if Context.environment["AUTHTRAIL_DOCS"] != nil {
    package.dependencies += [.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0")]
}

for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .swiftLanguageMode(.v6),
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
