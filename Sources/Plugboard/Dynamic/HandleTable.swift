/// Pointers a plugin returned (`ptr` results), as the small integers JSON carries instead:
/// `{"handle": 3}`. JSON can only pass back a handle the host gave out, never an address.
final class HandleTable {
    private var pointers: [Int: UnsafeMutableRawPointer] = [:]
    private var next = 1

    func handle(for pointer: UnsafeMutableRawPointer) -> Int {
        if let known = pointers.first(where: { $0.value == pointer })?.key { return known }
        defer { next += 1 }
        pointers[next] = pointer
        return next
    }

    func pointer(for handle: Int) -> UnsafeMutableRawPointer? { pointers[handle] }
}
