import { describe, expect, it } from "vitest";
import { toHex } from "../../../worker/lib/ids";
import { canonicalRequest, signV4 } from "../../../worker/platform/providers/sigv4";

// AWS's published examples: the SigV4 test suite (service "service") and the IAM ListUsers walk-through.
const EXAMPLE_KEYS = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" };
const EXAMPLE_TIME = new Date("2015-08-30T12:36:00Z");
const SUITE_SCOPE = { region: "us-east-1", service: "service" };
const suiteAuthorization = (signature: string) =>
  `AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=${signature}`;

describe("SigV4 signer", () => {
  it("signs the test suite's get-vanilla request", async () => {
    const headers = await signV4(
      { method: "GET", url: "https://example.amazonaws.com/", headers: {}, body: "" },
      EXAMPLE_KEYS,
      SUITE_SCOPE,
      EXAMPLE_TIME,
    );
    expect(headers).toEqual({
      "x-amz-date": "20150830T123600Z",
      Authorization: suiteAuthorization("5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
    });
  });

  it("signs post-vanilla and sorts the query (get-vanilla-query-order-key-case)", async () => {
    const post = await signV4(
      { method: "POST", url: "https://example.amazonaws.com/", headers: {}, body: "" },
      EXAMPLE_KEYS,
      SUITE_SCOPE,
      EXAMPLE_TIME,
    );
    expect(post.Authorization).toBe(
      suiteAuthorization("5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b"),
    );
    const query = await signV4(
      { method: "GET", url: "https://example.amazonaws.com/?Param2=value2&Param1=value1", headers: {}, body: "" },
      EXAMPLE_KEYS,
      SUITE_SCOPE,
      EXAMPLE_TIME,
    );
    expect(query.Authorization).toBe(
      suiteAuthorization("b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"),
    );
  });

  it("reproduces the IAM ListUsers example: canonical request, its hash and the signature", async () => {
    const request = {
      method: "GET",
      url: "https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08",
      headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf-8" },
      body: "",
    };
    const canonical = await canonicalRequest(request, {
      "content-type": "application/x-www-form-urlencoded; charset=utf-8",
      host: "iam.amazonaws.com",
      "x-amz-date": "20150830T123600Z",
    });
    expect(toHex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical)))).toBe(
      "f536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59",
    );
    const headers = await signV4(request, EXAMPLE_KEYS, { region: "us-east-1", service: "iam" }, EXAMPLE_TIME);
    expect(headers.Authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7",
    );
  });

  it("signs the session token of temporary credentials", async () => {
    const headers = await signV4(
      { method: "POST", url: "https://example.amazonaws.com/", headers: {}, body: "{}" },
      { ...EXAMPLE_KEYS, sessionToken: "token" },
      SUITE_SCOPE,
      EXAMPLE_TIME,
    );
    expect(headers["x-amz-security-token"]).toBe("token");
    expect(headers.Authorization).toContain("SignedHeaders=host;x-amz-date;x-amz-security-token,");
  });
});
