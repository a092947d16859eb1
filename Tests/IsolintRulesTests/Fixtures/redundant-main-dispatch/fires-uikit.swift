import UIKit

final class ArticlesViewController: UITableViewController {
    private let spinner = UIActivityIndicatorView(style: .medium)
    private var articles: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        DispatchQueue.main.async { self.spinner.startAnimating() } // expect: redundant-main-dispatch@9
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        articles.count
    }

    func show(_ newArticles: [String]) {
        DispatchQueue.main.async { // expect: redundant-main-dispatch@9
            self.articles = newArticles
            self.tableView.reloadData()
            self.spinner.stopAnimating()
        }
    }
}
