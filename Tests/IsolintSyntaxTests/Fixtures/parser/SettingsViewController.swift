//
//  SettingsViewController.swift
//  Pebble
//

import UIKit
import UserNotifications
#if canImport(MessageUI)
import MessageUI
#endif

protocol SettingsViewControllerDelegate: AnyObject {
    func settingsViewControllerDidFinish(_ controller: SettingsViewController)
    func settingsViewController(_ controller: SettingsViewController, didChangeTheme theme: Theme)
}

enum Theme: String, CaseIterable {
    case system, light, dark

    var title: String {
        switch self {
        case .system: return NSLocalizedString("System", comment: "")
        case .light: return NSLocalizedString("Light", comment: "")
        case .dark: return NSLocalizedString("Dark", comment: "")
        }
    }
}

private enum Section: Int, CaseIterable {
    case account
    case appearance
    case notifications
    case about
}

final class SettingsStore {
    static let shared = SettingsStore()

    private let defaults: UserDefaults
    private let queue = DispatchQueue(label: "settings.store", attributes: .concurrent)
    private var cache: [String: Any] = [:]

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    var theme: Theme {
        get {
            queue.sync { Theme(rawValue: cache["theme"] as? String ?? "") ?? .system }
        }
        set {
            queue.async(flags: .barrier) {
                self.cache["theme"] = newValue.rawValue
                self.defaults.set(newValue.rawValue, forKey: "theme")
            }
        }
    }

    var notificationsEnabled: Bool {
        get { defaults.bool(forKey: "notifications") }
        set { defaults.set(newValue, forKey: "notifications") }
    }
}

final class SettingsViewController: UITableViewController {
    weak var delegate: SettingsViewControllerDelegate?

    private let store: SettingsStore
    private var notificationStatus: UNAuthorizationStatus = .notDetermined {
        didSet {
            guard oldValue != notificationStatus else { return }
            tableView.reloadSections(IndexSet(integer: Section.notifications.rawValue), with: .automatic)
        }
    }
    private var themeObserver: NSKeyValueObservation?
    private var foregroundObserver: NSObjectProtocol?

    init(store: SettingsStore = .shared) {
        self.store = store
        super.init(style: .insetGrouped)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    deinit {
        if let foregroundObserver = foregroundObserver {
            NotificationCenter.default.removeObserver(foregroundObserver)
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("Settings", comment: "")
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: self, action: #selector(done))
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        tableView.register(SwitchCell.self, forCellReuseIdentifier: SwitchCell.reuseIdentifier)

        foregroundObserver = NotificationCenter.default.addObserver(
            forName: UIApplication.willEnterForegroundNotification,
            object: nil,
            queue: .main
        ) { [weak self] _ in
            self?.refreshNotificationStatus()
        }
        themeObserver = view.window?.observe(\.traitCollection, options: [.new]) { [unowned self] _, _ in
            self.tableView.reloadData()
        }
        refreshNotificationStatus()
    }

    @objc private func done() {
        delegate?.settingsViewControllerDidFinish(self)
    }

    private func refreshNotificationStatus() {
        UNUserNotificationCenter.current().getNotificationSettings { settings in
            DispatchQueue.main.async { [weak self] in
                self?.notificationStatus = settings.authorizationStatus
            }
        }
    }

    // MARK: UITableViewDataSource

    override func numberOfSections(in tableView: UITableView) -> Int {
        Section.allCases.count
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        switch Section(rawValue: section) {
        case .account: return 2
        case .appearance: return Theme.allCases.count
        case .notifications: return 1
        case .about: return 2
        case nil: return 0
        }
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard let section = Section(rawValue: indexPath.section) else {
            return UITableViewCell()
        }
        switch section {
        case .notifications:
            let cell = tableView.dequeueReusableCell(withIdentifier: SwitchCell.reuseIdentifier, for: indexPath) as! SwitchCell
            cell.textLabel?.text = NSLocalizedString("Push notifications", comment: "")
            cell.toggle.isOn = store.notificationsEnabled && notificationStatus == .authorized
            cell.onToggle = { [weak self] isOn in
                self?.setNotifications(enabled: isOn)
            }
            return cell
        case .appearance:
            let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            let theme = Theme.allCases[indexPath.row]
            cell.textLabel?.text = theme.title
            cell.accessoryType = theme == store.theme ? .checkmark : .none
            return cell
        default:
            let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            cell.textLabel?.text = title(for: section, row: indexPath.row)
            cell.accessoryType = .disclosureIndicator
            return cell
        }
    }

    private func title(for section: Section, row: Int) -> String {
        switch (section, row) {
        case (.account, 0): return "Profile"
        case (.account, _): return "Sign out"
        case (.about, 0): return "Version \(Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "?")"
        default: return "Contact support"
        }
    }

    // MARK: UITableViewDelegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        switch Section(rawValue: indexPath.section) {
        case .appearance?:
            let theme = Theme.allCases[indexPath.row]
            store.theme = theme
            delegate?.settingsViewController(self, didChangeTheme: theme)
            tableView.reloadSections(IndexSet(integer: indexPath.section), with: .none)
        case .about? where indexPath.row == 1:
            contactSupport()
        case .account? where indexPath.row == 1:
            confirmSignOut()
        default:
            break
        }
    }

    private func setNotifications(enabled: Bool) {
        guard enabled else {
            store.notificationsEnabled = false
            return
        }
        UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .badge, .sound]) { granted, error in
            DispatchQueue.main.async { [weak self] in
                guard let self = self else { return }
                self.store.notificationsEnabled = granted
                if let error = error {
                    self.show(error: error)
                }
                self.refreshNotificationStatus()
            }
        }
    }

    private func confirmSignOut() {
        let alert = UIAlertController(title: "Sign out?", message: nil, preferredStyle: .actionSheet)
        alert.addAction(UIAlertAction(title: "Sign out", style: .destructive) { _ in
            NotificationCenter.default.post(name: Notification.Name("UserDidLogOut"), object: nil, userInfo: ["reason": "settings"])
        })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        present(alert, animated: true)
    }

    private func show(error: Error) {
        let alert = UIAlertController(title: nil, message: error.localizedDescription, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }

    private func contactSupport() {
        #if canImport(MessageUI)
        guard MFMailComposeViewController.canSendMail() else {
            openSupportPage()
            return
        }
        let composer = MFMailComposeViewController()
        composer.mailComposeDelegate = self
        composer.setToRecipients(["support@example.com"])
        present(composer, animated: true)
        #else
        openSupportPage()
        #endif
    }

    private func openSupportPage() {
        guard let url = URL(string: "https://example.com/support") else { return }
        UIApplication.shared.open(url, options: [:]) { success in
            if !success {
                print("could not open \(url)")
            }
        }
    }
}

#if canImport(MessageUI)
extension SettingsViewController: MFMailComposeViewControllerDelegate {
    func mailComposeController(_ controller: MFMailComposeViewController, didFinishWith result: MFMailComposeResult, error: Error?) {
        controller.dismiss(animated: true) {
            if result == .failed, let error = error {
                self.show(error: error)
            }
        }
    }
}
#endif

final class SwitchCell: UITableViewCell {
    static let reuseIdentifier = "SwitchCell"

    let toggle = UISwitch()
    var onToggle: ((Bool) -> Void)?

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        accessoryView = toggle
        selectionStyle = .none
        toggle.addTarget(self, action: #selector(changed), for: .valueChanged)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    @objc private func changed() {
        onToggle?(toggle.isOn)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        onToggle = nil
    }
}
