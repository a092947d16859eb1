import AVFoundation
import UIKit

final class PlayerViewController: UIViewController {
    private let player = AVPlayer()
    private var statusObservation: NSKeyValueObservation?
    private let playButton = UIButton(type: .system)
    private let artworkView = UIImageView()

    override func viewDidLoad() {
        super.viewDidLoad()
        statusObservation = player.observe(\.timeControlStatus, options: [.new]) { [weak self] player, _ in // expect: sendable-closure-touches-main-actor@29
            self?.updatePlayButton(isPlaying: player.timeControlStatus == .playing)
        }
    }

    func updatePlayButton(isPlaying: Bool) {
        playButton.isSelected = isPlaying
    }

    func handleDrop(of provider: NSItemProvider) {
        provider.loadObject(ofClass: UIImage.self) { image, _ in // expect: sendable-closure-touches-main-actor@9
            self.artworkView.image = image as? UIImage
        }
    }
}
