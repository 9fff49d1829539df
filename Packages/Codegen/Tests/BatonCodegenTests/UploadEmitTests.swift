import BatonCodegen
import Testing

/// The upload scalar (`uploadScalar`, here `File`): its Swift type is `GraphQLUpload`, its
/// values go as `null` in `variables`, and `uploads` names each file by its path in the
/// request, through lists, optional values and input objects however deep.
struct UploadEmitTests {
  static let schema = """
    scalar File
    input Attachment { file: File!, caption: String, more: [File] }
    input Post { title: String!, attachment: Attachment, attachments: [Attachment!] }
    type Query { ping: Int }
    type Mutation { send(post: Post!, files: [File!], one: File!): Int }
    """
  static let document = """
    mutation Send($post: Post!, $files: [File!], $one: File!) { send(post: $post, files: $files, one: $one) }
    """

  static func generated() throws -> [String: String] {
    let config = BatonConfig(
      file: "baton.json", schema: ["schema.graphql"], documents: ["*.graphql"], output: "", namespace: "API",
      uploadScalar: "File")
    let files = try Generator.generate(
      schemaFiles: [("schema.graphql", schema)], documentFiles: [("Send.graphql", document)], config: config)
    return Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
  }

  @Test func theScalarIsGraphQLUpload() throws {
    let scalar = try #require(try Self.generated()["API.File.swift"])
    #expect(scalar.contains("import BatonTransport"))
    #expect(scalar.contains("public typealias File = BatonTransport.GraphQLUpload"))
  }

  @Test func theOperationSendsNullsAndNamesEachFileByItsPath() throws {
    let operation = try #require(try Self.generated()["API.SendMutation.swift"])
    #expect(operation.contains("import BatonTransport"))
    #expect(operation.contains(#"variables["one"] = .null"#))
    #expect(operation.contains(#".array(v.map { v0 -> BatonNormalizer.JSONValue in .null })"#))
    #expect(operation.contains(#"uploads["variables.one"] = self.one"#))
    #expect(operation.contains(
      #"if case .value(let v) = self.files { for (i0, v0) in v.enumerated() { uploads["variables.files" + "." + i0.description] = v0 } }"#))
    #expect(operation.contains(#"for (key, upload) in self.post.__uploads { uploads["variables.post" + "." + key] = upload }"#))
  }

  @Test func inputObjectsNameTheFilesBelowThem() throws {
    let files = try Self.generated()
    let attachment = try #require(files["API.Attachment.swift"])
    #expect(attachment.contains(#"uploads["file"] = self.file"#))
    #expect(attachment.contains(
      #"if case .value(let v) = self.more { for (i0, v0) in v.enumerated() { if let v0 { uploads["more" + "." + i0.description] = v0 } } }"#))
    #expect(!attachment.contains("caption\" +"))
    let post = try #require(files["API.Post.swift"])
    #expect(post.contains(
      #"if case .value(let v) = self.attachment { for (key, upload) in v.__uploads { uploads["attachment" + "." + key] = upload } }"#))
    #expect(post.contains(#"for (key, upload) in v0.__uploads { uploads["attachments" + "." + i0.description + "." + key] = upload }"#))
    #expect(!post.contains(#"uploads["title"]"#))
  }

  @Test func anOperationWithoutFilesHasNoUploads() throws {
    let config = BatonConfig(file: "baton.json", schema: ["schema.graphql"], documents: ["*.graphql"], output: "", namespace: "API")
    let files = try Generator.generate(
      schemaFiles: [("schema.graphql", Self.schema)], documentFiles: [("Ping.graphql", "query Ping { ping }")], config: config)
    let query = try #require(files.first { $0.path == "API.PingQuery.swift" }?.contents)
    #expect(!query.contains("uploads") && !query.contains("BatonTransport"))
  }
}
