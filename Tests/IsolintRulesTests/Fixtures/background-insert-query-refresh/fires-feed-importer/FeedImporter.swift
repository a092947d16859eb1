import Foundation
import SwiftData

@Model
final class Article {
    var title: String = ""
    var published: Date = Date.now

    init(title: String, published: Date) {
        self.title = title
        self.published = published
    }
}

struct ArticleDTO: Sendable {
    var title: String
    var published: Date
}

@ModelActor
actor FeedImporter {
    func importArticles(_ items: [ArticleDTO]) throws {
        for item in items {
            modelContext.insert(Article(title: item.title, published: item.published))
        }
        try modelContext.save() // expect: background-insert-query-refresh@13
        try modelContext.save()
    }
}
