import { describe, expect, it } from "vitest";
import { imageSrc } from "../../../web/lib/image-src";

describe("imageSrc", () => {
  it("turns bare base64 images into data URLs by their signature", () => {
    expect(imageSrc("iVBORw0KGgo=")).toBe("data:image/png;base64,iVBORw0KGgo=");
    expect(imageSrc("/9j/4AAQ")).toBe("data:image/jpeg;base64,/9j/4AAQ");
    expect(imageSrc("R0lGODlh")).toBe("data:image/gif;base64,R0lGODlh");
    expect(imageSrc("UklGRh4A")).toBe("data:image/webp;base64,UklGRh4A");
  });

  it("keeps data URLs and addresses as they are, and nothing as nothing", () => {
    expect(imageSrc("data:image/png;base64,iVBOR")).toBe("data:image/png;base64,iVBOR");
    expect(imageSrc("/avatars/a.png")).toBe("/avatars/a.png");
    expect(imageSrc("")).toBeUndefined();
    expect(imageSrc(null)).toBeUndefined();
  });
});
