import Testing

@testable import PlugboardCore

/// One text for one value: what keys the screen cache and writes a state URL's data.
@Suite struct JSONCanonicalTests {
    static func canonical(_ text: String) throws -> String { try JSONParser.parse(text).value.canonicalText() }

    @Test(arguments: [
        (#"{"title":"T","id":"a9"}"#, #"{"id":"a9","title":"T"}"#),
        (#"{"b":{"d":1,"c":[{"y":2,"x":1}]},"a":null}"#, #"{"a":null,"b":{"c":[{"x":1,"y":2}],"d":1}}"#),
        (#"[1.0, 1e0, 10E-1, -0, 2.50, 1e300]"#, #"[1,1,1,0,2.5,1e+300]"#),
        (#"{"a":1,"a":2}"#, #"{"a":2}"#),  // a repeated key: the last value, as readers see it
        (#""\u00e9\/""#, #""é/""#),
        ("9007199254740993", "9007199254740993"),  // an exact integer beyond 2^53 stays exact
    ])
    func equalValuesShareOneText(written: String, canonical: String) throws {
        #expect(try Self.canonical(written) == canonical)
    }

    @Test func keysSortByTheirBytesNotTheirLocale() throws {
        #expect(try Self.canonical(#"{"é":1,"z":2,"Z":3}"#) == #"{"Z":3,"z":2,"é":1}"#)
    }
}
