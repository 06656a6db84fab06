import Foundation

/// How many distinct strings were seen, in memory bounded by `limit`: exact up to `limit` distinct values, then a
/// HyperLogLog++ sketch (Heule, Nunkesser and Hall, 2013) in its two representations:
/// - sparse: one 32-bit entry per distinct 25-bit register index, counted by linear counting over 2^25 registers,
///   kept up to `4 × limit` distinct values, in the memory the exact set used: within a value or two up to 4,096,
///   a standard error of about 0.012 % (32 values) at 2^18;
/// - dense: 2^14 one-byte registers (2^18 for limits past 4,096), estimated with Ertl's improved estimator
///   ("New cardinality estimation algorithms for HyperLogLog sketches", 2017), which needs none of HLL++'s empirical
///   bias tables: a relative standard error of 1.04/√2^14 = 0.81 % (0.20 % at 2^18), less below about 2^14 values.
///
/// Values are kept as 64-bit hashes of their UTF-8 bytes: an install id costs 8 bytes instead of a heap-allocated
/// string, and the hash is the same in every run, so an estimate is reproducible. Below the limit a collision (which
/// would undercount by one) has a probability of about n²/2^65. The state is a function of the set of hashes seen,
/// never of their order, so merging shards gives what one count over everything gives.
struct DistinctCount: Sendable {
    let limit: Int
    private var hashes = Set<StableHash>()
    /// Sparse entries, sorted, one per 25-bit index: `index << 7 | rank` (`Self.sparseEntry`).
    private var sparse: [UInt32] = []
    /// Sparse entries not merged into `sparse` yet, in arrival order: merged in batches (`mergePending`), as
    /// inserting each one into the sorted array moved half of it per value (a million distinct installs took 40 s;
    /// `authtrail-bench hostile`, devices).
    private var pending: [UInt32] = []
    private var registers: [UInt8] = []
    private var representation = Representation.exact

    private enum Representation: Sendable { case exact, sparse, dense }

    init(limit: Int) { self.limit = max(limit, 1) }

    mutating func insert(_ value: String) { insert(hash: Self.hash(value)) }

    mutating func insert(hash: UInt64) {
        switch representation {
        case .exact:
            hashes.insert(StableHash(hash))
            if hashes.count > limit { leaveExact() }
        case .sparse: insertSparse(Self.sparseEntry(hash))
        case .dense: insertDense(sparseEntry: Self.sparseEntry(hash))
        }
    }

    /// Adds `other`'s values. The result is the one inserting them here one by one would give.
    mutating func merge(_ other: Self) {
        precondition(limit == other.limit, "counts with different limits do not merge")
        switch other.representation {
        case .exact:
            for hash in other.hashes { insert(hash: hash.value) }
        case .sparse:
            if representation == .exact { leaveExact() }
            mergePending()
            // Both sorted runs at once, into an array of their combined size: inserted in batches, they grew it by
            // doubling, and settling `other` copied its entries (23 MB of a report's heap peak as the shards' counts
            // of a million installs merged; heaptrack, `authtrail-bench hostile`, devices).
            if representation == .sparse {
                sparse.reserveCapacity(sparse.count + other.sparse.count + other.pending.count)
            }
            insertSorted(other.sparse)
            insertSorted(other.pending.sorted())
        case .dense:
            if representation == .exact { leaveExact() }
            if representation == .sparse { makeDense() }
            for (index, rank) in other.registers.enumerated() where rank > registers[index] { registers[index] = rank }
        }
    }

    /// The number of distinct values: exact while `isExact`, then the sketch's estimate.
    var count: Int {
        var settled = self
        settled.mergePending()
        return switch settled.representation {
        case .exact: hashes.count
        case .sparse:
            Int(Self.linearCount(registers: 1 << Self.sparseIndexBits, used: settled.sparse.count).rounded())
        case .dense: Int(Self.estimate(settled.registers).rounded())
        }
    }

    /// Whether `count` is exact (at most `limit` distinct values so far).
    var isExact: Bool { representation == .exact }

    // MARK: Representations

    /// Index bits of a sparse entry (HLL++'s p').
    private static let sparseIndexBits = 25

    /// Index bits of the dense registers (HLL++'s p): 14 (16 KiB, the memory of the 1,024-hash exact set), or 18 for
    /// the few counts whose exact set is large anyway.
    private var denseIndexBits: Int { limit > 4_096 ? 18 : 14 }

    /// Sparse entries kept before the dense registers take over: the memory the exact set used.
    private var sparseLimit: Int { 4 * limit }

    /// `hash`'s top 25 bits and the rank (leading zeros + 1) of its other 39, capped at 40 when they are all zero.
    private static func sparseEntry(_ hash: UInt64) -> UInt32 {
        let index = UInt32(truncatingIfNeeded: hash >> UInt64(64 - sparseIndexBits))
        let rest = hash << UInt64(sparseIndexBits)
        let rank = UInt32(min(rest.leadingZeroBitCount, 64 - sparseIndexBits) + 1)
        return index << 7 | rank
    }

