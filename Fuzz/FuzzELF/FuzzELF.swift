// libFuzzer target for the ELF reader (`ELFDynamicSymbols.exported(bytes:)` and
// `entryVersion(bytes:)`), which reads plugin files before they are loaded.
// Build and run with `Fuzz/run.sh FuzzELF`.
import PlugboardConfig
import PlugboardCore
import PlugboardLoader

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Errors are the expected outcome for most inputs; only crashes, hangs and leaks are findings.
    let symbols = try? ELFDynamicSymbols.exported(bytes: bytes)
    let version = try? ELFDynamicSymbols.entryVersion(bytes: bytes)
    // A file that declares an entry version exports the entry symbol.
    if version != nil, let symbols, !symbols.contains("plugboard_entry") {
        fatalError("entryVersion found plugboard_entry, exported(bytes:) did not list it: \(symbols)")
    }
    return 0
}
