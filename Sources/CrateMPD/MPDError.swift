/// An MPD `ACK`: the protocol's error codes and the message clients show.
struct MPDError: Error, Sendable {
    /// MPD's `enum ack` values, as clients interpret them.
    enum Code: Int, Sendable {
        case notList = 1, argument = 2, password = 3, permission = 4, unknown = 5
        case noExist = 50, playlistMax = 51, system = 52, playlistLoad = 53, updateAlready = 54
        case playerSync = 55, exist = 56
    }

    var code: Code
    var message: String
    /// Set by the caller that knows which command failed; empty for a line that did not parse.
    var command = ""

    /// The connection is closed after this ACK (a line that is not a command at all).
    var closes = false

    init(_ code: Code, _ message: String, closes: Bool = false) {
        self.code = code
        self.message = message
        self.closes = closes
    }

    static func argument(_ message: String) -> MPDError { MPDError(.argument, message) }
    static func noExist(_ message: String) -> MPDError { MPDError(.noExist, message) }
    /// The router answered a query with another kind of answer than the query's own.
    static let unexpectedAnswer = MPDError(.system, "the router gave an answer of another kind")

    /// `ACK [code@index] {command} message`, index being the position in a command list.
    func line(listIndex: Int) -> String {
        "ACK [\(code.rawValue)@\(listIndex)] {\(command)} \(message)\n"
    }
}
