/// Pointers a plugin returned (`ptr` results), as the small integers JSON carries instead:
/// `{"handle": 3}`. JSON can only pass back a handle the host gave out, never an address.
final class HandleTable {
    private var pointers: [Int: UnsafeMutableRawPointer] = [:]
    private var handles: [UnsafeMutableRawPointer: Int] = [:]
    private var next = 1

    /// The handle of `pointer`: the same one each time the same pointer comes back.
    func handle(for pointer: UnsafeMutableRawPointer) -> Int {
        if let known = handles[pointer] { return known }
        defer { next += 1 }
        pointers[next] = pointer
        handles[pointer] = next
        return next
    }

    func pointer(for handle: Int) -> UnsafeMutableRawPointer? { pointers[handle] }
}
