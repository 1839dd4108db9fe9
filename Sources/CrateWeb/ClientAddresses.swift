import Synchronization

/// Connections open from each client address, so one client (a phone gone wrong, a
/// program trickling bytes) cannot take every connection crate-web serves: past
/// `limit` its next connection is closed as soon as it is accepted. The table holds an
/// entry per address with a connection open, so it is bounded by `[web] max_clients`.
final class ClientAddresses: Sendable {
    enum Admission: Equatable {
        case admitted
        /// Refused; `firstOfBurst` only for the first refusal since the address last had
        /// no connection open, so the log says it once per burst, not once per connection.
        case refused(firstOfBurst: Bool)
    }
    private struct Entry {
        var open = 0
        var refusing = false
    }
    let limit: Int
    private let entries = Mutex<[String: Entry]>([:])

    init(limit: Int) { self.limit = limit }

    func admit(_ address: String) -> Admission {
        entries.withLock { table in
            var entry = table[address] ?? Entry()
            defer { table[address] = entry }
            guard entry.open < limit else {
                defer { entry.refusing = true }
                return .refused(firstOfBurst: !entry.refusing)
            }
            entry.open += 1
            return .admitted
        }
    }

    func leave(_ address: String) {
        entries.withLock { table in
            guard var entry = table[address] else { return }
            entry.open -= 1
            table[address] = entry.open > 0 ? entry : nil
        }
    }

    func open(from address: String) -> Int { entries.withLock { $0[address]?.open ?? 0 } }
}
