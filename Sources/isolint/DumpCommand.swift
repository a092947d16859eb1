import Foundation
import IsolintSyntax

enum DumpCommand {
    static func run(_ args: [String]) -> Int32 {
        guard let what = args.first, ["decls", "tokens", "tree"].contains(what) else {
            printErr("isolint dump: expected decls, tokens or tree\n\n\(usage)")
            return 2
        }
        let files = Array(args.dropFirst())
        if files.isEmpty {
            printErr("isolint dump \(what): no FILE given")
            return 2
        }
        var status: Int32 = 0
        var out = ""
        for path in files {
            guard let bytes = readFileBytes(path) else {
                status = 2
                continue
            }
            let tree = SyntaxTree.parse(SourceFile(path: path, bytes: bytes))
            if files.count > 1 { out += "# \(path)\n" }
            switch what {
            case "decls": out += DeclDump.render(tree)
            case "tokens": out += TreeDump.tokens(tree)
            default: out += TreeDump.tree(tree)
            }
            if out.utf8.count > 1 << 16 {
                FileHandle.standardOutput.write(Data(out.utf8))
                out = ""
            }
        }
        FileHandle.standardOutput.write(Data(out.utf8))
        return status
    }
}
