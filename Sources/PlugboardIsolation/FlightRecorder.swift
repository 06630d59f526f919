import CSandbox
import Foundation
@_spi(Layers) import PlugboardCore

/// A small fixed-layout memory region that always says which calls into plugin code are in
/// flight and what plugins logged last — readable by another process while this one runs and
/// after it is gone, and by a signal handler in this one.
///
/// The supervised engine maps a file the supervisor created (`MAP_SHARED`): every store is
/// visible to the supervisor at once, with no system call per plugin call (an `O_APPEND` line per
/// call, as the harness writes, costs two `write(2)`s per call; this costs two `memcpy`s).
/// In process it is anonymous memory the crash reporter reads.
///
/// Layout (little-endian, offsets in bytes): a 64-byte header — magic `PBFR`, layout version,
/// calls entered (u64), calls returned (u64), depth (u32), log lines written (u32) — then
/// `frameCount` call frames (function, kind, plugin, library; NUL-terminated UTF-8 fields cut to
/// their size), then a ring of `logCount` log lines, then the warden's verdict
/// (`pb_warden_verdict` in `plugboard_sandbox.h`). Deeper calls than `frameCount` only count.
package final class FlightRecorder: @unchecked Sendable {
    static let magic: UInt32 = 0x5246_4250  // "PBFR"
    static let layoutVersion: UInt32 = 2
    static let headerSize = 64
    static let frameCount = 8
    static let frameSize = 576

    /// The fields of a call frame: offsets and sizes are constants, so a signal handler can read them.
    enum Field: CaseIterable {
        case function, kind, plugin, library

        var offset: Int {
            switch self {
            case .function: 0
            case .kind: 192
            case .plugin: 208
            case .library: 304
            }
        }

        var size: Int {
            switch self {
            case .function: 192
            case .kind: 16
            case .plugin: 96
            case .library: 272
            }
        }
    }
    static let logCount = 16
    static let logSize = 256
    /// Where the warden writes its verdict: after the log lines (the C header says where too).
    static let verdictOffset = headerSize + frameCount * frameSize + logCount * logSize
    static let size = Int(PB_RECORDER_SIZE)

    enum Offset {
        static let magic = 0
        static let version = 4
        static let entered = 8
        static let returned = 16
        static let depth = 24
        static let logged = 28
    }

    /// Where an engine thread faulted, as its warden saw it from outside the engine
    /// (`pb_sandbox_start_warden`): the signal, the instruction's address and the file mapped
    /// there. The warden writes it once the engine has ended, so only then is it the warden's;
    /// nil when it wrote none or no thread faulted.
    package struct Fault: Sendable, Equatable {
        package var signal: Int32
        package var address: UInt64
        package var library: String
    }

    /// The warden's verdict; read it only after the engine ended on its own (a plugin can write
    /// this memory while the engine runs).
    package var fault: Fault? {
        precondition(Self.verdictOffset == Int(PB_RECORDER_VERDICT_OFFSET), "the C header's recorder layout differs")
        let verdict = base + Self.verdictOffset
        let layout = MemoryLayout<pb_warden_verdict>.self
        guard verdict.load(as: UInt32.self) == PB_WARDEN_FAULT else { return nil }
        let library = verdict + layout.offset(of: \pb_warden_verdict.library)!
        let size = 488
        let bytes = UnsafeRawBufferPointer(start: library, count: size)
        let text = bytes.prefix { $0 != 0 }
        return Fault(
            signal: Int32(verdict.load(fromByteOffset: layout.offset(of: \pb_warden_verdict.signal)!, as: UInt32.self)),
            address: verdict.load(fromByteOffset: layout.offset(of: \pb_warden_verdict.address)!, as: UInt64.self),
            library: String(decoding: text, as: UTF8.self))
    }

    /// The region; stays mapped for the life of the process (the crash reporter reads it).
    let base: UnsafeMutableRawPointer

    /// Creates the file at `path` (replacing one that exists) and maps it: the supervisor's side.
    package convenience init(creatingAt path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FlightRecorderError.cannotOpen(path, errno) }
        defer { close(descriptor) }
        guard ftruncate(descriptor, off_t(Self.size)) == 0 else { throw FlightRecorderError.cannotOpen(path, errno) }
        try self.init(mapping: descriptor, path: path)
        base.storeBytes(of: Self.magic, toByteOffset: Offset.magic, as: UInt32.self)
        base.storeBytes(of: Self.layoutVersion, toByteOffset: Offset.version, as: UInt32.self)
    }

    /// The supervisor's side: a sealed shared memory file (`pb_sealed_memfd`) that nothing, not a
    /// plugin in the engine either, can shrink or grow under it. The engine opens it by `path`.
    package convenience init(sealed name: String) throws {
        let descriptor = pb_sealed_memfd(name, UInt(Self.size))
        guard descriptor >= 0 else { throw FlightRecorderError.cannotOpen(name, errno) }
        try self.init(mapping: descriptor, path: name)
        sealedDescriptor = descriptor
        base.storeBytes(of: Self.magic, toByteOffset: Offset.magic, as: UInt32.self)
        base.storeBytes(of: Self.layoutVersion, toByteOffset: Offset.version, as: UInt32.self)
    }

    /// The sealed file's descriptor, kept open while the engine may still open it.
    package private(set) var sealedDescriptor: Int32?

    /// Where another process of the same user opens the sealed file (`/proc/PID/fd/N`).
    package var sealedPath: String? { sealedDescriptor.map { "/proc/\(getpid())/fd/\($0)" } }

    deinit { if let sealedDescriptor { close(sealedDescriptor) } }

    /// Maps a file the supervisor created: the engine's side.
    package convenience init(openingAt path: String) throws {
        // A sandboxed engine opened it before main, outside its user namespace (`plugboard_sandbox.h`).
        let early = pb_sandbox_take_recorder()
        let descriptor = early >= 0 ? early : open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw FlightRecorderError.cannotOpen(path, errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, Int(status.st_size) >= Self.size else {
            throw FlightRecorderError.wrongSize(path)
        }
        try self.init(mapping: descriptor, path: path)
        guard base.load(fromByteOffset: Offset.magic, as: UInt32.self) == Self.magic else {
            throw FlightRecorderError.wrongSize(path)
        }
    }

    /// Anonymous memory: the in-process crash reporter's recorder.
    package init() {
        base = UnsafeMutableRawPointer.allocate(byteCount: Self.size, alignment: 16)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: Self.size)
        base.storeBytes(of: Self.magic, toByteOffset: Offset.magic, as: UInt32.self)
    }

    private init(mapping descriptor: Int32, path: String) throws {
        guard let mapped = mmap(nil, Self.size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
            mapped != MAP_FAILED
        else { throw FlightRecorderError.cannotOpen(path, errno) }
        base = mapped
    }

    // MARK: writing (the engine)

    /// Records every call into plugin code from now on (replaces any other observer).
    package func observeCalls() {
        PluginCallTracker.observer = { [self] event in
            switch event {
            case .entered(let call): enter(call)
            case .returned: leave()
            }
        }
    }

    func enter(_ call: PluginCall) {
        let depth = Int(load(UInt32.self, Offset.depth))
        if depth < Self.frameCount {
            let frame = frame(depth)
            Self.store(call.function, at: frame + Field.function.offset, size: Field.function.size)
            Self.store(call.kind?.rawValue ?? "", at: frame + Field.kind.offset, size: Field.kind.size)
            Self.store(call.plugin ?? "", at: frame + Field.plugin.offset, size: Field.plugin.size)
            Self.store(call.library ?? "", at: frame + Field.library.offset, size: Field.library.size)
        }
        store(UInt32(depth + 1), Offset.depth)
        store(load(UInt64.self, Offset.entered) &+ 1, Offset.entered)
    }

    func leave() {
        let depth = load(UInt32.self, Offset.depth)
        if depth > 0 { store(depth - 1, Offset.depth) }
        store(load(UInt64.self, Offset.returned) &+ 1, Offset.returned)
    }

    /// Keeps a log line in the ring of the last `logCount`.
    package func log(_ line: String) {
        let count = load(UInt32.self, Offset.logged)
        let slot =
            base + Self.headerSize + Self.frameCount * Self.frameSize + Int(count % UInt32(Self.logCount))
            * Self.logSize
        Self.store(line, at: slot, size: Self.logSize)
        store(count &+ 1, Offset.logged)
    }

    // MARK: reading (the supervisor, the crash reporter)

    /// Calls entered and returned so far: unchanged between two looks while a call is in
    /// flight means that call made no progress.
    package var progress: (entered: UInt64, returned: UInt64, depth: Int) {
        (load(UInt64.self, Offset.entered), load(UInt64.self, Offset.returned), Int(load(UInt32.self, Offset.depth)))
    }

    /// The calls in flight, outermost first (at most `frameCount`).
    package var callsInFlight: [PluginCall] {
        (0..<min(progress.depth, Self.frameCount)).map { index in
            let values = Field.allCases.map { Self.string(at: frame(index) + $0.offset, size: $0.size) }
            return PluginCall(
                values[0], kind: PluginKind(rawValue: values[1]), plugin: values[2].isEmpty ? nil : values[2],
                library: values[3].isEmpty ? nil : values[3])
        }
    }

    /// The last log lines, oldest first.
    package var lastLogLines: [String] {
        let count = Int(load(UInt32.self, Offset.logged))
        let ring = base + Self.headerSize + Self.frameCount * Self.frameSize
        return (max(0, count - Self.logCount)..<count).map {
            Self.string(at: ring + ($0 % Self.logCount) * Self.logSize, size: Self.logSize)
        }
    }

    // MARK: raw access

    func frame(_ index: Int) -> UnsafeMutableRawPointer { base + Self.headerSize + index * Self.frameSize }

    private func load<T>(_ type: T.Type, _ offset: Int) -> T { base.load(fromByteOffset: offset, as: type) }
    private func store<T>(_ value: T, _ offset: Int) { base.storeBytes(of: value, toByteOffset: offset, as: T.self) }

    /// Copies `value` into a field, cut on a character boundary to leave room for the NUL.
    /// One `memcpy`, no allocation: this runs on every call into plugin code.
    private static func store(_ value: String, at field: UnsafeMutableRawPointer, size: Int) {
        var value = value
        value.withUTF8 { bytes in
            var length = min(bytes.count, size - 1)
            if length < bytes.count {
                while length > 0 && bytes[length] & 0xC0 == 0x80 { length -= 1 }  // not inside a character
            }
            if let start = bytes.baseAddress, length > 0 { field.copyMemory(from: start, byteCount: length) }
            field.storeBytes(of: 0, toByteOffset: length, as: UInt8.self)
        }
    }

    private static func string(at field: UnsafeMutableRawPointer, size: Int) -> String {
        let bytes = UnsafeRawBufferPointer(start: field, count: size)
        let end = bytes.firstIndex(of: 0) ?? size
        // Written by code a plugin shares memory with: printed, it must not drive the terminal.
        return String(decoding: bytes[..<end], as: UTF8.self).escapingControlCharacters
    }
}

enum FlightRecorderError: Error, CustomStringConvertible {
    case cannotOpen(String, Int32)
    case wrongSize(String)

    var description: String {
        switch self {
        case .cannotOpen(let path, let code):
            "cannot map the flight recorder \(path): \(String(cString: strerror(code)))"
        case .wrongSize(let path): "\(path) is not a flight recorder file"
        }
    }
}
