// The Swift keyword lists, as data. Keep the enum and the three tables in step.

/// Reserved and contextual keywords, and the known `#` words. `none` for ordinary identifiers.
public enum Keyword: UInt8, Sendable, BitwiseCopyable {
    case none
    case `associatedtype`
    case `class`
    case `deinit`
    case `enum`
    case `extension`
    case `fileprivate`
    case `func`
    case `import`
    case initKeyword
    case `inout`
    case `internal`
    case `let`
    case `operator`
    case `private`
    case `precedencegroup`
    case `protocol`
    case `public`
    case `rethrows`
    case `static`
    case `struct`
    case `subscript`
    case `typealias`
    case `var`
    case `break`
    case `case`
    case `catch`
    case `continue`
    case `default`
    case `defer`
    case `do`
    case `else`
    case `fallthrough`
    case `for`
    case `guard`
    case `if`
    case `in`
    case `repeat`
    case `return`
    case `throw`
    case `switch`
    case `where`
    case `while`
    case capitalAny
    case `as`
    case `false`
    case `is`
    case `nil`
    case selfKeyword
    case capitalSelf
    case `super`
    case `throws`
    case `true`
    case `try`
    case underscore
    case actor
    case async
    case await
    case consume
    case copy
    case each
    case get
    case set
    case willSet
    case didSet
    case indirect
    case lazy
    case mutating
    case nonmutating
    case nonisolated
    case optional
    case override
    case required
    case convenience
    case dynamic
    case final
    case weak
    case unowned
    case `some`
    case `any`
    case macro
    case package
    case isolated
    case sending
    case borrowing
    case consuming
    case `open`
    case prefix
    case postfix
    case infix
    case unsafe
    case distributed
    case underscoreModify
    case underscoreRead
    case modify
    case read
    case then
    case discard
    case underscore2Owned
    case underscore2Shared
    case underscore2Consuming
    case reasync
    case unsafeAddress
    case unsafeMutableAddress
    case poundIf
    case poundElseif
    case poundElse
    case poundEndif
    case poundSourceLocation
    case poundAvailable
    case poundUnavailable
    case poundSelector
    case poundKeyPath
}

/// Words the lexer always classifies as `.keyword`.
let reservedWords: [(text: [UInt8], keyword: Keyword)] = [
    (Array("associatedtype".utf8), .associatedtype),
    (Array("class".utf8), .class),
    (Array("deinit".utf8), .deinit),
    (Array("enum".utf8), .enum),
    (Array("extension".utf8), .extension),
    (Array("fileprivate".utf8), .fileprivate),
    (Array("func".utf8), .func),
    (Array("import".utf8), .import),
    (Array("init".utf8), .initKeyword),
    (Array("inout".utf8), .inout),
    (Array("internal".utf8), .internal),
    (Array("let".utf8), .let),
    (Array("operator".utf8), .operator),
    (Array("private".utf8), .private),
    (Array("precedencegroup".utf8), .precedencegroup),
    (Array("protocol".utf8), .protocol),
    (Array("public".utf8), .public),
    (Array("rethrows".utf8), .rethrows),
    (Array("static".utf8), .static),
    (Array("struct".utf8), .struct),
    (Array("subscript".utf8), .subscript),
    (Array("typealias".utf8), .typealias),
    (Array("var".utf8), .var),
    (Array("break".utf8), .break),
    (Array("case".utf8), .case),
    (Array("catch".utf8), .catch),
    (Array("continue".utf8), .continue),
    (Array("default".utf8), .default),
    (Array("defer".utf8), .defer),
    (Array("do".utf8), .do),
    (Array("else".utf8), .else),
    (Array("fallthrough".utf8), .fallthrough),
    (Array("for".utf8), .for),
    (Array("guard".utf8), .guard),
    (Array("if".utf8), .if),
    (Array("in".utf8), .in),
    (Array("repeat".utf8), .repeat),
    (Array("return".utf8), .return),
    (Array("throw".utf8), .throw),
    (Array("switch".utf8), .switch),
    (Array("where".utf8), .where),
    (Array("while".utf8), .while),
    (Array("Any".utf8), .capitalAny),
    (Array("as".utf8), .as),
    (Array("false".utf8), .false),
    (Array("is".utf8), .is),
    (Array("nil".utf8), .nil),
    (Array("self".utf8), .selfKeyword),
    (Array("Self".utf8), .capitalSelf),
    (Array("super".utf8), .super),
    (Array("throws".utf8), .throws),
    (Array("true".utf8), .true),
    (Array("try".utf8), .try),
    (Array("_".utf8), .underscore),
]

