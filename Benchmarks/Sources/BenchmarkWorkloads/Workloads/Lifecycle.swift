import Plugboard
import PlugboardABI
import PlugboardLoader

/// A screen appearing and disappearing: `will_appear`, `did_appear`, `will_disappear` and
/// `did_disappear` through the host (`ScreenInstance.appear` and `disappear`, which keep the
/// calls in order and track each as the plugin's), against the same four C functions called
/// through their pointers.
enum Lifecycle {
    static func make(_ context: BenchContext) throws -> Comparison {
        let (screen, direct) = try DirectScreen.withHostInstance(context)
        let (instance, calls) = (direct.instance, direct.lifecycle)
        let (willAppear, didAppear, willDisappear, didDisappear) = (calls[0], calls[1], calls[2], calls[3])
        var comparison = Comparison(
            name: "lifecycle", summary: "a screen's four lifecycle calls (appear, disappear) through the host",
            subject: { count in
                for _ in 0..<count {
                    screen.appear()
                    screen.disappear()
                }
            },
            baselineName: "the same four C functions through their pointers",
            baseline: { count in
                for _ in 0..<count {
                    willAppear(instance)
                    didAppear(instance)
                    willDisappear(instance)
                    didDisappear(instance)
                }
            },
            goal: .ratio(atMost: 1.5))
        comparison.isMicro = true
        return comparison
    }
}
