"""The GraphQL multipart request (uploads.py): files measured as they stream in."""

import hashlib
import json

from test_server import ServerTestCase

BOUNDARY = "test-boundary"


def multipart(operations, mapping, files):
    """A multipart/form-data body: `operations`, `map`, then each (name, filename, bytes)."""
    parts = [("operations", None, json.dumps(operations).encode()), ("map", None, json.dumps(mapping).encode())]
    body = b""
    for name, filename, data in parts + files:
        disposition = f'form-data; name="{name}"' + (f'; filename="{filename}"' if filename else "")
        body += f"--{BOUNDARY}\r\nContent-Disposition: {disposition}\r\n\r\n".encode() + data + b"\r\n"
    return body + f"--{BOUNDARY}--\r\n".encode()


class UploadTests(ServerTestCase):
    def send(self, body):
        status, _, raw = self.server.request(
            "POST", "/graphql", body, {"Content-Type": f"multipart/form-data; boundary={BOUNDARY}"})
        return status, json.loads(raw)

    def test_files_arrive_measured_in_their_places(self):
        # Bytes that hold the boundary's start and line breaks, across the reader's chunks.
        big = (b"\r\n--test-bound" + bytes(range(256))) * 2000
        body = multipart(
            {"query": "mutation($files: [Upload!]!, $cover: Upload) "
                      "{ uploadFiles(files: $files, cover: $cover) { filename size sha256 } }",
             "variables": {"files": [None, None], "cover": None}},
            {"0": ["variables.files.0"], "1": ["variables.files.1"], "2": ["variables.cover"]},
            [("0", "big.bin", big), ("1", "empty.txt", b""), ("2", "cover.png", b"png")])
        status, response = self.send(body)
        self.assertEqual(status, 200, response)
        self.assertEqual(response["data"]["uploadFiles"], [
            {"filename": "big.bin", "size": len(big), "sha256": hashlib.sha256(big).hexdigest()},
            {"filename": "empty.txt", "size": 0, "sha256": hashlib.sha256(b"").hexdigest()},
            {"filename": "cover.png", "size": 3, "sha256": hashlib.sha256(b"png").hexdigest()},
        ])

    def test_a_map_naming_a_missing_file_is_a_bad_request(self):
        body = multipart(
            {"query": "mutation($file: Upload!) { uploadFile(file: $file) { size } }", "variables": {"file": None}},
            {"0": ["variables.file"]}, [])
        status, response = self.send(body)
        self.assertEqual(status, 400)
        self.assertIn("did not arrive", response["errors"][0]["message"])

    def test_a_body_cut_short_is_a_bad_request(self):
        body = multipart({"query": "{ __typename }"}, {}, [])[:-20]
        status, response = self.send(body)
        self.assertEqual(status, 400)
        self.assertIn("ended before its closing delimiter", response["errors"][0]["message"])
