/// Parses the signature grammar:
///
///     signature := "(" [ type { "," type } ] ")" "->" type
///     type      := scalar | "{" field { "," field } "}"
///     scalar    := void | bool | i8 | i16 | i32 | i64 | u8 | u16 | u32 | u64 | f32 | f64 | cstr | json | ptr
///
/// `void` only as a result (or alone in "()"); struct fields are numbers or bool; variadic
/// functions ("...") are refused, since the host cannot know their argument types.
package enum SignatureParser {
    /// A parse error at a 1-based column of the signature text.
    package struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        package var column: Int
        package var message: String
        package var description: String { "column \(column): \(message)" }
    }

    package static func parse(_ text: String) throws(Failure) -> Signature {
        var scanner = Scanner(characters: Array(text))
        try scanner.expect("(")
        var parameters: [ValueType] = []
        scanner.skipSpaces()
        if !scanner.peek(")") {
            repeat {
                scanner.skipSpaces()
                if scanner.peek(".") {
                    throw Failure(column: scanner.column, message: "variadic functions are not supported")
                }
                let start = scanner.column
                let type = try scanner.type()
                if type == .void {
                    throw Failure(column: start, message: "void is not a parameter type; write () for no parameters")
                }
                parameters.append(type)
                scanner.skipSpaces()
            } while scanner.take(",")
        }
        try scanner.expect(")")
        try scanner.expect("->")
        scanner.skipSpaces()
        let result = try scanner.type()
        scanner.skipSpaces()
        if !scanner.atEnd {
            throw Failure(column: scanner.column, message: "unexpected \"\(scanner.rest)\" after the result type")
        }
        return Signature(parameters: parameters, result: result)
    }

    private struct Scanner {
        let characters: [Character]
        var index = 0

        var column: Int { index + 1 }
        var atEnd: Bool { index >= characters.count }
        var rest: String { String(characters[index...]) }

        mutating func skipSpaces() { while !atEnd, characters[index].isWhitespace { index += 1 } }

        /// Compared character by character: making a `String` of the characters for each peek
        /// cost thousands of instructions, and every manifest export is parsed on each load.
        func peek(_ token: String) -> Bool {
            var position = index
            for character in token {
                guard position < characters.count, characters[position] == character else { return false }
                position += 1
            }
            return true
        }

        mutating func take(_ token: String) -> Bool {
            guard peek(token) else { return false }
            index += token.count
            return true
        }

        mutating func expect(_ token: String) throws(Failure) {
            skipSpaces()
            guard take(token) else {
                let found = atEnd ? "the end" : "\"\(characters[index])\""
                throw Failure(column: column, message: "expected \"\(token)\" but found \(found)")
            }
        }

        mutating func type() throws(Failure) -> ValueType {
            let start = column
            if take("{") {
                var fields: [ValueType] = []
                repeat {
                    skipSpaces()
                    let fieldStart = column
                    let field = try type()
                    guard field.isStructField else {
                        throw Failure(
                            column: fieldStart, message: "a struct field must be a number or bool, not \(field)")
                    }
                    fields.append(field)
                    skipSpaces()
                } while take(",")
                try expect("}")
                return .structure(fields)
            }
            var word = ""
            while !atEnd, characters[index].isLetter || characters[index].isNumber {
                word.append(characters[index])
                index += 1
            }
            guard let type = ValueType.scalars[word] else {
                let found = word.isEmpty ? (atEnd ? "the end" : "\"\(characters[index])\"") : "\"\(word)\""
                let known = ValueType.scalars.keys.sorted().joined(separator: ", ")
                throw Failure(column: start, message: "expected a type (\(known) or {…}) but found \(found)")
            }
            return type
        }
    }
}
