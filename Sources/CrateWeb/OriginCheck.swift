/// Every state-changing request is a POST whose `Origin` names this very server: a page
/// from another site (or a form posted from one) is refused, whatever cookies it carries.
public enum OriginCheck {
    /// True when `origin` is `http://HOST` (or https) for the `host` the request was sent to.
    public static func allows(origin: String?, host: String?) -> Bool {
        guard let origin, let host, !host.isEmpty else { return false }
        return origin == "http://" + host || origin == "https://" + host
    }
}
