/// Covers as the screens draw them: the provider's picture brought to the size asked for,
/// or a drawn record when there is none, and the dimmed versions for browse neighbours.
enum CoverArt {
    /// `image` scaled to fit `box` with its aspect kept. Providers normally return exactly
    /// that; anything else (a cache holding another size) is resampled here, nearest
    /// neighbour, which is fine for a fallback that should not happen.
    static func fitted(_ image: RGBImage, to box: ArtworkBox) -> RGBImage {
        let size = box.fitting(width: image.width, height: image.height)
        guard size.width > 0, size.height > 0 else { return RGBImage(width: 0, height: 0) }
        if size.width == image.width && size.height == image.height { return image }
        var result = RGBImage(width: size.width, height: size.height)
        let xs = (0..<size.width).map { min(image.width - 1, ($0 * image.width + image.width / 2) / size.width) }
        image.pixels.withUnsafeBufferPointer { source in
            result.pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<size.height {
                    let sourceRow = min(image.height - 1, (y * image.height + image.height / 2) / size.height) * image.width
                    let targetRow = y * size.width
                    for x in 0..<size.width { target[targetRow + x] = source[sourceRow + xs[x]] }
                }
            }
        }
        return result
    }

    /// Every pixel of `image` darkened to `level` / 255.
    static func dimmed(_ image: RGBImage, level: UInt8) -> RGBImage {
        var result = image
        let scale = UInt32(level)
        result.pixels.withUnsafeMutableBufferPointer { pixels in
            for index in pixels.indices {
                let p = pixels[index]
                // Per channel (c × level + 127) / 255, three channels in one go would overflow.
                let r = (((p >> 16) & 0xFF) * scale + 127) / 255
                let g = (((p >> 8) & 0xFF) * scale + 127) / 255
                let b = ((p & 0xFF) * scale + 127) / 255
                pixels[index] = r << 16 | g << 8 | b
            }
        }
        return result
    }

    /// A record for an album without a cover: a dark square (or `background`), a black
    /// disc with grooves, and a label whose colour comes from `seed` (the album's title),
    /// so that flipping through coverless albums still visibly changes something.
    static func placeholder(side: Int, seed: String, theme: ScreenTheme, background: UInt32? = nil) -> RGBImage {
        guard side > 0 else { return RGBImage(width: 0, height: 0) }
        let background = background ?? theme.placeholder
        var canvas = Canvas(width: side, height: side, background: background)
        let s = Double(side), c = s / 2
        let vinyl = Color.gray(0x0C), groove = Color.gray(0x26)
        canvas.fillDisc(centerX: c, centerY: c, radius: s * 0.44, color: vinyl)
        for radius in [0.38, 0.31] where s * 0.06 >= 2 {
            canvas.fillDisc(centerX: c, centerY: c, radius: s * radius, color: groove)
            canvas.fillDisc(centerX: c, centerY: c, radius: s * radius - max(1, s / 160), color: vinyl)
        }
        canvas.fillDisc(centerX: c, centerY: c, radius: s * 0.16, color: labelColor(for: seed))
        canvas.fillDisc(centerX: c, centerY: c, radius: max(1, s * 0.025), color: background)
        return canvas.image
    }

    /// Muted label colours, picked by a stable hash (Swift's `Hasher` is seeded per
    /// process, and the same album should look the same after a restart).
    static func labelColor(for seed: String) -> UInt32 {
        let palette: [UInt32] = [0xB5523B, 0xC99A2E, 0x4F8A5B, 0x3E7CB1, 0x8E5BA8, 0xB8486F, 0x4C9A9A, 0x9A8F5A]
        var hash: UInt32 = 2_166_136_261 // FNV-1a
        for byte in seed.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return palette[Int(hash % UInt32(palette.count))]
    }
}

extension Canvas {
    /// `image` centred in `frame`, the rest of `frame` in `background`, nothing drawn
    /// outside `clip` (the browse neighbours show part of their cover).
    mutating func drawCover(_ image: RGBImage, in frame: Rect, clip: Rect, background: UInt32) {
        let visible = frame.intersection(clip)
        guard !visible.isEmpty else { return }
        if image.width < frame.width || image.height < frame.height { fill(visible, color: background) }
        blit(image, at: frame.x + (frame.width - image.width) / 2, y: frame.y + (frame.height - image.height) / 2,
             clip: visible)
    }
}
