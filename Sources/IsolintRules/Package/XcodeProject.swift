import Foundation

/// What isolint reads from an `.xcodeproj`: its native targets with their product type, Swift
/// sources (build phase files and file-system-synchronized folders, with their membership
/// exceptions), target dependencies, package products, and the build settings of one
/// configuration (Release when there is one) resolved as Xcode layers them — project xcconfig,
/// project settings, target xcconfig, target settings, `$(inherited)` taking the level below.
public struct XcodeProject: Sendable {
    public struct Target: Sendable, Equatable {
        public var name: String
        /// `com.apple.product-type.application`, `….framework`, `….bundle.unit-test`, …
        public var productType: String
        /// Absolute paths of its Swift sources.
        public var sourceFiles: [String]
        /// Names of the targets of this project it depends on.
        public var dependencies: [String]
        /// Names of the package products it links.
        public var packageProducts: [String]
        /// Resolved build settings.
        public var settings: [String: String]
    }

    /// The `.xcodeproj` folder.
    public let path: String
    /// The folder paths in the project are relative to.
    public let root: String
    public var targets: [Target] = []
    /// Absolute folders of the local packages the project references (XCLocalSwiftPackageReference,
    /// or a folder reference holding a Package.swift).
    public var localPackages: [String] = []
    /// The configuration whose settings were read.
    public var configuration: String?
    public var problems: [PlanProblem] = []

    /// Reads `path` (an `.xcodeproj` folder). A malformed project gives a problem and no targets.
    public init(path: String) {
        let normalized = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let data = FileManager.default.contents(atPath: normalized + "/project.pbxproj")
        self.init(path: normalized, pbxproj: data.map { [UInt8]($0) })
    }

