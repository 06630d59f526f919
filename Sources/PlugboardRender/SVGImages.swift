import Foundation

/// The pictures of image views as the SVG can hold them: files of the app folder (and `data:`
/// URLs) go into the document as `data:` URIs, so the SVG stays one self-contained file; remote
/// ones (there is no fetching) and anything that cannot be read become a placeholder.
///
/// A path is resolved against the app folder: `images/logo.png`, `file:images/logo.png`, or an
/// absolute path or `file:///…` URL inside the folder. Paths that leave the folder (`..`, a
/// symbolic link out of it, an absolute path elsewhere) are not read: the SVG is shown in a
/// browser page and must not carry other files of the machine. A file is embedded when it is
/// at most `maximumBytes` and its first bytes say PNG, JPEG, GIF or WebP, or it is an SVG
/// document (`.svg`, starting with markup).
struct SVGImages {
    /// How an image view's picture is drawn.
    enum Source: Equatable {
        /// A `data:` URI to use as the `<image>`'s `href`.
        case embedded(String)
        /// An http(s) URL: a placeholder.
        case remote
        /// Missing, too big, not an image, outside the app folder, or another scheme: a placeholder.
        case unavailable

        var isEmbedded: Bool {
            if case .embedded = self { return true }
            return false
        }
    }

    static let maximumBytes = 2 * 1024 * 1024

    /// The app folder, symbolic links resolved; nil resolves no paths.
    let folder: URL?
    private var cache: [String: Source] = [:]

    init(folder: URL?) {
        self.folder = folder.map { $0.absoluteURL.standardizedFileURL.resolvingSymlinksInPath() }
    }

    /// The picture of `url`, read once per document.
    mutating func source(_ url: String) -> Source {
        if let known = cache[url] { return known }
        let source = resolve(url)
        cache[url] = source
        return source
    }

    private func resolve(_ url: String) -> Source {
        let lowered = url.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.hasPrefix("//") { return .remote }
        if lowered.hasPrefix("data:") { return Self.dataURL(url) }
        guard let path = localPath(url), let data = Self.read(path) else { return .unavailable }
        guard let type = Self.mediaType(of: data, path: path) else { return .unavailable }
        return .embedded("data:\(type);base64,\(data.base64EncodedString())")
    }

    /// The file `url` names inside the app folder, or nil.
    private func localPath(_ url: String) -> String? {
        guard let folder, !url.isEmpty else { return nil }
        var path: String
        if url.lowercased().hasPrefix("file:") {
            guard let parsed = URL(string: url), (parsed.host ?? "").isEmpty || parsed.host == "localhost" else {
                return nil
            }
            path = parsed.path
            if path.isEmpty {  // "file:images/a.png" has no path on some platforms
                path = String(url.dropFirst("file:".count)).removingPercentEncoding ?? ""
            }
        } else if url.firstIndex(of: ":").map({ Self.isScheme(url[..<$0]) }) == true {
            return nil  // another scheme: asset:, app:, …
        } else {
            path = url
        }
        guard !path.isEmpty else { return nil }
        let file =
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
        let resolved = file.standardizedFileURL.resolvingSymlinksInPath().path
        let root = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        return resolved.hasPrefix(root) ? resolved : nil
    }

    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// The file's bytes when it is a regular file of at most `maximumBytes`.
    private static func read(_ path: String) -> Data? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.intValue, size > 0, size <= maximumBytes
        else { return nil }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)), data.count <= maximumBytes else {
            return nil
        }
        return data
    }

    /// The image type `data` is, from its first bytes (and, for SVG, the file's extension).
    static func mediaType(of data: Data, path: String) -> String? {
        let bytes = [UInt8](data.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        if path.lowercased().hasSuffix(".svg"), let head = String(data: data.prefix(4096), encoding: .utf8) {
            let markup = head.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
            if markup.hasPrefix("<"), head.contains("<svg") { return "image/svg+xml" }
        }
        return nil
    }

    /// A `data:` URL of an image type, not larger than a file may be.
    private static func dataURL(_ url: String) -> Source {
        let types = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"]
        let header = url.dropFirst("data:".count).prefix { $0 != "," && $0 != ";" }.lowercased()
        guard types.contains(header), url.contains(","), url.utf8.count <= maximumBytes * 4 / 3 + 256 else {
            return .unavailable
        }
        return .embedded(url)
    }
}
