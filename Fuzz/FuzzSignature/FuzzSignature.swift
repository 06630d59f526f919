// libFuzzer target for `SignatureParser.parse`. Build and run with `Fuzz/run.sh FuzzSignature`.
import PlugboardConfig
import PlugboardCore
import PlugboardLoader

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let signature: Signature
    do {
        signature = try SignatureParser.parse(text)
    } catch {
        // Columns are 1-based and at most one past the last character.
        guard (1...text.count + 1).contains(error.column) else {
            fatalError("column out of range: \(error) for \(text.debugDescription)")
        }
        return 0
    }
    // The canonical text parses back to the same signature and is a fixed point.
    let canonical = signature.description
    do {
        let again = try SignatureParser.parse(canonical)
        guard again == signature else {
            fatalError("round trip changed \(text.debugDescription): \(canonical) -> \(again)")
        }
        guard again.description == canonical else { fatalError("description is not a fixed point") }
    } catch {
        fatalError("description \(canonical.debugDescription) of \(text.debugDescription) does not parse: \(error)")
    }
    return 0
}
