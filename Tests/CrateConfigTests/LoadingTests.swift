@testable import CrateConfig
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading files from disk, and the reference file that ships as /etc/crate/crate.toml.
final class LoadingTests: XCTestCase {
    /// deploy/crate.toml, found from this file: Tests/CrateConfigTests/LoadingTests.swift.
    static let referencePath: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/deploy/crate.toml"
    }()

    func testTheReferenceFileParsesToTheDefaultsWithAMusicFolder() throws {
        let config = try CrateConfig.load(path: Self.referencePath)
        var expected = CrateConfig()
        expected.library.paths = ["/srv/music"]
        XCTAssertEqual(config, expected)
        XCTAssertNil(config.audio.device, "device stays commented out in the reference file")
    }

    /// The comments name every format that joins the library, local or from Plex, not MP3 alone.
    func testTheReferenceFileNamesEveryFormatThatJoinsTheLibrary() throws {
        let text = try ConfigFile.text(of: Self.referencePath)
        XCTAssertFalse(text.contains("MP3 albums"), "the library takes more than MP3")
        for section in ["[library]", "[plex]"] {
            let start = try XCTUnwrap(text.range(of: "\n\(section)\n"), section)
            let comments = text[start.upperBound...].prefix { $0 != "[" }
            for codec in ["FLAC", "MP3", "Vorbis", "Opus", "AAC", "ALAC"] {
                XCTAssertTrue(comments.contains(codec), "\(section)'s comments do not name \(codec)")
            }
        }
    }

    func testTheReferenceFileDocumentsEveryKey() throws {
        let text = try ConfigFile.text(of: Self.referencePath)
        let lines = text.split(separator: "\n").map(String.init)
        for table in ["[control]", "[audio]", "[library]", "[crate]", "[playback]", "[log]"] {
            XCTAssertTrue(lines.contains(table), "\(table) is missing")
        }
        let keys = ["state_dir", "socket", "socket_mode", "max_clients", "request_timeout", "device", "rt_priority", "period_frames",
                    "periods", "buffer_seconds", "sample_format", "pacing", "paths", "size", "wallet", "resume_on_boot",
                    "save_interval", "level"]
        for key in keys {
            let index = lines.firstIndex { $0.hasPrefix("\(key) = ") || $0.hasPrefix("#\(key) = ") }
            guard let index else {
                XCTFail("\(key) is not in the reference file")
                continue
            }
            XCTAssertTrue(index > 0 && lines[index - 1].hasPrefix("# "), "\(key) has no comment above it")
        }
    }

    func testTheCommentedOutExamplesInTheReferenceFileAreValid() throws {
        let text = try ConfigFile.text(of: Self.referencePath)
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("#device = ") || line.hasPrefix("#pacing = ") || line.hasPrefix("#wallet = ")
                ? line.dropFirst() : line
        }.joined(separator: "\n")
        let config = try CrateConfig.parse(uncommented, source: "uncommented.toml")
        XCTAssertEqual(config.audio.device, "hw:1,0")
        XCTAssertEqual(config.audio.pacing, .device)
    }

    func testAMissingFileSaysSo() {
        do {
            _ = try CrateConfig.load(path: "/nonexistent/crate/crate.toml")
            XCTFail("loaded a file that does not exist")
        } catch {
            XCTAssertEqual(error.description, "cannot read /nonexistent/crate/crate.toml: No such file or directory")
            XCTAssertNil(error.line)
            XCTAssertTrue(error.isMissingFile)
        }
    }

    func testADirectoryIsNotAFile() {
        let directory = temporaryDirectory()
        do {
            _ = try CrateConfig.load(path: directory)
            XCTFail("loaded a directory")
        } catch {
            XCTAssertEqual(error.description, "cannot read \(directory): Is a directory")
            XCTAssertFalse(error.isMissingFile)
        }
    }

    func testAFileOnDiskIsReadAndItsErrorsNameIt() throws {
        let directory = temporaryDirectory()
        let path = directory + "/crate.toml"
        write(Array("[audio]\ndevice = \"null\"\n".utf8), to: path)
        XCTAssertEqual(try CrateConfig.load(path: path).audio.device, "null")

        write(Array("[audio]\ndevice = \"null\"\n\nperiods = 100\n".utf8), to: path)
        XCTAssertThrowsError(try CrateConfig.load(path: path)) { error in
            XCTAssertEqual("\(error)", "\(path):4: [audio] periods: expected an integer from 2 to 64, got 100")
        }
    }

    func testAFileThatIsNotUTF8PointsAtTheLine() {
        let path = temporaryDirectory() + "/latin1.toml"
        write(Array("[library]\n".utf8) + [0x70, 0x61, 0x74, 0x68, 0x73, 0x3D, 0x5B, 0x22, 0xE9, 0x22, 0x5D], to: path)
        XCTAssertThrowsError(try CrateConfig.load(path: path)) { error in
            XCTAssertEqual("\(error)", "\(path):2: not UTF-8 text; save the file as UTF-8")
        }
    }

    func testALargeFileIsReadWhole() throws {
        let path = temporaryDirectory() + "/big.toml"
        let comment = "# " + String(repeating: "x", count: 100) + "\n"
        let text = String(repeating: comment, count: 1000) + "[log]\nlevel = \"debug\"\n"
        write(Array(text.utf8), to: path)
        XCTAssertEqual(try CrateConfig.load(path: path).log.level, "debug")
    }

    // MARK: Helpers

    /// A fresh directory, removed with its files when the test ends.
    private func temporaryDirectory() -> String {
        var template = Array("/tmp/crate-config-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        XCTAssertNotNil(made)
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        addTeardownBlock {
            for name in ["crate.toml", "latin1.toml", "big.toml"] { unlink(path + "/" + name) }
            rmdir(path)
        }
        return path
    }

    private func write(_ bytes: [UInt8], to path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(descriptor, 0, "cannot create \(path)")
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        XCTAssertEqual(written, bytes.count)
        close(descriptor)
    }
}
