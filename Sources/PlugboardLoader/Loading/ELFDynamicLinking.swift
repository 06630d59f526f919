extension ELFDynamicSymbols {
    /// The libraries a file needs (DT_NEEDED) and the folders its run path names (DT_RUNPATH,
    /// else DT_RPATH, split at `:`), read from its dynamic section without loading it: the file
    /// of `count` bytes open as `descriptor`, of which only those parts are read.
    static func dynamicLinking(descriptor: Int32, count: Int) throws(ELFReadError)
        -> (needed: [String], runPath: [String])
    {
        let image = try ELFImage(ELFBytes(descriptor: descriptor, count: count))
        guard let section = image.sections.first(where: { $0.type == 6 /* SHT_DYNAMIC */ }) else { return ([], []) }
        let entries = try image.file.load(section.offset, section.size, "truncated dynamic section")
        let names = try image.strings(section.link)
        var needed: [String] = []
        var runPath: String?
        var rpath: String?
        // Elf64_Dyn: d_tag (8 bytes), d_val (8 bytes); DT_NULL ends the table.
        for entry in stride(from: entries.lowerBound, to: entries.upperBound - 15, by: 16) {
            let tag = image.file.u64(entry)
            let value = image.file.u64(entry + 8)
            switch tag {
            case 0: return (needed, folders(runPath ?? rpath))
            case 1: needed.append(try image.file.string(at: value, in: names))  // DT_NEEDED
            case 15: rpath = try image.file.string(at: value, in: names)  // DT_RPATH
            case 29: runPath = try image.file.string(at: value, in: names)  // DT_RUNPATH
            default: continue
            }
        }
        return (needed, folders(runPath ?? rpath))
    }

    /// The folders of a run path: split at each ":", empty parts left out. By byte: a split by
    /// Character cost a library's load more than reading its dynamic section.
    static func folders(_ runPath: String?) -> [String] {
        var folders: [String] = []
        var folder: [UInt8] = []
        for byte in (runPath ?? "").utf8 + [UInt8(ascii: ":")] {
            if byte != UInt8(ascii: ":") {
                folder.append(byte)
            } else if !folder.isEmpty {
                folders.append(String(decoding: folder, as: UTF8.self))
                folder.removeAll(keepingCapacity: true)
            }
        }
        return folders
    }
}
