import PlugboardLoader

/// What every instance promises, whatever its kind (screen.h, nav_bar.h, root.h, view.h,
/// macros.h): two-step construction, a stable owned view, layout at any size, NULL for unknown
/// extensions and the same answer for known ones, accepted view calls, the main thread, and
/// clean destruction.
enum InstanceTests {
    static let all: [ConformanceTest] = [
        unknownID, createNoHostCalls, createWithModels, createWithMinimalModels, viewStable, layoutSizes,
        unknownExtension, stableExtensions, viewCallsAccepted, mainThread, viewsBounded, destroyReleasesViews,
    ]

    static let unknownID = ConformanceTest(
        "instance.create-unknown-id", "create with an id the library does not describe returns NULL", strictness: 1,
        scope: ConformanceTest.everyKind
    ) { context in
        let id = try context.plugin.id
        for unknown in ["plugboard.check.unknown", id + "x", String(id.dropLast()), ""] where unknown != id {
            try expect(
                !(try context.createDirectly(id: unknown)), "expected NULL from create(\"\(unknown)\"); got an instance"
            )
        }
    }

    static let createNoHostCalls = ConformanceTest(
        "instance.create-no-host-calls", "create makes no call into the host (that is init's job)", strictness: 1,
        scope: ConformanceTest.everyKind
    ) { context in
        let instance = try context.makeInstance()
        defer { instance.destroy() }
        let during = context.host.hostCalls.filter(\.duringCreate).map(\.function)
        try expect(during.isEmpty, "expected no host call during create; got " + during.joined(separator: ", "))
    }

    static let createWithModels = ConformanceTest(
        "instance.create-models", "create and init succeed with the app's models (minimal valid models for a library)",
        strictness: 1, scope: ConformanceTest.everyKind
    ) { context in
        let plugin = try context.plugin
        switch plugin.kind {
        case .screen:
            var refused: [String] = []
            var declinedAll = true
            for model in plugin.models.screens.isEmpty ? [nil] : plugin.models.screens.map(Optional.some) {
                do {
                    try context.makeScreen(model).destroy()
                } catch let failure as CheckFailure {
                    refused.append("\(failure) (screen \(model.map { String($0.screen.prefix(80)) } ?? "{}"))")
                    declinedAll = declinedAll && failure.declined
                }
            }
            if plugin.models.minimal && declinedAll && refused.count == max(plugin.models.screens.count, 1) {
                // A screen may rightly need a data source of its own (the failable init): said
                // once, with how to check it as it will run, instead of failing every test.
                context.warn(
                    "declined without a data source: create returned NULL for the minimal models, without and with a "
                        + "generic one; give it its own with --data-source FILE (and --screen-model FILE)")
                return
            }
            try expect(refused.count < max(plugin.models.screens.count, 1), refused.first ?? "")
            if !refused.isEmpty && context.subject.app != nil {
                context.warn(
                    "\(refused.count) of the app's screen models give no screen: " + refused.joined(separator: "; "))
            }
        case .navBar:
            for model in plugin.models.navigationBars.isEmpty ? [nil] : plugin.models.navigationBars.map(Optional.some)
            {
                try context.makeBar(navBarJSON: model).destroy()
            }
        case .root: try context.makeRoot(menuJSON: plugin.models.menu).destroy()
        }
    }

    static let createWithMinimalModels = ConformanceTest(
        "instance.create-empty-models",
        "create with empty models ({}) returns an instance or NULL, and init succeeds or fails cleanly",
        strictness: 2, scope: ConformanceTest.everyKind
    ) { context in
        let empty = CheckModels(
            plugin: "{}", screens: [.init(screen: "{}", dataSource: nil)], navigationBars: ["{}"], menu: "{}")
        do {
            try context.makeInstance(models: empty).destroy()
        } catch is CheckFailure {
            // A NULL create or a false init is the failable init? of the seed: allowed.
        }
    }

    static let viewStable = ConformanceTest(
        "instance.view-stable", "after init, view is a live view owned by the instance, the same on every call",
        strictness: 1, scope: ConformanceTest.everyKind
    ) { context in
        let instance = try context.makeInstance()
        defer { instance.destroy() }
        guard let view = instance.view else {
            throw CheckFailure("expected a view after init; view returned PB_VIEW_NONE")
        }
        guard let hostView = context.tree[view] else {
            throw CheckFailure("view returned \(view), which is not a live view")
        }
        try expect(
            hostView.owner == instance.host.owner,
            "expected the view to be owned by the instance; \(view) belongs to \(hostView.owner)")
        instance.layout(width: DeviceSizes.phone.width, height: DeviceSizes.phone.height)
        for _ in 0..<3 {
            try expect(
                instance.view == view,
                "expected view to return \(view) every time; got \(instance.view.map(\.description) ?? "PB_VIEW_NONE")")
        }
    }

