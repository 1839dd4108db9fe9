import CrateControlClient
import CrateCore
import CrateWire
import FoundationEssentials
import HTTPTypes
import Hummingbird
import NIOCore

extension WebServer {
    /// One album's cover at one size, with its `ETag`: a page that has it already asks
    /// again with `If-None-Match` and gets 304 and no picture (a wall of 48 covers
    /// revalidated costs 48 empty answers, not 48 pictures over the phone's Wi-Fi).
    func cover(_ album: Int64, size: CoverSize, ifNoneMatch: String?) async throws -> Response {
        let key = CoverStore.Key(album: album, size: size)
        let cover: CoverStore.Cover
        if let hit = covers.cover(key) {
            cover = hit
        } else {
            var request = WebDaemonRequest("cover")
            request.album = album
            request.size = size.rawValue
            var reply: ControlReply
            var waited = 0
            while true {
                do { reply = try await daemon.request(request).reply } catch { return Self.problem(error.message, status: .badGateway) }
                // A Plex cover on its way from the server: asked again shortly, within a bound.
                guard reply.pending == true, waited < WebLimits.coverWaitMilliseconds else { break }
                try await Task.sleep(for: .milliseconds(WebLimits.coverRetryMilliseconds))
                waited += WebLimits.coverRetryMilliseconds
            }
            guard let image = reply.cover, let bytes = Data(base64Encoded: image.data) else {
                return Self.problem(reply.error ?? "no cover", status: .notFound)
            }
            cover = CoverStore.Cover(bytes: [UInt8](bytes), contentType: image.format == "png" ? "image/png" : "image/jpeg")
            covers.keep(cover, for: key)
        }
        var headers = HTTPFields()
        headers[.cacheControl] = "private, max-age=3600"
        headers[.eTag] = cover.etag
        if CoverStore.Cover.matches(ifNoneMatch, etag: cover.etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = cover.contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: cover.bytes)))
    }

    /// A home-screen icon: the same for every box and every version that draws it alike.
    static func image(_ png: [UInt8]) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "image/png"
        headers[.cacheControl] = "max-age=86400"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: png)))
    }

    /// Every artist of the library with their number of albums, A to Z (the page's
    /// "Artists" list; a tap makes that artist's crate).
    func artists() async throws -> Response {
        do {
            let list = AlbumListing.artists(try await library.albums())
            return Self.json(String(decoding: try JSONEncoder().encode(["artists": list]), as: UTF8.self))
        } catch let error as ControlClientError {
            return Self.problem(error.message, status: error.isUnreachable ? .badGateway : .conflict)
        }
    }
}
