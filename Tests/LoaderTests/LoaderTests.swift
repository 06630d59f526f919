import Foundation
import PlugboardABI
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardLoader

/// The loader's path from a library name to descriptors, and each of its errors.
@Suite struct LoaderTests {
    let environment = PlugboardHost()

    @Test func resolvesNamesOnTheSearchPathToAbsolutePaths() throws {
        let path = try Built.searchPath.resolve("TestScreenC")
        #expect(path == Built.library("TestScreenC"))
        #expect(try Built.searchPath.resolve("libTestScreenC.so") == path)
        #expect(try Built.searchPath.resolve(path) == path)
    }

    @Test func missingLibraryListsThePlacesSearched() throws {
        let directory = try makeTemporaryDirectory()
        let search = LibrarySearchPath([directory.path, "/nonexistent"])
        #expect(throws: PluginLoadError.self) { try search.resolve("Nope") }
        do {
            _ = try search.resolve("Nope")
        } catch {
            #expect(
                error.description
                    == "plugin library 'Nope' not found; searched: \(directory.path)/Nope, \(directory.path)/Nope.so, "
                    + "\(directory.path)/libNope.so, /nonexistent/Nope, /nonexistent/Nope.so, /nonexistent/libNope.so")
        }
    }

    @Test func readsDescriptorsOfACLibrary() throws {
        let library = try PluginLibrary.open(path: Built.library("TestScreenC"))
        defer { library.release() }
        #expect(library.abiVersion == ABIVersion.host)
        #expect(library.descriptors.map(\.id) == ["test.screen.c", "test.screen.init-fails"])
        let descriptor = try library.descriptor(named: "test.screen.c")
        #expect(descriptor.kind == .screen)
        #expect(descriptor.isScreen)
        #expect(descriptor.name == "Test Screen (C)")
        #expect(descriptor.vendor == "Plugboard")
        #expect(descriptor.version == "1.0.0")
    }

    @Test func aFileThatIsNotASharedObjectIsRefused() throws {
        let fake = try makeTemporaryDirectory().appendingPathComponent("libFake.so")
        try "not an ELF file".write(to: fake, atomically: true, encoding: .utf8)
        let error = #expect(throws: PluginLoadError.self) { try PluginLibrary.open(path: fake.path) }
        guard case .notLoadable(let path, let reason) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(path == fake.path)
        #expect(error!.description.hasPrefix("\(fake.path): not a loadable shared object: "))
        #expect(!reason.isEmpty)
    }

    @Test func missingEntrySymbolIsNamed() throws {
        let path = Built.library("BrokenNoEntry")
        let error = #expect(throws: PluginLoadError.self) { try PluginLibrary.open(path: path) }
        #expect(error == .entrySymbolMissing(path: path, symbol: "plugboard_entry"))
        #expect(
            error?.description
                == "\(path): entry symbol 'plugboard_entry' missing; a plugin library must export it (see plugboard/entry.h)"
        )
    }

    /// Every function of BrokenABIMajor aborts: getting this error at all proves none ran.
    @Test func abiMajorMismatchIsRefusedBeforeAnyPluginCode() throws {
        let path = Built.library("BrokenABIMajor")
        let error = #expect(throws: PluginLoadError.self) { try PluginLibrary.open(path: path) }
        #expect(error == .abiMajorMismatch(path: path, plugin: ABIVersion(major: 99, minor: 0, patch: 0), host: .host))
        #expect(
            error?.description
                == "\(path): plugin ABI 99.0.0 is incompatible with host ABI \(ABIVersion.host) (major 99 ≠ 1); "
                + "rebuild the plugin against plugboard.h 1.x")
    }

    @Test func entryInitReturningFalseIsReported() throws {
        let path = Built.library("BrokenInitFails")
        let error = #expect(throws: PluginLoadError.self) { try PluginLibrary.open(path: path) }
        #expect(error == .initFailed(path: path))
        #expect(error?.description == "\(path): plugboard_entry.init returned false")
    }

    @Test func aMissingFactoryIsReportedWhenAPluginOfThatKindIsAsked() throws {
        let path = Built.library("BrokenNoFactory")
        let library = try PluginLibrary.open(path: path)
        defer { library.release() }
        #expect(library.descriptors.isEmpty)
        let error = #expect(throws: PluginLoadError.self) {
            try ScreenInstance(
                library: library, pluginID: "anything", environment: environment, pluginJSON: "{}", screenJSON: "{}",
                dataSourceJSON: nil)
        }
        #expect(error == .factoryMissing(path: path, factory: PB_SCREEN_FACTORY_ID))
        #expect(
            error?.description
                == "\(path): get_factory(\"plugboard.factory.screen\") returned NULL; the library has no plugin of that kind"
        )
    }

    /// `init` is reference-counted: each open calls it, each release calls deinit, and the
    /// plugin's own counter (read with dlsym) agrees with the host's.
    @Test func entryInitIsReferenceCounted() throws {
        let path = Built.library("BrokenNoFactory")
        typealias Counter = @convention(c) () -> Int32
        let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL)
        let counter = unsafeBitCast(dlsym(handle, "no_factory_init_count"), to: Counter.self)
        let first = try PluginLibrary.open(path: path)
        let before = counter()
        let second = try PluginLibrary.open(path: path)
        #expect(first === second)
        #expect(counter() == before + 1)
        second.release()
        #expect(counter() == before)
        first.release()
    }

    @Test func createReturningNullIsReported() throws {
        let path = Built.library("BrokenCreateNull")
        let library = try PluginLibrary.open(path: path)
        defer { library.release() }
        let error = #expect(throws: PluginLoadError.self) {
            try ScreenInstance(
                library: library, pluginID: "test.screen.create-null", environment: environment, pluginJSON: "{}",
                screenJSON: "{}", dataSourceJSON: nil)
        }
        #expect(error == .createReturnedNull(path: path, plugin: "test.screen.create-null"))
        #expect(error?.description == "\(path): create(\"test.screen.create-null\") returned NULL")
    }

    @Test func instanceInitReturningFalseIsReportedAndDestroys() throws {
        let path = Built.library("TestScreenC")
        let library = try PluginLibrary.open(path: path)
        defer { library.release() }
        let error = #expect(throws: PluginLoadError.self) {
            try ScreenInstance(
                library: library, pluginID: "test.screen.init-fails", environment: environment, pluginJSON: "{}",
                screenJSON: "{}", dataSourceJSON: nil)
        }
        #expect(error == .instanceInitFailed(path: path, plugin: "test.screen.init-fails"))
        #expect(messages(environment, from: "test.screen.init-fails") == ["init (failing)", "destroy"])
    }

    @Test func unknownClassNameListsWhatTheLibraryHas() throws {
        let path = Built.library("TestScreenC")
        let library = try PluginLibrary.open(path: path)
        defer { library.release() }
        let error = #expect(throws: PluginLoadError.self) {
            try library.descriptor(named: "GAEPGContainerViewController")
        }
        #expect(
            error?.description
                == "\(path): no plugin named 'GAEPGContainerViewController' (api.class_name / identifier); "
                + "the library has: test.screen.c, test.screen.init-fails")
        #expect(throws: PluginLoadError.self) { try library.descriptor(named: "test.screen.c", kind: .navBar) }
    }

    @Test func aManifestMatchesByClassNameThenIdentifier() throws {
        let library = try PluginLibrary.open(path: Built.library("TestScreenC"))
        defer { library.release() }
        #expect(
            try library.descriptor(className: "test.screen.c", identifier: "other", kind: .screen).id == "test.screen.c"
        )
        #expect(
            try library.descriptor(className: "Missing", identifier: "test.screen.c", kind: .screen).id
                == "test.screen.c")
        #expect(
            try library.descriptor(className: nil, identifier: "test.screen.c", kind: .screen).id == "test.screen.c")
        #expect(
            throws: PluginLoadError.unknownClassName(
                path: library.path, name: "Missing", available: ["test.screen.c", "test.screen.init-fails"])
        ) {
            try library.descriptor(className: "Missing", identifier: "nope", kind: .screen)
        }
    }

    @Test func theSameIdentifierInTwoLibrariesIsRefused() throws {
        let first = try PluginLibrary.open(path: Built.library("TestScreenC"))
        let second = try PluginLibrary.open(path: Built.library("DuplicateScreenC"))
        defer {
            first.release()
            second.release()
        }
        let error = #expect(throws: PluginLoadError.self) { try PluginCatalog([first, second]) }
        #expect(error == .duplicateIdentifier(id: "test.screen.c", firstPath: first.path, secondPath: second.path))
        #expect(
            error?.description
                == "plugin id 'test.screen.c' is described by two libraries: \(first.path) and \(second.path)")
        let catalog = try PluginCatalog([first])
        #expect(catalog.plugin("test.screen.c")?.library === first)
    }
}
