extension Duration {
    /// The longest duration the trail measures or waits: a year. A clock that jumps further (or a hostile value)
    /// gives this instead of a `Duration.seconds` trap, and every later conversion (milliseconds written as an
    /// integer) stays exact.
    package static let longestMeasurable: Double = 366 * 86_400

    /// `seconds` within `0...maximum`: negative (a clock that went back) is zero, more is `maximum`, NaN is nil.
    /// `Duration.seconds(_: Double)` itself traps on NaN, infinity and anything past about 1.7e20 s.
    /// - Parameter maximum: finite, at most `longestMeasurable`.
    package static func seconds(clamping seconds: Double, to maximum: Double = longestMeasurable) -> Duration? {
        guard !seconds.isNaN else { return nil }
        return .seconds(Swift.min(Swift.max(seconds, 0), Swift.min(maximum, longestMeasurable)))
    }
}
