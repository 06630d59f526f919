import Testing

@testable import PlugboardCore

/// Every way a document can be rejected, with the exact position and message a user will see.
struct SyntaxErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let input: [UInt8]
        let line: Int
        let column: Int
        let message: String

        init(_ input: String, _ line: Int, _ column: Int, _ message: String) {
            self.init(bytes: Array(input.utf8), line, column, message)
        }

        init(bytes: [UInt8], _ line: Int, _ column: Int, _ message: String) {
            self.input = bytes
            self.line = line
            self.column = column
            self.message = message
        }

        var testDescription: String { String(decoding: input.prefix(40), as: UTF8.self).debugDescription }
    }

    static let cases: [Case] = [
        // Missing or extra values.
        Case("", 1, 1, "expected a value but found end of input"),
        Case("  \n  ", 2, 3, "expected a value but found end of input"),
        Case("[1] x", 1, 5, "expected end of input but found \"x\""),
        Case("1 2", 1, 3, "expected end of input but found \"2\""),
        Case("{} {}", 1, 4, "expected end of input but found \"{\""),
        // Trailing and doubled commas point at the token after the comma.
        Case("[1,]", 1, 4, "expected a value but found \"]\""),
        Case("{\"a\":1,}", 1, 8, "expected a string key but found \"}\""),
        Case("{\n  \"a\": 1,\n}", 3, 1, "expected a string key but found \"}\""),
        Case("[1,,2]", 1, 4, "expected a value but found \",\""),
        Case("[,1]", 1, 2, "expected a value or \"]\" but found \",\""),
        // Arrays.
        Case("[", 1, 2, "expected a value or \"]\" but found end of input"),
        Case("[1", 1, 3, "expected \",\" or \"]\" but found end of input"),
        Case("[1 2]", 1, 4, "expected \",\" or \"]\" but found \"2\""),
        Case("[1}", 1, 3, "expected \",\" or \"]\" but found \"}\""),
        // Objects.
        Case("{", 1, 2, "expected a string key or \"}\" but found end of input"),
        Case("{a:1}", 1, 2, "expected a string key or \"}\" but found \"a\""),
        Case("{'a':1}", 1, 2, "expected a string key or \"}\" but found \"'\""),
        Case("{\"a\"", 1, 5, "expected \":\" but found end of input"),
        Case("{\"a\" 1}", 1, 6, "expected \":\" but found \"1\""),
        Case("{\"a\"=1}", 1, 5, "expected \":\" but found \"=\""),
        Case("{\"a\":}", 1, 6, "expected a value but found \"}\""),
        Case("{\"a\":1 \"b\":2}", 1, 8, "expected \",\" or \"}\" but found a string"),
        Case("{\"a\":1]", 1, 7, "expected \",\" or \"}\" but found \"]\""),
        Case("{\"a\":1", 1, 7, "expected \",\" or \"}\" but found end of input"),
        Case("{1:2}", 1, 2, "expected a string key or \"}\" but found \"1\""),
        // Literals: only lowercase true, false, null, and not as part of a longer word.
        Case("tru", 1, 1, "expected a value but found \"tru\""),
        Case("truex", 1, 1, "expected a value but found \"truex\""),
        Case("[nul]", 1, 2, "expected a value or \"]\" but found \"nul\""),
        Case("True", 1, 1, "expected a value but found \"True\""),
        Case("NULL", 1, 1, "expected a value but found \"NULL\""),
        Case("[1,NaN]", 1, 4, "expected a value but found \"NaN\""),
        Case("Infinity", 1, 1, "expected a value but found \"Infinity\""),
        Case("undefined", 1, 1, "expected a value but found \"undefined\""),
        // Numbers.
        Case("01", 1, 1, "expected a number without leading zeros but found \"01\""),
        Case("[-007]", 1, 2, "expected a number without leading zeros but found \"-007\""),
        Case("-", 1, 2, "expected a digit after \"-\" but found end of input"),
        Case("-Infinity", 1, 2, "expected a digit after \"-\" but found \"Infinity\""),
        Case("- 1", 1, 2, "expected a digit after \"-\" but found \" \""),
        Case("+1", 1, 1, "expected a value but found \"+1\""),
        Case(".5", 1, 1, "expected a value but found \".5\""),
        Case("1.", 1, 3, "expected a digit after \".\" but found end of input"),
        Case("1.e5", 1, 3, "expected a digit after \".\" but found \"e5\""),
        Case("1e", 1, 3, "expected a digit in the exponent but found end of input"),
        Case("1E+", 1, 4, "expected a digit in the exponent but found end of input"),
        Case("[1e-x]", 1, 5, "expected a digit in the exponent but found \"x\""),
        Case("0x1F", 1, 2, "expected end of input but found \"x1F\""),
        Case("1.5.3", 1, 4, "expected end of input but found \".3\""),
        // Comments and other non-JSON syntax.
        Case("// note\n1", 1, 1, "expected a value but found \"/\""),
        Case("[1, /* note */ 2]", 1, 5, "expected a value but found \"/\""),
        Case("'a'", 1, 1, "expected a value but found \"'\""),
        Case("[\u{201C}a\u{201D}]", 1, 2, "expected a value or \"]\" but found \"\u{201C}\""),
        Case("[\u{0B}1]", 1, 2, "expected a value or \"]\" but found the control character U+000B"),
        Case("[1]\u{00}", 1, 4, "expected end of input but found the control character U+0000"),
        // Strings.
        Case("\"abc", 1, 5, "expected a closing quote but found end of input"),
        Case("[\"ab\ncd\"]", 1, 5, "expected a closing quote but found a line break"),
        Case(
            "\"a\u{09}b\"", 1, 3,
            "expected a closing quote or an escaped character but found the control character U+0009"),
        Case(
            "\"\u{1F}\"", 1, 2,
            "expected a closing quote or an escaped character but found the control character U+001F"),
        Case("\"\\x\"", 1, 2, "expected a valid escape sequence but found \"\\x\""),
        Case("\"\\'\"", 1, 2, "expected a valid escape sequence but found \"\\'\""),
        Case("\"ab\\", 1, 4, "expected a valid escape sequence but found \"\\\""),
        Case("\"\\u12G4\"", 1, 2, "expected a valid escape sequence but found \"\\u12G\""),
        Case("\"\\u12\"", 1, 2, "expected a valid escape sequence but found \"\\u12\""),
        Case("\"\\u\"", 1, 2, "expected a valid escape sequence but found \"\\u\""),
        Case("\"\\U0041\"", 1, 2, "expected a valid escape sequence but found \"\\U\""),
        // Surrogates must come in high-low pairs.
        Case("\"\\uD800\"", 1, 8, "expected a low surrogate escape after \"\\uD800\" but found the closing quote"),
        Case("\"\\uD83Dx\"", 1, 8, "expected a low surrogate escape after \"\\uD83D\" but found \"x\""),
        Case("\"\\uD800\\u0041\"", 1, 8, "expected a low surrogate escape after \"\\uD800\" but found \"\\u0041\""),
        Case("\"\\uD800\\uD800\"", 1, 8, "expected a low surrogate escape after \"\\uD800\" but found \"\\uD800\""),
        Case("\"\\uD800\\n\"", 1, 8, "expected a low surrogate escape after \"\\uD800\" but found \"\\\""),
        Case("\"\\uDC00\"", 1, 2, "found the low surrogate \"\\uDC00\" without a high surrogate before it"),
        Case("\"a\\udfff\"", 1, 3, "found the low surrogate \"\\udfff\" without a high surrogate before it"),
        // Invalid UTF-8 is reported at the first byte of the broken sequence.
        Case(bytes: [0x22, 0x61, 0xFF, 0x22], 1, 3, "expected valid UTF-8 but found the byte 0xFF"),
        Case(bytes: [0x22, 0x80, 0x22], 1, 2, "expected valid UTF-8 but found the byte 0x80"),
        Case(bytes: [0x22, 0xC0, 0x80, 0x22], 1, 2, "expected valid UTF-8 but found the byte 0xC0"),
        Case(bytes: [0x22, 0xE0, 0x80, 0x80, 0x22], 1, 2, "expected valid UTF-8 but found the bytes 0xE0 0x80"),
        Case(bytes: [0x22, 0xE2, 0x28, 0xA1, 0x22], 1, 2, "expected valid UTF-8 but found the bytes 0xE2 0x28"),
        Case(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], 1, 2, "expected valid UTF-8 but found the bytes 0xED 0xA0"),
        Case(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, 2, "expected valid UTF-8 but found the bytes 0xF4 0x90"),
        Case(bytes: [0x22, 0xE2, 0x82], 1, 2, "expected valid UTF-8 but found the bytes 0xE2 0x82"),
        Case(bytes: [0x5B, 0xFE, 0x5D], 1, 2, "expected a value or \"]\" but found the byte 0xFE"),
        // Columns count Unicode scalars, not bytes; line breaks may be LF, CRLF or CR.
        Case("[\"é\", x]", 1, 7, "expected a value but found \"x\""),
        Case("[\"日本\",\"😀\",]", 1, 11, "expected a value but found \"]\""),
        Case("[\"\\u00e9\", x]", 1, 12, "expected a value but found \"x\""),
        Case("[\r\n1,\r\n]", 3, 1, "expected a value but found \"]\""),
        Case("[\r1,\r]", 3, 1, "expected a value but found \"]\""),
        Case("[\n\t\t1,\n\t]", 3, 2, "expected a value but found \"]\""),
        Case("\"é\"\n \"é\"", 2, 2, "expected end of input but found a string"),
        // A byte-order mark is skipped and does not count as a column; one elsewhere is an error.
        Case(bytes: [0xEF, 0xBB, 0xBF] + Array("[1,]".utf8), 1, 4, "expected a value but found \"]\""),
        Case("[\u{FEFF}1]", 1, 2, "expected a value or \"]\" but found \"\u{FEFF}\""),
    ]

    @Test(arguments: cases)
    func reportsPositionAndMessage(_ testCase: Case) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(testCase.input) }
        do {
            _ = try JSONParser.parse(testCase.input)
        } catch {
            #expect(error.message == testCase.message)
            #expect(error.position == SourcePosition(line: testCase.line, column: testCase.column))
            #expect(error.description == "\(testCase.line):\(testCase.column): \(testCase.message)")
        }
    }

    @Test func nestingDeeperThanTheLimitIsAnErrorNotACrash() throws {
        let atLimit = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        _ = try JSONParser.parse(atLimit)

        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = try #require(throws: JSONSyntaxError.self) { try JSONParser.parse(tooDeep) }
        #expect(error.position == SourcePosition(line: 1, column: 513))
        #expect(error.message == "exceeded the maximum nesting depth of 512")

        let objects = String(repeating: "{\"a\":", count: 100_000)
        let deepError = try #require(throws: JSONSyntaxError.self) { try JSONParser.parse(objects) }
        #expect(deepError.position == SourcePosition(line: 1, column: 512 * 5 + 1))
    }

    @Test func nestingLimitCanBeChanged() throws {
        _ = try JSONParser.parse("[[1]]", maximumDepth: 2)
        let error = try #require(throws: JSONSyntaxError.self) { try JSONParser.parse("[{\"a\":[]}]", maximumDepth: 2) }
        #expect(error.position == SourcePosition(line: 1, column: 7))
        #expect(error.message == "exceeded the maximum nesting depth of 2")
    }

    @Test func byteOffsetCountsBytes() throws {
        let error = try #require(throws: JSONSyntaxError.self) { try JSONParser.parse("[\"é\", x]") }
        #expect(error.byteOffset == 7)
    }
}
