/// Where the screens get covers: a picture fitted inside `box` (aspect kept; the screen
/// centres it), or nil when there is none or it cannot be had right now. Called while
/// drawing, up to 30 times a second when the knob turns, so it must answer from a cache
/// once it has seen an album.
public protocol ArtworkProvider: Sendable {
    func image(for art: ArtworkReference, fitting box: ArtworkBox) -> RGBImage?
}
