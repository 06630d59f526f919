extension Collection where Index == Int {
    /// The position of each key's first element: the index behind lookups by id, where the first
    /// element with an id wins (as a scan from the start would find it).
    ///
    /// By index, and with one hash per element: a `zip` loop copied every element whole (a
    /// plugin entry or screen, every field retained) and hashed each key twice.
    func firstPositions(by key: (Element) -> String) -> [String: Int] {
        var positions = [String: Int](minimumCapacity: count)
        for position in indices {
            let key = key(self[position])
            if let first = positions.updateValue(position, forKey: key) { positions[key] = first }
        }
        return positions
    }
}
