import Foundation

/// Reads lines from an interactive terminal with editing and history: ← → to move, ↑ ↓ for
/// earlier lines, backspace, Ctrl-A / Ctrl-E for start / end, Ctrl-U to clear, Ctrl-D on an
/// empty line to leave. The terminal is put in raw mode while a line is read, and restored.
struct LineEditor: Sequence, IteratorProtocol {
    let prompt: String
    private var history: [String] = []

    init(prompt: String) { self.prompt = prompt }

    mutating func next() -> String? {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return readLine() }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON)
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
            case 27:  // escape sequence: arrows
                guard readByte() == 91, let code = readByte() else { break }
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
                default: break
                }
            case 32...126:
                line.insert(Character(UnicodeScalar(byte)), at: cursor)
                cursor += 1
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
