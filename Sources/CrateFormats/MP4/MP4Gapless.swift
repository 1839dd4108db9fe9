/// Which decoded frames are the track: the encoder's priming to drop at the start and
/// the length to keep, in output frames (faad2 doubles HE-AAC's rate, so media time is
/// converted). Output frame 0 is the first frame of the first packet's output, the
/// convention both iTunSMPB and edit lists use.
struct MP4Gapless: Equatable {
    /// Output frames before the track starts.
    let priming: Int
    /// Output frames of the track.
    let length: Int
    /// Where the figures came from, for tests and diagnostics.
    let source: Source

    enum Source: Equatable { case iTunSMPB, editList, none }

    /// iTunSMPB first (iTunes and encoders that write it), else the edit list (what
    /// ffmpeg writes), else every decoded frame.
    init(track: MP4AudioTrack, movieTimescale: Int, iTunSMPB: String?, outputRate: Int) {
        let clock = MediaClock(timescale: track.timescale, outputRate: outputRate)
        let total = clock.frames(track.table.totalDuration)
        if let smpb = iTunSMPB.flatMap(Self.parse), smpb.priming < total {
            priming = smpb.priming
            let declared = smpb.length > 0 ? smpb.length : total - smpb.priming - smpb.padding
            length = max(0, min(declared, total - smpb.priming))
            source = .iTunSMPB
        } else if let edit = track.edit, clock.frames(Int64(edit.mediaTime)) < total {
            priming = clock.frames(Int64(edit.mediaTime))
            let fromTable = total - priming
            // ffmpeg marks the end by shortening the last packet's duration, and writes the
            // segment in a coarse movie timescale (ms): when the two agree within one movie
            // tick, the table is exact. A clearly shorter segment trims the end itself.
            if edit.segmentDuration > 0, movieTimescale > 0 {
                let segment = Int((Double(edit.segmentDuration) * Double(outputRate) / Double(movieTimescale)).rounded())
                let tick = outputRate / movieTimescale + 1
                length = abs(segment - fromTable) <= tick ? fromTable : max(0, min(segment, fromTable))
            } else {
                length = fromTable
            }
            source = .editList
        } else {
            priming = 0
            length = total
            source = .none
        }
    }

    /// " 00000000 00000840 0000038C 0000000000044A34 …": priming, padding, length (hex).
    static func parse(_ text: String) -> (priming: Int, padding: Int, length: Int)? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\0" })
        guard fields.count >= 4, let priming = Int(fields[1], radix: 16), let padding = Int(fields[2], radix: 16),
              let length = Int(fields[3], radix: 16), priming >= 0, padding >= 0, length >= 0
        else { return nil }
        return (priming, padding, length)
    }
}

/// Media time (the track's timescale) in output frames; exact for the usual cases
/// (timescale = rate, or half of it for HE-AAC).
struct MediaClock {
    let timescale: Int64
    let outputRate: Int64

    init(timescale: Int, outputRate: Int) {
        self.timescale = Int64(max(1, timescale))
        self.outputRate = Int64(max(1, outputRate))
    }

    func frames(_ time: Int64) -> Int {
        if timescale == outputRate { return Int(time) }
        let product = time.multipliedReportingOverflow(by: outputRate)
        if !product.overflow { return Int(product.partialValue / timescale) }
        // Only damaged tables get here; a huge length is harmless, a trap is not.
        return Int(min(Double(time) * Double(outputRate) / Double(timescale), Double(Int64.max / 4)))
    }

    /// The media time of output frame `frame`, rounded down.
    func mediaTime(_ frame: Int) -> Int64 {
        if timescale == outputRate { return Int64(frame) }
        let product = Int64(frame).multipliedReportingOverflow(by: timescale)
        return product.overflow ? Int64.max / 4 : product.partialValue / outputRate
    }
}
