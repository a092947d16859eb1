import IsolintRules

/// Codable over the project's `JSON` value: the protocol types (Protocol/) decode from the
/// parsed message and encode to a `JSON` whose object keys come in the order the type encodes
/// them (declaration order for synthesised conformances), so the bytes on the wire are stable.
enum JSONCoding {
    static func decode<T: Decodable>(_ type: T.Type, from value: JSON?) throws(LSPError) -> T {
        do {
            return try T(from: ValueDecoder(value: value ?? .null, codingPath: []))
        } catch let error as DecodingError {
            throw .invalidParams(describe(error))
        } catch {
            throw .invalidParams("\(error)")
        }
    }

    static func encode<T: Encodable>(_ value: T) -> JSON {
        let box = ValueBox()
        do {
            try value.encode(to: ValueEncoder(box: box, codingPath: []))
        } catch {
            // Every protocol type encodes without failing; an encoding error would be a bug here.
            return .null
        }
        return box.value
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ p: [CodingKey]) -> String {
            p.isEmpty ? "params" : p.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let c): return "missing \(path(c.codingPath + [key]))"
        case .typeMismatch(_, let c): return "\(path(c.codingPath)): \(c.debugDescription)"
        case .valueNotFound(_, let c): return "missing \(path(c.codingPath))"
        case .dataCorrupted(let c): return "\(path(c.codingPath)): \(c.debugDescription)"
        @unknown default: return "invalid params"
        }
    }
}

/// A key of any name (for the containers below).
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

// MARK: Decoding

struct ValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSON
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch(_ what: String) -> DecodingError {
        .typeMismatch(
            Any.self, DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(what)"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let pairs) = value else { throw mismatch("an object") }
        return KeyedDecodingContainer(KeyedValueDecoder<Key>(pairs: pairs, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch("an array") }
        return UnkeyedValueDecoder(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool {
        guard let b = value.bool else { throw mismatch("a boolean") }
        return b
    }
    func decode(_ type: String.Type) throws -> String {
        guard let s = value.string else { throw mismatch("a string") }
        return s
    }
    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .int(let n): return Double(n)
        case .double(let d): return d
        default: throw mismatch("a number")
        }
    }
    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode(_ type: Int.Type) throws -> Int {
        guard let n = value.int else { throw mismatch("an integer") }
        return n
    }
    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard let n = value.int, let v = T(exactly: n) else { throw mismatch("an integer") }
        return v
    }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // A field typed JSON takes the value as it is (keys in order).
        if T.self == JSON.self, let raw = value as? T { return raw }
        return try T(from: self)
    }
}

