import Foundation

/// Why a file's dynamic symbols could not be read. `message` names what is wrong, e.g.
/// `truncated symbol table`.
package struct ELFReadError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
}

/// The symbols a shared object defines and exports for dynamic linking (.dynsym), read from
/// the file's bytes without loading it.
///
/// The conformance harness warns when a plugin exports more than `plugboard_entry` and its declared
/// exports, and the loader reads the ABI version of `plugboard_entry` before `dlopen`
/// (`entryVersion(path:)`). `dlopen` would run the library's constructors and the file may be
/// hostile, so the bytes are parsed instead, and every offset, size and count taken from them is
/// checked against the file's size without overflow before use: a truncated or crafted file is an
/// `ELFReadError`, never a trap or an allocation larger than the file. Only ELF64 little-endian,
/// what the host builds, is read.
package enum ELFDynamicSymbols {
    /// Names of defined (st_shndx != SHN_UNDEF), globally visible (binding GLOBAL, WEAK or GNU_UNIQUE;
    /// visibility DEFAULT or PROTECTED) symbols of type FUNC, OBJECT, IFUNC, TLS or NOTYPE with a non-empty name,
    /// sorted, without duplicates. Version suffixes are not part of the name.
    ///
    /// Names come from .dynstr, which holds them bare (`printf@GLIBC_2.2.5` is a tool's rendering
    /// of .gnu.version). The absolute symbols the linker adds for a version script's version nodes
    /// (`PLUGIN_1.0`) are left out: they name a version, not something the library exports.
    package static func exported(path: String) throws(ELFReadError) -> [String] {
        try exported(bytes: contents(of: path))
    }

    /// See `exported(path:)`.
    package static func exported(bytes: [UInt8]) throws(ELFReadError) -> [String] {
        let image = try ELFImage(bytes)
        let (symbols, names) = try image.dynamicSymbols()
        let versions = try versionNames(image)
        var exported: Set<String> = []
        for symbol in symbols where symbol.isExported {
            let name = try image.file.string(at: symbol.name, in: names)
            guard !name.isEmpty, !(symbol.section == 0xFFF1 /* SHN_ABS */ && versions.contains(name)) else { continue }
            exported.insert(name)
        }
        return exported.sorted()
    }

    /// The bytes of the regular file at `path` (symbolic links followed). A FIFO or a device would
    /// block or never end, so anything else is an error.
    static func contents(of path: String) throws(ELFReadError) -> [UInt8] {
        do {
            let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else {
                throw ELFReadError("\(path): not a regular file")
            }
            return [UInt8](try Data(contentsOf: url, options: .mappedIfSafe))
        } catch let error as ELFReadError {
            throw error
        } catch {
            throw ELFReadError("\(path): cannot be read: \(error.localizedDescription)")
        }
    }

    /// The names of the version definitions (SHT_GNU_verdef), each a chain of Elf64_Verdef records
    /// linked by byte offsets; the count in sh_info bounds the walk, so a crafted loop ends.
    private static func versionNames(_ image: ELFImage) throws(ELFReadError) -> Set<String> {
        let file = image.file
        guard let definitions = image.sections.first(where: { $0.type == 0x6FFF_FFFD }) else { return [] }
        let region = try file.load(definitions.offset, definitions.size, "truncated version definitions")
        let names = try image.strings(definitions.link)
        var result: Set<String> = []
        var offset: UInt64 = 0
        for _ in 0..<min(definitions.info, UInt64(region.count / 20)) {
            guard offset <= UInt64(region.count - 20) else { throw ELFReadError("truncated version definitions") }
            let record = region.lowerBound + Int(offset)
            let auxiliary = offset + file.u64(record + 12, 4)
            guard auxiliary <= UInt64(region.count - 8) else { throw ELFReadError("truncated version definitions") }
            result.insert(try file.string(at: file.u64(region.lowerBound + Int(auxiliary), 4), in: names))
            guard file.u64(record + 16, 4) != 0 else { break }
            offset += file.u64(record + 16, 4)
        }
        return result
    }
}

/// An ELF64 little-endian file whose header and section header table lie within its bytes. The
/// sections' own offsets and sizes are not yet checked: each use checks the ones it reads.
struct ELFImage {
    let file: ELFBytes
    let sections: [ELFSection]

    init(_ bytes: [UInt8]) throws(ELFReadError) {
        try self.init(ELFBytes(bytes: bytes))
    }

