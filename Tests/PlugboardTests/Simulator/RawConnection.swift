import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP connection to 127.0.0.1 that writes HTTP by hand: for what URLSession will not send
/// (another `Host`, a WebSocket upgrade) or not do (connect and then stay silent).
///
/// Reads wait at most 30 s (`SO_RCVTIMEO`): not a timing the tests depend on, a bound so a server
/// that never answers or never closes fails the test instead of hanging it.
final class RawConnection {
    private let socket: Int32

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(port: Int) throws {
        #if canImport(Glibc)
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure(description: "connect to 127.0.0.1:\(port): errno \(errno)")
        }
    }

    deinit { close(socket) }

    /// Writes a request's head: `lines`, each ended by CRLF, and the blank line after them.
    func send(_ lines: [String]) throws {
        let bytes = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            guard written > 0 else { throw Failure(description: "write: errno \(errno)") }
            sent += written
        }
    }

    /// The response's head (status line and headers) and what came with it, read until the blank
    /// line after the headers or the end of the connection.
    func head() throws -> String {
        var received = ""
        while !received.contains("\r\n\r\n") {
            let chunk = try read()
            guard !chunk.isEmpty else { break }
            received += String(decoding: chunk, as: UTF8.self)
        }
        return received
    }

    /// Everything the server sends until it closes the connection; throws when it does not
    /// within the read bound.
    func untilClosed() throws -> String {
        var received = [UInt8]()
        while true {
            let chunk = try read()
            if chunk.isEmpty { return String(decoding: received, as: UTF8.self) }
            received += chunk
        }
    }

    /// One read: the bytes, or none at the end of the connection.
    private func read() throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            // A reset is the server closing too; a timeout is not.
            if errno == ECONNRESET { return [] }
            throw Failure(description: "no end of the connection within 30 s (errno \(errno))")
        }
        return Array(buffer[..<count])
    }
}
