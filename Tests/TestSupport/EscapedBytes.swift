/// Bytes from readable text in which `<<XX>>` stands for the raw byte 0xXX, so bodies with
/// Latin-1 or broken UTF-8 (as real servers send) can be written down in a test.
public func escapedBytes(_ text: String) -> [UInt8] {
    let source = Array(text.utf8)
    var out: [UInt8] = []
    var i = 0
    while i < source.count {
        if i + 5 < source.count, source[i] == UInt8(ascii: "<"), source[i + 1] == UInt8(ascii: "<"),
           source[i + 4] == UInt8(ascii: ">"), source[i + 5] == UInt8(ascii: ">"),
           let byte = UInt8(String(decoding: source[(i + 2)...(i + 3)], as: UTF8.self), radix: 16) {
            out.append(byte)
            i += 6
        } else {
            out.append(source[i])
            i += 1
        }
    }
    return out
}
