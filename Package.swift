// swift-tools-version: 6.0
import PackageDescription

// zstd comes from Debian's libzstd-dev on Linux (the `CZstd` system library, the branch CI builds) and from
// facebook/zstd's own package, compiled from source, on Apple platforms, whose SDKs ship no libzstd. The choice is made
// on the host (a Mac builds for Apple platforms) because SwiftPM resolves every declared package whatever the
// `.when(platforms:)` conditions say, and that repository cannot be resolved on the Linux machines. Only
// Sources/AuthTrail/Codec/ZstdCalls.swift imports the module.
#if canImport(Darwin)
let zstdPackages: [Package.Dependency] = [.package(url: "https://github.com/facebook/zstd", from: "1.5.6")]
let zstdTargets: [Target] = []
let zstd: Target.Dependency = .product(name: "zstd", package: "zstd")
#else
let zstdPackages: [Package.Dependency] = []
let zstdTargets: [Target] = [.systemLibrary(name: "CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"])])]
let zstd: Target.Dependency = "CZstd"
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
        .executable(name: "authtrail-bench", targets: ["authtrail-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.0"..<"5.0.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ] + zstdPackages,
    targets: zstdTargets + [
        // The library apps link. PrivacyInfo.xcprivacy is the privacy manifest App Store Connect reads
        // (Tests/AuthTrailTests/Packaging/PrivacyManifestTests.swift keeps it in step with the sources).
        .target(
            name: "AuthTrail",
            dependencies: [
                zstd,
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        // Reading, scanning, aggregating and rendering logs: shared by the CLI, the bench and the tests.
        .target(
            name: "AuthTrailAnalysis",
            dependencies: [
                "AuthTrail",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "authtrail",
            dependencies: [
                "AuthTrail",
                "AuthTrailAnalysis",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tools/authtrail"
        ),
        .executableTarget(
            name: "authtrail-bench",
            dependencies: [
                "AuthTrail",
                "AuthTrailAnalysis",
                "AuthTrailTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tools/authtrail-bench"
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
            dependencies: ["AuthTrail", "AuthTrailAnalysis"]
        ),
        .testTarget(
            name: "AuthTrailTests",
            dependencies: [
                "AuthTrail",
                "AuthTrailTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "AuthTrailAnalysisTests",
            dependencies: ["AuthTrail", "AuthTrailAnalysis", "AuthTrailTestSupport"]
        ),
        .testTarget(
            name: "AuthtrailCLITests",
            dependencies: ["AuthTrail", "AuthTrailAnalysis", "AuthTrailTestSupport"]
        ),
    ]
)

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
    ]
}

// `swift package generate-documentation` (swift-docc-plugin), declared only when Tools/docs.sh sets AUTHTRAIL_DOCS=1,
// so an app that adds AuthTrail, `swift build` and CI never download or resolve the plugin.
if Context.environment["AUTHTRAIL_DOCS"] != nil {
    package.dependencies += [.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0")]
}

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
