import CTurboJPEG

/// JPEG through TurboJPEG. The header is read first so that the IDCT can scale by
/// 1/2, 1/4 or 1/8 while decoding: a 3000×3000 cover for a 240 px box is decoded at
/// 375×375 and never exists at full size.
enum ArtworkJPEG {
    /// The decoded pixels are handed to `body` while they exist; only its result survives.
    static func decode<R>(_ jpeg: UnsafeBufferPointer<UInt8>, box: ArtworkBox, limits: ArtworkDecoder.Limits,
                          _ body: (ArtworkDecoder.Pixels) -> R) throws(ArtworkError) -> R {
        guard let handle = tjInitDecompress() else {
            throw .corrupt(type: "JPEG", reason: "cannot start the TurboJPEG decoder")
        }
        defer { tjDestroy(handle) }
        let base = jpeg.baseAddress!, size = UInt(jpeg.count)

        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, base, size, &width, &height, &subsampling, &colorspace) == 0 else {
            throw .corrupt(type: "JPEG", reason: message(handle))
        }
        let sourceWidth = Int(width), sourceHeight = Int(height)
        guard sourceWidth > 0, sourceHeight > 0 else {
            throw .corrupt(type: "JPEG", reason: "zero width or height")
        }
        guard sourceWidth <= limits.maxSide, sourceHeight <= limits.maxSide else {
            throw .tooLarge(width: sourceWidth, height: sourceHeight)
        }

        let target = box.fitting(width: sourceWidth, height: sourceHeight)
        let factor = scalingFactor(width: sourceWidth, height: sourceHeight, target: target)
        let decodedWidth = scaled(sourceWidth, factor), decodedHeight = scaled(sourceHeight, factor)
        guard decodedWidth * decodedHeight <= limits.maxPixels else {
            throw .tooLarge(width: sourceWidth, height: sourceHeight)
        }

        let rowBytes = decodedWidth * 3
        var rgb = [UInt8](repeating: 0, count: rowBytes * decodedHeight)
        // LIMITSCANS: a crafted progressive JPEG with thousands of scans is an error, not minutes of CPU.
        let flags = TJFLAG_LIMITSCANS
        let status = rgb.withUnsafeMutableBufferPointer { out in
            tjDecompress2(handle, base, size, out.baseAddress, Int32(decodedWidth), Int32(rowBytes),
                          Int32(decodedHeight), Int32(TJPF_RGB.rawValue), flags)
        }
        var warning: String?
        if status != 0 {
            // Warnings (a truncated scan, a bad Huffman code) still leave a usable picture.
            guard tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else {
                throw .corrupt(type: "JPEG", reason: message(handle))
            }
            warning = message(handle)
        }
        return rgb.withUnsafeBufferPointer { buffer in
            body(ArtworkDecoder.Pixels(type: .jpeg, sourceWidth: sourceWidth, sourceHeight: sourceHeight,
                                       rgb: buffer, width: decodedWidth, height: decodedHeight,
                                       rowBytes: rowBytes, warning: warning))
        }
    }

    /// The smallest IDCT scaling (at most 1/1) whose output still covers `target`, so
    /// the area averaging that follows only ever shrinks. 1/1 when the picture is smaller.
    static func scalingFactor(width: Int, height: Int, target: (width: Int, height: Int)) -> tjscalingfactor {
        var count: Int32 = 0
        var best = tjscalingfactor(num: 1, denom: 1)
        guard let factors = tjGetScalingFactors(&count) else { return best }
        for factor in UnsafeBufferPointer(start: factors, count: Int(count))
        where factor.num > 0 && factor.num <= factor.denom {
            let w = scaled(width, factor), h = scaled(height, factor)
            guard w >= target.width, h >= target.height else { continue }
            if w < scaled(width, best) { best = factor }
        }
        return best
    }

    /// TJSCALED: ceil(dimension × num / denom).
    static func scaled(_ dimension: Int, _ factor: tjscalingfactor) -> Int {
        (dimension * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
    }

    private static func message(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown TurboJPEG error" }
        return String(cString: text)
    }
}
