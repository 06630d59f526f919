import Foundation

/// Reads lines from an interactive terminal with editing and history: ← → to move, ↑ ↓ for
/// earlier lines, backspace and delete, Ctrl-A / Ctrl-E (or Home / End) for start / end, Ctrl-U
/// to clear, Ctrl-D on an empty line or Ctrl-C to leave. The terminal is put in raw mode while a
/// line is read, and restored (signals are off meanwhile, so Ctrl-C cannot leave it raw).
struct LineEditor: Sequence, IteratorProtocol {
    let prompt: String
    private var history: [String] = []

    init(prompt: String) { self.prompt = prompt }

    mutating func next() -> String? {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return readLine() }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &original) }

        var line: [Character] = []
        var cursor = 0
        var recalled = history.count
        func redraw() {
            write("\r\u{1B}[2K" + prompt + String(line))
            let back = line.count - cursor
            if back > 0 { write("\u{1B}[\(back)D") }
        }
        redraw()
        while let byte = readByte() {
            switch byte {
            case 10, 13:  // enter
                write("\n")
                let text = String(line)
                if !text.trimmingCharacters(in: .whitespaces).isEmpty, history.last != text { history.append(text) }
                return text
            case 3:  // Ctrl-C: the process would die with the terminal raw; leave instead
                write("^C\n")
                return nil
            case 4:  // Ctrl-D
                if line.isEmpty {
                    write("\n")
                    return nil
                }
            case 1: cursor = 0  // Ctrl-A
            case 5: cursor = line.count  // Ctrl-E
            case 21:  // Ctrl-U
                line.removeAll()
                cursor = 0
            case 127, 8:  // backspace
                if cursor > 0 {
                    line.remove(at: cursor - 1)
                    cursor -= 1
                }
            case 27:  // escape sequence: arrows, Home / End, Delete (CSI "ESC [" or SS3 "ESC O")
                guard let kind = readByte(), kind == 91 || kind == 79, var code = readByte() else { break }
                var parameter = ""
                while kind == 91, (48...59).contains(code) {  // digits and ';' before the final byte
                    parameter.append(Character(UnicodeScalar(code)))
                    guard let next = readByte() else { break }
                    code = next
                }
                switch code {
                case 65 where recalled > 0:  // up
                    recalled -= 1
                    line = Array(history[recalled])
                    cursor = line.count
                case 66 where recalled < history.count:  // down
                    recalled += 1
                    line = recalled < history.count ? Array(history[recalled]) : []
                    cursor = line.count
                case 67: cursor = Swift.min(line.count, cursor + 1)  // right
                case 68: cursor = Swift.max(0, cursor - 1)  // left
                case 72: cursor = 0  // Home
                case 70: cursor = line.count  // End
                case 126 where parameter == "1" || parameter == "7": cursor = 0  // Home
                case 126 where parameter == "4" || parameter == "8": cursor = line.count  // End
                case 126 where parameter == "3" && cursor < line.count: line.remove(at: cursor)  // Delete
                default: break
                }
            case 32...126:
                line.insert(Character(UnicodeScalar(byte)), at: cursor)
                cursor += 1
            case 0xC2...0xF4:  // the lead byte of a UTF-8 sequence: read the rest, insert the character
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                var bytes = [byte]
                while bytes.count < length, let next = readByte(), next & 0xC0 == 0x80 { bytes.append(next) }
                if bytes.count == length, let text = String(validating: bytes, as: UTF8.self) {
                    for character in text {
                        line.insert(character, at: cursor)
                        cursor += 1
                    }
                }
            default: break
            }
            redraw()
        }
        return nil
    }

    private func readByte() -> UInt8? {
        var byte: UInt8 = 0
        return read(STDIN_FILENO, &byte, 1) == 1 ? byte : nil
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
