// libFuzzer target for `RouteURL.parse`. Build and run with `Fuzz/run.sh FuzzRouteURL`.
import PlugboardConfig
import PlugboardCore
import PlugboardLoader

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let url: RouteURL
    do {
        url = try RouteURL.parse(text)
    } catch {
        // Columns count Unicode scalars, 1-based, at most one past the end.
        guard (1...text.unicodeScalars.count + 1).contains(error.column) else {
            fatalError("column out of range: \(error) for \(text.debugDescription)")
        }
        return 0
    }
    // The canonical text parses back to the same URL and is a fixed point.
    let canonical = url.description
    do {
        let again = try RouteURL.parse(canonical)
        guard again == url else {
            fatalError("round trip changed \(text.debugDescription): \(canonical.debugDescription) -> \(again)")
        }
        guard again.description == canonical else { fatalError("description is not a fixed point") }
    } catch {
        fatalError("description \(canonical.debugDescription) of \(text.debugDescription) does not parse: \(error)")
    }
    // The derived views agree with the parameters.
    for key in url.visibleKeys where !url.isVisible(key) {
        fatalError("visibleKeys lists \(key.debugDescription), which is not visible")
    }
    return 0
}
