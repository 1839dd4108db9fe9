import CrateJSON

/// The `MediaContainer` every Plex Media Server answer is wrapped in, and the list pages
/// built from it.
///
/// Containers hoist fields their children share (`parentTitle`, `grandparentTitle`,
/// `parentRatingKey`, `parentIndex`) instead of repeating them on each item, so item
/// decoders fall back to `hoisted(_:)`.
public struct PlexMediaContainer: Sendable, Equatable {
    /// The MediaContainer object itself: paging counts, hoisted fields, the children.
    public let fields: JSONValue

    /// Finds the container in a parsed body; a plex.tv error document or any other shape
    /// is an error that says what came instead.
    public init(_ root: JSONValue) throws(PlexWireError) {
        guard case .object(let object) = root else {
            throw .unexpectedShape(expected: "a MediaContainer object", found: root.kindDescription)
        }
        if let container = root.object("MediaContainer") {
            fields = container
            return
        }
        if let message = PlexErrorBody.message(in: root) { throw .serverSaid(message) }
        let keys = object.keys.prefix(5).joined(separator: ", ")
        throw .unexpectedShape(expected: "a MediaContainer object",
                               found: object.isEmpty ? "an empty object" : "an object with keys \(keys)")
    }

    /// A container made up by the decoders (plex.tv's bare arrays), already known to be an object.
    init(uncheckedFields fields: JSONValue) {
        self.fields = fields
    }

    public var offset: Int? { fields.int("offset") }
    public var size: Int? { fields.int("size") }
    public var totalSize: Int? { fields.int("totalSize") }

    /// The listed items: `Metadata` and `Directory` (servers file albums and sections under
    /// either, depending on version). No key at all is an empty page, not an error.
    public var children: [JSONValue] {
        fields.list("Metadata") + fields.list("Directory")
    }

    /// A field the container carries for all its children.
    public func hoisted(_ key: String) -> JSONValue? {
        fields[key]
    }

    /// Decodes every child with `decode`; children it refuses are listed in `skipped`
    /// with their position in the whole listing and what they were called.
    func page<T>(_ noun: String, _ decode: (JSONValue) throws(PlexSkip) -> T) -> PlexPage<T> {
        var page = PlexPage<T>(offset: offset, size: size, totalSize: totalSize)
        let children = children
        page.items.reserveCapacity(children.count)
        for (position, child) in children.enumerated() {
            let label = Self.label(noun, child, at: (offset ?? 0) + position)
            guard case .object = child else {
                page.skipped.append("\(label) is \(child.kindDescription), not an object")
                continue
            }
            do {
                page.items.append(try decode(child))
            } catch {
                page.skipped.append("\(label): \(error.reason)")
            }
        }
        return page
    }

    /// "album at index 12 ("Kind of Blue", ratingKey 4711)": enough to find it in Plex.
    private static func label(_ noun: String, _ child: JSONValue, at index: Int) -> String {
        var names: [String] = []
        if let title = child.string("title") { names.append("\"\(title)\"") }
        if let key = child.id("ratingKey") { names.append("ratingKey \(key)") }
        return "\(noun) at index \(index)" + (names.isEmpty ? "" : " (\(names.joined(separator: ", ")))")
    }
}

/// Why one list item cannot be used; it ends up in the page's `skipped`.
struct PlexSkip: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
