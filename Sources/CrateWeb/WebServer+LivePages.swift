import Hummingbird
import NIOCore

extension WebServer {
    /// Server-Sent Events: one `data:` line per daemon event, as the daemon wrote it. The
    /// stream ends when its connection closes (the client left, crate-web stops:
    /// ConnectionGuard), so the page's place is free at once, not at the next event.
    func eventStream(closing channel: any Channel) -> Response {
        guard let listener = events.listen() else {
            return Self.problem("too many pages are open (\(events.maxListeners), [web] max_live_pages); close one and reload",
                                status: .serviceUnavailable)
        }
        channel.closeFuture.whenComplete { _ in listener.end() }
        var headers = HTTPFields()
        headers[.contentType] = ConnectionGuard.eventStreamType
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            // The browser reconnects by itself after a second if the stream breaks.
            try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
            for await line in listener.lines {
                try await writer.write(ByteBuffer(string: "data: " + line + "\n\n"))
            }
            try await writer.finish(nil)
        })
    }
}
