import AuthTrailTestSupport
import Foundation

/// A trail the built binary's `authtrail demo` writes into a new temporary folder named after `name`, for suites that
/// only read it; the path of the trail folder.
func demoTrail(_ name: String) throws -> String {
    let directory = try TemporaryDirectory(name)
    let result = try ProcessRunner.authtrail(["demo", "--out", "\(directory.path)/trail"])
    guard result.status == 0 else { throw CocoaError(.fileWriteUnknown) }
    return "\(directory.path)/trail"
}
