// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "AuthTrail",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
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
    ],
    targets: [
        // libzstd from the system (Debian: libzstd-dev). Only Sources/AuthTrail/Codec imports it.
        .systemLibrary(
            name: "CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]
        ),
        // The library apps link.
        .target(
            name: "AuthTrail",
            dependencies: [
                "CZstd",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
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
            name: "fuzz-retry-after",
            dependencies: ["AuthTrailTestSupport"],
            path: "Tests/Fuzz/RetryAfter"
        ),
    ]
}

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
