import CrateConfig
import CrateHTTP
import CrateLastFM
import CrateLibrary
import CrateRouter
import Logging

/// Last.fm in the daemon: built from `[lastfm]` when it has an API key, started after the
/// control socket, stopped with the rest.
extension Daemon {
    static func connectLastFM(_ config: CrateConfig, router: Router, logger: Logger) {
        let settings = config.lastfm
        guard let key = settings.apiKey, let secret = settings.apiSecret else { return }
        guard let library = router.library else {
            router.lastfmLink.withLock { $0 = .unavailable("lastfm: unavailable: the library could not be opened") }
            return
        }
        do {
            let service = try LastFMService(
                settings: LastFMService.Settings(
                    credentials: LastFMClient.Credentials(apiKey: key, apiSecret: secret, apiRoot: settings.apiRoot),
                    authURL: settings.authURL),
                stateDir: config.stateDir, http: HTTPClient(logger: logger, maxConnections: 1), logger: logger)
            let feed = LastFMFeed(service: service, album: { try library.store.album(id: $0) }, minTrackSeconds: settings.minTrackSeconds, logger: logger)
            router.lastfmLink.withLock { $0 = .on(service, feed) }
        } catch {
            logger.error("lastfm: cannot open \(config.stateDir)/lastfm.sqlite: \(error); nothing is scrobbled")
            router.lastfmLink.withLock {
                $0 = .unavailable("lastfm: unavailable: cannot open \(config.stateDir)/lastfm.sqlite: \(error)")
            }
        }
    }

    func startLastFM() {
        guard case .on(let service, let feed) = router.lastfmLink.withLock({ $0 }) else { return }
        do {
            try service.start()
            try feed.start()
        } catch {
            router.logger.error("lastfm: cannot start its threads: \(error); nothing is scrobbled")
            router.lastfmLink.withLock { $0 = .unavailable("lastfm: unavailable: cannot start its threads: \(error)") }
        }
    }

    func stopLastFM() {
        guard case .on(let service, let feed) = router.lastfmLink.withLock({ $0 }) else { return }
        feed.stop()
        service.stop()
    }
}
