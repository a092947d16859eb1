// compile: linux
import Foundation

public enum PlaybackState: Sendable {
    case idle
    case loading(URL)
    case playing(position: TimeInterval, rate: Float)
    case failed(message: String, code: Int?)

    public var isActive: Bool {
        switch self {
        case .loading, .playing: return true
        case .idle, .failed: return false
        }
    }
}

public enum Appearance: String, CaseIterable, Codable {
    case light
    case dark
    case system
}

public enum NetworkEvent {
    case requestStarted(id: UUID, path: String)
    case responseReceived(id: UUID, status: Int, bytes: [UInt8])
    case stateChanged(PlaybackState)
}
