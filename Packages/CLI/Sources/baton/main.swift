import BatonCLI
import Foundation

var output = CommandOutput()
let code = Baton.run(Array(CommandLine.arguments.dropFirst()), output: &output)
FileHandle.standardOutput.write(Data(output.standardOutput.utf8))
FileHandle.standardError.write(Data(output.standardError.utf8))
exit(code.rawValue)
