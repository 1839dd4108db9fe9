import CrateCore
import CrateSnapcast

/// What a snapserver stream plugin publishes (`Plugin.Stream.Player.Properties` and the
/// answer to `GetProperties`), in snapserver 0.26's names, which follow MPRIS.
struct PluginProperties: Encodable {
    var playbackStatus: String
    var loopStatus = "none"
    var shuffle = false
    var position: Double?
    var canGoNext: Bool
    var canGoPrevious: Bool
    var canPlay: Bool
    var canPause: Bool
    var canSeek: Bool
    var canControl: Bool
    var metadata: PluginMetadata

    /// From crated's `now-playing`; nil = crated cannot be reached.
    init(_ info: NowPlayingInfo?, art: PluginMetadata.ArtData?) {
        guard let info else {
            playbackStatus = "stopped"
            canGoNext = false; canGoPrevious = false; canPlay = false; canPause = false; canSeek = false; canControl = false
            metadata = PluginMetadata()
            return
        }
        playbackStatus = switch info.state {
        case "playing", "buffering": "playing"
        case "paused": "paused"
        default: "stopped"
        }
        let loaded = info.trackNumber != nil
        position = loaded ? info.position : nil
        // Play also starts a stopped list again (as the play button does), so it is always offered.
        canGoNext = loaded; canGoPrevious = loaded; canPlay = true; canPause = loaded
        canSeek = info.duration != nil
        canControl = true
        var metadata = PluginMetadata()
        metadata.title = info.title
        metadata.album = info.album
        metadata.artist = info.artist.map { [$0] }
        metadata.albumArtist = metadata.artist
        metadata.trackNumber = info.trackNumber
        metadata.duration = info.duration
        metadata.artData = loaded ? art : nil
        self.metadata = metadata
    }
}

struct PluginMetadata: Encodable {
    struct ArtData: Encodable, Equatable {
        /// base64
        var data: String
        /// "jpg" or "png"
        var `extension`: String
    }
    var title: String?
    var artist: [String]?
    var album: String?
    var albumArtist: [String]?
    var trackNumber: Int?
    /// Seconds.
    var duration: Double?
    var artData: ArtData?
}

/// A request from snapserver on stdin.
struct PluginRequest: Decodable {
    struct Params: Decodable {
        struct Arguments: Decodable {
            var offset: Double?
            var position: Double?
        }
        var command: String?
        var params: Arguments?
    }
    var id: JSONRPCID?
    var method: String
    var params: Params?
}

/// The answer to one request: `result` "ok" (or properties), or an error object.
struct PluginReply<Result: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var id: JSONRPCID?
    var result: Result?
    var error: JSONRPCErrorObject?
}
