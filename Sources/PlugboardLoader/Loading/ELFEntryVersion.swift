import PlugboardABI

extension ELFDynamicSymbols {
    /// The ABI version `plugboard_entry` declares, read from the file without loading it, so a
    /// library of another ABI major is refused before `dlopen` runs any of its code (its ELF
    /// constructors included). Nil when the library defines no exported `plugboard_entry`.
    ///
    /// The symbol's value is an address: the section it is defined in (st_shndx) maps it to a
    /// file offset, `sh_offset + (st_value - sh_addr)`, where the first field of
    /// `pb_plugin_entry_t`, `pb_version_t` (three little-endian `uint32_t`: major, minor, patch),
    /// is stored as the compiler initialised it. The file must also be built for this host's
    /// machine (e_machine), or `dlopen` could not load it anyway.
    package static func entryVersion(path: String) throws(ELFReadError) -> ABIVersion? {
        try entryVersion(bytes: contents(of: path))
    }

    /// See `entryVersion(path:)`.
    package static func entryVersion(bytes: [UInt8]) throws(ELFReadError) -> ABIVersion? {
        try entryVersion(ELFBytes(bytes: bytes))
    }

    /// See `entryVersion(path:)`: the file of `count` bytes open as `descriptor`, of which only
    /// the parts needed are read.
    static func entryVersion(descriptor: Int32, count: Int) throws(ELFReadError) -> ABIVersion? {
        try entryVersion(ELFBytes(descriptor: descriptor, count: count))
    }

    private static func entryVersion(_ file: ELFBytes) throws(ELFReadError) -> ABIVersion? {
        try checkMachine(file)
        let image = try ELFImage(file)
        guard let symbol = try image.exportedSymbol(named: PB_ENTRY_SYMBOL) else { return nil }
        let versionSize: UInt64 = 12  // MemoryLayout<pb_version_t>.size
        guard symbol.size >= versionSize else {
            throw ELFReadError("\(PB_ENTRY_SYMBOL) is \(symbol.size) bytes, too small to hold an ABI version")
        }
        // SHN_LORESERVE and above: SHN_ABS, SHN_COMMON, SHN_XINDEX; none names a section of the file.
        guard symbol.section < 0xFF00, Int(symbol.section) < image.sections.count else {
            throw ELFReadError("\(PB_ENTRY_SYMBOL) is not in a section of the file (st_shndx \(symbol.section))")
        }
        let index = Int(symbol.section)
        let section = image.sections[index]
        let name = image.sectionName(index).map { "\($0) (section \(index))" } ?? "section \(index)"
        guard section.type != 8 /* SHT_NOBITS */ else {
            throw ELFReadError("\(PB_ENTRY_SYMBOL) is in \(name), which has no bytes in the file (NOBITS)")
        }
        guard section.type == 1 /* SHT_PROGBITS */ else {
            throw ELFReadError("\(PB_ENTRY_SYMBOL) is in \(name) of type \(section.type), not PROGBITS")
        }
        // st_value - sh_addr + 12 <= sh_size, each step without overflow.
        guard symbol.value >= section.address, section.size >= versionSize,
            symbol.value - section.address <= section.size - versionSize
        else { throw ELFReadError("\(PB_ENTRY_SYMBOL) lies outside \(name)") }
        let region = try image.file.range(section.offset, section.size, "truncated section \(name)")
        let start = region.lowerBound + Int(symbol.value - section.address)
        try image.file.load(start..<start + Int(versionSize))
        return ABIVersion(
            major: image.file.u32(start), minor: image.file.u32(start + 4), patch: image.file.u32(start + 8))
    }

    /// e_machine of this host's builds.
    #if arch(x86_64)
        static let hostMachine: UInt16 = 62  // EM_X86_64
    #elseif arch(arm64)
        static let hostMachine: UInt16 = 183  // EM_AARCH64
    #else
        #error("Plugboard knows the ELF machine of x86_64 and arm64 only")
    #endif

    /// Refuses a file built for another machine, by name. e_machine sits at the same place in
    /// ELF32 and ELF64 headers, in the byte order of EI_DATA, so this runs before the class check.
    static func checkMachine(_ file: ELFBytes) throws(ELFReadError) {
        try file.load(0..<min(file.count, 64))
        guard file.starts(with: ELFBytes.magic) else { throw ELFReadError("not an ELF file") }
        guard file.count >= 20 else { throw ELFReadError("truncated ELF header") }
        let (high, low) = file.byte(5) == 2 ? (file.byte(18), file.byte(19)) : (file.byte(19), file.byte(18))
        let machine = UInt16(high) << 8 | UInt16(low)
        guard machine == hostMachine else {
            throw ELFReadError("built for \(machineName(machine)), this host is \(machineName(hostMachine))")
        }
    }

    /// The common e_machine values by name, the rest by number.
    static func machineName(_ machine: UInt16) -> String {
        let names: [UInt16: String] = [
            3: "i386", 8: "MIPS", 20: "PowerPC", 21: "PowerPC64", 22: "S/390", 40: "ARM", 62: "x86-64",
            183: "AArch64", 243: "RISC-V", 258: "LoongArch",
        ]
        return names[machine].map { "\($0) (e_machine \(machine))" } ?? "e_machine \(machine)"
    }
}
