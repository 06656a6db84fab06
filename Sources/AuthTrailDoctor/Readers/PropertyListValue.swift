internal import Foundation

/// A property list as typed values: Info.plist, entitlements and project files (an OpenStep plist) alike.
package indirect enum PropertyListValue: Sendable, Hashable {
    case string(String)
    case bool(Bool)
    case number(Double)
    case data(Int)
    case date(Double)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    package subscript(key: String) -> PropertyListValue? {
        if case .dictionary(let values) = self { return values[key] }
        return nil
    }

    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var array: [PropertyListValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    package var dictionary: [String: PropertyListValue]? {
        if case .dictionary(let values) = self { return values }
        return nil
    }

    /// A boolean as plists spell it: `<true/>`, or in OpenStep and build settings `YES`/`true`/`1`.
    package var bool: Bool? {
        switch self {
        case .bool(let value): return value
        case .number(let value): return value != 0
        case .string(let text): return ["yes", "true", "1"].contains(text.lowercased())
        default: return nil
        }
    }

    /// The strings of an array (others skipped), or a single string as a one-element list.
    package var strings: [String] {
        switch self {
        case .string(let value): return [value]
        case .array(let values): return values.compactMap(\.string)
        default: return []
        }
    }

    /// Converts what `PropertyListSerialization` returns; nil for a type plists cannot hold.
    init?(foundation value: Any, depth: Int = 0) {
        // Deeply nested input cannot come from Xcode; the bound keeps a hostile file from exhausting the stack.
        guard depth < 64 else { return nil }
        switch value {
        case let text as String: self = .string(text)
        // Foundation on Linux gives a plist's booleans as Swift Bools and its numbers as NSNumber; Darwin gives both
        // as NSNumber, booleans of the CFBoolean class.
        case let flag as Bool where type(of: value) == Bool.self: self = .bool(flag)
        case let number as NSNumber:
            if String(describing: type(of: number)).contains("Boolean") {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        case let data as Data: self = .data(data.count)
        case let date as Date: self = .date(date.timeIntervalSince1970)
        case let values as [Any]:
            self = .array(values.compactMap { PropertyListValue(foundation: $0, depth: depth + 1) })
        case let values as [String: Any]:
            self = .dictionary(values.compactMapValues { PropertyListValue(foundation: $0, depth: depth + 1) })
        case let values as [AnyHashable: Any]:
            var converted = [String: PropertyListValue]()
            for (key, item) in values {
                guard let key = key.base as? String else { continue }
                converted[key] = PropertyListValue(foundation: item, depth: depth + 1)
            }
            self = .dictionary(converted)
        default: return nil
        }
    }
}
