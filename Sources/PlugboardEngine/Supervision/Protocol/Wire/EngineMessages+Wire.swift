import PlugboardConfig
import PlugboardNavigation
import PlugboardRender

// The engine protocol's messages in the wire format (`WireCodable`). Each type writes its
// fields in declaration order; an enum writes its case's tag (its position in the switch
// below, which the compiler keeps exhaustive) and then the case's values.

extension EngineCall: WireCodable {
    package func write(to writer: inout WireWriter) {
        writer.write(request)
        writer.write(drawing?.rawValue)
    }

    package init(from reader: inout WireReader) throws(WireError) {
        let request = try EngineRequest(from: &reader)
        let drawing = try reader.bool() ? try reader.raw(DrawingFormat.self) : nil
        self.init(request, drawing: drawing)
    }
}

extension EngineRequest: WireCodable {
    package func write(to writer: inout WireWriter) {
        switch self {
        case .tap(let reference):
            writer.write(UInt8(0))
            writer.write(reference)
        case .unanimated(let request):
            writer.write(UInt8(1))
            writer.write(request)
        case .back: writer.write(UInt8(2))
        case .close: writer.write(UInt8(3))
        case .menu: writer.write(UInt8(4))
        case .select(let id):
            writer.write(UInt8(5))
            writer.write(id)
        case .device(let kind):
            writer.write(UInt8(6))
            writer.write(kind.rawValue)
        case .scroll(let offset, let relative):
            writer.write(UInt8(7))
            writer.write(offset)
            writer.write(relative)
        case .swipe(let gesture):
            writer.write(UInt8(8))
            writer.write(gesture)
        case .route(let steps):
            writer.write(UInt8(9))
            writer.write(steps)
        case .wait(let milliseconds):
            writer.write(UInt8(10))
            writer.write(milliseconds)
        case .clock(let mode):
            writer.write(UInt8(11))
            writer.write(mode.rawValue)
        case .open(let url):
            writer.write(UInt8(12))
            writer.write(url)
        case .showScreen(let id):
            writer.write(UInt8(13))
            writer.write(id)
        case .routes(let changes):
            writer.write(UInt8(14))
            writer.writeJSON(changes)
        case .show: writer.write(UInt8(15))
        case .more: writer.write(UInt8(16))
        case .state: writer.write(UInt8(17))
        case .events: writer.write(UInt8(18))
        case .exports: writer.write(UInt8(19))
        case .call(let plugin, let name, let arguments):
            writer.write(UInt8(20))
            writer.write(plugin)
            writer.write(name)
            writer.write(arguments)
        case .report(let json):
            writer.write(UInt8(21))
            writer.write(json)
        case .probe(let path, let json):
            writer.write(UInt8(22))
            writer.write(path)
            writer.write(json)
        case .terminal(let size):
            writer.write(UInt8(23))
            writer.write(size != nil)
            if let size {
                writer.write(size.columns)
                writer.write(size.rows)
            }
        }
    }

    package init(from reader: inout WireReader) throws(WireError) {
        let start = reader
        switch try reader.byte() {
        case 0: self = .tap(try TapReference(from: &reader))
        case 1:
            // Writers nest a few deep (the simulator makes a request unanimated again when no
            // page listens); the bound keeps a malformed message from recursing without end.
            guard reader.depth < WireReader.maximumDepth else {
                throw start.error("a request nested at most \(WireReader.maximumDepth) deep")
            }
            reader.depth += 1
            defer { reader.depth -= 1 }
            self = .unanimated(try EngineRequest(from: &reader))
        case 2: self = .back
        case 3: self = .close
        case 4: self = .menu
        case 5: self = .select(try reader.string())
        case 6: self = .device(try reader.raw(DeviceProfile.Kind.self))
        case 7: self = .scroll(try reader.double(), relative: try reader.bool())
        case 8: self = .swipe(try SwipeGesture(from: &reader))
        case 9: self = .route(try reader.values(RouteStep.self))
        case 10: self = .wait(try reader.double())
        case 11: self = .clock(try reader.raw(TransitionClock.Mode.self))
        case 12: self = .open(try reader.string())
        case 13: self = .showScreen(try reader.string())
        case 14: self = .routes(try reader.json([AppRoutes.Change].self))
        case 15: self = .show
        case 16: self = .more
        case 17: self = .state
        case 18: self = .events
        case 19: self = .exports
        case 20: self = .call(plugin: try reader.string(), name: try reader.string(), arguments: try reader.string())
        case 21: self = .report(json: try reader.bool())
        case 22: self = .probe(path: try reader.string(), json: try reader.bool())
        case 23:
            self = .terminal(try reader.bool() ? TerminalSize(columns: try reader.int(), rows: try reader.int()) : nil)
        default: throw start.error("a request's tag")
        }
    }
}

