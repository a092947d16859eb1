import SwiftData
import SwiftUI

struct ArticleList: View {
    @Query(sort: \Article.published, order: .reverse) private var articles: [Article]
    @State private var refreshToken = UUID()

    var body: some View {
        List(articles) { article in
            Text(article.title)
        }
        .id(refreshToken)
        .onReceive(NotificationCenter.default.publisher(for: ModelContext.didSave)) { _ in
            refreshToken = UUID()
        }
    }
}