struct KeyedValueDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let pairs: [(String, JSON)]
    let codingPath: [CodingKey]
    var allKeys: [Key] { pairs.compactMap { Key(stringValue: $0.0) } }

    func find(_ key: Key) -> JSON? { pairs.first { $0.0 == key.stringValue }?.1 }

    func child(_ key: Key) throws -> ValueDecoder {
        guard let v = find(key) else {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: codingPath, debugDescription: "missing \(key.stringValue)"))
        }
        return ValueDecoder(value: v, codingPath: codingPath + [key])
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }
    func decodeNil(forKey key: Key) throws -> Bool { find(key)?.isNull ?? true }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decode(type) }
    // Absent and null both decode as nil.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let v = find(key), !v.isNull else { return nil }
        return try ValueDecoder(value: v, codingPath: codingPath + [key]).decode(type)
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try child(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }
    func superDecoder() throws -> Decoder { ValueDecoder(value: .object(pairs), codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> Decoder { try child(key) }
}

struct UnkeyedValueDecoder: UnkeyedDecodingContainer {
    let items: [JSON]
    let codingPath: [CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func next() throws -> ValueDecoder {
        guard currentIndex < items.count else {
            throw DecodingError.valueNotFound(
                Any.self, DecodingError.Context(codingPath: codingPath, debugDescription: "array too short"))
        }
        let d = ValueDecoder(value: items[currentIndex], codingPath: codingPath + [AnyKey(intValue: currentIndex)])
        currentIndex += 1
        return d
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < items.count, items[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> Decoder { try next() }
}

// MARK: Encoding

/// Where an encoder puts what it encodes; containers nest boxes and fold them in at the end.
final class ValueBox {
    enum Content {
        case value(JSON)
        case object([(String, ValueBox)])
        case array([ValueBox])
    }
    var content = Content.value(.null)

    var value: JSON {
        switch content {
        case .value(let v): return v
        case .object(let pairs): return .object(pairs.map { ($0.0, $0.1.value) })
        case .array(let items): return .array(items.map(\.value))
        }
    }

    func pairs() -> [(String, ValueBox)] {
        if case .object(let p) = content { return p }
        return []
    }
    func items() -> [ValueBox] {
        if case .array(let a) = content { return a }
        return []
    }
}

struct ValueEncoder: Encoder, SingleValueEncodingContainer {
    let box: ValueBox
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = box.content {} else { box.content = .object([]) }
        return KeyedEncodingContainer(KeyedValueEncoder<Key>(box: box, codingPath: codingPath))
    }
    func unkeyedContainer() -> UnkeyedEncodingContainer {
        if case .array = box.content {} else { box.content = .array([]) }
        return UnkeyedValueEncoder(box: box, codingPath: codingPath)
    }
    func singleValueContainer() -> SingleValueEncodingContainer { self }

    func encodeNil() { box.content = .value(.null) }
    func encode(_ value: Bool) { box.content = .value(.bool(value)) }
    func encode(_ value: String) { box.content = .value(.string(value)) }
    func encode(_ value: Double) { box.content = .value(.double(value)) }
    func encode(_ value: Float) { box.content = .value(.double(Double(value))) }
    func encode(_ value: Int) { box.content = .value(.int(value)) }
    func encode(_ value: Int8) { box.content = .value(.int(Int(value))) }
    func encode(_ value: Int16) { box.content = .value(.int(Int(value))) }
    func encode(_ value: Int32) { box.content = .value(.int(Int(value))) }
    func encode(_ value: Int64) { box.content = .value(.int(Int(value))) }
    func encode(_ value: UInt) { box.content = .value(.int(Int(clamping: value))) }
    func encode(_ value: UInt8) { box.content = .value(.int(Int(value))) }
    func encode(_ value: UInt16) { box.content = .value(.int(Int(value))) }
    func encode(_ value: UInt32) { box.content = .value(.int(Int(value))) }
    func encode(_ value: UInt64) { box.content = .value(.int(Int(clamping: value))) }
    func encode<T: Encodable>(_ value: T) throws {
        if let raw = value as? JSON {
            box.content = .value(raw)
            return
        }
        try value.encode(to: self)
    }
}

struct KeyedValueEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: ValueBox
    let codingPath: [CodingKey]

    func child(_ key: Key) -> ValueEncoder {
        let b = ValueBox()
        var pairs = box.pairs()
        pairs.removeAll { $0.0 == key.stringValue }
        pairs.append((key.stringValue, b))
        box.content = .object(pairs)
        return ValueEncoder(box: b, codingPath: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) { child(key).encodeNil() }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try child(key).encode(value) }
    // Absent stays absent: optional fields are left out, not written as null.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try child(key).encode(value) }
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        child(key).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        child(key).unkeyedContainer()
    }
    mutating func superEncoder() -> Encoder { ValueEncoder(box: box, codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> Encoder { child(key) }
}

struct UnkeyedValueEncoder: UnkeyedEncodingContainer {
    let box: ValueBox
    let codingPath: [CodingKey]
    var count: Int { box.items().count }

    func next() -> ValueEncoder {
        let b = ValueBox()
        box.content = .array(box.items() + [b])
        return ValueEncoder(box: b, codingPath: codingPath + [AnyKey(intValue: count)])
    }

    mutating func encodeNil() { next().encodeNil() }
    mutating func encode<T: Encodable>(_ value: T) throws { try next().encode(value) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer { next().unkeyedContainer() }
    mutating func superEncoder() -> Encoder { next() }
}

/// A field whose value is any JSON (settings, `data`, initialization options): kept as parsed.
extension JSON: Codable {
    public init(from decoder: Decoder) throws {
        if let d = decoder as? ValueDecoder {
            self = d.value
            return
        }
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Int.self) {
            self = .int(n)
        } else if let d = try? c.decode(Double.self) {
            self = .double(d)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSON].self) {
            self = .array(a)
        } else {
            let o = try c.decode([String: JSON].self)
            self = .object(o.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        }
    }

    public func encode(to encoder: Encoder) throws {
        if let e = encoder as? ValueEncoder {
            e.box.content = .value(self)
            return
        }
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .int(let n): try c.encode(n)
        case .double(let d): try c.encode(d)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let pairs):
            var k = encoder.container(keyedBy: AnyKey.self)
            for (key, v) in pairs { try k.encode(v, forKey: AnyKey(stringValue: key)) }
        }
    }
}
