/// Resamples packed 8-bit RGB into an `RGBImage` of another size.
///
/// Downscaling averages areas (a box filter with fractional edge coverage), so fine
/// detail turns into the right mean colour instead of aliasing; upscaling is bilinear.
/// The filter is separable: each output pixel is a weighted sum over a few source
/// columns of a few source rows, with weights precomputed once per axis.
enum ArtworkScaler {
    /// For every output index, the source indices and weights that make it.
    struct Taps {
        var first: [Int] = []  // first source index of output i
        var offsets: [Int] = [0]  // weights of output i are weights[offsets[i]..<offsets[i + 1]]
        var weights: [Float] = []

        init(source: Int, target: Int) {
            first.reserveCapacity(target)
            offsets.reserveCapacity(target + 1)
            if target < source {
                areaAverage(source: source, target: target)
            } else {
                bilinear(source: source, target: target)
            }
        }

        /// Output i covers source span [i·s, (i+1)·s); each source pixel counts by its overlap.
        private mutating func areaAverage(source: Int, target: Int) {
            let scale = Double(source) / Double(target)
            for i in 0..<target {
                let low = Double(i) * scale, high = min(Double(source), Double(i + 1) * scale)
                let start = Int(low), end = min(source, Int(high.rounded(.up)))
                first.append(start)
                for j in start..<max(start + 1, end) {
                    let overlap = min(high, Double(j + 1)) - max(low, Double(j))
                    weights.append(Float(max(0, overlap) / scale))
                }
                offsets.append(weights.count)
            }
        }

        /// Pixel centres aligned: output i samples source position (i + ½)·s − ½.
        private mutating func bilinear(source: Int, target: Int) {
            let scale = Double(source) / Double(target)
            for i in 0..<target {
                let position = min(Double(source - 1), max(0, (Double(i) + 0.5) * scale - 0.5))
                let start = Int(position)
                let fraction = Float(position - Double(start))
                first.append(start)
                if start + 1 < source, fraction > 0 {
                    weights.append(1 - fraction)
                    weights.append(fraction)
                } else {
                    weights.append(1)
                }
                offsets.append(weights.count)
            }
        }
    }

    /// Scales `source` (rows of `rowBytes` bytes, 3 bytes R, G, B per pixel) to exactly
    /// `width`×`height`.
    static func scale(rgb source: UnsafeBufferPointer<UInt8>, width sourceWidth: Int, height sourceHeight: Int,
                      rowBytes: Int, to width: Int, _ height: Int) -> RGBImage {
        precondition(sourceWidth > 0 && sourceHeight > 0 && width > 0 && height > 0)
        precondition(source.count >= rowBytes * (sourceHeight - 1) + sourceWidth * 3)
        let columns = Taps(source: sourceWidth, target: width)
        let rows = Taps(source: sourceHeight, target: height)
        var pixels = [UInt32](repeating: 0, count: width * height)
        var accumulator = [Float](repeating: 0, count: width * 3)
        let base = source.baseAddress!

        pixels.withUnsafeMutableBufferPointer { out in
            accumulator.withUnsafeMutableBufferPointer { acc in
                columns.weights.withUnsafeBufferPointer { columnWeights in
                    for y in 0..<height {
                        for i in 0..<acc.count { acc[i] = 0 }
                        for tap in rows.offsets[y]..<rows.offsets[y + 1] {
                            let rowWeight = rows.weights[tap]
                            let row = base + (rows.first[y] + tap - rows.offsets[y]) * rowBytes
                            for x in 0..<width {
                                var r: Float = 0, g: Float = 0, b: Float = 0
                                let start = columns.offsets[x]
                                var p = row + columns.first[x] * 3
                                for k in start..<columns.offsets[x + 1] {
                                    let w = columnWeights[k]
                                    r += w * Float(p[0])
                                    g += w * Float(p[1])
                                    b += w * Float(p[2])
                                    p += 3
                                }
                                acc[x * 3] += rowWeight * r
                                acc[x * 3 + 1] += rowWeight * g
                                acc[x * 3 + 2] += rowWeight * b
                            }
                        }
                        for x in 0..<width {
                            out[y * width + x] = pack(acc[x * 3], acc[x * 3 + 1], acc[x * 3 + 2])
                        }
                    }
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    @inline(__always)
    private static func pack(_ r: Float, _ g: Float, _ b: Float) -> UInt32 {
        @inline(__always) func byte(_ v: Float) -> UInt32 { UInt32(min(255, max(0, v + 0.5))) }
        return byte(r) << 16 | byte(g) << 8 | byte(b)
    }
}
