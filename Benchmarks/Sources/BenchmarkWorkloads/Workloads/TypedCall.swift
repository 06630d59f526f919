import Plugboard
import PlugboardABI
import PlugboardLoader

/// A typed host → plugin call: the bench screen's `layout` through the host's instance wrapper
/// (the path every lifecycle and layout call takes), against the same C function called through
/// its pointer on an instance the bench made from the factory directly.
enum TypedCall {
    static func make(_ context: BenchContext) throws -> Comparison {
        let (screen, direct) = try DirectScreen.withHostInstance(context)
        let layout = direct.layout
        let instance = direct.instance
        var comparison = Comparison(
            name: "typed-call", summary: "host → plugin call: a screen's layout through the host's wrapper",
            subject: { count in
                for index in 0..<count { screen.layout(width: Double(index), height: 1) }
            },
            baselineName: "the same C function through its pointer",
            baseline: { count in
                for index in 0..<count { layout(instance, Double(index), 1) }
            },
            goal: .ratio(atMost: 1.5))
        comparison.isMicro = true
        return comparison
    }
}

/// A bench screen made straight from the library's factory, no host involved (the bench plugin's
/// `create` and `layout` never call the host): the direct-call baseline.
struct DirectScreen {
    typealias Lifecycle = @convention(c) (UnsafePointer<pb_screen_t>?) -> Void
    let instance: UnsafePointer<pb_screen_t>
    let layout: @convention(c) (UnsafePointer<pb_screen_t>?, Double, Double) -> Void
    /// `will_appear`, `did_appear`, `will_disappear`, `did_disappear`, in that order.
    let lifecycle: [Lifecycle]

    init(_ library: PluginLibrary) throws {
        guard let symbol = library.symbol(PB_ENTRY_SYMBOL),
            let factory = symbol.assumingMemoryBound(to: pb_plugin_entry_t.self).pointee.get_factory(
                PB_SCREEN_FACTORY_ID)?.assumingMemoryBound(to: pb_screen_factory_t.self),
            let instance = factory.pointee.create(factory, nil, "bench_screen", "{}", "{}", nil),
            let layout = instance.pointee.layout, let willAppear = instance.pointee.will_appear,
            let didAppear = instance.pointee.did_appear, let willDisappear = instance.pointee.will_disappear,
            let didDisappear = instance.pointee.did_disappear
        else { throw BenchError("\(library.path): no bench_screen to call directly") }
        self.instance = instance
        self.layout = layout
        lifecycle = [willAppear, didAppear, willDisappear, didDisappear]
    }

    /// The bench screen twice: through the host's instance wrapper, and made directly.
    static func withHostInstance(_ context: BenchContext) throws -> (ScreenInstance, DirectScreen) {
        let library = try PluginLibrary.open(path: context.benchPlugin)
        let screen = try ScreenInstance(
            library: library, pluginID: "bench_screen", environment: PlugboardHost(), pluginJSON: "{}",
            screenJSON: "{}", dataSourceJSON: nil)
        return (screen, try DirectScreen(library))
    }
}
