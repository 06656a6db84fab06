internal import Foundation

/// Build settings as Xcode resolves them in Info.plist and entitlements: `$(NAME)`, `${NAME}` and
/// `$(NAME:modifier)`, recursively; a reference the settings do not define stays as written, so the rules see it as
/// unresolved instead of guessing.
package struct BuildSettings: Sendable, Hashable {
    package var values: [String: String]

    package init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// `other`'s values over these (a target's settings over its project's).
    package func overlaid(with other: BuildSettings) -> BuildSettings {
        BuildSettings(values.merging(other.values) { _, new in new })
    }

    /// The value of `name` with its references resolved, nil when not defined.
    package func value(_ name: String) -> String? {
        if let value = derived(name) { return resolve(value) }
        return nil
    }

    /// `text` with every reference the settings define replaced.
    package func resolve(_ text: String, depth: Int = 0) -> String {
        // Settings that refer to each other in a cycle stop here, still holding a reference.
        guard depth < 8, SettingReference.occurs(in: text) else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.firstIndex(of: "$") {
            result += rest[..<start]
            let afterDollar = rest.index(after: start)
            guard afterDollar < rest.endIndex, let close = closing(rest[afterDollar]),
                let end = rest[afterDollar...].firstIndex(of: close)
            else {
                result.append("$")
                rest = rest[afterDollar...]
                continue
            }
            let reference = rest[rest.index(after: afterDollar)..<end]
            let parts = reference.split(separator: ":", maxSplits: 1)
            let name = parts.first.map(String.init) ?? ""
            if let value = derived(name) {
                let resolved = resolve(value, depth: depth + 1)
                result += parts.count > 1 ? Self.apply(String(parts[1]), to: resolved) : resolved
            } else {
                result += rest[start...end]
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    private func closing(_ character: Character) -> Character? {
        character == "(" ? ")" : character == "{" ? "}" : nil
    }

    /// Defined values plus the ones Xcode derives: the team prefixes from `DEVELOPMENT_TEAM`, `PRODUCT_NAME` from
    /// the target's name. `$(inherited)` adds nothing here: the overlay already holds what it would inherit.
    private func derived(_ name: String) -> String? {
        if name == "inherited" { return "" }
        if let value = values[name] {
            return value.replacingOccurrences(of: "$(inherited)", with: "").trimmingCharacters(in: .whitespaces)
        }
        switch name {
        case "AppIdentifierPrefix", "TeamIdentifierPrefix":
            return values["DEVELOPMENT_TEAM"].map { $0 + "." }
        case "PRODUCT_NAME":
            return values["TARGET_NAME"]
        default:
            return nil
        }
    }

    /// Xcode's modifiers that a bundle id meets: `rfc1034identifier`, `c99extidentifier`, `lower`, `upper`,
    /// `identifier`; others leave the value as it is.
    static func apply(_ modifier: String, to value: String) -> String {
        switch modifier {
        case "rfc1034identifier":
            return String(value.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "-" })
        case "c99extidentifier", "identifier":
            return String(value.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        default: return value
        }
    }
}

extension BuildSettings {
    /// The settings of an `.xcconfig` file's text: `NAME = value` lines; `//` comments, `#include` and conditional
    /// settings (`NAME[sdk=iphoneos*]`) are skipped, since the doctor does not know which build is meant.
    package static func xcconfig(_ text: String) -> BuildSettings {
        var values = [String: String]()
        for line in text.split(whereSeparator: \.isNewline) {
            var line = Substring(line)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, !name.hasPrefix("#"), !name.contains("["), !name.contains(" ") else { continue }
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value.removeLast() }
            values[name] = value
        }
        return BuildSettings(values)
    }
}
