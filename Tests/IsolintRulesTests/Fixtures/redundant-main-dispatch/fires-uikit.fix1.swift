import UIKit

final class ArticlesViewController: UITableViewController {
    private let spinner = UIActivityIndicatorView(style: .medium)
    private var articles: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        self.spinner.startAnimating()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        articles.count
    }

    func show(_ newArticles: [String]) {
        DispatchQueue.main.async {
            self.articles = newArticles
            self.tableView.reloadData()
            self.spinner.stopAnimating()
        }
    }
}
