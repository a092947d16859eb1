import Foundation
import IsolintSyntax

/// A closure (or a function value) handed to code that may run it in another isolation domain,
/// concurrently with the code that formed it.
public struct ClosureHandOff: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The parameter is `@Sendable`: the closure may run concurrently, any number of times.
        case sendable
        /// The parameter is `sending` (`Task.detached`, `Task {}` outside a global actor, a task
        /// group's `addTask`): the closure's captures move to the new task.
        case sending
    }

    public var kind: Kind
    /// The API, as a reader names it: `Task.detached`, `DispatchQueue.global().async`, `Pool.run`.
    public var via: String
    /// The call that receives the closure.
    public var call: Int32
    /// A task group's `addTask`: the child task runs beside the group's body and the other children.
    public var isChildTask: Bool

    /// "Task.detached's `sending` closure", "the @Sendable closure of Pool.run".
    public var phrase: String {
        switch kind {
        case .sendable: return "the @Sendable closure of \(via)"
        case .sending: return "the `sending` closure of \(via)"
        }
    }
}

extension SemanticModel {
    /// How a closure literal leaves its context: through its own `@Sendable` attribute or the
    /// parameter it is passed to. Nil when it stays (a `Task {}` in main-actor code, a
    /// non-Sendable parameter, an unknown API).
    public func handOff(ofClosure closure: Int32) -> ClosureHandOff? {
        let parent = tree[closure].parent
        if tree[parent].kind == .argument, let h = handOff(ofArgument: parent) { return h }
        if tree.attributeNames(of: closure).contains(KnowledgeBase.sendableProtocol) {
            return ClosureHandOff(
                kind: .sendable, via: "an explicit @Sendable closure", call: closure, isChildTask: false)
        }
        return nil
    }

    /// How the value of an argument leaves its context through the parameter it is passed to:
    /// a task, a dispatch to a queue the compiler does not know to be the caller's, a callback
    /// API of the knowledge base, or a workspace function's `@Sendable` / `sending` parameter.
    public func handOff(ofArgument argument: Int32) -> ClosureHandOff? {
        let call = tree[argument].parent
        guard tree[call].kind == .call, let callee = tree.callee(of: call) else { return nil }
        if let task = taskKind(of: call) {
            if task == .detached {
                return ClosureHandOff(kind: .sending, via: KnowledgeBase.detachedTask, call: call, isChildTask: false)
            }
            // A `Task {}` in global-actor code inherits that actor: nothing changes domain.
            guard !isolation.compilerIsolation(at: call).isGlobalActor else { return nil }
            return ClosureHandOff(
                kind: .sending, via: "a Task started outside any global actor", call: call, isChildTask: false)
        }
        let name = tree.calleeName(of: call) ?? ""
        if tree[callee].kind == .memberAccess, KnowledgeBase.taskGroupAddTaskMethods.contains(name),
            !index.declaresFunction(named: name, seenFrom: module)
        {
            return ClosureHandOff(kind: .sending, via: "the task group's \(name)", call: call, isChildTask: true)
        }
        guard let position = tree.arguments(of: call).firstIndex(of: argument) else { return nil }
        // A workspace function of this name and receiver (an `AsyncQueue.async`) says itself.
        if index.declaresFunction(named: name, seenFrom: module) {
            let matches = parameters(matching: callShape(call), position: position)
            if !matches.isEmpty { return workspaceHandOff(matches, call: call, via: calleeText(callee)) }
        }
        if let path = tree.plainPath(of: callee) {
            if CalleeClassifier.isMainQueueDispatch(path) {
                // From main-actor code, the compiler knows `DispatchQueue.main` stays on the main actor.
                guard !isolation.compilerIsolation(at: call).isMainActor else { return nil }
                return ClosureHandOff(kind: .sendable, via: calleeText(callee), call: call, isChildTask: false)
            }
            if CalleeClassifier.isBackgroundQueueDispatch(path), receiverMayBeDispatchQueue(callee) {
                return ClosureHandOff(kind: .sendable, via: calleeText(callee), call: call, isChildTask: false)
            }
            if CalleeClassifier.callbackAPI(path: path, call: call, tree: tree) != nil {
                return ClosureHandOff(kind: .sendable, via: calleeText(callee), call: call, isChildTask: false)
            }
        }
        return nil
    }

