import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { sha256Bytes, sha256Hex, utf8 } from "./sha256";

describe("sha256Hex", () => {
  it("matches the FIPS 180-4 test vectors", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    );
    expect(sha256Hex("a".repeat(1_000_000))).toBe("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  });
  it("pads correctly at the block edges (55, 56, 64 bytes)", () => {
    expect(sha256Hex("x".repeat(55))).toBe("d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072");
    expect(sha256Hex("x".repeat(56))).toBe("04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e");
    expect(sha256Hex("x".repeat(64))).toBe("7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c");
  });
  it("hashes the UTF-8 bytes of accented text and emoji", () => {
    expect(sha256Hex("Élfe éclaireur 🎲")).toBe("e35020a855c4dc1074b5d77aa9e9d62d802c1db8610ab42254d2d926bff74b7a");
    expect(Array.from(utf8("é🎲"))).toEqual([0xc3, 0xa9, 0xf0, 0x9f, 0x8e, 0xb2]);
  });
  it("property: UTF-8 encoding matches the platform's TextEncoder, digests are 64 hex digits", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (s) => {
        expect(Array.from(utf8(s))).toEqual(Array.from(new TextEncoder().encode(s)));
        expect(sha256Bytes(utf8(s))).toMatch(/^[0-9a-f]{64}$/);
      }),
    );
  });
});