    /// Reads a project from its `project.pbxproj` bytes (nil: it could not be read); xcconfig
    /// files and synchronized folders are read from disk relative to the folder holding `path`.
    public init(path: String, pbxproj: [UInt8]?) {
        self.path = path
        let pbxprojPath = path + "/project.pbxproj"
        guard let bytes = pbxproj else {
            root = XCConfig.directory(of: path)
            problems.append(PlanProblem(file: pbxprojPath, line: nil, message: "cannot be read"))
            return
        }
        let plist: PropertyList
        switch PropertyList.parse(bytes) {
        case .success(let p): plist = p
        case .failure(let e):
            root = XCConfig.directory(of: path)
            problems.append(PlanProblem(file: pbxprojPath, line: e.line, message: e.message))
            return
        }
        let objects = plist["objects"]?.dictionary ?? [:]
        let projectID = plist["rootObject"]?.string ?? ""
        guard let project = objects[projectID], project["isa"]?.string == "PBXProject" else {
            root = XCConfig.directory(of: path)
            problems.append(PlanProblem(file: pbxprojPath, line: nil, message: "no PBXProject root object"))
            return
        }
        var base = XCConfig.directory(of: path)
        if let dir = project["projectDirPath"]?.string, !dir.isEmpty {
            base = dir.hasPrefix("/") ? dir : base + "/" + dir
        }
        root = base
        let paths = GroupPaths(objects: objects, root: base)

        for id in project["packageReferences"]?.strings ?? [] {
            guard let ref = objects[id], ref["isa"]?.string == "XCLocalSwiftPackageReference",
                let relative = ref["relativePath"]?.string
            else { continue }
            localPackages.append(XcodeProject.joined(base, relative))
        }
        for (id, object) in objects where object["isa"]?.string == "PBXFileReference" {
            let type = object["lastKnownFileType"]?.string ?? ""
            guard type == "wrapper" || type == "folder", let dir = paths.path(of: id),
                FileManager.default.fileExists(atPath: dir + "/Package.swift")
            else { continue }
            localPackages.append(dir)
        }
        localPackages = Array(Set(localPackages)).sorted()

        // The configuration to read: Release, else the project's default, else the first.
        let projectConfigurations = XcodeProject.configurations(project, objects)
        let chosen =
            projectConfigurations.contains { $0.name == "Release" }
            ? "Release"
            : (objects[project["buildConfigurationList"]?.string ?? ""]?["defaultConfigurationName"]?.string
                ?? projectConfigurations.first?.name)
        configuration = chosen
        var settingsProblems: [PlanProblem] = []
        let read: (String) -> [UInt8]? = { p in FileManager.default.contents(atPath: p).map { [UInt8]($0) } }
        func layer(_ config: PropertyList?, over start: [String: String]) -> [String: String] {
            guard let config else { return start }
            var settings = start
            var xcconfig: String?
            if let ref = config["baseConfigurationReference"]?.string {
                xcconfig = paths.path(of: ref)
            } else if let anchor = config["baseConfigurationReferenceAnchor"]?.string,
                let relative = config["baseConfigurationReferenceRelativePath"]?.string,
                let dir = paths.path(of: anchor)
            {
                xcconfig = XcodeProject.joined(dir, relative)
            }
            if let xcconfig {
                let (s, p) = XCConfig.apply(xcconfig, over: settings, read: read)
                settings = s
                settingsProblems += p
            }
            for (key, value) in config["buildSettings"]?.dictionary ?? [:] {
                let text = value.string ?? value.strings.joined(separator: " ")
                settings[key] = XCConfig.substitutingInherited(text, settings[key])
            }
            return settings
        }
        let projectSettings = layer(projectConfigurations.first { $0.name == chosen }?.config, over: [:])

        // Synchronized folders: their paths, and per target the files listed as exceptions.
        var synchronized: [String: (path: String, exceptions: [String: [String]])] = [:]
        for (id, object) in objects where object["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
            guard let dir = paths.path(of: id) else { continue }
            var exceptions: [String: [String]] = [:]
            for e in object["exceptions"]?.strings ?? [] {
                guard let set = objects[e], set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                    let target = set["target"]?.string
                else { continue }
                exceptions[target, default: []] += set["membershipExceptions"]?.strings ?? []
            }
            synchronized[id] = (dir, exceptions)
        }
        var folderFiles: [String: [String]] = [:]
        func swiftFiles(under dir: String) -> [String] {
            if let cached = folderFiles[dir] { return cached }
            let files = (try? SwiftFiles.collect([dir])) ?? []
            folderFiles[dir] = files
            return files
        }

        var names: [String: String] = [:]
        for id in project["targets"]?.strings ?? [] {
            if let name = objects[id]?["name"]?.string { names[id] = name }
        }
        for id in project["targets"]?.strings ?? [] {
            guard let t = objects[id], t["isa"]?.string == "PBXNativeTarget", let name = t["name"]?.string else {
                continue
            }
            var sources: [String] = []
            for phase in t["buildPhases"]?.strings ?? [] {
                guard let p = objects[phase], p["isa"]?.string == "PBXSourcesBuildPhase" else { continue }
                for file in p["files"]?.strings ?? [] {
                    guard let ref = objects[file]?["fileRef"]?.string, let path = paths.path(of: ref),
                        path.hasSuffix(".swift")
                    else { continue }
                    sources.append(path)
                }
            }
            let own = Set(t["fileSystemSynchronizedGroups"]?.strings ?? [])
            for (groupID, group) in synchronized.sorted(by: { $0.key < $1.key }) {
                let listed = Set((group.exceptions[id] ?? []).map { XcodeProject.joined(group.path, $0) })
                if own.contains(groupID) {
                    sources += swiftFiles(under: group.path).filter { !listed.contains($0) }
                } else {
                    sources += listed.filter { $0.hasSuffix(".swift") }.sorted()
                }
            }
            var dependencies: [String] = []
            for d in t["dependencies"]?.strings ?? [] {
                guard let dependency = objects[d] else { continue }
                let targetID =
                    dependency["target"]?.string
                    ?? objects[dependency["targetProxy"]?.string ?? ""]?["remoteGlobalIDString"]?.string
                if let targetID, let n = names[targetID] { dependencies.append(n) }
            }
            let products = (t["packageProductDependencies"]?.strings ?? []).compactMap {
                objects[$0]?["productName"]?.string
            }
            let targetConfig = XcodeProject.configurations(t, objects).first { $0.name == chosen }?.config
            targets.append(
                Target(
                    name: name, productType: t["productType"]?.string ?? "",
                    sourceFiles: Array(Set(sources)).sorted(), dependencies: dependencies, packageProducts: products,
                    settings: layer(targetConfig, over: projectSettings)))
        }
        problems += settingsProblems
    }

