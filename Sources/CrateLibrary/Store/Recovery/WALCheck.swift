import CratePosix

/// SQLite replays a WAL up to the first frame whose checksum fails and silently ignores
/// the rest, so a damaged frame loses every transaction committed after it without a
/// word. Before a database is opened its WAL is read here, frame by frame, with SQLite's
/// own checksum (see the WAL format in SQLite's file-format document): damage followed
/// by committed frames of the same WAL generation is reported.
struct WALCheck {
    struct Damage: Equatable {
        /// The first damaged frame (0-based) and the frames in the file.
        var frame: Int
        var frames: Int
        /// Committed transactions after the damage, which SQLite will not apply.
        var lostCommits: Int

        var summary: String {
            frames == 0 ? "its header is not a WAL header, so none of it is applied"
                : "frame \(frame + 1) of \(frames) fails its checksum, so SQLite stops there and the "
                    + "\(lostCommits) transaction(s) committed after it are not applied"
        }
    }

    /// The damage in the WAL at `path`, or nil when it is sound, absent or empty.
    static func damage(in path: String) -> Damage? {
        let bytes: [UInt8]
        do {
            let file = try RegularFile(path: path)
            bytes = try file.read(at: 0, count: file.size)
        } catch {
            return nil  // No WAL (the usual case after a clean stop): nothing to check.
        }
        guard bytes.count >= 32 else { return nil }
        let magic = word(bytes, 0, bigEndian: true)
        let pageSize = Int(word(bytes, 8, bigEndian: true))
        guard magic & 0xFFFF_FFFE == 0x377F_0682, pageSize >= 512, pageSize <= 65536 else {
            // Not a WAL header at all: SQLite ignores the whole file.
            return bytes.count > 32 ? Damage(frame: 0, frames: 0, lostCommits: 0) : nil
        }
        let bigEndian = magic & 1 == 1
        let salts = (word(bytes, 16, bigEndian: true), word(bytes, 20, bigEndian: true))
        var sum = checksum(bytes, 0..<24, bigEndian: bigEndian, from: (0, 0))
        let headerSound = sum == (word(bytes, 24, bigEndian: true), word(bytes, 28, bigEndian: true))
        let frameSize = 24 + pageSize
        let frames = (bytes.count - 32) / frameSize
        var damagedAt: Int? = headerSound ? nil : 0
        var lostCommits = 0
        for index in 0..<frames {
            let start = 32 + index * frameSize
            // Frames of an older generation (other salts) are leftovers, not data.
            guard (word(bytes, start + 8, bigEndian: true), word(bytes, start + 12, bigEndian: true)) == salts else {
                if damagedAt == nil { break }
                continue
            }
            let isCommit = word(bytes, start + 4, bigEndian: true) != 0
            if damagedAt != nil {
                if isCommit { lostCommits += 1 }
                continue
            }
            sum = checksum(bytes, start..<(start + 8), bigEndian: bigEndian, from: sum)
            sum = checksum(bytes, (start + 24)..<(start + frameSize), bigEndian: bigEndian, from: sum)
            if sum != (word(bytes, start + 16, bigEndian: true), word(bytes, start + 20, bigEndian: true)) {
                damagedAt = index
                if isCommit { lostCommits += 1 }
            }
        }
        guard let damagedAt, lostCommits > 0 else { return nil }
        return Damage(frame: damagedAt, frames: frames, lostCommits: lostCommits)
    }

    static func word(_ bytes: [UInt8], _ offset: Int, bigEndian: Bool) -> UInt32 {
        let (b0, b1, b2, b3) = (UInt32(bytes[offset]), UInt32(bytes[offset + 1]), UInt32(bytes[offset + 2]), UInt32(bytes[offset + 3]))
        return bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
    }

    /// SQLite's WAL checksum: pairs of 32-bit words folded into two running sums.
    static func checksum(_ bytes: [UInt8], _ range: Range<Int>, bigEndian: Bool,
                                 from start: (UInt32, UInt32)) -> (UInt32, UInt32) {
        var (s0, s1) = start
        var offset = range.lowerBound
        while offset < range.upperBound {
            s0 = s0 &+ word(bytes, offset, bigEndian: bigEndian) &+ s1
            s1 = s1 &+ word(bytes, offset + 4, bigEndian: bigEndian) &+ s0
            offset += 8
        }
        return (s0, s1)
    }
}
