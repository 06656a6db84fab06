import Crypto

/// The per-install secret that keys pseudonyms (HMAC-SHA256), so the same user gives the same token within one install
/// and nobody can reverse a token by hashing guesses. Never written to a log; only its `id` is.
package struct RedactionKey: Sendable {
    /// The secret as bytes, not a `SymmetricKey`: CryptoKit's key type (which swift-crypto re-exports on Apple
    /// platforms) is `Sendable` only from the 2025 SDKs, and this type must compile with Xcode 16 too.
    package let bytes: [UInt8]
    /// A short public fingerprint of the key (first 8 hex digits of SHA-256 of the key), recorded in segment metadata
    /// so support can tell whether two bundles' pseudonyms are comparable.
    package let id: String

    /// A key from 32 secret bytes.
    package init(bytes: [UInt8]) {
        precondition(bytes.count >= 16, "a redaction key needs at least 16 bytes")
        self.bytes = bytes
        id = SHA256.hash(data: bytes).prefix(4).hexString
    }

    /// A new random key.
    package static func random() -> RedactionKey {
        RedactionKey(bytes: SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
    }
}
