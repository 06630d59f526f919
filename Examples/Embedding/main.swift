import Foundation
import Plugboard

// Hosts the app in FOLDER with the plugin libraries in DIRECTORY: opens a link, prints the
// state, goes back and draws the screen. Usage: plugboard-embedding-example FOLDER DIRECTORY
let folder = URL(fileURLWithPath: CommandLine.arguments[1])
let app = try PlugboardApp(folder: folder, searchPath: LibrarySearchPath([CommandLine.arguments[2]]))
try app.open(urlText: "app://home/shows")
print("after the link:", app.stateURL, "shows", app.state.visibleScreen ?? "nothing")
_ = app.back()
print(TextRenderer.render(app, terminal: TerminalSize(columns: 80, rows: 24)))
app.shutdown()
