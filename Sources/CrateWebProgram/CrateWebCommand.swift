import ArgumentParser
import CrateConfig
import CrateWeb
import Logging

/// crate-web: the Crate Wall in a browser. A process of its own so crated stays small
/// and real-time safe; it talks to crated over the control socket only.
struct CrateWebCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crate-web",
        abstract: "Serve the Crate web page (the crate as covers, now playing, search, status) on the home network.",
        discussion: """
            Reads [web] listen (HOST:PORT), the optional [web] password, the names it answers \
            to and its limits from crate.toml, and talks to crated on [control] socket. \
            Without [web] listen it says so and exits 0.
            """)

    @Option(name: .long, help: "The configuration file.")
    var config: String = CrateConfig.defaultPath
    @Option(name: .long, help: "Listen here instead of [web] listen (HOST:PORT).")
    var listen: String?
    @Option(name: .long, help: "crated's control socket instead of [control] socket.")
    var socket: String?
    @Option(name: .long, help: "Log level: trace, debug, info, notice, warning, error.")
    var logLevel: String = "info"

    func run() async throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "crate-web")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let file: CrateConfig
        do { file = try CrateConfig.load(path: config) } catch {
            logger.error("\(config): \(error)")
            throw ExitCode(1)
        }
        guard let text = listen ?? file.web.listen else {
            logger.notice("crate-web is off: [web] listen is not set in \(config)")
            return
        }
        let address: ListenAddress
        do { address = try ListenAddress(parsing: text) } catch {
            logger.error("[web] listen: \(error)")
            throw ExitCode(1)
        }
        let settings = WebSettings(listen: address, socketPath: socket ?? file.control.socket,
                                   password: file.web.password, hosts: file.web.hosts, limits: WebLimits(file.web))
        let server = WebServer(settings: settings, logger: logger)
        let log = logger
        try await server.run(onRunning: { port in
            log.notice("crate-web on http://\(address.host):\(port)/ (crated: \(settings.socketPath))")
        })
    }
}


/// What the one executable (`crate`, Sources/crate) runs when it is called `crate-web`.
public enum CrateWebEntry {
    /// `arguments` without the program's name.
    public static func main(_ arguments: [String]) async { await CrateWebCommand.main(arguments) }
}