    static func configurations(_ owner: PropertyList, _ objects: [String: PropertyList]) -> [(
        name: String, config: PropertyList
    )] {
        let list = objects[owner["buildConfigurationList"]?.string ?? ""]
        return (list?["buildConfigurations"]?.strings ?? []).compactMap { id in
            guard let c = objects[id], let name = c["name"]?.string else { return nil }
            return (name, c)
        }
    }

    /// `base/relative`, `..` and `.` folded; an absolute `relative` stands alone.
    static func joined(_ base: String, _ relative: String) -> String {
        let full = relative.hasPrefix("/") ? relative : base + "/" + relative
        // Nearly every path needs no folding: splitting and joining it again was a tenth of
        // reading a large project. (ASCII only: other text is split by Characters below.)
        if full.utf8.first == UInt8(ascii: "/"), !full.utf8.contains(where: { $0 >= 0x80 }),
            SwiftFiles.isNormalized(full)
        {
            return full
        }
        var parts: [Substring] = []
        for c in full.splitASCII(UInt8(ascii: "/")) {
            if c == "." { continue }
            if c == ".." {
                _ = parts.popLast()
                continue
            }
            parts.append(c)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Paths of file references and groups: each `<group>`-relative path joined to its parent
    /// group's, up to the project root (`SOURCE_ROOT`) or an absolute path. Each group is
    /// resolved once: a project's files sit in a few hundred groups, and walking every file's
    /// groups up to the root again looked each of them up for every file.
    final class GroupPaths {
        let objects: [String: PropertyList]
        let root: String
        let parents: [String: String]
        /// Per object asked so far: its path (nil: none) and how many objects its walk up to
        /// the root visits (a walk of more than 64 gives no path, as for a cycle).
        private var resolved: [String: (path: String?, length: Int)] = [:]
        static let maximumDepth = 64

        init(objects: [String: PropertyList], root: String) {
            self.objects = objects
            self.root = root
            var parents: [String: String] = [:]
            for (id, object) in objects {
                for child in object["children"]?.strings ?? [] where parents[child] == nil { parents[child] = id }
            }
            self.parents = parents
        }

        func path(of id: String) -> String? {
            // Up to the first object already resolved, or the one that decides the base.
            var chain: [(id: String, component: String?)] = []
            var current = id
            var above: (path: String?, length: Int)?
            walk: while above == nil {
                if let known = resolved[current] {
                    above = known
                    break
                }
                // Longer than any walk that gives a path (or a cycle): nothing is recorded.
                guard chain.count < Self.maximumDepth else { return nil }
                guard let object = objects[current] else {
                    above = (nil, 0)
                    break
                }
                var component = object["path"]?.string
                if component?.isEmpty == true { component = nil }
                let base: String
                switch object["sourceTree"]?.string ?? "<group>" {
                case "<group>":
                    if let parent = parents[current] {
                        chain.append((current, component))
                        current = parent
                        continue
                    }
                    base = root
                case "SOURCE_ROOT":
                    base = root
                case "<absolute>":
                    base = "/"
                default:
                    // BUILT_PRODUCTS_DIR, SDKROOT, DEVELOPER_DIR: not a source in the project.
                    resolved[current] = (nil, 1)
                    above = (nil, 1)
                    break walk
                }
                let top = (path: Optional(component.map { XcodeProject.joined(base, $0) } ?? base), length: 1)
                resolved[current] = top
                above = top
            }
            // Back down, each object's path its parent's with its own component.
            var value = above ?? (nil, 0)
            for (objectID, component) in chain.reversed() {
                let length = value.length + 1
                let path =
                    length > Self.maximumDepth
                    ? nil : value.path.map { p in component.map { XcodeProject.joined(p, $0) } ?? p }
                value = (path, length)
                resolved[objectID] = value
            }
            return value.path
        }
    }
}
