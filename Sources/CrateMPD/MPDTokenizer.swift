/// Splits a request line the way MPD's tokenizer does: a command name, then words
/// separated by blanks, where a word is either unquoted (no blanks, no quotes) or
/// double-quoted with backslash escaping the next character.
enum MPDTokenizer {
    static func split(_ line: [UInt8]) throws(MPDError) -> (command: String, arguments: [String]) {
        var index = 0
        func skipBlanks() { while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 } }
        skipBlanks()
        let nameStart = index
        while index < line.count, isNameByte(line[index]) { index += 1 }
        // MPD hangs up on a line that does not start with a command name: it is not a client.
        guard index > nameStart, line[nameStart] >= 0x61, line[nameStart] <= 0x7A else {
            throw MPDError(.unknown, "Letter expected", closes: true)
        }
        if index < line.count, line[index] != 0x20, line[index] != 0x09 {
            throw MPDError(.unknown, "Invalid command name", closes: true)
        }
        let command = String(decoding: line[nameStart..<index], as: UTF8.self)
        var arguments: [String] = []
        while true {
            skipBlanks()
            guard index < line.count else { break }
            var word: [UInt8] = []
            if line[index] == UInt8(ascii: "\"") {
                index += 1
                var closed = false
                while index < line.count {
                    var byte = line[index]
                    if byte == UInt8(ascii: "\"") {
                        closed = true
                        index += 1
                        break
                    }
                    if byte == UInt8(ascii: "\\") {
                        index += 1
                        guard index < line.count else { break }
                        byte = line[index]
                    }
                    word.append(byte)
                    index += 1
                }
                guard closed else { throw MPDError(.unknown, "Missing closing '\"'") }
                if index < line.count, line[index] != 0x20, line[index] != 0x09 {
                    throw MPDError(.unknown, "Space expected after closing '\"'")
                }
            } else {
                while index < line.count, line[index] != 0x20, line[index] != 0x09 {
                    guard line[index] != UInt8(ascii: "\"") else { throw MPDError(.unknown, "Invalid unquoted character") }
                    word.append(line[index])
                    index += 1
                }
            }
            guard let text = String(validating: word, as: UTF8.self) else {
                throw MPDError(.unknown, "Invalid UTF-8 in argument")
            }
            arguments.append(text)
        }
        return (command, arguments)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
    }

    /// A value written back into a filter expression or a quoted argument.
    static func quote(_ text: String) -> String {
        var out = "\""
        for character in text {
            if character == "\"" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out + "\""
    }
}
