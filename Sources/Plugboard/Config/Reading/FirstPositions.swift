extension Collection where Index == Int {
    /// The position of each key's first element: the index behind lookups by id, where the first
    /// element with an id wins (as a scan from the start would find it).
    func firstPositions(by key: (Element) -> String) -> [String: Int] {
        var positions = [String: Int](minimumCapacity: count)
        for (position, element) in zip(indices, self) where positions[key(element)] == nil {
            positions[key(element)] = position
        }
        return positions
    }
}
