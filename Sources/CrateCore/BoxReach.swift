/// How a phone on the home network reaches this box, for the panel's start screen, the
/// page's Box tab and `crate-admin status`: its mDNS name (the host name + ".local", as
/// the card image's avahi announces it), its IPv4 address, and the page and MPD port
/// when they are on. What a person flashing a card without Imager's customisation needs
/// to find the box.
public struct BoxReach: Sendable, Codable, Equatable {
    /// `crate.local`; nil when the box has no host name.
    public var localName: String?
    /// `192.168.1.20`; nil until an interface other than loopback has one (DHCP).
    public var address: String?
    /// `http://crate.local:8080`: the page, when `[web] listen` is on an address other
    /// than loopback; nil otherwise.
    public var page: String?
    /// `crate.local:6600`: the MPD port, when `[mpd] listen` has one off loopback; nil otherwise.
    public var mpd: String?

    public init(localName: String?, address: String?, page: String?, mpd: String?) {
        self.localName = localName
        self.address = address
        self.page = page
        self.mpd = mpd
    }

    /// Made from the host name, the address and the two settings (`[web] listen`,
    /// `[mpd] listen`); nil when neither is on the network: then only the knob reaches
    /// the box, and there is nothing to tell.
    public init?(hostName: String?, address: String?, webListen: String?, mpdListen: [String]) {
        let webPort = webListen.flatMap(Self.networkPort)
        let mpdPort = mpdListen.lazy.compactMap(Self.networkPort).first
        guard webPort != nil || mpdPort != nil else { return nil }
        let local = hostName.map { $0 + ".local" }
        // The name first: it survives a new DHCP lease; the address when avahi cannot help.
        let host = local ?? address
        self.init(localName: local, address: address,
                  page: webPort.flatMap { port in host.map { "http://\($0):\(port)" } },
                  mpd: mpdPort.flatMap { port in host.map { "\($0):\(port)" } })
    }

    /// The lines the panel's start screen shows, at most two: the name and address, then
    /// where to go ("Open http://crate.local:8080 on your phone", or the MPD port).
    public var panelLines: [String] {
        let place = [localName, address ?? "no network address yet"].compactMap { $0 }.joined(separator: " · ")
        if let page { return [place, "Open \(page) on your phone"] }
        if let mpd { return [place, "MPD app: \(mpd)"] }
        return [place]
    }

    /// The port of a `host:port` listen address whose host is not loopback (so a phone
    /// can reach it); nil for loopback, a Unix socket path or no port.
    static func networkPort(_ listen: String) -> Int? {
        guard let endpoint = ListenEndpoint(listen), !endpoint.isLoopback else { return nil }
        return endpoint.portNumber
    }
}
