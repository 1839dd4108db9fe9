/// Commands a newer crated offers that the page uses when they are there. Told by the
/// daemon's answer to an unknown command, which lists every command it knows.
public struct DaemonFeatures: Sendable, Equatable {
    public var sleepTimer: Bool
    public var keepOffline: Bool
    public var covers: Bool

    public init(unknownCommandAnswer answer: String) {
        let known: Set<Substring>
        if let open = answer.firstRange(of: "(known: "), let close = answer.lastIndex(of: ")") , open.upperBound <= close {
            known = Set(answer[open.upperBound..<close].split(separator: ",").map { $0.drop { $0 == " " } })
        } else {
            known = []
        }
        sleepTimer = known.contains("sleep")
        keepOffline = known.contains("downloads-keep")
        covers = known.contains("cover")
    }

    var json: String { #"{"sleep":\#(sleepTimer),"keep":\#(keepOffline),"covers":\#(covers)}"# }
}
