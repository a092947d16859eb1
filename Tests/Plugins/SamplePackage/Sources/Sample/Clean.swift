public struct Point: Sendable {
    public var x = 0
    public var y = 0
}