    private mutating func leaveExact() {
        representation = .sparse
        // The set let go before sorting, in place: sorting its values made a second array beside the first and the
        // set, 5 MB of a report's heap peak when the devices and users counts leave exact on the same event
        // (heaptrack, `authtrail-bench hostile`, devices).
        var values = hashes.map(\.value)
        hashes = []
        values.sort()
        for hash in values { insertSparse(Self.sparseEntry(hash)) }
        mergePending()
    }

    /// Keeps one entry per index, the one with the highest rank (what a register would keep), once merged.
    private mutating func insertSparse(_ entry: UInt32) {
        pending.append(entry)
        // Batches of an eighth of the entries: each merge moves every entry once, so a value costs about eight moves.
        if pending.count >= max(1_024, sparse.count / 8) { mergePending() }
    }

    /// Merges `pending` into `sparse` (`insertSorted`). Where the batches fall changes nothing: the entries kept are
    /// those of the set of values, and once past the limit the count stays past it.
    private mutating func mergePending() {
        guard representation == .sparse, !pending.isEmpty else { return }
        // Swapped out and back, so the batch keeps its capacity and is not in `pending` if the count turns dense.
        var batch: [UInt32] = []
        swap(&batch, &pending)
        batch.sort()
        insertSorted(batch)
        batch.removeAll(keepingCapacity: true)
        swap(&batch, &pending)
    }

    /// Merges sorted `entries` into `sparse` (in place, from the back), keeping the highest rank per index, then
    /// turns dense when there are more entries than `sparseLimit`; once dense, the entries go to the registers.
    private mutating func insertSorted(_ entries: [UInt32]) {
        guard representation == .sparse else {
            for entry in entries { insertDense(sparseEntry: entry) }
            return
        }
        guard !entries.isEmpty else { return }
        var old = sparse.count - 1
        sparse.append(contentsOf: entries)
        var next = entries.count - 1
        for slot in sparse.indices.reversed() where next >= 0 {
            if old >= 0, sparse[old] > entries[next] {
                sparse[slot] = sparse[old]
                old -= 1
            } else {
                sparse[slot] = entries[next]
                next -= 1
            }
        }
        // One entry per index: entries sort by index then rank, so the last of a run has the highest rank.
        var kept = 0
        for index in sparse.indices where index + 1 == sparse.count || sparse[index + 1] >> 7 != sparse[index] >> 7 {
            sparse[kept] = sparse[index]
            kept += 1
        }
        sparse.removeLast(sparse.count - kept)
        if sparse.count > sparseLimit { makeDense() }
    }

    private mutating func makeDense() {
        representation = .dense
        registers = [UInt8](repeating: 0, count: 1 << denseIndexBits)
        for entry in sparse { insertDense(sparseEntry: entry) }
        for entry in pending { insertDense(sparseEntry: entry) }
        sparse = []
        pending = []
    }

    /// A sparse entry's register at `denseIndexBits`: the top bits of its index, and a rank counted from there (the
    /// entry's lower index bits, then its own rank when they are all zero).
    private mutating func insertDense(sparseEntry entry: UInt32) {
        let extraBits = Self.sparseIndexBits - denseIndexBits
        let index = Int(entry >> 7) >> extraBits
        let lowerBits = (entry >> 7) & ((1 << extraBits) - 1)
        let rank: Int
        if lowerBits != 0 {
            rank = lowerBits.leadingZeroBitCount - (32 - extraBits) + 1
        } else {
            rank = extraBits + Int(entry & 0x7f)
        }
        if UInt8(rank) > registers[index] { registers[index] = UInt8(rank) }
    }

    // MARK: Estimates

    /// Linear counting: `registers` slots of which `used` were hit.
    private static func linearCount(registers: Int, used: Int) -> Double {
        Double(registers) * log(Double(registers) / Double(registers - used))
    }

    /// Ertl's improved raw estimator over the register histogram (his algorithm 6, with q = 64 - p rank bits).
    private static func estimate(_ registers: [UInt8]) -> Double {
        let m = Double(registers.count)
        let q = 64 - registers.count.trailingZeroBitCount
        var histogram = [Double](repeating: 0, count: q + 2)
        for rank in registers { histogram[Int(min(Int(rank), q + 1))] += 1 }
        var z = m * tau(1 - histogram[q + 1] / m)
        for rank in stride(from: q, through: 1, by: -1) { z = 0.5 * (z + histogram[rank]) }
        z += m * sigma(histogram[0] / m)
        return m * m / (2 * log(2.0)) / z
    }

    private static func sigma(_ x: Double) -> Double {
        guard x < 1 else { return .infinity }
        var (x, y, z) = (x, 1.0, x)
        while true {
            x *= x
            let previous = z
            z += x * y
            y += y
            if z == previous { return z }
        }
    }

    private static func tau(_ x: Double) -> Double {
        guard x > 0, x < 1 else { return 0 }
        var (x, y, z) = (x, 1.0, 1 - x)
        while true {
            x = x.squareRoot()
            let previous = z
            y *= 0.5
            z -= (1 - x) * (1 - x) * y
            if z == previous { return z / 3 }
        }
    }

    // MARK: Hashing

    /// `ByteHash` of the UTF-8 bytes (its top bits are the sketch's index).
    static func hash(_ value: String) -> UInt64 {
        var value = value
        return value.withUTF8 { ByteHash.of(UnsafeRawBufferPointer($0)) }
    }
}