    static let layoutSizes = ConformanceTest(
        "instance.layout-sizes", "layout at phone, tablet and zero sizes makes no refused view call", strictness: 2,
        scope: ConformanceTest.everyKind
    ) { context in
        let instance = try context.makeInstance()
        defer { instance.destroy() }
        let start = context.refusalCount
        for size in DeviceSizes.all {
            instance.layout(width: size.width, height: size.height)
            try context.expectNoRefusals(since: start, during: "in layout(\(size.width), \(size.height))")
        }
        try expect(instance.view.flatMap { context.tree[$0] } != nil, "expected the view to stay live after layout")
    }

    static let unknownExtension = ConformanceTest(
        "instance.unknown-extension", "get_extension of an unknown id returns NULL", strictness: 1,
        scope: ConformanceTest.everyKind
    ) { context in
        let instance = try context.makeInstance()
        defer { instance.destroy() }
        for id in ["plugboard.ext.check-unknown", "", "plugboard.ext.placement.v2", "PLUGBOARD.EXT.PLACEMENT"] {
            try expect(instance.extension(id) == nil, "expected NULL from get_extension(\"\(id)\")")
        }
    }

    static let stableExtensions = ConformanceTest(
        "instance.stable-extensions",
        "get_extension answers the same for every known id before and after a session (the host asks once)",
        strictness: 2, scope: ConformanceTest.everyKind
    ) { context in
        let instance = try context.makeInstance()
        defer { instance.destroy() }
        let ids = LibraryReport.knownExtensions
        let before = ids.map { instance.extension($0) }
        context.exercise(instance)
        let changed = zip(ids, before).filter { id, answer in instance.extension(id) != answer }.map(\.0)
        try expect(
            changed.isEmpty,
            "expected the same get_extension answer after a session; changed: " + changed.joined(separator: ", "))
    }

    static let viewCallsAccepted = ConformanceTest(
        "instance.view-calls-accepted",
        "every view-API call the plugin makes in a whole session is accepted (each refused call is listed)",
        strictness: 3, scope: ConformanceTest.everyKind
    ) { context in
        let instance = try context.makeInstance()
        context.exercise(instance)
        instance.destroy()
        try context.expectNoRefusals(during: "from create to destroy")
    }

    /// The host functions host.h tags [any-thread].
    static let anyThread: Set<String> = ["log", "get_extension"]

    static let mainThread = ConformanceTest(
        "instance.main-thread", "every [main-thread] host call comes from the host's main thread", strictness: 3,
        scope: ConformanceTest.everyKind
    ) { context in
        let instance = try context.makeInstance()
        context.exercise(instance)
        instance.destroy()
        let elsewhere = context.host.hostCalls.filter { !$0.onMainThread && !anyThread.contains($0.function) }
            .map(\.function)
        try expect(
            elsewhere.isEmpty,
            "expected host calls on the main thread only; \(elsewhere.count) came from another thread: "
                + Set(elsewhere).sorted().joined(separator: ", "))
    }

    static let viewsBounded = ConformanceTest(
        "instance.views-bounded",
        "the views an instance owns do not grow while the same session is repeated (a view made per use is released)",
        strictness: 3, scope: ConformanceTest.everyKind
    ) { context in
        let instance = try context.makeInstance()
        defer { instance.destroy() }
        func owned() -> Int { context.tree.allViews.count { $0.owner == instance.host.owner } }
        context.exercise(instance)
        let first = owned()
        let sessions = 5
        for _ in 2...sessions { context.exercise(instance) }
        let last = owned()
        try expect(
            last <= first,
            "expected the views it owns to stay \(first) while the same session is repeated; \(last) after \(sessions) "
                + "sessions (\((last - first) / (sessions - 1)) more each): views made per use and never released")
    }

    static let destroyReleasesViews = ConformanceTest(
        "instance.destroy-releases-views",
        "destroy releases every view the instance made (a warning with the count otherwise)", strictness: 4,
        scope: ConformanceTest.everyKind
    ) { context in
        let instance = try context.makeInstance()
        context.exercise(instance)
        instance.destroy()
        if let left = instance.host.viewsLeftAtDestroy, left > 0 {
            context.warn("\(left) views were still owned after destroy; the host released them")
        }
    }
}
