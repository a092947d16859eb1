import SwiftData
import SwiftUI

struct ArticleList: View {
    @Query(sort: \Article.published, order: .reverse) private var articles: [Article]
    @Environment(\.modelContext) private var modelContext

    var body: some View {
        List(articles) { article in
            Text(article.title)
        }
        .refreshable {
            let importer = FeedImporter(modelContainer: modelContext.container)
            try? await importer.importArticles([])
        }
    }
}