    /// Whether `queue.async` may be Dispatch's: true unless syntax tells the receiver is of
    /// another type (a package's `AsyncQueue`, whose `async` is not Dispatch's).
    func receiverMayBeDispatchQueue(_ callee: Int32) -> Bool {
        guard let base = tree.children(callee).first, tree[base].kind != .call,
            let type = typeOfReceiver(base, owner: ownerPath(of: callee))
        else { return true }
        return KnowledgeBase.dispatchQueueTypes.contains(String(type.splitASCII(UInt8(ascii: ".")).last ?? ""))
    }

    /// A callee as written (`DispatchQueue.global().async`), on one line; its name when long.
    func calleeText(_ callee: Int32) -> String {
        // One line of ASCII (nearly always): the text as it is, without splitting and trimming it
        // (a node's text starts and ends with a token, so only line breaks make a difference).
        let bytes = tree.source.bytes
        let r = tree.range(of: callee).clamped(to: 0..<bytes.count)
        if r.count <= 48, !bytes[r].contains(where: { $0 >= 0x80 || (0x0A...0x0D).contains($0) }) {
            return tree.source.text(r)
        }
        let text = tree.text(of: callee).split(whereSeparator: \.isNewline).map {
            $0.trimmingSpaces()
        }.joined()
        return text.count <= 48 ? text : tree.name(of: callee)
    }

    /// The hand-off of a workspace function's parameter that an argument is passed to, when every
    /// workspace function the call may name agrees (`matches`: `parameters(matching:position:)`).
    func workspaceHandOff(_ matches: [(info: FunctionInfo, parameter: Int)], call: Int32, via: String)
        -> ClosureHandOff?
    {
        guard let first = matches.first else { return nil }
        func kind(_ m: (info: FunctionInfo, parameter: Int)) -> ClosureHandOff.Kind? {
            if m.info.sendingParameters[m.parameter] { return .sending }
            if m.info.sendableClosureParameters[m.parameter] { return .sendable }
            return nil
        }
        guard let k = kind(first), matches.allSatisfy({ kind($0) == k }) else { return nil }
        // A `@MainActor @Sendable` closure passed from main-actor code runs where it was formed.
        let actor = first.info.closureParameterActors[first.parameter]
        if !actor.isEmpty, matches.allSatisfy({ $0.info.closureParameterActors[$0.parameter] == actor }) {
            let here = isolation.compilerIsolation(at: call)
            if here.kind == .mainActor && actor == KnowledgeBase.mainActor || here.kind == .globalActor(actor) {
                return nil
            }
            if actor == KnowledgeBase.inheritActorContextAttribute {
                switch here.kind {
                case .mainActor, .globalActor, .actor: return nil
                default: break
                }
            }
        }
        return ClosureHandOff(kind: k, via: via, call: call, isChildTask: false)
    }

    /// Workspace functions a call may name (free functions, methods — of SDK types' extensions
    /// too — and initializers of a workspace type), with the parameter an argument binds to.
    func parameters(matching shape: CallShape, position: Int) -> [(info: FunctionInfo, parameter: Int)] {
        var candidates: [FunctionInfo] = []
        let context = LookupContext(module: module)
        func methods(of path: String, named name: String) -> [FunctionInfo] {
            guard !path.isEmpty else { return [] }
            let components = path.splitASCII(UInt8(ascii: ".")).map(String.init)
            if let s = index.resolveSymbol(components, in: context) {
                return index.methods(s, named: name)
            }
            // An SDK type the workspace extends (`extension DispatchQueue { func run(…) }`).
            return index.externalExtensions(path).flatMap(\.functions).filter { $0.name == name }
        }
        if shape.isInitializer {
            candidates = methods(of: shape.name, named: "init")
        } else if index.declaresFunction(named: shape.name, seenFrom: module) {
            switch shape.receiver {
            case .implicit(let owner):
                candidates =
                    index.freeFunctions(named: shape.name, seenFrom: module).map(\.info)
                    + methods(of: owner, named: shape.name)
            case .type(let path):
                candidates = methods(of: path, named: shape.name)
            case .unknown:
                break
            }
        }
        return candidates.compactMap { info in shape.parameter(of: position, in: info).map { (info, $0) } }
    }