extension TapReference: WireCodable {
    package func write(to writer: inout WireWriter) {
        switch self {
        case .number(let number):
            writer.write(UInt8(0))
            writer.write(number)
        case .identifier(let identifier):
            writer.write(UInt8(1))
            writer.write(identifier)
        }
    }

    package init(from reader: inout WireReader) throws(WireError) {
        let start = reader
        switch try reader.byte() {
        case 0: self = .number(try reader.int())
        case 1: self = .identifier(try reader.string())
        default: throw start.error("a tap target's tag")
        }
    }
}

extension SwipeGesture: WireCodable {
    package func write(to writer: inout WireWriter) {
        writer.write(direction.rawValue)
        writer.write(from)
        writer.write(progress)
        writer.write(velocity)
    }

    package init(from reader: inout WireReader) throws(WireError) {
        self.init(
            try reader.raw(Direction.self), from: try reader.optionalDouble(), progress: try reader.double(),
            velocity: try reader.double())
    }
}

extension RouteStep: WireCodable {
    package func write(to writer: inout WireWriter) {
        switch self {
        case .open(let url):
            writer.write(UInt8(0))
            writer.write(url)
        case .push(let key, let data):
            writer.write(UInt8(1))
            writer.write(key)
            writer.write(data)
        case .root(let key, let data):
            writer.write(UInt8(2))
            writer.write(key)
            writer.write(data)
        case .present(let key):
            writer.write(UInt8(3))
            writer.write(key)
        case .dismiss(let key):
            writer.write(UInt8(4))
            writer.write(key)
        case .pop(let count):
            writer.write(UInt8(5))
            writer.write(count)
        }
    }

    package init(from reader: inout WireReader) throws(WireError) {
        let start = reader
        switch try reader.byte() {
        case 0: self = .open(try reader.string())
        case 1: self = .push(key: try reader.string(), data: try reader.optionalString())
        case 2: self = .root(key: try reader.string(), data: try reader.optionalString())
        case 3: self = .present(try reader.string())
        case 4: self = .dismiss(try reader.string())
        case 5: self = .pop(try reader.int())
        default: throw start.error("a route step's tag")
        }
    }
}

extension EngineMessage: WireCodable {
    package func write(to writer: inout WireWriter) {
        switch self {
        case .ready(let ready):
            writer.write(UInt8(0))
            writer.write(ready)
        case .fatal(let why):
            writer.write(UInt8(1))
            writer.write(why)
        case .reply(let reply):
            writer.write(UInt8(2))
            writer.write(reply)
        }
    }

    package init(from reader: inout WireReader) throws(WireError) {
        let start = reader
        switch try reader.byte() {
        case 0: self = .ready(try EngineReady(from: &reader))
        case 1: self = .fatal(try reader.string())
        case 2: self = .reply(try EngineReply(from: &reader))
        default: throw start.error("a message's tag")
        }
    }
}

extension EngineReady: WireCodable {
    package func write(to writer: inout WireWriter) {
        writer.write(startup)
        writer.write(stateURL)
        writer.write(startFailure)
        writer.writeOptionalJSON(failures.isEmpty ? nil : failures)
        writer.write(sandboxGaps)
        writer.write(lastLibrary)
    }

    package init(from reader: inout WireReader) throws(WireError) {
        self.init(startup: try reader.strings(), stateURL: try reader.string())
        startFailure = try reader.optionalString()
        failures = try reader.optionalJSON([ContainedFailure].self) ?? []
        sandboxGaps = try reader.strings()
        lastLibrary = try reader.optionalString()
    }
}

extension EngineReply: WireCodable {
    package func write(to writer: inout WireWriter) {
        writer.write(succeeded)
        writer.write(text)
        writer.write(drawing)
        writer.write(stateURL)
        writer.write(state.map { stateJSON ?? ShellSession.json($0, pretty: false) })
        writer.write(events)
        writer.writeOptionalJSON(failures.isEmpty ? nil : failures)
        writer.write(urlsToOpen)
        writer.write(lastLibrary)
        writer.writeOptionalJSON(routeChanges)
    }

    package init(from reader: inout WireReader) throws(WireError) {
        self.init(succeeded: try reader.bool(), text: try reader.string())
        drawing = try reader.optionalString()
        stateURL = try reader.string()
        if try reader.bool() {
            let (state, text) = try reader.jsonAndText(EngineState.self)
            self.state = state
            stateJSON = text
        }
        events = try reader.values(AppEvent.self)
        failures = try reader.optionalJSON([ContainedFailure].self) ?? []
        urlsToOpen = try reader.strings()
        lastLibrary = try reader.optionalString()
        routeChanges = try reader.optionalJSON([AppRoutes.Change].self)
    }
}

extension AppEvent: WireCodable {
    package func write(to writer: inout WireWriter) {
        writer.write(name)
        writer.write(subject)
        writer.write(detail)
    }

    package init(from reader: inout WireReader) throws(WireError) {
        self.init(try reader.string(), try reader.string(), detail: try reader.optionalString())
    }
}
