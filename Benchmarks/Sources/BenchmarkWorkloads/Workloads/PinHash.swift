import CBaselines
import Foundation
import PlugboardLoader

/// Checking a `sha256` pin: the host hashing the Showcase's libraries as its loader does
/// (`LibraryFile`: opened once, read through the descriptor, swift-crypto's SHA-256), against
/// OpenSSL hashing the same files, read included (a C function doing what `openssl sha256`
/// does; CBaselines).
enum PinHash {
    static func make(_ context: BenchContext) throws -> Comparison {
        let libraries = try AppStart.loadedLibraries(context)
        let bytes = try libraries.reduce(0) { total, path in
            total + (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0)
        }
        var hex = [CChar](repeating: 0, count: 65)
        for path in libraries {  // the same digests, or the comparison means nothing
            let file = try LibraryFile.open(path)
            defer { file.close() }
            guard cb_openssl_sha256_file(path, &hex),
                try file.sha256() == String(decoding: hex.prefix(64).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            else {
                throw BenchError("\(path): OpenSSL's digest is not the host's (or libcrypto.so.3 is missing)")
            }
        }
        var comparison = Comparison(
            name: "pin-hash", summary: "sha256 pins: the host hashing the Showcase's libraries as its loader does",
            subject: { count in
                for _ in 0..<count {
                    for path in libraries {
                        let file = try LibraryFile.open(path)
                        blackHole(try file.sha256())
                        file.close()
                    }
                }
            },
            baselineName: "OpenSSL's SHA-256 of the same files, read included",
            baseline: { count in
                for _ in 0..<count {
                    for path in libraries where !cb_openssl_sha256_file(path, &hex) {
                        throw BenchError("\(path): OpenSSL could not hash it")
                    }
                }
            },
            goal: .ratio(atMost: 1.1))
        comparison.note = "\(libraries.count) files, \(bytes / 1024) KiB"
        return comparison
    }
}
