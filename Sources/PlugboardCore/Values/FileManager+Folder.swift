import Foundation

extension FileManager {
    /// True when `path` names a folder (following links): what every command that takes an app
    /// folder checks first, to say "'PATH' is not a folder" rather than what reading it finds.
    package func isFolder(atPath path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
