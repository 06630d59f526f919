/// Every test of `plugboard check`, in the order they run. `--list` prints it.
package enum Catalogue {
    package static let tests: [ConformanceTest] =
        LibraryTests.all + DescriptorTests.all + InstanceTests.all + [ModelQueryTests.modelQueries] + ScreenTests.all
        + ScreenExtensionTests.all
        + NavigationBarTests.all
        + [BarSequenceTests.screenSequence, PlacementAreaTests.placementArea]
        + RootTests.all + ExportTests.all + FuzzTests.all

    package static func test(_ id: String) -> ConformanceTest? { tests.first { $0.id == id } }

    /// What each strictness level adds, for `--help`, `--list` and the docs.
    package static let levels: [(level: Int, adds: String)] = [
        (1, "the promises without which no app can run: loading, entry, descriptors, create and init, view, lifecycle"),
        (
            2,
            "reference-counted init, unknown factories, empty models, layout sizes, context buttons, titles, menu items, "
                + "screen extensions (transitions, gestures, own bar)"
        ),
        (
            3,
            "semantic versions, extra exported symbols, refused view calls, threads, navigation buttons, a bar walked "
                + "through a sequence of screens, root extensions, the bar's area on every profile"
        ),
        (4, "leaked views, taps on screens, customisation applied"),
        (5, "the default: every nav-bar customisation combination"),
        (7, "dynamic exports called with generated arguments"),
        (8, "fuzzing: random and mutated models, random call walks (25 cases each)"),
        (9, "more fuzzing (100 cases) and more export calls"),
        (10, "the most fuzzing (250 cases)"),
    ]
}
