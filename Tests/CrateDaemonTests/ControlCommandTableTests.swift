@testable import CrateControlSocket
import CrateWire
import FoundationEssentials
import XCTest

/// The control socket's command table is the one list of what the socket does: every
/// name a client may send has exactly one row, and the protocol document lists exactly
/// those names.
final class ControlCommandTableTests: XCTestCase {
    func testEveryWireCommandHasExactlyOneRow() {
        let rows = Dictionary(grouping: ControlCommands.table, by: \.name).mapValues(\.count)
        for name in ControlCommand.allCases {
            XCTAssertEqual(rows[name] ?? 0, 1, "rows for '\(name.rawValue)' in ControlCommands.table")
        }
        XCTAssertEqual(ControlCommands.table.count, ControlCommand.allCases.count)
    }

    func testTheProtocolDocumentListsExactlyTheTablesCommands() throws {
        let documented = try Self.documentedCommands()
        let table = ControlCommands.table.map(\.name.rawValue)
        XCTAssertEqual(Set(documented).subtracting(table).sorted(), [],
                       "docs/PROTOCOL.md describes commands the socket does not know")
        XCTAssertEqual(Set(table).subtracting(documented).sorted(), [],
                       "commands missing from docs/PROTOCOL.md's command table")
        XCTAssertEqual(documented.count, Set(documented).count, "a command described twice: \(documented)")
    }

    /// The names in the first column of docs/PROTOCOL.md's "`cmd` | does" table (a row
    /// may name several, "`like`, `dislike`, `unlike`").
    private static func documentedCommands() throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/PROTOCOL.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| `cmd`") && $0.contains("| does") }) else {
            XCTFail("docs/PROTOCOL.md has no \"| `cmd` | does |\" table")
            return []
        }
        var names: [String] = []
        // The header, then its |---| line, then one row per line until the table ends.
        for line in lines[(header + 2)...] {
            guard line.hasPrefix("|") else { break }
            let cell = line.split(separator: "|", omittingEmptySubsequences: false)[1]
            let quoted = cell.split(separator: "`", omittingEmptySubsequences: false)
            names += stride(from: 1, to: quoted.count, by: 2).map { String(quoted[$0]) }
        }
        return names
    }
}
