/// The kinds of token the lexer produces.
enum TokenKind: UInt8, Sendable {
  case startOfFile
  case endOfFile
  case bang
  case dollar
  case amp
  case parenL
  case parenR
  case dot
  case spread
  case colon
  case equals
  case at
  case bracketL
  case bracketR
  case braceL
  case pipe
  case braceR
  case name
  case int
  case float
  case string
  case blockString

  /// The kind as graphql-core names it in messages: punctuators quoted.
  var description: String {
    switch self {
    case .startOfFile: "<SOF>"
    case .endOfFile: "<EOF>"
    case .bang: "'!'"
    case .dollar: "'$'"
    case .amp: "'&'"
    case .parenL: "'('"
    case .parenR: "')'"
    case .dot: "'.'"
    case .spread: "'...'"
    case .colon: "':'"
    case .equals: "'='"
    case .at: "'@'"
    case .bracketL: "'['"
    case .bracketR: "']'"
    case .braceL: "'{'"
    case .pipe: "'|'"
    case .braceR: "'}'"
    case .name: "Name"
    case .int: "Int"
    case .float: "Float"
    case .string: "String"
    case .blockString: "BlockString"
    }
  }

  /// Whether tokens of this kind carry a value that messages show.
  var hasValue: Bool {
    switch self {
    case .name, .int, .float, .string, .blockString: true
    default: false
    }
  }
}
