// Encrypts a password as RAGFlow's clients do (api/utils/crypt.py, web/src/utils rsaPsw): RSAES-PKCS1-v1_5 with
// RAGFlow's public key (conf/public.pem, Apache-2.0) over base64(password), the ciphertext base64-encoded. Written
// here with BigInt, apart from the worker's decryption, so the two check each other.
const RAGFLOW_PUBLIC_KEY = `
-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEArq9XTUSeYr2+N1h3Afl/
z8Dse/2yD0ZGrKwx+EEEcdsBLca9Ynmx3nIB5obmLlSfmskLpBo0UACBmB5rEjBp
2Q2f3AG3Hjd4B+gNCG6BDaawuDlgANIhGnaTLrIqWrrcm4EMzJOnAOI1fgzJRsOO
UEfaS318Eq9OVO3apEyCCt0lOQK6PuksduOjVxtltDav+guVAA068NrPYmRNabVK
RNLJpL8w4D44sfth5RvZ3q9t+6RTArpEtc5sh5ChzvqPOzKGMXW83C95TxmXqpbK
6olN4RevSfVjEAgCydH6HN6OhtOQEcnrU97r9H0iZOWwbw3pVrZiUkuRD1R56Wzs
2wIDAQAB
-----END PUBLIC KEY-----
`;

const base64ToBytes = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
const bytesToBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const base64UrlToBigInt = (text: string) => {
  const hex = Array.from(
    base64ToBytes(
      text
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(text.length / 4) * 4, "="),
    ),
  )
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("");
  return BigInt(`0x${hex}`);
};

let publicKey: Promise<{ n: bigint; e: bigint; size: number }> | undefined;
const loadPublicKey = async () => {
  const body = RAGFLOW_PUBLIC_KEY.replace(/-----[A-Z ]+-----|\s+/g, "");
  const key = await crypto.subtle.importKey("spki", base64ToBytes(body), { name: "RSA-OAEP", hash: "SHA-256" }, true, [
    "encrypt",
  ]);
  const jwk = (await crypto.subtle.exportKey("jwk", key)) as JsonWebKey;
  const n = base64UrlToBigInt(jwk.n ?? "");
  return { n, e: base64UrlToBigInt(jwk.e ?? ""), size: Math.ceil(n.toString(16).length / 2) };
};

const modPow = (base: bigint, exponent: bigint, modulus: bigint) => {
  let result = 1n;
  let square = base % modulus;
  for (let rest = exponent; rest > 0n; rest >>= 1n) {
    if (rest & 1n) result = (result * square) % modulus;
    square = (square * square) % modulus;
  }
  return result;
};

// The raw message encrypted (RFC 8017 §7.2.1), base64: ciphertexts differ on every call (random padding).
export const rsaEncrypt = async (message: Uint8Array) => {
  const { n, e, size } = await (publicKey ??= loadPublicKey());
  const padding = crypto.getRandomValues(new Uint8Array(size - message.length - 3)).map((byte) => byte || 1);
  const encoded = new Uint8Array([0, 2, ...padding, 0, ...message]);
  const hex = modPow(BigInt(`0x${Array.from(encoded, (b) => b.toString(16).padStart(2, "0")).join("")}`), e, n)
    .toString(16)
    .padStart(size * 2, "0");
  return bytesToBase64(Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16)));
};

export const utf8Base64 = (text: string) => bytesToBase64(new TextEncoder().encode(text));

// What RAGFlow's clients send as `password`.
export const encryptPassword = (password: string) => rsaEncrypt(new TextEncoder().encode(utf8Base64(password)));
