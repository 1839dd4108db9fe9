import Glibc

/// A failed system call and its errno, e.g. "bind: Permission denied".
public struct PosixError: Error, CustomStringConvertible, Sendable, Equatable {
    public var call: String
    public var code: Int32

    /// Captures the current `errno`.
    public init(call: String) {
        self.init(call: call, code: errno)
    }

    public init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    public var message: String { errnoDescription(code) }
    public var description: String { "\(call): \(message)" }
}

/// The system's words for an errno value ("No such file or directory").
public func errnoDescription(_ code: Int32 = errno) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}