    /// A call's shape, with what syntax tells of its receiver's type.
    public func callShape(_ call: Int32) -> CallShape {
        var name = tree.calleeName(of: call) ?? ""
        var isInitializer = false
        var receiver = CallShape.Receiver.unknown
        if let callee = tree.callee(of: call), tree[callee].kind == .memberAccess {
            if let base = tree.children(callee).first {
                if name == "init", tree[base].kind == .identifierExpr {
                    name = tree.name(of: base)
                    isInitializer = true
                }
                receiver = typeOfReceiver(base, owner: ownerPath(of: call)).map { .type($0) } ?? .unknown
            }
        } else if let first = name.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") {
            isInitializer = true
        } else {
            receiver = .implicit(ownerPath(of: call))
        }
        let args = tree.arguments(of: call)
        return CallShape(
            name: name, receiver: receiver, isInitializer: isInitializer, labels: args.map { tree.label(of: $0) },
            trailing: args.map { tree[$0].flags.contains(.isTrailingClosure) })
    }

    /// The path of the type a node is written in ("" outside any).
    func ownerPath(of node: Int32) -> String { tree.enclosingType(of: node).map(typePath) ?? "" }

    /// The qualified name of a type declaration, or the type an extension extends.
    func typePath(_ decl: Int32) -> String {
        tree[decl].kind == .extensionDecl ? tree.extendedTypeText(decl) : tree.qualifiedName(of: decl).qualified
    }

    /// The type of a call's base as syntax tells it: `self`, a type name (`Pool.run`), or a value
    /// whose declaration writes its type (the shared `writtenType(of:)`).
    /// `owner`: the path of the type the call is written in, asked only for `self`.
    func typeOfReceiver(_ base: Int32, owner: @autoclosure () -> String) -> String? {
        switch tree[base].kind {
        case .selfExpr:
            let owner = owner()
            return owner.isEmpty ? nil : owner
        case .identifierExpr:
            let name = tree.name(of: base)
            if resolveLocal(name, at: base) == nil, let first = name.utf8.first, first >= UInt8(ascii: "A"),
                first <= UInt8(ascii: "Z")
            {
                return name
            }
        default:
            break
        }
        guard let (path, context) = writtenType(of: base) else { return nil }
        // A workspace type by its qualified name; an SDK type as written.
        if let s = index.resolveSymbol(path, in: context) { return index.symbolQualifiedName(s) }
        return path.joined(separator: ".")
    }
}

/// The shape of a call as parameter matching needs it: the name, each argument's label and
/// whether it is a trailing closure. Recorded in the index for calls a closure is forwarded to.
public struct CallShape: Sendable, Equatable {
    /// Whose method a call names.
    public enum Receiver: Sendable, Equatable {
        /// No base: a free function, or a method of the enclosing type (its qualified name, "" at file scope).
        case implicit(String)
        /// A base whose type syntax tells: `self`, `Pool.run`, a local with a written type.
        case type(String)
        /// A base whose type is not known without type checking: no workspace function is assumed.
        case unknown
    }

    public var name: String
    public var receiver: Receiver
    /// `Type(…)` / `Type.init(…)`.
    public var isInitializer: Bool
    public var labels: [String?]
    public var trailing: [Bool]

    public init(name: String, receiver: Receiver, isInitializer: Bool, labels: [String?], trailing: [Bool]) {
        self.name = name
        self.receiver = receiver
        self.isInitializer = isInitializer
        self.labels = labels
        self.trailing = trailing
    }

    /// `Pool.run`, `schedule(after:then:)`-style name for messages.
    public var displayName: String {
        isInitializer ? "\(name).init" : name
    }

    /// The parameter an argument binds to, by Swift's rules for labels: arguments go to the
    /// parameters in order, a parameter may be skipped (it has a default), the first trailing
    /// closure goes to the next parameter of function type, later ones by their labels.
    func parameter(of position: Int, in info: FunctionInfo) -> Int? {
        var next = 0
        var sawTrailing = false
        for (k, label) in labels.enumerated() {
            guard next <= info.labels.count else { return nil }
            let found: Int?
            if trailing[k], !sawTrailing {
                sawTrailing = true
                found = (next..<info.labels.count).first { info.closureParameters[$0] }
            } else {
                let wanted = label ?? "_"
                found = (next..<info.labels.count).first { info.labels[$0] == wanted }
            }
            guard let p = found else { return nil }
            if k == position { return p }
            next = p + 1
        }
        return nil
    }
}
