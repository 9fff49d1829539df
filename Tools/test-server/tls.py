"""TLS for the loopback server (`--tls`): a self-signed certificate for 127.0.0.1, made
with `openssl req` when the server starts, so that `https://` and `wss://` clients have a
real TLS server to meet (one that does not trust the certificate fails its handshake).
"""

import os
import ssl
import subprocess
import tempfile


def self_signed_context():
    """A server-side TLS context whose certificate is freshly made for 127.0.0.1."""
    with tempfile.TemporaryDirectory() as folder:
        certificate = os.path.join(folder, "certificate.pem")
        key = os.path.join(folder, "key.pem")
        subprocess.run(
            [
                "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                "-keyout", key, "-out", certificate,
            ],
            check=True,
            capture_output=True,
        )
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(certificate, key)
        return context, _read(certificate)


def _read(path):
    with open(path, encoding="ascii") as file:
        return file.read()