    /// Reads the header and the section header table, loading them when `file` reads on demand.
    init(_ file: ELFBytes) throws(ELFReadError) {
        try file.load(0..<min(file.count, 64))
        guard file.starts(with: ELFBytes.magic) else { throw ELFReadError("not an ELF file") }
        guard file.count >= 16 else { throw ELFReadError("truncated ELF header") }
        guard file.byte(4) == 2 else {
            throw ELFReadError(file.byte(4) == 1 ? "32-bit ELF is not supported" : "unknown ELF class \(file.byte(4))")
        }
        guard file.byte(5) == 1 else { throw ELFReadError("big-endian ELF is not supported") }
        guard file.count >= 64 else { throw ELFReadError("truncated ELF header") }
        guard file.u64(40) != 0 else { throw ELFReadError("no section header table") }
        guard file.u16(58) == 64 else { throw ELFReadError("unexpected section header size \(file.u16(58))") }
        // More than 0xFF00 sections: e_shnum is 0 and the count is section 0's sh_size.
        let first = try file.load(file.u64(40), 64, "section header table out of bounds")
        let count = file.u16(60) != 0 ? UInt64(file.u16(60)) : file.u64(first.lowerBound + 32)
        let (tableSize, overflow) = count.multipliedReportingOverflow(by: 64)
        guard !overflow else { throw ELFReadError("section header table out of bounds") }
        let table = try file.load(file.u64(40), tableSize, "section header table out of bounds")
        self.file = file
        self.sections = (0..<Int(count)).map { ELFSection(file, at: table.lowerBound + $0 * 64) }
    }

    /// Every entry of .dynsym (SHT_DYNSYM), and the bytes of the string table its names are in.
    func dynamicSymbols() throws(ELFReadError) -> (symbols: [ELFSymbol], names: Range<Int>) {
        let (entries, names) = try dynamicSymbolTable()
        let symbols = stride(from: entries.lowerBound, to: entries.upperBound, by: 24).map { ELFSymbol(file, at: $0) }
        return (symbols, names)
    }

    /// The first exported entry of .dynsym named `name`: what `dynamicSymbols()` and a name read
    /// per exported symbol find, in one walk over the loaded bytes that makes no symbol list and no
    /// strings. The loader asks this of every library before `dlopen`, and building every symbol
    /// and its name was most of that check's cost.
    func exportedSymbol(named name: String) throws(ELFReadError) -> ELFSymbol? {
        let (entries, names) = try dynamicSymbolTable()
        let table = file.slice(entries)
        let strings = file.slice(names)
        let wanted = Array(name.utf8) + [0]
        // A string table that ends in NUL ends every name in it. One that does not is read name by
        // name as before, so a name running off its end is the same error.
        let terminated = strings.last == 0
        for entry in stride(from: 0, to: table.count, by: 24) {
            let info = table[table.startIndex + entry + 4], other = table[table.startIndex + entry + 5]
            let section = UInt16(ELFBytes.littleEndian(table, at: entry + 6, 2))
            guard ELFSymbol.isExported(info: info, other: other, section: section) else { continue }
            let offset = Int(ELFBytes.littleEndian(table, at: entry, 4))
            let matches: Bool
            if terminated {
                guard offset < strings.count else { throw ELFReadError("symbol name out of bounds") }
                let start = strings.startIndex + offset
                matches =
                    strings.endIndex - start >= wanted.count
                    && strings[start..<start + wanted.count].elementsEqual(wanted)
            } else {
                matches = try file.string(at: UInt64(offset), in: names) == name
            }
            if matches { return ELFSymbol(file, at: entries.lowerBound + entry) }
        }
        return nil
    }

    /// The bytes of .dynsym, checked to hold whole Elf64_Sym entries, and of its string table; both loaded.
    private func dynamicSymbolTable() throws(ELFReadError) -> (entries: Range<Int>, names: Range<Int>) {
        guard let table = sections.first(where: { $0.type == 11 /* SHT_DYNSYM */ }) else {
            throw ELFReadError("no dynamic symbol table")
        }
        guard table.entrySize == 24 else { throw ELFReadError("unexpected symbol size \(table.entrySize)") }
        guard table.size % 24 == 0 else { throw ELFReadError("symbol table size is not a multiple of 24") }
        let entries = try file.load(table.offset, table.size, "truncated symbol table")
        return (entries, try strings(table.link))
    }

