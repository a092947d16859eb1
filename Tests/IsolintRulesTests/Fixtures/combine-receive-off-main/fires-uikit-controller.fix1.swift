import Combine
import UIKit

final class InboxViewController: UIViewController {
    private let unreadCount = CurrentValueSubject<Int, Never>(0)
    private let badgeLabel = UILabel()
    private let backgroundQueue = DispatchQueue(label: "com.example.inbox", qos: .background)
    private var cancellables = Set<AnyCancellable>()

    override func viewDidLoad() {
        super.viewDidLoad()
        unreadCount
            .map { $0 > 99 ? "99+" : String($0) }
            .receive(on: DispatchQueue.main)
            .sink { [weak self] text in
                self?.badgeLabel.text = text
            }
            .store(in: &cancellables)

        #if DEBUG
        unreadCount
            .receive(on: DispatchQueue.global(qos: .utility))
            .sink { count in
                print("unread count changed: \(count)")
            }
            .store(in: &cancellables)
        #endif
    }
}
