// swift-tools-version: 6.1
// __DISPLAY__ — a Plugboard plugin in Swift (made by `plugboard new`): a dynamic library the host
// opens with dlopen, built on PlugboardSDK from the Plugboard checkout below.
//   swift build   -> .build/debug/lib__PASCAL__.so
import PackageDescription

let package = Package(
    name: "__PASCAL__",
    products: [
        .library(name: "__PASCAL__", type: .dynamic, targets: ["__PASCAL__"])
    ],
    dependencies: [
        .package(name: "Plugboard", path: "__PLUGBOARD__")
    ],
    targets: [
        .target(
            name: "__PASCAL__",
            dependencies: [.product(name: "PlugboardSDK", package: "Plugboard")],
            // Export plugboard_entry only (exports.map).
            linkerSettings: [.unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/exports.map"])]
        )
    ]
)