    /// The bytes of the string table that section `index` (a sh_link) names.
    func strings(_ index: UInt64) throws(ELFReadError) -> Range<Int> {
        guard index < sections.count, sections[Int(index)].type == 3 /* SHT_STRTAB */ else {
            throw ELFReadError("section \(index) is not a string table")
        }
        return try file.load(sections[Int(index)].offset, sections[Int(index)].size, "truncated string table")
    }

    /// The name of section `index` from the section name table (e_shstrndx), or nil when the
    /// file does not hold one. For messages only.
    func sectionName(_ index: Int) -> String? {
        guard index < sections.count,
            let names = try? strings(UInt64(file.u16(62))),
            let name = try? file.string(at: sections[index].name, in: names), !name.isEmpty
        else { return nil }
        return name
    }
}

/// The fields of an Elf64_Shdr the readers use, not yet checked against the file.
struct ELFSection {
    var name, type, link, info: UInt64
    var address, offset, size, entrySize: UInt64

    init(_ file: ELFBytes, at header: Int) {
        let fields = file.slice(header..<header + 64).withUnsafeBufferPointer { bytes in
            func field(_ offset: Int, _ width: Int = 8) -> UInt64 { ELFBytes.littleEndian(bytes, at: offset, width) }
            return (field(0, 4), field(4, 4), field(16), field(24), field(32), field(40, 4), field(44, 4), field(56))
        }
        (name, type, address, offset, size, link, info, entrySize) = fields
    }
}

/// An Elf64_Sym, not yet checked against the file.
struct ELFSymbol {
    /// st_name: the offset of the name in the symbol table's string table.
    var name: UInt64
    var info, other: UInt8
    /// st_shndx: the index of the section the symbol is defined in, 0 (SHN_UNDEF) when it is
    /// imported, or a reserved index from 0xFF00 (SHN_ABS, SHN_COMMON, SHN_XINDEX).
    var section: UInt16
    var value, size: UInt64

    init(_ file: ELFBytes, at entry: Int) {
        name = file.u64(entry, 4)
        info = file.byte(entry + 4)
        other = file.byte(entry + 5)
        section = file.u16(entry + 6)
        value = file.u64(entry + 8)
        size = file.u64(entry + 16)
    }

    /// Defined and visible to `dlsym`: binding GLOBAL, WEAK or GNU_UNIQUE; type NOTYPE, OBJECT,
    /// FUNC, TLS or GNU_IFUNC; visibility DEFAULT or PROTECTED.
    var isExported: Bool { Self.isExported(info: info, other: other, section: section) }

    /// `isExported` from the raw st_info, st_other and st_shndx.
    static func isExported(info: UInt8, other: UInt8, section: UInt16) -> Bool {
        switch info >> 4 {
        case 1 /* GLOBAL */, 2 /* WEAK */, 10 /* GNU_UNIQUE */: break
        default: return false
        }
        switch info & 0xF {
        case 0 /* NOTYPE */, 1 /* OBJECT */, 2 /* FUNC */, 6 /* TLS */, 10 /* GNU_IFUNC */: break
        default: return false
        }
        return (other & 3 == 0 /* DEFAULT */ || other & 3 == 3 /* PROTECTED */) && section != 0 /* SHN_UNDEF */
    }
}

/// An ELF file's bytes as the readers see them: all of them in memory, or, read through a
/// descriptor, only the parts the readers `load`. The loader checks a library's entry version
/// before `dlopen`, and reading whole libraries for that was the largest part of app start's
/// file reading (2.3 MB for the Showcase); the header, the section table, .dynsym and its
/// strings are a few kilobytes. Reads are little-endian, at offsets already checked and loaded.
final class ELFBytes {
    static let magic: [UInt8] = [0x7F, 0x45, 0x4C, 0x46]

    /// The file's length in bytes.
    let count: Int
    /// The descriptor parts are read through, or nil when `regions` holds the whole file.
    private let descriptor: Int32?
    /// The loaded parts: where each starts in the file, and its bytes.
    private var regions: [(start: Int, bytes: [UInt8])]

    init(bytes: [UInt8]) {
        count = bytes.count
        descriptor = nil
        regions = [(0, bytes)]
    }

    /// A file of `count` bytes read through `descriptor` (`pread`: the offset is left alone).
    init(descriptor: Int32, count: Int) {
        self.count = count
        self.descriptor = descriptor
        regions = []
    }

