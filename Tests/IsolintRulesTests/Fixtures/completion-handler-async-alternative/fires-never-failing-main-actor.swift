// compile: linux
import Foundation

@MainActor
final class PermissionPrompt {
    func ask(_ question: String, completion: @escaping @Sendable (Result<Bool, Never>) -> Void) { // expect: completion-handler-async-alternative@5
        completion(.success(!question.isEmpty))
    }
}
