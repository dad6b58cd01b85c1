// Signs JWTs as a webhook's caller would: HS* with a shared secret, RS256/ES256 with a private key whose public
// half the flow holds as PEM (tests of the webhook's JWT check).
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const base64Url = (bytes: Uint8Array) => base64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const encodeJson = (value: unknown) => base64Url(new TextEncoder().encode(JSON.stringify(value)));

const SIGNERS = {
  RS256: {
    generate: {
      name: "RSASSA-PKCS1-v1_5",
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-256",
    },
    sign: "RSASSA-PKCS1-v1_5",
  },
  ES256: { generate: { name: "ECDSA", namedCurve: "P-256" }, sign: { name: "ECDSA", hash: "SHA-256" } },
} as const;
type Asymmetric = keyof typeof SIGNERS;

export const keyPair = async (alg: Asymmetric) => {
  const pair = (await crypto.subtle.generateKey(SIGNERS[alg].generate, true, ["sign", "verify"])) as CryptoKeyPair;
  const spki = new Uint8Array((await crypto.subtle.exportKey("spki", pair.publicKey)) as ArrayBuffer);
  const pem = `-----BEGIN PUBLIC KEY-----\n${base64(spki).replace(/(.{64})/g, "$1\n")}\n-----END PUBLIC KEY-----`;
  return { privateKey: pair.privateKey, pem };
};

export const signJwt = async (
  claims: Record<string, unknown>,
  secret: string | CryptoKey,
  alg: "HS256" | "HS384" | "HS512" | Asymmetric = "HS256",
): Promise<string> => {
  const signingInput = new TextEncoder().encode(`${encodeJson({ alg, typ: "JWT" })}.${encodeJson(claims)}`);
  const signature =
    typeof secret === "string"
      ? await crypto.subtle.sign(
          "HMAC",
          await crypto.subtle.importKey(
            "raw",
            new TextEncoder().encode(secret),
            { name: "HMAC", hash: `SHA-${alg.slice(2)}` },
            false,
            ["sign"],
          ),
          signingInput,
        )
      : await crypto.subtle.sign(SIGNERS[alg as Asymmetric].sign, secret, signingInput);
  return `${new TextDecoder().decode(signingInput)}.${base64Url(new Uint8Array(signature))}`;
};

export const nowSeconds = () => Math.floor(Date.now() / 1000);
