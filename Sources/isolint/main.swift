import Foundation
import IsolintSyntax

let code = await CommandLine.run(Array(CommandLine.arguments.dropFirst()))
exit(code)
