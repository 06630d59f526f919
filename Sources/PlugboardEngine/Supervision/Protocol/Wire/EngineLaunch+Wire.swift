import PlugboardConfig
import PlugboardCore
import PlugboardLoader
import PlugboardRender

// The launch in the wire format: the supervisor's first message after the handshake. Written by
// hand like the other messages, since `Codable`'s first use in a process (its generic machinery
// made ready) cost the engine about a millisecond before it could start loading the app. Route
// changes, rare and of many shapes, are carried as JSON when there are any.
//
// Every stored property of the launch and of the values in it is written here: a test counts
// them (`EngineProtocolTests.aLaunchCrossesTheWireWhole`), so a new one cannot be left behind.

extension EngineLaunch: WireCodable {
    package func write(to writer: inout WireWriter) {
        writer.write(folder)
        writer.write(pluginsFile)
        writer.write(riversFile)
        writer.write(searchPath.directories)
        writer.write(searchPath.allowsUnsafeFiles)
        writer.write(device?.rawValue)
        writer.write(exclusions.libraries)
        writer.write(exclusions.plugins)
        writer.write(openURLCommand)
        writer.write(opensURLs)
        writer.write(sandbox.network)
        writer.write(sandbox.read)
        writer.write(sandbox.write)
        writer.write(sandbox.memoryLimitMiB)
        writer.write(sandbox.scratchLimitMiB)
        writer.write(sandbox.openFiles)
        writer.write(includesState)
        writer.write(loadsApp)
        writer.write(logLevel)
        writer.write(terminal != nil)
        if let terminal {
            writer.write(terminal.columns)
            writer.write(terminal.rows)
        }
        writer.write(startURL)
        writer.writeOptionalJSON(routeChanges.isEmpty ? nil : routeChanges)
    }

    package init(from reader: inout WireReader) throws(WireError) {
        self.init(folder: try reader.optionalString(), searchPath: LibrarySearchPath([]))
        pluginsFile = try reader.optionalString()
        riversFile = try reader.optionalString()
        searchPath = LibrarySearchPath(try reader.strings(), allowsUnsafeFiles: try reader.bool())
        if try reader.bool() { device = try reader.raw(DeviceProfile.Kind.self) }
        exclusions = PluginExclusions(libraries: try reader.dictionary(), plugins: try reader.dictionary())
        openURLCommand = try reader.optionalString()
        opensURLs = try reader.bool()
        sandbox.network = try reader.bool()
        sandbox.read = try reader.strings()
        sandbox.write = try reader.strings()
        sandbox.memoryLimitMiB = try reader.optionalInt()
        sandbox.scratchLimitMiB = try reader.optionalInt()
        sandbox.openFiles = try reader.optionalInt()
        includesState = try reader.bool()
        loadsApp = try reader.bool()
        logLevel = try reader.string()
        if try reader.bool() { terminal = TerminalSize(columns: try reader.int(), rows: try reader.int()) }
        startURL = try reader.optionalString()
        routeChanges = try reader.optionalJSON([AppRoutes.Change].self) ?? []
    }
}
