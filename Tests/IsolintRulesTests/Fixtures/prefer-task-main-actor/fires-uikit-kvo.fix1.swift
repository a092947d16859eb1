import AVFoundation
import UIKit

final class VideoPlayerViewController: UIViewController {
    private let player = AVPlayer()
    private let statusLabel = UILabel()
    private var itemObservation: NSKeyValueObservation?
    private var bufferObservation: NSKeyValueObservation?

    override func viewDidLoad() {
        super.viewDidLoad()
        itemObservation = player.observe(\.currentItem, options: [.new]) { [weak self] _, _ in
            Task { @MainActor [weak self] in
                self?.statusLabel.text = "Loading…"
            }
        }

        #if DEBUG
        bufferObservation = player.observe(\.timeControlStatus) { player, _ in
            let status = player.timeControlStatus.rawValue
            DispatchQueue.main.async {
                print("time control status: \(status)")
            }
        }
        #endif
    }
}
