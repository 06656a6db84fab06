import AuthTrail
import AuthTrailAnalysis
package import Foundation

/// Installs of two app releases with planted failures, for the breakdown and `--baseline` tests: each install writes
/// one segment (real zstd, no metadata frame) opening with `segment.start` (app and OS version), then a `log` line
/// from MSAL (its version), then its attempts, all failed ones silent except `interactiveFailures`.
package struct ReleaseFleet: Sendable {
    /// A failure pattern: (`error.domain`, `error.code`, `error.subcode`).
    package struct Pattern: Sendable, Hashable {
        package var domain: String
        package var code: Int
        package var subcode: Int?

        /// Whether a report row's group is this pattern.
        package func matches(domain: String?, code: Int?, subcode: Int?) -> Bool {
            (domain, code, subcode) == (self.domain, self.code, self.subcode)
        }
    }

    package struct Release: Sendable {
        package var appVersion: String
        package var osVersion: String
        package var msalVersion: String
        package var installs: Int
        package var silentPerInstall = 100
        package var interactivePerInstall = 40
        /// Silent attempts per install that fail with each pattern.
        package var silentFailures: [Pattern: Int]
        /// Interactive attempts per install that fail, all with `network`.
        package var interactiveFailures = 2
        /// When the first install's events start.
        package var start: Date

        /// Attempts over all installs.
        package var attempts: Int { installs * (silentPerInstall + interactivePerInstall) }
        package var silentAttempts: Int { installs * silentPerInstall }
        package var interactiveAttempts: Int { installs * interactivePerInstall }
        /// Failed silent attempts over all installs.
        package var silentFailureCount: Int { installs * silentFailures.values.reduce(0, +) }
        /// Failures of `pattern` over all installs, silent and interactive.
        package func count(of pattern: Pattern) -> Int {
            installs * ((silentFailures[pattern] ?? 0) + (pattern == ReleaseFleet.network ? interactiveFailures : 0))
        }
    }

    /// Doubles in 4.2.
    package static let expired = Pattern(domain: "MSALErrorDomain", code: -50002, subcode: -42011)
    /// Unchanged.
    package static let network = Pattern(domain: "NSURLErrorDomain", code: -1009, subcode: nil)
    /// Only in 4.1.
    package static let vanished = Pattern(domain: "MSALErrorDomain", code: -50000, subcode: nil)
    /// Only in 4.2.
    package static let new = Pattern(domain: "MSALErrorDomain", code: -51001, subcode: nil)

    /// The authority hosts, one per install in turn.
    package static let hosts = ["login.microsoftonline.com", "login.microsoftonline.us"]

    package static let baseline = Release(
        appVersion: "4.1", osVersion: "17.5", msalVersion: "1.5.0", installs: 10,
        silentFailures: [expired: 5, network: 3, vanished: 1], start: Date(timeIntervalSince1970: 1_793_491_200))
    package static let candidate = Release(
        appVersion: "4.2", osVersion: "18.1", msalVersion: "1.6.0", installs: 10,
        silentFailures: [expired: 10, network: 3, new: 1], start: Date(timeIntervalSince1970: 1_794_268_800))

    /// Attempts of `release` against each host.
    package static func attempts(of release: Release, host: String) -> Int {
        let index = hosts.firstIndex(of: host)!
        let installs = (0..<release.installs).filter { $0 % hosts.count == index }.count
        return installs * (release.silentPerInstall + release.interactivePerInstall)
    }

    /// Writes one segment per install of `release` into `folder`; returns their paths.
    @discardableResult
    package static func write(_ release: Release, into folder: String) throws -> [String] {
        try (0..<release.installs).map { install in
            let path = "\(folder)/\(release.appVersion)-\(install).jsonl.zst"
            let bytes = Array(lines(release, install: install).map { $0 + "\n" }.joined().utf8)
            var compressed: [UInt8] = []
            let compressor = try ZstdCompressor()
            try compressor.write(bytes, into: &compressed)
            try compressor.endFrame(into: &compressed)
            try SystemCalls.createFile(path, bytes: compressed)
            return path
        }
    }

    static func lines(_ release: Release, install: Int) -> [String] {
        let installID = "install-\(release.appVersion)-\(install)"
        let host = hosts[install % hosts.count]
        let origin = release.start.addingTimeInterval(Double(install) * 3_600)
        func time(_ seconds: Int) -> String {
            ReportTime.string(Int64(origin.timeIntervalSince1970 * 1000) + Int64(seconds) * 1000)
        }
        var lines = [
            #"{"timestamp":"\#(time(0))","schema":1,"event.name":"segment.start","install.id":"\#(installID)","#
                + #""app.id":"com.contoso.mail","app.version":"\#(release.appVersion)","os.name":"iOS","#
                + #""os.version":"\#(release.osVersion)"}"#,
            #"{"timestamp":"\#(time(1))","schema":1,"event.name":"log","install.id":"\#(installID)","#
                + #""log.source":"msal","msal.version":"\#(release.msalVersion)","body":"MSAL started"}"#,
        ]
        var failures = release.silentFailures.sorted { $0.key.code < $1.key.code }.flatMap {
            Array(repeating: $0.key, count: $0.value)
        }
        var interactiveFailures = release.interactiveFailures
        for attempt in 0..<(release.silentPerInstall + release.interactivePerInstall) {
            let silent = attempt < release.silentPerInstall
            var pattern: Pattern?
            if silent, !failures.isEmpty {
                pattern = failures.removeFirst()
            } else if !silent, interactiveFailures > 0 {
                interactiveFailures -= 1
                pattern = network
            }
            var line =
                #"{"timestamp":"\#(time(10 + attempt * 10))","schema":1,"event.name":"acquisition.end","#
                + #""install.id":"\#(installID)","operation.id":"op-\#(installID)-\#(attempt)","attempt":1,"#
                + #""acquisition.kind":"\#(silent ? "silent" : "interactive")","server.address":"\#(host)","#
                + #""duration_ms":120,"outcome":"\#(pattern == nil ? "success" : "failure")""#
            if let pattern {
                line += #","error.domain":"\#(pattern.domain)","error.code":\#(pattern.code)"#
                if let subcode = pattern.subcode { line += #","error.subcode":\#(subcode)"# }
            }
            lines.append(line + "}")
        }
        return lines
    }
}
