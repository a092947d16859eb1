// compile: linux
import Foundation

@MainActor
final class PermissionPrompt {
    func ask(_ question: String, completion: @escaping @Sendable (Result<Bool, Never>) -> Void) {
        completion(.success(!question.isEmpty))
    }

    func ask(_ question: String) async -> Bool {
        await withCheckedContinuation { continuation in
            ask(question) { result in
                continuation.resume(with: result)
            }
        }
    }
}
