import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// `plugboard route`, through the built executable, without an app folder.
@Suite struct RouteCommandTests {
    @Test func parsePrintsComponentsDataAndParameters() throws {
        let result = try runPlugboard([
            "route", "parse", "app://home/shows/show-details::harbour%20lights?menu=v&video=", "--log-level", "error",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "home\nshows\nshow-details :: harbour lights\n?menu = v\n?video =\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func parsePrintsJSON() throws {
        let result = try runPlugboard(["route", "parse", "app://home/show::2?menu=vu&epg=", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["scheme"] as? String == "app")
        let components = try #require(object["components"] as? [[String: Any]])
        #expect(components.map { $0["key"] as? String } == ["home", "show"])
        #expect(components[0]["data"] is NSNull)
        #expect(components[1]["data"] as? String == "2")
        #expect(object["parameters"] as? [String: String] == ["menu": "vu", "epg": ""])
    }

    @Test func diffPrintsTheUpdatesInOrder() throws {
        let result = try runPlugboard(["route", "diff", "app://home/show::2?menu=v", "app://home/show::3?video=v"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "hide menu\npop show::2\npush show::3\nshow video (v)\n")
    }

    @Test func diffPrintsJSON() throws {
        let result = try runPlugboard(["route", "diff", "app://home?menu=v", "app://news/epg?video=va", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let updates = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(updates.map { $0["op"] as? String } == ["hide", "replace", "push", "show"])
        #expect(updates.map { $0["key"] as? String } == ["menu", "news", "epg", "video"])
        #expect(updates[0]["options"] as? String == "" && updates[0]["data"] is NSNull)
        #expect(updates[1]["options"] is NSNull && updates[1]["data"] is NSNull)
        #expect(updates[3]["options"] as? String == "va")
        #expect(updates.allSatisfy { Set($0.keys) == ["op", "key", "data", "options"] })
    }

    @Test func aBadURLIsOneLineWithItsColumnAndExitStatus1() throws {
        let result = try runPlugboard(["route", "diff", "app://home", "app://home?menu=x"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.errorLines == [
                "Error: app://home?menu=x: column 17: 'x' is not an option letter (v visible, u unanimated, a asynchronous)"
            ])
        let parse = try runPlugboard(["route", "parse", "home/show::2"])
        #expect(parse.status == 1 && parse.hasNoBacktrace)
        #expect(
            parse.errorLines.count == 1 && parse.errorLines[0].hasPrefix("Error: home/show::2: column 1: no scheme"))
    }
}
