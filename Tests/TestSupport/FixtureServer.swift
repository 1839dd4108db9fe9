import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A stand-in server written in Python (Tests/Fixtures/NAME) on 127.0.0.1: it prints its
/// port first, takes its test controls as JSON POSTs under /__fixture/, and exits when
/// its stdin closes, so it never outlives the test that started it.
public final class FixtureServer {
    public let process = Process()
    private let input = Pipe()
    public let port: Int
    public var url: String { "http://127.0.0.1:\(port)" }

    public init(script name: String) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name)").path
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 10 {
            line.append(first)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            throw FixtureError("\(name) did not say its port")
        }
        self.port = port
    }

    /// Ends the server now, as a crash or a pulled cable would end a real one.
    public func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? input.fileHandleForWriting.close()  // the fixture may have exited already
    }

    deinit {
        try? input.fileHandleForWriting.close()  // the fixture exits when stdin closes
        process.waitUntilExit()
    }

    /// A JSON body POSTed to `path`; throws what the request met.
    public func post(_ path: String, _ body: Any) throws {
        var request = URLRequest(url: URL(string: url + path)!)
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: Error?
        URLSession.shared.dataTask(with: request) { _, _, error in
            failure = error
            done.signal()
        }.resume()
        done.wait()
        if let failure { throw failure }
    }
}
