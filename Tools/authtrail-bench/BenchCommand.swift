import ArgumentParser

/// Benchmarks that compare AuthTrail with its anchors (the zstd CLI, jq, DuckDB, swift-log) in the same run, so the
/// figures in docs/BENCHMARKS.md are ratios that survive a noisy shared machine.
@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authtrail-bench",
        abstract: "Measure AuthTrail against its anchors and print the figures for docs/BENCHMARKS.md.",
        subcommands: [
            ClassifyBenchmark.self, RedactionBenchmark.self, ReportBenchmark.self, StoreBenchmark.self,
            ExportMemoryBenchmark.self, HostileInputBenchmark.self, SealBenchmark.self, FleetBenchmark.self,
        ])
}
