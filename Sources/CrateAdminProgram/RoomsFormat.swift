import CrateControlClient
import CrateCore
import FoundationEssentials

/// How `rooms` and the rooms line of `status` read.
enum RoomsFormat {
    /// A table of every room under a line naming the server and the box's stream.
    static func list(_ rooms: RoomsStatus) -> String {
        var text = ["snapserver \(rooms.server); the box's stream: \(rooms.stream ?? "none found")"]
        if rooms.rooms.isEmpty {
            text.append("no rooms: no snapclient has connected yet")
            return text.joined(separator: "\n")
        }
        let nameWidth = max(4, rooms.rooms.map(\.name.count).max()!) + 2
        let idWidth = max(2, rooms.rooms.map(\.id.count).max()!) + 2
        text.append("ROOM".padded(to: nameWidth) + "ID".padded(to: idWidth) + "STATE".padded(to: 14)
                    + "STREAM".padded(to: 12) + "VOLUME".padded(to: 12) + "LATENCY")
        for room in rooms.rooms {
            text.append(room.name.padded(to: nameWidth) + room.id.padded(to: idWidth) + state(room).padded(to: 14)
                        + room.stream.padded(to: 12) + volume(room).padded(to: 12) + "\(room.latency) ms")
        }
        return text.joined(separator: "\n")
    }

    /// One room after a change: `kitchen (room-a): playing the box, 40 %, muted`.
    static func line(_ room: RoomStatus) -> String {
        let label = room.name == room.id ? room.id : "\(room.name) (\(room.id))"
        let stream = room.playingBox ? "the box's stream \(room.stream)" : "stream \(room.stream)"
        return "\(label): \(room.connected ? "connected" : "not connected"), \(stream), \(volume(room))"
    }

    /// `status`: `2 playing (kitchen, study); dropped out: bathroom`.
    static func summary(_ rooms: RoomsStatus) -> String {
        // Without an error crated always finds the stream: it has not asked yet.
        if rooms.stream == nil && rooms.error == nil { return "asking snapserver \(rooms.server)" }
        var parts = [rooms.playing.isEmpty ? "none playing"
                     : "\(rooms.playing.count) playing (\(rooms.playing.map(\.name).joined(separator: ", ")))"]
        let dropped = rooms.droppedOut
        if !dropped.isEmpty { parts.append("dropped out: " + dropped.map(\.name).joined(separator: ", ")) }
        if rooms.error != nil { parts.append("snapserver \(rooms.server) unreachable (see warnings)") }
        return parts.joined(separator: "; ")
    }

    static func state(_ room: RoomStatus) -> String {
        guard room.connected else { return "disconnected" }
        return room.playingBox ? "playing" : "other stream"
    }

    static func volume(_ room: RoomStatus) -> String {
        "\(room.volume) %" + (room.muted ? " muted" : "")
    }

    static func json<T: Encodable>(_ value: T) throws(AdminError) -> String {
        do {
            return String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        } catch {
            throw .unreachable("cannot encode the rooms as JSON: \(error)")
        }
    }
}
