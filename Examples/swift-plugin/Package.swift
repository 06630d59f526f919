// swift-tools-version: 6.1
// An out-of-tree Plugboard plugin in Swift: its own package, depending on PlugboardSDK by path.
import PackageDescription

let package = Package(
    name: "ExampleSwiftPlugin",
    products: [
        // A plugin is a shared library the host opens with dlopen.
        .library(name: "ExampleSwiftPlugin", type: .dynamic, targets: ["ExampleSwiftPlugin"])
    ],
    dependencies: [
        // The Plugboard checkout this example lives in; a plugin elsewhere points at its own copy.
        .package(name: "Plugboard", path: "../..")
    ],
    targets: [
        .target(
            name: "ExampleSwiftPlugin",
            dependencies: [.product(name: "PlugboardSDK", package: "Plugboard")]
        )
    ]
)
