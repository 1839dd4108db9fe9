import CrateCore
import CrateRouter
import CrateWire
import FoundationEssentials

/// The router's typed answers in the control socket's JSON reply.
extension ControlReply {
    init(_ answer: Answer) {
        self.init(ok: true)
        switch answer {
        case .status(let status): self.status = status
        case .library(let stats): library = stats
        case .albums(let list): albums = list
        case .album(let detail): album = detail
        case .artists(let list): artists = list
        case .genres(let list): genres = list
        case .crate(let view): crate = view
        case .opinion(let summary, let status):
            albums = summary.map { [$0] } ?? []
            self.status = status
        case .queue(let view): queue = view
        case .history(let list): history = list
        case .diagnostics(let diagnostics):
            crate = diagnostics.crate
            queue = diagnostics.queue
            library = diagnostics.library
            status = diagnostics.status
            plex = diagnostics.plex
            wallet = diagnostics.wallet
        case .input(let events, let status):
            input = events
            self.status = status
        case .snapshot(let png): snapshot = Data(png).base64EncodedString()
        case .plex(let answer):
            plex = answer.status
            servers = answer.servers
            downloads = answer.downloads
            albums = answer.albums
        case .userData(let copy): userData = copy
        case .lastfm(let status): lastfm = status
        case .nowPlaying(let info): nowPlaying = info
        case .cover(let jpeg): cover = CoverImage(data: Data(jpeg).base64EncodedString(), format: "jpg")
        // MPD's own queries and hand-queue edits: no socket request decodes to them.
        case .player, .handQueue, .dequeued, .waitingMove, .volume: break
        }
    }

    /// A refusal; `pending` when the same request a moment later may be answered.
    init(_ refusal: CommandRefusal) {
        self.init(ok: false, error: refusal.message)
        if refusal.retryLater { pending = true }
        switch refusal.cause {
        case .diskFull: cause = .diskFull
        case nil: break
        }
    }
}