/// Words that stay `.identifier` but carry a `keyword` the parser can test cheaply.
let contextualWords: [(text: [UInt8], keyword: Keyword)] = [
    (Array("actor".utf8), .actor),
    (Array("async".utf8), .async),
    (Array("await".utf8), .await),
    (Array("consume".utf8), .consume),
    (Array("copy".utf8), .copy),
    (Array("each".utf8), .each),
    (Array("get".utf8), .get),
    (Array("set".utf8), .set),
    (Array("willSet".utf8), .willSet),
    (Array("didSet".utf8), .didSet),
    (Array("indirect".utf8), .indirect),
    (Array("lazy".utf8), .lazy),
    (Array("mutating".utf8), .mutating),
    (Array("nonmutating".utf8), .nonmutating),
    (Array("nonisolated".utf8), .nonisolated),
    (Array("optional".utf8), .optional),
    (Array("override".utf8), .override),
    (Array("required".utf8), .required),
    (Array("convenience".utf8), .convenience),
    (Array("dynamic".utf8), .dynamic),
    (Array("final".utf8), .final),
    (Array("weak".utf8), .weak),
    (Array("unowned".utf8), .unowned),
    (Array("some".utf8), .some),
    (Array("any".utf8), .any),
    (Array("macro".utf8), .macro),
    (Array("package".utf8), .package),
    (Array("isolated".utf8), .isolated),
    (Array("sending".utf8), .sending),
    (Array("borrowing".utf8), .borrowing),
    (Array("consuming".utf8), .consuming),
    (Array("open".utf8), .open),
    (Array("prefix".utf8), .prefix),
    (Array("postfix".utf8), .postfix),
    (Array("infix".utf8), .infix),
    (Array("unsafe".utf8), .unsafe),
    (Array("distributed".utf8), .distributed),
    (Array("_modify".utf8), .underscoreModify),
    (Array("_read".utf8), .underscoreRead),
    (Array("modify".utf8), .modify),
    (Array("read".utf8), .read),
    (Array("then".utf8), .then),
    (Array("discard".utf8), .discard),
    (Array("__owned".utf8), .underscore2Owned),
    (Array("__shared".utf8), .underscore2Shared),
    (Array("__consuming".utf8), .underscore2Consuming),
    (Array("reasync".utf8), .reasync),
    (Array("unsafeAddress".utf8), .unsafeAddress),
    (Array("unsafeMutableAddress".utf8), .unsafeMutableAddress),
]

/// Words after `#` that the parser treats specially.
let poundWords: [(text: [UInt8], keyword: Keyword)] = [
    (Array("if".utf8), .poundIf),
    (Array("elseif".utf8), .poundElseif),
    (Array("else".utf8), .poundElse),
    (Array("endif".utf8), .poundEndif),
    (Array("sourceLocation".utf8), .poundSourceLocation),
    (Array("available".utf8), .poundAvailable),
    (Array("unavailable".utf8), .poundUnavailable),
    (Array("selector".utf8), .poundSelector),
    (Array("keyPath".utf8), .poundKeyPath),
]

/// A set of keywords as a 256-bit mask: membership is two shifts, no hashing (the parser asks
/// it at every statement start).
public struct KeywordSet: Sendable {
    private var bits = ByteSet()

    public init(_ keywords: [Keyword]) {
        for k in keywords { bits.insert(k.rawValue) }
    }

    @inline(__always) public func contains(_ k: Keyword) -> Bool { bits.contains(k.rawValue) }
}
