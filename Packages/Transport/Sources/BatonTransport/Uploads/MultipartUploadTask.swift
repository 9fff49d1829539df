// Apple-only in part: Apple's URLSession streams the body from its file itself.
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension MultipartUploadBody {
  /// The task that sends `request` with this body, streamed from its file.
  ///
  /// FoundationNetworking's upload from a file reads the file ahead on a queue of its own
  /// and, when a read lands, resumes the paused transfer with a `try!`: if the transfer
  /// ended in between (cancelled, timed out, or answered before the whole body went), curl
  /// refuses and the process traps. Its stream body is read in step with the transfer and
  /// resumes nothing, so there the file goes as a stream. curl sends a stream, whose length
  /// it is not told, chunked, beside the `Content-Length` the request carries; a
  /// `Transfer-Encoding` of only a space is curl's way to drop the header it would add, so
  /// the body goes as it is, `size` bytes.
  func task(in session: URLSession, for request: URLRequest) throws -> URLSessionTask {
    #if canImport(FoundationNetworking)
      guard let stream = InputStream(url: file) else {
        throw TransportError(.transport, "The upload's request body at \(file.path) could not be read.")
      }
      var streamed = request
      streamed.httpBodyStream = stream
      streamed.setValue(" ", forHTTPHeaderField: "Transfer-Encoding")
      return session.dataTask(with: streamed)
    #else
      return session.uploadTask(with: request, fromFile: file)
    #endif
  }
}