    /// The region holding `range`, and where `range` starts in it.
    private func region(holding range: Range<Int>) -> (index: Int, offset: Int)? {
        for index in regions.indices {
            let start = regions[index].start
            if range.lowerBound >= start && range.upperBound <= start + regions[index].bytes.count {
                return (index, range.lowerBound - start)
            }
        }
        return nil
    }

    /// Makes `range` (within the file) readable.
    func load(_ range: Range<Int>) throws(ELFReadError) {
        guard let descriptor, region(holding: range) == nil else { return }
        var failure: ELFReadError?
        let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
            count = 0
            while count < range.count {
                let read = pread(
                    descriptor, buffer.baseAddress! + count, range.count - count, off_t(range.lowerBound + count))
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else {
                    failure = ELFReadError(
                        read == 0
                            ? "the file is shorter than its size"
                            : "cannot be read: \(String(cString: strerror(errno)))")
                    return
                }
                count += read
            }
        }
        if let failure { throw failure }
        regions.append((range.lowerBound, bytes))
    }

    /// `offset..<offset + size`, checked to lie within the file and loaded.
    func load(_ offset: UInt64, _ size: UInt64, _ problem: String) throws(ELFReadError) -> Range<Int> {
        let range = try range(offset, size, problem)
        try load(range)
        return range
    }

    /// The byte at `offset`, which must be loaded.
    func byte(_ offset: Int) -> UInt8 {
        guard let (index, start) = region(holding: offset..<offset + 1) else {
            assertionFailure("ELF byte \(offset) read before it was loaded")
            return 0
        }
        return regions[index].bytes[start]
    }

    /// The loaded bytes in `range`.
    func slice(_ range: Range<Int>) -> ArraySlice<UInt8> {
        guard let (index, start) = region(holding: range) else {
            assertionFailure("ELF bytes \(range) read before they were loaded")
            return []
        }
        return regions[index].bytes[start..<start + range.count]
    }

    func starts(with prefix: [UInt8]) -> Bool { count >= prefix.count && slice(0..<prefix.count).elementsEqual(prefix) }

    /// The little-endian unsigned integer of `width` bytes at `offset`, which must be loaded.
    func u64(_ offset: Int, _ width: Int = 8) -> UInt64 {
        guard let (index, start) = region(holding: offset..<offset + width) else {
            assertionFailure("ELF bytes \(offset)..<\(offset + width) read before they were loaded")
            return 0
        }
        return regions[index].bytes.withUnsafeBufferPointer { Self.littleEndian($0, at: start, width) }
    }

    /// The little-endian unsigned integer of `width` bytes at `offset` from the start of `bytes`.
    static func littleEndian(_ bytes: ArraySlice<UInt8>, at offset: Int, _ width: Int) -> UInt64 {
        bytes.withUnsafeBufferPointer { littleEndian($0, at: offset, width) }
    }

    /// `littleEndian` in place: a stride over a slice cost a hundred times this loop, for each of
    /// the few thousand header fields the loader reads at an app's start.
    fileprivate static func littleEndian(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ width: Int) -> UInt64 {
        precondition(offset >= 0 && offset + width <= bytes.count, "ELF field out of its bytes")
        var value: UInt64 = 0
        var at = offset + width
        while at > offset {
            at -= 1
            value = value << 8 | UInt64(bytes[at])
        }
        return value
    }

    func u16(_ offset: Int) -> UInt16 { UInt16(u64(offset, 2)) }

    func u32(_ offset: Int) -> UInt32 { UInt32(u64(offset, 4)) }

    /// `offset..<offset + size` if it lies within the file.
    func range(_ offset: UInt64, _ size: UInt64, _ problem: String) throws(ELFReadError) -> Range<Int> {
        let (end, overflow) = offset.addingReportingOverflow(size)
        guard !overflow, end <= UInt64(count) else { throw ELFReadError(problem) }
        return Int(offset)..<Int(end)
    }

    /// The NUL-terminated string at `offset` in `table` (loaded), which must end within the table.
    func string(at offset: UInt64, in table: Range<Int>) throws(ELFReadError) -> String {
        guard offset < UInt64(table.count) else { throw ELFReadError("symbol name out of bounds") }
        let bytes = slice(table.lowerBound + Int(offset)..<table.upperBound)
        guard let end = bytes.firstIndex(of: 0) else { throw ELFReadError("unterminated symbol name") }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}
